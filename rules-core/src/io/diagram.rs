//! Text diagrams: `X` black, `O` white, `.`/`+` empty, with optional coordinates, row
//! numbers, `#` headers and GNU Go's / KataGo's `showboard` decorations.

use super::{GameRecord, Komi, KomiError, MAX_INPUT_BYTES};
use crate::{ByColor, Color, Point, Position, Setup, SetupError, Size, MAX_SIDE, MIN_SIDE};
use std::fmt::Write as _;

/// A diagram that could not be read, with the 1-based line and column of the problem.
///
/// ```
/// use rules_core::io::{parse_diagram, DiagramErrorKind};
/// let err = parse_diagram(". . .\n. Q .\n. . .\n").unwrap_err();
/// assert_eq!((err.line, err.column), (2, 3));
/// assert_eq!(err.kind, DiagramErrorKind::UnknownChar('Q'));
/// assert_eq!(
///     err.to_string(),
///     "line 2, column 3: unknown character 'Q' (expected X, O, . or +)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct DiagramError {
    /// Line of the problem, from 1.
    pub line: usize,
    /// Column (in characters) of the problem, from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: DiagramErrorKind,
}

/// What is wrong with a diagram.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiagramErrorKind {
    /// The input is longer than [`MAX_INPUT_BYTES`].
    #[error("the input is {len} bytes long, more than the limit of {limit} bytes")]
    TooLarge {
        /// Length of the input in bytes.
        len: usize,
        /// The limit.
        limit: usize,
    },
    /// The bytes are not UTF-8.
    #[error("the input is not valid UTF-8")]
    InvalidUtf8,
    /// No board rows at all.
    #[error("no board found (expected rows of X, O, . or +)")]
    Empty,
    /// A character that is no stone, no empty point and no coordinate.
    #[error("unknown character '{0}' (expected X, O, . or +)")]
    UnknownChar(char),
    /// A line with a row number but no points.
    #[error("the row has no points")]
    NoPoints,
    /// A row of another width than the first row.
    #[error("the row has {found} points but the first row has {expected}")]
    UnequalRows {
        /// Width of the first row.
        expected: usize,
        /// Width of this row.
        found: usize,
    },
    /// The board is smaller than 2x2 or larger than 25x25 in some direction.
    #[error(
        "board size {width}x{height} is out of range (each side must be from {MIN_SIDE} to {MAX_SIDE})"
    )]
    SizeOutOfRange {
        /// Columns found (so far).
        width: usize,
        /// Rows found (so far).
        height: usize,
    },
    /// A `#` header whose value cannot be read.
    #[error("bad '{header}' header value '{value}': {reason}")]
    BadHeader {
        /// The header keyword.
        header: String,
        /// The value given.
        value: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A `#` header, or a value the engines print, given a second time: which of the two
    /// was meant cannot be known.
    #[error("the '{header}' header is given again (first on line {first_line})")]
    RepeatedHeader {
        /// The header keyword, as written the second time.
        header: String,
        /// The line where it was given first.
        first_line: usize,
    },
    /// The `size` header disagrees with the diagram.
    #[error("the size header says {declared} but the diagram is {found}")]
    SizeMismatch {
        /// The size in the header.
        declared: Size,
        /// The size of the diagram.
        found: Size,
    },
    /// A board row after a line that ended the rows (a blank, coordinate, header or engine
    /// line): two diagrams in one file were read as one taller board.
    #[error(
        "a board row after the board ended on line {ended} (one diagram per input, its rows \
         one after another)"
    )]
    RowsInterrupted {
        /// The line that ended the rows.
        ended: usize,
    },
    /// A row number that is not the row's number counted from the bottom.
    #[error("row number {found} is wrong: this is row {expected} counted from the bottom")]
    BadRowNumber {
        /// The number written.
        found: u64,
        /// The row's number.
        expected: usize,
    },
    /// A coordinate line whose letters are not A, B, C, ... in order.
    #[error("column letter '{found}' where '{expected}' belongs")]
    BadColumnLetter {
        /// The letter that belongs there.
        expected: char,
        /// The letter found.
        found: char,
    },
    /// A coordinate line with another number of letters than the rows have points.
    #[error("the coordinate line has {letters} letters but the rows have {width} points")]
    ColumnCountMismatch {
        /// Letters on the coordinate line.
        letters: usize,
        /// Points per row.
        width: usize,
    },
    /// The stones do not form a legal position (reported at the first point named).
    #[error("{0}")]
    Setup(SetupError),
}

