//! Layer two of the command line: flags validated into what the library needs.

use crate::args::{
    CyclesArg, FirstArg, Format, InitialBanArg, KoPassArg, LimitArgs, NewStoneArg, PresetArg,
    ReadingArgs, StatusArgs,
};
use anyhow::{bail, Context, Result};
use rules_core::confirmation::{InitialBan, KoPassRule};
use rules_core::io::{self, GameRecord, Komi, SgfOptions, MAX_INPUT_BYTES};
use solver::confirm::Limits;
use solver::{CycleRule, FirstMover, NewStoneScope, Reading};
use std::io::Read;
use std::num::NonZeroU64;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A validated `status` run.
#[derive(Debug)]
pub struct StatusConfig {
    /// Where the position came from, for messages.
    pub source: PathBuf,
    /// The position and what came with it.
    pub game: GameRecord,
    /// The reading of the rules.
    pub reading: Reading,
    /// Search limits per string.
    pub limits: Limits,
    /// Output format.
    pub format: Format,
    /// Judge under every reading of [`compared_readings`] and show the differences.
    pub compare_readings: bool,
}

/// The readings `--compare-readings` uses: the default, then each option changed alone,
/// then the presets that are not already among them.
pub fn compared_readings() -> Vec<(&'static str, Reading)> {
    let base = Reading::default();
    let mut defender = base;
    defender.first = FirstMover::Defender;
    let mut once = base;
    once.ko.ko_pass = KoPassRule::OncePerPlayerPerKo;
    let mut local2 = base;
    local2.new_stone = NewStoneScope::Local2;
    let mut area = base;
    area.new_stone = NewStoneScope::Area;
    let mut carried = base;
    carried.ko.initial_ban = InitialBan::CarriedOver;
    let mut cycles = base;
    cycles.cycles = CycleRule::Report;
    let ko_pass = |rule| {
        let mut r = base;
        r.ko.ko_pass = rule;
        r
    };
    let mut readings = vec![
        ("default", base),
        ("defender-first", defender),
        ("once-per-ko", once),
        ("j2003-ko-pass", ko_pass(KoPassRule::J2003)),
        ("katago-v1-ko", ko_pass(KoPassRule::KataGoV1)),
        ("katago-ko", ko_pass(KoPassRule::KataGo)),
        ("local-2", local2),
        ("area", area),
        ("carried-over", carried),
        ("cycles-report", cycles),
    ];
    for (name, reading) in presets() {
        if readings.iter().all(|(_, r)| *r != reading) {
            readings.push((name, reading));
        }
    }
    readings
}

impl TryFrom<StatusArgs> for StatusConfig {
    type Error = anyhow::Error;

    fn try_from(args: StatusArgs) -> Result<StatusConfig> {
        let mut game = load_position(&args.position, args.move_number)?;
        if let Some(text) = &args.komi {
            let komi: Komi = text
                .parse()
                .with_context(|| format!("--komi {text}: not a komi"))?;
            game.komi = Some(komi);
        }
        Ok(StatusConfig {
            source: args.position,
            game,
            reading: reading(&args.reading),
            limits: limits(&args.limits)?,
            format: args.format,
            compare_readings: args.compare_readings,
        })
    }
}

/// The reading named by the flags: the preset (or the default), then each single option
/// given.
pub fn reading(args: &ReadingArgs) -> Reading {
    let mut r = args.preset.map_or(Reading::default(), preset);
    if let Some(first) = args.first {
        r.first = match first {
            FirstArg::Attacker => FirstMover::Attacker,
            FirstArg::Defender => FirstMover::Defender,
        };
    }
    if let Some(ko_pass) = args.ko_pass {
        r.ko.ko_pass = match ko_pass {
            KoPassArg::Strict => KoPassRule::StrictPerRetake,
            KoPassArg::OncePerKo => KoPassRule::OncePerPlayerPerKo,
            KoPassArg::J2003 => KoPassRule::J2003,
            KoPassArg::KatagoV1 => KoPassRule::KataGoV1,
            KoPassArg::Katago => KoPassRule::KataGo,
        };
    }
    if let Some(ban) = args.initial_ban {
        r.ko.initial_ban = match ban {
            InitialBanArg::None => InitialBan::None,
            InitialBanArg::CarriedOver => InitialBan::CarriedOver,
        };
    }
    if let Some(new_stone) = args.new_stone {
        r.new_stone = match new_stone {
            NewStoneArg::Local1 => NewStoneScope::Local1,
            NewStoneArg::Local2 => NewStoneScope::Local2,
            NewStoneArg::Area => NewStoneScope::Area,
        };
    }
    if let Some(cycles) = args.cycles {
        r.cycles = match cycles {
            CyclesArg::AgainstGoal => CycleRule::AgainstTheGoal,
            CyclesArg::Report => CycleRule::Report,
        };
    }
    r
}

