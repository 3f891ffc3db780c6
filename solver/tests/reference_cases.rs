//! Hand-made small positions judged by the exhaustive reference solver, with verdicts
//! derived by hand from the spec (§3.3, §3.4) and the official commentary's table (§2).

use rules_core::confirmation::{ConfirmationRules, InitialBan, KoPassRule};
use rules_core::{Color, KoCapture, Point, Position};
use solver::reference::{RefVerdict, ReferenceError, ReferenceLimits, ReferenceSolver};
use solver::{FirstMover, NewStoneScope, Reading};
use std::time::Instant;

use RefVerdict::{Alive, Dead};

/// A position from rows of `X` (black), `O` (white) and `.` (empty), the top row first.
fn diagram(rows: &[&str]) -> Position {
    rules_core::io::parse_diagram(&rows.join("\n"))
        .unwrap_or_else(|e| panic!("bad test diagram: {e}"))
        .position
}

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

/// Builds the solver, judges `expected` (stone, verdict) and prints the state count.
fn check(name: &str, rows: &[&str], reading: Reading, expected: &[(&str, RefVerdict)]) {
    check_with_ko(name, rows, None, reading, expected);
}

fn check_with_ko(
    name: &str,
    rows: &[&str],
    last_ko_capture: Option<KoCapture>,
    reading: Reading,
    expected: &[(&str, RefVerdict)],
) {
    let position = diagram(rows);
    let start = Instant::now();
    let mut solver = ReferenceSolver::new(
        &position,
        last_ko_capture,
        reading,
        ReferenceLimits::default(),
    )
    .unwrap();
    let all = solver.judge_all().unwrap();
    eprintln!(
        "{name} [{reading}]: {} states, {:?}, {:?}",
        solver.states(),
        start.elapsed(),
        all
    );
    for &(stone, verdict) in expected {
        assert_eq!(
            solver.judge(pt(stone)).unwrap(),
            verdict,
            "{name} [{reading}]: the string at {stone}"
        );
    }
}

fn with_scope(new_stone: NewStoneScope) -> Reading {
    Reading {
        new_stone,
        ..Reading::DEFAULT
    }
}

fn all_scopes() -> [Reading; 3] {
    [
        with_scope(NewStoneScope::Local1),
        with_scope(NewStoneScope::Local2),
        with_scope(NewStoneScope::Area),
    ]
}

/// White's B2 has one liberty. Black (moving first) fills it and captures; every empty
/// point is then a suicide for White, who can never play again.
#[test]
fn lone_stone_in_atari_is_dead() {
    let rows = ["...", "XOX", ".X."];
    for reading in all_scopes() {
        check("lone stone in atari", &rows, reading, &[("B2", Dead)]);
    }
}

/// White has two separate one-point eyes, A2 and C2: Black cannot play in either while the
/// other is open (a suicide), so White cannot be captured (clause 1).
#[test]
fn two_separate_eyes_are_alive() {
    let rows = [".O.O", "OOOO"];
    for reading in all_scopes() {
        check("two eyes", &rows, reading, &[("A1", Alive)]);
    }
}

/// White's three stones have one eye, A2, and no other liberty: Black plays A2 and captures
/// them. White, to move, cannot make a stone stand in the three points left beside Black's
/// C2-C1, which has the two-point space D2-D1 and then the whole left side. Black alive.
#[test]
fn one_eye_surrounded_is_dead() {
    let rows = [".OX.", "OOX."];
    for reading in all_scopes() {
        check("one eye", &rows, reading, &[("A1", Dead), ("C1", Alive)]);
    }
}

/// Snapback (commentary, figure 7). Black's A1 is in atari at B1; if White takes it,
/// White's A2-B2-B1 has A1 as its only liberty and Black replays A1, capturing three stones;
/// the new A1 stone answers White's B1 at B2 (capturing it) and stands for good. So A1 is
/// alive by clause 2; White's A2-B2, caught in the snapback (Black simply plays B1), is
/// dead; Black's C2-C1 is alive.
#[test]
fn snapback_stones_alive_and_the_capturers_dead() {
    let rows = ["OOX.", "X.X."];
    for reading in all_scopes() {
        check(
            "snapback",
            &rows,
            reading,
            &[("A1", Alive), ("A2", Dead), ("C1", Alive)],
        );
    }
}