const GTP_LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
const ALL_LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn err(line: usize, column: usize, kind: DiagramErrorKind) -> DiagramError {
    DiagramError { line, column, kind }
}

/// One board row as read.
struct Row {
    line: usize,
    /// Each point: its colour (if a stone) and its column.
    cells: Vec<(Option<Color>, usize)>,
    numbers: Vec<(u64, usize)>,
}

/// What the header and decoration lines said.
#[derive(Default)]
struct Extras {
    komi: Option<Komi>,
    katago_komi: Option<Komi>,
    to_move: Option<Color>,
    katago_to_move: Option<Color>,
    captures: Option<ByColor<u32>>,
    engine_captures: ByColor<Option<u32>>,
    size: Option<(Size, usize, usize)>,
    ko: Option<(Point, usize, usize)>,
    letter_lines: Vec<(usize, usize, usize)>,
    /// The headers and engine lines read so far, by one name each, with their lines.
    seen: Vec<(&'static str, usize)>,
}

impl Extras {
    /// Notes that `name` (written `header`) is given on `line`; an error at `column` when it
    /// was given before.
    fn once(
        &mut self,
        name: &'static str,
        header: &str,
        line: usize,
        column: usize,
    ) -> Result<(), DiagramError> {
        if let Some(&(_, first_line)) = self.seen.iter().find(|(n, _)| *n == name) {
            return Err(err(
                line,
                column,
                DiagramErrorKind::RepeatedHeader {
                    header: header.to_string(),
                    first_line,
                },
            ));
        }
        self.seen.push((name, line));
        Ok(())
    }
}

/// Reads a text diagram (see `interfaces.md`, "Text diagrams").
///
/// Accepts `X`/`O` stones and `.`/`+` empty points, spaces between points optional,
/// coordinate lines (with or without `I`) above and below, row numbers on either side,
/// `#` header lines (`komi 6.5`, `to-play W`, `captures B=3 W=1`, `size 9x9` or `size 9`,
/// and `ko D4` for a point where the player to move may not retake at once), and GNU Go's
/// and KataGo's `showboard` output as is: the `=` response line, the capture counts after
/// the rows or below the board, KataGo's `Next player`, its `Rules` komi and its last-move
/// markers (digits glued to a point). Unknown `#` lines are comments. Explicit headers win
/// over what the engines print; a header, or an engine's value, given twice is an error.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::{Color, Point};
/// let record = parse_diagram("# to-play W\n# komi 6.5\n. X O\n. X .\n. X O\n").unwrap();
/// assert_eq!(record.position.to_move(), Color::White);
/// assert_eq!(record.position.color_at(Point::new(1, 0)), Some(Color::Black));
/// ```
///
/// # Errors
/// [`DiagramError`] with the line and column of the first problem found.
pub fn parse_diagram(text: &str) -> Result<GameRecord, DiagramError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(err(
            1,
            1,
            DiagramErrorKind::TooLarge {
                len: text.len(),
                limit: MAX_INPUT_BYTES,
            },
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Old Mac files end their lines with a lone CR, which `lines()` does not split on: the
    // whole board read as one row ("board size 9x1 is out of range").
    let text: std::borrow::Cow<'_, str> = if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n").into()
    } else {
        text.into()
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut extras = Extras::default();
    let mut warnings = Vec::new();
    // The first line after the rows that is not a row.
    let mut rows_ended: Option<usize> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let chars: Vec<char> = raw.chars().collect();
        let Some(start) = chars.iter().position(|c| !c.is_whitespace()) else {
            if !rows.is_empty() {
                rows_ended.get_or_insert(line);
            }
            continue;
        };
        if !rows.is_empty() && rows_ended.is_none() {
            // Set back to `None` below when this line is a row.
            rows_ended = Some(line);
        }
        let trimmed: String = chars[start..].iter().collect();
        let trimmed = trimmed.trim_end();
        if let Some(rest) = trimmed.strip_prefix('#') {
            header(rest, line, start + 2, &mut extras)?;
        } else if trimmed.starts_with('=') || trimmed.starts_with("MoveNum:") {
            // A GTP response line (KataGo puts its move number and hash on it).
        } else if let Some(value) = trimmed.strip_prefix("Next player:") {
            let (value, column) = engine_value(trimmed, value, start);
            extras.once("engine to-play", "Next player", line, column)?;
            let c: Color = value.parse().map_err(|e: crate::ParseColorError| {
                bad_header(line, column, "Next player", value, e.to_string())
            })?;
            extras.katago_to_move = Some(c);
        } else if let Some(value) = trimmed.strip_prefix("Rules:") {
            let (value, column) = engine_value(trimmed, value, start);
            if let Some(k) = katago_komi(value)
                .map_err(|reason| bad_header(line, column, "Rules", value, reason))?
            {
                extras.once("engine komi", "Rules", line, column)?;
                extras.katago_komi = Some(k);
            }
        } else if let Some(value) = trimmed.strip_prefix("B stones captured:") {
            // KataGo counts the black stones captured, i.e. White's prisoners.
            let (value, column) = engine_value(trimmed, value, start);
            extras.once("engine captures W", "B stones captured", line, column)?;
            extras.engine_captures.white =
                Some(stone_count(value).map_err(|reason| {
                    bad_header(line, column, "B stones captured", value, reason)
                })?);
        } else if let Some(value) = trimmed.strip_prefix("W stones captured:") {
            let (value, column) = engine_value(trimmed, value, start);
            extras.once("engine captures B", "W stones captured", line, column)?;
            extras.engine_captures.black =
                Some(stone_count(value).map_err(|reason| {
                    bad_header(line, column, "W stones captured", value, reason)
                })?);
        } else if trimmed.starts_with('A') {
            let count = letters_line(&chars, start, line)?;
            extras.letter_lines.push((count, line, start + 1));
        } else {
            let row = parse_row(&chars, start, line, &mut extras, &mut warnings)?;
            match rows_ended {
                Some(ended) if ended < line => {
                    return Err(err(
                        line,
                        start + 1,
                        DiagramErrorKind::RowsInterrupted { ended },
                    ))
                }
                _ => rows_ended = None,
            }
            if rows.len() >= MAX_SIDE as usize {
                return Err(err(
                    line,
                    start + 1,
                    DiagramErrorKind::SizeOutOfRange {
                        width: row.cells.len(),
                        height: rows.len() + 1,
                    },
                ));
            }
            rows.push(row);
        }
    }
    build(rows, extras, warnings)
}

/// Reads a text diagram from bytes, which must be UTF-8.
///
/// # Errors
/// As [`parse_diagram`]; [`DiagramErrorKind::InvalidUtf8`] at the first bad byte.
pub fn parse_diagram_bytes(bytes: &[u8]) -> Result<GameRecord, DiagramError> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(err(
            1,
            1,
            DiagramErrorKind::TooLarge {
                len: bytes.len(),
                limit: MAX_INPUT_BYTES,
            },
        ));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_diagram(text),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let good = std::str::from_utf8(good).unwrap_or_default();
            let line = good.matches('\n').count() + 1;
            let last = good.rsplit('\n').next().unwrap_or_default();
            Err(err(
                line,
                last.chars().count() + 1,
                DiagramErrorKind::InvalidUtf8,
            ))
        }
    }
}

