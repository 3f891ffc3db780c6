//! `gnugo-crosscheck`: plays the same seeded random games into GNU Go (over GTP) and into
//! rules-core, and compares the two after every move.
//!
//! After each move it compares the whole board (`list_stones black`, `list_stones white`)
//! and, on a sample of points (random empty points, the ko point, points whose every
//! neighbour is a stone, where suicide and captures are decided, and a few occupied
//! points), the legality of a stone of either colour (`is_legal`). For the player to move
//! the answer is compared with [`Position::is_legal`]; for the other player, who is under
//! no ko prohibition, with [`Position::is_legal_ignoring_ko`].
//!
//! GNU Go is started as `gnugo --mode gtp --forbid-suicide --simple-ko` (both are its
//! defaults, spelled out), the rules rules-core implements. GNU Go plays boards up to
//! 19x19 only, and square ones.
//!
//! Commands of a whole game are written in one go by a writer thread while the answers
//! are read and compared, so GNU Go is never idle waiting for the next command; `--jobs`
//! GNU Go processes run side by side. Games are seeded from `--seed` and their number, so
//! a run gives the same games whatever `--jobs` is, and `--first-game K --games 1`
//! replays game K alone.
//!
//! ```text
//! cargo run --release -p benches --bin gnugo-crosscheck -- --games 1000 --size 19 --seed 1
//! ```
//!
//! The last line printed is `N passed, M failed`; the exit status is non-zero when a game
//! failed or GNU Go could not be run.

use benches::gtp_peer::{color_name, read_answer, Answer, GtpPeer};
use benches::{is_own_eye, Neighbours, Rng};
use clap::Parser;
use rules_core::{Color, Move, Point, Position, Size};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Command-line flags.
#[derive(Parser, Debug)]
#[command(about = "Play seeded random games into GNU Go and rules-core and compare them")]
struct Args {
    /// Number of games to play.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Board side (GNU Go plays square boards from 2x2 to 19x19).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(2..=19))]
    size: u32,
    /// Seed of the run; game K uses a seed derived from this and K.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Number of the first game (to replay one game of a larger run).
    #[arg(long, default_value_t = 0)]
    first_game: u64,
    /// GNU Go processes run side by side (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Probability of a pass instead of a random move.
    #[arg(long, default_value_t = 0.01)]
    pass_rate: f64,
    /// Random empty points whose legality is checked after each move (besides the ko point
    /// and up to as many surrounded points).
    #[arg(long, default_value_t = 8)]
    samples: usize,
    /// Path to the GNU Go executable.
    #[arg(long, default_value = "/usr/games/gnugo")]
    gnugo: PathBuf,
}

/// What rules-core says the answer to a GTP command must be.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Expect {
    /// A success with any text (`boardsize`, `clear_board`, `play`).
    Success,
    /// A success listing exactly these stones (sorted).
    Stones(Vec<Point>),
    /// A success saying `1` (legal) or `0`.
    Legal(bool),
}

/// One GTP command and its expected answer.
#[derive(Debug)]
struct Query {
    cmd: String,
    expect: Expect,
    /// Moves played before the command was sent (0 for the set-up commands).
    moves_played: usize,
}

/// A generated game: the commands to send and the moves played.
#[derive(Debug)]
struct Game {
    number: u64,
    seed: u64,
    queries: Vec<Query>,
    moves: Vec<(Color, Move)>,
}

/// The first disagreement of a game.
#[derive(Debug)]
struct Failure {
    number: u64,
    seed: u64,
    moves_played: usize,
    cmd: String,
    gnugo: String,
    expected: String,
    moves: Vec<(Color, Move)>,
}

/// How a game went: its first disagreement if any, or an error talking to GNU Go.
type Outcome = Result<Option<Failure>, String>;

/// Counts of what a game checked.
#[derive(Debug, Default, Clone, Copy)]
struct Counts {
    moves: usize,
    legality: usize,
}

/// The seed of game `number` of a run seeded `seed`.
fn game_seed(seed: u64, number: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ number
}

/// Chooses `k` distinct elements of `items` at random (partial Fisher-Yates).
fn sample<T: Copy>(items: &mut [T], k: usize, rng: &mut Rng) -> Vec<T> {
    let k = k.min(items.len());
    for i in 0..k {
        let j = i + rng.below(items.len() - i);
        items.swap(i, j);
    }
    items[..k].to_vec()
}

