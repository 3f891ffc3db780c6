//! Scoring real game records: completion of the last dame and teire (spec §3.7), then the
//! strict judgement of Art. 7, 8 and 10.
//!
//! Professional records stop before the last dame are filled. Judged strictly, every live
//! group that touches an unfilled dame is in seki and has no territory. [`score_game`] first
//! plays the missing moves as the players would have, as real moves of the game by the
//! rules, and lists each of them with why it was assumed:
//!
//! 1. Judge the stopped position strictly ([`judge_position`]). An undecided string makes the
//!    result unknown at once: completion is planned from the verdicts, never from a guess.
//! 2. A string of the player to move in atari, dead only because the opponent moves first,
//!    gets the teire the record left out when one move makes it and its neighbours alive;
//!    not when its last liberty lies in the opponent's territory (that move would invade).
//! 3. Lift the dead stones. An empty point of a dame region (Art. 8, spec §3.6 step 1) is a
//!    *fill* for a player when it touches a live stone of the opponent and none of the
//!    player's own dead stones. Points that touch live stones of both colours come first;
//!    among them, points next to a live string with three liberties or fewer (where a fill
//!    may force or save a teire) first; then board order. A point of a dame region that
//!    touches only the player's own live stones comes after all of those: usually the
//!    opponent's fill next to it settles it, but where two dame lie in a row between two
//!    live groups and each fill next to the other side is a self-atari, only filling one's
//!    own side turns them into filled dame (left alone they would put both groups in seki).
//! 4. The players alternate from the player to move. The player fills the first point that is
//!    legal and *safe*: after it, every string within two points of it is judged again; the
//!    filler's strings must all stay alive. When some of the opponent's strings became
//!    capturable, the opponent answers with a *teire*: the first legal move near the
//!    endangered strings (dame points first, then their liberties, then the points next to
//!    those) after which every string near the fill and the teire is alive again. When no
//!    such move exists, the fill is not made. A string the fill leaves in atari gets a teire
//!    too, even when confirmation calls it alive (a stone arises on its points after the
//!    capture): in the game it would be taken by a real move, so its owner connects (when no
//!    move takes it out of atari, the fill stands). A player with no safe fill passes; two
//!    passes in a row end the completion.
//! 5. Judge the completed position strictly and score it. Every stone that stood before
//!    and still stands must keep its verdict (alive or dead); otherwise the completion is
//!    reported as having changed a verdict and no score is given.
//!
//! `docs/completion.md` gives the rule with its reasons and known limits.

use crate::confirm::{judge_strings_in, survey, Life, Limits, StringJudgement};
use crate::reading::Reading;
use crate::scoring::{judge_position, territory, PositionJudgement, Score};
use rules_core::io::Komi;
use rules_core::{Color, KoCapture, Move, Point, PointSet, Position};
use std::fmt;
use std::time::{Duration, Instant};

/// Whether to complete the record before judging.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Play the missing dame and teire first (spec §3.7).
    #[default]
    Complete,
    /// Judge the position as it stands.
    Strict,
}

/// Why a move was assumed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Why {
    /// A dame point filled.
    Dame,
    /// A reinforcement made necessary by the dame fill just before it.
    Teire,
}

impl Why {
    /// `dame` or `teire`.
    pub fn as_str(self) -> &'static str {
        match self {
            Why::Dame => "dame",
            Why::Teire => "teire",
        }
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A move the completion assumed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AssumedMove {
    /// Who played it.
    pub color: Color,
    /// Where.
    pub point: Point,
    /// Why.
    pub why: Why,
}

impl fmt::Display for AssumedMove {
    /// `B K10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.point)
    }
}

/// Why no score is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undecided {
    /// These strings (their stones) could not be decided within the limits.
    Strings(Vec<Vec<Point>>),
    /// The completion changed the verdict of these strings (their stones): a dame fill or a
    /// teire the search accepted made a live string dead or a dead one alive, so the
    /// completed position does not score the stopped one.
    Changed(Vec<Vec<Point>>),
    /// Every string is decided but no komi is known.
    NoKomi,
}

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |strings: &[Vec<Point>]| {
            strings
                .iter()
                .map(|s| s.first().map_or(String::new(), Point::to_string))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self {
            Undecided::Strings(s) => write!(f, "undecided strings at {}", list(s)),
            Undecided::Changed(s) => {
                write!(
                    f,
                    "the completion changed the verdict of strings at {}",
                    list(s)
                )
            }
            Undecided::NoKomi => f.write_str("no komi given"),
        }
    }
}

