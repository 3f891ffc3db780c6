//! `shikatsu verify`: checks problem collections against the solver, in parallel across
//! problems.
//!
//! Per problem: the marked correct first moves against the solver's best first moves
//! (`agree`, `wrong` when a marked answer is not best or a marked wrong move is, `dual`
//! when best moves are missing from the answers, `unknown`, `skipped` with a reason), then
//! every line of the solution tree: after each move of the player to move on a correct
//! line the player must still win (else `wrong`), and at the end of a wrong line it must
//! not (else `dual`: a second solution deeper in the tree). A limit that stops the line
//! check leaves the problem `unknown`, except for what it has proved by then: a line found
//! bad, or a `dual` of the first moves, stands.
//!
//! Exit code: 0 when every problem checked agrees, 1 when any is wrong, dual or unknown,
//! 2 when a file or problem could not be read (the others are still checked).

use crate::sentences::Language;
use crate::solve::{
    limits, prepare, pv_text, solve_root, Found, GoalArg, Prepared, ProblemArgs, RegionRule,
    TargetInference,
};
use anyhow::Result;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::problems::{self, Problem};
use rayon::prelude::*;
use rules_core::{Color, Move};
use serde::Serialize;
use solver::dfpn::StopReason;
use solver::tsumego::{Class, Solution, TsumegoLimits, TsumegoSolver};
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

/// Why a problem got its verdict, when the verdict alone does not say it. The words are in
/// `sentences/verify.rs`; the JSON gives them in English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The file marks no answer.
    NoAnswer,
    /// The file or the problem could not be read or set up: the error, as it was reported.
    Error(String),
    /// A search limit stopped the check of the solution tree's lines.
    CheckingLines(LinesStopped),
    /// A `dual` found from the first moves (its note) whose solution tree's lines a
    /// search limit stopped checking: the second solution stands; a line the check did not
    /// reach could still show a correct line failing.
    LinesUnchecked {
        /// The note of the dual.
        dual: Box<Note>,
        /// Where the check stopped.
        stopped: LinesStopped,
    },
    /// A line marked correct fails somewhere.
    CorrectLineFails,
    /// A line marked wrong still wins.
    WrongLineWins,
    /// The file says the answer is a ko; the solver wins without one.
    KoInFileWinFound,
    /// The file says every move fails; the solver finds this class.
    FileSaysFail(Class),
    /// A limit stopped the solver.
    Undecided(StopReason),
    /// A limit stopped the solver on this marked answer.
    MoveUndecided(Move, StopReason),
    /// A limit stopped the solver on this marked answer of a kill problem, whose plain
    /// capture was proved with the given ko master: the question after the capture is open.
    CaptureProved(Move, StopReason, Color),
    /// A marked answer is not among the moves solved (outside the region, or illegal).
    AnswerOutsideRegion(Move),
    /// A marked answer is not best: its class.
    AnswerIs(Move, Class),
    /// A move marked wrong is best: its class.
    WrongMoveIs(Move, Class),
    /// Best moves the file does not mark.
    AlsoBest(Vec<Move>),
    /// These first moves are undecided (every one, in the order of the first moves), so a
    /// second answer cannot be ruled out: more nodes for them, or a smaller region,
    /// decide it.
    DualUndecided(Vec<Move>),
    /// The file says the player fails; the solver wins.
    FileFailsSolverWins,
    /// The file says the player wins; the solver fails.
    FileWinsSolverFails,
    /// The book's move is illegal.
    BookIllegal(Move),
    /// A limit stopped the check of the book's move.
    BookUndecided(Move, StopReason),
    /// The book's move wins, and so does the solver's other one.
    BookWinsToo(Move, Move),
    /// The book's move fails.
    BookFails(Move),
    /// Under the region rule `rule` the player reached its goal by passing, which a book's
    /// problem with a move for answer rules out: the problem was judged under `used`.
    PassingWins {
        /// The rule tried first.
        rule: RegionRule,
        /// The rule whose set-up was judged.
        used: RegionRule,
    },
    /// Under the region rule `rule` no first move, the pass included, reached the player's
    /// goal, which a book's problem with a move for answer rules out: the problem was
    /// judged under `used`.
    NothingWorks {
        /// The rule tried first.
        rule: RegionRule,
        /// The rule whose set-up was judged.
        used: RegionRule,
    },
    /// The verdict first found (`wrong` or `dual`) came from an inferred region that leaves
    /// out points the book's own lines play: the problem was judged again with them in the
    /// region (`--tree-region`), and this is that verdict's.
    BookPointsAdded(Verdict),
    /// The verdict found in the inferred region, with its reason, is not found in the
    /// region the other inference rule gives (`None`: that rule could not set the problem
    /// up), so it may be the region's doing: reported as `unknown`.
    RegionDependent {
        /// The verdict in the region of the rule used.
        verdict: Verdict,
        /// The other rule.
        rule: RegionRule,
        /// Its verdict.
        other: Option<Verdict>,
    },
    /// The verdict found in the inferred region, with its reason, is not found when the
    /// defender's liberties just outside it are framed too, or left open (whichever the
    /// first set-up did not do; `--close-escapes`), so it may rest on a defender string
    /// counted safe only because the region stops short of the book's implied wall:
    /// reported as `unknown`.
    EscapesDependent {
        /// The verdict of the set-up used.
        verdict: Verdict,
        /// Whether the other set-up closed the escapes.
        closed: bool,
        /// Its verdict (`None`: it could not be set up).
        other: Option<Verdict>,
    },
    /// The verdict found in the inferred region, with its reason, is not found in the
    /// region one ring of empty points wider (`--grow-region`), whose frame stands further
    /// out: it may rest on a liberty the frame took from a stone on the region's edge (a ko
    /// or a capture the real board does not have), so it is reported as `unknown`.
    GrowthDependent {
        /// The verdict of the set-up used.
        verdict: Verdict,
        /// Its verdict one ring wider (`None`: it could not be set up).
        other: Option<Verdict>,
    },
    /// The verdict found with the inferred target, with its reason, is not found with the
    /// target another inference rule gives (`None`: that set-up failed), so it may be the
    /// inferred target's doing: reported as `unknown`.
    TargetDependent {
        /// The verdict with the inferred target.
        verdict: Verdict,
        /// The other target rule.
        rule: TargetInference,
        /// Its verdict.
        other: Option<Verdict>,
    },
    /// The verdict found with the inferred goal (the side whose stones are the wall
    /// attacks), where no first move reaches that goal, is not found with the other goal,
    /// so it may be the inferred goal's doing: reported as `unknown`. A problem can be about saving the
    /// player's own stones in a fight with a group the goal rule takes for the target
    /// (Go Game Guru `hard-79`: Black wins a capturing race, White keeps two eyes).
    GoalDependent {
        /// The verdict with the inferred goal.
        verdict: Verdict,
        /// The other goal.
        goal: GoalArg,
        /// Its verdict (`None`: that set-up failed).
        other: Option<Verdict>,
    },
}

