//! Static knowledge for the tsumego game of [`crate::tsumego`]: the eye-space bound,
//! targets lost in atari ([`captured_next`]), and no room for two eyes inside walls that
//! are never taken ([`no_permanent_stone`]).
//!
//! An enclosed defender with no room for two eyes, that cannot capture anything, is dead:
//! the attacker can capture it whatever the defender does. [`hopeless`] recognises the
//! plainest such areas exactly (no attacker stone inside, one connected space of at most
//! two empty points, or three with the attacker to move), so the search stops there
//! instead of playing out the filling of the last liberties. [`captured_next`] ends the
//! lines where a target string in atari cannot be saved: without it every such state was
//! expanded into one child per defender move, each taken at once (26 % of the nodes of the
//! 87 Go Game Guru problems solved at 200,000 nodes before and after it; BENCHMARKS.md). Soundness is checked against
//! the exhaustive reference (`solver/tests/tsumego_eyespace.rs`) and by the differential test of
//! the whole search.

use crate::eyespace::{no_room_in_areas, FLOOD_CAPACITY};
use crate::tsumego::TargetRule;
use rules_core::{Color, Point, PointSet, Position, CELLS};

/// [`Position::has_liberty_outside`] remembered per string for one call: a wall string is
/// met once per stone, and walking its stones is the costly part (its liberty set, built
/// before, was a fifth of the solver's time on Go Game Guru problems; BENCHMARKS.md).
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
        let wall = pos.has_liberty_outside(p, region);
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
/// Under [`TargetRule::EveryStone`] the target must stand in one area (two areas are
/// taken one at a time, and the defender may fill the first one again while the attacker
/// takes the second), and every other target point must be out of the defender's reach:
/// outside the region, or under a wall stone of the attacker.
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
    // Points of areas already read: a target stone there was judged with its area (an
    // area read only until it showed itself open holds the point that opens it, so every
    // start inside it finds it open again).
    let mut done = PointSet::new();
    // Under `EveryStone`, the empty points of the one area the target stands in.
    let mut only_area: Option<u32> = None;
    let mut stack = Vec::with_capacity(FLOOD_CAPACITY);
    let mut read = *target;
    for t in target.iter() {
        if pos.color_at(t) != Some(defender) || done.contains(t) {
            continue;
        }
        let mut empties = PointSet::new();
        let mut empty_count = 0;
        // Each point is judged when first seen: the search stops at the first point that
        // opens the area (outside the region, the ko point, an attacker stone of no wall,
        // a fourth empty point), before walking the rest of a big target.
        let mut open = !region.contains(t);
        let mut seen = PointSet::from_iter([t]);
        stack.clear();
        if !open {
            stack.push(t);
        }
        'flood: while let Some(p) = stack.pop() {
            for n in p.neighbours(size) {
                if seen.contains(n) {
                    continue;
                }
                let colour = pos.color_at(n);
                if colour == Some(attacker) && memo.is_wall(pos, n, region) {
                    // The wall itself: not part of the area; leave it unseen so that other
                    // areas see it as their wall too.
                    continue;
                }
                seen.insert(n);
                open = !region.contains(n)
                    || match colour {
                        None if pos.ko_point() == Some(n) => true,
                        None => {
                            empties.insert(n);
                            empty_count += 1;
                            empty_count > 3
                        }
                        Some(c) => c == attacker,
                    };
                if open {
                    break 'flood;
                }
                stack.push(n);
            }
        }
        done = done.union(&seen);
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
        match rule {
            TargetRule::AnyStone => {
                if dead && (n <= 2 || pos.to_move() == attacker) {
                    return Some(if zone {
                        seen.with_neighbours(size).union(target)
                    } else {
                        PointSet::new()
                    });
                }
            }
            // One area only: its capture removes every target stone at once. With two, the
            // first one taken leaves its points empty for the defender to fill again while
            // the attacker takes the second, and a big enough space gives it room to live.
            TargetRule::EveryStone => {
                if !dead || only_area.is_some() {
                    return None;
                }
                only_area = Some(n);
            }
        }
    }
    let dead = only_area.is_some_and(|n| {
        (n <= 2 || pos.to_move() == attacker)
            && no_target_point_to_refill(pos, target, region, attacker, &done, &mut memo)
    });
    dead.then_some(read)
}

