//! Tsumego problems from files: SGF problems with solution trees, and the JSON problems of
//! the Cho Chikun life-and-death dictionary (`../shared/data/cho-ld-dictionary/`).
//!
//! ## SGF
//! Each game tree of a file is one problem. The position is the root's setup. The player
//! to move comes from `PL`, else from a comment of the root saying "Black to play" / "White
//! to play" (also "Black to live", "White to kill", ...), else from the colour of the first
//! move of the tree, else Black. The solution tree gives the lines: a line on which a
//! comment starts with `Correct` or `Also correct` (any case; usually the leaf's, sometimes
//! an earlier node's, as in "Correct, ko is the best result" followed by variations) is a
//! correct line, any other line a wrong one. The marked correct first
//! moves are the first moves of correct lines; the marked wrong ones are the first moves
//! none of whose lines is correct.
//!
//! ## Cho JSON
//! `masked_sgf_str` is the full-board position (with `PL`; after its moves, if any),
//! `region` the points where play is allowed, the crucial stones of the side whose goal is
//! `TOLIVE` the target, the side whose goal is `TOKILL` the attacker, `answer_firstmove` the
//! book's first move when `winning_color` is the player to move. The ko rules of that data set always allow the
//! attacker to win through ko and forbid it to the defender: the attacker is ko master.

use rules_core::io::sgf_parse::go::Prop;
use rules_core::io::sgf_parse::SgfNode;
use rules_core::io::{parse_collection_bytes, SgfError, SgfGame};
use rules_core::{Color, Move, Point, PointSet, Position, Size};
use std::path::{Path, PathBuf};

/// A problem read from a file.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Where it came from, for reports: the file.
    pub file: PathBuf,
    /// Its name within the file: `#1`, `#2`, ... for SGF game trees, the JSON file's
    /// `filename` for Cho problems.
    pub name: String,
    /// The position, with the player to move set.
    pub position: Position,
    /// How the player to move was found.
    pub to_play_from: ToPlayFrom,
    /// The attacker, when the file says (Cho JSON).
    pub attacker: Option<Color>,
    /// The target stones, when the file says.
    pub target: Option<PointSet>,
    /// The region of play, when the file says.
    pub region: Option<PointSet>,
    /// Stones of one colour the root marks as the ones at stake: `TR`, `SQ`, `MA` or `CR`
    /// on stones, or a `LB` label that the root comment names in a question about
    /// capturing, killing or attacking ("capture White's cutting stone at A").
    pub marked: Option<PointSet>,
    /// Whether the file fixes the attacker as ko master (the Cho JSON `*_ko_rule` fields:
    /// the attacker `allow_ko`, the defender `disallow_ko`). `false` for SGF problems, which
    /// fix no master, and for a JSON problem whose defender is master; `solve` and `verify`
    /// then give each first move its class under both masters.
    pub attacker_ko_master: bool,
    /// What the file says the answer is, if anything.
    pub expected: Option<Expected>,
    /// The lines of the solution tree, when there is one.
    pub lines: Vec<Line>,
    /// What was read but may deserve a look (unknown properties kept, charset fallbacks),
    /// for the commands to show.
    pub warnings: Vec<String>,
}

/// Where the player to move of a problem came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToPlayFrom {
    /// The `PL` property.
    Pl,
    /// A comment ("Black to play").
    Comment,
    /// The colour of the first move of the solution tree.
    FirstMove,
    /// Nothing said it: Black.
    Default,
    /// The Cho JSON `turn_color`.
    Json,
}

/// The answer a file gives.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Expected {
    /// The first moves marked correct (empty when the player to move is said to fail).
    pub correct: Vec<Move>,
    /// The first moves marked wrong.
    pub wrong: Vec<Move>,
    /// First moves not marked correct whose every line the book calls workable but worse
    /// ("This is possible, but Black can do better"; [`Line::workable`]): neither wrong nor
    /// a missed second answer.
    pub inferior: Vec<Move>,
    /// Whether the player to move is said to succeed.
    pub player_wins: bool,
    /// Whether a correct line's comment speaks of a ko.
    pub says_ko: bool,
    /// Whether a correct line's comment speaks of a seki.
    pub says_seki: bool,
}

