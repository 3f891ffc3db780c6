//! The diagram reader on arbitrary bytes: it never panics, and a position it accepts is
//! written back by `write_diagram` and read again as the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules_core::io::{parse_diagram, parse_diagram_bytes, write_diagram};

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = parse_diagram_bytes(data) {
        let text = write_diagram(&game.position, game.komi);
        let again =
            parse_diagram(&text).unwrap_or_else(|e| panic!("our own diagram refused: {e}\n{text}"));
        assert_eq!(again.position, game.position, "{text}");
        assert_eq!(again.komi, game.komi, "{text}");
    }
});
