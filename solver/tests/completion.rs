//! Completion of unfinished records (spec §3.7): dame and teire as real moves, then the
//! strict judgement.

use rules_core::io::{parse_diagram, GameRecord};
use rules_core::{Move, Point};
use solver::completion::{score_game, GameResult, Mode, ScoredGame, Undecided, Why};
use solver::confirm::Limits;
use solver::scoring::Status;
use solver::Reading;
use std::num::NonZeroU64;

/// D2 is dame; when White fills it, Black D1 is in atari and needs C1.
const TEIRE: &str = "# komi 0.5
# to-play W
 . X . X O . O
 X X X X O O O
 . X . X O . O
 X X X . O O O
 . X . X O . O";

fn game(text: &str) -> GameRecord {
    parse_diagram(text).expect("a valid diagram")
}

fn score(g: &GameRecord, mode: Mode, limits: &Limits) -> ScoredGame {
    score_game(&g.position, None, g.komi, &Reading::default(), limits, mode)
}

fn moves(s: &ScoredGame) -> Vec<String> {
    s.assumed.iter().map(|m| format!("{m} {}", m.why)).collect()
}

/// The assumed moves, replayed on the stopped position by the rules, give the position
/// that was judged.
fn assert_replays(g: &GameRecord, s: &ScoredGame) {
    let mut pos = g.position.clone();
    for m in &s.assumed {
        pos.set_to_move(m.color);
        pos.play_mut(Move::Play(m.point))
            .unwrap_or_else(|e| panic!("{m} is not legal: {e:?}"));
    }
    assert_eq!(pos.stone_hash(), s.position.stone_hash());
    assert_eq!(pos.prisoners(), s.position.prisoners());
}

#[test]
fn a_dame_fill_that_needs_a_teire_is_answered_by_it() {
    let g = game(TEIRE);
    let s = score(&g, Mode::Complete, &Limits::default());
    assert_eq!(moves(&s), ["W D2 dame", "B C1 teire"]);
    assert_replays(&g, &s);
    // The teire costs Black the point C1: 5 against 3 and komi 0.5.
    assert_eq!(s.result.text(), "B+1.5");
    assert!(s
        .judgement
        .strings
        .iter()
        .all(|r| r.status == Status::Alive));
}

/// White's fill at B5 leaves Black's A3-A5 in atari. Confirmation still calls them alive (White
/// A2 takes three stones, Black A3 takes A2 back and stays: a stone on their points, Art. 7-1
/// second clause), but in the game White would take them with a real move, so Black connects
/// at A2 and loses that point, as in `judan/Judan/59/P14.sgf` (B+1.5 recorded; B+2.5
/// without the teire).
const ATARI_BUT_ALIVE: &str = "# komi 0.5
# to-play W
 O O O . O . O
 X . O O O O O
 X O O X X X X
 X O X X . X .
 . X X . X X X
 X X . X . X .";

#[test]
fn a_string_left_in_atari_is_connected_even_when_confirmation_calls_it_alive() {
    let g = game(ATARI_BUT_ALIVE);
    let before = score(&g, Mode::Strict, &Limits::default());
    let a3 = |s: &ScoredGame| {
        s.judgement
            .string_at("A3".parse().expect("a point"))
            .map(|r| r.status)
    };
    assert_eq!(
        a3(&before),
        Some(Status::Seki),
        "B5 is dame while it is empty"
    );
    let s = score(&g, Mode::Complete, &Limits::default());
    assert_eq!(moves(&s), ["W B5 dame", "B A2 teire"]);
    assert_replays(&g, &s);
    assert_eq!(a3(&s), Some(Status::Alive));
    // Black 6 (C1 D2 E1 G1 E3 G3), White 2 (D6 F6), komi 0.5.
    assert_eq!(s.result.text(), "B+3.5");
}

#[test]
fn the_player_to_move_fills_first_and_then_no_teire_is_needed() {
    let g = game(&TEIRE.replace("to-play W", "to-play B"));
    let s = score(&g, Mode::Complete, &Limits::default());
    assert_eq!(moves(&s), ["B D2 dame"]);
    assert_replays(&g, &s);
    assert_eq!(s.result.text(), "B+2.5");
}

#[test]
fn strict_mode_assumes_nothing_and_finds_seki() {
    let g = game(TEIRE);
    let s = score(&g, Mode::Strict, &Limits::default());
    assert!(s.assumed.is_empty());
    assert_eq!(s.position, g.position);
    assert!(s.judgement.strings.iter().all(|r| r.status == Status::Seki));
    assert_eq!(s.result.text(), "W+0.5");
}