/// Why a problem stayed `unknown`, in the two kinds a user answers differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnknownCause {
    /// A search limit stopped the solver or the check of the lines: more nodes or time may
    /// decide it.
    Limit,
    /// A disagreement found in the inferred set-up that another set-up does not repeat: a
    /// region, target or goal given by hand decides it.
    SetUp,
}

impl Note {
    /// What the note accuses the book of, for comparing the verdicts of two set-ups: a
    /// dual whose lines were not all checked accuses it of that dual.
    fn accusation(&self) -> &Note {
        match self {
            Note::LinesUnchecked { dual, .. } => dual.accusation(),
            note => note,
        }
    }

    /// The cause of an `unknown` verdict this note gives (`None` for the notes of the
    /// other verdicts).
    pub fn unknown_cause(&self) -> Option<UnknownCause> {
        match self {
            Note::CheckingLines(_)
            | Note::Undecided(_)
            | Note::MoveUndecided(..)
            | Note::CaptureProved(..)
            | Note::DualUndecided(_)
            | Note::BookUndecided(..) => Some(UnknownCause::Limit),
            Note::RegionDependent { .. }
            | Note::EscapesDependent { .. }
            | Note::GrowthDependent { .. }
            | Note::TargetDependent { .. }
            | Note::GoalDependent { .. } => Some(UnknownCause::SetUp),
            Note::NoAnswer
            | Note::Error(_)
            | Note::CorrectLineFails
            | Note::WrongLineWins
            | Note::KoInFileWinFound
            | Note::FileSaysFail(_)
            | Note::AnswerOutsideRegion(_)
            | Note::AnswerIs(..)
            | Note::WrongMoveIs(..)
            | Note::AlsoBest(_)
            | Note::LinesUnchecked { .. }
            | Note::FileFailsSolverWins
            | Note::FileWinsSolverFails
            | Note::BookIllegal(_)
            | Note::BookWinsToo(..)
            | Note::BookFails(_)
            | Note::PassingWins { .. }
            | Note::BookPointsAdded(_)
            | Note::NothingWorks { .. } => None,
        }
    }
}

/// A line of the solution tree that the check refutes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadLine {
    /// A line marked correct, and the move of the player after which it fails.
    CorrectFails {
        /// The line's moves.
        line: Vec<(Color, Move)>,
        /// The player's move after which the player no longer wins.
        after: (Color, Move),
    },
    /// A line marked wrong that still wins.
    WrongWins {
        /// The line's moves.
        line: Vec<(Color, Move)>,
    },
}

fn moves_json<S: serde::Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(Move::to_string))
}

