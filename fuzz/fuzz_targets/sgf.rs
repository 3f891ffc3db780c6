//! The SGF reader on arbitrary bytes: it never panics, and a position it accepts is written
//! back by `write_sgf` and read again as the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules_core::io::{parse_sgf, parse_sgf_bytes, write_sgf};

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = parse_sgf_bytes(data) {
        let text = write_sgf(&game.position, game.komi);
        let again = parse_sgf(&text).unwrap_or_else(|e| panic!("our own SGF refused: {e}\n{text}"));
        assert_eq!(again.position, game.position, "{text}");
        assert_eq!(again.komi, game.komi, "{text}");
    }
});
