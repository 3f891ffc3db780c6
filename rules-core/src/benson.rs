//! Benson's unconditional life (being written).
