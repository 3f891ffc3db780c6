//! Tests of position input and output: text diagrams, SGF, komi.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rules_core::io::{
    parse_collection, parse_collection_bytes, parse_diagram, parse_diagram_bytes, parse_position,
    parse_position_bytes, parse_sgf, parse_sgf_bytes, parse_sgf_with, write_diagram, write_sgf,
    DiagramErrorKind, InputError, Komi, KomiProblem, SgfError, SgfOptions, MAX_INPUT_BYTES,
    MAX_SGF_DEPTH,
};
use rules_core::{ByColor, Color, IllegalReason, Move, Point, Position, SetupProblems, Size};
use std::path::{Path, PathBuf};

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/io")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn diagram_err(text: &str) -> (usize, usize, DiagramErrorKind) {
    let e = parse_diagram(text).unwrap_err();
    (e.line, e.column, e.kind)
}

/// A position reached by `moves` random legal moves (few passes) from the empty board.
fn random_position(rng: &mut SmallRng, size: Size, moves: usize) -> Position {
    let mut pos = Position::empty(size);
    for _ in 0..moves {
        let legal = pos.legal_moves();
        let mv = if rng.random_bool(0.03) {
            Move::Pass
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        pos.play_mut(mv).unwrap();
    }
    pos
}

// ---------------------------------------------------------------- komi

#[test]
fn komi_parses_and_prints_exactly() {
    for (text, halves, shown) in [
        ("6.5", 13, "6.5"),
        ("0", 0, "0"),
        ("-3.5", -7, "-3.5"),
        ("7", 14, "7"),
        ("+5.50", 11, "5.5"),
        ("-0.5", -1, "-0.5"),
        (" 375 ", 750, "375"),
    ] {
        let k: Komi = text.parse().unwrap();
        assert_eq!(k.half_points(), halves, "{text}");
        assert_eq!(k.to_string(), shown);
        assert_eq!(shown.parse::<Komi>().unwrap(), k);
    }
    for (text, why) in [
        ("6.25", KomiProblem::NotHalfPoints),
        ("2.75", KomiProblem::NotHalfPoints),
        ("abc", KomiProblem::NotANumber),
        ("", KomiProblem::NotANumber),
        ("6.5.5", KomiProblem::NotANumber),
        ("1e3", KomiProblem::NotANumber),
        ("99999999999", KomiProblem::OutOfRange),
    ] {
        assert_eq!(text.parse::<Komi>().unwrap_err().reason, why, "{text}");
    }
    assert_eq!(Komi::from_f64(6.5).unwrap().half_points(), 13);
    assert!(Komi::from_f64(0.3).is_err());
    assert!(Komi::from_f64(f64::NAN).is_err());
}

// ---------------------------------------------------------------- diagrams

#[test]
fn diagram_of_the_interfaces_document() {
    let text = "\
# komi 6.5
# to-play W
# captures B=3 W=1
  A B C D E F G
7 . . X O . . .  7
6 . X X O . . .  6
5 . . . . . . .  5
4 . . . + . . .  4
3 . . . . . . .  3
2 . . . . . . .  2
1 . . . . . . .  1
  A B C D E F G
";
    let r = parse_diagram(text).unwrap();
    let pos = &r.position;
    assert_eq!(pos.size(), Size::square(7).unwrap());
    assert_eq!(r.komi, Some(Komi::from_half_points(13)));
    assert_eq!(pos.to_move(), Color::White);
    assert_eq!(pos.prisoners(), ByColor::new(3, 1));
    assert_eq!(pos.color_at(pt("C7")), Some(Color::Black));
    assert_eq!(pos.color_at(pt("D6")), Some(Color::White));
    assert_eq!(pos.color_at(pt("B6")), Some(Color::Black));
    assert_eq!(pos.color_at(pt("D4")), None);
    assert_eq!(pos.to_setup().black.len(), 3);
    assert_eq!(pos.to_setup().white.len(), 2);
    assert!(r.warnings.is_empty());
}

#[test]
fn diagram_without_spaces_or_coordinates() {
    let r = parse_diagram("X.O\n...\nXXO\n").unwrap();
    assert_eq!(r.position.size(), Size::square(3).unwrap());
    assert_eq!(r.position.color_at(pt("A1")), Some(Color::Black));
    assert_eq!(r.position.color_at(pt("C3")), Some(Color::White));
    assert_eq!(r.position.to_move(), Color::Black);
    assert_eq!(r.komi, None);
    // Row numbers on the left only, `+` as empty, CRLF line ends, a byte order mark.
    let r2 = parse_diagram("\u{feff}3 X + O\r\n2 . . .\r\n1 XXO\r\n").unwrap();
    assert_eq!(r2.position, r.position);
    // Old Mac line ends (a lone CR) were one line: "board size 9x1".
    let r3 = parse_diagram("# komi 0.5\rX.O\r...\rXXO\r").unwrap();
    assert_eq!(r3.position, r.position);
    assert!(r3.komi.is_some());
    // And a fault keeps its line number.
    assert_eq!(diagram_err("X.O\r...\rXX\r").0, 3);
}

#[test]
fn gnugo_showboard_pasted_as_is() {
    let r = parse_diagram(&data("gnugo-showboard-9x9.txt")).unwrap();
    let pos = &r.position;
    assert_eq!(pos.size(), Size::square(9).unwrap());
    assert_eq!(pos.prisoners(), ByColor::new(1, 0));
    for (p, c) in [
        ("D6", Color::Black),
        ("E6", Color::White),
        ("D5", Color::Black),
        ("F5", Color::White),
        ("J1", Color::White),
        ("C3", Color::Black),
    ] {
        assert_eq!(pos.color_at(pt(p)), Some(c), "{p}");
    }
    assert_eq!(pos.color_at(pt("C7")), None, "hoshi is empty");
    assert_eq!(pos.to_setup().black.len(), 8);
    assert_eq!(pos.to_setup().white.len(), 6);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);

    let r = parse_diagram(&data("gnugo-showboard-13x13.txt")).unwrap();
    assert_eq!(r.position.size(), Size::square(13).unwrap());
    assert_eq!(r.position.prisoners(), ByColor::new(0, 1));
    assert_eq!(r.position.color_at(pt("A2")), Some(Color::White));
    assert_eq!(r.position.color_at(pt("A1")), None);
}

