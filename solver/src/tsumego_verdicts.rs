//! Results shared between the searches of one tsumego.
//!
//! A problem's searches ask three questions of the same states, each under either ko
//! master: can the attacker **capture** a target stone, can it **kill** (capture for good),
//! can the defender **live** safely. Their answers imply one another:
//!
//! - every kill is a capture (a kill's goals are captures made for good);
//! - a ko master only gains moves: what the attacker forces with the defender as master
//!   it forces as master itself, and what the defender forces with the attacker as
//!   master it forces as master itself;
//! - safe life rules out the capture under the same master: a target string made safe is
//!   never taken afterwards (proof at `TsumegoSolver::reaches`, checked on the exhaustive
//!   reference's graphs by `safe_life_excludes_kill`).
//!
//! Each search records every state it settles for good (the engine's
//! [`Game::record_solved`](crate::dfpn::Game::record_solved): a result that rests on no
//! repetition above it, the state's value on every path), and each search's evaluation
//! reads here what the others settled ([`Verdicts::implied`]): a state that the life game
//! proved is a refutation the kill games need not search again, and one that the kill game
//! with the defender as master proved is a kill for the attacker as master too.
//!
//! States are keyed as each game keys them without its salt: the position's
//! [`Position::hash`](rules_core::Position::hash), with the ko point left out where the
//! master is to move (the master ignores the ban, so the state is the same without it).
//! A state read under the other master's key is that master's state of the same stones
//! and player to move: where the reader's own state has lost its ko point (its master to
//! move), the other master's state without a ban gives that player more moves, and the
//! implications above hold between any two games at the *same* state, so they hold there.

use crate::dfpn::KeyHash;
use hashbrown::HashMap;
use rules_core::{Color, ZobristHash};

/// What [`Verdicts`] reads of a state: the player to move, and the state's keys in its
/// games (without their salts) as it stands and with its ko point cleared (the key of the
/// same state in the game whose ko master is to move).
#[derive(Clone, Copy, Debug)]
pub(crate) struct StateKeys {
    pub(crate) to_move: Color,
    pub(crate) with_ko: ZobristHash,
    pub(crate) without_ko: ZobristHash,
}

impl StateKeys {
    /// The keys of the whole position.
    #[cfg(test)]
    pub(crate) fn of(pos: &rules_core::Position) -> StateKeys {
        StateKeys {
            to_move: pos.to_move(),
            with_ko: pos.hash(),
            without_ko: pos.hash_without_ko(),
        }
    }
}

/// What a game asks of a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Question {
    /// The attacker removes a target stone.
    Capture,
    /// The attacker removes a target stone for good.
    Kill,
    /// The defender makes the target safe.
    Life,
}

/// One result of a game: its question, its ko master, and the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fact {
    /// What the game asks.
    pub(crate) question: Question,
    /// The game's ko master.
    pub(crate) master: Color,
    /// Whether the asking side reaches its goal.
    pub(crate) proved: bool,
}

/// A [`Fact`] with the master named by side: the form the bits are made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SideFact {
    question: Question,
    /// Whether the attacker is ko master.
    attacker_master: bool,
    /// Whether the asking side reaches its goal.
    proved: bool,
}

impl SideFact {
    fn bit(self) -> u16 {
        let q = match self.question {
            Question::Capture => 0,
            Question::Kill => 1,
            Question::Life => 2,
        };
        1 << (q * 4 + usize::from(self.attacker_master) * 2 + usize::from(self.proved))
    }
}

/// The facts of which any one proves a question's answer, for a game asking `question`
/// under `attacker_master`: (facts that prove it, facts that refute it).
fn sources(question: Question, attacker_master: bool) -> (u16, u16) {
    use Question::{Capture, Kill, Life};
    let fact = |question, attacker_master, proved| {
        SideFact {
            question,
            attacker_master,
            proved,
        }
        .bit()
    };
    // `a`: the attacker is master, `d`: the defender is.
    let (a, d) = (true, false);
    match (question, attacker_master) {
        // Kills are captures; the defender's mastery only takes moves from the attacker.
        (Capture, true) => (
            fact(Capture, a, true)
                | fact(Capture, d, true)
                | fact(Kill, a, true)
                | fact(Kill, d, true),
            fact(Capture, a, false) | fact(Life, a, true),
        ),
        (Capture, false) => (
            fact(Capture, d, true) | fact(Kill, d, true),
            fact(Capture, d, false)
                | fact(Capture, a, false)
                | fact(Life, d, true)
                | fact(Life, a, true),
        ),
        // A kill refuted is refuted with less mastery; a capture refuted is a kill refuted.
        (Kill, true) => (
            fact(Kill, a, true) | fact(Kill, d, true),
            fact(Kill, a, false) | fact(Capture, a, false) | fact(Life, a, true),
        ),
        (Kill, false) => (
            fact(Kill, d, true),
            fact(Kill, d, false)
                | fact(Kill, a, false)
                | fact(Capture, d, false)
                | fact(Capture, a, false)
                | fact(Life, d, true)
                | fact(Life, a, true),
        ),
        // Life against the attacker as master is life with less against it; a capture
        // (a kill) rules safe life out under the same master, and under the attacker's
        // mastery whatever the defender's mastery already rules out.
        (Life, true) => (
            fact(Life, a, true),
            fact(Life, a, false)
                | fact(Life, d, false)
                | fact(Capture, a, true)
                | fact(Capture, d, true)
                | fact(Kill, a, true)
                | fact(Kill, d, true),
        ),
        (Life, false) => (
            fact(Life, d, true) | fact(Life, a, true),
            fact(Life, d, false) | fact(Capture, d, true) | fact(Kill, d, true),
        ),
    }
}

