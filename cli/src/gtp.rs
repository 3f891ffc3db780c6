//! A GTP (Go Text Protocol, version 2) engine on standard input and output.
//!
//! `final_status_list` and `final_score` answer by J89 confirmation of the current position.
//! When a string cannot be decided within the limits they answer with an error naming it:
//! a list that silently left it out could be wrong. There is no `genmove`: the engine judges
//! positions, it does not play.

use rules_core::io::{self, GameRecord, Komi, SgfOptions};
use rules_core::{Color, KoCapture, Move, Point, Position, Size};
use solver::completion::{score_game, GameResult, Mode};
use solver::confirm::Limits;
use solver::scoring::{judge_position, PositionJudgement, Status};
use solver::Reading;
use std::io::{BufRead, Read, Write};
use std::path::Path;

/// The commands this engine knows, as `list_commands` prints them.
const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "undo",
    "showboard",
    "loadsgf",
    "final_status_list",
    "final_score",
    "shikatsu-status",
    "shikatsu-score",
];

/// The longest command line read; GTP commands are short, and a longer line is answered
/// with an error without being held in memory.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Reads past the end of the current line.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

/// The engine's state: the position, the positions before it (for `undo`), komi.
#[derive(Debug)]
pub struct Engine {
    position: Position,
    history: Vec<(Position, Option<KoCapture>)>,
    last_ko_capture: Option<KoCapture>,
    komi: Komi,
    reading: Reading,
    limits: Limits,
    /// The judgement of the current position, while it stays current.
    cached: Option<PositionJudgement>,
}

/// What one command line produced.
enum Reply {
    Success(String),
    Failure(String),
    Quit,
}

impl Engine {
    /// An engine on an empty 19x19 board, komi 6.5.
    pub fn new(reading: Reading, limits: Limits) -> Engine {
        Engine {
            position: Position::empty(Size::STANDARD),
            history: Vec::new(),
            last_ko_capture: None,
            komi: Komi::from_half_points(13),
            reading,
            limits,
            cached: None,
        }
    }

    /// Reads commands until `quit` or the end of input, answering each. A line that is not
    /// UTF-8 or longer than [`MAX_LINE_BYTES`] gets an error response, like any bad command.
    ///
    /// # Errors
    /// Reading or writing failed.
    pub fn run(&mut self, mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
        let mut raw = Vec::new();
        loop {
            raw.clear();
            if (&mut input)
                .take(MAX_LINE_BYTES as u64 + 1)
                .read_until(b'\n', &mut raw)?
                == 0
            {
                break;
            }
            if raw.len() > MAX_LINE_BYTES {
                // Drop the rest of the line unread into memory, then answer it.
                if raw.last() != Some(&b'\n') {
                    skip_line(&mut input)?;
                }
                write!(
                    output,
                    "? the line is longer than {MAX_LINE_BYTES} bytes\n\n"
                )?;
                output.flush()?;
                continue;
            }
            // The engine stopped at a byte that is not UTF-8 (`lines()` fails on it); it is
            // read past, and the command refused below.
            let utf8 = std::str::from_utf8(&raw).is_ok();
            let line = String::from_utf8_lossy(&raw);
            // Comments start with '#'; control characters other than tab are dropped.
            let line: String = line
                .split('#')
                .next()
                .unwrap_or("")
                .chars()
                .map(|c| if c == '\t' { ' ' } else { c })
                .filter(|c| !c.is_control())
                .collect();
            let mut words = line.split_whitespace().peekable();
            let Some(first) = words.peek().copied() else {
                continue;
            };
            let id = first.parse::<u64>().ok();
            if id.is_some() {
                words.next();
            }
            let Some(command) = words.next() else {
                continue;
            };
            let args: Vec<&str> = words.collect();
            let id = id.map_or(String::new(), |n| n.to_string());
            let reply = if utf8 {
                self.execute(command, &args)
            } else {
                Reply::Failure("the command is not valid UTF-8".into())
            };
            let (mark, text, quit) = match reply {
                Reply::Success(t) => ('=', t, false),
                Reply::Failure(t) => ('?', t, false),
                Reply::Quit => ('=', String::new(), true),
            };
            // A response ends with exactly one empty line.
            let text = text.trim_end_matches('\n');
            let sep = if text.is_empty() || text.starts_with('\n') {
                ""
            } else {
                " "
            };
            write!(output, "{mark}{id}{sep}{text}\n\n")?;
            output.flush()?;
            if quit {
                break;
            }
        }
        Ok(())
    }

