//! Position input and output: text diagrams and SGF (being written).
