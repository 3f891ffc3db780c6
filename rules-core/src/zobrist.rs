//! 128-bit Zobrist keys, computed at compile time.
//!
//! The keys come from a fixed `splitmix64` sequence, so hashes are stable across runs and
//! builds of the same version. They are not promised to be stable across versions: nothing
//! persists them.

use crate::color::Color;
use crate::geometry::{Point, CELLS};
use std::fmt;
use std::ops::{BitXor, BitXorAssign};

/// A 128-bit position hash.
///
/// ```
/// use rules_core::ZobristHash;
/// let a = ZobristHash::ZERO ^ ZobristHash(5);
/// assert_eq!(a ^ ZobristHash(5), ZobristHash::ZERO);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ZobristHash(pub u128);

impl ZobristHash {
    /// The hash of nothing.
    pub const ZERO: ZobristHash = ZobristHash(0);
}

impl BitXor for ZobristHash {
    type Output = ZobristHash;
    fn bitxor(self, rhs: ZobristHash) -> ZobristHash {
        ZobristHash(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for ZobristHash {
    fn bitxor_assign(&mut self, rhs: ZobristHash) {
        self.0 ^= rhs.0;
    }
}

impl fmt::Debug for ZobristHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ZobristHash({:032x})", self.0)
    }
}

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Keys for every kind of thing a hash covers, one table per kind.
pub(crate) struct Keys {
    stones: [[u128; CELLS]; 2],
    ko: [u128; CELLS],
    ban: [u128; CELLS],
    exempt: [[u128; CELLS]; 4],
    white_to_move: u128,
    member: [u128; CELLS],
}

const fn make_keys() -> Keys {
    let mut keys = Keys {
        stones: [[0; CELLS]; 2],
        ko: [0; CELLS],
        ban: [0; CELLS],
        exempt: [[0; CELLS]; 4],
        white_to_move: 0,
        member: [0; CELLS],
    };
    let mut state = 0x5348_494B_4154_5355_u64; // "SHIKATSU"
    let mut i = 0;
    while i < CELLS {
        let mut k = 0;
        while k < 8 {
            let (s1, hi) = splitmix64(state);
            let (s2, lo) = splitmix64(s1);
            state = s2;
            let key = ((hi as u128) << 64) | lo as u128;
            match k {
                0 => keys.stones[0][i] = key,
                1 => keys.stones[1][i] = key,
                2 => keys.ko[i] = key,
                3 => keys.ban[i] = key,
                4 => keys.exempt[0][i] = key,
                5 => keys.exempt[1][i] = key,
                6 => keys.exempt[2][i] = key,
                _ => keys.exempt[3][i] = key,
            }
            k += 1;
        }
        i += 1;
    }
    let (s1, hi) = splitmix64(state);
    let (s2, lo) = splitmix64(s1);
    keys.white_to_move = ((hi as u128) << 64) | lo as u128;
    // Drawn after the others, so that adding them changed no earlier key.
    state = s2;
    let mut i = 0;
    while i < CELLS {
        let (s1, hi) = splitmix64(state);
        let (s2, lo) = splitmix64(s1);
        state = s2;
        keys.member[i] = ((hi as u128) << 64) | lo as u128;
        i += 1;
    }
    keys
}

static KEYS: Keys = make_keys();

/// The key of a stone of `color` on `point`.
#[inline]
pub(crate) fn stone(color: Color, point: Point) -> ZobristHash {
    ZobristHash(KEYS.stones[color.index()][point.index()])
}

/// The key of a simple-ko prohibition on `point`.
#[inline]
pub(crate) fn ko(point: Point) -> ZobristHash {
    ZobristHash(KEYS.ko[point.index()])
}

/// The key of a confirmation ko ban on the stone at `point`.
#[inline]
pub(crate) fn ban(point: Point) -> ZobristHash {
    ZobristHash(KEYS.ban[point.index()])
}

/// The key of a "once per player per ko" exemption of `color` for the ko whose lower point
/// (by index) is `point`, lying horizontally (`vertical == false`) or vertically.
#[inline]
pub(crate) fn exempt(color: Color, point: Point, vertical: bool) -> ZobristHash {
    ZobristHash(KEYS.exempt[color.index() * 2 + vertical as usize][point.index()])
}

/// The key of a ko capture recorded under KataGo's rule: the stones hash of the board it
/// was made from, its point index and its player index, mixed into one 128-bit key (the
/// records are unbounded in number, so they are hashed rather than tabled).
#[inline]
pub(crate) fn ko_record((board, point, player): (u128, u16, u8)) -> ZobristHash {
    let salt = KEYS.ban[point as usize] ^ KEYS.exempt[player as usize][point as usize];
    let mut x = board ^ salt.rotate_left(41);
    // Two rounds of a multiply-xorshift mix: xoring records must not cancel by structure.
    for _ in 0..2 {
        x ^= x >> 67;
        x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
    }
    ZobristHash(x ^ (x >> 59))
}

/// The key of `point`'s membership in a part of the board hashed on its own
/// ([`crate::Position::area_hash`]).
#[inline]
pub(crate) fn member(point: Point) -> ZobristHash {
    ZobristHash(KEYS.member[point.index()])
}

/// The key xored in when White is to move.
#[inline]
pub(crate) fn white_to_move() -> ZobristHash {
    ZobristHash(KEYS.white_to_move)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u128> = Vec::new();
        all.extend(KEYS.stones[0]);
        all.extend(KEYS.stones[1]);
        all.extend(KEYS.ko);
        all.extend(KEYS.ban);
        for table in &KEYS.exempt {
            all.extend(table);
        }
        all.push(KEYS.white_to_move);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
