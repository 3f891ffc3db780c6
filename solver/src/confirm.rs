//! Judging one string of a stopped position by Art. 7 (the default reading of
//! `docs/reading.md`), with three nested reachability games on the df-pn engine.
//!
//! For a target string T of owner D and attacker A:
//! - **capture(σ, x)**: A, to move or not, can force the point `x` (holding a D stone) to be
//!   emptied. Infinite play is a failure for A.
//! - **recreate(σ)**: D can force a state with a D stone on a point `x` of R(T) that is
//!   *permanent*: `not capture(σ with A to move, x)`. Infinite play is a failure for D.
//! - **kill**: A can force a state in which T has been removed and `not recreate`. T is
//!   *dead* iff A wins the kill game from the stopped position with the first mover to move.
//!
//! "T has been removed" is a property of the state: some point of T's original stones is
//! empty or holds an A stone. Strings are removed whole and T's stones are never separated,
//! so while T stands all its points hold D stones.
//!
//! A state where T has been removed and recreate holds is a **loss** for A in the kill
//! game, not a state to play on from. D plays its recreate strategy: every state it passes
//! through is again one from which D can recreate (a winning strategy of a reachability
//! game never leaves the winning states), until a D stone stands on R(T) that A, to move,
//! cannot capture; from then on D keeps it by the capture game's refutation (if the check
//! was made on a state where D is to move, D first passes: in hypothetical play a pass
//! only hands over the move, which is what the check assumed). Every state of that play
//! is one where D can recreate, so
//! A's goal "removed and no recreate" is never reached, and endless play is A's loss. So
//! the value of such a state in the kill game is known as soon as recreate is, and the
//! kill search stops there: on the eternal-life position of `BENCHMARKS.md` that took
//! the judgement of the inner group from over 3 million nodes to about 44,000. With endless
//! play counted for the side that needs its goal (`--cycles report`) the stop is not only
//! faster but needed: playing on after the capture, A could "win" by endless play after a
//! capture it has already lost, which the two-phase objective does not allow. A proof line
//! that stops there goes on with the recreate search's own line
//! ([`Game::line_after`]), so that it still shows the recreation (the recapture of a
//! snapback, Art. 7-1 clause 2), and a line of tries that all fail shows a capture first
//! ([`Game::ends_a_phase`]).
//!
//! ## Locality
//! Play is restricted to the independent area of T (the points left after removing every
//! pass-alive chain, `rules_core::areas`). Moves outside it cannot change anything inside:
//! areas touch only through pass-alive chains, which the opponent cannot capture and which
//! the owner can only weaken by playing in their own vital regions. So the restriction is
//! exact when the area contains no vital region of a pass-alive chain; when it does (T
//! stands inside an eye of a pass-alive chain), the whole board is searched instead.

use crate::cycles::{turn_of_cycle, Cycle, Endless, Nested};
use crate::dfpn::{
    Bounds, Budget, Dfpn, Evaluation, Game, Outcome, Quarters, SolverConfig, StopReason,
};
use crate::eyespace::{filling_line, no_room_for_two_eyes};
use crate::reading::{CycleRule, FirstMover, NewStoneScope, Reading};
use crate::safety::{safe_blocks, Claim, Region, Safety, SafetyLimits};
use crate::static_memo::{SharedMemo, StaticMemo};
use crate::tsumego::attack_bounds;
use rayon::prelude::*;
use rules_core::areas::{areas_from, Areas};
use rules_core::benson::{pass_alive, PassAlive};
use rules_core::confirmation::{ConfirmationMove, ConfirmationState, ConfirmationUndo};
use rules_core::{ByColor, Color, KoCapture, Point, PointSet, Position, ZobristHash};
use std::num::NonZeroU64;
use std::time::{Duration, Instant};

/// The limits of one string's judgement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most search nodes, nested searches included.
    pub max_nodes: Option<NonZeroU64>,
    /// Most time for this string.
    pub max_time: Option<Duration>,
    /// Most time for the whole position, when a position is judged: the strings share it in
    /// rounds of growing node budgets (see `judge_position` in [`crate::scoring`]), every
    /// string's own limit cut to what is left of it.
    pub max_total_time: Option<Duration>,
    /// Most entries of each transposition table.
    pub table_entries: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_nodes: NonZeroU64::new(2_000_000),
            max_time: Some(Duration::from_secs(20)),
            max_total_time: Some(Duration::from_secs(60)),
            table_entries: 1 << 20,
        }
    }
}

/// The verdict on one string under Art. 7-1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Life {
    /// The opponent cannot capture it, or capturing it enables a permanent new stone.
    Alive,
    /// The opponent can capture it for good.
    Dead,
    /// A limit was reached first.
    Unknown(StopReason),
}

/// How a verdict was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecidedBy {
    /// The string is pass-alive (Benson): alive without search.
    PassAlive,
    /// The safety solver proved it can never be captured ([`crate::safety`]): every block
    /// of it has two regions in which the opponent cannot take its last liberty.
    SafeRegions,
    /// A proof-number search on the string's area (or the whole board).
    Search,
    /// A proof-number search inside an enclosure of the attacker's walls alone (see
    /// `docs/reading.md`, "Enclosure search"); it only ever proves strings dead.
    EnclosureSearch,
    /// Dead without search: inside walls that stay pass-alive without the string's region,
    /// there is no room for two eyes ([`crate::eyespace`]).
    NoRoomForTwoEyes,
}

/// A move of hypothetical play with the player who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayedMove {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: ConfirmationMove,
}

impl std::fmt::Display for PlayedMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.color, self.mv)
    }
}

/// The judgement of one string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StringJudgement {
    /// The string's colour.
    pub color: Color,
    /// Its stones, in board order.
    pub stones: Vec<Point>,
    /// The verdict.
    pub life: Life,
    /// The line of hypothetical play that shows it: for a dead string the attacker's win
    /// against the best resistance, for an alive one the defender's refutation of the
    /// attacker's best try. Empty when decided without search.
    pub proof: Vec<PlayedMove>,
    /// How the verdict was reached.
    pub decided_by: DecidedBy,
    /// Search nodes spent, nested searches included.
    pub nodes: u64,
    /// Number of points where play was allowed.
    pub searched_points: usize,
    /// Set under [`CycleRule::Report`] when the verdict rests on endless play: `life` is
    /// then the default reading's verdict, and this says what the other meaning gives.
    pub cycle: Option<Cycle>,
}

impl StringJudgement {
    /// The proof line as text: `B D4, W pass, B C5`.
    pub fn line(&self) -> String {
        let moves: Vec<String> = self.proof.iter().map(PlayedMove::to_string).collect();
        moves.join(", ")
    }

    /// The string's stones as text: `C1 C2 A3`.
    pub fn stones_text(&self) -> String {
        let stones: Vec<String> = self.stones.iter().map(Point::to_string).collect();
        stones.join(" ")
    }
}

/// The legal moves restricted to `allowed`, ordered: points in `focus` first, then their
/// neighbours, then the rest, each rank in the points' order; passes for ko, then the
/// pass, last. Written over `out`, whose storage the search keeps per depth (four vectors
/// made per node cost 6 % of the instructions of a continued record's judgement;
/// BENCHMARKS.md, "Session 41").
fn ordered_moves_into(
    state: &ConfirmationState,
    allowed: &PointSet,
    focus: &PointSet,
    out: &mut Vec<ConfirmationMove>,
) {
    out.clear();
    // The focus and the points next to it, once, rather than each move's neighbours.
    let near = focus.with_neighbours(state.position().size());
    for rank in [
        allowed.intersection(focus),
        allowed.intersection(&near).difference(focus),
        allowed.difference(&near),
    ] {
        state.push_legal_plays_in(&rank, out);
    }
    state.push_passes(out);
}