fn line_json<S: serde::Serializer>(line: &[(Color, Move)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(pv_text(line))
}

fn note_json<S: serde::Serializer>(note: &Option<Note>, s: S) -> Result<S::Ok, S::Error> {
    match note {
        Some(n) => s.serialize_some(&Language::English.verify_note(n)),
        None => s.serialize_none(),
    }
}

fn notes_json<S: serde::Serializer>(notes: &[Note], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(notes.iter().map(|n| Language::English.verify_note(n)))
}

fn bad_lines_json<S: serde::Serializer>(lines: &[BadLine], s: S) -> Result<S::Ok, S::Error> {
    let text: Vec<String> = lines
        .iter()
        .map(|b| Language::English.bad_line(b))
        .collect();
    s.collect_seq(text)
}

/// One problem's report (`verify --format json` line).
#[derive(Debug, Serialize)]
pub struct Report {
    file: String,
    problem: String,
    #[serde(serialize_with = "moves_json")]
    expected: Vec<Move>,
    #[serde(serialize_with = "moves_json")]
    found: Vec<Move>,
    verdict: Verdict,
    nodes: u64,
    ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty", serialize_with = "line_json")]
    pv: Vec<(Color, Move)>,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "note_json")]
    reason: Option<Note>,
    /// The changes made to the inferred set-up before the verdict (a region rule replaced,
    /// the book's points added), in order: kept apart from `reason`, which is the final
    /// set-up's own, so that an `unknown` after a change still says why the set-up changed.
    #[serde(skip_serializing_if = "Vec::is_empty", serialize_with = "notes_json")]
    setup: Vec<Note>,
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "bad_lines_json"
    )]
    bad_lines: Vec<BadLine>,
    #[serde(skip)]
    bad_input: bool,
}

/// The last line of `verify --format json`.
#[derive(Debug, Serialize)]
struct SummaryLine {
    summary: Summary,
}

/// Counts per verdict, in the order of the interface, then (beyond it) the `unknown` ones
/// by cause.
#[derive(Debug, Serialize)]
struct Summary {
    problems: usize,
    agree: usize,
    wrong: usize,
    dual: usize,
    unknown: usize,
    skipped: usize,
    /// The `unknown` verdicts a search limit left open.
    unknown_at_limit: usize,
    /// Of those, the ones left open in a set-up that replaced the inferred one (its region
    /// rule ruled out, or the book's points added): more nodes may decide them, but the
    /// replaced set-up says the inference did not find the book's problem.
    unknown_at_limit_after_setup_change: usize,
    /// The `unknown` verdicts that rest on the inferred set-up.
    unknown_on_setup: usize,
}

/// How many `unknown` reports have each cause: (a search limit, of those the ones in a
/// set-up that replaced the inferred one, the inferred set-up).
fn unknown_causes(reports: &[Report]) -> (usize, usize, usize) {
    let (mut at_limit, mut replaced, mut on_setup) = (0, 0, 0);
    for r in reports.iter().filter(|r| r.verdict == Verdict::Unknown) {
        match r.reason.as_ref().and_then(Note::unknown_cause) {
            Some(UnknownCause::Limit) => {
                at_limit += 1;
                replaced += usize::from(!r.setup.is_empty());
            }
            Some(UnknownCause::SetUp) => on_setup += 1,
            None => {}
        }
    }
    (at_limit, replaced, on_setup)
}

fn skipped(file: &str, problem: &str, reason: Note, bad_input: bool) -> Report {
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
        setup: Vec::new(),
        bad_lines: Vec::new(),
        bad_input,
    }
}

/// The check of a solution tree's lines: the bad lines found, and where a limit stopped
/// it before every line was checked (the bad lines found by then stand).
struct LinesChecked {
    bad: Vec<BadLine>,
    stopped: Option<LinesStopped>,
}

/// Where a limit stopped the check of a solution tree's lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinesStopped {
    /// The limit reached.
    pub reason: StopReason,
    /// The lines checked whole before it.
    pub checked: usize,
    /// The lines of the tree.
    pub lines: usize,
}

/// Checks the lines of the solution tree, in the file's order, until a limit stops it.
fn check_lines(solver: &mut TsumegoSolver, problem: &Problem, best: Class) -> LinesChecked {
    // The first moves of the correct lines: a line that starts with one and ends on the
    // player's move with no comment is a correct line the book left unmarked (its wrong
    // lines end on the opponent's refutation, or say why), so it is not judged as wrong.
    let correct_firsts: Vec<(Color, Move)> = problem
        .lines
        .iter()
        .filter(|l| l.correct)
        .filter_map(|l| l.moves.first().copied())
        .collect();
    let mut bad = Vec::new();
    let lines = problem.lines.len();
    for (checked, line) in problem.lines.iter().enumerate() {
        if let Err(reason) = check_line(solver, best, line, &correct_firsts, &mut bad) {
            let stopped = LinesStopped {
                reason,
                checked,
                lines,
            };
            return LinesChecked {
                bad,
                stopped: Some(stopped),
            };
        }
    }
    LinesChecked { bad, stopped: None }
}