fn bad_header(
    line: usize,
    column: usize,
    header: &str,
    value: &str,
    reason: String,
) -> DiagramError {
    err(
        line,
        column,
        DiagramErrorKind::BadHeader {
            header: header.to_string(),
            value: value.to_string(),
            reason,
        },
    )
}

/// The value after an engine line's label (`prefix_rest` is what follows the label in
/// `trimmed`, which starts at index `start` of its line), trimmed, and its column.
fn engine_value<'a>(trimmed: &str, prefix_rest: &'a str, start: usize) -> (&'a str, usize) {
    let label = trimmed.chars().count() - prefix_rest.chars().count();
    let lead = prefix_rest
        .chars()
        .take_while(|c| c.is_whitespace())
        .count();
    (prefix_rest.trim(), start + label + lead + 1)
}

/// A count of captured stones as the engines print it.
fn stone_count(value: &str) -> Result<u32, String> {
    value
        .parse()
        .map_err(|_| format!("'{value}' is no count of stones"))
}

/// Reads a `#` line; `column` is the column of the character after `#`.
fn header(rest: &str, line: usize, column: usize, extras: &mut Extras) -> Result<(), DiagramError> {
    let lead = rest.chars().take_while(|c| c.is_whitespace()).count();
    let body = rest.trim();
    let (key, value) = match body.split_once(char::is_whitespace) {
        Some((k, v)) => (k, v.trim()),
        None => (body, ""),
    };
    let key_col = column + lead;
    let value_col = key_col
        + key.chars().count()
        + body[key.len()..]
            .chars()
            .take_while(|c| c.is_whitespace())
            .count();
    // `# komi: 6.5` is read as `# komi 6.5`.
    let keyword = key.trim_end_matches(':').to_ascii_lowercase();
    let known = matches!(
        keyword.as_str(),
        "komi"
            | "to-play"
            | "to_play"
            | "toplay"
            | "to-move"
            | "captures"
            | "prisoners"
            | "size"
            | "ko"
    );
    if !known {
        // `# komi6.5` is a header with its space left out, not a comment: reading it as one
        // would drop the komi without a word.
        for glued in ["komi", "size"] {
            if let Some(rest) = keyword.strip_prefix(glued) {
                let mut chars = rest.chars();
                let first = chars.next();
                let number = first.is_some_and(|c| c.is_ascii_digit())
                    || (matches!(first, Some('-' | '+' | '.'))
                        && chars.next().is_some_and(|c| c.is_ascii_digit()));
                if number {
                    return Err(bad_header(
                        line,
                        key_col,
                        glued,
                        &key[glued.len()..],
                        format!("write a space between '{glued}' and its value"),
                    ));
                }
            }
        }
        // Any other `#` line is a comment: problem files and the corpus carry themes,
        // sources and notes this way.
        return Ok(());
    }
    if value.is_empty() {
        return Err(bad_header(
            line,
            key_col,
            key,
            value,
            "no value given".into(),
        ));
    }
    let bad = |reason: String| bad_header(line, value_col, key, value, reason);
    match keyword.as_str() {
        "komi" => extras.once("komi", key, line, key_col)?,
        "size" => extras.once("size", key, line, key_col)?,
        "ko" => extras.once("ko", key, line, key_col)?,
        "captures" | "prisoners" => extras.once("captures", key, line, key_col)?,
        _ => extras.once("to-play", key, line, key_col)?,
    }
    match keyword.as_str() {
        "komi" => {
            let k: Komi = value
                .parse()
                .map_err(|e: KomiError| bad(e.reason.to_string()))?;
            extras.komi = Some(k);
        }
        "size" => {
            let (w, h) = match value.split_once(['x', 'X']) {
                Some((w, h)) => (w.trim(), h.trim()),
                None => (value, value),
            };
            let (Ok(w), Ok(h)) = (w.parse::<u32>(), h.parse::<u32>()) else {
                return Err(bad(
                    "expected WIDTHxHEIGHT such as 9x9, or one number".into()
                ));
            };
            let size = Size::new(w, h).map_err(|e| bad(e.to_string()))?;
            extras.size = Some((size, line, value_col));
        }
        "captures" | "prisoners" => {
            let mut caps = ByColor::new(0u32, 0u32);
            let mut given = ByColor::new(false, false);
            for item in value.split_whitespace() {
                let Some((c, n)) = item.split_once('=') else {
                    return Err(bad(format!("expected B=n W=n, found '{item}'")));
                };
                let color: Color = c.parse().map_err(|_| bad(format!("'{c}' is no colour")))?;
                if given[color] {
                    return Err(bad(format!("the prisoners of {color} are given twice")));
                }
                given[color] = true;
                caps[color] = n
                    .parse()
                    .map_err(|_| bad(format!("'{n}' is no count of stones")))?;
            }
            extras.captures = Some(caps);
        }
        "ko" => {
            let p: Point = value
                .parse()
                .map_err(|e: crate::ParsePointError| bad(e.to_string()))?;
            extras.ko = Some((p, line, value_col));
        }
        _ => {
            let c: Color = value
                .parse()
                .map_err(|e: crate::ParseColorError| bad(e.to_string()))?;
            extras.to_move = Some(c);
        }
    }
    Ok(())
}

