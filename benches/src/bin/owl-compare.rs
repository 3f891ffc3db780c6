//! `owl-compare`: the tsumego solver side by side with GNU Go's owl reader on the same
//! problems, in the same run.
//!
//! For each SGF problem (Go Game Guru by default) the target and region are inferred as
//! `shikatsu solve` does (bounding box stretched to near edges, inside the wall, within
//! three steps of the defender, closed by a frame of attacker stones). shikatsu solves the
//! root with the opponent of the player to move as ko master (an unconditional win). GNU Go
//! loads the original problem (`loadsgf`) and answers `owl_attack` on a target stone when
//! the player to move attacks, `owl_defend` when it defends. Printed per problem: both
//! first moves, the book's, the times; then how often each agrees with the book, how
//! often they agree with each other, and the median time ratio.
//!
//! `cargo run --release -p benches --bin owl-compare -- [PATH...] [--max-time S]
//! [--gnugo /usr/games/gnugo] [--limit N]`

use benches::gtp_peer::{Answer, GtpPeer};
use clap::Parser;
use puzzles::problems::{load_file, problem_files, Problem};
use rules_core::{Color, Move, Point};
use solver::tsumego::{
    frame, infer_attacker, infer_region, infer_target, inside_wall, near, KillRule, TargetRule,
    Tsumego, TsumegoLimits, TsumegoSolver,
};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Flags.
#[derive(Debug, Parser)]
struct Args {
    /// Problem files or folders.
    #[arg(default_value = "../shared/data/ggg-problems/weekly-go-problems/easy")]
    paths: Vec<PathBuf>,
    /// Seconds per problem for shikatsu.
    #[arg(long, default_value_t = 5.0)]
    max_time: f64,
    /// The GNU Go binary.
    #[arg(long, default_value = "/usr/games/gnugo")]
    gnugo: PathBuf,
    /// At most this many problems.
    #[arg(long)]
    limit: Option<usize>,
}

/// The problem set up as `shikatsu solve` infers it.
fn setup(problem: &Problem) -> Option<Tsumego> {
    let position = problem.position.clone();
    let bounding = infer_region(&position);
    let attacker = infer_attacker(&position, &bounding)?;
    let region = near(
        &position,
        &inside_wall(&position, &bounding, attacker),
        !attacker,
        3,
    );
    let (framed, _) = frame(&position, &region, attacker);
    let target = infer_target(&framed, &region, !attacker)?;
    Some(Tsumego {
        position: framed,
        attacker,
        target,
        region,
        kill_rule: KillRule::CaptureOnly,
        target_rule: TargetRule::AnyStone,
    })
}

fn show(m: Option<Move>) -> String {
    m.map_or("-".to_string(), |m| m.to_string())
}

fn main() -> ExitCode {
    solver::dfpn::search_stacks();
    let args = Args::parse();
    let files = match problem_files(&args.paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut gnugo = match GtpPeer::spawn(&args.gnugo, &["--mode", "gtp"]) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let limits = TsumegoLimits {
        max_nodes: None,
        max_time: Some(Duration::from_secs_f64(args.max_time)),
        table_entries: 1 << 20,
        plain_leaves: false,
        no_eye_bound: false,
        zones: false,
    };
    println!(
        "{:<28} {:>5} {:>8} {:>8} {:>8} {:>9} {:>9}",
        "problem", "goal", "book", "shikatsu", "gnugo", "ms", "gnugo ms"
    );
    let (mut n, mut ours_book, mut gnu_book, mut same, mut ours_solved) = (0, 0, 0, 0, 0);
    let mut ratios: Vec<f64> = Vec::new();
    for file in files.iter().take(args.limit.unwrap_or(usize::MAX)) {
        let Ok(list) = load_file(file) else {
            continue;
        };
        for problem in list.into_iter().flatten() {
            let Some(expected) = problem.expected.clone() else {
                continue;
            };
            let Some(tsumego) = setup(&problem) else {
                continue;
            };
            let player = tsumego.position.to_move();
            let attacks = player == tsumego.attacker;
            let Some(stone) = tsumego.target.iter().next() else {
                continue;
            };
            // shikatsu.
            let start = Instant::now();
            let mut solver = TsumegoSolver::new(tsumego.clone(), &limits);
            let ours = solver.solve_root(!player);
            let ours_ms = start.elapsed().as_secs_f64() * 1000.0;
            let our_move = match &ours {
                Ok((true, line)) => line.first().map(|&(_, m)| m),
                _ => None,
            };
            // GNU Go on the original position.
            let path = std::env::temp_dir().join(format!("owl-compare-{}.sgf", std::process::id()));
            let sgf = rules_core::io::write_sgf(&problem.position, None);
            if std::fs::write(&path, sgf).is_err() {
                continue;
            }
            let color = if player == Color::Black {
                "black"
            } else {
                "white"
            };
            let loaded = gnugo.ask(&format!("loadsgf {} {color}", path.display()));
            let _ = std::fs::remove_file(&path);
            if !matches!(loaded, Ok(Answer { ok: true, .. })) {
                continue;
            }
            let command = if attacks { "owl_attack" } else { "owl_defend" };
            let start = Instant::now();
            let answer = gnugo.ask(&format!("{command} {stone}"));
            let gnu_ms = start.elapsed().as_secs_f64() * 1000.0;
            let gnu_move = match answer {
                Ok(Answer { ok: true, text, .. }) => {
                    let mut parts = text.split_whitespace();
                    let code: u32 = parts.next().and_then(|c| c.parse().ok()).unwrap_or(0);
                    let mv = parts.next().and_then(|m| m.parse::<Point>().ok());
                    if code == 0 {
                        None
                    } else {
                        mv.map(Move::Play)
                    }
                }
                _ => None,
            };
            n += 1;
            ours_solved += usize::from(ours.is_ok());
            let book = expected.correct.first().copied();
            ours_book += usize::from(our_move.is_some_and(|m| expected.correct.contains(&m)));
            gnu_book += usize::from(gnu_move.is_some_and(|m| expected.correct.contains(&m)));
            same += usize::from(our_move.is_some() && our_move == gnu_move);
            if ours.is_ok() && gnu_ms > 0.0 {
                ratios.push(ours_ms / gnu_ms);
            }
            let name = file
                .file_name()
                .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
            println!(
                "{:<28} {:>5} {:>8} {:>8} {:>8} {:>9.1} {:>9.1}{}",
                name,
                if attacks { "kill" } else { "live" },
                show(book),
                if ours.is_ok() {
                    show(our_move)
                } else {
                    "unknown".into()
                },
                show(gnu_move),
                ours_ms,
                gnu_ms,
                if ours.is_err() { "  (limit)" } else { "" }
            );
        }
    }
    ratios.sort_by(f64::total_cmp);
    let median = ratios.get(ratios.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{n} problems: shikatsu decided {ours_solved}, first move as the book: shikatsu \
         {ours_book}, GNU Go owl {gnu_book}; same first move {same}; median time ratio \
         shikatsu/GNU Go {median:.1} (decided problems)"
    );
    ExitCode::SUCCESS
}
