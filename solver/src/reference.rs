//! The exhaustive reference solver: the judgement of spec §3.4 computed exactly on the
//! whole graph of hypothetical play, for small positions.
//!
//! This module shares nothing with the proof-number search but `rules_core` (the state of
//! hypothetical play, [`ConfirmationState`]) and the [`Reading`]. It is the oracle that the
//! search is checked against, so it favours exactness over speed:
//!
//! 1. **The graph.** Every state of hypothetical play reachable from the stopped position
//!    with Black to move and from it with White to move (both start states, since the
//!    attacker is the opponent of the judged string) is enumerated breadth first. Each state
//!    is identified by an exact packed key (board colours, player to move, the ko bans and
//!    the record each pass rule keeps beyond them, which this module tracks itself from the
//!    moves played: under [`KoPassRule::OncePerPlayerPerKo`] the kos each player has passed
//!    for, under [`KoPassRule::J2003`] the kos each player is prohibited in, under KataGo's
//!    rules every ko capture made with the packed board it was made from), never by a hash
//!    alone. Its successors are the states after every legal
//!    [`ConfirmationMove`]; the ordinary pass is always one of them. More than
//!    [`ReferenceLimits::max_states`] states give [`ReferenceError::TooLarge`], never a guess.
//! 2. **The games.** Each objective of §3.4 is a reachability game on that graph, solved by
//!    an attractor (a least fixpoint): `Attr_P(G)` is `G`, plus the states where `P` is to
//!    move with a successor in `Attr_P(G)`, plus the states where `P`'s opponent is to move
//!    with every successor in `Attr_P(G)`. A state outside the attractor is one from which
//!    the opponent can avoid `G` for ever, so endless play is a loss for the player who had
//!    to reach the goal.
//!
//! For a target string `T` of owner `D` and attacker `A`, with the set `R(T)` of points where
//! a new stone may stand:
//!
//! - `captures(σ, x)` (a stone of `D` on `x` in `σ`) iff `σ ∈ Attr_A({x is empty})`;
//! - `permanent(σ, x)` iff not `captures(σ', x)`, where `σ'` is `σ` itself if `A` is to move
//!   and otherwise the state after `D`'s ordinary pass;
//! - `G2 = {σ : some x ∈ R(T) holds a stone of D and permanent(σ, x)}` (phase two, for `D`);
//! - `G1 = {σ : some point of T's original stones is empty or holds a stone of A, and
//!   σ ∉ Attr_D(G2)}` (phase one, for `A`). Strings leave the board only whole and `T`'s
//!   stones stay one string while they stand, so this is exactly "T has been removed";
//! - `T` is **dead** iff the start state is in `Attr_A(G1)`, alive otherwise. The start state
//!   is the stopped position with the first mover of [`Reading::first`] to move, its bans
//!   those of [`ConfirmationState::new`] (the carried-over ban, if asked for, only binds the
//!   player it was made against).
//!
//! `R(T)` follows [`Reading::new_stone`]:
//!
//! - [`NewStoneScope::Local1`]: the points of `T`;
//! - [`NewStoneScope::Local2`]: those points plus the empty points of the stopped position
//!   connected to them, orthogonally, through a chain of empty points each adjacent to a
//!   string of `D` other than `T` that `A` cannot capture from the stopped position with `A`
//!   to move (`captures` is false at that start state);
//! - [`NewStoneScope::Area`]: every point of the board. The reference ignores locality
//!   altogether: a new stone anywhere counts. On the small whole-board positions it is
//!   meant for, the independent area is usually the whole board anyway.
//!
//! ```
//! use rules_core::{Color, Point, Position, Setup, Size};
//! use solver::reference::{RefVerdict, ReferenceLimits, ReferenceSolver};
//! use solver::Reading;
//!
//! //  3 . . .
//! //  2 X O X      White's B2 is in atari: Black takes it, White can never play again.
//! //  1 . X .
//! //    A B C
//! let mut setup = Setup::new(Size::square(3).unwrap());
//! for p in ["A2", "C2", "B1"] { setup.black.insert(p.parse().unwrap()); }
//! setup.white.insert("B2".parse().unwrap());
//! let position = Position::from_setup(&setup).unwrap();
//! let mut solver =
//!     ReferenceSolver::new(&position, None, Reading::default(), ReferenceLimits::default())
//!         .unwrap();
//! let b2: Point = "B2".parse().unwrap();
//! assert_eq!(solver.judge(b2).unwrap(), RefVerdict::Dead);
//! assert!(solver.states() > 2);
//! let all = solver.judge_all().unwrap();
//! assert!(all.contains(&(b2, Color::White, RefVerdict::Dead)));
//! ```