    fn set_position(&mut self, position: Position, last_ko: Option<KoCapture>) {
        self.position = position;
        self.last_ko_capture = last_ko;
        self.cached = None;
    }

    fn execute(&mut self, command: &str, args: &[&str]) -> Reply {
        use Reply::{Failure, Success};
        match command {
            "protocol_version" => Success("2".into()),
            "name" => Success("shikatsu".into()),
            "version" => Success(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Success(
                args.first()
                    .is_some_and(|c| COMMANDS.contains(c))
                    .to_string(),
            ),
            "list_commands" => Success(COMMANDS.join("\n")),
            "quit" => Reply::Quit,
            "boardsize" => match args.first().and_then(|a| a.parse::<u32>().ok()) {
                Some(n) => match Size::square(n) {
                    Ok(size) => {
                        self.history.clear();
                        self.set_position(Position::empty(size), None);
                        Success(String::new())
                    }
                    Err(_) => Failure("unacceptable size".into()),
                },
                None => Failure("syntax error".into()),
            },
            "clear_board" => {
                self.history.clear();
                self.set_position(Position::empty(self.position.size()), None);
                Success(String::new())
            }
            "komi" => match args.first().and_then(|a| a.parse::<Komi>().ok()) {
                Some(k) => {
                    self.komi = k;
                    self.cached = None;
                    Success(String::new())
                }
                None => Failure("syntax error".into()),
            },
            "play" => self.play(args),
            "undo" => match self.history.pop() {
                Some((pos, ko)) => {
                    self.set_position(pos, ko);
                    Success(String::new())
                }
                None => Failure("cannot undo".into()),
            },
            "showboard" => Success(format!(
                "\n{}",
                io::write_diagram(&self.position, Some(self.komi))
            )),
            "loadsgf" => self.loadsgf(args),
            "final_status_list" => self.final_status_list(args),
            "final_score" => self.final_score(),
            "shikatsu-status" => self.string_status(args),
            "shikatsu-score" => self.completed_score(),
            _ => Failure("unknown command".into()),
        }
    }

    fn play(&mut self, args: &[&str]) -> Reply {
        let (Some(color), Some(vertex)) = (args.first(), args.get(1)) else {
            return Reply::Failure("syntax error".into());
        };
        let Ok(color) = color.parse::<Color>() else {
            return Reply::Failure("syntax error".into());
        };
        let Some(mv) = Move::parse_gtp(vertex, self.position.size()) else {
            return Reply::Failure("syntax error".into());
        };
        // A move by the player not to move is allowed (GTP lets the controller choose); the
        // change of player lifts the Art. 6 ko point, which binds only the player to move.
        let mut next = self.position.clone();
        next.set_to_move(color);
        match next.play_mut(mv) {
            Ok(effect) => {
                self.history
                    .push((self.position.clone(), self.last_ko_capture));
                self.set_position(next, effect.ko_capture);
                Reply::Success(String::new())
            }
            Err(_) => Reply::Failure("illegal move".into()),
        }
    }

    fn loadsgf(&mut self, args: &[&str]) -> Reply {
        let Some(path) = args.first() else {
            return Reply::Failure("syntax error".into());
        };
        let stop = match args.get(1).map(|a| a.parse::<usize>()) {
            None => None,
            // GTP's move number is the move about to be played.
            Some(Ok(n)) => Some(n.saturating_sub(1)),
            Some(Err(_)) => return Reply::Failure("syntax error".into()),
        };
        let bytes = match io::read_input_file(Path::new(path)) {
            Ok(b) => b,
            Err(e) => return Reply::Failure(format!("cannot load file: {path}: {e}")),
        };
        let options = SgfOptions {
            stop_after_move: stop,
            ..SgfOptions::default()
        };
        let record: GameRecord = match io::parse_sgf_bytes_with(&bytes, &options) {
            Ok(r) => r,
            // A move number past the end loads the whole game, as GNU Go (GTP's reference
            // implementation, which decides what the specification leaves open) does.
            Err(io::SgfError::MoveOutOfRange { .. }) => {
                match io::parse_sgf_bytes_with(&bytes, &SgfOptions::default()) {
                    Ok(r) => r,
                    Err(e) => return Reply::Failure(format!("cannot load file: {path}: {e}")),
                }
            }
            Err(e) => return Reply::Failure(format!("cannot load file: {path}: {e}")),
        };
        self.history.clear();
        if let Some(k) = record.komi {
            self.komi = k;
        }
        let to_move = record.position.to_move();
        self.set_position(record.position, record.last_ko_capture);
        Reply::Success(
            match to_move {
                Color::Black => "black",
                Color::White => "white",
            }
            .to_string(),
        )
    }

    fn judgement(&mut self) -> &PositionJudgement {
        if self.cached.is_none() {
            self.cached = Some(judge_position(
                &self.position,
                self.last_ko_capture,
                Some(self.komi),
                &self.reading,
                &self.limits,
            ));
        }
        self.cached.as_ref().expect("just computed")
    }

    /// The stones of undecided strings, if any.
    fn undecided(j: &PositionJudgement) -> Option<String> {
        let open: Vec<String> = j
            .strings
            .iter()
            .filter(|s| s.status == Status::Unknown)
            .map(|s| s.judgement.stones[0].to_string())
            .collect();
        (!open.is_empty()).then(|| {
            format!(
                "undecided within the limits (strings at {}); raise --max-nodes or --max-time",
                open.join(" ")
            )
        })
    }

    fn final_status_list(&mut self, args: &[&str]) -> Reply {
        let wanted = match args.first().copied() {
            Some("alive") => Status::Alive,
            Some("dead") => Status::Dead,
            Some("seki") => Status::Seki,
            _ => return Reply::Failure("syntax error".into()),
        };
        let j = self.judgement();
        if let Some(msg) = Engine::undecided(j) {
            return Reply::Failure(msg);
        }
        let lines: Vec<String> = j
            .strings
            .iter()
            .filter(|s| s.status == wanted)
            .map(|s| s.judgement.stones_text())
            .collect();
        Reply::Success(lines.join("\n"))
    }

    fn final_score(&mut self) -> Reply {
        let j = self.judgement();
        if let Some(msg) = Engine::undecided(j) {
            return Reply::Failure(msg);
        }
        match &j.score {
            Some(score) => Reply::Success(score.result()),
            None => Reply::Failure("cannot score".into()),
        }
    }

    /// The score after completing the missing dame and teire (docs/completion.md): the
    /// result, then the assumed moves with why, e.g. `B+1.5 W D2 dame, B C1 teire`.
    fn completed_score(&mut self) -> Reply {
        // The player to move in the current position fills first.
        let game = score_game(
            &self.position,
            self.last_ko_capture,
            Some(self.komi),
            &self.reading,
            &self.limits,
            Mode::Complete,
        );
        match &game.result {
            GameResult::Scored(score) => {
                let moves: Vec<String> = game
                    .assumed
                    .iter()
                    .map(|m| format!("{m} {}", m.why))
                    .collect();
                Reply::Success(
                    format!("{} {}", score.result(), moves.join(", "))
                        .trim_end()
                        .to_string(),
                )
            }
            GameResult::Unknown(why) => Reply::Failure(format!("cannot score: {why}")),
        }
    }

    fn string_status(&mut self, args: &[&str]) -> Reply {
        let size = self.position.size();
        let Some(point) = args.first().and_then(|a| Point::from_gtp(a, size)) else {
            return Reply::Failure("syntax error".into());
        };
        if self.position.color_at(point).is_none() {
            return Reply::Failure("no stone there".into());
        }
        match self.judgement().string_at(point) {
            Some(report) => Reply::Success(
                format!("{} {}", report.status, report.judgement.line())
                    .trim_end()
                    .to_string(),
            ),
            None => Reply::Failure("no such string".into()),
        }
    }
}
