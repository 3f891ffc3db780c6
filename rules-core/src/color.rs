//! Colours of stones and per-colour pairs.

use std::fmt;
use std::ops::{Index, IndexMut, Not};
use std::str::FromStr;

/// The colour of a stone or a player.
///
/// ```
/// use rules_core::Color;
/// assert_eq!(!Color::Black, Color::White);
/// assert_eq!("w".parse::<Color>().unwrap(), Color::White);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who moves first in an even game.
    Black,
    /// White.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// `0` for Black, `1` for White.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The SGF and GTP letter: `B` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The diagram symbol: `X` for Black, `O` for White.
    pub const fn symbol(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A string that names no colour.
///
/// ```
/// use rules_core::Color;
/// assert_eq!("white".parse::<Color>(), Ok(Color::White));
/// assert_eq!("X".parse::<Color>(), Ok(Color::Black)); // the diagrams' stone
/// assert_eq!(
///     "red".parse::<Color>().unwrap_err().to_string(),
///     "'red' is not a colour (expected B, W, black, white, or a diagram's X or O)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a colour (expected B, W, black, white, or a diagram's X or O)")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" | "x" => Ok(Color::Black),
            "w" | "white" | "o" => Ok(Color::White),
            _ => Err(ParseColorError(s.to_string())),
        }
    }
}

/// One value per colour.
///
/// ```
/// use rules_core::{ByColor, Color};
/// let mut prisoners = ByColor::new(0, 0);
/// prisoners[Color::White] += 3;
/// assert_eq!(prisoners.white, 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// A pair from Black's and White's values.
    pub const fn new(black: T, white: T) -> ByColor<T> {
        ByColor { black, white }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}
