//! SGF input (through the `sgf-parse` crate) and output.

use super::{charset, GameInfo, GameRecord, Komi, MAX_INPUT_BYTES};
use crate::{Color, IllegalReason, KoCapture, Move, Point, Position, SetupError, Size};
use sgf_parse::go::{self, Prop};
use sgf_parse::{GameTree, SgfNode, SgfParseError, SgfProp};
use std::fmt::Write as _;

/// The deepest game tree accepted, in nodes from the root (main line or variation).
///
/// `sgf-parse` builds and drops its trees recursively, so a deeper tree could exhaust the
/// stack; longer real games have about a thousand nodes.
pub const MAX_SGF_DEPTH: usize = 10_000;

/// An SGF input that could not be read.
///
/// Nodes are counted from 1 (the root) along the line played; moves from 1. An error in a
/// node says the line of the file where the node starts ([`SgfError::AtLine`]).
///
/// ```
/// use rules_core::io::{parse_sgf, SgfError};
/// let err = parse_sgf("(;SZ[9]\n;B[ee]\n;W[ee])").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "line 3: move 2 (node 3): W[ee] is illegal: the point is occupied"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SgfError {
    /// The input is longer than [`MAX_INPUT_BYTES`].
    #[error("the input is {len} bytes long, more than the limit of {limit} bytes")]
    TooLarge {
        /// Length of the input in bytes.
        len: usize,
        /// The limit.
        limit: usize,
    },
    /// A structural problem found before parsing: no game tree, an unclosed value or game
    /// tree, a stray `)`, an empty tree, a node after a variation, a variation or property
    /// value before a tree's first node, a tree deeper than [`MAX_SGF_DEPTH`], and inside a
    /// tree a property name with no value or split by a space, a value with no name, or a
    /// character that is neither a letter, a space nor SGF's punctuation outside the values;
    /// text between two game trees.
    #[error("line {line}, column {column}: {what}")]
    Structure {
        /// Line, from 1.
        line: usize,
        /// Column in characters, from 1.
        column: usize,
        /// What is wrong.
        what: String,
    },
    /// `sgf-parse` refused the text.
    #[error("not valid SGF: {0}")]
    Syntax(SgfParseError),
    /// The input holds no game tree, or not the one asked for.
    #[error("the input has {count} game tree(s); there is no game tree {index}")]
    NoSuchGame {
        /// Number of game trees in the input.
        count: usize,
        /// The tree asked for, from 1.
        index: usize,
    },
    /// A game tree of another game than Go (`GM` other than 1).
    #[error("game tree {index} is not a game of Go (GM is not 1)")]
    NotGo {
        /// The tree, from 1.
        index: usize,
    },
    /// A property with a value that cannot be used.
    #[error("node {node}: {property}[{value}]: {reason}")]
    Property {
        /// The node, from 1 (the root).
        node: usize,
        /// The property identifier.
        property: String,
        /// The value, as in the file.
        value: String,
        /// What is wrong.
        reason: String,
    },
    /// A move that is illegal where it is played.
    #[error("move {move_number} (node {node}): {color}[{value}] is illegal: {reason}")]
    IllegalMove {
        /// The move, from 1.
        move_number: usize,
        /// The node, from 1 (the root).
        node: usize,
        /// Who played it.
        color: Color,
        /// The move as in the file.
        value: String,
        /// Why it is illegal.
        reason: IllegalReason,
    },
    /// Setup properties (`AB`, `AW`, `AE`) that leave no legal position.
    #[error("node {node}: {error}")]
    Setup {
        /// The node, from 1 (the root).
        node: usize,
        /// The problems, with the points.
        error: SetupError,
    },
    /// A stop after move N where the main line is shorter.
    #[error("move {requested} was asked for but the main line has only {available} moves")]
    MoveOutOfRange {
        /// The move asked for.
        requested: usize,
        /// Moves in the main line.
        available: usize,
    },
    /// An error in one tree of a collection.
    #[error("game tree {index}: {error}")]
    InGame {
        /// The tree, from 1.
        index: usize,
        /// The error (in the message, not a separate source: printed once).
        error: Box<SgfError>,
    },
    /// An error in a node, with the line of the file where the node starts.
    #[error("line {line}: {error}")]
    AtLine {
        /// Line of the node's `;`, from 1.
        line: usize,
        /// The error (in the message, not a separate source: printed once).
        error: Box<SgfError>,
    },
}

impl SgfError {
    /// The error placed at `line`, when it is known.
    fn at_line(self, line: Option<usize>) -> SgfError {
        match line {
            Some(line) => SgfError::AtLine {
                line,
                error: Box::new(self),
            },
            None => self,
        }
    }
}

/// Options for reading one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SgfOptions {
    /// Stop after this many moves of the main line (`Some(0)`: the setup position).
    pub stop_after_move: Option<usize>,
    /// Which game tree of a collection, from 0.
    pub game: usize,
}

/// Reads the first game of an SGF text and replays its main line to the end.
///
/// Setup: `AB`/`AW`/`AE` (point lists and compressed rectangles `aa:cc`), `PL`, `SZ`
/// (`19` or `19:13`, columns:rows), `KM`, `HA` (White to play first after a handicap
/// setup without `PL`). Moves: `B`/`W`, `B[]` or `B[tt]` (when `tt` is off the board) a
/// pass; a move by the player not to move is allowed (the turn passes to them first, and
/// any ko prohibition lapses). Prisoners are counted. Unknown properties are kept in the
/// tree and reported in [`GameRecord::warnings`].
///
/// # Errors
/// [`SgfError`] naming the node, property or move at fault.
pub fn parse_sgf(text: &str) -> Result<GameRecord, SgfError> {
    parse_sgf_with(text, &SgfOptions::default())
}

