//! `shikatsu gallery OUT_DIR`: every corpus position as a page (the board, the verdicts, the
//! expected verdicts, the lines to step through) and an index page linking them.

use crate::explain::{explain_position, Explained};
use crate::html::{escape, page, Page};
use crate::sentences::{Label, Language};
use anyhow::{Context, Result};
use puzzles::corpus::{CorpusEntry, ExpectedStatus};
use solver::confirm::Limits;
use solver::scoring::{judge_position, PositionJudgement, Status};
use solver::{CycleRule, Reading};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// How one corpus entry came out.
#[derive(Debug)]
pub struct EntryResult {
    /// The entry's file name without extension.
    pub name: String,
    /// Expectations met.
    pub agree: usize,
    /// Expectations contradicted by a decided verdict.
    pub wrong: usize,
    /// Expectations whose string was left undecided.
    pub unknown: usize,
}

/// Whether a found status meets an expectation; `None` when it cannot be told. Seki needs
/// the dame, and the dame need every string decided: with some string undecided, a string
/// expected in seki can only come out as alive, which is not a disagreement.
fn matches(expected: ExpectedStatus, found: Status, all_decided: bool) -> Option<bool> {
    match found {
        Status::Unknown => None,
        Status::Cycle => Some(expected == ExpectedStatus::Cycle),
        Status::Alive if expected == ExpectedStatus::Seki && !all_decided => None,
        Status::Alive => Some(expected == ExpectedStatus::Alive),
        Status::Seki => Some(expected == ExpectedStatus::Seki),
        Status::Dead => Some(expected == ExpectedStatus::Dead),
    }
}

fn entry_section(entry: &CorpusEntry, judgement: &PositionJudgement, lang: Language) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<p><b>{}:</b> {}<br><b>{}:</b> {}</p><p>{}</p>",
        lang.label(Label::Theme),
        escape(&entry.theme),
        lang.label(Label::Source),
        escape(&entry.source),
        escape(&entry.note)
    );
    let _ = write!(
        out,
        "<table><tr><th>{}</th><th>{}</th><th>{}</th></tr>",
        lang.label(Label::String),
        lang.label(Label::Expected),
        lang.label(Label::Found)
    );
    for e in &entry.expectations {
        let found = judgement.string_at(e.stone).map(|s| s.status);
        let all_decided = judgement.territory.is_some();
        let verdict = lang.label(match found.map(|f| matches(e.status, f, all_decided)) {
            Some(Some(true)) => Label::Agree,
            Some(Some(false)) => Label::Disagree,
            _ => Label::Undecided,
        });
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td class=\"{}\">{} ({verdict})</td></tr>",
            e.stone,
            e.status,
            found.map_or("unknown", |f| f.as_str()),
            found.map_or("unknown", |f| f.as_str()),
        );
    }
    out.push_str("</table>");
    for (name, expectations) in &entry.alternative_readings {
        let list: Vec<String> = expectations
            .iter()
            .map(|e| format!("{} {}", e.stone, e.status))
            .collect();
        let _ = write!(
            out,
            "<p>{}</p>",
            escape(&lang.alternative_expectation(name, &list.join(", ")))
        );
    }
    out
}

/// For an entry whose file expects cycles (`# reading cycles-report: expect POINT cycle`):
/// the position judged again with cycles reported, and the line of every string whose
/// verdict rests on endless play, titled as such. Those lines run into the repetition, so a
/// reader can step through the cycle itself (the default reading's line of eternal life
/// shows the attacker's other, failing try).
fn cycle_lines(
    entry: &CorpusEntry,
    reading: &Reading,
    limits: &Limits,
    lang: Language,
) -> Vec<(String, Explained)> {
    let expects_cycles = entry.alternative_readings.iter().any(|(name, list)| {
        name.contains("cycles-report") && list.iter().any(|e| e.status == ExpectedStatus::Cycle)
    });
    if !expects_cycles || reading.cycles == CycleRule::Report {
        return Vec::new();
    }
    let reported = Reading {
        cycles: CycleRule::Report,
        ..*reading
    };
    let judgement = judge_position(&entry.position, None, None, &reported, limits);
    let explained = explain_position(&entry.position, None, &judgement, lang);
    judgement
        .strings
        .iter()
        .zip(explained)
        .filter(|(report, _)| {
            report
                .judgement
                .cycle
                .as_ref()
                .is_some_and(|c| !c.turn.is_empty())
        })
        .map(|(report, e)| {
            let title = lang.cycle_line_title(&format!(
                "{} {}",
                lang.color(report.judgement.color),
                report.judgement.stones_text()
            ));
            (title, e)
        })
        .collect()
}

