//! Benson's unconditional life ("pass-alive" chains), for both colours.
//!
//! # Definitions
//!
//! Fix a colour `C` and a position.
//!
//! * A **chain** of `C` is a string of `C` (a maximal orthogonally connected set of `C`
//!   stones).
//! * A **region** of `C` is a maximal orthogonally connected set of points *not occupied by
//!   `C`*: empty points and stones of the opponent `!C`. (In a legal position every region
//!   holds at least one empty point, because the opponent stones in it need a liberty and
//!   their liberties can only lie in the same region.)
//! * A region `R` is **vital** to a chain `X` when every *empty* point of `R` is a liberty of
//!   `X`. Opponent stones inside `R` do not matter to this test: a region such as
//!   `{empty point, white stone, empty point}` inside a black wall is vital to a black chain
//!   exactly when both empty points touch that chain. This is Benson's "small region"
//!   criterion, applied to one chain at a time. (A vital region necessarily touches `X`.)
//!
//! Benson's algorithm (Benson 1976; the same as KataGo's pass-alive computation) then
//! repeats, until nothing changes:
//!
//! 1. remove every chain that has fewer than two vital regions among the regions not yet
//!    removed;
//! 2. remove every region that touches a removed chain.
//!
//! The chains that survive are **pass-alive** (unconditionally alive): they can never be
//! captured, even if `C` passes on every turn and the opponent plays any sequence of legal
//! moves. The computed set is the greatest set of chains and regions closed under the two
//! rules, so the result does not depend on the removal order.
//!
//! False eyes need no special treatment: a false eye is a one-point region touching two
//! different chains; if one of them (the stone that can be captured from the eye) has no
//! second vital region it is removed in step 1, the eye is then removed in step 2, and the
//! other chain loses it as a vital region.
//!
//! A chain whose only eye space is one large territory is **not** pass-alive: the inner
//! points of the territory are not liberties of the chain, so the region is not vital (see
//! `../shared/spec/j89-confirmation.md` section 3.5).
//!
//! # Output
//!
//! [`PassAlive`] holds, per colour, the stones of the pass-alive chains
//! ([`PassAlive::chains`]), the points of the regions those chains make safe
//! ([`PassAlive::regions`]), the wider set of regions surrounded only by pass-alive chains
//! ([`PassAlive::enclosed`]) and the opponent stones lying in safe regions
//! ([`PassAlive::inside`]).
//!
//! # Representation
//!
//! The chain-region bipartite graph is kept as plain index arrays (one edge list grouped by
//! region, plus a compressed adjacency list per chain) rather than a `petgraph` graph: the
//! algorithm only needs per-node adjacency and a counter per chain, and a worklist over flat
//! arrays runs in time linear in the number of chain-region contacts with a handful of
//! allocations, which matters on full 19x19 boards. Point sets use [`PointSet`] bit sets.
//!
//! # Example
//! ```
//! use rules_core::{benson, PointSet, Position, Setup, Size};
//! // 6x2 board:   . X . X O .
//! //              X X X X O .
//! let mut setup = Setup::new(Size::new(6, 2).unwrap());
//! for p in ["B2", "D2", "A1", "B1", "C1", "D1"] {
//!     setup.black.insert(p.parse().unwrap());
//! }
//! for p in ["E2", "E1"] {
//!     setup.white.insert(p.parse().unwrap());
//! }
//! let pos = Position::from_setup(&setup).unwrap();
//! let pa = benson::pass_alive(&pos);
//! assert_eq!(pa.chains.black.len(), 6); // two eyes, A2 and C2
//! let eyes: PointSet = ["A2", "C2"].iter().map(|p| p.parse().unwrap()).collect();
//! assert_eq!(pa.regions.black, eyes);
//! // The region E1 E2 F1 F2 touches only the pass-alive chain but is not vital to it.
//! assert!(pa.enclosed.black.contains("F1".parse().unwrap()));
//! assert!(pa.inside.black.is_empty());
//! assert!(pa.chains.white.is_empty());
//! ```