/// [`parse_sgf`] with options: stop after move N, another game of a collection.
///
/// ```
/// use rules_core::io::{parse_sgf_with, SgfOptions};
/// let options = SgfOptions { stop_after_move: Some(1), ..SgfOptions::default() };
/// let record = parse_sgf_with("(;SZ[9];B[ee];W[cc])", &options).unwrap();
/// assert_eq!(record.moves_played, 1);
/// ```
///
/// # Errors
/// As [`parse_sgf`]; [`SgfError::MoveOutOfRange`] when the main line is shorter than the
/// move asked for, [`SgfError::NoSuchGame`] when there is no such tree.
pub fn parse_sgf_with(text: &str, options: &SgfOptions) -> Result<GameRecord, SgfError> {
    read_one(text, options, Vec::new())
}

/// Reads the first game from bytes, decoded by the file's `CA[]` charset (UTF-8 when
/// absent; any WHATWG label: ISO-8859-1, GB2312, GBK, GB18030, Shift_JIS, EUC-JP, EUC-KR,
/// Big5...). A UTF-8 byte order mark wins over `CA[]`.
///
/// # Errors
/// As [`parse_sgf`].
pub fn parse_sgf_bytes(bytes: &[u8]) -> Result<GameRecord, SgfError> {
    parse_sgf_bytes_with(bytes, &SgfOptions::default())
}

/// [`parse_sgf_bytes`] with options.
///
/// # Errors
/// As [`parse_sgf_with`].
pub fn parse_sgf_bytes_with(bytes: &[u8], options: &SgfOptions) -> Result<GameRecord, SgfError> {
    check_len(bytes.len())?;
    let mut warnings = Vec::new();
    let text = charset::decode(bytes, &mut warnings);
    read_one(&text, options, warnings)
}

/// Reads every game tree of an SGF collection (for problem collections). Each game gives
/// its root position and its raw tree to walk variations and comments.
///
/// ```
/// use rules_core::io::parse_collection;
/// let games = parse_collection("(;SZ[5]AB[aa:bb])(;SZ[7](;B[cc])(;B[dd]C[other]))").unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].root_position().to_setup().black.len(), 4);
/// assert_eq!(games[1].root.children.len(), 2);
/// ```
///
/// # Errors
/// [`SgfError::InGame`] naming the tree, for problems in a tree's root; syntax errors as
/// [`parse_sgf`].
pub fn parse_collection(text: &str) -> Result<Vec<SgfGame>, SgfError> {
    collection(text, Vec::new())
}

/// [`parse_collection`] from bytes, decoded as [`parse_sgf_bytes`] does.
///
/// # Errors
/// As [`parse_collection`].
pub fn parse_collection_bytes(bytes: &[u8]) -> Result<Vec<SgfGame>, SgfError> {
    check_len(bytes.len())?;
    let mut warnings = Vec::new();
    let text = charset::decode(bytes, &mut warnings);
    collection(&text, warnings)
}

fn check_len(len: usize) -> Result<(), SgfError> {
    if len > MAX_INPUT_BYTES {
        Err(SgfError::TooLarge {
            len,
            limit: MAX_INPUT_BYTES,
        })
    } else {
        Ok(())
    }
}

fn read_one(
    text: &str,
    options: &SgfOptions,
    mut warnings: Vec<String>,
) -> Result<GameRecord, SgfError> {
    let trees = parse_trees(text, &mut warnings)?;
    let count = trees.len();
    let (tree, node_lines) = trees
        .into_iter()
        .nth(options.game)
        .ok_or(SgfError::NoSuchGame {
            count,
            index: options.game + 1,
        })?;
    let game = SgfGame::new(options.game, tree, warnings, node_lines)?;
    game.main_line(options.stop_after_move)
}

fn collection(text: &str, mut warnings: Vec<String>) -> Result<Vec<SgfGame>, SgfError> {
    parse_trees(text, &mut warnings)?
        .into_iter()
        .enumerate()
        .map(|(i, (tree, node_lines))| {
            SgfGame::new(i, tree, warnings.clone(), node_lines).map_err(|e| SgfError::InGame {
                index: i + 1,
                error: Box::new(e),
            })
        })
        .collect()
}

/// The game trees of a text, each with the lines of its nodes (see [`Scan`]).
fn parse_trees(
    text: &str,
    warnings: &mut Vec<String>,
) -> Result<Vec<(GameTree, Vec<usize>)>, SgfError> {
    check_len(text.len())?;
    let Scan {
        start,
        end,
        node_lines,
        root_gm_fault,
    } = prescan(text)?;
    if !text[..start].trim().is_empty() {
        warnings.push("text before the first game tree ignored".to_string());
    }
    if !text[end..].trim().is_empty() {
        warnings.push("text after the last game tree ignored".to_string());
    }
    let trees = sgf_parse::parse(&text[start..end]).map_err(|e| match e {
        SgfParseError::UnexpectedProperty | SgfParseError::InvalidGameType => {
            root_gm_fault.unwrap_or(SgfError::Syntax(e))
        }
        e => SgfError::Syntax(e),
    })?;
    // The scan and the parser see the same trees; should they ever differ, the lines are
    // left out rather than wrong.
    let same = trees.len() == node_lines.len();
    let mut lines = node_lines.into_iter();
    Ok(trees
        .into_iter()
        .map(|tree| (tree, lines.next().filter(|_| same).unwrap_or_default()))
        .collect())
}

