//! Differential tests of `rules-core` against the naive rules in `naive/mod.rs`.
//!
//! * Seeded random games on boards from 2x3 to 25x25 compare, at every move, the legal
//!   moves, the reasons given for illegal moves, the board, the captures, the prisoners,
//!   the ko point and ko captures, and the hash (incremental against recomputed, and
//!   against positions reached by other paths).
//! * Perft counts from a few small positions, computed by both implementations and
//!   pinned as literals.
//! * A proptest: the moves of `legal_moves()` are exactly the moves `play` accepts.

mod naive;

use naive::{NaiveBoard, NaiveIllegal};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rules_core::{
    ByColor, Color, IllegalReason, KoCapture, Move, Point, Position, Setup, Size, ZobristHash,
};
use std::collections::HashMap;
use std::time::Instant;

// ---------------------------------------------------------------------------------------
// Bridges between the two implementations (vocabulary only).
// ---------------------------------------------------------------------------------------

fn naive_reason(r: NaiveIllegal) -> IllegalReason {
    match r {
        NaiveIllegal::OffBoard => IllegalReason::OffBoard,
        NaiveIllegal::Occupied => IllegalReason::Occupied,
        NaiveIllegal::Ko => IllegalReason::Ko,
        NaiveIllegal::Suicide => IllegalReason::Suicide,
    }
}

/// The rules-core setup of a naive board: a second, independent path to a position.
fn setup_of(naive: &NaiveBoard) -> Setup {
    let size = Size::new(naive.width as u32, naive.height as u32).unwrap();
    let mut setup = Setup::new(size);
    for (i, c) in naive.cells.iter().enumerate() {
        match c {
            Some(Color::Black) => setup.black.insert(naive.point_of(i)),
            Some(Color::White) => setup.white.insert(naive.point_of(i)),
            None => false,
        };
    }
    setup.to_move = naive.to_move;
    setup.ko = naive.ko;
    setup.prisoners = ByColor::new(naive.prisoners[0], naive.prisoners[1]);
    setup
}

fn record(moves: &[Move]) -> String {
    let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    format!("after moves [{}]", list.join(" "))
}

/// Points just off the board of `size` (within the 25x25 frame), for OffBoard checks.
fn off_board_points(size: Size) -> Vec<Point> {
    let (w, h) = (size.width(), size.height());
    let mut out = Vec::new();
    if w < 25 {
        out.push(Point::new(w, 0));
        out.push(Point::new(w, h - 1));
    }
    if h < 25 {
        out.push(Point::new(0, h));
        out.push(Point::new(w - 1, h));
    }
    if w < 25 && h < 25 {
        out.push(Point::new(24, 24));
    }
    out
}

/// Everything that can be compared about a position at rest.
fn check_state(pos: &Position, naive: &NaiveBoard, ctx: &dyn Fn() -> String) {
    let size = pos.size();
    assert_eq!(
        (size.width() as usize, size.height() as usize),
        (naive.width, naive.height)
    );
    for p in size.points() {
        assert_eq!(pos.color_at(p), naive.get(p), "stone at {p}, {}", ctx());
    }
    assert_eq!(pos.to_move(), naive.to_move, "to move, {}", ctx());
    assert_eq!(pos.ko_point(), naive.ko, "ko point, {}", ctx());
    assert_eq!(
        pos.prisoners(),
        ByColor::new(naive.prisoners[0], naive.prisoners[1]),
        "prisoners, {}",
        ctx()
    );
    let mut empties = pos.empty_points().to_vec();
    empties.sort();
    let naive_empties: Vec<Point> = (0..naive.cells.len())
        .filter(|&i| naive.cells[i].is_none())
        .map(|i| naive.point_of(i))
        .collect();
    let mut naive_empties = naive_empties;
    naive_empties.sort();
    assert_eq!(empties, naive_empties, "empty points, {}", ctx());
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "hash, {}", ctx());
    for (stones, libs) in naive.strings() {
        let id = pos.string_id(naive.point_of(stones[0]));
        let mut libs: Vec<Point> = libs.into_iter().map(|l| naive.point_of(l)).collect();
        libs.sort();
        for &s in &stones {
            let p = naive.point_of(s);
            assert_eq!(pos.string_id(p), id, "string of {p}, {}", ctx());
            assert_eq!(pos.string_size(p), stones.len(), "size of {p}, {}", ctx());
            assert_eq!(pos.in_atari(p), libs.len() == 1, "atari of {p}, {}", ctx());
        }
        let p = naive.point_of(stones[0]);
        let core_libs: Vec<Point> = pos.liberties(p).iter().collect();
        assert_eq!(core_libs, libs, "liberties of {p}, {}", ctx());
    }
    if let Err(e) = pos.validate() {
        panic!("validate: {e}, {}\n{pos:?}", ctx());
    }
}

