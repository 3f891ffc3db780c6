//! df-pn against the exhaustive reference on seeded random small positions.
//!
//! Every string of every position is judged by `solver::scoring::judge_position` (df-pn, with
//! locality, the pass-alive shortcut and the safety solver) and by `solver::reference::ReferenceSolver`
//! (attractor computation over the whole reachable state graph, whole board, no shortcut).
//! They must agree on every string. Readings vary with the seed: the default, once-per-ko,
//! J2003's ko-pass, defender first, local-2, and the area scope where the area is the whole
//! board. (KataGo's ko rules are not run: see `reading_for`.)

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rules_core::benson::pass_alive;
use rules_core::confirmation::{ConfirmationRules, InitialBan, KoPassRule};
use rules_core::{Color, Position};
use solver::confirm::{DecidedBy, Life, Limits};
use solver::reference::{RefVerdict, ReferenceError, ReferenceLimits, ReferenceSolver};
use solver::scoring::judge_position;
use solver::{FirstMover, NewStoneScope, Reading};
use std::num::NonZeroU64;

mod common;
use common::random_position;

// The reference's graph grows with the whole board (hypothetical play may capture
// anything), so boards stay at 9 points or fewer.
/// The board shapes of the random positions.
const SHAPES: &[(u32, u32)] = &[(3, 3), (4, 2), (2, 4), (3, 2), (2, 3), (4, 2)];

/// The largest board judged under J2003's ko-pass.
const J2003_MAX_AREA: usize = 6;

fn reading_for(rng: &mut SmallRng, pos: &Position) -> Reading {
    let mut reading = Reading::default();
    match rng.random_range(0..10) {
        0 | 1 => {
            reading.ko = ConfirmationRules {
                ko_pass: KoPassRule::OncePerPlayerPerKo,
                initial_ban: InitialBan::None,
            }
        }
        2 => reading.first = FirstMover::Defender,
        // J2003's ko-pass takes two of the default's tenths, on the boards of up to 6 points:
        // its prohibitions stay until a ko-pass, which multiplies the states of the
        // reference's graph (on 8-point boards two in three positions exceed the limit). KataGo's rules are not run here: their record of every ko
        // capture made (board, point, player) makes the reference's graph exceed 400,000
        // states even on 6-point boards with a ko, so the reference cannot check them (their
        // move rules are checked by rules-core's oracle test).
        5 | 8 if pos.size().area() <= J2003_MAX_AREA => reading.ko.ko_pass = KoPassRule::J2003,
        3 => reading.new_stone = NewStoneScope::Local2,
        4 => {
            // The reference's area is the whole board; the solver's is the independent
            // area. They coincide when nothing is pass-alive.
            let pa = pass_alive(pos);
            if pa.chains.black.is_empty() && pa.chains.white.is_empty() {
                reading.new_stone = NewStoneScope::Area;
            }
        }
        _ => {}
    }
    reading
}

/// Counts from one batch of positions.
#[derive(Default)]
struct Tally {
    positions: usize,
    strings: usize,
    dead: usize,
    too_large: usize,
    /// Strings proved by the safety solver without a search of their own.
    safe_regions: usize,
    /// Strings proved dead by a search inside the attacker's enclosure alone.
    enclosure: usize,
    /// Strings dead by the static rule of `solver::eyespace`.
    no_room: usize,
    nodes: u64,
    by_reading: std::collections::BTreeMap<String, usize>,
    skipped_by_reading: std::collections::BTreeMap<String, usize>,
    /// Reference time per reading, skipped positions included.
    time_by_reading: std::collections::BTreeMap<String, std::time::Duration>,
    reference_time: std::time::Duration,
    dfpn_time: std::time::Duration,
}

fn batch(seed: u64, wanted: usize) -> Tally {
    let mut rng = SmallRng::seed_from_u64(seed);
    let limits = Limits {
        max_nodes: NonZeroU64::new(3_000_000),
        max_time: None,
        max_total_time: None,
        table_entries: 1 << 18,
    };
    let mut t = Tally::default();
    while t.positions < wanted {
        let Some(pos) = random_position(&mut rng, SHAPES, 2..=6, 200) else {
            continue;
        };
        let reading = reading_for(&mut rng, &pos);
        let limits_ref = ReferenceLimits { max_states: 60_000 };
        let t0 = std::time::Instant::now();
        let built =
            ReferenceSolver::new(&pos, None, reading, limits_ref).and_then(|mut r| r.judge_all());
        *t.time_by_reading.entry(reading.to_string()).or_default() += t0.elapsed();
        let expected = match built {
            Ok(v) => v,
            Err(ReferenceError::TooLarge { .. }) => {
                t.too_large += 1;
                *t.skipped_by_reading.entry(reading.to_string()).or_default() += 1;
                continue;
            }
        };
        t.reference_time += t0.elapsed();
        t.positions += 1;
        *t.by_reading.entry(reading.to_string()).or_default() += 1;
        // One judgement of the whole position: the survey (Benson, the safety solver, the
        // areas) is made once, as `status` does.
        let t1 = std::time::Instant::now();
        let judged = judge_position(&pos, None, None, &reading, &limits);
        t.dfpn_time += t1.elapsed();
        for (stone, color, verdict) in expected {
            let got = &judged
                .string_at(stone)
                .expect("every reference string is judged")
                .judgement;
            t.nodes += got.nodes;
            t.strings += 1;
            match got.decided_by {
                DecidedBy::SafeRegions => t.safe_regions += 1,
                DecidedBy::EnclosureSearch => t.enclosure += 1,
                DecidedBy::NoRoomForTwoEyes => t.no_room += 1,
                _ => {}
            }
            let want = match verdict {
                RefVerdict::Alive => Life::Alive,
                RefVerdict::Dead => {
                    t.dead += 1;
                    Life::Dead
                }
            };
            assert_eq!(
                got.life, want,
                "seed {seed}: {color} string at {stone} under {reading}\n{pos}\nline: {:?}",
                got.proof
            );
        }
    }
    t
}

