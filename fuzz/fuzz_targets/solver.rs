//! The solver on tiny positions (2x2 to 3x3) under small limits: it never panics, every
//! proof line replays legally under the reading's ko rules, and every decided verdict
//! agrees with the exhaustive reference solver.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules_core::confirmation::{ConfirmationRules, ConfirmationState, InitialBan, KoPassRule};
use rules_core::{Color, Point, Position, Setup, Size};
use solver::confirm::{Life, Limits};
use solver::reference::{RefVerdict, ReferenceLimits, ReferenceSolver};
use solver::scoring::judge_position;
use solver::{CycleRule, FirstMover, NewStoneScope, Reading};
use std::num::NonZeroU64;

fuzz_target!(|data: &[u8]| {
    let [a, b, c, cells @ ..] = data else { return };
    let width = 2 + u32::from(a % 2);
    let height = 2 + u32::from(b % 2);
    let Ok(size) = Size::new(width, height) else {
        return;
    };
    let mut setup = Setup::new(size);
    for (i, p) in size.points().enumerate() {
        match cells.get(i).map(|v| v % 3) {
            Some(1) => {
                setup.black.insert(p);
            }
            Some(2) => {
                setup.white.insert(p);
            }
            _ => {}
        }
    }
    setup.to_move = if c & 1 == 0 {
        Color::Black
    } else {
        Color::White
    };
    let Ok(position) = Position::from_setup(&setup) else {
        return;
    };
    let reading = Reading {
        first: if c & 2 == 0 {
            FirstMover::Attacker
        } else {
            FirstMover::Defender
        },
        ko: ConfirmationRules {
            ko_pass: if c & 4 == 0 {
                KoPassRule::StrictPerRetake
            } else {
                KoPassRule::OncePerPlayerPerKo
            },
            initial_ban: InitialBan::None,
        },
        new_stone: match (c >> 3) % 3 {
            0 => NewStoneScope::Local1,
            1 => NewStoneScope::Local2,
            _ => NewStoneScope::Area,
        },
        cycles: if c & 0x80 == 0 {
            CycleRule::AgainstTheGoal
        } else {
            CycleRule::Report
        },
    };
    let limits = Limits {
        max_nodes: NonZeroU64::new(5_000),
        max_time: None,
        max_total_time: None,
        table_entries: 4096,
    };
    let judgement = judge_position(&position, None, None, &reading, &limits);
    let mut reference = ReferenceSolver::new(
        &position,
        None,
        reading,
        ReferenceLimits { max_states: 20_000 },
    )
    .ok();
    for report in &judgement.strings {
        let j = &report.judgement;
        // The proof line replays under the reading's ko rules.
        let mut state = ConfirmationState::new(position.clone(), reading.ko, None);
        if let Some(first) = j.proof.first() {
            state.set_to_move(first.color);
        }
        for m in &j.proof {
            assert_eq!(state.to_move(), m.color, "{position}\n{}", j.line());
            state = state
                .play(m.mv)
                .unwrap_or_else(|e| panic!("{e} in the line {}\n{position}", j.line()));
        }
        let stone: Point = j.stones[0];
        if let (Some(solver), Life::Alive | Life::Dead) = (reference.as_mut(), j.life) {
            let expected = solver.judge(stone).expect("the graph is built");
            let found = if j.life == Life::Dead {
                RefVerdict::Dead
            } else {
                RefVerdict::Alive
            };
            assert_eq!(found, expected, "{stone} under {reading}\n{position}");
        }
    }
});