/// The result of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Every string decided: the score by Art. 10.
    Scored(Score),
    /// No score, and why.
    Unknown(Undecided),
}

impl GameResult {
    /// `B+x`, `W+x`, `0` or `unknown`.
    pub fn text(&self) -> String {
        match self {
            GameResult::Scored(s) => s.result(),
            GameResult::Unknown(_) => "unknown".to_string(),
        }
    }
}

/// A scored game: the moves assumed, the position judged and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredGame {
    /// The moves the completion assumed, in order (empty in strict mode).
    pub assumed: Vec<AssumedMove>,
    /// The position that was judged last: the completed one, or the stopped one when the
    /// completion could not start or stopped on an undecided string.
    pub position: Position,
    /// The last ko capture of that position (the Art. 7-2 ban its judgement started from).
    pub last_ko_capture: Option<KoCapture>,
    /// Whether `position` is the completed one (every assumed move played on it).
    pub completed: bool,
    /// Its strict judgement.
    pub judgement: PositionJudgement,
    /// The result.
    pub result: GameResult,
}

/// What one game's scoring needs besides the position.
struct Context<'a> {
    reading: &'a Reading,
    limits: &'a Limits,
    deadline: Option<Instant>,
}

impl Context<'_> {
    /// The limits cut to what is left of the whole game's time.
    fn limits_now(&self) -> Limits {
        let mut own = *self.limits;
        if let Some(deadline) = self.deadline {
            let left = deadline
                .saturating_duration_since(Instant::now())
                .max(Duration::from_millis(1));
            own.max_time = Some(own.max_time.map_or(left, |t| t.min(left)));
            own.max_total_time = Some(left);
        }
        own
    }
}

/// Scores a stopped game: completes it first in [`Mode::Complete`], then judges it strictly.
///
/// `limits.max_total_time` bounds the whole game, completion included.
///
/// ```
/// use rules_core::io::parse_diagram;
/// use solver::completion::{score_game, Mode};
/// use solver::confirm::Limits;
/// use solver::Reading;
/// // D2 is dame. When White fills it, Black D1 is in atari and Black must connect at C1.
/// let game = parse_diagram("# komi 0.5
/// ## to-play W
///  . X . X O . O
///  X X X X O O O
///  . X . X O . O
///  X X X . O O O
///  . X . X O . O").unwrap();
/// let (reading, limits) = (Reading::default(), Limits::default());
/// let strict = score_game(&game.position, None, game.komi, &reading, &limits, Mode::Strict);
/// // Strictly, both groups touch the dame: seki, no territory.
/// assert_eq!(strict.result.text(), "W+0.5");
/// let done = score_game(&game.position, None, game.komi, &reading, &limits, Mode::Complete);
/// let moves: Vec<String> = done.assumed.iter().map(|m| format!("{m} {}", m.why)).collect();
/// assert_eq!(moves, ["W D2 dame", "B C1 teire"]);
/// // Black: A5 C5 A3 A1 C3 (C1 is filled); White: F5 F3 F1.
/// assert_eq!(done.result.text(), "B+1.5");
/// /// ```
pub fn score_game(
    position: &Position,
    last_ko_capture: Option<KoCapture>,
    komi: Option<Komi>,
    reading: &Reading,
    limits: &Limits,
    mode: Mode,
) -> ScoredGame {
    let ctx = Context {
        reading,
        limits,
        deadline: limits.max_total_time.map(|t| Instant::now() + t),
    };
    let first = judge_position(position, last_ko_capture, komi, reading, &ctx.limits_now());
    let undecided = unknown_strings(&first);
    if mode == Mode::Strict || !undecided.is_empty() {
        let result = result_of(&first, komi, undecided);
        return ScoredGame {
            assumed: Vec::new(),
            position: position.clone(),
            last_ko_capture,
            completed: false,
            judgement: first,
            result,
        };
    }
    let dead: PointSet = first
        .strings
        .iter()
        .filter(|s| s.judgement.life == Life::Dead)
        .flat_map(|s| s.judgement.stones.iter().copied())
        .collect();
    let mut game = Completion {
        position: position.clone(),
        last_ko: last_ko_capture,
        dead,
        assumed: Vec::new(),
    };
    let revived = match game.pending_teire(&ctx) {
        Ok(r) => r,
        Err(open) => {
            return ScoredGame {
                assumed: game.assumed,
                position: position.clone(),
                last_ko_capture,
                completed: false,
                judgement: first,
                result: GameResult::Unknown(Undecided::Strings(open)),
            }
        }
    };
    if let Err(open) = game.run(&ctx) {
        return ScoredGame {
            assumed: game.assumed,
            position: position.clone(),
            last_ko_capture,
            completed: false,
            judgement: first,
            result: GameResult::Unknown(Undecided::Strings(open)),
        };
    }
    let last = judge_position(
        &game.position,
        game.last_ko,
        komi,
        reading,
        &ctx.limits_now(),
    );
    let undecided = unknown_strings(&last);
    let result = if undecided.is_empty() {
        let changed = changed_verdicts(position, &first, &game.position, &last, &revived);
        if changed.is_empty() {
            result_of(&last, komi, Vec::new())
        } else {
            GameResult::Unknown(Undecided::Changed(changed))
        }
    } else {
        GameResult::Unknown(Undecided::Strings(undecided))
    };
    ScoredGame {
        assumed: game.assumed,
        position: game.position,
        last_ko_capture: game.last_ko,
        completed: true,
        judgement: last,
        result,
    }
}

