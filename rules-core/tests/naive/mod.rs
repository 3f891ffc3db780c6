//! A deliberately naive implementation of the Go rules, the oracle for `reference.rs`.
//!
//! It shares nothing with `rules-core` but the vocabulary types ([`Point`], [`Color`],
//! [`Move`]): the board is a plain `Vec<Option<Color>>` of `width * height` cells indexed
//! `y * width + x`, and every string and liberty is found by a fresh flood fill each time it
//! is needed. Nothing is incremental and nothing is cached, so it is slow and easy to
//! check by eye.
//!
//! The rules it implements:
//! * a stone is played on an empty point of the board;
//! * opponent strings left without liberties are removed (captured) first;
//! * then, if the played stone's string has no liberty, the move is illegal (suicide, of
//!   one stone or of many);
//! * simple ko: when a play captures exactly one stone and the played stone is then a
//!   one-stone string with exactly one liberty, the opponent may not play on the point of
//!   the captured stone on the very next move; any other move, a pass included, lifts it;
//! * each player counts the stones they captured (prisoners).

use rules_core::{Color, Move, Point};

/// Why the naive rules refuse a move, checked in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NaiveIllegal {
    /// Not a point of this board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// The point of a ko just taken, on the very next move.
    Ko,
    /// The played string would have no liberty after the captures.
    Suicide,
}

/// What a legal naive move did.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct NaiveOutcome {
    /// The points emptied by captures, sorted.
    pub captured: Vec<Point>,
    /// `(capturing stone, captured point)` when the move was a ko capture.
    pub ko_capture: Option<(Point, Point)>,
}

/// A naive board: stones, player to move, ko point and prisoners.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveBoard {
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// `cells[y * width + x]`, row 0 at the bottom.
    pub cells: Vec<Option<Color>>,
    /// The player to move.
    pub to_move: Color,
    /// The point the player to move may not play on (simple ko).
    pub ko: Option<Point>,
    /// Stones captured so far, `[by Black, by White]`.
    pub prisoners: [u32; 2],
}

