//! Judges every string of a position file with the exhaustive reference solver, for
//! positions too hard for a hand check and small enough for the whole state graph.
//!
//! `cargo run --release -p solver --example reference -- POSITION [MAX_STATES]`

use rules_core::io::parse_position;
use solver::reference::{ReferenceLimits, ReferenceSolver};
use solver::Reading;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: reference POSITION [MAX_STATES]");
        return ExitCode::FAILURE;
    };
    let max_states = match args.next().map(|s| s.parse::<usize>()) {
        None => ReferenceLimits::default().max_states,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("MAX_STATES: {e}");
            return ExitCode::FAILURE;
        }
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let record = match parse_position(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let start = std::time::Instant::now();
    let built = ReferenceSolver::new(
        &record.position,
        record.last_ko_capture,
        Reading::default(),
        ReferenceLimits { max_states },
    );
    let mut reference = match built {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{} states, built in {:?}",
        reference.states(),
        start.elapsed()
    );
    match reference.judge_all() {
        Ok(verdicts) => {
            for (stone, color, verdict) in verdicts {
                println!("{color:?} {stone}: {verdict:?}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{path}: {e}");
            ExitCode::FAILURE
        }
    }
}
