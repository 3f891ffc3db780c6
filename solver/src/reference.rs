//! The exhaustive reference solver (being written).