#[test]
fn katago_showboard_pasted_as_is() {
    let r = parse_diagram(&data("katago-showboard-9x9.txt")).unwrap();
    let pos = &r.position;
    assert_eq!(pos.to_move(), Color::White);
    assert_eq!(r.komi, Some(Komi::from_half_points(13)));
    // "W stones captured: 1" are Black's prisoners.
    assert_eq!(pos.prisoners(), ByColor::new(1, 0));
    assert_eq!(pos.color_at(pt("C5")), Some(Color::Black), "marked X1");
    assert_eq!(pos.color_at(pt("D4")), Some(Color::Black), "marked X3");
    assert_eq!(pos.color_at(pt("E4")), Some(Color::White), "marked O2");
    assert_eq!(pos.color_at(pt("D5")), None);
    assert_eq!(pos.to_setup().black.len(), 4);
    assert_eq!(pos.to_setup().white.len(), 4);
}

#[test]
fn explicit_headers_win_over_engine_output() {
    let text = format!(
        "# captures B=5 W=6\n# to-play B\n# komi 0\n{}",
        data("katago-showboard-9x9.txt")
    );
    let r = parse_diagram(&text).unwrap();
    assert_eq!(r.position.prisoners(), ByColor::new(5, 6));
    assert_eq!(r.position.to_move(), Color::Black);
    assert_eq!(r.komi, Some(Komi::ZERO));
}

#[test]
fn rectangular_diagrams_and_size_header() {
    let text = "# size 5x2\n  A B C D E\n2 . X O . . 2\n1 X O . . . 1\n  A B C D E\n";
    let r = parse_diagram(text).unwrap();
    assert_eq!(r.position.size(), Size::new(5, 2).unwrap());
    assert_eq!(r.position.color_at(pt("B2")), Some(Color::Black));
    assert_eq!(r.position.color_at(pt("B1")), Some(Color::White));
    let tall = ". .\n. .\n. .\nX O\n";
    assert_eq!(
        parse_diagram(tall).unwrap().position.size(),
        Size::new(2, 4).unwrap()
    );
    // A coordinate line with I (some programs print it) is accepted too.
    let with_i = "  A B C D E F G H I J\n".to_string() + &"..........\n".repeat(2);
    assert_eq!(
        parse_diagram(&with_i).unwrap().position.size(),
        Size::new(10, 2).unwrap()
    );
}

#[test]
fn comments_pass_silently_and_trailing_text_is_warned() {
    let r = parse_diagram("# problem 12: black to live\n2 . . 2  some note\n1 X O 1\n").unwrap();
    assert_eq!(r.warnings.len(), 1, "{:?}", r.warnings);
    assert!(r.warnings[0].contains("line 2"));
    // A header with a colon is still a header.
    let r = parse_diagram("# komi: 6.5\n. .\nX O\n").unwrap();
    assert_eq!(r.komi.map(|k| k.to_string()), Some("6.5".to_string()));
}

#[test]
fn ko_header_round_trips() {
    // White has just taken a black stone at C3 with B3: Black may not retake at once.
    let text = "# to-play B\n# ko C3\n. X O .\nX O . O\n. X O .\n. . . .\n";
    let r = parse_diagram(text).unwrap();
    assert_eq!(r.position.ko_point(), Some(pt("C3")));
    assert!(!r.position.is_legal(Move::Play(pt("C3"))));
    assert!(write_diagram(&r.position, None).contains("# ko C3\n"));
    let again = parse_diagram(&write_diagram(&r.position, None)).unwrap();
    assert_eq!(again.position, r.position);
}

