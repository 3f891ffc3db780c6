//! A depth-first proof-number search (df-pn with the 1+ε threshold trick) over any
//! two-player reachability game.
//!
//! The *prover* wins when play reaches a goal state in finitely many moves; infinite play
//! is a loss for the prover. All games of this crate have that shape: in phase one of the
//! J89 confirmation the attacker must capture, in phase two the defender must make a
//! permanent stone, in a tsumego the attacker must kill.
//!
//! ## Why the stored results are exact
//! - A repetition of a state on the current path counts as a loss for the prover. In a
//!   reachability game that is exact: a prover who can force the goal can force it along a
//!   path that never repeats a state (play by decreasing attractor rank), and a prover who
//!   cannot force it cannot do better by repeating.
//! - A **proof** never rests on a repetition (a repetition is a prover loss, so it can never
//!   be a leaf of a proof), so every proved result is exact whatever path led to it and is
//!   stored as final.
//! - A **disproof** may rest on a repetition of an ancestor. Each disproof carries the depth
//!   of the shallowest ancestor it relies on; when that ancestor is the node itself or
//!   below it, the whole cycle lies inside the node's subtree and the disproof holds on every
//!   path, so it is stored as final. Otherwise it is never stored in the table; it goes to a
//!   path-scoped cache that forgets it as soon as the deepest ancestor it relied on leaves
//!   the path (YaneuraOu's `repeated` flag, made precise). Without that cache, a node's value
//!   could flip between two path contexts for ever.
//! - The transposition table is an optimisation only: the search is correct when every
//!   lookup misses (a test runs it with a table of one entry).
//! - A game's evaluation of a state may be a whole nested search (whether a captured
//!   string's owner can make a permanent stone, whether a stone can be captured). It runs
//!   in slices of nodes: an evaluation not finished when its slice is spent is *paused*,
//!   and the state gets unsolved bounds that grow with the nodes spent, so the search tries
//!   cheaper siblings first and resumes the evaluation (with a doubled slice, on the nested
//!   solver's kept table) only when it is again the most promising. A paused evaluation is
//!   never a result: only a finished one is stored as terminal, so the verdicts are those of
//!   running every evaluation to its end. Without the slices, one needless state (a line in
//!   which the defender throws away its own group, say) could spend the whole budget in a
//!   nested search while a pass refuted the line in a few nodes.
//!
//! ## Simulation
//! When a child of a node is lost for the side to move, for good, the winner's strategy
//! there often wins the siblings too: in a tsumego, most of the defender's moves change
//! nothing the attacker's proof relies on, but each leads to a new state that the table
//! cannot share (Kawano's simulation, 1996; Kishimoto and Müller used it in their df-pn
//! Go solvers). So each unsolved sibling is *simulated* once per visit: the search walks
//! the sibling's states playing, where the winner is to move, the move the table keeps for
//! the matching state of the solved child (its winning move; without one, or where it is
//! not legal, any move whose state the table holds won), and every move where the loser
//! is to move; it stops at states that the table holds won or that the game's evaluation
//! decides in its first slice. It gives up at the first state it cannot win that way (a
//! loser's move it has no state to follow and the table does not hold won, a state of the
//! path or of its own line, a paused evaluation, or more than [`SolverConfig::simulation`]
//! nodes). What it wins is a complete strategy that rests on no repetition, so every state
//! of it is stored as solved for good, like a search's result; what it fails proves
//! nothing, and the search goes on as before. Nodes with more than
//! [`SIMULATION_MAX_MOVES`] moves do not simulate (see there why). Measured in BENCHMARKS.md
//! ("Session 18"): the bigger tsumego searches take up to half the nodes; the small ones and
//! the confirmation corpus about the same. With [`SolverConfig::root_simulation`] a new
//! root is simulated the same way from the last roots solved before it is searched
//! ([`Dfpn::decide`]): the tsumego solver's roots (first moves, the states along a solution
//! tree's lines, the leaves of a carried proof) are often alike.

//! ## Relevance zones
//! A game may give zones (Shih, Wu et al., "relevance-zone search", AAAI 2022), by
//! [`Game::gives_zones`] and the zone methods. A zone of a solved state is a set of points
//! such that every state of the game that agrees with it there (same player to move, and
//! a ko ban either the same or outside the zone) has the same value. A terminal state gets
//! its zone from the game (what its evaluation looked at); a state won by a move gets the
//! child's zone with what decides that move's effect ([`Game::win_zone`]); a lost state
//! gets the zone of a *reference* child with the zones of its moves inside it
//! ([`Game::loss_zone`]). The reference is the null move's child ([`Game::null_move`]),
//! or a sibling whose own move lies outside its zone and captures nothing. The pruning:
//! once a reference is lost for the side to move with zone `z`, every move outside `z` is
//! lost too, without search. Such a move changes nothing inside `z` (the game's zones hold
//! every string they touch with two of its liberties or all of them, so a move outside
//! cannot capture or join anything inside), so its child agrees with the reference on
//! `z`: the null move's child differs from it by one stone outside `z`, a sibling's by
//! two. (A capturing sibling cannot serve: the points it emptied may lie in its zone.)
//! Only results stored for good get zones: a result that rests on a repetition has none,
//! and a node whose value needs a child without a zone has none, so no move is ever
//! pruned on its account. The tsumego games give zones; the exhaustive-reference
//! differential test checks them.

use hashbrown::HashMap;
use rules_core::{PointSet, ZobristHash};
use std::fmt;
use std::num::{NonZeroU32, NonZeroU64};
use std::ops::Add;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A proof or disproof number: a count of leaves still to solve, or infinity.
///
/// ```
/// use solver::dfpn::ProofNumber;
/// assert_eq!(ProofNumber::new(2) + ProofNumber::new(3), ProofNumber::new(5));
/// assert_eq!(ProofNumber::INFINITY + ProofNumber::ONE, ProofNumber::INFINITY);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProofNumber(u32);

impl ProofNumber {
    /// Solved.
    pub const ZERO: ProofNumber = ProofNumber(0);
    /// One unexpanded leaf.
    pub const ONE: ProofNumber = ProofNumber(1);
    /// Impossible.
    pub const INFINITY: ProofNumber = ProofNumber(u32::MAX);
    /// The largest finite value; sums saturate below infinity.
    const MAX_FINITE: u32 = u32::MAX - 1;

    /// A finite number (saturating below infinity).
    pub const fn new(n: u32) -> ProofNumber {
        if n > Self::MAX_FINITE {
            ProofNumber(Self::MAX_FINITE)
        } else {
            ProofNumber(n)
        }
    }

    /// Whether this is infinity.
    pub const fn is_infinite(self) -> bool {
        self.0 == u32::MAX
    }

    /// The value, `None` for infinity.
    pub const fn finite(self) -> Option<u32> {
        if self.is_infinite() {
            None
        } else {
            Some(self.0)
        }
    }

    /// `self` minus `rhs`, staying at infinity when `self` is infinite.
    fn minus(self, rhs: ProofNumber) -> ProofNumber {
        if self.is_infinite() {
            self
        } else {
            ProofNumber(self.0.saturating_sub(rhs.0))
        }
    }

    /// `self * (1 + epsilon)`, rounded up, at least `self + 1`.
    fn widened(self, epsilon: f32) -> ProofNumber {
        match self.finite() {
            None => self,
            Some(v) => {
                let w = (v as f64 * (1.0 + epsilon as f64)).ceil() as u64;
                ProofNumber::new(w.max(v as u64 + 1).min(Self::MAX_FINITE as u64) as u32)
            }
        }
    }
}

impl Add for ProofNumber {
    type Output = ProofNumber;
    fn add(self, rhs: ProofNumber) -> ProofNumber {
        if self.is_infinite() || rhs.is_infinite() {
            ProofNumber::INFINITY
        } else {
            ProofNumber::new(self.0.saturating_add(rhs.0))
        }
    }
}

impl fmt::Debug for ProofNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.finite() {
            Some(v) => write!(f, "{v}"),
            None => write!(f, "∞"),
        }
    }
}

/// A proof number and a disproof number.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bounds {
    /// Proof number: the least number of leaves to prove.
    pub pn: ProofNumber,
    /// Disproof number: the least number of leaves to disprove.
    pub dn: ProofNumber,
}

impl Bounds {
    /// Proved: the prover wins.
    pub const PROVED: Bounds = Bounds {
        pn: ProofNumber::ZERO,
        dn: ProofNumber::INFINITY,
    };
    /// Disproved: the prover loses.
    pub const DISPROVED: Bounds = Bounds {
        pn: ProofNumber::INFINITY,
        dn: ProofNumber::ZERO,
    };
    /// An unexpanded leaf.
    pub const LEAF: Bounds = Bounds {
        pn: ProofNumber::ONE,
        dn: ProofNumber::ONE,
    };

    /// [`Bounds::PROVED`] when `proved`, else [`Bounds::DISPROVED`].
    ///
    /// ```
    /// use solver::dfpn::Bounds;
    /// assert!(Bounds::solved(true).is_proved());
    /// assert!(Bounds::solved(false).is_disproved());
    /// ```
    pub const fn solved(proved: bool) -> Bounds {
        if proved {
            Bounds::PROVED
        } else {
            Bounds::DISPROVED
        }
    }

    /// Whether proved.
    pub fn is_proved(self) -> bool {
        self.pn == ProofNumber::ZERO
    }

    /// Whether disproved.
    pub fn is_disproved(self) -> bool {
        self.dn == ProofNumber::ZERO
    }

    /// Whether proved or disproved.
    pub fn is_solved(self) -> bool {
        self.is_proved() || self.is_disproved()
    }

    fn check(self) {
        debug_assert!(
            self.is_proved() == self.dn.is_infinite()
                && self.is_disproved() == self.pn.is_infinite(),
            "inconsistent bounds {self:?}"
        );
    }
}

/// Why a search stopped before solving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
    /// The caller cancelled the search.
    Cancelled,
    /// The search went deeper than its depth limit.
    DepthLimit,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::NodeLimit => "node limit reached",
            StopReason::TimeLimit => "time limit reached",
            StopReason::Cancelled => "cancelled",
            StopReason::DepthLimit => "depth limit reached",
        })
    }
}

/// The limits of one judgement, shared by a search and the searches nested in it.
///
/// ```
/// use solver::dfpn::Budget;
/// use std::num::NonZeroU64;
/// let mut budget = Budget::new(NonZeroU64::new(2), None, None);
/// assert!(budget.tick().is_ok());
/// assert!(budget.tick().is_ok());
/// assert!(budget.tick().is_err());
/// assert_eq!(budget.nodes(), 3);
/// ```
#[derive(Debug, Clone)]
pub struct Budget {
    nodes: u64,
    max_nodes: Option<NonZeroU64>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// A budget of at most `max_nodes` nodes and `max_time`, cancellable through `cancel`.
    pub fn new(
        max_nodes: Option<NonZeroU64>,
        max_time: Option<Duration>,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Budget {
        Budget {
            nodes: 0,
            max_nodes,
            deadline: max_time.map(|t| Instant::now() + t),
            cancel,
        }
    }

    /// No limits.
    pub fn unlimited() -> Budget {
        Budget::new(None, None, None)
    }

    /// Nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// This budget cut to at most `slice` more nodes (same clock and cancel flag): what a
    /// nested search may spend before it is paused.
    fn sliced(&self, slice: u64) -> Budget {
        let end = self.nodes.saturating_add(slice.max(1));
        Budget {
            max_nodes: NonZeroU64::new(self.max_nodes.map_or(end, |m| m.get().min(end))),
            ..self.clone()
        }
    }

    /// Runs `f` on at most `share` of the nodes left in this budget (the same clock and
    /// cancel flag), and counts what it spent here: a try that must not take everything
    /// from the search run after it. `Ok(None)` when the share was spent before `f` ended.
    /// The share is taken in whole quarters of what is left (rounded down); a budget without
    /// a node limit counts [`FIRST_SLICE`] nodes as left.
    ///
    /// # Errors
    /// The [`StopReason`] when this budget itself runs out.
    pub(crate) fn with_share<T>(
        &mut self,
        share: Quarters,
        f: impl FnOnce(&mut Budget) -> Result<T, StopReason>,
    ) -> Result<Option<T>, StopReason> {
        let left = self
            .max_nodes
            .map_or(FIRST_SLICE, |m| m.get().saturating_sub(self.nodes));
        let mut part = self.sliced(left / 4 * u64::from(share.0.min(4)));
        let r = f(&mut part);
        self.nodes = part.nodes();
        match r {
            Ok(v) => Ok(Some(v)),
            Err(StopReason::NodeLimit) if !self.nodes_spent() => Ok(None),
            Err(reason) => Err(reason),
        }
    }

    /// Whether the node limit of this budget itself (not of a slice of it) is spent.
    fn nodes_spent(&self) -> bool {
        self.max_nodes.is_some_and(|m| self.nodes > m.get())
    }

    /// Counts one node.
    ///
    /// # Errors
    /// The [`StopReason`] when a limit is reached.
    pub fn tick(&mut self) -> Result<(), StopReason> {
        self.nodes += 1;
        if self.max_nodes.is_some_and(|m| self.nodes > m.get()) {
            return Err(StopReason::NodeLimit);
        }
        // A node of a nested game can hold a whole search, so look at the clock often.
        if self.nodes % 32 == 0 {
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(StopReason::TimeLimit);
            }
            if self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
            {
                return Err(StopReason::Cancelled);
            }
        }
        Ok(())
    }
}

/// A part of what is left of a budget, in quarters (at most four; [`Budget::with_share`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Quarters(pub(crate) u8);