/// The komi in KataGo's `Rules: {..."komi":7.5...}` line, if the line gives one.
fn katago_komi(json: &str) -> Result<Option<Komi>, String> {
    let Some(at) = json.find("\"komi\":") else {
        return Ok(None);
    };
    let rest = &json[at + 7..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end]
        .trim()
        .parse()
        .map(Some)
        .map_err(|e: KomiError| e.to_string())
}

/// Checks a coordinate line (first non-blank character at `start`); returns its letters.
fn letters_line(chars: &[char], start: usize, line: usize) -> Result<usize, DiagramError> {
    let letters: Vec<(char, usize)> = chars
        .iter()
        .enumerate()
        .skip(start)
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, &c)| (c, i + 1))
        .collect();
    let with_i = letters.iter().any(|&(c, _)| c == 'I');
    let alphabet = if with_i { ALL_LETTERS } else { GTP_LETTERS };
    for (k, &(c, col)) in letters.iter().enumerate() {
        let Some(&expected) = alphabet.get(k) else {
            return Err(err(
                line,
                col,
                DiagramErrorKind::SizeOutOfRange {
                    width: letters.len(),
                    height: 0,
                },
            ));
        };
        if !c.is_ascii_uppercase() {
            return Err(err(line, col, DiagramErrorKind::UnknownChar(c)));
        }
        if c != expected as char {
            return Err(err(
                line,
                col,
                DiagramErrorKind::BadColumnLetter {
                    expected: expected as char,
                    found: c,
                },
            ));
        }
    }
    Ok(letters.len())
}

