//! # rules-core
//!
//! The exact rules of Go that the shikatsu solver stands on: boards from 2x2 to 25x25,
//! strings and liberties kept incrementally, captures, no suicide (Art. 4-5), the simple ko
//! (Art. 6), prisoners, 128-bit Zobrist hashing, and above them the confirmation ko ban set
//! of Art. 7-2 ([`confirmation`]).
//!
//! ## Quick start
//! ```
//! use rules_core::{Move, Point, Position, Size};
//! let pos = Position::empty(Size::square(9).unwrap());
//! let pos = pos.play(Move::Play("E5".parse().unwrap())).unwrap();
//! assert_eq!(pos.legal_moves().len(), 80 + 1); // 80 empty points and the pass
//! ```

pub mod areas;
pub mod benson;
pub mod color;
pub mod confirmation;
pub mod geometry;
pub mod io;
pub mod moves;
pub mod position;
mod zobrist;

pub use color::{ByColor, Color, ParseColorError};
pub use geometry::{ParsePointError, Point, PointSet, Size, SizeError, CELLS, MAX_SIDE, MIN_SIDE};
pub use moves::Move;
pub use position::{
    IllegalReason, KoCapture, PlayEffect, PlayError, Position, Setup, SetupError, SetupProblems,
    Undo,
};
pub use zobrist::ZobristHash;