/// What a game says of a state before it is expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// The prover has reached the goal.
    Goal,
    /// The prover can no longer reach the goal.
    Failure,
    /// Not decided: expand the state.
    Open,
    /// Decided, but not by the rules at this state: by another search's result for the
    /// same state. Searched as [`Evaluation::Goal`] or [`Evaluation::Failure`]; a
    /// principal line goes on through such a state, to show the play that decides it.
    Known {
        /// Whether the prover reaches the goal.
        proved: bool,
        /// The work the other search spent on the state, which a principal line weighs
        /// as this search's own (the longest resistance is the one that cost most).
        work: u64,
    },
}

/// A two-player reachability game for the prover.
pub trait Game {
    /// A state of play; must include everything the future depends on.
    type State: Clone;
    /// A move.
    type Move: Copy + Eq + fmt::Debug + fmt::Display;

    /// The 128-bit key of the whole state, and of the goal if the game has several.
    fn key(&self, state: &Self::State) -> ZobristHash;
    /// Whether the prover is to move in `state`.
    fn prover_to_move(&self, state: &Self::State) -> bool;
    /// Decides terminal states; may run nested searches within `budget`.
    ///
    /// # Errors
    /// The [`StopReason`] when a nested search ran out of its limits.
    fn evaluate(
        &mut self,
        state: &Self::State,
        budget: &mut Budget,
    ) -> Result<Evaluation, StopReason>;
    /// The legal moves, most promising first.
    fn moves(&self, state: &Self::State) -> Vec<Self::Move>;
    /// [`Game::moves`] written over `out`, whose storage a game may reuse: the search asks
    /// at every node it expands, and keeps one buffer per depth.
    fn moves_into(&self, state: &Self::State, out: &mut Vec<Self::Move>) {
        *out = self.moves(state);
    }
    /// The disprover's moves that [`Game::moves`] leaves out of `state` because the
    /// prover's answer to each reaches the goal at once, each with that answer. A proof
    /// read from the table as a strategy for another game answers them so, the state
    /// after the answer one of its leaves.
    ///
    /// ```
    /// use solver::dfpn::{Budget, Evaluation, Game, StopReason};
    /// use rules_core::ZobristHash;
    /// // A game whose list leaves nothing out has no forced answers.
    /// struct Count;
    /// impl Game for Count {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn key(&self, s: &u8) -> ZobristHash { ZobristHash(*s as u128 + 1) }
    ///     fn prover_to_move(&self, s: &u8) -> bool { s % 2 == 0 }
    ///     fn evaluate(&mut self, s: &u8, _: &mut Budget) -> Result<Evaluation, StopReason> {
    ///         Ok(if *s >= 3 { Evaluation::Goal } else { Evaluation::Open })
    ///     }
    ///     fn moves(&self, s: &u8) -> Vec<u8> { vec![1] }
    ///     fn play(&self, s: &u8, m: u8) -> u8 { s + m }
    /// }
    /// assert!(Count.forced_answers(&0).is_empty());
    /// ```
    fn forced_answers(&self, state: &Self::State) -> Vec<(Self::Move, Self::Move)> {
        let _ = state;
        Vec::new()
    }
    /// The state after `mv`.
    fn play(&self, state: &Self::State, mv: Self::Move) -> Self::State;

    /// The state after `mv`, written over `out` (whose storage a game may reuse).
    fn play_into(&self, state: &Self::State, mv: Self::Move, out: &mut Self::State) {
        *out = self.play(state, mv);
    }

    /// The bounds a new, unexpanded child starts with: [`Bounds::LEAF`] unless the game
    /// knows better (df-pn+ initialisation, Nagai 2002). Any finite, non-zero numbers keep
    /// the search exact; they only steer which child is searched first.
    fn leaf_bounds(&self, state: &Self::State) -> Bounds {
        let _ = state;
        Bounds::LEAF
    }

    /// Whether `state` ends a phase of the game whose play goes on in a nested search (a
    /// capture made, after which the question is whether the owner recreates a stone). A
    /// principal line prefers such a try when every move loses for the mover: it shows
    /// what the rules do with it, where a try that changes nothing shows nothing.
    fn ends_a_phase(&self, state: &Self::State) -> bool {
        let _ = state;
        false
    }

    /// The play after a state that ends a phase, from the nested search that decided it:
    /// appended to a principal line that stops there.
    ///
    /// # Errors
    /// The [`StopReason`] when the nested search runs out of its limits.
    fn line_after(
        &mut self,
        state: &Self::State,
        budget: &mut Budget,
    ) -> Result<Vec<Self::Move>, StopReason> {
        let _ = (state, budget);
        Ok(Vec::new())
    }

    /// Whether the game plays moves in place ([`Game::make`], [`Game::unmake`]). A search
    /// of such a game copies its root state once and plays every move on that one state:
    /// a node reads each child's key and leaf numbers by making and unmaking its move
    /// (unless [`Game::child_key`] gives the keys), and searches a child by making its
    /// move, searching, and taking it back; only a simulation of the siblings copies the
    /// node's state, to make the solved child on. Other games keep a state for each of the
    /// first 48 children, a copy of the whole state each (about 10 KB for a 19x19 Go
    /// position), and a simulation copies a state at every move. Playing in place took
    /// 12-16 % off the time of Go Game Guru problems (BENCHMARKS.md, "Session 21"), and
    /// dropping the copy each node still made 15 % of the instructions of one
    /// ("Session 40").
    fn plays_in_place(&self) -> bool {
        false
    }

    /// Plays `mv` on `state` in place. The engine calls it only when
    /// [`Game::plays_in_place`], and takes every move back by [`Game::unmake`] in the
    /// reverse order it made them.
    fn make(&mut self, state: &mut Self::State, mv: Self::Move) {
        let _ = (state, mv);
        unreachable!("make is called only on games that play in place")
    }

    /// Takes back the last move that [`Game::make`] made and that is not taken back yet.
    fn unmake(&mut self, state: &mut Self::State) {
        let _ = state;
        unreachable!("unmake is called only on games that play in place")
    }

    /// The key of the state after `mv` without making that state, when the game can
    /// compute it (`None`, the default: the engine plays the move to get it). With it, a
    /// node makes no child state ahead ([`LAZY_KEPT_CHILDREN`]): its children are looked up
    /// by key and made only when the search enters them.
    fn child_key(&self, state: &Self::State, mv: Self::Move) -> Option<ZobristHash> {
        let _ = (state, mv);
        None
    }

    /// Whether the game gives relevance zones (see
    /// [the module documentation](self#relevance-zones)); `false`, the default, turns
    /// them off.
    fn gives_zones(&self) -> bool {
        false
    }

    /// The null move (a pass) of the side to move, for relevance zones: a reference move
    /// that is never outside a zone. `None`, the default: only a sibling lost outside its
    /// own zone ([`Game::sibling_reference`]) prunes.
    fn null_move(&self, state: &Self::State) -> Option<Self::Move> {
        let _ = state;
        None
    }

    /// The zone of a state decided by [`Game::evaluate`] (`proved`: for the prover):
    /// points such that every state agreeing with `state` on them has the same value.
    /// `None` when the game cannot say (then no move is pruned on its account).
    fn terminal_zone(&self, state: &Self::State, proved: bool) -> Option<PointSet> {
        let _ = (state, proved);
        None
    }

    /// The zone of `state` won by the side to move through `mv`, whose child has the zone
    /// `child`: `child` with everything that decides what `mv` does.
    fn win_zone(&self, state: &Self::State, mv: Self::Move, child: &PointSet) -> PointSet {
        let _ = (state, mv);
        *child
    }

    /// The zone of `state` lost by the side to move: `null` is the zone of its reference
    /// child (the null move's, or a sibling's whose move lies outside it), `searched` the
    /// union of the zones of its moves inside `null`.
    fn loss_zone(&self, state: &Self::State, null: &PointSet, searched: &PointSet) -> PointSet {
        let _ = state;
        null.union(searched)
    }

    /// Whether `mv` lies outside `zone`: a move there is answered as the reference child
    /// is (never true of the null move).
    fn outside(&self, mv: Self::Move, zone: &PointSet) -> bool {
        let _ = (mv, zone);
        false
    }

    /// Whether the child of `mv` at `state`, lost for the mover with `zone`, can stand for
    /// the moves outside `zone`: `mv` lies outside it and changes nothing but its own
    /// point (it captures nothing: a captured stone's point may lie in the child's zone,
    /// empty there and a stone after the other moves). `false`, the default: only the
    /// null move's child is a reference.
    fn sibling_reference(&self, state: &Self::State, mv: Self::Move, zone: &PointSet) -> bool {
        let _ = (state, mv, zone);
        false
    }

    /// Told of every state the search stores as solved (`proved`: for the prover), by its
    /// key, with the work spent on it: such a result is the state's value on every path
    /// (see [the module documentation](self)), so a game may pass it on to other games
    /// whose questions it settles ([`Evaluation::Known`]). The default keeps nothing.
    fn record_solved(&mut self, key: ZobristHash, proved: bool, work: u64) {
        let _ = (key, proved, work);
    }
}

/// The stack a thread that runs searches should have. The searches recurse: a node's
/// frame is up to a few kilobytes (a board position is about 15 KB where one is held),
/// the depth is up to [`SolverConfig::max_depth`], and a game's evaluation may run a
/// nested search at every level of the outer one. A 2 MB thread (Rust's and rayon's
/// default) overflowed reading a solved tree at 1,000,000 nodes; the memory is only
/// reserved, and touched as deep as a search goes.
///
/// ```
/// let worker = std::thread::Builder::new().stack_size(solver::dfpn::SEARCH_STACK_BYTES);
/// assert_eq!(worker.spawn(|| 1 + 1).unwrap().join().unwrap(), 2);
/// ```
pub const SEARCH_STACK_BYTES: usize = 256 << 20;

/// Gives rayon's global workers a search's stack ([`SEARCH_STACK_BYTES`]): the solver's
/// parallel loops (areas of a board, strings) run deep searches on them. Call it first in
/// `main`; a global pool already built is left as it is.
///
/// ```
/// solver::dfpn::search_stacks();
/// let sum: u64 = rayon::join(|| 1, || 2).0 + 2;
/// assert_eq!(sum, 3);
/// ```
pub fn search_stacks() {
    let _ = rayon::ThreadPoolBuilder::new()
        .stack_size(SEARCH_STACK_BYTES)
        .build_global();
}

/// The table's unsolved bounds for a node disproved through a repetition above it: hard to
/// prove, one step from a disproof.
const PATH_DEPENDENT_HINT: Bounds = Bounds {
    pn: ProofNumber(1 << 20),
    dn: ProofNumber::ONE,
};

/// How many child states a node keeps: enough for the small areas where search spends its
/// time. A node with more children (a 19x19 area has hundreds, each state of a Go game is
/// about 15 KB) plays the others into one overflow state, for their keys and again when one
/// of them is searched: copying every child of a big node cost more than half of the time
/// of a 19x19 search.
const KEPT_CHILDREN: usize = 48;

/// How many child states a node keeps when the game computes its children's keys
/// ([`Game::child_key`]): none. Every child starts from the node's own
/// [`Game::leaf_bounds`], which steer but never decide, and is played into one overflow
/// state when the search enters it. Making the first 8 ahead to read their own leaf
/// numbers cost a copy of the state each (a 19x19 state is about 9 KB) and their leaf
/// evaluations, and bought little: Go Game Guru `hard-110` took 35 s and 3.97 million
/// nodes with them, 18 s and 3.43 million without; keeping the states of the first 8
/// once entered, for the next visits, cost more instructions than playing them again
/// (BENCHMARKS.md, "Session 11").
pub const LAZY_KEPT_CHILDREN: usize = 0;

/// How many children of a node are refreshed from the table at every iteration.
const ALWAYS_REFRESHED: usize = 16;

/// Every how many iterations all the children of a node are refreshed.
const FULL_REFRESH_EVERY: u32 = 16;

/// Depths whose child states are kept for reuse: deeper nodes allocate theirs, so that a deep
/// search does not hoard memory (48 depths of 48 states of a 19x19 game are 35 MB already).
const POOL_DEPTHS: usize = 48;

/// The states of one node's children: the first [`KEPT_CHILDREN`] kept, the others played
/// into `overflow` when needed; for a game that plays in place ([`Game::plays_in_place`]),
/// `overflow` is the copy of the node's state that a simulation makes the solved child on.
#[derive(Debug)]
struct ChildStates<S, M> {
    kept: Vec<S>,
    /// Boxed: this struct moves in and out of the pool at every node.
    overflow: Option<Box<S>>,
    /// The buffer of the node's children's bounds, kept for its allocation: a vector made
    /// and grown at every node was 5 % of the time of the confirmation games.
    children: Vec<Child>,
    /// The node's moves and the simulation's marks, kept for their allocations too (with
    /// the children's, 4 % of the time of the tsumego searches went to making and freeing
    /// them).
    moves: Vec<M>,
    tried: Vec<bool>,
}

impl<S, M> Default for ChildStates<S, M> {
    fn default() -> Self {
        ChildStates {
            kept: Vec::new(),
            overflow: None,
            children: Vec::new(),
            moves: Vec::new(),
            tried: Vec::new(),
        }
    }
}

