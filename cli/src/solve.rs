//! `shikatsu solve`: one tsumego, every first move with its class, the best line, and the
//! solution tree as SGF. Also the problem set-up shared with `verify`: the file's data,
//! then the inference of `solver::tsumego`, then the flags.

use crate::sentences::Language;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use puzzles::problems::{self, Problem, ToPlayFrom};
use rules_core::{Color, Move, Point, PointSet, Position};
use serde::Serialize;
use solver::tsumego::{
    frame, infer_attacker, infer_group, infer_region, infer_target, inside_wall, near, Class, Goal,
    KillRule, Solution, TargetRule, TreeNode, Tsumego, TsumegoLimits, TsumegoSolver,
};
use solver::tsumego_region::{
    behind_gaps, close_escapes, enclosure, enclosure_around, frame_wall, grown, with_pockets,
    EnclosureRule,
};
use solver::tsumego_tree::{focus, target_from_tree, StakeRule};
use std::fmt::Write as _;
use std::io::Write as _;
use std::num::NonZeroU64;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Output formats of `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// A summary and one line per first move.
    Text,
    /// One JSON object (see the README).
    Json,
    /// The problem with the solution tree of every best first move (loads in Sabaki).
    Sgf,
}

/// The goal flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GoalArg {
    /// The player to move kills the target.
    Kill,
    /// The player to move makes the target live.
    Live,
}

/// How an inferred region is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RegionRule {
    /// The area the attacker's wall (gaps closed) and the edge enclose around the
    /// defender, within a margin of the stones (`solver::tsumego_region`).
    Enclosure,
    /// The stones' bounding box inside the wall, cut to `--near` steps of the defender
    /// (the rule before session 4, kept to compare).
    Box,
}

impl RegionRule {
    /// The other rule, which `verify` uses to cross-check a set-up.
    pub fn other(self) -> RegionRule {
        match self {
            RegionRule::Enclosure => RegionRule::Box,
            RegionRule::Box => RegionRule::Enclosure,
        }
    }
}

/// How an inferred target is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TargetInference {
    /// The defender's largest capturable string; taking any of its stones kills.
    Largest,
    /// Every capturable defender string in the region; the attacker must take them all
    /// (the group lives if any part of it does).
    Group,
    /// The stones the root marks (all to be taken), else the largest capturable string
    /// that the book's correct lines touch (`solver::tsumego_tree`), else `largest`; the
    /// enclosure is then bounded by that target and the points the correct lines play,
    /// which join the region.
    Tree,
}

/// The kill rule flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KillRuleArg {
    /// A target stone captured and no permanent stone can arise on its points after.
    CaptureForGood,
    /// A target stone captured.
    CaptureOnly,
}

/// Flags that set a problem up, overriding the file and the inference.
#[derive(Debug, Args, Clone)]
pub struct ProblemArgs {
    /// The player to move (B or W).
    #[arg(long)]
    pub to_play: Option<String>,
    /// What the player to move tries to do; the attacker follows from it.
    #[arg(long, value_enum)]
    pub goal: Option<GoalArg>,
    /// The target: stones (GTP points, comma-separated), each naming its whole string.
    #[arg(long)]
    pub target: Option<String>,
    /// The region of play: a rectangle `A1-E5`, or points comma-separated.
    #[arg(long)]
    pub region: Option<String>,
    /// When the attacker has killed.
    #[arg(long, value_enum, default_value_t = KillRuleArg::CaptureForGood)]
    pub kill_rule: KillRuleArg,
    /// How an inferred target is chosen.
    #[arg(long, value_enum, default_value_t = TargetInference::Tree)]
    pub target_inference: TargetInference,
    /// How an inferred region is found.
    #[arg(long, value_enum, default_value_t = RegionRule::Enclosure)]
    pub region_rule: RegionRule,
    /// With `--region-rule enclosure`: frame only the points within this many steps of an
    /// attacker stone (the rest is open board the defender may reach); by default every
    /// point next to the region that is not next to a defender stone.
    #[arg(long)]
    pub frame_reach: Option<u32>,
    /// For an inferred region: also frame the points just outside it next to the
    /// defender's stones, so that no defender string keeps a liberty outside (the book's
    /// convention that the defender is enclosed). `verify` judges every disagreement with
    /// the book again with the other choice.
    #[arg(long)]
    pub close_escapes: bool,
    /// For an inferred region: keep only the points within this many steps of a defender
    /// stone (0 keeps all; default 3 with `--region-rule box`, 0 with `enclosure`).
    #[arg(long)]
    pub near: Option<u32>,
    /// For an inferred region: also keep every point the file's solution tree plays
    /// inside the wall (after the `--near` cut), so a small `--near` keeps the book's lines.
    /// `verify` judges every disagreement with the book again this way.
    #[arg(long)]
    pub tree_region: bool,
    /// For an inferred region: add this many rings of empty points around it before
    /// framing it, so the frame stands further out (`solver::tsumego_region::grown`).
    /// `verify` judges every disagreement with the book again one ring wider.
    #[arg(long, default_value_t = 0)]
    pub grow_region: u32,
    /// Most search nodes per problem (0 for no limit).
    #[arg(long, default_value_t = 5_000_000)]
    pub max_nodes: u64,
    /// Most seconds per problem (0 for no limit).
    #[arg(long, default_value_t = 30.0)]
    pub max_time: f64,
    /// Most transposition-table entries per search table.
    #[arg(long, default_value_t = 1 << 20)]
    pub table_entries: usize,
    /// Leave out the static eye-space bound and the atari rule (to measure what they
    /// save; results are the same).
    #[arg(long, hide = true)]
    pub no_eye_bound: bool,
    /// Prune with relevance zones (an experiment, off by default: BENCHMARKS.md
    /// "Relevance zones"; results are the same).
    #[arg(long, hide = true)]
    pub zones: bool,
    /// With `--target-inference tree`: keep the enclosure of every stone instead of
    /// bounding it by the target's fight (to measure what the bound changes).
    #[arg(long, hide = true)]
    pub no_fight_bound: bool,
    /// With `--region-rule enclosure`: add to the region the empty points just outside
    /// its one-point wall gaps instead of framing them (`solver::tsumego_region::behind_gaps`).
    #[arg(long, hide = true)]
    pub open_gaps: bool,
    /// With `--target-inference tree`: lines added around the fight's box towards the
    /// open board (measured on Go Game Guru: BENCHMARKS.md).
    #[arg(long, hide = true, default_value_t = 2)]
    pub fight_margin: u32,
    /// With `--region-rule enclosure`: the most points of an empty pocket closed in by an
    /// inferred region and the attacker's stones that joins the region instead of being
    /// framed (`solver::tsumego_region::with_pockets`; 0 frames every pocket).
    #[arg(long, hide = true, default_value_t = 3)]
    pub pocket_size: usize,
    /// With `--target-inference tree`: which touched strings make the target (measured on
    /// Go Game Guru: BENCHMARKS.md).
    #[arg(long, hide = true, value_enum, default_value_t = StakeArg::Largest)]
    pub stake_rule: StakeArg,
}

/// The hidden `--stake-rule` flag ([`StakeRule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StakeArg {
    /// The string the correct lines touch most.
    Most,
    /// The largest string they touch.
    Largest,
    /// Every string they touch, all to be taken.
    All,
}