use crate::color::{ByColor, Color};
use crate::geometry::{Point, PointSet, CELLS, NEIGHBOUR_OFFSETS};
use crate::position::{Cell, Position};

/// Benson's result for one colour.
///
/// All three sets are point sets of the board; see the [module documentation](self) for the
/// definitions of chain, region and vital.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PassAliveSide {
    /// The stones of the pass-alive chains of this colour.
    pub chains: PointSet,
    /// The points (empty points and opponent stones) of the *safe* regions: the regions that
    /// survive the algorithm and are vital to at least one pass-alive chain. Every empty
    /// point of such a region is a liberty of a pass-alive chain, so the opponent can never
    /// make an eye in it, and every chain bordering it is pass-alive.
    pub regions: PointSet,
    /// The points of every region that survives the algorithm: the region touches at least
    /// one chain of this colour and only pass-alive ones. A superset of
    /// [`PassAliveSide::regions`]; the extra regions are not vital to any chain (large
    /// territories, or the outside of a living group), and the opponent may still be able to
    /// live in them. Empty when the colour has no pass-alive chain.
    pub enclosed: PointSet,
}

/// Benson's result for both colours.
///
/// Compute it with [`pass_alive`]. Indexing by colour gives that colour's view: for
/// instance `regions.black` are regions of Black (points not occupied by Black) that
/// Black's pass-alive chains make safe, and `inside.black` are the White stones in them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PassAlive {
    /// Per colour, the stones of its pass-alive chains.
    pub chains: ByColor<PointSet>,
    /// Per colour, the points of the safe regions of its pass-alive chains (see
    /// [`PassAliveSide::regions`]).
    pub regions: ByColor<PointSet>,
    /// Per colour, the points of the regions surrounded only by its pass-alive chains (see
    /// [`PassAliveSide::enclosed`]).
    pub enclosed: ByColor<PointSet>,
    /// Per colour `C`, the stones of the opponent `!C` lying inside the safe regions of `C`
    /// (`regions[C]`).
    ///
    /// These are **candidates** for static death, not proven dead stones. What Benson's
    /// construction gives is a statement about ordinary play: the opponent cannot make an eye
    /// there and cannot capture the surrounding chains, so `C`, by filling the region's empty
    /// points, can capture them. That does not by itself settle their status under the
    /// Japanese 1989 rules (the confirmation of Art. 7 with its ko bans, and the fact that
    /// `C`'s own capturing moves may cost the surrounding chains their pass-alive status, see
    /// [`crate::areas`]): the solver decides.
    pub inside: ByColor<PointSet>,
}

impl PassAlive {
    /// Whether the stone on `point` belongs to a pass-alive chain (of either colour).
    pub fn is_pass_alive_stone(&self, point: Point) -> bool {
        self.chains.black.contains(point) || self.chains.white.contains(point)
    }

    /// The stones of the pass-alive chains of both colours.
    pub fn all_chains(&self) -> PointSet {
        self.chains.black.union(&self.chains.white)
    }

    /// One colour's part of the result.
    pub fn side(&self, color: Color) -> PassAliveSide {
        PassAliveSide {
            chains: self.chains[color],
            regions: self.regions[color],
            enclosed: self.enclosed[color],
        }
    }
}

