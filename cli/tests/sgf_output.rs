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