/// The liberties of the strings through `points`, and the points themselves.
fn focus_of(pos: &Position, points: &PointSet) -> PointSet {
    let mut focus = *points;
    for p in points.iter() {
        if pos.color_at(p).is_some() {
            focus = focus.union(&pos.liberties(p));
        }
    }
    focus
}

/// Whether the string on `point` is pass-alive now, so that no sequence can capture it:
/// the games stop there with a failure for the attacker. (A string in atari is never
/// pass-alive; the liberty count skips Benson for it cheaply.)
fn never_capturable(pos: &Position, point: Point, memo: &SharedMemo) -> bool {
    !pos.in_atari(point) && memo.borrow_mut().pass_alive_string(pos, point)
}

fn salt(tag: u64, point: Point) -> ZobristHash {
    // A fixed odd multiplier spreads (tag, point) over the 128 bits.
    let v = ((tag as u128) << 32 | point.index() as u128).wrapping_add(1);
    ZobristHash(v.wrapping_mul(0x2545_F491_4F6C_DD1D_9E37_79B9_7F4A_7C15))
}

/// `state` after the legal move `mv`: the `play` of every game on confirmation states.
pub(crate) fn played(state: &ConfirmationState, mv: ConfirmationMove) -> ConfirmationState {
    let mut next = state.clone();
    next.play_unchecked(mv);
    next
}

/// [`played`] into reused storage: the `play_into` of every game on confirmation states.
pub(crate) fn played_into(
    state: &ConfirmationState,
    mv: ConfirmationMove,
    out: &mut ConfirmationState,
) {
    out.clone_from(state);
    out.play_unchecked(mv);
}

/// Drops the plain pass from the prover's moves. In these games the prover must reach its
/// goal in finitely many moves (endless play counts against it), and a plain pass changes
/// nothing but the player to move: it lifts no ban (only a pass for ko does) and records
/// nothing. So after the prover's pass the opponent can pass back to the very same state,
/// and a strategy that passes there never reaches the goal; a winning strategy never needs
/// it. (The state after the pass is never a goal where the state before it is not: every
/// evaluation reads the stones alone, but the capture game's take in one move, which needs
/// the attacker to move.) So dropping it changes no verdict, and spares the search a move at
/// every prover node and every line that the opponent refutes by passing back, whose
/// refutation rests on a repetition and so could not be stored as final. Under
/// `--cycles report`'s second judgement, where endless play counts for the prover,
/// [`crate::cycles`] drops the same pass for its own reason. Measured in BENCHMARKS.md
/// ("Session 17"). The kill game keeps it for its lines' sake (`KillGame`'s
/// `drops_provers_pass`): dropping it is allowed, never required.
fn without_provers_pass(moves: &mut Vec<ConfirmationMove>) {
    moves.retain(|m| *m != ConfirmationMove::Pass);
}

/// What the three games of the confirmation have in common: the state is the state of
/// hypothetical play, moves are confirmation moves restricted to the allowed points, and one
/// colour is the prover. Each game says only what differs.
trait ConfirmationGame {
    /// The colour that must reach the goal.
    fn prover(&self) -> Color;
    /// The records of the moves the search made in place and has not taken back.
    fn made(&mut self) -> &mut MadeMoves;
    /// Points where plays are allowed.
    fn allowed(&self) -> &PointSet;
    /// Points whose plays are tried first.
    fn focus(&self, state: &ConfirmationState) -> PointSet;
    /// Whether the prover's plain pass is left out of its moves (`without_provers_pass`).
    fn drops_provers_pass(&self) -> bool {
        true
    }
    /// Mixed into the key when one table serves several goals.
    fn goal_salt(&self) -> ZobristHash {
        ZobristHash::ZERO
    }
    /// What must stay intact when the search is restricted (see [`Guard`]).
    fn guard(&self) -> Option<&Guard>;
    /// The judgement's memo of static results, shared with the nested games.
    fn memo(&self) -> &SharedMemo;
    /// Decides terminal states.
    fn evaluate_state(
        &mut self,
        state: &ConfirmationState,
        budget: &mut Budget,
    ) -> Result<Evaluation, StopReason>;
    /// See [`Game::ends_a_phase`].
    fn ends_a_phase(&self, state: &ConfirmationState) -> bool {
        let _ = state;
        false
    }
    /// See [`Game::leaf_bounds`].
    fn leaf_bounds(&self, state: &ConfirmationState) -> Bounds {
        let _ = state;
        Bounds::LEAF
    }
    /// See [`Game::line_after`].
    fn line_after(
        &mut self,
        state: &ConfirmationState,
        budget: &mut Budget,
    ) -> Result<Vec<ConfirmationMove>, StopReason> {
        let _ = (state, budget);
        Ok(Vec::new())
    }
}

impl<T: ConfirmationGame> Game for T {
    type State = ConfirmationState;
    type Move = ConfirmationMove;

    fn key(&self, state: &ConfirmationState) -> ZobristHash {
        state.hash() ^ self.goal_salt()
    }

    fn child_key(&self, state: &ConfirmationState, mv: ConfirmationMove) -> Option<ZobristHash> {
        state.hash_after(mv).map(|h| h ^ self.goal_salt())
    }

    fn prover_to_move(&self, state: &ConfirmationState) -> bool {
        state.to_move() == self.prover()
    }

    fn evaluate(
        &mut self,
        state: &ConfirmationState,
        budget: &mut Budget,
    ) -> Result<Evaluation, StopReason> {
        if let Some(guard) = self.guard() {
            if guard.broken(state, self.memo()) {
                // The attacker broke its own wall: a loss for it, whichever game this is.
                return Ok(if self.prover() == guard.owner() {
                    Evaluation::Failure
                } else {
                    Evaluation::Goal
                });
            }
        }
        self.evaluate_state(state, budget)
    }

    fn moves(&self, state: &ConfirmationState) -> Vec<ConfirmationMove> {
        let mut moves = Vec::new();
        self.moves_into(state, &mut moves);
        moves
    }

    /// The prover makes no plain pass, but in the kill game (see `without_provers_pass`).
    fn moves_into(&self, state: &ConfirmationState, out: &mut Vec<ConfirmationMove>) {
        ordered_moves_into(state, self.allowed(), &self.focus(state), out);
        if state.to_move() == self.prover() && self.drops_provers_pass() {
            without_provers_pass(out);
        }
    }

    fn play(&self, state: &ConfirmationState, mv: ConfirmationMove) -> ConfirmationState {
        played(state, mv)
    }

    fn play_into(
        &self,
        state: &ConfirmationState,
        mv: ConfirmationMove,
        out: &mut ConfirmationState,
    ) {
        played_into(state, mv, out);
    }

    /// In place: a child made by copying its parent was a copy of the board at every node
    /// (15 % of the instructions of a continued record's judgement; BENCHMARKS.md,
    /// "Session 40").
    fn plays_in_place(&self) -> bool {
        true
    }

    fn make(&mut self, state: &mut ConfirmationState, mv: ConfirmationMove) {
        self.made().make(state, mv);
    }

    fn unmake(&mut self, state: &mut ConfirmationState) {
        self.made().unmake(state);
    }

    fn ends_a_phase(&self, state: &ConfirmationState) -> bool {
        ConfirmationGame::ends_a_phase(self, state)
    }

    fn leaf_bounds(&self, state: &ConfirmationState) -> Bounds {
        ConfirmationGame::leaf_bounds(self, state)
    }

    fn line_after(
        &mut self,
        state: &ConfirmationState,
        budget: &mut Budget,
    ) -> Result<Vec<ConfirmationMove>, StopReason> {
        ConfirmationGame::line_after(self, state, budget)
    }
}

