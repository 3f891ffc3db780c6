//! The confirmation ban set (Art. 7-2) checked against an independent recomputation.
//!
//! The oracle here shares nothing with `rules_core::confirmation` but the vocabulary types:
//! it keeps its own naive board (flood fills from scratch), names every stone by a serial
//! number given when it is placed (not by its point), and keeps bans as sets of those
//! numbers, exactly as spec §3.3 words them. Random sequences of hypothetical play, with
//! passes for ko taken often, compare at every step the legal moves, the board, the bans
//! and the hash (incremental, from scratch, and consistent with state equality).
//!
//! The other pass rules are modelled from their own texts: J2003 keeps prohibitions per
//! (player, pair of points) and a ko-pass clears all of the player's; KataGo keeps marks by
//! stone number, unblocks them by its own condition (version 1: the ko capture of the marked
//! stone is possible; version 2: the marked stone is a lone opposing stone in atari), and
//! records every ko capture as (board before it, point, player) to refuse repeats. Each run
//! counts the events only its rule has and asserts that they happened.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rules_core::confirmation::{
    ConfirmationMove, ConfirmationRules, ConfirmationState, InitialBan, KoPassRule,
};
use rules_core::{Color, Point, Position, Size, ZobristHash};
use std::collections::{BTreeSet, HashMap};

/// The naive board: colours per point, flood fills for everything.
#[derive(Clone)]
struct Naive {
    size: Size,
    board: HashMap<Point, Color>,
    /// Serial number of the stone on each occupied point.
    ids: HashMap<Point, u64>,
    next_id: u64,
    to_move: Color,
    /// Bans by stone serial number.
    bans: BTreeSet<u64>,
    /// (player, the two points of the ko) pairs exempted under once-per-ko.
    exempt: BTreeSet<(Color, Point, Point)>,
    /// J2003: (player, the two points of the ko) where the player may not ko-capture.
    prohibited: BTreeSet<(Color, Point, Point)>,
    /// KataGo: (board before, point, player) of every ko capture made.
    history: BTreeSet<(String, Point, Color)>,
    /// The players who made a pass for ko in this sequence (for counting events only).
    passed_for_ko: BTreeSet<Color>,
    rules: ConfirmationRules,
}

/// Events that only some rules have, counted along the random walks.
#[derive(Default, Debug)]
struct Events {
    steps: usize,
    ko_captures: usize,
    ko_passes: usize,
    /// J2003: ko-passes that lifted two prohibitions or more at once.
    multi_lifts: usize,
    /// J2003: ko-captures refused because the opponent ko-captured there again after the
    /// player's ko-pass.
    reprohibited: usize,
    /// KataGo: pseudolegal ko captures of unmarked stones refused as repeats.
    repeats_refused: usize,
    /// KataGo version 2: unblocks offered on a marked stone that no ko capture could take.
    atari_unblocks: usize,
}

/// What a play would do on the naive board.
struct NaivePlay {
    captured: Vec<Point>,
    /// The stone number captured, when the play is a ko capture.
    ko_capture_of: Option<u64>,
}

impl Naive {
    fn string(&self, p: Point) -> (BTreeSet<Point>, BTreeSet<Point>) {
        let color = self.board[&p];
        let mut stones = BTreeSet::from([p]);
        let mut libs = BTreeSet::new();
        let mut stack = vec![p];
        while let Some(q) = stack.pop() {
            for n in q.neighbours(self.size) {
                match self.board.get(&n) {
                    None => {
                        libs.insert(n);
                    }
                    Some(&c) if c == color && stones.insert(n) => stack.push(n),
                    _ => {}
                }
            }
        }
        (stones, libs)
    }

    /// Simulates a play by the player to move; `None` if occupied or suicide.
    fn simulate(&self, p: Point) -> Option<(Naive, NaivePlay)> {
        if self.board.contains_key(&p) {
            return None;
        }
        let me = self.to_move;
        let mut next = self.clone();
        next.board.insert(p, me);
        let mut captured = Vec::new();
        for n in p.neighbours(self.size) {
            if next.board.get(&n) == Some(&!me) {
                let (stones, libs) = next.string(n);
                if libs.is_empty() {
                    for s in stones {
                        next.board.remove(&s);
                        captured.push(s);
                    }
                }
            }
        }
        let (own, own_libs) = next.string(p);
        if own_libs.is_empty() {
            return None;
        }
        let ko_capture_of =
            (captured.len() == 1 && own.len() == 1 && own_libs == BTreeSet::from([captured[0]]))
                .then(|| self.ids[&captured[0]]);
        for s in &captured {
            next.ids.remove(s);
        }
        next.ids.insert(p, next.next_id);
        next.next_id += 1;
        Some((
            next,
            NaivePlay {
                captured,
                ko_capture_of,
            },
        ))
    }

