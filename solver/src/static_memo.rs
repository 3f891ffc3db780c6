//! Benson's pass-alive chains per board, remembered for the nested games of one judgement.
//!
//! The three games of a string's judgement (kill, recreate, capture; `crate::confirm`)
//! evaluate some of the same boards: the recreate game asks one capture question per
//! defender string of a state, each capture search has its own salted table, and a board
//! reached by the kill game is evaluated again by the recreate game and by the capture
//! searches started there. Benson's chains depend on the stones alone, not on the player
//! to move, the bans or the game, so one memo per judgement serves them all.
//!
//! Most of the Benson work of a search is avoided by cheaper exact tests before it
//! ([`crate::eyespace::two_small_regions`] and the test at the start of
//! [`crate::eyespace`]'s `no_permanent_stone_possible`); the memo is for what is left.
//! Whole answers of the eye-space rule were kept too at first, but only 7 to 19 % of its
//! questions on corpus positions came again and keeping them saved nothing measurable
//! (BENCHMARKS.md, "Speed of the confirmation games").
//!
//! A board is known by its 128-bit Zobrist stone hash, the key the transposition tables
//! already trust. The memo is bounded: when full it is cleared, which only costs
//! recomputation. No global state: each judgement makes its own ([`SharedMemo`]).

use crate::eyespace::{may_be_pass_alive, no_permanent_stone_possible};
use hashbrown::HashMap;
use rules_core::benson::pass_alive_for;
use rules_core::{Color, Point, PointSet, Position};
use std::cell::RefCell;
use std::rc::Rc;

/// Entries kept before the memo is cleared: about 4 MB at most.
const MAX_ENTRIES: usize = 1 << 15;

/// Benson's chains per board and colour.
#[derive(Debug, Default)]
pub(crate) struct StaticMemo {
    chains: HashMap<(u128, Color), PointSet>,
}

/// One judgement's memo, shared by its nested games (each judgement runs on one thread).
pub(crate) type SharedMemo = Rc<RefCell<StaticMemo>>;

impl StaticMemo {
    /// A new memo to share.
    pub(crate) fn shared() -> SharedMemo {
        Rc::new(RefCell::new(StaticMemo::default()))
    }

    /// `pass_alive_for(position, color).chains`, from the memo when the board was seen.
    pub(crate) fn chains(&mut self, position: &Position, color: Color) -> PointSet {
        chains_in(&mut self.chains, position, color)
    }

    /// Whether the string through `point` (a stone) belongs to a pass-alive chain of its
    /// owner: the chains from the memo, after a test that rules most strings out without
    /// Benson ([`crate::eyespace::may_be_pass_alive`]: two rounds of his removals around
    /// the string; with the first round alone, the capture searches' terminal test was a
    /// tenth of a continued record's judgement).
    pub(crate) fn pass_alive_string(&mut self, position: &Position, point: Point) -> bool {
        let Some(owner) = position.color_at(point) else {
            return false;
        };
        may_be_pass_alive(position, point) && self.chains(position, owner).contains(point)
    }

    /// [`crate::eyespace`]'s `no_permanent_stone_possible` with the chains from the memo.
    pub(crate) fn no_permanent_stone_possible(
        &mut self,
        position: &Position,
        attacker: Color,
        points: &PointSet,
        one_region: bool,
    ) -> bool {
        let chains = &mut self.chains;
        no_permanent_stone_possible(position, attacker, points, one_region, || {
            chains_in(chains, position, attacker)
        })
    }
}

fn chains_in(
    memo: &mut HashMap<(u128, Color), PointSet>,
    position: &Position,
    color: Color,
) -> PointSet {
    let key = (position.stone_hash().0, color);
    if let Some(&chains) = memo.get(&key) {
        return chains;
    }
    let chains = pass_alive_for(position, color).chains;
    if memo.len() >= MAX_ENTRIES {
        memo.clear();
    }
    memo.insert(key, chains);
    chains
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eyespace::two_small_regions;
    use crate::test_boards::random_boards;
    use rules_core::io::parse_diagram;

    #[test]
    fn answers_as_the_rules_do_on_every_board_and_question() {
        // Boards that share stones and differ in one or two: the memo must never answer
        // one board with another's result. Each answer is seen both ways.
        let boards = [
            "
            . X . X .
            X X X X X
            O O X . X
            X . X X X",
            "
            . X . X .
            X X X X X
            O O X . X
            O . X X X",
            "
            . X . X .
            X X X X X
            O O X . X
            . O X X X",
            "
            . X O .
            X X O O
            . X O .
            X X O O",
            "
            . X O . O
            X X O O O
            X X X X X
            . X . . X",
        ];
        let mut memo = StaticMemo::default();
        let mut seen = [[0; 2]; 2];
        for round in 0..2 {
            for board in boards {
                let pos = parse_diagram(board).unwrap().position;
                for color in Color::ALL {
                    let chains = pass_alive_for(&pos, color).chains;
                    assert_eq!(memo.chains(&pos, color), chains, "round {round}");
                    for p in pos.size().points() {
                        if pos.color_at(p) == Some(color) {
                            let alive = chains.contains(p);
                            assert_eq!(memo.pass_alive_string(&pos, p), alive, "{p}\n{pos}");
                            seen[0][usize::from(alive)] += 1;
                        }
                        let points = PointSet::from_iter([p]);
                        for one in [false, true] {
                            let want =
                                no_permanent_stone_possible(&pos, color, &points, one, || {
                                    pass_alive_for(&pos, color).chains
                                });
                            assert_eq!(
                                memo.no_permanent_stone_possible(&pos, color, &points, one),
                                want,
                                "round {round} {p} {color:?}\n{pos}"
                            );
                            seen[1][usize::from(want)] += 1;
                        }
                    }
                }
            }
        }
        assert!(seen.iter().flatten().all(|&n| n > 0), "{seen:?}");
    }

    #[test]
    fn a_string_the_filters_rule_out_is_never_pass_alive() {
        // Random boards: neither filter before Benson (one round of his removals, or two:
        // `may_be_pass_alive`) ever rules out a pass-alive string, and the second round
        // does rule out strings that the first keeps.
        let (mut checked, mut removed) = (0, 0);
        for pos in random_boards(0x9E37_79B9_7F4A_7C15, 3000, 40) {
            let size = pos.size();
            for color in Color::ALL {
                let chains = pass_alive_for(&pos, color).chains;
                for p in size.points().filter(|&p| pos.color_at(p) == Some(color)) {
                    let first = two_small_regions(&pos, p);
                    let second = may_be_pass_alive(&pos, p);
                    if chains.contains(p) {
                        assert!(first && second, "{p}\n{pos}");
                        checked += 1;
                    } else if first && !second {
                        removed += 1;
                    }
                }
            }
        }
        assert!(removed > 0, "the second round never ruled a string out");
        assert!(checked > 1000, "only {checked} pass-alive stones met");
    }
}
