//! `shikatsu score GAME...`: the result of stopped games, one line per game.
//!
//! Games are scored in parallel. Each game's record is completed with the missing dame and
//! teire before the strict judgement (`--strict` skips that); see `docs/completion.md`.

use crate::args::{ScoreArgs, ScoreDetail, ScoreFormat};
use crate::config;
use crate::sentences::Language;
use crate::{explain, output};
use anyhow::{Context, Result};
use rayon::prelude::*;
use rules_core::io::Komi;
use rules_core::Point;
use serde::Serialize;
use solver::completion::{score_game, GameResult, Mode, ScoredGame, Undecided};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// A scored game with the result its record gives, if any, and the warnings of its reading.
type Scored = (Option<String>, ScoredGame, Vec<String>);

/// One line of `score --format json`, as interfaces.md gives it.
#[derive(Debug, Serialize)]
pub struct ScoreLine {
    file: String,
    result: String,
    score: Option<ScoreJson>,
    assumed: Vec<AssumedJson>,
    unknown: Vec<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    recorded: Option<String>,
}

#[derive(Debug, Serialize)]
struct ScoreJson {
    black: i32,
    white: i32,
    komi: f64,
}

#[derive(Debug, Serialize)]
struct AssumedJson {
    #[serde(rename = "move")]
    mv: String,
    why: &'static str,
}

fn stones(s: &[Point]) -> Vec<String> {
    s.iter().map(Point::to_string).collect()
}

/// The JSON line of one scored game.
pub fn score_line(file: &str, recorded: Option<String>, game: &ScoredGame) -> ScoreLine {
    let (score, unknown, reason) = match &game.result {
        GameResult::Scored(s) => (
            Some(ScoreJson {
                black: s.black,
                white: s.white,
                komi: s.komi.as_f64(),
            }),
            Vec::new(),
            None,
        ),
        GameResult::Unknown(why) => {
            let unknown = match why {
                Undecided::Strings(s) => s.iter().map(|s| stones(s)).collect(),
                Undecided::Changed(_) | Undecided::NoKomi => Vec::new(),
            };
            (None, unknown, Some(why.to_string()))
        }
    };
    ScoreLine {
        file: file.to_string(),
        result: game.result.text(),
        score,
        assumed: game
            .assumed
            .iter()
            .map(|m| AssumedJson {
                mv: m.to_string(),
                why: m.why.as_str(),
            })
            .collect(),
        unknown,
        reason,
        recorded,
    }
}

/// The text line of one scored game.
pub fn score_text(file: &str, recorded: Option<&str>, game: &ScoredGame, lang: Language) -> String {
    let mut line = match &game.result {
        GameResult::Scored(s) => {
            lang.game_scored(file, &s.result(), s.black, s.white, &s.komi.to_string())
        }
        GameResult::Unknown(why) => lang.game_unknown(file, why),
    };
    if let Some(r) = recorded {
        line.push_str(&lang.recorded_result(r));
    }
    if !game.assumed.is_empty() {
        let moves: Vec<String> = game
            .assumed
            .iter()
            .map(|m| lang.assumed_short(m.color, m.point, m.why))
            .collect();
        line.push_str(&lang.assumed_summary(&moves.join(", ")));
    }
    line
}

/// The detailed text of one scored game: its line, the assumed moves with their reasons,
/// then the judged position as `status` shows it (board with marks, every string's verdict,
/// proof line and rule, territory and score).
pub fn score_board_text(
    file: &str,
    recorded: Option<&str>,
    game: &ScoredGame,
    strict: bool,
    lang: Language,
) -> String {
    let mut out = score_text(file, recorded, game, lang);
    out.push('\n');
    if game.assumed.is_empty() {
        out.push_str(&lang.nothing_assumed(strict, game.completed));
        out.push('\n');
    } else {
        out.push_str(&lang.assumed_heading(game.assumed.len()));
        out.push('\n');
        for (i, m) in game.assumed.iter().enumerate() {
            out.push_str(&lang.assumed_move(i + 1, m.color, m.point, m.why));
            out.push('\n');
        }
    }
    out.push('\n');
    out.push_str(&lang.completed_heading(game.completed && !game.assumed.is_empty()));
    out.push('\n');
    let explained =
        explain::explain_position(&game.position, game.last_ko_capture, &game.judgement, lang);
    out.push_str(&output::status_text(
        &game.position,
        &game.judgement,
        &explained,
        lang,
    ));
    out
}