#[test]
fn every_diagram_error_has_its_place() {
    use DiagramErrorKind as K;
    assert_eq!(diagram_err(""), (1, 1, K::Empty));
    assert_eq!(diagram_err("\n   \n# komi 6.5\n"), (1, 1, K::Empty));
    assert_eq!(
        diagram_err(". . .\n. Q .\n. . .\n"),
        (2, 3, K::UnknownChar('Q'))
    );
    assert_eq!(diagram_err("  . x\n. .\n"), (1, 5, K::UnknownChar('x')));
    assert_eq!(
        diagram_err(". . .\n. . . .\n. . .\n"),
        (
            2,
            7,
            K::UnequalRows {
                expected: 3,
                found: 4
            }
        )
    );
    assert_eq!(
        diagram_err(". . .\n. .\n. . .\n"),
        (
            2,
            4,
            K::UnequalRows {
                expected: 3,
                found: 2
            }
        )
    );
    assert_eq!(
        diagram_err("X . .\n"),
        (
            1,
            1,
            K::SizeOutOfRange {
                width: 3,
                height: 1
            }
        )
    );
    let wide = ".".repeat(26) + "\n" + &".".repeat(26) + "\n";
    assert_eq!(
        diagram_err(&wide),
        (
            1,
            26,
            K::SizeOutOfRange {
                width: 26,
                height: 0
            }
        )
    );
    let tall = "..\n".repeat(26);
    assert_eq!(
        diagram_err(&tall),
        (
            26,
            1,
            K::SizeOutOfRange {
                width: 2,
                height: 26
            }
        )
    );
    let (l, c, k) = diagram_err("# komi 6.25\n..\n..\n");
    assert_eq!((l, c), (1, 8));
    assert!(
        matches!(k, K::BadHeader { ref header, ref value, .. } if header == "komi" && value == "6.25")
    );
    let (l, c, k) = diagram_err("..\n#to-play green\n..\n");
    assert_eq!((l, c), (2, 10));
    assert!(matches!(k, K::BadHeader { ref header, .. } if header == "to-play"));
    let (l, c, _) = diagram_err("# captures B=x\n..\n..\n");
    assert_eq!((l, c), (1, 12));
    let (l, c, _) = diagram_err("# size 30x2\n..\n..\n");
    assert_eq!((l, c), (1, 8));
    let (l, c, _) = diagram_err("# komi\n..\n..\n");
    assert_eq!((l, c), (1, 3));
    let (l, c, _) = diagram_err("# ko Z9\n..\n..\n");
    assert_eq!((l, c), (1, 6));
    assert_eq!(
        diagram_err("# size 3x3\n..\n..\n"),
        (
            1,
            8,
            K::SizeMismatch {
                declared: Size::square(3).unwrap(),
                found: Size::square(2).unwrap()
            }
        )
    );
    assert_eq!(
        diagram_err("3 . . 3\n1 . . 1\n"),
        (
            1,
            1,
            K::BadRowNumber {
                found: 3,
                expected: 2
            }
        )
    );
    assert_eq!(
        diagram_err("2 . . 2\n1 . . 9\n"),
        (
            2,
            7,
            K::BadRowNumber {
                found: 9,
                expected: 1
            }
        )
    );
    assert_eq!(
        diagram_err("  A B C\n. . .\n. . .\n  A C B\n"),
        (
            4,
            5,
            K::BadColumnLetter {
                expected: 'B',
                found: 'C'
            }
        )
    );
    assert_eq!(
        diagram_err("  A B\n. . .\n. . .\n"),
        (
            1,
            3,
            K::ColumnCountMismatch {
                letters: 2,
                width: 3
            }
        )
    );
    assert_eq!(diagram_err(". .\n 2   \n. .\n"), (2, 2, K::NoPoints));
    // A string without liberties: reported at its first point, naming the points.
    let (l, c, k) = diagram_err("  A B C\n3 . . . 3\n2 O . . 2\n1 X O . 1\n");
    assert_eq!((l, c), (4, 3));
    match k {
        K::Setup(e) => {
            assert_eq!(e.problems, SetupProblems::ZERO_LIBERTY_STRING);
            assert_eq!(e.points, vec![pt("A1")]);
        }
        other => panic!("{other:?}"),
    }
    let e = parse_diagram("3 . . . 3\n2 O . . 2\n1 X O . 1\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 3, column 3: invalid setup: a string has no liberty (at A1)"
    );
    // A ko header that is no ko.
    let (_, _, k) = diagram_err("# ko A1\n. .\n. .\n");
    assert!(matches!(k, K::Setup(e) if e.problems == SetupProblems::BAD_KO_POINT));
    // Not UTF-8.
    let e = parse_diagram_bytes(b"..\n.\xff\n").unwrap_err();
    assert_eq!((e.line, e.column, e.kind), (2, 2, K::InvalidUtf8));
    // Too large.
    let big = ".".repeat(MAX_INPUT_BYTES + 1);
    assert!(matches!(diagram_err(&big).2, K::TooLarge { .. }));
}

#[test]
fn diagram_round_trips_random_positions() {
    let mut rng = SmallRng::seed_from_u64(7);
    let sizes = [(9, 9), (19, 19), (2, 2), (5, 3), (25, 25), (13, 7), (3, 25)];
    let mut kos = 0;
    for round in 0..300 {
        let (w, h) = sizes[round % sizes.len()];
        let size = Size::new(w, h).unwrap();
        let moves = rng.random_range(0..(w * h * 2) as usize);
        let pos = random_position(&mut rng, size, moves);
        kos += usize::from(pos.ko_point().is_some());
        let komi = Some(Komi::from_half_points(rng.random_range(-20..30)));
        let text = write_diagram(&pos, komi);
        let back = parse_diagram(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.position, pos, "{text}");
        assert_eq!(back.position.prisoners(), pos.prisoners());
        assert_eq!(back.komi, komi);
        assert!(back.warnings.is_empty());
        // The bare Display diagram reads back to the same stones.
        let bare = parse_diagram(&pos.to_string()).unwrap();
        assert_eq!(bare.position.to_setup().black, pos.to_setup().black);
        assert_eq!(bare.position.to_setup().white, pos.to_setup().white);
    }
    assert!(kos > 0, "some positions should have a ko point");
}

// ---------------------------------------------------------------- SGF

