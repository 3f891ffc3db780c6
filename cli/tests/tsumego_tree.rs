//! Black-box tests of the target read from the book (`--target-inference tree`) on Go Game
//! Guru files (`../shared/data/ggg-problems`, next to the repository).

mod common;
use common::{run, stderr, stdout};

const GGG: &str = "../shared/data/ggg-problems/weekly-go-problems";

fn solve_json(file: &str, inference: &str) -> serde_json::Value {
    let path = format!("{GGG}/{file}");
    let o = run(&[
        "solve",
        &path,
        "--max-nodes",
        "1",
        "--max-time",
        "0",
        "--kill-rule",
        "capture-only",
        "--target-inference",
        inference,
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("one JSON object")
}

#[test]
fn the_correct_lines_choose_between_two_strings_of_the_same_size() {
    // intermediate-92: White's N2-P2 and Q3-S3 have three stones each; the largest-string
    // rule takes N2-P2 (fewer liberties), the book's lines (T2, S2, ...) fight over Q3-S3.
    let file = "intermediate/ggg-intermediate-92.sgf";
    let largest = solve_json(file, "largest");
    assert_eq!(largest["target"], serde_json::json!(["N2", "O2", "P2"]));
    let tree = solve_json(file, "tree");
    assert_eq!(tree["target"], serde_json::json!(["Q3", "R3", "S3"]));
    assert_eq!(
        tree["inferred"]["target"],
        "inferred: the defender's largest capturable string the book's correct lines touch"
    );
    assert!(tree["inferred"]["region"]
        .as_str()
        .expect("text")
        .contains("bounded by the target and the points the correct lines play"));
}

#[test]
fn the_tree_target_turns_a_false_wrong_verdict_into_agreement() {
    // With N2-P2 as the target, Black's O1 (marked wrong) captures it and the verdict
    // would be `wrong`; the whole group as the target agrees with the book, so the
    // largest-string reading does not accuse it (`unknown`). With the book's stones the
    // marked answer T2 is the only kill.
    let path = format!("{GGG}/intermediate/ggg-intermediate-92.sgf");
    let verify = |inference: &str| {
        let o = run(&[
            "verify",
            &path,
            "--max-nodes",
            "200000",
            "--max-time",
            "0",
            "--jobs",
            "1",
            "--kill-rule",
            "capture-only",
            "--target-inference",
            inference,
            "--format",
            "json",
        ]);
        let line = stdout(&o).lines().next().map(str::to_string);
        let v: serde_json::Value =
            serde_json::from_str(&line.expect("a report line")).expect("JSON");
        v
    };
    let largest = verify("largest");
    assert_eq!(largest["verdict"], "unknown", "{largest}");
    assert!(
        largest["reason"].as_str().is_some_and(|r| r.starts_with(
            "wrong with the inferred target, but agree with --target-inference group"
        )),
        "{largest}"
    );
    let tree = verify("tree");
    assert_eq!(tree["verdict"], "agree", "{tree}");
    assert_eq!(tree["found"], serde_json::json!(["T2"]));
}

#[test]
fn stones_the_root_marks_are_the_target() {
    // easy-28: "Can you find a way to capture White's two stones?" with TR on S3 S4; the
    // largest capturable string is P2-Q3 instead.
    let file = "easy/ggg-easy-28.sgf";
    assert_eq!(
        solve_json(file, "largest")["target"],
        serde_json::json!(["P2", "P3", "Q3"])
    );
    let tree = solve_json(file, "tree");
    assert_eq!(tree["target"], serde_json::json!(["S3", "S4"]));
    assert_eq!(
        tree["inferred"]["target"],
        "file (the stones the root marks, all to be taken)"
    );
    // The region is the fight's, not the whole enclosure of every stone.
    let before = solve_json(file, "largest")["region"]
        .as_array()
        .expect("region")
        .len();
    let after = tree["region"].as_array().expect("region").len();
    assert!(after < before, "{after} points, before {before}");
}