impl StakeArg {
    fn rule(self) -> StakeRule {
        match self {
            StakeArg::Most => StakeRule::MostTouched,
            StakeArg::Largest => StakeRule::LargestTouched,
            StakeArg::All => StakeRule::AllTouched,
        }
    }
}

/// Flags of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The problem: an SGF file, a Cho dictionary JSON file, or a text diagram.
    pub problem: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
    /// Which game tree of an SGF collection (from 1).
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Solve the root only (one best move, no class per first move): for large regions.
    #[arg(long)]
    pub root_only: bool,
    /// Problem set-up and limits.
    #[command(flatten)]
    pub setup: ProblemArgs,
}

/// How a part of a problem (the player to move, the target, the region) was found: the
/// words are in `sentences/solve.rs`, the JSON's `inferred` gives them in English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// The SGF property `PL`.
    Pl,
    /// A "Black/White to play" comment.
    Comment,
    /// The first move of the solution tree.
    FirstMove,
    /// Nothing said it: Black.
    DefaultBlack,
    /// The JSON problem's `turn_color`.
    TurnColor,
    /// A flag of the command line.
    Flag,
    /// The file (the JSON problem's region).
    File,
    /// The JSON problem's crucial stones.
    CrucialStones,
    /// Inferred: the defender's largest capturable string.
    LargestCapturable,
    /// Inferred: every capturable string of the defender, all to be taken.
    EveryCapturable,
    /// Inferred: the defender's largest capturable string that the book's correct lines
    /// touch.
    CorrectLines,
    /// The file: stones the root marks (`TR`, `SQ`, `MA`, `CR`, or a label its comment
    /// names), all to be taken.
    Marked,
    /// Inferred: the bounding box of the stones, inside the wall, near the defender; with
    /// `true`, plus the points the solution tree plays.
    BoxNearDefender(bool),
    /// Inferred: enclosed by the attacker's wall (gaps closed) and the edge; with `true`,
    /// plus the points the solution tree plays.
    Enclosure(bool),
    /// Inferred: as [`Found::Enclosure`], bounded by the target and the points the
    /// correct lines play rather than by every stone; with `true`, plus the points the
    /// solution tree plays.
    EnclosureOfFight(bool),
}