use crate::reading::{FirstMover, NewStoneScope, Reading};
use hashbrown::{DefaultHashBuilder, HashMap, HashTable};
use rules_core::confirmation::{ConfirmationMove, ConfirmationState, InitialBan, KoPassRule};
use rules_core::{ByColor, Color, KoCapture, Point, Position, CELLS};
use std::fmt;
use std::hash::BuildHasher;

/// The verdict of the reference solver on a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefVerdict {
    /// The string is alive: the attacker cannot capture it, or its capture lets the owner
    /// play a new stone in `R(T)` that cannot be captured.
    Alive,
    /// The string is dead.
    Dead,
}

/// Limits of the reference solver.
///
/// ```
/// use solver::reference::ReferenceLimits;
/// assert_eq!(ReferenceLimits::default().max_states, 2_000_000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReferenceLimits {
    /// The most states the graph may hold; one more gives [`ReferenceError::TooLarge`].
    pub max_states: usize,
}

impl Default for ReferenceLimits {
    fn default() -> ReferenceLimits {
        ReferenceLimits {
            max_states: 2_000_000,
        }
    }
}

/// Why the reference solver gave no verdict.
///
/// ```
/// use rules_core::{Position, Size};
/// use solver::reference::{ReferenceError, ReferenceLimits, ReferenceSolver};
/// use solver::Reading;
/// let position = Position::empty(Size::square(4).unwrap());
/// let limits = ReferenceLimits { max_states: 10 };
/// let err = ReferenceSolver::new(&position, None, Reading::default(), limits).unwrap_err();
/// assert!(matches!(err, ReferenceError::TooLarge { states: 11 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ReferenceError {
    /// The graph of hypothetical play has more states than the limit allows.
    #[error("the graph of hypothetical play exceeds the limit ({states} states reached)")]
    TooLarge {
        /// The number of states reached when the limit was exceeded.
        states: usize,
    },
}

/// A set of state ids.
#[derive(Clone, Debug)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }

    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
}

/// One record of a pass rule's own state, as bytes of a fixed length per rule, kept sorted:
/// once-per-ko and J2003 `[player, lower point (2), higher point (2)]` (a ko passed for, a ko
/// prohibited in), KataGo `[player, point (2), packed board before the capture...]`.
type Record = Vec<u8>;

/// The graph of hypothetical play.
struct Graph {
    /// The board's points, in [`rules_core::Size::points`] order; a point's slot is its
    /// place here.
    points: Vec<Point>,
    /// The slot of each point index (`u16::MAX` off the board).
    slot: Vec<u16>,
    /// Bytes of the packed board at the front of every key.
    board_bytes: usize,
    /// The exact key of each state.
    keys: Vec<Box<[u8]>>,
    /// The player to move in each state.
    to_move: Vec<Color>,
    /// Successors in compressed rows: those of `s` are `succ[succ_start[s]..succ_start[s+1]]`.
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    /// The state after the ordinary pass.
    pass_child: Vec<u32>,
    /// Predecessors in compressed rows.
    pred_start: Vec<u32>,
    pred: Vec<u32>,
    /// The start state with each colour to move.
    roots: ByColor<u32>,
}

/// Encodes a move in a `u32` (for the parent links used to rebuild states).
fn encode_move(mv: ConfirmationMove) -> u32 {
    match mv {
        ConfirmationMove::Pass => 0,
        ConfirmationMove::Play(p) => 1 | (p.index() as u32) << 2,
        ConfirmationMove::PassForKo(p) => 2 | (p.index() as u32) << 2,
    }
}

