//! Tsumego: ordinary play with a ko master, on the same df-pn engine as the confirmation
//! (spec §5 of the rules brief).
//!
//! ## The game
//! A [`Tsumego`] names the attacker `A`, the defender `D = !A`, the **target** (stones of
//! `D`, possibly several strings) and the **region**: the points where stones may be
//! played. Everything else is fixed:
//!
//! - **Moves** are plays inside the region (Art. 4-5: captures, no suicide) and the pass
//!   (the searches leave out the pass of the side that must reach its goal where no ko
//!   point stands: it can never help it, see `without_provers_pass`).
//! - **Ko** is fought with a *ko master*: the master may retake a ko at once (its external
//!   threats are taken to be endless); the other side obeys the Art. 6 ban. So the ban only
//!   ever binds the non-master, and the state keeps the ko point only when the non-master is
//!   to move.
//! - **Safe stones.** A string with a liberty outside the region can never be captured (no
//!   stone is ever played there): the wall of a problem is safe because it touches the open
//!   board. Benson's pass-alive chains are safe too, and so is a target string that joins
//!   such a wall for sure: two of its liberties touch the wall, so that the defender
//!   answers a move on one by playing the other (`sure_joins`; the attacker's lines end
//!   there, one move before the join).
//! - **Local areas.** Where the target's points lie in closed areas bounded only by the
//!   attacker's safe strings, a play outside them does there what a pass does: the kill
//!   and life games then play only the areas' points and the pass, and key the state by
//!   what the areas hold, so that boards differing only outside share their results
//!   (`LocalAreas`).
//! - **Kill** ([`KillRule::CaptureForGood`], the default): `A` wins when some stone of the
//!   target ([`TargetRule::AnyStone`]; every stone under [`TargetRule::EveryStone`]) has
//!   been removed *and* `D` cannot then force a permanent stone on the target's points (a
//!   stone `A`, moving first, cannot capture): the two-phase objective of the confirmation,
//!   with ordinary play instead of Art. 7-2. [`KillRule::CaptureOnly`] stops at the capture
//!   (the usual tsumego-solver convention). A target out of reach (every standing target
//!   string safe; under `EveryStone`, one) is a failure for `A`; endless play is a failure
//!   for `A` (cycles count against the attacker).
//! - **Life not in seki** ([`Class::Seki`] tells it apart): `D` can force every target
//!   string (under `EveryStone`, one) to be safe (pass-alive, or joined to a string that
//!   touches the outside). A
//!   defender that survives but cannot force that lives in seki (or by an endless cycle).
//!
//! ## Result classes, for the player to move `P` after each first move
//! - `P = A`: [`Class::Win`] kills even when `D` is ko master; [`Class::Ko`] kills only as
//!   ko master; [`Class::Seki`] cannot kill, but `D` cannot make safe life even as ko
//!   master; else [`Class::Fail`].
//! - `P = D`: [`Class::Win`] lives, not in seki, even when `A` is ko master;
//!   [`Class::Seki`] lives with `A` ko master but only in seki; [`Class::Ko`] lives only as
//!   ko master; else [`Class::Fail`].
//!
//! The classes take up to three searches each (the kill game under each master, the life
//! game), fewer where one result implies another: a master only gains moves, and safe
//! life rules the kill out under the same master (proof at `TsumegoSolver::reaches`,
//! checked on the exhaustive reference's graphs), so a defender's `win` is the life game
//! alone, and a first move most likely to fail is asked first the one question that
//! proves it. The same implications hold state by state: every state one search settles
//! is recorded, and the others read there what it implies for their own question
//! (module `tsumego_verdicts`), so that a state is not searched again in another game.
//!
//! Results are exact for the game above (the region, the target and the safe stones as
//! given). A limit reached gives [`Class::Unknown`], never a guess.
//!
//! Static knowledge: safe strings and Benson end the search for the defender; the
//! eye-space bound and a target string lost in atari ([`crate::tsumego_eyespace`]) end it
//! for the attacker under [`KillRule::CaptureOnly`] (and in the life game); no room for
//! two eyes inside walls that are never taken ends it under either kill rule, and spares
//! `capture-for-good` its nested search after a capture; the defender's room (and, in
//! the kill games and the invasion search after a capture, its eye points) steers the
//! leaf initialisation.
//!
//! After a capture under `capture-for-good`, a flat search is tried before the exact
//! nested one: can the attacker force that static rule's state (`InvasionGame`)? Its win
//! settles the second phase; the exact game (a capture search for every defender stone
//! at every state) only decides what it leaves, with the rest of each slice of nodes.
//!
//! And before the kill game under `capture-for-good` searches at all, the plain capture
//! is searched, on the whole of the call's budget (`TsumegoSolver::kill_decide`). Every kill is
//! a capture, so a capture refuted is a kill refuted, and the refutation is carried over
//! to the kill game's table. A capture proved is a strategy whose leaves are captures
//! (that search does not stop at a target lost statically, so that each leaf is one
//! capture, not every way to take a lost target); the kill game is asked only about those
//! leaves, and when it wins from each, the strategy's states are stored as won. Otherwise
//! the kill game searches the question itself: its own search visits the second phase
//! after every capture it meets, most of which the capture's strategy never needs.

use crate::dfpn::{
    Bounds, Budget, Dfpn, Evaluation, Game, Outcome, ProofNumber, Quarters, SolvedTree,
    SolverConfig, Stats, StopReason,
};
use crate::eyespace::two_small_regions;
use crate::tsumego_eyespace::{
    captured_next, closed_areas_around, eye_room, flood_around, hopeless, hopeless_zone,
    no_permanent_stone,
};
use crate::tsumego_verdicts::{Fact, Question, StateKeys, Verdicts};
use rules_core::benson::{pass_alive_for, pass_alive_string, PassAliveSide};
use rules_core::{Color, Move, Point, PointSet, Position, Undo, ZobristHash};
use std::cell::RefCell;
use std::fmt;
use std::num::{NonZeroU32, NonZeroU64};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// What the player to move tries to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Kill the target: the player to move is the attacker.
    Kill,
    /// Make the target live: the player to move is the defender.
    Live,
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Goal::Kill => "kill",
            Goal::Live => "live",
        })
    }
}

/// When the attacker has killed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum KillRule {
    /// A target stone removed and no permanent defender stone can arise on the target's
    /// points afterwards (spec §3.4 with ordinary play).
    #[default]
    CaptureForGood,
    /// A target stone removed (relevance-zone papers' convention for the Cho dictionary).
    CaptureOnly,
}

/// Which target stones the attacker must remove.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TargetRule {
    /// Any one of them: the defender must keep them all (an inferred target is one string).
    #[default]
    AnyStone,
    /// All of them: the defender lives if any of them does (the Cho dictionary's crucial
    /// stones, placed so that the living part always keeps one).
    EveryStone,
}

/// A tsumego: the position with the player to move, the sides, the target and the region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tsumego {
    /// The position; its player to move moves first.
    pub position: Position,
    /// The attacker.
    pub attacker: Color,
    /// The defender's stones that the attacker tries to kill.
    pub target: PointSet,
    /// Where stones may be played.
    pub region: PointSet,
    /// When the attacker has killed.
    pub kill_rule: KillRule,
    /// Which target stones the attacker must remove.
    pub target_rule: TargetRule,
}

impl Tsumego {
    /// The goal of the player to move.
    pub fn goal(&self) -> Goal {
        if self.position.to_move() == self.attacker {
            Goal::Kill
        } else {
            Goal::Live
        }
    }

    /// The strings that can never be captured because they have a liberty outside the
    /// region: the wall, and anything joined to the open board.
    pub fn safe_stones(&self) -> PointSet {
        let pos = &self.position;
        let mut safe = PointSet::new();
        let mut seen = PointSet::new();
        for p in pos.size().points() {
            if pos.color_at(p).is_none() || seen.contains(p) {
                continue;
            }
            let stones: PointSet = pos.string_stones(p).collect();
            seen = seen.union(&stones);
            if pos.has_liberty_outside(p, &self.region) {
                safe = safe.union(&stones);
            }
        }
        safe
    }
}

/// The limits of one problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TsumegoLimits {
    /// Most search nodes for the whole problem, nested searches included.
    pub max_nodes: Option<NonZeroU64>,
    /// Most time for the whole problem.
    pub max_time: Option<Duration>,
    /// Most entries of each transposition table.
    pub table_entries: usize,
    /// Start every new leaf at proof and disproof number 1 instead of the liberty-based
    /// initialisation (only to measure what the initialisation saves).
    pub plain_leaves: bool,
    /// Leave out the static knowledge of [`crate::tsumego_eyespace`] (the eye-space bound
    /// and targets lost in atari; only to measure what it saves).
    pub no_eye_bound: bool,
    /// Prune with relevance zones ([`crate::dfpn`]); off by default: with the zones the
    /// tsumego games give today it saves about 2 % of the nodes and costs time
    /// (BENCHMARKS.md, "Relevance zones").
    pub zones: bool,
}

impl Default for TsumegoLimits {
    fn default() -> TsumegoLimits {
        TsumegoLimits {
            max_nodes: NonZeroU64::new(5_000_000),
            max_time: Some(Duration::from_secs(30)),
            table_entries: 1 << 20,
            plain_leaves: false,
            no_eye_bound: false,
            zones: false,
        }
    }
}

/// The result class of a move or a problem for the player who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Wins even when the opponent is ko master (and, for the defender, not in seki).
    Win,
    /// Wins only as ko master.
    Ko,
    /// The defender lives, but only in seki.
    Seki,
    /// Loses.
    Fail,
    /// A limit was reached first.
    Unknown(StopReason),
}

impl Class {
    /// The decided class of rank `rank` for `goal` (see [`Class::rank`]).
    pub fn of_rank(rank: u8, goal: Goal) -> Class {
        match (rank, goal) {
            (3.., _) => Class::Win,
            (2, Goal::Kill) | (1, Goal::Live) => Class::Ko,
            (2, Goal::Live) | (1, Goal::Kill) => Class::Seki,
            (0, _) => Class::Fail,
        }
    }

    /// The name used in the outputs: `win`, `ko`, `seki`, `fail`, `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Class::Win => "win",
            Class::Ko => "ko",
            Class::Seki => "seki",
            Class::Fail => "fail",
            Class::Unknown(_) => "unknown",
        }
    }

    /// How good the class is for a player with `goal` (higher is better; `None` for
    /// unknown). The attacker prefers a ko to a seki, the defender a seki to a ko.
    pub fn rank(self, goal: Goal) -> Option<u8> {
        Some(match (self, goal) {
            (Class::Win, _) => 3,
            (Class::Ko, Goal::Kill) | (Class::Seki, Goal::Live) => 2,
            (Class::Seki, Goal::Kill) | (Class::Ko, Goal::Live) => 1,
            (Class::Fail, _) => 0,
            (Class::Unknown(_), _) => return None,
        })
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A first move and its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveClass {
    /// The move.
    pub mv: Move,
    /// Its class for the player who makes it.
    pub class: Class,
}

/// The solution of a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The player to move.
    pub to_play: Color,
    /// Its goal.
    pub goal: Goal,
    /// The best class over the first moves ([`Class::Unknown`] when an undecided move could
    /// still beat the best decided one).
    pub class: Class,
    /// The first moves of the best class.
    pub best: Vec<Move>,
    /// Every first move (plays in the region, then the pass) with its class; from
    /// [`TsumegoSolver::solve_marked`], every first move except those in `below_best`.
    pub moves: Vec<MoveClass>,
    /// First moves proved worse than the best class without their own class being
    /// computed ([`TsumegoSolver::solve_marked`]; empty from [`TsumegoSolver::solve_all`]).
    pub below_best: Vec<Move>,
    /// A principal line for the first best move, with the players.
    pub pv: Vec<(Color, Move)>,
    /// Search nodes spent.
    pub nodes: u64,
}

/// Whether the target is out of the attacker's reach: under [`TargetRule::AnyStone`] every
/// target string still standing is safe (a liberty outside the region, or pass-alive, or
/// sure to join a string with a liberty outside: [`sure_joins`]); under
/// [`TargetRule::EveryStone`] some standing target string is.
fn target_safe(
    pos: &Position,
    target: &PointSet,
    region: &PointSet,
    owner: Color,
    rule: TargetRule,
) -> bool {
    let mut seen = PointSet::new();
    let mut any_standing = false;
    let mut unsafe_strings = Vec::new();
    for p in target.iter() {
        if seen.contains(p) || pos.color_at(p) != Some(owner) {
            continue;
        }
        any_standing = true;
        for s in pos.string_stones(p) {
            seen.insert(s);
        }
        let safe = pos.has_liberty_outside(p, region)
            || (!pos.in_atari(p) && two_small_regions(pos, p) && pass_alive_string(pos, p));
        match (rule, safe) {
            (TargetRule::EveryStone, true) => return true,
            (_, false) => unsafe_strings.push(p),
            _ => {}
        }
    }
    match rule {
        TargetRule::AnyStone => {
            any_standing
                && (unsafe_strings.is_empty()
                    || sure_joins(pos, &unsafe_strings, region, owner).is_some())
        }
        TargetRule::EveryStone => unsafe_strings
            .iter()
            .any(|&p| sure_joins(pos, &[p], region, owner).is_some()),
    }
}

/// With the defender (the owner of `target`) to move, the target strings in atari whose
/// last liberty lies in `region` (the attacker's to take), each as that liberty and the
/// points where a play saves the string: the liberty itself, and the last liberty of each
/// attacker string in atari next to it (a capture is its only other way to gain a
/// liberty). After any other move, the pass included, the attacker can take the string on
/// that liberty at once: the move is not next to the string, and no ko ban can stand on
/// the liberty (a ban falls on the point of a stone just captured, and the liberty was
/// empty).
fn strings_in_danger(
    pos: &Position,
    target: &PointSet,
    region: &PointSet,
) -> Vec<(Point, PointSet)> {
    let defender = pos.to_move();
    let size = pos.size();
    // Strings by their ids, read once each (this runs at every node where the defender
    // moves in the plain capture).
    let mut seen = PointSet::new();
    let mut in_danger = Vec::new();
    for t in target.iter() {
        if pos.color_at(t) != Some(defender) || !pos.in_atari(t) {
            continue;
        }
        if !pos.string_id(t).is_some_and(|id| seen.insert(id)) {
            continue;
        }
        let stones: PointSet = pos.string_stones(t).collect();
        let Some(last) = pos.liberties(t).iter().next() else {
            continue;
        };
        if !region.contains(last) {
            continue;
        }
        let mut saving = PointSet::from_iter([last]);
        for n in stones.with_neighbours(size).iter() {
            if pos.color_at(n) == Some(!defender) && pos.in_atari(n) {
                saving = saving.union(&pos.liberties(n));
            }
        }
        in_danger.push((last, saving));
    }
    in_danger
}

/// The local area of the kill and life games' states, remembered per board: the closed
/// areas around the target's points ([`closed_areas_around`]) when every stone around them
/// belongs to a safe string of the attacker (none of the defender's). Then nothing outside
/// the area can change what happens inside it, and what those games ask is read inside
/// it alone:
/// - a play outside does inside what a pass does (the attacker's walls are never taken,
///   no string inside reaches out, and the ko ban lasts one move whatever is played), so
///   the moves are the area's points and the pass ([`LocalAreas::keep_local_moves`]);
/// - every test of the games' evaluations reads the area and the walls around it: the
///   target's safety (a liberty outside the region is no point of a closed area; Benson's
///   vital regions of a target string hold only its liberties, so no wall stone, whose
///   liberty outside the region no target stone touches, and the chains bordering them
///   are in the area, there being no other stone of the defender around it), the capture,
///   the eye-space rules (their floods stop at the walls) and the search after a capture;
/// - the area stays local below: safe strings stay safe and no defender's stone comes
///   next to it from outside, so the outside is the same along every line from here, and
///   a repetition of the key is a repetition of the position.
///
/// So a local state is keyed by the area's points and contents, the walls around it and
/// the target's points, with the player to move and the ko point ([`LocalAreas::key`]):
/// boards that differ only outside share their results. The differential test checks the
/// games against the exhaustive reference.
#[derive(Debug)]
struct LocalAreas {
    target: PointSet,
    region: PointSet,
    defender: Color,
    /// The flood and local area of recent boards ([`Flooded`]), by their stones' key, in
    /// [`LOCAL_AREA_SLOTS`] slots.
    recent: RefCell<Vec<Option<RecentLocal>>>,
    /// [`LocalAreas::reaches_outside`]'s answers for the last board.
    reaching: RefCell<Reaching>,
}

/// The strings of one board (by their stones' key) known to reach outside the region or
/// not, by [`Position::string_id`].
#[derive(Debug, Default)]
struct Reaching {
    board: Option<ZobristHash>,
    known: PointSet,
    outside: PointSet,
}

/// What [`LocalAreas::derive`] knows of a child's local area before the move is made.
#[derive(Clone, Copy, Debug)]
enum Derived {
    /// The child's flood and local area, the parent's own.
    Known(Flooded),
    /// Some points turn safe (the move's stone and the strings it joins, `wall`): the
    /// child's flood is the parent's less them and what they cut off. Where the parent
    /// has a local area, the stone joins one of its walls.
    Walled { parent: Flooded, wall: PointSet },
    /// To be read from the child.
    Unknown,
}

/// What [`LocalAreas`] reads of a board: the flood from the target's points through the
/// points holding no safe stone ([`flood_around`]), and the local area it gives.
#[derive(Clone, Copy, Debug)]
struct Flooded {
    flood: PointSet,
    /// [`Local::outside`] where the flood is a local area.
    outside: Option<ZobristHash>,
}

impl Flooded {
    fn new(flood: PointSet, local: Option<Local>) -> Flooded {
        debug_assert!(local.is_none_or(|l| l.area == flood));
        Flooded {
            flood,
            outside: local.map(|l| l.outside),
        }
    }

    fn local(&self) -> Option<Local> {
        self.outside.map(|outside| Local {
            area: self.flood,
            outside,
        })
    }
}

/// A board's stones' key and what [`LocalAreas`] read of it.
type RecentLocal = (ZobristHash, Flooded);

/// A board's local area, and what turns its whole position's key into the area's.
#[derive(Clone, Copy, Debug)]
struct Local {
    area: PointSet,
    /// The stones outside the points the key reads, and those points, hashed: the
    /// position's key (stones, player to move, ko point) with this left out is the key of
    /// what the area holds. It is the same for every board below with the same area (no
    /// stone outside it changes), so a child's key is read without making the child.
    outside: ZobristHash,
}

/// Boards whose local area [`LocalAreas`] remembers: a node's board is asked for when it
/// is expanded, and again by its evaluation and its children's keys.
const LOCAL_AREA_SLOTS: usize = 256;

impl LocalAreas {
    fn new(target: PointSet, region: PointSet, defender: Color) -> LocalAreas {
        LocalAreas {
            target,
            region,
            defender,
            recent: RefCell::new(vec![None; LOCAL_AREA_SLOTS]),
            reaching: RefCell::new(Reaching::default()),
        }
    }

