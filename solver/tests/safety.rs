//! The safety solver on hand positions: what it must prove, and what it must never prove
//! (the exhaustive reference checks it on random positions in `differential.rs`).

use rules_core::confirmation::ConfirmationRules;
use rules_core::io::parse_diagram;
use rules_core::{benson, Color, Point};
use solver::safety::{safe_blocks, SafetyLimits};

fn safe(diagram: &str, color: Color, stone: &str) -> bool {
    let game = parse_diagram(diagram).expect("a valid diagram");
    let stone: Point = stone.parse().expect("a point");
    safe_blocks(
        &game.position,
        color,
        ConfirmationRules::default(),
        &SafetyLimits::default(),
    )
    .safe
    .contains(stone)
}

#[test]
fn two_corners_with_inner_points_are_proved_though_not_pass_alive() {
    let diagram = "
        . . . . . . .
        X X X X X X X
        . . . X . . .
        . . . X . . .";
    let game = parse_diagram(diagram).unwrap();
    let a3: Point = "A3".parse().unwrap();
    assert!(!benson::pass_alive_for(&game.position, Color::Black)
        .chains
        .contains(a3));
    assert!(safe(diagram, Color::Black, "A3"));
}

#[test]
fn one_big_eye_space_alone_is_proved() {
    // Black's eye space is the bottom two rows of four points each, the only region that
    // counts: two eyes whatever White does, even with every outside liberty filled.
    let diagram = "
        . . . . . .
        . . . . . .
        X X X X X X
        X . . . . X
        X . . . . X";
    assert!(safe(diagram, Color::Black, "A3"));
}

#[test]
fn a_single_eye_is_not_enough() {
    let diagram = "
        . . . . .
        . . . . .
        X X X . .
        . . X . .";
    assert!(!safe(diagram, Color::Black, "A2"));
}

#[test]
fn straight_three_inside_a_living_wall_is_not_proved() {
    // White is pass-alive around; Black's only space is the straight three C1-E1, which
    // White kills by playing its middle point.
    let diagram = "
        O . O . O . O
        O O O O O O O
        O X X X X X O
        O X . . . X O";
    assert!(!safe(diagram, Color::Black, "B2"));
    assert!(safe(diagram, Color::White, "A4"));
}
