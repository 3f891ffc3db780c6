//! Strings that can never be captured, proved region by region: a safety solver in the
//! spirit of Müller's ("Playing it safe", 1997), built so that Benson's pass-alive test is
//! its simplest case.
//!
//! Benson's test proves little on a real final position: a group whose eye space is one
//! large territory has a *region* (a maximal connected set of points without its stones)
//! whose inner points are not liberties of the group, so the region is not "healthy" and
//! the group is not pass-alive. Here a region is proved by a small search instead of a
//! static test.
//!
//! ## The local game of a region
//! For colour `C`, a region `r` (maximal connected set of points not holding a `C` stone)
//! and its boundary blocks `B(r)` (the `C` strings next to it): the opponent `A` moves
//! first and must move inside `r` every time (a play in `r`, or a pass for a ko whose stone
//! is in `r`; never a plain pass); `C` answers inside `r` or passes. `A` wins when, with `A`
//! to move, some claimed string has no liberty inside `r` (two, for a string the region is
//! claimed to count twice for), or when a boundary stone has been captured. Infinite play is a failure for `A`. The region is **proved** when `A`
//! cannot win this game.
//!
//! ## Combining regions
//! Like Benson's algorithm: start with every `C` block and every proved region; drop a block
//! with fewer than two proved regions, then every region next to a dropped block; repeat.
//! The blocks left are **safe**: they can never be captured in hypothetical play, whatever
//! the opponent does, by the confirmation rules of Art. 7-2 included.
//!
//! Why this is exact. `C`'s strategy: answer a move of `A` inside a proved region with that
//! region's local strategy; answer anything else with a pass. A region then only ever sees
//! its own alternation of `A`'s move and `C`'s answer, which is its local game, so whenever
//! `A` is to move every claimed string has a liberty in every proved region. Every safe
//! block has two proved regions, so it has two liberties whenever `A` is to move; `A`'s move
//! takes at most one, so the block is never captured, and the owner's answer gives the
//! region its share back before `A` moves again.
//! The local game was played on the whole board with the outside as it stood; the outside
//! only enters through the liberties of boundary strings outside `r` (`A`'s strings in `r`
//! have all their liberties in `r`, being inside a maximal region). Those liberties decide
//! legality and captures only when a boundary string has no liberty left in `r`, and then
//! the string has one outside in the local game and in the real one alike: a boundary block
//! is kept (every region claimed with others needs all its blocks kept, and a block is only
//! claimed in a region where it has a liberty at the start), so it has a liberty in another
//! proved region whenever `r` leaves it none and `A` has just moved there; and a captured
//! boundary stone is `A`'s win anyway. Ko bans name the capturing stone, so a
//! ko in `r` only involves `r`; a pass for that ko counts as a move in `r`.
//!
//! ## Claims
//! A region is first claimed *with others* for the boundary strings that have a liberty in
//! it; when `A` wins, the strings its winning line leaves without a liberty in `r` are dropped
//! from the claim and the game is searched again. A region can also be claimed *alone*, with
//! the harder goal that every boundary string keeps two liberties in `r` whenever `A` is to
//! move: then nothing outside matters (with every outside liberty gone, a string with one
//! liberty in `r` and `A` to move is as good as captured, and that is already `A`'s win), and
//! the region counts twice. Between the two, a region can be claimed *mixed*: two
//! liberties in `r` whenever `A` is to move for some strings (the region counts twice for
//! them), one for the others (once); it is tried where the claim
//! alone fails, and its strings are found as with others: a string the winning line leaves
//! with one liberty is claimed once, with none not at all. Like a claim with others it
//! needs every boundary block kept. A state where Benson's test run inside `r` keeps every
//! string needed is a loss for `A` (it can never fill a vital sub-region's last point),
//! which ends most lines early.
//!
//! Why the counts add up. With every region's local strategy followed, a kept block has,
//! whenever `A` is to move, at least as many liberties as its count (two from a region
//! counting twice, one from each counting once), so at least two: `A`'s move takes one,
//! the owner's answer in that region restores the region's share. Where a claim leans on
//! outside liberties (with others, or the strings of a mixed claim counted once), the
//! blocks it leans on are kept, so they have liberties outside `r` whenever `r` leaves them
//! one, as the local game assumed.

use crate::dfpn::{Budget, Dfpn, Evaluation, Game, Outcome, SolverConfig, StopReason};
use rules_core::confirmation::{ConfirmationMove, ConfirmationRules, ConfirmationState};
use rules_core::{Color, Point, PointSet, Position, ZobristHash};
use std::num::NonZeroU64;