    /// The local areas of `problem`'s kill and life games.
    fn of_problem(problem: &Tsumego) -> LocalAreas {
        LocalAreas::new(problem.target, problem.region, !problem.attacker)
    }

    /// The local area of `pos`, `None` when it has none.
    fn of(&self, pos: &Position) -> Option<Local> {
        // Read in place: asked tens of times a node, a copy of the whole entry showed.
        let board = pos.stone_hash();
        if let Some((seen, flooded)) = &self.recent.borrow()[board.0 as usize % LOCAL_AREA_SLOTS] {
            if *seen == board {
                return flooded.local();
            }
        }
        self.flooded(pos).local()
    }

    /// The flood and local area of `pos`, remembered per board.
    fn flooded(&self, pos: &Position) -> Flooded {
        let board = pos.stone_hash();
        let slot = board.0 as usize % LOCAL_AREA_SLOTS;
        if let Some((seen, flooded)) = self.recent.borrow()[slot] {
            if seen == board {
                return flooded;
            }
        }
        let flood = flood_around(pos, &self.target, &self.region);
        let flooded = Flooded::new(flood, self.local_of_flood(pos, &flood));
        self.remember(pos, flooded);
        flooded
    }

    /// The local area that `flood` ([`flood_around`] on `pos`) gives, if any: the flood
    /// must be a closed area (in the region) with no stone of the defender around it.
    fn local_of_flood(&self, pos: &Position, flood: &PointSet) -> Option<Local> {
        // No area at all (every target point holds a safe stone): nothing to read there.
        if flood.is_empty() || !flood.difference(&self.region).is_empty() {
            return None;
        }
        let area = *flood;
        let around = area.with_neighbours(pos.size());
        let defender_around = around
            .iter()
            .any(|n| !area.contains(n) && pos.color_at(n) == Some(self.defender));
        if defender_around {
            return None;
        }
        let read = around.union(&self.target);
        Some(Local {
            area,
            outside: pos.stone_hash() ^ pos.area_stones_hash(&read) ^ salt(7, None),
        })
    }

    /// What a local area leaves out of a position's key ([`Local::outside`]; nothing
    /// without one).
    fn outside(local: Option<Local>) -> ZobristHash {
        local.map_or(ZobristHash::ZERO, |l| l.outside)
    }

    /// The state's keys (without the game's salt): those of its local area's points and
    /// contents where it has one, else of the whole position.
    fn keys(&self, pos: &Position) -> StateKeys {
        let outside = Self::outside(self.of(pos));
        StateKeys {
            to_move: pos.to_move(),
            with_ko: pos.hash() ^ outside,
            without_ko: pos.hash_without_ko() ^ outside,
        }
    }

    /// The state's key as it stands (without the game's salt).
    fn key(&self, pos: &Position) -> ZobristHash {
        pos.hash() ^ Self::outside(self.of(pos))
    }

    /// The local area of the child of `mv`, where it follows from that of `pos` without
    /// reading the child (`None` when it does not): where `pos` has a local area, the
    /// child has the same unless the move is a stone that joins one of the attacker's
    /// walls (which no stone of the defender can) or one outside the area (whose key
    /// leaves out the stones there); where `pos` has none, neither has the
    /// child unless the move captures (which may free a point outside the region) or is a
    /// stone whose string then reaches outside the region (a new safe string): only those
    /// change which strings are safe, and so what [`closed_areas_around`] reaches. A new
    /// safe string of the defender's still bounds the flood, so it counts only on a target
    /// point or joined to a string on one (the unit test `local_keys_follow_the_moves`
    /// compares every derived key with a fresh one).
    fn after(&self, pos: &Position, mv: Move) -> Option<Option<Local>> {
        let before = self.of(pos);
        let Move::Play(p) = mv else {
            return Some(before);
        };
        let mover = pos.to_move();
        let size = pos.size();
        match before {
            Some(local) => {
                // A stone outside the area (a first move, a book's line) changes the
                // stones the key leaves out.
                let same = local.area.contains(p)
                    && !p
                        .neighbours(size)
                        .any(|n| !local.area.contains(n) && pos.color_at(n) == Some(mover));
                same.then_some(before)
            }
            None => {
                // Which strings are safe changes only by a stone whose string then
                // reaches outside the region, or by a capture. A new safe string of the
                // defender's bounds what the flood reaches, so it gives no local area,
                // unless it takes the target's points out of the flood: a stone on one,
                // or joined to a string on one.
                let (mut captures, mut safe) = (false, false);
                for n in p.neighbours(size) {
                    match pos.color_at(n) {
                        None => safe |= !self.region.contains(n),
                        Some(c) if c == mover => {
                            safe = safe || self.reaches_outside(pos, n);
                        }
                        Some(_) => captures = captures || pos.in_atari(n),
                    }
                }
                let on_target = || {
                    self.target.contains(p)
                        || p.neighbours(size).any(|n| {
                            pos.color_at(n) == Some(mover)
                                && pos.string_stones(n).any(|s| self.target.contains(s))
                        })
                };
                let may_close = captures || (safe && (mover != self.defender || on_target()));
                (!may_close).then_some(None)
            }
        }
    }

    /// What the child of `mv` will read ([`LocalAreas::flooded`]), as far as it follows
    /// from `pos`'s, for [`LocalAreas::make`]: a flood for every board entered was most of
    /// the time (half the instructions of Go Game Guru's `easy-42`, where most moves join
    /// a wall). Which points hold a safe stone changes only where the move's stone
    /// turns safe, with the strings it joins (a liberty outside the region is never
    /// filled, and a capture frees points that held no safe stone, so it changes nothing
    /// unless it frees a point outside the region): the child's flood is the parent's less
    /// those points and what they cut off, and where they are none, the parent's.
    fn derive(&self, pos: &Position, mv: Move) -> Derived {
        let parent = self.flooded(pos);
        let Move::Play(p) = mv else {
            return Derived::Known(parent);
        };
        if !self.region.contains(p) {
            return Derived::Unknown;
        }
        let mover = pos.to_move();
        let size = pos.size();
        let mut turns_safe = false;
        let mut wall = PointSet::from_iter([p]);
        for n in p.neighbours(size) {
            match pos.color_at(n) {
                None => turns_safe |= !self.region.contains(n),
                Some(c) if c == mover => {
                    if self.reaches_outside(pos, n) {
                        turns_safe = true;
                    } else {
                        wall = wall.union(&pos.string_stones(n).collect());
                    }
                }
                Some(_) => {
                    if pos.in_atari(n) && pos.string_stones(n).any(|s| !self.region.contains(s)) {
                        // A freed point outside the region: strings turn safe anywhere.
                        return Derived::Unknown;
                    }
                }
            }
        }
        match parent.local() {
            // The key of a local area leaves out the stones outside it: a stone there
            // changes it (a first move, a book's line).
            Some(local) if !local.area.contains(p) => Derived::Unknown,
            _ if !turns_safe => Derived::Known(parent),
            _ => Derived::Walled { parent, wall },
        }
    }

    /// Whether the string through `stone` has a liberty outside the region, remembered for
    /// the last board asked about: [`LocalAreas::after`] asks it for the mover's strings
    /// around each child's point, the same few strings for every child of a node, and
    /// each answer walks a string (a wall's whole length; 13 % of a 150-point Cho
    /// problem's instructions).
    fn reaches_outside(&self, pos: &Position, stone: Point) -> bool {
        let Some(id) = pos.string_id(stone) else {
            return false;
        };
        let mut memo = self.reaching.borrow_mut();
        let board = pos.stone_hash();
        if memo.board != Some(board) {
            *memo = Reaching {
                board: Some(board),
                ..Reaching::default()
            };
        }
        if memo.known.insert(id) && pos.has_liberty_outside(stone, &self.region) {
            memo.outside.insert(id);
        }
        memo.outside.contains(id)
    }

    /// The key of the child of `mv` (without the game's salt), when it can be read without
    /// making the child ([`LocalAreas::after`]; `hash` gives the child's key of the whole
    /// position).
    fn child_key(
        &self,
        pos: &Position,
        mv: Move,
        hash: impl FnOnce() -> ZobristHash,
    ) -> Option<ZobristHash> {
        let after = self.after(pos, mv)?;
        Some(hash() ^ Self::outside(after))
    }

    /// [`Rules::make`], and the child's flood and local area remembered where they follow
    /// from the board's ([`LocalAreas::derive`]): a flood fill for every state entered was
    /// most of the time.
    fn make(&self, rules: &mut Rules, state: &mut Position, mv: Move) {
        let derived = self.derive(state, mv);
        rules.make(state, mv);
        self.remember_derived(state, derived);
    }

    /// [`Rules::play_into`], and the child's local area remembered as by
    /// [`LocalAreas::make`].
    fn play_into(&self, rules: &Rules, state: &Position, mv: Move, out: &mut Position) {
        let derived = self.derive(state, mv);
        rules.play_into(state, mv, out);
        self.remember_derived(out, derived);
    }

    /// [`Rules::play`], and the child's local area remembered as by [`LocalAreas::make`].
    fn play(&self, rules: &Rules, state: &Position, mv: Move) -> Position {
        let derived = self.derive(state, mv);
        let out = rules.play(state, mv);
        self.remember_derived(&out, derived);
        out
    }

    /// Remembers what `child` reads, as [`LocalAreas::derive`] derived it, if it did.
    fn remember_derived(&self, child: &Position, derived: Derived) {
        match derived {
            Derived::Known(flooded) => self.remember(child, flooded),
            Derived::Walled { parent, wall } => {
                // The flood expands from points of the region only
                // ([`flood_around`]).
                let within = parent.flood.difference(&wall);
                let seeds = self.target.intersection(&within);
                let inside = seeds.flooded_within(&within.intersection(&self.region));
                let flood = inside
                    .grown_within(&within)
                    .union(&seeds.difference(&self.region));
                let local = match parent.local() {
                    Some(parent) if !flood.is_empty() => {
                        // `outside` is the board's stones, less those of the points
                        // read (the area, its neighbours, the target), hashed with their
                        // membership. The child reads a subset of the parent's points,
                        // and every stone that changed (the move's, the captured) is on
                        // a point of the parent's area, so the stones' differences
                        // cancel: what is left is the points no longer read, with the
                        // child's stones. No stone of the defender comes next to the
                        // smaller area: its new neighbours are the new wall's stones.
                        let read =
                            |a: &PointSet| a.with_neighbours(child.size()).union(&self.target);
                        let dropped = read(&parent.area).difference(&read(&flood));
                        Some(Local {
                            area: flood,
                            outside: parent.outside ^ child.area_stones_hash(&dropped),
                        })
                    }
                    _ => self.local_of_flood(child, &flood),
                };
                self.remember(child, Flooded::new(flood, local));
            }
            Derived::Unknown => {}
        }
    }

    fn remember(&self, pos: &Position, flooded: Flooded) {
        let board = pos.stone_hash();
        self.recent.borrow_mut()[board.0 as usize % LOCAL_AREA_SLOTS] = Some((board, flooded));
    }

    /// Leaves out the plays outside the local area, if `pos` has one.
    fn keep_local_moves(&self, pos: &Position, moves: &mut Vec<Move>) {
        if let Some(local) = self.of(pos) {
            moves.retain(|m| match m {
                Move::Play(p) => local.area.contains(*p),
                Move::Pass => true,
            });
        }
    }
}

/// Keeps of the defender's `moves` only those of [`saving_moves`], where a target string
/// is in danger.
fn keep_saving_moves(pos: &Position, target: &PointSet, region: &PointSet, moves: &mut Vec<Move>) {
    if let Some(saving) = saving_moves(pos, target, region) {
        moves.retain(|m| matches!(m, Move::Play(p) if saving.contains(*p)));
    }
}

/// The points where a play saves every target string of [`strings_in_danger`], or `None`
/// when no string is in danger. Where a taken target stone ends the game, the defender's
/// other moves are lost without a search.
fn saving_moves(pos: &Position, target: &PointSet, region: &PointSet) -> Option<PointSet> {
    strings_in_danger(pos, target, region)
        .into_iter()
        .map(|(_, saving)| saving)
        .reduce(|a, b| a.intersection(&b))
}

/// The liberties of the string on `string` (of `owner`) inside the region where a stone
/// of `owner` would join it to another string of `owner` with a liberty outside the
/// region, with those strings' stones.
fn joining_liberties(
    pos: &Position,
    string: Point,
    region: &PointSet,
    owner: Color,
) -> (PointSet, PointSet) {
    let size = pos.size();
    let own = pos.string_id(string);
    let (mut points, mut safe) = (PointSet::new(), PointSet::new());
    for lib in pos.liberties(string).iter() {
        if !region.contains(lib) {
            continue;
        }
        for n in lib.neighbours(size) {
            if pos.color_at(n) != Some(owner) || pos.string_id(n) == own {
                continue;
            }
            if safe.contains(n) || pos.has_liberty_outside(n, region) {
                points.insert(lib);
                for stone in pos.string_stones(n) {
                    safe.insert(stone);
                }
            }
        }
    }
    (points, safe)
}

/// Whether every string of `strings` (of `owner`, none with a liberty outside the region)
/// is sure to join a string of `owner` with a liberty outside the region, whatever the
/// opponent plays: each has two liberties in the region next to such strings, and no such
/// liberty serves two of them; with `owner` to move, one of them may have a single such
/// liberty that the ko ban leaves open. Returns the points it relies on (those liberties
/// and the strings they join), for a relevance zone.
///
/// Why it is exact: the opponent's move fills at most one of those liberties, and the
/// owner answers on the same string's other one (or, after any other move, on any of
/// them). A stone there joins a string that touches the outside, so it is never suicide;
/// the ko ban only forbids the point of a stone just captured, never a liberty that was
/// empty. A string with two empty liberties is not captured by one move, and the strings
/// it joins are never captured (no stone is played outside the region). So the owner joins
/// them all, one answer a move, and a joined string touches the outside.
fn sure_joins(
    pos: &Position,
    strings: &[Point],
    region: &PointSet,
    owner: Color,
) -> Option<PointSet> {
    let owner_to_move = pos.to_move() == owner;
    let mut used = PointSet::new();
    let mut relied_on = PointSet::new();
    let mut single_allowed = owner_to_move;
    for &s in strings {
        let (mut points, safe) = joining_liberties(pos, s, region, owner);
        if let Some(ko) = pos.ko_point().filter(|_| owner_to_move) {
            points.remove(ko);
        }
        if !points.intersection(&used).is_empty() {
            return None;
        }
        match points.len() {
            0 => return None,
            1 if single_allowed => single_allowed = false,
            1 => return None,
            _ => {}
        }
        used = used.union(&points);
        relied_on = relied_on.union(&points).union(&safe);
    }
    Some(relied_on)
}

/// The fewest liberties of a standing target string (0 when a target stone is gone).
fn fewest_liberties(pos: &Position, target: &PointSet) -> u32 {
    let mut seen = PointSet::new();
    let mut fewest = u32::MAX;
    for p in target.iter() {
        if pos.color_at(p).is_none() {
            return 0;
        }
        if seen.contains(p) {
            continue;
        }
        for s in pos.string_stones(p) {
            seen.insert(s);
        }
        fewest = fewest.min(pos.liberty_count(p) as u32);
    }
    if fewest == u32::MAX {
        0
    } else {
        fewest
    }
}

/// The liberties the attacker must take: of the weakest target string, or under
/// [`TargetRule::EveryStone`] of the strongest one still standing.
fn target_liberties(pos: &Position, target: &PointSet, rule: TargetRule) -> u32 {
    match rule {
        TargetRule::AnyStone => fewest_liberties(pos, target),
        TargetRule::EveryStone => target
            .iter()
            .filter(|&p| pos.color_at(p).is_some())
            .map(|p| pos.liberty_count(p) as u32)
            .max()
            .unwrap_or(0),
    }
}

/// Initial bounds for a prover who must take liberties away (`liberties` of the weakest
/// string it attacks): fewer liberties, easier to prove; more, easier to disprove.
pub(crate) fn attack_bounds(liberties: u32) -> Bounds {
    Bounds {
        pn: ProofNumber::new(liberties.max(1)),
        dn: ProofNumber::new(5u32.saturating_sub(liberties).max(1)),
    }
}

/// [`attack_bounds`] with the defender's room around the target ([`eye_room`]) added to
/// the disproof number: a target with little room (at most five empty points) is easier
/// to kill than its liberties say. Measured on the Cho dictionary with tight regions:
/// 646,891 nodes for the 13 problems against 691,224 with liberties alone (BENCHMARKS.md).
///
/// `room` is called with the count beyond which more room changes nothing ([`ROOM_THAT_COUNTS`]),
/// so that the flood can stop there: on a 59-point region it was 45 % of the time with a
/// cap of 12.
fn room_bounds(liberties: u32, room: impl FnOnce(u32) -> u32) -> Bounds {
    let room = room(ROOM_THAT_COUNTS);
    Bounds {
        pn: ProofNumber::new(liberties.max(1)),
        dn: ProofNumber::new(
            (5u32.saturating_sub(liberties) + ROOM_THAT_COUNTS.saturating_sub(room) / 2).max(1),
        ),
    }
}

/// The defender's room from which on the leaf initialisation no longer changes.
const ROOM_THAT_COUNTS: u32 = 6;

/// `bounds` (the attacker's, from [`room_bounds`]) with the defender's eye points around
/// the target ([`eye_points`], up to two) counted: each makes the attacker's proof one
/// harder, and a target with fewer than two makes the disproof harder by what is
/// missing. Where the room is large every leaf started at the same disproof number, and
/// the defender's replies were tried in board order; this sends the defender first to the
/// replies that make eyes. An empty 2x6 space under a wall that touches the outside:
/// 112,063 -> 105,501 nodes to show that the attacker cannot kill; the Go Game Guru
/// problems that agree, with the same term in the invasion search after a capture:
/// 3,010,464 -> 2,916,493 nodes (BENCHMARKS.md, "Session 30").
fn with_eye_points(bounds: Bounds, eyes: u32) -> Bounds {
    let eyes = eyes.min(2);
    // Leaf numbers are small and finite (`room_bounds`).
    let (pn, dn) = (
        bounds.pn.finite().unwrap_or(1),
        bounds.dn.finite().unwrap_or(1),
    );
    Bounds {
        pn: ProofNumber::new(pn.saturating_add(eyes)),
        dn: ProofNumber::new(dn.saturating_add(2 - eyes)),
    }
}

/// The empty points next to a standing target string whose every neighbour is a stone
/// of one defender's string: the eyes it has now. A point between two strings is left
/// out: it may be a false eye, and counting those too cost Cho's problem 5 its solution
/// (491,366 nodes, unsolved at 5,870,816; BENCHMARKS.md, "Session 30").
fn eye_points(pos: &Position, target: &PointSet, defender: Color) -> u32 {
    let size = pos.size();
    let mut liberties = PointSet::new();
    // Strings by their head stone, as in `focus_of`: each read once (this runs at every
    // leaf of the kill and invasion searches).
    let mut read = PointSet::new();
    for t in target.iter() {
        if pos.color_at(t) == Some(defender) && pos.string_id(t).is_some_and(|h| read.insert(h)) {
            liberties = liberties.union(&pos.liberties(t));
        }
    }
    liberties
        .iter()
        .filter(|p| {
            let mut strings = p.neighbours(size).map(|n| {
                pos.string_id(n)
                    .filter(|_| pos.color_at(n) == Some(defender))
            });
            let first = strings.next().flatten();
            first.is_some() && strings.all(|s| s == first)
        })
        .count() as u32
}

