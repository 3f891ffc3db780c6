//! The position: stones, strings with liberties kept incrementally, captures, no suicide,
//! the Art. 6 simple ko, prisoners and the Zobrist hash.
//!
//! This layer knows nothing of phases or of the confirmation ban set: those live in
//! [`crate::confirmation`], on top of it.

use crate::color::{ByColor, Color};
use crate::geometry::{Point, PointSet, Size, CELLS, NEIGHBOUR_OFFSETS};
use crate::moves::Move;
use crate::zobrist::{self, ZobristHash};
use std::fmt;

/// What occupies a cell of the padded layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub(crate) enum Cell {
    Empty,
    Black,
    White,
    Border,
}

impl Cell {
    #[inline]
    pub(crate) fn stone(c: Color) -> Cell {
        match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    #[inline]
    fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// Why a move is illegal in ordinary play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalReason {
    /// The point is not on this board.
    #[error("the point is off the board")]
    OffBoard,
    /// A stone already stands there.
    #[error("the point is occupied")]
    Occupied,
    /// The move would retake a ko at once (Art. 6).
    #[error("it retakes the ko at once (Art. 6)")]
    Ko,
    /// The played string would have no liberty after captures (Art. 4-5).
    #[error("it is suicide (Art. 4-5)")]
    Suicide,
}

/// An illegal move, with the move that was refused.
///
/// ```
/// use rules_core::{Move, Position, Size, Point, IllegalReason};
/// let pos = Position::empty(Size::square(9).unwrap());
/// let pos = pos.play(Move::Play(Point::new(0, 0))).unwrap();
/// let err = pos.play(Move::Play(Point::new(0, 0))).unwrap_err();
/// assert_eq!(err.reason, IllegalReason::Occupied);
/// assert_eq!(err.to_string(), "W A1 is illegal: the point is occupied");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{color} {mv} is illegal: {reason}")]
pub struct PlayError {
    /// The player who tried the move.
    pub color: Color,
    /// The refused move.
    pub mv: Move,
    /// Why it was refused.
    pub reason: IllegalReason,
}

/// What a legal move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PlayEffect {
    /// Number of stones captured.
    pub captured: u32,
    /// Whether the move was a ko capture: it captured exactly one stone and the playing
    /// stone is left a one-stone string whose only liberty is the point just emptied.
    pub ko_capture: Option<KoCapture>,
}

/// A ko capture: the stone that captured and the point where the captured stone stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KoCapture {
    /// The capturing stone.
    pub stone: Point,
    /// The point emptied by the capture (the capturing stone's only liberty).
    pub captured: Point,
}

bitflags::bitflags! {
    /// The problems a [`Setup`] can have; several may be reported at once.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct SetupProblems: u8 {
        /// A stone lies outside the board.
        const STONE_OFF_BOARD = 1;
        /// A point holds both a black and a white stone.
        const STONES_OVERLAP = 1 << 1;
        /// A string has no liberty.
        const ZERO_LIBERTY_STRING = 1 << 2;
        /// The ko point is off the board, occupied, or not the point of a ko just taken.
        const BAD_KO_POINT = 1 << 3;
    }
}

/// A [`Setup`] that is not a legal position, with every problem and the points involved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid setup: {}", describe_problems(*problems, points))]
pub struct SetupError {
    /// The problems found.
    pub problems: SetupProblems,
    /// The points involved, in board order.
    pub points: Vec<Point>,
}

fn describe_problems(problems: SetupProblems, points: &[Point]) -> String {
    let mut words = Vec::new();
    if problems.contains(SetupProblems::STONE_OFF_BOARD) {
        words.push("a stone lies off the board");
    }
    if problems.contains(SetupProblems::STONES_OVERLAP) {
        words.push("a point holds stones of both colours");
    }
    if problems.contains(SetupProblems::ZERO_LIBERTY_STRING) {
        words.push("a string has no liberty");
    }
    if problems.contains(SetupProblems::BAD_KO_POINT) {
        words.push("the ko point is not the point of a ko just taken");
    }
    let pts: Vec<String> = points.iter().map(|p| p.to_string()).collect();
    format!("{} (at {})", words.join("; "), pts.join(" "))
}

/// A raw, unvalidated position: what a file or a test describes.
///
/// Turn it into a [`Position`] with [`Position::from_setup`].
///
/// ```
/// use rules_core::{Color, Point, Position, Setup, Size};
/// let mut setup = Setup::new(Size::square(5).unwrap());
/// setup.black.insert(Point::new(0, 0));
/// setup.to_move = Color::White;
/// let pos = Position::from_setup(&setup).unwrap();
/// assert_eq!(pos.color_at(Point::new(0, 0)), Some(Color::Black));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Board size.
    pub size: Size,
    /// Black stones.
    pub black: PointSet,
    /// White stones.
    pub white: PointSet,
    /// The player to move.
    pub to_move: Color,
    /// The point where the player to move may not retake a ko at once.
    pub ko: Option<Point>,
    /// Stones captured so far by each player.
    pub prisoners: ByColor<u32>,
}

impl Setup {
    /// An empty board, Black to move.
    pub fn new(size: Size) -> Setup {
        Setup {
            size,
            black: PointSet::new(),
            white: PointSet::new(),
            to_move: Color::Black,
            ko: None,
            prisoners: ByColor::default(),
        }
    }