fn unknown_strings(j: &PositionJudgement) -> Vec<Vec<Point>> {
    j.strings
        .iter()
        .filter(|s| matches!(s.judgement.life, Life::Unknown(_)))
        .map(|s| s.judgement.stones.clone())
        .collect()
}

fn result_of(j: &PositionJudgement, komi: Option<Komi>, undecided: Vec<Vec<Point>>) -> GameResult {
    if !undecided.is_empty() {
        return GameResult::Unknown(Undecided::Strings(undecided));
    }
    match (j.score, komi) {
        (Some(score), _) => GameResult::Scored(score),
        (None, None) => GameResult::Unknown(Undecided::NoKomi),
        // judge_position scores whenever komi is known and nothing is unknown.
        (None, Some(_)) => GameResult::Unknown(Undecided::Strings(Vec::new())),
    }
}

/// The strings of the stopped position whose stones, where they still stand, have another
/// verdict in the completed position.
fn changed_verdicts(
    before: &Position,
    first: &PositionJudgement,
    after: &Position,
    last: &PositionJudgement,
    revived: &PointSet,
) -> Vec<Vec<Point>> {
    first
        .strings
        .iter()
        .filter(|s| {
            let was_dead = s.judgement.life == Life::Dead;
            s.judgement.stones.iter().any(|&p| {
                !revived.contains(p)
                    && after.color_at(p) == before.color_at(p)
                    && last
                        .string_at(p)
                        .is_some_and(|r| (r.judgement.life == Life::Dead) != was_dead)
            })
        })
        .map(|s| s.judgement.stones.clone())
        .collect()
}

/// Distance (in steps along the lines) within which strings are judged again after a move.
const NEAR: u32 = 2;

/// Most teire candidates tried for one fill.
const MAX_TEIRE_TRIES: usize = 16;

/// The state of the completion.
struct Completion {
    position: Position,
    last_ko: Option<KoCapture>,
    /// Stones judged dead in the stopped position that still stand.
    dead: PointSet,
    assumed: Vec<AssumedMove>,
}

/// An accepted fill: the position after it, and the teire it needs with the position
/// after that.
struct Accepted {
    after_fill: Position,
    teire: Option<(Point, Position)>,
}

/// What trying one fill found.
enum Trial {
    /// The fill, and the teire it needs if any, keep every string's verdict.
    Accept(Box<Accepted>),
    /// The fill is not made.
    Refuse,
}

