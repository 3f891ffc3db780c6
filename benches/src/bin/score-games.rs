//! Scores real title games (completion of dame and teire, then strict J89) and compares each
//! computed result with the recorded one; with `--peer gnugo`, GNU Go's `final_score` on the
//! same games in the same run.
//!
//! `cargo run --release -p benches --bin score-games -- MANIFEST [--sample N] [--seed S]
//! [--peer gnugo] [--continue-with gnugo] [--strict] [--max-nodes N] [--max-time S]
//! [--max-total-time S]`
//!
//! `--continue-with gnugo` is an experiment, not a scoring mode: GNU Go (`genmove` for each
//! side in turn, level 6, seed 1) first plays each record on to two passes, and the continued
//! position is scored; it measures what a finished record would give (BENCHMARKS.md,
//! "Session 35").
//!
//! MANIFEST is a CSV file with a header naming at least `file` (relative to the manifest's
//! folder) and `result`; a `komi` column, when filled, overrides the record's `KM`. Prints one
//! line per game (`file recorded computed ms`, then GNU Go's result and time with a peer, then
//! the number of assumed moves and of undecided strings), and
//! a summary: exact agreement, winner agreement, unknown, median and 99th percentile time.
//! Games run one after the other so that each time is the time of one game (each game's
//! strings are judged in parallel).

use benches::gtp_peer::{color_name, GtpPeer};
use clap::{Parser, ValueEnum};
use rules_core::io::{GameRecord, Komi};
use rules_core::{Move, Point};
use solver::completion::{score_game, GameResult, Mode, Undecided};
use solver::confirm::Limits;
use solver::Reading;
use std::io::{Read, Write};
use std::num::NonZeroU64;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// Programs to compare with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Peer {
    /// GNU Go 3.8, `--mode gtp --japanese-rules`, `loadsgf`, `komi`, `final_score`.
    Gnugo,
}

/// Flags.
#[derive(Debug, Parser)]
struct Args {
    /// The manifest CSV (e.g. ../shared/data/title-games/manifest.csv).
    manifest: PathBuf,
    /// Score a seeded sample of this many games instead of all.
    #[arg(long)]
    sample: Option<usize>,
    /// Seed of the sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also run this program on the same games.
    #[arg(long, value_enum)]
    peer: Option<Peer>,
    /// The GNU Go binary.
    #[arg(long, default_value = "/usr/games/gnugo")]
    gnugo: PathBuf,
    /// Seconds after which a peer's game is stopped and counted unknown.
    #[arg(long, default_value_t = 300.0)]
    peer_timeout: f64,
    /// Judge the final positions as they stand, without completion.
    #[arg(long)]
    strict: bool,
    /// Let this program play each record on to two passes first, and score the continued
    /// position (an experiment: what a finished record would give).
    #[arg(long, value_enum)]
    continue_with: Option<Peer>,
    /// Node limit per string judgement (0: none).
    #[arg(long, default_value_t = 200_000)]
    max_nodes: u64,
    /// Seconds per string judgement (0: none).
    #[arg(long, default_value_t = 2.0)]
    max_time: f64,
    /// Seconds per game, completion included (0: none).
    #[arg(long, default_value_t = 10.0)]
    max_total_time: f64,
}

/// A game result: Black's margin in half points, or unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Black's margin in half points (negative: White wins; 0: jigo).
    Margin(i32),
    /// No result.
    Unknown,
}

impl Outcome {
    /// Reads `B+3.5`, `W+0.5`, `0`, `Jigo`, `Draw`; anything else (resignation, time) is
    /// unknown.
    fn parse(text: &str) -> Outcome {
        let t = text.trim();
        if t == "0" || t.eq_ignore_ascii_case("jigo") || t.eq_ignore_ascii_case("draw") {
            return Outcome::Margin(0);
        }
        let sign = match t.get(..2) {
            Some("B+") | Some("b+") => 1,
            Some("W+") | Some("w+") => -1,
            _ => return Outcome::Unknown,
        };
        match t[2..].parse::<Komi>() {
            Ok(k) => Outcome::Margin(sign * k.half_points()),
            Err(_) => Outcome::Unknown,
        }
    }

    fn winner(self) -> Option<i32> {
        match self {
            Outcome::Margin(m) => Some(m.signum()),
            Outcome::Unknown => None,
        }
    }
}

/// Agreement counts of one program.
#[derive(Debug, Default)]
struct Tally {
    games: usize,
    exact: usize,
    winner: usize,
    unknown: usize,
    times: Vec<Duration>,
}