/// One line of a solution tree, from the problem position to a leaf.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The moves with their players.
    pub moves: Vec<(Color, Move)>,
    /// Whether the leaf is marked correct.
    pub correct: bool,
    /// The leaf's comment.
    pub comment: String,
}

impl Line {
    /// Whether the comment calls the line workable but worse, without a ko or seki that
    /// would make it a weaker result: "This is possible, but Black can do better", "It's
    /// also possible", "Not that bad". Such a line is neither correct nor refuted.
    ///
    /// ```
    /// use puzzles::problems::Line;
    /// let line = |comment: &str| Line { moves: Vec::new(), correct: false, comment: comment.into() };
    /// assert!(line("This is possible, but Black can do better.").workable());
    /// assert!(!line("It's a ko, but Black can do better.").workable());
    /// assert!(!line("That is impossible.").workable());
    /// ```
    pub fn workable(&self) -> bool {
        if self.correct {
            return false;
        }
        let lower = self.comment.to_ascii_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        let says = |w: &str| words.contains(&w);
        let possible = says("possible") || lower.contains("not that bad");
        possible && !says("ko") && !says("seki")
    }
}

/// A file or problem that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ProblemError {
    // The inner errors are part of each message, not separate sources: a report that
    // prints the chain of sources would print them twice.
    /// The file could not be read.
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: PathBuf,
        /// The error.
        error: std::io::Error,
    },
    /// A folder given to search holds no problem file.
    #[error("{}: no problem file (.sgf or .json) in this folder", dir.display())]
    NoProblemFiles {
        /// The folder.
        dir: PathBuf,
    },
    /// The SGF is not valid.
    #[error("{file}: {error}")]
    Sgf {
        /// The file.
        file: PathBuf,
        /// The error.
        error: SgfError,
    },
    /// The JSON is not valid.
    #[error("{file}: line {line}, column {column}: {what}")]
    Json {
        /// The file.
        file: PathBuf,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// What is wrong.
        what: String,
    },
    /// A field of a problem is missing or unusable.
    #[error("{}", field_message(file, problem, what))]
    Field {
        /// The file.
        file: PathBuf,
        /// The problem within the file.
        problem: String,
        /// What is wrong.
        what: String,
    },
}

/// `file: problem: what`, without the problem's name where it only repeats the file's
/// (a file of one problem) or is empty.
fn field_message(file: &Path, problem: &str, what: &str) -> String {
    let file_name = file.file_name().map(|n| n.to_string_lossy());
    if problem.is_empty() || file_name.as_deref() == Some(problem) {
        format!("{}: {what}", file.display())
    } else {
        format!("{}: {problem}: {what}", file.display())
    }
}

/// Whether `path` names a file this module reads (by extension: `.sgf`, `.json`).
pub fn is_problem_file(path: &Path) -> bool {
    matches!(
        path.extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref(),
        Some("sgf" | "json")
    )
}

/// The problem files under `paths`: files as given, folders walked recursively for `.sgf`
/// and `.json` files, in sorted order.
///
/// # Errors
/// [`ProblemError::Io`] for a path that cannot be read, [`ProblemError::NoProblemFiles`] for
/// a folder with no problem file in it (a check of nothing would pass silently).
pub fn problem_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, ProblemError> {
    let mut out = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|error| ProblemError::Io {
            file: path.clone(),
            error,
        })?;
        if meta.is_dir() {
            let before = out.len();
            walk(path, &mut out, &mut Vec::new())?;
            if out.len() == before {
                return Err(ProblemError::NoProblemFiles { dir: path.clone() });
            }
        } else {
            out.push(path.clone());
        }
    }
    Ok(out)
}

/// Adds the problem files under `dir` to `out`. Each folder is walked once (`seen` holds the
/// folders walked, resolved): a link back to a folder above (`up -> ..`) walked the tree
/// again at every level, and a link to itself checked each file 41 times.
fn walk(dir: &Path, out: &mut Vec<PathBuf>, seen: &mut Vec<PathBuf>) -> Result<(), ProblemError> {
    let io = |error| ProblemError::Io {
        file: dir.to_path_buf(),
        error,
    };
    let real = std::fs::canonicalize(dir).map_err(io)?;
    if seen.contains(&real) {
        return Ok(());
    }
    seen.push(real);
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(io)?;
    entries.sort();
    for e in entries {
        if e.is_dir() {
            walk(&e, out, seen)?;
        } else if e.is_file() && is_problem_file(&e) {
            // Regular files only: a pipe named .sgf would wait for a writer forever.
            out.push(e);
        }
    }
    Ok(())
}

