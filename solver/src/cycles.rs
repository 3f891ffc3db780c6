//! Endless hypothetical play, reported instead of counted (spec §4, 死活例23).
//!
//! The default reading counts endless play against the side that needed to reach its goal
//! ([`CycleRule::AgainstTheGoal`](crate::CycleRule)): the attacker that cannot finish a
//! capture fails (eternal life, double-ko seki), the owner that cannot make its new stone
//! permanent fails (the lone stones of a double ko). The commentary settles one position
//! (死活例23) by the aim of the game instead, the prisoners each cycle gains. With
//! [`CycleRule::Report`](crate::CycleRule) a string is therefore judged twice: as by
//! default, and with endless play counted *for* the side that needed its goal, at every
//! level (the capture, and the permanence of a new stone after it). Where the two verdicts
//! differ, the verdict rests on endless play, and the string is reported as a [`Cycle`]
//! with both verdicts, a line that runs into the repetition when the top-level line shows
//! one, and the prisoners each side takes in one turn of it.
//!
//! The second judgement needs no second solver: a reachability game in which repetition
//! counts for the prover is the same game seen from the other side, where the old
//! disprover must reach the old prover's failures in finitely many moves and repetition
//! counts against it. `Mirrored` is that view; the df-pn's exactness argument (a
//! repetition is a loss for its prover, proofs never rest on one) carries over unchanged.
//!
//! ```
//! use rules_core::io::parse_diagram;
//! use solver::confirm::{judge_string, Limits};
//! use solver::{CycleRule, Reading};
//! // Black's lone stone at A1 can be taken by White B1 for good: no cycle is involved,
//! // so the report changes nothing.
//! let game = parse_diagram("
//!  X . O O
//!  O O O .
//!  . . . .").unwrap();
//! let reading = Reading { cycles: CycleRule::Report, ..Reading::default() };
//! let j = judge_string(&game.position, None, "A3".parse().unwrap(), &reading, &Limits::default());
//! assert!(j.cycle.is_none());
//! ```

use crate::confirm::{Life, PlayedMove};
use crate::dfpn::{Budget, Dfpn, Evaluation, Game, Outcome, SolverConfig, StopReason};
use rules_core::confirmation::{ConfirmationMove, ConfirmationState};
use rules_core::{ByColor, Color, ZobristHash};

/// A game seen from its disprover's side: the prover and the disprover swap, and so do
/// the goal and the failure. Searching it with the ordinary df-pn counts repetition as a
/// win for the original prover.
///
/// The original prover loses its plain pass here. Otherwise it would "win" every game by
/// passing for ever while its opponent passes back, which is no cycle of the commentary's
/// (nothing is captured), and would turn every seki into a cycle. Without it, each move of
/// the original prover adds a stone (which only a capture removes) or passes for a ko (which
/// lifts a ban that only a new ko capture restores), so every repetition it can force has a
/// capture in it. The plain pass never helps it reach its goal in finitely many moves either:
/// the opponent can pass back to the same state. (Since session 17 the confirmation's
/// capture, recreate and flat-search games leave that pass out of their moves already, for
/// the default meaning's own reason, and the kill game keeps it there for its lines' sake;
/// `Mirrored` leaves it out of any game it wraps.)
#[derive(Debug)]
pub(crate) struct Mirrored<G>(pub(crate) G);

impl<G: Game<Move = ConfirmationMove>> Game for Mirrored<G> {
    type State = G::State;
    type Move = G::Move;

    fn key(&self, state: &G::State) -> ZobristHash {
        self.0.key(state)
    }

    fn prover_to_move(&self, state: &G::State) -> bool {
        !self.0.prover_to_move(state)
    }

    fn evaluate(
        &mut self,
        state: &G::State,
        budget: &mut Budget,
    ) -> Result<Evaluation, StopReason> {
        Ok(match self.0.evaluate(state, budget)? {
            Evaluation::Goal => Evaluation::Failure,
            Evaluation::Failure => Evaluation::Goal,
            Evaluation::Known { proved, work } => Evaluation::Known {
                proved: !proved,
                work,
            },
            Evaluation::Open => Evaluation::Open,
        })
    }

    fn moves(&self, state: &G::State) -> Vec<G::Move> {
        let mut moves = Vec::new();
        self.moves_into(state, &mut moves);
        moves
    }

    fn moves_into(&self, state: &G::State, out: &mut Vec<G::Move>) {
        self.0.moves_into(state, out);
        if self.0.prover_to_move(state) {
            out.retain(|&mv| mv != ConfirmationMove::Pass);
        }
    }

    fn play(&self, state: &G::State, mv: G::Move) -> G::State {
        self.0.play(state, mv)
    }

    fn play_into(&self, state: &G::State, mv: G::Move, out: &mut G::State) {
        self.0.play_into(state, mv, out);
    }

    // The wrapped game's moves in place and its children's keys: without them the second
    // judgement copied the board at every node and made the first children of each node
    // ahead (BENCHMARKS.md, "Session 41").
    fn plays_in_place(&self) -> bool {
        self.0.plays_in_place()
    }

    fn make(&mut self, state: &mut G::State, mv: G::Move) {
        self.0.make(state, mv);
    }

    fn unmake(&mut self, state: &mut G::State) {
        self.0.unmake(state);
    }

    fn child_key(&self, state: &G::State, mv: G::Move) -> Option<ZobristHash> {
        self.0.child_key(state, mv)
    }

    fn leaf_bounds(&self, state: &G::State) -> crate::dfpn::Bounds {
        let b = self.0.leaf_bounds(state);
        crate::dfpn::Bounds { pn: b.dn, dn: b.pn }
    }

