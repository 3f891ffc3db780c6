//! A static rule for dead stones: no room for two eyes inside pass-alive walls.
//!
//! ## The rule
//! Let `T` be a string of `D`, `A` its opponent, `r` the maximal connected set of points
//! around `T` that hold no stone of `A`'s pass-alive chains, and `W` the chains of `A`
//! that stay pass-alive when the regions meeting `r` are not counted as vital
//! ([`rules_core::benson::pass_alive_excluding`]). If every `A` stone next to `r` belongs
//! to `W`, and the *interior* of `r` (its points with no neighbour in `W`) holds no two
//! points that are not neighbours of each other, then `T` is dead: `A` can capture it, and
//! `D` can never have an uncapturable stone anywhere in `r`.
//!
//! ## Why it is sound
//! `A`'s strategy, whoever moves first, under every ko rule of the confirmation:
//! 1. `A` never has to answer anything outside `r`: `W` is pass-alive without `r`, so `D`
//!    can never capture it, even if `A` only passes there and fills `r` completely.
//! 2. `A` plays on the empty points of `r` next to `W`. Such a stone joins a chain of `W`:
//!    it is never suicide (the chain keeps its liberties in its two vital regions outside
//!    `r`), never a ko capture (a ko capture is made by a lone stone), so never banned, and
//!    never captured afterwards. Every such move adds a stone that stays, so after finitely
//!    many of them every point of `r` outside the interior holds a stone of `A` joined to
//!    `W`, or a stone of `D`.
//! 3. Then every `D` string in `r` has its liberties in the interior (its liberties are in
//!    `r`, `r` being maximal). The interior is one point, or two neighbouring points, or
//!    nothing: `A` plays into it and captures. A capture there is never a ko capture:
//!    every neighbour of an interior point other than the interior itself holds a stone of
//!    `D` at that moment, and all of them are taken together, so either two stones or more
//!    are taken, or the capturing stone keeps a second liberty. With two interior points,
//!    `A` plays one; if `D` takes that stone back by playing the other, its strings are
//!    left with the single liberty just emptied, and `A` plays there and takes them all.
//! 4. So no `D` stone in `r` is ever uncapturable: `T` is taken, and no new stone of `D`
//!    on its points (nor anywhere in `r`) can be made permanent, which is exactly the
//!    two-phase objective of the confirmation (spec §3.4) under every new-stone scope
//!    (local-1 and local-2 stay inside `r`; the independent area of `T` is inside `r`
//!    because `W` separates areas). `D` could only live with two eyes, and an eye point of
//!    `D` can be neither next to `W` (whose stones never leave) nor next to another eye
//!    point.
//!
//! The rule is checked against the exhaustive reference by the differential test.

use crate::confirm::PlayedMove;
use rules_core::benson::{pass_alive_excluding, strings_pass_alive_excluding};
use rules_core::confirmation::{ConfirmationMove, ConfirmationState};
use rules_core::{Color, Point, PointSet, Position, Size};
use std::ops::ControlFlow;

/// What the flood fills' stacks hold before they grow: one allocation instead of several
/// reallocations (they run at every node of the searches; the growth was 2 % of a run).
pub(crate) const FLOOD_CAPACITY: usize = 64;

/// Where the rule applies: the region and its interior.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NoRoom {
    /// The points around the string not held by the attacker's pass-alive chains.
    pub(crate) region: PointSet,
    /// The points of the region with no neighbour in the walls (at most two, neighbours).
    pub(crate) interior: PointSet,
}

/// Applies the rule to the string through `stone`, whose opponent has the pass-alive
/// chains `pass_alive` (Benson's, on `position`).
pub(crate) fn no_room_for_two_eyes(
    position: &Position,
    stone: Point,
    pass_alive: &PointSet,
) -> Option<NoRoom> {
    let defender = position.color_at(stone)?;
    no_room_around(position, !defender, stone, pass_alive)
}