/// Direct (tight) ko left open (commentary, figure 9). White's group B2-A1-B1-C1 has one
/// real eye, A2, and a ko eye at C2, where White's D2 is a lone ko stone in atari. Black
/// takes the ko at C2 (a ko capture of D2); White may not retake before passing for it and
/// has nothing else to play (E1 is a suicide once D1 and E2 gain D2 as a liberty), so Black
/// then captures the group at A2 or connects at D2. Both the lone ko stone and the group
/// relying on the ko are dead. (On this tiny whole board Black's D1 and E2 are dead too:
/// White moving first takes both at E1.)
#[test]
fn direct_ko_left_open_both_dead() {
    let rows = [".O.OX", "OOOX."];
    check(
        "direct ko",
        &rows,
        Reading::DEFAULT,
        &[("D2", Dead), ("A1", Dead), ("D1", Dead), ("E2", Dead)],
    );
}

/// Seki on a 5x2 board: Black B2-A1-B1 (eye A2) and White D2-D1-E1 (eye E2) share the
/// liberties C2 and C1. Whoever fills a shared liberty second puts itself in atari first,
/// so neither can capture the other: both alive.
#[test]
fn seki_both_alive() {
    let rows = [".X.O.", "XX.OO"];
    check(
        "seki",
        &rows,
        Reading::DEFAULT,
        &[("A1", Alive), ("D1", Alive)],
    );
    let defender_first = Reading {
        first: FirstMover::Defender,
        ..Reading::DEFAULT
    };
    check(
        "seki",
        &rows,
        defender_first,
        &[("A1", Alive), ("D1", Alive)],
    );
}

/// Clause 2 on its own: Black's A1 is in atari at B1 and White can capture it, but the
/// capture lets Black play a new stone on A1 at once (capturing White's three stones) that
/// White can never capture. Alive, though capturable; White's A2-B2 are dead, and with the
/// defender moving first nothing changes.
#[test]
fn capturable_string_alive_by_clause_two() {
    let rows = ["OOX.", "X.X."];
    let position = diagram(&rows);
    let mut solver = ReferenceSolver::new(
        &position,
        None,
        Reading::DEFAULT,
        ReferenceLimits::default(),
    )
    .unwrap();
    assert_eq!(solver.judge(pt("A1")).unwrap(), Alive);
    // It is capturable: White to move takes it at B1.
    assert_eq!(position.liberty_count(pt("A1")), 1);
    let defender_first = Reading {
        first: FirstMover::Defender,
        ..Reading::DEFAULT
    };
    check(
        "clause 2",
        &rows,
        defender_first,
        &[("A1", Alive), ("A2", Dead)],
    );
}

/// A carried-over ban (A10) turns the direct ko around: White's D2 just took the ko at C2
/// in actual play, so Black, who moves first against White's strings, may not take it back
/// before passing for it. Black's E1 is a suicide and a pass (for the ko or not) gives White
/// the move: White E1 captures D1 and E2 (two stones, no ko) and the whole board is White's.
/// So White's group and ko stone are alive; Black's D1 and E2 stay dead.
#[test]
fn carried_over_ban_is_accepted() {
    let rows = [".O.OX", "OOOX."];
    let reading = Reading {
        ko: ConfirmationRules {
            ko_pass: KoPassRule::StrictPerRetake,
            initial_ban: InitialBan::CarriedOver,
        },
        ..Reading::DEFAULT
    };
    let ko = KoCapture {
        stone: pt("D2"),
        captured: pt("C2"),
    };
    check_with_ko(
        "carried-over ban",
        &rows,
        Some(ko),
        reading,
        &[("D2", Alive), ("A1", Alive), ("D1", Dead), ("E2", Dead)],
    );
}

/// The state limit gives an error, never a verdict.
#[test]
fn too_large_is_an_error() {
    let position = diagram(&["....", "....", "...."]);
    let limits = ReferenceLimits { max_states: 1000 };
    match ReferenceSolver::new(&position, None, Reading::DEFAULT, limits) {
        Err(ReferenceError::TooLarge { states }) => assert_eq!(states, 1001),
        Ok(_) => panic!("an empty 4x3 board has more than 1000 states"),
    }
}

/// `judge_all` lists every string once, by its lowest stone, in board order.
#[test]
fn judge_all_lists_every_string() {
    let position = diagram(&["OOX.", "X.X."]);
    let mut solver = ReferenceSolver::new(
        &position,
        None,
        Reading::DEFAULT,
        ReferenceLimits::default(),
    )
    .unwrap();
    let all = solver.judge_all().unwrap();
    let heads: Vec<(Point, Color)> = all.iter().map(|&(p, c, _)| (p, c)).collect();
    assert_eq!(
        heads,
        vec![
            (pt("A1"), Color::Black),
            (pt("C1"), Color::Black),
            (pt("A2"), Color::White)
        ]
    );
}