/// A position rebuilt from its own setup and one built from the naive board are equal to
/// `pos`, with the same hash.
fn check_other_paths(pos: &Position, naive: &NaiveBoard, ctx: &dyn Fn() -> String) {
    let rebuilt = Position::from_setup(&pos.to_setup())
        .unwrap_or_else(|e| panic!("to_setup/from_setup: {e}, {}", ctx()));
    assert_eq!(&rebuilt, pos, "rebuilt from to_setup, {}", ctx());
    assert_eq!(rebuilt.hash(), pos.hash(), "hash after to_setup, {}", ctx());
    assert_eq!(rebuilt.prisoners(), pos.prisoners(), "{}", ctx());
    let from_naive = Position::from_setup(&setup_of(naive))
        .unwrap_or_else(|e| panic!("from_setup of the naive board: {e}, {}", ctx()));
    assert_eq!(&from_naive, pos, "built from the naive board, {}", ctx());
    assert_eq!(
        from_naive.hash(),
        pos.hash(),
        "hash of the naive board's setup, {}",
        ctx()
    );
    assert_eq!(from_naive.validate(), Ok(()), "{}", ctx());
}

/// Legal moves, and the reason for every illegal point, against the naive rules.
/// Returns the legal moves and the number of points refused as suicide.
fn check_moves(pos: &Position, naive: &NaiveBoard, ctx: &dyn Fn() -> String) -> (Vec<Move>, usize) {
    let legal = pos.legal_moves();
    let reasons: Vec<(Point, Option<NaiveIllegal>)> = pos
        .size()
        .points()
        .map(|p| (p, naive.illegal_reason(p)))
        .collect();
    let mut naive_legal: Vec<Point> = reasons
        .iter()
        .filter(|(_, r)| r.is_none())
        .map(|&(p, _)| p)
        .collect();
    naive_legal.sort();
    let naive_legal: Vec<Move> = naive_legal
        .into_iter()
        .map(Move::Play)
        .chain([Move::Pass])
        .collect();
    assert_eq!(legal, naive_legal, "legal moves, {}\n{pos:?}", ctx());
    let mut suicides = 0;
    for &(p, reason) in &reasons {
        let mv = Move::Play(p);
        match reason {
            None => {
                assert!(pos.is_legal(mv), "{p} should be legal, {}", ctx());
                assert_eq!(pos.check(mv), Ok(()), "{}", ctx());
            }
            Some(reason) => {
                if reason == NaiveIllegal::Ko {
                    // The ko point is never suicide: without the ko it would capture.
                    let mut lifted = naive.clone();
                    lifted.ko = None;
                    assert!(lifted.try_play(mv).is_ok(), "ko point {p} is suicide");
                }
                suicides += usize::from(reason == NaiveIllegal::Suicide);
                let Err(err) = pos.play(mv) else {
                    panic!("{p} should be illegal, {}", ctx());
                };
                assert_eq!(err.reason, naive_reason(reason), "reason at {p}, {}", ctx());
                assert_eq!((err.color, err.mv), (pos.to_move(), mv));
                assert!(!pos.is_legal(mv));
            }
        }
    }
    for p in off_board_points(pos.size()) {
        assert_eq!(naive.illegal_reason(p), Some(NaiveIllegal::OffBoard));
        let err = pos
            .play(Move::Play(p))
            .expect_err("off-board move accepted");
        assert_eq!(err.reason, IllegalReason::OffBoard, "{p}, {}", ctx());
    }
    (legal, suicides)
}

