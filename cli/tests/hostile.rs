//! Hostile input: every command answers bad files with exit code 2 and a message naming the
//! file and the place, and no input makes any command panic (a panic exits with 101).

use proptest::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod common;
use common::{run, stderr};

/// Asserts that a command was refused (exit code 2) with `expected` in its message.
fn assert_refused(o: &Output, expected: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains(expected), "{err}");
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("hostile")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Files every command must refuse: (name, bytes, text the message must contain).
const REFUSED: &[(&str, &[u8], &str)] = &[
    ("empty.txt", b"", "line 1"),
    ("blank.txt", b"  \n\n\t\n", "no board"),
    ("tiny.txt", b"# size 1x1\n.\n", "out of range"),
    ("too-big.txt", b"# size 26x26\n", "out of range"),
    (
        "too-wide.txt",
        b". . . . . . . . . . . . . . . . . . . . . . . . . .\n",
        "line 1",
    ),
    ("sz0.sgf", b"(;SZ[0])", "SZ[0]"),
    ("sz1.sgf", b"(;SZ[1])", "node 1"),
    ("sz26.sgf", b"(;SZ[26])", "out of range"),
    ("sz-text.sgf", b"(;SZ[nine])", "SZ"),
    ("same-point.sgf", b"(;SZ[5]AB[cc]AW[cc])", "set twice"),
    ("erase-and-set.sgf", b"(;SZ[5]AE[cc]AB[cc])", "set twice"),
    ("no-liberty.sgf", b"(;SZ[3]AB[aa]AW[ba][ab])", "no liberty"),
    ("no-liberty.txt", b"X O .\nO . .\n. . .\n", "liberty"),
    ("occupied.sgf", b"(;SZ[5];B[cc];W[cc])", "move 2"),
    ("suicide.sgf", b"(;SZ[5]AB[ba][ab];W[aa])", "suicide"),
    (
        "off-board.sgf",
        b"(;SZ[5];B[cc];W[zz])",
        "off the 5x5 board",
    ),
    (
        "two-moves.sgf",
        b"(;SZ[5];B[cc]W[dd])",
        "already has a move",
    ),
    ("unclosed.sgf", b"(;SZ[5]AB[cc", "never closed"),
    ("unclosed-tree.sgf", b"(;SZ[5]AB[cc](;B[dd])", "line 1"),
    ("not-go.sgf", b"(;GM[3]SZ[5])", "not a game of Go"),
    (
        "node-after-variation.sgf",
        b"(;SZ[5](;B[aa])\n;W[bb])",
        "line 2, column 1: a node after a variation",
    ),
    (
        "stray-bracket.sgf",
        b"(;SZ[5]\n;B[aa]]\n)",
        "line 2, column 7: ']' outside a property value",
    ),
    (
        "name-without-value.sgf",
        b"(;SZ[5]\n;B[aa]C\n;W[bb])",
        "line 2, column 7: a property name with no value",
    ),
    ("bad-utf8.txt", b". . X\n\xff\xfe O .\n. . .\n", "line 2"),
    ("utf16.txt", b"\xff\xfe.\x00 \x00X\x00\n\x00", "UTF-8"),
    ("bad-char.txt", b". . .\n. Q .\n. . .\n", "line 2, column 3"),
    // A header given twice: which value was meant cannot be known (the last one won).
    (
        "komi-twice.txt",
        b"# komi 6.5\n# komi 7.5\n. .\n. .\n",
        "line 2, column 3: the 'komi' header is given again (first on line 1)",
    ),
    (
        "to-play-twice.txt",
        b"# to-play W\n# to-play B\n. .\n. .\n",
        "line 2, column 3: the 'to-play' header is given again",
    ),
    (
        "captures-twice.txt",
        b"# captures B=1 B=2\n. .\n. .\n",
        "the prisoners of B are given twice",
    ),
    // A header with its space left out was a comment, and its komi dropped.
    (
        "komi-glued.txt",
        b"# komi6.5\n. .\n. .\n",
        "line 1, column 3: bad 'komi' header value '6.5'",
    ),
    // The engines' lines with a value that cannot be read were skipped without a word.
    (
        "next-player.txt",
        b"Next player: Purple\n. .\n. .\n",
        "line 1, column 14: bad 'Next player' header value 'Purple'",
    ),
    (
        "stones-captured.txt",
        b"B stones captured: lots\n. .\n. .\n",
        "line 1, column 20: bad 'B stones captured' header value 'lots'",
    ),
    (
        "rules-komi.txt",
        b"Rules: {\"komi\":abc}\n. .\n. .\n",
        "line 1, column 8: bad 'Rules' header value",
    ),
    (
        "has-captured.txt",
        b"2 . . 2 WHITE (O) has captured many stones\n1 . . 1\n",
        "line 1, column 32: bad 'WHITE (O) has captured' header value 'many'",
    ),
    // SGF root values that were dropped without a word, or refused without a place.
    (
        "ha-text.sgf",
        b"(;SZ[9]HA[two]AB[cc][gg])",
        "HA[two]: expected a number",
    ),
    (
        "sz-twice.sgf",
        b"(;SZ[9]SZ[5])",
        "SZ[5]: SZ is given twice in the root node, first as SZ[9]",
    ),
    ("km-twice.sgf", b"(;KM[6.5]KM[0.5])", "KM is given twice"),
    (
        "ca-twice.sgf",
        b"(;CA[UTF-8]CA[ISO-8859-1])",
        "CA[ISO-8859-1]: CA is given twice in the root node, first as CA[UTF-8]",
    ),
    (
        "property-after-variation.sgf",
        b"(;GM[1](;B[aa])GM[2])",
        "line 1, column 16: a property after a variation",
    ),
    (
        "gm-twice.sgf",
        b"(;GM[1]SZ[9]\nGM[1])",
        "line 2, column 1: GM is given twice in the root node",
    ),
    (
        "gm-text.sgf",
        b"(;SZ[9]\n(;B[aa])\n)\n(;GM[go])",
        "line 4, column 3: GM[go]: expected one whole number",
    ),
    (
        "nul.sgf",
        b"(;SZ[5]\0;B[aa])",
        "column 8: '\\0' outside a property value",
    ),
    // A point past 'z' was quoted as the crate writes it ('{{').
    (
        "upper-point.sgf",
        b"(;SZ[9];B[AA])",
        "B[AA]: the point AA is off",
    ),
];

