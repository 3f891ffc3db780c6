//! Black-box tests of the `shikatsu` binary: real runs, real files, real exit codes.

use std::path::Path;
use std::process::Command;

mod common;
use common::{repo, run, stderr, stdout, Scratch};

/// The binary cargo built for these tests.
fn shikatsu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shikatsu"))
}

/// Runs the binary, expects success, and parses its standard output as one JSON object.
fn run_json(args: &[&str]) -> serde_json::Value {
    let o = run(args);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("one JSON object")
}

#[test]
fn status_text_on_the_shipped_example() {
    let o = run(&["status", "examples/dead-stone-in-eye.txt"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("White C4: dead"), "{out}");
    assert!(out.contains("line: B D4, W pass, B C5"), "{out}");
    assert!(
        out.contains("Score: Black 6, White 3 + komi 0.5 -> B+2.5"),
        "{out}"
    );
    assert!(
        stderr(&o).is_empty(),
        "no warnings expected: {}",
        stderr(&o)
    );
}

#[test]
fn the_board_marks_the_eyes_of_stones_in_seki() {
    // Corpus 10: B1 and F1 are eyes of the groups in seki, neither territory (Art. 8) nor
    // dame, and decided: not the '.' of an undecided point.
    let o = run(&["status", "puzzles/corpus/10-seki-with-an-eye.txt"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains(" 1  O - O * X - X  1"), "{out}");
    assert!(out.contains("- eye in seki"), "{out}");
}

#[test]
fn status_json_follows_the_interface() {
    let v = run_json(&[
        "status",
        "examples/dead-stone-in-eye.txt",
        "--format",
        "json",
    ]);
    assert_eq!(v["reading"]["first"], "attacker");
    assert_eq!(v["reading"]["ko_pass"], "strict");
    assert_eq!(v["reading"]["new_stone"], "local-1");
    assert_eq!(v["reading"]["initial_ban"], "none");
    assert_eq!(v["size"], serde_json::json!([5, 5]));
    let strings = v["strings"].as_array().expect("strings");
    assert_eq!(strings.len(), 3);
    let dead: Vec<&serde_json::Value> = strings.iter().filter(|s| s["status"] == "dead").collect();
    assert_eq!(dead.len(), 1);
    assert_eq!(dead[0]["stones"], serde_json::json!(["C4"]));
    assert_eq!(
        dead[0]["proof"],
        serde_json::json!(["B D4", "W pass", "B C5"])
    );
    assert_eq!(v["removed"]["W"], serde_json::json!(["C4"]));
    assert_eq!(v["score"]["result"], "B+2.5");
    assert_eq!(v["score"]["komi"], 0.5);
}

#[test]
fn reading_flags_reach_the_output() {
    let v = run_json(&[
        "status",
        "examples/dead-stone-in-eye.txt",
        "--format",
        "json",
        "--first",
        "defender",
        "--ko-pass",
        "once-per-ko",
        "--new-stone",
        "local-2",
        "--initial-ban",
        "carried-over",
    ]);
    assert_eq!(v["reading"]["first"], "defender");
    assert_eq!(v["reading"]["ko_pass"], "once-per-ko");
    assert_eq!(v["reading"]["new_stone"], "local-2");
    assert_eq!(v["reading"]["initial_ban"], "carried-over");
}

#[test]
fn a_limit_gives_unknown_not_a_guess() {
    let v = run_json(&[
        "status",
        "puzzles/corpus/05-calibration-straight-three.txt",
        "--format",
        "json",
        "--max-nodes",
        "1000",
    ]);
    let unknown: Vec<&serde_json::Value> = v["strings"]
        .as_array()
        .expect("strings")
        .iter()
        .filter(|s| s["status"] == "unknown")
        .collect();
    assert_eq!(unknown.len(), 1);
    assert_eq!(unknown[0]["reason"], "node limit reached");
    assert!(v["score"].is_null());
}

#[test]
fn sgf_records_are_replayed() {
    let game = Scratch::new(
        "capture.sgf",
        b"(;GM[1]SZ[5]KM[0.5];B[ab];W[aa];B[ba];W[ca])",
    );
    // The stones stand on an open board, a whole-board fight: a small limit keeps this a
    // test of the replay.
    let v = run_json(&[
        "status",
        game.path(),
        "--format",
        "json",
        "--max-nodes",
        "2000",
    ]);
    // Black's B5 captured White's A5: no white stone there any more.
    let all: Vec<String> = v["strings"]
        .as_array()
        .expect("strings")
        .iter()
        .flat_map(|s| s["stones"].as_array().expect("stones").clone())
        .map(|p| p.as_str().expect("point").to_string())
        .collect();
    assert!(!all.contains(&"A5".to_string()), "{all:?}");
    // --move stops the replay early.
    let v = run_json(&[
        "status",
        game.path(),
        "--format",
        "json",
        "--move",
        "2",
        "--max-nodes",
        "2000",
    ]);
    assert_eq!(v["strings"].as_array().expect("strings").len(), 2);
}

#[test]
fn bad_input_names_the_file_and_place_and_exits_2() {
    let cases: [(&str, &[u8], &str); 5] = [
        ("bad-char.txt", b". . .\n. Q .\n. . .\n", "line 2, column 3"),
        ("ragged.txt", b". . .\n. .\n", "line 2"),
        ("empty.txt", b"", "empty"),
        ("no-liberty.txt", b"X O\nO .\n", "liberty"),
        ("illegal.sgf", b"(;SZ[5];B[aa];W[aa])", "move 2"),
    ];
    for (name, bytes, expected) in cases {
        let file = Scratch::new(name, bytes);
        let o = run(&["status", file.path()]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains(name),
            "{name}: the message names the file: {err}"
        );
        assert!(
            err.contains(expected),
            "{name}: expected '{expected}' in: {err}"
        );
        assert!(stdout(&o).is_empty(), "{name}: nothing on stdout");
    }
    let o = run(&["status", "no/such/file.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no/such/file.txt"));
    let o = run(&[
        "status",
        "examples/dead-stone-in-eye.txt",
        "--first",
        "nobody",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&[
        "status",
        "examples/dead-stone-in-eye.txt",
        "--max-total-time=-1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--max-total-time"), "{}", stderr(&o));
    let o = run(&["status", "examples/dead-stone-in-eye.txt", "--move", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--move"));
}

#[test]
fn the_same_input_gives_the_same_output() {
    let args = [
        "status",
        "puzzles/corpus/08-direct-ko-left-open.txt",
        "--format",
        "json",
    ];
    let first = stdout(&run(&args));
    for _ in 0..4 {
        assert_eq!(stdout(&run(&args)), first);
    }
}

#[test]
fn arbitrary_bytes_never_panic() {
    // A panic exits with 101; every input must give 0 (a position) or 2 (an error).
    let mut seed = 0x5EED_5EED_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet = b"XO.+ \n#()[];ABWabcdeSZKM0123456789:-\t\r";
    for i in 0..60 {
        let len = (next() % 200) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let r = next();
                if r % 5 == 0 {
                    (r >> 8) as u8
                } else {
                    alphabet[(r >> 8) as usize % alphabet.len()]
                }
            })
            .collect();
        let name = if i % 2 == 0 { "fuzz.txt" } else { "fuzz.sgf" };
        let file = Scratch::new(&format!("{i}-{name}"), &bytes);
        let o = run(&["status", file.path(), "--max-nodes", "2000"]);
        let code = o.status.code();
        assert!(
            code == Some(0) || code == Some(2),
            "exit {code:?} on {bytes:?}: {}",
            stderr(&o)
        );
    }
}

/// Sends `script` to a GTP engine started by `engine` and returns its responses, one per
/// command.
fn converse(mut engine: Command, script: &str) -> Vec<String> {
    use std::io::Write;
    let mut child = engine
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the engine starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("script sent");
    let out = child.wait_with_output().expect("the engine stops");
    String::from_utf8_lossy(&out.stdout)
        .split("\n\n")
        .filter(|r| !r.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// Runs `shikatsu gtp` with `args` on `script`; returns the responses, one per command.
fn gtp_session(args: &[&str], script: &str) -> Vec<String> {
    let mut engine = shikatsu();
    engine.arg("gtp").args(args).current_dir(repo());
    converse(engine, script)
}

#[test]
fn gtp_engine_answers_the_shared_commands() {
    let script = "protocol_version\n\
                  7 name\n\
                  boardsize 5\n\
                  komi 0.5\n\
                  play b a4\n\
                  play w a5\n\
                  play b b5\n\
                  play w b5\n\
                  undo\n\
                  undo\n\
                  undo\n\
                  undo\n\
                  known_command genmove\n\
                  known_command final_score\n\
                  boardsize 30\n\
                  loadsgf examples/no-such.sgf\n\
                  quit\n";
    let replies = gtp_session(&["--max-nodes", "2000"], script);
    assert_eq!(
        replies,
        [
            "= 2",
            "=7 shikatsu",
            "=",
            "=",
            "=",
            "=",
            "=",
            "? illegal move",
            "=",
            "=",
            "=",
            "? cannot undo",
            "= false",
            "= true",
            "? unacceptable size",
            "? cannot load file: examples/no-such.sgf: No such file or directory (os error 2)",
            "=",
        ],
    );
}

#[test]
fn gtp_loadsgf_of_status_sgf_gives_the_judged_position() {
    // `loadsgf` replays the main line: it must end at the judged position, not play the
    // first proof line (which captured C4 and gave B+0.5).
    let o = run(&[
        "status",
        "examples/dead-stone-in-eye.txt",
        "--format",
        "sgf",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let sgf = Scratch::new("status-output.sgf", &o.stdout);
    let script = format!(
        "loadsgf {}\nfinal_status_list dead\nfinal_score\nquit\n",
        sgf.path()
    );
    let replies = gtp_session(&[], &script);
    let text = replies.join(" | ");
    assert_eq!(replies[0], "= black", "{text}");
    assert_eq!(replies[1], "= C4", "{text}");
    assert_eq!(replies[2], "= B+2.5", "{text}");
}

#[test]
fn gtp_loadsgf_move_number_counts_like_gnu_go() {
    // GTP's move number is the move about to be played; past the end the whole game is
    // loaded, as GNU Go does (the message named move 98 for `99` and refused).
    let sgf = Scratch::new("one-move.sgf", b"(;GM[1]FF[4]SZ[9];B[cc])");
    let script = format!(
        "loadsgf {p} 1\nloadsgf {p} 2\nloadsgf {p} 99\nquit\n",
        p = sgf.path()
    );
    let replies = gtp_session(&[], &script);
    let text = replies.join(" | ");
    assert_eq!(replies[0], "= black", "{text}");
    assert_eq!(replies[1], "= white", "{text}");
    assert_eq!(replies[2], "= white", "{text}");
}

#[test]
fn gtp_final_status_by_confirmation() {
    let script = "loadsgf examples/dead-stone-in-eye.sgf\nfinal_status_list dead\nfinal_status_list alive\nfinal_score\nshikatsu-status C4\nquit\n";
    let sgf = Scratch::new(
        "dead-stone.sgf",
        b"(;GM[1]SZ[5]KM[0.5]AB[ba][ea][ab][bb][eb][ac][bc][cc][dc][ec]AW[cb][ad][bd][cd][dd][ed][be][de])",
    );
    let script = script.replace("examples/dead-stone-in-eye.sgf", sgf.path());
    let replies = gtp_session(&[], &script);
    let text = replies.join(" | ");
    assert_eq!(replies[0], "= black", "{text}");
    assert_eq!(replies[1], "= C4", "{text}");
    assert_eq!(replies[2].lines().count(), 2, "{text}");
    assert_eq!(replies[3], "= B+2.5", "{text}");
    assert_eq!(replies[4], "= dead B D4, W pass, B C5", "{text}");
}

#[test]
fn gtp_answers_like_gnu_go_where_the_rules_agree() {
    let gnugo = Path::new("/usr/games/gnugo");
    if !gnugo.exists() {
        eprintln!("GNU Go is not installed (bash .ci/run installs it): skipping");
        return;
    }
    // Legal and illegal plays (occupied, suicide, an edge ko: B C1 takes, the immediate
    // retake W B1 refused, allowed after an exchange elsewhere, then B C1 refused), undo,
    // board sizes and komi: commands whose answers depend only on the rules both follow.
    let script = "boardsize 7\nclear_board\nkomi 6.5\n\
                  play b c4\nplay w d4\nplay b d5\nplay w e5\nplay b d3\nplay w e3\n\
                  play b e4\nplay w d4\nplay b d4\n\
                  play w c4\n\
                  play b a1\nplay w b1\nplay b g7\nplay w a2\nplay b a1\n\
                  play w pass\nplay b d4\nundo\nundo\nplay b d4\n\
                  clear_board\n\
                  play b a1\nplay w b1\nplay b b2\nplay w c2\nplay b g1\nplay w d1\n\
                  play b c1\nplay w b1\nplay w g7\nplay b g5\nplay w b1\nplay b c1\n\
                  boardsize 30\nkomi x\nplay b z9\nquit\n";
    let mut gnugo_engine = Command::new(gnugo);
    gnugo_engine.args(["--mode", "gtp", "--forbid-suicide", "--simple-ko"]);
    let theirs = converse(gnugo_engine, script);
    let ours = gtp_session(&[], script);
    assert_eq!(ours.len(), theirs.len(), "ours {ours:?}\ntheirs {theirs:?}");
    let commands: Vec<&str> = script.lines().collect();
    for ((cmd, a), b) in commands.iter().zip(&ours).zip(&theirs) {
        // Success or failure must agree; the wording of errors may differ.
        assert_eq!(
            a.starts_with('='),
            b.starts_with('='),
            "{cmd}: shikatsu '{a}', GNU Go '{b}'"
        );
    }
    // A finished position (no dame, a dead stone in an eye): J89 and GNU Go's Japanese
    // scoring agree on the dead stones, the live ones and the score.
    let script = "boardsize 5\nclear_board\nkomi 0.5\n\
                  play b b5\nplay b e5\nplay b a4\nplay b b4\nplay b e4\nplay b a3\n\
                  play b b3\nplay b c3\nplay b d3\nplay b e3\nplay w c4\nplay w a2\n\
                  play w b2\nplay w c2\nplay w d2\nplay w e2\nplay w b1\nplay w d1\n\
                  final_score\nfinal_status_list dead\nfinal_status_list alive\n\
                  final_status_list seki\nquit\n";
    let mut gnugo_engine = Command::new(gnugo);
    gnugo_engine.args(["--mode", "gtp", "--japanese-rules"]);
    let theirs = converse(gnugo_engine, script);
    let ours = gtp_session(&[], script);
    assert_eq!(ours.len(), theirs.len(), "ours {ours:?}\ntheirs {theirs:?}");
    // The same stones, whatever the order of strings and stones in the lists.
    let stones = |reply: &str| {
        let mut v: Vec<String> = reply
            .trim_start_matches(['=', '?'])
            .split_whitespace()
            .map(str::to_string)
            .collect();
        v.sort();
        (reply.starts_with('='), v)
    };
    let commands: Vec<&str> = script.lines().collect();
    for ((cmd, a), b) in commands.iter().zip(&ours).zip(&theirs) {
        assert_eq!(stones(a), stones(b), "{cmd}: shikatsu '{a}', GNU Go '{b}'");
    }
    assert_eq!(ours[ours.len() - 5].trim(), "= B+2.5");
}

#[test]
fn sgf_output_loads_in_an_independent_parser() {
    let check = r#"
import sys
from sgfmill import sgf, boards
data = sys.stdin.buffer.read()
game = sgf.Sgf_game.from_bytes(data)
root = game.get_root()
w, h = game.get_size(), game.get_size()
blacks, whites, _ = root.get_setup_stones()
# The main line ends at the judged position: the first variation is one node, no move.
main = root[0]
assert main.get_move() == (None, None) and len(main) == 0, "the main line plays a move"
print(len(blacks), len(whites), len(root) - 1, len(root[1].get("C")) > 0 if len(root) > 1 else 0)
variations = list(root)[1:]
moves = 0
for v in variations:
    node = v
    board = boards.Board(game.get_size())
    for (r, c) in blacks: board.play(r, c, "b")
    for (r, c) in whites: board.play(r, c, "w")
    while True:
        colour, point = node.get_move()
        if point is not None:
            board.play(point[0], point[1], colour)
        moves += 1
        if len(node) == 0:
            break
        node = node[0]
print(len(variations), moves, root.get("C").splitlines()[0])
"#;
    let python = Command::new("python3")
        .args(["-c", "import sgfmill"])
        .output();
    if !python.is_ok_and(|o| o.status.success()) {
        eprintln!("python3 with sgfmill is not installed (bash .ci/run installs it): skipping");
        return;
    }
    // A square board: sgfmill reads square boards only.
    let o = run(&[
        "status",
        "puzzles/corpus/02-calibration-one-eye-dead.txt",
        "--format",
        "sgf",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let sgf = stdout(&o);
    let v = run_json(&[
        "status",
        "puzzles/corpus/02-calibration-one-eye-dead.txt",
        "--format",
        "json",
    ]);
    let strings = v["strings"].as_array().expect("strings");
    let black = strings
        .iter()
        .filter(|s| s["color"] == "B")
        .map(|s| s["stones"].as_array().expect("stones").len())
        .sum::<usize>();
    let white = strings
        .iter()
        .filter(|s| s["color"] == "W")
        .map(|s| s["stones"].as_array().expect("stones").len())
        .sum::<usize>();
    let lines = strings
        .iter()
        .filter(|s| !s["proof"].as_array().expect("proof").is_empty())
        .count();
    let moves: usize = strings
        .iter()
        .map(|s| s["proof"].as_array().expect("proof").len())
        .sum();
    use std::io::Write;
    let mut child = Command::new("python3")
        .args(["-c", check])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python3 starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(sgf.as_bytes())
        .expect("sgf sent");
    let out = child.wait_with_output().expect("python3 stops");
    assert!(
        out.status.success(),
        "sgfmill: {}\n{sgf}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = String::from_utf8_lossy(&out.stdout);
    let mut report_lines = report.lines();
    let setup: Vec<&str> = report_lines
        .next()
        .expect("setup line")
        .split(' ')
        .collect();
    assert_eq!(setup[0], black.to_string(), "black stones: {report}");
    assert_eq!(setup[1], white.to_string(), "white stones: {report}");
    assert_eq!(
        setup[2],
        lines.to_string(),
        "one variation per proof line: {report}"
    );
    let replay: Vec<&str> = report_lines
        .next()
        .expect("replay line")
        .splitn(3, ' ')
        .collect();
    assert_eq!(
        replay[1],
        moves.to_string(),
        "every proof move replayed: {report}"
    );
    assert!(
        replay[2].starts_with("shikatsu, J89 confirmation."),
        "{report}"
    );
}

#[test]
fn compare_readings_help_names_every_reading_compared() {
    // The help once listed six of the eleven readings compared: each name the comparison
    // reports must be in `status --help`.
    let o = run(&["status", "--help"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let help = stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ");
    let v = run_json(&[
        "status",
        "examples/dead-stone-in-eye.txt",
        "--compare-readings",
        "--format",
        "json",
    ]);
    let names = reading_names(&v);
    assert_eq!(names.len(), 12, "{names:?}");
    for name in names.iter().filter(|n| **n != "default") {
        assert!(help.contains(name), "--help does not name {name}:\n{help}");
    }
}

#[test]
fn compare_readings_shows_where_they_disagree() {
    let v = run_json(&[
        "status",
        "puzzles/corpus/11-dead-stones-inside-seki.txt",
        "--compare-readings",
        "--format",
        "json",
    ]);
    let names = reading_names(&v);
    assert_eq!(
        names,
        [
            "default",
            "defender-first",
            "once-per-ko",
            "j2003-ko-pass",
            "katago-v1-ko",
            "katago-ko",
            "local-2",
            "area",
            "carried-over",
            "cycles-report",
            "j2003-local2",
            "katago"
        ]
    );
    let g1 = string_with(&v, "G1");
    // Dead stones inside a seki shape: dead when the new stone must stand on their own
    // points, but the owner can make a permanent stone elsewhere in the area.
    assert_eq!(g1["status"]["default"], "dead");
    assert_eq!(g1["status"]["area"], "seki");
    assert_eq!(g1["agree"], false);
    assert!(v["disagreements"].as_u64().expect("count") >= 1);
    let text = run(&[
        "status",
        "puzzles/corpus/11-dead-stones-inside-seki.txt",
        "--compare-readings",
    ]);
    assert!(stdout(&text).contains("default dead"), "{}", stdout(&text));
    assert!(stdout(&text).contains("area seki"), "{}", stdout(&text));
}

/// `--cycles report`: the double-ko seki rests on endless play (neither side can finish a
/// capture through the two kos; the lone ko stones die only because their recreation is
/// taken again for ever), so all four strings are reported as `cycle`; no score is given.
#[test]
fn cycles_report_marks_the_double_ko_seki() {
    let v = run_json(&[
        "status",
        "puzzles/corpus/14-double-ko-seki.txt",
        "--cycles",
        "report",
        "--format",
        "json",
    ]);
    assert_eq!(v["reading"]["cycles"], "report");
    let status_of = |stone: &str| {
        let s = string_with(&v, stone);
        (
            s["status"].as_str().unwrap_or("").to_string(),
            s["rule"].clone(),
        )
    };
    assert_eq!(status_of("A1").0, "cycle");
    assert_eq!(status_of("A1").1, "cycle-reported");
    assert_eq!(status_of("D1").0, "cycle");
    assert_eq!(status_of("B1").0, "cycle");
    assert_eq!(status_of("C3").0, "cycle");
    // The groups' cycle is in the kill game itself: its turn (two ko captures and two passes
    // for ko each) is shown with its prisoners. The lone ko stones' cycle comes after their
    // capture, in the question of a new stone, and the walk follows it there.
    for stone in ["A1", "B1"] {
        let cycle = &string_with(&v, stone)["cycle"];
        assert_eq!(
            cycle["prisoners_per_turn"],
            serde_json::json!({"B": 2, "W": 2}),
            "{stone}: {cycle}"
        );
        assert_eq!(cycle["turn"].as_array().map(Vec::len), Some(8), "{cycle}");
    }
    assert!(v["score"].is_null());
    // The default reading has no `cycles` field and calls the same groups seki.
    let d = run_json(&[
        "status",
        "puzzles/corpus/14-double-ko-seki.txt",
        "--format",
        "json",
    ]);
    assert!(d["reading"].get("cycles").is_none());
    let seki = d["strings"]
        .as_array()
        .expect("strings")
        .iter()
        .filter(|s| s["status"] == "seki")
        .count();
    assert_eq!(seki, 2);
}

/// Bent four needs no endless play, and neither does a plain seki (passing for ever is no
/// cycle): the report changes nothing there.
#[test]
fn cycles_report_leaves_bent_four_alone() {
    let v = run_json(&[
        "status",
        "puzzles/corpus/13-bent-four-in-the-corner.txt",
        "--cycles",
        "report",
        "--format",
        "json",
    ]);
    let statuses = statuses_of(&v);
    assert!(!statuses.contains(&"cycle"), "{statuses:?}");
    assert!(statuses.contains(&"dead"), "{statuses:?}");
    let seki = run_json(&[
        "status",
        "puzzles/corpus/30-calibration-true-plain-seki.txt",
        "--cycles",
        "report",
        "--format",
        "json",
    ]);
    let statuses = statuses_of(&seki);
    assert!(statuses.contains(&"seki"), "{statuses:?}");
    assert!(!statuses.contains(&"cycle"), "{statuses:?}");
}

/// Eternal life (corpus 32): the inner group is alive by default because White's attack only
/// cycles; with `--cycles report` that is what the report says.
#[test]
fn cycles_report_finds_eternal_life() {
    let v = run_json(&[
        "status",
        "puzzles/corpus/32-eternal-life.txt",
        "--cycles",
        "report",
        "--max-nodes",
        "300000",
        "--format",
        "json",
    ]);
    let inner = string_with(&v, "C1");
    assert_eq!(inner["status"], "cycle", "{inner}");
    // The line is the commentary's cycle itself, and one turn of it takes two stones each.
    let cycle = &inner["cycle"];
    assert_eq!(cycle["against_the_goal"], "alive", "{inner}");
    assert_eq!(cycle["for_the_goal"], "dead", "{inner}");
    assert_eq!(
        cycle["turn"],
        serde_json::json!(["W D1", "B F1", "W E1", "B G1"]),
        "{inner}"
    );
    assert_eq!(inner["proof"], cycle["turn"], "{inner}");
    assert_eq!(
        cycle["prisoners_per_turn"],
        serde_json::json!({"B": 2, "W": 2}),
        "{inner}"
    );
}

/// The status of every string of `status --format json` output `v`, in order.
fn statuses_of(v: &serde_json::Value) -> Vec<&str> {
    v["strings"]
        .as_array()
        .expect("strings")
        .iter()
        .map(|s| s["status"].as_str().expect("status"))
        .collect()
}

/// The string of `status --format json` output `v` that has a stone on `stone`.
fn string_with<'a>(v: &'a serde_json::Value, stone: &str) -> &'a serde_json::Value {
    v["strings"]
        .as_array()
        .expect("strings")
        .iter()
        .find(|s| {
            s["stones"]
                .as_array()
                .expect("stones")
                .iter()
                .any(|p| p == stone)
        })
        .expect("the string is listed")
}

/// The names of the readings `--compare-readings --format json` compared.
fn reading_names(v: &serde_json::Value) -> Vec<&str> {
    v["readings"]
        .as_array()
        .expect("readings")
        .iter()
        .map(|r| r["name"].as_str().expect("name"))
        .collect()
}
