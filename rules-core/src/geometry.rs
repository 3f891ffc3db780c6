//! Board geometry: sizes, points and point sets.
//!
//! Every board, whatever its size, uses the same padded layout of the largest board
//! (25x25 with a border ring), so a [`Point`] means the same intersection on every
//! board and its neighbours are found by adding a constant offset.

use std::fmt;
use std::str::FromStr;

/// The largest width or height of a board.
pub const MAX_SIDE: u8 = 25;
/// The smallest width or height of a board.
pub const MIN_SIDE: u8 = 2;
/// Distance between vertically adjacent cells in the padded layout.
pub(crate) const STRIDE: usize = MAX_SIDE as usize + 1;
/// Number of cells in the padded layout (board, border ring and one spare cell).
pub const CELLS: usize = (MAX_SIDE as usize + 2) * STRIDE + 1;
/// The four offsets to a cell's neighbours.
pub(crate) const NEIGHBOUR_OFFSETS: [isize; 4] = [1, -1, STRIDE as isize, -(STRIDE as isize)];

/// Column letters in GTP notation: A..Z without I.
const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The dimensions of a board, from 2x2 to 25x25; rectangular boards are allowed.
///
/// ```
/// use rules_core::Size;
/// let size = Size::new(9, 7).unwrap();
/// assert_eq!((size.width(), size.height()), (9, 7));
/// assert_eq!(size.to_string(), "9x7");
/// assert!(Size::new(26, 19).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    width: u8,
    height: u8,
}

/// A board size outside 2..=25 in either direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "board size {width}x{height} is out of range (each side must be from {MIN_SIDE} to {MAX_SIDE})"
)]
pub struct SizeError {
    /// The requested width.
    pub width: u32,
    /// The requested height.
    pub height: u32,
}

impl Size {
    /// The 19x19 board.
    pub const STANDARD: Size = Size {
        width: 19,
        height: 19,
    };

    /// A board `width` columns wide and `height` rows high.
    ///
    /// # Errors
    /// [`SizeError`] when a side is outside 2..=25.
    pub fn new(width: u32, height: u32) -> Result<Size, SizeError> {
        let ok = |v: u32| (MIN_SIDE as u32..=MAX_SIDE as u32).contains(&v);
        if ok(width) && ok(height) {
            Ok(Size {
                width: width as u8,
                height: height as u8,
            })
        } else {
            Err(SizeError { width, height })
        }
    }

    /// A square board.
    ///
    /// # Errors
    /// [`SizeError`] when `side` is outside 2..=25.
    pub fn square(side: u32) -> Result<Size, SizeError> {
        Size::new(side, side)
    }

    /// Number of columns.
    pub const fn width(self) -> u32 {
        self.width as u32
    }

    /// Number of rows.
    pub const fn height(self) -> u32 {
        self.height as u32
    }

