//! The exhaustive reference for the tsumego game of [`crate::tsumego`]: every state
//! reachable from the problem is enumerated and each objective is solved by an attractor
//! (a least fixpoint), for small boards. It shares nothing with the proof-number search
//! but `rules_core` and the [`Tsumego`] description, and it has no static shortcuts: the
//! safe-string and Benson cuts of the search must come out of the fixpoints by themselves.
//!
//! States are keyed exactly (two bits per point of the board, the player to move, and the
//! Art. 6 ko point when the player to move is not the ko master), never by a hash. With ko
//! master `M`, for attacker `A` and defender `D`:
//!
//! - `capture(x) = Attr_A({σ : x holds no D stone})`;
//! - `G2 = {σ : some point x of the target's points holds a D stone and σ' ∉ capture(x)}`,
//!   `σ'` being `σ` with `A` to move (`D` passes);
//! - `G1 = {σ : a target stone is gone, and σ ∉ Attr_D(G2)}` ([`KillRule::CaptureForGood`])
//!   or `{σ : a target stone is gone}` ([`KillRule::CaptureOnly`]); "a target stone is gone"
//!   reads "every target stone is gone" under [`TargetRule::EveryStone`];
//! - `kill = Attr_A(G1)`;
//! - `live = Attr_D(G3)` on the graph with the states where a target stone is gone taken
//!   as dead ends, `G3 = {σ : every target string has a liberty outside the region or is
//!   pass-alive}` (under `EveryStone`: some target string is there and is so).
//!
//! The result classes follow [`TsumegoSolver::class_for`](crate::tsumego::TsumegoSolver::class_for).
//!
//! ```
//! use rules_core::io::parse_diagram;
//! use rules_core::{Color, Move, PointSet};
//! use solver::tsumego::{Class, KillRule, TargetRule, Tsumego};
//! use solver::tsumego_reference::reference_classes;
//! let game = parse_diagram("
//! ## to-play B
//!  . . . .
//!  X X X X
//!  O O O X
//!  . . . O").unwrap();
//! let pos = game.position;
//! let region: PointSet = ["A1", "B1", "C1"].iter().map(|p| p.parse().unwrap()).collect();
//! let target = pos.string_stones("A2".parse().unwrap()).collect();
//! let problem = Tsumego {
//!     position: pos, attacker: Color::Black, target, region,
//!     kill_rule: KillRule::CaptureOnly, target_rule: TargetRule::AnyStone,
//! };
//! let classes = reference_classes(&problem, 100_000).unwrap();
//! assert!(classes.contains(&(Move::Play("B1".parse().unwrap()), Class::Win)));
//! ```

use crate::tsumego::{Class, KillRule, TargetRule, Tsumego};
use hashbrown::HashMap;
use rules_core::benson::pass_alive_for;
use rules_core::{Color, Move, Point, PointSet, Position};

/// Why the reference could not answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReferenceError {
    /// The board has more than 50 points (the exact key holds two bits per point).
    #[error("the board has more than 50 points")]
    BoardTooLarge,
    /// More states than the limit.
    #[error("more than {0} states")]
    TooManyStates(usize),
}

/// The exact key of a state: two bits per point of the board, then the player to move and
/// the ko point.
type Key = u128;

/// The most points of a board the key holds.
const MAX_POINTS: usize = 50;

/// The state graph of one ko master. States are kept as their exact keys (a position is
/// about 15 KB; a key is 16 bytes) and rebuilt when needed.
struct Graph {
    keys: Vec<Key>,
    to_move: Vec<Color>,
    succ: Vec<Vec<u32>>,
    pred: Vec<Vec<u32>>,
}

const TO_MOVE_BIT: Key = 1 << (2 * MAX_POINTS);
const KO_SHIFT: u32 = 2 * MAX_POINTS as u32 + 1;