#[test]
fn sgf_setup_properties() {
    let r = parse_sgf("(;GM[1]FF[4]SZ[9]KM[6.5]PB[Honinbo Shusaku]PW[Gennan]RE[B+2]RU[Japanese]AB[aa:bc][ee]AW[da][db];AE[bb]PL[W])").unwrap();
    let pos = &r.position;
    assert_eq!(pos.size(), Size::square(9).unwrap());
    assert_eq!(r.komi, Some(Komi::from_half_points(13)));
    assert_eq!(pos.to_move(), Color::White);
    // aa:bc is the rectangle a..b by a..c (6 points), bb removed by AE, plus ee.
    let black = pos.to_setup().black;
    assert_eq!(black.len(), 6);
    assert!(black.contains(pt("A9")) && black.contains(pt("B7")) && black.contains(pt("E5")));
    assert!(!black.contains(pt("B8")));
    assert_eq!(pos.color_at(pt("D9")), Some(Color::White));
    assert_eq!(r.moves_played, 0);
    assert_eq!(pos.ko_point(), None);
    assert_eq!(r.info.black_player.as_deref(), Some("Honinbo Shusaku"));
    assert_eq!(r.info.white_player.as_deref(), Some("Gennan"));
    assert_eq!(r.info.result.as_deref(), Some("B+2"));
    assert_eq!(r.info.rules.as_deref(), Some("Japanese"));
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

#[test]
fn sgf_rectangular_board_and_coordinates() {
    // SZ[columns:rows]; `aa` is the top-left corner.
    let r = parse_sgf("(;SZ[7:3];B[aa];W[gc])").unwrap();
    assert_eq!(r.position.size(), Size::new(7, 3).unwrap());
    assert_eq!(r.position.color_at(pt("A3")), Some(Color::Black));
    assert_eq!(r.position.color_at(pt("G1")), Some(Color::White));
    let e = parse_sgf("(;SZ[7:3];B[ad])").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: node 2: B[ad]: the point ad is off the 7x3 board"
    );
}

#[test]
fn sgf_handicap_gives_white_the_move() {
    let r = parse_sgf("(;SZ[19]HA[2]AB[dp][pd])").unwrap();
    assert_eq!(r.position.to_move(), Color::White);
    assert_eq!(r.info.handicap, Some(2));
    let r = parse_sgf("(;SZ[19]HA[0]KM[0])").unwrap();
    assert_eq!(r.position.to_move(), Color::Black);
    assert_eq!(r.info.handicap, None);
    assert!(r.warnings.is_empty());
}

#[test]
fn sgf_replay_counts_prisoners_passes_and_ko() {
    // Black captures at A1... W A1 captured by B B1? Build: B B1, W A1, B A2 captures A1.
    let r = parse_sgf("(;SZ[5];B[ae];W[be];B[ad];W[];B[tt])").unwrap();
    assert_eq!(r.moves_played, 5);
    assert_eq!(r.trailing_passes, 2);
    assert_eq!(r.position.to_move(), Color::White);
    let r = parse_sgf("(;SZ[5];B[ba];W[aa];B[ab])").unwrap();
    assert_eq!(r.position.prisoners(), ByColor::new(1, 0));
    assert_eq!(r.trailing_passes, 0);
    // A ko: Black takes at C4 (capturing B4... ) -- a plain ko shape on 5x5.
    //   . X O . .
    //   X O . O .      Black plays C4 capturing B4.
    //   . X O . .
    let sgf = "(;SZ[5]AB[ba][ab][bc]AW[ca][bb][cc][db];B[cb])";
    let r = parse_sgf(sgf).unwrap();
    let ko = r.last_ko_capture.expect("a ko capture");
    assert_eq!(ko.stone, pt("C4"));
    assert_eq!(ko.captured, pt("B4"));
    assert_eq!(r.position.ko_point(), Some(pt("B4")));
    // A later setup or a change of player ends the ko ban, and the record says so.
    let r = parse_sgf(&sgf.replace(")", ";AB[ee])")).unwrap();
    assert_eq!((r.last_ko_capture, r.position.ko_point()), (None, None));
    let r = parse_sgf(&sgf.replace(")", ";PL[B])")).unwrap();
    assert_eq!((r.last_ko_capture, r.position.ko_point()), (None, None));
    let r = parse_sgf(&sgf.replace(")", ";C[comment])")).unwrap();
    assert!(r.last_ko_capture.is_some());
    // Retaking at once is illegal and the error says where.
    let e = parse_sgf(&sgf.replace(")", ";W[bb])")).unwrap_err();
    let SgfError::AtLine { line: 1, error } = e.clone() else {
        panic!("no line: {e:?}");
    };
    assert_eq!(
        *error,
        SgfError::IllegalMove {
            move_number: 2,
            node: 3,
            color: Color::White,
            value: "bb".into(),
            reason: IllegalReason::Ko
        }
    );
    assert_eq!(
        e.to_string(),
        "line 1: move 2 (node 3): W[bb] is illegal: it retakes the ko at once (Art. 6)"
    );
}

#[test]
fn sgf_wrong_colour_moves_are_allowed() {
    let r = parse_sgf("(;SZ[9];B[ee];B[cc];W[gg];W[gc])").unwrap();
    assert_eq!(r.moves_played, 4);
    assert_eq!(r.position.to_move(), Color::Black);
    assert_eq!(r.position.to_setup().black.len(), 2);
}

#[test]
fn sgf_stop_after_move() {
    let text = "(;SZ[9];B[ee];W[cc];B[gg];W[cg])";
    let at = |n| {
        parse_sgf_with(
            text,
            &SgfOptions {
                stop_after_move: Some(n),
                ..SgfOptions::default()
            },
        )
    };
    assert_eq!(
        at(0).unwrap().position,
        Position::empty(Size::square(9).unwrap())
    );
    let r = at(2).unwrap();
    assert_eq!(r.moves_played, 2);
    assert_eq!(r.position.to_move(), Color::Black);
    assert_eq!(r.position.color_at(pt("C7")), Some(Color::White));
    assert_eq!(r.position.color_at(pt("G3")), None);
    assert_eq!(at(4).unwrap().moves_played, 4);
    assert_eq!(
        at(5).unwrap_err(),
        SgfError::MoveOutOfRange {
            requested: 5,
            available: 4
        }
    );
}