fn decode_move(code: u32) -> ConfirmationMove {
    let point = || Point::from_index((code >> 2) as usize).expect("encoded from a point");
    match code & 3 {
        0 => ConfirmationMove::Pass,
        1 => ConfirmationMove::Play(point()),
        _ => ConfirmationMove::PassForKo(point()),
    }
}

fn color_code(c: Option<Color>) -> u8 {
    match c {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    }
}

impl Graph {
    fn len(&self) -> usize {
        self.keys.len()
    }

    /// The packed board of a state (2 bits a point).
    fn board(&self, state: &ConfirmationState) -> Vec<u8> {
        let pos = state.position();
        let mut board = vec![0u8; self.board_bytes];
        for (i, &p) in self.points.iter().enumerate() {
            board[i / 4] |= color_code(pos.color_at(p)) << (2 * (i % 4));
        }
        board
    }

    /// The exact key of a state: packed board, player to move, number of bans and the bans
    /// (point indices), then the pass rule's records (sorted).
    fn key(&self, state: &ConfirmationState, records: &[Record]) -> Box<[u8]> {
        let bans: Vec<Point> = state.bans().iter().collect();
        let mut key = self.board(state);
        key.push(state.to_move().index() as u8);
        key.extend_from_slice(&(bans.len() as u16).to_le_bytes());
        for b in bans {
            key.extend_from_slice(&(b.index() as u16).to_le_bytes());
        }
        for r in records {
            key.extend_from_slice(r);
        }
        key.into_boxed_slice()
    }

    /// The pass rule's records in a key, each `len` bytes.
    fn records_of(&self, id: usize, len: usize) -> Vec<Record> {
        let key = &self.keys[id];
        let at = self.board_bytes + 1;
        let nbans = u16::from_le_bytes([key[at], key[at + 1]]) as usize;
        let rest = &key[at + 2 + 2 * nbans..];
        rest.chunks_exact(len.max(1)).map(<[u8]>::to_vec).collect()
    }

    /// The colour on `point` in state `id` (0 empty, 1 black, 2 white).
    fn code_at(&self, id: usize, point: Point) -> u8 {
        let i = self.slot[point.index()] as usize;
        self.keys[id][i / 4] >> (2 * (i % 4)) & 3
    }

    fn successors(&self, id: usize) -> &[u32] {
        &self.succ[self.succ_start[id] as usize..self.succ_start[id + 1] as usize]
    }

    fn predecessors(&self, id: usize) -> &[u32] {
        &self.pred[self.pred_start[id] as usize..self.pred_start[id + 1] as usize]
    }