/// The position of a key (the inverse of [`key`] for the points of `size`).
fn decode(k: Key, size: rules_core::Size) -> Position {
    let mut setup = rules_core::Setup::new(size);
    for (i, p) in size.points().enumerate() {
        match (k >> (2 * i)) & 3 {
            1 => {
                setup.black.insert(p);
            }
            2 => {
                setup.white.insert(p);
            }
            _ => {}
        }
    }
    setup.to_move = if k & TO_MOVE_BIT != 0 {
        Color::White
    } else {
        Color::Black
    };
    let ko = (k >> KO_SHIFT) as usize;
    setup.ko = (ko > 0).then(|| Point::from_index(ko - 1)).flatten();
    Position::from_setup(&setup).expect("keys come from legal positions")
}

/// The key of the same board with `color` to move (the other side passed).
fn with_to_move(k: Key, color: Color) -> Key {
    let white = color == Color::White;
    if (k & TO_MOVE_BIT != 0) == white {
        return k;
    }
    let k = k & ((1 << KO_SHIFT) - 1);
    if white {
        k | TO_MOVE_BIT
    } else {
        k & !TO_MOVE_BIT
    }
}

fn key(pos: &Position, master: Color) -> Key {
    let mut k: Key = 0;
    for (i, p) in pos.size().points().enumerate() {
        let code = match pos.color_at(p) {
            None => 0,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        };
        k |= code << (2 * i);
    }
    if pos.to_move() == Color::White {
        k |= TO_MOVE_BIT;
    }
    if pos.to_move() != master {
        if let Some(ko) = pos.ko_point() {
            k |= (ko.index() as Key + 1) << KO_SHIFT;
        }
    }
    k
}

/// The state after `mv`, with the master's ban ignored.
fn next(pos: &Position, mv: Move, master: Color) -> Position {
    let mut p = pos.clone();
    p.play_unchecked(mv);
    if p.to_move() == master {
        p.clear_ko();
    }
    p
}

fn moves(pos: &Position, region: &PointSet) -> Vec<Move> {
    let color = pos.to_move();
    let mut out: Vec<Move> = region
        .iter()
        .filter(|&p| pos.ko_point() != Some(p) && pos.is_legal_ignoring_ko(color, p))
        .map(Move::Play)
        .collect();
    out.push(Move::Pass);
    out
}

impl Graph {
    /// The graph from `start`, with `visit` called once on each state's position; a
    /// state where `end` holds gets no successors (its value does not depend on them).
    fn build(
        start: &Position,
        region: &PointSet,
        master: Color,
        max_states: usize,
        mut visit: impl FnMut(&Position),
        end: impl Fn(&Position) -> bool,
    ) -> Result<Graph, ReferenceError> {
        let size = start.size();
        let mut index: HashMap<Key, u32> = HashMap::new();
        let mut keys = Vec::new();
        let mut to_move = Vec::new();
        let mut succ: Vec<Vec<u32>> = Vec::new();
        let mut first = start.clone();
        if first.to_move() == master {
            first.clear_ko();
        }
        index.insert(key(&first, master), 0);
        keys.push(key(&first, master));
        to_move.push(first.to_move());
        let mut i = 0;
        while i < keys.len() {
            let pos = decode(keys[i], size);
            visit(&pos);
            let mut out = Vec::new();
            if end(&pos) {
                succ.push(out);
                i += 1;
                continue;
            }
            for mv in moves(&pos, region) {
                let n = next(&pos, mv, master);
                let k = key(&n, master);
                let id = match index.get(&k) {
                    Some(&id) => id,
                    None => {
                        if keys.len() >= max_states {
                            return Err(ReferenceError::TooManyStates(max_states));
                        }
                        let id = keys.len() as u32;
                        index.insert(k, id);
                        keys.push(k);
                        to_move.push(n.to_move());
                        id
                    }
                };
                out.push(id);
            }
            succ.push(out);
            i += 1;
        }
        let mut pred = vec![Vec::new(); keys.len()];
        for (s, out) in succ.iter().enumerate() {
            for &t in out {
                pred[t as usize].push(s as u32);
            }
        }
        Ok(Graph {
            keys,
            to_move,
            succ,
            pred,
        })
    }