#[test]
fn hostile_files_are_refused_with_file_and_place() {
    let dir = scratch_dir("refused");
    for &(name, bytes, expected) in REFUSED {
        let file = dir.join(name);
        std::fs::write(&file, bytes).expect("write");
        let path = file.to_str().expect("utf-8");
        let html = dir.join("out.html");
        // Every command reads its position through the same loader; one reading command
        // and the page writer are enough to show the message reaches the user from both.
        for args in [
            vec!["status", path, "--format", "svg"],
            vec!["explain", path, "--html", html.to_str().expect("utf-8")],
        ] {
            let o = run(&args);
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.contains(name),
                "{args:?}: the message names the file: {err}"
            );
            assert!(
                err.contains(expected),
                "{args:?}: expected '{expected}' in: {err}"
            );
            assert!(o.stdout.is_empty(), "{args:?}: nothing on stdout");
        }
        assert!(!html.exists(), "{name}: no page written for a refused file");
    }
}

/// SGF files with a fault on a later line: (name, bytes, the line, what is wrong).
const FAULT_ON_A_LINE: &[(&str, &[u8], &str, &str)] = &[
    (
        "off-board-setup.sgf",
        b"(;GM[1]\nSZ[9]\n\nAB[cc][zz])",
        "line 1",
        "the point zz is off the 9x9 board",
    ),
    (
        "occupied-late.sgf",
        b"(;SZ[9]\n;B[cc]\n;W[dd]\n;B[dd])",
        "line 4",
        "B[dd] is illegal: the point is occupied",
    ),
    (
        "in-a-variation.sgf",
        b"(;SZ[9]AB[aa]\n;B[bb]\n(;W[cc]\n;B[cc])(;W[dd]))",
        "line 4",
        "B[cc] is illegal: the point is occupied",
    ),
    (
        "no-tree.sgf",
        b"just some words",
        "line 1, column 1",
        "no game tree",
    ),
];