/// 250 per batch (2,000 in all) unless `DIFFERENTIAL_PER_BATCH` says otherwise (the long run
/// of BENCHMARKS.md sets it).
fn positions_per_batch() -> usize {
    std::env::var("DIFFERENTIAL_PER_BATCH")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(250)
}

/// The batches to run, `0..8` unless `DIFFERENTIAL_BATCHES` names a range such as `3..4`: the
/// long run goes one batch at a time, so that a run stopped part way still records what it did.
fn batch_range() -> std::ops::Range<u64> {
    std::env::var("DIFFERENTIAL_BATCHES")
        .ok()
        .and_then(|v| {
            let (start, end) = v.split_once("..")?;
            Some(start.trim().parse().ok()?..end.trim().parse().ok()?)
        })
        .filter(|r: &std::ops::Range<u64>| r.start < r.end && r.end <= 64)
        .unwrap_or(0..8)
}

#[test]
fn dfpn_agrees_with_the_reference_on_random_small_positions() {
    use rayon::prelude::*;
    let range = batch_range();
    let batch_count = (range.end - range.start) as usize;
    let batches: Vec<Tally> = range
        .into_par_iter()
        .map(|i| batch(20261129 + i, positions_per_batch()))
        .collect();
    let mut total = Tally::default();
    for b in batches {
        total.positions += b.positions;
        total.strings += b.strings;
        total.dead += b.dead;
        total.too_large += b.too_large;
        total.safe_regions += b.safe_regions;
        total.enclosure += b.enclosure;
        total.no_room += b.no_room;
        total.nodes += b.nodes;
        total.reference_time += b.reference_time;
        total.dfpn_time += b.dfpn_time;
        for (k, v) in b.by_reading {
            *total.by_reading.entry(k).or_default() += v;
        }
        for (k, v) in b.skipped_by_reading {
            *total.skipped_by_reading.entry(k).or_default() += v;
        }
        for (k, v) in b.time_by_reading {
            *total.time_by_reading.entry(k).or_default() += v;
        }
    }
    eprintln!(
        "{} positions, {} strings ({} dead, {} proved by the safety solver, {} dead by an enclosure search, {} dead by the no-room-for-two-eyes rule) agree; {} skipped as too large; {} df-pn nodes",
        total.positions, total.strings, total.dead, total.safe_regions, total.enclosure, total.no_room, total.too_large, total.nodes
    );
    eprintln!(
        "time: reference {:.1} s, df-pn {:.1} s (summed over threads)",
        total.reference_time.as_secs_f64(),
        total.dfpn_time.as_secs_f64()
    );
    let mut readings: Vec<&String> = total.by_reading.keys().collect();
    readings.extend(total.skipped_by_reading.keys());
    readings.sort();
    readings.dedup();
    for reading in readings {
        let n = total.by_reading.get(reading).copied().unwrap_or(0);
        let skipped = total.skipped_by_reading.get(reading).copied().unwrap_or(0);
        let time = total
            .time_by_reading
            .get(reading)
            .map_or(0.0, |d| d.as_secs_f64());
        eprintln!("  {n:5} under {reading} ({skipped} skipped; reference {time:.1} s)");
    }
    assert!(total.positions >= batch_count * positions_per_batch());
    assert!(
        total.dead > total.strings / 10,
        "too few dead strings to test anything"
    );
    assert!(
        total.safe_regions > 0,
        "the safety solver proved nothing: its verdicts went untested"
    );
    assert!(
        total.enclosure > 0,
        "no enclosure search decided anything: its verdicts went untested"
    );
    assert!(
        total.no_room > 0,
        "the no-room-for-two-eyes rule decided nothing: its verdicts went untested"
    );
    let j2003: usize = total
        .by_reading
        .iter()
        .filter(|(k, _)| k.contains("ko_pass=j2003 "))
        .map(|(_, v)| v)
        .sum();
    assert!(
        j2003 >= batch_count * positions_per_batch() / 30,
        "only {j2003} positions under J2003's ko-pass"
    );
    let _ = Color::Black;
}
