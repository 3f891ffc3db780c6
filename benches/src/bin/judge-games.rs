//! Judges the final positions of real title games string by string (strict J89, the
//! default reading) and reports how many strings are decided and how long each game takes.
//!
//! `cargo run --release -p benches --bin judge-games -- [--games N] [--seed S]
//! [--max-nodes N] [--max-time SECONDS]`
//!
//! The games are a seeded sample of `../shared/data/title-games/manifest.csv`. Records stop
//! before the last dame, so strict judgement meets open boundaries; this measures the
//! confirmation solver on real boards, not the scoring of issue 4.

use clap::Parser;
use solver::confirm::{DecidedBy, Life, Limits};
use solver::scoring::judge_position;
use solver::Reading;
use std::num::NonZeroU64;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Flags.
#[derive(Debug, Parser)]
struct Args {
    /// Games to judge.
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Seed of the sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Node limit per string.
    #[arg(long, default_value_t = 20_000)]
    max_nodes: u64,
    /// Time limit per string, in seconds.
    #[arg(long, default_value_t = 0.5)]
    max_time: f64,
    /// The title-games folder.
    #[arg(long, default_value = "../shared/data/title-games")]
    data: PathBuf,
}

fn main() -> ExitCode {
    solver::dfpn::search_stacks();
    let args = Args::parse();
    let files = match benches::sampled_games(&args.data, args.seed) {
        Ok(files) => files,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let limits = Limits {
        max_nodes: NonZeroU64::new(args.max_nodes),
        max_time: (args.max_time > 0.0).then(|| Duration::from_secs_f64(args.max_time)),
        max_total_time: None,
        table_entries: 1 << 18,
    };
    let mut times = Vec::new();
    let (mut strings, mut pass_alive, mut searched_decided, mut unknown) = (0, 0, 0, 0);
    let (mut pass_alive_only, mut enclosure_dead, mut survey_nodes) = (0, 0, 0u64);
    println!("file\tstrings\tpass-alive-or-safe\tsearched-decided\tunknown\tms");
    for file in files.iter().take(args.games) {
        let game = match benches::read_record(&args.data.join(file)) {
            Ok(Ok(g)) => g,
            Ok(Err(e)) => {
                println!("{file}\tskipped: {e}");
                continue;
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let start = Instant::now();
        let j = judge_position(
            &game.position,
            None,
            game.komi,
            &Reading::default(),
            &limits,
        );
        let elapsed = start.elapsed();
        times.push(elapsed);
        let n = j.strings.len();
        let by = |d: DecidedBy| {
            j.strings
                .iter()
                .filter(|s| {
                    s.judgement.decided_by == d && !matches!(s.judgement.life, Life::Unknown(_))
                })
                .count()
        };
        let (benson, safe, enclosure) = (
            by(DecidedBy::PassAlive),
            by(DecidedBy::SafeRegions),
            by(DecidedBy::EnclosureSearch),
        );
        let pa = benson + safe;
        pass_alive_only += benson;
        enclosure_dead += enclosure;
        survey_nodes += j.survey_nodes;
        let unk = j
            .strings
            .iter()
            .filter(|s| matches!(s.judgement.life, Life::Unknown(_)))
            .count();
        strings += n;
        pass_alive += pa;
        unknown += unk;
        searched_decided += n - pa - unk;
        println!(
            "{file}\t{n}\t{pa}\t{}\t{unk}\t{}",
            n - pa - unk,
            elapsed.as_millis()
        );
    }
    times.sort();
    let pct = |q: f64| {
        times
            .get(((times.len() as f64 - 1.0) * q).round() as usize)
            .map_or(0, |d| d.as_millis())
    };
    println!(
        "SUMMARY games={} strings={strings} without_search={pass_alive} (pass_alive={pass_alive_only} safe_regions={}) searched_decided={searched_decided} (enclosure_search={enclosure_dead}) unknown={unknown} survey_nodes={survey_nodes} median_ms={} p99_ms={} limits: {} nodes, {} s per string",
        times.len(),
        pass_alive - pass_alive_only,
        pct(0.5),
        pct(0.99),
        args.max_nodes,
        args.max_time
    );
    ExitCode::SUCCESS
}