    /// `Attr_player(goal)`, where `blocked` states are dead ends the player cannot pass
    /// through (they are never added).
    fn attractor(&self, player: Color, goal: &[bool], blocked: &[bool]) -> Vec<bool> {
        let n = self.keys.len();
        let mut win = vec![false; n];
        let mut left: Vec<usize> = self.succ.iter().map(Vec::len).collect();
        let mut queue = Vec::new();
        for s in 0..n {
            if goal[s] {
                win[s] = true;
                queue.push(s);
            }
        }
        while let Some(t) = queue.pop() {
            for &s in &self.pred[t] {
                let s = s as usize;
                if win[s] || blocked[s] {
                    continue;
                }
                if self.to_move[s] == player {
                    win[s] = true;
                    queue.push(s);
                } else {
                    left[s] -= 1;
                    if left[s] == 0 {
                        win[s] = true;
                        queue.push(s);
                    }
                }
            }
        }
        win
    }
}

/// G3: every target stone there and every target string safe ([`TargetRule::AnyStone`]),
/// or some target string there and safe ([`TargetRule::EveryStone`]).
fn all_safe(
    pos: &Position,
    target: &PointSet,
    region: &PointSet,
    owner: Color,
    rule: TargetRule,
) -> bool {
    let alive = pass_alive_for(pos, owner).chains;
    let safe = |p: Point| {
        pos.color_at(p) == Some(owner)
            && (alive.contains(p) || pos.liberties(p).iter().any(|l| !region.contains(l)))
    };
    match rule {
        TargetRule::AnyStone => target.iter().all(safe),
        TargetRule::EveryStone => target.iter().any(safe),
    }
}

/// Whether the attacker kills and whether the defender lives safely, for every state of
/// the graph of `master`.
struct Solved {
    kill: Vec<bool>,
    live: Vec<bool>,
    index: HashMap<Key, usize>,
    master: Color,
}

fn solve_master(
    problem: &Tsumego,
    master: Color,
    max_states: usize,
) -> Result<Solved, ReferenceError> {
    let a = problem.attacker;
    let d = !a;
    let target: Vec<Point> = problem.target.iter().collect();
    // Which target points hold a D stone (bit i for target[i]), and whether that is a
    // removal of the target.
    let held = |p: &Position| -> u64 {
        let mut bits = 0u64;
        for (i, &t) in target.iter().enumerate() {
            if p.color_at(t) == Some(d) {
                bits |= 1 << i;
            }
        }
        bits
    };
    let everything = (1u64 << target.len()) - 1;
    let is_removed = |bits: u64| match problem.target_rule {
        TargetRule::AnyStone => bits != everything,
        TargetRule::EveryStone => bits == 0,
    };
    // Per state: the target points held, and G3.
    let mut holds: Vec<u64> = Vec::new();
    let mut safe: Vec<bool> = Vec::new();
    let graph = Graph::build(
        &problem.position,
        &problem.region,
        master,
        max_states,
        |p| {
            holds.push(held(p));
            safe.push(all_safe(
                p,
                &problem.target,
                &problem.region,
                d,
                problem.target_rule,
            ));
        },
        // Under capture-only a removed target ends the game: a goal of the kill game and
        // a dead end of the life game, whatever follows (with capture-for-good the play
        // after the capture decides, so every state is expanded).
        |p| problem.kill_rule == KillRule::CaptureOnly && is_removed(held(p)),
    )?;
    let n = graph.keys.len();
    let removed: Vec<bool> = holds.iter().map(|&h| is_removed(h)).collect();
    let index: HashMap<Key, usize> = graph
        .keys
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, i))
        .collect();
    let none = vec![false; n];
    let g1: Vec<bool> = match problem.kill_rule {
        KillRule::CaptureOnly => removed.clone(),
        KillRule::CaptureForGood => {
            let captures: Vec<Vec<bool>> = (0..target.len())
                .map(|i| {
                    let goal: Vec<bool> = holds.iter().map(|&h| h & (1 << i) == 0).collect();
                    graph.attractor(a, &goal, &none)
                })
                .collect();
            let g2: Vec<bool> = (0..n)
                .map(|s| {
                    (0..target.len()).any(|i| {
                        if holds[s] & (1 << i) == 0 {
                            return false;
                        }
                        // D passes: the same board with A to move, in the graph because
                        // D may always pass.
                        let q = with_to_move(graph.keys[s], a);
                        index.get(&q).is_some_and(|&j| !captures[i][j])
                    })
                })
                .collect();
            let recreate = graph.attractor(d, &g2, &none);
            (0..n).map(|i| removed[i] && !recreate[i]).collect()
        }
    };
    let kill = graph.attractor(a, &g1, &none);
    let live = graph.attractor(d, &safe, &removed);
    Ok(Solved {
        kill,
        live,
        index,
        master,
    })
}