/// Judges every entry of `entries`, writes one page per entry and `index.html` into `out`,
/// and returns how each entry came out.
///
/// # Errors
/// The folder or a page cannot be written.
pub fn write_gallery(
    entries: &[CorpusEntry],
    out: &Path,
    reading: &Reading,
    limits: &Limits,
    lang: Language,
) -> Result<Vec<EntryResult>> {
    std::fs::create_dir_all(out).with_context(|| format!("{}: cannot create", out.display()))?;
    let mut results = Vec::new();
    let mut rows = String::new();
    for entry in entries {
        let judgement = judge_position(&entry.position, None, None, reading, limits);
        let explained = explain_position(&entry.position, None, &judgement, lang);
        let title = format!("{}: {}", entry.name, entry.theme);
        let extra_lines = cycle_lines(entry, reading, limits, lang);
        let html = page(&Page {
            title: &title,
            position: &entry.position,
            judgement: &judgement,
            explained: &explained,
            extra_html: format!(
                "<p><a href=\"index.html\">{}</a></p>{}",
                lang.label(Label::Index),
                entry_section(entry, &judgement, lang)
            ),
            extra_lines: &extra_lines,
            lang,
        });
        let file: PathBuf = out.join(format!("{}.html", entry.name));
        std::fs::write(&file, html).with_context(|| format!("{}: cannot write", file.display()))?;
        let mut result = EntryResult {
            name: entry.name.clone(),
            agree: 0,
            wrong: 0,
            unknown: 0,
        };
        for e in &entry.expectations {
            match judgement
                .string_at(e.stone)
                .and_then(|s| matches(e.status, s.status, judgement.territory.is_some()))
            {
                Some(true) => result.agree += 1,
                Some(false) => result.wrong += 1,
                None => result.unknown += 1,
            }
        }
        let verdicts: Vec<String> = judgement
            .strings
            .iter()
            .map(|s| {
                format!(
                    "{} {}",
                    s.judgement
                        .stones
                        .first()
                        .map_or(String::new(), |p| p.to_string()),
                    s.status
                )
            })
            .collect();
        let _ = write!(
            rows,
            "<tr><td><a href=\"{}.html\">{}</a></td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&entry.name),
            escape(&entry.name),
            escape(&entry.theme),
            escape(&verdicts.join(", ")),
            lang.entry_counts(result.agree, result.wrong, result.unknown)
        );
        results.push(result);
    }
    let title = lang.label(Label::GalleryTitle);
    let index = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>\
<style>body{{font-family:sans-serif;margin:1.5em}}table{{border-collapse:collapse}}td,th{{border:1px solid #bbb;padding:.25em .5em}}</style></head>\
<body><h1>{title}</h1><p>{reading_label}: {reading}. {intro}</p>\
<table><tr><th>{position}</th><th>{theme}</th><th>{verdicts}</th><th>{against}</th></tr>{rows}</table></body></html>\n",
        reading_label = lang.label(Label::Reading),
        reading = escape(&reading.to_string()),
        intro = lang.label(Label::GalleryIntro),
        position = lang.label(Label::Position),
        theme = lang.label(Label::Theme),
        verdicts = lang.label(Label::Verdicts),
        against = lang.label(Label::AgainstCorpus),
    );
    let file = out.join("index.html");
    std::fs::write(&file, index).with_context(|| format!("{}: cannot write", file.display()))?;
    Ok(results)
}