/// Runs `score`: exit code 0 when every file was read, 2 when some could not be (each named
/// on standard error; the others are still scored).
///
/// # Errors
/// Bad flags, or writing failed.
pub fn run(args: ScoreArgs) -> Result<ExitCode> {
    let reading = config::reading(&args.reading);
    let limits = config::limits(&args.limits)?;
    let komi: Option<Komi> = match &args.komi {
        Some(text) => Some(
            text.parse()
                .with_context(|| format!("--komi {text}: not a komi"))?,
        ),
        None => None,
    };
    let mode = if args.strict {
        Mode::Strict
    } else {
        Mode::Complete
    };
    let outcomes: Vec<(PathBuf, Result<Scored>)> = args
        .games
        .par_iter()
        .map(|path| {
            let scored = config::load_position(path, None).map(|game| {
                let scored = score_game(
                    &game.position,
                    game.last_ko_capture,
                    komi.or(game.komi),
                    &reading,
                    &limits,
                    mode,
                );
                (game.info.result.clone(), scored, game.warnings)
            });
            (path.clone(), scored)
        })
        .collect();
    let lang = Language::default();
    let detail = args.detail.unwrap_or(if args.games.len() == 1 {
        ScoreDetail::Board
    } else {
        ScoreDetail::Line
    });
    let mut stdout = std::io::stdout().lock();
    let mut failed = false;
    for (path, outcome) in outcomes {
        let name = path.display().to_string();
        match outcome {
            Ok((recorded, game, warnings)) => {
                crate::output::print_warnings(&name, &warnings);
                match args.format {
                    ScoreFormat::Json => {
                        serde_json::to_writer(&mut stdout, &score_line(&name, recorded, &game))?;
                        writeln!(stdout)?;
                    }
                    ScoreFormat::Text if detail == ScoreDetail::Board => {
                        let text =
                            score_board_text(&name, recorded.as_deref(), &game, args.strict, lang);
                        writeln!(stdout, "{text}")?;
                    }
                    ScoreFormat::Text => {
                        writeln!(
                            stdout,
                            "{}",
                            score_text(&name, recorded.as_deref(), &game, lang)
                        )?;
                    }
                }
            }
            Err(e) => {
                failed = true;
                eprintln!("error: {e:#}");
            }
        }
    }
    stdout.flush()?;
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sentences::stray_words;
    use rules_core::io::parse_diagram;
    use solver::confirm::Limits;

    #[test]
    fn every_word_of_the_score_report_comes_from_the_sentences_module() {
        // The diagram of docs/completion.md: one dame, then a teire.
        let game = parse_diagram(
            "# komi 0.5\n# to-play W\n . X . X O . O\n X X X X O O O\n . X . X O . O\n \
             X X X . O O O\n . X . X O . O\n",
        )
        .expect("a diagram");
        let reading = solver::Reading::default();
        for mode in [Mode::Complete, Mode::Strict] {
            let scored = score_game(
                &game.position,
                game.last_ko_capture,
                game.komi,
                &reading,
                &Limits::default(),
                mode,
            );
            let strict = mode == Mode::Strict;
            for text in [
                score_text("FILE", Some("B+1.5"), &scored, Language::Marked),
                score_board_text("FILE", Some("B+1.5"), &scored, strict, Language::Marked),
            ] {
                assert!(text.contains('⟦'), "nothing marked:\n{text}");
                let stray = stray_words(&text.replace("FILE", ""));
                assert!(
                    stray.is_empty(),
                    "words not from sentences: {stray:?}\n{text}"
                );
            }
        }
    }
}
