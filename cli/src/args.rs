//! Layer one of the command line: flags exactly as typed, before any validation.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Life and death under the Japanese 1989 rules, with a proof a person can replay.
#[derive(Debug, Parser)]
#[command(name = "shikatsu", version, about, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Judge every string of a stopped position by J89 Art. 7, then Art. 8 and 10.
    Status(StatusArgs),
    /// A GTP engine on standard input and output (no genmove: it judges, it does not play).
    Gtp(GtpArgs),
    /// Solve a tsumego: every first move with its class (win, ko, seki, fail, unknown).
    Solve(crate::solve::SolveArgs),
    /// Check problem collections against the solver (exit 0 all agree, 1 any disagrees).
    Verify(crate::verify::VerifyArgs),
}

/// Flags of `gtp`.
#[derive(Debug, Args)]
pub struct GtpArgs {
    /// The reading of the rules.
    #[command(flatten)]
    pub reading: ReadingArgs,
    /// Search limits.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A board with marks, then one paragraph per string.
    Text,
    /// One JSON object (see docs/interfaces in the README).
    Json,
    /// SGF: the position with marks and every proof line as a variation (loads in Sabaki).
    Sgf,
}

/// Flags of `status`.
#[derive(Debug, Args)]
pub struct StatusArgs {
    /// The position: an SGF file, a text diagram, or `-` for standard input.
    pub position: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// For an SGF game record: judge the position after this many moves.
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<usize>,
    /// Komi, overriding the file's (for example 6.5).
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// Judge under the default reading and under each single change of option
    /// (defender-first, once-per-ko, local-2, area, carried-over), and show only the strings
    /// whose status differs.
    #[arg(long)]
    pub compare_readings: bool,
    /// The reading of the rules.
    #[command(flatten)]
    pub reading: ReadingArgs,
    /// Search limits.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Who moves first in hypothetical play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FirstArg {
    /// The opponent of the stones judged.
    Attacker,
    /// The owner of the stones judged.
    Defender,
}

/// How a pass for ko lifts bans.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KoPassArg {
    /// Every retake needs a new pass for that ko.
    Strict,
    /// One pass per player per ko lifts that player's bans on it for good.
    OncePerKo,
}

/// Where the new stone of Art. 7-1 may stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NewStoneArg {
    /// On the points of the captured string.
    #[value(name = "local-1")]
    Local1,
    /// Those points and the empty points joined to them along uncapturable own strings.
    #[value(name = "local-2")]
    Local2,
    /// Anywhere in the independent area.
    Area,
}

/// Bans at the start of hypothetical play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InitialBanArg {
    /// None.
    None,
    /// The Art. 6 ban of the last move of actual play, if it was a ko capture.
    CarriedOver,
}

/// The reading options, each a flag.
#[derive(Debug, Args)]
pub struct ReadingArgs {
    /// Who moves first in hypothetical play.
    #[arg(long, value_enum, default_value_t = FirstArg::Attacker)]
    pub first: FirstArg,
    /// How a pass for ko lifts bans (Art. 7-2).
    #[arg(long, value_enum, default_value_t = KoPassArg::Strict)]
    pub ko_pass: KoPassArg,
    /// Where the new stone of Art. 7-1 clause 2 may stand.
    #[arg(long, value_enum, default_value_t = NewStoneArg::Local1)]
    pub new_stone: NewStoneArg,
    /// Bans in force when hypothetical play starts.
    #[arg(long, value_enum, default_value_t = InitialBanArg::None)]
    pub initial_ban: InitialBanArg,
}

/// Search limits; reaching one gives `unknown`, never a guess.
#[derive(Debug, Args)]
pub struct LimitArgs {
    /// Most search nodes per string (0 for no limit).
    #[arg(long, default_value_t = 2_000_000)]
    pub max_nodes: u64,
    /// Most seconds per string (0 for no limit).
    #[arg(long, default_value_t = 20.0)]
    pub max_time: f64,
    /// Most seconds for the whole position; strings still open then are unknown (0 for no
    /// limit).
    #[arg(long, default_value_t = 60.0)]
    pub max_total_time: f64,
    /// Most transposition-table entries per search table.
    #[arg(long, default_value_t = 1 << 20)]
    pub table_entries: usize,
}