/// Checks one line of the solution tree (`correct_firsts`: the first moves of the tree's
/// correct lines); a bad one is pushed on `bad`.
fn check_line(
    solver: &mut TsumegoSolver,
    best: Class,
    line: &problems::Line,
    correct_firsts: &[(Color, Move)],
    bad: &mut Vec<BadLine>,
) -> Result<(), StopReason> {
    let start = solver.problem().position.clone();
    let region = solver.problem().region;
    let player = start.to_move();
    let goal = solver.problem().goal();
    let unmarked = line.comment.trim().is_empty()
        && line.moves.last().is_some_and(|&(c, _)| c == player)
        && line
            .moves
            .first()
            .is_some_and(|first| correct_firsts.contains(first));
    let mut pos = start;
    let mut last_player_pos = None;
    for &(color, mv) in &line.moves {
        if let Move::Play(p) = mv {
            if !region.contains(p) {
                // Outside the searched region: the line cannot be judged here.
                return Ok(());
            }
        }
        if pos.to_move() != color {
            pos.set_to_move(color);
        }
        pos = match pos.play(mv) {
            Ok(p) => p,
            Err(_) => return Ok(()),
        };
        if color == player {
            if line.correct && !solver.reaches_class(&pos, player, best)? {
                bad.push(BadLine::CorrectFails {
                    line: line.moves.clone(),
                    after: (color, mv),
                });
                return Ok(());
            }
            last_player_pos = Some(pos.clone());
        }
    }
    if !line.correct && !line.workable() && !unmarked {
        // At the end of a wrong line the player must not reach the best class.
        let end = if line.moves.last().is_some_and(|(c, _)| *c == player) {
            last_player_pos.unwrap_or(pos)
        } else {
            pos
        };
        if best.rank(goal).unwrap_or(0) > 0 && solver.reaches_class(&end, player, best)? {
            bad.push(BadLine::WrongWins {
                line: line.moves.clone(),
            });
        }
    }
    Ok(())
}

/// A problem judged under one set-up.
struct Judged {
    verdict: Verdict,
    reason: Option<Note>,
    bad_lines: Vec<BadLine>,
    solution: Solution,
    nodes: u64,
}

/// Solves the problem as `setup` sets it up and compares with the file's answers.
fn judge(
    problem: &Problem,
    prepared: &Prepared,
    args: &VerifyArgs,
    limits: &TsumegoLimits,
    expected: &problems::Expected,
) -> Judged {
    let mut solver = TsumegoSolver::new(prepared.tsumego.clone(), limits);
    let root_only = args.root_only || prepared.attacker_ko_master;
    let solution: Solution = if root_only {
        solve_root(&mut solver, prepared.attacker_ko_master)
    } else {
        // Only the book's answers need their exact class; every other move, the book's
        // refuted tries included, only its rank against the best of the answers
        // (`TsumegoSolver::solve_marked`): a try that reaches it gets its class.
        solver.solve_marked(&expected.correct)
    };
    let (mut verdict, mut reason) = if root_only {
        root_verdict(
            &mut solver,
            &solution,
            &expected.correct,
            expected.player_wins,
        )
    } else {
        let (verdict, reason) = full_verdict(&solution, expected);
        (verdict, capture_noted(&solver, reason))
    };
    let mut bad_lines = Vec::new();
    if !args.no_lines
        && !root_only
        && matches!(verdict, Verdict::Agree | Verdict::Dual)
        && !problem.lines.is_empty()
    {
        // What a check stopped by a limit has proved stands: a dual found from the first
        // moves is a second solution however the unchecked lines go, and a line found bad
        // is the book's error whatever the others show (below).
        let checked = check_lines(&mut solver, problem, solution.class);
        bad_lines = checked.bad;
        if let Some(stopped) = checked.stopped {
            reason = Some(match (verdict, reason.take()) {
                (Verdict::Dual, Some(dual)) => Note::LinesUnchecked {
                    dual: Box::new(dual),
                    stopped,
                },
                _ => {
                    verdict = Verdict::Unknown;
                    Note::CheckingLines(stopped)
                }
            });
        }
        if bad_lines
            .iter()
            .any(|b| matches!(b, BadLine::CorrectFails { .. }))
        {
            verdict = Verdict::Wrong;
            reason = Some(Note::CorrectLineFails);
        } else if !bad_lines.is_empty() {
            // A line marked wrong that still wins is a second solution deeper in the tree.
            verdict = Verdict::Dual;
            reason = Some(Note::WrongLineWins);
        }
    }
    if expected.says_ko && solution.class == Class::Win && verdict == Verdict::Agree {
        reason = Some(Note::KoInFileWinFound);
    }
    Judged {
        verdict,
        reason,
        bad_lines,
        nodes: solver.nodes(),
        solution,
    }
}

/// Whether the player to move reaches its goal even by passing.
fn passing_wins(solution: &Solution) -> bool {
    solution
        .moves
        .iter()
        .any(|m| m.mv == Move::Pass && m.class == Class::Win)
}

/// What rules a set-up out as the book's problem when the book's answer is a move: the
/// note that says so, with the rule tried first and the rule used instead.
type SetUpFault = fn(RegionRule, RegionRule) -> Note;

/// Why `solution`'s set-up cannot be the problem of a book whose answer is a move: the
/// player reaches its goal even by passing, or no first move reaches it at all (every one
/// proved to fail). `None` when neither.
fn setup_fault(solution: &Solution) -> Option<SetUpFault> {
    if passing_wins(solution) {
        Some(|rule, used| Note::PassingWins { rule, used })
    } else if solution.class == Class::Fail {
        Some(|rule, used| Note::NothingWorks { rule, used })
    } else {
        None
    }
}