/// The undo records of the moves a search made in place, deepest last; the records keep
/// their buffers for the next moves.
#[derive(Debug, Default)]
pub(crate) struct MadeMoves {
    records: Vec<ConfirmationUndo>,
    depth: usize,
}

impl MadeMoves {
    fn make(&mut self, state: &mut ConfirmationState, mv: ConfirmationMove) {
        if self.records.len() == self.depth {
            self.records.push(ConfirmationUndo::default());
        }
        state.play_undoable(mv, &mut self.records[self.depth]);
        self.depth += 1;
    }

    fn unmake(&mut self, state: &mut ConfirmationState) {
        self.depth -= 1;
        state.undo(&mut self.records[self.depth]);
    }
}

/// A can empty the point `target` (holding a D stone).
#[derive(Debug)]
pub(crate) struct CaptureGame {
    /// The moves the search made in place.
    made: MadeMoves,
    attacker: Color,
    target: Point,
    allowed: PointSet,
    guard: Option<Guard>,
    memo: SharedMemo,
}

impl ConfirmationGame for CaptureGame {
    fn made(&mut self) -> &mut MadeMoves {
        &mut self.made
    }

    fn prover(&self) -> Color {
        self.attacker
    }

    fn allowed(&self) -> &PointSet {
        &self.allowed
    }

    fn guard(&self) -> Option<&Guard> {
        self.guard.as_ref()
    }

    fn memo(&self) -> &SharedMemo {
        &self.memo
    }

    fn focus(&self, state: &ConfirmationState) -> PointSet {
        focus_of(state.position(), &PointSet::from_iter([self.target]))
    }

    fn goal_salt(&self) -> ZobristHash {
        salt(1, self.target)
    }

    /// df-pn+ leaves as in the tsumego capture game: the fewer liberties the target
    /// has, the nearer its capture (proof number = liberties, disproof number = 5 minus
    /// them). Only the order of search changes; on the corpus, 4.7 % fewer nodes.
    fn leaf_bounds(&self, state: &ConfirmationState) -> Bounds {
        let pos = state.position();
        if pos.color_at(self.target) != Some(!self.attacker) {
            return Bounds::LEAF;
        }
        attack_bounds(pos.liberty_count(self.target) as u32)
    }

    fn evaluate_state(
        &mut self,
        state: &ConfirmationState,
        _: &mut Budget,
    ) -> Result<Evaluation, StopReason> {
        let pos = state.position();
        if pos.color_at(self.target) != Some(!self.attacker) {
            return Ok(Evaluation::Goal);
        }
        if self.captured_at_once(state) {
            return Ok(Evaluation::Goal);
        }
        if never_capturable(pos, self.target, &self.memo) {
            return Ok(Evaluation::Failure);
        }
        if self.memo.borrow_mut().no_permanent_stone_possible(
            pos,
            self.attacker,
            &PointSet::from_iter([self.target]),
            true,
        ) {
            // The rule of `eyespace`: the attacker fills the region and takes the string.
            return Ok(Evaluation::Goal);
        }
        Ok(Evaluation::Open)
    }
}

impl CaptureGame {
    /// Whether the attacker, to move, takes the target with its next play: the target's
    /// string has one liberty, inside the allowed points, where the attacker may play
    /// (not a banned ko capture), and the play leaves the guard standing. Then the child
    /// after that play is a goal (the target's point is empty), so the state is a win
    /// for the attacker, as the search would find by expanding it; the child repeats no
    /// state of the search's path, all of which hold the target. Answering it here spares
    /// the expansion (every child copied and played) and, for the permanence checks of
    /// the recreate game, a nested search.
    fn captured_at_once(&self, state: &ConfirmationState) -> bool {
        let pos = state.position();
        if state.to_move() != self.attacker
            || pos.color_at(self.target) != Some(!self.attacker)
            || !pos.in_atari(self.target)
        {
            return false;
        }
        let Some(liberty) = pos.liberties(self.target).iter().next() else {
            return false;
        };
        let take = ConfirmationMove::Play(liberty);
        if !self.allowed.contains(liberty) || !state.is_legal(take) {
            return false;
        }
        match &self.guard {
            None => true,
            Some(guard) => !guard.broken(&played(state, take), &self.memo),
        }
    }
}

/// D can make a permanent stone on a point of `region`.
#[derive(Debug)]
pub(crate) struct RecreateGame {
    /// The moves the search made in place.
    made: MadeMoves,
    defender: Color,
    region: PointSet,
    allowed: PointSet,
    guard: Option<Guard>,
    memo: SharedMemo,
    capture: Nested<CaptureGame>,
    /// Storage reused for the attacker-to-move copy of each permanence check.
    scratch: Option<ConfirmationState>,
}

impl RecreateGame {
    /// Whether the D string through `x` is permanent in `state`.
    fn permanent(
        &mut self,
        state: &ConfirmationState,
        x: Point,
        budget: &mut Budget,
    ) -> Result<bool, StopReason> {
        // Borrowed in place: moving a 15 KB state in and out of the option would copy it.
        let attacker_to_move = self.scratch.get_or_insert_with(|| state.clone());
        attacker_to_move.clone_from(state);
        attacker_to_move.set_to_move(!self.defender);
        let capture = self.capture.game_mut();
        capture.target = x;
        if capture.captured_at_once(attacker_to_move) {
            // Not permanent, without starting the nested search.
            return Ok(false);
        }
        Ok(!self.capture.decide(attacker_to_move, budget)?)
    }
}

impl ConfirmationGame for RecreateGame {
    fn made(&mut self) -> &mut MadeMoves {
        &mut self.made
    }

    fn prover(&self) -> Color {
        self.defender
    }

    fn allowed(&self) -> &PointSet {
        &self.allowed
    }

    fn guard(&self) -> Option<&Guard> {
        self.guard.as_ref()
    }

    fn memo(&self) -> &SharedMemo {
        &self.memo
    }

    fn focus(&self, _: &ConfirmationState) -> PointSet {
        self.region
    }

    fn evaluate_state(
        &mut self,
        state: &ConfirmationState,
        budget: &mut Budget,
    ) -> Result<Evaluation, StopReason> {
        let pos = state.position();
        let no_permanent = self.memo.borrow_mut().no_permanent_stone_possible(
            pos,
            !self.defender,
            &self.region,
            false,
        );
        if no_permanent {
            // The rule of `eyespace`: no stone of D on the region can ever be permanent.
            return Ok(Evaluation::Failure);
        }
        let mut tried = PointSet::new();
        let region = self.region;
        for x in region.iter() {
            if pos.color_at(x) != Some(self.defender) || tried.contains(x) {
                continue;
            }
            for s in pos.string_stones(x) {
                tried.insert(s);
            }
            if self.permanent(state, x, budget)? {
                return Ok(Evaluation::Goal);
            }
        }
        Ok(Evaluation::Open)
    }
}

/// A can force, in finitely many moves (endless play counts against it), a state where
/// the static rule of [`crate::eyespace`] says that D can never have an uncapturable
/// stone on `region`: a sufficient condition for `not recreate`, read as one flat search.
/// [`RecreateGame`] asks the exact question with a capture search for every D stone at
/// every state, which puts an area of a dozen points or more out of reach (the bulky
/// five of the corpus took 11.9 million nodes).
///
/// Why a win here means that D cannot recreate: whatever D plays, A reaches a state where
/// the rule holds, and from there A takes every D stone on the region for good; a stone D
/// shows on the way is taken by the same play, which answers D's passes too, so no D stone
/// on the region is ever permanent. A failure proves nothing (D may retake a ko for ever
/// without making anything permanent), so the kill game then asks [`RecreateGame`].
#[derive(Debug)]
pub(crate) struct InvasionGame {
    /// The moves the search made in place.
    made: MadeMoves,
    attacker: Color,
    region: PointSet,
    allowed: PointSet,
    guard: Option<Guard>,
    memo: SharedMemo,
}

