//! Every sentence and label a person reads, in one place, so that a translation (Japanese,
//! Chinese, ...) is one more [`Language`] variant and one more arm per `match`.
//!
//! The rest of the program never writes English prose itself: it classifies what decided a
//! string into a [`Reason`] (see `explain.rs`) and asks the language for the words.

use rules_core::confirmation::ConfirmationMove;
use rules_core::{Color, Point};
use solver::scoring::Status;

mod score;
mod solve;
mod verify;

/// What decided a string's status: the rule that the proof line, or the static check,
/// exercised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Pass-alive (Benson): the owner keeps the stones by passing only.
    PassAlive,
    /// Safe by the safety solver: in two of their regions (or one proved alone) the opponent
    /// can never take the stones' last liberty while the owner answers there (Art. 7-1).
    SafeRegions,
    /// Alive: the opponent, even moving first, cannot capture the stones (Art. 7-1).
    CannotCapture,
    /// Alive by Art. 7-1 clause 2: the stones can be captured, but a stone of the owner then
    /// stands on their points that the opponent cannot capture.
    NewStone,
    /// Alive: the opponent must pass for a ko before retaking it (Art. 7-2), and the owner
    /// uses that move to settle the ko.
    KoPassSaves,
    /// Alive: the opponent's attack only leads to endless repetition, and endless play is
    /// no capture.
    Cycle,
    /// Dead: the opponent captures the stones and no new stone of the owner survives on
    /// their points (Art. 7-1).
    Captured,
    /// Dead: the owner has to pass for the ko before retaking it (Art. 7-2); meanwhile the
    /// opponent resolves it and captures.
    CapturedThroughKoPass,
    /// Dead: the owner puts a stone back on the captured points, but it can be captured
    /// again (Art. 7-1 clause 2 does not apply).
    NewStoneRecaptured,
    /// Dead without search: inside walls that stay pass-alive, the stones' region has no
    /// room for two eyes, so the opponent fills it and captures (Art. 7-1).
    NoRoomForTwoEyes,
    /// Reported under `--cycles report`: the verdict rests on endless play. `dead_by_default`
    /// is the default reading's verdict (endless play against the side that needs its goal);
    /// the other meaning gives the opposite. `prisoners_per_turn` is what one turn of the
    /// cycle captures (by Black, by White), when a line shows the cycle.
    CycleReported {
        /// The default reading's verdict is dead.
        dead_by_default: bool,
        /// Stones captured by Black and by White in one turn of the cycle.
        prisoners_per_turn: Option<(u32, u32)>,
    },
    /// A search limit stopped the judgement.
    Undecided(Limit),
}

impl Reason {
    /// A stable name for tools (the `rule` field of the JSON output); never translated.
    pub fn key(self) -> &'static str {
        match self {
            Reason::PassAlive => "pass-alive",
            Reason::SafeRegions => "safe-regions",
            Reason::CannotCapture => "cannot-capture",
            Reason::NewStone => "new-stone",
            Reason::KoPassSaves => "ko-pass-saves",
            Reason::Cycle => "cycle",
            Reason::Captured => "captured",
            Reason::CapturedThroughKoPass => "captured-through-ko-pass",
            Reason::NewStoneRecaptured => "new-stone-recaptured",
            Reason::NoRoomForTwoEyes => "no-room-for-two-eyes",
            Reason::CycleReported { .. } => "cycle-reported",
            Reason::Undecided(_) => "undecided",
        }
    }
}

/// Why a search stopped, in the words a sentence needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The node limit.
    Nodes,
    /// The time limit.
    Time,
    /// The depth limit.
    Depth,
    /// Cancelled (the whole-position time ran out).
    Cancelled,
}

