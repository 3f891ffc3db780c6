//! Random small boards for the unit tests of the static rules: random legal play from an
//! empty board, on boards of 3x3 to 7x6, from a fixed seed (the same boards every run).

use rules_core::{Position, Size};

/// `count` boards, each after up to `max_moves` random legal moves (a xorshift sequence
/// from `seed`, which must not be zero).
pub(crate) fn random_boards(seed: u64, count: usize, max_moves: u64) -> Vec<Position> {
    let mut x = seed;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..count)
        .map(|_| {
            let size = Size::new(3 + (next() % 5) as u32, 3 + (next() % 4) as u32).unwrap();
            let mut pos = Position::empty(size);
            for _ in 0..(next() % max_moves) {
                let moves = pos.legal_moves();
                let mv = moves[(next() % moves.len() as u64) as usize];
                pos = pos.play(mv).unwrap();
            }
            pos
        })
        .collect()
}
