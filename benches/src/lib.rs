//! Benchmarks and side-by-side runs against GNU Go.
//!
//! The helpers here are shared by the criterion benches (`benches/rules.rs`) and the
//! binaries: a tiny deterministic random number generator, a table of on-board
//! neighbours, the usual "eye-like" test, a random playout, and the seeded shuffle that
//! samples the title games.
//!
//! ```
//! use benches::{playout, Neighbours, Rng};
//! use rules_core::{Position, Size};
//! let size = Size::square(9).unwrap();
//! let nbs = Neighbours::new(size);
//! let mut pos = Position::empty(size);
//! let moves = playout(&mut pos, &nbs, &mut Rng::new(1), 3 * size.area());
//! assert!(moves > 0);
//! pos.validate().unwrap();
//! ```

pub mod gtp_peer;

use rules_core::{Color, Move, Point, Position, Size, CELLS};

/// Shuffles `items` by a seeded Fisher-Yates shuffle, so that a sample of the title games
/// taken from the front is the same on every machine (`judge-games`, `score-games`,
/// `safety-survey`).
///
/// ```
/// let mut a = [1, 2, 3, 4, 5];
/// let mut b = a;
/// benches::seeded_shuffle(&mut a, 7);
/// benches::seeded_shuffle(&mut b, 7);
/// assert_eq!(a, b);
/// a.sort();
/// assert_eq!(a, [1, 2, 3, 4, 5]);
/// ```
pub fn seeded_shuffle<T>(items: &mut [T], seed: u64) {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for i in (1..items.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        items.swap(i, (x % (i as u64 + 1)) as usize);
    }
}

/// The game files named by the title games' `manifest.csv` in `data`, in the seeded order
/// of [`seeded_shuffle`] (take a sample from the front), or the error naming the manifest.
///
/// ```
/// let err = benches::sampled_games(std::path::Path::new("/no/such/folder"), 1).unwrap_err();
/// assert!(err.contains("manifest.csv"));
/// ```
pub fn sampled_games(data: &std::path::Path, seed: u64) -> Result<Vec<String>, String> {
    let path = data.join("manifest.csv");
    let manifest =
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut files: Vec<String> = manifest
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').next())
        .map(str::to_string)
        .collect();
    seeded_shuffle(&mut files, seed);
    Ok(files)
}

/// The record at `path`, for the binaries that go through the title games: `Err` (naming
/// the file) when it cannot be read, which stops a run; `Ok(Err(..))` when it is read but
/// does not parse, which a run reports as skipped and goes on.
///
/// ```
/// let missing = benches::read_record(std::path::Path::new("/no/such/game.sgf"));
/// assert!(missing.unwrap_err().contains("game.sgf"));
/// ```
pub fn read_record(
    path: &std::path::Path,
) -> Result<Result<rules_core::io::GameRecord, rules_core::io::SgfError>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(rules_core::io::parse_sgf_bytes(&bytes))
}

