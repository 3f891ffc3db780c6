//! Black-box tests of `shikatsu score`: completion by default, `--strict`, one line per game
//! in the order given, the JSON of interfaces.md, unknown rather than a guess.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// D2 is dame; when White fills it, Black D1 is in atari and needs C1.
const TEIRE: &str = "# komi 0.5
# to-play W
 . X . X O . O
 X X X X O O O
 . X . X O . O
 X X X . O O O
 . X . X O . O
";

/// The same position as an SGF record with a recorded result.
const TEIRE_SGF: &str = "(;GM[1]FF[4]SZ[7:5]KM[0.5]RE[B+1.5]PL[W]\
AB[ba][da][aa][bb][cb][db][bc][dc][ad][bd][cd][be][de]\
AW[ea][ga][eb][fb][gb][ec][gc][ed][fd][gd][ee][ge])";

fn write(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("score-tests");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("scratch file");
    path
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .arg("score")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn text_lists_the_assumed_moves_and_the_result() {
    let f = write("teire.txt", TEIRE);
    let o = run(&[f.to_str().expect("utf-8"), "--detail", "line"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = out(&o);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains(": B+1.5 (Black 5, White 3 + komi 0.5); assumed: W D2 dame, B C1 teire"),
        "{text}"
    );
}

#[test]
fn one_game_shows_the_reasons_and_the_completed_board() {
    let f = write("teire-board.txt", TEIRE);
    let o = run(&[f.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].ends_with("assumed: W D2 dame, B C1 teire"),
        "{text}"
    );
    // Each assumed move with its reason, in order.
    assert!(
        lines[2].contains("1. White D2: fills a dame point"),
        "{text}"
    );
    assert!(
        lines[3].contains("2. Black C1: a reinforcement (teire)"),
        "{text}"
    );
    // The completed board: C1 and D2 now stand, territory marked, no dame left.
    let row = |n: &str| {
        lines
            .iter()
            .find(|l| l.trim_start().starts_with(n))
            .copied()
            .unwrap_or_default()
    };
    assert_eq!(
        row("2 ").split_whitespace().collect::<String>(),
        "2XXXOOOO2",
        "{text}"
    );
    assert_eq!(
        row("1 ").split_whitespace().collect::<String>(),
        "1bXXXOwO1",
        "{text}"
    );
    // Every string with its verdict and the rule's sentence, then the score.
    assert!(text.contains("they are pass-alive (Benson)"), "{text}");
    assert!(text.contains("Dame: 0"), "{text}");
    assert!(text.trim_end().ends_with("-> B+1.5"), "{text}");

    // Several games: one line each, unless --detail board asks for more.
    let o = run(&[f.to_str().expect("utf-8"), f.to_str().expect("utf-8")]);
    assert_eq!(out(&o).lines().count(), 2, "{}", out(&o));
    let o = run(&[
        f.to_str().expect("utf-8"),
        f.to_str().expect("utf-8"),
        "--detail",
        "board",
    ]);
    assert_eq!(out(&o).matches("The completed position").count(), 2);
}

#[test]
fn json_follows_the_interface_and_strict_assumes_nothing() {
    let f = write("teire.sgf", TEIRE_SGF);
    let name = f.to_str().expect("utf-8");
    let o = run(&[name, "--format", "json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&out(&o)).expect("one JSON line");
    assert_eq!(v["file"], name);
    assert_eq!(v["result"], "B+1.5");
    assert_eq!(v["recorded"], "B+1.5");
    assert_eq!(
        v["score"],
        serde_json::json!({"black": 5, "white": 3, "komi": 0.5})
    );
    assert_eq!(
        v["assumed"],
        serde_json::json!([{"move": "W D2", "why": "dame"}, {"move": "B C1", "why": "teire"}])
    );
    assert_eq!(v["unknown"], serde_json::json!([]));

    let o = run(&[name, "--format", "json", "--strict"]);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).expect("one JSON line");
    assert_eq!(v["result"], "W+0.5");
    assert_eq!(v["assumed"], serde_json::json!([]));
}

#[test]
fn a_limit_gives_unknown_with_the_strings_named() {
    let f = write("teire-limited.txt", TEIRE);
    let o = run(&[
        f.to_str().expect("utf-8"),
        "--format",
        "json",
        "--max-nodes",
        "1",
    ]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&out(&o)).expect("one JSON line");
    assert_eq!(v["result"], "unknown");
    assert!(v["score"].is_null());
    assert_eq!(v["unknown"], serde_json::json!([["D1"]]));
}

#[test]
fn one_line_per_game_in_order_and_bad_files_named_with_exit_2() {
    let a = write("order-a.txt", TEIRE);
    let b = write("order-b.txt", &TEIRE.replace("to-play W", "to-play B"));
    let (a, b) = (a.to_str().expect("utf-8"), b.to_str().expect("utf-8"));
    let o = run(&[b, "no-such-game.sgf", a]);
    assert_eq!(o.status.code(), Some(2));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with(b) && lines[0].contains("B+2.5"),
        "{text}"
    );
    assert!(
        lines[1].starts_with(a) && lines[1].contains("B+1.5"),
        "{text}"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("no-such-game.sgf"));
}

#[test]
fn status_reports_dame_territory_and_removed_stones() {
    let f = write("status-teire.txt", TEIRE);
    let o = Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .args(["status", f.to_str().expect("utf-8"), "--format", "json"])
        .output()
        .expect("the binary runs");
    let v: serde_json::Value = serde_json::from_str(&out(&o)).expect("one JSON object");
    // Strict J89 on the unfinished position: D2 is dame, every group is in seki.
    assert_eq!(v["dame"], serde_json::json!(["D2"]));
    assert_eq!(v["territory"], serde_json::json!({"B": [], "W": []}));
    assert_eq!(v["removed"], serde_json::json!({"B": [], "W": []}));
    assert_eq!(v["score"]["result"], "W+0.5");
    let text = Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .args(["status", f.to_str().expect("utf-8")])
        .output()
        .expect("the binary runs");
    let text = out(&text);
    assert!(text.contains("Dame points: D2"), "{text}");
    assert!(
        text.contains("Territory: Black 0, White 0   Dame: 1"),
        "{text}"
    );
}