/// Reads the number of digits starting at `i`; returns it (saturated) and the next index.
fn read_number(chars: &[char], mut i: usize) -> (u64, usize) {
    let mut n: u64 = 0;
    while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
        n = n.saturating_mul(10).saturating_add(u64::from(d));
        i += 1;
    }
    (n, i)
}

fn cell(c: char) -> Option<Option<Color>> {
    match c {
        'X' => Some(Some(Color::Black)),
        'O' => Some(Some(Color::White)),
        '.' | '+' => Some(None),
        _ => None,
    }
}

fn parse_row(
    chars: &[char],
    start: usize,
    line: usize,
    extras: &mut Extras,
    warnings: &mut Vec<String>,
) -> Result<Row, DiagramError> {
    let mut row = Row {
        line,
        cells: Vec::new(),
        numbers: Vec::new(),
    };
    let mut i = start;
    if chars[i].is_ascii_digit() {
        let (n, next) = read_number(chars, i);
        row.numbers.push((n, i + 1));
        i = next;
    }
    loop {
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        let Some(&c) = chars.get(i) else { break };
        if let Some(point) = cell(c) {
            if row.cells.len() >= MAX_SIDE as usize {
                return Err(err(
                    line,
                    i + 1,
                    DiagramErrorKind::SizeOutOfRange {
                        width: row.cells.len() + 1,
                        height: 0,
                    },
                ));
            }
            row.cells.push((point, i + 1));
            i += 1;
            // Digits glued to a point are KataGo's last-move markers: skip them.
            i = read_number(chars, i).1;
        } else if c.is_ascii_digit() && !row.cells.is_empty() {
            let (n, next) = read_number(chars, i);
            row.numbers.push((n, i + 1));
            let tail: String = chars[next..].iter().collect();
            let lead = tail.chars().take_while(|c| c.is_whitespace()).count();
            let tail = tail.trim();
            if !tail.is_empty() {
                trailing_text(tail, line, next + lead + 1, extras, warnings)?;
            }
            break;
        } else {
            return Err(err(line, i + 1, DiagramErrorKind::UnknownChar(c)));
        }
    }
    if row.cells.is_empty() {
        return Err(err(line, start + 1, DiagramErrorKind::NoPoints));
    }
    Ok(row)
}

/// Text after the right-hand row number (at `column`): GNU Go's capture counts, else
/// ignored with a warning.
fn trailing_text(
    tail: &str,
    line: usize,
    column: usize,
    extras: &mut Extras,
    warnings: &mut Vec<String>,
) -> Result<(), DiagramError> {
    for (label, color) in [
        ("WHITE (O) has captured ", Color::White),
        ("BLACK (X) has captured ", Color::Black),
    ] {
        if let Some(rest) = tail.strip_prefix(label) {
            let header = label.trim_end();
            let column = column + label.chars().count();
            let n = rest.split_whitespace().next().unwrap_or("");
            let count =
                stone_count(n).map_err(|reason| bad_header(line, column, header, n, reason))?;
            let name = match color {
                Color::Black => "engine captures B",
                Color::White => "engine captures W",
            };
            extras.once(name, header, line, column)?;
            extras.engine_captures[color] = Some(count);
            return Ok(());
        }
    }
    warnings.push(format!("line {line}: text after the row ignored: '{tail}'"));
    Ok(())
}

