//! The sentences of `shikatsu verify`.

use super::Language;
use crate::solve::{GoalArg, RegionRule, TargetInference};
use crate::verify::{BadLine, LinesStopped, Note, Verdict};
use rules_core::{Color, Move};

/// What another set-up gave, for the notes that hedge a verdict: its verdict, "for
/// another reason" when it is the same verdict with another accusation, or that it could
/// not be set up.
fn other_outcome(verdict: Verdict, other: Option<Verdict>) -> String {
    let english = Language::English;
    match other {
        None => "cannot be set up".to_string(),
        Some(v) if v == verdict => format!("{} for another reason", english.verdict(v)),
        Some(v) => english.verdict(v).to_string(),
    }
}

/// How many undecided first moves of a dual check are named before the rest is only
/// counted (a problem with a wide region can leave dozens).
const UNDECIDED_NAMED: usize = 6;

/// Where a line check stopped: the limit and how many lines it had checked.
fn lines_stopped(stopped: &LinesStopped) -> String {
    format!(
        "{} after {} of {} lines",
        Language::English.stop_reason(stopped.reason),
        stopped.checked,
        stopped.lines
    )
}

impl Language {
    /// A verdict's word (`agree`, `wrong`, `dual`, `unknown`, `skipped`).
    pub fn verdict(self, verdict: Verdict) -> &'static str {
        self.finish_static(match verdict {
            Verdict::Agree => "agree",
            Verdict::Wrong => "wrong",
            Verdict::Dual => "dual",
            Verdict::Unknown => "unknown",
            Verdict::Skipped => "skipped",
        })
    }

    /// The answers of the file and of the solver, and the effort.
    pub fn verify_counts(self, expected: &[Move], found: &[Move], nodes: u64, ms: u64) -> String {
        let list = |v: &[Move]| {
            if v.is_empty() {
                self.finish("none".to_string())
            } else {
                let names: Vec<String> = v.iter().map(|&m| self.move_name(m)).collect();
                names.join(" ")
            }
        };
        format!(
            "{} {}  {} {}  ({})",
            self.finish("expected".to_string()),
            list(expected),
            self.finish("found".to_string()),
            list(found),
            self.finish(format!("{nodes} nodes, {ms} ms"))
        )
    }

    /// Why a problem got its verdict.
    pub fn verify_note(self, note: &Note) -> String {
        let moves = |v: &[Move]| {
            v.iter()
                .map(|m| self.move_name(*m))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let english = Language::English;
        let text = match note {
            // An error is reported as it was raised, not as a sentence of this module.
            Note::Error(e) => return e.clone(),
            Note::NoAnswer => "the file gives no answer".to_string(),
            Note::CheckingLines(stopped) => {
                format!("checking the lines: {}", lines_stopped(stopped))
            }
            Note::LinesUnchecked { dual, stopped } => format!(
                "{}; the lines not all checked: {}",
                english.verify_note(dual),
                lines_stopped(stopped)
            ),
            Note::CorrectLineFails => "a correct line of the solution tree fails".to_string(),
            Note::WrongLineWins => "a line marked wrong still wins".to_string(),
            Note::KoInFileWinFound => "the file says ko; the solver wins without one".to_string(),
            Note::FileSaysFail(c) => format!(
                "the file says every move fails; the solver finds {}",
                english.class(*c)
            ),
            Note::Undecided(r) => english.stop_reason(*r).to_string(),
            Note::MoveUndecided(m, r) => {
                format!("{}: {}", english.move_name(*m), english.stop_reason(*r))
            }
            Note::CaptureProved(m, r, master) => format!(
                "{}: {}; its plain capture is proved with {} as ko master; only whether the \
                 defender can stand on the target's points for good is open",
                english.move_name(*m),
                english.stop_reason(*r),
                english.color(*master)
            ),
            Note::AnswerOutsideRegion(m) => format!(
                "marked answer {} is outside the region or illegal; give --region",
                english.move_name(*m)
            ),
            Note::AnswerIs(m, c) => format!(
                "marked answer {} is {}",
                english.move_name(*m),
                english.class(*c)
            ),
            Note::WrongMoveIs(m, c) => format!(
                "marked wrong move {} is {}",
                english.move_name(*m),
                english.class(*c)
            ),
            Note::AlsoBest(v) => format!("also best: {}", moves(v)),
            Note::DualUndecided(v) => {
                let named = moves(&v[..v.len().min(UNDECIDED_NAMED)]);
                match v.len().saturating_sub(UNDECIDED_NAMED) {
                    0 => format!("{named} undecided: a dual cannot be ruled out"),
                    more => {
                        format!("{named} and {more} more undecided: a dual cannot be ruled out")
                    }
                }
            }
            Note::FileFailsSolverWins => {
                "the file says the player fails; the solver wins".to_string()
            }
            Note::FileWinsSolverFails => {
                "the file says the player wins; the solver fails".to_string()
            }
            Note::BookIllegal(m) => format!("{} is illegal", english.move_name(*m)),
            Note::BookUndecided(m, r) => {
                format!("{}: {}", english.move_name(*m), english.stop_reason(*r))
            }
            Note::BookWinsToo(book, other) => format!(
                "{} wins, and so does {}",
                english.move_name(*book),
                english.move_name(*other)
            ),
            Note::BookFails(m) => format!("{} fails", english.move_name(*m)),
            Note::PassingWins { rule, used } => format!(
                "with --region-rule {} the player reaches the goal even by passing, so that \
                 set-up cannot be the book's problem: judged with --region-rule {} instead",
                rule_flag(*rule),
                rule_flag(*used)
            ),
            Note::NothingWorks { rule, used } => format!(
                "with --region-rule {} no first move reaches the goal, so that set-up cannot be \
                 the book's problem: judged with --region-rule {} instead",
                rule_flag(*rule),
                rule_flag(*used)
            ),
            Note::BookPointsAdded(first) => format!(
                "{} in the inferred region, which leaves out points the book's lines play: judged \
                 with them in the region (--tree-region)",
                english.verdict(*first)
            ),
            Note::RegionDependent {
                verdict,
                rule,
                other,
            } => {
                let rule = rule_flag(*rule);
                let other = other_outcome(*verdict, *other);
                format!(
                    "{} in the inferred region, but {other} with --region-rule {rule}: the verdict may be the inferred region's doing; give --region to decide",
                    english.verdict(*verdict)
                )
            }
            Note::EscapesDependent {
                verdict,
                closed,
                other,
            } => {
                let other = other_outcome(*verdict, *other);
                let how = if *closed {
                    "with the defender's liberties just outside the region framed (--close-escapes)"
                } else {
                    "with them left open (without --close-escapes)"
                };
                format!(
                    "{} in the inferred region, but {other} {how}: the verdict may rest on a defender string that the region's border leaves a liberty; give --region to decide",
                    english.verdict(*verdict)
                )
            }
            Note::GrowthDependent { verdict, other } => {
                let other = other_outcome(*verdict, *other);
                format!(
                    "{} in the inferred region, but {other} with it one ring wider (--grow-region 1), its frame further out: the verdict may rest on a liberty the frame takes from a stone on the region's edge; give --region to decide",
                    english.verdict(*verdict)
                )
            }
            Note::TargetDependent {
                verdict,
                rule,
                other,
            } => {
                let other = other_outcome(*verdict, *other);
                let rule = match rule {
                    TargetInference::Largest => "largest",
                    TargetInference::Group => "group",
                    TargetInference::Tree => "tree",
                };
                format!(
                    "{} with the inferred target, but {other} with --target-inference {rule}: the verdict may be the inferred target's doing; give --target to decide",
                    english.verdict(*verdict)
                )
            }
            Note::GoalDependent {
                verdict,
                goal,
                other,
            } => {
                let other = other_outcome(*verdict, *other);
                let goal = match goal {
                    GoalArg::Kill => "kill",
                    GoalArg::Live => "live",
                };
                format!(
                    "{} with the inferred goal, but {other} with --goal {goal}: the verdict may be the inferred goal's doing; give --goal to decide",
                    english.verdict(*verdict)
                )
            }
        };
        self.finish(text)
    }

    /// A refuted line of the solution tree.
    pub fn bad_line(self, bad: &BadLine) -> String {
        let english = Language::English;
        let line = |moves: &[(Color, Move)]| {
            moves
                .iter()
                .map(|&(c, m)| english.tsumego_move(c, m))
                .collect::<Vec<_>>()
                .join(", ")
        };
        self.finish(match bad {
            BadLine::CorrectFails { line: l, after } => format!(
                "correct line {} fails after {}",
                line(l),
                english.tsumego_move(after.0, after.1)
            ),
            BadLine::WrongWins { line: l } => format!("wrong line {} still wins", line(l)),
        })
    }

    /// The solver's line under a disagreement.
    pub fn solvers_line(self, line: &str) -> String {
        format!("{}: {line}", self.finish("solver's line".to_string()))
    }

    /// The last line of the text report: the counts per verdict (agree, wrong, dual,
    /// unknown, skipped).
    pub fn verify_summary(self, problems: usize, counts: [usize; 5]) -> String {
        let [agree, wrong, dual, unknown, skipped] = counts;
        self.finish(format!(
            "{problems} problems: {agree} agree, {wrong} wrong, {dual} dual, {unknown} unknown, {skipped} skipped"
        ))
    }

    /// Under the summary: the `unknown` verdicts by cause, each with what decides it.
    pub fn unknown_causes(self, at_limit: usize, replaced: usize, on_setup: usize) -> String {
        self.finish(format!(
            "unknown: {at_limit} at a search limit (raise --max-nodes or --max-time; {replaced} \
             of them after a change of the inferred set-up), {on_setup} on the inferred set-up \
             (give --region, --target or --goal)"
        ))
    }

    /// A first move on its own: a point, or the pass.
    pub fn move_name(self, mv: Move) -> String {
        match mv {
            Move::Play(p) => p.to_string(),
            Move::Pass => self.finish("pass".to_string()),
        }
    }
}

/// The value of `--region-rule` that names `rule`.
fn rule_flag(rule: RegionRule) -> &'static str {
    match rule {
        RegionRule::Enclosure => "enclosure",
        RegionRule::Box => "box",
    }
}
