//! `shikatsu verify`: checks problem collections against the solver, in parallel across
//! problems.
//!
//! Per problem: the marked correct first moves against the solver's best first moves
//! (`agree`, `wrong` when a marked answer is not best or a marked wrong move is, `dual`
//! when best moves are missing from the answers, `unknown`, `skipped` with a reason), then
//! every line of the solution tree: after each move of the player to move on a correct
//! line the player must still win (else `wrong`), and at the end of a wrong line it must
//! not (else `dual`: a second solution deeper in the tree).
//!
//! Exit code: 0 when every problem checked agrees, 1 when any is wrong, dual or unknown,
//! 2 when a file or problem could not be read (the others are still checked).

use crate::solve::{limits, prepare, solve_root, ProblemArgs};
use anyhow::Result;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::problems::{self, Problem};
use rayon::prelude::*;
use rules_core::{Color, Move, Position};
use serde::Serialize;
use solver::tsumego::{Class, Goal, Solution, TsumegoLimits, TsumegoSolver};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Output formats of `verify`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VerifyFormat {
    /// One line per problem, the solver's line under each disagreement, a summary.
    Text,
    /// One JSON object per problem per line, then a summary line.
    Json,
}

/// Flags of `verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Problem files (SGF, Cho JSON) or folders searched for them.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Problems solved at once (default: every core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = VerifyFormat::Text)]
    pub format: VerifyFormat,
    /// Do not check the lines of the solution trees, only the first moves.
    #[arg(long)]
    pub no_lines: bool,
    /// Solve the root only (one winning move) instead of classifying every first move; the
    /// default for problems that fix the ko master (Cho JSON).
    #[arg(long)]
    pub root_only: bool,
    /// Problem set-up and limits (applied to every problem).
    #[command(flatten)]
    pub setup: ProblemArgs,
}

/// The verdict on one problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The marked answers are exactly the best first moves.
    Agree,
    /// A marked answer is not best, a marked wrong move is, or a line is wrong.
    Wrong,
    /// Best first moves are missing from the marked answers.
    Dual,
    /// A limit was reached before the verdict.
    Unknown,
    /// Not checked (the reason says why).
    Skipped,
}

/// One problem's report (`verify --format json` line).
#[derive(Debug, Serialize)]
pub struct Report {
    file: String,
    problem: String,
    expected: Vec<String>,
    found: Vec<String>,
    verdict: Verdict,
    nodes: u64,
    ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pv: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    bad_lines: Vec<String>,
    #[serde(skip)]
    bad_input: bool,
}

/// The last line of `verify --format json`.
#[derive(Debug, Serialize)]
struct SummaryLine {
    summary: Summary,
}

/// Counts per verdict, in the order of the interface.
#[derive(Debug, Serialize)]
struct Summary {
    problems: usize,
    agree: usize,
    wrong: usize,
    dual: usize,
    unknown: usize,
    skipped: usize,
}