impl Found {
    /// Whether the part was inferred (not given by the file or a flag).
    pub fn is_inferred(self) -> bool {
        matches!(
            self,
            Found::LargestCapturable
                | Found::EveryCapturable
                | Found::CorrectLines
                | Found::BoxNearDefender(_)
                | Found::Enclosure(_)
                | Found::EnclosureOfFight(_)
        )
    }
}

/// A problem ready to solve, with what was inferred.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The game.
    pub tsumego: Tsumego,
    /// Whether the ko master is fixed to the attacker (Cho JSON).
    pub attacker_ko_master: bool,
    /// How the player to move was found.
    pub to_play_from: Found,
    /// How the target was found.
    pub target_from: Found,
    /// How the region was found.
    pub region_from: Found,
    /// The attacker stones added around an inferred region (a tsumego frame).
    pub frame: PointSet,
    /// Rings of empty points added to the inferred region (`--grow-region`).
    pub grown: u32,
}

impl Prepared {
    /// How the region was found, in `lang`, with the rings it was grown by.
    fn region_found(&self, lang: Language) -> String {
        let found = lang.found(self.region_from);
        if self.grown == 0 {
            found
        } else {
            lang.region_grown(&found, self.grown)
        }
    }
}

/// The limits named by the flags.
///
/// # Errors
/// A negative or non-finite time, or a table of no entry.
pub fn limits(args: &ProblemArgs) -> Result<TsumegoLimits> {
    let max_time = crate::config::seconds("--max-time", args.max_time)?;
    if args.table_entries == 0 {
        bail!("--table-entries 0: the table needs at least one entry");
    }
    Ok(TsumegoLimits {
        max_nodes: NonZeroU64::new(args.max_nodes),
        max_time,
        table_entries: args.table_entries,
        plain_leaves: false,
        no_eye_bound: args.no_eye_bound,
        zones: args.zones,
    })
}

fn parse_points(text: &str, pos: &Position, flag: &str) -> Result<PointSet> {
    let size = pos.size();
    let mut set = PointSet::new();
    if let Some((a, b)) = text.split_once('-') {
        let a = Point::from_gtp(a.trim(), size)
            .with_context(|| format!("{flag} {text}: '{a}' is not a point of the board"))?;
        let b = Point::from_gtp(b.trim(), size)
            .with_context(|| format!("{flag} {text}: '{b}' is not a point of the board"))?;
        let ((x0, y0), (x1, y1)) = (a.coords(), b.coords());
        for p in size.points() {
            let (x, y) = p.coords();
            if (x0.min(x1)..=x0.max(x1)).contains(&x) && (y0.min(y1)..=y0.max(y1)).contains(&y) {
                set.insert(p);
            }
        }
        return Ok(set);
    }
    for t in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let p = Point::from_gtp(t, size)
            .with_context(|| format!("{flag} {text}: '{t}' is not a point of the board"))?;
        set.insert(p);
    }
    if set.is_empty() {
        bail!("{flag}: no point given");
    }
    Ok(set)
}

fn list(set: &PointSet) -> String {
    let v: Vec<String> = set.iter().map(|p| p.to_string()).collect();
    v.join(" ")
}

