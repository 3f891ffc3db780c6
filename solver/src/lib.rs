//! # solver
//!
//! Judges the strings of a stopped position by the Japanese 1989 rules, Art. 7 (see
//! `docs/reading.md`), with a depth-first proof-number search, and checks it against an
//! exhaustive reference solver on small positions.

pub mod completion;
pub mod confirm;
pub mod cycles;
pub mod dfpn;
pub mod eyespace;
pub mod reading;
pub mod reference;
pub mod safety;
pub mod scoring;
mod static_memo;
#[cfg(test)]
mod test_boards;
pub mod tsumego;
pub mod tsumego_eyespace;
pub mod tsumego_reference;
pub mod tsumego_region;
pub mod tsumego_tree;
mod tsumego_verdicts;

pub use reading::{CycleRule, FirstMover, NewStoneScope, Reading};