#[test]
fn sgf_errors_name_property_and_node() {
    let msg = |s: &str| parse_sgf(s).unwrap_err().to_string();
    assert_eq!(
        msg("(;SZ[9];B[ee];W[ee])"),
        "line 1: move 2 (node 3): W[ee] is illegal: the point is occupied"
    );
    assert_eq!(
        msg("(;SZ[30])"),
        "line 1: node 1: SZ[30]: board size 30x30 is out of range (each side must be from 2 to 25)"
    );
    assert_eq!(
        msg("(;SZ[1:9])"),
        "line 1: node 1: SZ[1:9]: board size 1x9 is out of range (each side must be from 2 to 25)"
    );
    assert_eq!(
        msg("(;SZ[nine])"),
        "line 1: node 1: SZ[nine]: expected a number or COLUMNS:ROWS"
    );
    assert_eq!(
        msg("(;KM[6.25])"),
        "line 1: node 1: KM[6.25]: komi must be a multiple of 0.5"
    );
    assert_eq!(
        msg("(;KM[six])"),
        "line 1: node 1: KM[six]: expected a number"
    );
    assert_eq!(
        msg("(;SZ[9];B[ee];W[e])"),
        "line 1: node 3: W[e]: not a move (expected two letters)"
    );
    assert_eq!(
        msg("(;SZ[9]AB[zz])"),
        "line 1: node 1: AB[zz]: the point zz is off the 9x9 board"
    );
    assert_eq!(
        msg("(;SZ[9]PL[X])"),
        "line 1: node 1: PL[X]: not a colour (B or W)"
    );
    assert_eq!(
        msg("(;SZ[3]AB[aa][bb]AW[ba][ab])"),
        "line 1: node 1: invalid setup: a string has no liberty (at A3)"
    );
    assert!(matches!(
        parse_sgf("(;GM[2]SZ[9])"),
        Err(SgfError::NotGo { index: 1 })
    ));
    assert!(matches!(
        parse_sgf(""),
        Err(SgfError::Structure {
            line: 1,
            column: 1,
            ..
        })
    ));
    // Malformed trees that a parser could read by dropping a part without a word.
    let structure = |s: &str| match parse_sgf(s) {
        Err(SgfError::Structure { line, column, what }) => format!("{line}:{column}: {what}"),
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(
        structure("(;SZ[5]\n(;B[aa])\n;W[bb])"),
        "3:1: a node after a variation (a game tree's nodes come before its variations)"
    );
    assert_eq!(
        structure("(SZ[9])"),
        "1:4: a property value before the game tree's first node (a node starts with ';')"
    );
    assert_eq!(
        structure("(;SZ[5]())"),
        "1:8: an empty game tree (a game tree holds at least one node)"
    );
    assert_eq!(
        structure("((;SZ[5]))"),
        "1:2: a variation before the game tree's first node"
    );
    // The line is the node's own, in variations too.
    assert_eq!(
        msg("(;SZ[9]\n;B[ee]\n\n;W[ee])"),
        "line 4: move 2 (node 3): W[ee] is illegal: the point is occupied"
    );
    assert_eq!(
        msg("\n(;SZ[9]\nAB[zz])"),
        "line 2: node 1: AB[zz]: the point zz is off the 9x9 board"
    );
    // The inner error is in the message, and not also a source that would print it again.
    let e = parse_collection("(;SZ[9])\n(;SZ[40])").unwrap_err();
    assert!(std::error::Error::source(&e).is_none());
    assert_eq!(
        e.to_string(),
        "game tree 2: line 2: node 1: SZ[40]: board size 40x40 is out of range (each side must \
         be from 2 to 25)"
    );
    assert!(matches!(
        parse_sgf("(;B[aa]"),
        Err(SgfError::Structure {
            line: 1,
            column: 1,
            ..
        })
    ));
    assert_eq!(
        msg("(;SZ[9]\nC[unclosed\n"),
        "line 2, column 2: the property value is never closed by ']'"
    );
    // Stray text around the trees (seen in real files) is ignored with a warning.
    assert_eq!(
        msg("(;SZ[9])\nA(;SZ[9])"),
        "line 2, column 1: text between game trees (a collection is game trees one after \
         another)"
    );
    let r = parse_sgf("(;SZ[9];B[ee])\nnotes [x]\n").unwrap();
    assert_eq!(
        r.warnings,
        vec!["text after the last game tree ignored".to_string()]
    );
    let r = parse_sgf("(;SZ[9];B[ee]))\n").unwrap();
    assert_eq!(
        r.warnings,
        vec!["text after the last game tree ignored".to_string()]
    );
    let r = parse_sgf("Game 1\n(;SZ[9];B[ee])").unwrap();
    assert_eq!(
        r.warnings,
        vec!["text before the first game tree ignored".to_string()]
    );
    assert!(msg("(;SZ[9]B[ee]W[dd])").contains("node 1: W[dd]: the node already has a move"));
    // Text outside the values that SGF has no use for is refused at its place (the
    // parser's own errors say no place).
    assert_eq!(
        msg("(;FF[4]ab)"),
        "line 1, column 8: a property name with no value (a property is written NAME[value])"
    );
    assert_eq!(
        msg("(;FF[4]a b c)"),
        "line 1, column 10: a property name split by a space (a property is written \
         NAME[value])"
    );
    assert_eq!(
        msg("(;SZ[9]\n;B[ee]]\n)"),
        "line 2, column 7: ']' outside a property value (a node is ';' and properties written \
         NAME[value])"
    );
    assert_eq!(
        msg("(;SZ[9]\n;A B[ee])"),
        "line 2, column 4: a property name split by a space (a property is written NAME[value])"
    );
    assert_eq!(
        msg("(;SZ[9]\n;[ee])"),
        "line 2, column 2: a property value with no property name before it"
    );
    // What is not a fault: lists, spaces between name and value and between values,
    // line breaks, lower-case letters in old names.
    let r = parse_sgf("(;SZ [9]\r\n AB[aa] [bb]\n\t;B\n[ee]C[x]\n)").unwrap();
    assert_eq!(r.moves_played, 1);
    assert!(parse_sgf("(;SiZe[9];Black[ee])").is_ok());
    assert_eq!(
        msg("(;SZ[9]\n;PL[B]PL[W])"),
        "line 2: node 2: PL[W]: PL is given twice in this node, for both colours"
    );
    assert!(parse_sgf("(;SZ[9]PL[B]PL[B])").is_ok());
    let e = parse_sgf_with(
        "(;SZ[9])",
        &SgfOptions {
            game: 1,
            ..SgfOptions::default()
        },
    )
    .unwrap_err();
    assert_eq!(e, SgfError::NoSuchGame { count: 1, index: 2 });
}

#[test]
fn sgf_unknown_properties_are_kept_and_warned() {
    let r = parse_sgf("(;SZ[9]XY[1]MULTIGOGM[1];B[ee]XY[2];W[cc]DT[2024-01-01])").unwrap();
    assert_eq!(r.moves_played, 2);
    assert_eq!(r.warnings.len(), 2, "{:?}", r.warnings);
    assert!(r.warnings[0].contains("XY"));
    // Each warning names the line of its node.
    let r = parse_sgf("(;SZ[9]\nXY[1]\n;B[ee]\n;W[cc]ZZ[2])").unwrap();
    assert_eq!(
        r.warnings,
        [
            "line 1: node 1: unknown property XY kept in the tree",
            "line 4: node 3: unknown property ZZ kept in the tree"
        ]
    );
    let games = parse_collection("(;SZ[9]XY[1];B[ee]XY[2])").unwrap();
    let node = &games[0].root.children[0];
    assert!(node.get_property("XY").is_some(), "kept in the raw tree");
}

#[test]
fn sgf_charsets() {
    // ISO-8859-1: "Cho Chikun" with an accent, "Honinbo" with a macron-less o.
    let mut latin1 = b"(;CA[ISO-8859-1]SZ[9]PB[Jos\xe9]PW[M\xfcller];B[ee])".to_vec();
    let r = parse_sgf_bytes(&latin1).unwrap();
    assert_eq!(r.info.black_player.as_deref(), Some("José"));
    assert_eq!(r.info.white_player.as_deref(), Some("Müller"));
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    // Without CA the default is UTF-8: the same bytes decode with a warning, moves intact.
    latin1.drain(2..16);
    let r = parse_sgf_bytes(&latin1).unwrap();
    assert_eq!(r.moves_played, 1);
    assert!(
        r.warnings.iter().any(|w| w.contains("UTF-8")),
        "{:?}",
        r.warnings
    );
    // Shift_JIS: 日本 is 93 FA 96 7B.
    let sjis = b"(;CA[Shift_JIS]PB[\x93\xfa\x96\x7b];B[pd])";
    assert_eq!(
        parse_sgf_bytes(sjis).unwrap().info.black_player.as_deref(),
        Some("日本")
    );
    // GB2312: 中国 is D6 D0 B9 FA.
    let gb = b"(;CA[gb2312]PW[\xd6\xd0\xb9\xfa])";
    assert_eq!(
        parse_sgf_bytes(gb).unwrap().info.white_player.as_deref(),
        Some("中国")
    );
    // EUC-KR: 한국 is C7 D1 B1 B9.
    let kr = b"(;CA[EUC-KR]PW[\xc7\xd1\xb1\xb9])";
    assert_eq!(
        parse_sgf_bytes(kr).unwrap().info.white_player.as_deref(),
        Some("한국")
    );
    // UTF-8 with a byte order mark, and an unknown charset label.
    let bom = "\u{feff}(;CA[UTF-8]PB[李昌镐])".as_bytes();
    assert_eq!(
        parse_sgf_bytes(bom).unwrap().info.black_player.as_deref(),
        Some("李昌镐")
    );
    let r = parse_sgf_bytes(b"(;CA[klingon]PB[x])").unwrap();
    assert!(r.warnings.iter().any(|w| w.contains("klingon")));
    // Collections from bytes.
    assert_eq!(parse_collection_bytes(sjis).unwrap().len(), 1);
}

#[test]
fn sgf_collections_expose_roots_and_trees() {
    let text = "(;GM[1]SZ[5]AB[aa:bb]C[first])\n(;SZ[7]AW[cc](;B[dd]C[right])(;B[bb]C[wrong]))";
    let games = parse_collection(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].index, 0);
    assert_eq!(games[0].size, Size::square(5).unwrap());
    assert_eq!(games[0].root_position().to_setup().black.len(), 4);
    assert_eq!(
        games[1].root_position().color_at(pt("C5")),
        Some(Color::White)
    );
    let g = &games[1];
    let mut outcomes = Vec::new();
    for child in &g.root.children {
        let mut replay = g.start();
        let played = replay.apply(child).unwrap();
        let comment = match child.get_property("C") {
            Some(rules_core::io::sgf_parse::go::Prop::C(t)) => t.to_string(),
            _ => String::new(),
        };
        outcomes.push((played, comment, replay.moves_played()));
    }
    assert_eq!(
        outcomes,
        vec![
            (
                Some((Color::Black, Move::Play(pt("D4")))),
                "right".to_string(),
                1
            ),
            (
                Some((Color::Black, Move::Play(pt("B6")))),
                "wrong".to_string(),
                1
            ),
        ]
    );
    // A problem in one tree names the tree.
    let e = parse_collection("(;SZ[9])(;SZ[40])").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("game tree 2: line 1: node 1: SZ[40]"),
        "{e}"
    );
    // The main line of a tree with variations follows first children.
    assert_eq!(
        g.main_line(None).unwrap().position.color_at(pt("D4")),
        Some(Color::Black)
    );
}