impl Completion {
    /// Alternates fills until both players pass. `Err` names strings left undecided.
    fn run(&mut self, ctx: &Context<'_>) -> Result<(), Vec<Vec<Point>>> {
        let mut color = self.position.to_move();
        let mut passes = 0;
        // Each fill takes an empty point, captures only dead stones and never gives back
        // territory, so the loop ends; the cap guards against a mistake turning it endless.
        let cap = 4 * self.position.size().area();
        let mut turns = 0;
        while passes < 2 && turns < cap {
            turns += 1;
            let mut played = false;
            for fill in self.fills(color) {
                match self.try_fill(color, fill, ctx)? {
                    Trial::Refuse => continue,
                    Trial::Accept(accepted) => {
                        let Accepted { after_fill, teire } = *accepted;
                        self.commit(color, fill, Why::Dame, after_fill);
                        if let Some((t, after_teire)) = teire {
                            self.commit(!color, t, Why::Teire, after_teire);
                        }
                        played = true;
                        break;
                    }
                }
            }
            if played {
                passes = 0;
                // After a teire the filler moves again, as in the game.
                if self.assumed.last().is_some_and(|m| m.why == Why::Dame) {
                    color = !color;
                }
            } else {
                passes += 1;
                color = !color;
            }
        }
        Ok(())
    }

    /// The teire the record left for the player to move: a string of that player in atari,
    /// dead only because the opponent moves first, that one move makes alive with every
    /// string near it. (Records often end with a dame fill that ataris and omit the answer.)
    /// Returns the stones it made alive, to be exempt from the verdict check.
    fn pending_teire(&mut self, ctx: &Context<'_>) -> Result<PointSet, Vec<Vec<Point>>> {
        let color = self.position.to_move();
        let pos = &self.position;
        // A string whose last liberty lies in the opponent's territory (a region that only
        // the opponent's live stones bound, the dead stones lifted) was not put in atari by
        // a dame fill: a move there would invade that territory, not answer a fill.
        let theirs = territory(pos, &self.dead).territory[!color];
        let mut seen = PointSet::new();
        let mut heads = Vec::new();
        for p in self.dead.iter() {
            if pos.color_at(p) == Some(color)
                && !seen.contains(p)
                && pos.in_atari(p)
                && !pos.liberties(p).difference(&theirs).is_empty()
            {
                for s in pos.string_stones(p) {
                    seen.insert(s);
                }
                heads.push(p);
            }
        }
        let mut open_seen = Vec::new();
        for head in heads {
            let stones: PointSet = self.position.string_stones(head).collect();
            let skip = self.dead.difference(&stones);
            for t in self.teire_candidates(&self.position, color, &[head], &skip) {
                let Some(after) = self.play(&self.position, color, t) else {
                    continue;
                };
                let ko = ko_capture_of(&self.position, color, t);
                let verdicts = self.judge_near(&after, ko, &[t, head], &skip, ctx);
                let open = undecided(&verdicts);
                if !open.is_empty() {
                    open_seen = open;
                    continue;
                }
                let revived = verdicts.iter().any(|j| j.stones.contains(&head));
                if revived && verdicts.iter().all(|j| j.life == Life::Alive) {
                    self.dead = skip;
                    self.commit(color, t, Why::Teire, after);
                    return Ok(stones);
                }
            }
        }
        if open_seen.is_empty() {
            Ok(PointSet::new())
        } else {
            Err(open_seen)
        }
    }

    fn commit(&mut self, color: Color, point: Point, why: Why, after: Position) {
        self.last_ko = ko_capture_of(&self.position, color, point);
        self.position = after;
        let still: PointSet = self
            .dead
            .iter()
            .filter(|&p| self.position.color_at(p).is_some())
            .collect();
        self.dead = still;
        self.assumed.push(AssumedMove { color, point, why });
    }