    fn point_of(&self, id: u64) -> Option<Point> {
        self.ids.iter().find(|(_, &i)| i == id).map(|(&p, _)| p)
    }

    fn ko_pair(a: Point, b: Point) -> (Point, Point) {
        (a.min(b), a.max(b))
    }

    fn board_key(&self) -> String {
        let mut board: Vec<(Point, Color)> = self.board.iter().map(|(&p, &c)| (p, c)).collect();
        board.sort();
        format!("{board:?}")
    }

    /// Why the ko rule refuses the play at `p` (given what it would do), if it does:
    /// "banned" or "repeat".
    fn refusal(&self, p: Point, play: &NaivePlay) -> Option<&'static str> {
        let id = play.ko_capture_of?;
        let me = self.to_move;
        let banned = match self.rules.ko_pass {
            KoPassRule::J2003 => {
                let (a, b) = Naive::ko_pair(p, play.captured[0]);
                self.prohibited.contains(&(me, a, b))
            }
            _ => self.bans.contains(&id),
        };
        if banned {
            return Some("banned");
        }
        let katago = matches!(
            self.rules.ko_pass,
            KoPassRule::KataGoV1 | KoPassRule::KataGo
        );
        (katago && self.history.contains(&(self.board_key(), p, me))).then_some("repeat")
    }

    fn legal_moves(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for p in self.size.points() {
            if let Some((_, play)) = self.simulate(p) {
                if self.refusal(p, &play).is_none() {
                    out.insert(ConfirmationMove::Play(p).to_string());
                }
            }
        }
        for s in self.passes_for_ko() {
            out.insert(ConfirmationMove::PassForKo(s).to_string());
        }
        out.insert("pass".to_string());
        out
    }

    /// The stones the player to move may pass for, each rule by its own text.
    fn passes_for_ko(&self) -> Vec<Point> {
        let me = self.to_move;
        let ko_takes = || {
            self.size
                .points()
                .filter_map(move |p| self.simulate(p).map(|(_, play)| (p, play)))
                .filter(|(_, play)| play.ko_capture_of.is_some())
        };
        match self.rules.ko_pass {
            KoPassRule::J2003 => {
                // One ko-pass, named by the lowest stone whose available ko-capture is
                // prohibited (they all do the same).
                ko_takes()
                    .filter(|(p, play)| {
                        let (a, b) = Naive::ko_pair(*p, play.captured[0]);
                        self.prohibited.contains(&(me, a, b))
                    })
                    .map(|(_, play)| play.captured[0])
                    .min()
                    .into_iter()
                    .collect()
            }
            KoPassRule::KataGo => self
                .bans
                .iter()
                .filter_map(|&id| self.point_of(id))
                .filter(|&s| {
                    let (stones, libs) = self.string(s);
                    self.board[&s] == !me && stones.len() == 1 && libs.len() == 1
                })
                .collect(),
            _ => self
                .bans
                .iter()
                .filter(|&&id| ko_takes().any(|(_, play)| play.ko_capture_of == Some(id)))
                .filter_map(|&id| self.point_of(id))
                .collect(),
        }
    }

    fn apply(&mut self, mv: ConfirmationMove, events: &mut Events) {
        let me = self.to_move;
        match mv {
            ConfirmationMove::Pass => {}
            ConfirmationMove::PassForKo(_) if self.rules.ko_pass == KoPassRule::J2003 => {
                self.passed_for_ko.insert(me);
                let before = self.prohibited.len();
                self.prohibited.retain(|&(c, _, _)| c != me);
                if before - self.prohibited.len() >= 2 {
                    events.multi_lifts += 1;
                }
            }
            ConfirmationMove::PassForKo(s) => {
                let id = self.ids[&s];
                assert!(self.bans.remove(&id));
                if self.rules.ko_pass == KoPassRule::OncePerPlayerPerKo {
                    let (_, libs) = self.string(s);
                    let lib = *libs.iter().next().expect("a ko stone has its liberty");
                    let (a, b) = Naive::ko_pair(s, lib);
                    self.exempt.insert((me, a, b));
                }
            }
            ConfirmationMove::Play(p) => {
                let board_before = self.board_key();
                let (next, play) = self.simulate(p).expect("a legal play");
                let captured = play.captured;
                *self = next;
                self.bans.retain(|id| self.ids.values().any(|v| v == id));
                if let Some(_taken) = play.ko_capture_of {
                    let (a, b) = Naive::ko_pair(p, captured[0]);
                    match self.rules.ko_pass {
                        KoPassRule::J2003 => {
                            self.prohibited.insert((!me, a, b));
                        }
                        KoPassRule::OncePerPlayerPerKo if self.exempt.contains(&(!me, a, b)) => {}
                        _ => {
                            self.bans.insert(self.ids[&p]);
                        }
                    }
                    if matches!(
                        self.rules.ko_pass,
                        KoPassRule::KataGoV1 | KoPassRule::KataGo
                    ) {
                        self.history.insert((board_before, p, me));
                    }
                }
            }
        }
        self.to_move = !me;
    }

    /// The bans that can still matter: on stones that are lone strings. Under J2003, the
    /// lone stones in atari whose capture at their liberty is prohibited to the opponent.
    fn effective_bans(&self) -> BTreeSet<Point> {
        if self.rules.ko_pass == KoPassRule::J2003 {
            return self
                .board
                .keys()
                .copied()
                .filter(|&s| {
                    let (stones, libs) = self.string(s);
                    if stones.len() != 1 || libs.len() != 1 {
                        return false;
                    }
                    let lib = *libs.iter().next().expect("one liberty");
                    let (a, b) = Naive::ko_pair(s, lib);
                    self.prohibited.contains(&(!self.board[&s], a, b))
                })
                .collect();
        }
        self.bans
            .iter()
            .filter_map(|&id| self.point_of(id))
            .filter(|&p| self.string(p).0.len() == 1)
            .collect()
    }

    /// Everything that decides the future of hypothetical play.
    fn canonical_key(&self) -> String {
        let mut board: Vec<(Point, Color)> = self.board.iter().map(|(&p, &c)| (p, c)).collect();
        board.sort();
        format!(
            "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
            board,
            self.to_move,
            self.effective_bans(),
            self.exempt,
            self.prohibited,
            self.history
        )
    }
}