impl ConfirmationGame for InvasionGame {
    fn made(&mut self) -> &mut MadeMoves {
        &mut self.made
    }

    fn prover(&self) -> Color {
        self.attacker
    }

    fn allowed(&self) -> &PointSet {
        &self.allowed
    }

    fn guard(&self) -> Option<&Guard> {
        self.guard.as_ref()
    }

    fn memo(&self) -> &SharedMemo {
        &self.memo
    }

    fn focus(&self, _: &ConfirmationState) -> PointSet {
        self.region
    }

    fn evaluate_state(
        &mut self,
        state: &ConfirmationState,
        _: &mut Budget,
    ) -> Result<Evaluation, StopReason> {
        let pos = state.position();
        let no_permanent = self.memo.borrow_mut().no_permanent_stone_possible(
            pos,
            self.attacker,
            &self.region,
            false,
        );
        if no_permanent {
            return Ok(Evaluation::Goal);
        }
        let defender = !self.attacker;
        let lasting = self
            .region
            .iter()
            .any(|p| pos.color_at(p) == Some(defender) && never_capturable(pos, p, &self.memo));
        Ok(if lasting {
            Evaluation::Failure
        } else {
            Evaluation::Open
        })
    }
}

/// The share of a slice of the kill game's evaluation after a capture that
/// [`InvasionGame`] may take before [`RecreateGame`] runs: three quarters, the share the
/// tsumego game measured in session 14 (it gives everything since its flat search plays
/// closed areas alone, which this one does not).
const INVASION_SHARE: Quarters = Quarters(3);

/// The most empty points around T (connected to it through empty points of the searched
/// area) for which the kill game tries [`InvasionGame`] at all.
const INVASION_MAX_EMPTY: usize = 12;

/// A can remove T for good.
#[derive(Debug)]
pub(crate) struct KillGame {
    /// The moves the search made in place.
    made: MadeMoves,
    attacker: Color,
    target: PointSet,
    /// The target's points and the region where a new stone of D may stand.
    new_stone_points: PointSet,
    allowed: PointSet,
    guard: Option<Guard>,
    memo: SharedMemo,
    recreate: Nested<RecreateGame>,
    /// The flat search tried first after a capture; only when endless play counts against
    /// the side that needs its goal (the rule's strategy may repeat the filling for ever),
    /// and only around at most [`INVASION_MAX_EMPTY`] empty points.
    invasion: Option<Dfpn<InvasionGame>>,
}

impl KillGame {
    /// Whether T has been removed in `state`.
    fn removed(&self, state: &ConfirmationState) -> bool {
        let pos = state.position();
        self.target
            .iter()
            .any(|p| pos.color_at(p) != Some(!self.attacker))
    }
}

impl ConfirmationGame for KillGame {
    fn made(&mut self) -> &mut MadeMoves {
        &mut self.made
    }

    /// Kept here, though it never helps the attacker: the judgement's line is read from
    /// this game's table, and with the pass in the move list the lines found are the short
    /// ones a person reads best (the dead stone in an eye of `examples/`: B D4, W pass, B C5
    /// rather than a first move that fills Black's own point; the bent four of corpus 13
    /// shows the stone White puts back taken again), and the corpus took 11 % fewer nodes
    /// (BENCHMARKS.md, "Session 17").
    fn drops_provers_pass(&self) -> bool {
        false
    }

    fn ends_a_phase(&self, state: &ConfirmationState) -> bool {
        self.removed(state)
    }

    /// The recreate search's line: D's recreation against A's best resistance, or A's
    /// refutation of every recreation.
    fn line_after(
        &mut self,
        state: &ConfirmationState,
        budget: &mut Budget,
    ) -> Result<Vec<ConfirmationMove>, StopReason> {
        // The flat search's line when it decided (its proof is in its table; asking it
        // otherwise could spend the line's budget on a search that cannot succeed).
        if let Some(invasion) = self.invasion.as_mut() {
            if invasion.proved_in_table(state) {
                if let Outcome::Proved { line } = invasion.solve(state, budget) {
                    return Ok(line);
                }
            }
        }
        self.recreate.line(state, budget)
    }

    fn prover(&self) -> Color {
        self.attacker
    }

    fn allowed(&self) -> &PointSet {
        &self.allowed
    }

    fn guard(&self) -> Option<&Guard> {
        self.guard.as_ref()
    }

    fn memo(&self) -> &SharedMemo {
        &self.memo
    }

    fn focus(&self, state: &ConfirmationState) -> PointSet {
        focus_of(state.position(), &self.target)
    }

    fn evaluate_state(
        &mut self,
        state: &ConfirmationState,
        budget: &mut Budget,
    ) -> Result<Evaluation, StopReason> {
        let pos = state.position();
        if self.removed(state) {
            // A state from which D can recreate is a loss for A, not a state to play on
            // from: D's recreate strategy keeps every later state one from which D can
            // recreate, so A never reaches its goal (see the module docs). Playing on made
            // the kill search walk the whole open board after every capture. The flat
            // search comes first: its win is a sufficient answer.
            if let Some(invasion) = self.invasion.as_mut() {
                let tried =
                    budget.with_share(INVASION_SHARE, |part| invasion.decide(state, part))?;
                if tried == Some(true) {
                    return Ok(Evaluation::Goal);
                }
            }
            return Ok(if self.recreate.decide(state, budget)? {
                Evaluation::Failure
            } else {
                Evaluation::Goal
            });
        }
        let any = self.target.iter().next().expect("a target has stones");
        if never_capturable(pos, any, &self.memo) {
            return Ok(Evaluation::Failure);
        }
        let no_permanent = self.memo.borrow_mut().no_permanent_stone_possible(
            pos,
            self.attacker,
            &self.new_stone_points,
            true,
        );
        if no_permanent {
            // The rule of `eyespace`: T is taken and no new stone on its points can last.
            return Ok(Evaluation::Goal);
        }
        Ok(Evaluation::Open)
    }
}

/// What keeps the attacker's walls standing while a search is restricted to one area
/// around stones that the walls enclose. The attacker may play inside (to capture the stones
/// there) but must keep the walls: a state where they no longer stand is a loss for the
/// attacker, whichever game this is. While they stand, the opponent cannot capture them by
/// any play outside and the attacker never has to answer one, so play outside cannot change
/// anything inside, and an attacker's win found inside is a win on the whole board. A loss
/// is not: the attacker might do better by giving up a wall, so only the attacker's wins of
/// a restricted search are kept.
#[derive(Clone, Debug)]
pub(crate) enum Guard {
    /// Benson's pass-alive chains of `owner` must stay pass-alive.
    PassAlive {
        /// The attacker.
        owner: Color,
        /// Its pass-alive chains at the start.
        chains: PointSet,
    },
    /// A region proved alone by the safety solver ([`Claim::Alone`]): its hold must stand.
    /// Only regions proved alone qualify: a region proved with others keeps its blocks only
    /// if the owner answers in their other regions, and the opponent could then force
    /// answers there for ever (a ko in another eye), which the restricted search cannot see.
    Region {
        /// The attacker.
        owner: Color,
        /// The region and its claim.
        region: Region,
    },
}

impl Guard {
    fn owner(&self) -> Color {
        match self {
            Guard::PassAlive { owner, .. } | Guard::Region { owner, .. } => *owner,
        }
    }

