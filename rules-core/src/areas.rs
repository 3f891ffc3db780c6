//! Independent areas: the board cut by pass-alive chains (spec section 3.5, Locality).
//!
//! Remove the stones of the pass-alive chains of both colours ([`crate::benson`]). Every
//! maximal orthogonally connected set of the remaining points (empty points and stones of
//! chains that are not pass-alive) is an **area**. The areas partition the board minus the
//! pass-alive stones. For each area, [`Area`] records its points, the strings in it and the
//! pass-alive chains (with their colour) that border it.
//!
//! # Caution: what a restricted search proves
//!
//! Pass-alive chains cannot be captured whatever the opponent does, but a chain **can lose
//! its pass-alive status through its owner's own moves**: filling an own eye, or capturing
//! stones inside an own eye so that a point of it stops being a liberty. On the 3x3 board
//! `.O. / OOX / XXX` (rows from the top), White's chain is pass-alive, yet after White plays
//! C3 and captures, C1 is no longer a White liberty and the chain is not pass-alive any more.
//!
//! Hence, searching one area with the bordering chains held fixed:
//! * an **"alive"** verdict found with the **defender's** pass-alive chains held fixed is
//!   exact (the defender never needs to touch them);
//! * a **"dead"** verdict found with the **attacker's** pass-alive chains held fixed must be
//!   checked: either show that the attacker's winning line never breaks its own chains (call
//!   [`crate::benson::still_pass_alive`] on the states the line passes through) or search
//!   again with those chains free.
//!
//! # Example
//! ```
//! use rules_core::{areas, Color, Position, Setup, Size};
//! // 6x2 board:  . X . X . .
//! //             X X X X . .
//! let mut setup = Setup::new(Size::new(6, 2).unwrap());
//! for p in ["B2", "D2", "A1", "B1", "C1", "D1"] {
//!     setup.black.insert(p.parse().unwrap());
//! }
//! let pos = Position::from_setup(&setup).unwrap();
//! let areas = areas::independent_areas(&pos);
//! // The Black chain is pass-alive; its eyes A2 and C2 and columns E-F are three areas.
//! assert_eq!(areas.areas.len(), 3);
//! let e = &areas.areas[areas.area_of("E1".parse().unwrap()).unwrap()];
//! assert_eq!(e.points.len(), 4);
//! let chain = pos.string_id("D1".parse().unwrap()).unwrap();
//! assert_eq!(e.border_chains, vec![(Color::Black, chain)]);
//! assert_eq!(e.safe_for, None); // F1, F2 are not liberties of the chain
//! let a2 = &areas.areas[areas.area_of("A2".parse().unwrap()).unwrap()];
//! assert_eq!(a2.safe_for, Some(Color::Black));
//! ```

use crate::benson::{self, neighbour_cells, PassAlive};
use crate::color::{ByColor, Color};
use crate::geometry::{Point, PointSet, CELLS};
use crate::position::Position;

/// One independent area.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// The points of the area: empty points and stones of chains that are not pass-alive.
    pub points: PointSet,
    /// Per colour, the stones in the area (all of them belong to chains that are not
    /// pass-alive).
    pub stones: ByColor<PointSet>,
    /// The strings in the area, one representative stone each ([`Position::string_id`] in
    /// the position the areas were computed for), in increasing point order.
    pub strings: Vec<Point>,
    /// Per colour, all the stones of the pass-alive chains that border the area (whole
    /// chains, not only the stones adjacent to it).
    pub border: ByColor<PointSet>,
    /// The pass-alive chains that border the area: colour and representative stone
    /// ([`Position::string_id`]), Black first, then in increasing point order.
    pub border_chains: Vec<(Color, Point)>,
    /// `Some(c)` when the whole area lies inside a safe region of `c`
    /// ([`PassAlive::regions`]): `c`'s pass-alive chains surround it and every empty point
    /// of it is a liberty of one of them. The opponent stones in such an area are only
    /// candidates for death (see [`PassAlive::inside`]).
    pub safe_for: Option<Color>,
}

