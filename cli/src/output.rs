//! Rendering judgements as text for people and as JSON for tools.

use crate::explain::Explained;
use crate::sentences::Language;
use rules_core::confirmation::ConfirmationMove;
use rules_core::{Color, Point, PointSet, Position};
use serde::Serialize;
use solver::confirm::{DecidedBy, Life};
use solver::scoring::{PositionJudgement, Status, StringReport};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Prints the warnings read from one input on standard error, each after the input's
/// name, in every command and format (JSON, SGF and SVG consumers read standard output).
pub fn print_warnings<W: std::fmt::Display>(source: impl std::fmt::Display, warnings: &[W]) {
    for w in warnings {
        eprintln!("warning: {source}: {w}");
    }
}

/// The `status --format json` object of the interface contract.
#[derive(Debug, Serialize)]
pub struct StatusJson {
    reading: BTreeMap<&'static str, &'static str>,
    size: [u32; 2],
    strings: Vec<StringJson>,
    dame: Option<Vec<String>>,
    territory: Option<BTreeMap<&'static str, Vec<String>>>,
    removed: Option<BTreeMap<&'static str, Vec<String>>>,
    /// Dead stones that stay on the board because they lie in dame (Art. 10).
    unremovable: Option<BTreeMap<&'static str, Vec<String>>>,
    score: Option<ScoreJson>,
}

#[derive(Debug, Serialize)]
struct StringJson {
    color: String,
    stones: Vec<String>,
    status: &'static str,
    proof: Vec<String>,
    nodes: u64,
    decided_by: &'static str,
    /// The rule that decided the string (`sentences::Reason::key`).
    rule: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    /// For a `cycle` string: both verdicts and one turn of the cycle.
    #[serde(skip_serializing_if = "Option::is_none")]
    cycle: Option<CycleJson>,
}

/// A verdict that rests on endless play (spec §4, 死活例23).
#[derive(Debug, Serialize)]
struct CycleJson {
    /// The verdict with endless play counted against the side that needs its goal.
    against_the_goal: &'static str,
    /// The verdict with endless play counted for it.
    for_the_goal: &'static str,
    /// The moves of one turn of the cycle (empty when the proof line does not reach it).
    turn: Vec<String>,
    /// The stones each colour captures in one turn, when the turn is known.
    prisoners_per_turn: Option<BTreeMap<&'static str, u32>>,
}

fn life_str(life: Life) -> &'static str {
    match life {
        Life::Alive => "alive",
        Life::Dead => "dead",
        Life::Unknown(_) => "unknown",
    }
}

#[derive(Debug, Serialize)]
struct ScoreJson {
    black: i32,
    white: i32,
    komi: f64,
    result: String,
}

fn points(set: &PointSet) -> Vec<String> {
    set.iter().map(|p| p.to_string()).collect()
}

fn by_color(pair: &rules_core::ByColor<PointSet>) -> BTreeMap<&'static str, Vec<String>> {
    BTreeMap::from([("B", points(&pair.black)), ("W", points(&pair.white))])
}

fn decided_by(report: &StringReport) -> &'static str {
    match report.judgement.decided_by {
        DecidedBy::PassAlive => "pass-alive",
        DecidedBy::SafeRegions => "safe-regions",
        DecidedBy::Search => "search",
        DecidedBy::EnclosureSearch => "enclosure-search",
        DecidedBy::NoRoomForTwoEyes => "no-room-for-two-eyes",
    }
}