fn moves_text(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn skipped(file: &str, problem: &str, reason: String, bad_input: bool) -> Report {
    Report {
        file: file.to_string(),
        problem: problem.to_string(),
        expected: Vec::new(),
        found: Vec::new(),
        verdict: Verdict::Skipped,
        nodes: 0,
        ms: 0,
        result: None,
        pv: Vec::new(),
        reason: Some(reason),
        bad_lines: Vec::new(),
        bad_input,
    }
}

/// Whether the player to move in the problem still reaches `class` or better from `pos`
/// (reached by the player's own move), for line checks.
fn player_holds(
    solver: &mut TsumegoSolver,
    pos: &Position,
    player: Color,
    goal: Goal,
    class: Class,
) -> Result<bool, solver::dfpn::StopReason> {
    let got = solver.class_for(pos, player)?;
    Ok(got.rank(goal).unwrap_or(0) >= class.rank(goal).unwrap_or(3))
}

/// Checks the lines of the solution tree; returns the bad ones, described.
fn check_lines(
    solver: &mut TsumegoSolver,
    problem: &Problem,
    best: Class,
) -> Result<Vec<String>, solver::dfpn::StopReason> {
    let start = solver.problem().position.clone();
    let region = solver.problem().region;
    let player = start.to_move();
    let goal = solver.problem().goal();
    let mut bad = Vec::new();
    'lines: for line in &problem.lines {
        let mut pos = start.clone();
        let text: Vec<String> = line.moves.iter().map(|(c, m)| format!("{c} {m}")).collect();
        let mut last_player_pos = None;
        for &(color, mv) in &line.moves {
            if let Move::Play(p) = mv {
                if !region.contains(p) {
                    // Outside the searched region: the line cannot be judged here.
                    continue 'lines;
                }
            }
            if pos.to_move() != color {
                pos.set_to_move(color);
            }
            pos = match pos.play(mv) {
                Ok(p) => p,
                Err(_) => continue 'lines,
            };
            if color == player {
                if line.correct && !player_holds(solver, &pos, player, goal, best)? {
                    bad.push(format!(
                        "correct line {} fails after {color} {mv}",
                        text.join(", ")
                    ));
                    continue 'lines;
                }
                last_player_pos = Some(pos.clone());
            }
        }
        if !line.correct {
            // At the end of a wrong line the player must not reach the best class.
            let end = if line.moves.last().is_some_and(|(c, _)| *c == player) {
                last_player_pos.unwrap_or(pos)
            } else {
                pos
            };
            if best.rank(goal).unwrap_or(0) > 0 && player_holds(solver, &end, player, goal, best)? {
                bad.push(format!("wrong line {} still wins", text.join(", ")));
            }
        }
    }
    Ok(bad)
}

fn check(problem: &Problem, args: &VerifyArgs, limits: &TsumegoLimits) -> Report {
    let file = problem.file.display().to_string();
    let name = problem.name.clone();
    let Some(expected) = problem.expected.clone() else {
        return skipped(&file, &name, "the file gives no answer".into(), false);
    };
    let prepared = match prepare(problem, &args.setup) {
        Ok(p) => p,
        Err(e) => return skipped(&file, &name, format!("{e:#}"), false),
    };
    let start = Instant::now();
    let mut solver = TsumegoSolver::new(prepared.tsumego.clone(), limits);
    let root_only = args.root_only || prepared.attacker_ko_master;
    let solution: Solution = if root_only {
        solve_root(&mut solver, prepared.attacker_ko_master)
    } else {
        solver.solve_all()
    };
    let found: Vec<Move> = solution.best.clone();
    let (mut verdict, mut reason) = if root_only {
        root_verdict(
            &mut solver,
            &solution,
            &expected.correct,
            expected.player_wins,
        )
    } else {
        full_verdict(&solution, &expected.correct, &expected.wrong)
    };
    let mut bad_lines = Vec::new();
    if !args.no_lines
        && !root_only
        && matches!(verdict, Verdict::Agree | Verdict::Dual)
        && !problem.lines.is_empty()
    {
        match check_lines(&mut solver, problem, solution.class) {
            Ok(bad) => bad_lines = bad,
            Err(r) => {
                verdict = Verdict::Unknown;
                reason = Some(format!("checking the lines: {r}"));
            }
        }
        if bad_lines.iter().any(|b| b.starts_with("correct")) {
            verdict = Verdict::Wrong;
            reason = Some("a correct line of the solution tree fails".into());
        } else if !bad_lines.is_empty() {
            // A line marked wrong that still wins is a second solution deeper in the tree.
            verdict = Verdict::Dual;
            reason = Some("a line marked wrong still wins".into());
        }
    }
    if expected.says_ko && solution.class == Class::Win && verdict == Verdict::Agree {
        reason = Some("the file says ko; the solver wins without one".into());
    }
    Report {
        file,
        problem: name,
        expected: moves_text(&expected.correct),
        found: moves_text(&found),
        verdict,
        nodes: solver.nodes(),
        ms: start.elapsed().as_millis() as u64,
        result: Some(solution.class.name().to_string()),
        pv: solution
            .pv
            .iter()
            .map(|(c, m)| format!("{c} {m}"))
            .collect(),
        reason,
        bad_lines,
        bad_input: false,
    }
}