#[test]
fn sgf_round_trips_random_positions() {
    let mut rng = SmallRng::seed_from_u64(11);
    let sizes = [(9, 9), (19, 19), (2, 2), (5, 3), (25, 25), (13, 7), (3, 25)];
    let mut kos = 0;
    for round in 0..300 {
        let (w, h) = sizes[round % sizes.len()];
        let size = Size::new(w, h).unwrap();
        let moves = rng.random_range(0..(w * h * 2) as usize);
        let pos = random_position(&mut rng, size, moves);
        let komi = (round % 3 != 0).then(|| Komi::from_half_points(rng.random_range(-20..30)));
        let sgf = write_sgf(&pos, komi);
        let back = parse_sgf(&sgf).unwrap_or_else(|e| panic!("{e}\n{sgf}"));
        assert_eq!(back.position, pos, "{sgf}");
        assert_eq!(back.komi, komi);
        if pos.ko_point().is_some() {
            kos += 1;
            assert!(back.last_ko_capture.is_some());
            // SGF setup has no prisoners: only the replayed capture counts.
            assert_eq!(back.position.prisoners()[!pos.to_move()], 1);
        }
        // And through the bytes entry point and the auto-detecting one.
        assert_eq!(parse_sgf_bytes(sgf.as_bytes()).unwrap().position, pos);
        assert_eq!(parse_position(&sgf).unwrap().position, pos);
    }
    assert!(kos > 0);
}

