//! Every sentence and label a person reads, in one place, so that a translation (Japanese,
//! Chinese, ...) is one more [`Language`] variant and one more arm per `match`.
//!
//! The rest of the program never writes English prose itself: it classifies what decided a
//! string into a [`Reason`] (see `explain.rs`) and asks the language for the words.

use rules_core::{Color, Point};

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
}

impl Language {
    /// The name of a player.
    pub fn color(self, color: Color) -> &'static str {
        match (self, color) {
            (Language::English, Color::Black) => "Black",
            (Language::English, Color::White) => "White",
        }
    }

    /// A label of a board picture or page.
    pub fn label(self, label: Label) -> &'static str {
        match self {
            Language::English => match label {
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
            },
        }
    }

    /// The one sentence that names the rule which decided a string of `owner`'s stones.
    /// With `seki`, the sentence adds that the stones touch dame (Art. 8).
    pub fn reason(self, reason: Reason, owner: Color, seki: bool) -> String {
        let me = self.color(owner);
        let you = self.color(!owner);
        let Language::English = self;
        let core = match reason {
            Reason::PassAlive => format!(
                "{me} keeps these stones even if {me} only passes: they are pass-alive (Benson), so {you} cannot capture them (Art. 7-1)"
            ),
            Reason::SafeRegions => format!(
                "{you} can never take the last liberty of these stones in their eye regions, whatever {you} plays there, if {me} answers in the same region, so {you} cannot capture them (Art. 7-1)"
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
            Reason::Undecided(limit) => {
                let why = match limit {
                    Limit::Nodes => "the node limit was reached",
                    Limit::Time => "the time limit was reached",
                    Limit::Depth => "the depth limit was reached",
                    Limit::Cancelled => "the time for the whole position ran out",
                };
                return format!(
                    "Not decided: {why}; raise --max-nodes or --max-time (the answer is never a guess)."
                );
            }
        };
        if seki {
            format!("{core}; they touch a dame point, so they are in seki (Art. 8).")
        } else {
            format!("{core}.")
        }
    }

    /// The line under a board: territory, dame and seki stones.
    pub fn territory_summary(self, black: usize, white: usize, dame: usize, seki: usize) -> String {
        let Language::English = self;
        format!("Territory: Black {black}, White {white}. Dame: {dame}. Seki stones: {seki}.")
    }

    /// The score line.
    pub fn score_summary(self, black: i32, white: i32, komi: &str, result: &str) -> String {
        let Language::English = self;
        format!("Score: Black {black}, White {white} + komi {komi}: {result}")
    }

    /// A proof line button: the string and the number of moves.
    pub fn line_button(self, title: &str, moves: usize) -> String {
        let Language::English = self;
        format!("{title} ({moves} moves)")
    }

    /// What the corpus expects under another reading.
    pub fn alternative_expectation(self, reading: &str, expectations: &str) -> String {
        let Language::English = self;
        format!("Under the reading {reading} the corpus expects: {expectations}.")
    }

    /// How a corpus position came out against its expectations.
    pub fn entry_counts(self, agree: usize, wrong: usize, undecided: usize) -> String {
        let Language::English = self;
        format!("{agree} agree, {wrong} disagree, {undecided} undecided")
    }

    /// The extra sentence for dead stones that stay on the board because their points are
    /// dame.
    pub fn dead_in_dame(self) -> &'static str {
        match self {
            Language::English => {
                "They are not removed: they stand in dame, not in territory (Art. 10)."
            }
        }
    }

    /// A note on one move of a proof line.
    pub fn step_note(self, note: StepNote) -> String {
        let Language::English = self;
        match note {
            StepNote::Play => String::new(),
            StepNote::Captures(n) => format!("captures {n}"),
            StepNote::KoCapture(p) => format!("takes the ko at {p}"),
            StepNote::PassForKo(p) => format!("passes for the ko at {p} (Art. 7-2)"),
            // The move itself reads "pass"; nothing to add.
            StepNote::Pass => String::new(),
            StepNote::TargetCaptured => "the judged stones are captured".to_string(),
            StepNote::Repeats => "the position repeats: endless play".to_string(),
            StepNote::Illegal => "this move could not be replayed".to_string(),
        }
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
