//! Position input and output: text diagrams and SGF.
//!
//! * [`parse_diagram`] / [`write_diagram`]: the text diagrams of `interfaces.md`, including
//!   GNU Go's and KataGo's `showboard` output pasted as is.
//! * [`parse_sgf`], [`parse_sgf_bytes`], [`parse_collection`] / [`write_sgf`]: SGF files,
//!   replayed along the main line with [`Position::play`](crate::Position::play).
//! * [`parse_position`] / [`parse_position_bytes`]: either, told apart by the leading `(`.
//!
//! Every parser refuses input longer than [`MAX_INPUT_BYTES`] and never panics.
//!
//! ```
//! use rules_core::io::{parse_diagram, parse_sgf, write_diagram};
//! let record = parse_sgf("(;SZ[9]KM[6.5];B[ee];W[cc])").unwrap();
//! assert_eq!(record.moves_played, 2);
//! assert_eq!(record.komi.unwrap().to_string(), "6.5");
//! let text = write_diagram(&record.position, record.komi);
//! let again = parse_diagram(&text).unwrap();
//! assert_eq!(again.position, record.position);
//! ```

mod charset;
mod diagram;
mod komi;
mod sgf;

pub use diagram::{
    parse_diagram, parse_diagram_bytes, write_diagram, DiagramError, DiagramErrorKind,
};
pub use komi::{Komi, KomiError, KomiProblem, MAX_KOMI_POINTS};
pub use sgf::{
    parse_collection, parse_collection_bytes, parse_sgf, parse_sgf_bytes, parse_sgf_bytes_with,
    parse_sgf_with, sgf_setup, write_sgf, Replay, SgfError, SgfGame, SgfOptions, MAX_SGF_DEPTH,
};

/// The `sgf-parse` crate whose trees [`SgfGame`] exposes, re-exported so callers use the
/// same version.
pub use sgf_parse;

use crate::{KoCapture, Position};

/// The largest input the parsers accept: 16 MiB. Longer input is refused with an error.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

/// Reads a file of at most [`MAX_INPUT_BYTES`] bytes, without reading further: a device or
/// a pipe that never ends (`/dev/zero`) would otherwise fill the memory.
///
/// # Errors
/// The file's error; [`std::io::ErrorKind::FileTooLarge`] past the limit.
pub fn read_input_file(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!("larger than the {MAX_INPUT_BYTES} bytes an input may have"),
        ));
    }
    Ok(bytes)
}

/// Information about the game, as far as the input gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// Black's name (SGF `PB`).
    pub black_player: Option<String>,
    /// White's name (SGF `PW`).
    pub white_player: Option<String>,
    /// The result (SGF `RE`), e.g. `W+1.5`.
    pub result: Option<String>,
    /// The rules (SGF `RU`), e.g. `Japanese`.
    pub rules: Option<String>,
    /// The handicap (SGF `HA`), when 2 or more.
    pub handicap: Option<u32>,
}

/// A position read from a diagram or a game record, with what came with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The position: after the last main-line move, or after the move asked for.
    pub position: Position,
    /// The komi, if the input gives one.
    pub komi: Option<Komi>,
    /// The ko capture made by the last move replayed, if it was one (for carrying the
    /// initial ko ban of actual play over into confirmation). Always `None` for diagrams.
    pub last_ko_capture: Option<KoCapture>,
    /// Number of moves (passes included) replayed.
    pub moves_played: usize,
    /// Consecutive passes at the end of the moves replayed.
    pub trailing_passes: usize,
    /// Players, result, rules.
    pub info: GameInfo,
    /// Things that were accepted but may deserve a look: unknown properties kept, header
    /// lines ignored, charset fallbacks.
    pub warnings: Vec<String>,
}

impl GameRecord {
    /// A record of `position` alone: no moves, no komi, no information.
    pub fn from_position(position: Position) -> GameRecord {
        GameRecord {
            position,
            komi: None,
            last_ko_capture: None,
            moves_played: 0,
            trailing_passes: 0,
            info: GameInfo::default(),
            warnings: Vec::new(),
        }
    }
}

/// An error from [`parse_position`]: the diagram's or the SGF parser's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    // The parser's error is part of the message, not a separate source: a report that
    // prints the chain of sources would print it twice.
    /// The input was read as a text diagram.
    #[error("text diagram: {0}")]
    Diagram(DiagramError),
    /// The input was read as SGF.
    #[error("SGF: {0}")]
    Sgf(SgfError),
}

impl From<DiagramError> for InputError {
    fn from(error: DiagramError) -> InputError {
        InputError::Diagram(error)
    }
}

impl From<SgfError> for InputError {
    fn from(error: SgfError) -> InputError {
        InputError::Sgf(error)
    }
}

/// Whether `text` looks like SGF: its first non-blank character (after a byte order mark)
/// is `(`.
pub fn looks_like_sgf(text: &[u8]) -> bool {
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
    text.iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'(')
}

/// Reads a position from text: SGF if it starts with `(`, else a text diagram.
///
/// # Errors
/// The parser's error, see [`parse_sgf`] and [`parse_diagram`].
pub fn parse_position(text: &str) -> Result<GameRecord, InputError> {
    if looks_like_sgf(text.as_bytes()) {
        Ok(parse_sgf(text)?)
    } else {
        Ok(parse_diagram(text)?)
    }
}

/// Reads a position from bytes: SGF (decoded by its `CA[]` charset) if it starts with `(`,
/// else a UTF-8 text diagram.
///
/// # Errors
/// The parser's error; a diagram that is not UTF-8 is refused with
/// [`DiagramErrorKind::InvalidUtf8`] at the first bad byte.
pub fn parse_position_bytes(bytes: &[u8]) -> Result<GameRecord, InputError> {
    if looks_like_sgf(bytes) {
        Ok(parse_sgf_bytes(bytes)?)
    } else {
        Ok(diagram::parse_diagram_bytes(bytes)?)
    }
}