/// The nodes of each search that tries the book's answer as the opponent's reply
/// ([`TsumegoSolver::solve_marked`]).
const HINT_CAP: u64 = 2_000;

/// Whether the attacker has removed what it must: any target stone, or every one.
fn target_removed(pos: &Position, target: &PointSet, owner: Color, rule: TargetRule) -> bool {
    match rule {
        TargetRule::AnyStone => target.iter().any(|p| pos.color_at(p) != Some(owner)),
        TargetRule::EveryStone => target.iter().all(|p| pos.color_at(p) != Some(owner)),
    }
}

/// Whether the string on `point` (of its owner) can never be captured.
fn point_safe(pos: &Position, point: Point, region: &PointSet) -> bool {
    let Some(owner) = pos.color_at(point) else {
        return false;
    };
    pos.has_liberty_outside(point, region)
        || (!pos.in_atari(point)
            && two_small_regions(pos, point)
            && pass_alive_for(pos, owner).chains.contains(point))
}

/// The move rules shared by every game of this module.
#[derive(Clone, Debug)]
struct Rules {
    region: PointSet,
    points: Vec<Point>,
    master: Color,
    plain_leaves: bool,
    /// Whether the static eye-space bound ([`hopeless`]) and the atari rule
    /// ([`captured_next`]) may decide states.
    eye_bound: bool,
    /// Whether the search uses relevance zones.
    zones: bool,
    /// The stones of the strings that touch the outside in the problem's position: they
    /// stand in every state of the game (their liberty outside the region is never
    /// filled), so a zone holds them without their strings.
    fixed: PointSet,
    /// What the moves made in place ([`Rules::make`]) overwrote, innermost last; the
    /// records past `made` are kept for their buffers.
    undos: Vec<Undo>,
    /// How many moves made in place are not taken back yet.
    made: usize,
}

/// Whether the player to move captures a string of the opponent by playing on `p`.
fn captures_at(pos: &Position, p: Point) -> bool {
    let opponent = !pos.to_move();
    p.neighbours(pos.size())
        .any(|n| pos.color_at(n) == Some(opponent) && pos.in_atari(n))
}

impl Rules {
    fn new(region: PointSet, master: Color, limits: &TsumegoLimits, fixed: PointSet) -> Rules {
        Rules {
            points: region.iter().collect(),
            region,
            master,
            plain_leaves: limits.plain_leaves,
            eye_bound: !limits.no_eye_bound,
            zones: limits.zones,
            fixed,
            undos: Vec::new(),
            made: 0,
        }
    }

    /// `zone` closed for [`crate::dfpn`]'s relevance zones: every string with a stone in
    /// it (but the fixed ones) with all its stones and two of its liberties (all when it
    /// has fewer). In a state that agrees on the zone such a string stands whole, joined
    /// to at most more stones, with at least those liberties: a move outside the zone can
    /// neither capture it nor change a point inside. The fixed stones never leave and
    /// their strings keep a liberty outside the region.
    fn close(&self, pos: &Position, zone: PointSet) -> PointSet {
        let given = zone;
        let mut zone = zone;
        let mut done = self.fixed;
        // What is added is whole strings and empty points: one pass suffices.
        for p in given.iter() {
            if done.contains(p) || pos.color_at(p).is_none() {
                continue;
            }
            let mut stones = PointSet::new();
            for s in pos.string_stones(p) {
                stones.insert(s);
            }
            done = done.union(&stones);
            zone = zone.union(&stones);
            let liberties = pos.liberties(p);
            let mut kept = liberties.intersection(&zone).len();
            for l in liberties.iter() {
                if kept >= 2 {
                    break;
                }
                if zone.insert(l) {
                    kept += 1;
                }
            }
        }
        zone
    }

    /// What decides the effect of a play on `p`: the point, its neighbours, and every
    /// string next to it with all its stones and neighbours (so that captures, joins and
    /// the suicide test come out the same in an agreeing state), closed.
    fn play_zone(&self, pos: &Position, p: Point) -> PointSet {
        let size = pos.size();
        let mut strings = PointSet::new();
        for n in p.neighbours(size) {
            if pos.color_at(n).is_some() && !self.fixed.contains(n) {
                strings = strings.union(&pos.string_stones(n).collect());
            }
        }
        let around = PointSet::from_iter([p]).with_neighbours(size);
        self.close(pos, around.union(&strings.with_neighbours(size)))
    }

    fn win_zone(&self, pos: &Position, mv: Move, child: &PointSet) -> PointSet {
        match mv {
            Move::Pass => *child,
            Move::Play(p) => self.close(pos, child.union(&self.play_zone(pos, p))),
        }
    }

    fn loss_zone(&self, pos: &Position, null: &PointSet, searched: &PointSet) -> PointSet {
        // Every move inside the reference's zone must do the same in an agreeing state. A
        // quiet legal move does (its child's zone is closed); a move that captures, or
        // one that is illegal here, brings what decides it.
        let mover = pos.to_move();
        let mut zone = null.union(searched);
        for p in null.intersection(&self.region).iter() {
            if pos.color_at(p).is_some() {
                continue;
            }
            if captures_at(pos, p) || !pos.is_legal_ignoring_ko(mover, p) {
                zone = zone.union(&self.play_zone(pos, p));
            }
        }
        self.close(pos, zone)
    }

    /// Whether the static knowledge, when switched on, gives the target to `attacker` (a
    /// capture only: the eye-space bound, or a target string lost in atari).
    fn lost_statically(
        &self,
        pos: &Position,
        target: &PointSet,
        attacker: Color,
        rule: TargetRule,
    ) -> bool {
        self.eye_bound
            && (hopeless(pos, target, &self.region, attacker, rule)
                || captured_next(pos, target, &self.region, attacker, rule).is_some())
    }

    /// Whether the static knowledge, when switched on, gives the target to `attacker` for
    /// good: taken, and no permanent defender stone on its points after
    /// ([`no_permanent_stone`], which holds whoever moves).
    fn dead_for_good(&self, pos: &Position, target: &PointSet, attacker: Color) -> bool {
        self.eye_bound && no_permanent_stone(pos, attacker, target, &self.region)
    }

    /// The zone of a state of the kill or the life game that its evaluation decided:
    /// [`Rules::safe_zone`] when the defender is safe (`defender_won`), else the target's
    /// points when it was removed (if that decided: `removal_decides`), else the areas
    /// the eye-space bound read or the points the atari rule read.
    fn kill_zone(
        &self,
        pos: &Position,
        target: &PointSet,
        rule: TargetRule,
        attacker: Color,
        (defender_won, removal_decides): (bool, bool),
    ) -> Option<PointSet> {
        if defender_won {
            return Some(self.safe_zone(pos, target, !attacker, rule));
        }
        if target_removed(pos, target, !attacker, rule) {
            return removal_decides.then(|| self.close(pos, *target));
        }
        let read = hopeless_zone(pos, target, &self.region, attacker, rule)
            .or_else(|| captured_next(pos, target, &self.region, attacker, rule))?;
        Some(self.close(pos, read))
    }

    /// The zone of [`target_safe`]: the target's points and, for each standing target
    /// string it relies on, that string (when it touches the outside) or every pass-alive
    /// chain of the owner with its regions. Under [`TargetRule::EveryStone`] one safe
    /// string suffices.
    fn safe_zone(
        &self,
        pos: &Position,
        target: &PointSet,
        owner: Color,
        rule: TargetRule,
    ) -> PointSet {
        let mut benson = None;
        let mut zone = *target;
        let mut joining = Vec::new();
        for p in target.iter() {
            if pos.color_at(p) != Some(owner)
                || joining
                    .iter()
                    .any(|&j| pos.string_id(j) == pos.string_id(p))
            {
                continue;
            }
            let reason = if pos.has_liberty_outside(p, &self.region) {
                pos.string_stones(p).collect()
            } else {
                let b: &PassAliveSide = benson.get_or_insert_with(|| pass_alive_for(pos, owner));
                if !b.chains.contains(p) {
                    // Not safe by itself: it joins a safe string for sure ([`sure_joins`]),
                    // or under `EveryStone` another string is safe.
                    joining.push(p);
                    continue;
                }
                b.chains.union(&b.regions)
            };
            if rule == TargetRule::EveryStone {
                return self.close(pos, target.union(&reason));
            }
            zone = zone.union(&reason);
        }
        match rule {
            TargetRule::AnyStone => {
                if let Some(relied_on) = sure_joins(pos, &joining, &self.region, owner) {
                    zone = zone.union(&relied_on);
                }
            }
            TargetRule::EveryStone => {
                if let Some(relied_on) = joining
                    .iter()
                    .find_map(|&p| sure_joins(pos, &[p], &self.region, owner))
                {
                    zone = zone.union(&relied_on);
                }
            }
        }
        self.close(pos, zone)
    }

    /// The legal moves, ordered: points of `focus` first, then their neighbours, then the
    /// rest of the region; the pass last; written over `moves`.
    fn moves_into(&self, pos: &Position, focus: &PointSet, moves: &mut Vec<Move>) {
        let color = pos.to_move();
        let ko = pos.ko_point();
        // No buffer but `moves` (this runs at every node): the points of the first rank go
        // straight in, the others into two sets, read in the region's order afterwards.
        let near_focus = focus.grown_within(&self.region);
        let mut near = PointSet::new();
        let mut rest = PointSet::new();
        moves.clear();
        for &p in &self.points {
            if ko == Some(p) || !pos.is_legal_ignoring_ko(color, p) {
                continue;
            }
            if focus.contains(p) {
                moves.push(Move::Play(p));
            } else if near_focus.contains(p) {
                near.insert(p);
            } else {
                rest.insert(p);
            }
        }
        moves.extend(near.iter().map(Move::Play));
        moves.extend(rest.iter().map(Move::Play));
        // The pass stays last with zones too: searched first (so that more moves are
        // pruned) it cost more than it saved (BENCHMARKS.md, "Relevance zones").
        moves.push(Move::Pass);
    }

    /// The key of the whole position after `mv`, as [`Rules::play_into`] leaves it (the
    /// master's ban cleared), read without playing the move.
    fn child_hash(&self, state: &Position, mv: Move) -> ZobristHash {
        if !state.to_move() == self.master {
            state.hash_after_without_ko(mv)
        } else {
            state.hash_after(mv)
        }
    }

    fn play_into(&self, state: &Position, mv: Move, out: &mut Position) {
        out.clone_from(state);
        self.play_on(out, mv);
    }

    /// [`Rules::play_into`] on a new state (one copy of the board, not two).
    fn play(&self, state: &Position, mv: Move) -> Position {
        let mut out = state.clone();
        self.play_on(&mut out, mv);
        out
    }

    /// Plays `mv` on `pos` for good (no undo).
    fn play_on(&self, pos: &mut Position, mv: Move) {
        pos.play_unchecked(mv);
        self.lift_masters_ban(pos);
    }

    /// [`Rules::play_into`] on `state` itself, to be taken back by [`Rules::unmake`] (the
    /// undo restores the ko point too).
    fn make(&mut self, state: &mut Position, mv: Move) {
        if self.undos.len() <= self.made {
            self.undos.push(Undo::default());
        }
        state.play_undoable(mv, &mut self.undos[self.made]);
        self.made += 1;
        self.lift_masters_ban(state);
    }

    /// The master ignores the Art. 6 ban: a state where it is to move does not depend on it.
    fn lift_masters_ban(&self, pos: &mut Position) {
        if pos.to_move() == self.master {
            pos.clear_ko();
        }
    }

    /// Takes back the last move [`Rules::make`] made.
    fn unmake(&mut self, state: &mut Position) {
        self.made = self
            .made
            .checked_sub(1)
            .expect("a move made in place to take back");
        state.undo(&mut self.undos[self.made]);
    }
}

/// The liberties of the target strings, and of the opponent strings in atari around them.
fn focus_of(pos: &Position, points: &PointSet) -> PointSet {
    let mut focus = PointSet::new();
    // Strings by their head stone: a target string or a neighbour in atari is read once,
    // however many of its stones the target or the string's border holds.
    let (mut targets_read, mut neighbours_read) = (PointSet::new(), PointSet::new());
    let size = pos.size();
    for p in points.iter() {
        let Some(head) = pos.string_id(p) else {
            focus.insert(p);
            continue;
        };
        if !targets_read.insert(head) {
            continue;
        }
        let colour = pos.color_at(p);
        focus = focus.union(&pos.liberties(p));
        for s in pos.string_stones(p) {
            for n in s.neighbours(size) {
                if pos.color_at(n).is_some_and(|c| Some(c) != colour)
                    && pos.in_atari(n)
                    && pos.string_id(n).is_some_and(|h| neighbours_read.insert(h))
                {
                    focus = focus.union(&pos.liberties(n));
                }
            }
        }
    }
    focus
}

fn salt(tag: u64, point: Option<Point>) -> ZobristHash {
    let p = point.map_or(0, |p| p.index() as u128 + 1);
    let v = ((tag as u128) << 32 | p).wrapping_add(1);
    ZobristHash(v.wrapping_mul(0x2545_F491_4F6C_DD1D_9E37_79B9_7F4A_7C15))
}

/// Drops the pass from the prover's moves where the state has no ko point. Every game here
/// counts endless play against its prover, and the pass from such a state changes nothing
/// but the player to move (the Art. 6 ban it lifts is none), so the opponent can pass back
/// to the very same state: a strategy that passes there never reaches the goal, and a
/// winning strategy never needs it. (The state after the pass is never a goal where the
/// state before it is not: the evaluations read the stones, and the rules that read the
/// player to move, the eye-space bound and the atari rule, give more to the attacker when
/// it moves, and the life game's goal reads the stones alone.) Where a ko point stands, the
/// prover is the non-master under its ban, and the pass that lifts it is kept. With
/// relevance zones the pass is the null move their pruning needs, and is kept too. So no
/// verdict changes, and the search is spared a move at every prover node and every line
/// the opponent refutes by passing back, a refutation that rests on a repetition and so
/// could not be stored as final. Measured in BENCHMARKS.md ("Session 17").
fn without_provers_pass(moves: &mut Vec<Move>) {
    moves.retain(|m| *m != Move::Pass);
}

macro_rules! position_game {
    ($name:ident) => {
        position_game!($name, |game: &$name, state: &Position, out: &mut Vec<Move>| game
            .rules
            .moves_into(state, &game.focus(state), out));
    };
    // A game keyed, moved and played through its `local: LocalAreas`.
    ($name:ident, local: $moves:expr) => {
        position_game!(
            $name,
            $moves,
            |game: &$name, state: &Position| game.local.key(state) ^ game.salt(),
            |game: &$name, state: &Position, mv: Move| game
                .local
                .child_key(state, mv, || game.rules.child_hash(state, mv))
                .map(|hash| hash ^ game.salt()),
            |game: &mut $name, state: &mut Position, mv: Move| game
                .local
                .make(&mut game.rules, state, mv),
            |game: &$name, state: &Position, mv: Move, out: &mut Position| game
                .local
                .play_into(&game.rules, state, mv, out),
            |game: &$name, state: &Position, mv: Move| game.local.play(&game.rules, state, mv)
        );
    };
    ($name:ident, $moves:expr) => {
        position_game!(
            $name,
            $moves,
            |game: &$name, state: &Position| state.hash() ^ game.salt(),
            |game: &$name, state: &Position, mv: Move| Some(
                game.rules.child_hash(state, mv) ^ game.salt()
            )
        );
    };
    ($name:ident, $moves:expr, $key:expr, $child_key:expr) => {
        position_game!($name, $moves, $key, $child_key, |game: &mut $name,
                                                         state: &mut Position,
                                                         mv: Move| game
            .rules
            .make(state, mv));
    };
    ($name:ident, $moves:expr, $key:expr, $child_key:expr, $make:expr) => {
        position_game!(
            $name,
            $moves,
            $key,
            $child_key,
            $make,
            |game: &$name, state: &Position, mv: Move, out: &mut Position| game
                .rules
                .play_into(state, mv, out),
            |game: &$name, state: &Position, mv: Move| game.rules.play(state, mv)
        );
    };
    (
        $name:ident,
        $moves:expr,
        $key:expr,
        $child_key:expr,
        $make:expr,
        $play_into:expr,
        $play:expr
    ) => {
        impl Game for $name {
            type State = Position;
            type Move = Move;

            fn key(&self, state: &Position) -> ZobristHash {
                ($key)(self, state)
            }

            fn prover_to_move(&self, state: &Position) -> bool {
                state.to_move() == self.prover()
            }

            fn evaluate(
                &mut self,
                state: &Position,
                budget: &mut Budget,
            ) -> Result<Evaluation, StopReason> {
                self.evaluate_state(state, budget)
            }

            fn moves(&self, state: &Position) -> Vec<Move> {
                let mut moves = Vec::new();
                self.moves_into(state, &mut moves);
                moves
            }

            fn moves_into(&self, state: &Position, moves: &mut Vec<Move>) {
                ($moves)(self, state, moves);
                if state.to_move() == self.prover() && !self.rules.zones && state.ko_point().is_none() {
                    without_provers_pass(moves);
                }
            }

            fn play(&self, state: &Position, mv: Move) -> Position {
                ($play)(self, state, mv)
            }

            fn play_into(&self, state: &Position, mv: Move, out: &mut Position) {
                ($play_into)(self, state, mv, out);
            }

            fn plays_in_place(&self) -> bool {
                true
            }

            fn make(&mut self, state: &mut Position, mv: Move) {
                ($make)(self, state, mv);
            }

            fn unmake(&mut self, state: &mut Position) {
                self.rules.unmake(state);
            }

            fn leaf_bounds(&self, state: &Position) -> Bounds {
                if self.rules.plain_leaves {
                    Bounds::LEAF
                } else {
                    self.leaf(state)
                }
            }

            fn child_key(&self, state: &Position, mv: Move) -> Option<ZobristHash> {
                ($child_key)(self, state, mv)
            }

            fn gives_zones(&self) -> bool {
                self.rules.zones
            }

            fn null_move(&self, _: &Position) -> Option<Move> {
                self.rules.zones.then_some(Move::Pass)
            }

            fn terminal_zone(&self, state: &Position, proved: bool) -> Option<PointSet> {
                if self.rules.zones {
                    self.zone_of_terminal(state, proved)
                } else {
                    None
                }
            }

            fn win_zone(&self, state: &Position, mv: Move, child: &PointSet) -> PointSet {
                self.rules.win_zone(state, mv, child)
            }

            fn loss_zone(&self, state: &Position, null: &PointSet, searched: &PointSet) -> PointSet {
                self.rules.loss_zone(state, null, searched)
            }

            fn outside(&self, mv: Move, zone: &PointSet) -> bool {
                matches!(mv, Move::Play(p) if !zone.contains(p))
            }

            fn sibling_reference(&self, state: &Position, mv: Move, zone: &PointSet) -> bool {
                // `outside` holds plays only.
                self.outside(mv, zone) && matches!(mv, Move::Play(p) if !captures_at(state, p))
            }

            fn forced_answers(&self, state: &Position) -> Vec<(Move, Move)> {
                Pruning::forced_answers(self, state)
            }

            fn record_solved(&mut self, key: ZobristHash, proved: bool, work: u64) {
                if let Some((verdicts, question)) = self.shared() {
                    let fact = Fact { question, master: self.rules.master, proved };
                    verdicts.borrow_mut().record(key ^ self.salt(), fact, work);
                }
            }
        }
    };
}

