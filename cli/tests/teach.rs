//! Black-box tests of the teaching output: sentences in `status`, `--format svg`,
//! `explain`, `gallery`, and the `--reading` presets.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{repo, run};

fn ok_stdout(args: &[&str]) -> String {
    let o = run(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("teach")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn status_text_names_the_rule_of_each_string() {
    let out = ok_stdout(&["status", "puzzles/corpus/07-snapback.txt"]);
    // Black A1 lives by the second clause of Art. 7-1 (snapback); White A2 B2 are dead by
    // the static rule (no room for two eyes inside Black's walls).
    assert!(
        out.contains("Black A1: alive") && out.contains("(Art. 7-1, second clause)"),
        "{out}"
    );
    assert!(out.contains("has no room for two eyes of White"), "{out}");
    // In the bent four White's stones are captured by search, and the line goes on to show
    // that the stone White puts back is taken again.
    let out = ok_stdout(&["status", "puzzles/corpus/13-bent-four-in-the-corner.txt"]);
    assert!(
        out.contains("Black captures these stones, and a stone White puts back on their points can be captured again"),
        "{out}"
    );
    let out = ok_stdout(&["status", "puzzles/corpus/08-direct-ko-left-open.txt"]);
    assert!(
        out.contains("so they are in seki (Art. 8)"),
        "seki strings say so: {out}"
    );
    assert!(
        out.contains("They are not removed: they stand in dame"),
        "dead stones in dame say so: {out}"
    );
}

#[test]
fn status_json_names_the_rule() {
    let out = ok_stdout(&[
        "status",
        "puzzles/corpus/07-snapback.txt",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let rules: Vec<(&str, &str)> = v["strings"]
        .as_array()
        .expect("strings")
        .iter()
        .map(|s| {
            (
                s["stones"][0].as_str().expect("a stone"),
                s["rule"].as_str().expect("a rule"),
            )
        })
        .collect();
    assert!(rules.contains(&("A1", "new-stone")), "{rules:?}");
    assert!(rules.contains(&("A2", "no-room-for-two-eyes")), "{rules:?}");
    assert!(rules.contains(&("C1", "pass-alive")), "{rules:?}");
}

#[test]
fn svg_shows_the_marks() {
    let svg = ok_stdout(&[
        "status",
        "puzzles/corpus/11-dead-stones-inside-seki.txt",
        "--format",
        "svg",
    ]);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    // 8x5 board: 12 seki stones (a square each) + the legend's seki sample.
    assert_eq!(svg.matches("class=\"seki\"").count(), 12 + 1, "{svg}");
    // One dead stone staying in dame (G1), plus the two dead samples of the legend.
    assert_eq!(svg.matches("class=\"dead\"").count(), 1 + 2);
    // One dame point, plus its legend sample.
    assert_eq!(svg.matches("class=\"dame\"").count(), 1 + 1);
    // Territory: Black 2, White 2, plus the legend's sample.
    assert_eq!(
        svg.matches("class=\"tb\"").count() + svg.matches("class=\"tw\"").count(),
        4 + 1
    );
    // Every element opened is closed: a cheap well-formedness check.
    for tag in ["svg", "g", "style"] {
        assert_eq!(
            svg.matches(&format!("<{tag}")).count(),
            svg.matches(&format!("</{tag}>")).count(),
            "{tag}"
        );
    }
}

#[test]
fn svg_is_well_formed_xml_for_an_independent_parser() {
    let svg = ok_stdout(&[
        "status",
        "examples/dead-stone-in-eye.txt",
        "--format",
        "svg",
    ]);
    let dir = scratch_dir("svg");
    let file = dir.join("board.svg");
    std::fs::write(&file, &svg).expect("write");
    let check = Command::new("python3")
        .args([
            "-c",
            "import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); \
             print(d.documentElement.tagName, len(d.getElementsByTagName('circle')))",
        ])
        .arg(&file)
        .output();
    match check {
        Ok(o) if o.status.success() => {
            let out = String::from_utf8_lossy(&o.stdout);
            // 18 stones on the board and 5 in the legend, the veils over the removed stone
            // and over the legend's removed sample, and the legend's dame dot.
            assert_eq!(out.trim(), "svg 26", "{out}");
        }
        Ok(o) => panic!(
            "python3 refused the SVG: {}",
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => eprintln!("skipped: python3 not available ({e})"),
    }
}

#[test]
fn explain_prints_every_line_move_by_move() {
    let out = ok_stdout(&["explain", "examples/dead-stone-in-eye.txt"]);
    assert!(out.contains("White C4: dead"), "{out}");
    assert!(out.contains("    1. B D4"), "{out}");
    assert!(out.contains("    2. W pass"), "{out}");
    assert!(
        out.contains("    3. B C5: the judged stones are captured"),
        "{out}"
    );
}

#[test]
fn explain_html_is_one_self_contained_page() {
    let dir = scratch_dir("explain");
    let page = dir.join("page.html");
    let o = run(&[
        "explain",
        "examples/dead-stone-in-eye.txt",
        "--html",
        page.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.is_empty());
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<script type=\"application/json\" id=\"data\">"));
    assert!(html.contains("id=\"next\""));
    assert!(!html.contains("<script src"), "no external script");
    // The line B D4, W pass, B C5 is in the page data with one board per move.
    assert_eq!(html.matches("\"board\":").count(), 3, "{html}");
}

#[test]
fn explain_html_to_a_folder_that_does_not_exist_is_an_error() {
    let o = run(&[
        "explain",
        "examples/dead-stone-in-eye.txt",
        "--html",
        "/nonexistent-folder/page.html",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent-folder/page.html"));
}

#[test]
fn gallery_writes_a_page_per_corpus_position_and_an_index() {
    let dir = scratch_dir("gallery");
    let out = ok_stdout(&[
        "gallery",
        dir.to_str().expect("utf-8"),
        "--max-nodes",
        "30000",
    ]);
    let corpus: Vec<String> = std::fs::read_dir(repo().join("puzzles/corpus"))
        .expect("the corpus")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
        .map(|e| {
            e.path()
                .file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert!(corpus.len() >= 10);
    let index = std::fs::read_to_string(dir.join("index.html")).expect("index.html");
    for name in &corpus {
        assert!(
            index.contains(&format!("href=\"{name}.html\"")),
            "{name} in the index"
        );
        let page = std::fs::read_to_string(dir.join(format!("{name}.html"))).expect("a page");
        assert!(page.contains("Theme:"), "{name}");
    }
    // Small limits leave some strings undecided but never contradict the corpus.
    assert!(
        !out.contains(" 1 disagree") && !index.contains("DISAGREE"),
        "{out}"
    );
    let snapback = std::fs::read_to_string(dir.join("07-snapback.html")).expect("snapback");
    assert!(snapback.contains("(agree)"), "{snapback}");
    // A position whose file expects cycles also gets the lines that step through them.
    let double_ko = std::fs::read_to_string(dir.join("31-approach-ko-with-double-ko-seki.html"))
        .expect("31's page");
    assert!(
        double_ko.contains("the cycle (--cycles report) (8 moves)"),
        "{double_ko}"
    );
    assert!(!snapback.contains("the cycle (--cycles report)"));
}

#[test]
fn reading_presets_set_the_options_and_single_flags_override_them() {
    let json = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec![
            "status",
            "examples/dead-stone-in-eye.txt",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        serde_json::from_str(&ok_stdout(&args)).expect("JSON")
    };
    let v = json(&["--reading", "j2003-local2"]);
    assert_eq!(v["reading"]["new_stone"], "local-2");
    assert_eq!(v["reading"]["ko_pass"], "j2003");
    let v = json(&["--reading", "katago"]);
    assert_eq!(v["reading"]["new_stone"], "area");
    assert_eq!(v["reading"]["ko_pass"], "katago");
    assert_eq!(v["reading"]["initial_ban"], "none");
    let v = json(&["--reading", "katago", "--new-stone", "local-1"]);
    assert_eq!(v["reading"]["new_stone"], "local-1");
    assert_eq!(v["reading"]["ko_pass"], "katago");
    let v = json(&["--ko-pass", "katago-v1"]);
    assert_eq!(v["reading"]["ko_pass"], "katago-v1");
    let v = json(&[]);
    assert_eq!(v["reading"]["ko_pass"], "strict");
    let o = run(&[
        "status",
        "examples/dead-stone-in-eye.txt",
        "--reading",
        "bogus",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn parallel_runs_give_the_same_output() {
    // Strings are judged in parallel inside one run, and runs may race each other for the
    // machine: neither may change a byte of the output or of the page.
    let dir = scratch_dir("parallel");
    let runs: Vec<std::thread::JoinHandle<(String, String)>> = (0..4)
        .map(|i| {
            let page = dir.join(format!("page-{i}.html"));
            std::thread::spawn(move || {
                let json = ok_stdout(&[
                    "status",
                    "puzzles/corpus/10-seki-with-an-eye.txt",
                    "--format",
                    "json",
                ]);
                ok_stdout(&[
                    "explain",
                    "puzzles/corpus/10-seki-with-an-eye.txt",
                    "--html",
                    page.to_str().expect("utf-8"),
                ]);
                (json, std::fs::read_to_string(&page).expect("the page"))
            })
        })
        .collect();
    let outputs: Vec<(String, String)> =
        runs.into_iter().map(|h| h.join().expect("a run")).collect();
    for o in &outputs[1..] {
        assert_eq!(o.0, outputs[0].0);
        assert_eq!(o.1, outputs[0].1);
    }
}