/// Whether the opponent of `attacker` can never have an uncapturable stone on any point of
/// `points` (from this state, whoever moves, under every reading): each point holds a
/// stone of the attacker's pass-alive chains, or lies in a region where the rule applies.
/// Used by the searches as a terminal test.
///
/// With several regions this holds for an attacker that passes until the defender shows a
/// stone there and then fills that one region: the defender's moves never take a pass-alive
/// chain's status. An attacker that must first fill one region to capture a string and then
/// keep the others (the kill search) passes `one_region`, so that no filling can cost
/// another region its walls.
///
/// `chains` gives the attacker's pass-alive chains (`pass_alive_for(position,
/// attacker).chains`); it is called only where the walls' test leaves several areas, so
/// that a memo can supply them ([`crate::static_memo`]).
pub(crate) fn no_permanent_stone_possible(
    position: &Position,
    attacker: Color,
    points: &PointSet,
    one_region: bool,
    chains: impl FnOnce() -> PointSet,
) -> bool {
    // A necessary condition first, without Benson. The attacker's pass-alive chains are
    // among its strings that touch two regions whose empty points are all their liberties
    // (Benson's first count, `two_small_regions`), and two of those regions are bordered
    // by such strings alone (his second round): call those strings the walls (`Walls`).
    // Around a point not in a wall, the region free of walls lies inside the rule's
    // region (free of the chains), and so does its interior: a point with no neighbour
    // in a wall has none in the chains. Two points of that interior apart already leave
    // room. (Plain attacker stones as walls gave the same test more weakly: the stones
    // the attacker plays inside a hole cut it up, and Benson then ran on most states of a
    // capture search.)
    let mut walls = Walls::default();
    let Some((areas, count)) = areas_without_room(
        position,
        points,
        |p| walls.is_wall(position, attacker, p),
        |_| true,
    ) else {
        return false;
    };
    if count <= 1 {
        return held_by_its_walls(position, attacker, points, &areas);
    }
    by_maximal_regions(position, attacker, points, one_region, &chains())
}

/// [`no_permanent_stone_possible`] where the walls' test left one area (or none): Benson
/// without the area, read from the strings around it alone
/// ([`strings_pass_alive_excluding`]), instead of two runs on the whole board (its
/// chains, then the rule's own run without the region). If every stone around the area
/// stays pass-alive without it, the area is the rule's region `r`: its border is
/// pass-alive, and none of its points can be (every pass-alive chain is a wall), so the
/// flood of the rule stops exactly there; the strings around it are in `W`, and the walls'
/// test already read the interior against them (every stone around the area is a wall).
/// If not, `false`: the rule's region may still reach past a wall that is not pass-alive
/// and hold there, so this misses a few states the rule would end (a search then goes on
/// from them), but never claims one it would not (on the 33 corpus positions two searches
/// took 2 and 100 nodes more; BENCHMARKS.md, "Session 40").
fn held_by_its_walls(
    position: &Position,
    attacker: Color,
    points: &PointSet,
    area: &PointSet,
) -> bool {
    // Benson read from the strings around the area alone: most of a 19x19 board is never
    // looked at.
    let border = area.with_neighbours(position.size()).difference(area);
    let walls = border.union(&points.difference(area));
    !walls.is_empty() && strings_pass_alive_excluding(position, attacker, &walls, area)
}

/// The rule on `points` with the attacker's pass-alive chains `pass_alive` (Benson's on
/// the whole board): each point holds a stone of them or lies in a region where the rule
/// applies, and with `one_region` there is at most one such region.
fn by_maximal_regions(
    position: &Position,
    attacker: Color,
    points: &PointSet,
    one_region: bool,
    pass_alive: &PointSet,
) -> bool {
    if pass_alive.is_empty() {
        return false;
    }
    let mut covered = *pass_alive;
    let mut regions = 0;
    for p in points.iter() {
        if covered.contains(p) {
            continue;
        }
        match no_room_around(position, attacker, p, pass_alive) {
            Some(room) => {
                covered = covered.union(&room.region);
                regions += 1;
            }
            None => return false,
        }
    }
    !one_region || regions <= 1
}

/// Whether every point of `points` that is not a wall lies in an area (a maximal
/// connected set of points that are not walls) whose interior, its points with no wall
/// neighbour, is at most one point or two neighbouring points: the room test of the rule
/// (module documentation), with the walls given by `is_wall`. `false` as soon as an area
/// has more room, or reaches a point that is not `inside` (the tsumego game's region).
pub(crate) fn no_room_in_areas(
    position: &Position,
    points: &PointSet,
    is_wall: impl FnMut(Point) -> bool,
    inside: impl Fn(Point) -> bool,
) -> bool {
    areas_without_room(position, points, is_wall, inside).is_some()
}