/// Another way to infer the region, under which a disagreement with the book must hold too.
#[derive(Clone, Copy)]
enum RegionCheck {
    /// The other region rule.
    Rule(RegionRule),
    /// The defender's liberties just outside the region framed (`true`) or left open.
    Escapes(bool),
    /// The region one ring of empty points wider, the frame that much further out.
    Grown,
}

fn check(problem: &Problem, args: &VerifyArgs, limits: &TsumegoLimits) -> Report {
    let file = problem.file.display().to_string();
    let name = problem.name.clone();
    let Some(expected) = problem.expected.clone() else {
        return skipped(&file, &name, Note::NoAnswer, false);
    };
    let mut prepared = match prepare(problem, &args.setup) {
        Ok(p) => p,
        Err(e) => return skipped(&file, &name, Note::Error(format!("{e:#}")), false),
    };
    let start = Instant::now();
    let mut judged = judge(problem, &prepared, args, limits, &expected);
    let mut nodes = judged.nodes;
    // A set-up in which the player reaches its goal by passing, or by no move at all,
    // cannot be the book's problem, whose answer is a move that works: the inferred region
    // or its frame decided it (a frame that closes the defender's eye space, a wall cut
    // off, a frame stone that takes a liberty in a capturing race). The other rule's region
    // is used instead when it does not have a fault of its own.
    let mut setup = args.setup.clone();
    let mut setup_changes = Vec::new();
    let book_moves = !expected.correct.is_empty() && !expected.correct.contains(&Move::Pass);
    let fault = setup_fault(&judged.solution);
    if let Some(fault) = fault.filter(|_| book_moves && prepared.region_from.is_inferred()) {
        let mut other = args.setup.clone();
        other.region_rule = args.setup.region_rule.other();
        if let Ok(p) = prepare(problem, &other) {
            let second = judge(problem, &p, args, limits, &expected);
            nodes += second.nodes;
            if setup_fault(&second.solution).is_none() {
                judged = second;
                setup_changes.push(fault(args.setup.region_rule, other.region_rule));
                // The checks below start from the set-up judged, not the one dropped.
                setup = other;
                prepared = p;
            }
        }
    }
    // A disagreement found in an inferred region that leaves out points the book's own
    // lines play (a wrong line's block or throw-in, right or wrong) is judged again with
    // them in the region: the book reads play there, so a region without them is not its
    // problem (Go Game Guru `easy-29`: the book refutes C1 with a fight at B3 and A3 that
    // the inferred region frames away). That verdict replaces the first, and the checks
    // below start from it.
    if matches!(judged.verdict, Verdict::Wrong | Verdict::Dual)
        && prepared.region_from.is_inferred()
        && !setup.tree_region
    {
        let mut other = setup.clone();
        other.tree_region = true;
        if let Ok(p) = prepare(problem, &other) {
            if p.tsumego.region != prepared.tsumego.region {
                let first = judged.verdict;
                let second = judge(problem, &p, args, limits, &expected);
                nodes += second.nodes;
                judged = second;
                setup_changes.push(Note::BookPointsAdded(first));
                setup = other;
                prepared = p;
            }
        }
    }
    // The verdict under another set-up (`None` when that set-up fails), its nodes counted,
    // and whether it makes the same accusation (verdict and reason: a `wrong` for another
    // move does not confirm this one).
    let mut verdict_under = |other: Option<Prepared>, judged: &Judged| {
        let second = other.map(|p| judge(problem, &p, args, limits, &expected));
        nodes += second.as_ref().map_or(0, |j| j.nodes);
        let same = second.as_ref().is_some_and(|j| {
            j.verdict == judged.verdict
                && j.reason.as_ref().map(Note::accusation)
                    == judged.reason.as_ref().map(Note::accusation)
        });
        (second.map(|j| j.verdict), same)
    };
    // A disagreement with the book found in an inferred region may be the region's doing
    // (a frame that closes an escape, a cut through the defender's space): it is reported
    // only if the other inference rule's region gives the same verdict, and so does the
    // other choice for the defender's liberties just outside the region (a string that
    // keeps one is safe, which the book's drawing of an enclosed problem may not mean).
    let other_rule = setup.region_rule.other();
    for check in [
        RegionCheck::Rule(other_rule),
        RegionCheck::Escapes(!setup.close_escapes),
        RegionCheck::Grown,
    ] {
        if !matches!(judged.verdict, Verdict::Wrong | Verdict::Dual)
            || !prepared.region_from.is_inferred()
        {
            break;
        }
        let mut other = setup.clone();
        match check {
            RegionCheck::Rule(rule) => other.region_rule = rule,
            RegionCheck::Escapes(closed) => other.close_escapes = closed,
            RegionCheck::Grown => other.grow_region = other.grow_region.saturating_add(1),
        }
        let (other, same) = verdict_under(prepare(problem, &other).ok(), &judged);
        hedge(&mut judged, same, |verdict| match check {
            RegionCheck::Rule(rule) => Note::RegionDependent {
                verdict,
                rule,
                other,
            },
            RegionCheck::Escapes(closed) => Note::EscapesDependent {
                verdict,
                closed,
                other,
            },
            RegionCheck::Grown => Note::GrowthDependent { verdict, other },
        });
    }
    // The same for an inferred target: the book is accused only if the largest capturable
    // string, and the whole group, as the target give the same verdict (where they are
    // other stones). A book's target is often not the string a rule picks: a live problem
    // may give up a small string (Go Game Guru `easy-19`), a kill problem may be about the
    // whole group.
    let inferred_target = matches!(
        prepared.target_from,
        Found::CorrectLines | Found::LargestCapturable | Found::EveryCapturable
    );
    for rule in [TargetInference::Largest, TargetInference::Group] {
        if !matches!(judged.verdict, Verdict::Wrong | Verdict::Dual) || !inferred_target {
            break;
        }
        let mut other = setup.clone();
        other.target_inference = rule;
        let second = prepare(problem, &other).ok();
        if second
            .as_ref()
            .is_none_or(|p| p.tsumego.target != prepared.tsumego.target)
        {
            let (other, same) = verdict_under(second, &judged);
            hedge(&mut judged, same, |verdict| Note::TargetDependent {
                verdict,
                rule,
                other,
            });
        }
    }
    // And for an inferred goal, where no first move reaches it: a problem the player cannot
    // solve whatever it plays may not be the book's. The book is accused then only if the
    // other goal, with its own inferred target, makes the same accusation. (Where some move
    // reaches the goal, the problem as read is a real one; the other goal's set-up would
    // ask about the wall, and its verdict would say nothing of the book.)
    if judged.verdict == Verdict::Wrong
        && judged.solution.best.is_empty()
        && inferred_target
        && setup.goal.is_none()
    {
        let goal = if prepared.tsumego.attacker == prepared.tsumego.position.to_move() {
            GoalArg::Live
        } else {
            GoalArg::Kill
        };
        let mut other = setup.clone();
        other.goal = Some(goal);
        let (other, same) = verdict_under(prepare(problem, &other).ok(), &judged);
        hedge(&mut judged, same, |verdict| Note::GoalDependent {
            verdict,
            goal,
            other,
        });
    }
    let solution = &judged.solution;
    Report {
        file,
        problem: name,
        expected: expected.correct.clone(),
        found: solution.best.clone(),
        verdict: judged.verdict,
        nodes,
        ms: start.elapsed().as_millis() as u64,
        result: Some(solution.class.name().to_string()),
        pv: solution.pv.clone(),
        reason: judged.reason,
        setup: setup_changes,
        bad_lines: judged.bad_lines,
        bad_input: false,
    }
}