/// Sets a problem up: the file's data, the inference for what it does not say, the flags
/// over both.
///
/// # Errors
/// Bad flags, or nothing to attack (every string safe) with no target given.
pub fn prepare(problem: &Problem, args: &ProblemArgs) -> Result<Prepared> {
    let mut position = problem.position.clone();
    let mut to_play_from = match problem.to_play_from {
        ToPlayFrom::Pl => Found::Pl,
        ToPlayFrom::Comment => Found::Comment,
        ToPlayFrom::FirstMove => Found::FirstMove,
        ToPlayFrom::Default => Found::DefaultBlack,
        ToPlayFrom::Json => Found::TurnColor,
    };
    if let Some(c) = &args.to_play {
        let c: Color = c
            .parse()
            .map_err(|e| anyhow::anyhow!("--to-play {c}: {e}"))?;
        position.set_to_move(c);
        to_play_from = Found::Flag;
    }
    let (region, region_inferred, mut region_from) = match (&args.region, problem.region) {
        (Some(text), _) => (
            parse_points(text, &position, "--region")?,
            false,
            Found::Flag,
        ),
        (None, Some(r)) => (r, false, Found::File),
        (None, None) => (
            infer_region(&position),
            true,
            match args.region_rule {
                RegionRule::Box => Found::BoxNearDefender(false),
                RegionRule::Enclosure => Found::Enclosure(false),
            },
        ),
    };
    let given_target = if let Some(text) = &args.target {
        let stones = parse_points(text, &position, "--target")?;
        let mut target = PointSet::new();
        let mut owner = None;
        for p in stones.iter() {
            let Some(c) = position.color_at(p) else {
                bail!("--target: no stone on {p}");
            };
            if owner.is_some_and(|o| o != c) {
                bail!("--target: the stones must all be of one colour");
            }
            owner = Some(c);
            target = target.union(&position.string_stones(p).collect());
        }
        let owner = owner.context("--target: no stone given")?;
        Some((target, !owner, Found::Flag))
    } else if let (Some(t), Some(a)) = (problem.target, problem.attacker) {
        Some((t, a, Found::CrucialStones))
    } else if let (Some(marked), TargetInference::Tree) = (problem.marked, args.target_inference) {
        // The stones the root marks, each naming its string; their owner defends.
        let owner = marked.iter().find_map(|p| position.color_at(p));
        owner.map(|owner| {
            let strings = marked.iter().fold(PointSet::new(), |all, p| {
                all.union(&position.string_stones(p).collect())
            });
            (strings, !owner, Found::Marked)
        })
    } else {
        None
    };
    // The problem's correct lines, for the tree inference.
    let correct: Vec<&[(Color, Move)]> = problem
        .lines
        .iter()
        .filter(|l| {
            l.correct
                && l.moves
                    .first()
                    .is_some_and(|&(c, _)| c == position.to_move())
        })
        .map(|l| l.moves.as_slice())
        .collect();
    let attacker = match (&given_target, args.goal) {
        (Some((_, a, _)), _) => *a,
        (None, Some(GoalArg::Kill)) => position.to_move(),
        (None, Some(GoalArg::Live)) => !position.to_move(),
        (None, None) => match infer_attacker(&position, &region) {
            Some(a) => a,
            None => {
                // Neither side is the wall: attack the larger capturable string.
                let size_of = |c: Color| infer_target(&position, &region, c).map_or(0, |t| t.len());
                let (b, w) = (size_of(Color::Black), size_of(Color::White));
                if b == 0 && w == 0 {
                    bail!(
                        "{}: {}: no capturable string in the region; give --target",
                        problem.file.display(),
                        problem.name
                    );
                }
                if b >= w {
                    Color::White
                } else {
                    Color::Black
                }
            }
        },
    };
    let mut framed = PointSet::new();
    let mut region = region;
    // The target the correct lines point at, found before the region is cut to its fight.
    let mut tree_target = None;
    if region_inferred {
        // The points the solution tree may add (`--tree-region`): inside the wall for the
        // box rule; in the stones' box for the enclosure, whose wall is only inferred.
        let (near_steps, walled) = match args.region_rule {
            RegionRule::Box => {
                region = inside_wall(&position, &region, attacker);
                (args.near.unwrap_or(3), region)
            }
            RegionRule::Enclosure => {
                let boxed = region;
                let r = enclosure(&position, attacker, EnclosureRule::default());
                if !r.is_empty() {
                    region = r;
                }
                (args.near.unwrap_or(0), boxed)
            }
        };
        if args.target_inference == TargetInference::Tree {
            let target = match &given_target {
                Some((t, _, Found::Marked)) => Some(*t),
                Some(_) => None,
                None => target_from_tree(
                    &position,
                    &region,
                    !attacker,
                    correct.iter().copied(),
                    args.stake_rule.rule(),
                ),
            };
            if let (Some(t), RegionRule::Enclosure, false) =
                (target, args.region_rule, args.no_fight_bound)
            {
                let fight = focus(&t, correct.iter().copied());
                let rule = EnclosureRule {
                    margin: args.fight_margin,
                    ..EnclosureRule::default()
                };
                // The enclosure of the fight, and the points the correct lines play there
                // (a net or a placement outside the defender's liberties).
                let r = enclosure_around(&position, attacker, rule, &fight);
                if t.iter().all(|p| r.contains(p)) {
                    region = r.union(&fight);
                    region_from = Found::EnclosureOfFight(false);
                }
            }
            if given_target.is_none() {
                tree_target = target;
            }
        }
        if near_steps > 0 {
            region = near(&position, &region, !attacker, near_steps);
        }
        if args.tree_region {
            region_from = match region_from {
                Found::Enclosure(_) => Found::Enclosure(true),
                Found::EnclosureOfFight(_) => Found::EnclosureOfFight(true),
                _ => Found::BoxNearDefender(true),
            };
            for line in &problem.lines {
                for (_, mv) in &line.moves {
                    if let Move::Play(p) = mv {
                        if walled.contains(*p) {
                            region.insert(*p);
                        }
                    }
                }
            }
        }
        if args.open_gaps && args.region_rule == RegionRule::Enclosure {
            region = region.union(&behind_gaps(&position, &region, attacker));
        }
        if args.grow_region > 0 {
            region = grown(&position, &region, args.grow_region);
        }
        if args.region_rule == RegionRule::Enclosure && args.pocket_size > 0 {
            region = with_pockets(&position, &region, attacker, args.pocket_size);
        }
        let (p, f) = match args.region_rule {
            RegionRule::Box => frame(&position, &region, attacker),
            RegionRule::Enclosure => frame_wall(
                &position,
                &region,
                attacker,
                args.frame_reach.or(EnclosureRule::default().frame_reach),
            ),
        };
        position = p;
        framed = f;
        if args.close_escapes {
            let (p, closed) = close_escapes(&position, &region, attacker);
            position = p;
            framed = framed.union(&closed);
        }
    }
    let mut group_target = false;
    let (target, attacker, target_from) = match given_target {
        Some(t) => t,
        None => {
            let no_target = || {
                format!(
                    "{}: {}: the defender ({}) has no capturable string in the region; give \
                     --target",
                    problem.file.display(),
                    problem.name,
                    !attacker
                )
            };
            // The correct lines' target, if it is still capturable in the framed region.
            let from_tree = tree_target
                .or_else(|| {
                    // A given region: the lines are read in it directly.
                    let tree = args.target_inference == TargetInference::Tree && !region_inferred;
                    tree.then(|| {
                        target_from_tree(
                            &position,
                            &region,
                            !attacker,
                            correct.iter().copied(),
                            args.stake_rule.rule(),
                        )
                    })
                    .flatten()
                })
                .filter(|t| {
                    let capturable = infer_group(&position, &region, !attacker);
                    t.iter().all(|p| capturable.contains(p))
                });
            match (args.target_inference, from_tree) {
                (TargetInference::Tree, Some(t)) => (t, attacker, Found::CorrectLines),
                (TargetInference::Largest | TargetInference::Tree, _) => (
                    infer_target(&position, &region, !attacker).with_context(no_target)?,
                    attacker,
                    Found::LargestCapturable,
                ),
                (TargetInference::Group, _) => {
                    group_target = true;
                    let t = infer_group(&position, &region, !attacker);
                    if t.is_empty() {
                        bail!(no_target());
                    }
                    (t, attacker, Found::EveryCapturable)
                }
            }
        }
    };
    let mut attacker = attacker;
    if let Some(goal) = args.goal {
        let want = match goal {
            GoalArg::Kill => position.to_move(),
            GoalArg::Live => !position.to_move(),
        };
        if want != attacker && args.target.is_some() {
            bail!("--goal contradicts --target: the target's owner is the defender");
        }
        attacker = want;
    }
    if target
        .iter()
        .any(|p| position.color_at(p) != Some(!attacker))
    {
        bail!(
            "{}: {}: the target must be stones of the defender ({})",
            problem.file.display(),
            problem.name,
            !attacker
        );
    }
    Ok(Prepared {
        tsumego: Tsumego {
            position,
            attacker,
            target,
            region,
            kill_rule: match args.kill_rule {
                KillRuleArg::CaptureForGood => KillRule::CaptureForGood,
                KillRuleArg::CaptureOnly => KillRule::CaptureOnly,
            },
            // The crucial stones of a Cho problem are all to be taken; an inferred or
            // given target is taken by any stone.
            target_rule: if group_target
                || (problem.target.is_some() && args.target.is_none())
                || target_from == Found::Marked
                || (target_from == Found::CorrectLines && args.stake_rule == StakeArg::All)
            {
                TargetRule::EveryStone
            } else {
                TargetRule::AnyStone
            },
        },
        attacker_ko_master: problem.attacker_ko_master,
        to_play_from,
        target_from,
        region_from,
        frame: framed,
        grown: if region_inferred { args.grow_region } else { 0 },
    })
}