fn build(
    rows: Vec<Row>,
    extras: Extras,
    warnings: Vec<String>,
) -> Result<GameRecord, DiagramError> {
    let Some(first) = rows.first() else {
        return Err(err(1, 1, DiagramErrorKind::Empty));
    };
    let width = first.cells.len();
    for row in &rows {
        if row.cells.len() != width {
            let column = match row.cells.get(width) {
                Some(&(_, col)) => col,
                None => row.cells.last().map_or(1, |&(_, col)| col + 1),
            };
            return Err(err(
                row.line,
                column,
                DiagramErrorKind::UnequalRows {
                    expected: width,
                    found: row.cells.len(),
                },
            ));
        }
    }
    let height = rows.len();
    let size = Size::new(width as u32, height as u32).map_err(|_| {
        err(
            first.line,
            first.cells[0].1,
            DiagramErrorKind::SizeOutOfRange { width, height },
        )
    })?;
    for (r, row) in rows.iter().enumerate() {
        let expected = height - r;
        for &(n, col) in &row.numbers {
            if n != expected as u64 {
                return Err(err(
                    row.line,
                    col,
                    DiagramErrorKind::BadRowNumber { found: n, expected },
                ));
            }
        }
    }
    for &(letters, line, col) in &extras.letter_lines {
        if letters != width {
            return Err(err(
                line,
                col,
                DiagramErrorKind::ColumnCountMismatch { letters, width },
            ));
        }
    }
    if let Some((declared, line, col)) = extras.size {
        if declared != size {
            return Err(err(
                line,
                col,
                DiagramErrorKind::SizeMismatch {
                    declared,
                    found: size,
                },
            ));
        }
    }
    let mut setup = Setup::new(size);
    let mut location = vec![(0usize, 0usize); size.area()];
    for (r, row) in rows.iter().enumerate() {
        let y = (height - 1 - r) as u32;
        for (x, &(stone, col)) in row.cells.iter().enumerate() {
            let p = Point::new(x as u32, y);
            location[y as usize * width + x] = (row.line, col);
            match stone {
                Some(Color::Black) => setup.black.insert(p),
                Some(Color::White) => setup.white.insert(p),
                None => false,
            };
        }
    }
    setup.to_move = extras
        .to_move
        .or(extras.katago_to_move)
        .unwrap_or(Color::Black);
    setup.prisoners = extras.captures.unwrap_or(ByColor::new(
        extras.engine_captures.black.unwrap_or(0),
        extras.engine_captures.white.unwrap_or(0),
    ));
    if let Some((ko, line, col)) = extras.ko {
        if !size.contains(ko) {
            return Err(bad_header(
                line,
                col,
                "ko",
                &ko.to_string(),
                format!("the point is off the {size} board"),
            ));
        }
        setup.ko = Some(ko);
    }
    let position = Position::from_setup(&setup).map_err(|e| {
        let (line, column) =
            e.points
                .first()
                .filter(|p| size.contains(**p))
                .map_or((first.line, 1), |p| {
                    let (x, y) = p.coords();
                    location[y as usize * width + x as usize]
                });
        err(line, column, DiagramErrorKind::Setup(e))
    })?;
    let mut record = GameRecord::from_position(position);
    record.komi = extras.komi.or(extras.katago_komi);
    record.warnings = warnings;
    Ok(record)
}

/// Writes `position` as a text diagram that [`parse_diagram`] reads back to an equal
/// position with the same prisoners and komi: `#` header lines (komi if given, to-play,
/// captures, ko if any), then the diagram of `Position`'s `Display`.
///
/// ```
/// use rules_core::io::{parse_diagram, write_diagram, Komi};
/// use rules_core::{Position, Size};
/// let pos = Position::empty(Size::new(3, 2).unwrap());
/// let text = write_diagram(&pos, Some(Komi::from_half_points(13)));
/// assert!(text.starts_with("# komi 6.5\n# to-play B\n# captures B=0 W=0\n"));
/// assert_eq!(parse_diagram(&text).unwrap().position, pos);
/// ```
pub fn write_diagram(position: &Position, komi: Option<Komi>) -> String {
    let mut out = String::new();
    if let Some(k) = komi {
        let _ = writeln!(out, "# komi {k}");
    }
    let _ = writeln!(out, "# to-play {}", position.to_move());
    let caps = position.prisoners();
    let _ = writeln!(out, "# captures B={} W={}", caps.black, caps.white);
    if let Some(ko) = position.ko_point() {
        let _ = writeln!(out, "# ko {ko}");
    }
    let _ = write!(out, "{position}");
    out
}
