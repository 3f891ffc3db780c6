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

#[test]
fn a_region_may_count_twice_for_one_wall_and_not_at_all_for_another() {
    // A1-D1 holds two eyes for the wall A2-D3 (White D1, Black B1: A1 and C1), but not
    // for Black E1-H3, which touches it only at D1: claimed alone (every boundary string
    // keeps two liberties there) it fails; claimed with others it counts once for the wall,
    // whose other liberties White can fill (E2 E3). Claimed mixed it counts twice for the
    // wall, which is safe since E1-H3 is safe by its own eyes G2 and H1.
    let diagram = "
        . . . . . . . .
        O O O O O O O O
        X X X X . X X X
        X X X X . X . X
        . . . . X X X .";
    let game = parse_diagram(diagram).unwrap();
    let a2: Point = "A2".parse().unwrap();
    assert!(!benson::pass_alive_for(&game.position, Color::Black)
        .chains
        .contains(a2));
    assert!(safe(diagram, Color::Black, "E1"));
    assert!(safe(diagram, Color::Black, "A2"));
}

#[test]
fn a_region_counted_twice_for_a_wall_cannot_lend_it_a_string_that_falls() {
    // As above, but E1-H3 has no eye (G2 is Black): White fills E2 and E3, then takes it
    // at D1. Nothing keeps it, so the region claimed mixed for the wall is not valid (it
    // leant on E1-H3 standing beside D1), and the solver does not prove the wall.
    let diagram = "
        . . . . . . . .
        O O O O O O O O
        X X X X . X X X
        X X X X . X X X
        . . . . X X X X";
    assert!(!safe(diagram, Color::Black, "E1"));
    assert!(!safe(diagram, Color::Black, "A2"));
}

#[test]
fn a_string_put_in_atari_inside_a_region_that_takes_the_stone_back_is_proved() {
    // Black G1 has one liberty in the big region (F1) and the eye G2 it shares with the
    // wall. White F1 leaves it without a liberty in the region for one move, but in atari
    // itself: Black E1 takes it, and White cannot play F1 again (suicide). The region
    // counts once for G1 because it has a liberty there whenever White is to move.
    let diagram = "
        . . . . . . .
        O O O O O O O
        X X X X X X X
        X . . . . X .
        X . . . . . X";
    assert!(safe(diagram, Color::Black, "G1"));
    assert!(safe(diagram, Color::Black, "A1"));
}