    /// Enumerates every state reachable from the two start states.
    fn build(
        position: &Position,
        reading: Reading,
        last_ko_capture: Option<KoCapture>,
        max_states: usize,
    ) -> Result<Graph, ReferenceError> {
        let points: Vec<Point> = position.size().points().collect();
        let mut slot = vec![u16::MAX; CELLS];
        for (i, p) in points.iter().enumerate() {
            slot[p.index()] = i as u16;
        }
        let mut graph = Graph {
            board_bytes: points.len().div_ceil(4),
            points,
            slot,
            keys: Vec::new(),
            to_move: Vec::new(),
            succ_start: vec![0],
            succ: Vec::new(),
            pass_child: Vec::new(),
            pred_start: Vec::new(),
            pred: Vec::new(),
            roots: ByColor::new(0, 1),
        };
        let hasher = DefaultHashBuilder::default();
        let mut table: HashTable<u32> = HashTable::new();
        // Parent state and move of each state but the roots, to rebuild it.
        let mut parent: Vec<(u32, u32)> = Vec::new();
        let rule = reading.ko.ko_pass;
        let record_len = if rule.is_katago() {
            3 + graph.board_bytes
        } else {
            5
        };
        // A ko (two points) as record bytes, lower point first.
        let ko_record = |player: Color, a: Point, b: Point| -> Record {
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            let mut r = vec![player.index() as u8];
            r.extend_from_slice(&(lo.index() as u16).to_le_bytes());
            r.extend_from_slice(&(hi.index() as u16).to_le_bytes());
            r
        };

        let mut root_states = Vec::new();
        for color in Color::ALL {
            let mut pos = position.clone();
            pos.set_to_move(color);
            let state = ConfirmationState::new(pos, reading.ko, last_ko_capture);
            // J2003 keeps the carried-over prohibition as a record, against the player to
            // move, when the capturing stone still stands alone.
            let mut records = Vec::new();
            if let (KoPassRule::J2003, InitialBan::CarriedOver, Some(ko)) =
                (rule, reading.ko.initial_ban, last_ko_capture)
            {
                let pos = state.position();
                if pos.color_at(ko.stone) == Some(!color) && pos.string_size(ko.stone) == 1 {
                    records.push(ko_record(color, ko.stone, ko.captured));
                }
            }
            let key = graph.key(&state, &records);
            let hash = hasher.hash_one(&key);
            let id = graph.keys.len() as u32;
            table.insert_unique(hash, id, |&i| hasher.hash_one(&graph.keys[i as usize]));
            graph.keys.push(key);
            graph.to_move.push(color);
            parent.push((u32::MAX, 0));
            root_states.push(state);
        }
        if graph.keys.len() > max_states {
            return Err(ReferenceError::TooLarge {
                states: graph.keys.len(),
            });
        }

        // The last parent rebuilt, kept so that its children (consecutive ids) are rebuilt
        // with one move each.
        let mut cached_id: Option<u32> = None;
        let mut cached = root_states[0].clone();
        let mut path = Vec::new();
        // Scratch states reused with `clone_from`, which copies only the cells this board
        // size uses.
        let mut state = root_states[0].clone();
        let mut child = root_states[0].clone();
        let mut id = 0usize;
        while id < graph.keys.len() {
            match parent[id] {
                (u32::MAX, _) => state.clone_from(&root_states[id]),
                (p, mv) => {
                    if cached_id != Some(p) {
                        rebuild(&parent, &root_states, p as usize, &mut path, &mut cached);
                        cached_id = Some(p);
                    }
                    state.clone_from(&cached);
                    state.play_unchecked(decode_move(mv));
                }
            };
            debug_assert_eq!(state.to_move(), graph.to_move[id]);
            let records = graph.records_of(id, record_len);
            let mover = state.to_move();
            let row_start = graph.succ.len();
            let mut pass_child = u32::MAX;
            for mv in state.legal_moves() {
                let mut child_records = records.clone();
                match (rule, mv) {
                    (KoPassRule::OncePerPlayerPerKo, ConfirmationMove::PassForKo(s)) => {
                        if let Some(lib) = state.position().liberties(s).iter().next() {
                            child_records.push(ko_record(mover, s, lib));
                        }
                    }
                    // A ko-pass lifts every prohibition of the player.
                    (KoPassRule::J2003, ConfirmationMove::PassForKo(_)) => {
                        child_records.retain(|r| r[0] != mover.index() as u8);
                    }
                    (_, ConfirmationMove::Play(p)) => {
                        if let Some(ko) = state.position().is_ko_capture(mover, p) {
                            if rule == KoPassRule::J2003 {
                                child_records.push(ko_record(!mover, p, ko.captured));
                            } else if rule.is_katago() {
                                let mut r = vec![mover.index() as u8];
                                r.extend_from_slice(&(p.index() as u16).to_le_bytes());
                                r.extend(graph.board(&state));
                                child_records.push(r);
                            }
                        }
                    }
                    _ => {}
                }
                child_records.sort_unstable();
                child_records.dedup();
                child.clone_from(&state);
                child.play_unchecked(mv);
                let key = graph.key(&child, &child_records);
                let hash = hasher.hash_one(&key);
                let found = table
                    .find(hash, |&i| graph.keys[i as usize] == key)
                    .copied();
                let cid = match found {
                    Some(cid) => cid,
                    None => {
                        let cid = graph.keys.len() as u32;
                        let keys = &graph.keys;
                        table.insert_unique(hash, cid, |&i| hasher.hash_one(&keys[i as usize]));
                        graph.keys.push(key);
                        graph.to_move.push(child.to_move());
                        parent.push((id as u32, encode_move(mv)));
                        if graph.keys.len() > max_states {
                            return Err(ReferenceError::TooLarge {
                                states: graph.keys.len(),
                            });
                        }
                        cid
                    }
                };
                if mv == ConfirmationMove::Pass {
                    pass_child = cid;
                }
                graph.succ.push(cid);
            }
            assert_ne!(pass_child, u32::MAX, "the pass is always legal");
            graph.pass_child.push(pass_child);
            let row = &mut graph.succ[row_start..];
            row.sort_unstable();
            let unique = {
                let mut n = 0;
                for i in 0..row.len() {
                    if i == 0 || row[i] != row[n - 1] {
                        row[n] = row[i];
                        n += 1;
                    }
                }
                n
            };
            graph.succ.truncate(row_start + unique);
            graph.succ_start.push(graph.succ.len() as u32);
            id += 1;
        }

        // Predecessors.
        let n = graph.keys.len();
        let mut count = vec![0u32; n + 1];
        for &t in &graph.succ {
            count[t as usize + 1] += 1;
        }
        for i in 0..n {
            count[i + 1] += count[i];
        }
        let mut fill = count.clone();
        let mut pred = vec![0u32; graph.succ.len()];
        for s in 0..n {
            for &t in graph.successors(s) {
                pred[fill[t as usize] as usize] = s as u32;
                fill[t as usize] += 1;
            }
        }
        graph.pred_start = count;
        graph.pred = pred;
        Ok(graph)
    }