/// The line (from 1) and the count of characters before `end` on it: the place of the
/// character at byte `end`, whose column is that count plus one.
fn line_and_column(text: &str, end: usize) -> (usize, usize) {
    let (mut line, mut column) = (1usize, 0usize);
    for c in text[..end].chars() {
        if c == '\n' {
            line += 1;
            column = 0;
        } else {
            column += 1;
        }
    }
    (line, column)
}

/// What [`prescan`] reads of each top-level tree's root `GM`: the parser refuses a `GM`
/// given twice or not one whole number without saying where, so the scan keeps the place
/// of the first such fault.
#[derive(Default)]
struct RootGm {
    /// The property name being read (capitals only: the parser drops lower-case letters)
    /// and where it started; the name the values being read belong to.
    name: String,
    name_at: (usize, usize),
    last_name: String,
    /// In the current tree's root: where `GM` stands, its values, and the one being read.
    at: Option<(usize, usize)>,
    values: Vec<String>,
    current: Option<String>,
    fault: Option<SgfError>,
}

impl RootGm {
    fn fault(&mut self, (line, column): (usize, usize), what: String) {
        self.fault
            .get_or_insert(SgfError::Structure { line, column, what });
    }

    /// A capital letter of a property name, at `place`.
    fn letter(&mut self, c: char, place: (usize, usize)) {
        if self.name.is_empty() {
            self.name_at = place;
        }
        self.name.push(c);
    }

    /// A value opens with `[`, in the root or not.
    fn value_opens(&mut self, in_root: bool) {
        if !self.name.is_empty() {
            self.last_name = std::mem::take(&mut self.name);
            if in_root && self.last_name == "GM" {
                match self.at {
                    Some(_) => {
                        self.fault(self.name_at, "GM is given twice in the root node".into())
                    }
                    None => self.at = Some(self.name_at),
                }
            }
        }
        if in_root && self.last_name == "GM" {
            self.current = Some(String::new());
        }
    }

    /// A character inside a value (all but the closing `]`).
    fn value_char(&mut self, c: char) {
        if let Some(v) = self.current.as_mut() {
            v.push(c);
        }
    }

    fn value_closes(&mut self) {
        self.values.extend(self.current.take());
    }

    /// A `;`, `(` or `)` ends the node being read (the root, if `in_root`).
    fn node_ends(&mut self, in_root: bool) {
        if let (true, Some(at)) = (in_root, self.at) {
            if !matches!(self.values.as_slice(), [v] if v.parse::<i32>().is_ok()) {
                let values = self.values.join("][");
                self.fault(
                    at,
                    format!("GM[{values}]: expected one whole number for the game (1 for Go)"),
                );
            }
        }
        self.last_name.clear();
    }

    /// A top-level tree opens.
    fn tree_opens(&mut self) {
        self.at = None;
        self.values.clear();
    }
}

/// What [`prescan`] finds: the byte range from the first `(` to the end of the last
/// complete game tree, and for each game tree in it the line of each node's `;`, in the
/// order of the text (which is the tree's pre-order: a node, then its variations in turn).
struct Scan {
    start: usize,
    end: usize,
    node_lines: Vec<Vec<usize>>,
    /// The place of a root `GM` that the parser will refuse, if any.
    root_gm_fault: Option<SgfError>,
}

/// A game tree opened and not yet closed, while [`prescan`] reads it.
struct OpenTree {
    /// Where its '(' stands.
    line: usize,
    column: usize,
    /// Nodes above it in the tree, to be restored when it closes.
    depth: usize,
    has_node: bool,
    has_variation: bool,
}

