//! The target of a tsumego, and the part of the board its fight needs, read from the
//! book's correct lines.
//!
//! Most collections say only "Black to play": the stones at stake are left to the eye. The
//! book's correct lines show them: they are the defender's stones that the fight touches.
//! The rule, measured on Go Game Guru (BENCHMARKS.md, "Fourth pass"):
//!
//! 1. Every correct line is replayed from the problem position. Each move *touches* the
//!    defender strings of the problem position that it stands next to or captures: an
//!    attacker move touches the strings it attacks; a defender move touches the strings it
//!    extends or connects (in a "live" problem these are the player's own stones).
//!    A move touches a string at most once, and a move shared by several correct lines (the
//!    first move always is) counts once per line, so the main line weighs most.
//! 2. The **target** is the largest touched capturable string of the defender (no liberty
//!    outside the region, not pass-alive, every stone in the region); ties go to the
//!    string touched more often, then to the one with fewer liberties ([`stakes`],
//!    [`target_from_tree`] with [`StakeRule::LargestTouched`]). Measured against the two
//!    other readings on every fourth Go Game Guru problem: the string touched most often
//!    picks stones inside the eye space that the attacker throws in or captures on the way
//!    (one agreement fewer), and every touched string to be taken (the group) adds seven
//!    wrong verdicts, because an outside string the lines touch in passing then must die
//!    too.
//! 3. The **focus** of the fight is the target with every point the correct lines play
//!    ([`focus`]); the region is then the enclosure of
//!    [`crate::tsumego_region::enclosure_around`] bounded by the focus rather than by every
//!    stone on the board, so a second group elsewhere on the board is no longer searched,
//!    and the focus's points join it (a net or a placement outside the defender's
//!    liberties is still in the region).
//!
//! The player to move and the goal are not read from the lines (the attacker is still the
//! wall's colour): a problem whose player captures stones inside its own wall
//! (`ggg-easy-120`) keeps the wrong goal.
//!
//! Using the book's answer to find the *question* is legitimate only because the verdict
//! does not come from it: the search still classifies every first move of the region
//! exactly, so a wrong answer in the book is still found wrong (the lines pick which stones
//! the problem is about, not which moves are good).

use crate::tsumego::capturable_strings;
use rules_core::{Color, Move, Point, PointSet, Position};

/// A defender string of the problem position and how often the correct lines touch it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stake {
    /// The string's stones in the problem position.
    pub stones: PointSet,
    /// Moves of the correct lines that stand next to it or capture it (one per move and
    /// line).
    pub touches: u32,
}