    /// Number of intersections.
    pub const fn area(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `point` lies on a board of this size.
    pub fn contains(self, point: Point) -> bool {
        let (x, y) = point.coords();
        x < self.width() && y < self.height()
    }

    /// The point at column `x` (0 = left) and row `y` (0 = bottom), if on the board.
    pub fn point(self, x: u32, y: u32) -> Option<Point> {
        (x < self.width() && y < self.height()).then(|| Point::new(x, y))
    }

    /// All points of the board, row by row from the bottom-left corner.
    pub fn points(self) -> impl Iterator<Item = Point> + Clone {
        let (w, h) = (self.width(), self.height());
        (0..h).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// An intersection, independent of the board size.
///
/// Column `x` counts from the left and row `y` from the bottom, both from 0, so `A1`
/// (GTP) is `Point::new(0, 0)`. Displayed in GTP notation.
///
/// ```
/// use rules_core::Point;
/// let p: Point = "D4".parse().unwrap();
/// assert_eq!(p.coords(), (3, 3));
/// assert_eq!(Point::new(8, 0).to_string(), "J1"); // no I column
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The point at column `x` and row `y`.
    ///
    /// # Panics
    /// When `x` or `y` is 25 or more.
    #[track_caller]
    pub const fn new(x: u32, y: u32) -> Point {
        assert!(
            x < MAX_SIDE as u32 && y < MAX_SIDE as u32,
            "point out of range"
        );
        Point(((y as usize + 1) * STRIDE + x as usize + 1) as u16)
    }

    /// Column and row, both from 0, row 0 at the bottom.
    pub const fn coords(self) -> (u32, u32) {
        let i = self.0 as usize;
        ((i % STRIDE) as u32 - 1, (i / STRIDE) as u32 - 1)
    }

    /// The index of the point's cell in the padded layout (below [`CELLS`]).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The point of a cell index the caller knows to be a point's (a stone's or an empty
    /// point's cell of a position): no range check in the inner loops.
    #[inline]
    pub(crate) const fn of_cell(index: usize) -> Point {
        Point(index as u16)
    }

    /// The point of a cell index, if the index is an on-board cell of the largest board.
    pub fn from_index(index: usize) -> Option<Point> {
        if index >= CELLS {
            return None;
        }
        let (col, row) = (index % STRIDE, index / STRIDE);
        ((1..=MAX_SIDE as usize).contains(&col) && (1..=MAX_SIDE as usize).contains(&row))
            .then_some(Point(index as u16))
    }

    /// The up to four neighbours of the point on a board of `size`.
    pub fn neighbours(self, size: Size) -> impl Iterator<Item = Point> {
        let (x, y) = self.coords();
        // Each neighbour by its index offset: the bounds tested here keep it on the board,
        // so `Point::new`'s range check (per neighbour, in the searches' inner loops) is
        // not needed.
        let stride = STRIDE as u16;
        let i = self.0;
        let cands = [
            (x > 0).then_some(Point(i.wrapping_sub(1))),
            (x + 1 < size.width()).then_some(Point(i + 1)),
            (y > 0).then_some(Point(i.wrapping_sub(stride))),
            (y + 1 < size.height()).then_some(Point(i + stride)),
        ];
        cands.into_iter().flatten()
    }

    /// The point in SGF notation (`aa` is the top-left corner) on a board of `size`.
    ///
    /// ```
    /// use rules_core::{Point, Size};
    /// assert_eq!(Point::new(0, 0).to_sgf(Size::STANDARD), "as");
    /// ```
    pub fn to_sgf(self, size: Size) -> String {
        let (x, y) = self.coords();
        let row = size.height() - 1 - y;
        let c = |v: u32| (b'a' + v as u8) as char;
        format!("{}{}", c(x), c(row))
    }

    /// Parses SGF notation (`aa` top-left) on a board of `size`; `None` if malformed or off
    /// the board.
    pub fn from_sgf(text: &str, size: Size) -> Option<Point> {
        let b = text.as_bytes();
        if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
            return None;
        }
        let (x, row) = ((b[0] - b'a') as u32, (b[1] - b'a') as u32);
        if row >= size.height() {
            return None;
        }
        size.point(x, size.height() - 1 - row)
    }

    /// Parses GTP notation and checks the point lies on a board of `size`.
    pub fn from_gtp(text: &str, size: Size) -> Option<Point> {
        text.parse::<Point>().ok().filter(|&p| size.contains(p))
    }
}

/// A string that is not a point in GTP notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a point (expected a column letter A-Z without I, then a row 1-25)")]
pub struct ParsePointError(pub String);

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let err = || ParsePointError(s.to_string());
        let mut chars = s.chars();
        let col = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        let x = GTP_COLUMNS
            .iter()
            .position(|&c| c as char == col)
            .ok_or_else(err)?;
        let rest = chars.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let row: u32 = rest.parse().map_err(|_| err())?;
        if !(1..=MAX_SIDE as u32).contains(&row) {
            return Err(err());
        }
        Ok(Point::new(x as u32, row - 1))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (x, y) = self.coords();
        write!(f, "{}{}", GTP_COLUMNS[x as usize] as char, y + 1)
    }
}

const SET_WORDS: usize = CELLS.div_ceil(64);

/// The sides a board may have.
const SIDES: usize = (MAX_SIDE - MIN_SIDE + 1) as usize;

/// [`PointSet::board`] of every size, by height and width from [`MIN_SIDE`], computed at
/// compile time.
static BOARD_MASKS: [[PointSet; SIDES]; SIDES] = {
    let mut masks = [[PointSet::new(); SIDES]; SIDES];
    let mut h = 0;
    while h < SIDES {
        let mut w = 0;
        while w < SIDES {
            masks[h][w] = PointSet::board_of(w + MIN_SIDE as usize, h + MIN_SIDE as usize);
            w += 1;
        }
        h += 1;
    }
    masks
};

