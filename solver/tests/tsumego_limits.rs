//! Limits and shared results in a tsumego solve: spending the node budget makes the open
//! first moves unknown (a regression: the rounds of growing caps restarted forever once the
//! problem's nodes were spent, whatever the time limit), and a state one game settled
//! costs another game a single node.

use rules_core::io::parse_diagram;
use rules_core::{Color, Move};
use solver::dfpn::StopReason;
use solver::tsumego::{Class, KillRule, TargetRule, Tsumego, TsumegoLimits, TsumegoSolver};
use std::num::NonZeroU64;

/// A straight three on the first line, Black to kill; after `black_first`, if given.
fn straight_three(black_first: Option<&str>) -> Tsumego {
    let game = parse_diagram(
        "# to-play B\n . . . . . . .\n . . . . . . .\n X X X X X . .\n O O O O X . .\n . . . O X . .\n",
    )
    .unwrap();
    let mut pos = game.position;
    if let Some(p) = black_first {
        pos = pos.play(Move::Play(p.parse().unwrap())).unwrap();
    }
    let region = pos.size().points().filter(|p| p.coords().1 < 2).collect();
    let target = pos.string_stones("A2".parse().unwrap()).collect();
    Tsumego {
        position: pos,
        attacker: Color::Black,
        target,
        region,
        kill_rule: KillRule::CaptureForGood,
        target_rule: TargetRule::AnyStone,
    }
}

#[test]
fn a_spent_node_budget_ends_the_solve_with_unknown_moves() {
    // A straight three that needs more than the few nodes allowed.
    let limits = TsumegoLimits {
        max_nodes: NonZeroU64::new(5),
        max_time: None,
        ..TsumegoLimits::default()
    };
    let solution = TsumegoSolver::new(straight_three(None), &limits).solve_all();
    assert!(solution
        .moves
        .iter()
        .any(|m| m.class == Class::Unknown(StopReason::NodeLimit)));
    assert_eq!(solution.class, Class::Unknown(StopReason::NodeLimit));
}

/// After Black's vital point, a kill proved with White as ko master settles White's life
/// game of the same state in the root's one node (a fresh solver needs more): the games of
/// a problem share what they settle. And the line that shows White's failure, read from
/// the kill game with Black as master, whose root was settled by that borrowed result,
/// still shows the play to the capture.
#[test]
fn a_kill_proved_settles_the_life_game_in_one_node() {
    let problem = straight_three(Some("B1"));
    let root = problem.position.clone();
    let limits = TsumegoLimits::default();
    let mut fresh = TsumegoSolver::new(problem.clone(), &limits);
    assert_eq!(fresh.lives_safely(&root, Color::Black), Ok(false));
    assert!(fresh.nodes() > 1, "{} nodes", fresh.nodes());

    let mut solver = TsumegoSolver::new(problem, &limits);
    assert_eq!(solver.kills(&root, Color::White), Ok(true));
    let before = solver.nodes();
    assert_eq!(solver.lives_safely(&root, Color::Black), Ok(false));
    assert_eq!(solver.nodes() - before, 1);
    let (class, line) = solver.root_class().unwrap();
    assert_eq!(class, Class::Fail);
    assert!(line.len() >= 3, "{line:?}");
}