/// The games whose results [`Verdicts`] shares: the kill, capture and life games of a
/// problem (not the nested searches after a capture, which ask of other targets).
trait Sharing {
    /// The shared results and the question this game answers, when it shares.
    fn shared(&self) -> Option<(&RefCell<Verdicts>, Question)> {
        None
    }
}

impl Sharing for CaptureGame {}
impl Sharing for RecreateGame {}
impl Sharing for InvasionGame {}

/// The games that leave moves out of their lists because the prover's answer wins at once
/// ([`Game::forced_answers`]).
trait Pruning {
    /// The moves left out of `state`'s list, each with the prover's winning answer.
    fn forced_answers(&self, state: &Position) -> Vec<(Move, Move)> {
        let _ = state;
        Vec::new()
    }
}

impl Pruning for CaptureGame {}
impl Pruning for RecreateGame {}
impl Pruning for InvasionGame {}
impl Pruning for LiveGame {}

impl Pruning for KillGame {
    /// The defender's moves [`KillGame::moves_of`] leaves out, each with the capture of a
    /// target string it leaves in atari.
    fn forced_answers(&self, state: &Position) -> Vec<(Move, Move)> {
        if !self.prunes_lost_defences || state.to_move() == self.attacker {
            return Vec::new();
        }
        let in_danger = strings_in_danger(state, &self.target, &self.rules.region);
        if in_danger.is_empty() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.rules.moves_into(state, &self.focus(state), &mut moves);
        moves
            .into_iter()
            .filter_map(|m| {
                in_danger
                    .iter()
                    .find(|(_, saving)| !matches!(m, Move::Play(p) if saving.contains(p)))
                    .map(|&(last, _)| (m, Move::Play(last)))
            })
            .collect()
    }
}

/// The attacker can empty `target` (a point holding a defender stone).
#[derive(Debug)]
struct CaptureGame {
    attacker: Color,
    target: Point,
    rules: Rules,
}

impl CaptureGame {
    fn prover(&self) -> Color {
        self.attacker
    }
    fn leaf(&self, pos: &Position) -> Bounds {
        attack_bounds(fewest_liberties(pos, &PointSet::from_iter([self.target])))
    }
    fn salt(&self) -> ZobristHash {
        salt(1, Some(self.target))
    }
    fn focus(&self, state: &Position) -> PointSet {
        focus_of(state, &PointSet::from_iter([self.target]))
    }
    fn zone_of_terminal(&self, pos: &Position, proved: bool) -> Option<PointSet> {
        let target = PointSet::from_iter([self.target]);
        Some(if proved {
            let read = if pos.color_at(self.target) == Some(!self.attacker) {
                // Still standing: lost in atari.
                self.captured_next(pos)?
            } else {
                target
            };
            self.rules.close(pos, read)
        } else {
            self.rules
                .safe_zone(pos, &target, !self.attacker, TargetRule::AnyStone)
        })
    }
    fn evaluate_state(&mut self, pos: &Position, _: &mut Budget) -> Result<Evaluation, StopReason> {
        if pos.color_at(self.target) != Some(!self.attacker) {
            return Ok(Evaluation::Goal);
        }
        if point_safe(pos, self.target, &self.rules.region) {
            return Ok(Evaluation::Failure);
        }
        if self.rules.eye_bound && self.captured_next(pos).is_some() {
            return Ok(Evaluation::Goal);
        }
        Ok(Evaluation::Open)
    }
    /// [`captured_next`] for the target's string.
    fn captured_next(&self, pos: &Position) -> Option<PointSet> {
        captured_next(
            pos,
            &PointSet::from_iter([self.target]),
            &self.rules.region,
            self.attacker,
            TargetRule::AnyStone,
        )
    }
}
position_game!(CaptureGame);

/// The defender can make a permanent stone on a point of `points`.
#[derive(Debug)]
struct RecreateGame {
    defender: Color,
    points: PointSet,
    rules: Rules,
    capture: Dfpn<CaptureGame>,
    scratch: Option<Position>,
}

impl RecreateGame {
    fn prover(&self) -> Color {
        self.defender
    }
    fn leaf(&self, _: &Position) -> Bounds {
        Bounds::LEAF
    }
    fn salt(&self) -> ZobristHash {
        salt(2, None)
    }
    fn focus(&self, _: &Position) -> PointSet {
        self.points
    }
    fn zone_of_terminal(&self, _: &Position, _: bool) -> Option<PointSet> {
        // Decided by nested capture searches, which give no zone.
        None
    }
    fn evaluate_state(
        &mut self,
        pos: &Position,
        budget: &mut Budget,
    ) -> Result<Evaluation, StopReason> {
        let mut tried = PointSet::new();
        for x in self.points.iter() {
            if pos.color_at(x) != Some(self.defender) || tried.contains(x) {
                continue;
            }
            for s in pos.string_stones(x) {
                tried.insert(s);
            }
            let attacker_to_move = self.scratch.get_or_insert_with(|| pos.clone());
            attacker_to_move.clone_from(pos);
            attacker_to_move.set_to_move(!self.defender);
            if attacker_to_move.to_move() == self.rules.master {
                attacker_to_move.clear_ko();
            }
            self.capture.game_mut().target = x;
            if !self.capture.decide(attacker_to_move, budget)? {
                return Ok(Evaluation::Goal);
            }
        }
        Ok(Evaluation::Open)
    }
}
position_game!(RecreateGame);

/// The attacker can force a state where the defender has no room for a permanent stone on
/// any of `points` ([`Rules::dead_for_good`]), in finitely many moves (cycles count
/// against it), from a state after the capture. A sufficient condition for the kill
/// rule's second phase, read as one flat search: [`RecreateGame`] asks the same question
/// exactly but runs a capture search at every state for every defender stone, so an
/// invasion of a dozen points or more is out of its reach.
///
/// Why a win here is a win of the second phase: whatever the defender plays, the attacker
/// reaches a state where the static rule holds, and from there it takes every defender
/// stone on those points for good. A stone the defender shows on the way is taken by the
/// same play, which answers passes too, so no stone of the defender on `points` is ever
/// uncapturable. The converse does not hold (a ko the defender retakes forever is a
/// failure here, and no permanent stone for it either), so a failure falls back to
/// [`RecreateGame`].
///
/// **Closed areas.** When the areas around `points` (connected points holding no stone of
/// a *safe* string, one with a liberty outside the region: the attacker's walls and the
/// defender's strings that touch the open board) are closed, every neighbour of theirs
/// outside them a safe string's stone, the game is played inside them: both sides' moves
/// are the points of the areas and the pass, and a state's key is that of the areas'
/// points and contents, of the safe stones around them (whose colour says whether the
/// defender can join them) and of `points`, the player to move and a ko point inside them
/// (the points too: an area that shrinks as the attacker's stones join its walls is
/// another game, not a repetition; [`Position::area_hash`]). Why its wins are wins: safe
/// strings are never taken (nobody plays outside the region), and a string in the areas
/// has its liberties in them, so nothing outside can change what happens inside; the
/// static rule reads only the areas, or fails whenever they touch a defender's safe
/// string (its flood goes on through that string to its liberty outside the region); a
/// defender's stone on `points` is safe by its own liberty outside the region only when it
/// is no point of the areas (the key holds `points`), and pass-alive (Benson's algorithm
/// reads the whole board) only with two small regions in the areas bounded by strings
/// that are in them or safe, so that the attacker, which never captures it, never reaches
/// the static rule either (two interior points in two regions): that state is lost for
/// the attacker whatever lies outside; a move outside the areas does there what a pass
/// does, and the pass is left to both sides (the attacker's only where a ko point stands:
/// elsewhere the defender can pass back, see [`without_provers_pass`]). So
/// the attacker's strategy inside, with the defender's plays outside taken for passes,
/// wins on the whole region, and positions that differ only outside share their results:
/// the leaves of one kill proof are mostly the same capture with different stones
/// elsewhere. (The converse may fail: inside, a repetition of the areas' contents counts
/// against the attacker, where plays outside would make every position new; a failure
/// of this game proves nothing anyway.) The unit test
/// `closed_areas_are_sound_and_read_nothing_outside` checks both on random positions. On Go Game Guru under the default kill rule
/// at 200,000 nodes 59 problems of 422 agreed before, 81 with this (BENCHMARKS.md,
/// "Session 16"; that key lacked the areas' points, and with them 78: "Session 17").
#[derive(Debug)]
struct InvasionGame {
    attacker: Color,
    points: PointSet,
    rules: Rules,
    /// Whether closed areas are played alone and keyed by their contents (always, but in
    /// the test that checks it against the whole board).
    closed_areas: bool,
    /// The closed areas of recent boards, by their stones' key, in [`CLOSED_AREA_SLOTS`]
    /// slots (a board goes to the slot of its key's low bits): a node asks for its key,
    /// its leaf numbers and its moves, and each child's key and leaf numbers, and the
    /// areas' flood fill was a fifth of the time when each asked again.
    recent_closed: RefCell<Vec<Option<ClosedAreas>>>,
}

/// A board's stones' key and its closed areas (`None`: not closed).
type ClosedAreas = (ZobristHash, Option<Closed>);

/// A board's closed areas, with what its key and its leaf numbers read of them, kept so
/// that they are counted once a board (its key is asked when a node makes the child and
/// again when the search enters it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Closed {
    areas: PointSet,
    /// The points the key reads: the areas, the safe stones around them and `points`.
    read: PointSet,
    /// [`Position::area_stones_hash`] of `read`.
    stones_key: ZobristHash,
    /// The areas' interior points (every neighbour in the areas), at most 16.
    interior: u32,
}

/// Slots of [`InvasionGame`]'s memo of closed areas. With one (the last board only) the
/// flood fill was 13 % of the time of a Go Game Guru problem at its node limit
/// (`easy-02`, session 20): a child's board is asked about when the node makes it and
/// again when the search enters it, other boards in between.
const CLOSED_AREA_SLOTS: usize = 256;

impl InvasionGame {
    fn prover(&self) -> Color {
        self.attacker
    }
    fn new(attacker: Color, points: PointSet, rules: Rules, closed_areas: bool) -> Self {
        InvasionGame {
            attacker,
            points,
            rules,
            closed_areas,
            recent_closed: RefCell::new(vec![None; CLOSED_AREA_SLOTS]),
        }
    }
    /// [`closed_areas_around`] for this game's points, whether or not they are played alone.
    fn closed_areas_of(&self, state: &Position) -> Option<PointSet> {
        self.closed_of(state).map(|c| c.areas)
    }
    /// [`InvasionGame::closed_areas_of`] with what the key and the leaf numbers read.
    fn closed_of(&self, state: &Position) -> Option<Closed> {
        let board = state.stone_hash();
        if let Some((seen, closed)) = self.recent_closed.borrow()[Self::slot(board)] {
            if seen == board {
                return closed;
            }
        }
        let areas = closed_areas_around(state, &self.points, &self.rules.region);
        self.remember_areas(state, areas)
    }
    /// The memo's slot of a board with the stones' key `board`.
    fn slot(board: ZobristHash) -> usize {
        board.0 as usize % CLOSED_AREA_SLOTS
    }
    fn remember_areas(&self, state: &Position, areas: Option<PointSet>) -> Option<Closed> {
        let size = state.size();
        let closed = areas.map(|areas| {
            // The safe stones around the areas too: the colour of a stone that bounds
            // them tells whether the defender can join it.
            let read = areas.with_neighbours(size).union(&self.points);
            Closed {
                areas,
                read,
                stones_key: state.area_stones_hash(&read),
                interior: areas.interior(size).len().min(16) as u32,
            }
        });
        let board = state.stone_hash();
        self.recent_closed.borrow_mut()[Self::slot(board)] = Some((board, closed));
        closed
    }
    /// [`Rules::make`], and the closed areas of the board it makes derived from those of
    /// the board before it ([`InvasionGame::areas_after`]) and remembered, where they can
    /// be: the flood fill that finds them was a tenth of the time, run for every child.
    fn make_in_place(&mut self, state: &mut Position, mv: Move) {
        let before = self.closed_areas_of(state);
        let mover = state.to_move();
        let taken_before = state.prisoners()[mover];
        self.rules.make(state, mv);
        let after = match before {
            Some(areas) => self.areas_after(&areas, state, mv).map(Some),
            None if self.walls_kept(state, mover, mv, taken_before) => Some(None),
            None => None,
        };
        if let Some(areas) = after {
            self.remember_areas(state, areas);
        }
    }
    /// Whether `mover`'s `mv`, which left `after`, kept the safe strings as they were, so
    /// that open areas stay open (the flood fill reaches the same points): a pass does, and
    /// so does a stone that takes nothing (a capture can free points outside the region,
    /// new liberties of a safe string) if its string has no liberty outside the region
    /// (else it is a safe string now, which the flood does not pass). Without this, a
    /// flood fill ran for every child of an open board: a third of the time of
    /// `ggg-easy-79` at its node limit.
    fn walls_kept(&self, after: &Position, mover: Color, mv: Move, taken_before: u32) -> bool {
        let Move::Play(p) = mv else {
            return true;
        };
        after.prisoners()[mover] == taken_before
            && !after.has_liberty_outside(p, &self.rules.region)
    }
    /// The closed areas around this game's points after `mv` was played inside the closed
    /// `areas` of the board before, read from those (`after` is the board after the move);
    /// `None` for a move outside them. Nothing outside the areas changes (no
    /// play there), and safe strings stay safe (no outside liberty is ever filled), so:
    /// - a pass: the same areas;
    /// - a stone whose string has no liberty outside the region (its neighbours outside
    ///   the areas, if any, are stones of the other colour's safe strings, and what it
    ///   takes leaves empty points of the areas): the same areas;
    /// - a stone that joins a safe string of its colour: that whole string is safe now;
    ///   the areas are what is left of them connected to a point of the game not in it.
    ///
    /// The unit test `closed_areas_follow_the_moves` checks it against the flood fill of
    /// [`closed_areas_around`] on every move of random invasions.
    fn areas_after(&self, areas: &PointSet, after: &Position, mv: Move) -> Option<PointSet> {
        let p = match mv {
            Move::Pass => return Some(*areas),
            Move::Play(p) if areas.contains(p) => p,
            Move::Play(_) => return None,
        };
        if !after.has_liberty_outside(p, &self.rules.region) {
            return Some(*areas);
        }
        let safe: PointSet = after.string_stones(p).collect();
        let open = areas.difference(&safe);
        Some(self.points.flooded_within(&open))
    }
    #[cfg(test)]
    fn closed_area(&self, state: &Position) -> Option<PointSet> {
        self.closed_played_alone(state).map(|c| c.areas)
    }
    fn closed_played_alone(&self, state: &Position) -> Option<Closed> {
        self.closed_areas.then(|| self.closed_of(state)).flatten()
    }
    /// The key of the closed areas' points and contents when they are closed (see the type's
    /// documentation), else of the whole state.
    fn state_key(&self, state: &Position) -> ZobristHash {
        match self.closed_played_alone(state) {
            Some(closed) => closed.stones_key ^ state.turn_hash(&closed.read) ^ salt(6, None),
            None => state.hash() ^ self.salt(),
        }
    }
    /// Leaves start at a proof number that grows with the interior points left (points of
    /// the closed areas with every neighbour inside them, so none next to a wall; 16 when
    /// the areas are open) beyond the two the static rule allows: each attacker stone
    /// joined to a wall takes about two. The defender's eye points next to its stones on
    /// the game's points count as in the kill game ([`with_eye_points`]).
    fn leaf(&self, pos: &Position) -> Bounds {
        let left = self.closed_of(pos).map_or(16, |closed| closed.interior);
        let bounds = Bounds {
            pn: ProofNumber::new(1 + left.saturating_sub(2) / 2),
            dn: ProofNumber::ONE,
        };
        with_eye_points(bounds, eye_points(pos, &self.points, !self.attacker))
    }
    fn salt(&self) -> ZobristHash {
        salt(5, None)
    }
    fn focus(&self, state: &Position) -> PointSet {
        focus_of(state, &self.points)
    }
    fn zone_of_terminal(&self, _: &Position, _: bool) -> Option<PointSet> {
        None
    }
    /// The legal moves, inside the closed areas when they are closed. The attacker passes
    /// only there: elsewhere the static rule's strategy never passes, and a prover with
    /// fewer moves proves nothing false; inside closed areas the pass stands for a play
    /// outside them, which the attacker could otherwise make to wait (and even there
    /// [`without_provers_pass`] leaves it only where a ko point stands).
    fn moves_of(&self, state: &Position, moves: &mut Vec<Move>) {
        self.rules.moves_into(state, &self.focus(state), moves);
        match self.closed_areas_of(state) {
            Some(area) if self.closed_areas => moves.retain(|m| match m {
                Move::Play(p) => area.contains(*p),
                Move::Pass => true,
            }),
            Some(_) => {}
            None if state.to_move() == self.attacker && moves.len() > 1 => {
                // The pass is last.
                moves.pop();
            }
            None => {}
        }
    }
    fn evaluate_state(&mut self, pos: &Position, _: &mut Budget) -> Result<Evaluation, StopReason> {
        if self.rules.dead_for_good(pos, &self.points, self.attacker) {
            return Ok(Evaluation::Goal);
        }
        let defender = !self.attacker;
        let safe_stone = self
            .points
            .iter()
            .any(|p| pos.color_at(p) == Some(defender) && point_safe(pos, p, &self.rules.region));
        Ok(if safe_stone {
            Evaluation::Failure
        } else {
            Evaluation::Open
        })
    }
}
position_game!(
    InvasionGame,
    InvasionGame::moves_of,
    InvasionGame::state_key,
    |_: &InvasionGame, _: &Position, _: Move| None,
    InvasionGame::make_in_place
);

/// The share of a slice of the kill game's evaluation that [`InvasionGame`] may take
/// before [`RecreateGame`] runs (in quarters). On the 140 easy Go Game Guru problems at
/// 100,000 nodes under the default kill rule: 31 agree with a quarter, 34 with a half, 39
/// with three quarters (38 once rounded to whole quarters), 38 with everything (the exact
/// search only when the flat one fails); 10 without the flat search (BENCHMARKS.md,
/// "Session 14"). Since the flat search plays closed areas alone (session 16) it wins more
/// often, and everything pays best: at 100,000 nodes 61 agree with three quarters, 62 with
/// everything (with the capture first on three quarters; "Session 16").
const INVASION_SHARE: Quarters = Quarters(4);

/// The kill game's second phase under [`KillRule::CaptureForGood`]: the flat
/// [`InvasionGame`] tried first, on [`INVASION_SHARE`] of what is left, then the exact
/// [`RecreateGame`].
#[derive(Debug)]
struct AfterCapture {
    invasion: Dfpn<InvasionGame>,
    recreate: Dfpn<RecreateGame>,
}

