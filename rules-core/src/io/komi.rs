//! Exact komi in half points.

use std::fmt;
use std::str::FromStr;

/// Komi, stored exactly as a whole number of half points.
///
/// ```
/// use rules_core::io::Komi;
/// let komi: Komi = "6.5".parse().unwrap();
/// assert_eq!(komi.half_points(), 13);
/// assert_eq!(komi.to_string(), "6.5");
/// assert_eq!("-3.5".parse::<Komi>().unwrap().to_string(), "-3.5");
/// assert_eq!("7".parse::<Komi>().unwrap(), Komi::from_half_points(14));
/// assert!("6.25".parse::<Komi>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi(i32);

/// The largest komi magnitude accepted, in points.
pub const MAX_KOMI_POINTS: i32 = 1_000_000;

/// A string or number that is not a komi.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a komi: {reason}")]
pub struct KomiError {
    /// The rejected text.
    pub text: String,
    /// Why it was rejected.
    pub reason: KomiProblem,
}

/// Why a komi was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KomiProblem {
    /// Not a decimal number such as `6.5`, `-3.5` or `7`.
    #[error("expected a decimal number such as 6.5, -3.5 or 7")]
    NotANumber,
    /// A number that is not a multiple of 0.5.
    #[error("komi must be a multiple of 0.5")]
    NotHalfPoints,
    /// Larger in magnitude than [`MAX_KOMI_POINTS`].
    #[error("komi is out of range (at most {MAX_KOMI_POINTS} points either way)")]
    OutOfRange,
}

impl Komi {
    /// Zero komi.
    pub const ZERO: Komi = Komi(0);

    /// The komi of `half_points` half points (`13` is 6.5).
    pub const fn from_half_points(half_points: i32) -> Komi {
        Komi(half_points)
    }

    /// The komi in half points.
    pub const fn half_points(self) -> i32 {
        self.0
    }

    /// The komi as a float (exact: every half point value fits).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }

    /// The komi of a float, if it is a finite multiple of 0.5 in range.
    ///
    /// # Errors
    /// [`KomiError`] when it is not.
    pub fn from_f64(value: f64) -> Result<Komi, KomiError> {
        let err = |reason| KomiError {
            text: value.to_string(),
            reason,
        };
        if !value.is_finite() {
            return Err(err(KomiProblem::NotANumber));
        }
        if value.abs() > f64::from(MAX_KOMI_POINTS) {
            return Err(err(KomiProblem::OutOfRange));
        }
        let twice = value * 2.0;
        if twice.fract() != 0.0 {
            return Err(err(KomiProblem::NotHalfPoints));
        }
        // In range and integral, so the conversion is exact.
        Ok(Komi(twice as i32))
    }
}

impl FromStr for Komi {
    type Err = KomiError;

    fn from_str(s: &str) -> Result<Komi, KomiError> {
        let err = |reason| KomiError {
            text: s.to_string(),
            reason,
        };
        let t = s.trim();
        let (negative, body) = match t.as_bytes().first() {
            Some(b'-') => (true, &t[1..]),
            Some(b'+') => (false, &t[1..]),
            _ => (false, t),
        };
        let (int, frac) = match body.split_once('.') {
            Some((i, f)) => (i, f),
            None => (body, ""),
        };
        let digits = |x: &str| x.bytes().all(|b| b.is_ascii_digit());
        if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) {
            return Err(err(KomiProblem::NotANumber));
        }
        let int = int.trim_start_matches('0');
        if int.len() > 7 {
            return Err(err(KomiProblem::OutOfRange));
        }
        let whole: i32 = if int.is_empty() {
            0
        } else {
            int.parse().map_err(|_| err(KomiProblem::NotANumber))?
        };
        if whole > MAX_KOMI_POINTS {
            return Err(err(KomiProblem::OutOfRange));
        }
        let frac = frac.trim_end_matches('0');
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => return Err(err(KomiProblem::NotHalfPoints)),
        };
        let halves = whole * 2 + half;
        if halves > MAX_KOMI_POINTS * 2 {
            return Err(err(KomiProblem::OutOfRange));
        }
        Ok(Komi(if negative { -halves } else { halves }))
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        if a % 2 == 0 {
            write!(f, "{sign}{}", a / 2)
        } else {
            write!(f, "{sign}{}.5", a / 2)
        }
    }
}