/// Benson's pass-alive chains and safe regions of both colours.
///
/// Runs [`pass_alive_for`] once per colour; linear in the board size.
///
/// # Examples
/// ```
/// use rules_core::{benson, Position, Size};
/// let pos = Position::empty(Size::STANDARD);
/// let pa = benson::pass_alive(&pos);
/// assert!(pa.chains.black.is_empty() && pa.chains.white.is_empty());
/// ```
pub fn pass_alive(position: &Position) -> PassAlive {
    let black = pass_alive_for(position, Color::Black);
    let white = pass_alive_for(position, Color::White);
    let stones = |c: Color| -> PointSet {
        let mut s = PointSet::new();
        for p in position.size().points() {
            if position.color_at(p) == Some(c) {
                s.insert(p);
            }
        }
        s
    };
    PassAlive {
        chains: ByColor::new(black.chains, white.chains),
        regions: ByColor::new(black.regions, white.regions),
        enclosed: ByColor::new(black.enclosed, white.enclosed),
        inside: ByColor::new(
            black.regions.intersection(&stones(Color::White)),
            white.regions.intersection(&stones(Color::Black)),
        ),
    }
}

/// Whether every point of `stones` holds a stone of `color` belonging to a pass-alive chain
/// of `position`.
///
/// This is the check a solver runs on the states along a line when it held the
/// **attacker's** pass-alive chains fixed: a chain can lose its status through its owner's
/// own moves (filling an own eye, or capturing inside an eye so that a point stops being a
/// liberty), so a "dead" verdict found that way is exact only if the chains stayed
/// pass-alive on the states the line passes through (spec section 3.5). The chains may have
/// grown or merged; only the given stones are checked. An empty `stones` gives `true`.
///
/// # Examples
/// ```
/// use rules_core::{benson, Color, Move, Position, Setup, Size};
/// // 3x3:  . O .
/// //       O O X
/// //       X X X
/// let mut setup = Setup::new(Size::square(3).unwrap());
/// for p in ["B3", "A2", "B2"] { setup.white.insert(p.parse().unwrap()); }
/// for p in ["C2", "A1", "B1", "C1"] { setup.black.insert(p.parse().unwrap()); }
/// setup.to_move = Color::White;
/// let pos = Position::from_setup(&setup).unwrap();
/// let white = benson::pass_alive(&pos).chains.white;
/// assert_eq!(white.len(), 3);
/// assert!(benson::still_pass_alive(&pos, Color::White, &white));
/// // White captures at C3: C1 is no longer a White liberty, the status is lost.
/// let after = pos.play(rules_core::Move::Play("C3".parse().unwrap())).unwrap();
/// assert!(!benson::still_pass_alive(&after, Color::White, &white));
/// ```
pub fn still_pass_alive(position: &Position, color: Color, stones: &PointSet) -> bool {
    if stones.is_empty() {
        return true;
    }
    let size = position.size();
    if stones
        .iter()
        .any(|p| !size.contains(p) || position.color_at(p) != Some(color))
    {
        return false;
    }
    let now = pass_alive_for(position, color);
    stones.difference(&now.chains).is_empty()
}

/// Whether the string through `point` is pass-alive: the same answer as
/// `pass_alive_for(position, colour).chains.contains(point)`, read from that string alone.
///
/// A chain's status rests only on its vital regions and on the chains around them, and
/// theirs in turn; this follows that closure out from the string and runs the algorithm on
/// it (a closed part of the chain-region graph has the same greatest fixpoint there as the
/// whole graph). A region is left as soon as the empty points met in it touch no chain in
/// common (it is vital to nobody), so the open board around a group is never flooded.
/// Used where one string is asked about at every node of a search.
///
/// # Examples
/// ```
/// use rules_core::{benson, Position, Setup, Size};
/// // 6x2 board:   . X . X O .
/// //              X X X X O .
/// let mut setup = Setup::new(Size::new(6, 2).unwrap());
/// for p in ["B2", "D2", "A1", "B1", "C1", "D1"] {
///     setup.black.insert(p.parse().unwrap());
/// }
/// for p in ["E2", "E1"] {
///     setup.white.insert(p.parse().unwrap());
/// }
/// let pos = Position::from_setup(&setup).unwrap();
/// assert!(benson::pass_alive_string(&pos, "B2".parse().unwrap()));
/// assert!(!benson::pass_alive_string(&pos, "E2".parse().unwrap()));
/// assert!(!benson::pass_alive_string(&pos, "A2".parse().unwrap())); // an empty point
/// ```
pub fn pass_alive_string(position: &Position, point: Point) -> bool {
    let Some(color) = position.color_at(point) else {
        return false;
    };
    strings_pass_alive_excluding(
        position,
        color,
        &PointSet::from_iter([point]),
        &PointSet::new(),
    )
}