/// The verdict when every first move was classified.
fn full_verdict(
    solution: &Solution,
    correct: &[Move],
    wrong: &[Move],
) -> (Verdict, Option<String>) {
    let goal = solution.goal;
    let class_of = |mv: Move| solution.moves.iter().find(|m| m.mv == mv).map(|m| m.class);
    let best_rank = solution
        .moves
        .iter()
        .filter_map(|m| m.class.rank(goal))
        .max()
        .unwrap_or(0);
    if correct.is_empty() {
        // The file says the player to move fails.
        return match solution.class {
            Class::Fail => (Verdict::Agree, None),
            Class::Unknown(r) => (Verdict::Unknown, Some(r.to_string())),
            c => (
                Verdict::Wrong,
                Some(format!(
                    "the file says every move fails; the solver finds {c}"
                )),
            ),
        };
    }
    for &mv in correct {
        match class_of(mv) {
            None => {
                // The region (inferred or given) leaves the answer out: the solver cannot
                // judge this problem as set up.
                return (
                    Verdict::Skipped,
                    Some(format!(
                        "marked answer {mv} is outside the region or illegal; give --region"
                    )),
                );
            }
            Some(Class::Unknown(r)) => {
                return (Verdict::Unknown, Some(format!("{mv}: {r}")));
            }
            Some(c) if c.rank(goal) < Some(best_rank) || best_rank == 0 => {
                return (Verdict::Wrong, Some(format!("marked answer {mv} is {c}")));
            }
            Some(_) => {}
        }
    }
    if let Some(&mv) = wrong
        .iter()
        .find(|&&mv| class_of(mv).and_then(|c| c.rank(goal)) == Some(best_rank))
    {
        return (
            Verdict::Wrong,
            Some(format!(
                "marked wrong move {mv} is {}",
                class_of(mv).map_or("?", |c| c.name())
            )),
        );
    }
    let extra: Vec<String> = solution
        .best
        .iter()
        .filter(|m| !correct.contains(m))
        .map(|m| m.to_string())
        .collect();
    if !extra.is_empty() {
        return (
            Verdict::Dual,
            Some(format!("also best: {}", extra.join(" "))),
        );
    }
    if let Some(m) = solution
        .moves
        .iter()
        .find(|m| matches!(m.class, Class::Unknown(_)))
    {
        return (
            Verdict::Unknown,
            Some(format!("{} undecided: a dual cannot be ruled out", m.mv)),
        );
    }
    (Verdict::Agree, None)
}

/// The verdict when only the root was solved.
fn root_verdict(
    solver: &mut TsumegoSolver,
    solution: &Solution,
    correct: &[Move],
    player_wins: bool,
) -> (Verdict, Option<String>) {
    let wins = match solution.class {
        Class::Unknown(r) => return (Verdict::Unknown, Some(r.to_string())),
        Class::Win | Class::Ko => true,
        _ => false,
    };
    match (wins, player_wins) {
        (false, false) => (Verdict::Agree, None),
        (true, false) => (
            Verdict::Wrong,
            Some("the file says the player fails; the solver wins".into()),
        ),
        (false, true) => (
            Verdict::Wrong,
            Some("the file says the player wins; the solver fails".into()),
        ),
        (true, true) => {
            if solution.best.iter().any(|m| correct.contains(m)) {
                return (Verdict::Agree, None);
            }
            // Another first move: is the book's one winning too?
            let problem = solver.problem().clone();
            let player = problem.position.to_move();
            let Some(&book) = correct.first() else {
                return (Verdict::Dual, None);
            };
            let Ok(child) = problem.position.play(book) else {
                return (Verdict::Wrong, Some(format!("{book} is illegal")));
            };
            let master = problem.attacker;
            let r = solver.kills(&child, master);
            match r {
                Err(r) => (Verdict::Unknown, Some(format!("{book}: {r}"))),
                Ok(kills) if kills == (player == problem.attacker) => (
                    Verdict::Dual,
                    Some(format!("{book} wins, and so does {}", solution.best[0])),
                ),
                Ok(_) => (Verdict::Wrong, Some(format!("{book} fails"))),
            }
        }
    }
}