/// The status words and the labels of the board pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// Legend: alive stones.
    Alive,
    /// Legend: dead stones that stay on the board.
    Dead,
    /// Legend: dead stones removed as prisoners.
    Removed,
    /// Legend: seki stones.
    Seki,
    /// Legend: territory.
    Territory,
    /// Legend: dame.
    Dame,
    /// Legend: undecided.
    Undecided,
    /// Button: previous move.
    Previous,
    /// Button: next move.
    Next,
    /// Button: back to the judged position.
    Start,
    /// Button: to the end of the line.
    End,
    /// Heading: the judged position.
    JudgedPosition,
    /// Heading: the proof lines.
    ProofLines,
    /// Heading: the reading of the rules.
    Reading,
    /// Heading: the expected verdicts (gallery).
    Expected,
    /// Heading: what the program found (gallery).
    Found,
    /// The index page title.
    GalleryTitle,
    /// The caption when no string needed a search.
    NoLines,
    /// Table heading: the status.
    Status,
    /// Table heading: the rule that decided it.
    Why,
    /// Table heading: the proof line.
    Line,
    /// Table heading: the search nodes.
    Nodes,
    /// Table heading: the string.
    String,
    /// Gallery: the theme of a position.
    Theme,
    /// Gallery: where a position comes from.
    Source,
    /// Gallery: the link back to the index.
    Index,
    /// Gallery: an expectation met.
    Agree,
    /// Gallery: an expectation contradicted.
    Disagree,
    /// Gallery index: what each page shows.
    GalleryIntro,
    /// Gallery index heading: the position.
    Position,
    /// Gallery index heading: the verdicts.
    Verdicts,
    /// Gallery index heading: the comparison with the corpus.
    AgainstCorpus,
}

/// A language for sentences and labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Language {
    /// English (the default).
    #[default]
    English,
    /// Test only: English with every word of this module wrapped in `⟦` and `⟧`, so that a
    /// test can find any text that did not come from here.
    #[cfg(test)]
    Marked,
}

/// Wraps a text in the test language's marks.
#[cfg(test)]
pub fn mark(text: &str) -> String {
    format!("⟦{text}⟧")
}

/// [`mark`] for the `&'static str` answers (test only, so the leak is bounded).
#[cfg(test)]
fn leak_mark(text: &str) -> &'static str {
    Box::leak(mark(text).into_boxed_str())
}

impl Language {
    /// The language's own form of an English text built by one of the methods below.
    fn finish(self, english: String) -> String {
        match self {
            Language::English => english,
            #[cfg(test)]
            Language::Marked => mark(&english),
        }
    }

    /// [`Language::finish`] for static texts.
    fn finish_static(self, english: &'static str) -> &'static str {
        match self {
            Language::English => english,
            #[cfg(test)]
            Language::Marked => leak_mark(english),
        }
    }

    /// The name of a player.
    pub fn color(self, color: Color) -> &'static str {
        self.finish_static(match color {
            Color::Black => "Black",
            Color::White => "White",
        })
    }