fn random_position(rng: &mut SmallRng, size: Size) -> Position {
    let mut pos = Position::empty(size);
    let n = rng.random_range(0..size.area() * 2 / 3);
    for _ in 0..n {
        let moves = pos.legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        pos.play_mut(mv).expect("legal");
    }
    pos.clear_ko();
    pos
}

fn run(rules: ConfirmationRules, seed: u64, sequences: usize) -> Events {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut ev = Events::default();
    // KataGo's repeat rule needs a ko capture made again from the same board, which takes
    // ordinary passes between the passes for ko: pass more often under it.
    let pass_rate = if rules.ko_pass.is_katago() { 0.3 } else { 0.05 };
    let mut seen: HashMap<ZobristHash, String> = HashMap::new();
    let mut keys: HashMap<String, ZobristHash> = HashMap::new();
    let shapes = [(3, 3), (4, 4), (5, 4), (4, 3), (5, 5), (2, 3)];
    for _ in 0..sequences {
        let (w, h) = shapes[rng.random_range(0..shapes.len())];
        let size = Size::new(w, h).expect("valid size");
        let pos = random_position(&mut rng, size);
        let mut state = ConfirmationState::new(pos.clone(), rules, None);
        let mut naive = Naive {
            size,
            board: size
                .points()
                .filter_map(|p| pos.color_at(p).map(|c| (p, c)))
                .collect(),
            ids: HashMap::new(),
            next_id: 0,
            to_move: pos.to_move(),
            bans: BTreeSet::new(),
            exempt: BTreeSet::new(),
            prohibited: BTreeSet::new(),
            history: BTreeSet::new(),
            passed_for_ko: BTreeSet::new(),
            rules,
        };
        for p in size.points() {
            if naive.board.contains_key(&p) {
                naive.ids.insert(p, naive.next_id);
                naive.next_id += 1;
            }
        }
        for _ in 0..60 {
            let expected = naive.legal_moves();
            let got: BTreeSet<String> = state.legal_moves().iter().map(|m| m.to_string()).collect();
            assert_eq!(got, expected, "legal moves differ in\n{}", state.position());
            // The searches' path: the plays of the whole board written into a buffer,
            // then the passes (it tests the ko only next to a banned stone).
            let mut pushed = Vec::new();
            state.push_legal_plays_in(&size.points().collect(), &mut pushed);
            state.push_passes(&mut pushed);
            let pushed: BTreeSet<String> = pushed.iter().map(|m| m.to_string()).collect();
            assert_eq!(
                pushed,
                expected,
                "pushed moves differ in\n{}",
                state.position()
            );
            for p in size.points() {
                let play = ConfirmationMove::Play(p);
                assert_eq!(state.is_legal(play), expected.contains(&play.to_string()));
                if let Some((_, sim)) = naive.simulate(p) {
                    match naive.refusal(p, &sim) {
                        Some("repeat") => ev.repeats_refused += 1,
                        // A prohibition made after the player's own ko-pass: unlike
                        // once-per-ko, a ko-pass exempts nothing for later.
                        Some(_)
                            if rules.ko_pass == KoPassRule::J2003
                                && naive.passed_for_ko.contains(&naive.to_move) =>
                        {
                            ev.reprohibited += 1;
                        }
                        _ => {}
                    }
                }
            }
            if rules.ko_pass == KoPassRule::KataGo {
                for s in naive.passes_for_ko() {
                    let capturable = size
                        .points()
                        .filter_map(|p| naive.simulate(p))
                        .any(|(_, sim)| sim.ko_capture_of == Some(naive.ids[&s]));
                    if !capturable {
                        ev.atari_unblocks += 1;
                    }
                }
            }
            assert_eq!(
                state.bans().iter().collect::<BTreeSet<_>>(),
                naive.effective_bans()
            );
            assert_eq!(state.hash(), state.hash_from_scratch());
            let key = naive.canonical_key();
            let h = state.hash();
            if let Some(other) = seen.insert(h, key.clone()) {
                assert_eq!(other, key, "two different states share a hash");
            }
            if let Some(other) = keys.insert(key, h) {
                assert_eq!(other, h, "equal states with different hashes");
            }
            // Choose a move: passes for ko whenever offered half the time, so bans turn over.
            let moves = state.legal_moves();
            let for_ko: Vec<_> = moves
                .iter()
                .filter(|m| matches!(m, ConfirmationMove::PassForKo(_)))
                .copied()
                .collect();
            let mv = if !for_ko.is_empty() && rng.random_bool(0.5) {
                ev.ko_passes += 1;
                for_ko[rng.random_range(0..for_ko.len())]
            } else {
                let plays: Vec<_> = moves
                    .iter()
                    .filter(|m| matches!(m, ConfirmationMove::Play(_)))
                    .copied()
                    .collect();
                let ko_takes: Vec<_> = plays
                    .iter()
                    .filter(|m| match m {
                        ConfirmationMove::Play(p) => {
                            let pos = state.position();
                            pos.is_ko_capture(pos.to_move(), *p).is_some()
                        }
                        _ => false,
                    })
                    .copied()
                    .collect();
                if plays.is_empty() || rng.random_bool(pass_rate) {
                    ConfirmationMove::Pass
                } else if !ko_takes.is_empty() && rng.random_bool(0.6) {
                    ko_takes[rng.random_range(0..ko_takes.len())]
                } else {
                    plays[rng.random_range(0..plays.len())]
                }
            };
            let effect = state.play(mv).expect("a listed move is legal");
            let before = state.position().clone();
            state = effect;
            naive.apply(mv, &mut ev);
            if let ConfirmationMove::Play(p) = mv {
                if before.is_ko_capture(before.to_move(), p).is_some() {
                    ev.ko_captures += 1;
                }
            }
            for p in size.points() {
                assert_eq!(state.position().color_at(p), naive.board.get(&p).copied());
            }
            assert_eq!(state.to_move(), naive.to_move);
            ev.steps += 1;
        }
    }
    ev
}