/// The tunables of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolverConfig {
    /// Most entries kept in the transposition table before the least-worked half is dropped.
    pub table_entries: usize,
    /// The ε of the 1+ε threshold trick.
    pub epsilon: f32,
    /// Deepest path searched.
    pub max_depth: usize,
    /// Most nodes one simulation may visit ([module documentation](self#simulation));
    /// `None` turns simulation off.
    pub simulation: Option<NonZeroU32>,
    /// Most nodes a new root's simulation from a recent solved root may visit
    /// ([`Dfpn::decide`]); `None` (the default) turns it off.
    pub root_simulation: Option<NonZeroU32>,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            table_entries: 1 << 20,
            epsilon: 0.25,
            max_depth: 600,
            simulation: NonZeroU32::new(SIMULATION_NODES),
            root_simulation: None,
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<M> {
    /// The prover wins; `line` is the prover's win against the best resistance.
    Proved {
        /// A principal line of play.
        line: Vec<M>,
    },
    /// The prover cannot win; `line` is the disprover's refutation of the prover's best try.
    Disproved {
        /// A principal line of play.
        line: Vec<M>,
    },
    /// A limit was reached first.
    Unknown(StopReason),
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    bounds: Bounds,
    /// Nodes spent below this entry (for a pending entry, in its evaluation): the
    /// replacement priority.
    work: u64,
    /// What the game's evaluation said of the state.
    kind: EntryKind,
}

/// What the game's evaluation said of a state in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EntryKind {
    /// Not terminal: the bounds come from search below it.
    Open,
    /// Decided by the game's evaluation.
    Terminal,
    /// The evaluation (a nested search) was paused before it decided; the bounds only
    /// say how much it has cost so far.
    Pending,
    /// Decided by the game's evaluation from another search's result
    /// ([`Evaluation::Known`]).
    Known,
}

/// Most nodes one simulation visits ([`SolverConfig::simulation`]). Go Game Guru problems
/// searched for their root alone under `capture-only` (BENCHMARKS.md, "Session 18"):
/// `easy-83` 888,376 nodes without simulation, 552,380 with 16, 387,114 with 64, 418,610
/// with 256; `easy-101` undecided at 3,000,000 without, 938,612 nodes with 64, 1,172,350
/// with 256, undecided at 2,000,000 with 16.
pub const SIMULATION_NODES: u32 = 64;

/// Nodes with more moves than this simulate no sibling. In the 150-point regions of the
/// Cho dictionary's published setting, the attacker's nodes simulated the refutation of
/// one move on a hundred others at every visit: problem 40 took 2,260,653 nodes against
/// 407,706 without simulation, problems 5 and 35 went from about 500,000 nodes to
/// undecided at 3,000,000 (BENCHMARKS.md, "Session 18"). With this bound they take the
/// nodes they took without it.
pub const SIMULATION_MAX_MOVES: usize = 64;

/// Nodes the first slice of a nested evaluation may spend before it is paused: most
/// nested searches end well within it and are never paused.
const FIRST_SLICE: u64 = 256;

/// The bounds of a state whose evaluation has spent `effort` nodes without deciding:
/// finite and non-zero, so never a result; they grow with the square root of the effort so
/// that the search turns to cheaper siblings first, and comes back (to resume the
/// evaluation with a doubled slice) only when those cost more.
fn pending_bounds(effort: u64) -> Bounds {
    // The square root: a subtree's proof numbers grow far slower than its node count.
    // Growing linearly (one per 32 nodes) made the search spread over many paused
    // evaluations and finish none (corpus 25's A2: 775,180 nodes without slices, over
    // 4 million with them); with the root, 15,342 (BENCHMARKS.md).
    let n = ProofNumber::new(u32::try_from(1 + effort.isqrt()).unwrap_or(u32::MAX));
    Bounds { pn: n, dn: n }
}

/// The hasher of the tables, whose keys are Zobrist hashes already: their two halves
/// folded, instead of hashing the random bits again (a lookup for every child generated).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct KeyHash;

impl std::hash::BuildHasher for KeyHash {
    type Hasher = FoldedKey;

    fn build_hasher(&self) -> FoldedKey {
        FoldedKey(0)
    }
}

/// See [`KeyHash`].
#[derive(Debug)]
pub(crate) struct FoldedKey(u64);

impl std::hash::Hasher for FoldedKey {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write_u128(&mut self, key: u128) {
        self.0 ^= (key as u64) ^ ((key >> 64) as u64);
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `u128` keys are hashed here; other input is still spread (FNV-1a).
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Counters of one solver's work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes expanded (MID calls).
    pub expansions: u64,
    /// Terminal evaluations run.
    pub evaluations: u64,
    /// Children found repeating a state of the current path.
    pub repetitions: u64,
    /// Disproofs not stored because they depended on a repetition above them.
    pub path_dependent: u64,
    /// Table clean-ups.
    pub collections: u64,
    /// Evaluations paused undecided at the end of a slice (to be resumed if needed).
    pub paused: u64,
    /// Moves decided without search by a relevance zone (answered as the reference child).
    pub pruned: u64,
    /// Of those, the moves whose reference was a sibling rather than the null move.
    pub pruned_by_sibling: u64,
    /// Siblings a simulation tried.
    pub simulations: u64,
    /// Siblings a simulation solved.
    pub simulated: u64,
    /// Roots a simulation from an earlier root solved ([`SolverConfig::root_simulation`]).
    pub roots_simulated: u64,
}

/// The df-pn solver for a game.
#[derive(Debug)]
pub struct Dfpn<G: Game> {
    game: G,
    config: SolverConfig,
    table: HashMap<u128, Entry, KeyHash>,
    /// The relevance zones of solved entries of `table` that have one.
    zones: HashMap<u128, PointSet, KeyHash>,
    /// Path-dependent disproofs, valid while the ancestors they rely on stay on the path.
    path_cache: HashMap<u128, (Bounds, LoopRange), KeyHash>,
    /// Keys of `path_cache` by the deepest ancestor index they rely on.
    path_cache_by_depth: Vec<Vec<u128>>,
    /// Child states per depth, reused across expansions.
    pool: Vec<ChildStates<G::State, G::Move>>,
    /// The storage of a search's own copy of its root (see [`Dfpn::solve_node`]), kept
    /// for the next search.
    root_copy: Option<Box<G::State>>,
    /// The winning move of the table's solved states where the winner is to move: the
    /// advice a simulation follows.
    best_moves: HashMap<u128, G::Move, KeyHash>,
    /// The last roots solved, newest last: the references of a new root's simulation.
    recent_roots: Vec<G::State>,
    stats: Stats,
}

/// How many solved roots [`Dfpn::decide`] keeps as references for a new root's simulation.
const ROOT_REFERENCES: usize = 2;

/// Where [`Dfpn::simulate_siblings`] runs: a node, its moves and the child whose solution
/// is followed.
struct Simulating<'a, G: Game> {
    /// Mutable for games that play in place: each sibling is made on it and taken back.
    state: &'a mut G::State,
    moves: &'a [G::Move],
    /// Mutable for games that play in place: the simulation makes its moves on it.
    reference: &'a mut G::State,
    /// Most nodes one simulation visits.
    cap: u32,
}

/// The path ancestors (by index) a disproof relies on: shallowest and deepest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LoopRange {
    min: usize,
    max: usize,
}

impl LoopRange {
    fn union(self, other: LoopRange) -> LoopRange {
        LoopRange {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }

    /// The part of the range above a node at `depth` (indices below `depth`).
    fn above(self, depth: usize) -> Option<LoopRange> {
        (self.min < depth).then(|| LoopRange {
            min: self.min,
            max: self.max.min(depth - 1),
        })
    }
}

/// A child of a node being searched.
#[derive(Debug)]
struct Child {
    key: ZobristHash,
    bounds: Bounds,
    /// The path ancestors the child's disproof relies on.
    loops: Option<LoopRange>,
}

/// A child considered while following the principal line: whether the prover wins it and
/// the work below it, when known.
struct LineChild<G: Game> {
    mv: G::Move,
    state: G::State,
    key: ZobristHash,
    value: Option<(bool, u64)>,
}

/// What [`Dfpn::read_tree`] found of a state.
enum Read<S> {
    /// Decided by the game's evaluation; its key in the game the tree is carried to. (The
    /// state boxed: a `Read` made in the reading's recursion would otherwise take a whole
    /// state's room in every frame.)
    Leaf(Box<S>, ZobristHash),
    /// Searched: its key in the game the tree is carried to, and the children the tree
    /// takes.
    Node(ZobristHash, Vec<u128>),
}

/// The state of a [`Dfpn::solved_tree`] reading.
struct TreeReading<'a, G: Game> {
    /// The key of a state in the game the tree is carried to (given the game read, which
    /// may be the same).
    rekey: &'a dyn Fn(&G, &G::State) -> ZobristHash,
    proved: bool,
    read: hashbrown::HashMap<u128, Read<G::State>>,
    path: hashbrown::HashSet<u128>,
    visits: usize,
    max_visits: usize,
}

/// The deepest path [`Dfpn::solved_tree`] reads: a deeper tree is not read (as one past
/// its visit cap), so that the reading's recursion stays well inside a thread's stack.
const MAX_TREE_DEPTH: usize = 1_000;

/// A solved tree read from a table ([`Dfpn::solved_tree`]).
#[derive(Debug)]
pub(crate) struct SolvedTree<S> {
    /// The states the tree expands, by their key in the game it is carried to, with the
    /// keys of the children it takes; a state comes after everything below it.
    pub(crate) internal: Vec<(ZobristHash, Vec<ZobristHash>)>,
    /// The states the game's evaluation decided.
    pub(crate) leaves: Vec<S>,
}

/// What a node search returns to its parent.
#[derive(Clone, Copy, Debug)]
struct NodeResult {
    bounds: Bounds,
    loops: Option<LoopRange>,
    work: u64,
    zone: Option<PointSet>,
}