/// Plays `mv` in both implementations and compares what happened. Returns the new naive
/// board.
fn play_and_compare(
    pos: &mut Position,
    naive: &NaiveBoard,
    mv: Move,
    ctx: &dyn Fn() -> String,
) -> NaiveBoard {
    let (next_naive, outcome) = naive.try_play(mv).expect("a legal naive move");
    let before = pos.clone();
    let via_play = pos.play(mv).unwrap_or_else(|e| panic!("{e}, {}", ctx()));
    let effect = pos
        .play_mut(mv)
        .unwrap_or_else(|e| panic!("play_mut: {e}, {}", ctx()));
    assert_eq!(&via_play, pos, "play vs play_mut, {}", ctx());
    assert_eq!(via_play.hash(), pos.hash());
    assert_eq!(via_play.prisoners(), pos.prisoners());
    // The captured stones: stones of `before` that are gone.
    let emptied: Vec<Point> = before
        .size()
        .points()
        .filter(|&p| before.color_at(p).is_some() && pos.color_at(p).is_none())
        .collect();
    let mut emptied = emptied;
    emptied.sort();
    assert_eq!(
        emptied,
        outcome.captured,
        "captured stones of {mv}, {}",
        ctx()
    );
    assert_eq!(
        effect.captured as usize,
        outcome.captured.len(),
        "PlayEffect.captured of {mv}, {}",
        ctx()
    );
    let expected_ko = outcome
        .ko_capture
        .map(|(stone, captured)| KoCapture { stone, captured });
    assert_eq!(
        effect.ko_capture,
        expected_ko,
        "ko capture of {mv}, {}",
        ctx()
    );
    // `is_ko_capture` predicts the same before the move (ko prohibitions aside).
    if let Move::Play(p) = mv {
        assert_eq!(
            before.is_ko_capture(before.to_move(), p),
            expected_ko,
            "is_ko_capture({p}), {}",
            ctx()
        );
    }
    next_naive
}

// ---------------------------------------------------------------------------------------
// Random games.
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Policy {
    /// Uniform among all legal plays.
    Uniform,
    /// Uniform among legal plays that do not fill one's own single-point eye: games run
    /// long, with many captures and kos.
    NoEyeFill,
}

#[derive(Clone, Copy, Debug)]
struct GameConfig {
    name: &'static str,
    width: u32,
    height: u32,
    games: u32,
    max_moves: u32,
    /// Chance of passing, in per mille, when a play is available.
    pass_per_mille: u32,
    policy: Policy,
    seed: u64,
}

#[derive(Clone, Copy, Debug, Default)]
struct GameStats {
    moves: u64,
    captures: u64,
    ko_captures: u64,
    ko_refusals: u64,
    suicide_refusals: u64,
}

impl std::ops::AddAssign for GameStats {
    fn add_assign(&mut self, o: GameStats) {
        self.moves += o.moves;
        self.captures += o.captures;
        self.ko_captures += o.ko_captures;
        self.ko_refusals += o.ko_refusals;
        self.suicide_refusals += o.suicide_refusals;
    }
}