    /// `Attr_player(goal)`: the states from which `player` can force a visit to `goal` in
    /// finitely many moves (the least fixpoint, computed backwards with successor counts).
    fn attractor(&self, player: Color, goal: &Bits) -> Bits {
        let n = self.len();
        let mut win = goal.clone();
        let mut left: Vec<u32> = (0..n)
            .map(|s| {
                if self.to_move[s] == player {
                    1
                } else {
                    self.succ_start[s + 1] - self.succ_start[s]
                }
            })
            .collect();
        let mut stack: Vec<u32> = (0..n).filter(|&s| goal.get(s)).map(|s| s as u32).collect();
        while let Some(v) = stack.pop() {
            for &u in self.predecessors(v as usize) {
                let u = u as usize;
                if win.get(u) {
                    continue;
                }
                left[u] -= 1;
                if left[u] == 0 {
                    win.set(u);
                    stack.push(u as u32);
                }
            }
        }
        win
    }
}

/// Rebuilds state `id` by replaying its moves from its root.
fn rebuild(
    parent: &[(u32, u32)],
    roots: &[ConfirmationState],
    id: usize,
    moves: &mut Vec<u32>,
    out: &mut ConfirmationState,
) {
    moves.clear();
    let mut cur = id;
    while parent[cur].0 != u32::MAX {
        moves.push(parent[cur].1);
        cur = parent[cur].0 as usize;
    }
    // `clone_from` copies only the cells of this board size, not the whole 15 KB state.
    out.clone_from(&roots[cur]);
    for &mv in moves.iter().rev() {
        out.play_unchecked(decode_move(mv));
    }
}