/// [`no_room_in_areas`] with the areas when it holds: their points, and how many areas.
fn areas_without_room(
    position: &Position,
    points: &PointSet,
    mut is_wall: impl FnMut(Point) -> bool,
    inside: impl Fn(Point) -> bool,
) -> Option<(PointSet, u32)> {
    let size = position.size();
    let mut seen = PointSet::new();
    let mut count = 0;
    for p in points.iter() {
        if seen.contains(p) || is_wall(p) {
            continue;
        }
        let mut area = PointSet::from_iter([p]);
        let mut stack = Vec::with_capacity(FLOOD_CAPACITY);
        stack.push(p);
        let mut interior: Vec<Point> = Vec::with_capacity(2);
        while let Some(q) = stack.pop() {
            if !inside(q) {
                return None;
            }
            let mut by_wall = false;
            for n in q.neighbours(size) {
                if is_wall(n) {
                    by_wall = true;
                } else if area.insert(n) {
                    stack.push(n);
                }
            }
            if !by_wall && !still_one_eye(&mut interior, q, size) {
                return None;
            }
        }
        seen = seen.union(&area);
        count += 1;
    }
    Some((seen, count))
}

/// Adds `point` to the interior points found so far, if they then still leave room for one
/// eye at most (one point, or two neighbouring points); `false` otherwise. Room only grows
/// with more points, so a flood fill can stop at the first `false`.
fn still_one_eye(interior: &mut Vec<Point>, point: Point, size: Size) -> bool {
    if interior.len() >= 2
        || interior
            .iter()
            .any(|&i| !i.neighbours(size).any(|n| n == point))
    {
        return false;
    }
    interior.push(point);
    true
}

/// The attacker's strings sorted into walls and the others, as far as
/// [`no_permanent_stone_possible`]'s test has met them. A wall is a string with two small
/// regions (S, [`two_small_regions`]) of which two are bordered by strings of S alone:
/// Benson's second round, which removes the regions next to a string his first round
/// removes (a string outside S). Every pass-alive chain passes both rounds, so the walls
/// still include every pass-alive chain. Without the second round, the walls of a
/// territory that had small eyes of their own but shared them with weaker strings sent
/// nearly every state of the searches after a capture to Benson (a lone stone in a
/// territory, continued `gosei/Gosei/38/Q26.sgf`'s D12: 245,973 Benson runs in 300,000
/// nodes, 2,433 of them giving the rule; 70,896 with the second round, and a third
/// saved only 5 % more).
#[derive(Default)]
struct Walls {
    /// Strings (by [`Position::string_id`]) whose membership of S is known, and those of
    /// them in S.
    known: PointSet,
    in_s: PointSet,
    /// Strings whose wall status is known, and the walls.
    judged: PointSet,
    walls: PointSet,
    /// The bordering stones of each small region of the string being judged (a buffer).
    borders: Vec<PointSet>,
}

impl Walls {
    /// Whether `point` holds a stone of a wall. Kept small so that it inlines into the
    /// floods that ask it for every neighbour: most asks are answered from `judged` (7
    /// million of them on corpus 06, where the call itself was a fifth of the test's cost).
    #[inline]
    fn is_wall(&mut self, position: &Position, attacker: Color, point: Point) -> bool {
        if position.color_at(point) != Some(attacker) {
            return false;
        }
        let Some(id) = position.string_id(point) else {
            return false;
        };
        if !self.judged.contains(id) {
            self.judge(position, point, id);
        }
        self.walls.contains(id)
    }

    /// Judges the string `id` through `point` (a stone): a wall or not.
    #[inline(never)]
    fn judge(&mut self, position: &Position, point: Point, id: Point) {
        self.judged.insert(id);
        // One flood of the string's regions serves both counts: S needs two small
        // regions, a wall two whose borders are in S (flooding them once for each count
        // was a third of the test's time).
        let mut borders = std::mem::take(&mut self.borders);
        borders.clear();
        for_each_small_region(position, point, |border| {
            borders.push(*border);
            ControlFlow::Continue(())
        });
        if self.known.insert(id) && borders.len() >= 2 {
            self.in_s.insert(id);
        }
        if self.in_s.contains(id)
            && borders
                .iter()
                .filter(|border| border.iter().all(|b| self.in_s(position, b)))
                .nth(1)
                .is_some()
        {
            self.walls.insert(id);
        }
        self.borders = borders;
    }