fn run_config(cfg: &GameConfig) -> GameStats {
    let size = Size::new(cfg.width, cfg.height).unwrap();
    let mut rng = SmallRng::seed_from_u64(cfg.seed);
    let mut stats = GameStats::default();
    for game in 0..cfg.games {
        let mut pos = Position::empty(size);
        let mut naive = NaiveBoard::new(cfg.width as usize, cfg.height as usize);
        let mut moves: Vec<Move> = Vec::new();
        // Equal naive states must have equal hashes, and equal hashes equal states.
        let mut hash_of_state: HashMap<Vec<u8>, ZobristHash> = HashMap::new();
        let mut state_of_hash: HashMap<ZobristHash, Vec<u8>> = HashMap::new();
        let mut passes_in_a_row = 0;
        for _ in 0..cfg.max_moves {
            let ctx = || format!("{} game {game} {}", cfg.name, record(&moves));
            check_state(&pos, &naive, &ctx);
            check_other_paths(&pos, &naive, &ctx);
            let key = naive.key();
            let h = pos.hash();
            assert_eq!(
                *hash_of_state.entry(key.clone()).or_insert(h),
                h,
                "{}",
                ctx()
            );
            assert_eq!(
                *state_of_hash.entry(h).or_insert(key.clone()),
                key,
                "{}",
                ctx()
            );

            let (legal, suicides) = check_moves(&pos, &naive, &ctx);
            stats.ko_refusals += u64::from(naive.ko.is_some());
            stats.suicide_refusals += suicides as u64;

            let candidates: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| match (m, cfg.policy) {
                    (Move::Pass, _) => false,
                    (Move::Play(_), Policy::Uniform) => true,
                    (Move::Play(p), Policy::NoEyeFill) => {
                        !naive.is_single_point_eye(p, naive.to_move)
                    }
                })
                .collect();
            let mv = if candidates.is_empty() || rng.random_range(0..1000) < cfg.pass_per_mille {
                Move::Pass
            } else {
                candidates[rng.random_range(0..candidates.len())]
            };
            let next = play_and_compare(&mut pos, &naive, mv, &ctx);
            let captured = next.prisoners.iter().sum::<u32>() - naive.prisoners.iter().sum::<u32>();
            stats.captures += u64::from(captured);
            stats.ko_captures += u64::from(next.ko.is_some());
            naive = next;
            moves.push(mv);
            stats.moves += 1;
            passes_in_a_row = if mv == Move::Pass {
                passes_in_a_row + 1
            } else {
                0
            };
            if passes_in_a_row >= 2 {
                break;
            }
        }
        let ctx = || format!("{} game {game} {}", cfg.name, record(&moves));
        check_state(&pos, &naive, &ctx);
        check_other_paths(&pos, &naive, &ctx);
    }
    stats
}

