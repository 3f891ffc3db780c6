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

criterion_group!(rules, bench_playouts);
criterion_main!(rules);