#[test]
fn sgf_game_replay_matches_moves_played() {
    // Replaying a game and writing positions along the way gives the same positions as
    // playing the moves directly.
    let mut rng = SmallRng::seed_from_u64(3);
    let size = Size::square(9).unwrap();
    let mut pos = Position::empty(size);
    let mut sgf = String::from("(;SZ[9]");
    for _ in 0..150 {
        let legal = pos.legal_moves();
        let mv = legal[rng.random_range(0..legal.len())];
        let color = pos.to_move();
        let value = match mv {
            Move::Pass => String::new(),
            Move::Play(p) => p.to_sgf(size),
        };
        sgf.push_str(&format!(";{color}[{value}]"));
        pos.play_mut(mv).unwrap();
    }
    sgf.push(')');
    let r = parse_sgf(&sgf).unwrap();
    assert_eq!(r.position, pos);
    assert_eq!(r.position.prisoners(), pos.prisoners());
    assert_eq!(r.moves_played, 150);
}

#[test]
fn sgf_size_and_depth_limits() {
    let big = vec![b' '; MAX_INPUT_BYTES + 1];
    assert!(matches!(
        parse_sgf_bytes(&big),
        Err(SgfError::TooLarge { .. })
    ));
    assert!(matches!(
        parse_position_bytes(&big),
        Err(InputError::Diagram(_))
    ));
    // Deep but allowed: the full depth parses, replays and drops without overflowing the
    // stack of a test thread.
    let deep = format!("(;SZ[19]{})", ";".repeat(MAX_SGF_DEPTH - 1));
    assert_eq!(parse_sgf(&deep).unwrap().moves_played, 0);
    let too_deep = format!("(;SZ[19]{})", ";".repeat(MAX_SGF_DEPTH));
    assert!(matches!(
        parse_sgf(&too_deep),
        Err(SgfError::Structure { .. })
    ));
}

#[test]
fn position_detection() {
    assert!(matches!(parse_position("  (;SZ[9])"), Ok(r) if r.position.size().width() == 9));
    assert!(matches!(parse_position(". .\n. .\n"), Ok(r) if r.position.size().width() == 2));
    assert!(matches!(
        parse_position("(;SZ[99])"),
        Err(InputError::Sgf(_))
    ));
    assert!(matches!(parse_position("Q"), Err(InputError::Diagram(_))));
    assert!(parse_position_bytes(b"..\n..\n").is_ok());
}

// ---------------------------------------------------------------- real records

fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            _ => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

fn title_games_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/title-games");
    dir.join("manifest.csv").is_file().then_some(dir)
}