    /// Whether the string through `point` (a stone) is in S.
    fn in_s(&mut self, position: &Position, point: Point) -> bool {
        let Some(id) = position.string_id(point) else {
            return false;
        };
        if self.known.insert(id) && two_small_regions(position, point) {
            self.in_s.insert(id);
        }
        self.in_s.contains(id)
    }
}

/// Whether the string through `point` (a stone) is a wall (`Walls`): a necessary condition
/// for it to belong to a pass-alive chain, cheaper than Benson on the whole board, with
/// `false` exact.
pub(crate) fn may_be_pass_alive(position: &Position, point: Point) -> bool {
    position
        .color_at(point)
        .is_some_and(|owner| Walls::default().is_wall(position, owner, point))
}

/// Whether the string through `point` may touch two regions of its owner (maximal
/// connected sets of points not holding the owner's stones) whose empty points are all its
/// liberties: Benson's vital regions, counted before any chain or region is removed.
/// Removals only lower a chain's count of vital regions, so a string without two of them
/// is never pass-alive; `false` is exact, `true` is only a necessary condition for
/// pass-alive, and every caller checks Benson itself after it. Each flood fill stops at
/// the first empty point that is not a liberty (the region is then not vital), or at a
/// point an earlier fill visited: a small region's fill covers it whole and regions never
/// meet, so such a point lies in a region found not vital, this one. (Before that second
/// stop, a later liberty of a stopped region could be cut off by the points already
/// visited and counted as vital; on corpus 06 the exact count takes 1.0 % fewer
/// instructions.) Finishing every fill instead would flood whole open areas (the
/// function is hot).
pub(crate) fn two_small_regions(position: &Position, point: Point) -> bool {
    let mut vital = 0;
    for_each_small_region(position, point, |_| {
        vital += 1;
        if vital >= 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    vital >= 2
}

/// Calls `visit` with the bordering stones of the owner (all of them, the string's own
/// included) of each small region of the string through `point` as [`two_small_regions`]
/// finds them, until `visit` breaks.
fn for_each_small_region(
    position: &Position,
    point: Point,
    mut visit: impl FnMut(&PointSet) -> ControlFlow<()>,
) {
    let Some(owner) = position.color_at(point) else {
        return;
    };
    let size = position.size();
    let libs = position.liberties(point);
    let mut visited = PointSet::new();
    let mut stack: Vec<Point> = Vec::with_capacity(FLOOD_CAPACITY);
    for l in libs.iter() {
        if !visited.insert(l) {
            continue;
        }
        stack.clear();
        stack.push(l);
        let mut small = true;
        let mut border = PointSet::new();
        let mut this_fill = PointSet::from_iter([l]);
        'fill: while let Some(q) = stack.pop() {
            for n in q.neighbours(size) {
                match position.color_at(n) {
                    Some(c) if c == owner => {
                        border.insert(n);
                    }
                    colour => {
                        if colour.is_none() && !libs.contains(n) {
                            small = false;
                            break 'fill;
                        }
                        if visited.insert(n) {
                            this_fill.insert(n);
                            stack.push(n);
                        } else if !this_fill.contains(n) {
                            // Visited by an earlier fill of this same region (a small
                            // region's fill covers it whole, and regions do not meet),
                            // which found it not small.
                            small = false;
                            break 'fill;
                        }
                    }
                }
            }
        }
        if small && visit(&border).is_break() {
            return;
        }
    }
}

/// The rule for the region of `point` (not a stone of `pass_alive`, the attacker's
/// pass-alive chains).
fn no_room_around(
    position: &Position,
    attacker: Color,
    point: Point,
    pass_alive: &PointSet,
) -> Option<NoRoom> {
    if pass_alive.is_empty() || pass_alive.contains(point) {
        return None;
    }
    // The interior and the room in it do not depend on which chains stay pass-alive
    // (every neighbour outside the region is a stone of `pass_alive`, and must be a wall),
    // so they are tested during the flood: most regions in a search have room, often
    // most of the board, and the flood then stops at the third interior point instead of
    // covering them (it was a quarter of a kill search's time), and the costlier Benson
    // without the region is not needed.
    let size = position.size();
    let mut region = PointSet::new();
    region.insert(point);
    let mut stack = Vec::with_capacity(FLOOD_CAPACITY);
    stack.push(point);
    let mut interior: Vec<Point> = Vec::with_capacity(2);
    while let Some(p) = stack.pop() {
        let mut next_to_wall = false;
        for n in p.neighbours(size) {
            if pass_alive.contains(n) {
                next_to_wall = true;
            } else if region.insert(n) {
                stack.push(n);
            }
        }
        if !next_to_wall && !still_one_eye(&mut interior, p, size) {
            return None;
        }
    }
    let outside = region.with_neighbours(size).difference(&region);
    // Every stone around the region must stay pass-alive while the attacker fills it.
    let walls = pass_alive_excluding(position, attacker, &region).chains;
    if !outside.difference(&walls).is_empty() {
        return None;
    }
    Some(NoRoom {
        region,
        interior: interior.into_iter().collect(),
    })
}

/// A line that shows the rule at work: the attacker fills the string's liberties, those
/// next to its walls first, while the defender passes, until the string is taken. It is an
/// illustration (the proof is the rule); `None` if a move of it is refused, which the rule
/// says cannot happen.
pub(crate) fn filling_line(
    start: &ConfirmationState,
    stone: Point,
    room: &NoRoom,
) -> Option<Vec<PlayedMove>> {
    let defender = start.position().color_at(stone)?;
    let mut state = start.clone();
    let mut line = Vec::new();
    for _ in 0..2 * room.region.len() + 2 {
        if state.position().color_at(stone) != Some(defender) {
            return Some(line);
        }
        let mover = state.to_move();
        let mv = if mover == defender {
            ConfirmationMove::Pass
        } else {
            let libs = state.position().liberties(stone);
            let fill = libs
                .iter()
                .find(|p| !room.interior.contains(*p))
                .or_else(|| libs.iter().next())?;
            ConfirmationMove::Play(fill)
        };
        state = state.play(mv).ok()?;
        line.push(PlayedMove { color: mover, mv });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_boards::random_boards;
    use rules_core::benson::pass_alive_for;
    use rules_core::io::parse_diagram;

    fn room(diagram: &str, stone: &str) -> Option<NoRoom> {
        let pos = parse_diagram(diagram).unwrap().position;
        let stone: Point = stone.parse().unwrap();
        let attacker = !pos.color_at(stone).unwrap();
        no_room_for_two_eyes(&pos, stone, &pass_alive_for(&pos, attacker).chains)
    }

    #[test]
    fn stones_caught_in_a_snapback_have_no_room() {
        // White A2 B2 inside Black's walls; the lone Black A1 is no wall, so the region is
        // A1 A2 B1 B2 and its interior the one point A1.
        let r = room(
            "
            . X . X .
            X X X X X
            O O X . X
            X . X X X",
            "A2",
        )
        .expect("the rule applies");
        assert_eq!(r.region.len(), 4);
        assert_eq!(
            r.interior.iter().collect::<Vec<_>>(),
            vec!["A1".parse().unwrap()]
        );
    }

    #[test]
    fn a_stone_in_an_eye_the_walls_need_is_left_to_search() {
        // White C4 sits in one of Black's two eyes: without that region Black is not
        // pass-alive, so the rule does not apply (an enclosure search decides it).
        assert!(room(
            "
            . X . . X
            X X O . X
            X X X X X
            O O O O O
            . O . O .",
            "C4"
        )
        .is_none());
    }

    #[test]
    fn a_big_hole_has_room() {
        // Straight three inside a pass-alive wall: the interior C1-E1, C2-E2 is too big.
        assert!(room(
            "
            . X . X . X .
            X X X X X X X
            X O O O O O X
            X O . . . O X
            X O O O O O X",
            "B3"
        )
        .is_none());
    }

    #[test]
    fn two_eyes_leave_room() {
        // White's group C-D has the eyes D4 and D2: its region has two interior points
        // that are not neighbours.
        assert!(room(
            "
            . X O .
            X X O O
            . X O .
            X X O O",
            "C4"
        )
        .is_none());
    }

    #[test]
    fn the_one_area_shortcut_claims_only_what_the_maximal_regions_give() {
        // Random boards, every colour as the attacker, every string's points and every
        // single point as the question, one region or several: whenever the test says no
        // permanent stone is possible, the rule read on the maximal regions (Benson on the
        // whole board first) says so too. It may say less (a region that reaches past a
        // wall that is not pass-alive), which only leaves a state to the search.
        let (mut both, mut only_maximal) = (0, 0);
        for pos in random_boards(0x2545_F491_4F6C_DD1D, 1500, 45) {
            let size = pos.size();
            for attacker in Color::ALL {
                let chains = pass_alive_for(&pos, attacker).chains;
                let mut questions: Vec<PointSet> =
                    size.points().map(|p| PointSet::from_iter([p])).collect();
                questions.extend(
                    size.points()
                        .filter(|&p| pos.color_at(p) == Some(!attacker))
                        .map(|p| pos.string_stones(p).collect::<PointSet>()),
                );
                for points in &questions {
                    for one in [false, true] {
                        let quick =
                            no_permanent_stone_possible(&pos, attacker, points, one, || chains);
                        let maximal = by_maximal_regions(&pos, attacker, points, one, &chains);
                        assert!(
                            !quick || maximal,
                            "{points:?} one {one} {attacker:?}\n{pos}"
                        );
                        both += usize::from(quick);
                        only_maximal += usize::from(maximal && !quick);
                    }
                }
            }
        }
        assert!(both > 1000, "only {both} questions answered");
        assert!(
            only_maximal * 10 < both,
            "{only_maximal} missed against {both}"
        );
    }

    #[test]
    fn the_small_regions_are_counted_exactly() {
        // Random boards, every string: `two_small_regions` against a plain count that
        // floods each of the owner's regions next to the string whole and asks whether
        // every empty point of it is a liberty of the string. A fill that stops early must
        // never let a later fill of the same region count it (a mutation that drops the
        // stop at an earlier fill's points fails here).
        let (mut strings, mut two) = (0, 0);
        for pos in random_boards(0x51AB_7C3D_0E2F_9A61, 2000, 40) {
            let size = pos.size();
            let mut seen_strings = PointSet::new();
            for p in size.points() {
                let Some(owner) = pos.color_at(p) else {
                    continue;
                };
                let id = pos.string_id(p).expect("a stone");
                if !seen_strings.insert(id) {
                    continue;
                }
                let libs = pos.liberties(p);
                let mut in_a_region = PointSet::new();
                let mut vital = 0;
                for l in libs.iter() {
                    if in_a_region.contains(l) {
                        continue;
                    }
                    let mut region = PointSet::from_iter([l]);
                    let mut stack = vec![l];
                    while let Some(q) = stack.pop() {
                        for n in q.neighbours(size) {
                            if pos.color_at(n) != Some(owner) && region.insert(n) {
                                stack.push(n);
                            }
                        }
                    }
                    in_a_region = in_a_region.union(&region);
                    if region
                        .iter()
                        .all(|q| pos.color_at(q).is_some() || libs.contains(q))
                    {
                        vital += 1;
                    }
                }
                assert_eq!(two_small_regions(&pos, p), vital >= 2, "{p}\n{pos}");
                strings += 1;
                two += usize::from(vital >= 2);
            }
        }
        assert!(
            strings > 5_000 && two > 500,
            "{strings} strings, {two} with two"
        );
    }

    #[test]
    fn walls_needing_the_region_as_an_eye_do_not_count() {
        // Black's second vital region is the one with the White stone: filling it would
        // cost Black its status, so the rule must not apply.
        assert!(room(
            "
            . X O .
            X X X X",
            "C2"
        )
        .is_none());
        // With a third vital region (row 1) Black keeps two without it: the rule applies.
        let r = room(
            "
            . X O .
            X X X X
            . . . .",
            "C3",
        )
        .expect("the rule applies");
        assert!(r.interior.is_empty());
    }
}