/// The options of a preset. `j2003-local2` is J2003's ko-pass with its local-2 new stones;
/// `katago` is KataGo's cleanup ko rule (version 2) with new stones anywhere in the area
/// (the project's mapping: KataGo counts whatever stands at the end) and no initial ban
/// (KataGo's cleanup phases start with no marks, and the two passes that stop the game
/// clear the Art. 6 ko).
pub fn preset(p: PresetArg) -> Reading {
    let mut r = Reading::default();
    match p {
        PresetArg::Default => {}
        PresetArg::OncePerKo => r.ko.ko_pass = KoPassRule::OncePerPlayerPerKo,
        PresetArg::J2003Local2 => {
            r.ko.ko_pass = KoPassRule::J2003;
            r.new_stone = NewStoneScope::Local2;
        }
        PresetArg::Katago => {
            r.ko.ko_pass = KoPassRule::KataGo;
            r.new_stone = NewStoneScope::Area;
        }
    }
    r
}

/// The presets, with the names `--reading` takes.
pub fn presets() -> Vec<(&'static str, Reading)> {
    vec![
        ("default", preset(PresetArg::Default)),
        ("once-per-ko", preset(PresetArg::OncePerKo)),
        ("j2003-local2", preset(PresetArg::J2003Local2)),
        ("katago", preset(PresetArg::Katago)),
    ]
}

/// The limits named by the flags.
///
/// # Errors
/// A negative, non-finite or too large time, or a table of no entry.
pub fn limits(args: &LimitArgs) -> Result<Limits> {
    if args.table_entries == 0 {
        bail!("--table-entries 0: the table needs at least one entry");
    }
    Ok(Limits {
        max_nodes: NonZeroU64::new(args.max_nodes),
        max_time: seconds("--max-time", args.max_time)?,
        max_total_time: seconds("--max-total-time", args.max_total_time)?,
        table_entries: args.table_entries,
    })
}

/// The time limit `value` seconds of `flag` (`None` for 0, no limit).
///
/// # Errors
/// A negative, non-finite or too large number (more than a `Duration` holds, about 584
/// billion years: `Duration::from_secs_f64` would panic).
pub fn seconds(flag: &str, value: f64) -> Result<Option<Duration>> {
    if !value.is_finite() || value < 0.0 {
        bail!("{flag} {value}: expected a number of seconds, 0 or more");
    }
    if value == 0.0 {
        return Ok(None);
    }
    match Duration::try_from_secs_f64(value) {
        Ok(d) => Ok(Some(d)),
        Err(_) => bail!("{flag} {value:e}: too many seconds (0 means no limit)"),
    }
}

/// Reads a position from a file (SGF by extension or content, else a text diagram) or
/// from standard input for `-`.
///
/// # Errors
/// The file cannot be read, is too large, or does not parse; the message names the file
/// and, from the parser, the line and column or the SGF node.
pub fn load_position(path: &Path, move_number: Option<usize>) -> Result<GameRecord> {
    let name = path.display().to_string();
    let bytes = if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .take(MAX_INPUT_BYTES as u64 + 1)
            .read_to_end(&mut buf)
            .context("reading standard input")?;
        buf
    } else {
        let meta = std::fs::metadata(path).with_context(|| format!("{name}: cannot read"))?;
        if meta.is_dir() {
            bail!("{name}: is a folder, not a position file");
        }
        if meta.len() > MAX_INPUT_BYTES as u64 {
            bail!(
                "{name}: {} bytes is larger than the {} bytes a position may have",
                meta.len(),
                MAX_INPUT_BYTES
            );
        }
        io::read_input_file(path).with_context(|| format!("{name}: cannot read"))?
    };
    let extension_is = |ext: &str| {
        path.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(ext))
    };
    if extension_is("json") {
        bail!(
            "{name}: a JSON problem (Cho dictionary) is read by `solve` and `verify`; this \
             command reads an SGF file or a text diagram"
        );
    }
    let is_sgf = extension_is("sgf") || io::looks_like_sgf(&bytes);
    let game = if is_sgf {
        let options = SgfOptions {
            stop_after_move: move_number,
            ..SgfOptions::default()
        };
        io::parse_sgf_bytes_with(&bytes, &options).map_err(|e| anyhow::anyhow!("{name}: {e}"))?
    } else {
        if move_number.is_some() {
            bail!("{name}: --move applies to SGF game records, not to text diagrams");
        }
        io::parse_diagram_bytes(&bytes).map_err(|e| anyhow::anyhow!("{name}: {e}"))?
    };
    Ok(game)
}