    /// The fills of `color`: the points touching live stones of both colours first, among
    /// them those next to a string with three liberties or fewer first, then board order.
    fn fills(&self, color: Color) -> Vec<Point> {
        let pos = &self.position;
        let size = pos.size();
        let dame = territory(pos, &self.dead).dame;
        let alive_of = |p: Point, c: Color| pos.color_at(p) == Some(c) && !self.dead.contains(p);
        let dead_of = |p: Point, c: Color| pos.color_at(p) == Some(c) && self.dead.contains(p);
        let mut fills: Vec<(bool, bool, bool, Point)> = dame
            .iter()
            .filter(|&p| pos.color_at(p).is_none())
            .filter(|&p| !p.neighbours(size).any(|n| dead_of(n, color)))
            .filter_map(|p| {
                let theirs = p.neighbours(size).any(|n| alive_of(n, !color));
                let mine = p.neighbours(size).any(|n| alive_of(n, color));
                // A point on the player's own side of a dame region comes last of all: the
                // opponent's fill next to it usually settles it. Where neither side can fill
                // safely next to the other (two dame in a row between two live groups, each
                // a self-atari for the player who is not beside it), the players fill their
                // own side, and only that turns the region into ordinary filled dame.
                let own_side = !theirs;
                if own_side && !mine {
                    return None;
                }
                let both = theirs && mine;
                // A fill next to a string short of liberties may force a teire (when the
                // string is the opponent's) or save one (when it is the player's own): the
                // player to move takes those first, as players do.
                let tight = p.neighbours(size).any(|n| {
                    pos.color_at(n).is_some() && !self.dead.contains(n) && pos.liberty_count(n) <= 3
                });
                Some((own_side, !both, !tight, p))
            })
            .collect();
        fills.sort();
        fills.into_iter().map(|(_, _, _, p)| p).collect()
    }

    /// Plays `color` at `point` on a copy, if legal and if it captures only dead stones.
    fn play(&self, from: &Position, color: Color, point: Point) -> Option<Position> {
        let mut next = from.clone();
        next.set_to_move(color);
        let before: PointSet = self
            .dead
            .iter()
            .filter(|&p| from.color_at(p).is_some())
            .collect();
        next.play_mut(Move::Play(point)).ok()?;
        // A capture of live stones would contradict the verdicts the completion is planned
        // from: refuse the move rather than build on it.
        let captured_live = from.size().points().any(|p| {
            from.color_at(p) == Some(!color) && next.color_at(p).is_none() && !before.contains(p)
        });
        (!captured_live).then_some(next)
    }

    fn try_fill(
        &self,
        color: Color,
        fill: Point,
        ctx: &Context<'_>,
    ) -> Result<Trial, Vec<Vec<Point>>> {
        let Some(after) = self.play(&self.position, color, fill) else {
            return Ok(Trial::Refuse);
        };
        let ko = ko_capture_of(&self.position, color, fill);
        let verdicts = self.judge_near(&after, ko, &[fill], &self.dead, ctx);
        let open = undecided(&verdicts);
        if !open.is_empty() {
            return Err(open);
        }
        if verdicts
            .iter()
            .any(|j| j.color == color && j.life == Life::Dead)
        {
            return Ok(Trial::Refuse);
        }
        let endangered: Vec<&StringJudgement> = verdicts
            .iter()
            .filter(|j| j.color != color && j.life == Life::Dead)
            .collect();
        // Strings the fill leaves in atari that confirmation still calls alive (a stone
        // arises on their points after the capture, as after a snapback): in the game the
        // filler would take them with a real move, so their owner connects, as players do.
        let in_atari: Vec<Point> = verdicts
            .iter()
            .filter(|j| j.color != color && j.life == Life::Alive && after.in_atari(j.stones[0]))
            .map(|j| j.stones[0])
            .collect();
        if endangered.is_empty() && in_atari.is_empty() {
            return Ok(Trial::Accept(Box::new(Accepted {
                after_fill: after,
                teire: None,
            })));
        }
        let mut open_seen = Vec::new();
        let heads: Vec<Point> = endangered
            .iter()
            .map(|j| j.stones[0])
            .chain(in_atari.iter().copied())
            .collect();
        for t in self.teire_candidates(&after, !color, &heads, &self.dead) {
            let Some(reinforced) = self.play(&after, !color, t) else {
                continue;
            };
            let ko = ko_capture_of(&after, !color, t);
            let mut around = vec![fill, t];
            around.extend(heads.iter().copied());
            let verdicts = self.judge_near(&reinforced, ko, &around, &self.dead, ctx);
            let open = undecided(&verdicts);
            if !open.is_empty() {
                open_seen = open;
                continue;
            }
            let out_of_atari = in_atari
                .iter()
                .all(|&h| reinforced.color_at(h) == Some(!color) && !reinforced.in_atari(h));
            if out_of_atari && verdicts.iter().all(|j| j.life == Life::Alive) {
                return Ok(Trial::Accept(Box::new(Accepted {
                    after_fill: after,
                    teire: Some((t, reinforced)),
                })));
            }
        }
        if open_seen.is_empty() && endangered.is_empty() {
            // Only strings in atari that no move takes out of it: the fill stands as before
            // (confirmation calls them alive; the count is the strict one).
            Ok(Trial::Accept(Box::new(Accepted {
                after_fill: after,
                teire: None,
            })))
        } else if open_seen.is_empty() {
            Ok(Trial::Refuse)
        } else {
            // A teire might exist among the undecided tries: refusing the fill could be
            // wrong, so the game is undecided.
            Err(open_seen)
        }
    }

