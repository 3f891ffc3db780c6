//! The static rule of `solver::eyespace` ("no room for two eyes") against the exhaustive
//! reference, on random small positions chosen so that the rule fires: the random positions
//! of the differential test almost never have a pass-alive wall, so this test looks for
//! positions where it does.

use rand::rngs::SmallRng;
use rand::SeedableRng;
use rules_core::benson::pass_alive;
use solver::confirm::{DecidedBy, Life, Limits};
use solver::reference::{RefVerdict, ReferenceLimits, ReferenceSolver};
use solver::scoring::judge_position;
use solver::Reading;
use std::num::NonZeroU64;

mod common;
use common::random_position;

/// The board shapes of the random positions.
const SHAPES: &[(u32, u32)] = &[(4, 3), (3, 4), (5, 2), (2, 5), (6, 2), (2, 6)];

#[test]
fn every_string_the_rule_calls_dead_is_dead_for_the_reference() {
    let mut rng = SmallRng::seed_from_u64(20261129);
    let limits = Limits {
        max_nodes: NonZeroU64::new(50_000),
        max_time: None,
        max_total_time: None,
        table_entries: 1 << 16,
    };
    let reading = Reading::default();
    let (mut fired, mut checked, mut tries) = (0, 0, 0);
    while fired < 25 && tries < 40_000 {
        tries += 1;
        let Some(pos) = random_position(&mut rng, SHAPES, 3..=5, 300) else {
            continue;
        };
        // The rule needs a pass-alive wall with opponent stones inside: a cheap filter
        // before judging the position.
        let pa = pass_alive(&pos);
        if pa.inside.black.is_empty() && pa.inside.white.is_empty() {
            continue;
        }
        let judged = judge_position(&pos, None, None, &reading, &limits);
        let by_rule: Vec<_> = judged
            .strings
            .iter()
            .filter(|s| s.judgement.decided_by == DecidedBy::NoRoomForTwoEyes)
            .collect();
        if by_rule.is_empty() {
            continue;
        }
        let Ok(expected) = ReferenceSolver::new(
            &pos,
            None,
            reading,
            ReferenceLimits {
                max_states: 200_000,
            },
        )
        .and_then(|mut r| r.judge_all()) else {
            continue;
        };
        for s in by_rule {
            fired += 1;
            assert_eq!(s.judgement.life, Life::Dead);
            let stone = s.judgement.stones[0];
            let want = expected
                .iter()
                .find(|(p, ..)| s.judgement.stones.contains(p))
                .map(|&(_, _, v)| v)
                .expect("the reference judges every string");
            assert_eq!(
                want,
                RefVerdict::Dead,
                "the rule calls the string at {stone} dead, the reference does not:\n{pos}"
            );
        }
        // The rest of the position too: the rule also cuts the searches short.
        for (stone, _, verdict) in expected {
            let got = &judged.string_at(stone).expect("judged").judgement;
            let want = match verdict {
                RefVerdict::Alive => Life::Alive,
                RefVerdict::Dead => Life::Dead,
            };
            if !matches!(got.life, Life::Unknown(_)) {
                assert_eq!(got.life, want, "string at {stone}:\n{pos}");
                checked += 1;
            }
        }
    }
    eprintln!(
        "{fired} strings dead by the rule, {checked} strings checked, {tries} positions tried"
    );
    assert!(
        fired >= 15,
        "the rule fired only {fired} times in {tries} tries"
    );
}
