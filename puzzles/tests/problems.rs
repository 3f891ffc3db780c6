//! The problem loaders on the shared data sets (`../shared/data`, next to the repository)
//! and on small collections written here.

use puzzles::problems::{load_file, problem_files, Problem, ToPlayFrom};
use rules_core::{Color, Move, Point};
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data")
}

fn one(path: &Path) -> Problem {
    let mut list = load_file(path).expect("the file reads");
    assert_eq!(list.len(), 1);
    list.remove(0).expect("the problem reads")
}

fn mv(text: &str) -> Move {
    Move::Play(text.parse::<Point>().expect("a point"))
}

#[test]
fn go_game_guru_problem_with_its_tree() {
    let p =
        one(&data().join("ggg-problems/weekly-go-problems/intermediate/ggg-intermediate-10.sgf"));
    assert_eq!(p.position.to_move(), Color::Black);
    assert_eq!(p.to_play_from, ToPlayFrom::Comment);
    let expected = p.expected.expect("the tree gives the answer");
    // (;B[so] (;W[qs];B[rp]C[Correct]) (;W[rp];B[ss]C[Correct])) and four wrong first moves.
    assert_eq!(expected.correct, vec![mv("T5")]);
    assert_eq!(expected.wrong.len(), 4);
    assert!(expected.player_wins);
    assert_eq!(p.lines.iter().filter(|l| l.correct).count(), 2);
    assert_eq!(p.lines.len(), 2 + 1 + 2 + 4 + 2);
    assert!(p.region.is_none() && p.target.is_none() && p.attacker.is_none());
}

#[test]
fn cho_json_problem_gives_region_target_and_ko_rule() {
    let p = one(&data().join("cho-ld-dictionary/tsumego/19x19/json/4.json"));
    assert_eq!(p.name, "chao_vol1_p042.sgf");
    assert_eq!(p.position.to_move(), Color::Black);
    assert_eq!(p.attacker, Some(Color::White));
    assert!(p.attacker_ko_master);
    let target = p.target.expect("crucial stones");
    assert_eq!(
        target.iter().collect::<Vec<_>>(),
        vec!["P2".parse().unwrap()]
    );
    assert_eq!(p.region.expect("region").len(), 153);
    let expected = p.expected.expect("answer");
    assert_eq!(expected.correct, vec![mv("P1")]);
}

#[test]
fn cho_json_ko_rules_name_the_ko_master_or_are_refused() {
    let text = std::fs::read_to_string(data().join("cho-ld-dictionary/tsumego/19x19/json/4.json"))
        .expect("4.json");
    let original: serde_json::Value = serde_json::from_str(&text).expect("json");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("problems-ko-rules");
    std::fs::create_dir_all(&dir).unwrap();
    // 4.json: Black lives, White kills; (black_ko_rule, white_ko_rule).
    let cases: [(&str, &str, Result<bool, &str>); 4] = [
        ("disallow_ko", "allow_ko", Ok(true)),
        ("allow_ko", "disallow_ko", Ok(false)),
        ("allow_ko", "allow_ko", Err("exactly one side")),
        ("maybe", "allow_ko", Err("black_ko_rule: 'maybe'")),
    ];
    for (black, white, expected) in cases {
        let mut v = original.clone();
        v["black_ko_rule"] = black.into();
        v["white_ko_rule"] = white.into();
        let path = dir.join(format!("{black}-{white}.json"));
        std::fs::write(&path, v.to_string()).unwrap();
        let read = load_file(&path).expect("the file reads").remove(0);
        match (read, expected) {
            (Ok(p), Ok(attacker_master)) => assert_eq!(p.attacker_ko_master, attacker_master),
            (Err(e), Err(what)) => assert!(e.to_string().contains(what), "{e}"),
            (read, expected) => panic!("{black}/{white}: {read:?} against {expected:?}"),
        }
    }
}