/// A region of one colour: a maximal connected set of points not holding that colour's
/// stones, with the colour's strings around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Its points (empty, or holding the opponent's stones).
    pub points: PointSet,
    /// One stone of each boundary string.
    pub boundary: Vec<Point>,
    /// One stone of each boundary string that has a liberty in the region: the strings for
    /// which the region may count (once proved: the strings it was proved for).
    pub vital_for: Vec<Point>,
    /// One stone of each string of `vital_for` that keeps two liberties in the region
    /// whenever the opponent is to move, under [`Claim::Mixed`] (empty under the other
    /// claims): the strings for which the region counts twice.
    pub twice_for: Vec<Point>,
    /// How it was proved (for a region not yet proved: [`Claim::WithOthers`]).
    pub claim: Claim,
}

impl Region {
    /// Whether the owner's hold on the region is broken in `state`: a boundary stone was
    /// captured, or a claimed string has fewer liberties in the region than the claim
    /// needs (one; two with the opponent to move when claimed alone). This is the
    /// opponent's goal in the region's local game.
    pub(crate) fn broken(&self, state: &ConfirmationState, owner: Color) -> bool {
        let pos = state.position();
        if self
            .boundary
            .iter()
            .any(|&b| pos.color_at(b) != Some(owner))
        {
            return true;
        }
        let opponent_to_move = state.to_move() != owner;
        self.vital_for.iter().any(|&b| {
            let need = match (self.counts_twice(|s| s == b), opponent_to_move) {
                // Outside liberties may all be gone: a string with one liberty in the
                // region and the opponent to move is as good as captured.
                (true, true) => 2,
                // The opponent has just taken the string's last liberty here; it stands by
                // a liberty in another region (the module documentation says why), and
                // the owner's answer must give one back before the opponent moves again.
                (false, false) => 0,
                // (A guard in a kill search asks this of states after either side's move:
                // a string claimed twice keeps one liberty here at all times.)
                (true, false) | (false, true) => 1,
            };
            pos.liberties(b).intersection(&self.points).len() < need
        })
    }
}

impl Region {
    /// Whether the region counts twice for the string holding the boundary stones for
    /// which `on_string` is true: every boundary string under [`Claim::Alone`], the strings
    /// of [`Region::twice_for`] under [`Claim::Mixed`].
    fn counts_twice(&self, on_string: impl Fn(Point) -> bool) -> bool {
        match self.claim {
            Claim::Alone => true,
            Claim::Mixed => self.twice_for.iter().any(|&b| on_string(b)),
            Claim::WithOthers => false,
        }
    }
}

/// The regions of `color` on `position`, in board order.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::Color;
/// use solver::safety::regions;
/// let game = parse_diagram("
///  . X . X .
///  X X X X X
///  . . . . .").unwrap();
/// // Black's regions: A3, C3, E3 and the bottom row.
/// assert_eq!(regions(&game.position, Color::Black).len(), 4);
/// ```
pub fn regions(position: &Position, color: Color) -> Vec<Region> {
    let size = position.size();
    let mut seen = PointSet::new();
    let mut out = Vec::new();
    for start in size.points() {
        if seen.contains(start) || position.color_at(start) == Some(color) {
            continue;
        }
        let mut points = PointSet::new();
        let mut boundary_stones = PointSet::new();
        let mut boundary = Vec::new();
        let mut stack = vec![start];
        seen.insert(start);
        while let Some(p) = stack.pop() {
            points.insert(p);
            for n in p.neighbours(size) {
                if position.color_at(n) == Some(color) {
                    if !boundary_stones.contains(n) {
                        boundary.push(n);
                        for s in position.string_stones(n) {
                            boundary_stones.insert(s);
                        }
                    }
                } else if !seen.contains(n) {
                    seen.insert(n);
                    stack.push(n);
                }
            }
        }
        boundary.sort();
        let vital_for = boundary
            .iter()
            .copied()
            .filter(|&b| !position.liberties(b).intersection(&points).is_empty())
            .collect();
        out.push(Region {
            points,
            boundary,
            vital_for,
            twice_for: Vec::new(),
            claim: Claim::WithOthers,
        });
    }
    out
}

