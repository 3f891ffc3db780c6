//! `shikatsu`: life and death under the Japanese 1989 rules, from the command line.
//!
//! Exit codes: 0 done, 1 a check disagreed (for commands that check), 2 bad input or usage.

mod args;
mod config;
mod explain;
mod gallery;
mod gtp;
mod html;
mod output;
mod score;
mod sentences;
mod solve;
mod svg;
mod verify;

use anyhow::{Context, Result};
use args::{Cli, Command, Format};
use clap::Parser;
use config::StatusConfig;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    // The work runs on a thread with a search's stack, and rayon's workers get one too
    // (`SEARCH_STACK_BYTES`): the main thread's 8 MB and a worker's 2 MB are not enough
    // for deep searches.
    solver::dfpn::search_stacks();
    let worker = std::thread::Builder::new()
        .name("shikatsu".into())
        .stack_size(solver::dfpn::SEARCH_STACK_BYTES)
        .spawn(move || run(cli));
    let result = match worker {
        Ok(handle) => match handle.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        },
        Err(e) => Err(anyhow::Error::new(e).context("cannot start the worker thread")),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Status(args) => {
            let config = StatusConfig::try_from(args)?;
            status(&config)
        }
        Command::Gtp(args) => {
            let reading = config::reading(&args.reading);
            let limits = config::limits(&args.limits)?;
            let stdin = std::io::stdin();
            gtp::Engine::new(reading, limits).run(stdin.lock(), std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Score(args) => score::run(args),
        Command::Explain(args) => explain_command(&args),
        Command::Gallery(args) => gallery_command(&args),
        Command::Solve(args) => solve::run(args),
        Command::Verify(args) => verify::run(args),
    }
}

fn explain_command(args: &args::ExplainArgs) -> Result<ExitCode> {
    if let Some(out) = &args.html {
        // Writing the page over the position read would destroy the input.
        let same = |a: &std::path::Path, b: &std::path::Path| matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y);
        if same(out, &args.position) {
            anyhow::bail!(
                "{}: --html names the position's own file; give another file for the page",
                out.display()
            );
        }
    }
    let game = config::load_position(&args.position, args.move_number)?;
    let reading = config::reading(&args.reading);
    let limits = config::limits(&args.limits)?;
    output::print_warnings(args.position.display(), &game.warnings);
    let judgement = solver::scoring::judge_position(
        &game.position,
        game.last_ko_capture,
        game.komi,
        &reading,
        &limits,
    );
    let lang = sentences::Language::default();
    let explained =
        explain::explain_position(&game.position, game.last_ko_capture, &judgement, lang);
    match &args.html {
        Some(out) => {
            let title = format!("shikatsu explain: {}", args.position.display());
            let page = html::page(&html::Page {
                title: &title,
                position: &game.position,
                judgement: &judgement,
                explained: &explained,
                extra_html: String::new(),
                extra_lines: &[],
                lang,
            });
            std::fs::write(out, page)
                .with_context(|| format!("{}: cannot write", out.display()))?;
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            write!(
                stdout,
                "{}",
                output::status_text(&game.position, &judgement, &explained, lang)
            )?;
            write!(
                stdout,
                "{}",
                explain::lines_text(&game.position, &judgement, &explained, lang)
            )?;
            stdout.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn gallery_command(args: &args::GalleryArgs) -> Result<ExitCode> {
    let dir = args
        .corpus
        .clone()
        .unwrap_or_else(puzzles::corpus::corpus_dir);
    let entries = puzzles::corpus::load_corpus(&dir).map_err(|e| anyhow::anyhow!("{e}"))?;
    let reading = config::reading(&args.reading);
    let limits = config::limits(&args.limits)?;
    let lang = sentences::Language::default();
    let results = gallery::write_gallery(&entries, &args.out_dir, &reading, &limits, lang)?;
    let mut stdout = std::io::stdout().lock();
    for r in &results {
        writeln!(
            stdout,
            "{}: {}",
            r.name,
            lang.entry_counts(r.agree, r.wrong, r.unknown)
        )?;
    }
    writeln!(
        stdout,
        "{} pages and index.html written to {}",
        results.len(),
        args.out_dir.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn status(config: &StatusConfig) -> Result<ExitCode> {
    output::print_warnings(config.source.display(), &config.game.warnings);
    if config.compare_readings {
        return compare_readings(config);
    }
    let game = &config.game;
    let judgement = solver::scoring::judge_position(
        &game.position,
        game.last_ko_capture,
        game.komi,
        &config.reading,
        &config.limits,
    );
    let explained = explain::explain_position(
        &game.position,
        game.last_ko_capture,
        &judgement,
        sentences::Language::default(),
    );
    let mut stdout = std::io::stdout().lock();
    match config.format {
        Format::Json => {
            let json = output::status_json(&game.position, &judgement, &explained);
            serde_json::to_writer(&mut stdout, &json)?;
            writeln!(stdout)?;
        }
        Format::Sgf => {
            let sgf = output::status_sgf(
                &game.position,
                game.komi,
                &judgement,
                &explained,
                sentences::Language::default(),
            );
            write!(stdout, "{sgf}")?;
        }
        Format::Text => {
            write!(
                stdout,
                "{}",
                output::status_text(
                    &game.position,
                    &judgement,
                    &explained,
                    sentences::Language::default()
                )
            )?;
        }
        Format::Svg => {
            write!(
                stdout,
                "{}",
                svg::status_svg(&game.position, &judgement, sentences::Language::default())
            )?;
        }
    }
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn compare_readings(config: &StatusConfig) -> Result<ExitCode> {
    let game = &config.game;
    let judged: Vec<(&'static str, solver::scoring::PositionJudgement)> =
        config::compared_readings()
            .into_iter()
            .map(|(name, reading)| {
                let j = solver::scoring::judge_position(
                    &game.position,
                    game.last_ko_capture,
                    game.komi,
                    &reading,
                    &config.limits,
                );
                (name, j)
            })
            .collect();
    let mut stdout = std::io::stdout().lock();
    match config.format {
        Format::Json => {
            serde_json::to_writer(&mut stdout, &output::comparison_json(&judged))?;
            writeln!(stdout)?;
        }
        Format::Text | Format::Sgf | Format::Svg => {
            write!(
                stdout,
                "{}",
                output::comparison_text(&judged, sentences::Language::default())
            )?;
        }
    }
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}