/// The JSON object for a judged position.
pub fn status_json(
    position: &Position,
    judgement: &PositionJudgement,
    explained: &[Explained],
) -> StatusJson {
    let size = position.size();
    StatusJson {
        reading: judgement.reading.fields().into_iter().collect(),
        size: [size.width(), size.height()],
        strings: judgement
            .strings
            .iter()
            .enumerate()
            .map(|(i, s)| StringJson {
                color: s.judgement.color.to_string(),
                stones: s.judgement.stones.iter().map(|p| p.to_string()).collect(),
                status: s.status.as_str(),
                proof: s.judgement.proof.iter().map(|m| m.to_string()).collect(),
                nodes: s.judgement.nodes,
                decided_by: decided_by(s),
                rule: explained.get(i).map_or("undecided", |e| e.reason.key()),
                reason: match s.judgement.life {
                    Life::Unknown(r) => Some(r.to_string()),
                    _ => None,
                },
                cycle: s.judgement.cycle.as_ref().map(|c| CycleJson {
                    against_the_goal: life_str(c.against_the_goal),
                    for_the_goal: life_str(c.for_the_goal),
                    turn: c.turn.iter().map(|m| m.to_string()).collect(),
                    prisoners_per_turn: c
                        .prisoners_per_turn
                        .map(|p| BTreeMap::from([("B", p[Color::Black]), ("W", p[Color::White])])),
                }),
            })
            .collect(),
        dame: judgement.territory.as_ref().map(|t| points(&t.dame)),
        territory: judgement.territory.as_ref().map(|t| by_color(&t.territory)),
        removed: judgement.territory.as_ref().map(|t| by_color(&t.removed)),
        unremovable: judgement
            .territory
            .as_ref()
            .map(|t| by_color(&t.unremovable)),
        score: judgement.score.map(|s| ScoreJson {
            black: s.black,
            white: s.white,
            komi: s.komi.as_f64(),
            result: s.result(),
        }),
    }
}

/// The plain sentence that says which rule decided a string: the one of `explained` at the
/// string's index (the sentences themselves live in `sentences/`).
fn reason_sentence(explained: &[Explained], index: usize) -> &str {
    explained.get(index).map_or("", |e| e.sentence.as_str())
}

/// A text board of the columns `from.0..=to.0` and rows `from.1..=to.1`: column letters
/// above and below, row numbers on both sides, one character per point from `cell`.
pub fn text_board(from: (u32, u32), to: (u32, u32), cell: impl Fn(Point) -> char) -> String {
    let letters: String = (from.0..=to.0)
        .map(|x| Point::new(x, 0).to_string().chars().next().unwrap_or('?'))
        .flat_map(|c| [' ', c])
        .collect();
    let mut out = format!("   {letters}\n");
    for y in (from.1..=to.1).rev() {
        let _ = write!(out, "{:>2} ", y + 1);
        for x in from.0..=to.0 {
            let _ = write!(out, " {}", cell(Point::new(x, y)));
        }
        let _ = writeln!(out, "  {}", y + 1);
    }
    let _ = writeln!(out, "   {letters}");
    out
}

/// The text report: the board with marks, then each string with its line and reason.
pub fn status_text(
    position: &Position,
    judgement: &PositionJudgement,
    explained: &[Explained],
    lang: Language,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", lang.reading_line(&judgement.reading.to_string()));
    let size = position.size();
    let dead: PointSet = judgement
        .strings
        .iter()
        .filter(|s| s.status == Status::Dead)
        .flat_map(|s| s.judgement.stones.iter().copied())
        .collect();
    let t = judgement.territory.as_ref();
    out.push_str(&text_board(
        (0, 0),
        (size.width() - 1, size.height() - 1),
        |p| match position.color_at(p) {
            Some(c) if dead.contains(p) => c.symbol().to_ascii_lowercase(),
            Some(c) => c.symbol(),
            None if t.is_some_and(|t| t.territory.black.contains(p)) => 'b',
            None if t.is_some_and(|t| t.territory.white.contains(p)) => 'w',
            None if t.is_some_and(|t| t.dame.contains(p)) => '*',
            // Decided, neither territory nor dame: an eye of stones in seki (Art. 8).
            None if t.is_some() => '-',
            None => '.',
        },
    ));
    let _ = writeln!(out, "   {}\n", lang.board_legend());
    for (i, s) in judgement.strings.iter().enumerate() {
        let j = &s.judgement;
        let _ = writeln!(
            out,
            "{}",
            lang.string_line(j.color, &j.stones_text(), s.status, j.nodes)
        );
        if !j.proof.is_empty() {
            let moves: Vec<String> = j
                .proof
                .iter()
                .map(|m| lang.played_move(m.color, m.mv))
                .collect();
            let _ = writeln!(out, "  {}", lang.line_label(&moves.join(", ")));
        }
        let _ = writeln!(out, "  {}", reason_sentence(explained, i));
    }
    if let Some(t) = &judgement.territory {
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "{}",
            lang.territory_line(
                t.territory.black.len(),
                t.territory.white.len(),
                t.dame.len(),
                t.seki.len()
            )
        );
        if !t.dame.is_empty() {
            let _ = writeln!(out, "{}", lang.dame_points(&points(&t.dame).join(" ")));
        }
        let removed: Vec<String> = t
            .removed
            .black
            .union(&t.removed.white)
            .iter()
            .map(|p| p.to_string())
            .collect();
        if !removed.is_empty() {
            let _ = writeln!(out, "{}", lang.removed_stones(&removed.join(" ")));
        }
        let staying = t.unremovable.black.union(&t.unremovable.white);
        if !staying.is_empty() {
            let s: Vec<String> = staying.iter().map(|p| p.to_string()).collect();
            let _ = writeln!(out, "{}", lang.staying_stones(&s.join(" ")));
        }
    }
    match &judgement.score {
        Some(score) => {
            let komi = score.komi.to_string();
            let line = lang.score_line(score.black, score.white, &komi, &score.result());
            let _ = writeln!(out, "{line}");
        }
        None if judgement.territory.is_none() => {
            let cycles = judgement.strings.iter().any(|s| s.status == Status::Cycle);
            let undecided = judgement
                .strings
                .iter()
                .any(|s| s.status == Status::Unknown);
            let line = if cycles && !undecided {
                lang.score_cycle()
            } else {
                lang.score_unknown()
            };
            let _ = writeln!(out, "{line}");
        }
        None => {
            let _ = writeln!(out, "{}", lang.score_without_komi());
        }
    }
    out
}

