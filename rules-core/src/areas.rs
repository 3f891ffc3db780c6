//! Independent areas (being written).
