//! Replaying proof lines: the boards a line passes through, what each move did, and which
//! rule the line shows (the [`Reason`] behind each string's status).
//!
//! The solver hands back a verdict and a line of hypothetical play; a person needs to see the
//! boards and to be told which article decided it. The classification reads only the line
//! and the verdict, so it cannot disagree with the solver: a line in which the judged stones
//! are taken and the verdict is still "alive" is, by definition of the games searched,
//! Art. 7-1 clause 2.

use crate::sentences::{Language, Limit, Reason, StepNote};
use rules_core::confirmation::{ConfirmationMove, ConfirmationState, KoPassRule};
use rules_core::{Color, KoCapture, Point, Position, ZobristHash};
use solver::confirm::{DecidedBy, Life, PlayedMove};
use solver::dfpn::StopReason;
use solver::scoring::{PositionJudgement, Status, StringReport};

/// A board as one character per point, top row first, left to right: `X`, `O` or `.`.
pub fn board_string(position: &Position) -> String {
    let size = position.size();
    let mut out = String::with_capacity((size.width() * size.height()) as usize);
    for y in (0..size.height()).rev() {
        for x in 0..size.width() {
            out.push(match position.color_at(Point::new(x, y)) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
        }
    }
    out
}

/// The index of `point` in a [`board_string`] of a board `width` by `height`.
pub fn cell_index(point: Point, width: u32, height: u32) -> usize {
    let (x, y) = point.coords();
    ((height - 1 - y) * width + x) as usize
}

/// One move of a replayed line and the board after it.
#[derive(Clone, Debug)]
pub struct Step {
    /// The move and its player.
    pub mv: PlayedMove,
    /// The board after the move ([`board_string`]).
    pub board: String,
    /// What the move did.
    pub note: StepNote,
}

/// What a replayed line shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineFacts {
    /// The move (from 0) that removed the judged string, if one did.
    pub target_removed_at: Option<usize>,
    /// Passes for ko by the judged string's owner.
    pub owner_ko_passes: usize,
    /// Passes for ko by the attacker.
    pub attacker_ko_passes: usize,
    /// The line ends by bringing back an earlier state (endless play).
    pub cycle: bool,
    /// After the removal, the owner played on one of the string's points.
    pub recreated: bool,
    /// Every move of the line could be replayed.
    pub complete: bool,
}

/// A proof line replayed from the judged position.
#[derive(Clone, Debug)]
pub struct Line {
    /// The moves with the board after each.
    pub steps: Vec<Step>,
    /// What the line shows.
    pub facts: LineFacts,
}

/// One string with its replayed line, the rule that decided it, and the sentence saying so.
#[derive(Clone, Debug)]
pub struct Explained {
    /// The replayed proof line (empty for a string decided without search).
    pub line: Line,
    /// The rule that decided the string.
    pub reason: Reason,
    /// The plain sentence naming that rule.
    pub sentence: String,
}