fn rules(ko_pass: KoPassRule) -> ConfirmationRules {
    ConfirmationRules {
        ko_pass,
        initial_ban: InitialBan::None,
    }
}

fn assert_kos_happened(name: &str, ev: &Events) {
    eprintln!("{name}: {ev:?}");
    assert!(
        ev.ko_captures > 1000 && ev.ko_passes > 500,
        "too few kos to test anything: {ev:?}"
    );
}

#[test]
fn strict_ban_set_matches_recomputation() {
    let ev = run(ConfirmationRules::JAPANESE_1989, 7, 1500);
    assert_kos_happened("strict", &ev);
}

#[test]
fn once_per_ko_ban_set_matches_recomputation() {
    let ev = run(rules(KoPassRule::OncePerPlayerPerKo), 11, 1500);
    assert_kos_happened("once-per-ko", &ev);
}

#[test]
fn j2003_prohibitions_match_recomputation() {
    let ev = run(rules(KoPassRule::J2003), 13, 1500);
    assert_kos_happened("j2003", &ev);
    assert!(
        ev.multi_lifts > 0,
        "no ko-pass lifted two prohibitions: {ev:?}"
    );
    assert!(ev.reprohibited > 0, "no prohibition came back: {ev:?}");
}

#[test]
fn katago_v1_marks_match_recomputation() {
    let ev = run(rules(KoPassRule::KataGoV1), 17, 1500);
    assert_kos_happened("katago-v1", &ev);
    assert!(ev.repeats_refused > 5, "too few repeats refused: {ev:?}");
}

#[test]
fn katago_marks_match_recomputation() {
    let ev = run(rules(KoPassRule::KataGo), 19, 1500);
    assert_kos_happened("katago", &ev);
    assert!(ev.repeats_refused > 5, "too few repeats refused: {ev:?}");
    assert!(
        ev.atari_unblocks > 0,
        "no unblock of a stone beyond ko capture: {ev:?}"
    );
}