/// A set of points, as a fixed-size bit set.
///
/// ```
/// use rules_core::{Point, PointSet};
/// let mut set = PointSet::new();
/// set.insert(Point::new(2, 3));
/// assert!(set.contains(Point::new(2, 3)));
/// assert_eq!(set.len(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet {
    words: [u64; SET_WORDS],
}

impl PointSet {
    /// The empty set.
    pub const fn new() -> PointSet {
        PointSet {
            words: [0; SET_WORDS],
        }
    }

    /// Adds a point; returns whether it was absent.
    pub fn insert(&mut self, p: Point) -> bool {
        let (w, b) = (p.index() / 64, p.index() % 64);
        let was = self.words[w] >> b & 1 == 1;
        self.words[w] |= 1 << b;
        !was
    }

    /// Removes a point; returns whether it was present.
    pub fn remove(&mut self, p: Point) -> bool {
        let (w, b) = (p.index() / 64, p.index() % 64);
        let was = self.words[w] >> b & 1 == 1;
        self.words[w] &= !(1 << b);
        was
    }

    /// Whether the point is in the set.
    pub fn contains(&self, p: Point) -> bool {
        self.words[p.index() / 64] >> (p.index() % 64) & 1 == 1
    }

    /// Whether the point of the cell at `index` (of the padded layout, below [`CELLS`]) is
    /// in the set: for this crate's loops over cell indices, without making points.
    pub(crate) fn contains_index(&self, index: usize) -> bool {
        self.words[index / 64] >> (index % 64) & 1 == 1
    }

