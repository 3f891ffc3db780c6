//! Benchmarks and side-by-side runs against GNU Go.