/// Reads the problems of one file: one per SGF game tree, or the one Cho JSON problem.
/// A file that cannot be read at all is an `Err`; a game tree that cannot be used is an
/// `Err` inside the list, so the other problems of the file can still be checked.
///
/// # Errors
/// [`ProblemError`] for a file that cannot be read or parsed at all, or is larger than
/// [`MAX_INPUT_BYTES`](rules_core::io::MAX_INPUT_BYTES).
pub fn load_file(path: &Path) -> Result<Vec<Result<Problem, ProblemError>>, ProblemError> {
    let bytes = rules_core::io::read_input_file(path).map_err(|error| ProblemError::Io {
        file: path.to_path_buf(),
        error,
    })?;
    let is_json = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        || bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    if is_json {
        return Ok(vec![cho_problem(path, &bytes)]);
    }
    let sgf_error = |error| ProblemError::Sgf {
        file: path.to_path_buf(),
        error,
    };
    match parse_collection_bytes(&bytes) {
        Ok(games) => Ok(games
            .iter()
            .map(|g| sgf_problem(path, g, games.len()))
            .collect()),
        Err(whole) => {
            // One bad tree spoils the collection: read the trees one by one, so the good
            // ones can still be checked.
            let text = String::from_utf8_lossy(&bytes);
            let trees = split_game_trees(&text);
            if trees.len() < 2 {
                return Err(sgf_error(whole));
            }
            let count = trees.len();
            Ok(trees
                .iter()
                .enumerate()
                .map(|(i, tree)| {
                    let name = format!("#{}", i + 1);
                    let games =
                        rules_core::io::parse_collection(&in_place(&text, tree)).map_err(|e| {
                            // Read alone, the tree is "game tree 1" of its text: say only
                            // what is wrong in it.
                            let e = match e {
                                SgfError::InGame { error, .. } => *error,
                                e => e,
                            };
                            ProblemError::Field {
                                file: path.to_path_buf(),
                                problem: name.clone(),
                                what: e.to_string(),
                            }
                        })?;
                    let mut game = games
                        .into_iter()
                        .next()
                        .ok_or_else(|| ProblemError::Field {
                            file: path.to_path_buf(),
                            problem: name.clone(),
                            what: "no game tree".into(),
                        })?;
                    game.index = i;
                    sgf_problem(path, &game, count)
                })
                .collect())
        }
    }
}

/// `tree`, a slice of `text`, behind as many line breaks and spaces as stand before it in
/// `text`: read alone, its errors name the lines and columns of the whole file.
fn in_place(text: &str, tree: &str) -> String {
    let offset = (tree.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    let before = text.get(..offset).unwrap_or("");
    let lines = before.matches('\n').count();
    let columns = before.rsplit('\n').next().map_or(0, |l| l.chars().count());
    format!("{}{}{tree}", "\n".repeat(lines), " ".repeat(columns))
}

/// The top-level game trees of an SGF collection, as text: balanced parentheses outside
/// property values (which may hold escaped `]`).
fn split_game_trees(text: &str) -> Vec<&str> {
    let mut trees = Vec::new();
    let (mut depth, mut in_value, mut escaped, mut start) = (0usize, false, false, 0);
    for (i, c) in text.char_indices() {
        if in_value {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, ']') => in_value = false,
                _ => {}
            }
            continue;
        }
        match c {
            '[' => in_value = true,
            '(' => {
                if depth == 0 {
                    start = i;
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    trees.push(&text[start..=i]);
                }
            }
            _ => {}
        }
    }
    trees
}

fn comment(node: &SgfNode<Prop>) -> Option<&str> {
    match node.get_property("C") {
        Some(Prop::C(t)) => Some(t.text.as_str()),
        _ => None,
    }
}

