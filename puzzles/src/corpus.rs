//! The corpus of corner cases of the Japanese 1989 rules: whole-board positions with the
//! expected verdict of every string.
//!
//! Each file of [`corpus_dir`] is a text diagram (see `interfaces.md`, "Text diagrams")
//! preceded by `#` header lines that this loader reads:
//!
//! ```text
//! # theme: snapback
//! # source: J89 commentary 参考図7 (or: constructed)
//! # size 5x4
//! # to-play B
//! # expect A1 alive
//! # expect A2 dead
//! # reading once-per-ko: expect A2 dead
//! # note: why, citing the rule
//! # komi 0
//! # expect-territory B: A2 B2
//! # expect-territory W: none
//! # expect-dame: none
//! # expect-removed W: A2
//! # expect-removed B: none
//! # expect-score: B+3
//! ```
//!
//! `expect` lines name one stone of a string (GTP coordinates) and its status under the
//! project's default reading; `reading NAME: expect ...` lines give what another reading
//! says for disputed cases (only the strings that reading judges differently, or all of
//! them). The status `cycle` (a verdict that rests on endless play, spec §4) is only valid
//! under a reading named with `cycles-report`. Other header lines (`size`, `to-play`, `komi`, `captures`) belong to the diagram
//! and are read by [`rules_core::io::parse_diagram`].
//!
//! The `expect-territory`, `expect-dame`, `expect-removed` and `expect-score` lines are
//! optional: they give the Art. 8 and 10 result of the default reading where the commentary
//! implies one (the territory points of a colour, the dame points, the dead stones of a colour
//! removed from territory, the result with the file's komi). Each lists points or `none`;
//! a line that is absent is not checked. See [`ExpectedScoring`].
//!
//! ```
//! let corpus = puzzles::corpus::load_corpus(&puzzles::corpus::corpus_dir()).unwrap();
//! assert!(!corpus.is_empty());
//! ```

use rules_core::io::{parse_diagram, Komi};
use rules_core::{Point, Position};
use std::fmt;
use std::path::{Path, PathBuf};

/// The expected status of a string after the game stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExpectedStatus {
    /// Alive and touching no dame point (after dead stones are lifted).
    Alive,
    /// Dead (Art. 7-1).
    Dead,
    /// Alive and touching a dame point: in seki (Art. 8).
    Seki,
    /// Decided by endless play: only under a reading that reports cycles (`# reading
    /// cycles-report: expect POINT cycle`, spec §4, 死活例23).
    Cycle,
}

impl ExpectedStatus {
    /// Whether the status is alive (plain or in seki), as a solver that only says
    /// alive/dead reports it.
    pub fn is_alive(self) -> bool {
        matches!(self, ExpectedStatus::Alive | ExpectedStatus::Seki)
    }
}

impl fmt::Display for ExpectedStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ExpectedStatus::Alive => "alive",
            ExpectedStatus::Dead => "dead",
            ExpectedStatus::Seki => "seki",
            ExpectedStatus::Cycle => "cycle",
        })
    }
}

impl std::str::FromStr for ExpectedStatus {
    type Err = String;

    fn from_str(s: &str) -> Result<ExpectedStatus, String> {
        match s.to_ascii_lowercase().as_str() {
            "alive" => Ok(ExpectedStatus::Alive),
            "dead" => Ok(ExpectedStatus::Dead),
            "seki" => Ok(ExpectedStatus::Seki),
            "cycle" => Ok(ExpectedStatus::Cycle),
            other => Err(format!(
                "'{other}' is no status (expected alive, dead, seki or cycle)"
            )),
        }
    }
}

/// The expected status of the string through one stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Expectation {
    /// A stone of the string.
    pub stone: Point,
    /// Its expected status.
    pub status: ExpectedStatus,
}