    /// The word for a status in the text reports (the JSON keeps `Status::as_str`).
    pub fn status(self, status: Status) -> &'static str {
        self.finish_static(status.as_str())
    }

    /// A label of a board picture or page.
    pub fn label(self, label: Label) -> &'static str {
        self.finish_static({
            match label {
                Label::Alive => "alive",
                Label::Dead => "dead (stays on the board)",
                Label::Removed => "dead (removed)",
                Label::Seki => "seki",
                Label::Territory => "territory",
                Label::Dame => "dame",
                Label::Undecided => "undecided",
                Label::Previous => "Previous",
                Label::Next => "Next",
                Label::Start => "Start",
                Label::End => "End",
                Label::JudgedPosition => "The judged position",
                Label::ProofLines => "Proof lines",
                Label::Reading => "Reading of the rules",
                Label::Expected => "expected",
                Label::Found => "found",
                Label::GalleryTitle => "shikatsu: the corner cases of the J89 confirmation",
                Label::NoLines => "No string needed a search: every verdict here is static.",
                Label::Status => "status",
                Label::Why => "why",
                Label::Line => "line",
                Label::Nodes => "nodes",
                Label::String => "string",
                Label::Theme => "Theme",
                Label::Source => "Source",
                Label::Index => "index",
                Label::Agree => "agree",
                Label::Disagree => "DISAGREE",
                Label::GalleryIntro => "Each page shows the board with its marks, every verdict with the rule that decided it, and buttons to step through the proof lines.",
                Label::Position => "position",
                Label::Verdicts => "verdicts (one stone of each string)",
                Label::AgainstCorpus => "against the corpus",
            }
        })
    }

    /// The one sentence that names the rule which decided a string of `owner`'s stones.
    /// With `seki`, the sentence adds that the stones touch dame (Art. 8).
    pub fn reason(self, reason: Reason, owner: Color, seki: bool) -> String {
        let me = Language::English.color(owner);
        let you = Language::English.color(!owner);
        let core = match reason {
            Reason::PassAlive => format!(
                "{me} keeps these stones even if {me} only passes: they are pass-alive (Benson), so {you} cannot capture them (Art. 7-1)"
            ),
            Reason::SafeRegions => format!(
                "{you} can never take these stones' liberties in two of their eye regions at once: {me} answers each move of {you} in the region where it was played, so {you} cannot capture them (Art. 7-1)"
            ),
            Reason::CannotCapture => {
                format!("{you} cannot capture these stones for good, even moving first (Art. 7-1)")
            }
            Reason::NewStone => format!(
                "{you} can capture these stones, but {me} then puts a stone on their points that {you} cannot capture, so they are alive (Art. 7-1, second clause)"
            ),
            Reason::KoPassSaves => format!(
                "{you} must pass once for the ko before retaking it (Art. 7-2), and {me} uses that move to settle the ko, so {you} cannot capture these stones"
            ),
            Reason::Cycle => format!(
                "{you}'s attack only leads to an endless repetition, and endless play is not a capture, so these stones are alive (Art. 7-1)"
            ),
            Reason::NoRoomForTwoEyes => format!(
                "{you}'s walls around these stones stay pass-alive while {you} fills the space inside, and that space has no room for two eyes of {me}, so {you} can fill it and capture these stones and every stone {me} adds there (Art. 7-1)"
            ),
            Reason::Captured => format!(
                "{you} can capture these stones and {me} cannot then make a stone on their points that {you} could not capture (Art. 7-1)"
            ),
            Reason::CapturedThroughKoPass => format!(
                "{me} may retake the ko only after passing for it (Art. 7-2); {you} uses that move to capture these stones, so they are dead (Art. 7-1)"
            ),
            Reason::NewStoneRecaptured => format!(
                "{you} captures these stones, and a stone {me} puts back on their points can be captured again, so they are dead (Art. 7-1)"
            ),
            Reason::CycleReported {
                dead_by_default,
                prisoners_per_turn,
            } => {
                let (by_default, otherwise) = if dead_by_default {
                    ("dead", "alive")
                } else {
                    ("alive", "dead")
                };
                let turn = match prisoners_per_turn {
                    Some((b, w)) => format!(
                        "; one turn of the cycle captures {b} stone(s) for Black and {w} for White"
                    ),
                    None => String::from(
                        "; the line shown does not reach the repetition (it lies after a capture, in the question of a new stone, or beyond the limits), so its prisoners are not counted",
                    ),
                };
                format!(
                    "endless play decides these stones: counted against the side that needs its goal (the default reading) they are {by_default}, counted for it they are {otherwise}{turn}; the commentary settles such a position by the aim of the game (Art. 1), not by confirmation (Art. 7)"
                )
            }
            Reason::Undecided(limit) => {
                let why = match limit {
                    Limit::Nodes => "the node limit was reached",
                    Limit::Time => "the time limit was reached",
                    Limit::Depth => "the depth limit was reached",
                    Limit::Cancelled => "the time for the whole position ran out",
                };
                return self.finish(format!(
                    "Not decided: {why}; raise --max-nodes or --max-time (the answer is never a guess)."
                ));
            }
        };
        self.finish(if seki {
            format!("{core}; they touch a dame point, so they are in seki (Art. 8).")
        } else {
            format!("{core}.")
        })
    }

    /// The line under a board: territory, dame and seki stones.
    pub fn territory_summary(self, black: usize, white: usize, dame: usize, seki: usize) -> String {
        self.finish(format!(
            "Territory: Black {black}, White {white}. Dame: {dame}. Seki stones: {seki}."
        ))
    }

    /// The score line.
    pub fn score_summary(self, black: i32, white: i32, komi: &str, result: &str) -> String {
        self.finish(format!(
            "Score: Black {black}, White {white} + komi {komi}: {result}"
        ))
    }

    /// A proof line button: the string and the number of moves.
    pub fn line_button(self, title: &str, moves: usize) -> String {
        self.finish(format!("{title} ({moves} moves)"))
    }

    /// The title of a line that shows a cycle, found with cycles reported.
    pub fn cycle_line_title(self, strings: &str) -> String {
        format!("{strings}: the cycle (--cycles report)")
    }

    /// What the corpus expects under another reading.
    pub fn alternative_expectation(self, reading: &str, expectations: &str) -> String {
        self.finish(format!(
            "Under the reading {reading} the corpus expects: {expectations}."
        ))
    }

    /// How a corpus position came out against its expectations.
    pub fn entry_counts(self, agree: usize, wrong: usize, undecided: usize) -> String {
        self.finish(format!(
            "{agree} agree, {wrong} disagree, {undecided} undecided"
        ))
    }

    /// The extra sentence for dead stones that stay on the board because their points are
    /// dame.
    pub fn dead_in_dame(self) -> &'static str {
        self.finish_static("They are not removed: they stand in dame, not in territory (Art. 10).")
    }

    /// A note on one move of a proof line.
    pub fn step_note(self, note: StepNote) -> String {
        let text = match note {
            StepNote::Play => String::new(),
            StepNote::Captures(n) => format!("captures {n}"),
            StepNote::KoCapture(p) => format!("takes the ko at {p}"),
            StepNote::PassForKo(p) => format!("passes for the ko at {p} (Art. 7-2)"),
            StepNote::KoPass => {
                "makes a ko-pass, lifting all its ko prohibitions (J2003)".to_string()
            }
            StepNote::Unblock(p) => format!("unblocks the ko stone at {p} (KataGo's cleanup rule)"),
            // The move itself reads "pass"; nothing to add.
            StepNote::Pass => String::new(),
            StepNote::TargetCaptured => "the judged stones are captured".to_string(),
            StepNote::Repeats => "the position repeats: endless play".to_string(),
            StepNote::Illegal => "this move could not be replayed".to_string(),
        };
        if text.is_empty() {
            text
        } else {
            self.finish(text)
        }
    }

    /// A move of a proof line: the player's letter and the move ("B D4", "W pass",
    /// "W pass-for-ko C1").
    pub fn played_move(self, color: Color, mv: ConfirmationMove) -> String {
        let letter = color.letter();
        match mv {
            ConfirmationMove::Play(p) => format!("{letter} {p}"),
            ConfirmationMove::Pass => format!("{letter} {}", self.finish("pass".to_string())),
            ConfirmationMove::PassForKo(p) => {
                format!("{letter} {} {p}", self.finish("pass-for-ko".to_string()))
            }
        }
    }

    /// The head line of the text report: the reading used.
    pub fn reading_line(self, reading: &str) -> String {
        format!("{}: {reading}", self.finish("Reading".to_string()))
    }

    /// The legend under the text board.
    pub fn board_legend(self) -> String {
        self.finish(
            "X O alive   x o dead   b w territory   * dame   - eye in seki   . undecided"
                .to_string(),
        )
    }

    /// One string's head line in the text report.
    pub fn string_line(self, owner: Color, stones: &str, status: Status, nodes: u64) -> String {
        format!(
            "{} {stones}: {} ({nodes} {})",
            self.color(owner),
            self.status(status),
            self.finish("nodes".to_string())
        )
    }

    /// A string's head line before its proof line is replayed.
    pub fn string_status(self, owner: Color, stones: &str, status: Status) -> String {
        format!("{} {stones}: {}", self.color(owner), self.status(status))
    }

    /// The proof line's label in the text report.
    pub fn line_label(self, line: &str) -> String {
        format!("{}: {line}", self.finish("line".to_string()))
    }

    /// The territory line of the text report.
    pub fn territory_line(self, black: usize, white: usize, dame: usize, seki: usize) -> String {
        self.finish(format!(
            "Territory: Black {black}, White {white}   Dame: {dame}   Seki stones: {seki}"
        ))
    }

    /// The dame points.
    pub fn dame_points(self, points: &str) -> String {
        format!("{}: {points}", self.finish("Dame points".to_string()))
    }

    /// The dead stones removed.
    pub fn removed_stones(self, points: &str) -> String {
        format!(
            "{}: {points}",
            self.finish("Removed dead stones".to_string())
        )
    }

    /// The dead stones that stay on the board.
    pub fn staying_stones(self, points: &str) -> String {
        let head = "Dead stones that stay on the board (in dame, Art. 10)";
        format!("{}: {points}", self.finish(head.to_string()))
    }

    /// The score line of the text report.
    pub fn score_line(self, black: i32, white: i32, komi: &str, result: &str) -> String {
        format!(
            "{} {result}",
            self.finish(format!(
                "Score: Black {black}, White {white} + komi {komi} ->"
            ))
        )
    }

    /// The score line when some string is undecided.
    pub fn score_unknown(self) -> String {
        self.finish("Score: unknown (some strings are undecided)".to_string())
    }

    /// The score line when every string is decided but some verdict rests on endless play
    /// (`--cycles report`).
    pub fn score_cycle(self) -> String {
        self.finish(
            "Score: not given (some verdicts rest on endless play, which confirmation does not settle)"
                .to_string(),
        )
    }

    /// The score line when no komi was given.
    pub fn score_without_komi(self) -> String {
        self.finish("Score: not computed (no komi given; use --komi)".to_string())
    }

    /// The head of the SGF root comment.
    pub fn sgf_heading(self, reading: &str) -> String {
        format!(
            "{}: {reading}",
            self.finish("shikatsu, J89 confirmation. Reading".to_string())
        )
    }

    /// The comment of the moveless node that begins the SGF main line: it stands for the
    /// judged position, so that a reader replaying the main line stops there.
    pub fn sgf_judged_position(self) -> String {
        self.finish(
            "The position judged (no move). The proof lines are the other variations of the \
             root."
                .to_string(),
        )
    }

    /// A pass for ko in an SGF comment.
    pub fn sgf_pass_for_ko(self, ko: Point) -> String {
        format!("{} {ko}", self.finish("pass for the ko at".to_string()))
    }

    /// An ordinary pass in an SGF comment.
    pub fn sgf_pass(self) -> String {
        self.finish("pass".to_string())
    }

    /// The first comment of a proof line in SGF.
    pub fn proof_heading(self, owner: Color, stones: &str, status: Status) -> String {
        // One sentence, so that a translation may order its words freely.
        let color = Language::English.color(owner);
        let status = Language::English.status(status);
        format!(
            "{} ",
            self.finish(format!("Proof that {color} {stones} is {status}."))
        )
    }

    /// The last comment of a proof line in SGF.
    pub fn end_of_line(self, sentence: &str) -> String {
        format!("{}: {sentence}", self.finish("End of the line".to_string()))
    }

    /// The head of `--compare-readings`.
    pub fn readings_compared(self, names: &str) -> String {
        format!("{}: {names}", self.finish("Readings compared".to_string()))
    }

    /// `--compare-readings` when every string agrees.
    pub fn all_readings_agree(self, strings: usize) -> String {
        self.finish(format!(
            "All {strings} strings have the same status under every reading."
        ))
    }

    /// `--compare-readings`: the heading of the differing strings.
    pub fn readings_differ_heading(self) -> String {
        self.finish("Strings whose status depends on the reading:".to_string())
    }

    /// `--compare-readings`: how many strings agree.
    pub fn readings_agree_count(self, same: usize, strings: usize) -> String {
        self.finish(format!(
            "{same} of {strings} strings have the same status under every reading."
        ))
    }
}