/// Plays game `number` in rules-core and writes down every command and expected answer.
fn build_game(args: &Args, size: Size, nbs: &Neighbours, number: u64) -> Game {
    let seed = game_seed(args.seed, number);
    let mut rng = Rng::new(seed);
    let side = size.width();
    let mut queries = vec![
        Query {
            cmd: format!("boardsize {side}"),
            expect: Expect::Success,
            moves_played: 0,
        },
        Query {
            cmd: "clear_board".into(),
            expect: Expect::Success,
            moves_played: 0,
        },
    ];
    let mut moves = Vec::new();
    let mut pos = Position::empty(size);
    let mut passes = 0;
    let pass_threshold = (args.pass_rate.clamp(0.0, 1.0) * u64::MAX as f64) as u64;
    for _ in 0..3 * size.area() {
        let color = pos.to_move();
        let mv = if rng.next_u64() < pass_threshold {
            Move::Pass
        } else {
            let candidates: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|&m| matches!(m, Move::Play(p) if !is_own_eye(&pos, nbs, color, p)))
                .collect();
            if candidates.is_empty() {
                Move::Pass
            } else {
                candidates[rng.below(candidates.len())]
            }
        };
        pos.play_mut(mv)
            .expect("rules-core refused its own legal move");
        moves.push((color, mv));
        let moves_played = moves.len();
        queries.push(Query {
            cmd: format!("play {} {mv}", color_name(color)),
            expect: Expect::Success,
            moves_played,
        });
        for c in Color::ALL {
            let mut stones: Vec<Point> = size
                .points()
                .filter(|&p| pos.color_at(p) == Some(c))
                .collect();
            stones.sort();
            queries.push(Query {
                cmd: format!("list_stones {}", color_name(c)),
                expect: Expect::Stones(stones),
                moves_played,
            });
        }
        // The points whose legality is checked.
        let mut empties: Vec<Point> = pos.empty_points().to_vec();
        empties.sort();
        let mut surrounded: Vec<Point> = empties
            .iter()
            .copied()
            .filter(|&p| nbs.of(p).iter().all(|&n| pos.color_at(n).is_some()))
            .collect();
        let mut stones: Vec<Point> = size
            .points()
            .filter(|&p| pos.color_at(p).is_some())
            .collect();
        let mut points = sample(&mut empties, args.samples, &mut rng);
        points.extend(sample(&mut surrounded, args.samples, &mut rng));
        points.extend(sample(&mut stones, 2, &mut rng));
        points.extend(pos.ko_point());
        points.sort();
        points.dedup();
        let to_move = pos.to_move();
        for p in points {
            queries.push(Query {
                cmd: format!("is_legal {} {p}", color_name(to_move)),
                expect: Expect::Legal(pos.is_legal(Move::Play(p))),
                moves_played,
            });
            queries.push(Query {
                cmd: format!("is_legal {} {p}", color_name(!to_move)),
                expect: Expect::Legal(pos.is_legal_ignoring_ko(!to_move, p)),
                moves_played,
            });
        }
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
    }
    Game {
        number,
        seed,
        queries,
        moves,
    }
}

/// Runs the queries of a game through GNU Go.
trait RunGame {
    /// Sends every command of `game` and compares the answers; the first disagreement, if
    /// any.
    fn run(&mut self, game: &Game) -> Outcome;
}

impl RunGame for GtpPeer {
    /// Sends every command of `game` and compares the answers; the first disagreement, if
    /// any.
    fn run(&mut self, game: &Game) -> Outcome {
        let mut script = String::new();
        for (i, q) in game.queries.iter().enumerate() {
            script.push_str(&format!("{} {}\n", i + 1, q.cmd));
        }
        let (stdin, stdout) = self.stdio();
        std::thread::scope(|s| {
            let writer = s.spawn(move || {
                stdin
                    .write_all(script.as_bytes())
                    .and_then(|()| stdin.flush())
            });
            let mut failure = None;
            for (i, q) in game.queries.iter().enumerate() {
                let Answer { ok, id, text } = read_answer(stdout)?;
                if id != Some(i as u64 + 1) {
                    return Err(format!("answer {id:?} out of order (expected {})", i + 1));
                }
                if failure.is_none() {
                    if let Some(expected) = disagreement(&q.expect, ok, &text) {
                        failure = Some(Failure {
                            number: game.number,
                            seed: game.seed,
                            moves_played: q.moves_played,
                            cmd: q.cmd.clone(),
                            gnugo: format!("{} {text}", if ok { "=" } else { "?" }),
                            expected,
                            moves: game.moves[..q.moves_played].to_vec(),
                        });
                    }
                }
            }
            writer
                .join()
                .map_err(|_| "writer thread panicked".to_string())?
                .map_err(|e| format!("writing to GNU Go: {e}"))?;
            Ok(failure)
        })
    }
}