/// "Black to play", "White to live", ... in a comment.
fn color_in_comment(text: &str) -> Option<Color> {
    let lower = text.to_ascii_lowercase();
    for (word, color) in [("black", Color::Black), ("white", Color::White)] {
        for verb in ["to play", "to move", "to live", "to kill", "plays", "first"] {
            if lower.contains(&format!("{word} {verb}")) {
                return Some(color);
            }
        }
    }
    None
}

fn is_correct(text: &str) -> bool {
    let t = text.trim_start().to_ascii_lowercase();
    t.starts_with("correct") || t.starts_with("also correct")
}

/// Reads one SGF game tree as a problem.
fn sgf_problem(path: &Path, game: &SgfGame, count: usize) -> Result<Problem, ProblemError> {
    let name = if count > 1 {
        format!("#{}", game.index + 1)
    } else {
        path.file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    };
    let field = |what: String| ProblemError::Field {
        file: path.to_path_buf(),
        problem: name.clone(),
        what,
    };
    let mut position = game.root_position().clone();
    let mut lines = Vec::new();
    let mut warnings = game.warnings().to_vec();
    collect_lines(game, &mut lines, &mut warnings).map_err(|e| field(e.to_string()))?;
    let (to_play, from) = if game.root.get_property("PL").is_some() {
        (position.to_move(), ToPlayFrom::Pl)
    } else if let Some(c) = comment(&game.root).and_then(color_in_comment) {
        (c, ToPlayFrom::Comment)
    } else if let Some((c, _)) = lines.iter().find_map(|l| l.moves.first()) {
        (*c, ToPlayFrom::FirstMove)
    } else {
        (Color::Black, ToPlayFrom::Default)
    };
    position.set_to_move(to_play);
    let marked = root_marked(&game.root, &position);
    let expected = if lines.is_empty() {
        None
    } else {
        let mut correct = Vec::new();
        let mut tried = Vec::new();
        let (mut says_ko, mut says_seki) = (false, false);
        for l in &lines {
            let Some(&(c, first)) = l.moves.first() else {
                continue;
            };
            if c != to_play {
                continue;
            }
            if !tried.contains(&first) {
                tried.push(first);
            }
            if l.correct {
                if !correct.contains(&first) {
                    correct.push(first);
                }
                let lower = l.comment.to_ascii_lowercase();
                says_ko |= lower.contains(" ko") || lower.starts_with("ko");
                says_seki |= lower.contains("seki");
            }
        }
        // A tried move whose every line the book calls workable is worse, not wrong.
        let workable_only = |m: &Move| {
            lines
                .iter()
                .filter(|l| l.moves.first().map(|&(_, f)| f) == Some(*m))
                .all(Line::workable)
        };
        let (inferior, wrong): (Vec<Move>, Vec<Move>) = tried
            .into_iter()
            .filter(|m| !correct.contains(m))
            .partition(workable_only);
        Some(Expected {
            player_wins: !correct.is_empty(),
            correct,
            wrong,
            inferior,
            says_ko,
            says_seki,
        })
    };
    Ok(Problem {
        file: path.to_path_buf(),
        name,
        position,
        to_play_from: from,
        attacker: None,
        target: None,
        region: None,
        marked,
        attacker_ko_master: false,
        expected,
        lines,
        warnings,
    })
}

