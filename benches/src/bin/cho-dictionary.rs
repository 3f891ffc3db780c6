//! The Cho Chikun life-and-death dictionary (106 19x19 problems) in the published setting:
//! the region, crucial stones, goals and ko rules of each JSON file (the side allowed to win
//! by ko is ko master: the attacker in all 106; a kill is the capture of every crucial
//! stone), the player to move solved at the root. Prints per problem whether it was solved,
//! whether the first move agrees with the book, the nodes, and the published node counts of
//! the relevance-zone search (FTL with RZS) and of TSUMEGO EXPLORER side by side.
//!
//! `cargo run --release -p benches --bin cho-dictionary -- [--max-time S] [--max-nodes N]
//! [--jobs N] [--only ID,ID] [--data DIR] [--tight]`
//!
//! `--tight` leaves the published setting (see the flag) and is reported as such.

use clap::Parser;
use puzzles::problems::{load_file, Problem};
use rayon::prelude::*;
use rules_core::{Color, Move, PointSet, Position, Setup};
use solver::tsumego::{
    frame, infer_region, inside_wall, KillRule, TargetRule, Tsumego, TsumegoLimits, TsumegoSolver,
};
use std::collections::BTreeMap;
use std::num::NonZeroU64;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Flags.
#[derive(Debug, Parser)]
struct Args {
    /// Seconds per problem.
    #[arg(long, default_value_t = 30.0)]
    max_time: f64,
    /// Nodes per problem (0 for no limit).
    #[arg(long, default_value_t = 0)]
    max_nodes: u64,
    /// Problems solved at once.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Only these problem numbers (comma-separated).
    #[arg(long)]
    only: Option<String>,
    /// The dictionary folder.
    #[arg(long, default_value = "../shared/data/cho-ld-dictionary")]
    data: PathBuf,
    /// Not the published setting: shrink each region to the bounding box of the stones in
    /// it (stretched to near edges), inside the wall, closed by a frame of attacker stones.
    #[arg(long)]
    tight: bool,
    /// Start every leaf at 1/1 (to measure what the liberty-based initialisation saves).
    #[arg(long)]
    plain_leaves: bool,
    /// Leave out the static eye-space bound and the atari rule (to measure what they save).
    #[arg(long)]
    no_eye_bound: bool,
    /// Prune with relevance zones (off by default; BENCHMARKS.md "Relevance zones").
    #[arg(long)]
    zones: bool,
}

/// Published node counts of one problem: FTL with relevance zones, TSUMEGO EXPLORER.
#[derive(Debug, Clone, Default)]
struct Published {
    rzs: Option<u64>,
    texp: Option<u64>,
}

/// Table 3 of the appendix: `ID Volume Page ELF ELF-RZ FTL FTL-RZ T-EXP`, a dash unsolved.
fn published(text: &str) -> BTreeMap<u32, Published> {
    let mut out = BTreeMap::new();
    let mut in_table = false;
    for line in text.lines() {
        if line.contains("Table 2:") {
            in_table = true;
            continue;
        }
        if !in_table {
            continue;
        }
        let cols: Vec<&str> = line.split_whitespace().collect();
        if cols.len() != 8 {
            continue;
        }
        let Ok(id) = cols[0].parse::<u32>() else {
            continue;
        };
        let num = |s: &str| s.replace(',', "").parse::<u64>().ok();
        out.insert(
            id,
            Published {
                rzs: num(cols[6]),
                texp: num(cols[7]),
            },
        );
    }
    out
}

struct Row {
    id: u32,
    name: String,
    solved: bool,
    agree: Option<bool>,
    answer: String,
    book: String,
    nodes: u64,
    ms: u64,
    reason: String,
}

/// The `--tight` region: see the flag.
fn tighten(problem: &Problem, region: PointSet, attacker: Color) -> (Position, PointSet) {
    let pos = &problem.position;
    let mut setup = Setup::new(pos.size());
    setup.to_move = pos.to_move();
    for p in region.iter() {
        match pos.color_at(p) {
            Some(Color::Black) => {
                setup.black.insert(p);
            }
            Some(Color::White) => {
                setup.white.insert(p);
            }
            None => {}
        }
    }
    let Ok(inner) = Position::from_setup(&setup) else {
        return (pos.clone(), region);
    };
    let bounding = infer_region(&inner).intersection(&region);
    let inside = inside_wall(pos, &bounding, attacker);
    let (framed, _) = frame(pos, &inside, attacker);
    (framed, inside)
}

/// Whether the book's first move wins as well (a second solution, not a disagreement).
fn book_move_wins(
    tsumego: &Tsumego,
    master: Color,
    correct: &[Move],
    limits: &TsumegoLimits,
) -> bool {
    let Some(&book) = correct.first() else {
        return false;
    };
    let Ok(child) = tsumego.position.play(book) else {
        return false;
    };
    let player = tsumego.position.to_move();
    let mut solver = TsumegoSolver::new(tsumego.clone(), limits);
    solver
        .kills(&child, master)
        .is_ok_and(|kills| kills == (player == tsumego.attacker))
}