    /// Adds the point of the cell at `index` (of the padded layout, an on-board cell).
    pub(crate) fn insert_index(&mut self, index: usize) {
        self.words[index / 64] |= 1 << (index % 64);
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Points in both sets.
    pub fn intersection(&self, other: &PointSet) -> PointSet {
        let mut out = *self;
        for (a, b) in out.words.iter_mut().zip(other.words) {
            *a &= b;
        }
        out
    }

    /// Points in either set.
    pub fn union(&self, other: &PointSet) -> PointSet {
        let mut out = *self;
        for (a, b) in out.words.iter_mut().zip(other.words) {
            *a |= b;
        }
        out
    }

    /// The set with every neighbour of its points on a board of `size`.
    ///
    /// ```
    /// use rules_core::{PointSet, Size};
    /// let size = Size::square(5).unwrap();
    /// let corner = PointSet::from_iter(["A1".parse().unwrap()]);
    /// let grown: Vec<String> = corner.with_neighbours(size).iter().map(|p| p.to_string()).collect();
    /// assert_eq!(grown, ["A1", "B1", "A2"]);
    /// ```
    pub fn with_neighbours(&self, size: Size) -> PointSet {
        self.grown_within(&PointSet::board(size)).union(self)
    }

    /// Every point of a board of `size`.
    ///
    /// ```
    /// use rules_core::{PointSet, Size};
    /// assert_eq!(PointSet::board(Size::new(19, 7).unwrap()).len(), 133);
    /// ```
    pub fn board(size: Size) -> PointSet {
        // A table lookup: the searches ask for it at every flood fill and neighbour set.
        BOARD_MASKS[(size.height - MIN_SIDE) as usize][(size.width - MIN_SIDE) as usize]
    }

    /// [`PointSet::board`] computed: every row's run of consecutive cells.
    const fn board_of(width: usize, height: usize) -> PointSet {
        let mut set = PointSet::new();
        let mut y = 0;
        while y < height {
            let (mut i, end) = ((y + 1) * STRIDE + 1, (y + 1) * STRIDE + 1 + width);
            while i < end {
                let (word, bit) = (i / 64, i % 64);
                let run = if 64 - bit < end - i {
                    64 - bit
                } else {
                    end - i
                };
                set.words[word] |= (u64::MAX >> (64 - run)) << bit;
                i += run;
            }
            y += 1;
        }
        set
    }

    /// The points of `within` that are in the set or next to one of its points. Word by
    /// word, the neighbours of a cell being the cells one and a row away: a search
    /// that regrows an area point by point spent 5 % of its time here.
    ///
    /// ```
    /// use rules_core::{PointSet, Size};
    /// let board = PointSet::board(Size::square(5).unwrap());
    /// let corner = PointSet::from_iter(["A1".parse().unwrap()]);
    /// let grown: Vec<String> = corner.grown_within(&board).iter().map(|p| p.to_string()).collect();
    /// assert_eq!(grown, ["A1", "B1", "A2"]);
    /// ```
    pub fn grown_within(&self, within: &PointSet) -> PointSet {
        let w = &self.words;
        let mut out = PointSet::new();
        for i in 0..SET_WORDS {
            let mut x = w[i] | w[i] << 1 | w[i] >> 1 | w[i] << STRIDE | w[i] >> STRIDE;
            if i > 0 {
                x |= w[i - 1] >> 63 | w[i - 1] >> (64 - STRIDE);
            }
            if i + 1 < SET_WORDS {
                x |= w[i + 1] << 63 | w[i + 1] << (64 - STRIDE);
            }
            out.words[i] = x & within.words[i];
        }
        out
    }

    /// The points of `within` connected to the set's points in `within` through `within`:
    /// [`PointSet::grown_within`] repeated until nothing is added (a flood fill, word by
    /// word).
    ///
    /// ```
    /// use rules_core::PointSet;
    /// let within: PointSet = ["A1", "B1", "D1", "D2"].iter().map(|p| p.parse().unwrap()).collect();
    /// let seed = PointSet::from_iter(["A1".parse().unwrap()]);
    /// let reached: Vec<String> = seed.flooded_within(&within).iter().map(|p| p.to_string()).collect();
    /// assert_eq!(reached, ["A1", "B1"]);
    /// ```
    pub fn flooded_within(&self, within: &PointSet) -> PointSet {
        // Only the words `within` occupies (a corner problem's area spans three of a
        // board's eleven), each grown in place to its own fixpoint from its neighbour
        // words as they stand: a step per row of an area, where growing the whole set
        // took a step per point of its longest path (a fifth of an easy tsumego's
        // instructions went here).
        let Some(lo) = within.words.iter().position(|&w| w != 0) else {
            return PointSet::new();
        };
        let hi = within.words.iter().rposition(|&w| w != 0).unwrap_or(lo);
        let mut reached = self.intersection(within);
        let w = &mut reached.words;
        loop {
            let mut changed = false;
            for i in lo..=hi {
                let mut carried = 0;
                if i > 0 {
                    carried |= w[i - 1] >> 63 | w[i - 1] >> (64 - STRIDE);
                }
                if i + 1 < SET_WORDS {
                    carried |= w[i + 1] << 63 | w[i + 1] << (64 - STRIDE);
                }
                let mut x = (w[i] | carried) & within.words[i];
                loop {
                    let grown = (x | x << 1 | x >> 1 | x << STRIDE | x >> STRIDE) & within.words[i];
                    if grown == x {
                        break;
                    }
                    x = grown;
                }
                changed |= x != w[i];
                w[i] = x;
            }
            if !changed {
                return reached;
            }
        }
    }

    /// The points of the set whose every neighbour on a board of `size` is in the set too,
    /// word by word (a search counts them at every leaf).
    ///
    /// ```
    /// use rules_core::{PointSet, Size};
    /// let size = Size::square(5).unwrap();
    /// let corner: PointSet = ["A1", "B1", "A2", "B2", "C1"].iter().map(|p| p.parse().unwrap()).collect();
    /// let inner: Vec<String> = corner.interior(size).iter().map(|p| p.to_string()).collect();
    /// assert_eq!(inner, ["A1", "B1"]);
    /// ```
    pub fn interior(&self, size: Size) -> PointSet {
        let outside = PointSet::board(size).difference(self);
        self.difference(&outside.grown_within(self))
    }

    /// Points of `self` not in `other`.
    pub fn difference(&self, other: &PointSet) -> PointSet {
        let mut out = *self;
        for (a, b) in out.words.iter_mut().zip(other.words) {
            *a &= !b;
        }
        out
    }

    /// The points in increasing index order (row by row from the bottom).
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        PointSetIter {
            words: &self.words,
            word: 0,
            bits: self.words[0],
        }
    }
}

/// The iterator of [`PointSet::iter`]: one word at a time, lowest bit first. (A plain
/// loop over the words: the searches iterate small sets millions of times, and a
/// `flat_map` of closures cost several times more per set.)
struct PointSetIter<'a> {
    words: &'a [u64; SET_WORDS],
    /// The index of the word `bits` comes from.
    word: usize,
    /// The bits of that word not yet returned.
    bits: u64,
}