/// Under [`TargetRule::EveryStone`], whether no target point outside the areas read
/// (`done`) can take a defender stone again while the attacker captures those areas: each
/// lies outside the region (nobody plays there) or holds a wall stone of the attacker
/// (never taken). An empty target point in the region could be filled again, and the
/// new stone, with its liberties out of the areas, need not be captured with them.
fn no_target_point_to_refill(
    pos: &Position,
    target: &PointSet,
    region: &PointSet,
    attacker: Color,
    done: &PointSet,
    memo: &mut WallMemo,
) -> bool {
    target.iter().all(|p| {
        done.contains(p)
            || !region.contains(p)
            || (pos.color_at(p) == Some(attacker) && memo.is_wall(pos, p, region))
    })
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
    // On the stack (asked at every leaf, a heap stack's allocation showed); a point is
    // pushed once, when it enters `seen`, so a board's points never overflow it.
    let mut stack = [Point::new(0, 0); CELLS];
    let mut top = 0;
    for t in target.iter() {
        if pos.color_at(t) == Some(!attacker) && seen.insert(t) {
            stack[top] = t;
            top += 1;
        }
    }
    let mut room = 0;
    while top > 0 {
        top -= 1;
        let p = stack[top];
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
            stack[top] = n;
            top += 1;
        }
    }
    room
}

/// Whether a target string in atari is lost whatever the defender does: the attacker takes
/// it within two moves. With `pos`'s side to move:
///
/// - the attacker to move takes a target string with one liberty, unless that liberty is
///   the point the ko rule bans now;
/// - the defender to move cannot save a target string `T` with one liberty `L` when no
///   attacker string next to `T` is in atari (nothing can be taken to give `T` a liberty:
///   a move elsewhere leaves `T`'s liberties as they are) and the extension at `L` takes
///   nothing and leaves the joined string one liberty at most (taking nothing, it makes no
///   ko, so the attacker's capture is legal).
///
/// The liberties the attacker is to fill must be points of `region` (a liberty outside
/// it makes a string safe). Under [`TargetRule::EveryStone`] the string must hold every
/// standing target stone, and with the defender to move every target point (else the
/// defender could put a stone back on a target point taken before). Only a capture is promised: a kill game may use it under
/// [`KillRule::CaptureOnly`](crate::tsumego::KillRule::CaptureOnly) only. Returns the points the answer rests on (a relevance zone before closing, see
/// [`crate::dfpn`]): the string, its liberty and every string next to either, with their
/// neighbours.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::{Color, PointSet};
/// use solver::tsumego::TargetRule;
/// use solver::tsumego_eyespace::captured_next;
/// // White's A1 B1 has one liberty (C1); extending there leaves it one (C2): dead.
/// let game = parse_diagram("
/// ## to-play W
///  . . . . .
///  X X . . .
///  O O . X .").unwrap();
/// let pos = game.position;
/// let target = pos.string_stones("A1".parse().unwrap()).collect();
/// let region: PointSet = pos.size().points().collect();
/// assert!(captured_next(&pos, &target, &region, Color::Black, TargetRule::AnyStone).is_some());
/// // Without Black's D1 the extension has two liberties and escapes.
/// let game = parse_diagram("
/// ## to-play W
///  . . . . .
///  X X . . .
///  O O . . .").unwrap();
/// let pos = game.position;
/// let target = pos.string_stones("A1".parse().unwrap()).collect();
/// assert!(captured_next(&pos, &target, &region, Color::Black, TargetRule::AnyStone).is_none());
/// ```
pub fn captured_next(
    pos: &Position,
    target: &PointSet,
    region: &PointSet,
    attacker: Color,
    rule: TargetRule,
) -> Option<PointSet> {
    let defender = !attacker;
    let size = pos.size();
    // Strings by their ids: the test runs at every state, and most strings have more
    // than one liberty, which is read before any set is built.
    let mut seen = PointSet::new();
    for t in target.iter() {
        if pos.color_at(t) != Some(defender) {
            continue;
        }
        let Some(id) = pos.string_id(t) else {
            continue;
        };
        if !seen.insert(id) || pos.liberty_count(t) != 1 {
            continue;
        }
        let stones: PointSet = pos.string_stones(t).collect();
        if rule == TargetRule::EveryStone
            && target
                .iter()
                .any(|p| pos.color_at(p) == Some(defender) && !stones.contains(p))
        {
            continue;
        }
        let Some(last) = pos.liberties(t).iter().next() else {
            continue;
        };
        if !region.contains(last) {
            // Out of the attacker's reach: the string is safe.
            continue;
        }
        if pos.to_move() == attacker {
            if pos.ko_point() != Some(last) {
                return Some(stones.with_neighbours(size));
            }
            continue;
        }
        if rule == TargetRule::EveryStone && target.iter().any(|p| !stones.contains(p)) {
            // An empty target point the defender could fill again: the capture of this
            // string would not remove every target stone.
            continue;
        }
        if let Some(zone) = extension_fails(pos, &stones, last, region, attacker) {
            return Some(zone);
        }
    }
    None
}