fn color_slot(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

fn other(c: Color) -> Color {
    match c {
        Color::Black => Color::White,
        Color::White => Color::Black,
    }
}

impl NaiveBoard {
    /// An empty board, Black to move.
    pub fn new(width: usize, height: usize) -> NaiveBoard {
        NaiveBoard {
            width,
            height,
            cells: vec![None; width * height],
            to_move: Color::Black,
            ko: None,
            prisoners: [0, 0],
        }
    }

    /// The cell index of `p`, if `p` is on this board.
    pub fn index_of(&self, p: Point) -> Option<usize> {
        let (x, y) = p.coords();
        let (x, y) = (x as usize, y as usize);
        (x < self.width && y < self.height).then_some(y * self.width + x)
    }

    /// The point of cell index `i`.
    pub fn point_of(&self, i: usize) -> Point {
        Point::new((i % self.width) as u32, (i / self.width) as u32)
    }

    /// The stone on `p`, if any (`None` off the board as well).
    pub fn get(&self, p: Point) -> Option<Color> {
        self.index_of(p).and_then(|i| self.cells[i])
    }

    /// Puts (or removes) a stone, for building positions by hand.
    pub fn set(&mut self, p: Point, c: Option<Color>) {
        let i = self.index_of(p).expect("point on the board");
        self.cells[i] = c;
    }

    /// The cell indices next to cell `i`.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let (x, y) = (i % self.width, i / self.width);
        let cands = [
            (x > 0).then(|| i - 1),
            (x + 1 < self.width).then(|| i + 1),
            (y > 0).then(|| i - self.width),
            (y + 1 < self.height).then(|| i + self.width),
        ];
        cands.into_iter().flatten()
    }

    /// Flood fill on `cells` from the stone at `start`: its string's stones and its
    /// distinct liberties (both as cell indices, in no particular order).
    pub fn string_of(&self, cells: &[Option<Color>], start: usize) -> (Vec<usize>, Vec<usize>) {
        let color = cells[start].expect("a stone to flood from");
        let mut seen = vec![false; cells.len()];
        let mut stones = vec![start];
        let mut libs = Vec::new();
        seen[start] = true;
        let mut next = 0;
        while next < stones.len() {
            let s = stones[next];
            next += 1;
            for n in self.neighbours(s) {
                if seen[n] {
                    continue;
                }
                match cells[n] {
                    None => {
                        seen[n] = true;
                        libs.push(n);
                    }
                    Some(c) if c == color => {
                        seen[n] = true;
                        stones.push(n);
                    }
                    Some(_) => {}
                }
            }
        }
        (stones, libs)
    }

    /// Every string on the board, each as (stones, liberties) by cell index.
    pub fn strings(&self) -> Vec<(Vec<usize>, Vec<usize>)> {
        let mut done = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for i in 0..self.cells.len() {
            if self.cells[i].is_some() && !done[i] {
                let (stones, libs) = self.string_of(&self.cells, i);
                for &s in &stones {
                    done[s] = true;
                }
                out.push((stones, libs));
            }
        }
        out
    }

    /// Plays `mv` for the player to move: the new board and what happened, or why the
    /// move is illegal.
    pub fn try_play(&self, mv: Move) -> Result<(NaiveBoard, NaiveOutcome), NaiveIllegal> {
        let me = self.to_move;
        let mut next = self.clone();
        next.to_move = other(me);
        next.ko = None;
        let p = match mv {
            Move::Pass => return Ok((next, NaiveOutcome::default())),
            Move::Play(p) => p,
        };
        let i = self.index_of(p).ok_or(NaiveIllegal::OffBoard)?;
        if self.cells[i].is_some() {
            return Err(NaiveIllegal::Occupied);
        }
        if self.ko == Some(p) {
            return Err(NaiveIllegal::Ko);
        }
        next.cells[i] = Some(me);
        let mut captured = Vec::new();
        for n in self.neighbours(i) {
            if next.cells[n] == Some(other(me)) {
                let (stones, libs) = self.string_of(&next.cells, n);
                if libs.is_empty() {
                    for s in stones {
                        next.cells[s] = None;
                        captured.push(s);
                    }
                }
            }
        }
        let (own, own_libs) = self.string_of(&next.cells, i);
        if own_libs.is_empty() {
            return Err(NaiveIllegal::Suicide);
        }
        next.prisoners[color_slot(me)] += captured.len() as u32;
        let mut ko_capture = None;
        if captured.len() == 1 && own.len() == 1 && own_libs.len() == 1 {
            let taken = self.point_of(captured[0]);
            next.ko = Some(taken);
            ko_capture = Some((p, taken));
        }
        let mut captured: Vec<Point> = captured.into_iter().map(|c| self.point_of(c)).collect();
        captured.sort();
        Ok((
            next,
            NaiveOutcome {
                captured,
                ko_capture,
            },
        ))
    }

    /// Why a stone on `p` is illegal, if it is.
    pub fn illegal_reason(&self, p: Point) -> Option<NaiveIllegal> {
        self.try_play(Move::Play(p)).err()
    }

    /// Every legal move, plays in increasing point order, the pass last.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut points: Vec<Point> = (0..self.cells.len())
            .map(|i| self.point_of(i))
            .filter(|&p| self.try_play(Move::Play(p)).is_ok())
            .collect();
        points.sort();
        let mut moves: Vec<Move> = points.into_iter().map(Move::Play).collect();
        moves.push(Move::Pass);
        moves
    }

    /// Whether `p` is an empty point all of whose neighbours are stones of `color`.
    pub fn is_single_point_eye(&self, p: Point, color: Color) -> bool {
        let i = self.index_of(p).expect("point on the board");
        self.cells[i].is_none() && self.neighbours(i).all(|n| self.cells[n] == Some(color))
    }

    /// The board, the player to move and the ko point as bytes: equal exactly when the
    /// positions must be equal (and hash equal) in rules-core.
    pub fn key(&self) -> Vec<u8> {
        let mut key: Vec<u8> = self
            .cells
            .iter()
            .map(|c| match c {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            })
            .collect();
        key.push(color_slot(self.to_move) as u8);
        match self.ko.and_then(|k| self.index_of(k)) {
            Some(k) => key.extend_from_slice(&(k as u32 + 1).to_le_bytes()),
            None => key.extend_from_slice(&0u32.to_le_bytes()),
        }
        key
    }

    /// The number of move sequences of exactly `depth` legal moves (passes included).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                let (next, _) = self.try_play(mv).expect("a legal move");
                next.perft(depth - 1)
            })
            .sum()
    }
}