/// A small, fast, deterministic random number generator (xorshift64*).
///
/// Not for anything but games and benchmarks.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded from `seed` (any value, 0 included).
    pub fn new(seed: u64) -> Rng {
        // Scramble the seed with splitmix64 so that nearby seeds give unrelated streams.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Rng(if z == 0 { 0x2545_F491_4F6C_DD1D } else { z })
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0), by the multiply-shift method (bias below 2^-32 for
    /// the small `n` used here).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// The on-board neighbours of every point of one board size, precomputed so that hot
/// loops need no coordinate arithmetic.
#[derive(Clone, Debug)]
pub struct Neighbours {
    size: Size,
    /// Per cell index: up to four neighbours.
    points: Vec<[Point; 4]>,
    /// Per cell index: how many of `points` are used.
    counts: Vec<u8>,
}

impl Neighbours {
    /// The table for boards of `size`.
    pub fn new(size: Size) -> Neighbours {
        let mut points = vec![[Point::new(0, 0); 4]; CELLS];
        let mut counts = vec![0u8; CELLS];
        for p in size.points() {
            for (k, n) in p.neighbours(size).enumerate() {
                points[p.index()][k] = n;
                counts[p.index()] = k as u8 + 1;
            }
        }
        Neighbours {
            size,
            points,
            counts,
        }
    }

    /// The board size the table was made for.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The on-board neighbours of `p`.
    #[inline]
    pub fn of(&self, p: Point) -> &[Point] {
        &self.points[p.index()][..self.counts[p.index()] as usize]
    }
}

/// The usual "eye-like" test of random playouts: every on-board neighbour of the empty
/// point `p` is a stone of `color`, so playing there would fill one's own single-point
/// eye.
#[inline]
pub fn is_own_eye(pos: &Position, nbs: &Neighbours, color: Color, p: Point) -> bool {
    nbs.of(p).iter().all(|&n| pos.color_at(n) == Some(color))
}

/// Chooses a random move for the player to move: a random empty point that is legal and
/// does not fill the player's own single-point eye, else the pass.
///
/// The search starts at a random slot of [`Position::empty_points`] and scans the slots
/// in order, so every qualifying point can be chosen.
#[inline]
pub fn random_move(pos: &Position, nbs: &Neighbours, rng: &mut Rng) -> Move {
    let empties = pos.empty_points();
    let n = empties.len();
    if n == 0 {
        return Move::Pass;
    }
    let color = pos.to_move();
    let ko = pos.ko_point();
    let start = rng.below(n);
    for &p in empties[start..].iter().chain(&empties[..start]) {
        // The empty points are on the board, so legality is: not the ko point and not
        // suicide; cheaper than `is_legal`, which also checks the point is on the board.
        if !is_own_eye(pos, nbs, color, p) && ko != Some(p) && pos.is_legal_ignoring_ko(color, p) {
            return Move::Play(p);
        }
    }
    Move::Pass
}

/// Plays a random game from `pos` (see [`random_move`]) until two passes in a row or
/// `max_moves` moves; returns the number of stones played (passes not counted).
pub fn playout(pos: &mut Position, nbs: &Neighbours, rng: &mut Rng, max_moves: usize) -> u64 {
    let mut stones = 0;
    let mut passes = 0;
    for _ in 0..max_moves {
        let mv = random_move(pos, nbs, rng);
        pos.play_unchecked(mv);
        if mv == Move::Pass {
            passes += 1;
            if passes == 2 {
                break;
            }
        } else {
            passes = 0;
            stones += 1;
        }
    }
    stones
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_deterministic_and_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..1000 {
            let x = a.below(81);
            assert_eq!(x, b.below(81));
            assert!(x < 81);
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn neighbours_match_rules_core() {
        let size = Size::new(5, 3).unwrap();
        let nbs = Neighbours::new(size);
        for p in size.points() {
            let expected: Vec<Point> = p.neighbours(size).collect();
            assert_eq!(nbs.of(p), &expected[..]);
        }
    }

    #[test]
    fn playouts_are_legal_and_end() {
        for side in [2, 5, 9, 19] {
            let size = Size::square(side).unwrap();
            let nbs = Neighbours::new(size);
            for seed in 0..20 {
                let mut pos = Position::empty(size);
                let mut rng = Rng::new(seed);
                let mut passes = 0;
                for _ in 0..3 * size.area() {
                    let mv = random_move(&pos, &nbs, &mut rng);
                    if let Move::Play(p) = mv {
                        assert!(!is_own_eye(&pos, &nbs, pos.to_move(), p));
                    }
                    pos.play_mut(mv).expect("random moves are legal");
                    passes = if mv == Move::Pass { passes + 1 } else { 0 };
                    if passes == 2 {
                        break;
                    }
                }
                pos.validate().unwrap();
            }
        }
    }
}