/// Runs the configurations on two threads (each configuration is deterministic alone).
fn run_all(configs: &[GameConfig]) -> GameStats {
    let start = Instant::now();
    let results: Vec<(GameConfig, GameStats)> = std::thread::scope(|s| {
        let (even, odd): (Vec<_>, Vec<_>) =
            configs.iter().enumerate().partition(|(i, _)| i % 2 == 0);
        let handles: Vec<_> = [even, odd]
            .into_iter()
            .map(|part| {
                s.spawn(move || {
                    part.into_iter()
                        .map(|(_, cfg)| (*cfg, run_config(cfg)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut total = GameStats::default();
    for (cfg, stats) in &results {
        eprintln!("{:<24} {stats:?}", cfg.name);
        total += *stats;
    }
    eprintln!(
        "random games: {} moves checked against the naive rules in {:.1?} ({total:?})",
        total.moves,
        start.elapsed()
    );
    total
}

/// The default set: at least 200,000 checked moves.
fn default_configs(scale: u32) -> Vec<GameConfig> {
    let c = |name, width, height, games: u32, max_moves, pass_per_mille, policy, seed| GameConfig {
        name,
        width,
        height,
        games: games * scale,
        max_moves,
        pass_per_mille,
        policy,
        seed,
    };
    use Policy::{NoEyeFill, Uniform};
    vec![
        c("2x3 uniform", 2, 3, 2000, 60, 100, Uniform, 1),
        c("3x2 no-eye-fill", 3, 2, 2000, 60, 50, NoEyeFill, 2),
        c("3x3 no-eye-fill", 3, 3, 1000, 100, 30, NoEyeFill, 3),
        c("5x5 uniform", 5, 5, 400, 150, 20, Uniform, 4),
        c("5x5 no-eye-fill", 5, 5, 150, 400, 5, NoEyeFill, 5),
        c("7x11 uniform", 7, 11, 60, 300, 10, Uniform, 6),
        c("7x11 no-eye-fill", 7, 11, 20, 600, 2, NoEyeFill, 7),
        c("9x9 uniform", 9, 9, 60, 300, 10, Uniform, 8),
        c("9x9 no-eye-fill", 9, 9, 20, 600, 2, NoEyeFill, 9),
        c("13x13 no-eye-fill", 13, 13, 4, 800, 2, NoEyeFill, 10),
        c("19x19 uniform", 19, 19, 2, 400, 5, Uniform, 11),
        c("19x19 no-eye-fill", 19, 19, 2, 900, 1, NoEyeFill, 12),
        c("25x25 no-eye-fill", 25, 25, 1, 1200, 1, NoEyeFill, 13),
        c("2x25 uniform", 2, 25, 20, 200, 10, Uniform, 14),
        c("25x3 no-eye-fill", 25, 3, 10, 300, 5, NoEyeFill, 15),
    ]
}

#[test]
fn random_games_match_the_naive_rules() {
    let total = run_all(&default_configs(1));
    assert!(total.moves >= 200_000, "only {} moves checked", total.moves);
    // The games must exercise what they are meant to test.
    assert!(total.captures > 10_000, "{total:?}");
    assert!(total.ko_captures > 500, "{total:?}");
    assert!(total.ko_refusals > 500, "{total:?}");
    assert!(total.suicide_refusals > 10_000, "{total:?}");
}

#[test]
#[ignore = "long: 10M moves, run with --ignored"]
fn random_games_match_the_naive_rules_long() {
    let total = run_all(&default_configs(55));
    assert!(
        total.moves >= 10_000_000,
        "only {} moves checked",
        total.moves
    );
}

// ---------------------------------------------------------------------------------------
// Perft.
// ---------------------------------------------------------------------------------------

/// The number of move sequences of exactly `depth` legal moves from `pos`, by rules-core.
///
/// Passes count as moves, and two passes in a row do not end anything: perft walks the
/// whole tree of legal move sequences. Each node is reached through `play`, which checks
/// the move again.
fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            perft(
                &pos.play(mv).expect("legal_moves holds legal moves"),
                depth - 1,
            )
        })
        .sum()
}

/// Builds the same start position in both implementations from a diagram (top row first,
/// `X` black, `O` white, `.` empty).
fn diagram(rows: &[&str], to_move: Color, ko: Option<&str>) -> (Position, NaiveBoard) {
    let (w, h) = (rows[0].len(), rows.len());
    let mut naive = NaiveBoard::new(w, h);
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), w);
        for (x, c) in row.chars().enumerate() {
            let p = Point::new(x as u32, (h - 1 - r) as u32);
            naive.set(
                p,
                match c {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                },
            );
        }
    }
    naive.to_move = to_move;
    naive.ko = ko.map(|k| k.parse().unwrap());
    let pos = Position::from_setup(&setup_of(&naive)).unwrap();
    (pos, naive)
}

fn perft_both(pos: &Position, naive: &NaiveBoard, depth: u32) -> u64 {
    let fast = perft(pos, depth);
    let slow = naive.perft(depth);
    assert_eq!(fast, slow, "perft({depth}): rules-core vs naive");
    eprintln!("perft({depth}) = {fast}");
    fast
}

#[test]
fn perft_empty_boards() {
    let empty = |w: u32, h: u32| {
        (
            Position::empty(Size::new(w, h).unwrap()),
            NaiveBoard::new(w as usize, h as usize),
        )
    };
    let (pos, naive) = empty(2, 2);
    // By hand: 4 plays and the pass; then 3 + 1 after each play, 4 + 1 after the pass.
    assert_eq!(perft_both(&pos, &naive, 1), 5);
    assert_eq!(perft_both(&pos, &naive, 2), 4 * 4 + 5);
    assert_eq!(perft_both(&pos, &naive, 12), 221_305);
    let (pos, naive) = empty(3, 3);
    assert_eq!(perft_both(&pos, &naive, 5), 35_446);
    let (pos, naive) = empty(3, 3);
    assert_eq!(perft_both(&pos, &naive, 6), 199_207);
    let (pos, naive) = empty(4, 4);
    assert_eq!(perft_both(&pos, &naive, 4), 58_513);
    let (pos, naive) = empty(3, 2);
    assert_eq!(perft_both(&pos, &naive, 10), 642_799);
}

#[test]
fn perft_with_a_ko_ready() {
    // Black C2 captures B2 and takes the ko.
    let rows = ["....", ".XO.", "XO.O", ".XO."];
    let (pos, naive) = diagram(&rows, Color::Black, None);
    assert_eq!(
        pos.is_ko_capture(Color::Black, "C2".parse().unwrap()),
        Some(KoCapture {
            stone: "C2".parse().unwrap(),
            captured: "B2".parse().unwrap()
        })
    );
    assert_eq!(perft_both(&pos, &naive, 5), 25_208);
    // The same ko just taken by Black: White may not retake at B2 at once.
    let rows = ["....", ".XO.", "X.XO", ".XO."];
    let (pos, naive) = diagram(&rows, Color::White, Some("B2"));
    assert_eq!(pos.ko_point(), Some("B2".parse().unwrap()));
    assert_eq!(perft_both(&pos, &naive, 5), 21_484);
}

// ---------------------------------------------------------------------------------------
// Hand-made positions: the naive oracle against known Go facts, and rules-core against it.
// ---------------------------------------------------------------------------------------

/// Plays `mv` (GTP) in both and compares everything; returns the naive outcome.
fn step(pos: &mut Position, naive: &mut NaiveBoard, mv: &str) -> naive::NaiveOutcome {
    let mv = Move::parse_gtp(mv, pos.size()).unwrap();
    let ctx = || format!("hand-made position, move {mv}");
    let (_, outcome) = naive.try_play(mv).unwrap();
    *naive = play_and_compare(pos, naive, mv, &ctx);
    check_state(pos, naive, &ctx);
    check_other_paths(pos, naive, &ctx);
    let _ = check_moves(pos, naive, &ctx);
    outcome
}

fn reason_of(pos: &Position, naive: &NaiveBoard, mv: &str) -> IllegalReason {
    let p: Point = mv.parse().unwrap();
    let naive_reason = naive_reason(naive.illegal_reason(p).expect("illegal in the oracle"));
    let err = pos.play(Move::Play(p)).unwrap_err();
    assert_eq!(err.reason, naive_reason, "{mv}");
    err.reason
}

#[test]
fn ko_is_forbidden_for_one_move_only() {
    let rows = ["....", ".XO.", "XO.O", ".XO."];
    let (mut pos, mut naive) = diagram(&rows, Color::Black, None);
    let out = step(&mut pos, &mut naive, "C2");
    assert_eq!(out.captured, vec!["B2".parse().unwrap()]);
    assert_eq!(reason_of(&pos, &naive, "B2"), IllegalReason::Ko);
    step(&mut pos, &mut naive, "pass");
    assert_eq!(naive.ko, None);
    step(&mut pos, &mut naive, "pass");
    // White may retake now, which is a ko capture in turn.
    let out = step(&mut pos, &mut naive, "B2");
    assert_eq!(
        out.ko_capture,
        Some(("B2".parse().unwrap(), "C2".parse().unwrap()))
    );
    assert_eq!(reason_of(&pos, &naive, "C2"), IllegalReason::Ko);
    assert_eq!(pos.prisoners(), ByColor::new(1, 1));
}

#[test]
fn which_single_captures_are_ko_captures() {
    // White A1 takes the lone B1 stone and is left alone with the one liberty B1: a ko.
    let rows = ["X...", "XOO.", ".XOX"];
    let (mut pos, mut naive) = diagram(&rows, Color::White, None);
    let out = step(&mut pos, &mut naive, "A1");
    assert_eq!(out.captured, vec!["B1".parse().unwrap()]);
    assert_eq!(
        out.ko_capture,
        Some(("A1".parse().unwrap(), "B1".parse().unwrap()))
    );
    assert_eq!(reason_of(&pos, &naive, "B1"), IllegalReason::Ko);
    // Any other move lifts the ban.
    step(&mut pos, &mut naive, "D3");
    step(&mut pos, &mut naive, "C3");
    let out = step(&mut pos, &mut naive, "B1");
    assert_eq!(out.captured, vec!["A1".parse().unwrap()]);

    // A capture by a stone that keeps several liberties is not a ko.
    let (mut pos, mut naive) = diagram(&["...", "...", "OX."], Color::Black, None);
    let out = step(&mut pos, &mut naive, "A2");
    assert_eq!(out.captured, vec!["A1".parse().unwrap()]);
    assert_eq!((out.ko_capture, naive.ko), (None, None));

    // A capture by a stone that joins a string is not a ko.
    let (mut pos, mut naive) = diagram(&["X..", "O..", "XX."], Color::Black, None);
    let out = step(&mut pos, &mut naive, "B2");
    assert_eq!(out.captured, vec!["A2".parse().unwrap()]);
    assert_eq!((out.ko_capture, naive.ko), (None, None));
}

#[test]
fn suicide_single_and_multi_stone_but_capture_first() {
    // White A2 would make A1 B1 B2 A2 a string without liberties.
    let rows = ["....", "XX..", ".OX.", "OOX."];
    let (pos, naive) = diagram(&rows, Color::White, None);
    assert_eq!(reason_of(&pos, &naive, "A2"), IllegalReason::Suicide);
    // A lone stone without liberties.
    let (pos, naive) = diagram(&["...", "X..", ".X."], Color::White, None);
    assert_eq!(reason_of(&pos, &naive, "A1"), IllegalReason::Suicide);
    assert_eq!(reason_of(&pos, &naive, "A2"), IllegalReason::Occupied);
    // A point without liberties is legal when it captures: here two lone stones, which
    // is no ko.
    let rows = ["....", "O...", "XO..", ".XO."];
    let (mut pos, mut naive) = diagram(&rows, Color::White, None);
    let out = step(&mut pos, &mut naive, "A1");
    assert_eq!(
        out.captured,
        vec!["B1".parse().unwrap(), "A2".parse().unwrap()]
    );
    assert_eq!((out.ko_capture, naive.ko), (None, None));
    assert_eq!(pos.prisoners(), ByColor::new(0, 2));
}

#[test]
fn whole_board_capture_on_a_tiny_board() {
    // 2x2: Black A1 B1 A2, White plays B2 capturing three stones.
    let (mut pos, mut naive) = diagram(&["X.", "XX"], Color::White, None);
    let out = step(&mut pos, &mut naive, "B2");
    assert_eq!(out.captured.len(), 3);
    assert_eq!(out.ko_capture, None);
    assert_eq!(pos.prisoners(), ByColor::new(0, 3));
    assert_eq!(pos.legal_moves().len(), 4); // three plays and the pass
}

// ---------------------------------------------------------------------------------------
// Property: legal_moves() is exactly what play() accepts.
// ---------------------------------------------------------------------------------------

fn accepts_exactly_legal_moves(pos: &Position) -> Result<(), TestCaseError> {
    let legal = pos.legal_moves();
    prop_assert_eq!(legal.last(), Some(&Move::Pass));
    for &mv in &legal {
        prop_assert!(
            pos.play(mv).is_ok(),
            "{} is in legal_moves but refused\n{:?}",
            mv,
            pos
        );
        prop_assert!(pos.is_legal(mv));
    }
    for p in pos.size().points() {
        if !legal.contains(&Move::Play(p)) {
            prop_assert!(
                pos.play(Move::Play(p)).is_err(),
                "{} accepted\n{:?}",
                p,
                pos
            );
            prop_assert!(!pos.is_legal(Move::Play(p)));
        }
    }
    for p in off_board_points(pos.size()) {
        prop_assert!(pos.play(Move::Play(p)).is_err());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Random move lists: a pick with the top bit set tries the raw point it names (kept
    /// only if legal; a refused move must leave the position unchanged); otherwise it
    /// indexes the legal moves (a pass one time in sixteen).
    #[test]
    fn legal_moves_are_exactly_the_moves_play_accepts(
        width in 2u32..=6,
        height in 2u32..=6,
        picks in proptest::collection::vec(any::<u16>(), 0..100),
    ) {
        let size = Size::new(width, height).unwrap();
        let mut pos = Position::empty(size);
        for pick in picks {
            accepts_exactly_legal_moves(&pos)?;
            if pick & 0x8000 != 0 {
                let i = u32::from(pick & 0x7fff);
                let p = Point::new(i % width, (i / width) % height);
                let before = pos.clone();
                if pos.play_mut(Move::Play(p)).is_err() {
                    prop_assert_eq!(&pos, &before);
                    prop_assert_eq!(pos.hash(), before.hash());
                    prop_assert_eq!(pos.prisoners(), before.prisoners());
                }
            } else {
                let legal = pos.legal_moves();
                let mv = if pick % 16 == 0 {
                    Move::Pass
                } else {
                    legal[pick as usize % legal.len()]
                };
                pos.play_mut(mv).unwrap();
            }
            prop_assert_eq!(pos.validate(), Ok(()));
        }
        accepts_exactly_legal_moves(&pos)?;
    }
}