impl Solved {
    fn at(&self, pos: &Position) -> usize {
        let mut p = pos.clone();
        if p.to_move() == self.master {
            p.clear_ko();
        }
        self.index[&key(&p, self.master)]
    }
}

/// Whether safe life rules the kill out in every state of the problem's graphs, under
/// either ko master: no state is both won by the attacker's kill objective and by the
/// defender's safe life. The df-pn solver relies on it (a first move whose target lives
/// safely needs no kill search, `TsumegoSolver::reaches`); this checks it exhaustively.
///
/// # Errors
/// [`ReferenceError`] when the board or the state graph is too large.
pub fn safe_life_excludes_kill(
    problem: &Tsumego,
    max_states: usize,
) -> Result<bool, ReferenceError> {
    if problem.position.size().points().count() > MAX_POINTS || problem.target.len() > 60 {
        return Err(ReferenceError::BoardTooLarge);
    }
    for master in [problem.attacker, !problem.attacker] {
        let solved = solve_master(problem, master, max_states)?;
        if solved.kill.iter().zip(&solved.live).any(|(&k, &l)| k && l) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The class of every first move of the player to move (plays in the region, then the
/// pass), by exhaustive enumeration with at most `max_states` states per ko master.
///
/// # Errors
/// [`ReferenceError`] when the board or the state graph is too large.
pub fn reference_classes(
    problem: &Tsumego,
    max_states: usize,
) -> Result<Vec<(Move, Class)>, ReferenceError> {
    if problem.position.size().points().count() > MAX_POINTS || problem.target.len() > 60 {
        return Err(ReferenceError::BoardTooLarge);
    }
    let a = problem.attacker;
    let d = !a;
    let by_a = solve_master(problem, a, max_states)?;
    let by_d = solve_master(problem, d, max_states)?;
    let pos = &problem.position;
    let player = pos.to_move();
    let mut out = Vec::new();
    for mv in moves(pos, &problem.region) {
        if let Move::Play(p) = mv {
            if pos.ko_point() == Some(p) {
                continue;
            }
        }
        let child = pos.play(mv).expect("legal first move");
        let kill_a = by_a.kill[by_a.at(&child)];
        let kill_d = by_d.kill[by_d.at(&child)];
        let live_a = by_a.live[by_a.at(&child)];
        let live_d = by_d.live[by_d.at(&child)];
        let class = if player == a {
            if kill_d {
                Class::Win
            } else if kill_a {
                Class::Ko
            } else if !live_d {
                Class::Seki
            } else {
                Class::Fail
            }
        } else if !kill_a {
            if live_a {
                Class::Win
            } else {
                Class::Seki
            }
        } else if !kill_d {
            Class::Ko
        } else {
            Class::Fail
        };
        out.push((mv, class));
    }
    Ok(out)
}
