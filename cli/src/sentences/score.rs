//! The sentences of `shikatsu score`.

use super::Language;
use rules_core::{Color, Point};
use solver::completion::{Undecided, Why};

impl Language {
    /// The summary line of a scored game.
    pub fn game_scored(
        self,
        file: &str,
        result: &str,
        black: i32,
        white: i32,
        komi: &str,
    ) -> String {
        format!(
            "{file}: {result} ({})",
            self.finish(format!("Black {black}, White {white} + komi {komi}"))
        )
    }

    /// The summary line of a game without a score, and why.
    pub fn game_unknown(self, file: &str, why: &Undecided) -> String {
        let first_stones = |strings: &[Vec<Point>]| {
            strings
                .iter()
                .filter_map(|s| s.first().map(Point::to_string))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let why = match why {
            Undecided::Strings(s) => format!("undecided strings at {}", first_stones(s)),
            Undecided::Changed(s) => format!(
                "the completion changed the verdict of strings at {}",
                first_stones(s)
            ),
            Undecided::NoKomi => "no komi given; use --komi".to_string(),
        };
        format!("{file}: {}", self.finish(format!("unknown ({why})")))
    }

    /// The result the record gives, appended to the summary line.
    pub fn recorded_result(self, result: &str) -> String {
        format!("; {}", self.finish(format!("recorded {result}")))
    }

    /// The moves assumed, appended to the summary line (`moves` from
    /// [`Language::assumed_short`]).
    pub fn assumed_summary(self, moves: &str) -> String {
        format!("; {}: {moves}", self.finish("assumed".to_string()))
    }

    /// One assumed move in the summary line: `B K10 dame`.
    pub fn assumed_short(self, color: Color, point: Point, why: Why) -> String {
        let why = match why {
            Why::Dame => "dame",
            Why::Teire => "teire",
        };
        // The colour letter is notation, as in SGF and GTP, and stays untranslated.
        format!("{color} {point} {}", self.finish(why.to_string()))
    }

    /// The heading of the assumed moves in the detailed view.
    pub fn assumed_heading(self, count: usize) -> String {
        self.finish(format!(
            "Moves assumed before the strict judgement ({count}; docs/completion.md):"
        ))
    }

    /// No move was assumed: in strict mode, because nothing was left to play, or because the
    /// completion could not start (an undecided string in the stopped position).
    pub fn nothing_assumed(self, strict: bool, completed: bool) -> String {
        self.finish(
            match (strict, completed) {
                (true, _) => "Strict mode: the position is judged as it stands.",
                (false, true) => "No move assumed: the record leaves no dame or teire to play.",
                (false, false) => {
                    "No move assumed: the completion plans from the verdicts of the stopped position, and some are undecided."
                }
            }
            .to_string(),
        )
    }

    /// One assumed move with the reason it was played, in the detailed view.
    pub fn assumed_move(self, number: usize, color: Color, point: Point, why: Why) -> String {
        let me = Language::English.color(color);
        let sentence = match why {
            Why::Dame => format!(
                "{me} {point}: fills a dame point, a point neither side owns (Art. 8), so it changes no territory."
            ),
            Why::Teire => format!(
                "{me} {point}: a reinforcement (teire) that the dame fill just before made necessary; without it {me}'s stones there could be captured."
            ),
        };
        format!("{number:>3}. {}", self.finish(sentence))
    }

    /// The heading of the judged position in the detailed view.
    pub fn completed_heading(self, completed: bool) -> String {
        self.finish(
            if completed {
                "The completed position, judged strictly:"
            } else {
                "The position as it stands, judged strictly:"
            }
            .to_string(),
        )
    }
}