fn run_one(id: u32, problem: &Problem, limits: &TsumegoLimits, tight: bool) -> Row {
    let (Some(attacker), Some(target), Some(region)) =
        (problem.attacker, problem.target, problem.region)
    else {
        return Row {
            id,
            name: problem.name.clone(),
            solved: false,
            agree: None,
            answer: String::new(),
            book: String::new(),
            nodes: 0,
            ms: 0,
            reason: "not a Cho JSON problem".into(),
        };
    };
    let expected = problem.expected.clone().unwrap_or_default();
    let (position, region) = if tight {
        tighten(problem, region, attacker)
    } else {
        (problem.position.clone(), region)
    };
    let tsumego = Tsumego {
        position,
        attacker,
        target,
        region,
        kill_rule: KillRule::CaptureOnly,
        target_rule: TargetRule::EveryStone,
    };
    let start = Instant::now();
    let mut solver = TsumegoSolver::new(tsumego.clone(), limits);
    // The JSON's ko rules name the ko master (the attacker in all 106).
    let master = if problem.attacker_ko_master {
        attacker
    } else {
        !attacker
    };
    let result = solver.solve_root(master);
    let ms = start.elapsed().as_millis() as u64;
    let book = expected
        .correct
        .first()
        .map_or("-".to_string(), Move::to_string);
    let (solved, agree, answer, reason) = match result {
        Err(r) => (false, None, String::new(), r.to_string()),
        Ok((wins, line)) => {
            let first = line.first().map(|&(_, m)| m);
            let agree = if wins != expected.player_wins {
                false
            } else if wins && !first.is_some_and(|m| expected.correct.contains(&m)) {
                // Another first move: the book's agrees too if it also wins.
                book_move_wins(&tsumego, master, &expected.correct, limits)
            } else {
                true
            };
            let answer = if wins {
                first.map_or("?".into(), |m| m.to_string())
            } else {
                "fails".into()
            };
            (true, Some(agree), answer, String::new())
        }
    };
    Row {
        id,
        name: problem.name.clone(),
        solved,
        agree,
        answer,
        book,
        nodes: solver.nodes(),
        ms,
        reason,
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let json_dir = args.data.join("tsumego/19x19/json");
    let published = std::fs::read_to_string(args.data.join("published-results.txt"))
        .map(|t| published(&t))
        .unwrap_or_default();
    let only: Option<Vec<u32>> = args
        .only
        .as_ref()
        .map(|s| s.split(',').filter_map(|t| t.trim().parse().ok()).collect());
    let mut problems: Vec<(u32, Problem)> = Vec::new();
    for id in 1..=106u32 {
        if only.as_ref().is_some_and(|o| !o.contains(&id)) {
            continue;
        }
        let path = json_dir.join(format!("{id}.json"));
        match load_file(&path) {
            Ok(mut list) if list.len() == 1 => match list.remove(0) {
                Ok(p) => problems.push((id, p)),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            },
            Ok(_) => {
                eprintln!("error: {}: expected one problem", path.display());
                return ExitCode::from(2);
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let limits = TsumegoLimits {
        max_nodes: NonZeroU64::new(args.max_nodes),
        max_time: (args.max_time > 0.0).then(|| Duration::from_secs_f64(args.max_time)),
        table_entries: 1 << 21,
        plain_leaves: args.plain_leaves,
        no_eye_bound: args.no_eye_bound,
        zones: args.zones,
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs)
        .stack_size(solver::dfpn::SEARCH_STACK_BYTES)
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let rows: Vec<Row> = pool.install(|| {
        problems
            .par_iter()
            .map(|(id, p)| {
                let r = run_one(*id, p, &limits, args.tight);
                eprintln!(
                    "{:>3} {} {} {} ms",
                    r.id,
                    r.name,
                    if r.solved { "solved" } else { "open" },
                    r.ms
                );
                r
            })
            .collect()
    });
    println!(
        "{:>3}  {:<22} {:>6} {:>6} {:>6} {:>10} {:>8} {:>10} {:>10}",
        "id", "problem", "solved", "answer", "book", "nodes", "ms", "rzs-ftl", "t-exp"
    );
    let (mut solved, mut agree, mut pub_rzs, mut pub_texp) = (0, 0, 0, 0);
    let mut times: Vec<u64> = Vec::new();
    for r in &rows {
        let p = published.get(&r.id).cloned().unwrap_or_default();
        let show = |n: Option<u64>| n.map_or("-".to_string(), |v| v.to_string());
        println!(
            "{:>3}  {:<22} {:>6} {:>6} {:>6} {:>10} {:>8} {:>10} {:>10}{}",
            r.id,
            r.name,
            if r.solved { "yes" } else { "no" },
            if r.solved { r.answer.as_str() } else { "-" },
            r.book,
            r.nodes,
            r.ms,
            show(p.rzs),
            show(p.texp),
            match r.agree {
                Some(false) => "  DISAGREES".to_string(),
                _ if !r.reason.is_empty() => format!("  ({})", r.reason),
                _ => String::new(),
            }
        );
        solved += usize::from(r.solved);
        agree += usize::from(r.agree == Some(true));
        pub_rzs += usize::from(p.rzs.is_some());
        pub_texp += usize::from(p.texp.is_some());
        if r.solved {
            times.push(r.ms);
        }
    }
    times.sort_unstable();
    let median = times.get(times.len() / 2).copied().unwrap_or(0);
    println!(
        "solved {solved} of {} (agreeing with the book: {agree}); median time of the solved: \
         {median} ms; published: relevance-zone search {pub_rzs}, TSUMEGO EXPLORER {pub_texp}",
        rows.len()
    );
    ExitCode::SUCCESS
}