#[test]
fn title_game_records_replay() {
    let Some(dir) = title_games_dir() else {
        eprintln!("shared/data/title-games not found; skipped");
        return;
    };
    let manifest = std::fs::read_to_string(dir.join("manifest.csv")).unwrap();
    let (mut checked, mut defective) = (0, 0);
    for line in manifest.lines().skip(1) {
        let f = csv_fields(line);
        assert_eq!(f.len(), 9, "{line}");
        let bytes = std::fs::read(dir.join(&f[0])).unwrap();
        let games = parse_collection_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", f[0]));
        let r = match games[0].main_line(None) {
            Ok(r) => r,
            Err(e) if f[0] == "oza/Oza/13/P06.sgf" => {
                // The record itself is defective: Black retakes a ko at once.
                assert_eq!(
                    e.to_string(),
                    "line 35: move 233 (node 234): B[fc] is illegal: it retakes the ko at once \
                     (Art. 6)"
                );
                assert_eq!(parse_sgf_bytes(&bytes).unwrap_err(), e);
                defective += 1;
                continue;
            }
            Err(e) => panic!("{}: {e}", f[0]),
        };
        let n_moves: usize = f[7].parse().unwrap();
        assert_eq!(r.moves_played, n_moves, "{}", f[0]);
        if !f[5].is_empty() {
            assert_eq!(r.komi, Some(f[5].parse().unwrap()), "{}", f[0]);
        }
        // Prisoners: every stone put on the board and no longer there was taken.
        let mut placed = ByColor::new(0u32, 0u32);
        let mut passes = Vec::new();
        let mut node = &games[0].root;
        loop {
            for p in node.properties() {
                use rules_core::io::sgf_parse::go::{Move as M, Prop};
                match p {
                    Prop::B(m) | Prop::W(m) => passes.push(match m {
                        M::Pass => true,
                        M::Move(q) => q.x == 19 && q.y == 19,
                    }),
                    _ => {}
                }
                match p {
                    Prop::B(M::Move(q)) if !(q.x == 19 && q.y == 19) => placed.black += 1,
                    Prop::W(M::Move(q)) if !(q.x == 19 && q.y == 19) => placed.white += 1,
                    Prop::AB(s) => placed.black += s.len() as u32,
                    Prop::AW(s) => placed.white += s.len() as u32,
                    _ => {}
                }
            }
            match node.children.first() {
                Some(next) => node = next,
                None => break,
            }
        }
        let last_two = passes.iter().rev().take(2).filter(|&&p| p).count();
        assert_eq!(last_two, f[8].parse::<usize>().unwrap(), "{}", f[0]);
        let trailing = passes.iter().rev().take_while(|&&p| p).count();
        assert_eq!(r.trailing_passes, trailing, "{}", f[0]);
        let setup = r.position.to_setup();
        let prisoners = r.position.prisoners();
        assert_eq!(
            placed.black - setup.black.len() as u32,
            prisoners.white,
            "{}",
            f[0]
        );
        assert_eq!(
            placed.white - setup.white.len() as u32,
            prisoners.black,
            "{}",
            f[0]
        );
        checked += 1;
    }
    assert!(checked > 6000, "{checked}");
    assert_eq!(defective, 1);
}

#[test]
fn title_game_at_a_move() {
    let Some(dir) = title_games_dir() else { return };
    let bytes = std::fs::read(dir.join("gosei/Gosei/01/13.sgf")).unwrap();
    let full = parse_sgf_bytes(&bytes).unwrap();
    assert_eq!(full.moves_played, 277);
    assert_eq!(full.komi, Some(Komi::from_half_points(11)));
    assert_eq!(full.info.black_player.as_deref(), Some("Ishii Shinzo"));
    assert_eq!(full.info.result.as_deref(), Some("W+1.5"));
    let text = String::from_utf8(bytes).unwrap();
    let opts = SgfOptions {
        stop_after_move: Some(3),
        ..SgfOptions::default()
    };
    let r = parse_sgf_with(&text, &opts).unwrap();
    assert_eq!(r.moves_played, 3);
    // B[pd] W[dp] B[pq]: Q16, D4, Q3.
    assert_eq!(r.position.color_at(pt("Q16")), Some(Color::Black));
    assert_eq!(r.position.color_at(pt("D4")), Some(Color::White));
    assert_eq!(r.position.color_at(pt("Q3")), Some(Color::Black));
    assert_eq!(r.position.to_move(), Color::White);
}

// ---------------------------------------------------------------- robustness

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn diagram_parser_never_panics_on_strings(s in "\\PC*") {
        let _ = parse_diagram(&s);
    }

    #[test]
    fn diagram_parser_never_panics_on_board_like_text(
        s in "([#= ]?[XO.+ 0-9A-Z:=a-z]{0,30}\n){0,30}"
    ) {
        let _ = parse_diagram(&s);
    }

    #[test]
    fn parsers_never_panic_on_bytes(b in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse_sgf_bytes(&b);
        let _ = parse_collection_bytes(&b);
        let _ = parse_position_bytes(&b);
        let _ = parse_diagram_bytes(&b);
    }

    #[test]
    fn sgf_parser_never_panics_on_strings(s in "\\PC*") {
        let _ = parse_sgf(&s);
        let _ = parse_collection(&s);
    }

    #[test]
    fn sgf_parser_never_panics_on_sgf_like_text(
        s in "\\(;(SZ\\[[0-9:]{0,5}\\]|KM\\[[0-9.\\-]{0,5}\\]|PL\\[[BWX]\\])*(;?(B|W|AB|AW|AE|PL|HA|XX)(\\[[a-zA-Z:]{0,5}\\]){1,3}|\\(|\\)){0,40}\\)?"
    ) {
        let _ = parse_sgf(&s);
        let _ = parse_collection(&s);
        let _ = parse_sgf_with(&s, &SgfOptions { stop_after_move: Some(3), game: 0 });
    }

    /// The structure scan finds every fault of SGF's syntax before the parser does, so a
    /// refusal always says where: never the parser's own placeless message.
    #[test]
    fn sgf_syntax_faults_are_placed(
        s in "\\(;([A-Z]{1,2}(\\[[a-z\\]]{0,3}\\]){0,2}|[;() \n\\[\\]a-z0-9]){0,30}\\)?"
    ) {
        if let Err(e) = parse_collection(&s) {
            prop_assert!(!matches!(e, SgfError::Syntax(_)), "{s:?}: {e}");
        }
    }

    #[test]
    fn komi_parser_never_panics(s in "[-+]?[0-9]{0,12}(\\.[0-9]{0,4})?|\\PC{0,10}") {
        if let Ok(k) = s.parse::<Komi>() {
            prop_assert_eq!(k.to_string().parse::<Komi>().unwrap(), k);
        }
    }
}