#[cfg(test)]
pub(crate) use marked_text::stray_words;

/// Test only: finding the words that did not come from this module.
#[cfg(test)]
mod marked_text {
    /// The text outside the marks (nested marks count as one).
    fn unmarked(text: &str) -> String {
        let mut depth = 0usize;
        let mut out = String::new();
        for c in text.chars() {
            match c {
                '⟦' => depth += 1,
                '⟧' => depth = depth.saturating_sub(1),
                _ if depth == 0 => out.push(c),
                _ => out.push(' '),
            }
        }
        out
    }

    /// The words of a text rendered in [`Language::Marked`](super::Language) that no method
    /// of the sentences module wrote (points, numbers, results, `key=value` names and reading
    /// names excepted).
    pub(crate) fn stray_words(text: &str) -> Vec<String> {
        let readings: Vec<&str> = crate::config::compared_readings()
            .iter()
            .map(|(n, _)| *n)
            .collect();
        unmarked(text)
            .split(|c: char| c.is_whitespace() || ",;:()[]".contains(c))
            .filter(|w| w.chars().filter(|c| c.is_ascii_alphabetic()).count() >= 2)
            .filter(|w| {
                let point = w.len() <= 3
                    && w.starts_with(|c: char| c.is_ascii_uppercase())
                    && w[1..].chars().all(|c| c.is_ascii_digit());
                let result = w.starts_with("B+") || w.starts_with("W+");
                !(point || result || w.contains('=') || readings.contains(w))
            })
            .map(str::to_string)
            .collect()
    }
}