/// The exhaustive reference solver for one stopped position and one reading.
///
/// Built once per (position, last ko capture, reading): the graph of hypothetical play is
/// enumerated by [`ReferenceSolver::new`], and the attractors (capture games per point and
/// attacker, phase-two games per `R(T)` and owner, verdicts per string) are cached as they
/// are computed. See the [module documentation](self) for the exact definitions.
///
/// ```
/// use rules_core::{Color, Position, Setup, Size};
/// use solver::reference::{RefVerdict, ReferenceLimits, ReferenceSolver};
/// use solver::Reading;
///
/// //  2 . O . O      White has two separate eyes: Black cannot play inside.
/// //  1 O O O O
/// //    A B C D
/// let mut setup = Setup::new(Size::new(4, 2).unwrap());
/// for p in ["B2", "D2", "A1", "B1", "C1", "D1"] { setup.white.insert(p.parse().unwrap()); }
/// let position = Position::from_setup(&setup).unwrap();
/// let mut solver =
///     ReferenceSolver::new(&position, None, Reading::default(), ReferenceLimits::default())
///         .unwrap();
/// let verdicts = solver.judge_all().unwrap();
/// assert_eq!(verdicts, vec![("A1".parse().unwrap(), Color::White, RefVerdict::Alive)]);
/// ```
pub struct ReferenceSolver {
    position: Position,
    reading: Reading,
    graph: Graph,
    /// `Attr_A({x empty})` by (point index, attacker).
    capture: HashMap<(usize, Color), Bits>,
    /// `Attr_D(G2)` by (R(T), owner).
    phase_two: HashMap<(Vec<Point>, Color), Bits>,
    /// Verdicts by the lowest stone of the string.
    verdicts: HashMap<Point, RefVerdict>,
}

impl fmt::Debug for ReferenceSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReferenceSolver")
            .field("reading", &self.reading.to_string())
            .field("states", &self.graph.len())
            .field("edges", &self.graph.succ.len())
            .field("verdicts", &self.verdicts)
            .finish_non_exhaustive()
    }
}

impl ReferenceSolver {
    /// Enumerates the graph of hypothetical play from `position` (with each colour to move).
    ///
    /// `last_ko_capture` is the last move of actual play if it was a ko capture; it makes a
    /// ban only under [`rules_core::confirmation::InitialBan::CarriedOver`], as
    /// [`ConfirmationState::new`] decides.
    ///
    /// # Errors
    /// [`ReferenceError::TooLarge`] when more than `limits.max_states` states are reachable.
    pub fn new(
        position: &Position,
        last_ko_capture: Option<KoCapture>,
        reading: Reading,
        limits: ReferenceLimits,
    ) -> Result<ReferenceSolver, ReferenceError> {
        let graph = Graph::build(position, reading, last_ko_capture, limits.max_states)?;
        Ok(ReferenceSolver {
            position: position.clone(),
            reading,
            graph,
            capture: HashMap::new(),
            phase_two: HashMap::new(),
            verdicts: HashMap::new(),
        })
    }

    /// The number of states of the graph.
    pub fn states(&self) -> usize {
        self.graph.len()
    }

    /// Judges the string through `stone`.
    ///
    /// # Errors
    /// None today (the graph is complete once built); the `Result` leaves room for lazy
    /// enumeration.
    ///
    /// # Panics
    /// When no stone stands on `stone`.
    pub fn judge(&mut self, stone: Point) -> Result<RefVerdict, ReferenceError> {
        let owner = self
            .position
            .color_at(stone)
            .unwrap_or_else(|| panic!("no stone on {stone} to judge"));
        let mut stones: Vec<Point> = self.position.string_stones(stone).collect();
        stones.sort_unstable();
        if let Some(&v) = self.verdicts.get(&stones[0]) {
            return Ok(v);
        }
        let verdict = self.judge_string(&stones, owner);
        self.verdicts.insert(stones[0], verdict);
        Ok(verdict)
    }

    /// Judges every string of the position: (its lowest-index stone, its colour, the
    /// verdict), in the order of those stones.
    ///
    /// # Errors
    /// As [`ReferenceSolver::judge`].
    pub fn judge_all(&mut self) -> Result<Vec<(Point, Color, RefVerdict)>, ReferenceError> {
        let mut heads: Vec<(Point, Color)> = Vec::new();
        for &p in &self.graph.points {
            if let Some(c) = self.position.color_at(p) {
                let lowest = self
                    .position
                    .string_stones(p)
                    .min()
                    .expect("a stone stands");
                if lowest == p {
                    heads.push((p, c));
                }
            }
        }
        heads.sort_unstable();
        heads
            .into_iter()
            .map(|(p, c)| Ok((p, c, self.judge(p)?)))
            .collect()
    }