    fn broken(&self, state: &ConfirmationState, memo: &SharedMemo) -> bool {
        match self {
            Guard::PassAlive { owner, chains } => {
                // `rules_core::benson::still_pass_alive`, through the memo: the chains hold
                // only stones of `owner`, so containing them says both that the stones
                // stand and that they are still pass-alive.
                let now = memo.borrow_mut().chains(state.position(), *owner);
                !chains.difference(&now).is_empty()
            }
            Guard::Region { owner, region } => region.broken(state, *owner),
        }
    }
}

/// What is computed once per position before its strings are judged: the blocks that can
/// never be captured (Benson's pass-alive chains and the safety solver's safe blocks) and
/// the independent areas they cut the board into.
#[derive(Debug)]
pub(crate) struct Survey {
    /// The areas, with every never-capturable block as a separator.
    pub(crate) areas: Areas,
    /// Benson's pass-alive chains, per colour.
    pub(crate) pass_alive: ByColor<PointSet>,
    /// The safety solver's proved regions whose boundary blocks are safe, per colour.
    pub(crate) proved: ByColor<Vec<Region>>,
    /// Benson's vital regions of the pass-alive chains, per colour.
    pub(crate) vital: ByColor<PointSet>,
    /// Safety-solver nodes spent.
    pub(crate) nodes: u64,
}

/// Surveys `position`: Benson, then the safety solver for both colours (regions not searched
/// by `deadline` are not proved), then the areas.
///
/// When cycles are reported the safety solver is not used: its local games count endless
/// play against the invader, and its safe blocks would never be judged again; they are left
/// to the searches, which judge them under both meanings.
pub(crate) fn survey(position: &Position, reading: &Reading, deadline: Option<Instant>) -> Survey {
    let benson = pass_alive(position);
    let limits = SafetyLimits {
        deadline,
        ..SafetyLimits::default()
    };
    let (black, white) = if reading.cycles == CycleRule::Report {
        (Safety::default(), Safety::default())
    } else {
        (
            safe_blocks(position, Color::Black, reading.ko, &limits),
            safe_blocks(position, Color::White, reading.ko, &limits),
        )
    };
    let region_points = |s: &Safety| {
        s.regions
            .iter()
            .fold(PointSet::new(), |acc, r| acc.union(&r.points))
    };
    let separators = PassAlive {
        chains: ByColor {
            black: benson.chains.black.union(&black.safe),
            white: benson.chains.white.union(&white.safe),
        },
        regions: ByColor {
            black: benson.regions.black.union(&region_points(&black)),
            white: benson.regions.white.union(&region_points(&white)),
        },
        ..benson
    };
    Survey {
        areas: areas_from(position, separators),
        pass_alive: benson.chains,
        nodes: black.nodes + white.nodes,
        proved: ByColor {
            black: black.regions,
            white: white.regions,
        },
        vital: benson.regions,
    }
}

/// The points where play is allowed when judging the string through `stone`, or `None`
/// when the string can never be captured.
///
/// Its area, when the area holds no eye of the never-capturable blocks that cut it out (see
/// `docs/reading.md`, "Locality"): no vital region of a pass-alive chain around it, and no
/// region the safety solver proved for a safe block around it. When it holds one (the stone
/// sits in such a block's eye), the blocks that depend on the eyes inside stop being
/// separators, and the area is cut again with them inside it, until no eye of a block still
/// separating lies inside: the area the search would have had had those blocks never been
/// proved safe. A pass-alive chain depends only on its own vital regions (Benson), a safe
/// block on the proved regions it borders and on every block those regions need kept, so a
/// chain next to a proved region inside stays a separator. Only when nothing is left to
/// free is the scope the whole board.
fn search_scope(position: &Position, survey: &Survey, stone: Point) -> Option<PointSet> {
    let areas = &survey.areas;
    let size = position.size();
    let mut points = areas.areas[areas.area_of(stone)?].points;
    let mut separators = areas.pass_alive;
    let stones_of = |p: Point| -> PointSet { position.string_stones(p).collect() };
    loop {
        let mut freed = ByColor::new(PointSet::new(), PointSet::new());
        for c in Color::ALL {
            let chains = separators.chains[c].intersection(&survey.pass_alive[c]);
            // Benson's vital regions of the chains still separating, inside the area.
            let eyes = components_touching(position, &survey.vital[c], &chains);
            for p in points.intersection(&eyes).iter() {
                for n in p.neighbours(size) {
                    if chains.contains(n) && !freed[c].contains(n) {
                        freed[c] = freed[c].union(&stones_of(n));
                    }
                }
            }
            // Proved regions inside the area, or next to a block no longer separating: the
            // safe blocks around them are no longer sure.
            for r in &survey.proved[c] {
                let inside = !r.points.intersection(&points).is_empty();
                let leaning = r
                    .boundary
                    .iter()
                    .any(|&b| !separators.chains[c].contains(b));
                if inside || leaning {
                    for &b in &r.boundary {
                        let separating =
                            separators.chains[c].contains(b) && !survey.pass_alive[c].contains(b);
                        if separating && !freed[c].contains(b) {
                            freed[c] = freed[c].union(&stones_of(b));
                        }
                    }
                }
            }
        }
        if freed[Color::Black].is_empty() && freed[Color::White].is_empty() {
            return Some(points);
        }
        for c in Color::ALL {
            separators.chains[c] = separators.chains[c].difference(&freed[c]);
        }
        let recut = areas_from(position, separators);
        points = recut.areas[recut.area_of(stone)?].points;
    }
}

/// The connected parts of `points` that hold or touch a stone of `stones`.
fn components_touching(position: &Position, points: &PointSet, stones: &PointSet) -> PointSet {
    stones
        .with_neighbours(position.size())
        .flooded_within(points)
}

/// Judges the string through `stone` of a stopped position under `reading`.
///
/// `last_ko_capture` is the last move of actual play if it was a ko capture (used only by
/// [`rules_core::confirmation::InitialBan::CarriedOver`]).
///
/// # Panics
/// When no stone stands on `stone`.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use solver::confirm::{judge_string, Life, Limits};
/// use solver::Reading;
/// // A white stone inside the eye of a black group that has two eyes: dead.
/// let game = parse_diagram("
///  . X . . X
///  X X O . X
///  X X X X X
///  O O O O O
///  . O . O .").unwrap();
/// let verdict = judge_string(&game.position, None, "C4".parse().unwrap(), &Reading::default(), &Limits::default());
/// assert_eq!(verdict.life, Life::Dead);
/// ```
pub fn judge_string(
    position: &Position,
    last_ko_capture: Option<KoCapture>,
    stone: Point,
    reading: &Reading,
    limits: &Limits,
) -> StringJudgement {
    let deadline = limits.max_time.map(|t| Instant::now() + t);
    let survey = survey(position, reading, deadline);
    // The survey counts against the string's time.
    let limits = Limits {
        max_time: deadline.map(|d| d.saturating_duration_since(Instant::now())),
        ..*limits
    };
    judge_string_in(position, &survey, last_ko_capture, stone, reading, &limits)
}

/// The node budgets of the short rounds of [`judge_strings_in`], before the one with each
/// string's whole budget. Each search starts afresh, so a string that needs the whole budget
/// pays these again: 331,776 nodes, a sixth of the default 2,000,000 (geometric rounds, 8
/// times larger each, cost corpus position 06's hardest string 2.2 times its 258,301 nodes;
/// it has a thread of its own and skips the rounds). The round of 262,144 decides strings
/// that would otherwise wait behind the first open ones' whole budgets when the position's
/// time runs out (33 GNU Go-continued records at the default limits: 395 -> 365 strings
/// left open; BENCHMARKS.md, "Session 39").
const SHORT_ROUNDS: [u64; 3] = [4_096, 65_536, 262_144];