/// The expected Art. 8 and 10 result under the default reading; every part is optional,
/// and only the parts a file gives are checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpectedScoring {
    /// Territory points of Black and of White (`expect-territory B:` / `W:`), sorted.
    pub territory: [Option<Vec<Point>>; 2],
    /// Dame points (`expect-dame:`), sorted: empty points and points of dead stones that stay.
    pub dame: Option<Vec<Point>>,
    /// Dead stones removed from territory, Black's and White's (`expect-removed B:` / `W:`),
    /// sorted.
    pub removed: [Option<Vec<Point>>; 2],
    /// The result (`expect-score:`), `B+x`, `W+x` or `0`, with the file's komi.
    pub score: Option<String>,
}

impl ExpectedScoring {
    /// Whether the file gives no scoring expectation at all.
    pub fn is_empty(&self) -> bool {
        *self == ExpectedScoring::default()
    }
}

/// One position of the corpus.
#[derive(Clone, Debug)]
pub struct CorpusEntry {
    /// The file name without extension, e.g. `01-snapback`.
    pub name: String,
    /// The theme (`# theme:`), e.g. `snapback`.
    pub theme: String,
    /// Where the position comes from (`# source:`).
    pub source: String,
    /// The whole text of the file, diagram and headers.
    pub diagram_text: String,
    /// The position.
    pub position: Position,
    /// The komi of the diagram (`# komi`), needed for an `expect-score` line.
    pub komi: Option<Komi>,
    /// The expected status of every string under the default reading.
    pub expectations: Vec<Expectation>,
    /// For disputed cases: the name of another reading and what it gives.
    pub alternative_readings: Vec<(String, Vec<Expectation>)>,
    /// Why (`# note:` lines joined).
    pub note: String,
    /// The expected territory, dame, removed stones and score, where the file gives them.
    pub scoring: ExpectedScoring,
}

impl CorpusEntry {
    /// The expected status of the string through `point`, if the entry names it.
    pub fn expected(&self, point: Point) -> Option<ExpectedStatus> {
        let id = self.position.string_id(point)?;
        self.expectations
            .iter()
            .find(|e| self.position.string_id(e.stone) == Some(id))
            .map(|e| e.status)
    }
}

/// An error while loading the corpus, naming the file and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusError {
    /// The file.
    pub file: PathBuf,
    /// The line, from 1 (0 when the error concerns the whole file).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Line 0 is the whole file: "FILE:0:" named a line that does not exist.
        if self.line == 0 {
            write!(f, "{}: {}", self.file.display(), self.message)
        } else {
            write!(f, "{}:{}: {}", self.file.display(), self.line, self.message)
        }
    }
}

impl std::error::Error for CorpusError {}

/// The corpus folder inside this crate (`puzzles/corpus`).
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// Loads every `.txt` file of `dir`, sorted by name.
///
/// # Errors
/// The first file that cannot be read or parsed, with its line.
pub fn load_corpus(dir: &Path) -> Result<Vec<CorpusEntry>, CorpusError> {
    let whole = |file: &Path, message: String| CorpusError {
        file: file.to_path_buf(),
        line: 0,
        message,
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| whole(dir, e.to_string()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    if files.is_empty() {
        // The gallery of no entry was written and reported as a success.
        return Err(whole(
            dir,
            "no corpus file (.txt) in this folder".to_string(),
        ));
    }
    files
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(file).map_err(|e| whole(file, e.to_string()))?;
            let name = file
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            parse_entry(&name, &text).map_err(|(line, message)| CorpusError {
                file: file.clone(),
                line,
                message,
            })
        })
        .collect()
}

