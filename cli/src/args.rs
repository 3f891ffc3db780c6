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
    /// The result of stopped games, one line per game: the missing dame and teire are played
    /// first (docs/completion.md), then the position is judged strictly.
    Score(ScoreArgs),
    /// Judge a position and show every proof line move by move (as text, or as an HTML page
    /// with buttons to step through the lines).
    Explain(ExplainArgs),
    /// Render every corpus position as an HTML page with its verdicts and lines, plus an index.
    Gallery(GalleryArgs),
    /// Solve a tsumego: every first move with its class (win, ko, seki, fail, unknown).
    Solve(crate::solve::SolveArgs),
    /// Check problem collections against the solver (exit 0 all agree, 1 any disagrees).
    Verify(crate::verify::VerifyArgs),
}

/// Flags of `explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The position: an SGF file, a text diagram, or `-` for standard input.
    pub position: PathBuf,
    /// Write one self-contained HTML page (no network needed) to this file instead of text.
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    /// For an SGF game record: judge the position after this many moves.
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<usize>,
    /// The reading of the rules.
    #[command(flatten)]
    pub reading: ReadingArgs,
    /// Search limits.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Flags of `gallery`.
#[derive(Debug, Args)]
pub struct GalleryArgs {
    /// The folder to write the pages into (created if missing).
    pub out_dir: PathBuf,
    /// The corpus folder (default: the corpus shipped in the source tree, puzzles/corpus).
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// The reading of the rules.
    #[command(flatten)]
    pub reading: ReadingArgs,
    /// Search limits.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Output formats of `score`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScoreFormat {
    /// One line per game: result, score, assumed moves.
    Text,
    /// One JSON object per game per line (interfaces.md).
    Json,
}

/// How much `score --format text` shows per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScoreDetail {
    /// One line: result, score, recorded result, assumed moves.
    Line,
    /// The line, each assumed move with its reason, then the judged board with marks and
    /// every string's verdict, proof line and rule (as `status`).
    Board,
}

/// Flags of `score`.
#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// The games: SGF records or text diagrams.
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ScoreFormat::Text)]
    pub format: ScoreFormat,
    /// How much the text shows per game [default: board for one game, line for several].
    #[arg(long, value_enum)]
    pub detail: Option<ScoreDetail>,
    /// Judge the positions as they stand, without completing dame and teire.
    #[arg(long)]
    pub strict: bool,
    /// Komi for every game, overriding the files' (for example 6.5).
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// The reading of the rules.
    #[command(flatten)]
    pub reading: ReadingArgs,
    /// Search limits (`--max-total-time` bounds each game, completion included).
    #[command(flatten)]
    pub limits: LimitArgs,
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
    /// SVG: a board picture with the marks (dead, removed, seki, territory, dame).
    Svg,
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
    /// Judge under the default reading, under each single change of option
    /// (defender-first, once-per-ko, j2003-ko-pass, katago-v1-ko, katago-ko, local-2, area,
    /// carried-over, cycles-report) and under the presets not already among them
    /// (j2003-local2, katago), and show only the strings whose status differs.
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
    /// Jasiek's J2003: one ko-pass lifts all the passer's prohibitions; each opposing
    /// ko-capture in a ko (a pair of points) prohibits it again.
    J2003,
    /// KataGo's cleanup ko rule, version 1: marks on ko-capturing stones, lifted when the
    /// capture of the marked stone is possible; no ko capture twice from the same board.
    #[value(name = "katago-v1")]
    KatagoV1,
    /// KataGo's cleanup ko rule, version 2: as version 1, but any marked lone stone in
    /// atari may be unblocked.
    Katago,
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

/// What endless hypothetical play means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CyclesArg {
    /// Endless play fails the side that needed its goal: the attacker that must capture, the
    /// owner that must then make a permanent stone.
    AgainstGoal,
    /// A string whose verdict rests on endless play is reported as `cycle`, with both
    /// verdicts and the prisoners one turn of the cycle gains each side (spec §4, 死活例23).
    Report,
}

/// Named sets of reading options (`--reading`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PresetArg {
    /// The project's default reading: attacker first, strict pass per retake, local-1, no
    /// initial ban.
    Default,
    /// The default with one pass per player per ko.
    OncePerKo,
    /// Jasiek's J2003: its ko-pass (`--ko-pass j2003`) and local-2 new stones.
    #[value(name = "j2003-local2")]
    J2003Local2,
    /// KataGo's cleanup ko rule, version 2 (`--ko-pass katago`), with new stones anywhere
    /// in the area and no ban carried over (KataGo's cleanup starts unmarked).
    Katago,
}

/// The reading options, each a flag; a preset first, then single options over it.
#[derive(Debug, Args)]
pub struct ReadingArgs {
    /// A named set of options; the single flags below change it further.
    #[arg(long = "reading", value_enum, value_name = "PRESET")]
    pub preset: Option<PresetArg>,
    /// Who moves first in hypothetical play [default: attacker].
    #[arg(long, value_enum)]
    pub first: Option<FirstArg>,
    /// How a pass for ko lifts bans (Art. 7-2) [default: strict].
    #[arg(long, value_enum)]
    pub ko_pass: Option<KoPassArg>,
    /// Where the new stone of Art. 7-1 clause 2 may stand [default: local-1].
    #[arg(long, value_enum)]
    pub new_stone: Option<NewStoneArg>,
    /// Bans in force when hypothetical play starts [default: none].
    #[arg(long, value_enum)]
    pub initial_ban: Option<InitialBanArg>,
    /// What endless hypothetical play means [default: against-goal].
    #[arg(long, value_enum)]
    pub cycles: Option<CyclesArg>,
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
    /// Most seconds for the whole position, shared in rounds (4,096 nodes a string, then
    /// 65,536, 262,144, then --max-nodes); strings still open then are unknown (0 for no
    /// limit).
    #[arg(long, default_value_t = 60.0)]
    pub max_total_time: f64,
    /// Most transposition-table entries per search table.
    #[arg(long, default_value_t = 1 << 20)]
    pub table_entries: usize,
}