/// The independent areas of a position.
#[derive(Clone, Debug)]
pub struct Areas {
    /// Benson's result the areas were cut with.
    pub pass_alive: PassAlive,
    /// The areas, ordered by their lowest point.
    pub areas: Vec<Area>,
    area_of: Box<[u16; CELLS]>,
}

const NONE: u16 = u16::MAX;

impl Areas {
    /// The index in [`Areas::areas`] of the area holding `point`; `None` for a stone of a
    /// pass-alive chain or a point off the board.
    pub fn area_of(&self, point: Point) -> Option<usize> {
        match self.area_of[point.index()] {
            NONE => None,
            a => Some(a as usize),
        }
    }
}

/// Cuts the board into independent areas, computing Benson's result first.
///
/// # Examples
/// ```
/// use rules_core::{areas, Position, Size};
/// let pos = Position::empty(Size::square(9).unwrap());
/// let a = areas::independent_areas(&pos);
/// assert_eq!(a.areas.len(), 1);
/// assert_eq!(a.areas[0].points.len(), 81);
/// ```
pub fn independent_areas(position: &Position) -> Areas {
    areas_from(position, benson::pass_alive(position))
}

/// Cuts the board into independent areas using an already computed Benson result, which
/// must be [`benson::pass_alive`] of the same position.
///
/// # Examples
/// ```
/// use rules_core::{areas, benson, Position, Size};
/// let pos = Position::empty(Size::square(5).unwrap());
/// let pa = benson::pass_alive(&pos);
/// assert_eq!(areas::areas_from(&pos, pa).areas.len(), 1);
/// ```
pub fn areas_from(position: &Position, pass_alive: PassAlive) -> Areas {
    let size = position.size();
    let blocked = pass_alive.all_chains();
    // Free cells: on-board points that are not stones of pass-alive chains.
    let mut free = [false; CELLS];
    for p in size.points() {
        free[p.index()] = !blocked.contains(p);
    }

    // Label the areas by flood fill over cell indices.
    let mut area_of = Box::new([NONE; CELLS]);
    let mut count = 0u16;
    let mut stack = Vec::with_capacity(64);
    for p in size.points() {
        let i = p.index();
        if !free[i] || area_of[i] != NONE {
            continue;
        }
        area_of[i] = count;
        stack.push(i);
        while let Some(q) = stack.pop() {
            for n in neighbour_cells(q) {
                if free[n] && area_of[n] == NONE {
                    area_of[n] = count;
                    stack.push(n);
                }
            }
        }
        count += 1;
    }

    // Assemble points, stones, strings and the pass-alive stones touching each area.
    let mut areas: Vec<Area> = (0..count)
        .map(|_| Area {
            points: PointSet::new(),
            stones: ByColor::new(PointSet::new(), PointSet::new()),
            strings: Vec::new(),
            border: ByColor::new(PointSet::new(), PointSet::new()),
            border_chains: Vec::new(),
            safe_for: None,
        })
        .collect();
    let mut touching = vec![PointSet::new(); count as usize];
    for p in size.points() {
        let i = p.index();
        match area_of[i] {
            NONE => {
                for n in neighbour_cells(i) {
                    if area_of[n] != NONE {
                        touching[area_of[n] as usize].insert(p);
                    }
                }
            }
            a => {
                let area = &mut areas[a as usize];
                area.points.insert(p);
                if let Some(c) = position.color_at(p) {
                    area.stones[c].insert(p);
                    if position.string_id(p) == Some(p) {
                        area.strings.push(p);
                    }
                }
            }
        }
    }
    for (area, touching) in areas.iter_mut().zip(&touching) {
        for c in Color::ALL {
            let mut ids = Vec::new();
            for q in touching.iter() {
                if position.color_at(q) == Some(c) && !area.border[c].contains(q) {
                    for s in position.string_stones(q) {
                        area.border[c].insert(s);
                    }
                    if let Some(h) = position.string_id(q) {
                        ids.push(h);
                    }
                }
            }
            ids.sort_unstable();
            area.border_chains.extend(ids.into_iter().map(|h| (c, h)));
        }
        area.safe_for = Color::ALL
            .into_iter()
            .find(|&c| area.points.difference(&pass_alive.regions[c]).is_empty());
    }
    Areas {
        pass_alive,
        areas,
        area_of,
    }
}