    /// The stones of `color`.
    pub fn stones(&self, color: Color) -> &PointSet {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The stones of `color`, to change.
    ///
    /// ```
    /// use rules_core::{Color, Setup, Size};
    /// let mut setup = Setup::new(Size::square(9).unwrap());
    /// setup.stones_mut(Color::White).insert("C3".parse().unwrap());
    /// assert_eq!(setup.white.len(), 1);
    /// ```
    pub fn stones_mut(&mut self, color: Color) -> &mut PointSet {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

/// What a cell holds besides its colour: the string structure (meaningful on stones, the
/// per-string fields on a string's representative) and, on an empty point, its slot in
/// the list of empty points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Links {
    /// Next stone in the same string (a circular list).
    next: u16,
    /// The representative stone of the stone's string.
    head: u16,
    /// Per representative: number of stones.
    string_size: u16,
    /// Per representative: pseudo-liberties (adjacent (stone, empty point) pairs).
    pseudo_libs: u16,
    /// On an empty point: its index in `empties`.
    empty_slot: u16,
    /// Per representative: sum of pseudo-liberty indices.
    lib_sum: u32,
    /// Per representative: sum of squared pseudo-liberty indices.
    lib_sq_sum: u32,
}

/// A legal position of ordinary play.
///
/// Holds the stones, the player to move, the Art. 6 ko point (the point where the player to
/// move may not retake at once), the prisoners each side took, and, kept incrementally, the
/// strings, their pseudo-liberties and the 128-bit hash.
///
/// `Eq` compares the board, the player to move and the ko point, not the prisoners: two
/// positions are equal when the same moves are legal and lead to equal positions. The hash
/// covers exactly what `Eq` compares.
///
/// It is `Clone` and not `Copy`: sized for the largest board (25x25), a position is about
/// 15 KB, too big to copy by accident.
///
/// ```
/// use rules_core::{Color, Move, Point, Position, Size};
/// let mut pos = Position::empty(Size::square(9).unwrap());
/// for mv in ["B1", "A1", "A2"] {
///     pos = pos.play(Move::Play(mv.parse().unwrap())).unwrap();
/// }
/// // Black's A2 captured White's A1.
/// assert_eq!(pos.color_at("A1".parse().unwrap()), None);
/// assert_eq!(pos.prisoners().black, 1);
/// assert_eq!(pos.to_move(), Color::White);
/// ```
pub struct Position {
    size: Size,
    to_move: Color,
    ko: Option<Point>,
    prisoners: ByColor<u32>,
    stone_hash: ZobristHash,
    cells: [Cell; CELLS],
    /// The string structure and the empty-point slot of each cell, together in one
    /// array so that a copy of a board is two copies, not eight (the searches copy a
    /// state for every child they generate).
    links: [Links; CELLS],
    empties: [Point; CELLS],
    empty_count: u16,
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            size: self.size,
            to_move: self.to_move,
            ko: self.ko,
            prisoners: self.prisoners,
            stone_hash: self.stone_hash,
            cells: self.cells,
            links: self.links,
            empties: self.empties,
            empty_count: self.empty_count,
        }
    }

    /// Copies only the cells of the board's points when the sizes agree: on a small board
    /// that is a few hundred bytes instead of 15 KB. Every write of play goes to a point's
    /// cell (a stone, a string's representative, an emptied point), so the cells outside
    /// the range from the first point to the last (border cells and the columns beyond the
    /// width) keep the values they were made with, the same in any two positions of one
    /// size. (The search copies a state for every child it generates: the range from the
    /// first point, rather than from cell 0 through the top border row, is 40 % less on a
    /// 7x5 board.)
    fn clone_from(&mut self, source: &Position) {
        if self.size != source.size {
            *self = source.clone();
            return;
        }
        let stride = crate::geometry::STRIDE;
        let (lo, hi) = (
            stride + 1,
            self.size.height() as usize * stride + self.size.width() as usize + 1,
        );
        self.to_move = source.to_move;
        self.ko = source.ko;
        self.prisoners = source.prisoners;
        self.stone_hash = source.stone_hash;
        self.cells[lo..hi].copy_from_slice(&source.cells[lo..hi]);
        self.links[lo..hi].copy_from_slice(&source.links[lo..hi]);
        let e = source.empty_count as usize;
        self.empties[..e].copy_from_slice(&source.empties[..e]);
        self.empty_count = source.empty_count;
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.size == other.size
            && self.to_move == other.to_move
            && self.ko == other.ko
            && self.cells == other.cells
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.hash().hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position {{ size: {}, to_move: {}, ko: {:?}, prisoners: {:?} }}\n{}",
            self.size, self.to_move, self.ko, self.prisoners, self
        )
    }
}

/// Where the play of a move tells what it is about to overwrite: nowhere for ordinary
/// play ([`NoJournal`], compiled away), into an [`Undo`] for a move to be taken back.
trait Journal {
    /// Whether the journal keeps anything: when not, the old values are not even read.
    const KEEPS: bool;
    fn cell(&mut self, index: usize, cell: Cell, links: Links);
    fn empty(&mut self, slot: usize, point: Point);
}

/// The journal of ordinary play: keeps nothing.
struct NoJournal;

impl Journal for NoJournal {
    const KEEPS: bool = false;
    #[inline(always)]
    fn cell(&mut self, _: usize, _: Cell, _: Links) {}
    #[inline(always)]
    fn empty(&mut self, _: usize, _: Point) {}
}

/// The fields of a position outside its arrays, as they were before a move.
#[derive(Clone, Copy, Debug)]
struct Scalars {
    to_move: Color,
    ko: Option<Point>,
    prisoners: ByColor<u32>,
    stone_hash: ZobristHash,
    empty_count: u16,
}

/// What one [`Position::play_undoable`] overwrote, for [`Position::undo`]: a few dozen
/// bytes for most moves where a copy of the position is 10 KB or more. Reuse one `Undo`
/// for many moves: it keeps its buffers.
///
/// ```
/// use rules_core::Undo;
/// let undo = Undo::default();
/// assert!(undo.is_empty());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Undo {
    scalars: Option<Scalars>,
    cells: Vec<(u16, Cell, Links)>,
    empties: Vec<(u16, Point)>,
}

impl Undo {
    /// Whether no move is held (nothing to take back).
    pub fn is_empty(&self) -> bool {
        self.scalars.is_none()
    }
}

impl Journal for Undo {
    const KEEPS: bool = true;
    #[inline]
    fn cell(&mut self, index: usize, cell: Cell, links: Links) {
        self.cells.push((index as u16, cell, links));
    }
    #[inline]
    fn empty(&mut self, slot: usize, point: Point) {
        self.empties.push((slot as u16, point));
    }
}

#[inline]
fn nb(p: usize, k: usize) -> usize {
    (p as isize + NEIGHBOUR_OFFSETS[k]) as usize
}

impl Position {
    /// The empty board of `size`, Black to move.
    pub fn empty(size: Size) -> Position {
        let mut pos = Position {
            size,
            to_move: Color::Black,
            ko: None,
            prisoners: ByColor::default(),
            stone_hash: ZobristHash::ZERO,
            cells: [Cell::Border; CELLS],
            links: [Links::default(); CELLS],
            empties: [Point::new(0, 0); CELLS],
            empty_count: 0,
        };
        for p in size.points() {
            pos.cells[p.index()] = Cell::Empty;
            pos.push_empty(p, &mut NoJournal);
        }
        pos
    }