/// Judges the strings at `heads` in rounds, every string still undecided in each, so that
/// one hard string cannot spend a position's whole time while easy ones wait: three short
/// rounds ([`SHORT_ROUNDS`]) and then one with `limits.max_nodes`; once no more strings are
/// open than there are threads, straight to the last. A string stops at a verdict, at its
/// own `limits.max_time` (summed over its rounds), or when `deadline` passes; its `nodes`
/// count every round.
///
/// A verdict proved within a round is final whatever budget found it, so the rounds change
/// which strings are decided when time runs out, never a verdict.
pub(crate) fn judge_strings_in(
    position: &Position,
    survey: &Survey,
    last_ko_capture: Option<KoCapture>,
    heads: &[Point],
    reading: &Reading,
    limits: &Limits,
    deadline: Option<Instant>,
) -> Vec<StringJudgement> {
    struct Pending {
        judgement: Option<StringJudgement>,
        nodes: u64,
        time: Duration,
        /// Whether its last round had the string's whole node budget.
        whole_budget: bool,
    }
    let mut pending: Vec<Pending> = heads
        .iter()
        .map(|_| Pending {
            judgement: None,
            nodes: 0,
            time: Duration::ZERO,
            whole_budget: false,
        })
        .collect();
    let most = limits.max_nodes;
    let mut short_rounds = SHORT_ROUNDS
        .iter()
        .filter_map(|&n| NonZeroU64::new(n))
        .filter(|&n| most.is_none_or(|m| n < m));
    let mut first = true;
    loop {
        let open: Vec<usize> = (0..heads.len())
            .filter(|&i| match &pending[i].judgement {
                None => true,
                Some(j) => j.life == Life::Unknown(StopReason::NodeLimit),
            })
            .collect();
        // The first round runs even when the time is spent: with no time left it still gives
        // every verdict that needs no search.
        let out_of_time = !first && deadline.is_some_and(|d| Instant::now() >= d);
        if open.is_empty() || out_of_time {
            break;
        }
        first = false;
        // With a thread for each open string no string waits for another, so short rounds
        // would only repeat work (a corpus position's one hard string, say).
        let cap = if open.len() <= rayon::current_num_threads() {
            most
        } else {
            short_rounds.next().or(most)
        };
        let whole_budget = cap == most;
        let judged: Vec<(usize, StringJudgement, Duration)> = open
            .par_iter()
            .map(|&i| {
                let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
                let own_left = limits.max_time.map(|t| t.saturating_sub(pending[i].time));
                let max_time = match (left, own_left) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                let own = Limits {
                    max_nodes: cap,
                    max_time,
                    ..*limits
                };
                let started = Instant::now();
                let judgement =
                    judge_string_in(position, survey, last_ko_capture, heads[i], reading, &own);
                (i, judgement, started.elapsed())
            })
            .collect();
        for (i, judgement, time) in judged {
            let entry = &mut pending[i];
            entry.nodes += judgement.nodes;
            entry.time += time;
            entry.whole_budget = whole_budget;
            entry.judgement = Some(judgement);
        }
        if whole_budget {
            break;
        }
    }
    pending
        .into_iter()
        .map(|entry| {
            let mut judgement = entry.judgement.expect("every string has its first round");
            judgement.nodes = entry.nodes;
            // Stopped between rounds by the clock, not by its own node limit.
            if judgement.life == Life::Unknown(StopReason::NodeLimit) && !entry.whole_budget {
                judgement.life = Life::Unknown(StopReason::TimeLimit);
            }
            judgement
        })
        .collect()
}

/// [`judge_string`] with the position's survey already made, so that judging every string
/// of a position makes it once.
pub(crate) fn judge_string_in(
    position: &Position,
    survey: &Survey,
    last_ko_capture: Option<KoCapture>,
    stone: Point,
    reading: &Reading,
    limits: &Limits,
) -> StringJudgement {
    let defender = position.color_at(stone).expect("a stone to judge");
    let attacker = !defender;
    let target: PointSet = position.string_stones(stone).collect();
    let mut judgement = StringJudgement {
        color: defender,
        stones: target.iter().collect(),
        life: Life::Alive,
        proof: Vec::new(),
        decided_by: DecidedBy::PassAlive,
        nodes: 0,
        searched_points: 0,
        cycle: None,
    };
    let Some(allowed) = search_scope(position, survey, stone) else {
        if !survey.pass_alive[defender].contains(stone) {
            judgement.decided_by = DecidedBy::SafeRegions;
        }
        return judgement;
    };
    let mut start = ConfirmationState::new(position.clone(), reading.ko, last_ko_capture);
    start.set_to_move(match reading.first {
        FirstMover::Attacker => attacker,
        FirstMover::Defender => defender,
    });
    if let Some(room) = no_room_for_two_eyes(position, stone, &survey.pass_alive[attacker]) {
        judgement.decided_by = DecidedBy::NoRoomForTwoEyes;
        judgement.life = Life::Dead;
        judgement.proof = filling_line(&start, stone, &room).unwrap_or_default();
        return judgement;
    }
    judgement.decided_by = DecidedBy::Search;
    if limits.max_time.is_some_and(|t| t.is_zero()) {
        // The position's time is spent: no search at all, not even its first nodes.
        judgement.life = Life::Unknown(StopReason::TimeLimit);
        return judgement;
    }
    // No simulation (`dfpn`): on the corpus it saved nothing (1,119,654 nodes for the 30
    // positions decided whole, 1,134,046 with it), and the results it stores change the
    // lines read from the table, some for longer ones (BENCHMARKS.md, "Session 18").
    let config = SolverConfig {
        table_entries: limits.table_entries,
        simulation: None,
        ..SolverConfig::default()
    };
    let mut spent = 0;
    // One memo of static results for every search of this string (see `static_memo`).
    let memo = StaticMemo::shared();
    // Stones enclosed by walls of the attacker that need no answer elsewhere: first a
    // search inside the enclosure alone, which can only prove them dead (see `Guard`).
    let enclosure = survey.proved[attacker]
        .iter()
        .find(|r| r.claim == Claim::Alone && r.points.contains(stone))
        .map(|r| {
            (
                r.points,
                Guard::Region {
                    owner: attacker,
                    region: r.clone(),
                },
            )
        })
        .or_else(|| {
            let vital = survey.vital[attacker];
            let area = &survey.areas.areas[survey.areas.area_of(stone)?];
            let size = position.size();
            // Every attacker stone around the area must be in a pass-alive chain: a wall
            // that needs answers elsewhere would let the defender stall there.
            let walls_pass_alive = area.points.iter().all(|p| {
                p.neighbours(size).all(|n| {
                    position.color_at(n) != Some(attacker)
                        || area.points.contains(n)
                        || survey.pass_alive[attacker].contains(n)
                })
            });
            (walls_pass_alive
                && !area.points.intersection(&vital).is_empty()
                && area.points.intersection(&survey.vital[defender]).is_empty())
            .then(|| {
                (
                    area.points,
                    Guard::PassAlive {
                        owner: attacker,
                        chains: survey.pass_alive[attacker],
                    },
                )
            })
        });
    if let Some((points, guard)) = enclosure {
        let mut local_budget = Budget::new(
            limits.max_nodes.and_then(|n| NonZeroU64::new(n.get() / 4)),
            limits.max_time.map(|t| t / 4),
            None,
        );
        let outcome = match kill_search(
            position,
            &start,
            &target,
            stone,
            points,
            Some(guard),
            reading,
            &mut local_budget,
            config,
            Endless::AgainstTheGoal,
            &memo,
        ) {
            Ok(mut kill) => kill.solve(&start, &mut local_budget),
            Err(reason) => Outcome::Unknown(reason),
        };
        spent = local_budget.nodes();
        if let Outcome::Proved { line } = outcome {
            judgement.decided_by = DecidedBy::EnclosureSearch;
            judgement.searched_points = points.len();
            judgement.nodes = spent;
            judgement.life = Life::Dead;
            judgement.proof = played_line(&start, line);
            return judgement;
        }
    }
    judgement.searched_points = allowed.len();
    let mut budget = Budget::new(limits.max_nodes, limits.max_time, None);
    let whole_area = |endless: Endless, budget: &mut Budget| {
        let mut kill = kill_search(
            position, &start, &target, stone, allowed, None, reading, budget, config, endless,
            &memo,
        )?;
        if let Some(search) = kill.against_the_goal() {
            let mut capture = Dfpn::new(
                CaptureGame {
                    attacker,
                    target: stone,
                    allowed,
                    guard: None,
                    memo: memo.clone(),
                    made: MadeMoves::default(),
                },
                config,
            );
            capture_first(search, &mut capture, &start, budget)?;
        }
        let outcome = kill.solve(&start, budget);
        Ok::<_, StopReason>((kill, outcome))
    };
    let (against, outcome) = match whole_area(Endless::AgainstTheGoal, &mut budget) {
        Ok((kill, outcome)) => (Some(kill), outcome),
        Err(reason) => (None, Outcome::Unknown(reason)),
    };
    judgement.nodes = spent + budget.nodes();
    let (life, line) = life_and_line(outcome);
    judgement.life = life;
    judgement.proof = played_line(&start, line);
    if reading.cycles == CycleRule::Report && !matches!(judgement.life, Life::Unknown(_)) {
        // The same search with endless play counted for the side that needs its goal.
        let (for_goal, outcome) = match whole_area(Endless::ForTheGoal, &mut budget) {
            Ok((kill, outcome)) => (Some(kill), outcome),
            Err(reason) => (None, Outcome::Unknown(reason)),
        };
        judgement.nodes = spent + budget.nodes();
        let (other, other_line) = life_and_line(outcome);
        match other {
            Life::Unknown(_) => judgement.life = other,
            other if other != judgement.life => {
                let walked = match (against, for_goal) {
                    (Some(mut against), Some(mut for_goal)) => {
                        walk_the_cycle(&start, &mut against, &mut for_goal, &mut budget)
                    }
                    _ => None,
                };
                judgement.nodes = spent + budget.nodes();
                let turn = walked
                    .as_ref()
                    .and_then(|line| turn_of_cycle(&start, line))
                    .or_else(|| turn_of_cycle(&start, &judgement.proof))
                    .or_else(|| turn_of_cycle(&start, &played_line(&start, other_line)));
                if let Some(line) = walked.filter(|_| turn.is_some()) {
                    // The line that shows the cycle is the one worth reading.
                    judgement.proof = line;
                }
                judgement.cycle = Some(Cycle {
                    against_the_goal: judgement.life,
                    for_the_goal: other,
                    prisoners_per_turn: turn.as_ref().map(|(_, p)| *p),
                    turn: turn.map(|(t, _)| t).unwrap_or_default(),
                });
            }
            _ => {}
        }
    }
    judgement
}

