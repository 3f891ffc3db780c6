//! Hypothetical play in the confirmation of life and death (Art. 7-2).
//!
//! After the game stops, life and death are confirmed by hypothetical play in which a ko
//! may be retaken only after passing once for that particular ko. This module keeps that
//! state on top of a [`Position`]:
//!
//! - A **ko capture** captures exactly one stone and leaves the capturing stone a one-stone
//!   string whose only liberty is the point just emptied ([`Position::is_ko_capture`]).
//! - Each ko capture by X with stone `s` creates a **ban** on `s`: the opponent of X may not
//!   make a ko capture of `s`. A ban is named by the point of `s`, since only the opponent
//!   of the stone's owner can be banned from capturing it.
//! - A ban lapses when `s` leaves the board by any other capture. It is also dropped when `s`
//!   joins a larger string: strings never shrink while on the board, so `s` can never again
//!   be taken by a ko capture and the ban can never matter. Dropping it keeps equal states
//!   equal (and equally hashed).
//! - The player to move has three kinds of move ([`ConfirmationMove`]): a play that is legal
//!   under Art. 4-5 and is not a banned ko capture; a **pass for ko** `s`, allowed only when
//!   the player holds the ban on `s` and the ko capture of `s` would otherwise be legal,
//!   which lifts that one ban; and an ordinary pass.
//!
//! The Art. 6 ko point of the underlying position is not used: every ko capture makes a
//! ban, which forbids at least what Art. 6 forbids.
//!
//! [`KoPassRule`] chooses how passes for ko work. Besides the strict default and "once per
//! player per ko" it has two rule sets taken from outside the 1989 text, each as its authors
//! wrote it (docs/reading.md quotes the rule text and says where it comes from):
//!
//! - [`KoPassRule::J2003`], Robert Jasiek's Japanese 2003 Rules: a *ko* is a pair of adjacent
//!   points; a player may not ko-capture in a ko in which the opponent has ko-captured since
//!   the player's latest *ko-pass*; a ko-pass is allowed when some ko-capture is available
//!   but prohibited, and lifts all of the player's prohibitions.
//! - [`KoPassRule::KataGoV1`] and [`KoPassRule::KataGo`], the ko rule of KataGo's cleanup
//!   phases (its rules versions 1 and 2): ko captures mark the capturing stone as
//!   *ko-recapture-blocked* (the ban of this module); an *unblock* lifts a mark (version 1:
//!   only when the ko capture of the marked stone is a pseudolegal move now; version 2: when
//!   the marked stone is a lone stone in atari); and a player may not make the same ko
//!   capture twice from the same board (the same point, the same colouring).
//!
//! ```
//! use rules_core::confirmation::{ConfirmationMove, ConfirmationRules, ConfirmationState};
//! use rules_core::{Color, Point, Position, Setup, Size};
//!
//! //  3 . . . . .
//! //  2 . X O . .
//! //  1 X O . O .     Black to move: C1 takes B1 by a ko capture.
//! //    A B C D E
//! let mut setup = Setup::new(Size::new(5, 3).unwrap());
//! for p in ["A1", "B2"] { setup.black.insert(p.parse().unwrap()); }
//! for p in ["B1", "C2", "D1"] { setup.white.insert(p.parse().unwrap()); }
//! let pos = Position::from_setup(&setup).unwrap();
//! let state = ConfirmationState::new(pos, ConfirmationRules::JAPANESE_1989, None);
//! let (b1, c1): (Point, Point) = ("B1".parse().unwrap(), "C1".parse().unwrap());
//! let state = state.play(ConfirmationMove::Play(c1)).unwrap();
//! assert!(state.bans().contains(c1));
//! // White may not retake at B1 ...
//! assert!(state.play(ConfirmationMove::Play(b1)).is_err());
//! // ... until White has passed for that ko (then Black moves, then White may retake).
//! let state = state.play(ConfirmationMove::PassForKo(c1)).unwrap();
//! let state = state.play(ConfirmationMove::Pass).unwrap();
//! assert!(state.play(ConfirmationMove::Play(b1)).is_ok());
//! //! ```

use crate::color::{ByColor, Color};
use crate::geometry::{Point, PointSet};
use crate::moves::Move;
use crate::position::{IllegalReason, KoCapture, PlayEffect, Position, Undo};
use crate::zobrist::{self, ZobristHash};
use std::fmt;

/// How passing for a ko lifts bans (spec A4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum KoPassRule {
    /// Every ko capture makes a new ban, and every retake costs a new pass for that ko
    /// (the default reading of Art. 7-2: "after passing once for that particular ko
    /// capture").
    #[default]
    StrictPerRetake,
    /// Once a player has passed for a ko, later ko captures in that same ko (the same
    /// pair of points) make no ban against that player for the rest of the sequence.
    OncePerPlayerPerKo,
    /// Jasiek's Japanese 2003 Rules: a ko is a pair of adjacent points; a ko-capture is
    /// prohibited to a player in a ko where the opponent has ko-captured since the player's
    /// latest ko-pass (or since the start); a ko-pass, allowed when some ko-capture of the
    /// player is available but prohibited, lifts all the player's prohibitions at once.
    J2003,
    /// KataGo's cleanup-phase ko rule, version 1: each ko capture marks the capturing
    /// stone; a marked stone may not be taken by a ko capture; an unblock lifts a mark when
    /// the ko capture of the marked stone is a pseudolegal move now; and a player may not
    /// make a ko capture on a point from a board colouring from which he already made it.
    KataGoV1,
    /// KataGo's cleanup-phase ko rule, version 2 (KataGo 1.8 and later): as version 1, but
    /// an unblock lifts the mark of any marked opposing lone stone in atari, whether or not
    /// its capture would be a ko capture.
    KataGo,
}

impl KoPassRule {
    /// Every rule, the default first.
    pub const ALL: [KoPassRule; 5] = [
        KoPassRule::StrictPerRetake,
        KoPassRule::OncePerPlayerPerKo,
        KoPassRule::J2003,
        KoPassRule::KataGoV1,
        KoPassRule::KataGo,
    ];