/// Parses one corpus file; errors carry the line (from 1) and a message.
///
/// # Errors
/// A missing `theme`, a malformed `expect` line, a stone that is not on the board or is
/// no stone, a malformed or repeated scoring line, an `expect-score` line without komi, or a
/// diagram the diagram parser refuses.
pub fn parse_entry(name: &str, text: &str) -> Result<CorpusEntry, (usize, String)> {
    let record = parse_diagram(text).map_err(|e| (e.line, e.to_string()))?;
    let position = record.position;
    let komi = record.komi;
    let size = position.size();
    let mut scoring = ExpectedScoring::default();
    // A list of points, or `none`; sorted so that comparisons ignore the order written.
    let parse_points = |body: &str, line: usize| -> Result<Vec<Point>, (usize, String)> {
        let body = body.trim();
        if body.eq_ignore_ascii_case("none") {
            return Ok(Vec::new());
        }
        if body.is_empty() {
            return Err((line, "expected points or 'none'".to_string()));
        }
        let mut points = body
            .split_whitespace()
            .map(|w| {
                Point::from_gtp(w, size)
                    .ok_or_else(|| (line, format!("'{w}' is no point of the board")))
            })
            .collect::<Result<Vec<Point>, _>>()?;
        points.sort();
        points.dedup();
        Ok(points)
    };
    let colour_index = |body: &str, line: usize| -> Result<(usize, String), (usize, String)> {
        let Some((colour, rest)) = body.split_once(':') else {
            return Err((
                line,
                "expected 'B:' or 'W:' and a list of points".to_string(),
            ));
        };
        match colour.trim() {
            "B" | "b" => Ok((0, rest.to_string())),
            "W" | "w" => Ok((1, rest.to_string())),
            other => Err((line, format!("'{other}' is no colour (B or W)"))),
        }
    };
    let set_once = |slot: &mut Option<Vec<Point>>, value: Vec<Point>, line: usize| {
        if slot.is_some() {
            return Err((line, "repeated scoring line".to_string()));
        }
        *slot = Some(value);
        Ok(())
    };
    let mut theme = None;
    let mut source = String::new();
    let mut notes: Vec<String> = Vec::new();
    let mut expectations = Vec::new();
    let mut alternative_readings: Vec<(String, Vec<Expectation>)> = Vec::new();
    let parse_expect = |body: &str, line: usize| -> Result<Expectation, (usize, String)> {
        let mut words = body.split_whitespace();
        let (Some(stone), Some(status), None) = (words.next(), words.next(), words.next()) else {
            return Err((
                line,
                format!("expected 'expect POINT STATUS', found '{body}'"),
            ));
        };
        let point = Point::from_gtp(stone, size)
            .ok_or_else(|| (line, format!("'{stone}' is no point of the board")))?;
        if position.color_at(point).is_none() {
            return Err((
                line,
                format!("{stone} is empty: an expectation must name a stone"),
            ));
        }
        let status = status.parse().map_err(|e| (line, e))?;
        Ok(Expectation {
            stone: point,
            status,
        })
    };
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let Some(rest) = raw.trim().strip_prefix('#') else {
            continue;
        };
        let rest = rest.trim();
        if let Some(v) = rest.strip_prefix("theme:") {
            theme = Some(v.trim().to_string());
        } else if let Some(v) = rest.strip_prefix("source:") {
            source = v.trim().to_string();
        } else if let Some(v) = rest.strip_prefix("note:") {
            notes.push(v.trim().to_string());
        } else if let Some(v) = rest.strip_prefix("expect-territory ") {
            let (index, body) = colour_index(v, line)?;
            let points = parse_points(&body, line)?;
            set_once(&mut scoring.territory[index], points, line)?;
        } else if let Some(v) = rest.strip_prefix("expect-removed ") {
            let (index, body) = colour_index(v, line)?;
            let points = parse_points(&body, line)?;
            for &p in &points {
                let wanted = [rules_core::Color::Black, rules_core::Color::White][index];
                if position.color_at(p) != Some(wanted) {
                    return Err((line, format!("{p} holds no stone of that colour")));
                }
            }
            set_once(&mut scoring.removed[index], points, line)?;
        } else if let Some(v) = rest.strip_prefix("expect-dame:") {
            let points = parse_points(v, line)?;
            set_once(&mut scoring.dame, points, line)?;
        } else if let Some(v) = rest.strip_prefix("expect-score:") {
            if komi.is_none() {
                return Err((
                    line,
                    "an expect-score line needs a '# komi' line".to_string(),
                ));
            }
            if scoring.score.is_some() {
                return Err((line, "repeated scoring line".to_string()));
            }
            let v = v.trim();
            let valid = v == "0"
                || ((v.starts_with("B+") || v.starts_with("W+")) && v[2..].parse::<Komi>().is_ok());
            if !valid {
                return Err((line, format!("'{v}' is no result (B+x, W+x or 0)")));
            }
            scoring.score = Some(v.to_string());
        } else if let Some(v) = rest.strip_prefix("expect ") {
            let expectation = parse_expect(v, line)?;
            if expectation.status == ExpectedStatus::Cycle {
                return Err((
                    line,
                    "'cycle' is no verdict of the default reading; write it under \
                     '# reading cycles-report:'"
                        .into(),
                ));
            }
            expectations.push(expectation);
        } else if let Some(v) = rest.strip_prefix("reading ") {
            let Some((reading, body)) = v.split_once(':') else {
                return Err((line, "expected 'reading NAME: expect POINT STATUS'".into()));
            };
            let Some(body) = body.trim().strip_prefix("expect ") else {
                return Err((line, "expected 'reading NAME: expect POINT STATUS'".into()));
            };
            let expectation = parse_expect(body, line)?;
            let reading = reading.trim().to_string();
            if expectation.status == ExpectedStatus::Cycle && !reading.contains("cycles-report") {
                return Err((
                    line,
                    format!("'cycle' needs a reading that reports cycles, not '{reading}'"),
                ));
            }
            match alternative_readings.iter_mut().find(|(r, _)| *r == reading) {
                Some((_, list)) => list.push(expectation),
                None => alternative_readings.push((reading, vec![expectation])),
            }
        }
    }
    let theme = theme.ok_or_else(|| (1, "no '# theme:' line".to_string()))?;
    Ok(CorpusEntry {
        name: name.to_string(),
        theme,
        source,
        diagram_text: text.to_string(),
        position,
        komi,
        expectations,
        alternative_readings,
        note: notes.join(" "),
        scoring,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = "  A B C D\n4 . X . X\n3 X X X X\n2 O O O O\n1 . O . O\n";

    fn parse(headers: &str) -> Result<CorpusEntry, (usize, String)> {
        parse_entry("t", &format!("# theme: t\n{headers}{BOARD}"))
    }

    #[test]
    fn scoring_lines_are_read_sorted_and_optional() {
        let e = parse(
            "# komi 0.5\n# expect-territory B: C4 A4\n# expect-dame: none\n# expect-score: B+2.5\n",
        )
        .unwrap();
        let size = e.position.size();
        let p = |s| Point::from_gtp(s, size).unwrap();
        assert_eq!(e.scoring.territory[0], Some(vec![p("A4"), p("C4")]));
        assert_eq!(e.scoring.territory[1], None);
        assert_eq!(e.scoring.dame, Some(vec![]));
        assert_eq!(e.scoring.score.as_deref(), Some("B+2.5"));
        assert!(parse("").unwrap().scoring.is_empty());
    }

    #[test]
    fn bad_scoring_lines_name_their_line() {
        // Line 2 is the first header after the theme.
        for bad in [
            "# expect-score: B+1\n",
            "# komi 0\n# expect-score: X+1\n",
            "# expect-territory G: A4\n",
            "# expect-territory B: Z9\n",
            "# expect-removed W: B3\n",
            "# expect-dame:\n",
            "# expect-dame: A4\n# expect-dame: C4\n",
        ] {
            let (line, message) = parse(bad).unwrap_err();
            assert!(line >= 2, "{bad:?}: line {line} ({message})");
        }
    }

    #[test]
    fn cycle_is_a_verdict_only_of_a_reading_that_reports_cycles() {
        let e = parse(
            "# reading cycles-report: expect A2 cycle
",
        )
        .unwrap();
        assert_eq!(e.alternative_readings[0].1[0].status, ExpectedStatus::Cycle);
        for bad in [
            "# expect A2 cycle
",
            "# reading once-per-ko: expect A2 cycle
",
        ] {
            let (line, message) = parse(bad).unwrap_err();
            assert_eq!(line, 2, "{bad:?}: {message}");
            assert!(message.contains("cycle"), "{message}");
        }
    }
}
