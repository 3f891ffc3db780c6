//! Criterion benchmarks of rules-core.
//!
//! Each group lives in its own function, listed in `criterion_group!` at the bottom; to add
//! a benchmark (Benson, SGF parsing, ...) write a new `fn bench_xxx(c: &mut Criterion)`
//! and add it to the list.
//!
//! Run: `cargo bench -p benches --bench rules -- --warm-up-time 1 --measurement-time 3`.

use benches::{playout, Neighbours, Rng};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rules_core::{Position, Size};
use std::hint::black_box;

/// Playouts per timed iteration: enough that an iteration is far above the timer's grain.
const PLAYOUTS_PER_ITER: u64 = 64;

/// Plays the fixed batch of playouts seeded `0..PLAYOUTS_PER_ITER` from `empty`; returns
/// the total stones played and the last final position.
fn playout_batch(empty: &Position, nbs: &Neighbours) -> (u64, Position) {
    let max_moves = 3 * empty.size().area();
    let mut total = 0;
    let mut pos = empty.clone();
    for seed in 0..PLAYOUTS_PER_ITER {
        pos.clone_from(empty);
        total += playout(&mut pos, nbs, &mut Rng::new(seed), max_moves);
    }
    (total, pos)
}

/// Random legal playouts from the empty board, in stones played per second.
fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    for side in [9, 19] {
        let size = Size::square(side).expect("valid size");
        let empty = Position::empty(size);
        let nbs = Neighbours::new(size);
        // The batch is deterministic: count its moves once, outside the timed loop, and
        // check what it computes.
        let (moves, last) = playout_batch(&empty, &nbs);
        assert!(
            moves > PLAYOUTS_PER_ITER * size.area() as u64 / 2,
            "{moves} moves"
        );
        last.validate().expect("final position is consistent");
        group.throughput(Throughput::Elements(moves));
        group.bench_function(format!("{side}x{side}"), |b| {
            b.iter(|| {
                let (n, pos) = playout_batch(black_box(&empty), &nbs);
                debug_assert_eq!(n, moves);
                black_box((n, pos.hash()))
            })
        });
    }
    group.finish();
}

/// The title-game records the Benson and SGF benches read, by path (never copied).
fn title_games(count: usize) -> Vec<(String, String)> {
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/title-games");
    let Ok(manifest) = std::fs::read_to_string(root.join("manifest.csv")) else {
        eprintln!("shared/data/title-games not found next to the repository: skipping");
        return Vec::new();
    };
    manifest
        .lines()
        .skip(1)
        .step_by(97)
        .filter_map(|line| line.split(',').next())
        .take(count)
        .filter_map(|file| {
            let text = std::fs::read_to_string(root.join(file)).ok()?;
            Some((file.to_string(), text))
        })
        .collect()
}

/// Benson's pass-alive analysis (both colours) and the split into independent areas, on
/// the final positions of real 19x19 games.
fn bench_benson(c: &mut Criterion) {
    let positions: Vec<Position> = title_games(40)
        .iter()
        .filter_map(|(_, text)| rules_core::io::parse_sgf(text).ok())
        .map(|g| g.position)
        .collect();
    if positions.is_empty() {
        return;
    }
    let count = |ps: &[Position]| -> usize {
        ps.iter()
            .map(|p| {
                let areas = rules_core::areas::independent_areas(p);
                areas.pass_alive.all_chains().len() + areas.areas.len()
            })
            .sum()
    };
    let expected = count(&positions);
    assert!(expected > 0, "no areas found on real boards");
    let mut group = c.benchmark_group("benson");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("19x19-final-positions", |b| {
        b.iter(|| {
            let n = count(black_box(&positions));
            debug_assert_eq!(n, expected);
            n
        })
    });
    group.finish();
}

/// Parsing and replaying real SGF game records.
fn bench_sgf(c: &mut Criterion) {
    let games = title_games(40);
    if games.is_empty() {
        return;
    }
    let replay = |gs: &[(String, String)]| -> usize {
        gs.iter()
            .map(|(file, text)| match rules_core::io::parse_sgf(text) {
                Ok(g) => g.moves_played,
                Err(e) => panic!("{file}: {e}"),
            })
            .sum()
    };
    let moves = replay(&games);
    assert!(
        moves > 100 * games.len(),
        "{moves} moves in {} games",
        games.len()
    );
    let mut group = c.benchmark_group("sgf");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("parse-and-replay-title-games", |b| {
        b.iter(|| {
            let n = replay(black_box(&games));
            debug_assert_eq!(n, moves);
            n
        })
    });
    group.finish();
}

criterion_group!(rules, bench_playouts, bench_benson, bench_sgf);
criterion_main!(rules);