    /// Whether this is one of KataGo's rules, which forbid repeating a ko capture from the
    /// same board colouring.
    ///
    /// ```
    /// use rules_core::confirmation::KoPassRule;
    /// assert!(KoPassRule::KataGo.is_katago());
    /// assert!(!KoPassRule::J2003.is_katago());
    /// ```
    pub const fn is_katago(self) -> bool {
        matches!(self, KoPassRule::KataGoV1 | KoPassRule::KataGo)
    }
}

/// Which bans hold when hypothetical play starts (spec A10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum InitialBan {
    /// No ban: the confirmation starts afresh.
    #[default]
    None,
    /// If the last move of actual play was a ko capture, its Art. 6 prohibition carries
    /// over as a confirmation ban.
    CarriedOver,
}

/// The ko settings of hypothetical play.
///
/// ```
/// use rules_core::confirmation::{ConfirmationRules, KoPassRule};
/// assert_eq!(ConfirmationRules::JAPANESE_1989.ko_pass, KoPassRule::StrictPerRetake);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ConfirmationRules {
    /// How a pass for ko lifts bans.
    pub ko_pass: KoPassRule,
    /// Bans at the start.
    pub initial_ban: InitialBan,
}

impl ConfirmationRules {
    /// The project's default reading of the Japanese 1989 rules.
    pub const JAPANESE_1989: ConfirmationRules = ConfirmationRules {
        ko_pass: KoPassRule::StrictPerRetake,
        initial_ban: InitialBan::None,
    };
}

/// A move of hypothetical play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConfirmationMove {
    /// A stone on the point.
    Play(Point),
    /// A pass for the ko whose banned stone stands on the point; lifts that ban.
    PassForKo(Point),
    /// An ordinary pass.
    Pass,
}

impl fmt::Display for ConfirmationMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfirmationMove::Play(p) => write!(f, "{p}"),
            ConfirmationMove::PassForKo(p) => write!(f, "pass-for-ko {p}"),
            ConfirmationMove::Pass => write!(f, "pass"),
        }
    }
}

/// Why a move of hypothetical play is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ConfirmationIllegal {
    /// Illegal in ordinary play (occupied, off the board, suicide).
    #[error("{0}")]
    Rules(IllegalReason),
    /// A ko capture of a stone the player is banned from capturing (Art. 7-2).
    #[error("it retakes the ko at {0} without having passed for it (Art. 7-2)")]
    Banned(Point),
    /// A pass for a ko the player holds no ban on, or whose capture is not possible now.
    #[error("there is no ko at {0} to pass for")]
    NoKoToPassFor(Point),
    /// Under KataGo's rule: a ko capture on this point that the player already made from
    /// the same board colouring.
    #[error("it repeats the ko capture at {0} from the same board (KataGo's cleanup rule)")]
    Repeated(Point),
}

/// A refused move of hypothetical play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{color} {mv} is illegal in confirmation: {reason}")]
pub struct ConfirmationError {
    /// The player who tried it.
    pub color: Color,
    /// The move.
    pub mv: ConfirmationMove,
    /// Why it was refused.
    pub reason: ConfirmationIllegal,
}

/// The state of hypothetical play: the position (its Art. 6 ko point unused), the player
/// to move, the ko bans, under [`KoPassRule::OncePerPlayerPerKo`] the kos each player
/// has passed for, under [`KoPassRule::J2003`] the kos each player is prohibited in, and
/// under KataGo's rules the ko captures made so far (board, point, player).
///
/// `Eq` and [`ConfirmationState::hash`] cover the board, the player to move, the bans and
/// the rule's own record; not the prisoners.
#[derive(Debug)]
pub struct ConfirmationState {
    position: Position,
    bans: PointSet,
    exempt: ByColor<KoSet>,
    /// J2003: the kos each player may not ko-capture in until his next ko-pass.
    prohibited: ByColor<KoSet>,
    /// KataGo: the ko captures made, sorted: (stones hash before the capture, point index,
    /// player index).
    history: Vec<KoRecord>,
    rules: ConfirmationRules,
}

/// What [`ConfirmationState::play_undoable`] changed, for [`ConfirmationState::undo`]:
/// the board's own journal and the ban sets as they were. Reuse one for many moves: it
/// keeps its buffers.
///
/// ```
/// use rules_core::confirmation::ConfirmationUndo;
/// let undo = ConfirmationUndo::default();
/// assert!(undo.is_empty());
/// ```
#[derive(Clone, Debug, Default)]
pub struct ConfirmationUndo {
    position: Undo,
    saved: Option<Saved>,
}

impl ConfirmationUndo {
    /// Whether no move is held (nothing to take back).
    pub fn is_empty(&self) -> bool {
        self.saved.is_none()
    }
}

/// The ban sets before a move, and the ko capture it recorded (KataGo's rule).
#[derive(Clone, Debug)]
struct Saved {
    bans: PointSet,
    exempt: ByColor<KoSet>,
    prohibited: ByColor<KoSet>,
    recorded: Option<KoRecord>,
}

/// `hash` with the keys of the ko bans on `bans`.
fn with_bans(hash: ZobristHash, bans: &PointSet) -> ZobristHash {
    bans.iter().fold(hash, |h, b| h ^ zobrist::ban(b))
}

/// A ko capture made under KataGo's rule: the board before it, its point and its player.
type KoRecord = (u128, u16, u8);

/// Kos named by their lower point (by index) and orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
struct KoSet {
    horizontal: PointSet,
    vertical: PointSet,
}

/// The two points of a ko: the capturing stone and the captured stone's point.
fn ko_key(a: Point, b: Point) -> (Point, bool) {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let (lx, _) = lo.coords();
    let (hx, _) = hi.coords();
    (lo, lx == hx)
}