/// The value of the SGF `AP` property, `name:version` as `FF[4]` asks.
pub fn sgf_application() -> String {
    format!("shikatsu:{}", env!("CARGO_PKG_VERSION"))
}

/// Escapes SGF text: `]` and `\` are escaped with a backslash.
fn sgf_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn sgf_points(tag: &str, points: impl Iterator<Item = Point>, size: rules_core::Size) -> String {
    let values: String = points.map(|p| format!("[{}]", p.to_sgf(size))).collect();
    if values.is_empty() {
        String::new()
    } else {
        format!("{tag}{values}")
    }
}

/// The judged position as SGF: the setup with marks (dead stones crossed, seki stones as
/// squares, territory as TB/TW), a root comment with every verdict, and one variation per
/// proof line, its moves commented (a pass for ko is an SGF pass with a comment).
///
/// SGF readers (ours, GTP's `loadsgf`, Sabaki) take the first variation as the main line
/// and replay it as moves of the game; so when there are proof lines, the first variation
/// is a node with no move, and the main line ends at the judged position. A position with
/// a ko point is written as the setup before the ko capture, then the capture, whose node
/// holds the marks, the comment and the variations.
pub fn status_sgf(
    position: &Position,
    komi: Option<rules_core::io::Komi>,
    judgement: &PositionJudgement,
    explained: &[Explained],
    lang: Language,
) -> String {
    let size = position.size();
    let mut root = format!("(;GM[1]FF[4]CA[UTF-8]AP[{}]", sgf_application());
    if size.width() == size.height() {
        let _ = write!(root, "SZ[{}]", size.width());
    } else {
        let _ = write!(root, "SZ[{}:{}]", size.width(), size.height());
    }
    if let Some(k) = komi {
        let _ = write!(root, "KM[{k}]");
    }
    // A ko point survives as the setup before the ko capture and the capture, which then
    // is the main line's first node and holds the marks (see `write_sgf`).
    let (setup, ko_capture) = rules_core::io::sgf_setup(position);
    root.push_str(&sgf_points("AB", setup.black.iter(), size));
    root.push_str(&sgf_points("AW", setup.white.iter(), size));
    let _ = write!(root, "PL[{}]", setup.to_move.letter());
    if let Some((color, stone)) = ko_capture {
        let _ = write!(root, ";{}[{}]", color.letter(), stone.to_sgf(size));
    }
    let dead = judgement
        .strings
        .iter()
        .filter(|s| s.status == Status::Dead)
        .flat_map(|s| s.judgement.stones.iter().copied());
    root.push_str(&sgf_points("MA", dead, size));
    let seki = judgement
        .strings
        .iter()
        .filter(|s| s.status == Status::Seki)
        .flat_map(|s| s.judgement.stones.iter().copied());
    root.push_str(&sgf_points("SQ", seki, size));
    if let Some(t) = &judgement.territory {
        root.push_str(&sgf_points("TB", t.territory.black.iter(), size));
        root.push_str(&sgf_points("TW", t.territory.white.iter(), size));
    }
    let mut comment = format!("{}\n", lang.sgf_heading(&judgement.reading.to_string()));
    for (i, s) in judgement.strings.iter().enumerate() {
        let _ = writeln!(
            comment,
            "{}. {}",
            lang.string_status(s.judgement.color, &s.judgement.stones_text(), s.status),
            reason_sentence(explained, i)
        );
    }
    if let Some(score) = &judgement.score {
        let komi = score.komi.to_string();
        let line = lang.score_summary(score.black, score.white, &komi, &score.result());
        let _ = writeln!(comment, "{line}");
    }
    let _ = write!(root, "C[{}]", sgf_text(comment.trim_end()));
    let mut variations = String::new();
    for (index, s) in judgement
        .strings
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.judgement.proof.is_empty())
    {
        let j = &s.judgement;
        variations.push('(');
        for (i, m) in j.proof.iter().enumerate() {
            let (value, note) = match m.mv {
                ConfirmationMove::Play(p) => (p.to_sgf(size), String::new()),
                ConfirmationMove::PassForKo(k) => (String::new(), lang.sgf_pass_for_ko(k)),
                ConfirmationMove::Pass => (String::new(), lang.sgf_pass()),
            };
            let _ = write!(variations, ";{}[{value}]", m.color.letter());
            let mut text = String::new();
            if i == 0 {
                text.push_str(&lang.proof_heading(j.color, &j.stones_text(), s.status));
            }
            text.push_str(&note);
            if i + 1 == j.proof.len() {
                let _ = write!(
                    text,
                    "{}{}",
                    if note.is_empty() { "" } else { ". " },
                    lang.end_of_line(reason_sentence(explained, index))
                );
            }
            if !text.trim().is_empty() {
                let _ = write!(variations, "C[{}]", sgf_text(text.trim()));
            }
        }
        variations.push(')');
    }
    if !variations.is_empty() {
        // The main line: the judged position itself, not the first proof line.
        let main = format!("(;C[{}])", sgf_text(&lang.sgf_judged_position()));
        variations.insert_str(0, &main);
    }
    format!("{root}{variations})\n")
}

