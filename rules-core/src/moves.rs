//! Moves of ordinary play.

use crate::geometry::{Point, Size};
use std::fmt;

/// A move of ordinary play: a stone on a point, or a pass.
///
/// ```
/// use rules_core::{Move, Point};
/// assert_eq!(Move::Play(Point::new(3, 3)).to_string(), "D4");
/// assert_eq!(Move::Pass.to_string(), "pass");
/// assert_eq!(Move::parse_gtp("pass", rules_core::Size::STANDARD), Some(Move::Pass));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone played on the point.
    Play(Point),
    /// A pass.
    Pass,
}

impl Move {
    /// Parses GTP notation (`D4`, `pass`) for a board of `size`.
    pub fn parse_gtp(text: &str, size: Size) -> Option<Move> {
        if text.eq_ignore_ascii_case("pass") {
            Some(Move::Pass)
        } else {
            Point::from_gtp(text, size).map(Move::Play)
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => write!(f, "{p}"),
            Move::Pass => write!(f, "pass"),
        }
    }
}