/// Reads the problem for `solve`: SGF or JSON through `puzzles::problems`, anything else as
/// a text diagram.
fn load(path: &Path, game: usize) -> Result<Problem> {
    let name = path.display().to_string();
    if problems::is_problem_file(path) {
        let mut all = problems::load_file(path)?;
        if game == 0 || game > all.len() {
            bail!(
                "{name}: has {} problem(s); there is no problem {game}",
                all.len()
            );
        }
        return Ok(all.swap_remove(game - 1)?);
    }
    if game != 1 {
        // A diagram, or SGF under another name, is read as one position: the flag would be
        // ignored without a word.
        bail!("{name}: --game {game} applies to problem files named .sgf or .json");
    }
    let record = crate::config::load_position(path, None)?;
    Ok(Problem {
        file: path.to_path_buf(),
        name: path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        position: record.position,
        to_play_from: ToPlayFrom::Pl,
        attacker: None,
        target: None,
        region: None,
        marked: None,
        attacker_ko_master: false,
        expected: None,
        lines: Vec::new(),
        warnings: record.warnings,
    })
}

/// `solve --format json`.
#[derive(Debug, Serialize)]
pub struct SolveJson {
    to_play: String,
    goal: String,
    target: Vec<String>,
    result: String,
    best: Vec<String>,
    moves: Vec<MoveJson>,
    pv: Vec<String>,
    nodes: u64,
    ms: u64,
    region: Vec<String>,
    safe: Vec<String>,
    frame: Vec<String>,
    inferred: std::collections::BTreeMap<&'static str, String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

#[derive(Debug, Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    mv: String,
    result: String,
}

