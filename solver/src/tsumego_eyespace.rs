//! Static knowledge for the tsumego game of [`crate::tsumego`]: the eye-space bound.
//!
//! An enclosed defender with no room for two eyes, that cannot capture anything, is dead:
//! the attacker can capture it whatever the defender does. [`hopeless`] recognises the
//! plainest such areas exactly (no attacker stone inside, one connected space of at most
//! two empty points, or three with the attacker to move), so the search stops there
//! instead of playing out the filling of the last liberties. Soundness is checked against
//! the exhaustive reference (`solver/tests/tsumego_eyespace.rs`) and by the differential test of
//! the whole search.

use crate::tsumego::TargetRule;
use rules_core::{Color, Point, PointSet, Position};

fn has_outside_liberty(pos: &Position, p: Point, region: &PointSet) -> bool {
    pos.liberties(p).iter().any(|l| !region.contains(l))
}

/// [`has_outside_liberty`] remembered per string for one call: a wall string is met once
/// per stone, and its liberty set is the costly part (a fifth of the solver's time on
/// Go Game Guru problems before; BENCHMARKS.md).
#[derive(Default)]
struct WallMemo {
    wall: PointSet,
    inner: PointSet,
}

impl WallMemo {
    fn is_wall(&mut self, pos: &Position, p: Point, region: &PointSet) -> bool {
        let Some(id) = pos.string_id(p) else {
            return false;
        };
        if self.wall.contains(id) {
            return true;
        }
        if self.inner.contains(id) {
            return false;
        }
        let wall = has_outside_liberty(pos, p, region);
        if wall {
            self.wall.insert(id);
        } else {
            self.inner.insert(id);
        }
        wall
    }
}

/// Whether the attacker can surely remove what it must, read statically: the eye-space
/// bound for enclosed defenders. For each target string, `Z` is the area reachable from it
/// through points of the region that are not safe attacker stones (a liberty outside the
/// region: never capturable). The area is hopeless when it holds no attacker stone (the
/// defender can capture nothing, so no seki and no ko), touches nothing outside the region,
/// and its empty points form one connected space of at most two points (the defender can
/// fill one, never both, and the attacker's fill captures every defender string of `Z`), or
/// of three points with the attacker to move (it takes the middle point, adjacent to both
/// ends, and the defender is left with at most two). A ko point in the space is not
/// trusted. Only a capture is promised: the kill rule must be [`KillRule::CaptureOnly`](crate::tsumego::KillRule::CaptureOnly).
/// Under [`TargetRule::EveryStone`] every target area must be hopeless, and the
/// three-point case is used only when there is one area (the attacker cannot move first
/// in two areas at once).
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::{Color, PointSet};
/// use solver::tsumego_eyespace::hopeless;
/// use solver::tsumego::TargetRule;
/// // White has a two-point eye inside Black's wall, which touches the open board (the
/// // region is the bottom two rows): dead whoever moves.
/// let game = parse_diagram("
///  . . . . .
///  X X X X X
///  O O O X .
///  . . O X .").unwrap();
/// let pos = game.position;
/// let region: PointSet = pos.size().points().filter(|p| p.coords().1 < 2).collect();
/// let target = pos.string_stones("A2".parse().unwrap()).collect();
/// assert!(hopeless(&pos, &target, &region, Color::Black, TargetRule::AnyStone));
/// // With a third empty point it depends on who moves first: White to play lives.
/// let game = parse_diagram("
/// ## to-play W
///  . . . . .
///  X X X X X
///  . O O X .
///  . . O X .").unwrap();
/// let pos = game.position;
/// let target = pos.string_stones("B2".parse().unwrap()).collect();
/// assert!(!hopeless(&pos, &target, &region, Color::Black, TargetRule::AnyStone));
/// ```
pub fn hopeless(
    pos: &Position,
    target: &PointSet,
    region: &PointSet,
    attacker: Color,
    rule: TargetRule,
) -> bool {
    hopeless_within(pos, target, region, attacker, rule, false).is_some()
}

/// [`hopeless`] with the points its answer rests on: the areas it read, their neighbours
/// and the target (a relevance zone before closing, see [`crate::dfpn`]).
pub(crate) fn hopeless_zone(
    pos: &Position,
    target: &PointSet,
    region: &PointSet,
    attacker: Color,
    rule: TargetRule,
) -> Option<PointSet> {
    hopeless_within(pos, target, region, attacker, rule, true)
}