/// The stones the root marks as the ones at stake ([`Problem::marked`]): the stones under
/// `TR`, `SQ`, `MA` or `CR`, else those under a `LB` label the root comment names after a
/// verb of the fight ("capture", "kill", "attack"); `None` unless they are all of one
/// colour.
fn root_marked(root: &SgfNode<Prop>, position: &Position) -> Option<PointSet> {
    let size = position.size();
    let point = |p: &rules_core::io::sgf_parse::go::Point| {
        let row = size.height().checked_sub(1 + u32::from(p.y))?;
        size.point(u32::from(p.x), row)
    };
    let mut marked = PointSet::new();
    for prop in root.properties() {
        if let Prop::TR(ps) | Prop::SQ(ps) | Prop::MA(ps) | Prop::CR(ps) = prop {
            for p in ps.iter().filter_map(point) {
                if position.color_at(p).is_some() {
                    marked.insert(p);
                }
            }
        }
    }
    if marked.is_empty() {
        let text = comment(root).unwrap_or("");
        let words: Vec<&str> = text
            .split(|c: char| !c.is_alphanumeric() && c != '\'')
            .filter(|w| !w.is_empty())
            .collect();
        let fight = words.iter().any(|w| {
            let w = w.to_ascii_lowercase();
            ["capture", "kill", "attack"].contains(&w.as_str())
        });
        if let (true, Some(Prop::LB(labels))) = (fight, root.get_property("LB")) {
            for (p, label) in labels {
                if words.contains(&label.text.as_str()) {
                    if let Some(p) = point(p).filter(|&p| position.color_at(p).is_some()) {
                        marked.insert(p);
                    }
                }
            }
        }
    }
    let first = marked.iter().next().and_then(|p| position.color_at(p))?;
    let one_colour = marked.iter().all(|p| position.color_at(p) == Some(first));
    one_colour.then_some(marked)
}

/// Every root-to-leaf line of the tree (a node's comment on the way counts for the leaf
/// when the leaf has none).
/// The warnings of the nodes replayed are added to `warnings`, each once.
fn collect_lines(
    game: &SgfGame,
    out: &mut Vec<Line>,
    warnings: &mut Vec<String>,
) -> Result<(), SgfError> {
    struct Frame<'a> {
        node: &'a SgfNode<Prop>,
        moves: Vec<(Color, Move)>,
        replay: rules_core::io::Replay,
        last_comment: String,
        /// A node on the way said `Correct` (some files mark the answer before the end).
        marked: bool,
    }
    let mut stack: Vec<Frame> = game
        .root
        .children
        .iter()
        .rev()
        .map(|n| Frame {
            node: n,
            moves: Vec::new(),
            replay: game.start(),
            last_comment: String::new(),
            marked: false,
        })
        .collect();
    while let Some(mut f) = stack.pop() {
        if let Some(played) = game.apply(&mut f.replay, f.node)? {
            f.moves.push(played);
        }
        if let Some(c) = comment(f.node) {
            f.last_comment = c.to_string();
            f.marked |= is_correct(c);
        }
        if f.node.children.is_empty() {
            for w in f.replay.warnings() {
                if !warnings.contains(w) {
                    warnings.push(w.clone());
                }
            }
            let leaf = comment(f.node).map(str::to_string);
            let text = leaf.unwrap_or_default();
            out.push(Line {
                correct: f.marked,
                comment: if text.is_empty() {
                    f.last_comment
                } else {
                    text
                },
                moves: f.moves,
            });
            continue;
        }
        for child in f.node.children.iter().rev() {
            stack.push(Frame {
                node: child,
                moves: f.moves.clone(),
                replay: f.replay.clone(),
                last_comment: f.last_comment.clone(),
                marked: f.marked,
            });
        }
    }
    Ok(())
}

fn sgf_points(text: &str, size: Size) -> Result<PointSet, String> {
    let mut set = PointSet::new();
    for t in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let p = Point::from_sgf(t, size).ok_or_else(|| format!("'{t}' is not a point"))?;
        set.insert(p);
    }
    Ok(set)
}

fn json_error(path: &Path, e: &serde_json::Error) -> ProblemError {
    ProblemError::Json {
        file: path.to_path_buf(),
        line: e.line(),
        column: e.column(),
        what: e.to_string(),
    }
}

/// A JSON object whose keys are each given once: `serde_json::Value` keeps the last of two
/// equal keys without a word, and which of two values was meant cannot be known.
struct UniqueKeys(serde_json::Map<String, serde_json::Value>);