/// Replays the proof line of `report` from the judged position under the reading of
/// `judgement`. A move that cannot be replayed ends the replay and is marked
/// [`StepNote::Illegal`] (a solver bug shown, never a panic).
pub fn replay(
    position: &Position,
    last_ko_capture: Option<KoCapture>,
    judgement: &PositionJudgement,
    report: &StringReport,
) -> Line {
    let j = &report.judgement;
    let owner = j.color;
    let mut state = ConfirmationState::new(position.clone(), judgement.reading.ko, last_ko_capture);
    let mut facts = LineFacts {
        complete: true,
        ..LineFacts::default()
    };
    let mut steps = Vec::with_capacity(j.proof.len());
    let mut seen: Vec<ZobristHash> = Vec::with_capacity(j.proof.len() + 1);
    if let Some(first) = j.proof.first() {
        state.set_to_move(first.color);
    }
    seen.push(state.hash());
    for (i, &played) in j.proof.iter().enumerate() {
        if state.to_move() != played.color {
            // The line alternates; a mismatch would be a solver bug, so show it as one.
            state.set_to_move(played.color);
        }
        if state.check(played.mv).is_err() {
            facts.complete = false;
            steps.push(Step {
                mv: played,
                board: board_string(state.position()),
                note: StepNote::Illegal,
            });
            break;
        }
        let effect = state.play_unchecked(played.mv);
        let removed_now = facts.target_removed_at.is_none()
            && j.stones
                .iter()
                .any(|&p| state.position().color_at(p) != Some(owner));
        if removed_now {
            facts.target_removed_at = Some(i);
        }
        let mut note = match played.mv {
            ConfirmationMove::Pass => StepNote::Pass,
            ConfirmationMove::PassForKo(p) => {
                if played.color == owner {
                    facts.owner_ko_passes += 1;
                } else {
                    facts.attacker_ko_passes += 1;
                }
                // J2003's ko-pass names no ko; KataGo's unblock is not called a pass.
                match judgement.reading.ko.ko_pass {
                    KoPassRule::J2003 => StepNote::KoPass,
                    KoPassRule::KataGoV1 | KoPassRule::KataGo => StepNote::Unblock(p),
                    _ => StepNote::PassForKo(p),
                }
            }
            ConfirmationMove::Play(p) => {
                if !removed_now
                    && facts.target_removed_at.is_some()
                    && played.color == owner
                    && j.stones.contains(&p)
                {
                    facts.recreated = true;
                }
                match (effect.ko_capture, effect.captured) {
                    _ if removed_now => StepNote::TargetCaptured,
                    (Some(ko), _) => StepNote::KoCapture(ko.captured),
                    (None, 0) => StepNote::Play,
                    (None, n) => StepNote::Captures(n),
                }
            }
        };
        let hash = state.hash();
        if let Some(start) = seen.iter().position(|&h| h == hash) {
            // A repetition made of passes alone is a settled position, not endless
            // fighting: only a cycle with a stone played in it is "endless play".
            let fought = j.proof[start..=i]
                .iter()
                .any(|m| matches!(m.mv, ConfirmationMove::Play(_)));
            if fought {
                facts.cycle = i + 1 == j.proof.len();
                note = StepNote::Repeats;
            }
        }
        seen.push(hash);
        steps.push(Step {
            mv: played,
            board: board_string(state.position()),
            note,
        });
    }
    Line { steps, facts }
}

/// The rule that decided a string, read from its verdict and its replayed line.
pub fn reason(report: &StringReport, facts: &LineFacts) -> Reason {
    let j = &report.judgement;
    if let Some(cycle) = &j.cycle {
        return Reason::CycleReported {
            dead_by_default: cycle.against_the_goal == Life::Dead,
            prisoners_per_turn: cycle
                .prisoners_per_turn
                .map(|p| (p[Color::Black], p[Color::White])),
        };
    }
    match j.life {
        Life::Unknown(r) => Reason::Undecided(match r {
            StopReason::NodeLimit => Limit::Nodes,
            StopReason::TimeLimit => Limit::Time,
            StopReason::DepthLimit => Limit::Depth,
            StopReason::Cancelled => Limit::Cancelled,
        }),
        _ if j.decided_by == DecidedBy::PassAlive => Reason::PassAlive,
        _ if j.decided_by == DecidedBy::SafeRegions => Reason::SafeRegions,
        _ if j.decided_by == DecidedBy::NoRoomForTwoEyes => Reason::NoRoomForTwoEyes,
        Life::Dead if facts.recreated => Reason::NewStoneRecaptured,
        Life::Dead if facts.owner_ko_passes > 0 => Reason::CapturedThroughKoPass,
        Life::Dead => Reason::Captured,
        Life::Alive if facts.cycle => Reason::Cycle,
        Life::Alive if facts.target_removed_at.is_some() => Reason::NewStone,
        Life::Alive if facts.attacker_ko_passes > 0 => Reason::KoPassSaves,
        Life::Alive => Reason::CannotCapture,
    }
}

/// Every string of a judged position with its replayed line, rule and sentence, in the
/// order of `judgement.strings`.
pub fn explain_position(
    position: &Position,
    last_ko_capture: Option<KoCapture>,
    judgement: &PositionJudgement,
    lang: Language,
) -> Vec<Explained> {
    judgement
        .strings
        .iter()
        .map(|report| {
            let line = replay(position, last_ko_capture, judgement, report);
            let reason = reason(report, &line.facts);
            let mut sentence = lang.reason(
                reason,
                report.judgement.color,
                report.status == Status::Seki,
            );
            let stays =
                judgement.territory.as_ref().is_some_and(|t| {
                    report.judgement.stones.iter().any(|&p| {
                        t.unremovable.black.contains(p) || t.unremovable.white.contains(p)
                    })
                });
            if report.status == Status::Dead && stays {
                sentence.push(' ');
                sentence.push_str(lang.dead_in_dame());
            }
            Explained {
                line,
                reason,
                sentence,
            }
        })
        .collect()
}