impl Iterator for PointSetIter<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.bits == 0 {
            self.word += 1;
            self.bits = *self.words.get(self.word)?;
        }
        let b = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(Point((self.word * 64 + b) as u16))
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        let mut set = PointSet::new();
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|p| p.to_string()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-wise growth and interior against the neighbours point by point, on random
    /// sets of boards from 2x2 to 25x25, rectangular ones among them; and the board's points.
    #[test]
    fn sets_grow_as_their_points_do() {
        let mut seed = 5u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for (w, h) in [
            (2, 2),
            (3, 5),
            (9, 9),
            (13, 4),
            (19, 19),
            (25, 25),
            (25, 2),
            (2, 25),
        ] {
            let size = Size::new(w, h).unwrap();
            let board = PointSet::board(size);
            assert_eq!(board, size.points().collect::<PointSet>());
            for density in [2, 10, 50, 200] {
                for _ in 0..50 {
                    let set: PointSet = size.points().filter(|_| next(density) == 0).collect();
                    let within: PointSet = size.points().filter(|_| next(3) > 0).collect();
                    let mut grown = set;
                    for p in set.iter() {
                        for n in p.neighbours(size) {
                            grown.insert(n);
                        }
                    }
                    assert_eq!(set.with_neighbours(size), grown, "{w}x{h}");
                    assert_eq!(set.grown_within(&within), grown.intersection(&within));
                    // The flood against one point by point.
                    let mut flooded = set.intersection(&within);
                    let mut stack: Vec<Point> = flooded.iter().collect();
                    while let Some(p) = stack.pop() {
                        for n in p.neighbours(size) {
                            if within.contains(n) && flooded.insert(n) {
                                stack.push(n);
                            }
                        }
                    }
                    assert_eq!(set.flooded_within(&within), flooded, "{w}x{h}");
                    // The interior of sparse sets and of dense ones (most points in).
                    let dense: PointSet = size.points().filter(|_| next(density) != 0).collect();
                    for s in [set, dense, within] {
                        let inner: PointSet = s
                            .iter()
                            .filter(|p| p.neighbours(size).all(|n| s.contains(n)))
                            .collect();
                        assert_eq!(s.interior(size), inner, "{w}x{h}");
                    }
                }
            }
        }
    }

    /// The compile-time table of boards against the points of every size.
    #[test]
    fn every_board_holds_its_points() {
        for w in MIN_SIDE as u32..=MAX_SIDE as u32 {
            for h in MIN_SIDE as u32..=MAX_SIDE as u32 {
                let size = Size::new(w, h).unwrap();
                assert_eq!(PointSet::board(size), size.points().collect::<PointSet>());
            }
        }
    }

    #[test]
    fn gtp_round_trip_every_point() {
        let size = Size::square(25).unwrap();
        for p in size.points() {
            assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
            assert_eq!(Point::from_sgf(&p.to_sgf(size), size), Some(p));
            assert_eq!(Point::from_index(p.index()), Some(p));
        }
    }

    #[test]
    fn gtp_rejects_bad_points() {
        for bad in ["", "I5", "A0", "A26", "5A", "AA1", "A-1", "A1x", "Ä1"] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
    }

    #[test]
    fn neighbours_respect_edges() {
        let size = Size::new(3, 2).unwrap();
        let corner: Vec<_> = Point::new(0, 0).neighbours(size).collect();
        assert_eq!(corner, vec![Point::new(1, 0), Point::new(0, 1)]);
        assert_eq!(Point::new(1, 1).neighbours(size).count(), 3);
    }

    #[test]
    fn neighbours_are_the_points_one_step_away() {
        for (w, h) in [(2, 2), (3, 7), (25, 25), (25, 2)] {
            let size = Size::new(w, h).unwrap();
            for p in size.points() {
                let (x, y) = p.coords();
                let want: Vec<Point> = [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)]
                    .iter()
                    .filter_map(|&(dx, dy)| {
                        let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                        size.point(u32::try_from(nx).ok()?, u32::try_from(ny).ok()?)
                    })
                    .collect();
                assert_eq!(
                    p.neighbours(size).collect::<Vec<_>>(),
                    want,
                    "{p} on {size}"
                );
            }
        }
    }

    #[test]
    fn size_limits() {
        assert!(Size::new(1, 5).is_err());
        assert!(Size::new(25, 25).is_ok());
        assert!(Size::new(2, 2).is_ok());
    }
}