impl<'de> serde::Deserialize<'de> for UniqueKeys {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = UniqueKeys;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<UniqueKeys, A::Error> {
                let mut out = serde_json::Map::new();
                while let Some((key, value)) = map.next_entry::<String, serde_json::Value>()? {
                    if out.contains_key(&key) {
                        return Err(serde::de::Error::custom(format!(
                            "the field '{key}' is given twice"
                        )));
                    }
                    out.insert(key, value);
                }
                Ok(UniqueKeys(out))
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}

/// The places (line and column, from 1) of the JSON object key `key` in `bytes`: each
/// `"key"` followed by a colon, in order.
fn key_places<'a>(bytes: &'a [u8], key: &str) -> impl Iterator<Item = (usize, usize)> + 'a {
    let quoted = format!("\"{key}\"").into_bytes();
    (0..bytes.len()).filter_map(move |i| {
        let rest = bytes[i..].strip_prefix(quoted.as_slice())?;
        let after = rest.iter().find(|b| !b.is_ascii_whitespace())?;
        (*after == b':').then(|| {
            let line_start = bytes[..i]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |n| n + 1);
            let line = 1 + bytes[..i].iter().filter(|&&b| b == b'\n').count();
            (line, 1 + i - line_start)
        })
    })
}

/// The line (from 1) of the first `"key"` followed by a colon in `bytes`.
fn key_line(bytes: &[u8], key: &str) -> Option<usize> {
    key_places(bytes, key).next().map(|(line, _)| line)
}

/// A JSON error, placed at the second of two equal keys when that is the fault: serde
/// finds it only after the second value, and named the line after it.
fn json_error_in(path: &Path, bytes: &[u8], e: &serde_json::Error) -> ProblemError {
    let twice = e
        .to_string()
        .strip_prefix("the field '")
        .and_then(|rest| rest.split_once("' is given twice"))
        .map(|(key, _)| key.to_string());
    let places: Vec<(usize, usize)> = twice
        .as_deref()
        .map(|key| key_places(bytes, key).take(2).collect())
        .unwrap_or_default();
    match (twice, places.as_slice()) {
        (Some(key), [(first, _), (line, column)]) => ProblemError::Json {
            file: path.to_path_buf(),
            line: *line,
            column: *column,
            what: format!("the field '{key}' is given twice (first on line {first})"),
        },
        _ => json_error(path, e),
    }
}

