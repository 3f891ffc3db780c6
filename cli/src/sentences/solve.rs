//! The sentences of `shikatsu solve` (and the solver's verdicts that `verify` repeats).

use super::Language;
use crate::solve::Found;
use rules_core::{Color, Move};
use solver::dfpn::StopReason;
use solver::tsumego::{Class, Goal, KillRule};

impl Language {
    /// The goal's name (`kill`, `live`).
    pub fn goal(self, goal: Goal) -> &'static str {
        self.finish_static(match goal {
            Goal::Kill => "kill",
            Goal::Live => "live",
        })
    }

    /// A result class's name (`win`, `ko`, `seki`, `fail`, `unknown`).
    pub fn class(self, class: Class) -> &'static str {
        self.finish_static(class.name())
    }

    /// How a part of the problem was found.
    pub fn found(self, found: Found) -> String {
        const BOX: &str = "inferred: bounding box of the stones (stretched to near edges), inside the wall, near the defender";
        const ENCLOSURE: &str = "inferred: enclosed by the attacker's wall (gaps closed) and the edge, within a line of the stones, with weak wall strings";
        const TREE: &str = ", plus the points the solution tree plays";
        let text = match found {
            Found::Pl => "PL".to_string(),
            Found::Comment => "comment".to_string(),
            Found::FirstMove => "first move of the tree".to_string(),
            Found::DefaultBlack => "default (Black)".to_string(),
            Found::TurnColor => "turn_color".to_string(),
            Found::Flag => "flag".to_string(),
            Found::File => "file".to_string(),
            Found::CrucialStones => "file (crucial stones)".to_string(),
            Found::LargestCapturable => {
                "inferred: the defender's largest capturable string".to_string()
            }
            Found::EveryCapturable => {
                "inferred: every capturable string of the defender (all to be taken)".to_string()
            }
            Found::CorrectLines => {
                "inferred: the defender's largest capturable string the book's correct lines touch"
                    .to_string()
            }
            Found::Marked => "file (the stones the root marks, all to be taken)".to_string(),
            Found::BoxNearDefender(tree) => format!("{BOX}{}", if tree { TREE } else { "" }),
            Found::Enclosure(tree) => format!("{ENCLOSURE}{}", if tree { TREE } else { "" }),
            Found::EnclosureOfFight(tree) => format!(
                "{ENCLOSURE}, bounded by the target and the points the correct lines play{}",
                if tree { TREE } else { "" }
            ),
        };
        self.finish(text)
    }

    /// The first line: who plays, how that was found, and the goal.
    pub fn solve_heading(self, to_play: Color, found_by: &str, goal: Goal) -> String {
        format!(
            "{} ({found_by}), {}: {}",
            self.finish(format!("{} to play", Language::English.color(to_play))),
            self.finish("goal".to_string()),
            self.goal(goal)
        )
    }

    /// The target line.
    pub fn solve_target(self, stones: &str, found_by: &str) -> String {
        format!(
            "{}: {stones} ({found_by})",
            self.finish("Target".to_string())
        )
    }

    /// How an inferred region was found, grown by `rings` rings of empty points.
    pub fn region_grown(self, found_by: &str, rings: u32) -> String {
        format!(
            "{found_by}{}",
            self.finish(if rings == 1 {
                ", grown by 1 ring of empty points".to_string()
            } else {
                format!(", grown by {rings} rings of empty points")
            })
        )
    }

    /// The region line.
    pub fn solve_region(self, points: usize, found_by: &str) -> String {
        format!(
            "{} ({found_by})",
            self.finish(format!("Region: {points} points"))
        )
    }

    /// The frame line: attacker stones added just outside an inferred region.
    pub fn solve_frame(self, stones: usize, attacker: Color) -> String {
        let attacker = Language::English.color(attacker);
        self.finish(format!(
            "Frame: {stones} stones of {attacker} added just outside the region"
        ))
    }

    /// The stones with a liberty outside the region (the attacker cannot take it).
    pub fn solve_safe(self, stones: Option<&str>) -> String {
        let head = self.finish("Safe (liberty outside the region)".to_string());
        match stones {
            Some(s) => format!("{head}: {s}"),
            None => format!("{head}: {}", self.finish("none".to_string())),
        }
    }

    /// The ko master a problem file fixes (Cho JSON: the side allowed to win by ko).
    pub fn solve_ko_master(self, master: Color) -> String {
        let master = Language::English.color(master);
        self.finish(format!(
            "Ko master: {master} (the file's ko rules: only {master} may win by ko)"
        ))
    }

    /// What killing means in this problem.
    pub fn solve_kill_rule(self, rule: KillRule) -> String {
        self.finish(
            match rule {
                KillRule::CaptureForGood => "Kill rule: capture, and no permanent stone after it",
                KillRule::CaptureOnly => "Kill rule: capture",
            }
            .to_string(),
        )
    }

    /// The result line: the class, why it is unknown, the best first moves.
    pub fn solve_result(self, class: Class, best: &str) -> String {
        let mut s = format!(
            "{}: {}",
            self.finish("Result".to_string()),
            self.class(class)
        );
        if let Class::Unknown(r) = class {
            s.push_str(&format!(" ({})", self.stop_reason(r)));
        }
        if !best.is_empty() {
            s.push_str(&format!("  {}: {best}", self.finish("best".to_string())));
        }
        s
    }

    /// Why a search stopped.
    pub fn stop_reason(self, reason: StopReason) -> &'static str {
        self.finish_static(match reason {
            StopReason::NodeLimit => "node limit reached",
            StopReason::TimeLimit => "time limit reached",
            StopReason::Cancelled => "cancelled",
            StopReason::DepthLimit => "depth limit reached",
        })
    }

    /// A move of a tsumego line: the player's letter and the move ("B D4", "W pass").
    pub fn tsumego_move(self, color: Color, mv: Move) -> String {
        let letter = color.letter();
        match mv {
            Move::Play(p) => format!("{letter} {p}"),
            Move::Pass => format!("{letter} {}", self.finish("pass".to_string())),
        }
    }

    /// A first move and its class.
    pub fn move_class(self, mv: Move, class: Class) -> String {
        match mv {
            Move::Play(p) => format!("{p} {}", self.class(class)),
            Move::Pass => format!("{} {}", self.finish("pass".to_string()), self.class(class)),
        }
    }

    /// The principal line.
    pub fn solve_line(self, line: &str) -> String {
        format!("{}: {line}", self.finish("Line".to_string()))
    }

    /// The heading of the first moves and their classes.
    pub fn solve_first_moves(self) -> String {
        self.finish("First moves:".to_string())
    }

    /// The search effort.
    pub fn solve_nodes(self, nodes: u64, ms: u64) -> String {
        self.finish(format!("Nodes: {nodes} ({ms} ms)"))
    }

    /// The legend under the board of `solve`.
    pub fn solve_legend(self) -> String {
        self.finish(
            "x o the target   + empty point of the region   . outside it   1 the best first move"
                .to_string(),
        )
    }

    /// The one sentence that says what the result means and which rule decided it.
    pub fn solve_verdict(
        self,
        to_play: Color,
        goal: Goal,
        class: Class,
        kill_rule: KillRule,
    ) -> String {
        let me = Language::English.color(to_play);
        let you = Language::English.color(!to_play);
        let (killer, owner) = match goal {
            Goal::Kill => (me, you),
            Goal::Live => (you, me),
        };
        let kill = match kill_rule {
            KillRule::CaptureForGood => format!(
                "{killer} captures the target and {owner} cannot then make a stone on its points that {killer} could not capture (Art. 7-1 as the kill objective)"
            ),
            KillRule::CaptureOnly => format!("{killer} captures a stone of the target"),
        };
        let text = match (goal, class) {
            (_, Class::Unknown(r)) => format!(
                "Not decided: {}; raise --max-nodes or --max-time (the answer is never a guess).",
                Language::English.stop_reason(r)
            ),
            (Goal::Kill, Class::Win) => format!(
                "{me} kills: whatever {you} answers, {kill}, even when {you} has every ko threat (ko master)."
            ),
            (Goal::Kill, Class::Ko) => format!(
                "{me} kills only as ko master: the best line ends in a ko, and {kill} only if {me} wins it."
            ),
            (Goal::Kill, Class::Seki) => format!(
                "{me} cannot kill: the best {me} reaches is a seki, where {you}'s stones live without two eyes and neither side can capture (Art. 8)."
            ),
            (Goal::Kill, Class::Fail) => format!(
                "{me} cannot kill: {you} lives whatever {me} plays, even when {me} has every ko threat."
            ),
            (Goal::Live, Class::Win) => format!(
                "{me} lives: whatever {you} plays, the target ends safe (pass-alive, or joined to the open board), even when {you} has every ko threat (ko master)."
            ),
            (Goal::Live, Class::Ko) => format!(
                "{me} lives only as ko master: the best line ends in a ko that {me} must win; otherwise {kill}."
            ),
            (Goal::Live, Class::Seki) => format!(
                "{me} lives, but only in seki: neither side can capture, and a seki has no territory (Art. 8)."
            ),
            (Goal::Live, Class::Fail) => format!(
                "{me} cannot live: whatever {me} plays, {kill}, even when {me} has every ko threat."
            ),
        };
        self.finish(text)
    }
}