/// `None` when GNU Go's answer matches; else what rules-core expected.
fn disagreement(expect: &Expect, ok: bool, text: &str) -> Option<String> {
    let matches = ok
        && match expect {
            Expect::Success => true,
            Expect::Legal(b) => text == if *b { "1" } else { "0" },
            Expect::Stones(stones) => {
                let got: Result<Vec<Point>, _> =
                    text.split_whitespace().map(str::parse::<Point>).collect();
                got.is_ok_and(|mut got| {
                    got.sort();
                    got == *stones
                })
            }
        };
    if matches {
        return None;
    }
    Some(match expect {
        Expect::Success => "success".into(),
        Expect::Legal(b) => format!("= {}", u8::from(*b)),
        Expect::Stones(stones) => {
            let list: Vec<String> = stones.iter().map(Point::to_string).collect();
            format!("= {}", list.join(" "))
        }
    })
}

fn print_failure(f: &Failure, size: Size) {
    println!(
        "game {} (seed {:#x}) FAILED after move {}: `{}`: GNU Go answered `{}`, rules-core expects `{}`",
        f.number, f.seed, f.moves_played, f.cmd, f.gnugo, f.expected
    );
    let seq: Vec<String> = f
        .moves
        .iter()
        .map(|(c, m)| format!("{} {m}", c.letter()))
        .collect();
    println!("  boardsize {} moves: {}", size.width(), seq.join(" "));
    let mut pos = Position::empty(size);
    for &(_, m) in &f.moves {
        pos.play_unchecked(m);
    }
    let ko = pos.ko_point().map_or("none".to_string(), |k| k.to_string());
    println!(
        "  rules-core position ({} to move, ko {ko}):",
        pos.to_move()
    );
    for line in pos.to_string().lines() {
        println!("  {line}");
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let size = Size::square(args.size).expect("size checked by clap");
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(Game, Outcome)>> = Mutex::new(Vec::new());
    let totals = Mutex::new(Counts::default());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                let nbs = Neighbours::new(size);
                let mut gnugo: Option<GtpPeer> = None;
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= args.games {
                        break;
                    }
                    let game = build_game(&args, size, &nbs, args.first_game + k as u64);
                    if gnugo.is_none() {
                        match GtpPeer::spawn(
                            &args.gnugo,
                            &["--mode", "gtp", "--forbid-suicide", "--simple-ko"],
                        ) {
                            Ok(g) => gnugo = Some(g),
                            Err(e) => {
                                results.lock().expect("lock").push((game, Err(e)));
                                continue;
                            }
                        }
                    }
                    let outcome = gnugo.as_mut().expect("spawned").run(&game);
                    if outcome.is_err() {
                        gnugo = None; // out of step or dead: start afresh
                    }
                    if outcome.is_ok() {
                        let mut t = totals.lock().expect("lock");
                        t.moves += game.moves.len();
                        t.legality += game
                            .queries
                            .iter()
                            .filter(|q| matches!(q.expect, Expect::Legal(_)))
                            .count();
                    }
                    results.lock().expect("lock").push((game, outcome));
                }
            });
        }
    });
    let mut results = results.into_inner().expect("lock");
    results.sort_by_key(|(g, _)| g.number);
    let (mut passed, mut failed) = (0, 0);
    for (game, outcome) in &results {
        match outcome {
            Ok(None) => passed += 1,
            Ok(Some(f)) => {
                failed += 1;
                if failed <= 10 {
                    print_failure(f, size);
                } else {
                    println!("game {} FAILED after move {}", f.number, f.moves_played);
                }
            }
            Err(e) => {
                failed += 1;
                println!(
                    "game {} (seed {:#x}) FAILED: GNU Go error: {e}",
                    game.number, game.seed
                );
            }
        }
    }
    let t = totals.into_inner().expect("lock");
    println!(
        "{size} board, seed {}, {jobs} jobs: {} moves, {} legality answers checked in {:.1} s",
        args.seed,
        t.moves,
        t.legality,
        start.elapsed().as_secs_f64()
    );
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