/// Whether every stone of `stones` belongs to a chain of `color` that stays pass-alive
/// when the regions meeting `excluded` are never counted as vital: the same answer as
/// `pass_alive_excluding(position, color, excluded).chains` holding all of `stones`, read
/// from their strings alone as [`pass_alive_string`] reads one (the closure of their vital
/// regions and of the chains around those). `false` when a point of `stones` holds no stone
/// of `color`; `true` for no stones. Used where a search asks at every node whether the
/// walls around an area hold without it.
///
/// # Examples
/// ```
/// use rules_core::{benson, Color, PointSet, Position, Setup, Size};
/// // 3x2:  . X .
/// //       X X X
/// let mut setup = Setup::new(Size::new(3, 2).unwrap());
/// for p in ["B2", "A1", "B1", "C1"] { setup.black.insert(p.parse().unwrap()); }
/// let pos = Position::from_setup(&setup).unwrap();
/// let wall: PointSet = ["B1"].iter().map(|p| p.parse().unwrap()).collect();
/// assert!(benson::strings_pass_alive_excluding(&pos, Color::Black, &wall, &PointSet::new()));
/// let a2: PointSet = ["A2"].iter().map(|p| p.parse().unwrap()).collect();
/// assert!(!benson::strings_pass_alive_excluding(&pos, Color::Black, &wall, &a2));
/// ```
pub fn strings_pass_alive_excluding(
    position: &Position,
    color: Color,
    stones: &PointSet,
    excluded: &PointSet,
) -> bool {
    let size = position.size();
    let head_of = |p: Point| match position.color_at(p) {
        Some(c) if c == color => position.string_id(p),
        _ => None,
    };
    // The closure: chains by head, and the regions vital to some chain, each with the
    // chains around it and the chains it is vital to. The chains asked about come first.
    let mut chains: Vec<Point> = Vec::new();
    for p in stones.iter() {
        let Some(head) = head_of(p) else {
            return false;
        };
        if !chains.contains(&head) {
            chains.push(head);
        }
    }
    let asked = chains.len();
    let mut regions: Vec<(Vec<Point>, Vec<Point>)> = Vec::new();
    let mut flooded = PointSet::new();
    let mut stack: Vec<Point> = Vec::new();
    let mut next = 0;
    while next < chains.len() {
        let head = chains[next];
        next += 1;
        let mut starts = PointSet::new();
        for s in position.string_stones(head) {
            for n in s.neighbours(size) {
                if head_of(n).is_none() && !flooded.contains(n) {
                    starts.insert(n);
                }
            }
        }
        for start in starts.iter() {
            if flooded.contains(start) {
                continue;
            }
            // Flood the region of `start`; `vital_to` keeps the chains that every empty
            // point met so far touches. A region left half-flooded before (vital to no
            // chain) may be met again from another side: it is the same region. A region
            // that meets `excluded` is vital to nobody.
            let mut around: Vec<Point> = Vec::new();
            let mut vital_to: Option<Vec<Point>> = None;
            let mut mine = PointSet::new();
            mine.insert(start);
            flooded.insert(start);
            stack.clear();
            stack.push(start);
            let mut vital_to_none = false;
            'flood: while let Some(q) = stack.pop() {
                if excluded.contains(q) {
                    vital_to_none = true;
                    break;
                }
                let mut touching: [Option<Point>; 4] = [None; 4];
                for (k, n) in q.neighbours(size).enumerate() {
                    match head_of(n) {
                        Some(h) => {
                            touching[k] = Some(h);
                            if !around.contains(&h) {
                                around.push(h);
                            }
                        }
                        None if mine.contains(n) => {}
                        None if flooded.contains(n) => {
                            vital_to_none = true;
                            break 'flood;
                        }
                        None => {
                            mine.insert(n);
                            flooded.insert(n);
                            stack.push(n);
                        }
                    }
                }
                if position.color_at(q).is_none() {
                    let kept: Vec<Point> = match vital_to.take() {
                        None => touching.iter().flatten().copied().collect(),
                        Some(v) => v
                            .into_iter()
                            .filter(|h| touching.contains(&Some(*h)))
                            .collect(),
                    };
                    if kept.is_empty() {
                        // Vital to no chain: the rest of it is never needed (its points
                        // met so far stay marked).
                        vital_to_none = true;
                        break;
                    }
                    vital_to = Some(kept);
                }
            }
            let Some(vital_to) = vital_to.filter(|_| !vital_to_none) else {
                continue;
            };
            for &h in &around {
                if !chains.contains(&h) {
                    chains.push(h);
                }
            }
            regions.push((around, vital_to));
        }
        if next <= asked && regions.iter().filter(|(_, v)| v.contains(&head)).count() < 2 {
            // A string asked about lacks two vital regions.
            return false;
        }
    }
    // Benson's removals on the closure.
    let mut alive = vec![true; chains.len()];
    loop {
        // (Every chain around a kept region is in the closure; one that were not would
        // count as removed, which can only leave fewer strings pass-alive.)
        let region_alive: Vec<bool> = regions
            .iter()
            .map(|(around, _)| {
                around.iter().all(|&h| {
                    chains
                        .iter()
                        .position(|&c| c == h)
                        .is_some_and(|i| alive[i])
                })
            })
            .collect();
        let mut changed = false;
        for (c, &head) in chains.iter().enumerate() {
            if !alive[c] {
                continue;
            }
            let vital = regions
                .iter()
                .zip(&region_alive)
                .filter(|((_, v), &ok)| ok && v.contains(&head))
                .count();
            if vital < 2 {
                alive[c] = false;
                changed = true;
            }
        }
        if !changed {
            return alive[..asked].iter().all(|&a| a);
        }
    }
}