#[test]
fn sgf_faults_name_their_line_once_in_every_command() {
    let dir = scratch_dir("lines");
    for &(name, bytes, line, what) in FAULT_ON_A_LINE {
        let file = dir.join(name);
        std::fs::write(&file, bytes).expect("write");
        let path = file.to_str().expect("utf-8");
        // `verify` reports the file as skipped with the reason; the others stop. All exit 2.
        for args in [["status", path], ["solve", path], ["verify", path]] {
            let o = run(&args);
            let text = format!("{}{}", stderr(&o), String::from_utf8_lossy(&o.stdout));
            assert_eq!(o.status.code(), Some(2), "{args:?}: {text}");
            assert!(text.contains(name), "{args:?}: names the file: {text}");
            assert!(
                text.contains(&format!("{line}:")) || text.contains(&format!("{line}, ")),
                "{args:?}: names {line}: {text}"
            );
            assert_eq!(text.matches(what).count(), 1, "{args:?}: said once: {text}");
        }
    }
    // A problem file of the JSON format is not a position.
    let file = dir.join("problem.json");
    std::fs::write(&file, b"{}").expect("write");
    let o = run(&["status", file.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("read by `solve` and `verify`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_huge_file_is_refused_before_it_is_read() {
    let dir = scratch_dir("huge");
    let file = dir.join("huge.txt");
    let mut f = std::fs::File::create(&file).expect("create");
    let row = ". ".repeat(512) + "\n";
    // 16 MiB plus a little: over the documented limit.
    for _ in 0..(16 * 1024 * 1024 / row.len() + 2) {
        f.write_all(row.as_bytes()).expect("write");
    }
    drop(f);
    let o = run(&["status", file.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("huge.txt"), "{}", stderr(&o));
    assert!(stderr(&o).contains("larger than"), "{}", stderr(&o));
    // The same through standard input.
    let mut child = Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .args(["status", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let bytes = std::fs::read(&file).expect("read");
    let mut stdin = child.stdin.take().expect("stdin");
    // The program may stop reading at the limit; a broken pipe here is expected.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&bytes);
    });
    let o = child.wait_with_output().expect("wait");
    let _ = writer.join();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let _ = std::fs::remove_file(&file);
}

#[test]
fn unknown_properties_and_charsets_are_kept_with_a_warning() {
    let dir = scratch_dir("warnings");
    for (name, bytes, warning) in [
        (
            "unknown.sgf",
            &b"(;SZ[5]XX[foo]AB[cc])"[..],
            "unknown property XX",
        ),
        ("charset.sgf", b"(;SZ[5]CA[bogus]AB[cc])", "unknown charset"),
        // Decoding ASCII bytes as UTF-16 turned the file into "no game tree".
        (
            "charset-utf16.sgf",
            b"(;SZ[5]CA[UTF-16]AB[cc])",
            "CA[UTF-16] cannot be the charset of this file",
        ),
        (
            "lower-case.sgf",
            b"(;SZ[5]b[aa]AB[cc])",
            "a property whose name has no capital letter",
        ),
        (
            "trailing.sgf",
            b"(;SZ[5]AB[cc]))",
            "text after the last game tree",
        ),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, bytes).expect("write");
        let o = run(&["status", file.to_str().expect("utf-8")]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains(name) && err.contains(warning), "{err}");
    }
}

#[test]
fn a_utf16_sgf_with_a_byte_order_mark_is_read() {
    let dir = scratch_dir("utf16");
    // It was decoded as UTF-8 and refused for a NUL "outside a property value".
    let text = "(;SZ[5]AB[cc])";
    for (name, bom, encode) in [
        (
            "le.sgf",
            [0xFF, 0xFE],
            u16::to_le_bytes as fn(u16) -> [u8; 2],
        ),
        ("be.sgf", [0xFE, 0xFF], u16::to_be_bytes),
    ] {
        let mut bytes = bom.to_vec();
        bytes.extend(text.encode_utf16().flat_map(encode));
        let file = dir.join(name);
        std::fs::write(&file, bytes).expect("write");
        let o = run(&["status", file.to_str().expect("utf-8"), "--format", "json"]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        assert!(
            String::from_utf8_lossy(&o.stdout).contains(r#""size":[5,5]"#),
            "{name}"
        );
    }
}

#[test]
fn a_bad_corpus_file_stops_the_gallery_with_its_name_and_line() {
    let dir = scratch_dir("gallery");
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).expect("corpus folder");
    std::fs::write(
        corpus.join("01-bad.txt"),
        "# theme: broken\n# expect Z9 alive\nX O\n. .\n",
    )
    .expect("write");
    let o = run(&[
        "gallery",
        dir.join("out").to_str().expect("utf-8"),
        "--corpus",
        corpus.to_str().expect("utf-8"),
    ]);
    assert_refused(&o, "01-bad.txt:2");
}

/// Text that looks enough like a diagram or an SGF file to get past the first checks.
fn input() -> impl Strategy<Value = (Vec<u8>, bool)> {
    let header = prop::sample::select(vec![
        "# komi 6.5",
        "# komi x",
        "# size 5x5",
        "# size 3x9",
        "# size 0x4",
        "# to-play W",
        "# to-play Q",
        "# captures B=1 W=2",
        "# ko C3",
        "# ko Z99",
        "  A B C D E",
        "",
    ]);
    let row = prop::collection::vec(prop::sample::select(vec!['X', 'O', '.', '+', ' ']), 0..9)
        .prop_map(|cells| cells.into_iter().collect::<String>());
    let diagram = (
        prop::collection::vec(header, 0..3),
        prop::collection::vec(row, 0..9),
    )
        .prop_map(|(h, rows)| {
            (
                format!("{}\n{}\n", h.join("\n"), rows.join("\n")).into_bytes(),
                false,
            )
        });
    let point = "[a-g]{2}|[a-z]{0,3}";
    let prop_text = prop_oneof![
        Just("SZ[5]".to_string()),
        (0u32..30).prop_map(|n| format!("SZ[{n}]")),
        (2u32..8, 2u32..8).prop_map(|(w, h)| format!("SZ[{w}:{h}]")),
        point.prop_map(|p| format!("AB[{p}]")),
        point.prop_map(|p| format!("AW[{p}]")),
        point.prop_map(|p| format!("AE[{p}]")),
        point.prop_map(|p| format!(";B[{p}]")),
        point.prop_map(|p| format!(";W[{p}]")),
        Just("PL[W]".to_string()),
        Just("KM[6.5]".to_string()),
        Just("KM[abc]".to_string()),
        Just("CA[Shift_JIS]".to_string()),
        Just("XX[y]".to_string()),
        Just("(;B[cc])(;W[dd])".to_string()),
        Just("]".to_string()),
        Just("(".to_string()),
    ];
    let sgf = prop::collection::vec(prop_text, 0..12)
        .prop_map(|props| (format!("(;{})", props.join("")).into_bytes(), true));
    let bytes = prop::collection::vec(any::<u8>(), 0..120).prop_map(|b| (b, false));
    prop_oneof![diagram, sgf, bytes]
}

fn no_panic(o: &Output, what: &str) -> Result<(), TestCaseError> {
    let code = o.status.code();
    prop_assert!(
        code == Some(0) || code == Some(2),
        "{what}: exit {code:?}: {}",
        stderr(o)
    );
    prop_assert!(!stderr(o).contains("panicked"), "{what}: {}", stderr(o));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// No input makes any command panic: status in every format, the comparison of
    /// readings, explain (text and page), the GTP engine loading it, and the gallery.
    #[test]
    fn no_input_makes_any_command_panic((bytes, is_sgf) in input()) {
        let dir = scratch_dir("property");
        let file = dir.join(if is_sgf { "case.sgf" } else { "case.txt" });
        std::fs::write(&file, &bytes).expect("write");
        let path = file.to_str().expect("utf-8");
        let html = dir.join("case.html");
        let limits = ["--max-nodes", "300", "--max-total-time", "5"];
        let commands: Vec<Vec<&str>> = vec![
            vec!["status", path],
            vec!["status", path, "--format", "json"],
            vec!["status", path, "--format", "sgf"],
            vec!["status", path, "--format", "svg"],
            vec!["status", path, "--compare-readings"],
            vec!["explain", path, "--html", html.to_str().expect("utf-8")],
        ];
        for mut args in commands {
            args.extend_from_slice(&limits);
            let o = run(&args);
            no_panic(&o, &format!("{args:?}"))?;
        }
        let mut gtp = Command::new(env!("CARGO_BIN_EXE_shikatsu"))
            .args(["gtp", "--max-nodes", "300"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("gtp starts");
        let script = format!("loadsgf {path}\nfinal_status_list dead\nfinal_score\nquit\n");
        gtp.stdin.take().expect("stdin").write_all(script.as_bytes()).expect("script");
        let o = gtp.wait_with_output().expect("gtp ends");
        no_panic(&o, "gtp")?;
        let corpus = dir.join("corpus");
        std::fs::create_dir_all(&corpus).expect("corpus");
        let mut entry = b"# theme: fuzz\n".to_vec();
        entry.extend_from_slice(&bytes);
        std::fs::write(corpus.join("case.txt"), entry).expect("write");
        let o = run(&[
            "gallery",
            dir.join("out").to_str().expect("utf-8"),
            "--corpus",
            corpus.to_str().expect("utf-8"),
            "--max-nodes",
            "300",
        ]);
        no_panic(&o, "gallery")?;
    }
}

/// A small life-and-death position every flag test can run on in milliseconds.
const CORNER: &[u8] = b"# to-play B\n. . . . . . .\n. . . . . . .\nO O O O . . .\nX X X O . . .\n\
. . X O . . .\n. . X O . . .\n. . X O . . .\n";

#[test]
fn limits_out_of_range_are_refused_not_a_panic() {
    let dir = scratch_dir("limits");
    let file = dir.join("corner.txt");
    std::fs::write(&file, CORNER).expect("write");
    let path = file.to_str().expect("utf-8");
    for (args, expected) in [
        // More seconds than a Duration holds: the conversion used to panic.
        (
            vec!["status", path, "--max-time", "1e300"],
            "--max-time 1e300",
        ),
        (
            vec!["status", path, "--max-total-time", "1e20"],
            "--max-total-time 1e20",
        ),
        (vec!["score", path, "--max-time", "1e300"], "--max-time"),
        (vec!["explain", path, "--max-time", "1e300"], "--max-time"),
        (vec!["solve", path, "--max-time", "1e300"], "--max-time"),
        (vec!["verify", path, "--max-time", "1e300"], "--max-time"),
        // `--jobs 0` used to mean "every core" without a word.
        (vec!["verify", path, "--jobs", "0"], "--jobs 0"),
    ] {
        let o = run(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // A huge ring count ends as soon as no empty point is left to add (it used to loop for
    // every ring asked).
    let o = run(&[
        "solve",
        path,
        "--grow-region",
        "4294967295",
        "--max-nodes",
        "1000",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_folder_without_problems_is_refused_by_verify() {
    let dir = scratch_dir("no-problems");
    std::fs::write(dir.join("notes.txt"), b"not a problem").expect("write");
    let o = run(&["verify", dir.to_str().expect("utf-8")]);
    assert_refused(&o, "no-problems: no problem file (.sgf or .json)");
}

/// A Cho dictionary problem: White's corner stones with two liberties, Black to kill.
fn cho_json(masked: &str, region: &str) -> String {
    format!(
        r#"{{"filename": "corner.sgf", "masked_sgf_str": "{masked}", "region": "{region}",
  "turn_color": "b", "winning_color": "b", "answer_firstmove": "bb",
  "black_search_goal": "TOKILL", "white_search_goal": "TOLIVE",
  "black_ko_rule": "allow_ko", "white_ko_rule": "disallow_ko",
  "black_crucial_stone": "", "white_crucial_stone": "aa"}}"#
    )
}

const CORNER_SGF: &str = "(;SZ[7]PL[B]AB[da][db][dc][cc][bc][ac]AW[aa][ba][ca][ab])";

#[test]
fn cho_problems_read_as_another_problem_are_refused() {
    let dir = scratch_dir("cho");
    let solve = |name: &str, text: &str| {
        let file = dir.join(name);
        std::fs::write(&file, text).expect("write");
        run(&[
            "solve",
            file.to_str().expect("utf-8"),
            "--format",
            "json",
            "--max-nodes",
            "10000",
        ])
    };
    let o = solve("ok.json", &cho_json(CORNER_SGF, "bb,cb"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let answer = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        answer.contains(r#""target":["A7"],"result":"win","best":["B6"]"#),
        "{answer}"
    );
    for (name, text, expected) in [
        // No point to play on: White "lived" after two nodes and `verify` agreed.
        (
            "no-region.json",
            cho_json(CORNER_SGF, ""),
            "region: no point given",
        ),
        // A field's fault names the line of its key.
        (
            "bad-colour.json",
            cho_json(CORNER_SGF, "bb,cb").replace(r#""turn_color": "b""#, r#""turn_color": "x""#),
            "corner.sgf: line 2: turn_color: 'x' is not b or w",
        ),
        // serde_json kept the last of two equal keys.
        (
            "twice.json",
            cho_json(CORNER_SGF, "bb,cb").replace('}', "\n, \"turn_color\": \"w\"\n}"),
            // Placed at the second key, not the line after its value.
            "line 6, column 3: the field 'turn_color' is given twice (first on line 2)",
        ),
        // A second tree, or variations, were dropped without a word.
        (
            "two-trees.json",
            cho_json(&format!("{CORNER_SGF}(;SZ[9])"), "bb,cb"),
            "masked_sgf_str holds 2 game trees",
        ),
        (
            "variations.json",
            cho_json(
                "(;SZ[7]PL[B]AB[da][db][dc][cc][bc][ac]AW[aa][ba][ca](;W[ab])(;W[bb]))",
                "bb,cb",
            ),
            "masked_sgf_str has variations",
        ),
    ] {
        let o = solve(name, &text);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(name), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(expected), "{name}: {}", stderr(&o));
    }
    // Some files of the data set give the position as moves after the root: they were
    // dropped, leaving the root's position. The same problem, its last stone a move:
    let o = solve(
        "moves.json",
        &cho_json(
            "(;SZ[7]PL[B]AB[da][db][dc][cc][bc][ac]AW[aa][ba][ca];W[ab])",
            "bb,cb",
        ),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout)
            .split(r#""nodes""#)
            .next(),
        answer.split(r#""nodes""#).next()
    );
    // A byte order mark was refused as "expected value at line 1 column 1".
    let o = solve(
        "bom.json",
        &format!("\u{feff}{}", cho_json(CORNER_SGF, "bb,cb")),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn solve_refuses_a_game_number_it_would_ignore() {
    let dir = scratch_dir("game-flag");
    let file = dir.join("corner.txt");
    std::fs::write(&file, CORNER).expect("write");
    let o = run(&["solve", file.to_str().expect("utf-8"), "--game", "2"]);
    assert_refused(&o, "corner.txt: --game 2 applies to problem files");
}

#[test]
fn warnings_reach_standard_error_in_every_command_and_format() {
    let dir = scratch_dir("warned");
    let file = dir.join("kept.sgf");
    std::fs::write(&file, b"(;SZ[5]XX[foo]AB[cc]AW[dd][dc][cd][bc]\n;B[aa])").expect("write");
    let path = file.to_str().expect("utf-8");
    let limits = ["--max-nodes", "300"];
    // Only `status --format text` and `explain` showed them.
    for args in [
        vec!["status", path, "--format", "json"],
        vec!["status", path, "--format", "sgf"],
        vec!["status", path, "--format", "svg"],
        vec!["status", path, "--compare-readings"],
        vec!["score", path, "--komi", "0.5", "--format", "json"],
        vec!["solve", path],
        vec!["verify", path],
    ] {
        let mut args = args;
        args.extend_from_slice(&limits);
        let o = run(&args);
        let err = stderr(&o);
        assert!(
            err.contains("warning: ")
                && err.contains("kept.sgf: line 1: node 1: unknown property XX"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("kept.sgf: kept.sgf"), "{args:?}: {err}");
    }
}

#[cfg(unix)]
#[test]
fn an_endless_file_is_refused_at_the_size_limit() {
    // `/dev/zero` reports a length of 0 and never ends: it was read until the memory ran out.
    for args in [
        vec!["status", "/dev/zero"],
        vec!["solve", "/dev/zero"],
        vec!["verify", "/dev/zero"],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let text = format!("{}{}", stderr(&o), String::from_utf8_lossy(&o.stdout));
        assert!(
            text.contains("/dev/zero") && text.contains("larger than"),
            "{args:?}: {text}"
        );
    }
    let o = gtp(b"1 loadsgf /dev/zero\n2 name\n");
    assert!(
        o.starts_with("?1 cannot load file: /dev/zero: larger than"),
        "{o}"
    );
    assert!(o.contains("=2 shikatsu"), "{o}");
}

/// Runs the GTP engine on `script`; its standard output.
fn gtp(script: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .args(["gtp", "--max-nodes", "300"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gtp starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let script = script.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&script);
    });
    let o = child.wait_with_output().expect("gtp ends");
    let _ = writer.join();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn gtp_answers_a_line_it_cannot_read_and_goes_on() {
    // A byte that is not UTF-8 stopped the engine ("stream did not contain valid UTF-8",
    // exit 2); a line without end was held in memory whole.
    let mut script = b"1 name\n2 na\xffme\n".to_vec();
    script.extend(std::iter::repeat_n(b'x', 200_000));
    script.extend(b"\n3 version\n4 quit\n");
    let o = gtp(&script);
    let responses: Vec<&str> = o.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(responses.len(), 5, "{o}");
    assert_eq!(responses[0], "=1 shikatsu");
    assert_eq!(responses[1], "?2 the command is not valid UTF-8");
    assert!(responses[2].starts_with("? the line is longer than"), "{o}");
    assert!(responses[3].starts_with("=3 "), "{o}");
    assert_eq!(responses[4], "=4");
}

#[test]
fn two_diagrams_in_one_file_are_not_one_board() {
    let dir = scratch_dir("two-boards");
    // Read as one 3x6 board with both stones on it.
    for (name, text, place) in [
        (
            "blank.txt",
            ". . .\n. X .\n. . .\n\n. . .\n. O .\n. . .\n",
            "line 5, column 1",
        ),
        (
            "header.txt",
            ". . .\n# to-play W\n. X .\n. . .\n",
            "line 3, column 1",
        ),
        (
            "letters.txt",
            ". . .\n  A B C\n. X .\n. . .\n",
            "line 3, column 1",
        ),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).expect("write");
        let o = run(&["status", file.to_str().expect("utf-8")]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains(&format!(
                "{name}: text diagram: {place}: a board row after the board ended"
            )) || err.contains(&format!(
                "{name}: {place}: a board row after the board ended"
            )),
            "{name}: {err}"
        );
    }
}

#[cfg(unix)]
#[test]
fn verify_walks_each_folder_once_and_reads_only_files() {
    let dir = scratch_dir("links");
    std::fs::write(dir.join("a.sgf"), "(;SZ[5]AB[cc]AW[dd](;B[aa]C[Correct]))").expect("write");
    // A link to itself checked the file 41 times (until the system's limit of links).
    std::os::unix::fs::symlink(".", dir.join("self")).expect("link");
    // A pipe named .sgf in the folder: reading it waited for a writer forever.
    let fifo = Command::new("mkfifo")
        .arg(dir.join("pipe.sgf"))
        .status()
        .is_ok_and(|s| s.success());
    let o = run(&[
        "verify",
        dir.to_str().expect("utf-8"),
        "--format",
        "json",
        "--max-nodes",
        "100",
    ]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(out.matches(r#""file":"#).count(), 1, "{out}");
    assert!(!out.contains("self/"), "{out}");
    assert!(!fifo || !out.contains("pipe.sgf"), "{out}");
}

#[test]
fn the_gallery_refuses_a_corpus_it_cannot_use() {
    let dir = scratch_dir("gallery-folders");
    let out = dir.join("out");
    let out = out.to_str().expect("utf-8");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).expect("folder");
    let missing = dir.join("missing");
    for (corpus, expected) in [
        // "missing:0:" named a line 0.
        (&missing, "missing: No such file"),
        // The gallery of no entry was written and reported as done.
        (&empty, "empty: no corpus file (.txt) in this folder"),
    ] {
        let o = run(&["gallery", out, "--corpus", corpus.to_str().expect("utf-8")]);
        assert_refused(&o, expected);
    }
}

#[test]
fn a_cho_problem_whose_player_contradicts_its_position_is_refused() {
    let dir = scratch_dir("cho-player");
    let file = dir.join("player.json");
    // turn_color won over the masked position's PL without a word.
    let text =
        cho_json(CORNER_SGF, "bb,cb").replace(r#""turn_color": "b""#, r#""turn_color": "w""#);
    std::fs::write(&file, text).expect("write");
    let o = run(&["solve", file.to_str().expect("utf-8")]);
    assert_refused(&o, "turn_color 'w' contradicts PL[B] in masked_sgf_str");
}

#[test]
fn explain_never_writes_its_page_over_the_position() {
    let dir = scratch_dir("explain-over-input");
    let file = dir.join("corner.txt");
    std::fs::write(&file, CORNER).expect("write");
    let path = file.to_str().expect("utf-8");
    // The same file by another name too.
    let other = format!("{}/./corner.txt", dir.to_str().expect("utf-8"));
    for out in [path, other.as_str()] {
        let o = run(&["explain", path, "--html", out]);
        assert_refused(&o, "--html names the position's own file");
        assert_eq!(std::fs::read(&file).expect("read"), CORNER);
    }
}