impl<G: Game> Dfpn<G> {
    /// A solver for `game`.
    pub fn new(game: G, config: SolverConfig) -> Dfpn<G> {
        Dfpn {
            game,
            config,
            table: HashMap::default(),
            zones: HashMap::default(),
            path_cache: HashMap::default(),
            path_cache_by_depth: Vec::new(),
            pool: Vec::new(),
            root_copy: None,
            best_moves: HashMap::default(),
            recent_roots: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The game, mutably.
    pub fn game_mut(&mut self) -> &mut G {
        &mut self.game
    }

    /// Work counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Entries in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Whether the prover wins from `root`, with the principal line.
    pub fn solve(&mut self, root: &G::State, budget: &mut Budget) -> Outcome<G::Move> {
        if let Err(reason) = self.simulate_root(root, budget) {
            return Outcome::Unknown(reason);
        }
        let mut path = Path::new();
        match self.solve_node(root, &mut path, budget) {
            Err(reason) => Outcome::Unknown(reason),
            Ok(result) => {
                self.remember_root(root, result.bounds);
                let proved = result.bounds.is_proved();
                match self.principal_line(root, budget) {
                    Err(reason) => Outcome::Unknown(reason),
                    Ok(line) if proved => Outcome::Proved { line },
                    Ok(line) => Outcome::Disproved { line },
                }
            }
        }
    }

    /// Whether the prover wins from `root`, without a line (`None` at a limit).
    ///
    /// With [`SolverConfig::root_simulation`] (as in [`Dfpn::solve`]), a root not solved yet
    /// is first simulated ([module documentation](self#simulation)) from the last roots
    /// solved: the roots of one solver are often alike (the first moves of a problem, the
    /// states along a solution tree's lines, the leaves of a carried proof), and the
    /// winner's strategy of one, followed move by move with every move of the loser
    /// checked, may win another for a fraction of a search. A failed try proves nothing.
    pub fn decide(&mut self, root: &G::State, budget: &mut Budget) -> Result<bool, StopReason> {
        self.simulate_root(root, budget)?;
        let mut path = Path::new();
        let result = self.solve_node(root, &mut path, budget)?;
        self.remember_root(root, result.bounds);
        Ok(result.bounds.is_proved())
    }

    /// Tries to win `root` by simulation from each recent solved root, newest first, each
    /// try within [`SolverConfig::root_simulation`] nodes; a win is stored in the table
    /// (where the search then finds it).
    fn simulate_root(&mut self, root: &G::State, budget: &mut Budget) -> Result<(), StopReason> {
        let Some(cap) = self.config.root_simulation else {
            return Ok(());
        };
        if self
            .lookup(self.game.key(root))
            .is_some_and(|e| e.bounds.is_solved())
        {
            return Ok(());
        }
        for i in (0..self.recent_roots.len()).rev() {
            let mut reference = self.recent_roots[i].clone();
            // The reference's entry may have been dropped by a clean-up of the table.
            let Some(proving) = self
                .lookup(self.game.key(&reference))
                .filter(|e| e.bounds.is_solved())
                .map(|e| e.bounds.is_proved())
            else {
                continue;
            };
            let mut state = root.clone();
            let mut left = cap.get();
            let mut path = Path::new();
            if self.simulate(
                &mut reference,
                &mut state,
                proving,
                &mut left,
                &mut path,
                budget,
            )? {
                self.stats.roots_simulated += 1;
                return Ok(());
            }
        }
        Ok(())
    }

    /// Keeps `root` as a reference for later roots' simulations when it was solved (at a
    /// root, nothing rests on a repetition above it).
    fn remember_root(&mut self, root: &G::State, bounds: Bounds) {
        if self.config.root_simulation.is_none() || !bounds.is_solved() {
            return;
        }
        if self.recent_roots.len() == ROOT_REFERENCES {
            self.recent_roots.remove(0);
        }
        self.recent_roots.push(root.clone());
    }

    /// Stores every state that `other`'s table holds as disproved (for good: the table holds
    /// no result that rests on a repetition above it) as disproved here too, its key turned
    /// into this game's by `xor`: for a game whose every win is a win of `other`'s game, so
    /// that a refutation there is one here. What `other` refuted before it stopped, even
    /// unfinished, is then not searched again.
    /// `root`'s own entry is left out: this game searches it itself, so that its principal
    /// line reads children this search has seen (a child that `other` refuted only through
    /// a repetition above it is not in its table, and searched alone would answer another
    /// question).
    pub(crate) fn import_disproofs<H: Game>(
        &mut self,
        other: &Dfpn<H>,
        xor: ZobristHash,
        root: ZobristHash,
    ) {
        for (&key, entry) in &other.table {
            if !entry.bounds.is_disproved() {
                continue;
            }
            let key = ZobristHash(key ^ xor.0);
            if key == root {
                continue;
            }
            if self.lookup(key).is_none_or(|e| !e.bounds.is_solved()) {
                self.store_kind(key, Bounds::DISPROVED, entry.work, entry.kind);
            }
        }
    }

    /// Whether the prover wins from every state of `states`: each is decided in turn, and
    /// the first loss ends it.
    ///
    /// # Errors
    /// The [`StopReason`] when a limit is reached first.
    pub(crate) fn decide_all(
        &mut self,
        states: &[G::State],
        budget: &mut Budget,
    ) -> Result<bool, StopReason> {
        for state in states {
            if !self.decide(state, budget)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Solves `state` reached along `path` (the keys of its ancestors).
    fn solve_node(
        &mut self,
        state: &G::State,
        path: &mut Path,
        budget: &mut Budget,
    ) -> Result<NodeResult, StopReason> {
        let key = self.game.key(state);
        let infinite = Bounds {
            pn: ProofNumber::INFINITY,
            dn: ProofNumber::INFINITY,
        };
        // The one copy of a search: a game that plays in place makes and takes back every
        // move of the search on it. Its storage serves the next search too (a nested
        // question is a search of its own at every state that asks it).
        let mut root = refilled(self.root_copy.take(), state);
        let result = self.mid(&mut root, key, infinite, path, budget);
        self.root_copy = Some(root);
        let result = result?;
        debug_assert!(result.bounds.is_solved());
        Ok(result)
    }

    /// What the table holds for `state` when it is solved (`true`: proved), without
    /// searching.
    pub(crate) fn solved_in_table(&self, state: &G::State) -> Option<bool> {
        self.lookup(self.game.key(state))
            .filter(|e| e.bounds.is_solved())
            .map(|e| e.bounds.is_proved())
    }

    /// Whether the table holds a proof for `state`, without searching.
    pub(crate) fn proved_in_table(&self, state: &G::State) -> bool {
        self.solved_in_table(state) == Some(true)
    }

    /// The solved tree below `root` as the table holds it, for a result (`proved`) that
    /// the table gives `root`: at the winning side's nodes one child the table shows
    /// winning for it (the one with the least work below it first), at the other side's
    /// nodes every child; states the game's evaluation decided are its leaves. `None`
    /// when the table does not hold such a tree, or when reading it takes more than
    /// `max_nodes` visits.
    ///
    /// A proof read this way must not lead back to a state on its own path (a proof never
    /// rests on a repetition): a child that does is replaced by another winning child,
    /// and the tree read is checked for cycles as a whole at the end. A disproof may
    /// cycle (every state of it is disproved in the table, whatever the path).
    ///
    /// A caller that solved `root` in a game whose values bound another game's (every win
    /// here a win there, or every loss here a loss there) reads the tree here to carry
    /// the result over ([`Dfpn::import_tree`]); `rekey` gives a state's key in that
    /// other game (it is given this one's game, which may be the same).
    ///
    /// A game that plays in place is read on one copy of `root`, each move made and taken
    /// back (a copy of the state per child read was 2 % of a continued record's
    /// judgement).
    pub(crate) fn solved_tree(
        &mut self,
        root: &G::State,
        proved: bool,
        max_nodes: usize,
        rekey: &dyn Fn(&G, &G::State) -> ZobristHash,
    ) -> Option<SolvedTree<G::State>> {
        let mut reading = TreeReading {
            rekey,
            proved,
            read: hashbrown::HashMap::new(),
            path: hashbrown::HashSet::new(),
            visits: 0,
            max_visits: max_nodes,
        };
        let key = self.game.key(root);
        let mut state = refilled(self.root_copy.take(), root);
        let read = self.read_tree(&mut state, key, &mut reading);
        self.root_copy = Some(state);
        if !read? {
            return None;
        }
        // Room for every leaf at once: a vector of positions grown by doubling copies them
        // again at each step.
        let leaves = reading
            .read
            .values()
            .filter(|r| matches!(r, Read::Leaf(..)))
            .count();
        // Gather the tree from the root, checking a proof for cycles: a state shared by
        // two branches may have been read on another path than the one it now closes.
        let mut tree = SolvedTree {
            internal: Vec::new(),
            leaves: Vec::with_capacity(leaves),
        };
        // 0: not seen, 1: on the stack, 2: done.
        let mut mark: hashbrown::HashMap<u128, u8> = hashbrown::HashMap::new();
        let mut stack: Vec<(u128, bool)> = vec![(key.0, false)];
        let other_key = |k: &u128| match reading.read.get(k) {
            Some(Read::Leaf(_, o) | Read::Node(o, _)) => Some(*o),
            None => None,
        };
        while let Some((k, leaving)) = stack.pop() {
            if leaving {
                mark.insert(k, 2);
                // After its children: the tree lists a state after everything below it.
                if let Some(Read::Node(o, children)) = reading.read.get(&k) {
                    let children = children.iter().map(other_key).collect::<Option<_>>()?;
                    tree.internal.push((*o, children));
                }
                continue;
            }
            match mark.get(&k) {
                Some(2) => continue,
                Some(_) => {
                    if proved {
                        return None;
                    }
                    continue;
                }
                None => {}
            }
            mark.insert(k, 1);
            stack.push((k, true));
            match reading.read.get(&k)? {
                Read::Leaf(state, _) => tree.leaves.push(G::State::clone(state)),
                Read::Node(_, children) => {
                    for &c in children {
                        stack.push((c, false));
                    }
                }
            }
        }
        Some(tree)
    }

    /// Reads the solved tree below `state` into `reading` ([`Dfpn::solved_tree`]):
    /// `Some(false)` when the table holds none on this path, `None` past the visit cap.
    fn read_tree(
        &mut self,
        state: &mut G::State,
        key: ZobristHash,
        reading: &mut TreeReading<'_, G>,
    ) -> Option<bool> {
        if let Some(known) = Self::read_before(key, reading) {
            return known;
        }
        reading.visits += 1;
        if reading.visits > reading.max_visits {
            return None;
        }
        let wins = |e: &Entry| {
            if reading.proved {
                e.bounds.is_proved()
            } else {
                e.bounds.is_disproved()
            }
        };
        let Some(entry) = self.lookup(key).filter(wins) else {
            return Some(false);
        };
        if matches!(entry.kind, EntryKind::Terminal | EntryKind::Known) {
            Self::keep_leaf(&self.game, state, key, reading);
            return Some(true);
        }
        reading.path.insert(key.0);
        // Children by key, their states made only where the reading enters them (a state
        // is a whole position: one per move was most of this reading's cost).
        let mut children: Vec<(u64, G::Move, ZobristHash)> = self
            .game
            .moves(state)
            .into_iter()
            .map(|mv| {
                let k = self.key_after(state, mv);
                let work = self.lookup(k).filter(wins).map_or(u64::MAX, |e| e.work);
                (work, mv, k)
            })
            .collect();
        // The prover moves at an OR node: one child suffices when it wins, every child
        // is needed when it loses (and the reverse at an AND node).
        let one_suffices = self.game.prover_to_move(state) == reading.proved;
        let mut result = Some(!one_suffices);
        let mut chosen = Vec::new();
        if one_suffices {
            children.sort_by_key(|(w, _, _)| *w);
            for &(w, mv, k) in &children {
                if w == u64::MAX {
                    break;
                }
                match self.read_child(state, mv, k, reading) {
                    None => {
                        result = None;
                        break;
                    }
                    Some(true) => {
                        chosen.push(k.0);
                        result = Some(true);
                        break;
                    }
                    Some(false) => {}
                }
            }
        } else {
            for &(_, mv, k) in &children {
                match self.read_child(state, mv, k, reading) {
                    Some(true) => chosen.push(k.0),
                    other => {
                        result = other;
                        break;
                    }
                }
            }
            if result == Some(true) && reading.proved {
                for (mv, answer) in self.game.forced_answers(state) {
                    match self.read_forced(state, mv, answer, reading) {
                        Some(k) => chosen.push(k),
                        None => {
                            result = Some(false);
                            break;
                        }
                    }
                }
            }
        }
        reading.path.remove(&key.0);
        if result == Some(true) {
            let other_key = (reading.rekey)(&self.game, state);
            reading.read.insert(key.0, Read::Node(other_key, chosen));
        }
        result
    }

    /// What [`Dfpn::read_tree`] answers for `key` without its state: a state of the path
    /// (a repetition, which a disproof may rest on and a proof may not), or one read already.
    fn read_before(key: ZobristHash, reading: &TreeReading<'_, G>) -> Option<Option<bool>> {
        if reading.path.contains(&key.0) {
            return Some(Some(!reading.proved));
        }
        if reading.read.contains_key(&key.0) {
            return Some(Some(true));
        }
        None
    }

    /// Reads into a proof the disprover's move `mv` that the game left out of `state`'s
    /// moves and the prover's `answer` to it ([`Game::forced_answers`]): the state after
    /// both is a leaf, the one between a node with that single child. Returns the key of
    /// the state after `mv`, or `None` when either state lies on the path (a proof never
    /// rests on a repetition).
    fn read_forced(
        &mut self,
        state: &mut G::State,
        mv: G::Move,
        answer: G::Move,
        reading: &mut TreeReading<'_, G>,
    ) -> Option<u128> {
        if !self.game.plays_in_place() {
            let mut between = self.child_on_heap(state, mv);
            return self.read_forced_after(&mut between, answer, reading);
        }
        self.game.make(state, mv);
        let read = self.read_forced_after(state, answer, reading);
        self.game.unmake(state);
        read
    }

    /// [`Dfpn::read_forced`] from `between`, the state after the disprover's move.
    fn read_forced_after(
        &mut self,
        between: &mut G::State,
        answer: G::Move,
        reading: &mut TreeReading<'_, G>,
    ) -> Option<u128> {
        let key = self.game.key(between);
        if reading.path.contains(&key.0) {
            return None;
        }
        if !reading.read.contains_key(&key.0) {
            let mut keep = |game: &G, after: &G::State| {
                let leaf = game.key(after);
                if reading.path.contains(&leaf.0) || leaf == key {
                    return None;
                }
                if !reading.read.contains_key(&leaf.0) {
                    Self::keep_leaf(game, after, leaf, reading);
                }
                Some(leaf)
            };
            let leaf = if self.game.plays_in_place() {
                self.game.make(between, answer);
                let leaf = keep(&self.game, between);
                self.game.unmake(between);
                leaf
            } else {
                let after = self.child_on_heap(between, answer);
                keep(&self.game, &after)
            }?;
            let other_key = (reading.rekey)(&self.game, between);
            reading
                .read
                .insert(key.0, Read::Node(other_key, vec![leaf.0]));
        }
        Some(key.0)
    }

    /// [`Dfpn::read_tree`] for the child of `state` through `mv`, whose key is `key`: the
    /// child's state is made only when the reading must enter it.
    fn read_child(
        &mut self,
        state: &mut G::State,
        mv: G::Move,
        key: ZobristHash,
        reading: &mut TreeReading<'_, G>,
    ) -> Option<bool> {
        match Self::read_before(key, reading) {
            Some(known) => known,
            // Too deep to read without risking the thread's stack: as past the visit cap.
            None if reading.path.len() >= MAX_TREE_DEPTH => None,
            None if self.game.plays_in_place() => {
                self.game.make(state, mv);
                let read = self.read_tree(state, key, reading);
                self.game.unmake(state);
                read
            }
            None => self.read_tree(&mut self.child_on_heap(state, mv), key, reading),
        }
    }

    /// The child of `state` through `mv`, made in a frame of its own and kept on the heap:
    /// a position is about 15 KB, and a deep tree read with one in every frame of its
    /// recursion overflowed a 2 MB thread stack (Go Game Guru at 1,000,000 nodes).
    #[inline(never)]
    fn child_on_heap(&self, state: &G::State, mv: G::Move) -> Box<G::State> {
        Box::new(self.game.play(state, mv))
    }

    /// A copy of `state` on the heap, made in a frame of its own: a line read through
    /// solved nodes calls [`Dfpn::solve_node`] at every level of its recursion, and a
    /// 19x19 position is 15 KB.
    #[inline(never)]
    fn copy_on_heap(state: &G::State) -> Box<G::State> {
        Box::new(state.clone())
    }

    /// Pushes a copy of `state` onto `kept`, in a frame of its own for the same reason:
    /// inlined into [`Dfpn::mid`], the copy was made on its stack first, at every level.
    #[inline(never)]
    fn push_copy(kept: &mut Vec<G::State>, state: &G::State) {
        kept.push(state.clone());
    }

    /// Keeps `state` as a leaf of the tree read, in a frame of its own for the same reason.
    #[inline(never)]
    fn keep_leaf(game: &G, state: &G::State, key: ZobristHash, reading: &mut TreeReading<'_, G>) {
        let other_key = (reading.rekey)(game, state);
        reading
            .read
            .insert(key.0, Read::Leaf(Box::new(state.clone()), other_key));
    }

    /// Stores the states of `tree` (read from another game's table with this game's keys,
    /// [`Dfpn::solved_tree`]) as solved (`proved`, else disproved): a result carried over
    /// from a game whose values bound this one's. The leaves of a disproof are stored as
    /// decided by the evaluation (the caller vouches that this game's evaluation refutes
    /// them too); a proof's leaves must already be proved in this table. The states the
    /// tree expands are stored as searched, each with more work than every child it
    /// takes, so that a principal line, which follows the least work, walks down the tree
    /// rather than back up it.
    pub(crate) fn import_tree(&mut self, tree: &SolvedTree<G::State>, proved: bool) {
        let mut work: hashbrown::HashMap<u128, u64> = hashbrown::HashMap::new();
        for leaf in &tree.leaves {
            let key = self.game.key(leaf);
            if !proved && self.lookup(key).is_none_or(|e| !e.bounds.is_solved()) {
                self.store_kind(key, Bounds::DISPROVED, 1, EntryKind::Terminal);
            }
            work.insert(key.0, self.lookup(key).map_or(1, |e| e.work));
        }
        let bounds = Bounds::solved(proved);
        for (key, children) in &tree.internal {
            let below = children
                .iter()
                .filter_map(|c| work.get(&c.0))
                .max()
                .copied()
                .unwrap_or(0);
            let w = below.saturating_add(1);
            work.insert(key.0, w);
            if self.lookup(*key).is_none_or(|e| !e.bounds.is_solved()) {
                self.store_kind(*key, bounds, w, EntryKind::Open);
            }
        }
    }

    fn lookup(&self, key: ZobristHash) -> Option<Entry> {
        self.table.get(&key.0).copied()
    }

    /// What the path cache or the table knows of a state, with the ancestors a
    /// path-dependent disproof relies on.
    fn known_bounds(&self, key: ZobristHash) -> Option<(Bounds, Option<LoopRange>)> {
        if self.path_cache.is_empty() {
            // Most of the time: one lookup instead of two.
            return self.lookup(key).map(|e| (e.bounds, None));
        }
        match self.path_cache.get(&key.0) {
            Some(&(b, loops)) => Some((b, Some(loops))),
            None => self.lookup(key).map(|e| (e.bounds, None)),
        }
    }

    fn remember_path_dependent(&mut self, key: ZobristHash, bounds: Bounds, loops: LoopRange) {
        if self.path_cache_by_depth.len() <= loops.max {
            self.path_cache_by_depth
                .resize_with(loops.max + 1, Vec::new);
        }
        self.path_cache_by_depth[loops.max].push(key.0);
        self.path_cache.insert(key.0, (bounds, loops));
    }

    /// Keeps the child states of `depth` for the next expansion at that depth.
    fn return_to_pool(&mut self, depth: usize, states: ChildStates<G::State, G::Move>) {
        if depth >= POOL_DEPTHS {
            return;
        }
        if self.pool.len() <= depth {
            self.pool.resize_with(depth + 1, ChildStates::default);
        }
        self.pool[depth] = states;
    }

    /// Forgets the path-dependent results that relied on the ancestor at `depth`, which is
    /// leaving the path.
    fn forget_below(&mut self, depth: usize) {
        if let Some(keys) = self.path_cache_by_depth.get_mut(depth) {
            for k in keys.drain(..) {
                self.path_cache.remove(&k);
            }
        }
    }

    fn store(&mut self, key: ZobristHash, bounds: Bounds, work: u64) {
        if self.table.len() >= self.config.table_entries.max(1) {
            self.collect_garbage();
        }
        self.table.insert(
            key.0,
            Entry {
                bounds,
                work,
                kind: EntryKind::Open,
            },
        );
        if bounds.is_solved() {
            self.game.record_solved(key, bounds.is_proved(), work);
        }
    }

    fn store_kind(&mut self, key: ZobristHash, bounds: Bounds, work: u64, kind: EntryKind) {
        self.store(key, bounds, work);
        if let Some(e) = self.table.get_mut(&key.0) {
            e.kind = kind;
        }
    }

    /// Drops the least-worked half of the table (solved entries survive ties).
    fn collect_garbage(&mut self) {
        self.stats.collections += 1;
        let mut works: Vec<u64> = self.table.values().map(|e| e.work).collect();
        let mid = works.len() / 2;
        let (_, &mut threshold, _) = works.select_nth_unstable(mid);
        self.table
            .retain(|_, e| e.work > threshold || (e.work == threshold && e.bounds.is_solved()));
        if self.table.len() >= self.config.table_entries.max(1) {
            self.table.clear();
        }
        let table = &self.table;
        self.zones.retain(|k, _| table.contains_key(k));
        self.best_moves.retain(|k, _| table.contains_key(k));
    }

    /// Evaluates a state, through the table when it was evaluated before: `Some` for a
    /// state that is not to be expanded, with its bounds and the nodes its evaluation cost.
    ///
    /// An evaluation may run a nested search of any size. It runs in slices: when a slice
    /// is spent before it decides, and its cost so far (as [`pending_bounds`]) reaches
    /// `threshold`, it is paused and the state returned with those unsolved bounds, so
    /// that the search can prefer cheaper siblings; the next visit resumes it with a
    /// doubled slice (the nested solver keeps its table, so little is redone). Only a
    /// finished evaluation gives a result, so pausing never changes one; with an infinite
    /// threshold (the root, a principal line) it runs to the end or to the real limit.
    fn evaluate(
        &mut self,
        state: &G::State,
        key: ZobristHash,
        threshold: Bounds,
        budget: &mut Budget,
    ) -> Result<Option<(Bounds, u64)>, StopReason> {
        let known = self.lookup(key);
        self.evaluate_known(state, key, known, threshold, budget)
    }

    /// [`Dfpn::evaluate`] with the table's entry for `key` already looked up (`mid` has
    /// it: one lookup per node instead of two).
    fn evaluate_known(
        &mut self,
        state: &G::State,
        key: ZobristHash,
        known: Option<Entry>,
        threshold: Bounds,
        budget: &mut Budget,
    ) -> Result<Option<(Bounds, u64)>, StopReason> {
        let mut effort = 0;
        if let Some(e) = known {
            match e.kind {
                EntryKind::Terminal => return Ok(Some((e.bounds, 1))),
                EntryKind::Known => return Ok(Some((e.bounds, e.work))),
                // Evaluated before, open and searched.
                EntryKind::Open => return Ok(None),
                EntryKind::Pending => effort = e.work,
            }
        } else {
            self.stats.evaluations += 1;
        }
        loop {
            let mut slice = budget.sliced(effort.max(FIRST_SLICE));
            let evaluation = self.game.evaluate(state, &mut slice);
            let spent = slice.nodes() - budget.nodes();
            budget.nodes = slice.nodes();
            let (bounds, kind, work) = match evaluation {
                Ok(Evaluation::Goal) => (Bounds::PROVED, EntryKind::Terminal, 1),
                Ok(Evaluation::Failure) => (Bounds::DISPROVED, EntryKind::Terminal, 1),
                Ok(Evaluation::Known { proved, work }) => {
                    (Bounds::solved(proved), EntryKind::Known, work.max(1))
                }
                Ok(Evaluation::Open) => return Ok(None),
                Err(StopReason::NodeLimit) if !budget.nodes_spent() => {
                    // The slice is spent, not the budget: pause, or go on with a bigger one.
                    effort += spent;
                    let bounds = pending_bounds(effort);
                    if bounds.pn >= threshold.pn || bounds.dn >= threshold.dn {
                        self.stats.paused += 1;
                        self.store_kind(key, bounds, effort, EntryKind::Pending);
                        return Ok(Some((bounds, spent)));
                    }
                    continue;
                }
                Err(reason) => return Err(reason),
            };
            self.store_kind(key, bounds, work, kind);
            // Another search's result has no zone at this state.
            let zone = (kind == EntryKind::Terminal)
                .then(|| self.game.terminal_zone(state, bounds.is_proved()))
                .flatten();
            if let Some(zone) = zone {
                self.zones.insert(key.0, zone);
            }
            return Ok(Some((bounds, work)));
        }
    }

    /// Multiple iterative deepening at one node: search until its bounds reach `threshold`.
    fn mid(
        &mut self,
        state: &mut G::State,
        key: ZobristHash,
        threshold: Bounds,
        path: &mut Path,
        budget: &mut Budget,
    ) -> Result<NodeResult, StopReason> {
        budget.tick()?;
        let known = self.lookup(key);
        if let Some(e) = known {
            if e.bounds.is_solved() {
                return Ok(NodeResult {
                    bounds: e.bounds,
                    loops: None,
                    work: e.work,
                    zone: self.zone_of(key),
                });
            }
        }
        if let Some((bounds, work)) = self.evaluate_known(state, key, known, threshold, budget)? {
            let zone = if bounds.is_solved() {
                self.zone_of(key)
            } else {
                None
            };
            return Ok(NodeResult {
                bounds,
                loops: None,
                work,
                zone,
            });
        }
        let depth = path.len();
        if depth >= self.config.max_depth {
            return Err(StopReason::DepthLimit);
        }
        self.stats.expansions += 1;
        let or_node = self.game.prover_to_move(state);
        path.push(key);
        let mut states = self
            .pool
            .get_mut(depth)
            .map(std::mem::take)
            .unwrap_or_default();
        let mut children = std::mem::take(&mut states.children);
        children.clear();
        let mut moves = std::mem::take(&mut states.moves);
        self.game.moves_into(state, &mut moves);
        let mut tried = std::mem::take(&mut states.tried);
        tried.clear();
        let in_place = self.game.plays_in_place();
        let lazy = moves
            .get(LAZY_KEPT_CHILDREN)
            .is_some_and(|&mv| self.game.child_key(state, mv).is_some());
        let kept = if in_place {
            0
        } else if lazy {
            LAZY_KEPT_CHILDREN
        } else {
            KEPT_CHILDREN
        };
        // In place, the overflow state is a copy of this node's state once a child is made.
        let mut copied = false;
        // The bounds an unmade child starts with: the node's own leaf numbers.
        let mut lazy_leaf = None;
        // The overflow child whose state `states.overflow` holds.
        let mut in_overflow: Option<usize> = None;
        for (i, &mv) in moves.iter().enumerate() {
            // A lazy node's child is made only when the game cannot give its key unmade.
            let unmade_key = (i >= kept && lazy)
                .then(|| self.game.child_key(state, mv))
                .flatten();
            if in_place && unmade_key.is_none() {
                self.game.make(state, mv);
                let child_key = self.game.key(state);
                let (bounds, loops) = self
                    .known_child(path, child_key)
                    .unwrap_or_else(|| (fresh_leaf(self.game.leaf_bounds(state)), None));
                self.game.unmake(state);
                children.push(Child {
                    key: child_key,
                    bounds,
                    loops,
                });
                continue;
            }
            let made: Option<&G::State> = if unmade_key.is_some() {
                None
            } else {
                let child = if i < kept {
                    if states.kept.len() <= i {
                        Self::push_copy(&mut states.kept, state);
                    }
                    &mut states.kept[i]
                } else {
                    in_overflow = Some(i);
                    states
                        .overflow
                        .get_or_insert_with(|| Self::copy_on_heap(state))
                };
                self.game.play_into(state, mv, child);
                Some(&*child)
            };
            let child_key = match (made, unmade_key) {
                (Some(child), _) => self.game.key(child),
                (None, Some(key)) => key,
                (None, None) => unreachable!("a child without a key is made"),
            };
            let (bounds, loops) = match self.known_child(path, child_key) {
                Some(known) => known,
                None => {
                    let leaf = match made {
                        Some(child) => fresh_leaf(self.game.leaf_bounds(child)),
                        None => *lazy_leaf
                            .get_or_insert_with(|| fresh_leaf(self.game.leaf_bounds(state))),
                    };
                    (leaf, None)
                }
            };
            children.push(Child {
                key: child_key,
                bounds,
                loops,
            });
        }
        // Relevance zones: once a reference child (the null move's, or a sibling's outside
        // its own zone) is refuted with a zone, every move outside the zone is refuted the
        // same way (module documentation). The children's zones,
        // kept apart so that games without zones pay nothing for them.
        let with_zones = self.game.gives_zones();
        let null_index = self
            .game
            .null_move(state)
            .filter(|_| with_zones)
            .and_then(|null| moves.iter().position(|&m| m == null));
        let mut zones: Vec<Option<PointSet>> = if with_zones {
            children
                .iter()
                .map(|c| self.solved_zone(c.key, c.bounds, c.loops))
                .collect()
        } else {
            Vec::new()
        };
        // The child whose zone pruned the moves outside it, once one did.
        let mut reference: Option<usize> = None;
        let mut work = 1u64;
        let mut iterations = 0u32;
        // The simulation's cap where this node simulates (zones have their own pruning,
        // and a child solved without one would block it), and the children it has tried
        // at this visit.
        let simulation = self
            .config
            .simulation
            .filter(|_| !with_zones && moves.len() <= SIMULATION_MAX_MOVES);
        if simulation.is_some() {
            tried.resize(children.len(), false);
        }
        let result = loop {
            // Refresh unsolved children from the table: transpositions may have moved them
            // (not before the first search: they were just looked up). A node with many
            // children refreshes its first ones every time and all of them every
            // [`FULL_REFRESH_EVERY`] times: on a 150-point Cho region these lookups took a
            // third of the time, and a sibling changed by a transposition below another
            // child is rare (a stale number only steers; a solved child is found solved
            // as soon as it is entered).
            let refreshed = match iterations {
                0 => 0,
                _ if children.len() <= ALWAYS_REFRESHED || iterations % FULL_REFRESH_EVERY == 0 => {
                    children.len()
                }
                _ => ALWAYS_REFRESHED,
            };
            iterations += 1;
            for (i, c) in children.iter_mut().enumerate().take(refreshed) {
                if !c.bounds.is_solved() {
                    if let Some((b, loops)) = self.known_bounds(c.key) {
                        c.bounds = b;
                        c.loops = loops;
                        if let Some(z) = zones.get_mut(i) {
                            *z = self.solved_zone(c.key, b, loops);
                        }
                    }
                }
            }
            if with_zones && reference.is_none() {
                reference = self.prune_outside(
                    state,
                    or_node,
                    null_index,
                    &moves,
                    (&mut children, &mut zones),
                );
            }
            let bounds = combine(or_node, &children);
            bounds.check();
            if bounds.pn >= threshold.pn || bounds.dn >= threshold.dn || bounds.is_solved() {
                break Ok(bounds);
            }
            // Pick the most proving child and the threshold for it.
            let (best, second) = select(or_node, &children);
            let c = &children[best];
            let child_threshold = if or_node {
                Bounds {
                    pn: threshold.pn.min(second.widened(self.config.epsilon)),
                    dn: threshold.dn.minus(bounds.dn).add(c.bounds.dn),
                }
            } else {
                Bounds {
                    pn: threshold.pn.minus(bounds.pn).add(c.bounds.pn),
                    dn: threshold.dn.min(second.widened(self.config.epsilon)),
                }
            };
            let child_key = children[best].key;
            let searched = if in_place {
                // On this node's own state: the child's search takes back every move it
                // makes, so the state is this node's again when it returns.
                self.game.make(state, moves[best]);
                let searched = self.mid(state, child_key, child_threshold, path, budget);
                self.game.unmake(state);
                searched
            } else {
                let child_state = if best < kept {
                    &mut states.kept[best]
                } else {
                    let overflow = states
                        .overflow
                        .get_or_insert_with(|| Self::copy_on_heap(state));
                    if in_overflow != Some(best) {
                        self.game.play_into(state, moves[best], overflow);
                        in_overflow = Some(best);
                    }
                    &mut **overflow
                };
                self.mid(child_state, child_key, child_threshold, path, budget)
            };
            let r = match searched {
                Ok(r) => r,
                Err(e) => break Err(e),
            };
            work += r.work;
            let c = &mut children[best];
            c.bounds = r.bounds;
            c.loops = if r.bounds.is_disproved() {
                r.loops
            } else {
                None
            };
            if let Some(z) = zones.get_mut(best) {
                *z = r.zone.filter(|_| c.loops.is_none());
            }
            // A child lost for the mover, for good: its winner's strategy may win the
            // siblings too.
            let lost_for_good = if or_node {
                c.bounds.is_disproved() && c.loops.is_none()
            } else {
                c.bounds.is_proved()
            };
            let untried = || {
                children
                    .iter()
                    .zip(&tried)
                    .any(|(c, &t)| !t && !c.bounds.is_solved())
            };
            if let Some(cap) = simulation.filter(|_| lost_for_good && untried()) {
                // The child's state again: made on the copy, kept, or in the overflow state.
                let simulated = if in_place {
                    let copy = node_copy(&mut states.overflow, state, &mut copied);
                    self.game.make(copy, moves[best]);
                    let mut simulating = Simulating {
                        state,
                        moves: &moves,
                        reference: &mut *copy,
                        cap: cap.get(),
                    };
                    let simulated = self.simulate_siblings(
                        &mut simulating,
                        &mut children,
                        &mut tried,
                        path,
                        budget,
                    );
                    self.game.unmake(copy);
                    simulated
                } else {
                    let reference = if best < kept {
                        &mut states.kept[best]
                    } else {
                        states.overflow.as_deref_mut().expect("the child searched")
                    };
                    let mut simulating = Simulating {
                        state,
                        moves: &moves,
                        reference,
                        cap: cap.get(),
                    };
                    self.simulate_siblings(&mut simulating, &mut children, &mut tried, path, budget)
                };
                match simulated {
                    Ok(spent) => work += spent,
                    Err(e) => break Err(e),
                }
            }
        };
        // Leaving the node, whether its search ended or a limit stopped it.
        path.pop();
        self.forget_below(depth);
        self.return_to_pool(depth, states);
        let result = result?;
        let loops = if result.is_disproved() {
            let mut disproved = children.iter().filter(|c| c.bounds.is_disproved());
            let relied = if or_node {
                // Every child is disproved: the disproof relies on all of them.
                disproved.fold(None, |acc: Option<LoopRange>, c| match (acc, c.loops) {
                    (Some(a), Some(b)) => Some(a.union(b)),
                    (a, b) => a.or(b),
                })
            } else {
                // One disproved child suffices: prefer one that relies on no repetition,
                // else the one whose reliance is shallowest.
                let all: Vec<Option<LoopRange>> = disproved.by_ref().map(|c| c.loops).collect();
                if all.iter().any(Option::is_none) {
                    None
                } else {
                    all.into_iter().flatten().min_by_key(|r| (r.max, r.min))
                }
            };
            relied.and_then(|r| r.above(depth))
        } else {
            None
        };
        let mut zone = None;
        match loops {
            Some(range) => {
                self.stats.path_dependent += 1;
                self.remember_path_dependent(key, result, range);
                // Not a result on other paths, but a strong hint: the table keeps it as
                // unsolved bounds that make the prover shun this node and the disprover
                // try it first, instead of re-deriving the same disproof again and again.
                self.store(key, PATH_DEPENDENT_HINT, work);
            }
            None => {
                self.store(key, result, work);
                if result.is_solved() {
                    let mover_wins = result.is_proved() == or_node;
                    if mover_wins {
                        let winning = children.iter().position(|c| {
                            c.loops.is_none()
                                && c.bounds.is_solved()
                                && c.bounds.is_proved() == or_node
                        });
                        if let Some(i) = winning {
                            self.best_moves.insert(key.0, moves[i]);
                        }
                    }
                    if with_zones {
                        let reference = reference.or_else(|| {
                            self.zone_reference(
                                state,
                                or_node,
                                null_index,
                                &moves,
                                (&children, &zones),
                            )
                        });
                        zone = self.node_zone(
                            state,
                            or_node,
                            mover_wins,
                            &moves,
                            &children,
                            (reference, &zones),
                        );
                    }
                    // A key is solved once (a solved entry ends `mid` at its lookup), so
                    // there is no older zone to replace.
                    if let Some(z) = zone {
                        self.zones.insert(key.0, z);
                    }
                }
            }
        }
        if let Some(states) = self.pool.get_mut(depth) {
            states.children = children;
            states.moves = moves;
            states.tried = tried;
        }
        Ok(NodeResult {
            bounds: result,
            loops,
            work,
            zone,
        })
    }

    /// Tries each unsolved sibling not tried yet at this visit by [`Dfpn::simulate`] from
    /// the reference child (lost for the mover), and marks those it solves. Returns the
    /// nodes spent.
    fn simulate_siblings(
        &mut self,
        at: &mut Simulating<'_, G>,
        children: &mut [Child],
        tried: &mut [bool],
        path: &mut Path,
        budget: &mut Budget,
    ) -> Result<u64, StopReason> {
        let start = budget.nodes();
        let or_node = self.game.prover_to_move(at.state);
        let in_place = self.game.plays_in_place();
        // Otherwise one sibling's storage for all: a game may write a child over it for
        // less than a new state costs (the copy of a position was a tenth of the
        // instructions).
        let mut sibling: Option<G::State> = None;
        for (i, child) in children.iter_mut().enumerate() {
            if tried[i] || child.bounds.is_solved() {
                continue;
            }
            tried[i] = true;
            self.stats.simulations += 1;
            let mut left = at.cap;
            // The winner of the reference is the disprover at an OR node.
            let reference = &mut *at.reference;
            let won = if in_place {
                // The sibling made on the node's own state, and taken back: a simulation
                // leaves every state it is given as it found it. (A copy of the node's
                // state for the first sibling of each call was a tenth of a tsumego
                // search's instructions, with the copies of the later ones.)
                self.game.make(at.state, at.moves[i]);
                let won = self.simulate(reference, at.state, !or_node, &mut left, path, budget);
                self.game.unmake(at.state);
                won
            } else {
                let sibling = match &mut sibling {
                    Some(s) => {
                        self.game.play_into(at.state, at.moves[i], s);
                        s
                    }
                    None => sibling.insert(self.game.play(at.state, at.moves[i])),
                };
                self.simulate(reference, sibling, !or_node, &mut left, path, budget)
            };
            if won? {
                self.stats.simulated += 1;
                child.bounds = if or_node {
                    Bounds::DISPROVED
                } else {
                    Bounds::PROVED
                };
                child.loops = None;
            }
        }
        Ok(budget.nodes() - start)
    }

    /// Simulation: whether `state` is won for good by the prover (`proving`) or the
    /// disprover, following the winner's moves in the table's solution of `reference` (a
    /// state like it, won by the same side) where the winner is to move, and checking every
    /// move of the loser. A state is won when the table holds it won, or the game's
    /// evaluation says so (one slice: a longer one is paused, and fails here). Where the
    /// reference gives no advice, or its move is not legal here, a winner's move whose
    /// state the table holds won will do; a loser's move that the reference cannot follow
    /// must lead to such a state. A state of the path or of the simulation's own line, a
    /// state the table holds otherwise, or more than `left` nodes: the simulation fails,
    /// and proves nothing. Every state it wins is stored as solved (with its winning move):
    /// it rests on no repetition.
    fn simulate(
        &mut self,
        reference: &mut G::State,
        state: &mut G::State,
        proving: bool,
        left: &mut u32,
        path: &mut Path,
        budget: &mut Budget,
    ) -> Result<bool, StopReason> {
        if *left == 0 {
            return Ok(false);
        }
        *left -= 1;
        budget.tick()?;
        let start = budget.nodes();
        let key = self.game.key(state);
        if path.contains(key) {
            return Ok(false);
        }
        let known = self.lookup(key);
        match known {
            Some(e) if e.bounds.is_solved() => return Ok(e.bounds.is_proved() == proving),
            Some(e) if e.kind == EntryKind::Pending => return Ok(false),
            _ => {}
        }
        if let Some((bounds, _)) = self.evaluate_known(state, key, known, Bounds::LEAF, budget)? {
            return Ok(bounds.is_solved() && bounds.is_proved() == proving);
        }
        let winner_to_move = self.game.prover_to_move(state) == proving;
        let moves = self.game.moves(state);
        path.push(key);
        let won = if winner_to_move {
            let advice = self.best_moves.get(&self.game.key(reference).0).copied();
            match advice {
                Some(mv) if moves.contains(&mv) => {
                    let won = self.simulate_move(reference, state, mv, proving, left, path, budget);
                    if matches!(won, Ok(true)) {
                        self.best_moves.insert(key.0, mv);
                    }
                    won
                }
                _ => {
                    // No usable advice: a move whose state the table holds won.
                    let found = moves
                        .iter()
                        .copied()
                        .find(|&mv| self.won_in_table(state, mv, proving, path));
                    match found {
                        Some(mv) => {
                            self.best_moves.insert(key.0, mv);
                            Ok(true)
                        }
                        None => Ok(false),
                    }
                }
            }
        } else {
            let reference_moves = self.game.moves(reference);
            let mut won = Ok(true);
            for mv in moves {
                let r = if reference_moves.contains(&mv) {
                    self.simulate_move(reference, state, mv, proving, left, path, budget)
                } else {
                    // No advice: only what the table holds.
                    Ok(self.won_in_table(state, mv, proving, path))
                };
                if !matches!(r, Ok(true)) {
                    won = r;
                    break;
                }
            }
            won
        };
        path.pop();
        if won? {
            self.store(key, Bounds::solved(proving), budget.nodes() - start + 1);
            return Ok(true);
        }
        Ok(false)
    }

    /// [`Dfpn::simulate`] of the children of `state` and `reference` through `mv`: made
    /// on the two states themselves and taken back (in the reverse order) for a game that
    /// plays in place, else played into copies.
    #[allow(clippy::too_many_arguments)]
    fn simulate_move(
        &mut self,
        reference: &mut G::State,
        state: &mut G::State,
        mv: G::Move,
        proving: bool,
        left: &mut u32,
        path: &mut Path,
        budget: &mut Budget,
    ) -> Result<bool, StopReason> {
        if !self.game.plays_in_place() {
            let mut next_reference = self.game.play(reference, mv);
            let mut next = self.game.play(state, mv);
            return self.simulate(&mut next_reference, &mut next, proving, left, path, budget);
        }
        self.game.make(reference, mv);
        self.game.make(state, mv);
        let won = self.simulate(reference, state, proving, left, path, budget);
        self.game.unmake(state);
        self.game.unmake(reference);
        won
    }

    /// The key of the child of `state` through `mv`: from the game without making the child
    /// where it can ([`Game::child_key`]), else by playing the move.
    fn key_after(&self, state: &G::State, mv: G::Move) -> ZobristHash {
        self.game
            .child_key(state, mv)
            .unwrap_or_else(|| self.key_of_child(state, mv))
    }

    /// The key of the child of `state` through `mv`, made to read it; in a frame of its own,
    /// so that the recursions that ask for keys do not hold a state in every frame.
    #[inline(never)]
    fn key_of_child(&self, state: &G::State, mv: G::Move) -> ZobristHash {
        self.game.key(&self.game.play(state, mv))
    }

    /// Whether the table holds the child of `state` through `mv` won for good by the prover
    /// (`proving`) or the disprover, that child not being a state of `path`.
    fn won_in_table(
        &mut self,
        state: &mut G::State,
        mv: G::Move,
        proving: bool,
        path: &Path,
    ) -> bool {
        let key = match self.game.child_key(state, mv) {
            Some(key) => key,
            None if self.game.plays_in_place() => {
                self.game.make(state, mv);
                let key = self.game.key(state);
                self.game.unmake(state);
                key
            }
            None => self.key_of_child(state, mv),
        };
        !path.contains(key)
            && self
                .lookup(key)
                .is_some_and(|e| e.bounds.is_solved() && e.bounds.is_proved() == proving)
    }

    /// What is known of a child before it is searched: a repetition of a state of the
    /// current path (a loss for the prover, relying on that ancestor), or the path cache's
    /// or the table's bounds.
    fn known_child(
        &mut self,
        path: &Path,
        key: ZobristHash,
    ) -> Option<(Bounds, Option<LoopRange>)> {
        match path.position(key) {
            Some(at) => {
                self.stats.repetitions += 1;
                Some((Bounds::DISPROVED, Some(LoopRange { min: at, max: at })))
            }
            None => self.known_bounds(key),
        }
    }

    /// The zone of a child known to be solved for good, when the table has one.
    fn solved_zone(
        &self,
        key: ZobristHash,
        bounds: Bounds,
        loops: Option<LoopRange>,
    ) -> Option<PointSet> {
        if loops.is_none() && bounds.is_solved() {
            self.zone_of(key)
        } else {
            None
        }
    }

    /// The zone the table keeps for `key`.
    fn zone_of(&self, key: ZobristHash) -> Option<PointSet> {
        // Games without zones never fill the map: no lookup for them.
        if self.zones.is_empty() {
            None
        } else {
            self.zones.get(&key.0).copied()
        }
    }

    /// The child whose zone can stand for every move outside it: the null move's child,
    /// or a sibling whose own move lies outside its zone and captures nothing
    /// ([`Game::sibling_reference`]), lost for the side to move for good with a zone (the
    /// smallest such zone, to prune the most).
    fn zone_reference(
        &self,
        state: &G::State,
        or_node: bool,
        null: Option<usize>,
        moves: &[G::Move],
        (children, zones): (&[Child], &[Option<PointSet>]),
    ) -> Option<usize> {
        let lost_for_mover = |c: &Child| {
            c.loops.is_none()
                && if or_node {
                    c.bounds.is_disproved()
                } else {
                    c.bounds.is_proved()
                }
        };
        let qualifies = |i: usize| {
            lost_for_mover(&children[i])
                && zones[i].is_some_and(|z| {
                    Some(i) == null || self.game.sibling_reference(state, moves[i], &z)
                })
        };
        if let Some(n) = null.filter(|&n| qualifies(n)) {
            return Some(n);
        }
        (0..children.len())
            .filter(|&i| Some(i) != null && qualifies(i))
            .min_by_key(|&i| zones[i].map_or(usize::MAX, |z| z.len()))
    }

    /// When a reference child ([`Dfpn::zone_reference`]) is lost for the side to move
    /// with a zone, decides every unsolved move outside the zone the same way (and stores
    /// it: the child state agrees with the reference's on the zone, so it has the same
    /// value and zone). A sibling serves as the null move does: its move captures nothing
    /// and lies outside the zone, and the pruned move, outside too, cannot capture a
    /// string the zone touches (the zone holds such a string with two liberties, or all
    /// of them), so the two children agree on the zone. Returns the reference.
    fn prune_outside(
        &mut self,
        state: &G::State,
        or_node: bool,
        null: Option<usize>,
        moves: &[G::Move],
        (children, zones): (&mut [Child], &mut [Option<PointSet>]),
    ) -> Option<usize> {
        let reference = self.zone_reference(state, or_node, null, moves, (children, zones))?;
        let zone = zones[reference]?;
        let bounds = children[reference].bounds;
        for (i, c) in children.iter_mut().enumerate() {
            if i == reference || !self.game.outside(moves[i], &zone) {
                continue;
            }
            if c.bounds.is_solved() {
                debug_assert!(
                    c.bounds == bounds || c.loops.is_some(),
                    "a move outside the reference's zone won for the side to move: {}",
                    moves[i]
                );
                continue;
            }
            self.stats.pruned += 1;
            if Some(reference) != null {
                self.stats.pruned_by_sibling += 1;
            }
            c.bounds = bounds;
            c.loops = None;
            zones[i] = Some(zone);
            self.store(c.key, bounds, 1);
            self.zones.insert(c.key.0, zone);
        }
        Some(reference)
    }

    /// The zone of a node solved for good from its children's (see the module
    /// documentation), or `None` when some child needed has none. `reference` is the
    /// child whose zone stands for the moves outside it ([`Dfpn::zone_reference`]), `zones`
    /// the children's zones.
    fn node_zone(
        &self,
        state: &G::State,
        or_node: bool,
        mover_wins: bool,
        moves: &[G::Move],
        children: &[Child],
        (reference, zones): (Option<usize>, &[Option<PointSet>]),
    ) -> Option<PointSet> {
        let won_for_mover = |c: &Child| c.bounds.is_proved() == or_node && c.bounds.is_solved();
        // A zone counts only for a child solved for good.
        let zone = |i: usize| zones[i].filter(|_| children[i].loops.is_none());
        if mover_wins {
            let (i, z) = (0..children.len())
                .filter(|&i| won_for_mover(&children[i]))
                .find_map(|i| zone(i).map(|z| (i, z)))?;
            return Some(self.game.win_zone(state, moves[i], &z));
        }
        let reference = reference?;
        let reference_zone = zone(reference)?;
        let mut searched = PointSet::new();
        for (i, &mv) in moves.iter().enumerate() {
            if i == reference || self.game.outside(mv, &reference_zone) {
                continue;
            }
            searched = searched.union(&zone(i)?);
        }
        Some(self.game.loss_zone(state, &reference_zone, &searched))
    }

    /// Follows the solved tree from `root`: the prover's quickest win against the longest
    /// resistance, or the disprover's quickest refutation of the prover's longest try.
    ///
    /// Children are read from the table where it knows them; a child it does not know is
    /// searched, and where one winning child suffices the search stops at the first. At a
    /// state the table holds as lost for the side to move, a child it does not know counts
    /// as lost without search (when some child is known), so the line shows the longest
    /// resistance among the known ones.
    fn principal_line(
        &mut self,
        root: &G::State,
        budget: &mut Budget,
    ) -> Result<Vec<G::Move>, StopReason> {
        let mut line = Vec::new();
        // Whether the line has gone on through a state another search decided: past it,
        // a limit ends the line where it is read to, instead of losing it whole.
        let mut past_borrowed = false;
        let mut path = Path::new();
        let mut state = root.clone();
        macro_rules! or_line_so_far {
            ($e:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(_) if past_borrowed => return Ok(line),
                    Err(reason) => return Err(reason),
                }
            };
        }
        for _ in 0..self.config.max_depth.min(400) {
            let key = self.game.key(&state);
            let unbounded = Bounds {
                pn: ProofNumber::INFINITY,
                dn: ProofNumber::INFINITY,
            };
            let decided = or_line_so_far!(self.evaluate(&state, key, unbounded, budget)).is_some();
            // A state another search decided goes on: the line shows the play behind it,
            // as far as this search can read it within the budget.
            let borrowed = decided && self.lookup(key).is_some_and(|e| e.kind == EntryKind::Known);
            past_borrowed |= borrowed;
            if decided && !borrowed {
                if self.game.ends_a_phase(&state) {
                    line.extend(or_line_so_far!(self.game.line_after(&state, budget)));
                }
                break;
            }
            let or_node = self.game.prover_to_move(&state);
            let moves = self.game.moves(&state);
            path.push(key);
            // The side to move wants a child that wins for it.
            let mover_wins = |proved: bool| proved == or_node;
            let mut known: Vec<LineChild<G>> = moves
                .into_iter()
                .map(|mv| {
                    let child = self.game.play(&state, mv);
                    let child_key = self.game.key(&child);
                    let value = if path.contains(child_key) {
                        Some((false, 0))
                    } else {
                        self.lookup(child_key)
                            .filter(|e| e.bounds.is_solved())
                            .map(|e| (e.bounds.is_proved(), e.work))
                    };
                    LineChild {
                        mv,
                        state: child,
                        key: child_key,
                        value,
                    }
                })
                .collect();
            let winning_known = known
                .iter()
                .any(|c| c.value.is_some_and(|(p, _)| mover_wins(p)));
            // A state the table holds as lost for the mover loses through every child on
            // this path: the line only picks the longest resistance among the children it
            // knows, and searching the others alone (one refuted only through a repetition
            // of this path is not in the table) would answer another question, at any cost.
            let lost_for_mover = self
                .lookup(key)
                .is_some_and(|e| e.bounds.is_solved() && !mover_wins(e.bounds.is_proved()));
            if lost_for_mover && known.iter().any(|c| c.value.is_some()) {
                for entry in known.iter_mut() {
                    entry.value.get_or_insert((!or_node, 0));
                }
            }
            if !winning_known {
                // Search the unknown children, in move order, until one wins for the mover
                // (then it suffices) or all are known.
                for entry in known.iter_mut() {
                    if entry.value.is_none() {
                        let r = or_line_so_far!(self.solve_node(&entry.state, &mut path, budget));
                        let work = self
                            .lookup(entry.key)
                            .map_or(r.work, |e| e.work.max(r.work));
                        entry.value = Some((r.bounds.is_proved(), work));
                        if mover_wins(r.bounds.is_proved()) {
                            break;
                        }
                    }
                }
            }
            let winners: Vec<usize> = (0..known.len())
                .filter(|&i| known[i].value.is_some_and(|(p, _)| mover_wins(p)))
                .collect();
            let pick = if let Some(&first) = winners.first() {
                // The quickest win: least work below it.
                winners
                    .iter()
                    .copied()
                    .min_by_key(|&i| known[i].value.map_or(u64::MAX, |(_, w)| w))
                    .unwrap_or(first)
            } else {
                // Every child loses for the mover: the longest resistance, a try that ends a
                // phase (a capture) first.
                match (0..known.len()).max_by_key(|&i| {
                    (
                        self.game.ends_a_phase(&known[i].state),
                        known[i].value.map_or(0, |(_, w)| w),
                    )
                }) {
                    Some(i) => i,
                    None => break,
                }
            };
            let chosen = known.swap_remove(pick);
            line.push(chosen.mv);
            if path.contains(chosen.key) {
                break;
            }
            state = chosen.state;
        }
        Ok(line)
    }
}

/// The copy of a node's state in `slot` on which a game playing in place makes the child
/// whose solution a simulation follows: copied from `state` at the first call of the
/// node's visit (`copied` false), by [`refilled`].
fn node_copy<'a, S: Clone>(
    slot: &'a mut Option<Box<S>>,
    state: &S,
    copied: &mut bool,
) -> &'a mut S {
    if !*copied {
        *slot = Some(refilled(slot.take(), state));
        *copied = true;
    }
    slot.as_deref_mut()
        .expect("a copied node's slot holds its copy")
}

/// `state` copied into the storage of `slot` when it has one, else into a new box. Never
/// inlined: a new box's copy is made on the stack first, and in [`Dfpn::mid`]'s frame
/// that would be 15 KB at every level of the recursion.
#[inline(never)]
fn refilled<S: Clone>(slot: Option<Box<S>>, state: &S) -> Box<S> {
    match slot {
        Some(mut copy) => {
            (*copy).clone_from(state);
            copy
        }
        None => Box::new(state.clone()),
    }
}

/// A game's initial bounds for a new leaf, kept finite and non-zero so that they can never
/// pass for a proof or a disproof.
fn fresh_leaf(b: Bounds) -> Bounds {
    let clamp = |n: ProofNumber| ProofNumber::new(n.finite().unwrap_or(1 << 20).max(1));
    Bounds {
        pn: clamp(b.pn),
        dn: clamp(b.dn),
    }
}

/// The bounds of a node from its children.
///
/// The side that needs every child (the disprover's number at an OR node, the prover's at
/// an AND node) takes the largest child number plus one for every other unsolved child
/// (weak proof numbers, Ueda et al. 2008) instead of the sum: with transpositions and
/// cycles a sum counts the same subtree many times, and around a cycle the counts inflate
/// each other until every re-search stops at once on an inflated bound.
fn combine(or_node: bool, children: &[Child]) -> Bounds {
    if children.is_empty() {
        // No move at all: the side to move is stuck; treat as a loss for it.
        return if or_node {
            Bounds::DISPROVED
        } else {
            Bounds::PROVED
        };
    }
    let (mut min, mut max, mut open) = (ProofNumber::INFINITY, ProofNumber::ZERO, 0u32);
    for c in children {
        let (a, b) = if or_node {
            (c.bounds.pn, c.bounds.dn)
        } else {
            (c.bounds.dn, c.bounds.pn)
        };
        min = min.min(a);
        max = max.max(b);
        if b != ProofNumber::ZERO {
            open += 1;
        }
    }
    let all = if max.is_infinite() || open == 0 {
        max
    } else {
        max + ProofNumber::new(open - 1)
    };
    if or_node {
        Bounds { pn: min, dn: all }
    } else {
        Bounds { pn: all, dn: min }
    }
}

/// Buckets of [`Path`]'s filter: with a path of depth `d`, a key not on it is found absent
/// without a scan unless one of the `d` keys shares its bucket (about `d / 1024`).
const PATH_BUCKETS: usize = 1024;

/// The keys of the states on the current search path, root first, with a counting filter
/// on their low bits: a repetition test (every child of every expanded node asks one)
/// scans the path only when a key on it shares the bucket of the key asked about. The
/// linear scan alone was 4 % of a continued record's judgement (BENCHMARKS.md,
/// "Session 41"). The filter only ever answers "absent" for keys that are absent: every
/// key pushed is counted in its bucket until popped.
#[derive(Debug)]
struct Path {
    keys: Vec<ZobristHash>,
    counts: Box<[u16; PATH_BUCKETS]>,
}

impl Path {
    fn new() -> Path {
        Path {
            keys: Vec::new(),
            counts: Box::new([0; PATH_BUCKETS]),
        }
    }