const NONE: u16 = u16::MAX;

/// Cell kinds of the local board copy, from the point of view of one colour.
const OFF: u8 = 0;
const OWN: u8 = 1;
const EMPTY: u8 = 2;
const OPPONENT: u8 = 3;

const WORDS: usize = CELLS.div_ceil(64);

/// A bit set over cell indices, for the subset tests of the inner loop.
#[derive(Clone, Copy)]
struct Bits([u64; WORDS]);

impl Bits {
    const EMPTY: Bits = Bits([0; WORDS]);

    #[inline]
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    #[inline]
    fn is_subset_of(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }
}

/// The cells of the padded layout as seen by `color`: off-board, own stone, empty point or
/// opponent stone. Every on-board cell's four neighbours are valid indices.
pub(crate) fn cell_kinds(position: &Position, color: Color) -> [u8; CELLS] {
    // Straight from the cells, not point by point: Benson runs at search nodes, and the
    // point-by-point copy was a seventh of it (perf, session 38).
    let own = Cell::stone(color);
    position.cells().map(|cell| match cell {
        Cell::Border => OFF,
        Cell::Empty => EMPTY,
        c if c == own => OWN,
        _ => OPPONENT,
    })
}

/// The four neighbour cells of an on-board cell (some may be off the board).
#[inline]
pub(crate) fn neighbour_cells(i: usize) -> [usize; 4] {
    NEIGHBOUR_OFFSETS.map(|o| (i as isize + o) as usize)
}