/// Every defender string of `pos` that a move of `correct_lines` touches (rule 1 of the
/// module documentation), with its count, most touched first (ties: larger, then in board
/// order). A line stops at its first illegal move.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::{Color, Move};
/// use solver::tsumego_tree::stakes;
/// let game = parse_diagram("
///  . . . . . . .
///  . . . . . . .
///  X X X X . . .
///  O O O X . . .
///  . . . O X . .").unwrap();
/// let b1 = Move::Play("B1".parse().unwrap());
/// let line = vec![(Color::Black, b1)];
/// let s = stakes(&game.position, Color::White, [line.as_slice()]);
/// assert_eq!(s.len(), 1);
/// assert_eq!(s[0].stones.len(), 3); // A2-C2; D1 is not touched
/// ```
pub fn stakes<'a>(
    pos: &Position,
    defender: Color,
    correct_lines: impl IntoIterator<Item = &'a [(Color, Move)]>,
) -> Vec<Stake> {
    let size = pos.size();
    // Touches per string of the problem position, keyed by its head point.
    let mut count: std::collections::BTreeMap<usize, u32> = std::collections::BTreeMap::new();
    for line in correct_lines {
        let mut cur = pos.clone();
        for &(color, mv) in line {
            let Move::Play(p) = mv else {
                if cur.to_move() != color {
                    cur.set_to_move(color);
                }
                if let Ok(next) = cur.play(mv) {
                    cur = next;
                }
                continue;
            };
            if cur.to_move() != color {
                cur.set_to_move(color);
            }
            let Ok(next) = cur.play(mv) else {
                break;
            };
            let mut touched: Vec<Point> = Vec::new();
            // Stones of the problem position still standing next to the move, or removed
            // by it.
            let mut near: Vec<Point> = p.neighbours(size).collect();
            if color != defender {
                near.extend(
                    size.points()
                        .filter(|&q| cur.color_at(q) == Some(defender) && next.is_empty_point(q)),
                );
            }
            for q in near {
                if cur.color_at(q) == Some(defender) && pos.color_at(q) == Some(defender) {
                    if let Some(head) = pos.string_id(q) {
                        if !touched.contains(&head) {
                            touched.push(head);
                        }
                    }
                }
            }
            for head in touched {
                *count.entry(head.index()).or_default() += 1;
            }
            cur = next;
        }
    }
    let mut out: Vec<Stake> = size
        .points()
        .filter_map(|p| {
            count.get(&p.index()).map(|&touches| Stake {
                stones: pos.string_stones(p).collect(),
                touches,
            })
        })
        .collect();
    out.sort_by(|a, b| {
        b.touches
            .cmp(&a.touches)
            .then(b.stones.len().cmp(&a.stones.len()))
    });
    out
}

/// Which of the touched strings make the target ([`target_from_tree`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum StakeRule {
    /// The string touched most often (ties: larger, then fewer liberties).
    MostTouched,
    /// The largest touched string (ties: touched more often, then fewer liberties).
    #[default]
    LargestTouched,
    /// Every touched string (to be taken all: [`crate::tsumego::TargetRule::EveryStone`]).
    AllTouched,
}

/// The target from the book's correct lines (rule 2 of the module documentation): among
/// the capturable defender strings in `region` that the lines touch, the one or ones
/// `rule` picks; `None` when the lines touch none.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use rules_core::{Color, Move, PointSet};
/// use solver::tsumego_tree::{target_from_tree, StakeRule};
/// // The line plays E1, in the right-hand White string's last liberty: that string is
/// // the target, not A2-C2, which is as large.
/// let game = parse_diagram("
///  . . . . . . . .
///  X X X X X X . .
///  O O O X O O X .
///  . . . X . O X .").unwrap();
/// let region: PointSet = game.position.size().points()
///     .filter(|p| p.coords().1 <= 1 && p.coords().0 <= 5).collect();
/// let line = vec![(Color::Black, Move::Play("E1".parse().unwrap()))];
/// let rule = StakeRule::default();
/// let target = target_from_tree(&game.position, &region, Color::White, [line.as_slice()], rule);
/// assert!(target.unwrap().contains("F1".parse().unwrap()));
/// ```
pub fn target_from_tree<'a>(
    pos: &Position,
    region: &PointSet,
    defender: Color,
    correct_lines: impl IntoIterator<Item = &'a [(Color, Move)]>,
    rule: StakeRule,
) -> Option<PointSet> {
    let capturable = capturable_strings(pos, region, defender);
    let touched: Vec<Stake> = stakes(pos, defender, correct_lines)
        .into_iter()
        .filter(|s| capturable.contains(&s.stones))
        .collect();
    if rule == StakeRule::AllTouched {
        let all = touched
            .iter()
            .fold(PointSet::new(), |all, s| all.union(&s.stones));
        return (!all.is_empty()).then_some(all);
    }
    let key = |s: &Stake| {
        let libs = s.stones.iter().next().map_or(0, |p| pos.liberty_count(p));
        let (n, t) = (s.stones.len(), s.touches as usize);
        match rule {
            StakeRule::MostTouched => (t, n, usize::MAX - libs),
            _ => (n, t, usize::MAX - libs),
        }
    };
    touched
        .into_iter()
        .max_by(|a, b| key(a).cmp(&key(b)))
        .map(|s| s.stones)
}

