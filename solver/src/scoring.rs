//! Whole-position judgement: every string by Art. 7, then Art. 8 (eye points, dame, seki,
//! territory) and Art. 10 (removal of dead stones from territory, the score).
//!
//! The procedure of spec §3.6:
//! 1. Lift every dead stone. Each maximal connected set of empty-or-lifted points is a
//!    region. A region whose bordering stones are all alive stones of one colour is made of
//!    that colour's eye points; every other region is dame.
//! 2. An alive string touching a dame point is in seki. An eye region is territory only when
//!    none of its bordering strings is in seki.
//! 3. Dead stones in territory are removed and become prisoners; dead stones in dame regions
//!    stay on the board and count for nobody.
//! 4. Score = territory + prisoners of the game + prisoners removed in step 3; komi to White.

use crate::confirm::{judge_strings_in, survey, Life, Limits, StringJudgement};
use crate::reading::Reading;
use rules_core::io::Komi;
use rules_core::{ByColor, Color, KoCapture, Point, PointSet, Position};
use std::fmt;
use std::time::Instant;

/// The status of a string after Art. 7 and Art. 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Alive and not touching dame.
    Alive,
    /// Alive and touching a dame point.
    Seki,
    /// Dead.
    Dead,
    /// Not decided within the limits.
    Unknown,
    /// The verdict rests on endless play, reported as such under
    /// [`crate::CycleRule::Report`] (the judgement's `cycle` says both verdicts); no
    /// territory or score is given then, since the commentary settles such positions outside
    /// confirmation.
    Cycle,
}

impl Status {
    /// The word used in the JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Seki => "seki",
            Status::Dead => "dead",
            Status::Unknown => "unknown",
            Status::Cycle => "cycle",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One string's verdict and status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StringReport {
    /// The Art. 7 judgement with its proof line.
    pub judgement: StringJudgement,
    /// The status after Art. 8.
    pub status: Status,
}

/// The result of the game by Art. 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// Black's territory plus prisoners.
    pub black: i32,
    /// White's territory plus prisoners (without komi).
    pub white: i32,
    /// Komi, added to White.
    pub komi: Komi,
}

impl Score {
    /// Black's margin in half points (negative when White wins).
    pub fn margin_half_points(&self) -> i32 {
        2 * (self.black - self.white) - self.komi.half_points()
    }

    /// `B+x`, `W+x` or `0`.
    pub fn result(&self) -> String {
        let m = self.margin_half_points();
        let points = Komi::from_half_points(m.abs());
        match m.signum() {
            1 => format!("B+{points}"),
            -1 => format!("W+{points}"),
            _ => "0".to_string(),
        }
    }
}

/// Art. 8 and 10 from given string statuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Territory {
    /// Dame points (empty or holding dead stones that stay).
    pub dame: PointSet,
    /// Territory points of each colour (empty points and removed dead stones).
    pub territory: ByColor<PointSet>,
    /// Dead stones removed from territory, by the colour of the stones.
    pub removed: ByColor<PointSet>,
    /// Dead stones that stay on the board (in dame regions), by the colour of the stones.
    pub unremovable: ByColor<PointSet>,
    /// Stones of strings in seki.
    pub seki: PointSet,
}

/// The judgement of a whole stopped position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionJudgement {
    /// The reading used.
    pub reading: Reading,
    /// Every string, in board order of its first stone.
    pub strings: Vec<StringReport>,
    /// Art. 8 and 10, when no string is unknown.
    pub territory: Option<Territory>,
    /// The score, when no string is unknown and komi is known.
    pub score: Option<Score>,
    /// Search nodes spent by the safety solver before the strings were judged.
    pub survey_nodes: u64,
}

impl PositionJudgement {
    /// The report of the string with a stone on `point`, if one stands there.
    pub fn string_at(&self, point: Point) -> Option<&StringReport> {
        self.strings
            .iter()
            .find(|s| s.judgement.stones.contains(&point))
    }
}