impl Tally {
    fn add(&mut self, recorded: Outcome, computed: Outcome, time: Duration) {
        self.games += 1;
        self.times.push(time);
        if computed == Outcome::Unknown {
            self.unknown += 1;
        } else {
            self.exact += usize::from(computed == recorded);
            self.winner += usize::from(computed.winner() == recorded.winner());
        }
    }

    fn percentile(&self, q: f64) -> Duration {
        let mut t = self.times.clone();
        t.sort();
        t.get(((t.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or_default()
    }

    fn total(&self) -> Duration {
        self.times.iter().sum()
    }

    fn summary(&self, name: &str) -> String {
        let pct = |n: usize| 100.0 * n as f64 / self.games.max(1) as f64;
        format!(
            "SUMMARY {name}: games={} exact={} ({:.1}%) winner={} ({:.1}%) unknown={} ({:.1}%) median_ms={} p99_ms={} total_s={:.1}",
            self.games,
            self.exact,
            pct(self.exact),
            self.winner,
            pct(self.winner),
            self.unknown,
            pct(self.unknown),
            self.percentile(0.5).as_millis(),
            self.percentile(0.99).as_millis(),
            self.total().as_secs_f64()
        )
    }
}

/// Splits one CSV line, honouring double quotes (`""` inside quotes is a quote).
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().expect("one field").push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            _ => fields.last_mut().expect("one field").push(c),
        }
    }
    fields
}

/// One game of the manifest.
#[derive(Debug)]
struct Entry {
    file: String,
    komi: Option<Komi>,
    recorded: String,
}

fn read_manifest(path: &Path) -> Result<Vec<Entry>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = text.lines();
    let header = csv_fields(lines.next().unwrap_or(""));
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h.trim() == name)
            .ok_or_else(|| format!("{}: line 1: no `{name}` column", path.display()))
    };
    let (file, result) = (column("file")?, column("result")?);
    let komi = column("komi").ok();
    let mut entries = Vec::new();
    for (i, line) in lines.enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let f = csv_fields(line);
        let get = |c: usize| {
            f.get(c)
                .cloned()
                .ok_or_else(|| format!("{}: line {}: too few fields", path.display(), i + 2))
        };
        let komi = match komi.map(get).transpose()? {
            Some(k) if !k.trim().is_empty() => Some(
                k.trim()
                    .parse::<Komi>()
                    .map_err(|e| format!("{}: line {}: komi {k}: {e}", path.display(), i + 2))?,
            ),
            _ => None,
        };
        entries.push(Entry {
            file: get(file)?,
            komi,
            recorded: get(result)?,
        });
    }
    Ok(entries)
}

/// GNU Go's `final_score` of the game, and the wall time of the whole session.
fn gnugo_score(
    gnugo: &Path,
    sgf: &Path,
    komi: Option<Komi>,
    timeout: Duration,
) -> (Outcome, Duration) {
    let start = Instant::now();
    let Ok(mut child) = Command::new(gnugo)
        .args(["--mode", "gtp", "--japanese-rules"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        return (Outcome::Unknown, start.elapsed());
    };
    let mut script = format!("loadsgf {}\n", sgf.display());
    if let Some(k) = komi {
        script.push_str(&format!("komi {k}\n"));
    }
    script.push_str("final_score\nquit\n");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(script.as_bytes());
    }
    // Poll so that a game that takes too long can be stopped.
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return (Outcome::Unknown, start.elapsed());
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(_) => return (Outcome::Unknown, start.elapsed()),
        }
    }
    let elapsed = start.elapsed();
    let mut out = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        let _ = stdout.read_to_string(&mut out);
    }
    // Replies: loadsgf, [komi], final_score, quit; final_score is the second last.
    let replies: Vec<&str> = out
        .split("\n\n")
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    let outcome = replies
        .len()
        .checked_sub(2)
        .and_then(|i| replies[i].strip_prefix('='))
        .map_or(Outcome::Unknown, Outcome::parse);
    (outcome, elapsed)
}

/// The most moves a continuation may add (GNU Go ended the 30 sampled records in 3 to 81).
const MAX_CONTINUATION: usize = 300;

/// A GTP vertex (`D4`, `pass`) as a move.
fn gtp_move(vertex: &str) -> Option<Move> {
    let v = vertex.trim();
    if v.eq_ignore_ascii_case("pass") {
        return Some(Move::Pass);
    }
    v.parse::<Point>().ok().map(Move::Play)
}

