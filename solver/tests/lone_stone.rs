//! A lone stone in a territory of a finished game: judged within the default node limit,
//! and scored without a teire try. (Apart from `judge_position.rs`, whose clock-limited
//! test must not share the cores with these searches.)

use rules_core::io::{parse_diagram, GameRecord};
use rules_core::Point;
use solver::completion::{score_game, Mode};
use solver::confirm::{judge_string, Life, Limits};
use solver::Reading;

/// `ryusei/Ryusei/12/T01.sgf` (title-games data) played on to two passes by GNU Go 3.8
/// (level 6, seed 1): White's lone stone R5, in atari, stands in Black's lower right corner
/// of 23 empty points, whose walls are alive but not pass-alive. The komi is the one GNU
/// Go's `printsgf` wrote (the game's 5.5 with the prisoners taken in), White is to move.
/// The record says B+0.5, which is the score once R5 is dead.
const LONE_STONE_IN_A_CORNER: &str = "# komi 13.5
# to-play W
 . X . . X O O O O X . . X X O O . O .
 X . X X X X O O X X X X X O O . O . .
 O X X X O O O X X O O O O O X O O O O
 O O X O O X X X O O X X O X X X X O O
 . O O O . O O X O X X X X O O O X X X
 O . . O O . O X X X X O X O O O O X .
 . O O X O O X . X X O O O . O X X . X
 O . O X X O X X X O O O . . O X X X X
 O O X X O X X O X X X X O . O O X X .
 X X X X O O O O O X X O . . O X X . .
 . X . X O X X O O O X O O O O O X . .
 O . X O O O X X O O X O O X X O O X .
 X X X X O X X . X O O X O X X X O X .
 O X X O O X . X X O X X X O O X X . .
 O O O O O O X . X O X X X O X X O . .
 . . O X X X X X X X X O X O O X X . .
 O O X X X O X O O O O O X O O X . . .
 . O X O X O O . O . O . O O X X . . .
 O . O O O . O . O O . O O X X . . . .";

/// The position, with the default node limit and no clock (the verdicts must not depend on
/// the machine's load).
fn lone_stone_in_a_corner() -> (GameRecord, Limits) {
    let game = parse_diagram(LONE_STONE_IN_A_CORNER).expect("a valid diagram");
    let limits = Limits {
        max_time: None,
        max_total_time: None,
        ..Limits::default()
    };
    (game, limits)
}

#[test]
fn a_lone_stone_in_a_territory_is_dead_within_the_default_node_limit() {
    // The kill game's flat search after the capture cannot end in 23 empty points: when it
    // was tried there R5 needed 19.5 million nodes (1.4 of the first 2 million in the flat
    // search); without it, about 1.3 million.
    let (game, limits) = lone_stone_in_a_corner();
    let r5: Point = "R5".parse().expect("a point");
    let j = judge_string(&game.position, None, r5, &Reading::default(), &limits);
    assert_eq!(j.life, Life::Dead, "{} nodes", j.nodes);
}

#[test]
fn a_dead_stone_in_atari_inside_a_territory_is_left_without_a_teire_try() {
    // White is to move and R5 is in atari, but its last liberty S5 lies in Black's
    // territory: a dame fill cannot have put it there, and White's extension would be an
    // invasion (its judgement was left open at 2,000,000 nodes, and the game with it).
    let (game, limits) = lone_stone_in_a_corner();
    let scored = score_game(
        &game.position,
        None,
        game.komi,
        &Reading::default(),
        &limits,
        Mode::Complete,
    );
    assert!(scored.assumed.is_empty());
    assert_eq!(scored.result.text(), "B+0.5");
}