impl AfterCapture {
    /// Whether the defender can make a permanent stone on the target's points from `pos`.
    fn defender_recreates(
        &mut self,
        pos: &Position,
        budget: &mut Budget,
    ) -> Result<bool, StopReason> {
        let invasion = &mut self.invasion;
        let tried = budget.with_share(INVASION_SHARE, |part| invasion.decide(pos, part))?;
        if tried == Some(true) {
            return Ok(false);
        }
        self.recreate.decide(pos, budget)
    }
}

/// The attacker can kill the target.
#[derive(Debug)]
struct KillGame {
    attacker: Color,
    target: PointSet,
    target_rule: TargetRule,
    rules: Rules,
    /// The local areas of its states.
    local: LocalAreas,
    recreate: Option<AfterCapture>,
    /// The results shared with the problem's other games.
    verdicts: Option<Rc<RefCell<Verdicts>>>,
    /// Whether the defender's moves that leave a target string in atari are left out
    /// ([`KillGame::moves_of`]): where a taken target stone ends the game (the plain
    /// capture, any stone to take). A proof carried to the kill game as a strategy answers
    /// them by the capture ([`Game::forced_answers`]).
    prunes_lost_defences: bool,
    /// Whether a target lost statically (the eye-space bound, a string lost in atari) ends
    /// the plain capture. Not in the capture searched first under
    /// [`KillRule::CaptureForGood`] ([`TsumegoSolver::kill_decide`]): there a proof's
    /// leaves are then actual captures, each settled by one question after it, where a
    /// leaf that is only lost statically leaves the kill game to search the capture again
    /// with every way the defender can be taken, and every capture it meets, at an
    /// attacker's node, is asked the question after it (`ggg-easy-123`: 1,382,884 nodes
    /// with those leaves, 229,089 without; BENCHMARKS.md, "Session 29").
    static_capture_leaves: bool,
}

impl Sharing for KillGame {
    fn shared(&self) -> Option<(&RefCell<Verdicts>, Question)> {
        let question = if self.recreate.is_none() {
            Question::Capture
        } else {
            Question::Kill
        };
        self.verdicts.as_deref().map(|v| (v, question))
    }
}

impl KillGame {
    fn prover(&self) -> Color {
        self.attacker
    }
    fn leaf(&self, pos: &Position) -> Bounds {
        let libs = target_liberties(pos, &self.target, self.target_rule);
        let bounds = room_bounds(libs, |cap| {
            eye_room(pos, &self.target, &self.rules.region, self.attacker, cap)
        });
        with_eye_points(bounds, eye_points(pos, &self.target, !self.attacker))
    }
    fn salt(&self) -> ZobristHash {
        salt(3, None)
    }
    fn zone_of_terminal(&self, pos: &Position, proved: bool) -> Option<PointSet> {
        // After a capture, under `CaptureForGood`, a nested search decided: no zone.
        let removal_decides = self.recreate.is_none();
        self.rules.kill_zone(
            pos,
            &self.target,
            self.target_rule,
            self.attacker,
            (!proved, removal_decides),
        )
    }
    fn focus(&self, state: &Position) -> PointSet {
        focus_of(state, &self.target)
    }
    /// The legal moves; where a taken target stone ends the game (the plain capture, any
    /// target stone to take), with the defender to move and a target string in atari, only
    /// the moves that save it ([`saving_moves`]): after any other the attacker takes it at
    /// once. Exact: the node's value is the same.
    fn moves_of(&self, state: &Position, moves: &mut Vec<Move>) {
        self.rules.moves_into(state, &self.focus(state), moves);
        self.local.keep_local_moves(state, moves);
        if self.prunes_lost_defences && state.to_move() != self.attacker {
            keep_saving_moves(state, &self.target, &self.rules.region, moves);
        }
    }
    fn evaluate_state(
        &mut self,
        pos: &Position,
        budget: &mut Budget,
    ) -> Result<Evaluation, StopReason> {
        if let Some(known) = implied(self, pos, &self.local, self.rules.master) {
            return Ok(known);
        }
        let defender = !self.attacker;
        if target_removed(pos, &self.target, defender, self.target_rule) {
            return Ok(match self.recreate.as_mut() {
                None => Evaluation::Goal,
                // No room for a living stone in walls that are never taken: no nested
                // search needed.
                Some(_) if self.rules.dead_for_good(pos, &self.target, self.attacker) => {
                    Evaluation::Goal
                }
                Some(recreate) => {
                    if recreate.defender_recreates(pos, budget)? {
                        Evaluation::Open
                    } else {
                        Evaluation::Goal
                    }
                }
            });
        }
        if target_safe(
            pos,
            &self.target,
            &self.rules.region,
            defender,
            self.target_rule,
        ) {
            return Ok(Evaluation::Failure);
        }
        if (self.recreate.is_none()
            && self.static_capture_leaves
            && self
                .rules
                .lost_statically(pos, &self.target, self.attacker, self.target_rule))
            || self.rules.dead_for_good(pos, &self.target, self.attacker)
        {
            return Ok(Evaluation::Goal);
        }
        Ok(Evaluation::Open)
    }
}
position_game!(KillGame, local: KillGame::moves_of);

/// The defender can make every target string safe.
#[derive(Debug)]
struct LiveGame {
    defender: Color,
    target: PointSet,
    target_rule: TargetRule,
    rules: Rules,
    /// The local areas of its states.
    local: LocalAreas,
    /// The results shared with the problem's other games.
    verdicts: Option<Rc<RefCell<Verdicts>>>,
}

impl Sharing for LiveGame {
    fn shared(&self) -> Option<(&RefCell<Verdicts>, Question)> {
        self.verdicts.as_deref().map(|v| (v, Question::Life))
    }
}

/// What the problem's other games settled of `state` for `game`'s question, as its
/// evaluation.
fn implied(
    game: &impl Sharing,
    state: &Position,
    local: &LocalAreas,
    master: Color,
) -> Option<Evaluation> {
    let (verdicts, question) = game.shared()?;
    let (proved, work) = verdicts
        .borrow()
        .implied(local.keys(state), question, master)?;
    Some(Evaluation::Known { proved, work })
}

impl LiveGame {
    fn prover(&self) -> Color {
        self.defender
    }
    fn leaf(&self, pos: &Position) -> Bounds {
        let libs = target_liberties(pos, &self.target, self.target_rule);
        // The defender proves: the attacker's numbers swapped.
        let b = room_bounds(libs, |cap| {
            eye_room(pos, &self.target, &self.rules.region, !self.defender, cap)
        });
        Bounds { pn: b.dn, dn: b.pn }
    }
    fn salt(&self) -> ZobristHash {
        salt(4, None)
    }
    fn zone_of_terminal(&self, pos: &Position, proved: bool) -> Option<PointSet> {
        self.rules.kill_zone(
            pos,
            &self.target,
            self.target_rule,
            !self.defender,
            (proved, true),
        )
    }
    fn focus(&self, state: &Position) -> PointSet {
        focus_of(state, &self.target)
    }
    /// The legal moves; with any target stone to keep and a target string in atari, the
    /// defender's only those that save it ([`saving_moves`]): after any other the attacker
    /// takes it at once, which this game counts as lost. Exact, and safe to leave out: no
    /// disproof of this game is read as a strategy elsewhere.
    fn moves_of(&self, state: &Position, moves: &mut Vec<Move>) {
        self.rules.moves_into(state, &self.focus(state), moves);
        self.local.keep_local_moves(state, moves);
        if self.target_rule == TargetRule::AnyStone && state.to_move() == self.defender {
            keep_saving_moves(state, &self.target, &self.rules.region, moves);
        }
    }
    fn evaluate_state(&mut self, pos: &Position, _: &mut Budget) -> Result<Evaluation, StopReason> {
        if let Some(known) = implied(self, pos, &self.local, self.rules.master) {
            return Ok(known);
        }
        if target_removed(pos, &self.target, self.defender, self.target_rule) {
            return Ok(Evaluation::Failure);
        }
        if target_safe(
            pos,
            &self.target,
            &self.rules.region,
            self.defender,
            self.target_rule,
        ) {
            return Ok(Evaluation::Goal);
        }
        if self
            .rules
            .lost_statically(pos, &self.target, !self.defender, self.target_rule)
            || self.rules.dead_for_good(pos, &self.target, !self.defender)
        {
            return Ok(Evaluation::Failure);
        }
        Ok(Evaluation::Open)
    }
}
position_game!(LiveGame, local: LiveGame::moves_of);

/// A solver for one problem: the kill and life games under both ko masters, built on
/// demand and sharing one budget, so that transpositions between first moves are reused.
#[derive(Debug)]
pub struct TsumegoSolver {
    problem: Tsumego,
    config: SolverConfig,
    limits: TsumegoLimits,
    started: Instant,
    /// Nodes spent by finished calls.
    used: u64,
    /// The most nodes one call may spend (first moves are tried with growing caps).
    cap: Option<u64>,
    kill: [Option<Dfpn<KillGame>>; 2],
    /// Under [`KillRule::CaptureForGood`]: the kill game read with
    /// [`KillRule::CaptureOnly`], searched first ([`TsumegoSolver::kill_decide`]).
    capture_first: [Option<Dfpn<KillGame>>; 2],
    live: [Option<Dfpn<LiveGame>>; 2],
    /// What the games above settled, shared between them (none with relevance zones: a
    /// state decided by another game's result would have no zone of its own).
    verdicts: Option<Rc<RefCell<Verdicts>>>,
}