/// Benson's pass-alive chains and safe regions of one colour.
///
/// See the [module documentation](self) for the exact definitions. Linear in the board
/// size: one pass to label chains, one flood fill for regions, a bit-set subset test per
/// chain-region contact, and a worklist for the removals.
///
/// # Examples
/// ```
/// use rules_core::{benson, Color, Position, Setup, Size};
/// // 3x2 board, a seki:  X . O
/// //                     X . O
/// let mut setup = Setup::new(Size::new(3, 2).unwrap());
/// for p in ["A1", "A2"] { setup.black.insert(p.parse().unwrap()); }
/// for p in ["C1", "C2"] { setup.white.insert(p.parse().unwrap()); }
/// let pos = Position::from_setup(&setup).unwrap();
/// // One region (B1, B2 and the White stones), vital to Black: one is not enough.
/// assert!(benson::pass_alive_for(&pos, Color::Black).chains.is_empty());
/// ```
pub fn pass_alive_for(position: &Position, color: Color) -> PassAliveSide {
    pass_alive_excluding(position, color, &PointSet::new())
}

/// [`pass_alive_for`] with the regions that meet `excluded` never counted as vital: the
/// chains that stay pass-alive even if their owner fills those regions completely.
///
/// A chain's pass-alive status rests on two vital regions that its owner never fills (the
/// owner only passes). A caller that wants the owner to play inside some region, for
/// instance to capture the opponent's stones there, needs chains whose two vital regions
/// lie elsewhere: this is that test. With `excluded` empty it is [`pass_alive_for`].
///
/// # Examples
/// ```
/// use rules_core::{benson, Color, Position, Setup, Size, PointSet};
/// // 3x2:  . X .
/// //       X X X
/// // Black's chain has the vital regions A2 and C2: pass-alive, but not without A2.
/// let mut setup = Setup::new(Size::new(3, 2).unwrap());
/// for p in ["B2", "A1", "B1", "C1"] { setup.black.insert(p.parse().unwrap()); }
/// let pos = Position::from_setup(&setup).unwrap();
/// assert_eq!(benson::pass_alive_for(&pos, Color::Black).chains.len(), 4);
/// let mut a = PointSet::new();
/// a.insert("A2".parse().unwrap());
/// assert!(benson::pass_alive_excluding(&pos, Color::Black, &a).chains.is_empty());
/// ```
pub fn pass_alive_excluding(
    position: &Position,
    color: Color,
    excluded: &PointSet,
) -> PassAliveSide {
    let kinds = cell_kinds(position, color);
    let mut stack: Vec<usize> = Vec::with_capacity(64);

    // Chains: id per stone, liberties per chain (own flood fill over cell indices).
    let mut chain_of = [NONE; CELLS];
    let mut chain_libs: Vec<Bits> = Vec::new();
    for i in 0..CELLS {
        if kinds[i] != OWN || chain_of[i] != NONE {
            continue;
        }
        let id = chain_libs.len() as u16;
        let mut libs = Bits::EMPTY;
        chain_of[i] = id;
        stack.push(i);
        while let Some(q) = stack.pop() {
            for n in neighbour_cells(q) {
                match kinds[n] {
                    OWN if chain_of[n] == NONE => {
                        chain_of[n] = id;
                        stack.push(n);
                    }
                    EMPTY => libs.set(n),
                    _ => {}
                }
            }
        }
        chain_libs.push(libs);
    }
    let n_chains = chain_libs.len();
    if n_chains == 0 {
        return PassAliveSide::default();
    }

    // Regions: flood fill over points not of `color`. For each region collect its empty
    // points and the chains it touches; the contacts form the edge list, grouped by region.
    let mut region_of = [NONE; CELLS];
    let mut region_edge_start: Vec<u32> = Vec::new();
    // (chain, vital) per contact.
    let mut edges: Vec<(u16, bool)> = Vec::new();
    let mut last_region_of_chain = vec![NONE; n_chains];
    for i in 0..CELLS {
        if kinds[i] == OWN || kinds[i] == OFF || region_of[i] != NONE {
            continue;
        }
        let r = region_edge_start.len() as u16;
        let first_edge = edges.len();
        region_edge_start.push(first_edge as u32);
        let mut empties = Bits::EMPTY;
        let mut meets_excluded = false;
        region_of[i] = r;
        stack.push(i);
        while let Some(q) = stack.pop() {
            if kinds[q] == EMPTY {
                empties.set(q);
            }
            meets_excluded |= excluded.contains_index(q);
            for n in neighbour_cells(q) {
                match kinds[n] {
                    OFF => {}
                    OWN => {
                        let c = chain_of[n];
                        if last_region_of_chain[c as usize] != r {
                            last_region_of_chain[c as usize] = r;
                            edges.push((c, false));
                        }
                    }
                    _ => {
                        if region_of[n] == NONE {
                            region_of[n] = r;
                            stack.push(n);
                        }
                    }
                }
            }
        }
        for e in &mut edges[first_edge..] {
            e.1 = !meets_excluded && empties.is_subset_of(&chain_libs[e.0 as usize]);
        }
    }
    let n_regions = region_edge_start.len();
    region_edge_start.push(edges.len() as u32);

    // Per chain: the regions it touches (compressed adjacency) and its vital count.
    let mut chain_start = vec![0u32; n_chains + 1];
    let mut vital_count = vec![0u32; n_chains];
    for &(c, vital) in &edges {
        chain_start[c as usize + 1] += 1;
        if vital {
            vital_count[c as usize] += 1;
        }
    }
    for i in 0..n_chains {
        chain_start[i + 1] += chain_start[i];
    }
    let mut fill = chain_start.clone();
    let mut chain_regions = vec![0u16; edges.len()];
    for r in 0..n_regions {
        let (a, b) = (
            region_edge_start[r] as usize,
            region_edge_start[r + 1] as usize,
        );
        for &(c, _) in &edges[a..b] {
            chain_regions[fill[c as usize] as usize] = r as u16;
            fill[c as usize] += 1;
        }
    }

    // Removal worklist.
    let mut chain_dead = vec![false; n_chains];
    let mut region_dead = vec![false; n_regions];
    let mut work: Vec<u16> = (0..n_chains as u16)
        .filter(|&c| vital_count[c as usize] < 2)
        .collect();
    while let Some(c) = work.pop() {
        let c = c as usize;
        if chain_dead[c] {
            continue;
        }
        chain_dead[c] = true;
        for &r in &chain_regions[chain_start[c] as usize..chain_start[c + 1] as usize] {
            let r = r as usize;
            if region_dead[r] {
                continue;
            }
            region_dead[r] = true;
            let (a, b) = (
                region_edge_start[r] as usize,
                region_edge_start[r + 1] as usize,
            );
            for &(d, vital) in &edges[a..b] {
                if vital {
                    let d = d as usize;
                    vital_count[d] -= 1;
                    if vital_count[d] < 2 && !chain_dead[d] {
                        work.push(d as u16);
                    }
                }
            }
        }
    }

    // A surviving region is safe when it is vital to some (necessarily surviving) chain.
    let region_safe: Vec<bool> = (0..n_regions)
        .map(|r| {
            !region_dead[r]
                && edges[region_edge_start[r] as usize..region_edge_start[r + 1] as usize]
                    .iter()
                    .any(|&(_, vital)| vital)
        })
        .collect();
    let mut out = PassAliveSide::default();
    for (i, &kind) in kinds.iter().enumerate() {
        if kind == OFF {
            continue;
        }
        let c = chain_of[i];
        if c != NONE {
            if !chain_dead[c as usize] {
                out.chains.insert_index(i);
            }
        } else {
            let r = region_of[i] as usize;
            if !region_dead[r] {
                out.enclosed.insert_index(i);
                if region_safe[r] {
                    out.regions.insert_index(i);
                }
            }
        }
    }
    out
}