    fn bucket(key: ZobristHash) -> usize {
        // The keys are Zobrist hashes: their low bits are as good as any.
        (key.0 as usize) % PATH_BUCKETS
    }

    fn len(&self) -> usize {
        self.keys.len()
    }

    fn push(&mut self, key: ZobristHash) {
        self.counts[Self::bucket(key)] += 1;
        self.keys.push(key);
    }

    fn pop(&mut self) {
        if let Some(key) = self.keys.pop() {
            self.counts[Self::bucket(key)] -= 1;
        }
    }

    /// The depth of `key` on the path, if it is on it.
    fn position(&self, key: ZobristHash) -> Option<usize> {
        if self.counts[Self::bucket(key)] == 0 {
            return None;
        }
        self.keys.iter().position(|&k| k == key)
    }

    fn contains(&self, key: ZobristHash) -> bool {
        self.position(key).is_some()
    }
}

/// The index of the child to search and the second-smallest number.
fn select(or_node: bool, children: &[Child]) -> (usize, ProofNumber) {
    let value = |c: &Child| if or_node { c.bounds.pn } else { c.bounds.dn };
    let mut best = 0;
    let mut first = ProofNumber::INFINITY;
    let mut second = ProofNumber::INFINITY;
    for (i, c) in children.iter().enumerate() {
        let v = value(c);
        if v < first {
            second = first;
            first = v;
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (best, second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_finds_what_a_scan_finds() {
        // Random pushes and pops of keys drawn from few buckets (so that buckets are
        // shared) and from everywhere: the filtered answer against a plain scan.
        let mut path = Path::new();
        let mut plain: Vec<ZobristHash> = Vec::new();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let (mut found, mut absent) = (0, 0);
        for _ in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let bucket = (seed >> 20) % 8;
            let key = ZobristHash(u128::from(seed % 64) << 64 | u128::from(bucket));
            match seed % 5 {
                0 | 1 if !plain.contains(&key) => {
                    path.push(key);
                    plain.push(key);
                }
                2 => {
                    path.pop();
                    plain.pop();
                }
                _ => {}
            }
            let asked = if seed % 3 == 0 {
                key
            } else {
                ZobristHash(u128::from(seed))
            };
            let want = plain.iter().position(|&k| k == asked);
            assert_eq!(path.position(asked), want);
            assert_eq!(path.len(), plain.len());
            if want.is_some() {
                found += 1;
            } else {
                absent += 1;
            }
        }
        assert!(found > 1000 && absent > 1000, "{found} {absent}");
    }

    /// A toy game on a small graph: nodes 0..n, prover to move on even nodes.
    struct Graph {
        edges: Vec<Vec<usize>>,
        goal: Vec<bool>,
        prover: Vec<bool>,
        /// Nodes each state's evaluation spends before it answers, as a nested search would.
        cost: Vec<u64>,
        /// Whether moves are played in place; the states left by the moves made in place.
        in_place: bool,
        made: Vec<usize>,
    }

    impl Game for Graph {
        type State = usize;
        type Move = usize;
        fn key(&self, s: &usize) -> ZobristHash {
            ZobristHash((*s as u128 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835))
        }
        fn prover_to_move(&self, s: &usize) -> bool {
            self.prover[*s]
        }
        fn evaluate(&mut self, s: &usize, budget: &mut Budget) -> Result<Evaluation, StopReason> {
            for _ in 0..self.cost[*s] {
                budget.tick()?;
            }
            Ok(if self.goal[*s] {
                Evaluation::Goal
            } else {
                Evaluation::Open
            })
        }
        fn moves(&self, s: &usize) -> Vec<usize> {
            self.edges[*s].clone()
        }
        fn play(&self, _: &usize, mv: usize) -> usize {
            mv
        }
        fn plays_in_place(&self) -> bool {
            self.in_place
        }
        fn make(&mut self, s: &mut usize, mv: usize) {
            self.made.push(*s);
            *s = mv;
        }
        fn unmake(&mut self, s: &mut usize) {
            *s = self.made.pop().expect("a move made");
        }
    }

    /// Attractor computation: the reference for the toy games.
    fn attractor(g: &Graph) -> Vec<bool> {
        let mut win = g.goal.clone();
        loop {
            let mut changed = false;
            for s in 0..g.edges.len() {
                if win[s] {
                    continue;
                }
                let w = if g.prover[s] {
                    g.edges[s].iter().any(|&t| win[t])
                } else {
                    !g.edges[s].is_empty() && g.edges[s].iter().all(|&t| win[t])
                };
                if w {
                    win[s] = true;
                    changed = true;
                }
            }
            if !changed {
                return win;
            }
        }
    }

    fn random_graph(seed: u64, n: usize) -> Graph {
        let mut x = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut edges = vec![Vec::new(); n];
        for e in edges.iter_mut() {
            let k = 1 + (next() % 3) as usize;
            for _ in 0..k {
                e.push((next() % n as u64) as usize);
            }
            e.dedup();
        }
        let goal = (0..n).map(|_| next() % 7 == 0).collect();
        let prover = (0..n).map(|_| next() % 2 == 0).collect();
        let cost = vec![0; n];
        Graph {
            edges,
            goal,
            prover,
            cost,
            in_place: false,
            made: Vec::new(),
        }
    }

    /// A chain of states, each a big value as a board position is: the prover moves
    /// along it and wins at its end.
    struct Chain {
        len: usize,
    }

    impl Game for Chain {
        type State = [u64; 2048];
        type Move = usize;
        fn key(&self, s: &[u64; 2048]) -> ZobristHash {
            ZobristHash((s[0] as u128 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835))
        }
        fn prover_to_move(&self, s: &[u64; 2048]) -> bool {
            s[0] % 2 == 0
        }
        fn evaluate(&mut self, s: &[u64; 2048], _: &mut Budget) -> Result<Evaluation, StopReason> {
            Ok(if s[0] as usize >= self.len {
                Evaluation::Goal
            } else {
                Evaluation::Open
            })
        }
        fn moves(&self, _: &[u64; 2048]) -> Vec<usize> {
            vec![1]
        }
        fn play(&self, s: &[u64; 2048], step: usize) -> [u64; 2048] {
            let mut next = *s;
            next[0] += step as u64;
            next
        }
    }

    /// Reading a deep solved tree of big states keeps to a small thread stack: each level
    /// made its child state on the stack before, and 400 levels of 16 KB overflowed 2 MB.
    #[test]
    fn a_deep_tree_of_big_states_is_read_on_a_small_stack() {
        let reader = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(|| {
                let mut dfpn = Dfpn::new(Chain { len: 400 }, SolverConfig::default());
                let root = [0u64; 2048];
                let mut budget = Budget::unlimited();
                assert_eq!(dfpn.decide(&root, &mut budget), Ok(true));
                let tree = dfpn.solved_tree(&root, true, 10_000, &|game, s| game.key(s));
                tree.map(|t| (t.internal.len(), t.leaves.len()))
            })
            .unwrap();
        assert_eq!(reader.join().unwrap(), Some((400, 1)));
    }

    #[test]
    fn agrees_with_attractor_on_random_cyclic_graphs() {
        let (mut simulated, mut roots_simulated) = (0, 0);
        let sibling = NonZeroU32::new(SIMULATION_NODES);
        // Every root of a graph is decided in turn on one solver, so with root simulation
        // each is first simulated from the last ones solved.
        let root = NonZeroU32::new(64);
        for (simulation, root_simulation, in_place) in [None, sibling]
            .into_iter()
            .map(|s| (s, None))
            .chain([(sibling, root)])
            .flat_map(|(s, r)| [(s, r, false), (s, r, true)])
        {
            for table_entries in [1, 8, 1 << 16] {
                for seed in 0..6000 {
                    let n = 3 + (seed % 22) as usize;
                    let mut g = random_graph(seed, n);
                    g.in_place = in_place;
                    let expected = attractor(&g);
                    let mut solver = Dfpn::new(
                        g,
                        SolverConfig {
                            table_entries,
                            simulation,
                            root_simulation,
                            ..SolverConfig::default()
                        },
                    );
                    for (s, &want) in expected.iter().enumerate() {
                        let mut budget = Budget::new(NonZeroU64::new(1_000_000), None, None);
                        let got = solver.decide(&s, &mut budget).unwrap_or_else(|e| {
                            panic!(
                                "seed {seed} node {s} table {table_entries}: {e} {:?}",
                                solver.game.edges
                            )
                        });
                        assert_eq!(
                            got, want,
                            "seed {seed} node {s} table {table_entries} simulation {simulation:?} \
                             root simulation {root_simulation:?} in place {in_place}"
                        );
                        assert!(solver.game.made.is_empty(), "every move made is unmade");
                    }
                    simulated += solver.stats().simulated;
                    roots_simulated += solver.stats().roots_simulated;
                }
            }
        }
        // The simulations must have solved something, or this test checks nothing of them.
        assert!(simulated > 1000, "{simulated} siblings simulated");
        assert!(roots_simulated > 1000, "{roots_simulated} roots simulated");
    }

    /// A tree read from the table holds only states of the right value, and a proof read
    /// is a strategy: its leaves are goals, and the prover wins by it alone (the
    /// attractor of the game cut to the tree's states), so it never cycles.
    #[test]
    fn solved_trees_are_strategies_of_the_right_value() {
        // Half the seeds play in place: the tree is then read on one state, each move
        // made and taken back.
        let (mut proofs, mut disproofs, mut in_place) = (0, 0, 0);
        for seed in 0..3000 {
            let n = 3 + (seed % 22) as usize;
            let mut g = random_graph(seed, n);
            g.in_place = seed % 2 == 1;
            let expected = attractor(&g);
            let mut solver = Dfpn::new(g, SolverConfig::default());
            for (s, &want) in expected.iter().enumerate() {
                let mut budget = Budget::new(NonZeroU64::new(1_000_000), None, None);
                assert_eq!(solver.decide(&s, &mut budget).ok(), Some(want));
                let tree = solver.solved_tree(&s, want, 10_000, &|game, x| game.key(x));
                assert!(solver.game.made.is_empty(), "seed {seed}: a move left made");
                let Some(tree) = tree else {
                    continue;
                };
                let game = &solver.game;
                in_place += usize::from(game.in_place);
                let id_of = |k: ZobristHash| (0..n).find(|&i| game.key(&i) == k).unwrap();
                let internal: Vec<usize> = tree.internal.iter().map(|(k, _)| id_of(*k)).collect();
                for &i in internal.iter().chain(&tree.leaves) {
                    assert_eq!(expected[i], want, "seed {seed} root {s} state {i}");
                }
                if !want {
                    disproofs += 1;
                    continue;
                }
                proofs += 1;
                assert!(
                    tree.leaves.iter().all(|&l| game.goal[l]),
                    "seed {seed} root {s}"
                );
                // The game cut to the tree: every other state is a dead end (a loss).
                let in_tree = |i: usize| internal.contains(&i) || tree.leaves.contains(&i);
                let cut = Graph {
                    edges: (0..n)
                        .map(|i| {
                            if internal.contains(&i) {
                                game.edges[i]
                                    .iter()
                                    .copied()
                                    .filter(|&c| in_tree(c))
                                    .collect()
                            } else {
                                Vec::new()
                            }
                        })
                        .collect(),
                    goal: (0..n)
                        .map(|i| tree.leaves.contains(&i) && game.goal[i])
                        .collect(),
                    prover: game.prover.clone(),
                    cost: vec![0; n],
                    in_place: false,
                    made: Vec::new(),
                };
                // An opponent's state keeps every move: one cut away would be a hole.
                for &i in &internal {
                    if !game.prover[i] {
                        assert!(game.edges[i].iter().all(|&c| in_tree(c)), "seed {seed}");
                    }
                }
                assert!(attractor(&cut)[s], "seed {seed} root {s}: not a strategy");
            }
        }
        assert!(
            proofs > 1000 && disproofs > 1000 && in_place > 1000,
            "{proofs} proofs, {disproofs} disproofs, {in_place} read in place"
        );
    }

    /// Evaluations that cost more than a slice are paused and resumed: the results stay
    /// those of the attractor, and pausing does happen.
    #[test]
    fn costly_evaluations_are_paused_and_stay_exact() {
        let mut paused = 0;
        for seed in 0..1500 {
            let n = 3 + (seed % 22) as usize;
            let mut g = random_graph(seed, n);
            for (s, c) in g.cost.iter_mut().enumerate() {
                // Some evaluations cost up to forty slices, goals among them.
                if (seed as usize + s) % 3 == 0 {
                    *c = FIRST_SLICE * (1 + (seed + 7 * s as u64) % 40);
                }
            }
            let expected = attractor(&g);
            let mut solver = Dfpn::new(g, SolverConfig::default());
            for (s, &want) in expected.iter().enumerate() {
                let mut budget = Budget::new(NonZeroU64::new(50_000_000), None, None);
                let got = solver
                    .decide(&s, &mut budget)
                    .unwrap_or_else(|e| panic!("seed {seed} node {s}: {e}"));
                assert_eq!(got, want, "seed {seed} node {s}");
            }
            paused += solver.stats().paused;
        }
        assert!(paused > 0, "no evaluation was ever paused");
    }

    /// A node limit reached inside a paused evaluation is the search's limit, not a slice's.
    #[test]
    fn node_limit_inside_an_evaluation_gives_unknown() {
        let mut g = random_graph(11, 6);
        g.cost = vec![10 * FIRST_SLICE; 6];
        let mut solver = Dfpn::new(g, SolverConfig::default());
        let mut budget = Budget::new(NonZeroU64::new(3 * FIRST_SLICE), None, None);
        assert_eq!(
            solver.solve(&0, &mut budget),
            Outcome::Unknown(StopReason::NodeLimit)
        );
    }

    #[test]
    fn node_limit_gives_unknown() {
        let g = random_graph(5, 14);
        let mut solver = Dfpn::new(g, SolverConfig::default());
        let mut budget = Budget::new(NonZeroU64::new(1), None, None);
        let mut any_unknown = false;
        for s in 0..14 {
            if let Outcome::Unknown(StopReason::NodeLimit) = solver.solve(&s, &mut budget) {
                any_unknown = true;
            }
        }
        assert!(any_unknown);
    }
}