/// The points the fight over `target` needs at least (rule 3 of the module
/// documentation): the target's stones and every point a move of `correct_lines` plays.
///
/// ```
/// use rules_core::{Color, Move, PointSet};
/// use solver::tsumego_tree::focus;
/// let target: PointSet = ["A2"].iter().map(|p| p.parse().unwrap()).collect();
/// let line = vec![(Color::Black, Move::Play("A1".parse().unwrap())), (Color::White, Move::Pass)];
/// assert_eq!(focus(&target, [line.as_slice()]).len(), 2);
/// ```
pub fn focus<'a>(
    target: &PointSet,
    correct_lines: impl IntoIterator<Item = &'a [(Color, Move)]>,
) -> PointSet {
    let mut points = *target;
    for line in correct_lines {
        for &(_, mv) in line {
            if let Move::Play(p) = mv {
                points.insert(p);
            }
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::io::parse_diagram;

    fn play(color: Color, p: &str) -> (Color, Move) {
        (color, Move::Play(p.parse().expect("point")))
    }

    #[test]
    fn a_capture_touches_the_captured_string_and_the_main_line_weighs_most() {
        let game = parse_diagram(
            "
 . . . . . . .
 . . . . . . .
 X X X X X . .
 O O O . X . .
 . . . O X . .",
        )
        .expect("diagram");
        let pos = &game.position;
        // Two correct lines sharing the first move C1, which stands next to A2-C2 and to
        // D1; the second goes on with White B1 (joining A2-C2) and Black D2, which stands
        // next to A2-C2 and captures D1 (one touch each).
        let a = vec![play(Color::Black, "C1")];
        let b = vec![
            play(Color::Black, "C1"),
            play(Color::White, "B1"),
            play(Color::Black, "D2"),
        ];
        let s = stakes(pos, Color::White, [a.as_slice(), b.as_slice()]);
        let of = |p: &str| {
            let p: Point = p.parse().expect("point");
            s.iter().find(|x| x.stones.contains(p)).map(|x| x.touches)
        };
        assert_eq!(of("D1"), Some(3));
        assert_eq!(of("A2"), Some(4));
        assert_eq!(s[0].touches, 4);
        assert_eq!(s.len(), 2);
    }

    #[test]
    fn a_string_the_lines_never_touch_is_never_the_target() {
        let game = parse_diagram(
            "
 . . . . . . . .
 X X X X X X . .
 O O O X O O X .
 . . . X . O X .",
        )
        .expect("diagram");
        let pos = &game.position;
        let region: PointSet = pos
            .size()
            .points()
            .filter(|p| p.coords().1 <= 1 && p.coords().0 <= 5)
            .collect();
        // The line plays E1, inside the right-hand White group's eye: the target is E2-F2
        // and F1, not the larger A2-C2.
        let line = vec![play(Color::Black, "E1")];
        let rule = StakeRule::default();
        let t =
            target_from_tree(pos, &region, Color::White, [line.as_slice()], rule).expect("target");
        assert!(t.contains("E2".parse().expect("point")));
        assert!(!t.contains("A2".parse().expect("point")));
        // No line, no target.
        let none: [&[(Color, Move)]; 0] = [];
        assert_eq!(
            target_from_tree(pos, &region, Color::White, none, rule),
            None
        );
    }

    #[test]
    fn moves_after_an_illegal_one_are_not_read() {
        let game = parse_diagram(
            "
 . . . . .
 X X X . .
 O O X . .
 . O X . .",
        )
        .expect("diagram");
        // B2 is occupied: the line stops there and A1 is never played.
        let line = vec![play(Color::Black, "B2"), play(Color::Black, "A1")];
        assert!(stakes(&game.position, Color::White, [line.as_slice()]).is_empty());
    }
}