/// For [`captured_next`] with the defender to move: whether the string `stones` with its
/// one liberty `last` can neither take an attacker string next to it nor gain a second
/// liberty by extending at `last`; the zone when it cannot.
fn extension_fails(
    pos: &Position,
    stones: &PointSet,
    last: Point,
    region: &PointSet,
    attacker: Color,
) -> Option<PointSet> {
    let size = pos.size();
    let string_around = |p: Point| {
        pos.string_stones(p)
            .collect::<PointSet>()
            .with_neighbours(size)
    };
    // The string with its neighbours (`last` among them).
    let mut zone = stones.with_neighbours(size);
    for n in zone.difference(stones).iter() {
        if pos.color_at(n) == Some(attacker) {
            if pos.in_atari(n) {
                return None;
            }
            zone = zone.union(&string_around(n));
        }
    }
    // The extension at `last`: what it joins and the liberties of the whole.
    let mut joined = *stones;
    let mut liberties = PointSet::new();
    for n in last.neighbours(size) {
        match pos.color_at(n) {
            None => {
                liberties.insert(n);
            }
            Some(c) if c == attacker => {
                if pos.in_atari(n) {
                    // It would take stones (and maybe make a ko).
                    return None;
                }
                zone = zone.union(&string_around(n));
            }
            Some(_) => {
                if !joined.contains(n) {
                    let string: PointSet = pos.string_stones(n).collect();
                    joined = joined.union(&string);
                    liberties = liberties.union(&pos.liberties(n));
                    zone = zone.union(&string.with_neighbours(size));
                }
            }
        }
    }
    liberties.remove(last);
    zone = zone.union(&PointSet::from_iter([last]).with_neighbours(size));
    // One liberty left must be one the attacker may fill.
    (liberties.len() <= 1 && liberties.iter().all(|l| region.contains(l))).then_some(zone)
}

/// The areas around `points` (the maximal connected sets of points holding no stone of a
/// *safe* string, one with a liberty outside `region`: the attacker's walls of
/// [`no_permanent_stone`], and the defender's strings that touch the open board) when they
/// are closed: every neighbour of theirs outside them holds a stone of a safe string.
/// `None` when an area reaches past the region.
///
/// Nothing outside closed areas can change what happens inside them: the safe strings are
/// never taken (nobody plays outside the region), and no string inside reaches out. The
/// defender's safe strings bound the areas too: a problem's wall often touches stones of
/// the defender that reach the open board, and an area flooded through them was never
/// closed, so every board around them was searched whole.
pub(crate) fn closed_areas_around(
    pos: &Position,
    points: &PointSet,
    region: &PointSet,
) -> Option<PointSet> {
    flood_through_unsafe(pos, points, region, true)
}