/// The longest walk [`walk_the_cycle`] takes before it gives up.
const CYCLE_WALK_MOVES: usize = 64;

/// A line from `start` that runs into the cycle, when the kill game's verdict changes with
/// the meaning of endless play: each side plays the moves of the meaning under which it
/// wins (from that meaning's own search, whose table is kept). Each keeps the game inside
/// its own winning states, so neither reaches its goal and the play repeats a state; the
/// walk stops there. When the kill game ends on the capture of the string, the walk goes on
/// in the question of a permanent new stone, the same way (the lone ko stones of a
/// double-ko seki: their cycle is the recapture of every recreation). `None` at a limit, or
/// when no repetition is reached within [`CYCLE_WALK_MOVES`].
fn walk_the_cycle(
    start: &ConfirmationState,
    against: &mut Nested<KillGame>,
    for_goal: &mut Nested<KillGame>,
    budget: &mut Budget,
) -> Option<Vec<PlayedMove>> {
    let attacker = against.game_mut().attacker;
    let mut walk = Walk {
        line: Vec::new(),
        seen: vec![start.hash()],
    };
    match walk.level(start.clone(), against, for_goal, attacker, budget) {
        WalkEnd::Repeated => Some(walk.line),
        WalkEnd::Terminal(state) if against.game_mut().removed(&state) => {
            let recreate_against = &mut against.game_mut().recreate;
            let recreate_for = &mut for_goal.game_mut().recreate;
            match walk.level(*state, recreate_against, recreate_for, !attacker, budget) {
                WalkEnd::Repeated => Some(walk.line),
                _ => None,
            }
        }
        _ => None,
    }
}

/// How one level of [`walk_the_cycle`] ended.
enum WalkEnd {
    /// The last move repeated a state of the walk.
    Repeated,
    /// The walk reached a state that its game decides without a move.
    Terminal(Box<ConfirmationState>),
    /// A limit, a state where the two meanings agree, or no repetition in time.
    GaveUp,
}

/// The moves walked so far and the states they passed through.
struct Walk {
    line: Vec<PlayedMove>,
    seen: Vec<ZobristHash>,
}

impl Walk {
    /// Walks one game (prover `prover`) from `state`, each side with the meaning under
    /// which it wins there.
    fn level<G: Game<State = ConfirmationState, Move = ConfirmationMove>>(
        &mut self,
        mut state: ConfirmationState,
        against: &mut Nested<G>,
        for_goal: &mut Nested<G>,
        prover: Color,
        budget: &mut Budget,
    ) -> WalkEnd {
        let (Ok(wins_against), Ok(wins_for)) = (
            against.decide(&state, budget),
            for_goal.decide(&state, budget),
        ) else {
            return WalkEnd::GaveUp;
        };
        if wins_against == wins_for {
            return WalkEnd::GaveUp;
        }
        while self.line.len() < CYCLE_WALK_MOVES {
            if against.game_mut().ends_a_phase(&state) {
                // The kill game's capture: its search would show the nested line from here.
                return WalkEnd::Terminal(Box::new(state));
            }
            let mover = state.to_move();
            // The prover plays the meaning under which it wins, the other side the other.
            let use_for = (mover == prover) == wins_for;
            let nest = if use_for {
                &mut *for_goal
            } else {
                &mut *against
            };
            let (moves, prover_wins) = match nest.solve(&state, budget) {
                Outcome::Proved { line } => (line, true),
                Outcome::Disproved { line } => (line, false),
                Outcome::Unknown(_) => return WalkEnd::GaveUp,
            };
            let Some(&mv) = moves.first() else {
                return WalkEnd::Terminal(Box::new(state));
            };
            if prover_wins != (mover == prover) {
                return WalkEnd::GaveUp;
            }
            self.line.push(PlayedMove { color: mover, mv });
            state = played(&state, mv);
            if self.seen.contains(&state.hash()) {
                return WalkEnd::Repeated;
            }
            self.seen.push(state.hash());
        }
        WalkEnd::GaveUp
    }
}

/// The verdict of a kill search and its line.
fn life_and_line(outcome: Outcome<ConfirmationMove>) -> (Life, Vec<ConfirmationMove>) {
    match outcome {
        Outcome::Proved { line } => (Life::Dead, line),
        Outcome::Disproved { line } => (Life::Alive, line),
        Outcome::Unknown(reason) => (Life::Unknown(reason), Vec::new()),
    }
}