/// Finds unclosed values and trees, stray `)`, too deep trees, text with no tree, and text
/// outside the values that is not a property name, with their place; see [`Scan`] for what
/// it returns (text around the trees, such as a stray `)` after the last tree, is ignored).
fn prescan(text: &str) -> Result<Scan, SgfError> {
    let structure = |line, column, what: String| SgfError::Structure { line, column, what };
    let Some(start) = text.find('(') else {
        return Err(structure(
            1,
            1,
            "no game tree: SGF holds game trees written '(;' ... ')'".into(),
        ));
    };
    let mut node_lines: Vec<Vec<usize>> = Vec::new();
    let (mut line, mut column) = line_and_column(text, start);
    let mut value_start: Option<(usize, usize)> = None;
    let mut escaped = false;
    let mut opens: Vec<OpenTree> = Vec::new();
    let mut depth = 0usize;
    let mut end = start;
    // Inside a node: the place of a property name read and not yet given its value, and
    // whether a value may come next (after a name, or after a value, for lists).
    let mut name_start: Option<(usize, usize)> = None;
    let mut value_may_follow = false;
    // Whether a space came after the letters of the name being read.
    let mut name_interrupted = false;
    // Text after a complete tree: ignored after the last one, a fault before another.
    let mut after_tree: Option<(usize, usize)> = None;
    let mut gm = RootGm::default();
    for (offset, c) in text[start..].char_indices() {
        if c == '\n' {
            line += 1;
            column = 0;
        } else {
            column += 1;
        }
        if value_start.is_some() {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == ']' {
                value_start = None;
                value_may_follow = true;
                gm.value_closes();
                continue;
            }
            gm.value_char(c);
            continue;
        }
        // The root of a top-level tree: its first node, before any variation.
        let in_root = opens.len() == 1 && node_lines.last().is_some_and(|n| n.len() == 1);
        if opens.is_empty() && !c.is_whitespace() && c != '(' {
            after_tree.get_or_insert((line, column));
        }
        if matches!(c, ';' | '(' | ')') {
            if let Some((l, col)) = name_start.take() {
                return Err(structure(
                    l,
                    col,
                    "a property name with no value (a property is written NAME[value])".into(),
                ));
            }
            value_may_follow = false;
            name_interrupted = false;
            gm.node_ends(in_root);
        }
        // A game tree is '(', its nodes (at least one), then its variations, then ')'; a
        // parser that met a node after a variation dropped it without a word.
        match c {
            '[' => {
                if opens.last().is_some_and(|t| !t.has_node) {
                    return Err(structure(
                        line,
                        column,
                        "a property value before the game tree's first node (a node starts \
                         with ';')"
                            .into(),
                    ));
                }
                // Text after the last tree is ignored with a warning, brackets and all.
                if !opens.is_empty() && !value_may_follow {
                    return Err(structure(
                        line,
                        column,
                        "a property value with no property name before it".into(),
                    ));
                }
                name_start = None;
                name_interrupted = false;
                value_start = Some((line, column));
                gm.value_opens(in_root);
            }
            '(' => {
                match opens.last_mut() {
                    None => {
                        if let Some((l, col)) = after_tree.take() {
                            return Err(structure(
                                l,
                                col,
                                "text between game trees (a collection is game trees one \
                                 after another)"
                                    .into(),
                            ));
                        }
                        node_lines.push(Vec::new());
                        gm.tree_opens();
                    }
                    Some(parent) if !parent.has_node => {
                        return Err(structure(
                            line,
                            column,
                            "a variation before the game tree's first node".into(),
                        ));
                    }
                    Some(parent) => parent.has_variation = true,
                }
                opens.push(OpenTree {
                    line,
                    column,
                    depth,
                    has_node: false,
                    has_variation: false,
                });
            }
            ')' => match opens.pop() {
                Some(tree) => {
                    if !tree.has_node {
                        return Err(structure(
                            tree.line,
                            tree.column,
                            "an empty game tree (a game tree holds at least one node)".into(),
                        ));
                    }
                    depth = tree.depth;
                    if opens.is_empty() {
                        end = start + offset + 1;
                    }
                }
                // A stray ')' after a complete tree ends the input.
                None if end > start => break,
                None => {
                    return Err(structure(line, column, "')' closes no game tree".into()));
                }
            },
            ';' => {
                if let Some(tree) = opens.last_mut() {
                    if tree.has_variation {
                        return Err(structure(
                            line,
                            column,
                            "a node after a variation (a game tree's nodes come before its \
                             variations)"
                                .into(),
                        ));
                    }
                    tree.has_node = true;
                    if let Some(lines) = node_lines.last_mut() {
                        lines.push(line);
                    }
                }
                depth += 1;
                if depth > MAX_SGF_DEPTH {
                    return Err(structure(
                        line,
                        column,
                        format!("the game tree is deeper than {MAX_SGF_DEPTH} nodes"),
                    ));
                }
            }
            _ if opens.is_empty() => {}
            c if c.is_whitespace() => name_interrupted = name_start.is_some(),
            c if c.is_ascii_alphabetic() => {
                if opens.last().is_some_and(|t| t.has_variation) {
                    // The parser refused it without a place ("Unexpected property").
                    return Err(structure(
                        line,
                        column,
                        "a property after a variation (properties belong to a node, and a \
                         game tree's nodes come before its variations)"
                            .into(),
                    ));
                }
                if name_interrupted {
                    // The parser would read `A B[aa]` as the one name AB.
                    return Err(structure(
                        line,
                        column,
                        "a property name split by a space (a property is written NAME[value])"
                            .into(),
                    ));
                }
                if name_start.is_none() {
                    name_start = Some((line, column));
                }
                if c.is_ascii_uppercase() {
                    gm.letter(c, (line, column));
                }
                value_may_follow = true;
            }
            c => {
                return Err(structure(
                    line,
                    column,
                    format!(
                        "{c:?} outside a property value (a node is ';' and properties written \
                         NAME[value])"
                    ),
                ));
            }
        }
    }
    if let Some((l, c)) = value_start {
        return Err(structure(
            l,
            c,
            "the property value is never closed by ']'".into(),
        ));
    }
    if let Some(tree) = opens.first() {
        return Err(structure(
            tree.line,
            tree.column,
            "the game tree is never closed by ')'".into(),
        ));
    }
    // Every tree is closed here, so `end` lies past the first one.
    Ok(Scan {
        start,
        end,
        node_lines,
        root_gm_fault: gm.fault,
    })
}

/// One game tree of an SGF file: its root position, game information and raw tree.
#[derive(Clone, Debug)]
pub struct SgfGame {
    /// Index of the tree in its collection, from 0.
    pub index: usize,
    /// The raw root node, to walk variations and comments.
    pub root: SgfNode<Prop>,
    /// Board size (`SZ`, 19x19 when absent).
    pub size: Size,
    /// Komi (`KM`).
    pub komi: Option<Komi>,
    /// Players, result, rules, handicap.
    pub info: GameInfo,
    start: Replay,
    /// The line of each node's `;`, in pre-order (empty when not known).
    node_lines: Vec<usize>,
}