/// One string's status under each compared reading.
#[derive(Debug, Serialize)]
pub struct ComparedString {
    #[serde(skip)]
    owner: Color,
    /// The status under each reading, in the order compared (for the text report).
    #[serde(skip)]
    statuses: Vec<Status>,
    color: String,
    stones: Vec<String>,
    status: BTreeMap<String, &'static str>,
    agree: bool,
}

/// The `--compare-readings --format json` object.
#[derive(Debug, Serialize)]
pub struct ComparisonJson {
    readings: Vec<BTreeMap<&'static str, &'static str>>,
    strings: Vec<ComparedString>,
    disagreements: usize,
}

fn compared_strings(judged: &[(&'static str, PositionJudgement)]) -> Vec<ComparedString> {
    let Some((_, first)) = judged.first() else {
        return Vec::new();
    };
    first
        .strings
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let status: BTreeMap<String, &'static str> = judged
                .iter()
                .map(|(name, j)| (name.to_string(), j.strings[i].status.as_str()))
                .collect();
            let agree = judged.iter().all(|(_, j)| j.strings[i].status == s.status);
            ComparedString {
                owner: s.judgement.color,
                statuses: judged.iter().map(|(_, j)| j.strings[i].status).collect(),
                color: s.judgement.color.to_string(),
                stones: s.judgement.stones.iter().map(|p| p.to_string()).collect(),
                status,
                agree,
            }
        })
        .collect()
}