/// How a region is claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// With other regions: every claimed string has a liberty in the region whenever the
    /// opponent is to move; the claimed strings' second liberty comes from another region.
    WithOthers,
    /// Alone: every boundary string keeps two liberties in the region whenever the
    /// opponent is to move, whatever happens outside.
    Alone,
    /// Mixed: the strings of [`Region::twice_for`] keep two liberties in the region
    /// whenever the opponent is to move, the other claimed strings one. The region counts
    /// twice for the first and once for the others; like a claim with others it needs
    /// every boundary string kept (the strings that keep one liberty here lean on a
    /// liberty elsewhere). A wall of a large territory rarely keeps two liberties there
    /// with every string: a stone at the end of the wall touches the territory once and
    /// stands by its eye or its link elsewhere, and the claim alone fails for it alone.
    Mixed,
}

/// The local game of one region: the opponent tries to take the boundary strings'
/// liberties inside the region.
#[derive(Debug)]
struct RegionGame {
    owner: Color,
    /// The region, with the strings claimed in this search and the claim.
    local: Region,
}

impl RegionGame {
    /// The empty points of the region next to claimed strings.
    fn boundary_liberties(&self, pos: &Position) -> PointSet {
        let mut libs = PointSet::new();
        for &b in &self.local.vital_for {
            libs = libs.union(&pos.liberties(b).intersection(&self.local.points));
        }
        libs
    }

