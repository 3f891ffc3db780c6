//! The corpus of corner cases is well formed: every file loads, every string of every
//! position has exactly one expectation, every theme of the J89 brief (section 2) is covered,
//! and every position is legal.

use puzzles::corpus::{corpus_dir, load_corpus, CorpusEntry};
use std::collections::BTreeSet;

/// The themes that must each have at least one position (spec section 2, plus the
/// calibration positions).
const REQUIRED_THEMES: &[&str] = &[
    "snapback",
    "direct ko left open",
    "double-ko seki",
    "seki with an eye",
    "dead stones inside seki",
    "bent four in the corner",
    "calibration",
    "three points without capturing",
    "moonshine life",
    "one-move approach ko",
    "ten-thousand-year ko",
    "triple ko with an eye",
    "eternal life",
    "double ko death",
    "approach ko with double-ko seki",
    "two-stage ko with double-ko seki",
];

/// The target size of the corpus; the test checks the current floor.
const TARGET_POSITIONS: usize = 30;
const CURRENT_FLOOR: usize = 33;

fn corpus() -> Vec<CorpusEntry> {
    load_corpus(&corpus_dir()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_file_loads_and_there_are_enough() {
    let corpus = corpus();
    assert!(
        corpus.len() >= CURRENT_FLOOR,
        "only {} positions (target {TARGET_POSITIONS})",
        corpus.len()
    );
    for entry in &corpus {
        assert!(!entry.source.is_empty(), "{}: no source", entry.name);
        assert!(!entry.note.is_empty(), "{}: no note", entry.name);
    }
}

#[test]
fn every_string_has_exactly_one_expectation() {
    for entry in corpus() {
        let pos = &entry.position;
        let mut strings = BTreeSet::new();
        for p in pos.size().points() {
            if let Some(id) = pos.string_id(p) {
                strings.insert(id);
            }
        }
        for &id in &strings {
            let count = entry
                .expectations
                .iter()
                .filter(|e| pos.string_id(e.stone) == Some(id))
                .count();
            assert_eq!(
                count, 1,
                "{}: string at {id} has {count} expectations",
                entry.name
            );
        }
        assert_eq!(entry.expectations.len(), strings.len(), "{}", entry.name);
        for (reading, list) in &entry.alternative_readings {
            for e in list {
                assert!(
                    pos.color_at(e.stone).is_some(),
                    "{} ({reading}): {} is no stone",
                    entry.name,
                    e.stone
                );
            }
        }
    }
}

#[test]
fn every_theme_is_covered() {
    let corpus = corpus();
    let themes: BTreeSet<&str> = corpus.iter().map(|e| e.theme.as_str()).collect();
    for theme in REQUIRED_THEMES {
        assert!(themes.contains(theme), "no position for theme '{theme}'");
    }
}

#[test]
fn positions_are_legal_and_small() {
    for entry in corpus() {
        let pos = &entry.position;
        let size = pos.size();
        assert!(
            (4..=9).contains(&size.width()) && (4..=9).contains(&size.height()),
            "{}: board {}x{}",
            entry.name,
            size.width(),
            size.height()
        );
        for p in size.points() {
            if pos.color_at(p).is_some() {
                assert!(
                    pos.liberty_count(p) > 0,
                    "{}: string at {p} has no liberty",
                    entry.name
                );
            }
        }
        assert!(pos.validate().is_ok(), "{}", entry.name);
    }
}

#[test]
fn seki_strings_touch_a_dame_point_and_alive_ones_do_not() {
    // Art. 8 via spec 3.6: lift the dead stones; a region is dame unless all its bordering
    // stones are alive stones of one colour; seki = alive and adjacent to a dame point.
    for entry in corpus() {
        let pos = &entry.position;
        let size = pos.size();
        let status = |p| entry.expected(p).expect("checked by another test");
        let open = |p| pos.color_at(p).is_none() || !status(p).is_alive();
        let mut region_of = std::collections::HashMap::new();
        let mut regions: Vec<(Vec<rules_core::Point>, BTreeSet<bool>)> = Vec::new();
        for start in size.points() {
            if !open(start) || region_of.contains_key(&start) {
                continue;
            }
            let id = regions.len();
            let mut stack = vec![start];
            let mut points = Vec::new();
            let mut colours = BTreeSet::new();
            region_of.insert(start, id);
            while let Some(q) = stack.pop() {
                points.push(q);
                for n in q.neighbours(size) {
                    if open(n) {
                        if region_of.insert(n, id).is_none() {
                            stack.push(n);
                        }
                    } else {
                        colours.insert(pos.color_at(n) == Some(rules_core::Color::Black));
                    }
                }
            }
            regions.push((points, colours));
        }
        for p in size.points() {
            if pos.color_at(p).is_none() || !status(p).is_alive() {
                continue;
            }
            let touches_dame = pos.string_stones(p).any(|s| {
                s.neighbours(size)
                    .any(|n| region_of.get(&n).is_some_and(|&r| regions[r].1.len() != 1))
            });
            let expected = if touches_dame { "seki" } else { "alive" };
            assert_eq!(
                status(p).to_string(),
                expected,
                "{}: {p} (a live string) {} a dame point",
                entry.name,
                if touches_dame {
                    "touches"
                } else {
                    "touches no"
                }
            );
        }
    }
}