impl SgfGame {
    fn new(
        index: usize,
        tree: GameTree,
        warnings: Vec<String>,
        node_lines: Vec<usize>,
    ) -> Result<SgfGame, SgfError> {
        let root_line = node_lines.first().copied();
        SgfGame::read_root(index, tree, warnings, node_lines).map_err(|e| match e {
            // Said of the whole tree, not of its root node.
            SgfError::NotGo { .. } => e,
            e => e.at_line(root_line),
        })
    }

    fn read_root(
        index: usize,
        tree: GameTree,
        warnings: Vec<String>,
        node_lines: Vec<usize>,
    ) -> Result<SgfGame, SgfError> {
        let root = tree
            .into_go_node()
            .map_err(|_| SgfError::NotGo { index: index + 1 })?;
        // The root's first value would be used and the other dropped without a word.
        for id in ["SZ", "KM", "HA", "CA"] {
            let mut values = root
                .properties()
                .filter(|p| p.identifier() == id)
                .map(values_text);
            if let Some(first) = values.next() {
                if let Some(other) = values.find(|v| *v != first) {
                    return Err(root_error(
                        id,
                        &other,
                        format!("{id} is given twice in the root node, first as {id}[{first}]"),
                    ));
                }
            }
        }
        let size = match root.get_property("SZ") {
            None => Size::STANDARD,
            Some(Prop::SZ((w, h))) => Size::new(u32::from(*w), u32::from(*h))
                .map_err(|e| root_error("SZ", &size_text(*w, *h), e.to_string()))?,
            Some(other) => {
                return Err(root_error(
                    "SZ",
                    &values_text(other),
                    "expected a number or COLUMNS:ROWS".into(),
                ))
            }
        };
        let komi = match root.get_property("KM") {
            None => None,
            Some(Prop::KM(v)) => Some(
                Komi::from_f64(*v)
                    .map_err(|e| root_error("KM", &v.to_string(), e.reason.to_string()))?,
            ),
            Some(other) => {
                let value = values_text(other);
                if value.trim().is_empty() {
                    None
                } else {
                    return Err(root_error("KM", &value, "expected a number".into()));
                }
            }
        };
        let text = |id: &str| match root.get_property(id) {
            Some(Prop::PB(t) | Prop::PW(t) | Prop::RE(t) | Prop::RU(t)) => Some(t.to_string()),
            _ => None,
        };
        let handicap = match root.get_property("HA") {
            Some(Prop::HA(n)) => u32::try_from(*n).ok(),
            // The crate refuses HA[0] and HA[1] (no handicap), which files do write.
            Some(other @ Prop::Invalid(..)) => {
                let value = values_text(other);
                match value.trim().parse::<i64>() {
                    Ok(0 | 1) => None,
                    _ if value.trim().is_empty() => None,
                    // Without it White would not be given the first move after the stones.
                    _ => {
                        return Err(root_error(
                            "HA",
                            &value,
                            "expected a number of handicap stones".into(),
                        ))
                    }
                }
            }
            _ => None,
        };
        let info = GameInfo {
            black_player: text("PB"),
            white_player: text("PW"),
            result: text("RE"),
            rules: text("RU"),
            handicap,
        };
        let mut start = Replay::new(Position::empty(size));
        start.warnings = warnings;
        let before = start.warnings.len();
        start.apply_node(&root, true)?;
        start.place_warnings(before, node_lines.first().copied());
        let moved_or_pl = root
            .properties()
            .any(|p| matches!(p, Prop::B(_) | Prop::W(_) | Prop::PL(_)));
        if !moved_or_pl && handicap.is_some_and(|h| h >= 2) {
            start.position.set_to_move(Color::White);
        }
        Ok(SgfGame {
            index,
            root,
            size,
            komi,
            info,
            start,
            node_lines,
        })
    }

    /// The line of the file where `node` (a node of this game's tree) starts, when known.
    ///
    /// ```
    /// use rules_core::io::parse_collection;
    /// let games = parse_collection("(;SZ[9]\n;B[ee]\n(;W[cc])\n(;W[dd]))").unwrap();
    /// let root = &games[0].root;
    /// let second_variation = &root.children[0].children[1];
    /// assert_eq!(games[0].line_of(second_variation), Some(4));
    /// ```
    pub fn line_of(&self, node: &SgfNode<Prop>) -> Option<usize> {
        // Pre-order, as the nodes stand in the text.
        let mut stack = vec![&self.root];
        let mut index = 0;
        while let Some(n) = stack.pop() {
            if std::ptr::eq(n, node) {
                return self.node_lines.get(index).copied();
            }
            index += 1;
            stack.extend(n.children.iter().rev());
        }
        None
    }

    /// `error`, found in `node`, placed at the node's line (see [`SgfGame::line_of`]).
    pub fn locate(&self, node: &SgfNode<Prop>, error: SgfError) -> SgfError {
        error.at_line(self.line_of(node))
    }

    /// [`Replay::apply`] of `node` (a node of this game's tree), with its errors and new
    /// warnings placed at the node's line.
    ///
    /// ```
    /// use rules_core::io::parse_collection;
    /// let game = &parse_collection("(;SZ[9]\n;B[ee]\n;W[cc]XY[1])").unwrap()[0];
    /// let mut replay = game.start();
    /// let second = &game.root.children[0].children[0];
    /// game.apply(&mut replay, &game.root.children[0]).unwrap();
    /// game.apply(&mut replay, second).unwrap();
    /// assert_eq!(replay.warnings(), ["line 3: node 3: unknown property XY kept in the tree"]);
    /// ```
    ///
    /// # Errors
    /// As [`Replay::apply`], wrapped in [`SgfError::AtLine`] where the line is known.
    pub fn apply(
        &self,
        replay: &mut Replay,
        node: &SgfNode<Prop>,
    ) -> Result<Option<(Color, Move)>, SgfError> {
        let before = replay.warnings.len();
        let played = replay.apply(node).map_err(|e| self.locate(node, e))?;
        if replay.warnings.len() > before {
            replay.place_warnings(before, self.line_of(node));
        }
        Ok(played)
    }