/// Reports `judged` as `unknown`, with the note `note` makes of its verdict, when another
/// set-up did not make the same accusation.
fn hedge(judged: &mut Judged, same: bool, note: impl FnOnce(Verdict) -> Note) {
    if !same {
        judged.reason = Some(note(judged.verdict));
        judged.verdict = Verdict::Unknown;
    }
}

/// A marked answer of a kill problem left undecided, noted with what its capture alone
/// has shown: the strongest ko master (the defender first) under which the solver's
/// searches proved the plain capture after the answer.
fn capture_noted(solver: &TsumegoSolver, reason: Option<Note>) -> Option<Note> {
    let Some(Note::MoveUndecided(mv, r)) = reason else {
        return reason;
    };
    let problem = solver.problem();
    let position = &problem.position;
    let child = match position.play(mv) {
        Ok(child) if position.to_move() == problem.attacker => child,
        _ => return reason,
    };
    [!problem.attacker, problem.attacker]
        .into_iter()
        .find(|&master| solver.capture_proved(&child, master))
        .map_or(reason, |master| Some(Note::CaptureProved(mv, r, master)))
}

/// The verdict when every first move was classified.
fn full_verdict(solution: &Solution, expected: &problems::Expected) -> (Verdict, Option<Note>) {
    let (correct, wrong) = (&expected.correct, &expected.wrong);
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
            Class::Unknown(r) => (Verdict::Unknown, Some(Note::Undecided(r))),
            c => (Verdict::Wrong, Some(Note::FileSaysFail(c))),
        };
    }
    for &mv in correct {
        match class_of(mv) {
            None => {
                // The region (inferred or given) leaves the answer out: the solver cannot
                // judge this problem as set up.
                return (Verdict::Skipped, Some(Note::AnswerOutsideRegion(mv)));
            }
            Some(Class::Unknown(r)) => {
                return (Verdict::Unknown, Some(Note::MoveUndecided(mv, r)));
            }
            Some(c) if c.rank(goal) < Some(best_rank) || best_rank == 0 => {
                return (Verdict::Wrong, Some(Note::AnswerIs(mv, c)));
            }
            Some(_) => {}
        }
    }
    let wrong_best = wrong.iter().find_map(|&mv| {
        class_of(mv)
            .filter(|c| c.rank(goal) == Some(best_rank))
            .map(|c| (mv, c))
    });
    if let Some((mv, c)) = wrong_best {
        return (Verdict::Wrong, Some(Note::WrongMoveIs(mv, c)));
    }
    // A move the book calls workable but worse is not a missed answer.
    let extra: Vec<Move> = solution
        .best
        .iter()
        .filter(|m| !correct.contains(m) && !expected.inferior.contains(m))
        .copied()
        .collect();
    if !extra.is_empty() {
        return (Verdict::Dual, Some(Note::AlsoBest(extra)));
    }
    let undecided: Vec<Move> = solution
        .moves
        .iter()
        .filter(|m| matches!(m.class, Class::Unknown(_)))
        .map(|m| m.mv)
        .collect();
    if !undecided.is_empty() {
        return (Verdict::Unknown, Some(Note::DualUndecided(undecided)));
    }
    (Verdict::Agree, None)
}