#[test]
fn the_dame_of_a_real_seki_stays_empty() {
    // Corpus 10 (seki with an eye): filling D1 puts the filler in atari.
    let g = game(
        "# komi 0.5
         . X X O . O .
         X . X O O O O
         X X X O O O O
         O O O X X X X
         O . O . X . X",
    );
    let s = score(&g, Mode::Complete, &Limits::default());
    assert_eq!(moves(&s), Vec::<String>::new());
    let d1: Point = "D1".parse().expect("a point");
    assert!(s
        .judgement
        .territory
        .as_ref()
        .expect("decided")
        .dame
        .contains(d1));
    assert_eq!(s.result.text(), "W+0.5");
}

#[test]
fn two_dame_in_a_row_are_filled_from_each_players_own_side() {
    // A5 touches only Black, A4 only White: a player filling next to the other's wall
    // would be in atari there, so each fills on its own side (Judan 44 W01 had this at
    // A8/A9 and scored B+9.5 against the recorded B+0.5 with both groups left in seki).
    let g = game(
        "# komi 0.5
         # to-play B
         . X . X . X .
         X X X X X X X
         . X X X X X X
         . O O O O O O
         O O O O O O O
         . O . O . O O
         O O O O O O O",
    );
    let s = score(&g, Mode::Complete, &Limits::default());
    assert_eq!(moves(&s), ["B A5 dame", "W A4 dame"]);
    assert_replays(&g, &s);
    // Black's four eye points against White's three and komi 0.5; left in seki (Art. 8:
    // live stones that possess dame), neither side would have territory.
    assert_eq!(s.result.text(), "B+0.5");
    assert!(s
        .judgement
        .strings
        .iter()
        .all(|r| r.status == Status::Alive));
    let strict = score(&g, Mode::Strict, &Limits::default());
    assert_eq!(strict.result.text(), "W+0.5");
}

#[test]
fn an_undecided_string_makes_the_result_unknown() {
    let g = game(TEIRE);
    let limits = Limits {
        max_nodes: NonZeroU64::new(1),
        ..Limits::default()
    };
    let s = score(&g, Mode::Complete, &limits);
    match &s.result {
        GameResult::Unknown(Undecided::Strings(open)) => {
            let d1: Point = "D1".parse().expect("a point");
            assert!(open.iter().any(|stones| stones.contains(&d1)), "{open:?}");
        }
        other => panic!("expected unknown strings, got {other:?}"),
    }
    assert_eq!(s.result.text(), "unknown");
}

#[test]
fn without_komi_there_is_no_score() {
    let g = game(&TEIRE.replace("# komi 0.5\n", ""));
    let s = score(&g, Mode::Complete, &Limits::default());
    assert_eq!(s.result, GameResult::Unknown(Undecided::NoKomi));
    // The completion is still made and listed.
    assert_eq!(s.assumed.len(), 2);
    assert!(s.assumed.iter().any(|m| m.why == Why::Teire));
}

#[test]
fn a_teire_the_record_left_for_the_player_to_move_is_played() {
    // White has filled D2 and Black D1 is in atari: strictly D1 is dead (White moves first
    // and takes it), but Black is to move and connects.
    let g = game(
        "# komi 0.5
         # to-play B
         . X . X O . O
         X X X X O O O
         . X . X O . O
         X X X O O O O
         . X . X O . O",
    );
    let strict = score(&g, Mode::Strict, &Limits::default());
    let d1: Point = "D1".parse().expect("a point");
    assert_eq!(
        strict.judgement.string_at(d1).expect("D1").status,
        Status::Dead
    );
    let s = score(&g, Mode::Complete, &Limits::default());
    assert_eq!(moves(&s), ["B C1 teire"]);
    assert_replays(&g, &s);
    assert_eq!(s.result.text(), "B+1.5");
}

#[test]
fn a_dead_stone_in_atari_is_not_rescued() {
    // White A1 sits in Black's eye space: White to move cannot make it live, so no teire.
    let g = game(
        "# komi 0.5
         # to-play W
         . X . X O . O
         X X X X O O O
         . X X X O . O
         X X X X O O O
         O . . X O . O",
    );
    let s = score(&g, Mode::Complete, &Limits::default());
    assert_eq!(moves(&s), Vec::<String>::new());
    // Black: A5 C5 A3 and A1 B1 C1 with the dead stone removed, plus that prisoner.
    assert_eq!(s.result.text(), "B+3.5");
}