    /// Teire candidates for `owner`: dame points near the endangered strings first, then
    /// their liberties, then the points next to those liberties; none next to `dead` stones
    /// of the owner.
    fn teire_candidates(
        &self,
        pos: &Position,
        owner: Color,
        endangered: &[Point],
        dead: &PointSet,
    ) -> Vec<Point> {
        let size = pos.size();
        let mut liberties = PointSet::new();
        for &head in endangered {
            if pos.color_at(head).is_some() {
                liberties = liberties.union(&pos.liberties(head));
            }
        }
        let mut second = PointSet::new();
        for l in liberties.iter() {
            for n in l.neighbours(size) {
                if pos.color_at(n).is_none() && !liberties.contains(n) {
                    second.insert(n);
                }
            }
        }
        let dame = territory(pos, dead).dame;
        let own_dead_next = |p: Point| {
            p.neighbours(size)
                .any(|n| pos.color_at(n) == Some(owner) && dead.contains(n))
        };
        let mut ranked: Vec<(u8, Point)> = liberties
            .union(&second)
            .iter()
            .filter(|&p| !own_dead_next(p))
            .map(|p| {
                let rank = if dame.contains(p) {
                    0
                } else if liberties.contains(p) {
                    1
                } else {
                    2
                };
                (rank, p)
            })
            .collect();
        ranked.sort();
        ranked
            .into_iter()
            .map(|(_, p)| p)
            .take(MAX_TEIRE_TRIES)
            .collect()
    }

    /// Judges again every string not in `skip` (the stones known dead) with a stone within
    /// [`NEAR`] steps of one of `around`, strings in parallel.
    fn judge_near(
        &self,
        pos: &Position,
        last_ko: Option<KoCapture>,
        around: &[Point],
        skip: &PointSet,
        ctx: &Context<'_>,
    ) -> Vec<StringJudgement> {
        let size = pos.size();
        let mut heads: Vec<Point> = Vec::new();
        let mut seen = PointSet::new();
        for q in size.points() {
            let (qx, qy) = q.coords();
            let near = around.iter().any(|a| {
                let (ax, ay) = a.coords();
                ax.abs_diff(qx) + ay.abs_diff(qy) <= NEAR
            });
            if !near || pos.color_at(q).is_none() || skip.contains(q) || seen.contains(q) {
                continue;
            }
            for s in pos.string_stones(q) {
                seen.insert(s);
            }
            heads.push(q);
        }
        let survey = survey(pos, ctx.reading, ctx.deadline);
        judge_strings_in(
            pos,
            &survey,
            last_ko,
            &heads,
            ctx.reading,
            ctx.limits,
            ctx.deadline,
        )
    }
}

fn undecided(verdicts: &[StringJudgement]) -> Vec<Vec<Point>> {
    verdicts
        .iter()
        .filter(|j| matches!(j.life, Life::Unknown(_)))
        .map(|j| j.stones.clone())
        .collect()
}

/// The ko capture `color` makes by playing at `point`, if it is one.
fn ko_capture_of(pos: &Position, color: Color, point: Point) -> Option<KoCapture> {
    pos.is_ko_capture(color, point)
}
