//! Criterion benchmarks of the confirmation solver.
//!
//! - `corpus/<name>`: the whole judgement (every string, then Art. 8 and 10) of each
//!   corner-case position of `puzzles/corpus/`, default reading.
//! - `dfpn/small-positions`: df-pn nodes per second over a fixed set of seeded random small
//!   positions, every string judged.
//!
//! Run: `cargo bench -p benches --bench solver -- --warm-up-time 1 --measurement-time 3`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use puzzles::corpus::{corpus_dir, load_corpus};
use rules_core::{Move, Position, Size};
use solver::confirm::{judge_string, Life, Limits};
use solver::scoring::{judge_position, Status};
use solver::Reading;
use std::hint::black_box;

fn limits() -> Limits {
    Limits {
        max_nodes: std::num::NonZeroU64::new(5_000_000),
        max_time: None,
        max_total_time: None,
        table_entries: 1 << 20,
    }
}

/// Every corpus position, judged whole; asserts nothing comes out unknown.
fn bench_corpus(c: &mut Criterion) {
    let Ok(entries) = load_corpus(&corpus_dir()) else {
        eprintln!("the corpus does not load: skipping");
        return;
    };
    let mut group = c.benchmark_group("corpus");
    group.sample_size(10);
    for entry in &entries {
        let once = judge_position(&entry.position, None, None, &Reading::default(), &limits());
        if once.strings.iter().any(|s| s.status == Status::Unknown) {
            // Listed in solver/tests/corpus.rs as beyond the limits; timing it would only
            // time the limit.
            eprintln!(
                "corpus {}: a string is unknown at the limits, not timed",
                entry.name
            );
            continue;
        }
        let nodes: u64 = once.strings.iter().map(|s| s.judgement.nodes).sum();
        let searched = once
            .strings
            .iter()
            .filter(|s| s.judgement.nodes > 0)
            .count();
        eprintln!(
            "corpus {}: {} strings, {} searched, {} nodes",
            entry.name,
            once.strings.len(),
            searched,
            nodes
        );
        group.bench_function(entry.name.clone(), |b| {
            b.iter(|| {
                let j = judge_position(
                    black_box(&entry.position),
                    None,
                    None,
                    &Reading::default(),
                    &limits(),
                );
                black_box(j.strings.len())
            })
        });
    }
    group.finish();
}

/// A fixed set of small positions from seeded random play (the shapes of the differential
/// test).
fn small_positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut seed = 0x5EED_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let shapes = [(3, 3), (4, 2), (3, 2), (4, 3), (5, 2)];
    while out.len() < 60 {
        let (w, h) = shapes[(next() % shapes.len() as u64) as usize];
        let size = Size::new(w, h).expect("valid size");
        let mut pos = Position::empty(size);
        let keep = 2 + (next() % 5) as usize;
        while pos.empty_points().len() > keep {
            let plays: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| *m != Move::Pass)
                .collect();
            if plays.is_empty() {
                break;
            }
            let mv = plays[(next() % plays.len() as u64) as usize];
            pos.play_mut(mv).expect("legal");
        }
        if pos.empty_points().len() <= keep {
            out.push(pos);
        }
    }
    out
}

fn judge_all(positions: &[Position]) -> u64 {
    let mut nodes = 0;
    for pos in positions {
        for p in pos.size().points() {
            if pos.color_at(p).is_some() && pos.string_id(p) == Some(p) {
                let j = judge_string(pos, None, p, &Reading::default(), &limits());
                assert!(!matches!(j.life, Life::Unknown(_)), "unknown at {p}\n{pos}");
                nodes += j.nodes;
            }
        }
    }
    nodes
}

/// df-pn throughput in nodes per second.
fn bench_dfpn(c: &mut Criterion) {
    let positions = small_positions();
    let nodes = judge_all(&positions);
    assert!(nodes > 1000, "{nodes} nodes");
    let mut group = c.benchmark_group("dfpn");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("small-positions", |b| {
        b.iter(|| {
            let n = judge_all(black_box(&positions));
            debug_assert_eq!(n, nodes);
            n
        })
    });
    group.finish();
}

criterion_group!(solver_benches, bench_dfpn, bench_corpus);
criterion_main!(solver_benches);