/// Plays `record` on with GNU Go's `genmove`, each side in turn, until two passes in a row:
/// the record with those moves made (prisoners and the last ko capture follow), and the
/// number of moves. `Err` says why it could not (GNU Go missing, an illegal move).
fn gnugo_continuation(
    gnugo: &Path,
    sgf: &Path,
    record: &GameRecord,
) -> Result<(GameRecord, usize), String> {
    // A fixed seed: GNU Go's moves otherwise vary from run to run (Ten-1984-3 continued
    // twice, unseeded, gave two different 45-move endings).
    let args = [
        "--mode",
        "gtp",
        "--japanese-rules",
        "--level",
        "6",
        "--seed",
        "1",
    ];
    let mut peer = GtpPeer::spawn(gnugo, &args)?;
    let mut ask = |command: &str| match peer.ask(command)? {
        answer if answer.ok => Ok(answer.text),
        answer => Err(format!("`{command}`: {}", answer.text)),
    };
    ask(&format!("loadsgf {}", sgf.display()))?;
    let mut game = record.clone();
    let mut color = game.position.to_move();
    let (mut passes, mut moves) = (0, 0);
    while passes < 2 && moves < MAX_CONTINUATION {
        let vertex = ask(&format!("genmove {}", color_name(color)))?;
        let mv = gtp_move(&vertex).ok_or(format!("GNU Go's move `{vertex}`"))?;
        game.position.set_to_move(color);
        game.last_ko_capture = match mv {
            Move::Play(p) => game.position.is_ko_capture(color, p),
            Move::Pass => None,
        };
        game.position
            .play_mut(mv)
            .map_err(|e| format!("GNU Go's {color} {vertex}: {e:?}"))?;
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        moves += 1;
        color = !color;
    }
    Ok((game, moves))
}