fn slot(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// The position with `master`'s view of the ko ban applied.
fn canonical(pos: &Position, master: Color) -> Position {
    let mut p = pos.clone();
    if p.to_move() == master {
        p.clear_ko();
    }
    p
}

/// Most nodes of a root's simulation from a recent solved root of the same game
/// ([`SolverConfig::root_simulation`]): the tsumego games decide many alike roots (every
/// first move, the states along a solution tree's lines, the leaves of a carried proof).
/// On Go Game Guru at 200,000 nodes: 97 -> 98 agree (`intermediate-102`, whose line
/// checks had stopped at the limit, 177,366 nodes with a cap of 100), the same nodes for
/// the 97 within 0.02 %, and the same verdicts with caps of 5,000 and 30,000: the tries
/// that succeed are short (BENCHMARKS.md, "Session 27").
const ROOT_SIMULATION_NODES: u32 = 5_000;

/// The share of a call's budget that [`TsumegoSolver::kill_decide`] gives the plain
/// capture search before the kill rule's own search (in quarters): all of it, the kill
/// game searching itself only with what the capture search and its leaves leave. On the
/// 140 easy Go Game Guru problems at 100,000 nodes: 55 agree with a quarter, 58 with a
/// half, 61 with three quarters, 62 with everything; on all 422 at 200,000 nodes (the flat
/// search after a capture on everything too) 83 with three quarters, 84 with everything
/// (BENCHMARKS.md, "Session 16"). Every kill is a capture, so a capture the search cannot
/// settle is seldom a kill the kill game settles.
const CAPTURE_FIRST_SHARE: Quarters = Quarters(4);

/// The share of what is left after it that [`TsumegoSolver::kill_decide`] gives the kill
/// game on the leaves of a capture proof (in quarters). On the 140 easy Go Game Guru
/// problems at 100,000 nodes: 41 agree with a half, 42 with three quarters, 41 with all.
const VERIFY_SHARE: Quarters = Quarters(3);

/// The most states of a capture proof or disproof carried over to the kill game.
const MAX_CARRIED_TREE: usize = 20_000;

/// Nodes granted for reading a principal line out of a solved search, past the problem's
/// budget.
const LINE_GRACE_NODES: u64 = 200_000;

/// Time granted for the same, where the problem has a time limit.
const LINE_GRACE_TIME: Duration = Duration::from_secs(2);

/// The clock of a line's reading: none without a time limit, so that a search limited by
/// nodes alone gives the same nodes and verdicts whatever the load of the machine.
fn line_grace_time(limits: &TsumegoLimits) -> Option<Duration> {
    limits.max_time.map(|_| LINE_GRACE_TIME)
}

/// The kill game of `problem` with `master` as ko master, under `kill_rule`.
fn kill_game(
    problem: &Tsumego,
    master: Color,
    limits: &TsumegoLimits,
    config: SolverConfig,
    kill_rule: KillRule,
    verdicts: Option<Rc<RefCell<Verdicts>>>,
) -> Dfpn<KillGame> {
    let rules = Rules::new(problem.region, master, limits, problem.safe_stones());
    let recreate = match kill_rule {
        KillRule::CaptureOnly => None,
        KillRule::CaptureForGood => Some(AfterCapture {
            invasion: Dfpn::new(
                InvasionGame::new(problem.attacker, problem.target, rules.clone(), true),
                config,
            ),
            recreate: Dfpn::new(
                RecreateGame {
                    defender: !problem.attacker,
                    points: problem.target,
                    rules: rules.clone(),
                    capture: Dfpn::new(
                        CaptureGame {
                            attacker: problem.attacker,
                            target: problem.target.iter().next().unwrap_or(Point::new(0, 0)),
                            rules: rules.clone(),
                        },
                        config,
                    ),
                    scratch: None,
                },
                config,
            ),
        }),
    };
    Dfpn::new(
        KillGame {
            attacker: problem.attacker,
            target: problem.target,
            target_rule: problem.target_rule,
            local: LocalAreas::of_problem(problem),
            rules,
            recreate,
            verdicts,
            prunes_lost_defences: kill_rule == KillRule::CaptureOnly
                && problem.target_rule == TargetRule::AnyStone,
            // Off only in the plain capture searched before the problem's own rule.
            static_capture_leaves: kill_rule == problem.kill_rule,
        },
        config,
    )
}

impl TsumegoSolver {
    /// A solver for `problem` within `limits` (one budget for everything it is asked).
    pub fn new(problem: Tsumego, limits: &TsumegoLimits) -> TsumegoSolver {
        let verdicts = (!limits.zones).then(|| {
            Rc::new(RefCell::new(Verdicts::new(
                problem.attacker,
                limits.table_entries,
            )))
        });
        TsumegoSolver {
            problem,
            config: SolverConfig {
                table_entries: limits.table_entries,
                root_simulation: NonZeroU32::new(ROOT_SIMULATION_NODES),
                ..SolverConfig::default()
            },
            limits: *limits,
            started: Instant::now(),
            used: 0,
            cap: None,
            kill: [None, None],
            capture_first: [None, None],
            live: [None, None],
            verdicts,
        }
    }

    /// The problem.
    pub fn problem(&self) -> &Tsumego {
        &self.problem
    }

    /// Nodes spent so far.
    pub fn nodes(&self) -> u64 {
        self.used
    }

    /// Moves decided by relevance zones so far, without search (0 unless
    /// [`TsumegoLimits::zones`] is on).
    pub fn pruned(&self) -> u64 {
        self.pruned_where(|s| s.pruned)
    }

    /// Of the moves [`TsumegoSolver::pruned`] counts, those whose reference was a sibling
    /// lost outside its own zone rather than the pass.
    pub fn pruned_by_sibling(&self) -> u64 {
        self.pruned_where(|s| s.pruned_by_sibling)
    }

    fn pruned_where(&self, count: fn(&Stats) -> u64) -> u64 {
        let kill = self.kill.iter().flatten().map(|s| count(&s.stats()));
        let live = self.live.iter().flatten().map(|s| count(&s.stats()));
        kill.chain(live).sum()
    }

    /// Runs `f` with a budget of what is left of the problem's limits (and at most the
    /// current cap), then counts what it spent.
    fn run<T>(
        &mut self,
        f: impl FnOnce(&mut Self, &mut Budget) -> Result<T, StopReason>,
    ) -> Result<T, StopReason> {
        let left_nodes = self
            .limits
            .max_nodes
            .map(|m| m.get().saturating_sub(self.used));
        if left_nodes == Some(0) {
            return Err(StopReason::NodeLimit);
        }
        let left_time = match self.limits.max_time {
            Some(t) => match t.checked_sub(self.started.elapsed()) {
                Some(left) if !left.is_zero() => Some(left),
                _ => return Err(StopReason::TimeLimit),
            },
            None => None,
        };
        let nodes = match (left_nodes, self.cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut budget = Budget::new(nodes.and_then(NonZeroU64::new), left_time, None);
        let r = f(self, &mut budget);
        self.used += budget.nodes();
        r
    }

    fn kill_solver(&mut self, master: Color) -> &mut Dfpn<KillGame> {
        let (config, limits) = (self.config, self.limits);
        let problem = &self.problem;
        let verdicts = self.verdicts.clone();
        self.kill[slot(master)].get_or_insert_with(|| {
            kill_game(
                problem,
                master,
                &limits,
                config,
                problem.kill_rule,
                verdicts,
            )
        })
    }

    /// The kill game read with [`KillRule::CaptureOnly`], for [`TsumegoSolver::kill_decide`].
    fn capture_first_solver(&mut self, master: Color) -> &mut Dfpn<KillGame> {
        let (config, limits) = (self.config, self.limits);
        let problem = &self.problem;
        let verdicts = self.verdicts.clone();
        self.capture_first[slot(master)].get_or_insert_with(|| {
            kill_game(
                problem,
                master,
                &limits,
                config,
                KillRule::CaptureOnly,
                verdicts,
            )
        })
    }

    /// Whether the attacker kills from `state` (canonical for `master`), by the problem's
    /// kill rule. Under [`KillRule::CaptureForGood`] the plain capture is searched first,
    /// on [`CAPTURE_FIRST_SHARE`] of the budget: every win of the kill rule is a capture
    /// win (its goals are captures made for good, or states from which the attacker takes
    /// everything there), so a capture disproof is a kill disproof, carried over to the
    /// kill game's table whole. A capture proof is a strategy whose leaves are captures
    /// (not targets lost statically, see `KillGame::static_capture_leaves`): when the kill
    /// game wins from each of those leaves, the same strategy wins it, and the strategy's
    /// states are stored as proved. Only otherwise does the kill game search the whole
    /// question itself. Measured in BENCHMARKS.md ("Session 15", "Session 29").
    fn kill_decide(
        &mut self,
        master: Color,
        state: &Position,
        budget: &mut Budget,
    ) -> Result<bool, StopReason> {
        if self.problem.kill_rule == KillRule::CaptureOnly {
            return self.kill_solver(master).decide(state, budget);
        }
        if let Some(known) = self.kill_solver(master).solved_in_table(state) {
            return Ok(known);
        }
        let capture = self.capture_first_solver(master);
        let first = budget.with_share(CAPTURE_FIRST_SHARE, |part| capture.decide(state, part))?;
        if let Some(captures) = first {
            // Both games key a state alike (same salt), so the tree's keys are the kill
            // game's.
            let tree = self.capture_first[slot(master)].as_mut().and_then(|c| {
                c.solved_tree(state, captures, MAX_CARRIED_TREE, &|game, s| game.key(s))
            });
            if !captures {
                let kill = self.kill_solver(master);
                let root = || SolvedTree {
                    internal: vec![(kill.game().key(state), Vec::new())],
                    leaves: Vec::new(),
                };
                let tree = tree.unwrap_or_else(root);
                kill.import_tree(&tree, false);
                return Ok(false);
            }
            if let Some(tree) = tree {
                // The leaves get three quarters of what is left: one the kill game loses,
                // or cannot settle, must leave the kill game's own search something.
                let kill = self.kill_solver(master);
                let won =
                    budget.with_share(VERIFY_SHARE, |part| kill.decide_all(&tree.leaves, part))?;
                if won == Some(true) {
                    self.kill_solver(master).import_tree(&tree, true);
                    return Ok(true);
                }
            }
        }
        self.kill_solver(master).decide(state, budget)
    }

    fn live_solver(&mut self, master: Color) -> &mut Dfpn<LiveGame> {
        let config = self.config;
        let limits = self.limits;
        let problem = &self.problem;
        let verdicts = self.verdicts.clone();
        self.live[slot(master)].get_or_insert_with(|| {
            Dfpn::new(
                LiveGame {
                    defender: !problem.attacker,
                    target: problem.target,
                    target_rule: problem.target_rule,
                    local: LocalAreas::of_problem(problem),
                    rules: Rules::new(problem.region, master, &limits, problem.safe_stones()),
                    verdicts,
                },
                config,
            )
        })
    }

    /// Whether the attacker kills from `pos` (its player to move moves first) when
    /// `master` is ko master.
    ///
    /// # Errors
    /// The [`StopReason`] when a limit is reached.
    pub fn kills(&mut self, pos: &Position, master: Color) -> Result<bool, StopReason> {
        let state = canonical(pos, master);
        self.run(|me, budget| me.kill_decide(master, &state, budget))
    }

    /// Whether a search of this solver has proved, with `master` as ko master, that the
    /// attacker captures the target from `pos` (its player to move first): the first phase
    /// of [`KillRule::CaptureForGood`], read from the plain capture's table, never searched
    /// here. `false` when nothing was proved (or the proof was replaced in the table). A
    /// kill problem whose answer is undecided may still have its capture proved: only the
    /// question after it, whether the defender can stand on the target's points for good,
    /// is open then.
    pub fn capture_proved(&self, pos: &Position, master: Color) -> bool {
        let state = canonical(pos, master);
        self.capture_first[slot(master)]
            .as_ref()
            .is_some_and(|c| c.proved_in_table(&state))
    }

    /// Whether the defender can make every target string safe from `pos` when `master` is
    /// ko master.
    ///
    /// # Errors
    /// The [`StopReason`] when a limit is reached.
    pub fn lives_safely(&mut self, pos: &Position, master: Color) -> Result<bool, StopReason> {
        let state = canonical(pos, master);
        self.run(|me, budget| me.live_solver(master).decide(&state, budget))
    }

    /// The kill game's principal line from `pos` with `master`: the attacker's win or the
    /// defender's refutation.
    fn kill_line(&mut self, pos: &Position, master: Color) -> Vec<Move> {
        let state = canonical(pos, master);
        // The result is in the table already; reading the line out may need a few more
        // nodes, granted even when the problem's budget is spent. A clock only where the
        // problem has one: without a time limit a search must not depend on the load (the
        // line's nodes fill the table that the next questions read).
        let mut budget = Budget::new(
            NonZeroU64::new(LINE_GRACE_NODES),
            line_grace_time(&self.limits),
            None,
        );
        let r = self.kill_solver(master).solve(&state, &mut budget);
        self.used += budget.nodes();
        match r {
            Outcome::Proved { line } | Outcome::Disproved { line } => line,
            Outcome::Unknown(_) => Vec::new(),
        }
    }

    /// The class of `pos` for `player` (usually reached by `player`'s first move, the
    /// opponent to move). See the module documentation for the definitions.
    ///
    /// # Errors
    /// The [`StopReason`] when a limit is reached.
    pub fn class_for(&mut self, pos: &Position, player: Color) -> Result<Class, StopReason> {
        let a = self.problem.attacker;
        let d = !a;
        Ok(if player == a {
            if self.kills(pos, d)? {
                Class::Win
            } else if self.kills(pos, a)? {
                Class::Ko
            } else if !self.lives_safely(pos, d)? {
                Class::Seki
            } else {
                Class::Fail
            }
        } else if !self.kills(pos, a)? {
            if self.lives_safely(pos, a)? {
                Class::Win
            } else {
                Class::Seki
            }
        } else if !self.kills(pos, d)? {
            Class::Ko
        } else {
            Class::Fail
        })
    }

    /// [`TsumegoSolver::class_for`] for a move that most likely fails (most first moves do):
    /// the one search that proves the failure is tried first, and only when it does not
    /// settle the class are `class_for`'s searches run, in their order. For the attacker's
    /// move that search is the defender's safe life with the attacker as ko master: it
    /// rules out the kill under that master ([`TsumegoSolver::reaches`]), so under the other
    /// too, and it holds with the defender as master as well (a master only gains moves),
    /// which rules out seki. For the defender's move it is the attacker's kill with the
    /// defender as ko master, which holds with the attacker as master as well.
    fn class_expecting_failure(
        &mut self,
        pos: &Position,
        player: Color,
    ) -> Result<Class, StopReason> {
        let a = self.problem.attacker;
        let d = !a;
        let fails = if player == a {
            self.lives_safely(pos, a)?
        } else {
            self.kills(pos, d)?
        };
        if fails {
            Ok(Class::Fail)
        } else {
            self.class_for(pos, player)
        }
    }

    /// The legal first moves of the player to move: plays in the region, then the pass.
    pub fn first_moves(&self) -> Vec<Move> {
        let pos = &self.problem.position;
        let mut moves: Vec<Move> = self
            .problem
            .region
            .iter()
            .filter(|&p| pos.is_legal(Move::Play(p)))
            .map(Move::Play)
            .collect();
        moves.sort_by_key(|m| match m {
            Move::Play(p) => {
                let (x, y) = p.coords();
                (u32::MAX - y, x)
            }
            Move::Pass => (u32::MAX, u32::MAX),
        });
        moves.push(Move::Pass);
        moves
    }

    /// Classifies every first move and gives the best ones with a principal line.
    pub fn solve_all(&mut self) -> Solution {
        let pos = self.problem.position.clone();
        let player = pos.to_move();
        let first = self.first_moves();
        let classes = self.in_rounds(&first, |me, mv, _| {
            let child = pos.play(mv).expect("first moves are legal");
            me.class_expecting_failure(&child, player).map(Some)
        });
        self.solution(first, classes)
    }

    /// Like [`TsumegoSolver::solve_all`], but only the `marked` first moves (a book's
    /// answers) get their exact class; every other move is classified only as far as
    /// comparing it with the best class of the marked ones needs, which is all a check of
    /// the book asks: one search for a move that does not reach that class where
    /// [`TsumegoSolver::class_for`] runs up to three, and the exact class for a move that
    /// reaches it. Against each other move, the marked moves that reach the best class are
    /// first tried, briefly (2,000 nodes, in the first round only), as the opponent's reply:
    /// the vital point is often the same for both sides. The moves proved worse are listed
    /// in [`Solution::below_best`].
    pub fn solve_marked(&mut self, marked: &[Move]) -> Solution {
        let pos = self.problem.position.clone();
        let player = pos.to_move();
        let goal = self.problem.goal();
        let first = self.first_moves();
        let (marked_moves, others): (Vec<Move>, Vec<Move>) =
            first.iter().partition(|m| marked.contains(m));
        let exact = self.in_rounds(&marked_moves, |me, mv, _| {
            let child = pos.play(mv).expect("first moves are legal");
            me.class_for(&child, player).map(Some)
        });
        let decided: Vec<Class> = exact.iter().filter_map(|c| *c).collect();
        let stopped = decided.iter().find_map(|c| match c {
            Class::Unknown(reason) => Some(*reason),
            _ => None,
        });
        if let Some(reason) = stopped {
            // The marked moves decide the check; without them the rest is not worth its nodes.
            let mut classes = exact;
            let mut all = marked_moves;
            for mv in others {
                all.push(mv);
                classes.push(Some(Class::Unknown(reason)));
            }
            return self.solution(all, classes);
        }
        let best_marked = decided
            .iter()
            .filter_map(|c| c.rank(goal))
            .max()
            .unwrap_or(0);
        // The marked plays in the region that reach the best class (a success): the
        // opponent's first reply to try against every other move, in the first round only
        // (the vital point is often the same for both sides).
        let region = self.problem.region;
        let replies: Vec<Move> = marked_moves
            .iter()
            .zip(&exact)
            .filter(|(_, c)| best_marked > 0 && c.and_then(|c| c.rank(goal)) == Some(best_marked))
            .map(|(&m, _)| m)
            .filter(|m| matches!(m, Move::Play(p) if region.contains(*p)))
            .collect();
        let compared = self.in_rounds(&others, |me, mv, round| {
            let child = pos.play(mv).expect("first moves are legal");
            for &reply in replies.iter().filter(|_| round == 0) {
                if let Ok(after) = child.play(reply) {
                    if me.refuted_by_hint(&after, player, best_marked)? {
                        return Ok(None);
                    }
                }
            }
            me.against_rank(&child, player, best_marked)
        });
        let mut all = marked_moves;
        let mut classes = exact;
        all.extend(others);
        classes.extend(compared);
        self.solution(all, classes)
    }

    /// Whether `player` (to move in `after`, the opponent's hinted reply played) cannot
    /// reach `rank` there, within [`HINT_CAP`] nodes: a hint is a guess, and one that is
    /// costly to settle must not take the nodes of the search it was to spare (`Ok(false)`
    /// when those run out; the problem's own limits still stop). Trying it in every round,
    /// with the round's cap or a quarter of it, lost more problems than it won
    /// (BENCHMARKS.md, "Session 13").
    fn refuted_by_hint(
        &mut self,
        after: &Position,
        player: Color,
        rank: u8,
    ) -> Result<bool, StopReason> {
        let round_cap = self.cap.replace(HINT_CAP);
        let r = self.reaches(after, player, rank);
        self.cap = round_cap;
        let spent = self.limits.max_nodes.is_some_and(|m| self.used >= m.get());
        match r {
            Ok(reached) => Ok(!reached),
            Err(StopReason::NodeLimit) if !spent => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The class of `pos` for `player` if it ranks at least `rank` (exactly above it, by
    /// rank when equal), `None` when it ranks below.
    fn against_rank(
        &mut self,
        pos: &Position,
        player: Color,
        rank: u8,
    ) -> Result<Option<Class>, StopReason> {
        let goal = self.problem.goal();
        if rank == 0 {
            // Every class ranks at least 0: the exact class, as cheaply as it comes.
            return self.class_for(pos, player).map(Some);
        }
        if rank < 3 && self.reaches(pos, player, rank + 1)? {
            if rank + 1 == 3 {
                // The top class: nothing left to tell apart.
                return Ok(Some(Class::Win));
            }
            return self.class_for(pos, player).map(Some);
        }
        Ok(self
            .reaches(pos, player, rank)?
            .then(|| Class::of_rank(rank, goal)))
    }

    /// Whether `player` (usually just moved, the opponent to move in `pos`) reaches at
    /// least `class` there, by the fewest searches that tell ([`Class::rank`] orders the
    /// classes for the problem's goal; every class reaches [`Class::Fail`], and
    /// [`Class::Unknown`] is asked as [`Class::Win`]). Where [`TsumegoSolver::class_for`]
    /// runs up to three searches to name the class, this runs one or two: a line that
    /// must not reach a win needs only the search that rules the win out.
    ///
    /// ```
    /// use rules_core::io::parse_diagram;
    /// use rules_core::{Color, Move};
    /// use solver::tsumego::{
    ///     infer_attacker, infer_region, infer_target, inside_wall, Class, KillRule,
    ///     TargetRule, Tsumego, TsumegoLimits, TsumegoSolver,
    /// };
    /// // A straight three in the corner: Black kills at the vital point B1 only.
    /// let game = parse_diagram("
    /// ## to-play B
    ///  . . . . . . .
    ///  . . . . . . .
    ///  . . . . . . .
    ///  . . . . . . .
    ///  X X X X X . .
    ///  O O O O X . .
    ///  . . . O X . .").unwrap();
    /// let pos = game.position;
    /// let bounding = infer_region(&pos);
    /// let attacker = infer_attacker(&pos, &bounding).unwrap();
    /// let region = inside_wall(&pos, &bounding, attacker);
    /// let target = infer_target(&pos, &region, !attacker).unwrap();
    /// let problem = Tsumego {
    ///     position: pos.clone(), attacker, target, region,
    ///     kill_rule: KillRule::default(), target_rule: TargetRule::default(),
    /// };
    /// let mut solver = TsumegoSolver::new(problem, &TsumegoLimits::default());
    /// let vital = pos.play(Move::Play("B1".parse().unwrap())).unwrap();
    /// let beside = pos.play(Move::Play("A1".parse().unwrap())).unwrap();
    /// assert!(solver.reaches_class(&vital, Color::Black, Class::Win).unwrap());
    /// assert!(!solver.reaches_class(&beside, Color::Black, Class::Win).unwrap());
    /// assert!(solver.reaches_class(&beside, Color::Black, Class::Fail).unwrap());
    /// ```
    ///
    /// # Errors
    /// The [`StopReason`] when a limit is reached.
    pub fn reaches_class(
        &mut self,
        pos: &Position,
        player: Color,
        class: Class,
    ) -> Result<bool, StopReason> {
        match class.rank(self.problem.goal()).unwrap_or(3) {
            0 => Ok(true),
            rank => self.reaches(pos, player, rank),
        }
    }

    /// Whether the class of `pos` for `player` ranks at least `rank` (1 to 3), with the
    /// fewest searches: the kill game with the attacker as ko master wins whenever it wins
    /// with the defender as master, so each threshold is one or two of the searches of
    /// [`TsumegoSolver::class_for`].
    ///
    /// And safe life rules the kill out, under the same master: were both won, let each
    /// side follow its winning strategy (the moves of one are legal in the other game,
    /// whose opponent may play anything). The target is not removed before the defender
    /// reaches safety (its game would have been lost), and once safe it never is: a
    /// string with a liberty outside the region is never taken, and a pass-alive one is
    /// not while the defender passes, which it may do from then on, so the attacker's
    /// strategy never reaches its goal, and endless play counts against it. So the
    /// defender's "win" (safe life even with the attacker as master) is the life game
    /// alone, without the kill search and its second phase. The exhaustive reference
    /// checks this on every state of its graphs (`safe_life_excludes_kill`, in the
    /// differential test).
    fn reaches(&mut self, pos: &Position, player: Color, rank: u8) -> Result<bool, StopReason> {
        let a = self.problem.attacker;
        let d = !a;
        Ok(if player == a {
            match rank {
                3 => self.kills(pos, d)?,
                2 => self.kills(pos, a)?,
                _ => self.kills(pos, a)? || !self.lives_safely(pos, d)?,
            }
        } else {
            match rank {
                // Safe life rules the kill out (above): one search, no second phase.
                3 => self.lives_safely(pos, a)?,
                2 => !self.kills(pos, a)?,
                _ => !self.kills(pos, d)?,
            }
        })
    }

    /// Runs `question` for every move, a small node cap first and growing caps for those
    /// still open, so that one hard move cannot starve the easy ones; the tables carry
    /// over. `question` is told the round (0 first). A move stopped by the problem's own limits
    /// is [`Class::Unknown`].
    fn in_rounds(
        &mut self,
        moves: &[Move],
        mut question: impl FnMut(&mut Self, Move, u32) -> Result<Option<Class>, StopReason>,
    ) -> Vec<Option<Class>> {
        let mut answers: Vec<Option<Option<Class>>> = vec![None; moves.len()];
        let mut cap = Some(20_000u64);
        for round in 0.. {
            // No cap once the problem's nodes are spent: a move stopped then is unknown
            // (with a cap it would count as open, and the rounds would never end).
            self.cap = cap;
            let mut open = false;
            for (i, &mv) in moves.iter().enumerate() {
                if answers[i].is_some() {
                    continue;
                }
                match question(self, mv, round) {
                    Ok(c) => answers[i] = Some(c),
                    Err(StopReason::NodeLimit) if self.cap.is_some() => open = true,
                    Err(reason) => answers[i] = Some(Some(Class::Unknown(reason))),
                }
            }
            if !open {
                break;
            }
            cap = if self.limits.max_nodes.is_some_and(|m| self.used >= m.get()) {
                None
            } else {
                cap.map(|c| c.saturating_mul(4))
            };
        }
        self.cap = None;
        answers
            .into_iter()
            .map(|a| a.unwrap_or(Some(Class::Unknown(StopReason::NodeLimit))))
            .collect()
    }

    /// The solution from the first moves and their classes (`None`: proved below the best).
    fn solution(&mut self, first: Vec<Move>, classes: Vec<Option<Class>>) -> Solution {
        let pos = self.problem.position.clone();
        let player = pos.to_move();
        let goal = self.problem.goal();
        let mut moves = Vec::new();
        let mut below_best = Vec::new();
        for (mv, class) in first.into_iter().zip(classes) {
            match class {
                Some(class) => moves.push(MoveClass { mv, class }),
                None => below_best.push(mv),
            }
        }
        let best_rank = moves.iter().filter_map(|m| m.class.rank(goal)).max();
        let any_unknown = moves.iter().any(|m| m.class.rank(goal).is_none());
        let class = match best_rank {
            Some(3) => Class::Win,
            Some(r) if !any_unknown => moves
                .iter()
                .find(|m| m.class.rank(goal) == Some(r))
                .map_or(Class::Fail, |m| m.class),
            _ => moves
                .iter()
                .find_map(|m| match m.class {
                    Class::Unknown(reason) => Some(Class::Unknown(reason)),
                    _ => None,
                })
                .unwrap_or(Class::Fail),
        };
        let best: Vec<Move> = match best_rank {
            Some(r) if r > 0 => moves
                .iter()
                .filter(|m| m.class.rank(goal) == Some(r))
                .map(|m| m.mv)
                .collect(),
            _ => Vec::new(),
        };
        let pv = match best.first() {
            Some(&mv) => {
                let best_class = moves
                    .iter()
                    .find(|m| m.mv == mv)
                    .map_or(Class::Fail, |m| m.class);
                self.line_after(&pos, mv, best_class)
            }
            None => Vec::new(),
        };
        Solution {
            to_play: player,
            goal,
            class,
            best,
            moves,
            below_best,
            pv,
            nodes: self.used,
        }
    }

    /// `mv` and the principal line after it that shows `class`.
    fn line_after(&mut self, pos: &Position, mv: Move, class: Class) -> Vec<(Color, Move)> {
        let player = pos.to_move();
        let child = pos.play(mv).expect("a legal move");
        let master = self.master_shown(player, class);
        let mut line = vec![mv];
        line.extend(self.kill_line(&child, master));
        with_colors(player, line)
    }

    /// The ko master of the kill game whose result `class` (for `player`) rests on.
    fn master_shown(&self, player: Color, class: Class) -> Color {
        let a = self.problem.attacker;
        match (player == a, class) {
            (true, Class::Ko) | (false, Class::Fail) => a,
            (true, _) => !a,
            (false, Class::Ko) => !a,
            (false, _) => a,
        }
    }

    /// The class of the problem for the player to move, as [`TsumegoSolver::solve_all`]
    /// gives it, without classifying every first move: up to three searches from the root
    /// instead of three per first move. With the principal line that shows the class (its
    /// first move is a best move when the class is a success for the player).
    ///
    /// # Errors
    /// The [`StopReason`] when a limit is reached.
    pub fn root_class(&mut self) -> Result<(Class, Vec<(Color, Move)>), StopReason> {
        let pos = self.problem.position.clone();
        let player = pos.to_move();
        // The kill and life games take the player to move from the state, so the class of
        // the root for its player is the class of a first move read one ply earlier.
        let class = self.class_for(&pos, player)?;
        let master = self.master_shown(player, class);
        let line = self.kill_line(&pos, master);
        Ok((class, with_colors(player, line)))
    }

    /// Solves the root only: whether the player to move reaches its goal when `master` is
    /// ko master, with the principal line (the first move is the answer when it wins).
    ///
    /// # Errors
    /// The [`StopReason`] when a limit is reached.
    pub fn solve_root(&mut self, master: Color) -> Result<(bool, Vec<(Color, Move)>), StopReason> {
        let pos = canonical(&self.problem.position, master);
        let player = pos.to_move();
        let attacker = self.problem.attacker;
        let r = self.run(|me, budget| {
            me.kill_decide(master, &pos, budget)?;
            Ok(me.kill_solver(master).solve(&pos, budget))
        })?;
        let (kills, line) = match r {
            Outcome::Proved { line } => (true, line),
            Outcome::Disproved { line } => (false, line),
            Outcome::Unknown(reason) => return Err(reason),
        };
        Ok((kills == (player == attacker), with_colors(player, line)))
    }
}

/// `line` with the colour of each move, `first` playing the first.
fn with_colors(first: Color, line: Vec<Move>) -> Vec<(Color, Move)> {
    let mut color = first;
    line.into_iter()
        .map(|m| {
            let c = color;
            color = !color;
            (c, m)
        })
        .collect()
}

/// Solves every first move of `problem` within `limits`.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::{Color, Move};
/// use solver::tsumego::{
///     infer_attacker, infer_region, infer_target, inside_wall, solve, Class, KillRule,
///     TargetRule, Tsumego, TsumegoLimits,
/// };
/// // A straight three in the corner: Black kills at the vital point B1.
/// let game = parse_diagram("
/// ## to-play B
///  . . . . . . .
///  . . . . . . .
///  . . . . . . .
///  . . . . . . .
///  X X X X X . .
///  O O O O X . .
///  . . . O X . .").unwrap();
/// let pos = game.position;
/// let bounding = infer_region(&pos);
/// let attacker = infer_attacker(&pos, &bounding).unwrap();
/// let region = inside_wall(&pos, &bounding, attacker);
/// let target = infer_target(&pos, &region, !attacker).unwrap();
/// let problem = Tsumego {
///     position: pos, attacker, target, region,
///     kill_rule: KillRule::default(), target_rule: TargetRule::default(),
/// };
/// let solution = solve(problem, &TsumegoLimits::default());
/// assert_eq!(solution.class, Class::Win);
/// assert_eq!(solution.best, vec![Move::Play("B1".parse().unwrap())]);
/// ```
pub fn solve(problem: Tsumego, limits: &TsumegoLimits) -> Solution {
    TsumegoSolver::new(problem, limits).solve_all()
}

/// How long a run took, for reports.
pub fn elapsed_ms(start: Instant) -> u64 {
    start.elapsed().as_millis() as u64
}

/// The region a problem is searched in when none is given: the bounding box of every stone,
/// stretched to the board edge on each side where at most two empty lines separate the
/// box from the edge. Stones on the box's border that face the open board keep a liberty
/// outside and so are safe: that is how the surrounding wall is taken as safe.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use solver::tsumego::infer_region;
/// let game = parse_diagram("
///  . . . . . . .
///  . . . . . . .
///  . . . . . . .
///  . . . . . . .
///  X X X . . . .
///  O O X . . . .
///  . O X . . . .").unwrap();
/// let region = infer_region(&game.position);
/// assert_eq!(region.len(), 9); // columns A-C, rows 1-3
/// ```
pub fn infer_region(pos: &Position) -> PointSet {
    let size = pos.size();
    let stones: Vec<(u32, u32)> = size
        .points()
        .filter(|&p| pos.color_at(p).is_some())
        .map(|p| p.coords())
        .collect();
    if stones.is_empty() {
        return size.points().collect();
    }
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for &(x, y) in &stones {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    const NEAR: u32 = 2;
    if x0 <= NEAR {
        x0 = 0;
    }
    if y0 <= NEAR {
        y0 = 0;
    }
    if size.width() - 1 - x1 <= NEAR {
        x1 = size.width() - 1;
    }
    if size.height() - 1 - y1 <= NEAR {
        y1 = size.height() - 1;
    }
    size.points()
        .filter(|p| {
            let (x, y) = p.coords();
            (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
        })
        .collect()
}

/// The attacker when none is given: the colour with more stones that touch the outside of
/// `region` (the surrounding wall); `None` when neither has more.
pub fn infer_attacker(pos: &Position, region: &PointSet) -> Option<Color> {
    let mut seen = PointSet::new();
    let mut safe = [0usize; 2];
    for p in pos.size().points() {
        let Some(color) = pos.color_at(p) else {
            continue;
        };
        if seen.contains(p) {
            continue;
        }
        let stones: PointSet = pos.string_stones(p).collect();
        seen = seen.union(&stones);
        if pos.has_liberty_outside(p, region) {
            safe[slot(color)] += stones.len();
        }
    }
    match safe[0].cmp(&safe[1]) {
        std::cmp::Ordering::Greater => Some(Color::Black),
        std::cmp::Ordering::Less => Some(Color::White),
        std::cmp::Ordering::Equal => None,
    }
}

/// Shrinks an inferred region to the inside of the wall: the points of `region` reachable
/// from the defender's stones without crossing a *wall* string (an attacker string with a
/// liberty outside `region`). Points behind the wall are dropped, which removes moves that
/// cannot matter and makes the wall safe (its outer liberties leave the region). When
/// the wall has gaps the fill leaks through them and the region stays as it was there.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::Color;
/// use solver::tsumego::{infer_region, inside_wall};
/// let game = parse_diagram("
///  . . . . . . . . .
///  . . . . . . . . .
///  . . . . . . . . .
///  . . . . . . . . .
///  . . . . . . . . .
///  . . . X . . . . .
///  X X X X . . . . .
///  O O O X . . . . .
///  . . . O X . . . .").unwrap();
/// let region = infer_region(&game.position);
/// assert_eq!(region.len(), 20); // columns A-E, rows 1-4
/// let inside = inside_wall(&game.position, &region, Color::Black);
/// assert_eq!(inside.len(), 7); // A1-C1, A2-C2, D1
/// ```
pub fn inside_wall(pos: &Position, region: &PointSet, attacker: Color) -> PointSet {
    let size = pos.size();
    let mut wall = PointSet::new();
    let mut seen = PointSet::new();
    for p in region.iter() {
        if pos.color_at(p) != Some(attacker) || seen.contains(p) {
            continue;
        }
        let stones: PointSet = pos.string_stones(p).collect();
        seen = seen.union(&stones);
        if pos.has_liberty_outside(p, region) {
            wall = wall.union(&stones);
        }
    }
    let mut inside = PointSet::new();
    let mut stack: Vec<Point> = region
        .iter()
        .filter(|&p| pos.color_at(p) == Some(!attacker))
        .collect();
    for &p in &stack {
        inside.insert(p);
    }
    while let Some(p) = stack.pop() {
        for n in p.neighbours(size) {
            if region.contains(n) && !wall.contains(n) && inside.insert(n) {
                stack.push(n);
            }
        }
    }
    if inside.is_empty() {
        *region
    } else {
        inside
    }
}

/// The points of `region` within `steps` orthogonal steps (through points of `region`) of
/// a stone of `color`: the defender's neighbourhood, for an inferred region that leaves
/// out the open space far from the fight.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::{Color, PointSet};
/// use solver::tsumego::near;
/// let game = parse_diagram("
///  . . . . .
///  . . . . .
///  . . . . .
///  . . . . .
///  O . . . .").unwrap();
/// let all: PointSet = game.position.size().points().collect();
/// assert_eq!(near(&game.position, &all, Color::White, 1).len(), 3);
/// assert_eq!(near(&game.position, &all, Color::White, 2).len(), 6);
/// ```
pub fn near(pos: &Position, region: &PointSet, color: Color, steps: u32) -> PointSet {
    let size = pos.size();
    let mut reached: PointSet = region
        .iter()
        .filter(|&p| pos.color_at(p) == Some(color))
        .collect();
    let mut frontier: Vec<Point> = reached.iter().collect();
    for _ in 0..steps {
        let mut next = Vec::new();
        for p in frontier {
            for n in p.neighbours(size) {
                if region.contains(n) && reached.insert(n) {
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    reached
}

/// Closes an inferred region with a frame of `attacker` stones on the empty points just
/// outside it (a tsumego frame): the defender can no longer run out to the open board, and
/// the wall joined to the frame is safe because the frame keeps liberties outside. A frame
/// point whose stone would leave a string without liberties is left empty, and so is one
/// next to a defender stone: a defender string that reaches the open board stays safe
/// (it is joined to the outside, where the defender's other stones live), rather than
/// being shut in by the frame and made a weak group the problem never had. Returns the
/// framed position and the frame's points.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::Color;
/// use solver::tsumego::{frame, infer_region};
/// let game = parse_diagram("
///  . . . . . . . . .
///  . . . . . . . . .
///  . . . . . . . . .
///  . . . . . . . . .
///  . . . . . . . . .
///  . . . . . . . . .
///  X X . . . . . . .
///  O X . . . . . . .
///  . O X . . . . . .").unwrap();
/// let region = infer_region(&game.position);
/// assert_eq!(region.len(), 9);
/// let (framed, points) = frame(&game.position, &region, Color::Black);
/// assert_eq!(points.len(), 6); // D1-D3 and A4-C4
/// assert_eq!(framed.color_at("D1".parse().unwrap()), Some(Color::Black));
/// ```
pub fn frame(pos: &Position, region: &PointSet, attacker: Color) -> (Position, PointSet) {
    frame_where(pos, region, attacker, Escapes::Open, |_| true)
}

/// Whether a frame leaves the defender's liberties outside the region open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Escapes {
    /// A point next to a defender stone is not framed: the defender may run out there, and
    /// a defender string with a liberty outside the region is safe.
    Open,
    /// Only the points next to a defender stone in the region are framed (the problem's
    /// convention that the defender is enclosed; see [`crate::tsumego_region::close_escapes`]).
    Closed,
}

/// [`frame`] restricted to the empty points `keep` accepts (the enclosure frames only near
/// the attacker's wall when asked), or, with [`Escapes::Closed`], the points next to the
/// defender's stones in the region instead.
pub(crate) fn frame_where(
    pos: &Position,
    region: &PointSet,
    attacker: Color,
    escapes: Escapes,
    keep: impl Fn(Point) -> bool,
) -> (Position, PointSet) {
    let size = pos.size();
    let mut setup = pos.to_setup();
    let mut points = PointSet::new();
    for p in size.points() {
        let next_to_defender = match escapes {
            Escapes::Open => p
                .neighbours(size)
                .any(|n| pos.color_at(n) == Some(!attacker)),
            Escapes::Closed => !p
                .neighbours(size)
                .any(|n| region.contains(n) && pos.color_at(n) == Some(!attacker)),
        };
        if region.contains(p)
            || !pos.is_empty_point(p)
            || !p.neighbours(size).any(|n| region.contains(n))
            || next_to_defender
            || !keep(p)
        {
            continue;
        }
        setup.stones_mut(attacker).insert(p);
        // A stone that would leave a string without liberties is not placed.
        if Position::from_setup(&setup).is_ok() {
            points.insert(p);
        } else {
            setup.stones_mut(attacker).remove(p);
        }
    }
    let framed = Position::from_setup(&setup).unwrap_or_else(|_| pos.clone());
    (framed, points)
}

/// The target when none is given: the defender's largest capturable string (no liberty
/// outside `region`, not pass-alive, every stone in `region`), ties going to the string
/// with fewer liberties; `None` when the defender has none.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::Color;
/// use solver::tsumego::{frame, infer_attacker, infer_region, infer_target};
/// let game = parse_diagram("
///  . . . . . . .
///  . . . . . . .
///  . . . . . . .
///  X X X X . . .
///  O O O X . . .
///  . . . O X . .
///  . . . . X . .").unwrap();
/// let region = infer_region(&game.position);
/// let attacker = infer_attacker(&game.position, &region).unwrap();
/// assert_eq!(attacker, Color::Black);
/// let (framed, _) = frame(&game.position, &region, attacker);
/// let target = infer_target(&framed, &region, !attacker).unwrap();
/// assert_eq!(target.len(), 3);
/// ```
pub fn infer_target(pos: &Position, region: &PointSet, defender: Color) -> Option<PointSet> {
    let mut best: Option<(PointSet, usize)> = None;
    for stones in capturable_strings(pos, region, defender) {
        let Some(any) = stones.iter().next() else {
            continue;
        };
        let libs = pos.liberty_count(any);
        let better = best
            .as_ref()
            .is_none_or(|(b, l)| stones.len() > b.len() || (stones.len() == b.len() && libs < *l));
        if better {
            best = Some((stones, libs));
        }
    }
    best.map(|(stones, _)| stones)
}

/// The defender's strings that the attacker could capture inside `region`: no liberty
/// outside it, not pass-alive, every stone in it; in the order of their first stone.
pub(crate) fn capturable_strings(
    pos: &Position,
    region: &PointSet,
    defender: Color,
) -> Vec<PointSet> {
    let alive = pass_alive_for(pos, defender).chains;
    let mut seen = PointSet::new();
    let mut strings = Vec::new();
    for p in region.iter() {
        if pos.color_at(p) != Some(defender) || seen.contains(p) {
            continue;
        }
        let stones: PointSet = pos.string_stones(p).collect();
        seen = seen.union(&stones);
        if !pos.has_liberty_outside(p, region)
            && !alive.contains(p)
            && stones.iter().all(|s| region.contains(s))
        {
            strings.push(stones);
        }
    }
    strings
}

/// Every capturable string of the defender (no liberty outside `region`, not
/// pass-alive, every stone in `region`): the target of [`TargetRule::EveryStone`] when the
/// group, not one string, is what lives or dies. Empty when there is none.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::{Color, PointSet};
/// use solver::tsumego::infer_group;
/// let game = parse_diagram("
///  . . . . .
///  X X X X .
///  O O . O X
///  . . O . X").unwrap();
/// let all: PointSet = game.position.size().points().collect();
/// // A2-B2, C1 and D2 (each closed in by Black and the edge).
/// assert_eq!(infer_group(&game.position, &all, Color::White).len(), 4);
/// ```
pub fn infer_group(pos: &Position, region: &PointSet, defender: Color) -> PointSet {
    capturable_strings(pos, region, defender)
        .iter()
        .fold(PointSet::new(), |group, stones| group.union(stones))
}

/// A node of a solution tree: a move and the replies to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// The continuations.
    pub children: Vec<TreeNode>,
    /// A remark on the node: how the line ends, or why it was cut.
    pub note: Option<String>,
}

impl TsumegoSolver {
    /// The ko master of the game behind `class` for a player of `goal`, and whether the
    /// attacker is the winner that game shows.
    fn proof_game(&self, goal: Goal, class: Class) -> Option<(Color, bool)> {
        let a = self.problem.attacker;
        match (goal, class) {
            (Goal::Kill, Class::Win) => Some((!a, true)),
            (Goal::Kill, Class::Ko) => Some((a, true)),
            (Goal::Live, Class::Win | Class::Seki) => Some((a, false)),
            (Goal::Live, Class::Ko) => Some((!a, false)),
            _ => None,
        }
    }

    /// The solution tree for the first move `mv` of class `class`: the winner's move at
    /// each of its turns, every legal reply of the loser, each with its refutation, cut at
    /// `max_nodes` nodes and `max_depth` moves. `None` when the class shows nothing
    /// (fail, unknown) or a limit was reached while building.
    pub fn solution_tree(
        &mut self,
        mv: Move,
        class: Class,
        max_nodes: usize,
        max_depth: usize,
    ) -> Option<TreeNode> {
        let goal = self.problem.goal();
        let (master, attacker_wins) = self.proof_game(goal, class)?;
        let pos = canonical(&self.problem.position, master);
        let player = pos.to_move();
        let mut child = pos.clone();
        Rules::new(self.problem.region, master, &self.limits, PointSet::new())
            .play_into(&pos, mv, &mut child);
        let mut left = max_nodes;
        let mut path = vec![pos.hash(), child.hash()];
        let (children, note) = self
            .tree_below(
                &child,
                master,
                attacker_wins,
                &mut left,
                max_depth,
                &mut path,
            )
            .ok()?;
        Some(TreeNode {
            color: player,
            mv,
            children,
            note,
        })
    }

    fn tree_below(
        &mut self,
        pos: &Position,
        master: Color,
        attacker_wins: bool,
        left: &mut usize,
        depth: usize,
        path: &mut Vec<ZobristHash>,
    ) -> Result<(Vec<TreeNode>, Option<String>), StopReason> {
        let defender = !self.problem.attacker;
        if target_removed(
            pos,
            &self.problem.target,
            defender,
            self.problem.target_rule,
        ) {
            return Ok((Vec::new(), Some("the target is captured".into())));
        }
        if target_safe(
            pos,
            &self.problem.target,
            &self.problem.region,
            defender,
            self.problem.target_rule,
        ) {
            return Ok((Vec::new(), Some("the target is safe (it touches the outside, is pass-alive, or joins such a string next move whatever is played)".into())));
        }
        if depth == 0 || *left == 0 {
            return Ok((Vec::new(), Some("(tree cut here)".into())));
        }
        let rules = Rules::new(self.problem.region, master, &self.limits, PointSet::new());
        let focus = focus_of(pos, &self.problem.target);
        let winner = if attacker_wins {
            self.problem.attacker
        } else {
            defender
        };
        let mover = pos.to_move();
        let mut out = Vec::new();
        let mut next = pos.clone();
        let mut moves = Vec::new();
        rules.moves_into(pos, &focus, &mut moves);
        for mv in moves {
            rules.play_into(pos, mv, &mut next);
            let key = next.hash();
            if path.contains(&key) {
                if mover != winner {
                    out.push(TreeNode {
                        color: mover,
                        mv,
                        children: Vec::new(),
                        note: Some("repeats an earlier position".into()),
                    });
                }
                continue;
            }
            let kills = self.kills(&next, master)?;
            if mover == winner && kills != attacker_wins {
                continue;
            }
            *left = left.saturating_sub(1);
            path.push(key);
            let below = next.clone();
            let (children, note) =
                self.tree_below(&below, master, attacker_wins, left, depth - 1, path)?;
            path.pop();
            out.push(TreeNode {
                color: mover,
                mv,
                children,
                note,
            });
            if mover == winner {
                // One winning move suffices.
                break;
            }
        }
        Ok((out, None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_read_without_a_clock_when_the_problem_has_none() {
        let untimed = TsumegoLimits {
            max_time: None,
            ..TsumegoLimits::default()
        };
        assert_eq!(line_grace_time(&untimed), None);
        let timed = TsumegoLimits::default();
        assert!(timed.max_time.is_some());
        assert_eq!(line_grace_time(&timed), Some(LINE_GRACE_TIME));
    }

    /// A target with two liberties next to a wall that touches the outside is safe
    /// whoever moves; with one such liberty only when its owner moves.
    #[test]
    fn a_target_that_joins_the_wall_for_sure_is_safe() {
        let points = |names: &str| -> PointSet {
            names
                .split(' ')
                .map(|n| n.parse::<Point>().unwrap())
                .collect()
        };
        // The region is columns A to D; the wall D1-D4 has liberties on column E.
        let region = points("A1 B1 C1 D1 A2 B2 C2 D2 A3 B3 C3 D3 A4 B4 C4 D4");
        let two = rules_core::io::parse_diagram(
            "
             O . . X .
             . X . X .
             . X . X .
             O . . X .",
        )
        .unwrap()
        .position;
        let one = rules_core::io::parse_diagram(
            "
             O . . X .
             . X O X .
             . X . X .
             O . . X .",
        )
        .unwrap()
        .position;
        let target = points("B2 B3");
        for (pos, owner_moving, safe) in [
            (&two, false, true),
            (&two, true, true),
            (&one, false, false),
            (&one, true, true),
        ] {
            let mut pos = pos.clone();
            pos.set_to_move(if owner_moving {
                Color::Black
            } else {
                Color::White
            });
            for rule in [TargetRule::AnyStone, TargetRule::EveryStone] {
                assert_eq!(
                    target_safe(&pos, &target, &region, Color::Black, rule),
                    safe,
                    "{pos}\nBlack moving: {owner_moving}, {rule:?}"
                );
            }
        }
    }
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use rules_core::{Setup, Size};

    /// With the target in atari and the defender to move, the plain-capture game offers
    /// only the saving moves (the last liberty and the points that capture an attacker
    /// string next to the target), and answers every other one, the pass included, by
    /// the capture, so that a proof read as a strategy for the kill game answers them
    /// too. The verdict is the one the full move list gives (the kill game itself, whose
    /// captures do not end it, keeps every move).
    #[test]
    fn a_target_in_atari_is_saved_or_lost() {
        // White's B2-B3 has one liberty, C3; no Black string next to it is in atari.
        let mut pos = rules_core::io::parse_diagram(
            "
             . . . . .
             X X X . .
             X O . . .
             X O X . .
             . X . . .",
        )
        .unwrap()
        .position;
        pos.set_to_move(Color::White);
        let p = |n: &str| n.parse::<Point>().unwrap();
        let region: PointSet = pos.size().points().collect();
        let target: PointSet = [p("B2"), p("B3")].into_iter().collect();
        let saving = saving_moves(&pos, &target, &region).expect("the target is in atari");
        assert_eq!(saving, [p("C3")].into_iter().collect::<PointSet>());
        // With White on C1, Black's B1 is in atari too: taking it on A1 saves the target.
        let mut setup = pos.to_setup();
        setup.stones_mut(Color::White).insert(p("C1"));
        let taking = Position::from_setup(&setup).unwrap();
        assert_eq!(taking.to_move(), Color::White);
        assert_eq!(
            saving_moves(&taking, &target, &region),
            Some([p("C3"), p("A1")].into_iter().collect::<PointSet>())
        );
        let limits = TsumegoLimits::default();
        let problem = Tsumego {
            position: pos.clone(),
            attacker: Color::Black,
            target,
            region,
            kill_rule: KillRule::CaptureForGood,
            target_rule: TargetRule::AnyStone,
        };
        let game = |rule| {
            kill_game(
                &problem,
                Color::Black,
                &limits,
                SolverConfig::default(),
                rule,
                None,
            )
        };
        let capture = game(KillRule::CaptureOnly);
        let kill = game(KillRule::CaptureForGood);
        let full = kill.game().moves(&pos);
        assert_eq!(capture.game().moves(&pos), vec![Move::Play(p("C3"))]);
        assert!(full.len() > 5 && full.contains(&Move::Pass), "{full:?}");
        let answered: Vec<Move> = Game::forced_answers(capture.game(), &pos)
            .into_iter()
            .map(|(m, answer)| {
                assert_eq!(answer, Move::Play(p("C3")), "{m}");
                m
            })
            .collect();
        let mut expected = full.clone();
        expected.retain(|&m| m != Move::Play(p("C3")));
        assert_eq!(answered, expected);
        let mut budget = Budget::new(NonZeroU64::new(100_000), None, None);
        let mut pruned = game(KillRule::CaptureOnly);
        let mut unpruned = game(KillRule::CaptureOnly);
        unpruned.game_mut().prunes_lost_defences = false;
        assert_eq!(
            pruned.decide(&pos, &mut budget).unwrap(),
            unpruned.decide(&pos, &mut budget).unwrap()
        );
    }

    /// A random legal position of 7x6 points, its region the inner 5x4 points, an attacker
    /// and up to three points inside the region's edge that hold no attacker stone. The ring outside
    /// the region is mostly empty and the region's edge mostly the attacker's, so that
    /// strings with a liberty outside (walls) often close an area.
    fn random_invasion(rng: &mut SmallRng) -> Option<(Position, PointSet, Color, PointSet)> {
        random_invasion_in(rng, false)
    }

    /// [`random_invasion`], with the ring outside the region mostly filled when
    /// `outside_filled` (strings there without a liberty outside, to be captured).
    fn random_invasion_in(
        rng: &mut SmallRng,
        outside_filled: bool,
    ) -> Option<(Position, PointSet, Color, PointSet)> {
        let size = Size::new(7, 6).ok()?;
        let attacker = if rng.random_bool(0.5) {
            Color::Black
        } else {
            Color::White
        };
        let region: PointSet = size
            .points()
            .filter(|p| {
                let (x, y) = p.coords();
                (1..=5).contains(&x) && (1..=4).contains(&y)
            })
            .collect();
        let edge = |p: Point| {
            let (x, y) = p.coords();
            x == 1 || x == 5 || y == 1 || y == 4
        };
        let mut setup = Setup::new(size);
        for p in size.points() {
            let roll = rng.random_range(0..10);
            let colour = if !region.contains(p) {
                match (roll, outside_filled) {
                    (0, _) | (2..=5, true) => Some(attacker),
                    (1, _) | (6..=8, true) => Some(!attacker),
                    _ => None,
                }
            } else if edge(p) {
                match roll {
                    0..=7 => Some(attacker),
                    8 => Some(!attacker),
                    _ => None,
                }
            } else {
                match roll {
                    0..=1 => Some(attacker),
                    2..=4 => Some(!attacker),
                    _ => None,
                }
            };
            match colour {
                Some(Color::Black) => {
                    setup.black.insert(p);
                }
                Some(Color::White) => {
                    setup.white.insert(p);
                }
                None => {}
            }
        }
        setup.to_move = if rng.random_bool(0.7) {
            !attacker
        } else {
            attacker
        };
        let position = Position::from_setup(&setup).ok()?;
        let candidates: Vec<Point> = region
            .iter()
            .filter(|&p| !edge(p) && position.color_at(p) != Some(attacker))
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let points: PointSet = (0..rng.random_range(1..=3))
            .map(|_| candidates[rng.random_range(0..candidates.len())])
            .collect();
        Some((position, region, attacker, points))
    }

    fn invasion(
        attacker: Color,
        points: PointSet,
        region: PointSet,
        master: Color,
        closed_areas: bool,
    ) -> Dfpn<InvasionGame> {
        let limits = TsumegoLimits::default();
        let rules = Rules::new(region, master, &limits, PointSet::new());
        let game = InvasionGame::new(attacker, points, rules, closed_areas);
        Dfpn::new(game, SolverConfig::default())
    }

    fn decide(game: &mut Dfpn<InvasionGame>, pos: &Position) -> Option<bool> {
        let mut budget = Budget::new(NonZeroU64::new(10_000), None, None);
        game.decide(pos, &mut budget).ok()
    }

    /// A closed area's key names its points, not only the stones on them. Here White, to
    /// move in the 11 points emptied by the capture of its corner group, cannot live: Black
    /// answers each move, partly by stones that join its wall. Such a stone leaves the
    /// area, so with the stones alone in the key the area after it, with White's pass,
    /// looked like the area before it (one point fewer, but no stone more): a repetition,
    /// which counts against Black, and the flat search failed on most of its lines (from
    /// Go Game Guru's `easy-51`, session 17).
    #[test]
    fn a_closed_area_that_shrinks_is_not_a_repetition() {
        let game = rules_core::io::parse_diagram(
            "
            X X X X . . .
            . . . X . . .
            . . . X . . .
            . . . X . . .
            X . . X . . .
            X X X X . . .
            X . . X . . .
            . X X X . . .
            X . . . . . .",
        )
        .unwrap();
        let mut pos = game.position;
        pos.set_to_move(Color::White);
        let points: PointSet = ["C5", "A6", "B6", "C6", "A7", "C7", "A8", "B8", "C8"]
            .iter()
            .map(|p| p.parse().unwrap())
            .collect();
        let region: PointSet = pos
            .size()
            .points()
            .filter(|p| {
                let (x, y) = p.coords();
                x < 3 && (1..8).contains(&y)
            })
            .collect();
        let mut inside = invasion(Color::Black, points, region, Color::Black, true);
        let mut whole = invasion(Color::Black, points, region, Color::Black, false);
        let pos = canonical(&pos, Color::Black);
        assert_eq!(decide(&mut inside, &pos), Some(true));
        assert_eq!(decide(&mut whole, &pos), Some(true));
    }

    /// The oracle for `InvasionGame`'s closed areas, on random positions. A win found inside
    /// closed areas is a win on the whole region (the attacker plays the same, taking the
    /// defender's plays outside for passes); the converse may fail, since inside an area a
    /// repetition of its contents is a repetition, while on the whole board plays outside
    /// make every position new. And the game inside reads nothing outside: a position with
    /// a stone added outside a closed area gets the same verdict from a fresh search.
    /// The closed areas that a move made in place derives from the board before it
    /// ([`InvasionGame::areas_after`]) are those the flood fill finds on the board after
    /// it, for every legal move inside them (and the pass), along random play in random
    /// invasions.
    #[test]
    fn closed_areas_follow_the_moves() {
        let mut rng = SmallRng::seed_from_u64(21);
        let (mut checked, mut joined, mut remembered, mut stayed_open) = (0, 0, 0, 0);
        for _ in 0..6_000 {
            let Some((pos, region, attacker, points)) = random_invasion(&mut rng) else {
                continue;
            };
            let mut solver = invasion(attacker, points, region, !attacker, true);
            let game = solver.game_mut();
            let mut pos = canonical(&pos, !attacker);
            for _ in 0..12 {
                let before = closed_areas_around(&pos, &points, &region);
                let moves: Vec<Move> = game.moves(&pos);
                for &mv in &moves {
                    let mut after = pos.clone();
                    game.make_in_place(&mut after, mv);
                    let flooded = closed_areas_around(&after, &points, &region);
                    if let Some(areas) = before {
                        let derived = game.areas_after(&areas, &after, mv);
                        assert_eq!(derived, flooded, "{mv} on\n{pos}");
                        checked += 1;
                        joined += usize::from(derived != Some(areas));
                    }
                    // What the move left in the memo (open areas derived as open too) is
                    // what the flood fill finds, and the undo gives the board back.
                    let key = after.stone_hash();
                    if let Some((seen, closed)) =
                        game.recent_closed.borrow()[InvasionGame::slot(key)]
                    {
                        if seen == key {
                            assert_eq!(closed.map(|c| c.areas), flooded, "{mv} on\n{pos}");
                            remembered += 1;
                            stayed_open += usize::from(before.is_none());
                        }
                    }
                    assert_eq!(game.closed_areas_of(&after), flooded);
                    game.unmake(&mut after);
                    assert_eq!(after, pos);
                }
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                pos = game.play(&pos, mv);
            }
        }
        eprintln!(
            "{checked} moves checked, {joined} changed the areas; {remembered} remembered, \
             {stayed_open} of them open"
        );
        assert!(checked > 10_000, "{checked} moves checked");
        assert!(joined > 1_000, "{joined} moves changed the areas");
        assert!(stayed_open > 1_000, "{stayed_open} open areas remembered");
    }

    /// The keys of the kill and life games' states, and those of their children read
    /// without making them, are what a fresh [`LocalAreas`] reads on the same board, however
    /// the board was reached: every move of random walks in random problems, stones outside
    /// a local area among them (a first move, a book's line).
    #[test]
    fn local_keys_follow_the_moves() {
        let mut rng = SmallRng::seed_from_u64(32);
        let limits = TsumegoLimits::default();
        let (mut checked, mut local, mut outside, mut joined, mut walled) = (0, 0, 0, 0, 0);
        let mut freed_outside = 0;
        for round in 0..4_000 {
            let Some((pos, region, attacker, target)) =
                random_invasion_in(&mut rng, round % 4 == 3)
            else {
                continue;
            };
            let areas = LocalAreas::new(target, region, !attacker);
            let mut rules = Rules::new(region, !attacker, &limits, PointSet::new());
            let mut pos = pos;
            for _ in 0..12 {
                let parent_area = areas.of(&pos).map(|l| l.area);
                let moves: Vec<Move> = region
                    .iter()
                    .map(Move::Play)
                    .chain([Move::Pass])
                    .filter(|&mv| pos.is_legal(mv))
                    .collect();
                for &mv in &moves {
                    let lazy = areas.child_key(&pos, mv, || rules.child_hash(&pos, mv));
                    let size = pos.size();
                    freed_outside +=
                        usize::from(matches!(mv, Move::Play(p) if p.neighbours(size).any(|n| {
                            pos.color_at(n) == Some(!pos.to_move())
                                && pos.in_atari(n)
                                && pos.string_stones(n).any(|s| !region.contains(s))
                        })));
                    match areas.derive(&pos, mv) {
                        Derived::Walled { parent, .. } if parent.outside.is_some() => joined += 1,
                        Derived::Walled { .. } => walled += 1,
                        _ => {}
                    }
                    let mut child = pos.clone();
                    areas.play_into(&rules, &pos, mv, &mut child);
                    let reader = LocalAreas::new(target, region, !attacker);
                    let fresh = reader.key(&child);
                    assert_eq!(areas.key(&child), fresh, "{mv} on\n{pos}");
                    assert_eq!(
                        areas.of(&child).map(|l| l.area),
                        reader.of(&child).map(|l| l.area),
                        "{mv} on\n{pos} (area)"
                    );
                    assert_eq!(
                        areas.flooded(&child).flood,
                        reader.flooded(&child).flood,
                        "{mv} on\n{pos} (flood)"
                    );
                    if let Some(lazy) = lazy {
                        assert_eq!(lazy, fresh, "{mv} on\n{pos} (lazy)");
                    }
                    let mut made = pos.clone();
                    areas.make(&mut rules, &mut made, mv);
                    assert_eq!(areas.key(&made), fresh, "{mv} on\n{pos} (made)");
                    rules.unmake(&mut made);
                    checked += 1;
                    if let Some(area) = parent_area {
                        local += 1;
                        outside += usize::from(matches!(mv, Move::Play(p) if !area.contains(p)));
                    }
                }
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                pos = areas.play(&rules, &pos, mv);
            }
        }
        eprintln!(
            "{checked} moves checked, {local} from a local area, {outside} outside it, \
             {joined} joining a wall, {walled} turning safe without a local area, \
             {freed_outside} capturing stones outside the region"
        );
        assert!(checked > 10_000, "{checked} moves checked");
        assert!(local > 1_000, "{local} moves from a local area");
        assert!(outside > 100, "{outside} moves outside the area");
        assert!(joined > 100, "{joined} moves joining a wall");
        assert!(
            walled > 100,
            "{walled} moves turning safe without a local area"
        );
        assert!(
            freed_outside > 100,
            "{freed_outside} captures outside the region"
        );
    }

    #[test]
    fn closed_areas_are_sound_and_read_nothing_outside() {
        let mut rng = SmallRng::seed_from_u64(16);
        let (mut compared, mut weaker, mut closed, mut moved, mut searched) = (0, 0, 0, 0, 0);
        let mut defender_bounded = 0;
        for _ in 0..2_000 {
            let Some((pos, region, attacker, points)) = random_invasion(&mut rng) else {
                continue;
            };
            let master = if rng.random_bool(0.5) {
                attacker
            } else {
                !attacker
            };
            let pos = canonical(&pos, master);
            let mut local = invasion(attacker, points, region, master, true);
            let mut whole = invasion(attacker, points, region, master, false);
            let (Some(inside), Some(on_the_board)) =
                (decide(&mut local, &pos), decide(&mut whole, &pos))
            else {
                continue;
            };
            assert!(
                !inside || on_the_board,
                "a win inside closed areas is no win on the board\n{pos}\n{points:?} {region:?}"
            );
            compared += 1;
            weaker += usize::from(inside != on_the_board);
            searched += usize::from(local.stats().expansions >= 10);
            let Some(area) = local.game().closed_area(&pos) else {
                continue;
            };
            closed += 1;
            let size = pos.size();
            defender_bounded += usize::from(
                area.iter()
                    .flat_map(|p| p.neighbours(size))
                    .any(|n| pos.color_at(n) == Some(!attacker)),
            );
            // A stone added outside the area, where it is legal and leaves it closed the same.
            let outside: Vec<Point> = pos
                .empty_points()
                .iter()
                .copied()
                .filter(|&p| !area.contains(p))
                .collect();
            if outside.is_empty() {
                continue;
            }
            let p = outside[rng.random_range(0..outside.len())];
            let colour = if rng.random_bool(0.5) {
                attacker
            } else {
                !attacker
            };
            let mut other = pos.clone();
            other.set_to_move(colour);
            if other.play_mut(Move::Play(p)).is_err() {
                continue;
            }
            other.set_to_move(pos.to_move());
            other.clear_ko();
            if pos.ko_point().is_some() || local.game().closed_area(&other) != Some(area) {
                continue;
            }
            let mut fresh = invasion(attacker, points, region, master, true);
            if let Some(again) = decide(&mut fresh, &other) {
                assert_eq!(
                    inside, again,
                    "a stone outside a closed area changes its verdict\n{pos}\n{other}"
                );
                moved += 1;
            }
        }
        eprintln!(
            "{compared} compared ({searched} of 10 nodes or more), {weaker} won on the board only, {closed} closed ({defender_bounded} bounded by a defender's string too), {moved} with a stone outside"
        );
        assert!(compared > 1_000, "{compared} compared");
        assert!(searched > 200, "{searched} of 10 nodes or more");
        assert!(closed > 100, "{closed} closed");
        assert!(
            defender_bounded > 300,
            "{defender_bounded} bounded by a defender's string"
        );
        assert!(moved > 50, "{moved} with a stone added outside");
    }
}