/// A line of moves from `start` with the colour of each mover.
fn played_line(start: &ConfirmationState, line: Vec<ConfirmationMove>) -> Vec<PlayedMove> {
    let mut color = start.to_move();
    line.into_iter()
        .map(|mv| {
            let played = PlayedMove { color, mv };
            color = !color;
            played
        })
        .collect()
}

/// The search of the kill game of the string `target` (through `stone`) from `start`, with
/// play allowed on `allowed` only, ready to solve (finding R(T) may already need a search).
#[allow(clippy::too_many_arguments)]
fn kill_search(
    position: &Position,
    start: &ConfirmationState,
    target: &PointSet,
    stone: Point,
    allowed: PointSet,
    guard: Option<Guard>,
    reading: &Reading,
    budget: &mut Budget,
    config: SolverConfig,
    endless: Endless,
    memo: &SharedMemo,
) -> Result<Nested<KillGame>, StopReason> {
    let defender = position.color_at(stone).expect("a stone to judge");
    let attacker = !defender;
    let capture = |target: Point| {
        let game = CaptureGame {
            attacker,
            target,
            allowed,
            guard: guard.clone(),
            memo: memo.clone(),
            made: MadeMoves::default(),
        };
        Nested::new(game, endless, config)
    };
    let region = new_stone_region(
        position,
        start,
        target,
        &allowed,
        reading,
        budget,
        capture(stone),
    )?;
    let new_stone_points = target.union(&region);
    let recreate = RecreateGame {
        defender,
        region,
        allowed,
        guard: guard.clone(),
        memo: memo.clone(),
        made: MadeMoves::default(),
        capture: capture(stone),
        scratch: None,
    };
    // The flat search wins only once the no-room rule holds, which needs the empty points
    // around T filled until at most two have no wall next to them: hopeless in a territory
    // (a lone stone by 23 empty points took 19.5 million nodes with it, 1.27 million
    // without; docs/reading.md), and worth its share around the few empty points of an eye
    // (corpus: at most five).
    let open: PointSet = allowed
        .iter()
        .filter(|&p| position.is_empty_point(p))
        .collect();
    let empty_around = target.flooded_within(&open.union(target)).len() - target.len();
    let flat = endless == Endless::AgainstTheGoal && empty_around <= INVASION_MAX_EMPTY;
    let invasion = flat.then(|| {
        Dfpn::new(
            InvasionGame {
                attacker,
                region,
                allowed,
                guard: guard.clone(),
                memo: memo.clone(),
                made: MadeMoves::default(),
            },
            config,
        )
    });
    let kill = KillGame {
        attacker,
        target: *target,
        new_stone_points,
        allowed,
        guard,
        memo: memo.clone(),
        made: MadeMoves::default(),
        recreate: Nested::new(recreate, endless, config),
        invasion,
    };
    Ok(Nested::new(kill, endless, config))
}

/// The share of the judgement's budget that [`capture_first`] gives the plain capture.
const CAPTURE_FIRST_SHARE: Quarters = Quarters(2);

/// The share of what is left after it that [`capture_first`] gives the kill game on the
/// leaves of a capture proof (in quarters). On the corpus a half left 32's A1 open at the
/// default 2,000,000 nodes; three quarters decide it (1,238,262 nodes).
const VERIFY_SHARE: Quarters = Quarters(3);

/// The most states of a capture proof or disproof carried over to the kill game.
const MAX_CARRIED_TREE: usize = 20_000;

/// Searches the plain capture of T (phase one alone) before the kill game, on
/// [`CAPTURE_FIRST_SHARE`] of the budget, and carries what it settles into `kill`'s table.
/// Every win of the kill game is a capture (its goals are a capture made for good, or a
/// state from which the attacker takes T by the no-room rule), so a refuted capture is a
/// refuted kill: every state the capture search refuted for good, finished or not, is
/// stored as refuted (the root excepted, which the kill game searches itself so that its
/// line reads children it has seen), and a finished refutation's whole tree with it. A
/// proved capture is a strategy whose leaves are captures (or states where the capture is
/// certain); the kill game is asked only about those leaves, and when it wins from each,
/// the strategy's states are stored as won. Otherwise the kill game searches the whole
/// question itself, visiting the second phase after every capture it meets. Measured in
/// BENCHMARKS.md ("Session 15"); the tsumego game does the same.
fn capture_first(
    kill: &mut Dfpn<KillGame>,
    capture: &mut Dfpn<CaptureGame>,
    start: &ConfirmationState,
    budget: &mut Budget,
) -> Result<(), StopReason> {
    let first = budget.with_share(CAPTURE_FIRST_SHARE, |part| capture.decide(start, part))?;
    // Whatever the capture search refuted, finished or not, is refuted for the kill game
    // (the capture game's keys carry its target's salt, the kill game's none).
    let root = kill.game().key(start);
    kill.import_disproofs(capture, capture.game().goal_salt(), root);
    let Some(captures) = first else {
        return Ok(());
    };
    let tree = {
        let game = kill.game();
        capture.solved_tree(start, captures, MAX_CARRIED_TREE, &|_, s| game.key(s))
    };
    // Without the whole tree nothing more is stored: the judgement needs a line, and a
    // line read from a root alone would search every child on its own. A tree that is only
    // the root as a leaf leaves nothing to verify short of the kill game's own search.
    let Some(tree) = tree.filter(|t| !t.internal.is_empty()) else {
        return Ok(());
    };
    if !captures {
        kill.import_tree(&tree, false);
        return Ok(());
    }
    // The leaves get three quarters of what is left: one the kill game loses, or cannot
    // settle, must leave the kill game's own search something.
    let won = budget.with_share(VERIFY_SHARE, |part| kill.decide_all(&tree.leaves, part))?;
    if won != Some(true) {
        return Ok(());
    }
    kill.import_tree(&tree, true);
    Ok(())
}

/// R(T): where the new stone of Art. 7-1 clause 2 may stand.
fn new_stone_region(
    position: &Position,
    start: &ConfirmationState,
    target: &PointSet,
    allowed: &PointSet,
    reading: &Reading,
    budget: &mut Budget,
    mut capture: Nested<CaptureGame>,
) -> Result<PointSet, StopReason> {
    match reading.new_stone {
        NewStoneScope::Local1 => Ok(*target),
        NewStoneScope::Area => Ok(*allowed),
        NewStoneScope::Local2 => {
            let any = target.iter().next().expect("a target has stones");
            let defender = position.color_at(any).expect("a target stands");
            let mut attacker_first = start.clone();
            attacker_first.set_to_move(!defender);
            let size = position.size();
            let mut safe_strings = PointSet::new();
            let mut checked = PointSet::new();
            let mut region = *target;
            let mut frontier: Vec<Point> = target.iter().collect();
            while let Some(p) = frontier.pop() {
                for n in p.neighbours(size) {
                    if !position.is_empty_point(n) || region.contains(n) || !allowed.contains(n) {
                        continue;
                    }
                    // n qualifies when it touches an uncapturable D string other than T.
                    let mut qualifies = false;
                    for m in n.neighbours(size) {
                        if position.color_at(m) != Some(defender) || target.contains(m) {
                            continue;
                        }
                        if !checked.contains(m) {
                            let stones: PointSet = position.string_stones(m).collect();
                            checked = checked.union(&stones);
                            capture.game_mut().target = m;
                            if !capture.decide(&attacker_first, budget)? {
                                safe_strings = safe_strings.union(&stones);
                            }
                        }
                        if safe_strings.contains(m) {
                            qualifies = true;
                        }
                    }
                    if qualifies {
                        region.insert(n);
                        frontier.push(n);
                    }
                }
            }
            Ok(region)
        }
    }
}
