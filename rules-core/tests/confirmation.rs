//! The confirmation ban set (Art. 7-2) checked against an independent recomputation.
//!
//! The oracle here shares nothing with `rules_core::confirmation` but the vocabulary types:
//! it keeps its own naive board (flood fills from scratch), names every stone by a serial
//! number given when it is placed (not by its point), and keeps bans as sets of those
//! numbers, exactly as spec §3.3 words them. Random sequences of hypothetical play, with
//! passes for ko taken often, compare at every step the legal moves, the board, the bans
//! and the hash (incremental, from scratch, and consistent with state equality).

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
    rules: ConfirmationRules,
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

    fn legal_moves(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for p in self.size.points() {
            if let Some((_, play)) = self.simulate(p) {
                if !play.ko_capture_of.is_some_and(|id| self.bans.contains(&id)) {
                    out.insert(ConfirmationMove::Play(p).to_string());
                }
            }
        }
        for &id in &self.bans {
            let Some(s) = self.point_of(id) else { continue };
            let capturable = self
                .size
                .points()
                .filter_map(|p| self.simulate(p))
                .any(|(_, play)| play.ko_capture_of == Some(id));
            if capturable {
                out.insert(ConfirmationMove::PassForKo(s).to_string());
            }
        }
        out.insert("pass".to_string());
        out
    }

    fn apply(&mut self, mv: ConfirmationMove) {
        let me = self.to_move;
        match mv {
            ConfirmationMove::Pass => {}
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
                let (next, play) = self.simulate(p).expect("a legal play");
                let captured = play.captured;
                *self = next;
                self.bans.retain(|id| self.ids.values().any(|v| v == id));
                if let Some(_taken) = play.ko_capture_of {
                    let (a, b) = Naive::ko_pair(p, captured[0]);
                    let exempt = self.rules.ko_pass == KoPassRule::OncePerPlayerPerKo
                        && self.exempt.contains(&(!me, a, b));
                    if !exempt {
                        self.bans.insert(self.ids[&p]);
                    }
                }
            }
        }
        self.to_move = !me;
    }

    /// The bans that can still matter: on stones that are lone strings.
    fn effective_bans(&self) -> BTreeSet<Point> {
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
            "{:?}|{:?}|{:?}|{:?}",
            board,
            self.to_move,
            self.effective_bans(),
            self.exempt
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

fn run(rules: ConfirmationRules, seed: u64, sequences: usize) -> (usize, usize, usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut steps, mut ko_captures, mut ko_passes) = (0, 0, 0);
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
            for p in size.points() {
                let play = ConfirmationMove::Play(p);
                assert_eq!(state.is_legal(play), expected.contains(&play.to_string()));
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
                ko_passes += 1;
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
                if plays.is_empty() || rng.random_bool(0.05) {
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
            naive.apply(mv);
            if let ConfirmationMove::Play(p) = mv {
                if before.is_ko_capture(before.to_move(), p).is_some() {
                    ko_captures += 1;
                }
            }
            for p in size.points() {
                assert_eq!(state.position().color_at(p), naive.board.get(&p).copied());
            }
            assert_eq!(state.to_move(), naive.to_move);
            steps += 1;
        }
    }
    (steps, ko_captures, ko_passes)
}

#[test]
fn strict_ban_set_matches_recomputation() {
    let (steps, kos, passes) = run(ConfirmationRules::JAPANESE_1989, 7, 1500);
    eprintln!("strict: {steps} steps, {kos} ko captures, {passes} passes for ko");
    assert!(
        kos > 1000 && passes > 500,
        "too few kos to test anything: {kos} {passes}"
    );
}

#[test]
fn once_per_ko_ban_set_matches_recomputation() {
    let rules = ConfirmationRules {
        ko_pass: KoPassRule::OncePerPlayerPerKo,
        initial_ban: InitialBan::None,
    };
    let (steps, kos, passes) = run(rules, 11, 1500);
    eprintln!("once-per-ko: {steps} steps, {kos} ko captures, {passes} passes for ko");
    assert!(
        kos > 1000 && passes > 500,
        "too few kos to test anything: {kos} {passes}"
    );
}