/// The verdict when only the root was solved.
fn root_verdict(
    solver: &mut TsumegoSolver,
    solution: &Solution,
    correct: &[Move],
    player_wins: bool,
) -> (Verdict, Option<Note>) {
    let wins = match solution.class {
        Class::Unknown(r) => return (Verdict::Unknown, Some(Note::Undecided(r))),
        Class::Win | Class::Ko => true,
        _ => false,
    };
    match (wins, player_wins) {
        (false, false) => (Verdict::Agree, None),
        (true, false) => (Verdict::Wrong, Some(Note::FileFailsSolverWins)),
        (false, true) => (Verdict::Wrong, Some(Note::FileWinsSolverFails)),
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
                return (Verdict::Wrong, Some(Note::BookIllegal(book)));
            };
            let master = problem.attacker;
            let r = solver.kills(&child, master);
            match r {
                Err(r) => (Verdict::Unknown, Some(Note::BookUndecided(book, r))),
                Ok(kills) if kills == (player == problem.attacker) => (
                    Verdict::Dual,
                    Some(Note::BookWinsToo(book, solution.best[0])),
                ),
                Ok(_) => (Verdict::Wrong, Some(Note::BookFails(book))),
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
    if args.jobs == Some(0) {
        anyhow::bail!("--jobs 0: at least one problem must be solved at a time");
    }
    let files = problems::problem_files(&args.paths)?;
    let mut items: Vec<Result<Problem, (String, String)>> = Vec::new();
    for f in &files {
        match problems::load_file(f) {
            Ok(list) => {
                for p in list {
                    if let Ok(p) = &p {
                        // The problem's name only where it is not the file's.
                        let file_name = f.file_name().map(|n| n.to_string_lossy());
                        let place = if file_name.as_deref() == Some(p.name.as_str()) {
                            f.display().to_string()
                        } else {
                            format!("{}: {}", f.display(), p.name)
                        };
                        crate::output::print_warnings(&place, &p.warnings);
                    }
                    items.push(p.map_err(|e| (f.display().to_string(), e.to_string())));
                }
            }
            Err(e) => items.push(Err((f.display().to_string(), e.to_string()))),
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        // More threads than problems would only reserve their stacks (0: one per core).
        .num_threads(args.jobs.map_or(0, |n| n.min(items.len().max(1))))
        .stack_size(solver::dfpn::SEARCH_STACK_BYTES)
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
                    Err((file, e)) => skipped(file, "", Note::Error(e.clone()), true),
                };
                bar.inc(1);
                r
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut out = std::io::stdout().lock();
    let count = |v: Verdict| reports.iter().filter(|r| r.verdict == v).count();
    let (at_limit, replaced, on_setup) = unknown_causes(&reports);
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
                    unknown_at_limit: at_limit,
                    unknown_at_limit_after_setup_change: replaced,
                    unknown_on_setup: on_setup,
                },
            };
            serde_json::to_writer(&mut out, &summary)?;
            writeln!(out)?;
        }
        VerifyFormat::Text => {
            let lang = Language::default();
            for r in &reports {
                write!(out, "{}", report_text(r, lang))?;
            }
            let summary = lang.verify_summary(
                reports.len(),
                [
                    count(Verdict::Agree),
                    count(Verdict::Wrong),
                    count(Verdict::Dual),
                    count(Verdict::Unknown),
                    count(Verdict::Skipped),
                ],
            );
            writeln!(out, "{summary}")?;
            if count(Verdict::Unknown) > 0 {
                writeln!(out, "{}", lang.unknown_causes(at_limit, replaced, on_setup))?;
            }
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

/// One problem in the text report: the verdict, the answers, the note, the refuted lines and
/// the solver's line under a disagreement.
fn report_text(r: &Report, lang: Language) -> String {
    let name = if r.problem.is_empty() || r.file.ends_with(&r.problem) {
        r.file.clone()
    } else {
        format!("{} {}", r.file, r.problem)
    };
    let mut out = format!("{:<8} {name}", lang.verdict(r.verdict));
    if r.verdict != Verdict::Skipped {
        out.push_str("  ");
        out.push_str(&lang.verify_counts(&r.expected, &r.found, r.nodes, r.ms));
    }
    out.push('\n');
    for change in &r.setup {
        out.push_str(&format!("         {}\n", lang.verify_note(change)));
    }
    if let Some(note) = &r.reason {
        out.push_str(&format!("         {}\n", lang.verify_note(note)));
    }
    for b in &r.bad_lines {
        out.push_str(&format!("         {}\n", lang.bad_line(b)));
    }
    if matches!(r.verdict, Verdict::Wrong | Verdict::Dual) && !r.pv.is_empty() {
        let line: Vec<String> = r.pv.iter().map(|&(c, m)| lang.tsumego_move(c, m)).collect();
        out.push_str(&format!(
            "         {}\n",
            lang.solvers_line(&line.join(", "))
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sentences::stray_words;
    use clap::Parser;

    /// The verify flags alone, parsed as the command line would.
    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        verify: VerifyArgs,
    }

    #[test]
    fn every_word_of_the_verify_report_comes_from_the_sentences_module() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/tsumego.sgf");
        let flags = Flags::parse_from(["verify", path.to_str().expect("utf-8")]);
        let limits = limits(&flags.verify.setup).expect("limits");
        let problems = problems::load_file(&path).expect("the shipped problems");
        let mut notes = 0;
        for problem in problems {
            let problem = problem.expect("a problem");
            let report = check(&problem, &flags.verify, &limits);
            notes += usize::from(report.reason.is_some());
            let text = report_text(&report, Language::Marked)
                .replace(&report.file, "")
                .replace(&report.problem, "");
            assert!(text.contains('⟦'), "nothing marked:\n{text}");
            let stray = stray_words(&text);
            assert!(
                stray.is_empty(),
                "words not from sentences: {stray:?}\n{text}"
            );
        }
        // The shipped problems agree, are wrong and are dual: two of them carry a note.
        assert_eq!(notes, 2);
        let summary = Language::Marked.verify_summary(3, [1, 1, 1, 0, 0]);
        assert!(stray_words(&summary).is_empty(), "{summary}");
        // The note of a verdict that depends on the inferred region (no shipped problem has
        // one), with each kind of other outcome: another verdict, the same verdict for
        // another reason, no set-up.
        for other in [Some(Verdict::Unknown), Some(Verdict::Wrong), None] {
            let note = Language::Marked.verify_note(&Note::RegionDependent {
                verdict: Verdict::Wrong,
                rule: RegionRule::Box,
                other,
            });
            assert!(stray_words(&note).is_empty(), "{note}");
            for rule in [TargetInference::Largest, TargetInference::Group] {
                let note = Language::Marked.verify_note(&Note::TargetDependent {
                    verdict: Verdict::Dual,
                    rule,
                    other,
                });
                assert!(stray_words(&note).is_empty(), "{note}");
            }
            let note = Language::Marked.verify_note(&Note::GrowthDependent {
                verdict: Verdict::Wrong,
                other,
            });
            assert!(stray_words(&note).is_empty(), "{note}");
            for goal in [GoalArg::Kill, GoalArg::Live] {
                let note = Language::Marked.verify_note(&Note::GoalDependent {
                    verdict: Verdict::Wrong,
                    goal,
                    other,
                });
                assert!(stray_words(&note).is_empty(), "{note}");
            }
            for closed in [true, false] {
                let note = Language::Marked.verify_note(&Note::EscapesDependent {
                    verdict: Verdict::Wrong,
                    closed,
                    other,
                });
                assert!(stray_words(&note).is_empty(), "{note}");
            }
        }
        // Every undecided first move of a dual check is named, the first six, then counted;
        // a stopped line check says how far it got, beside the dual it keeps.
        let mut moves: Vec<Move> = ["A1", "B1", "C1", "D1", "E1", "F1", "G1"]
            .iter()
            .map(|p| Move::Play(p.parse().expect("a point")))
            .collect();
        moves.push(Move::Pass);
        let dual = Note::LinesUnchecked {
            dual: Box::new(Note::AlsoBest(vec![Move::Pass])),
            stopped: LinesStopped {
                reason: StopReason::NodeLimit,
                checked: 0,
                lines: 22,
            },
        };
        let sentences = [
            (
                Note::DualUndecided(moves),
                "A1 B1 C1 D1 E1 F1 and 2 more undecided: a dual cannot be ruled out",
            ),
            (
                Note::DualUndecided(vec![Move::Pass]),
                "pass undecided: a dual cannot be ruled out",
            ),
            (
                Note::CheckingLines(LinesStopped {
                    reason: StopReason::NodeLimit,
                    checked: 3,
                    lines: 12,
                }),
                "checking the lines: node limit reached after 3 of 12 lines",
            ),
            (
                dual.clone(),
                "also best: pass; the lines not all checked: node limit reached after 0 of 22 lines",
            ),
        ];
        for (note, english) in sentences {
            let marked = Language::Marked.verify_note(&note);
            assert!(stray_words(&marked).is_empty(), "{marked}");
            assert_eq!(Language::English.verify_note(&note), english);
        }
        assert_eq!(dual.accusation(), &Note::AlsoBest(vec![Move::Pass]));
    }
}
