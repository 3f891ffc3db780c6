//! What the random-position tests share.

use rand::rngs::SmallRng;
use rand::Rng;
use rules_core::{Move, Position, Size};
use std::ops::RangeInclusive;

/// A position reached by random legal play (no passes) on one of `shapes`, stopped once at
/// most a random number of `empties` points are empty (at most `max_moves` moves); `None`
/// when it ends with more empty points than `empties` allows, or with no stone at all.
pub fn random_position(
    rng: &mut SmallRng,
    shapes: &[(u32, u32)],
    empties: RangeInclusive<usize>,
    max_moves: usize,
) -> Option<Position> {
    let (w, h) = shapes[rng.random_range(0..shapes.len())];
    let size = Size::new(w, h).ok()?;
    let mut pos = Position::empty(size);
    let target = rng.random_range(empties.clone());
    for _ in 0..max_moves {
        if pos.empty_points().len() <= target {
            break;
        }
        let plays: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| *m != Move::Pass)
            .collect();
        if plays.is_empty() {
            return None;
        }
        pos.play_mut(plays[rng.random_range(0..plays.len())]).ok()?;
    }
    let left = pos.empty_points().len();
    (left <= *empties.end() && left < size.area()).then_some(pos)
}