pub(crate) fn pv_text(pv: &[(Color, Move)]) -> Vec<String> {
    pv.iter().map(|(c, m)| format!("{c} {m}")).collect()
}

fn points_vec(set: &PointSet) -> Vec<String> {
    set.iter().map(|p| p.to_string()).collect()
}

/// The root-only answer, as a [`Solution`] without a class per first move.
///
/// With the attacker as ko master (the published setting of the Cho dictionary) one search
/// decides: the player wins or fails. Otherwise the root gets its full class (win, ko,
/// seki, fail), so that a failure when the opponent has the ko threats is not shown as a
/// failure when the player has them.
pub fn solve_root(solver: &mut TsumegoSolver, attacker_ko_master: bool) -> Solution {
    let problem = solver.problem().clone();
    let player = problem.position.to_move();
    let goal = problem.goal();
    let (class, pv) = if attacker_ko_master {
        match solver.solve_root(problem.attacker) {
            Err(reason) => (Class::Unknown(reason), Vec::new()),
            Ok((true, line)) => (Class::Win, line),
            Ok((false, line)) => (Class::Fail, line),
        }
    } else {
        match solver.root_class() {
            Err(reason) => (Class::Unknown(reason), Vec::new()),
            Ok((class, line)) => (class, line),
        }
    };
    // The line's first move achieves the class when the class is a success for the
    // player; an attacker's seki rests on the life game, whose line is not shown.
    let shows_best = match class {
        Class::Win | Class::Ko => true,
        Class::Seki => goal == Goal::Live,
        Class::Fail | Class::Unknown(_) => false,
    };
    let best = if shows_best {
        pv.first().map(|&(_, m)| m).into_iter().collect()
    } else {
        Vec::new()
    };
    Solution {
        to_play: player,
        goal,
        class,
        best,
        moves: Vec::new(),
        below_best: Vec::new(),
        pv,
        nodes: solver.nodes(),
    }
}

