//! Black-box tests of the SGF the binary writes (`status --format sgf`, `solve --format
//! sgf`), read back by the binary itself.

mod common;
use common::{run, stderr, stdout, Scratch};

/// Runs the binary, expects success, and returns its standard output.
fn run_ok(args: &[&str]) -> String {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// The SGF files the program writes for the shipped examples, each with a name.
fn written_sgf() -> Vec<(String, String)> {
    let mut files = vec![(
        "status-dead-stone-in-eye.sgf".to_string(),
        run_ok(&[
            "status",
            "examples/dead-stone-in-eye.txt",
            "--format",
            "sgf",
        ]),
    )];
    for game in ["1", "2", "3"] {
        files.push((
            format!("solve-tsumego-{game}.sgf"),
            run_ok(&[
                "solve",
                "examples/tsumego.sgf",
                "--game",
                game,
                "--format",
                "sgf",
            ]),
        ));
    }
    files
}

#[test]
fn written_sgf_names_the_application_as_name_and_version() {
    // SGF FF[4] wants AP[name:version]; a bare AP[shikatsu] made our own reader warn
    // "AP[shikatsu] has an unusable value; ignored" on every file we wrote.
    let ap = format!("AP[shikatsu:{}]", env!("CARGO_PKG_VERSION"));
    for (name, sgf) in written_sgf() {
        assert!(sgf.contains(&ap), "{name}: no {ap}:\n{sgf}");
        let file = Scratch::new(&name, sgf.as_bytes());
        // The warnings come before the judgement; a small search is enough.
        let o = run(&["status", file.path(), "--max-nodes", "1000"]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert!(
            stderr(&o).is_empty(),
            "{name}: reading our own SGF warned: {}\n{sgf}",
            stderr(&o)
        );
    }
}

/// `status --format json` of `position` with `flags`.
fn status_json(position: &str, flags: &[&str]) -> String {
    let mut args = vec!["status", position, "--format", "json"];
    args.extend_from_slice(flags);
    run_ok(&args)
}

/// A game record whose last move is a ko capture: corpus 08 with White D2 standing and
/// Black C2 still to be played, then Black C2 takes D2 (the ko ban of Art. 6 is left).
const KO_GAME: &str = "(;GM[1]FF[4]SZ[7:6]KM[0]\
    AB[ba][ab][bb][bc][dc][ec][fc][gc][ad][bd][dd][fd][gd][ee][fe][ge][df][ef][gf]\
    AW[ca][ea][ga][cb][db][eb][fb][gb][cc][cd][ae][be][bf][cf][de]PL[B];B[ce])";

#[test]
fn status_sgf_read_back_gives_the_same_position_and_verdicts() {
    // The first proof line used to be the SGF main line, so reading the file back replayed
    // it as moves: dead-stone-in-eye came back with C4 captured and B+0.5 for B+2.5.
    let ko_game = Scratch::new("ko-game.sgf", KO_GAME.as_bytes());
    let cases: [(&str, &[&str]); 6] = [
        ("examples/dead-stone-in-eye.txt", &[]),
        ("puzzles/corpus/02-calibration-one-eye-dead.txt", &[]),
        ("puzzles/corpus/08-direct-ko-left-open.txt", &[]),
        ("puzzles/corpus/11-dead-stones-inside-seki.txt", &[]),
        // The ban of the last ko capture counts here: the ko point must survive.
        (ko_game.path(), &["--initial-ban", "carried-over"]),
        (ko_game.path(), &[]),
    ];
    for (i, (position, flags)) in cases.into_iter().enumerate() {
        let original = status_json(position, flags);
        let mut args = vec!["status", position, "--format", "sgf"];
        args.extend_from_slice(flags);
        let sgf = run_ok(&args);
        let file = Scratch::new(&format!("read-back-{i}.sgf"), sgf.as_bytes());
        let read_back = status_json(file.path(), flags);
        assert_eq!(
            read_back, original,
            "{position} {flags:?}: the written SGF reads back otherwise:\n{sgf}"
        );
        let o = run(&["status", file.path()]);
        assert!(
            stderr(&o).is_empty(),
            "{position}: warnings: {}",
            stderr(&o)
        );
    }
    let v: serde_json::Value =
        serde_json::from_str(&status_json("examples/dead-stone-in-eye.txt", &[])).expect("JSON");
    assert_eq!(v["score"]["result"], "B+2.5");
}

#[test]
fn status_sgf_keeps_every_proof_line_as_a_variation_beside_a_moveless_main_line() {
    let v: serde_json::Value = serde_json::from_str(&status_json(
        "puzzles/corpus/11-dead-stones-inside-seki.txt",
        &[],
    ))
    .expect("JSON");
    let lines = v["strings"]
        .as_array()
        .expect("strings")
        .iter()
        .filter(|s| !s["proof"].as_array().expect("proof").is_empty())
        .count();
    assert!(lines >= 2, "{v}");
    let sgf = run_ok(&[
        "status",
        "puzzles/corpus/11-dead-stones-inside-seki.txt",
        "--format",
        "sgf",
    ]);
    // The root, then the main line's moveless node, then one variation per proof line
    // (each a single line of moves).
    let first = sgf[2..].find("(;").expect("a variation") + 2;
    let main_end = sgf[first..]
        .find("])(;")
        .expect("a variation after the first")
        + first
        + 2;
    let main = &sgf[first..main_end];
    assert!(
        main.starts_with("(;C[") && main.matches(';').count() == 1,
        "the main line is not one moveless node: {main}\n{sgf}"
    );
    assert_eq!(sgf.matches("(;").count(), 2 + lines, "{sgf}");
}

#[test]
fn solve_sgf_read_back_is_the_same_problem() {
    // The solution tree's moves are the solution: `solve` and `verify` read the problem
    // at the root, so the file gives the same answer; only the sources of the target and
    // of the player to move change (TR and PL now say them).
    for game in ["1", "2", "3"] {
        let sgf = run_ok(&[
            "solve",
            "examples/tsumego.sgf",
            "--game",
            game,
            "--format",
            "sgf",
        ]);
        let file = Scratch::new(&format!("solve-{game}.sgf"), sgf.as_bytes());
        let answer = |path: &str, game: &str| {
            let v: serde_json::Value = serde_json::from_str(&run_ok(&[
                "solve", path, "--game", game, "--format", "json",
            ]))
            .expect("JSON");
            [
                "to_play", "goal", "target", "result", "best", "moves", "region",
            ]
            .map(|k| v[k].clone())
        };
        assert_eq!(
            answer(file.path(), "1"),
            answer("examples/tsumego.sgf", game),
            "game {game}:\n{sgf}"
        );
        let o = run(&["verify", file.path()]);
        assert!(o.status.success(), "game {game}: {}", stdout(&o));
        assert!(
            stdout(&o).contains("1 agree"),
            "game {game}: {}",
            stdout(&o)
        );
    }
}