/// The facts that a problem's games have settled, by state (see the module
/// documentation), with the most work any of them cost.
#[derive(Debug)]
pub(crate) struct Verdicts {
    attacker: Color,
    known: HashMap<u128, (u16, u64), KeyHash>,
    /// Most states kept: past it, new states are not recorded (what is known stays).
    capacity: usize,
}

impl Verdicts {
    /// Nothing known yet, for a problem with `attacker`; at most `capacity` states kept.
    pub(crate) fn new(attacker: Color, capacity: usize) -> Verdicts {
        Verdicts {
            attacker,
            known: HashMap::default(),
            capacity,
        }
    }

    /// Records `fact` of the state keyed `key` (its game's key without the salt), which
    /// cost `work`.
    pub(crate) fn record(&mut self, key: ZobristHash, fact: Fact, work: u64) {
        let bit = SideFact {
            question: fact.question,
            attacker_master: fact.master == self.attacker,
            proved: fact.proved,
        }
        .bit();
        if let Some((bits, most)) = self.known.get_mut(&key.0) {
            *bits |= bit;
            *most = (*most).max(work);
        } else if self.known.len() < self.capacity {
            self.known.insert(key.0, (bit, work));
        }
    }

    /// What the recorded facts say of `question` under `master` at the state whose `keys`
    /// are given (a state of that game, its ko point cleared where `master` is to move):
    /// whether the asking side reaches its goal, with the most work the facts read cost;
    /// `None` when they do not say.
    pub(crate) fn implied(
        &self,
        keys: StateKeys,
        question: Question,
        master: Color,
    ) -> Option<(bool, u64)> {
        if self.known.is_empty() {
            return None;
        }
        let attacker_master = master == self.attacker;
        let (proving, refuting) = sources(question, attacker_master);
        // The facts of each master's game, read at that game's key of the state.
        let (mut facts, mut work) = (0, 0);
        for (master, mask) in [
            (self.attacker, 0b1100_1100_1100),
            (!self.attacker, 0b0011_0011_0011),
        ] {
            let key = if keys.to_move == master {
                keys.without_ko
            } else {
                keys.with_ko
            };
            if let Some(&(bits, most)) = self.known.get(&key.0) {
                if bits & mask != 0 {
                    facts |= bits & mask;
                    work = work.max(most);
                }
            }
        }
        if facts & proving != 0 {
            Some((true, work))
        } else if facts & refuting != 0 {
            Some((false, work))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::io::parse_diagram;

    #[test]
    fn the_masks_pick_each_masters_facts() {
        for question in [Question::Capture, Question::Kill, Question::Life] {
            for proved in [false, true] {
                let a = SideFact {
                    question,
                    attacker_master: true,
                    proved,
                }
                .bit();
                let d = SideFact {
                    question,
                    attacker_master: false,
                    proved,
                }
                .bit();
                assert_eq!(a & 0b1100_1100_1100, a);
                assert_eq!(d & 0b0011_0011_0011, d);
            }
        }
    }

    /// The sources are exactly the closure of the four implications of the module
    /// documentation (and their contrapositives), computed here from them alone.
    #[test]
    fn the_sources_are_the_closure_of_the_implications() {
        let all: Vec<SideFact> = [Question::Capture, Question::Kill, Question::Life]
            .into_iter()
            .flat_map(|question| {
                [(false, false), (false, true), (true, false), (true, true)].map(
                    |(attacker_master, proved)| SideFact {
                        question,
                        attacker_master,
                        proved,
                    },
                )
            })
            .collect();
        let lit = |question, attacker_master, proved| SideFact {
            question,
            attacker_master,
            proved,
        };
        // p implies q, for every primitive implication.
        let mut rules = Vec::new();
        for am in [false, true] {
            // Every kill is a capture.
            rules.push((
                lit(Question::Kill, am, true),
                lit(Question::Capture, am, true),
            ));
            // Safe life rules the capture out under the same master.
            rules.push((
                lit(Question::Life, am, true),
                lit(Question::Capture, am, false),
            ));
        }
        for q in [Question::Capture, Question::Kill] {
            // The attacker's mastery only adds the attacker's moves.
            rules.push((lit(q, false, true), lit(q, true, true)));
        }
        // The defender's mastery only adds the defender's moves.
        rules.push((
            lit(Question::Life, true, true),
            lit(Question::Life, false, true),
        ));
        let negate = |f: SideFact| SideFact {
            proved: !f.proved,
            ..f
        };
        let contrapositives: Vec<_> = rules.iter().map(|&(p, q)| (negate(q), negate(p))).collect();
        rules.extend(contrapositives);
        for question in [Question::Capture, Question::Kill, Question::Life] {
            for attacker_master in [false, true] {
                let (mut proving, mut refuting) = (0, 0);
                for &fact in &all {
                    let mut known = vec![fact];
                    while let Some(&(_, q)) = rules
                        .iter()
                        .find(|(p, q)| known.contains(p) && !known.contains(q))
                    {
                        known.push(q);
                    }
                    if known.contains(&lit(question, attacker_master, true)) {
                        proving |= fact.bit();
                    }
                    if known.contains(&lit(question, attacker_master, false)) {
                        refuting |= fact.bit();
                    }
                }
                assert_eq!(
                    sources(question, attacker_master),
                    (proving, refuting),
                    "{question:?} attacker master {attacker_master}"
                );
            }
        }
    }

    #[test]
    fn a_question_is_never_both_proved_and_refuted_by_its_sources() {
        for question in [Question::Capture, Question::Kill, Question::Life] {
            for attacker_master in [false, true] {
                let (proving, refuting) = sources(question, attacker_master);
                assert_eq!(proving & refuting, 0, "{question:?} {attacker_master}");
                let own = |proved| {
                    SideFact {
                        question,
                        attacker_master,
                        proved,
                    }
                    .bit()
                };
                assert_ne!(proving & own(true), 0);
                assert_ne!(refuting & own(false), 0);
            }
        }
    }

    #[test]
    fn a_kill_proved_with_the_defender_as_master_refutes_life_and_proves_the_capture() {
        let pos = parse_diagram(
            "
             . X O .
             X O . O
             . X O .",
        )
        .unwrap()
        .position;
        let attacker = Color::Black;
        let mut verdicts = Verdicts::new(attacker, 16);
        assert_eq!(
            verdicts.implied(StateKeys::of(&pos), Question::Life, attacker),
            None
        );
        let key = if pos.to_move() == !attacker {
            pos.hash_without_ko()
        } else {
            pos.hash()
        };
        let fact = Fact {
            question: Question::Kill,
            master: !attacker,
            proved: true,
        };
        verdicts.record(key, fact, 7);
        for master in [attacker, !attacker] {
            assert_eq!(
                verdicts.implied(StateKeys::of(&pos), Question::Life, master),
                Some((false, 7))
            );
            assert_eq!(
                verdicts.implied(StateKeys::of(&pos), Question::Capture, master),
                Some((true, 7))
            );
        }
        assert_eq!(
            verdicts.implied(StateKeys::of(&pos), Question::Kill, attacker),
            Some((true, 7))
        );
    }

    #[test]
    fn a_life_proved_with_the_defender_as_master_says_nothing_of_the_attackers_mastery() {
        let pos = parse_diagram(". X .\nX . O\n. O .").unwrap().position;
        let attacker = Color::Black;
        let mut verdicts = Verdicts::new(attacker, 16);
        let key = if pos.to_move() == !attacker {
            pos.hash_without_ko()
        } else {
            pos.hash()
        };
        let fact = Fact {
            question: Question::Life,
            master: !attacker,
            proved: true,
        };
        verdicts.record(key, fact, 3);
        assert_eq!(
            verdicts.implied(StateKeys::of(&pos), Question::Kill, !attacker),
            Some((false, 3))
        );
        assert_eq!(
            verdicts.implied(StateKeys::of(&pos), Question::Capture, !attacker),
            Some((false, 3))
        );
        assert_eq!(
            verdicts.implied(StateKeys::of(&pos), Question::Kill, attacker),
            None
        );
        assert_eq!(
            verdicts.implied(StateKeys::of(&pos), Question::Life, attacker),
            None
        );
    }
}