    /// Validates a [`Setup`] into a position.
    ///
    /// # Errors
    /// [`SetupError`] listing every problem: stones off the board, a point with stones of
    /// both colours, strings without liberties, a ko point that is not the point of a ko
    /// just taken.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut problems = SetupProblems::empty();
        let mut points = PointSet::new();
        let mut pos = Position::empty(setup.size);
        for color in Color::ALL {
            for p in setup.stones(color).iter() {
                if !setup.size.contains(p) {
                    problems |= SetupProblems::STONE_OFF_BOARD;
                    points.insert(p);
                } else if pos.cells[p.index()] != Cell::Empty {
                    problems |= SetupProblems::STONES_OVERLAP;
                    points.insert(p);
                } else {
                    pos.place_stone(color, p, &mut NoJournal);
                }
            }
        }
        for p in setup.size.points() {
            let i = p.index();
            if pos.cells[i].color().is_some()
                && pos.links[i].head as usize == i
                && pos.links[i].pseudo_libs == 0
            {
                problems |= SetupProblems::ZERO_LIBERTY_STRING;
                points.extend_from(pos.string_stones(p));
            }
        }
        pos.to_move = setup.to_move;
        pos.prisoners = setup.prisoners;
        if let Some(k) = setup.ko {
            if problems.is_empty() && pos.is_ko_shape(k) {
                pos.ko = Some(k);
            } else if !pos.is_ko_shape(k) {
                problems |= SetupProblems::BAD_KO_POINT;
                points.insert(k);
            }
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(SetupError {
                problems,
                points: points.iter().collect(),
            })
        }
    }

    /// Whether `k` is the point of a ko just taken against the player to move: empty, all
    /// neighbours opponent stones, one of them a lone stone whose only liberty is `k`.
    fn is_ko_shape(&self, k: Point) -> bool {
        if !self.size.contains(k) || self.cells[k.index()] != Cell::Empty {
            return false;
        }
        let opp = Cell::stone(!self.to_move);
        let mut lone_in_atari = false;
        for n in k.neighbours(self.size) {
            if self.cells[n.index()] != opp {
                return false;
            }
            let h = self.links[n.index()].head as usize;
            if self.links[h].string_size == 1 && self.liberty_count(n) == 1 {
                lone_in_atari = true;
            }
        }
        lone_in_atari
    }

    /// The raw description of this position.
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::new(self.size);
        for p in self.size.points() {
            match self.cells[p.index()] {
                Cell::Black => setup.black.insert(p),
                Cell::White => setup.white.insert(p),
                _ => false,
            };
        }
        setup.to_move = self.to_move;
        setup.ko = self.ko;
        setup.prisoners = self.prisoners;
        setup
    }

    /// Board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the player to move (the hash follows). A change of player lifts the Art. 6 ko
    /// point, which only ever binds the player who moves right after the capture.
    pub fn set_to_move(&mut self, color: Color) {
        if color != self.to_move {
            self.ko = None;
        }
        self.to_move = color;
    }

    /// The point where the player to move may not retake a ko at once (Art. 6).
    pub fn ko_point(&self) -> Option<Point> {
        self.ko
    }

    /// Lifts the Art. 6 prohibition, for layers that keep their own ko rules.
    pub fn clear_ko(&mut self) {
        self.ko = None;
    }

    /// Stones captured so far by each player.
    pub fn prisoners(&self) -> ByColor<u32> {
        self.prisoners
    }

    /// Sets the prisoner counts.
    pub fn set_prisoners(&mut self, prisoners: ByColor<u32>) {
        self.prisoners = prisoners;
    }

    /// The colour of the stone on `point`, if any (`None` off the board too).
    #[inline]
    pub fn color_at(&self, point: Point) -> Option<Color> {
        self.cells[point.index()].color()
    }

    /// Whether `point` is an empty point of the board.
    #[inline]
    pub fn is_empty_point(&self, point: Point) -> bool {
        self.cells[point.index()] == Cell::Empty
    }

    /// The 128-bit hash of the board, the player to move and the ko point.
    #[inline]
    pub fn hash(&self) -> ZobristHash {
        let mut h = self.stone_hash;
        if self.to_move == Color::White {
            h ^= zobrist::white_to_move();
        }
        if let Some(k) = self.ko {
            h ^= zobrist::ko(k);
        }
        h
    }

    /// The [`Position::hash`] with the ko point left out: the hash the position has after
    /// [`Position::clear_ko`], without copying it.
    ///
    /// ```
    /// use rules_core::io::parse_diagram;
    /// use rules_core::{Move, Point};
    /// // Black takes the ko at C2 (the stone on B2): White may not retake at once.
    /// let game = parse_diagram("
    ///  . X O .
    ///  X O . O
    ///  . X O .").unwrap();
    /// let mut pos = game.position.play(Move::Play(Point::new(2, 1))).unwrap();
    /// assert!(pos.ko_point().is_some());
    /// let without = pos.hash_without_ko();
    /// pos.clear_ko();
    /// assert_eq!(pos.hash(), without);
    /// ```
    #[inline]
    pub fn hash_without_ko(&self) -> ZobristHash {
        match self.ko {
            Some(k) => self.hash() ^ zobrist::ko(k),
            None => self.hash(),
        }
    }

    /// The [`Position::hash`] the position would have after the legal move `mv`, without
    /// playing it: what a search needs to look a child up in its table without copying
    /// the position (on a 19x19 board a copy is about 11 KB, and a node has a child per
    /// empty point). `mv` must be legal for the player to move.
    ///
    /// ```
    /// use rules_core::io::parse_diagram;
    /// use rules_core::Move;
    /// let game = parse_diagram("
    ///  . X O .
    ///  X O . O
    ///  . X O .").unwrap();
    /// let pos = game.position;
    /// for mv in pos.legal_moves() {
    ///     let mut child = pos.clone();
    ///     child.play_unchecked(mv);
    ///     assert_eq!(pos.hash_after(mv), child.hash());
    /// }
    /// ```
    pub fn hash_after(&self, mv: Move) -> ZobristHash {
        let h = self.hash_after_without_ko(mv);
        match mv {
            Move::Play(p) => match self.is_ko_capture(self.to_move, p) {
                Some(k) => h ^ zobrist::ko(k.captured),
                None => h,
            },
            Move::Pass => h,
        }
    }

    /// [`Position::hash_after`] with the ko point left out, as if the ban of the move were
    /// cleared ([`Position::clear_ko`]): for a search whose next player ignores the ban
    /// (the ko test is then not run at all).
    pub fn hash_after_without_ko(&self, mv: Move) -> ZobristHash {
        let color = self.to_move;
        let mut h = self.stone_hash;
        if !color == Color::White {
            h ^= zobrist::white_to_move();
        }
        let Move::Play(p) = mv else {
            return h;
        };
        h ^= zobrist::stone(color, p);
        let i = p.index();
        let opp = Cell::stone(!color);
        let mut heads = [usize::MAX; 4];
        for k in 0..4 {
            let n = nb(i, k);
            if self.cells[n] != opp {
                continue;
            }
            let head = self.links[n].head as usize;
            // A neighbouring string in atari has its one liberty at `p`: the move takes it.
            if heads.contains(&head) || !self.head_in_atari(head) {
                continue;
            }
            heads[k] = head;
            let mut s = head;
            loop {
                let q = Point::from_index(s).expect("stones are on points");
                h ^= zobrist::stone(!color, q);
                s = self.links[s].next as usize;
                if s == head {
                    break;
                }
            }
        }
        h
    }

    /// The hash of the part of the position on `points`: their stones, the player to move,
    /// and the ko point when it is one of them. Equal to [`Position::hash`] when `points`
    /// holds every stone and the ko point. For games whose value depends on a closed part
    /// of the board only (a search may then share results between positions that differ
    /// elsewhere).
    ///
    /// ```
    /// use rules_core::{Move, PointSet, Position, Size};
    /// let pos = Position::empty(Size::square(9).unwrap());
    /// let left: PointSet = ["A1", "A2"].iter().map(|p| p.parse().unwrap()).collect();
    /// let a = pos.play(Move::Play("J9".parse().unwrap())).unwrap();
    /// let b = pos.play(Move::Play("H9".parse().unwrap())).unwrap();
    /// assert_ne!(a.hash(), b.hash());
    /// assert_eq!(a.hash_of(&left), b.hash_of(&left));
    /// assert_eq!(a.hash_of(&a.size().points().collect()), a.hash());
    /// ```
    pub fn hash_of(&self, points: &PointSet) -> ZobristHash {
        let mut h = self.turn_hash(points);
        for p in points.iter() {
            if let Some(c) = self.color_at(p) {
                h ^= zobrist::stone(c, p);
            }
        }
        h
    }

    /// [`Position::hash_of`] with the points themselves in it too: the key of a closed
    /// area as a game of its own, whose value depends on which points it has as well as on
    /// what stands on them. Two areas with the same stones but different points (one of
    /// them with more empty room) get different keys; `hash_of` alone would give them one.
    ///
    /// ```
    /// use rules_core::{Move, PointSet, Position, Size};
    /// let pos = Position::empty(Size::square(9).unwrap());
    /// let small: PointSet = ["A1", "A2"].iter().map(|p| p.parse().unwrap()).collect();
    /// let large: PointSet = ["A1", "A2", "A3"].iter().map(|p| p.parse().unwrap()).collect();
    /// assert_eq!(pos.hash_of(&small), pos.hash_of(&large));
    /// assert_ne!(pos.area_hash(&small), pos.area_hash(&large));
    /// let other = pos.play(Move::Play("J9".parse().unwrap())).unwrap().play(Move::Pass).unwrap();
    /// assert_eq!(pos.area_hash(&small), other.area_hash(&small));
    /// ```
    pub fn area_hash(&self, points: &PointSet) -> ZobristHash {
        self.area_stones_hash(points) ^ self.turn_hash(points)
    }

    /// The part of [`Position::area_hash`] that the stones and the points give, the same
    /// whoever is to move: a search that asks the key of one board many times can keep
    /// it, and add [`Position::turn_hash`] each time.
    ///
    /// ```
    /// use rules_core::{Move, PointSet, Position, Size};
    /// let pos = Position::empty(Size::square(9).unwrap());
    /// let area: PointSet = ["A1", "A2"].iter().map(|p| p.parse().unwrap()).collect();
    /// let passed = pos.play(Move::Pass).unwrap();
    /// assert_eq!(pos.area_stones_hash(&area), passed.area_stones_hash(&area));
    /// assert_ne!(pos.area_hash(&area), passed.area_hash(&area));
    /// assert_eq!(pos.area_stones_hash(&area) ^ pos.turn_hash(&area), pos.area_hash(&area));
    /// ```
    pub fn area_stones_hash(&self, points: &PointSet) -> ZobristHash {
        let mut h = ZobristHash::ZERO;
        for p in points.iter() {
            h ^= zobrist::member(p);
            if let Some(c) = self.color_at(p) {
                h ^= zobrist::stone(c, p);
            }
        }
        h
    }

    /// The rest of [`Position::area_hash`]: the player to move, and the ko point when it is
    /// one of `points`.
    ///
    /// ```
    /// use rules_core::{PointSet, Position, Size};
    /// let pos = Position::empty(Size::square(9).unwrap());
    /// assert_eq!(pos.turn_hash(&PointSet::new()), pos.hash_of(&PointSet::new()));
    /// ```
    pub fn turn_hash(&self, points: &PointSet) -> ZobristHash {
        let mut h = ZobristHash::ZERO;
        if self.to_move == Color::White {
            h ^= zobrist::white_to_move();
        }
        if let Some(k) = self.ko.filter(|&k| points.contains(k)) {
            h ^= zobrist::ko(k);
        }
        h
    }

    /// The hash of the stones alone.
    #[inline]
    pub fn stone_hash(&self) -> ZobristHash {
        self.stone_hash
    }

    /// The same hash, recomputed from the board without the incremental state: the test
    /// oracle for [`Position::hash`].
    pub fn hash_from_scratch(&self) -> ZobristHash {
        let mut h = ZobristHash::ZERO;
        for p in self.size.points() {
            if let Some(c) = self.color_at(p) {
                h ^= zobrist::stone(c, p);
            }
        }
        if self.to_move == Color::White {
            h ^= zobrist::white_to_move();
        }
        if let Some(k) = self.ko {
            h ^= zobrist::ko(k);
        }
        h
    }

    /// The empty points of the board, in no particular order.
    pub fn empty_points(&self) -> &[Point] {
        &self.empties[..self.empty_count as usize]
    }

    /// The stones of the string through `point` (empty if no stone is there).
    pub fn string_stones(&self, point: Point) -> impl Iterator<Item = Point> + '_ {
        let start = point.index();
        let occupied = self.cells[start].color().is_some();
        let mut cur = start;
        let mut done = !occupied;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let out = Point::of_cell(cur);
            cur = self.links[cur].next as usize;
            done = cur == start;
            Some(out)
        })
    }

    /// The representative stone of the string through `point`: equal for two points iff
    /// they are stones of the same string.
    pub fn string_id(&self, point: Point) -> Option<Point> {
        self.color_at(point)
            .and_then(|_| Point::from_index(self.links[point.index()].head as usize))
    }

    /// Number of stones of the string through `point`.
    pub fn string_size(&self, point: Point) -> usize {
        match self.color_at(point) {
            Some(_) => self.links[self.links[point.index()].head as usize].string_size as usize,
            None => 0,
        }
    }

    /// The liberties of the string through `point` (exact, computed on demand).
    pub fn liberties(&self, point: Point) -> PointSet {
        let mut libs = PointSet::new();
        for s in self.string_stones(point) {
            for k in 0..4 {
                let n = nb(s.index(), k);
                if self.cells[n] == Cell::Empty {
                    // Empty cells are points (border cells are never empty).
                    libs.insert(Point::of_cell(n));
                }
            }
        }
        libs
    }

    /// Whether the string through `point` has a liberty outside `points` (false on an
    /// empty point). It stops at the first such liberty: the walls around a problem's
    /// region mostly have one, and [`Position::liberties`] built the whole set to find it.
    ///
    /// ```
    /// use rules_core::io::parse_diagram;
    /// use rules_core::PointSet;
    /// let pos = parse_diagram("
    ///  . . .
    ///  X X .
    ///  . X .").unwrap().position;
    /// let inside: PointSet = ["A1", "A3", "B3"].iter().map(|p| p.parse().unwrap()).collect();
    /// assert!(pos.has_liberty_outside("B2".parse().unwrap(), &inside));
    /// let all: PointSet = pos.size().points().collect();
    /// assert!(!pos.has_liberty_outside("B2".parse().unwrap(), &all));
    /// assert!(!pos.has_liberty_outside("A1".parse().unwrap(), &PointSet::new()));
    /// ```
    pub fn has_liberty_outside(&self, point: Point, points: &PointSet) -> bool {
        self.string_stones(point).any(|s| {
            (0..4).any(|k| {
                let n = nb(s.index(), k);
                // Empty cells are points (border cells are never empty).
                self.cells[n] == Cell::Empty && !points.contains(Point::of_cell(n))
            })
        })
    }

    /// Number of liberties of the string through `point`.
    pub fn liberty_count(&self, point: Point) -> usize {
        self.liberties(point).len()
    }

    /// Whether the string through `point` has exactly one liberty (fast).
    #[inline]
    pub fn in_atari(&self, point: Point) -> bool {
        self.cells[point.index()].color().is_some()
            && self.head_in_atari(self.links[point.index()].head as usize)
    }

    #[inline]
    fn head_in_atari(&self, h: usize) -> bool {
        let n = self.links[h].pseudo_libs as u64;
        let s = self.links[h].lib_sum as u64;
        n > 0 && n * self.links[h].lib_sq_sum as u64 == s * s
    }

    /// Whether `mv` is legal for the player to move.
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Whether a stone of `color` on `point` is legal, ignoring the Art. 6 ko point.
    #[inline]
    pub fn is_legal_ignoring_ko(&self, color: Color, point: Point) -> bool {
        self.cells[point.index()] == Cell::Empty && !self.is_suicide(color, point)
    }

    /// Why `mv` is illegal for the player to move, if it is.
    ///
    /// # Errors
    /// The [`PlayError`] naming the move and the reason.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        let reason = match mv {
            Move::Pass => return Ok(()),
            Move::Play(p) if !self.size.contains(p) => IllegalReason::OffBoard,
            Move::Play(p) if self.cells[p.index()] != Cell::Empty => IllegalReason::Occupied,
            Move::Play(p) if self.ko == Some(p) => IllegalReason::Ko,
            Move::Play(p) if self.is_suicide(self.to_move, p) => IllegalReason::Suicide,
            Move::Play(_) => return Ok(()),
        };
        Err(PlayError {
            color: self.to_move,
            mv,
            reason,
        })
    }

    #[inline]
    fn is_suicide(&self, color: Color, p: Point) -> bool {
        let own = Cell::stone(color);
        let i = p.index();
        for k in 0..4 {
            let n = nb(i, k);
            match self.cells[n] {
                Cell::Empty => return false,
                Cell::Border => {}
                c => {
                    let in_atari = self.head_in_atari(self.links[n].head as usize);
                    if (c == own) != in_atari {
                        // An own string with another liberty, or an opponent string
                        // captured by this stone.
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether a stone of `color` on `point` would be a ko capture (legal under Art. 4-5,
    /// ignoring any ko prohibition).
    pub fn is_ko_capture(&self, color: Color, point: Point) -> Option<KoCapture> {
        if self.cells[point.index()] != Cell::Empty {
            return None;
        }
        let opp = Cell::stone(!color);
        let mut captured = None;
        for k in 0..4 {
            let n = nb(point.index(), k);
            match self.cells[n] {
                Cell::Empty => return None,
                Cell::Border => {}
                c if c == opp => {
                    let h = self.links[n].head as usize;
                    if self.head_in_atari(h) {
                        if self.links[h].string_size != 1 || captured.is_some_and(|c| c != n) {
                            return None;
                        }
                        captured = Some(n);
                    }
                }
                _ => return None,
            }
        }
        captured.map(|c| KoCapture {
            stone: point,
            captured: Point::from_index(c).expect("stones are on points"),
        })
    }

    /// All legal moves of the player to move, pass last.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(self.empty_count as usize + 1);
        self.for_each_legal_play(|p| moves.push(Move::Play(p)));
        moves.push(Move::Pass);
        moves
    }

    /// What each cell of the padded layout holds, by cell index: for the whole-board
    /// analyses of this crate that read every cell (Benson's runs at search nodes).
    pub(crate) fn cells(&self) -> &[Cell; CELLS] {
        &self.cells
    }

    /// Calls `f` on every point where the player to move may play (empty, not the ko point,
    /// not suicide), in index order. Row by row over the board rather than the empty
    /// points sorted: the searches list moves at every node, and the sort and the
    /// collected vectors were a tenth of their time.
    pub(crate) fn for_each_legal_play(&self, mut f: impl FnMut(Point)) {
        let stride = crate::geometry::STRIDE;
        let width = self.size.width() as usize;
        for y in 0..self.size.height() as usize {
            let row = (y + 1) * stride + 1;
            for i in row..row + width {
                let p = Point::from_index(i).expect("a cell of the board is a point");
                if self.is_legal_play(p) {
                    f(p);
                }
            }
        }
    }

    /// Whether the player to move may play on `p`: empty, not the ko point, not suicide.
    #[inline]
    pub(crate) fn is_legal_play(&self, p: Point) -> bool {
        self.cells[p.index()] == Cell::Empty
            && self.ko != Some(p)
            && !self.is_suicide(self.to_move, p)
    }

    /// Plays `mv` and returns the new position, leaving this one as it was.
    ///
    /// # Errors
    /// [`PlayError`] with the move and the reason when it is illegal.
    pub fn play(&self, mv: Move) -> Result<Position, PlayError> {
        self.check(mv)?;
        let mut next = self.clone();
        next.play_unchecked(mv);
        Ok(next)
    }

    /// Plays `mv` in place after checking it.
    ///
    /// # Errors
    /// [`PlayError`] when illegal; the position is then unchanged.
    pub fn play_mut(&mut self, mv: Move) -> Result<PlayEffect, PlayError> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv` in place without checking it.
    ///
    /// The move must be legal ([`Position::is_legal`]). An illegal move leaves a corrupt
    /// position or panics; it never causes undefined behaviour.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> PlayEffect {
        self.play_journaled(mv, &mut NoJournal)
    }

    /// Plays `mv` in place without checking it, keeping in `undo` what it changed, so
    /// that [`Position::undo`] restores the position exactly, byte for byte. A search
    /// that reads a child's key and leaf value and then goes back to the parent spares
    /// the copy of a whole board (about 10 KB on 19x19) that [`Position::play`] makes.
    ///
    /// The move must be legal, as for [`Position::play_unchecked`]. Anything done to the
    /// position after this call and before [`Position::undo`] must itself be undone
    /// first; [`Position::clear_ko`] and [`Position::set_to_move`] need not be, since
    /// `undo` restores the ko point, the player to move and the prisoners as they were.
    ///
    /// ```
    /// use rules_core::{Move, Position, Size, Undo};
    /// let mut pos = Position::empty(Size::square(9).unwrap());
    /// let before = pos.clone();
    /// let mut undo = Undo::default();
    /// pos.play_undoable(Move::Play("E5".parse().unwrap()), &mut undo);
    /// assert_ne!(pos, before);
    /// pos.undo(&mut undo);
    /// assert_eq!(pos, before);
    /// ```
    pub fn play_undoable(&mut self, mv: Move, undo: &mut Undo) -> PlayEffect {
        undo.cells.clear();
        undo.empties.clear();
        undo.scalars = Some(Scalars {
            to_move: self.to_move,
            ko: self.ko,
            prisoners: self.prisoners,
            stone_hash: self.stone_hash,
            empty_count: self.empty_count,
        });
        self.play_journaled(mv, undo)
    }

    /// Takes back the move of the last [`Position::play_undoable`] that wrote `undo`
    /// (nothing when `undo` holds no move), and empties `undo`.
    pub fn undo(&mut self, undo: &mut Undo) {
        // In reverse order: a cell written twice gets its oldest value last.
        for &(i, cell, links) in undo.cells.iter().rev() {
            self.cells[i as usize] = cell;
            self.links[i as usize] = links;
        }
        for &(slot, p) in undo.empties.iter().rev() {
            self.empties[slot as usize] = p;
        }
        if let Some(s) = undo.scalars.take() {
            self.to_move = s.to_move;
            self.ko = s.ko;
            self.prisoners = s.prisoners;
            self.stone_hash = s.stone_hash;
            self.empty_count = s.empty_count;
        }
        undo.cells.clear();
        undo.empties.clear();
    }

    /// [`Position::play_unchecked`], telling `journal` of every cell and empty-list slot
    /// before it writes it.
    #[inline]
    fn play_journaled<J: Journal>(&mut self, mv: Move, journal: &mut J) -> PlayEffect {
        let color = self.to_move;
        self.to_move = !color;
        self.ko = None;
        let p = match mv {
            Move::Pass => return PlayEffect::default(),
            Move::Play(p) => p,
        };
        debug_assert!(self.cells[p.index()] == Cell::Empty, "play on occupied {p}");
        self.place_stone(color, p, journal);
        let opp = Cell::stone(!color);
        let i = p.index();
        let mut captured = 0;
        let mut last_captured = 0;
        for k in 0..4 {
            let n = nb(i, k);
            if self.cells[n] == opp && self.links[self.links[n].head as usize].pseudo_libs == 0 {
                captured += self.remove_string(self.links[n].head as usize, journal);
                last_captured = n;
            }
        }
        debug_assert!(
            self.links[self.links[i].head as usize].pseudo_libs > 0,
            "suicide at {p}"
        );
        self.prisoners[color] += captured;
        let h = self.links[i].head as usize;
        let ko_capture =
            if captured == 1 && self.links[h].string_size == 1 && self.links[h].pseudo_libs == 1 {
                let taken =
                    Point::from_index(last_captured).expect("captured stones are on points");
                self.ko = Some(taken);
                Some(KoCapture {
                    stone: p,
                    captured: taken,
                })
            } else {
                None
            };
        PlayEffect {
            captured,
            ko_capture,
        }
    }

    /// Tells `journal` of cell `i` before a write to it.
    #[inline(always)]
    fn note<J: Journal>(&self, i: usize, journal: &mut J) {
        if J::KEEPS {
            journal.cell(i, self.cells[i], self.links[i]);
        }
    }

    /// Puts a stone on an empty point and joins it with its neighbours, without captures.
    fn place_stone<J: Journal>(&mut self, color: Color, p: Point, journal: &mut J) {
        let i = p.index();
        self.remove_empty(p, journal);
        self.note(i, journal);
        self.cells[i] = Cell::stone(color);
        self.stone_hash ^= zobrist::stone(color, p);
        self.links[i].head = i as u16;
        self.links[i].next = i as u16;
        self.links[i].string_size = 1;
        self.links[i].pseudo_libs = 0;
        self.links[i].lib_sum = 0;
        self.links[i].lib_sq_sum = 0;
        for k in 0..4 {
            let n = nb(i, k);
            match self.cells[n] {
                Cell::Empty => self.add_lib(i, n, journal),
                Cell::Border => {}
                _ => self.remove_lib(self.links[n].head as usize, i, journal),
            }
        }
        let own = self.cells[i];
        for k in 0..4 {
            let n = nb(i, k);
            if self.cells[n] == own && self.links[n].head != self.links[i].head {
                self.merge(
                    self.links[i].head as usize,
                    self.links[n].head as usize,
                    journal,
                );
            }
        }
    }

    #[inline]
    fn add_lib<J: Journal>(&mut self, h: usize, lib: usize, journal: &mut J) {
        self.note(h, journal);
        self.links[h].pseudo_libs += 1;
        self.links[h].lib_sum += lib as u32;
        self.links[h].lib_sq_sum += (lib * lib) as u32;
    }

    #[inline]
    fn remove_lib<J: Journal>(&mut self, h: usize, lib: usize, journal: &mut J) {
        self.note(h, journal);
        self.links[h].pseudo_libs -= 1;
        self.links[h].lib_sum -= lib as u32;
        self.links[h].lib_sq_sum -= (lib * lib) as u32;
    }

    fn merge<J: Journal>(&mut self, a: usize, b: usize, journal: &mut J) {
        let (big, small) = if self.links[a].string_size >= self.links[b].string_size {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.note(s, journal);
            self.links[s].head = big as u16;
            s = self.links[s].next as usize;
            if s == small {
                break;
            }
        }
        self.note(big, journal);
        let big_next = self.links[big].next;
        self.links[big].next = self.links[small].next;
        self.links[small].next = big_next;
        self.links[big].string_size += self.links[small].string_size;
        self.links[big].pseudo_libs += self.links[small].pseudo_libs;
        self.links[big].lib_sum += self.links[small].lib_sum;
        self.links[big].lib_sq_sum += self.links[small].lib_sq_sum;
    }

    /// Removes the string with representative `h`; returns the number of stones.
    fn remove_string<J: Journal>(&mut self, h: usize, journal: &mut J) -> u32 {
        let color = self.cells[h].color().expect("a string to remove");
        let mut count = 0;
        let mut s = h;
        loop {
            self.note(s, journal);
            self.cells[s] = Cell::Empty;
            let p = Point::from_index(s).expect("stones are on points");
            self.stone_hash ^= zobrist::stone(color, p);
            self.push_empty(p, journal);
            count += 1;
            s = self.links[s].next as usize;
            if s == h {
                break;
            }
        }
        loop {
            for k in 0..4 {
                let n = nb(s, k);
                if matches!(self.cells[n], Cell::Black | Cell::White) {
                    self.add_lib(self.links[n].head as usize, s, journal);
                }
            }
            s = self.links[s].next as usize;
            if s == h {
                break;
            }
        }
        count
    }

    #[inline]
    fn push_empty<J: Journal>(&mut self, p: Point, journal: &mut J) {
        self.note(p.index(), journal);
        self.links[p.index()].empty_slot = self.empty_count;
        if J::KEEPS {
            let slot = self.empty_count as usize;
            journal.empty(slot, self.empties[slot]);
        }
        self.empties[self.empty_count as usize] = p;
        self.empty_count += 1;
    }

    #[inline]
    fn remove_empty<J: Journal>(&mut self, p: Point, journal: &mut J) {
        let slot = self.links[p.index()].empty_slot as usize;
        self.empty_count -= 1;
        let last = self.empties[self.empty_count as usize];
        if J::KEEPS {
            journal.empty(slot, self.empties[slot]);
        }
        self.empties[slot] = last;
        self.note(last.index(), journal);
        self.links[last.index()].empty_slot = slot as u16;
    }

    /// Checks every incremental structure against a recomputation from the board; the
    /// test oracle used by the random-game tests.
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    pub fn validate(&self) -> Result<(), String> {
        if self.hash() != self.hash_from_scratch() {
            return Err("incremental hash differs from the recomputed one".into());
        }
        let mut empties: Vec<Point> = self.empty_points().to_vec();
        empties.sort();
        let expected: Vec<Point> = self
            .size
            .points()
            .filter(|&p| self.cells[p.index()] == Cell::Empty)
            .collect();
        let mut expected_sorted = expected.clone();
        expected_sorted.sort();
        if empties != expected_sorted {
            return Err("empty-point list differs from the board".into());
        }
        for &p in self.empty_points() {
            if self.empties[self.links[p.index()].empty_slot as usize] != p {
                return Err(format!("empty slot of {p} is wrong"));
            }
        }
        let mut seen = PointSet::new();
        for p in self.size.points() {
            let Some(color) = self.color_at(p) else {
                continue;
            };
            if seen.contains(p) {
                continue;
            }
            // Flood fill the string from scratch.
            let mut string = PointSet::new();
            let mut stack = vec![p];
            string.insert(p);
            while let Some(q) = stack.pop() {
                for n in q.neighbours(self.size) {
                    if self.color_at(n) == Some(color) && string.insert(n) {
                        stack.push(n);
                    }
                }
            }
            seen = seen.union(&string);
            let h = self.links[p.index()].head as usize;
            if string
                .iter()
                .any(|q| self.links[q.index()].head as usize != h)
            {
                return Err(format!("string at {p} has stones with different heads"));
            }
            let listed: PointSet = self.string_stones(p).collect();
            if listed != string || self.links[h].string_size as usize != string.len() {
                return Err(format!("stone list or size of string at {p} is wrong"));
            }
            let (mut n, mut sum, mut sq) = (0u32, 0u64, 0u64);
            for q in string.iter() {
                for m in q.neighbours(self.size) {
                    if self.is_empty_point(m) {
                        n += 1;
                        sum += m.index() as u64;
                        sq += (m.index() * m.index()) as u64;
                    }
                }
            }
            if n != self.links[h].pseudo_libs as u32
                || sum != self.links[h].lib_sum as u64
                || sq != self.links[h].lib_sq_sum as u64
            {
                return Err(format!("pseudo-liberties of string at {p} are wrong"));
            }
            if n == 0 {
                return Err(format!("string at {p} has no liberty"));
            }
        }
        Ok(())
    }
}

trait ExtendFrom {
    fn extend_from(&mut self, points: impl Iterator<Item = Point>);
}

impl ExtendFrom for PointSet {
    fn extend_from(&mut self, points: impl Iterator<Item = Point>) {
        for p in points {
            self.insert(p);
        }
    }
}

impl fmt::Display for Position {
    /// The text diagram of `../shared/spec/interfaces.md`: column letters, rows numbered
    /// from the bottom on both sides, `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = (self.size.width(), self.size.height());
        let letters: String = (0..w)
            .map(|x| Point::new(x, 0).to_string().chars().next().unwrap_or('?'))
            .flat_map(|c| [' ', c])
            .collect();
        writeln!(f, "  {letters}")?;
        for y in (0..h).rev() {
            write!(f, "{:>2}", y + 1)?;
            for x in 0..w {
                let c = match self.color_at(Point::new(x, y)) {
                    Some(c) => c.symbol(),
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f, " {}", y + 1)?;
        }
        writeln!(f, "  {letters}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_all(size: u32, moves: &[&str]) -> Position {
        let mut pos = Position::empty(Size::square(size).unwrap());
        for m in moves {
            let mv = Move::parse_gtp(m, pos.size()).unwrap();
            pos.play_mut(mv).unwrap();
            pos.validate().unwrap();
        }
        pos
    }

    #[test]
    fn capture_in_corner() {
        let pos = play_all(5, &["A2", "A1", "B1"]);
        assert_eq!(pos.color_at("A1".parse().unwrap()), None);
        assert_eq!(pos.prisoners(), ByColor::new(1, 0));
    }

    #[test]
    fn simple_ko_forbids_immediate_retake() {
        // Black: B1 A2 C2 B3... build a ko at B2/C2.
        let pos = play_all(5, &["B1", "C1", "A2", "D2", "B3", "C3", "C2", "B2"]);
        // White B2 captured black C2: a ko capture.
        assert_eq!(pos.color_at("C2".parse().unwrap()), None);
        assert_eq!(pos.ko_point(), Some("C2".parse().unwrap()));
        let err = pos.play(Move::Play("C2".parse().unwrap())).unwrap_err();
        assert_eq!(err.reason, IllegalReason::Ko);
        // After a pass elsewhere the retake is legal.
        let pos = pos.play(Move::Pass).unwrap().play(Move::Pass).unwrap();
        assert!(pos.is_legal(Move::Play("C2".parse().unwrap())));
    }

    #[test]
    fn suicide_of_one_and_many_is_illegal() {
        let pos = play_all(5, &["B1", "pass", "A2"]);
        let err = pos.play(Move::Play("A1".parse().unwrap())).unwrap_err();
        assert_eq!(err.reason, IllegalReason::Suicide);
    }

    #[test]
    fn multi_stone_suicide_is_illegal() {
        // White A1 B1; black C1 B2 A2? Then white has no liberties: set up directly.
        let mut setup = Setup::new(Size::square(4).unwrap());
        for p in ["C1", "B2", "A3"] {
            setup.black.insert(p.parse().unwrap());
        }
        setup.white.insert("A1".parse().unwrap());
        setup.white.insert("B1".parse().unwrap());
        setup.to_move = Color::White;
        let pos = Position::from_setup(&setup).unwrap();
        let err = pos.play(Move::Play("A2".parse().unwrap())).unwrap_err();
        assert_eq!(err.reason, IllegalReason::Suicide);
    }

    #[test]
    fn setup_reports_every_problem() {
        let mut setup = Setup::new(Size::square(3).unwrap());
        setup.black.insert("A1".parse().unwrap());
        setup.white.insert("A1".parse().unwrap());
        setup.white.insert("D4".parse().unwrap());
        let err = Position::from_setup(&setup).unwrap_err();
        assert!(err.problems.contains(SetupProblems::STONES_OVERLAP));
        assert!(err.problems.contains(SetupProblems::STONE_OFF_BOARD));
    }

    #[test]
    fn setup_rejects_strings_without_liberties() {
        let mut setup = Setup::new(Size::square(3).unwrap());
        for p in ["B1", "A2"] {
            setup.black.insert(p.parse().unwrap());
        }
        setup.white.insert("A1".parse().unwrap());
        let err = Position::from_setup(&setup).unwrap_err();
        assert_eq!(err.problems, SetupProblems::ZERO_LIBERTY_STRING);
        assert_eq!(err.points, vec!["A1".parse().unwrap()]);
    }

    #[test]
    fn hash_after_matches_the_hash_of_the_played_position() {
        // Random games on three sizes; at every position, every legal move's predicted
        // hash against the hash of the position after it is played (captures, kos and
        // multi-string captures all come up in 300 moves on small boards).
        let mut checked = 0;
        let mut kos = 0;
        for (w, h, seed) in [(4, 3, 11u64), (5, 5, 23), (9, 9, 37)] {
            let mut pos = Position::empty(Size::new(w, h).unwrap());
            let mut seed = seed;
            for _ in 0..300 {
                let moves = pos.legal_moves();
                for &mv in &moves {
                    let mut child = pos.clone();
                    let effect = child.play_unchecked(mv);
                    assert_eq!(pos.hash_after(mv), child.hash(), "{mv} in\n{pos}");
                    child.clear_ko();
                    assert_eq!(pos.hash_after_without_ko(mv), child.hash(), "{mv}");
                    kos += usize::from(effect.ko_capture.is_some());
                    checked += 1;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                let mv = moves[(seed >> 33) as usize % moves.len()];
                pos.play_mut(mv).unwrap();
            }
        }
        assert!(
            checked > 5_000 && kos > 10,
            "{checked} moves, {kos} ko captures"
        );
    }

    /// Every array and field of two positions, the slots past the empty list's end
    /// excepted (never read).
    fn same_bytes(a: &Position, b: &Position) -> bool {
        let e = a.empty_count as usize;
        a.size == b.size
            && a.to_move == b.to_move
            && a.ko == b.ko
            && a.prisoners == b.prisoners
            && a.stone_hash == b.stone_hash
            && a.cells == b.cells
            && a.links == b.links
            && a.empty_count == b.empty_count
            && a.empties[..e] == b.empties[..e]
    }

    /// The oracle of `play_undoable`: on random games of several sizes (captures, kos,
    /// merges of long strings), every legal move played undoably gives the position a
    /// copy and `play_unchecked` give, and its undo gives back the position byte for byte.
    #[test]
    fn undo_restores_every_byte() {
        let mut seed = 11u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let mut undo = Undo::default();
        let mut checked = 0;
        for (w, h, moves) in [
            (3, 3, 300),
            (5, 4, 600),
            (9, 9, 900),
            (19, 19, 700),
            (25, 7, 500),
        ] {
            let mut pos = Position::empty(Size::new(w, h).unwrap());
            for _ in 0..moves {
                let legal = pos.legal_moves();
                for &mv in &legal {
                    let before = pos.clone();
                    let mut copy = pos.clone();
                    let effect = copy.play_unchecked(mv);
                    assert_eq!(pos.play_undoable(mv, &mut undo), effect);
                    assert!(same_bytes(&pos, &copy), "{mv} played undoably");
                    pos.clear_ko();
                    pos.undo(&mut undo);
                    assert!(undo.is_empty());
                    assert!(same_bytes(&pos, &before), "{mv} undone");
                    checked += 1;
                }
                // Mostly stones, so that strings grow long and get taken.
                let mv = legal[next(legal.len())];
                let mv = if mv == Move::Pass && legal.len() > 1 && next(8) > 0 {
                    legal[0]
                } else {
                    mv
                };
                pos.play_mut(mv).unwrap();
            }
        }
        assert!(checked > 100_000, "{checked} moves checked");
    }

    #[test]
    fn clone_from_matches_a_full_clone() {
        let size = Size::new(4, 3).unwrap();
        let mut pos = Position::empty(size);
        let mut scratch = Position::empty(size);
        let mut other_size = Position::empty(Size::square(19).unwrap());
        let mut seed = 7u64;
        for _ in 0..400 {
            let moves = pos.legal_moves();
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            pos.play_mut(mv).unwrap();
            scratch.clone_from(&pos);
            other_size.clone_from(&pos);
            for copy in [&scratch, &other_size] {
                copy.validate().unwrap();
                assert_eq!(copy, &pos);
                assert_eq!(copy.prisoners(), pos.prisoners());
                assert_eq!(copy.legal_moves(), pos.legal_moves());
            }
            // Play on the copy and on a full clone: they stay equal.
            let mut full = pos.clone();
            let mut part = scratch.clone();
            part.clone_from(&pos);
            for &mv in moves.iter().take(3) {
                if full.is_legal(mv) {
                    full.play_mut(mv).unwrap();
                    part.play_mut(mv).unwrap();
                    assert_eq!(full, part);
                    part.validate().unwrap();
                }
            }
        }
    }

    #[test]
    fn display_draws_the_board() {
        let pos = play_all(3, &["A1", "C3"]);
        assert_eq!(
            pos.to_string(),
            "   A B C\n 3 . . O 3\n 2 . . . 2\n 1 X . . 1\n   A B C\n"
        );
    }
}