impl KoSet {
    fn insert(&mut self, a: Point, b: Point) {
        let (lo, vertical) = ko_key(a, b);
        if vertical {
            self.vertical.insert(lo);
        } else {
            self.horizontal.insert(lo);
        }
    }

    fn contains(&self, a: Point, b: Point) -> bool {
        let (lo, vertical) = ko_key(a, b);
        if vertical {
            self.vertical.contains(lo)
        } else {
            self.horizontal.contains(lo)
        }
    }

    /// Every ko of the set as its two points, lower first.
    fn pairs(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        let h = self.horizontal.iter().map(|lo| {
            let (x, y) = lo.coords();
            (lo, Point::new(x + 1, y))
        });
        let v = self.vertical.iter().map(|lo| {
            let (x, y) = lo.coords();
            (lo, Point::new(x, y + 1))
        });
        h.chain(v)
    }
}

impl Clone for ConfirmationState {
    fn clone(&self) -> ConfirmationState {
        ConfirmationState {
            position: self.position.clone(),
            bans: self.bans,
            exempt: self.exempt,
            prohibited: self.prohibited,
            history: self.history.clone(),
            rules: self.rules,
        }
    }

    /// Reuses this state's storage; see [`Position`]'s `clone_from`.
    fn clone_from(&mut self, source: &ConfirmationState) {
        self.position.clone_from(&source.position);
        self.bans = source.bans;
        if self.rules != source.rules || source.rules.ko_pass != KoPassRule::StrictPerRetake {
            // Under the default rule both states keep these empty (see `hash_with`): 700
            // bytes not to copy for every child a search generates.
            self.exempt = source.exempt;
            self.prohibited = source.prohibited;
        } else {
            debug_assert!(self.exempt == source.exempt && self.prohibited == source.prohibited);
        }
        self.history.clone_from(&source.history);
        self.rules = source.rules;
    }
}

impl PartialEq for ConfirmationState {
    fn eq(&self, other: &ConfirmationState) -> bool {
        self.position == other.position
            && self.bans == other.bans
            && self.exempt == other.exempt
            && self.prohibited == other.prohibited
            && self.history == other.history
            && self.rules == other.rules
    }
}

impl Eq for ConfirmationState {}

impl ConfirmationState {
    /// Starts hypothetical play from a stopped position, with the player to move of
    /// `position`. `last_ko_capture` is the last move of actual play if it was a ko
    /// capture; it makes a ban only under [`InitialBan::CarriedOver`].
    pub fn new(
        mut position: Position,
        rules: ConfirmationRules,
        last_ko_capture: Option<KoCapture>,
    ) -> ConfirmationState {
        position.clear_ko();
        let mut state = ConfirmationState {
            position,
            bans: PointSet::new(),
            exempt: ByColor::default(),
            prohibited: ByColor::default(),
            history: Vec::new(),
            rules,
        };
        if rules.initial_ban == InitialBan::CarriedOver {
            if let Some(ko) = last_ko_capture {
                let pos = &state.position;
                let stone_stands = pos.color_at(ko.stone) == Some(!pos.to_move())
                    && pos.string_size(ko.stone) == 1;
                if stone_stands {
                    if rules.ko_pass == KoPassRule::J2003 {
                        let banned = state.position.to_move();
                        state.prohibited[banned].insert(ko.stone, ko.captured);
                        state.bans = state.j2003_bans();
                    } else {
                        state.bans.insert(ko.stone);
                    }
                }
            }
        }
        state
    }