/// What one move of a proof line did, for its caption.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepNote {
    /// An ordinary play.
    Play,
    /// A play that captured stones.
    Captures(u32),
    /// A ko capture; the point is where the captured stone stood.
    KoCapture(Point),
    /// A pass for the ko whose banned stone stands on the point.
    PassForKo(Point),
    /// J2003's ko-pass: it lifts all the player's prohibitions, for no ko in particular.
    KoPass,
    /// KataGo's unblock of the marked stone on the point.
    Unblock(Point),
    /// An ordinary pass.
    Pass,
    /// The move removed the judged string.
    TargetCaptured,
    /// The move brought back an earlier state of the line.
    Repeats,
    /// The move could not be replayed (a bug in the line; shown, never hidden).
    Illegal,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_names_an_article_or_the_limit() {
        let reasons = [
            Reason::PassAlive,
            Reason::SafeRegions,
            Reason::CannotCapture,
            Reason::NewStone,
            Reason::KoPassSaves,
            Reason::Cycle,
            Reason::CycleReported {
                dead_by_default: false,
                prisoners_per_turn: Some((2, 1)),
            },
            Reason::CycleReported {
                dead_by_default: true,
                prisoners_per_turn: None,
            },
            Reason::Captured,
            Reason::CapturedThroughKoPass,
            Reason::NewStoneRecaptured,
            Reason::NoRoomForTwoEyes,
        ];
        for r in reasons {
            let s = Language::English.reason(r, Color::White, false);
            assert!(s.contains("Art. 7"), "{s}");
            assert!(s.ends_with('.'), "{s}");
            let seki = Language::English.reason(r, Color::White, true);
            assert!(seki.contains("Art. 8"), "{seki}");
        }
        let s = Language::English.reason(Reason::Undecided(Limit::Nodes), Color::Black, false);
        assert!(s.contains("node limit"), "{s}");
        assert!(Language::English
            .reason(Reason::KoPassSaves, Color::Black, false)
            .contains("Art. 7-2"));
    }
}