/// The comparison as JSON: every reading, every string's status under each.
pub fn comparison_json(judged: &[(&'static str, PositionJudgement)]) -> ComparisonJson {
    let strings = compared_strings(judged);
    ComparisonJson {
        readings: judged
            .iter()
            .map(|(name, j)| {
                let mut fields: BTreeMap<&'static str, &'static str> =
                    j.reading.fields().into_iter().collect();
                fields.insert("name", name);
                fields
            })
            .collect(),
        disagreements: strings.iter().filter(|s| !s.agree).count(),
        strings,
    }
}

/// The comparison as text: only the strings whose status differs between readings.
pub fn comparison_text(judged: &[(&'static str, PositionJudgement)], lang: Language) -> String {
    let mut out = String::new();
    let names: Vec<&str> = judged.iter().map(|(n, _)| *n).collect();
    let _ = writeln!(out, "{}", lang.readings_compared(&names.join(", ")));
    for (name, j) in judged {
        let _ = writeln!(out, "  {name}: {}", j.reading);
    }
    let strings = compared_strings(judged);
    let differing: Vec<&ComparedString> = strings.iter().filter(|s| !s.agree).collect();
    if differing.is_empty() {
        let _ = writeln!(out, "\n{}", lang.all_readings_agree(strings.len()));
        return out;
    }
    let _ = writeln!(out, "\n{}", lang.readings_differ_heading());
    for s in &differing {
        let by: Vec<String> = names
            .iter()
            .zip(&s.statuses)
            .map(|(n, &status)| format!("{n} {}", lang.status(status)))
            .collect();
        let _ = writeln!(
            out,
            "  {} {}: {}",
            lang.color(s.owner),
            s.stones.join(" "),
            by.join(", ")
        );
    }
    let _ = writeln!(
        out,
        "{}",
        lang.readings_agree_count(strings.len() - differing.len(), strings.len())
    );
    out
}

#[cfg(test)]
mod tests {
    //! Every word of the explanations comes from `sentences/`: the reports are rendered in
    //! the test language that wraps each of its texts in `⟦ ⟧`, the wrapped parts are cut
    //! out, and what is left may hold no word: only points, numbers, board symbols, the
    //! reading's `key=value` names and the names of the compared readings (flag values).
    use super::*;
    use crate::config::{compared_readings, load_position};
    use crate::explain::{explain_position, lines_text};
    use crate::sentences::stray_words;
    use solver::confirm::Limits;
    use solver::scoring::judge_position;
    use std::path::Path;

    fn render(corpus_file: &str) -> Vec<(String, String)> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../puzzles/corpus")
            .join(corpus_file);
        let game = load_position(&path, None).expect("a corpus position");
        let limits = Limits::default();
        let j = judge_position(
            &game.position,
            game.last_ko_capture,
            game.komi,
            &solver::Reading::default(),
            &limits,
        );
        let lang = Language::Marked;
        let e = explain_position(&game.position, game.last_ko_capture, &j, lang);
        let sgf = status_sgf(&game.position, game.komi, &j, &e, lang);
        // Only the SGF comments are prose; the rest is SGF syntax.
        let comments: Vec<&str> = sgf
            .split("C[")
            .skip(1)
            .map(|c| c.split(']').next().unwrap_or(""))
            .collect();
        let readings: Vec<(&'static str, PositionJudgement)> = compared_readings()
            .into_iter()
            .take(3)
            .map(|(n, r)| {
                let jr = judge_position(&game.position, None, game.komi, &r, &limits);
                (n, jr)
            })
            .collect();
        vec![
            ("status".into(), status_text(&game.position, &j, &e, lang)),
            ("explain".into(), lines_text(&game.position, &j, &e, lang)),
            ("sgf".into(), comments.join("\n")),
            ("compare".into(), comparison_text(&readings, lang)),
        ]
    }

    #[test]
    fn every_word_of_the_explanations_comes_from_the_sentences_module() {
        // Dame, seki and dead stones left on the board; a pass for ko in the lines.
        for file in [
            "11-dead-stones-inside-seki.txt",
            "13-bent-four-in-the-corner.txt",
            "08-direct-ko-left-open.txt",
        ] {
            for (what, text) in render(file) {
                assert!(text.contains('⟦'), "{file} {what}: nothing marked:\n{text}");
                let stray = stray_words(&text);
                assert!(
                    stray.is_empty(),
                    "{file} {what}: words not from sentences/: {stray:?}\n{text}"
                );
            }
        }
    }

    #[test]
    fn the_check_finds_a_stray_word() {
        let text = format!("{} and more", crate::sentences::mark("Reading"));
        assert_eq!(stray_words(&text), ["and", "more"]);
        assert!(stray_words("B D4, W ⟦pass⟧ C5 B+2.5 first=attacker").is_empty());
    }
}