/// Runs `verify`.
///
/// # Errors
/// A path that does not exist, or bad flags.
pub fn run(args: VerifyArgs) -> Result<ExitCode> {
    let limits = limits(&args.setup)?;
    let files = problems::problem_files(&args.paths)?;
    let mut items: Vec<Result<Problem, (String, String)>> = Vec::new();
    for f in &files {
        match problems::load_file(f) {
            Ok(list) => {
                for p in list {
                    items.push(p.map_err(|e| (f.display().to_string(), e.to_string())));
                }
            }
            Err(e) => items.push(Err((f.display().to_string(), e.to_string()))),
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()?;
    // A bar on a terminal only: indicatif draws nothing when standard error is redirected,
    // so logs and JSON consumers see no progress noise.
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new(items.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} problems, {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let reports: Vec<Report> = pool.install(|| {
        items
            .par_iter()
            .map(|item| {
                let r = match item {
                    Ok(p) => check(p, &args, &limits),
                    Err((file, e)) => skipped(file, "", e.clone(), true),
                };
                bar.inc(1);
                r
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut out = std::io::stdout().lock();
    let count = |v: Verdict| reports.iter().filter(|r| r.verdict == v).count();
    match args.format {
        VerifyFormat::Json => {
            for r in &reports {
                serde_json::to_writer(&mut out, r)?;
                writeln!(out)?;
            }
            let summary = SummaryLine {
                summary: Summary {
                    problems: reports.len(),
                    agree: count(Verdict::Agree),
                    wrong: count(Verdict::Wrong),
                    dual: count(Verdict::Dual),
                    unknown: count(Verdict::Unknown),
                    skipped: count(Verdict::Skipped),
                },
            };
            serde_json::to_writer(&mut out, &summary)?;
            writeln!(out)?;
        }
        VerifyFormat::Text => {
            for r in &reports {
                let name = if r.problem.is_empty() || r.file.ends_with(&r.problem) {
                    r.file.clone()
                } else {
                    format!("{} {}", r.file, r.problem)
                };
                let verdict = serde_json::to_value(r.verdict)?;
                let verdict = verdict.as_str().unwrap_or("?");
                write!(out, "{verdict:<8} {name}")?;
                if r.verdict != Verdict::Skipped {
                    write!(
                        out,
                        "  expected {}  found {}  ({} nodes, {} ms)",
                        list_or_none(&r.expected),
                        list_or_none(&r.found),
                        r.nodes,
                        r.ms
                    )?;
                }
                writeln!(out)?;
                if let Some(reason) = &r.reason {
                    writeln!(out, "         {reason}")?;
                }
                for b in &r.bad_lines {
                    writeln!(out, "         {b}")?;
                }
                if matches!(r.verdict, Verdict::Wrong | Verdict::Dual) && !r.pv.is_empty() {
                    writeln!(out, "         solver's line: {}", r.pv.join(", "))?;
                }
            }
            writeln!(
                out,
                "{} problems: {} agree, {} wrong, {} dual, {} unknown, {} skipped",
                reports.len(),
                count(Verdict::Agree),
                count(Verdict::Wrong),
                count(Verdict::Dual),
                count(Verdict::Unknown),
                count(Verdict::Skipped)
            )?;
        }
    }
    out.flush()?;
    let code = if reports.iter().any(|r| r.bad_input) {
        2
    } else if reports
        .iter()
        .any(|r| matches!(r.verdict, Verdict::Wrong | Verdict::Dual | Verdict::Unknown))
    {
        1
    } else {
        0
    };
    Ok(ExitCode::from(code))
}

fn list_or_none(v: &[String]) -> String {
    if v.is_empty() {
        "-".to_string()
    } else {
        v.join(" ")
    }
}