    /// The position (its Art. 6 ko point is always clear).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.position.to_move()
    }

    /// Sets the player to move.
    pub fn set_to_move(&mut self, color: Color) {
        self.position.set_to_move(color);
    }

    /// The ko rules in force.
    pub fn rules(&self) -> ConfirmationRules {
        self.rules
    }

    /// The stones under a ban: the opponent of each stone's owner may not take it by a ko
    /// capture until passing for it.
    pub fn bans(&self) -> &PointSet {
        &self.bans
    }

    /// The 128-bit hash of the board, the player to move, the bans and the exemptions.
    pub fn hash(&self) -> ZobristHash {
        self.hash_with(self.position.hash())
    }

    /// The same hash recomputed from scratch: the test oracle for [`ConfirmationState::hash`].
    pub fn hash_from_scratch(&self) -> ZobristHash {
        self.hash_with(self.position.hash_from_scratch())
    }

    /// The [`ConfirmationState::hash`] of the state after `mv`, without making that state
    /// (a search looks its children up by key and makes only those it enters). Given
    /// under the default rule [`KoPassRule::StrictPerRetake`], whose state is the board and
    /// the bans; `None` under the others, whose records of passes and captures are left to
    /// [`ConfirmationState::play`]. `mv` must be legal.
    ///
    /// ```
    /// use rules_core::confirmation::{ConfirmationMove, ConfirmationRules, ConfirmationState};
    /// use rules_core::io::parse_diagram;
    /// // A ko on the edge: White's capture at C1 bans the capturing stone.
    /// let game = parse_diagram("
    /// ## to-play W
    ///  . . . . .
    ///  . X O . .
    ///  X O . O .").unwrap();
    /// let state = ConfirmationState::new(game.position, ConfirmationRules::default(), None);
    /// let mv = ConfirmationMove::Play("C1".parse().unwrap());
    /// assert_eq!(state.hash_after(mv), Some(state.play(mv).unwrap().hash()));
    /// ```
    pub fn hash_after(&self, mv: ConfirmationMove) -> Option<ZobristHash> {
        if self.rules.ko_pass != KoPassRule::StrictPerRetake {
            return None;
        }
        let pos = &self.position;
        let hash = match mv {
            ConfirmationMove::Pass => with_bans(pos.hash_after_without_ko(Move::Pass), &self.bans),
            // The pass lifts the ban on `s`: its key drops out.
            ConfirmationMove::PassForKo(s) => {
                with_bans(pos.hash_after_without_ko(Move::Pass), &self.bans) ^ zobrist::ban(s)
            }
            ConfirmationMove::Play(p) => {
                let mover = pos.to_move();
                // The bans' keys go straight into the hash (this runs for every child of
                // every node; the empty point `p` is never a banned stone, so no key comes
                // twice). As `play_unchecked`: a banned stone (always a lone stone on the
                // board: `play_unchecked` keeps no other) stays banned unless the move joins
                // it (a play on its liberty by its owner) or takes it (on its last liberty).
                let mut hash = pos.hash_after_without_ko(Move::Play(p));
                // Most states have no ban, and walking an empty set's words for every
                // child cost 3 % of a 19x19 search.
                if !self.bans.is_empty() {
                    // A banned stone is a lone stone, so `p` (empty) is one of its liberties
                    // exactly when it is a neighbour: only the bans next to `p` can drop out
                    // (reading every ban's liberties for every child was 4 % of a
                    // continued record's judgement).
                    hash = with_bans(hash, &self.bans);
                    for b in p.neighbours(pos.size()) {
                        if self.bans.contains(b) {
                            debug_assert_eq!(pos.string_size(b), 1);
                            if pos.color_at(b) == Some(mover) || pos.in_atari(b) {
                                hash ^= zobrist::ban(b);
                            }
                        }
                    }
                }
                if pos.is_ko_capture(mover, p).is_some() {
                    hash ^= zobrist::ban(p);
                }
                hash
            }
        };
        Some(hash)
    }

    fn hash_with(&self, position_hash: ZobristHash) -> ZobristHash {
        let mut h = with_bans(position_hash, &self.bans);
        if self.rules.ko_pass == KoPassRule::StrictPerRetake {
            // The default rule keeps no record beyond the bans (`play_unchecked` fills
            // `exempt`, `prohibited` and `history` only under their own rules), and this
            // hash is taken for every child of every node searched.
            debug_assert!(
                self.exempt == ByColor::default() && self.prohibited == ByColor::default()
            );
            debug_assert!(self.history.is_empty());
            return h;
        }
        for color in Color::ALL {
            for p in self.exempt[color].horizontal.iter() {
                h ^= zobrist::exempt(color, p, false);
            }
            for p in self.exempt[color].vertical.iter() {
                h ^= zobrist::exempt(color, p, true);
            }
            // Exemptions and prohibitions never coexist (one rule each), so they share keys.
            for p in self.prohibited[color].horizontal.iter() {
                h ^= zobrist::exempt(color, p, false);
            }
            for p in self.prohibited[color].vertical.iter() {
                h ^= zobrist::exempt(color, p, true);
            }
        }
        for &record in &self.history {
            h ^= zobrist::ko_record(record);
        }
        h
    }

    /// J2003's bans: the lone stones in atari whose ko capture at their liberty is
    /// prohibited to their owner's opponent.
    fn j2003_bans(&self) -> PointSet {
        let pos = &self.position;
        let mut bans = PointSet::new();
        for capturer in Color::ALL {
            for (a, b) in self.prohibited[capturer].pairs() {
                for (s, lib) in [(a, b), (b, a)] {
                    if pos.color_at(s) == Some(!capturer)
                        && pos.string_size(s) == 1
                        && pos.liberty_count(s) == 1
                        && pos.liberties(s).contains(lib)
                    {
                        bans.insert(s);
                    }
                }
            }
        }
        bans
    }

    /// Whether the player to move already made a ko capture on `point` from this board
    /// (KataGo's rule).
    fn repeats_ko_capture(&self, point: Point) -> bool {
        let record = (
            self.position.stone_hash().0,
            point.index() as u16,
            self.to_move().index() as u8,
        );
        self.history.binary_search(&record).is_ok()
    }

    /// Why a play on `point` by the player to move is refused by the ko rules, if it is:
    /// a ko capture of a banned stone, or (KataGo) a repeated ko capture.
    fn refused_capture(&self, point: Point) -> Option<ConfirmationIllegal> {
        // Under the default rule only a ban refuses a capture: none, no ko test (this runs
        // for every legal play at every node searched).
        if self.rules.ko_pass == KoPassRule::StrictPerRetake && self.bans.is_empty() {
            return None;
        }
        let mover = self.to_move();
        let ko = self.position.is_ko_capture(mover, point)?;
        let banned = match self.rules.ko_pass {
            KoPassRule::J2003 => self.prohibited[mover].contains(point, ko.captured),
            _ => self.bans.contains(ko.captured),
        };
        if banned {
            return Some(ConfirmationIllegal::Banned(ko.captured));
        }
        (self.rules.ko_pass.is_katago() && self.repeats_ko_capture(point))
            .then_some(ConfirmationIllegal::Repeated(point))
    }

    /// Whether the player to move may pass for the ko of the banned stone on `stone`.
    fn may_pass_for(&self, stone: Point) -> bool {
        if !self.bans.contains(stone) {
            return false;
        }
        let mover = self.to_move();
        if self.rules.ko_pass == KoPassRule::KataGo {
            // Version 2's unblock: any marked opposing lone stone in atari.
            return self.position.color_at(stone) == Some(!mover)
                && self.position.string_size(stone) == 1
                && self.position.liberty_count(stone) == 1;
        }
        let libs = self.position.liberties(stone);
        let mut libs = libs.iter();
        match (libs.next(), libs.next()) {
            (Some(lib), None) => {
                let capturable = self
                    .position
                    .is_ko_capture(mover, lib)
                    .is_some_and(|ko| ko.captured == stone);
                // J2003's ko-pass needs the available ko-capture to be prohibited to the
                // mover; `bans` holds the stones prohibited to either player.
                capturable
                    && (self.rules.ko_pass != KoPassRule::J2003
                        || self.prohibited[mover].contains(lib, stone))
            }
            _ => false,
        }
    }

    /// Why `mv` is illegal for the player to move, if it is.
    ///
    /// # Errors
    /// The [`ConfirmationError`] naming the move and the reason.
    pub fn check(&self, mv: ConfirmationMove) -> Result<(), ConfirmationError> {
        let reason = match mv {
            ConfirmationMove::Pass => return Ok(()),
            ConfirmationMove::PassForKo(s) => {
                if self.may_pass_for(s) {
                    return Ok(());
                }
                ConfirmationIllegal::NoKoToPassFor(s)
            }
            ConfirmationMove::Play(p) => match self.position.check(Move::Play(p)) {
                Err(e) => ConfirmationIllegal::Rules(e.reason),
                Ok(()) => match self.refused_capture(p) {
                    Some(reason) => reason,
                    None => return Ok(()),
                },
            },
        };
        Err(ConfirmationError {
            color: self.to_move(),
            mv,
            reason,
        })
    }

    /// Whether `mv` is legal for the player to move.
    pub fn is_legal(&self, mv: ConfirmationMove) -> bool {
        self.check(mv).is_ok()
    }

    /// Every legal move of the player to move: plays by point index, then passes for ko,
    /// then the pass. Under [`KoPassRule::J2003`] every legal pass for ko has the same
    /// effect (it lifts all the mover's prohibitions), so only the first is listed.
    pub fn legal_moves(&self) -> Vec<ConfirmationMove> {
        // One vector, sized once: this runs at every node of every search.
        let mut moves = Vec::with_capacity(self.position.empty_points().len() + 2);
        self.position.for_each_legal_play(|p| {
            if self.refused_capture(p).is_none() {
                moves.push(ConfirmationMove::Play(p));
            }
        });
        self.push_passes(&mut moves);
        moves
    }

    /// [`ConfirmationState::legal_moves`] with the plays restricted to `points` (in the
    /// same order): a search confined to an area tests no play outside it.
    ///
    /// ```
    /// use rules_core::confirmation::{ConfirmationMove, ConfirmationRules, ConfirmationState};
    /// use rules_core::io::parse_diagram;
    /// use rules_core::PointSet;
    /// let game = parse_diagram("
    ///  . X .
    ///  X . .
    ///  . . .").unwrap();
    /// let state = ConfirmationState::new(game.position, ConfirmationRules::default(), None);
    /// let area: PointSet = ["A3", "C1"].iter().map(|p| p.parse().unwrap()).collect();
    /// let all = state.legal_moves();
    /// let inside = state.legal_moves_in(&area);
    /// let kept: Vec<_> = all
    ///     .iter()
    ///     .filter(|m| match m {
    ///         ConfirmationMove::Play(p) => area.contains(*p),
    ///         _ => true,
    ///     })
    ///     .copied()
    ///     .collect();
    /// assert_eq!(inside, kept);
    /// ```
    pub fn legal_moves_in(&self, points: &PointSet) -> Vec<ConfirmationMove> {
        let mut moves = Vec::with_capacity(points.len() + 2);
        self.push_legal_plays_in(points, &mut moves);
        self.push_passes(&mut moves);
        moves
    }

    /// Appends the legal plays on `points` to `moves`, in the order of
    /// [`ConfirmationState::legal_moves_in`], without the passes: a search that ranks the
    /// plays by area pushes each area's in turn into one buffer, then the passes
    /// ([`ConfirmationState::push_passes`]).
    ///
    /// ```
    /// use rules_core::confirmation::{ConfirmationRules, ConfirmationState};
    /// use rules_core::io::parse_diagram;
    /// use rules_core::PointSet;
    /// let game = parse_diagram("
    ///  . X .
    ///  X . .").unwrap();
    /// let state = ConfirmationState::new(game.position, ConfirmationRules::default(), None);
    /// let area: PointSet = state.position().size().points().collect();
    /// let mut moves = Vec::new();
    /// state.push_legal_plays_in(&area, &mut moves);
    /// state.push_passes(&mut moves);
    /// assert_eq!(moves, state.legal_moves_in(&area));
    /// ```
    pub fn push_legal_plays_in(&self, points: &PointSet, moves: &mut Vec<ConfirmationMove>) {
        // Under the two rules that refuse only the capture of a banned stone, a play with
        // no banned stone next to it is never refused: the ko test runs only there (it ran
        // for every legal play of every node searched).
        let near_bans = match self.rules.ko_pass {
            KoPassRule::StrictPerRetake | KoPassRule::OncePerPlayerPerKo => {
                Some(if self.bans.is_empty() {
                    PointSet::new()
                } else {
                    self.bans.with_neighbours(self.position.size())
                })
            }
            _ => None,
        };
        for p in points.iter() {
            if self.position.is_legal_play(p)
                && (near_bans.is_some_and(|near| !near.contains(p))
                    || self.refused_capture(p).is_none())
            {
                moves.push(ConfirmationMove::Play(p));
            }
        }
    }

    /// Appends the passes for ko, then the pass, as [`ConfirmationState::legal_moves`]
    /// lists them after the plays.
    ///
    /// ```
    /// use rules_core::confirmation::{ConfirmationMove, ConfirmationRules, ConfirmationState};
    /// use rules_core::io::parse_diagram;
    /// let game = parse_diagram("
    ///  . X
    ///  X .").unwrap();
    /// let state = ConfirmationState::new(game.position, ConfirmationRules::default(), None);
    /// let mut moves = Vec::new();
    /// state.push_passes(&mut moves);
    /// assert_eq!(moves, [ConfirmationMove::Pass]); // no ban, so no pass for a ko
    /// ```
    pub fn push_passes(&self, moves: &mut Vec<ConfirmationMove>) {
        let passes = self
            .bans
            .iter()
            .filter(|&s| self.may_pass_for(s))
            .map(ConfirmationMove::PassForKo);
        if self.rules.ko_pass == KoPassRule::J2003 {
            moves.extend(passes.take(1));
        } else {
            moves.extend(passes);
        }
        moves.push(ConfirmationMove::Pass);
    }

    /// Plays `mv` and returns the new state, leaving this one as it was.
    ///
    /// # Errors
    /// [`ConfirmationError`] when `mv` is illegal.
    pub fn play(&self, mv: ConfirmationMove) -> Result<ConfirmationState, ConfirmationError> {
        self.check(mv)?;
        let mut next = self.clone();
        next.play_unchecked(mv);
        Ok(next)
    }

    /// Plays `mv` in place without checking it; it must be legal
    /// ([`ConfirmationState::is_legal`]). Returns what the play did on the board.
    pub fn play_unchecked(&mut self, mv: ConfirmationMove) -> PlayEffect {
        self.play_with(mv, |position, m| position.play_unchecked(m))
    }

    /// [`ConfirmationState::play_unchecked`], keeping in `undo` what it changed, so that
    /// [`ConfirmationState::undo`] restores the state exactly: a search that goes back to
    /// the parent spares the copy of a whole board (about 10 KB on 19x19) that a new state
    /// costs. The move must be legal. Moves taken back in the reverse order they were made,
    /// each with its own `undo`.
    ///
    /// ```
    /// use rules_core::confirmation::{ConfirmationMove, ConfirmationRules, ConfirmationState, ConfirmationUndo};
    /// use rules_core::{Position, Size};
    /// let start = ConfirmationState::new(
    ///     Position::empty(Size::square(5).unwrap()),
    ///     ConfirmationRules::default(),
    ///     None,
    /// );
    /// let mut state = start.clone();
    /// let mut undo = ConfirmationUndo::default();
    /// state.play_undoable(ConfirmationMove::Play("C3".parse().unwrap()), &mut undo);
    /// assert_ne!(state, start);
    /// state.undo(&mut undo);
    /// assert_eq!(state, start);
    /// ```
    pub fn play_undoable(
        &mut self,
        mv: ConfirmationMove,
        undo: &mut ConfirmationUndo,
    ) -> PlayEffect {
        let history_len = self.history.len();
        let board_before = self.position.stone_hash();
        let mover = self.to_move();
        undo.saved = Some(Saved {
            bans: self.bans,
            exempt: self.exempt,
            prohibited: self.prohibited,
            recorded: None,
        });
        let position_undo = &mut undo.position;
        let effect = self.play_with(mv, |position, m| position.play_undoable(m, position_undo));
        if self.history.len() > history_len {
            if let (ConfirmationMove::Play(p), Some(saved)) = (mv, undo.saved.as_mut()) {
                saved.recorded = Some((board_before.0, p.index() as u16, mover.index() as u8));
            }
        }
        effect
    }

    /// Takes back the move of the last [`ConfirmationState::play_undoable`] that wrote
    /// `undo` (nothing when it holds no move), and empties `undo`.
    pub fn undo(&mut self, undo: &mut ConfirmationUndo) {
        let Some(saved) = undo.saved.take() else {
            return;
        };
        self.position.undo(&mut undo.position);
        self.bans = saved.bans;
        self.exempt = saved.exempt;
        self.prohibited = saved.prohibited;
        if let Some(record) = saved.recorded {
            if let Ok(at) = self.history.binary_search(&record) {
                self.history.remove(at);
            }
        }
    }

    /// The play of [`ConfirmationState::play_unchecked`], with `play` making the move on
    /// the board.
    #[inline]
    fn play_with(
        &mut self,
        mv: ConfirmationMove,
        mut play: impl FnMut(&mut Position, Move) -> PlayEffect,
    ) -> PlayEffect {
        let mover = self.to_move();
        let effect = match mv {
            ConfirmationMove::Pass => play(&mut self.position, Move::Pass),
            ConfirmationMove::PassForKo(s) => {
                if self.rules.ko_pass == KoPassRule::J2003 {
                    // A ko-pass lifts every prohibition of the player, not one.
                    self.prohibited[mover] = KoSet::default();
                    self.bans = self.j2003_bans();
                } else {
                    self.bans.remove(s);
                }
                if self.rules.ko_pass == KoPassRule::OncePerPlayerPerKo {
                    if let Some(lib) = self.position.liberties(s).iter().next() {
                        self.exempt[mover].insert(s, lib);
                    }
                }
                play(&mut self.position, Move::Pass)
            }
            ConfirmationMove::Play(p) if self.rules.ko_pass == KoPassRule::J2003 => {
                let effect = play(&mut self.position, Move::Play(p));
                if let Some(ko) = effect.ko_capture {
                    self.prohibited[!mover].insert(ko.stone, ko.captured);
                }
                // Prohibitions stay with their ko (a pair of points) until a ko-pass; the
                // stones they bind change with the board.
                self.bans = self.j2003_bans();
                effect
            }
            ConfirmationMove::Play(p) => {
                let board_before = self.position.stone_hash();
                let effect = play(&mut self.position, Move::Play(p));
                if !self.bans.is_empty() {
                    let position = &self.position;
                    let live: PointSet = self
                        .bans
                        .iter()
                        .filter(|&b| position.color_at(b).is_some() && position.string_size(b) == 1)
                        .collect();
                    self.bans = live;
                }
                if let Some(ko) = effect.ko_capture {
                    let exempt = self.rules.ko_pass == KoPassRule::OncePerPlayerPerKo
                        && self.exempt[!mover].contains(ko.stone, ko.captured);
                    if !exempt {
                        self.bans.insert(ko.stone);
                    }
                    if self.rules.ko_pass.is_katago() {
                        let record = (board_before.0, p.index() as u16, mover.index() as u8);
                        if let Err(at) = self.history.binary_search(&record) {
                            self.history.insert(at, record);
                        }
                    }
                }
                effect
            }
        };
        self.position.clear_ko();
        effect
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Setup;
    use crate::Size;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn clone_from_gives_an_equal_state_whatever_the_rules_of_either() {
        //  . . . . .
        //  . X O . .
        //  X O . O .     ko at B1/C1, played out under every rule.
        let mut setup = Setup::new(Size::new(5, 3).unwrap());
        for p in ["A1", "B2"] {
            setup.black.insert(pt(p));
        }
        for p in ["B1", "C2", "D1"] {
            setup.white.insert(pt(p));
        }
        let pos = Position::from_setup(&setup).unwrap();
        let states: Vec<ConfirmationState> = KoPassRule::ALL
            .iter()
            .map(|&ko_pass| {
                let rules = ConfirmationRules {
                    ko_pass,
                    ..ConfirmationRules::JAPANESE_1989
                };
                let mut state = ConfirmationState::new(pos.clone(), rules, None);
                for mv in [
                    ConfirmationMove::Play(pt("C1")),
                    ConfirmationMove::PassForKo(pt("C1")),
                    ConfirmationMove::Pass,
                    ConfirmationMove::Play(pt("B1")),
                ] {
                    state = state.play(mv).unwrap();
                }
                state
            })
            .collect();
        for source in &states {
            for start in &states {
                let mut copy = start.clone();
                copy.clone_from(source);
                assert_eq!(&copy, source);
                assert_eq!(copy.hash(), source.hash());
            }
        }
    }

    /// One of `moves` picked by `seed`: a play, so that the board fills and kos come up,
    /// but any move (passes included) one time in `any_every`.
    fn random_move(moves: &[ConfirmationMove], seed: u64, any_every: u64) -> ConfirmationMove {
        let plays: Vec<ConfirmationMove> = moves
            .iter()
            .copied()
            .filter(|m| matches!(m, ConfirmationMove::Play(_)))
            .collect();
        let pick = if plays.is_empty() || (seed >> 40) % any_every == 0 {
            moves
        } else {
            &plays
        };
        pick[(seed >> 33) as usize % pick.len()]
    }

    #[test]
    fn undo_restores_the_state_under_every_rule() {
        // Random hypothetical play on small boards under every ko-pass rule, passes for ko
        // included: each move made with `play_undoable` on one state and compared with
        // `play` on a copy; then every move taken back, in reverse, and the state compared
        // with the one it was before that move (board, bans, exemptions, prohibitions,
        // KataGo's records, and the hash).
        let (mut undone, mut with_bans) = (0, 0);
        for ko_pass in KoPassRule::ALL {
            let rules = ConfirmationRules {
                ko_pass,
                ..ConfirmationRules::JAPANESE_1989
            };
            for (w, h, seed) in [(4, 3, 7u64), (5, 4, 19), (6, 5, 31)] {
                let pos = Position::empty(Size::new(w, h).unwrap());
                let mut state = ConfirmationState::new(pos, rules, None);
                let mut seed = seed;
                let mut line: Vec<(ConfirmationState, ConfirmationUndo)> = Vec::new();
                for step in 0..1200 {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    // Now and then the line is taken back part of the way.
                    if step % 37 == 36 {
                        for _ in 0..((seed >> 35) % 8) {
                            let Some((before, mut undo)) = line.pop() else {
                                break;
                            };
                            state.undo(&mut undo);
                            assert!(undo.is_empty());
                            assert_eq!(state, before, "{ko_pass:?}");
                            assert_eq!(state.hash(), before.hash());
                            undone += 1;
                        }
                        continue;
                    }
                    let mv = random_move(&state.legal_moves(), seed, 6);
                    let played = state.play(mv).unwrap();
                    let before = state.clone();
                    let mut undo = ConfirmationUndo::default();
                    state.play_undoable(mv, &mut undo);
                    assert_eq!(state, played, "{mv} under {ko_pass:?}");
                    with_bans += usize::from(!state.bans().is_empty());
                    line.push((before, undo));
                }
                while let Some((before, mut undo)) = line.pop() {
                    state.undo(&mut undo);
                    assert_eq!(state, before, "{ko_pass:?}");
                    undone += 1;
                }
            }
        }
        assert!(undone > 3_000, "{undone}");
        assert!(
            with_bans > 100,
            "only {with_bans} moves with a ban standing"
        );
    }

    #[test]
    fn hash_after_matches_the_hash_of_the_played_state() {
        // Random hypothetical play on small boards under the default rule, passes for ko
        // included: at every state, every legal move's predicted key against the key of
        // the state after it is played.
        let (mut checked, mut with_bans) = (0, 0);
        for (w, h, seed) in [(4, 3, 5u64), (5, 4, 17), (6, 6, 29)] {
            let pos = Position::empty(Size::new(w, h).unwrap());
            let mut state = ConfirmationState::new(pos, ConfirmationRules::default(), None);
            let mut seed = seed;
            for _ in 0..400 {
                let moves = state.legal_moves();
                for &mv in &moves {
                    let child = state.play(mv).unwrap();
                    assert_eq!(
                        state.hash_after(mv),
                        Some(child.hash()),
                        "{mv} in\n{state:?}"
                    );
                    checked += 1;
                    with_bans += usize::from(!state.bans().is_empty());
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                state = state.play(random_move(&moves, seed, 8)).unwrap();
            }
        }
        assert!(checked > 5_000, "{checked}");
        assert!(
            with_bans > 50,
            "only {with_bans} moves checked with a ban standing"
        );
        // The other rules keep records the key does not predict.
        let rules = ConfirmationRules {
            ko_pass: KoPassRule::OncePerPlayerPerKo,
            ..ConfirmationRules::default()
        };
        let state = ConfirmationState::new(Position::empty(Size::new(3, 3).unwrap()), rules, None);
        assert_eq!(state.hash_after(ConfirmationMove::Pass), None);
    }

    /// A ko in the middle of the bottom edge of a 5x3 board: White to capture at C1.
    ///
    /// ```text
    ///  3 . . . . .
    ///  2 . X O . .
    ///  1 X O . O .
    ///    A B C D E
    /// ```
    fn edge_ko() -> ConfirmationState {
        let mut setup = Setup::new(Size::new(5, 3).unwrap());
        for p in ["A1", "B2"] {
            setup.black.insert(pt(p));
        }
        for p in ["B1", "C2", "D1"] {
            setup.white.insert(pt(p));
        }
        setup.to_move = Color::Black;
        let pos = Position::from_setup(&setup).unwrap();
        ConfirmationState::new(pos, ConfirmationRules::JAPANESE_1989, None)
    }

    #[test]
    fn ko_capture_bans_the_retake_until_a_pass_for_it() {
        let s = edge_ko();
        // Black C1 captures B1: a ko capture; White may not retake at B1.
        let s = s.play(ConfirmationMove::Play(pt("C1"))).unwrap();
        assert_eq!(s.bans().iter().collect::<Vec<_>>(), vec![pt("C1")]);
        let err = s.play(ConfirmationMove::Play(pt("B1"))).unwrap_err();
        assert_eq!(err.reason, ConfirmationIllegal::Banned(pt("C1")));
        // An ordinary pass does not lift the ban.
        let s2 = s.play(ConfirmationMove::Pass).unwrap();
        let s2 = s2.play(ConfirmationMove::Pass).unwrap();
        assert!(!s2.is_legal(ConfirmationMove::Play(pt("B1"))));
        // A pass for that ko does.
        let s3 = s.play(ConfirmationMove::PassForKo(pt("C1"))).unwrap();
        assert!(s3.bans().is_empty());
        let s3 = s3.play(ConfirmationMove::Pass).unwrap();
        let s4 = s3.play(ConfirmationMove::Play(pt("B1"))).unwrap();
        // The retake is itself a ko capture: now Black is banned.
        assert_eq!(s4.bans().iter().collect::<Vec<_>>(), vec![pt("B1")]);
        assert!(!s4.is_legal(ConfirmationMove::Play(pt("C1"))));
        assert_eq!(s4.hash(), s4.hash_from_scratch());
    }

    #[test]
    fn pass_for_ko_needs_a_ban_and_a_possible_capture() {
        let s = edge_ko();
        assert!(!s.is_legal(ConfirmationMove::PassForKo(pt("B1"))));
        let s = s.play(ConfirmationMove::Play(pt("C1"))).unwrap();
        // The banned player is White, to move: the pass for ko C1 is legal.
        assert!(s
            .legal_moves()
            .contains(&ConfirmationMove::PassForKo(pt("C1"))));
        // Black may not pass for a ban against White.
        let mut black = s.clone();
        black.set_to_move(Color::Black);
        assert!(!black.is_legal(ConfirmationMove::PassForKo(pt("C1"))));
    }

    #[test]
    fn ban_lapses_when_the_stone_joins_a_string() {
        let s = edge_ko();
        let s = s.play(ConfirmationMove::Play(pt("C1"))).unwrap();
        let s = s.play(ConfirmationMove::Pass).unwrap();
        // Black surrounds and captures White's D1, then connects C1 to the new stones.
        let s = s.play(ConfirmationMove::Play(pt("E1"))).unwrap();
        assert!(s.bans().contains(pt("C1")));
        let s = s.play(ConfirmationMove::Pass).unwrap();
        let s = s.play(ConfirmationMove::Play(pt("E2"))).unwrap();
        let s = s.play(ConfirmationMove::Pass).unwrap();
        // Black D2 captures D1; C1 gains D1 as a liberty and stays a lone stone.
        let s = s.play(ConfirmationMove::Play(pt("D2"))).unwrap();
        assert_eq!(s.position().color_at(pt("D1")), None);
        assert!(s.bans().contains(pt("C1")));
        let s = s.play(ConfirmationMove::Pass).unwrap();
        let s = s.play(ConfirmationMove::Play(pt("D1"))).unwrap();
        assert!(
            s.bans().is_empty(),
            "C1 joined D1-E1: the ban can never matter again"
        );
    }

    #[test]
    fn once_per_player_per_ko_exempts_later_retakes() {
        let rules = ConfirmationRules {
            ko_pass: KoPassRule::OncePerPlayerPerKo,
            initial_ban: InitialBan::None,
        };
        let base = edge_ko();
        let s = ConfirmationState::new(base.position().clone(), rules, None);
        let s = s.play(ConfirmationMove::Play(pt("C1"))).unwrap(); // B takes
        let s = s.play(ConfirmationMove::PassForKo(pt("C1"))).unwrap(); // W passes for it
        let s = s.play(ConfirmationMove::Pass).unwrap();
        let s = s.play(ConfirmationMove::Play(pt("B1"))).unwrap(); // W retakes; B banned
        assert!(s.bans().contains(pt("B1")));
        let s = s.play(ConfirmationMove::PassForKo(pt("B1"))).unwrap(); // B passes for it
        let s = s.play(ConfirmationMove::Pass).unwrap();
        let s = s.play(ConfirmationMove::Play(pt("C1"))).unwrap(); // B takes again
                                                                   // White already passed for this ko: no new ban against White.
        assert!(s.bans().is_empty());
        assert!(s
            .play(ConfirmationMove::Pass)
            .unwrap()
            .is_legal(ConfirmationMove::Pass));
        assert!(s.is_legal(ConfirmationMove::Play(pt("B1"))));
        assert_eq!(s.hash(), s.hash_from_scratch());
    }

    #[test]
    fn initial_ban_carried_over_only_when_asked() {
        let s = edge_ko();
        let after = s.position().play(Move::Play(pt("C1"))).unwrap();
        let ko = KoCapture {
            stone: pt("C1"),
            captured: pt("B1"),
        };
        let none =
            ConfirmationState::new(after.clone(), ConfirmationRules::JAPANESE_1989, Some(ko));
        assert!(none.is_legal(ConfirmationMove::Play(pt("B1"))));
        let rules = ConfirmationRules {
            initial_ban: InitialBan::CarriedOver,
            ..ConfirmationRules::JAPANESE_1989
        };
        let carried = ConfirmationState::new(after, rules, Some(ko));
        assert!(!carried.is_legal(ConfirmationMove::Play(pt("B1"))));
        assert!(carried.is_legal(ConfirmationMove::PassForKo(pt("C1"))));
    }
}