/// The steps of every line as text: each move with what it did, then the board at the
/// end of the line.
pub fn lines_text(
    position: &Position,
    judgement: &PositionJudgement,
    explained: &[Explained],
    lang: Language,
) -> String {
    use std::fmt::Write;
    let size = position.size();
    let (w, h) = (size.width(), size.height());
    let mut out = String::new();
    for (report, e) in judgement.strings.iter().zip(explained) {
        if e.line.steps.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "\n{}",
            lang.string_status(
                report.judgement.color,
                &report.judgement.stones_text(),
                report.status
            )
        );
        for (i, step) in e.line.steps.iter().enumerate() {
            let note = lang.step_note(step.note);
            let _ = writeln!(
                out,
                "  {:>3}. {}{}{}",
                i + 1,
                lang.played_move(step.mv.color, step.mv.mv),
                if note.is_empty() { "" } else { ": " },
                note
            );
        }
        if let Some(last) = e.line.steps.last() {
            let rows: Vec<char> = last.board.chars().collect();
            for row in 0..h {
                let cells: String = (0..w)
                    .map(|x| rows.get((row * w + x) as usize).copied().unwrap_or('?'))
                    .flat_map(|c| [' ', c])
                    .collect();
                let _ = writeln!(out, "   {:>2}{cells}", h - row);
            }
        }
        let _ = writeln!(out, "  {}", e.sentence);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::io::parse_diagram;
    use solver::confirm::Limits;
    use solver::scoring::judge_position;
    use solver::Reading;

    fn explained(diagram: &str) -> (PositionJudgement, Vec<Explained>) {
        let game = parse_diagram(diagram).expect("a diagram");
        let judgement = judge_position(
            &game.position,
            None,
            None,
            &Reading::default(),
            &Limits::default(),
        );
        let e = explain_position(&game.position, None, &judgement, Language::English);
        (judgement, e)
    }

    fn reason_at(j: &PositionJudgement, e: &[Explained], point: &str) -> Reason {
        let p: Point = point.parse().expect("a point");
        let i = j
            .strings
            .iter()
            .position(|s| s.judgement.stones.contains(&p))
            .expect("a string there");
        e[i].reason
    }

    #[test]
    fn a_dead_stone_in_an_eye_is_captured_and_its_line_replays() {
        let (j, e) = explained(
            "
             . X . . X
             X X O . X
             X X X X X
             O O O O O
             . O . O .",
        );
        assert_eq!(reason_at(&j, &e, "C4"), Reason::Captured);
        assert_eq!(reason_at(&j, &e, "B1"), Reason::PassAlive);
        let i = j
            .strings
            .iter()
            .position(|s| s.status == Status::Dead)
            .expect("a dead string");
        let line = &e[i].line;
        assert!(line.facts.complete);
        assert_eq!(line.steps.len(), j.strings[i].judgement.proof.len());
        let last = line.steps.last().expect("a step");
        assert_eq!(last.note, StepNote::TargetCaptured);
        // C4 (column 2, row 4 of 5) is empty after the capture.
        let c4 = cell_index("C4".parse().expect("a point"), 5, 5);
        assert_eq!(last.board.as_bytes()[c4], b'.');
    }

    #[test]
    fn snapback_stones_live_by_the_second_clause() {
        let (j, e) = explained(
            "
             # size 5x4
             . X . X .
             X X X X X
             O O X . X
             X . X X X",
        );
        assert_eq!(j.strings.len(), e.len());
        assert_eq!(reason_at(&j, &e, "A1"), Reason::NewStone);
        // White's two stones sit inside walls that stay pass-alive without their region,
        // whose interior (B1) is one point: dead by the static rule, without search.
        assert_eq!(reason_at(&j, &e, "A2"), Reason::NoRoomForTwoEyes);
    }

    /// A hand-made line through the edge ko of the `confirmation` module's example: Black
    /// takes, White passes for the ko, Black passes, White retakes.
    fn ko_line_report(owner: &str, life: Life) -> (Position, PositionJudgement) {
        let game = parse_diagram(
            "
             . . . . .
             . X O . .
             X O . O .",
        )
        .expect("a diagram");
        let pt = |s: &str| -> Point { s.parse().expect("a point") };
        let stone = pt(owner);
        let color = game.position.color_at(stone).expect("a stone");
        let proof = [
            (Color::Black, ConfirmationMove::Play(pt("C1"))),
            (Color::White, ConfirmationMove::PassForKo(pt("C1"))),
            (Color::Black, ConfirmationMove::Pass),
            (Color::White, ConfirmationMove::Play(pt("B1"))),
        ]
        .into_iter()
        .map(|(color, mv)| PlayedMove { color, mv })
        .collect();
        let report = StringReport {
            judgement: solver::confirm::StringJudgement {
                color,
                stones: game.position.string_stones(stone).collect(),
                life,
                proof,
                decided_by: DecidedBy::Search,
                nodes: 4,
                searched_points: 15,
                cycle: None,
            },
            status: if life == Life::Dead {
                Status::Dead
            } else {
                Status::Alive
            },
        };
        let judgement = PositionJudgement {
            reading: Reading::default(),
            strings: vec![report],
            territory: None,
            score: None,
            survey_nodes: 0,
        };
        (game.position, judgement)
    }

    #[test]
    fn passes_for_ko_are_counted_for_the_right_side() {
        // White's C2 judged: White passed for the ko, so White is the owner who passed.
        let (pos, j) = ko_line_report("C2", Life::Dead);
        let line = replay(&pos, None, &j, &j.strings[0]);
        assert!(line.facts.complete);
        assert_eq!(line.facts.owner_ko_passes, 1);
        assert_eq!(line.facts.attacker_ko_passes, 0);
        assert_eq!(
            line.steps[0].note,
            StepNote::KoCapture("B1".parse().expect("a point"))
        );
        assert_eq!(
            line.steps[1].note,
            StepNote::PassForKo("C1".parse().expect("a point"))
        );
        assert_eq!(
            reason(&j.strings[0], &line.facts),
            Reason::CapturedThroughKoPass
        );
        // Black's B2 judged alive: the attacker (White) had to pass for the ko.
        let (pos, j) = ko_line_report("B2", Life::Alive);
        let line = replay(&pos, None, &j, &j.strings[0]);
        assert_eq!(line.facts.attacker_ko_passes, 1);
        assert_eq!(reason(&j.strings[0], &line.facts), Reason::KoPassSaves);
    }

    #[test]
    fn the_pass_for_ko_is_named_as_each_rule_names_it() {
        let c1: Point = "C1".parse().expect("a point");
        for (rule, note) in [
            (KoPassRule::J2003, StepNote::KoPass),
            (KoPassRule::KataGo, StepNote::Unblock(c1)),
            (KoPassRule::KataGoV1, StepNote::Unblock(c1)),
            (KoPassRule::OncePerPlayerPerKo, StepNote::PassForKo(c1)),
        ] {
            let (pos, mut j) = ko_line_report("C2", Life::Dead);
            j.reading.ko.ko_pass = rule;
            let line = replay(&pos, None, &j, &j.strings[0]);
            assert!(line.facts.complete, "{rule:?}");
            assert_eq!(line.steps[1].note, note, "{rule:?}");
            assert_eq!(line.facts.owner_ko_passes, 1, "{rule:?}");
        }
    }

    #[test]
    fn a_move_that_cannot_be_replayed_is_shown_not_hidden() {
        let (pos, mut j) = ko_line_report("C2", Life::Dead);
        // White retaking at once, without the pass for the ko, breaks Art. 7-2.
        j.strings[0].judgement.proof.remove(1);
        j.strings[0].judgement.proof.remove(1);
        j.strings[0].judgement.proof[1].color = Color::White;
        let line = replay(&pos, None, &j, &j.strings[0]);
        assert!(!line.facts.complete);
        assert_eq!(line.steps.last().map(|s| s.note), Some(StepNote::Illegal));
    }
}