/// Runs `solve`.
///
/// # Errors
/// Bad input or flags.
pub fn run(args: SolveArgs) -> Result<ExitCode> {
    let problem = load(&args.problem, args.game)?;
    crate::output::print_warnings(args.problem.display(), &problem.warnings);
    let prepared = prepare(&problem, &args.setup)?;
    let limits = limits(&args.setup)?;
    let start = Instant::now();
    let mut solver = TsumegoSolver::new(prepared.tsumego.clone(), &limits);
    // A problem that fixes the ko master (Cho JSON) is solved at the root, as `verify` does.
    let solution = if args.root_only || prepared.attacker_ko_master {
        solve_root(&mut solver, prepared.attacker_ko_master)
    } else {
        solver.solve_all()
    };
    let ms = start.elapsed().as_millis() as u64;
    let t = &prepared.tsumego;
    let mut out = std::io::stdout().lock();
    match args.format {
        SolveFormat::Json => {
            let json = SolveJson {
                to_play: solution.to_play.to_string(),
                goal: solution.goal.to_string(),
                target: points_vec(&t.target),
                result: solution.class.name().to_string(),
                best: solution.best.iter().map(|m| m.to_string()).collect(),
                moves: solution
                    .moves
                    .iter()
                    .map(|m| MoveJson {
                        mv: m.mv.to_string(),
                        result: m.class.name().to_string(),
                    })
                    .collect(),
                pv: pv_text(&solution.pv),
                nodes: solution.nodes,
                ms,
                region: points_vec(&t.region),
                safe: points_vec(&t.safe_stones()),
                frame: points_vec(&prepared.frame),
                inferred: [
                    ("to_play", Language::English.found(prepared.to_play_from)),
                    ("target", Language::English.found(prepared.target_from)),
                    ("region", prepared.region_found(Language::English)),
                ]
                .into_iter()
                .collect(),
                reason: match solution.class {
                    Class::Unknown(r) => Some(r.to_string()),
                    _ => None,
                },
            };
            serde_json::to_writer(&mut out, &json)?;
            writeln!(out)?;
        }
        SolveFormat::Text => write!(
            out,
            "{}",
            text(&prepared, &solution, ms, Language::default())
        )?,
        SolveFormat::Sgf => {
            let mut trees = Vec::new();
            for &mv in &solution.best {
                let class = solution
                    .moves
                    .iter()
                    .find(|m| m.mv == mv)
                    .map_or(solution.class, |m| m.class);
                if let Some(tree) = solver.solution_tree(mv, class, 2000, 60) {
                    trees.push(tree);
                }
            }
            write!(out, "{}", sgf(&prepared, &solution, &trees))?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The text report: how the problem was set up, the board with the target, the region and
/// the best first move marked, the result with the sentence that says what it means, the
/// line, and every first move's class.
pub fn text(prepared: &Prepared, solution: &Solution, ms: u64, lang: Language) -> String {
    let t = &prepared.tsumego;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}",
        lang.solve_heading(
            solution.to_play,
            &lang.found(prepared.to_play_from),
            solution.goal
        )
    );
    let _ = writeln!(
        s,
        "{}",
        lang.solve_target(&list(&t.target), &lang.found(prepared.target_from))
    );
    let _ = writeln!(
        s,
        "{}",
        lang.solve_region(t.region.len(), &prepared.region_found(lang))
    );
    if !prepared.frame.is_empty() {
        let _ = writeln!(s, "{}", lang.solve_frame(prepared.frame.len(), t.attacker));
    }
    let safe = t.safe_stones();
    let safe = (!safe.is_empty()).then(|| list(&safe));
    let _ = writeln!(s, "{}", lang.solve_safe(safe.as_deref()));
    if prepared.attacker_ko_master {
        let _ = writeln!(s, "{}", lang.solve_ko_master(t.attacker));
    }
    let _ = writeln!(s, "{}", lang.solve_kill_rule(t.kill_rule));
    let _ = writeln!(s);
    s.push_str(&problem_board(prepared, solution.best.first().copied()));
    let _ = writeln!(s, "   {}", lang.solve_legend());
    let _ = writeln!(s);
    let best: Vec<String> = solution.best.iter().map(|&m| lang.move_name(m)).collect();
    let _ = writeln!(s, "{}", lang.solve_result(solution.class, &best.join(" ")));
    let _ = writeln!(
        s,
        "  {}",
        lang.solve_verdict(solution.to_play, solution.goal, solution.class, t.kill_rule)
    );
    if !solution.pv.is_empty() {
        let line: Vec<String> = solution
            .pv
            .iter()
            .map(|&(c, m)| lang.tsumego_move(c, m))
            .collect();
        let _ = writeln!(s, "  {}", lang.solve_line(&line.join(", ")));
    }
    if !solution.moves.is_empty() {
        let _ = writeln!(s, "{}", lang.solve_first_moves());
        let order = |c: Class| c.rank(solution.goal).map_or(0, |r| 4 - r as usize);
        let mut moves = solution.moves.clone();
        moves.sort_by_key(|m| order(m.class));
        let mut line = String::new();
        for m in &moves {
            let item = lang.move_class(m.mv, m.class);
            if line.len() + item.len() > 90 {
                let _ = writeln!(s, "  {}", line.trim_end());
                line.clear();
            }
            line.push_str(&item);
            line.push_str(",  ");
        }
        if !line.is_empty() {
            let _ = writeln!(s, "  {}", line.trim_end().trim_end_matches(','));
        }
    }
    let _ = writeln!(s, "{}", lang.solve_nodes(solution.nodes, ms));
    s
}

/// The part of the board around the region, with the target stones in lower case, empty
/// region points as `+`, and the best first move as `1`.
fn problem_board(prepared: &Prepared, first: Option<Move>) -> String {
    let t = &prepared.tsumego;
    let position = &t.position;
    let size = position.size();
    let shown: Vec<Point> = t.region.union(&t.target).iter().collect();
    let (mut x0, mut y0, mut x1, mut y1) = (size.width(), size.height(), 0, 0);
    for p in &shown {
        let (x, y) = p.coords();
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    if shown.is_empty() {
        (x0, y0, x1, y1) = (0, 0, size.width() - 1, size.height() - 1);
    }
    // One line of context beyond the region, where the board goes on.
    let (x0, y0) = (x0.saturating_sub(1), y0.saturating_sub(1));
    let (x1, y1) = (
        (x1 + 1).min(size.width() - 1),
        (y1 + 1).min(size.height() - 1),
    );
    crate::output::text_board((x0, y0), (x1, y1), |p| match position.color_at(p) {
        Some(c) if t.target.contains(p) => c.symbol().to_ascii_lowercase(),
        Some(c) => c.symbol(),
        None if first == Some(Move::Play(p)) => '1',
        None if t.region.contains(p) => '+',
        None => '.',
    })
}

fn sgf_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn sgf_move(color: Color, mv: Move, size: rules_core::Size) -> String {
    let c = match color {
        Color::Black => "B",
        Color::White => "W",
    };
    match mv {
        Move::Play(p) => format!("{c}[{}]", p.to_sgf(size)),
        Move::Pass => format!("{c}[]"),
    }
}

fn write_tree(out: &mut String, node: &TreeNode, size: rules_core::Size) {
    let _ = write!(out, ";{}", sgf_move(node.color, node.mv, size));
    if let Some(n) = &node.note {
        let _ = write!(out, "C[{}]", sgf_escape(n));
    }
    match node.children.len() {
        0 => {}
        1 => write_tree(out, &node.children[0], size),
        _ => {
            for c in &node.children {
                out.push('(');
                write_tree(out, c, size);
                out.push(')');
            }
        }
    }
}

/// The problem as SGF: setup, region marked with squares, target with triangles, a root
/// comment with every first move's class, and the solution tree of each best move.
pub fn sgf(prepared: &Prepared, solution: &Solution, trees: &[TreeNode]) -> String {
    let t = &prepared.tsumego;
    let pos = &t.position;
    let size = pos.size();
    let mut s = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[{}]",
        crate::output::sgf_application()
    );
    if size.width() == size.height() {
        let _ = write!(s, "SZ[{}]", size.width());
    } else {
        let _ = write!(s, "SZ[{}:{}]", size.width(), size.height());
    }
    for (tag, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let pts: String = size
            .points()
            .filter(|&p| pos.color_at(p) == Some(color))
            .map(|p| format!("[{}]", p.to_sgf(size)))
            .collect();
        if !pts.is_empty() {
            let _ = write!(s, "{tag}{pts}");
        }
    }
    let _ = write!(s, "PL[{}]", solution.to_play);
    let tr: String = t
        .target
        .iter()
        .map(|p| format!("[{}]", p.to_sgf(size)))
        .collect();
    let _ = write!(s, "TR{tr}");
    let mut comment = format!(
        "{} to {}. Result: {}. Region: {} points.\n",
        solution.to_play,
        solution.goal,
        solution.class,
        t.region.len()
    );
    for m in &solution.moves {
        let _ = writeln!(comment, "{} {}", m.mv, m.class);
    }
    let _ = write!(s, "C[{}]", sgf_escape(&comment));
    for tree in trees {
        s.push('(');
        let class = solution
            .moves
            .iter()
            .find(|m| m.mv == tree.mv)
            .map_or(solution.class, |m| m.class);
        let mut tree = tree.clone();
        let note = if class == Class::Win {
            "Correct".to_string()
        } else {
            format!("Correct ({class})")
        };
        tree.note = Some(match tree.note {
            Some(n) => format!("{note}. {n}"),
            None => note,
        });
        write_tree(&mut s, &tree, size);
        s.push(')');
    }
    s.push_str(")\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sentences::stray_words;
    use clap::Parser;

    /// The problem flags alone, parsed as the command line would.
    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        setup: ProblemArgs,
    }

    #[test]
    fn every_word_of_the_solve_report_comes_from_the_sentences_module() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/tsumego.sgf");
        let flags = Flags::parse_from(["solve"]);
        for game in 1..=3 {
            let problem = load(&path, game).expect("the shipped problems");
            let prepared = prepare(&problem, &flags.setup).expect("set up");
            let mut solver = TsumegoSolver::new(
                prepared.tsumego.clone(),
                &limits(&flags.setup).expect("limits"),
            );
            let solution = solver.solve_all();
            let text = text(&prepared, &solution, 1, Language::Marked);
            assert!(text.contains('⟦'), "nothing marked:\n{text}");
            // The board's rows are symbols and numbers only, never words.
            let stray = stray_words(&text);
            assert!(
                stray.is_empty(),
                "words not from sentences: {stray:?}\n{text}"
            );
        }
    }
}
