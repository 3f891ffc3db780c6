//! `shikatsu score GAME...`: the result of stopped games, one line per game.
//!
//! Games are scored in parallel. Each game's record is completed with the missing dame and
//! teire before the strict judgement (`--strict` skips that); see `docs/completion.md`.

use crate::args::{ScoreArgs, ScoreFormat};
use crate::config;
use anyhow::{Context, Result};
use rayon::prelude::*;
use rules_core::io::Komi;
use rules_core::Point;
use serde::Serialize;
use solver::completion::{score_game, GameResult, Mode, ScoredGame, Undecided};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// A scored game with the result its record gives, if any.
type Scored = (Option<String>, ScoredGame);

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
pub fn score_text(file: &str, recorded: Option<&str>, game: &ScoredGame) -> String {
    let mut line = format!("{file}: {}", game.result.text());
    match &game.result {
        GameResult::Scored(s) => {
            line.push_str(&format!(
                " (Black {}, White {} + komi {})",
                s.black, s.white, s.komi
            ));
        }
        GameResult::Unknown(why) => line.push_str(&format!(" ({why})")),
    }
    if let Some(r) = recorded {
        line.push_str(&format!("; recorded {r}"));
    }
    if !game.assumed.is_empty() {
        let moves: Vec<String> = game
            .assumed
            .iter()
            .map(|m| format!("{m} {}", m.why))
            .collect();
        line.push_str(&format!("; assumed: {}", moves.join(", ")));
    }
    line
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
                (game.info.result.clone(), scored)
            });
            (path.clone(), scored)
        })
        .collect();
    let mut stdout = std::io::stdout().lock();
    let mut failed = false;
    for (path, outcome) in outcomes {
        let name = path.display().to_string();
        match outcome {
            Ok((recorded, game)) => match args.format {
                ScoreFormat::Json => {
                    serde_json::to_writer(&mut stdout, &score_line(&name, recorded, &game))?;
                    writeln!(stdout)?;
                }
                ScoreFormat::Text => {
                    writeln!(stdout, "{}", score_text(&name, recorded.as_deref(), &game))?;
                }
            },
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