    fn ends_a_phase(&self, state: &G::State) -> bool {
        self.0.ends_a_phase(state)
    }

    fn line_after(
        &mut self,
        state: &G::State,
        budget: &mut Budget,
    ) -> Result<Vec<G::Move>, StopReason> {
        self.0.line_after(state, budget)
    }
}

/// What endless play counts as in one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Endless {
    /// A failure for the side that needs its goal (the default reading).
    AgainstTheGoal,
    /// A success for that side.
    ForTheGoal,
}

/// A search of one of the confirmation's questions (the kill, can a permanent stone be
/// made, can this stone be captured) under either meaning of endless play.
pub(crate) enum Nested<G: Game<Move = ConfirmationMove>> {
    /// Endless play counts against the prover (the default).
    AgainstTheGoal(Dfpn<G>),
    /// Endless play counts for the prover.
    ForTheGoal(Dfpn<Mirrored<G>>),
}

impl<G: Game<Move = ConfirmationMove>> std::fmt::Debug for Nested<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Nested::AgainstTheGoal(_) => "Nested::AgainstTheGoal",
            Nested::ForTheGoal(_) => "Nested::ForTheGoal",
        })
    }
}

impl<G: Game<Move = ConfirmationMove>> Nested<G> {
    /// The search of `game` with endless play counted as `endless` says.
    pub(crate) fn new(game: G, endless: Endless, config: SolverConfig) -> Nested<G> {
        match endless {
            Endless::AgainstTheGoal => Nested::AgainstTheGoal(Dfpn::new(game, config)),
            Endless::ForTheGoal => Nested::ForTheGoal(Dfpn::new(Mirrored(game), config)),
        }
    }

    /// Solves from `state`, in the original prover's terms: the mirrored game's proof is
    /// the original prover's failure, with the same line.
    pub(crate) fn solve(&mut self, state: &G::State, budget: &mut Budget) -> Outcome<G::Move> {
        match self {
            Nested::AgainstTheGoal(d) => d.solve(state, budget),
            Nested::ForTheGoal(d) => match d.solve(state, budget) {
                Outcome::Proved { line } => Outcome::Disproved { line },
                Outcome::Disproved { line } => Outcome::Proved { line },
                Outcome::Unknown(reason) => Outcome::Unknown(reason),
            },
        }
    }

    /// Whether the prover reaches its goal from `state`.
    pub(crate) fn decide(
        &mut self,
        state: &G::State,
        budget: &mut Budget,
    ) -> Result<bool, StopReason> {
        match self {
            Nested::AgainstTheGoal(d) => d.decide(state, budget),
            Nested::ForTheGoal(d) => d
                .decide(state, budget)
                .map(|disprover_wins| !disprover_wins),
        }
    }

    /// The principal line from `state` (see [`Dfpn::solve`]).
    ///
    /// # Errors
    /// The [`StopReason`] when the search stops at a limit.
    pub(crate) fn line(
        &mut self,
        state: &G::State,
        budget: &mut Budget,
    ) -> Result<Vec<ConfirmationMove>, StopReason> {
        match self.solve(state, budget) {
            Outcome::Proved { line } | Outcome::Disproved { line } => Ok(line),
            Outcome::Unknown(reason) => Err(reason),
        }
    }

    /// The search itself when endless play counts against the goal (the game is not
    /// mirrored): a caller may carry results into its table.
    pub(crate) fn against_the_goal(&mut self) -> Option<&mut Dfpn<G>> {
        match self {
            Nested::AgainstTheGoal(d) => Some(d),
            Nested::ForTheGoal(_) => None,
        }
    }

    /// The game, to change its target.
    pub(crate) fn game_mut(&mut self) -> &mut G {
        match self {
            Nested::AgainstTheGoal(d) => d.game_mut(),
            Nested::ForTheGoal(d) => &mut d.game_mut().0,
        }
    }
}

/// A string whose verdict rests on endless play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// The verdict when endless play counts against the side that needed its goal (the
    /// default reading's).
    pub against_the_goal: Life,
    /// The verdict when endless play counts for that side.
    pub for_the_goal: Life,
    /// The stones each colour captures in one turn of the cycle, when the line of either
    /// verdict runs into a repetition; `None` when neither does (the lines stop at the first
    /// decided state, and a cycle inside a nested question, after the capture, is in no
    /// line).
    pub prisoners_per_turn: Option<ByColor<u32>>,
    /// The moves of one turn of the cycle (empty when `prisoners_per_turn` is `None`).
    pub turn: Vec<PlayedMove>,
}

/// The first repetition along `line` played from `start`: the moves of one turn of the
/// cycle and the stones each colour captures in it.
pub(crate) fn turn_of_cycle(
    start: &ConfirmationState,
    line: &[PlayedMove],
) -> Option<(Vec<PlayedMove>, ByColor<u32>)> {
    let mut state = start.clone();
    let mut seen: Vec<(ZobristHash, ByColor<u32>)> =
        vec![(state.hash(), state.position().prisoners())];
    for (i, played) in line.iter().enumerate() {
        state.play_unchecked(played.mv);
        let key = state.hash();
        let prisoners = state.position().prisoners();
        // A repetition with no capture in it (a pass answered by a pass) is no cycle of
        // the commentary's.
        if let Some(at) = seen.iter().position(|(k, p)| *k == key && *p != prisoners) {
            let before = seen[at].1;
            let taken = |c: Color| prisoners[c] - before[c];
            return Some((
                line[at..=i].to_vec(),
                ByColor {
                    black: taken(Color::Black),
                    white: taken(Color::White),
                },
            ));
        }
        seen.push((key, prisoners));
    }
    None
}
