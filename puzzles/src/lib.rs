//! The corpus of positions with expected verdicts, and loaders for collections.

pub mod corpus;
pub mod problems;