/// Art. 8: regions after lifting dead stones, seki, territory, removed stones.
///
/// `dead` holds the stones of dead strings. Every other stone is taken as alive.
pub fn territory(position: &Position, dead: &PointSet) -> Territory {
    let size = position.size();
    let open = |p: Point| position.color_at(p).is_none() || dead.contains(p);
    let mut seen = PointSet::new();
    let mut dame = PointSet::new();
    let mut eyes = ByColor::new(Vec::<PointSet>::new(), Vec::<PointSet>::new());
    for start in size.points() {
        if !open(start) || seen.contains(start) {
            continue;
        }
        let mut region = PointSet::new();
        let mut border = ByColor::new(false, false);
        let mut stack = vec![start];
        region.insert(start);
        while let Some(p) = stack.pop() {
            for n in p.neighbours(size) {
                if open(n) {
                    if region.insert(n) {
                        stack.push(n);
                    }
                } else if let Some(c) = position.color_at(n) {
                    border[c] = true;
                }
            }
        }
        seen = seen.union(&region);
        match (border.black, border.white) {
            (true, false) => eyes.black.push(region),
            (false, true) => eyes.white.push(region),
            _ => dame = dame.union(&region),
        }
    }
    // Seki: alive strings touching dame.
    let mut seki = PointSet::new();
    for p in size.points() {
        if position.color_at(p).is_some()
            && !dead.contains(p)
            && !seki.contains(p)
            && position
                .string_stones(p)
                .any(|s| s.neighbours(size).any(|n| dame.contains(n)))
        {
            for s in position.string_stones(p) {
                seki.insert(s);
            }
        }
    }
    let mut result = Territory {
        dame,
        territory: ByColor::default(),
        removed: ByColor::default(),
        unremovable: ByColor::default(),
        seki,
    };
    for color in Color::ALL {
        for region in &eyes[color] {
            let borders_seki = region
                .iter()
                .any(|p| p.neighbours(size).any(|n| seki.contains(n)));
            if !borders_seki {
                result.territory[color] = result.territory[color].union(region);
            }
        }
    }
    for p in dead.iter() {
        let Some(c) = position.color_at(p) else {
            continue;
        };
        if result.territory[!c].contains(p) {
            result.removed[c].insert(p);
        } else {
            result.unremovable[c].insert(p);
        }
    }
    result
}

/// Judges every string of a stopped position, strings in parallel, then applies Art. 8
/// and 10.
///
/// The strings share `limits.max_total_time` in rounds: 4,096 nodes for every string, then
/// 65,536 and 262,144 for those still open, then `limits.max_nodes` (at once when no more
/// strings are open than threads), so that a string first in board order that needs the
/// whole time does not leave the easy ones unsearched.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use solver::confirm::Limits;
/// use solver::scoring::{judge_position, Status};
/// use solver::Reading;
/// let game = parse_diagram("# komi 0.5
///  . X . . X
///  X X O . X
///  X X X X X
///  O O O O O
///  . O . O .").unwrap();
/// let j = judge_position(&game.position, None, game.komi, &Reading::default(), &Limits::default());
/// let statuses: Vec<Status> = j.strings.iter().map(|s| s.status).collect();
/// assert_eq!(statuses, [Status::Alive, Status::Alive, Status::Dead]);
/// // Black: 5 points of territory (the dead stone's point included) and 1 prisoner;
/// // White: 3 points and 0.5 komi.
/// assert_eq!(j.score.unwrap().result(), "B+2.5");
/// ```
pub fn judge_position(
    position: &Position,
    last_ko_capture: Option<KoCapture>,
    komi: Option<Komi>,
    reading: &Reading,
    limits: &Limits,
) -> PositionJudgement {
    let mut heads: Vec<Point> = Vec::new();
    let mut seen = PointSet::new();
    for p in position.size().points() {
        if position.color_at(p).is_some() && !seen.contains(p) {
            for s in position.string_stones(p) {
                seen.insert(s);
            }
            heads.push(p);
        }
    }
    // The survey counts against the position's total time.
    let deadline = limits.max_total_time.map(|t| Instant::now() + t);
    let survey = survey(position, reading, deadline);
    let judgements = judge_strings_in(
        position,
        &survey,
        last_ko_capture,
        &heads,
        reading,
        limits,
        deadline,
    );
    let any_unknown = judgements
        .iter()
        .any(|j| matches!(j.life, Life::Unknown(_)) || j.cycle.is_some());
    let dead: PointSet = judgements
        .iter()
        .filter(|j| j.life == Life::Dead)
        .flat_map(|j| j.stones.iter().copied())
        .collect();
    let terr = (!any_unknown).then(|| territory(position, &dead));
    let strings = judgements
        .into_iter()
        .map(|judgement| {
            let status = match judgement.life {
                _ if judgement.cycle.is_some() => Status::Cycle,
                Life::Dead => Status::Dead,
                Life::Unknown(_) => Status::Unknown,
                Life::Alive => match &terr {
                    Some(t) if t.seki.contains(judgement.stones[0]) => Status::Seki,
                    _ => Status::Alive,
                },
            };
            StringReport { judgement, status }
        })
        .collect();
    let score = match (&terr, komi) {
        (Some(t), Some(komi)) => {
            let prisoners = position.prisoners();
            let points = |c: Color| {
                t.territory[c].len() as i32 + prisoners[c] as i32 + t.removed[!c].len() as i32
            };
            Some(Score {
                black: points(Color::Black),
                white: points(Color::White),
                komi,
            })
        }
        _ => None,
    };
    PositionJudgement {
        reading: *reading,
        strings,
        territory: terr,
        score,
        survey_nodes: survey.nodes,
    }
}
