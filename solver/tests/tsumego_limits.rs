//! Limits end a tsumego solve: spending the node budget makes the open first moves
//! unknown (a regression: the rounds of growing caps restarted forever once the
//! problem's nodes were spent, whatever the time limit).

use rules_core::io::parse_diagram;
use solver::dfpn::StopReason;
use solver::tsumego::{Class, KillRule, TargetRule, Tsumego, TsumegoLimits, TsumegoSolver};
use std::num::NonZeroU64;

#[test]
fn a_spent_node_budget_ends_the_solve_with_unknown_moves() {
    // A straight three that needs more than the few nodes allowed.
    let game = parse_diagram(
        "# to-play B\n . . . . . . .\n . . . . . . .\n X X X X X . .\n O O O O X . .\n . . . O X . .\n",
    )
    .unwrap();
    let pos = game.position;
    let region = pos.size().points().filter(|p| p.coords().1 < 2).collect();
    let target = pos.string_stones("A2".parse().unwrap()).collect();
    let problem = Tsumego {
        position: pos,
        attacker: rules_core::Color::Black,
        target,
        region,
        kill_rule: KillRule::CaptureForGood,
        target_rule: TargetRule::AnyStone,
    };
    let limits = TsumegoLimits {
        max_nodes: NonZeroU64::new(5),
        max_time: None,
        ..TsumegoLimits::default()
    };
    let solution = TsumegoSolver::new(problem, &limits).solve_all();
    assert!(solution
        .moves
        .iter()
        .any(|m| m.class == Class::Unknown(StopReason::NodeLimit)));
    assert_eq!(solution.class, Class::Unknown(StopReason::NodeLimit));
}