fn main() -> ExitCode {
    solver::dfpn::search_stacks();
    let args = Args::parse();
    for (flag, v) in [
        ("--max-time", args.max_time),
        ("--max-total-time", args.max_total_time),
        ("--peer-timeout", args.peer_timeout),
    ] {
        if !v.is_finite() || v < 0.0 {
            eprintln!("error: {flag} {v}: expected a number of seconds, 0 or more");
            return ExitCode::from(2);
        }
    }
    let mut entries = match read_manifest(&args.manifest) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(n) = args.sample {
        benches::seeded_shuffle(&mut entries, args.seed);
        entries.truncate(n);
    }
    let folder = args
        .manifest
        .parent()
        .unwrap_or(Path::new("."))
        .to_path_buf();
    let secs = |s: f64| (s > 0.0).then(|| Duration::from_secs_f64(s));
    let limits = Limits {
        max_nodes: NonZeroU64::new(args.max_nodes),
        max_time: secs(args.max_time),
        max_total_time: secs(args.max_total_time),
        ..Limits::default()
    };
    let mode = if args.strict {
        Mode::Strict
    } else {
        Mode::Complete
    };
    let mut ours = Tally::default();
    let mut theirs = Tally::default();
    let mut skipped = 0;
    let peer_name = args.peer.map(|_| "gnugo");
    let continued_column = if args.continue_with.is_some() {
        "\tcontinued"
    } else {
        ""
    };
    match peer_name {
        Some(p) => println!(
            "file\trecorded\tcomputed\tms\t{p}\t{p}_ms\tassumed\tundecided{continued_column}"
        ),
        None => println!("file\trecorded\tcomputed\tms\tassumed\tundecided{continued_column}"),
    }
    for entry in &entries {
        let path = folder.join(&entry.file);
        let recorded = Outcome::parse(&entry.recorded);
        let game = match benches::read_record(&path) {
            Ok(Ok(g)) => g,
            Ok(Err(e)) => {
                println!("{}\tskipped: {e}", entry.file);
                skipped += 1;
                continue;
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let komi = entry.komi.or(game.komi);
        let (game, continued) = match args.continue_with {
            None => (game, None),
            Some(Peer::Gnugo) => {
                let absolute = std::fs::canonicalize(&path).unwrap_or(path.clone());
                match gnugo_continuation(&args.gnugo, &absolute, &game) {
                    Ok((g, n)) => (g, Some(n)),
                    Err(e) => {
                        println!("{}\tskipped: continuation: {e}", entry.file);
                        skipped += 1;
                        continue;
                    }
                }
            }
        };
        let start = Instant::now();
        let scored = score_game(
            &game.position,
            game.last_ko_capture,
            komi,
            &Reading::default(),
            &limits,
            mode,
        );
        let elapsed = start.elapsed();
        let text = scored.result.text();
        ours.add(recorded, Outcome::parse(&text), elapsed);
        let mut line = format!(
            "{}\t{}\t{text}\t{}",
            entry.file,
            entry.recorded,
            elapsed.as_millis()
        );
        if args.peer.is_some() {
            let absolute = std::fs::canonicalize(&path).unwrap_or(path.clone());
            let (outcome, t) = gnugo_score(
                &args.gnugo,
                &absolute,
                komi,
                Duration::from_secs_f64(args.peer_timeout),
            );
            theirs.add(recorded, outcome, t);
            let shown = match outcome {
                Outcome::Margin(m) => {
                    let k = Komi::from_half_points(m.abs());
                    match m.signum() {
                        1 => format!("B+{k}"),
                        -1 => format!("W+{k}"),
                        _ => "0".to_string(),
                    }
                }
                Outcome::Unknown => "unknown".to_string(),
            };
            line.push_str(&format!("\t{shown}\t{}", t.as_millis()));
        }
        // Undecided strings: what the solver left open (the reason a game is unknown).
        let open = match &scored.result {
            GameResult::Unknown(Undecided::Strings(s)) => s.len(),
            _ => 0,
        };
        line.push_str(&format!("\t{}\t{open}", scored.assumed.len()));
        if let Some(n) = continued {
            line.push_str(&format!("\t{n}"));
        }
        println!("{line}");
    }
    println!(
        "# limits: {} nodes and {} s per string, {} s per game; mode {}{}; {} skipped",
        args.max_nodes,
        args.max_time,
        args.max_total_time,
        if args.strict { "strict" } else { "complete" },
        if args.continue_with.is_some() {
            ", records continued by GNU Go first"
        } else {
            ""
        },
        skipped
    );
    println!("{}", ours.summary("shikatsu"));
    if args.peer.is_some() {
        println!("{}", theirs.summary("gnugo"));
        let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64().max(1e-9);
        println!(
            "TIME RATIO shikatsu/gnugo: median {:.3}, total {:.3}",
            ratio(ours.percentile(0.5), theirs.percentile(0.5)),
            ratio(ours.total(), theirs.total())
        );
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_vertices_read_as_moves() {
        assert_eq!(gtp_move("PASS"), Some(Move::Pass));
        assert_eq!(gtp_move("pass"), Some(Move::Pass));
        assert_eq!(gtp_move("D4"), Some(Move::Play("D4".parse().unwrap())));
        assert_eq!(gtp_move("T19\n"), Some(Move::Play("T19".parse().unwrap())));
        assert_eq!(gtp_move("resign"), None);
    }

    #[test]
    fn csv_fields_honour_quotes() {
        assert_eq!(
            csv_fields(r#"a.sgf,"Kato, Masao","say ""hi""",W+1.5"#),
            ["a.sgf", "Kato, Masao", r#"say "hi""#, "W+1.5"]
        );
        assert_eq!(csv_fields("x,,y"), ["x", "", "y"]);
    }

    #[test]
    fn results_parse_to_margins() {
        assert_eq!(Outcome::parse("B+3.5"), Outcome::Margin(7));
        assert_eq!(Outcome::parse("W+0.5"), Outcome::Margin(-1));
        assert_eq!(Outcome::parse("W+2"), Outcome::Margin(-4));
        assert_eq!(Outcome::parse("Jigo"), Outcome::Margin(0));
        assert_eq!(Outcome::parse("0"), Outcome::Margin(0));
        assert_eq!(Outcome::parse("B+R"), Outcome::Unknown);
        assert_eq!(Outcome::parse("unknown"), Outcome::Unknown);
    }

    #[test]
    fn the_tally_counts_exact_winner_and_unknown() {
        let mut t = Tally::default();
        let ms = Duration::from_millis;
        t.add(Outcome::Margin(3), Outcome::Margin(3), ms(10));
        t.add(Outcome::Margin(3), Outcome::Margin(1), ms(30));
        t.add(Outcome::Margin(3), Outcome::Margin(-1), ms(20));
        t.add(Outcome::Margin(3), Outcome::Unknown, ms(40));
        assert_eq!((t.games, t.exact, t.winner, t.unknown), (4, 1, 2, 1));
        assert_eq!(t.percentile(0.5), ms(30));
        assert_eq!(t.percentile(0.99), ms(40));
    }

    #[test]
    fn the_manifest_is_read_by_column_name() {
        let dir = std::env::temp_dir().join(format!("score-games-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp folder");
        let path = dir.join("manifest.csv");
        std::fs::write(
            &path,
            "file,black,komi,result\na.sgf,\"Ishii, S\",6.5,W+1.5\nb.sgf,X,,B+2\n",
        )
        .expect("written");
        let entries = read_manifest(&path).expect("a valid manifest");
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].file, "a.sgf");
        assert_eq!(entries[0].komi, Some(Komi::from_half_points(13)));
        assert_eq!(entries[0].recorded, "W+1.5");
        assert_eq!(entries[1].komi, None);
        std::fs::write(&path, "name,result\na.sgf,W+1.5\n").expect("written");
        assert!(read_manifest(&path)
            .unwrap_err()
            .contains("no `file` column"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