/// [`hopeless`], with the zone when `zone` is asked (else an empty set on success): the
/// search's terminal test runs at every state, the zone only with relevance zones on.
fn hopeless_within(
    pos: &Position,
    target: &PointSet,
    region: &PointSet,
    attacker: Color,
    rule: TargetRule,
    zone: bool,
) -> Option<PointSet> {
    let defender = !attacker;
    let size = pos.size();
    let mut memo = WallMemo::default();
    // Points of areas explored to the end: a target string there was judged with its area.
    let mut done = PointSet::new();
    // (empty points, dead whatever is to move) per area.
    let mut areas: Vec<(u32, bool)> = Vec::new();
    let mut stack = Vec::new();
    let mut read = *target;
    for t in target.iter() {
        if pos.color_at(t) != Some(defender) || done.contains(t) {
            continue;
        }
        let mut empties = PointSet::new();
        let mut open = false;
        let mut seen = PointSet::from_iter([t]);
        stack.clear();
        stack.push(t);
        while let Some(p) = stack.pop() {
            if !region.contains(p) {
                open = true;
                break;
            }
            match pos.color_at(p) {
                None => {
                    if pos.ko_point() == Some(p) {
                        open = true;
                        break;
                    }
                    empties.insert(p);
                }
                Some(c) if c == attacker => {
                    // Reached only from the area's side: a safe attacker string is a wall.
                    if memo.is_wall(pos, p, region) {
                        continue;
                    }
                    open = true;
                    break;
                }
                Some(_) => {}
            }
            for n in p.neighbours(size) {
                if seen.contains(n) {
                    continue;
                }
                if pos.color_at(n) == Some(attacker) && memo.is_wall(pos, n, region) {
                    // The wall itself: not part of the area; leave it unseen so that other
                    // areas see it as their wall too.
                    continue;
                }
                seen.insert(n);
                stack.push(n);
            }
            if empties.len() > 3 {
                open = true;
                break;
            }
        }
        if !open {
            done = done.union(&seen);
        }
        if zone && rule == TargetRule::EveryStone {
            read = read.union(&seen.with_neighbours(size));
        }
        let n = empties.len() as u32;
        let connected = n <= 1 || {
            let first = empties.iter().next().expect("n > 1");
            let mut reached = PointSet::from_iter([first]);
            let mut st = vec![first];
            while let Some(p) = st.pop() {
                for q in p.neighbours(size) {
                    if empties.contains(q) && reached.insert(q) {
                        st.push(q);
                    }
                }
            }
            reached.len() == empties.len()
        };
        let dead = !open && connected && (1..=3).contains(&n);
        match (rule, dead) {
            (TargetRule::AnyStone, true) if n <= 2 || pos.to_move() == attacker => {
                return Some(if zone {
                    seen.with_neighbours(size).union(target)
                } else {
                    PointSet::new()
                });
            }
            (TargetRule::EveryStone, false) => return None,
            _ => {}
        }
        areas.push((n, dead));
    }
    let dead = match rule {
        TargetRule::AnyStone => false,
        TargetRule::EveryStone => match areas.as_slice() {
            [] => false,
            [(n, _)] => *n <= 2 || pos.to_move() == attacker,
            many => many.iter().all(|&(n, _)| n <= 2),
        },
    };
    dead.then_some(read)
}

/// The room the defender has around `target`: the empty points reachable from the target
/// stones through points of the region that are not safe attacker stones (a liberty
/// outside the region), counted up to `cap`. Only a hint for the search's leaf
/// initialisation (more room, harder to kill); it decides nothing.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::{Color, PointSet};
/// use solver::tsumego_eyespace::eye_room;
/// let game = parse_diagram("
///  . . . . .
///  X X X X X
///  . O O X .
///  . . O X .").unwrap();
/// let pos = game.position;
/// let region: PointSet = pos.size().points().filter(|p| p.coords().1 < 2).collect();
/// let target = pos.string_stones("B2".parse().unwrap()).collect();
/// assert_eq!(eye_room(&pos, &target, &region, Color::Black, 10), 3);
/// ```
pub fn eye_room(
    pos: &Position,
    target: &PointSet,
    region: &PointSet,
    attacker: Color,
    cap: u32,
) -> u32 {
    let size = pos.size();
    let mut memo = WallMemo::default();
    let mut seen = PointSet::new();
    let mut stack: Vec<Point> = Vec::new();
    for t in target.iter() {
        if pos.color_at(t) == Some(!attacker) && seen.insert(t) {
            stack.push(t);
        }
    }
    let mut room = 0;
    while let Some(p) = stack.pop() {
        if pos.is_empty_point(p) {
            room += 1;
            if room >= cap {
                return cap;
            }
        }
        for n in p.neighbours(size) {
            if !region.contains(n) || seen.contains(n) {
                continue;
            }
            if pos.color_at(n) == Some(attacker) && memo.is_wall(pos, n, region) {
                continue;
            }
            seen.insert(n);
            stack.push(n);
        }
    }
    room
}