    /// The position after the root node (its setup, and its move if it has one).
    pub fn root_position(&self) -> &Position {
        &self.start.position
    }

    /// Warnings about the root node and the file's charset.
    pub fn warnings(&self) -> &[String] {
        &self.start.warnings
    }

    /// A replay standing after the root node, to walk the tree from with
    /// [`Replay::apply`] (clone it at each branch).
    pub fn start(&self) -> Replay {
        self.start.clone()
    }

    /// Replays the main line (first children) to the end, or up to move `stop_after_move`.
    ///
    /// # Errors
    /// As [`parse_sgf_with`].
    pub fn main_line(&self, stop_after_move: Option<usize>) -> Result<GameRecord, SgfError> {
        let mut replay = self.start();
        let mut node = &self.root;
        while let Some(child) = node.children.first() {
            if stop_after_move.is_some_and(|n| replay.moves_played >= n) {
                break;
            }
            self.apply(&mut replay, child)?;
            node = child;
        }
        if let Some(n) = stop_after_move {
            if replay.moves_played < n {
                return Err(SgfError::MoveOutOfRange {
                    requested: n,
                    available: replay.moves_played,
                });
            }
        }
        Ok(GameRecord {
            position: replay.position,
            komi: self.komi,
            last_ko_capture: replay.last_ko_capture,
            moves_played: replay.moves_played,
            trailing_passes: replay.trailing_passes,
            info: self.info.clone(),
            warnings: replay.warnings,
        })
    }
}

fn root_error(property: &str, value: &str, reason: String) -> SgfError {
    SgfError::Property {
        node: 1,
        property: property.to_string(),
        value: value.to_string(),
        reason,
    }
}

fn size_text(w: u8, h: u8) -> String {
    if w == h {
        w.to_string()
    } else {
        format!("{w}:{h}")
    }
}

/// The value text of a property, as it would be written (`][` between list values).
fn values_text(prop: &Prop) -> String {
    match prop {
        Prop::Invalid(_, values) | Prop::Unknown(_, values) => values.join("]["),
        Prop::SZ((w, h)) => size_text(*w, *h),
        // The crate writes coordinates past `z` as other characters (`AA` as `{{`).
        Prop::B(go::Move::Move(p)) | Prop::W(go::Move::Move(p)) => point_text(*p),
        Prop::AB(ps) | Prop::AW(ps) | Prop::AE(ps) => {
            let mut points: Vec<go::Point> = ps.iter().copied().collect();
            points.sort_by_key(|p| (p.y, p.x));
            points
                .into_iter()
                .map(point_text)
                .collect::<Vec<_>>()
                .join("][")
        }
        other => {
            let s = other.to_string();
            let inner = s.split_once('[').map_or("", |(_, v)| v);
            inner.strip_suffix(']').unwrap_or(inner).to_string()
        }
    }
}

fn sgf_coord(v: u8) -> char {
    if v < 26 {
        (b'a' + v) as char
    } else {
        (b'A' + (v - 26).min(25)) as char
    }
}

fn point_text(p: go::Point) -> String {
    format!("{}{}", sgf_coord(p.x), sgf_coord(p.y))
}

fn to_point(p: go::Point, size: Size) -> Option<Point> {
    let (x, row) = (u32::from(p.x), u32::from(p.y));
    if row >= size.height() {
        return None;
    }
    size.point(x, size.height() - 1 - row)
}

/// The state of a replay: the position reached and what led there.
///
/// Start from [`SgfGame::start`] and feed nodes to [`Replay::apply`] in order from the
/// root's children down; clone the replay to follow several variations.
///
/// ```
/// use rules_core::io::parse_collection;
/// let games = parse_collection("(;SZ[5](;B[cc];W[bb])(;B[bb]))").unwrap();
/// for variation in &games[0].root.children {
///     let mut replay = games[0].start();
///     let mut node = variation;
///     loop {
///         replay.apply(node).unwrap();
///         match node.children.first() {
///             Some(next) => node = next,
///             None => break,
///         }
///     }
///     assert!(replay.moves_played() >= 1);
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Replay {
    position: Position,
    moves_played: usize,
    nodes_applied: usize,
    last_ko_capture: Option<KoCapture>,
    trailing_passes: usize,
    warnings: Vec<String>,
    unknown_seen: Vec<String>,
}

impl Replay {
    /// A replay starting from `position`, no node applied yet (the next is node 1).
    pub fn new(position: Position) -> Replay {
        Replay {
            position,
            moves_played: 0,
            nodes_applied: 0,
            last_ko_capture: None,
            trailing_passes: 0,
            warnings: Vec::new(),
            unknown_seen: Vec::new(),
        }
    }

    /// The position reached.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Moves (passes included) played so far.
    pub fn moves_played(&self) -> usize {
        self.moves_played
    }

    /// Nodes applied so far, the root included.
    pub fn nodes_applied(&self) -> usize {
        self.nodes_applied
    }

    /// The ko capture made by the last move, if it was one.
    pub fn last_ko_capture(&self) -> Option<KoCapture> {
        self.last_ko_capture
    }

    /// Consecutive passes at the end of the moves played.
    pub fn trailing_passes(&self) -> usize {
        self.trailing_passes
    }