/// The points reached from `points` through points holding no safe stone (as
/// [`closed_areas_around`]), expanding from points of `region` only: the closed areas
/// when it lies in the region, else with the points outside it where it reached them.
/// A move changes it only where points turn safe, so a search derives a child's from
/// its parent's.
pub(crate) fn flood_around(pos: &Position, points: &PointSet, region: &PointSet) -> PointSet {
    flood_through_unsafe(pos, points, region, false).unwrap_or_default()
}

/// [`closed_areas_around`] (`None` at the first point outside `region`, when
/// `stop_outside`) and [`flood_around`].
fn flood_through_unsafe(
    pos: &Position,
    points: &PointSet,
    region: &PointSet,
    stop_outside: bool,
) -> Option<PointSet> {
    let mut memo = WallMemo::default();
    let size = pos.size();
    let mut area = PointSet::new();
    let mut stack = Vec::with_capacity(region.len());
    // `WallMemo::is_wall` asks only for a liberty outside the region, of either colour
    // (an empty point is no string: never safe).
    let mut safe = |p: Point| memo.is_wall(pos, p, region);
    for p in points.iter() {
        if !safe(p) && area.insert(p) {
            stack.push(p);
        }
    }
    while let Some(q) = stack.pop() {
        if !region.contains(q) {
            if stop_outside {
                return None;
            }
            continue;
        }
        for n in q.neighbours(size) {
            if area.contains(n) || safe(n) {
                continue;
            }
            area.insert(n);
            stack.push(n);
        }
    }
    Some(area)
}

/// Whether the defender can never have an uncapturable stone on any point of `points`
/// (a target's points, its stones standing or just taken), whoever moves: then the
/// attacker takes whatever stands there, for good. Read statically: the tsumego form of the
/// confirmation's rule ([`crate::eyespace`]), with the attacker strings that keep a
/// liberty outside `region` as the walls (nobody plays outside the region, so they are
/// never taken, and a stone joining them never is either). Around each point, the maximal
/// connected set of points holding no wall stone must lie inside the region, and its
/// interior (points with no wall neighbour) must be at most one point or two neighbours:
/// the attacker fills the points next to the walls (joining them: never suicide, never a
/// ko capture) and then takes whatever the defender has in the interior, so the defender
/// can never make two eyes there. [`crate::eyespace`]'s module documentation gives the
/// proof, which needs nothing of the walls but that they are never taken.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::{Color, PointSet};
/// use solver::tsumego_eyespace::no_permanent_stone;
/// // White's two stones on A1 B1 were just taken; Black's wall keeps liberties above the
/// // region (the bottom two rows), and the two points can hold no living White stone.
/// let game = parse_diagram("
///  . . . . .
///  X X X . .
///  . . X . .").unwrap();
/// let pos = game.position;
/// let region: PointSet = pos.size().points().filter(|p| p.coords().1 < 2).collect();
/// let taken: PointSet = ["A1", "B1"].iter().map(|p| p.parse().unwrap()).collect();
/// assert!(no_permanent_stone(&pos, Color::Black, &taken, &region));
/// ```
pub fn no_permanent_stone(
    pos: &Position,
    attacker: Color,
    points: &PointSet,
    region: &PointSet,
) -> bool {
    let mut memo = WallMemo::default();
    no_room_in_areas(
        pos,
        points,
        |p| pos.color_at(p) == Some(attacker) && memo.is_wall(pos, p, region),
        |p| region.contains(p),
    )
}