    /// Whether the opponent can no longer win: Benson's test inside the region. The owner's
    /// strings there are the boundary strings and any new strings inside; the sub-regions
    /// are the connected sets of region points without owner stones; a sub-region is vital
    /// to a string when all its empty points are the string's liberties. Strings without
    /// enough vital sub-regions are dropped, with the sub-regions next to them, until
    /// nothing changes. Enough: two for a string inside the region and, when the region is
    /// claimed alone, for every boundary string; one (and a liberty outside) for a string
    /// claimed with other regions; one or a liberty outside for any other boundary string.
    /// When every string left has enough, the opponent can never fill a vital sub-region's
    /// last empty point (its stones there would have no liberty and capture nothing), so the
    /// owner may pass for ever.
    fn settled(&self, pos: &Position) -> bool {
        let size = pos.size();
        // The owner's strings touching the region, by one stone each.
        let mut strings: Vec<(Point, PointSet, PointSet)> = Vec::new(); // (head, stones, libs)
        let mut on_string = PointSet::new();
        let mut subregions: Vec<(PointSet, PointSet)> = Vec::new(); // (points, empty)
        let mut seen = PointSet::new();
        for start in self.local.points.iter() {
            if pos.color_at(start) == Some(self.owner) {
                if !on_string.contains(start) {
                    let stones: PointSet = pos.string_stones(start).collect();
                    on_string = on_string.union(&stones);
                    strings.push((start, stones, pos.liberties(start)));
                }
                continue;
            }
            if seen.contains(start) {
                continue;
            }
            let mut points = PointSet::new();
            let mut empty = PointSet::new();
            let mut stack = vec![start];
            seen.insert(start);
            while let Some(p) = stack.pop() {
                points.insert(p);
                if pos.is_empty_point(p) {
                    empty.insert(p);
                }
                for n in p.neighbours(size) {
                    if self.local.points.contains(n)
                        && !seen.contains(n)
                        && pos.color_at(n) != Some(self.owner)
                    {
                        seen.insert(n);
                        stack.push(n);
                    }
                }
            }
            subregions.push((points, empty));
        }
        for &b in &self.local.boundary {
            if !on_string.contains(b) {
                let stones: PointSet = pos.string_stones(b).collect();
                on_string = on_string.union(&stones);
                strings.push((b, stones, pos.liberties(b)));
            }
        }
        let needs = |stones: &PointSet, libs: &PointSet| -> (usize, bool) {
            let outside = !libs.difference(&self.local.points).is_empty();
            let boundary = self.local.boundary.iter().any(|&b| stones.contains(b));
            let claimed = self.local.vital_for.iter().any(|&b| stones.contains(b));
            let twice = self.local.counts_twice(|b| stones.contains(b));
            match (boundary, claimed) {
                (false, _) => (2, true),
                (true, _) if twice => (2, true),
                (true, true) => (1, outside),
                (true, false) => (usize::from(!outside), true),
            }
        };
        let mut alive: Vec<bool> = vec![true; strings.len()];
        let mut live_regions: Vec<bool> = vec![true; subregions.len()];
        loop {
            let mut changed = false;
            for (i, (_, stones, libs)) in strings.iter().enumerate() {
                if !alive[i] {
                    continue;
                }
                let (need, ok) = needs(stones, libs);
                let vital = subregions
                    .iter()
                    .zip(&live_regions)
                    .filter(|((_, empty), &live)| {
                        live && !empty.is_empty() && empty.intersection(libs).len() == empty.len()
                    })
                    .count();
                if !ok || vital < need {
                    alive[i] = false;
                    changed = true;
                }
            }
            for (j, (points, _)) in subregions.iter().enumerate() {
                if !live_regions[j] {
                    continue;
                }
                let touches_dropped = strings.iter().zip(&alive).any(|((_, stones, _), &a)| {
                    !a && points
                        .iter()
                        .any(|p| p.neighbours(size).any(|n| stones.contains(n)))
                });
                if touches_dropped {
                    live_regions[j] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        alive.iter().all(|&a| a)
    }
}

impl Game for RegionGame {
    type State = ConfirmationState;
    type Move = ConfirmationMove;

    fn key(&self, state: &ConfirmationState) -> ZobristHash {
        state.hash()
    }

    fn child_key(&self, state: &ConfirmationState, mv: ConfirmationMove) -> Option<ZobristHash> {
        state.hash_after(mv)
    }

    fn prover_to_move(&self, state: &ConfirmationState) -> bool {
        state.to_move() != self.owner
    }

    fn evaluate(
        &mut self,
        state: &ConfirmationState,
        _: &mut Budget,
    ) -> Result<Evaluation, StopReason> {
        let pos = state.position();
        if self.local.broken(state, self.owner) {
            return Ok(Evaluation::Goal);
        }
        if self.settled(pos) {
            return Ok(Evaluation::Failure);
        }
        Ok(Evaluation::Open)
    }

    fn moves(&self, state: &ConfirmationState) -> Vec<ConfirmationMove> {
        let pos = state.position();
        let attacker_to_move = state.to_move() != self.owner;
        let focus = self.boundary_liberties(pos);
        let mut first = Vec::new();
        let mut rest = Vec::new();
        for p in self.local.points.iter() {
            let mv = ConfirmationMove::Play(p);
            if pos.is_empty_point(p) && state.is_legal(mv) {
                if focus.contains(p) {
                    first.push(mv);
                } else {
                    rest.push(mv);
                }
            }
        }
        first.append(&mut rest);
        for s in state.bans().iter() {
            if self.local.points.contains(s) && state.is_legal(ConfirmationMove::PassForKo(s)) {
                first.push(ConfirmationMove::PassForKo(s));
            }
        }
        if !attacker_to_move {
            first.push(ConfirmationMove::Pass);
        }
        first
    }

    fn play(&self, state: &ConfirmationState, mv: ConfirmationMove) -> ConfirmationState {
        crate::confirm::played(state, mv)
    }

    fn play_into(
        &self,
        state: &ConfirmationState,
        mv: ConfirmationMove,
        out: &mut ConfirmationState,
    ) {
        crate::confirm::played_into(state, mv, out);
    }
}

/// Limits of the safety solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SafetyLimits {
    /// Regions with more points than this are not searched (they are not proved).
    pub max_region_points: usize,
    /// Most search nodes per region.
    pub max_nodes_per_region: Option<NonZeroU64>,
    /// Most transposition-table entries per region search.
    pub table_entries: usize,
    /// When to stop: regions not searched by then are not proved.
    pub deadline: Option<std::time::Instant>,
}

impl Default for SafetyLimits {
    fn default() -> SafetyLimits {
        SafetyLimits {
            max_region_points: 20,
            max_nodes_per_region: NonZeroU64::new(5_000),
            deadline: None,
            table_entries: 1 << 14,
        }
    }
}

/// What the safety solver proved for one colour.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Safety {
    /// The stones of the safe blocks: never capturable.
    pub safe: PointSet,
    /// The proved regions whose boundary blocks are all safe.
    pub regions: Vec<Region>,
    /// Search nodes spent.
    pub nodes: u64,
}

/// `region` with the claim `claim` proved for as many of its boundary strings as the local
/// game of `owner` allows, or `None` when none is proved within the limits.
///
/// The first try claims every string with a liberty in the region (under [`Claim::Mixed`],
/// twice for every string with two liberties there). When the opponent wins, the strings its
/// winning line leaves without a liberty in the region are not claimed any more, and under
/// the mixed claim those left with one liberty are claimed once instead of twice; then the
/// game is searched again: the region may still count for the others. A captured boundary
/// string ends the attempt (the region then is not closed), and so does a claim alone
/// refuted (it is all or nothing).
fn region_proved(
    position: &Position,
    rules: ConfirmationRules,
    owner: Color,
    region: &Region,
    claim: Claim,
    limits: &SafetyLimits,
    nodes: &mut u64,
) -> Option<Region> {
    let mut start = ConfirmationState::new(position.clone(), rules, None);
    start.set_to_move(!owner);
    let left = limits
        .deadline
        .map(|d| d.saturating_duration_since(std::time::Instant::now()));
    if left.is_some_and(|t| t.is_zero()) {
        return None;
    }
    let libs_in = |pos: &Position, b: Point| pos.liberties(b).intersection(&region.points).len();
    let mut budget = Budget::new(limits.max_nodes_per_region, left, None);
    let mut local = Region {
        vital_for: match claim {
            Claim::WithOthers | Claim::Mixed => region.vital_for.clone(),
            Claim::Alone => region.boundary.clone(),
        },
        twice_for: match claim {
            Claim::Mixed => region
                .vital_for
                .iter()
                .copied()
                .filter(|&b| libs_in(position, b) >= 2)
                .collect(),
            Claim::WithOthers | Claim::Alone => Vec::new(),
        },
        claim,
        ..region.clone()
    };
    let mut verdict = None;
    // A mixed claim that counts twice for no string is a claim with others, tried first.
    while !local.vital_for.is_empty() && (claim != Claim::Mixed || !local.twice_for.is_empty()) {
        let mut solver = Dfpn::new(
            RegionGame {
                owner,
                local: local.clone(),
            },
            SolverConfig {
                table_entries: limits.table_entries,
                ..SolverConfig::default()
            },
        );
        match solver.solve(&start, &mut budget) {
            // Proved only when the opponent's win is refuted; a limit proves nothing.
            Outcome::Disproved { .. } => {
                verdict = Some(local);
                break;
            }
            Outcome::Unknown(_) => break,
            Outcome::Proved { line } => {
                let mut end = start.clone();
                for mv in line {
                    end.play_unchecked(mv);
                }
                let pos = end.position();
                if claim == Claim::Alone
                    || region
                        .boundary
                        .iter()
                        .any(|&b| pos.color_at(b) != Some(owner))
                {
                    break;
                }
                let before = (local.vital_for.len(), local.twice_for.len());
                local.vital_for.retain(|&b| libs_in(pos, b) > 0);
                local
                    .twice_for
                    .retain(|&b| libs_in(pos, b) >= 2 && local.vital_for.contains(&b));
                if (local.vital_for.len(), local.twice_for.len()) == before {
                    // The line did not end in a win (a table entry stood for it): stop
                    // rather than loop.
                    break;
                }
            }
        }
    }
    *nodes += budget.nodes();
    verdict
}

/// The blocks of `color` that can never be captured, by the local games of their regions
/// combined as in Benson's algorithm (see the module documentation).
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::confirmation::ConfirmationRules;
/// use rules_core::{benson, Color, Point};
/// use solver::safety::{safe_blocks, SafetyLimits};
/// // Black's wall has two corners of six points: not pass-alive by Benson (A1 and G1 are
/// // not liberties of the wall), but White can never take the wall's last liberty in
/// // either corner.
/// let game = parse_diagram("
///  . . . . . . .
///  X X X X X X X
///  . . . X . . .
///  . . . X . . .").unwrap();
/// let wall: Point = "A3".parse().unwrap();
/// assert!(!benson::pass_alive_for(&game.position, Color::Black).chains.contains(wall));
/// let safety = safe_blocks(&game.position, Color::Black, ConfirmationRules::default(), &SafetyLimits::default());
/// assert!(safety.safe.contains(wall));
/// ```
pub fn safe_blocks(
    position: &Position,
    color: Color,
    rules: ConfirmationRules,
    limits: &SafetyLimits,
) -> Safety {
    let mut nodes = 0;
    let candidates: Vec<Region> = regions(position, color)
        .into_iter()
        .filter(|r| r.points.len() <= limits.max_region_points && !r.boundary.is_empty())
        .collect();
    let mut proofs: Vec<Option<Region>> = candidates
        .iter()
        .map(|r| {
            region_proved(
                position,
                rules,
                color,
                r,
                Claim::WithOthers,
                limits,
                &mut nodes,
            )
        })
        .collect();
    let mut safe = combine(position, color, &proofs);
    // A block short of a second region may still be safe by one region alone, or by one
    // region that counts twice for it and once for its neighbours.
    let mut retried = false;
    for (r, proof) in candidates.iter().zip(proofs.iter_mut()) {
        if r.boundary.iter().all(|&b| safe.contains(b)) {
            continue;
        }
        let stronger = region_proved(position, rules, color, r, Claim::Alone, limits, &mut nodes)
            .or_else(|| region_proved(position, rules, color, r, Claim::Mixed, limits, &mut nodes));
        // A mixed claim may hold for fewer strings than the claim with others it would
        // replace: it is taken only when it keeps every string that one kept.
        let keeps_as_many = |stronger: &Region| {
            stronger.claim == Claim::Alone
                || proof.as_ref().is_none_or(|weaker| {
                    weaker
                        .vital_for
                        .iter()
                        .all(|b| stronger.vital_for.contains(b))
                })
        };
        if let Some(stronger) = stronger.filter(keeps_as_many) {
            *proof = Some(stronger);
            retried = true;
        }
    }
    if retried {
        safe = combine(position, color, &proofs);
    }
    let regions = proofs
        .into_iter()
        .flatten()
        .filter(|r| r.claim == Claim::Alone || r.boundary.iter().all(|&b| safe.contains(b)))
        .collect();
    Safety {
        safe,
        regions,
        nodes,
    }
}

/// The blocks of `color` kept when every region of `proved` is taken as proved by its
/// claim (for the strings of `vital_for` when claimed with others), combined as in
/// Benson's algorithm: what [`safe_blocks`] computes from the regions it proves, for a
/// caller that supplies its own (an upper bound, say).
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::Color;
/// use solver::safety::{kept_blocks, regions, Claim};
/// // Black's wall has the two corners below it as regions: taken as proved alone, each
/// // keeps the wall; taken as proved with others, the two together keep it.
/// let game = parse_diagram("
///  . . . . . . .
///  X X X X X X X
///  . . . X . . .
///  . . . X . . .").unwrap();
/// let pos = &game.position;
/// let corners: Vec<_> = regions(pos, Color::Black)
///     .into_iter()
///     .filter(|r| r.points.len() == 6)
///     .collect();
/// assert_eq!(kept_blocks(pos, Color::Black, &corners).len(), 9);
/// let alone = corners[0].clone();
/// let alone = solver::safety::Region { claim: Claim::Alone, ..alone };
/// assert_eq!(kept_blocks(pos, Color::Black, &[alone]).len(), 9);
/// assert!(kept_blocks(pos, Color::Black, &corners[..1]).is_empty());
/// ```
pub fn kept_blocks(position: &Position, color: Color, proved: &[Region]) -> PointSet {
    let proofs: Vec<Option<Region>> = proved.iter().cloned().map(Some).collect();
    combine(position, color, &proofs)
}

/// Benson's combination: the blocks with two proved regions (a region proved alone counts
/// twice, a mixed one twice for the strings of `twice_for`), every region claimed with
/// others or mixed needing all its boundary blocks kept.
fn combine(position: &Position, color: Color, proofs: &[Option<Region>]) -> PointSet {
    let mut blocks: Vec<PointSet> = Vec::new();
    let mut alive = PointSet::new();
    for p in position.size().points() {
        if position.color_at(p) == Some(color) && !alive.contains(p) {
            let stones: PointSet = position.string_stones(p).collect();
            alive = alive.union(&stones);
            blocks.push(stones);
        }
    }
    let mut valid: Vec<bool> = proofs.iter().map(Option::is_some).collect();
    loop {
        let mut changed = false;
        blocks.retain(|stones| {
            let on = |strings: &[Point]| strings.iter().any(|&b| stones.contains(b));
            let count: usize = proofs
                .iter()
                .zip(&valid)
                .filter_map(|(r, &v)| r.as_ref().filter(|_| v))
                .map(|r| match r.claim {
                    Claim::Alone if on(&r.boundary) => 2,
                    Claim::Mixed if on(&r.twice_for) => 2,
                    Claim::WithOthers | Claim::Mixed if on(&r.vital_for) => 1,
                    _ => 0,
                })
                .sum();
            if count >= 2 {
                true
            } else {
                alive = alive.difference(stones);
                changed = true;
                false
            }
        });
        for (r, v) in proofs.iter().zip(valid.iter_mut()) {
            let Some(r) = r.as_ref().filter(|r| *v && r.claim != Claim::Alone) else {
                continue;
            };
            if !r.boundary.iter().all(|&b| alive.contains(b)) {
                *v = false;
                changed = true;
            }
        }
        if !changed {
            return alive;
        }
    }
}