    /// `Attr_attacker({x empty})`, cached.
    fn capture_attr(&mut self, x: Point, attacker: Color) -> &Bits {
        let graph = &self.graph;
        self.capture
            .entry((x.index(), attacker))
            .or_insert_with(|| {
                let mut goal = Bits::new(graph.len());
                for s in 0..graph.len() {
                    if graph.code_at(s, x) == 0 {
                        goal.set(s);
                    }
                }
                graph.attractor(attacker, &goal)
            })
    }

    /// `R(T)` for the string `stones` of `owner`, sorted.
    fn new_stone_points(&mut self, stones: &[Point], owner: Color) -> Vec<Point> {
        let attacker = !owner;
        match self.reading.new_stone {
            NewStoneScope::Local1 => stones.to_vec(),
            NewStoneScope::Area => self.graph.points.clone(),
            NewStoneScope::Local2 => {
                let size = self.position.size();
                let target = self.position.string_id(stones[0]);
                let start = self.graph.roots[attacker] as usize;
                // Which strings of the owner, other than T, A cannot capture (by string id).
                let mut safe: HashMap<Point, bool> = HashMap::new();
                let mut region: Vec<Point> = stones.to_vec();
                let mut stack: Vec<Point> = stones.to_vec();
                while let Some(p) = stack.pop() {
                    for e in p.neighbours(size) {
                        if !self.position.is_empty_point(e) || region.contains(&e) {
                            continue;
                        }
                        let mut qualifies = false;
                        for n in e.neighbours(size) {
                            if self.position.color_at(n) != Some(owner) {
                                continue;
                            }
                            let id = self.position.string_id(n);
                            if id == target {
                                continue;
                            }
                            let id = id.expect("a stone stands");
                            let is_safe = match safe.get(&id) {
                                Some(&v) => v,
                                None => {
                                    let lowest = self
                                        .position
                                        .string_stones(n)
                                        .min()
                                        .expect("a stone stands");
                                    let v = !self.capture_attr(lowest, attacker).get(start);
                                    safe.insert(id, v);
                                    v
                                }
                            };
                            if is_safe {
                                qualifies = true;
                                break;
                            }
                        }
                        if qualifies {
                            region.push(e);
                            stack.push(e);
                        }
                    }
                }
                region.sort_unstable();
                region
            }
        }
    }

    /// The verdict on the string `stones` (sorted) of `owner`.
    fn judge_string(&mut self, stones: &[Point], owner: Color) -> RefVerdict {
        let attacker = !owner;
        let region = self.new_stone_points(stones, owner);
        let key = (region.clone(), owner);
        if !self.phase_two.contains_key(&key) {
            for &x in &region {
                self.capture_attr(x, attacker);
            }
            let graph = &self.graph;
            let n = graph.len();
            let owner_code = color_code(Some(owner));
            let mut g2 = Bits::new(n);
            for s in 0..n {
                // σ' = σ with the attacker to move: σ itself, or the owner's pass.
                let s_attacker = if graph.to_move[s] == attacker {
                    s
                } else {
                    graph.pass_child[s] as usize
                };
                let permanent = region.iter().any(|&x| {
                    graph.code_at(s, x) == owner_code
                        && !self.capture[&(x.index(), attacker)].get(s_attacker)
                });
                if permanent {
                    g2.set(s);
                }
            }
            let attr2 = graph.attractor(owner, &g2);
            self.phase_two.insert(key.clone(), attr2);
        }
        let graph = &self.graph;
        let attr2 = &self.phase_two[&key];
        let owner_code = color_code(Some(owner));
        let n = graph.len();
        let mut g1 = Bits::new(n);
        for s in 0..n {
            let removed = stones.iter().any(|&p| graph.code_at(s, p) != owner_code);
            if removed && !attr2.get(s) {
                g1.set(s);
            }
        }
        let attr1 = graph.attractor(attacker, &g1);
        let first = match self.reading.first {
            FirstMover::Attacker => attacker,
            FirstMover::Defender => owner,
        };
        if attr1.get(graph.roots[first] as usize) {
            RefVerdict::Dead
        } else {
            RefVerdict::Alive
        }
    }
}