/// Reads one Cho dictionary JSON problem.
fn cho_problem(path: &Path, bytes: &[u8]) -> Result<Problem, ProblemError> {
    // Editors on Windows may begin the file with a byte order mark, which JSON does not
    // allow; it was refused as "expected value at line 1 column 1".
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let UniqueKeys(object) =
        serde_json::from_slice(bytes).map_err(|e| json_error_in(path, bytes, &e))?;
    let value = serde_json::Value::Object(object);
    let name = value
        .get("filename")
        .and_then(|v| v.as_str())
        .unwrap_or("")
        .to_string();
    // A fault in a field is placed at the line of its key (the messages begin with it).
    let keys: Vec<&String> = value
        .as_object()
        .map(|o| o.keys().collect())
        .unwrap_or_default();
    let field = |what: String| {
        let line = keys
            .iter()
            .find(|k| what.starts_with(k.as_str()) || what.starts_with(&format!("field '{k}'")))
            .and_then(|k| key_line(bytes, k));
        ProblemError::Field {
            file: path.to_path_buf(),
            problem: name.clone(),
            what: match line {
                Some(line) => format!("line {line}: {what}"),
                None => what,
            },
        }
    };
    let text = |key: &str| -> Result<&str, ProblemError> {
        value
            .get(key)
            .and_then(|v| v.as_str())
            .ok_or_else(|| field(format!("field '{key}' is missing or not a string")))
    };
    let color = |key: &str| -> Result<Color, ProblemError> {
        match text(key)? {
            "b" | "B" => Ok(Color::Black),
            "w" | "W" => Ok(Color::White),
            other => Err(field(format!("{key}: '{other}' is not b or w"))),
        }
    };
    let sgf = text("masked_sgf_str")?;
    let games =
        rules_core::io::parse_collection(sgf).map_err(|e| field(format!("masked_sgf_str: {e}")))?;
    // The position is the one at the end of the moves (some files of the data set give it
    // as a sequence of moves after the root, which were dropped without a word): a second
    // game tree, or variations, would leave it open.
    let [game] = games.as_slice() else {
        return Err(field(format!(
            "masked_sgf_str holds {} game trees; a problem is one position",
            games.len()
        )));
    };
    let mut node = &game.root;
    while let Some(next) = node.children.first() {
        if node.children.len() > 1 {
            return Err(field(
                "masked_sgf_str has variations; a problem is one position".into(),
            ));
        }
        node = next;
    }
    let replayed = game
        .main_line(None)
        .map_err(|e| field(format!("masked_sgf_str: {e}")))?;
    let size = game.size;
    let to_play = color("turn_color")?;
    // Which of two players was meant cannot be known (the data set's files agree).
    if let Some(Prop::PL(pl)) = game.root.get_property("PL") {
        let pl = match pl {
            rules_core::io::sgf_parse::Color::Black => Color::Black,
            rules_core::io::sgf_parse::Color::White => Color::White,
        };
        if pl != to_play {
            return Err(field(format!(
                "turn_color '{}' contradicts PL[{pl}] in masked_sgf_str",
                text("turn_color")?
            )));
        }
    }
    let winner = color("winning_color")?;
    let goal = |key: &str| -> Result<bool, ProblemError> {
        match text(key)? {
            "TOLIVE" => Ok(true),
            "TOKILL" => Ok(false),
            other => Err(field(format!("{key}: '{other}' is not TOLIVE or TOKILL"))),
        }
    };
    let black_lives = goal("black_search_goal")?;
    let white_lives = goal("white_search_goal")?;
    let defender = match (black_lives, white_lives) {
        (true, false) => Color::Black,
        (false, true) => Color::White,
        _ => return Err(field("exactly one side must have the goal TOLIVE".into())),
    };
    // The ko rules: the side allowed to win by ko is the ko master. Both or neither is a
    // ko rule the solver has no game for.
    let allows_ko = |key: &str| -> Result<bool, ProblemError> {
        match text(key)? {
            "allow_ko" => Ok(true),
            "disallow_ko" => Ok(false),
            other => Err(field(format!(
                "{key}: '{other}' is not allow_ko or disallow_ko"
            ))),
        }
    };
    let (attacker_key, defender_key) = match defender {
        Color::Black => ("white_ko_rule", "black_ko_rule"),
        Color::White => ("black_ko_rule", "white_ko_rule"),
    };
    let attacker_ko_master = match (allows_ko(attacker_key)?, allows_ko(defender_key)?) {
        (true, false) => true,
        (false, true) => false,
        _ => {
            return Err(field(format!(
                "{attacker_key} and {defender_key}: exactly one side must be allowed to win by \
                 ko (the solver plays kos with one ko master)"
            )))
        }
    };
    let crucial_key = match defender {
        Color::Black => "black_crucial_stone",
        Color::White => "white_crucial_stone",
    };
    let target =
        sgf_points(text(crucial_key)?, size).map_err(|e| field(format!("{crucial_key}: {e}")))?;
    let mut position = replayed.position;
    if target.is_empty()
        || target
            .iter()
            .any(|p| position.color_at(p) != Some(defender))
    {
        return Err(field(format!(
            "{crucial_key}: the crucial stones must be stones of the defender"
        )));
    }
    let region = sgf_points(text("region")?, size).map_err(|e| field(format!("region: {e}")))?;
    if region.is_empty() {
        // With no point to play on, every problem "fails" after two nodes of search.
        return Err(field("region: no point given".into()));
    }
    position.set_to_move(to_play);
    let answer = text("answer_firstmove")?;
    let correct = if winner == to_play {
        let p = Point::from_sgf(answer, size)
            .ok_or_else(|| field(format!("answer_firstmove: '{answer}' is not a point")))?;
        vec![Move::Play(p)]
    } else {
        Vec::new()
    };
    Ok(Problem {
        file: path.to_path_buf(),
        name,
        position,
        to_play_from: ToPlayFrom::Json,
        attacker: Some(!defender),
        target: Some(target),
        region: Some(region),
        marked: None,
        attacker_ko_master,
        expected: Some(Expected {
            player_wins: winner == to_play,
            correct,
            wrong: Vec::new(),
            inferior: Vec::new(),
            says_ko: false,
            says_seki: false,
        }),
        lines: Vec::new(),
        warnings: replayed
            .warnings
            .iter()
            .map(|w| format!("masked_sgf_str: {w}"))
            .collect(),
    })
}