    /// Warnings so far: unknown properties (one per identifier), unusable minor values.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Puts `line` before the warnings from index `from` on (those of the node just
    /// applied), so that each names the line of the file it is about.
    fn place_warnings(&mut self, from: usize, line: Option<usize>) {
        if let Some(line) = line {
            for w in &mut self.warnings[from..] {
                *w = format!("line {line}: {w}");
            }
        }
    }

    /// Applies a node: its setup (`AE`, then `AB`, `AW`), `PL`, then its move. Returns the
    /// move played, if any. On error the replay is unchanged.
    ///
    /// # Errors
    /// [`SgfError::Property`] for an unusable value or a point off the board,
    /// [`SgfError::Setup`] for a setup leaving an illegal position,
    /// [`SgfError::IllegalMove`] for an illegal move.
    pub fn apply(&mut self, node: &SgfNode<Prop>) -> Result<Option<(Color, Move)>, SgfError> {
        self.apply_node(node, false)
    }

    fn apply_node(
        &mut self,
        node: &SgfNode<Prop>,
        is_root: bool,
    ) -> Result<Option<(Color, Move)>, SgfError> {
        let number = self.nodes_applied + 1;
        let size = self.position.size();
        let mut warnings = Vec::new();
        let mut unknown = Vec::new();
        let prop_error = |prop: &Prop, reason: String| SgfError::Property {
            node: number,
            property: prop.identifier(),
            value: values_text(prop),
            reason,
        };
        let mut mv: Option<(Color, &Prop, go::Move)> = None;
        let mut player = None;
        let mut edits: [Vec<(go::Point, &Prop)>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        for prop in node.properties() {
            match prop {
                Prop::B(m) | Prop::W(m) => {
                    let color = if matches!(prop, Prop::B(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    if mv.is_some() {
                        return Err(prop_error(prop, "the node already has a move".into()));
                    }
                    mv = Some((color, prop, *m));
                }
                Prop::AE(ps) | Prop::AB(ps) | Prop::AW(ps) => {
                    let k = match prop {
                        Prop::AE(_) => 0,
                        Prop::AB(_) => 1,
                        _ => 2,
                    };
                    let mut points: Vec<go::Point> = ps.iter().copied().collect();
                    points.sort_by_key(|p| (p.y, p.x));
                    edits[k].extend(points.into_iter().map(|p| (p, prop)));
                }
                Prop::PL(c) => {
                    let said = match c {
                        sgf_parse::Color::Black => Color::Black,
                        sgf_parse::Color::White => Color::White,
                    };
                    // Which side was meant to play cannot be known: refuse, as for a point
                    // set twice.
                    if player.is_some_and(|earlier| earlier != said) {
                        return Err(prop_error(
                            prop,
                            "PL is given twice in this node, for both colours".into(),
                        ));
                    }
                    player = Some(said);
                }
                Prop::Invalid(id, _) => match id.as_str() {
                    "B" | "W" => {
                        return Err(prop_error(prop, "not a move (expected two letters)".into()))
                    }
                    "AB" | "AW" | "AE" => {
                        return Err(prop_error(
                            prop,
                            "not a list of points or rectangles such as aa:cc".into(),
                        ))
                    }
                    "PL" => return Err(prop_error(prop, "not a colour (B or W)".into())),
                    "HA" if is_root => {}
                    _ => warnings.push(format!(
                        "node {number}: {id}[{}] has an unusable value; ignored",
                        values_text(prop)
                    )),
                },
                Prop::Unknown(id, _) => unknown.push(id.clone()),
                Prop::SZ(_) | Prop::KM(_) if !is_root => warnings.push(format!(
                    "node {number}: {} outside the root node ignored",
                    prop.identifier()
                )),
                _ => {}
            }
        }
        // SGF forbids setting one point twice in a node (AB and AW, or AE with either):
        // which stone was meant cannot be known, so refuse rather than pick one.
        for k in 1..edits.len() {
            for &(p, prop) in &edits[k] {
                if edits[..k].iter().flatten().any(|&(q, _)| q == p) {
                    return Err(prop_error(
                        prop,
                        format!(
                            "the point {} is set twice in this node (AE, AB and AW must name different points)",
                            point_text(p)
                        ),
                    ));
                }
            }
        }
        let mut position = self.position.clone();
        let mut ko_capture = self.last_ko_capture;
        if edits.iter().any(|e| !e.is_empty()) {
            ko_capture = None;
            let mut setup = position.to_setup();
            setup.ko = None;
            for (k, list) in edits.iter().enumerate() {
                for &(p, prop) in list {
                    let point = to_point(p, size).ok_or_else(|| {
                        prop_error(
                            prop,
                            format!("the point {} is off the {size} board", point_text(p)),
                        )
                    })?;
                    setup.black.remove(point);
                    setup.white.remove(point);
                    match k {
                        1 => setup.black.insert(point),
                        2 => setup.white.insert(point),
                        _ => false,
                    };
                }
            }
            position = Position::from_setup(&setup).map_err(|error| SgfError::Setup {
                node: number,
                error,
            })?;
        }
        if let Some(c) = player {
            if c != position.to_move() {
                position.clear_ko();
                position.set_to_move(c);
                ko_capture = None;
            }
        }
        let mut played = None;
        let mut trailing = self.trailing_passes;
        if let Some((color, prop, m)) = mv {
            let the_move = match m {
                go::Move::Pass => Move::Pass,
                go::Move::Move(p) => match to_point(p, size) {
                    Some(point) => Move::Play(point),
                    None if p.x == 19 && p.y == 19 => Move::Pass,
                    None => {
                        return Err(prop_error(
                            prop,
                            format!("the point {} is off the {size} board", point_text(p)),
                        ))
                    }
                },
            };
            if color != position.to_move() {
                position.clear_ko();
                position.set_to_move(color);
            }
            let effect = position
                .play_mut(the_move)
                .map_err(|e| SgfError::IllegalMove {
                    move_number: self.moves_played + 1,
                    node: number,
                    color,
                    value: values_text(prop),
                    reason: e.reason,
                })?;
            ko_capture = effect.ko_capture;
            trailing = if the_move == Move::Pass {
                trailing + 1
            } else {
                0
            };
            played = Some((color, the_move));
        }
        self.position = position;
        self.nodes_applied = number;
        self.last_ko_capture = ko_capture;
        self.trailing_passes = trailing;
        if played.is_some() {
            self.moves_played += 1;
        }
        self.warnings.extend(warnings);
        for id in unknown {
            if !self.unknown_seen.contains(&id) {
                // The parser drops an identifier's lower-case letters (old SGF wrote
                // `AddBlack` for `AB`); with none left, say what the name lacked.
                self.warnings.push(if id.is_empty() {
                    format!(
                        "node {number}: a property whose name has no capital letter (SGF names \
                         are capitals, such as B or AB) kept in the tree"
                    )
                } else {
                    format!("node {number}: unknown property {id} kept in the tree")
                });
                self.unknown_seen.push(id);
            }
        }
        Ok(played)
    }
}

/// Writes `position` as an SGF setup (`SZ`, `KM`, `PL`, `AB`, `AW`) that [`parse_sgf`]
/// reads back to an equal position.
///
/// When the position has a ko point, it is written as the setup before the ko capture
/// followed by the capture, so the prohibition survives; otherwise prisoners are not
/// recorded (SGF has no setup property for them).
///
/// ```
/// use rules_core::io::{parse_sgf, write_sgf, Komi};
/// use rules_core::{Move, Position, Size};
/// let pos = Position::empty(Size::new(9, 7).unwrap()).play(Move::Play("C3".parse().unwrap())).unwrap();
/// let sgf = write_sgf(&pos, Some(Komi::from_half_points(13)));
/// assert_eq!(sgf, "(;GM[1]FF[4]CA[UTF-8]SZ[9:7]KM[6.5]PL[W]AB[ce])");
/// assert_eq!(parse_sgf(&sgf).unwrap().position, pos);
/// ```
pub fn write_sgf(position: &Position, komi: Option<Komi>) -> String {
    let size = position.size();
    let (setup, ko_move) = sgf_setup(position);
    let mut out = String::from("(;GM[1]FF[4]CA[UTF-8]");
    let _ = write!(
        out,
        "SZ[{}]",
        size_text(size.width() as u8, size.height() as u8)
    );
    if let Some(k) = komi {
        let _ = write!(out, "KM[{k}]");
    }
    let _ = write!(out, "PL[{}]", setup.to_move);
    for (id, stones) in [("AB", &setup.black), ("AW", &setup.white)] {
        if !stones.is_empty() {
            out.push_str(id);
            for p in stones.iter() {
                let _ = write!(out, "[{}]", p.to_sgf(size));
            }
        }
    }
    if let Some((color, stone)) = ko_move {
        let _ = write!(out, ";{color}[{}]", stone.to_sgf(size));
    }
    out.push(')');
    out
}

/// What an SGF writer puts down for `position` so that a reader replaying the main line gets
/// it back, as [`write_sgf`] does: the setup, then the move to play after it, if any.
///
/// For a position with a ko point, the setup just before the ko capture and the capture
/// (so that the prohibition and the last ko capture survive); otherwise the position's own
/// setup and no move. Prisoners are in the setup, but SGF has no property for them.
///
/// ```
/// use rules_core::io::sgf_setup;
/// use rules_core::{Move, Position, Size};
/// let pos = Position::empty(Size::new(9, 9).unwrap()).play(Move::Play("C3".parse().unwrap())).unwrap();
/// assert_eq!(sgf_setup(&pos), (pos.to_setup(), None));
/// ```
pub fn sgf_setup(position: &Position) -> (crate::Setup, Option<(Color, Point)>) {
    match ko_predecessor(position) {
        Some((setup, color, stone)) => (setup, Some((color, stone))),
        None => (position.to_setup(), None),
    }
}

/// For a position with a ko point: the setup just before the ko capture, the capturer and
/// its stone, if replaying that capture gives the position back.
fn ko_predecessor(position: &Position) -> Option<(crate::Setup, Color, Point)> {
    let ko = position.ko_point()?;
    let size = position.size();
    let capturer = !position.to_move();
    ko.neighbours(size).find_map(|stone| {
        if position.color_at(stone) != Some(capturer) || position.string_size(stone) != 1 {
            return None;
        }
        let mut setup = position.to_setup();
        setup.ko = None;
        setup.to_move = capturer;
        match capturer {
            Color::Black => {
                setup.black.remove(stone);
                setup.white.insert(ko);
            }
            Color::White => {
                setup.white.remove(stone);
                setup.black.insert(ko);
            }
        }
        setup.prisoners[capturer] = setup.prisoners[capturer].saturating_sub(1);
        let before = Position::from_setup(&setup).ok()?;
        let after = before.play(Move::Play(stone)).ok()?;
        (after == *position).then_some((setup, capturer, stone))
    })
}
