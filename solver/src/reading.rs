//! The reading of the rules: every open point of the J89 confirmation as a typed option.
//!
//! The default of each option is the project's default reading (docs/reading.md says why).

use rules_core::confirmation::{ConfirmationRules, InitialBan, KoPassRule};
use std::fmt;

/// Who moves first in the hypothetical play that judges a string (spec A1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum FirstMover {
    /// The attacker, the opponent of the stones judged (default).
    #[default]
    Attacker,
    /// The owner of the stones judged.
    Defender,
}

/// Where the new stone of Art. 7-1 clause 2 may stand (spec A3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum NewStoneScope {
    /// On the points the judged string occupied (default).
    #[default]
    Local1,
    /// Those points plus the empty points connected to them through empty points that
    /// touch uncapturable strings of the owner (after Jasiek's J2003).
    Local2,
    /// Anywhere in the independent area around the judged string.
    Area,
}

/// What endless hypothetical play means (spec §4, 死活例23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CycleRule {
    /// Endless play counts against the side that needed to reach its goal: the attacker
    /// that must capture, the owner that must then make a permanent stone (default; the
    /// commentary's verdicts for eternal life and double-ko seki).
    #[default]
    AgainstTheGoal,
    /// A string whose verdict rests on endless play is reported as `cycle`, with the cycle
    /// and its prisoner balance, instead of alive or dead: the commentary settles such a
    /// position by the aim of the game (Art. 1), outside confirmation.
    Report,
}

/// A complete reading of the confirmation rules.
///
/// ```
/// use solver::reading::{Reading, FirstMover};
/// let reading = Reading::default();
/// assert_eq!(reading.first, FirstMover::Attacker);
/// assert_eq!(reading.to_string(), "first=attacker ko_pass=strict new_stone=local-1 initial_ban=none");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Reading {
    /// Who moves first.
    pub first: FirstMover,
    /// The ko rules of hypothetical play (pass for ko, initial ban).
    pub ko: ConfirmationRules,
    /// Where a new stone may stand.
    pub new_stone: NewStoneScope,
    /// What endless play means.
    pub cycles: CycleRule,
}

impl Reading {
    /// The default reading.
    pub const DEFAULT: Reading = Reading {
        first: FirstMover::Attacker,
        ko: ConfirmationRules::JAPANESE_1989,
        new_stone: NewStoneScope::Local1,
        cycles: CycleRule::AgainstTheGoal,
    };

    /// The names of the options and their values, as the JSON output lists them; `cycles`
    /// only when it is not the default, so that the default reading keeps the four fields
    /// of the output contract.
    ///
    /// ```
    /// use solver::reading::{CycleRule, Reading};
    /// assert_eq!(Reading::default().fields().len(), 4);
    /// let reporting = Reading { cycles: CycleRule::Report, ..Reading::default() };
    /// assert_eq!(reporting.fields()[4], ("cycles", "report"));
    /// ```
    pub fn fields(&self) -> Vec<(&'static str, &'static str)> {
        let mut fields = vec![
            (
                "first",
                match self.first {
                    FirstMover::Attacker => "attacker",
                    FirstMover::Defender => "defender",
                },
            ),
            (
                "ko_pass",
                match self.ko.ko_pass {
                    KoPassRule::StrictPerRetake => "strict",
                    KoPassRule::OncePerPlayerPerKo => "once-per-ko",
                    KoPassRule::J2003 => "j2003",
                    KoPassRule::KataGoV1 => "katago-v1",
                    KoPassRule::KataGo => "katago",
                },
            ),
            (
                "new_stone",
                match self.new_stone {
                    NewStoneScope::Local1 => "local-1",
                    NewStoneScope::Local2 => "local-2",
                    NewStoneScope::Area => "area",
                },
            ),
            (
                "initial_ban",
                match self.ko.initial_ban {
                    InitialBan::None => "none",
                    InitialBan::CarriedOver => "carried-over",
                },
            ),
        ];
        if self.cycles == CycleRule::Report {
            fields.push(("cycles", "report"));
        }
        fields
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .fields()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        write!(f, "{}", parts.join(" "))
    }
}