#[test]
fn cho_json_problem_where_the_player_fails() {
    // 17.json: White to play, Black lives whatever White does.
    let p = one(&data().join("cho-ld-dictionary/tsumego/19x19/json/17.json"));
    let expected = p.expected.expect("answer");
    assert!(!expected.player_wins);
    assert!(expected.correct.is_empty());
}

#[test]
fn folders_are_walked_for_problem_files() {
    let files = problem_files(&[data().join("ggg-problems/weekly-go-problems/easy")]).unwrap();
    assert_eq!(files.len(), 140);
    assert!(files.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn player_to_move_from_pl_comment_or_first_move() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("problems-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("three.sgf");
    std::fs::write(
        &path,
        "(;SZ[9]PL[W]AB[aa]AW[ba];B[ca])(;SZ[9]AB[aa]AW[ba]C[White to live];B[ca])\
         (;SZ[9]AB[aa]AW[ba](;W[ca]C[Correct])(;W[da]))(;SZ[99])",
    )
    .unwrap();
    let list = load_file(&path).unwrap();
    assert_eq!(list.len(), 4);
    let froms: Vec<ToPlayFrom> = list[..3]
        .iter()
        .map(|p| p.as_ref().unwrap().to_play_from)
        .collect();
    assert_eq!(
        froms,
        vec![ToPlayFrom::Pl, ToPlayFrom::Comment, ToPlayFrom::FirstMove]
    );
    for p in &list[..3] {
        assert_eq!(p.as_ref().unwrap().position.to_move(), Color::White);
    }
    let third = list[2].as_ref().unwrap().expected.clone().unwrap();
    assert_eq!(third.correct, vec![mv("C9")]);
    assert_eq!(third.wrong, vec![mv("D9")]);
    // The bad tree is an error of its own; the others still read.
    assert!(list[3].is_err());
    let _ = std::fs::remove_file(path);
}

#[test]
fn bad_json_names_the_line() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("problems-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.json");
    std::fs::write(&path, "{\n  \"turn_color\": \"b\",\n  oops\n}").unwrap();
    let err = load_file(&path).unwrap()[0]
        .as_ref()
        .unwrap_err()
        .to_string();
    assert!(err.contains("bad.json") && err.contains("line 3"), "{err}");
    std::fs::write(&path, "{\"turn_color\": \"b\"}").unwrap();
    let err = load_file(&path).unwrap()[0]
        .as_ref()
        .unwrap_err()
        .to_string();
    assert!(err.contains("masked_sgf_str"), "{err}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn correct_marked_before_the_end_of_a_line() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("problems-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("early.sgf");
    std::fs::write(
        &path,
        "(;SZ[9]AB[aa]AW[ba]C[Black to play.](;B[ca]C[Correct, ko is the best result.];W[da]\
         C[If White does not fight the ko,];B[ea])(;B[fa];W[ga]))",
    )
    .unwrap();
    let p = one(&path);
    let expected = p.expected.unwrap();
    assert_eq!(expected.correct, vec![mv("C9")]);
    assert_eq!(expected.wrong, vec![mv("F9")]);
    assert!(expected.says_ko);
    let _ = std::fs::remove_file(path);
}

/// `ggg-easy-119`: T5's line says "This is possible, but Black can do better": a worse move,
/// not a wrong one (the solver finds that T5 captures too); the lines that only reach a ko
/// stay wrong.
#[test]
fn a_move_the_book_calls_possible_is_inferior_not_wrong() {
    let p = one(&data().join("ggg-problems/weekly-go-problems/easy/ggg-easy-119.sgf"));
    let expected = p.expected.expect("the tree gives the answer");
    assert_eq!(expected.correct, vec![mv("S6")]);
    assert!(expected.inferior.contains(&mv("T5")), "{expected:?}");
    assert!(!expected.wrong.contains(&mv("T5")), "{expected:?}");
    assert!(!expected.wrong.is_empty(), "{expected:?}");
    assert!(expected
        .wrong
        .iter()
        .all(|m| !expected.inferior.contains(m)));
}
