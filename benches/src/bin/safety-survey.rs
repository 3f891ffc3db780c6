//! How much of real final positions the region-by-region proofs of life cover, and how
//! much they could cover at best: the measure behind issue 4's "the strings of a real game
//! stay open".
//!
//! `cargo run --release -p benches --bin safety-survey -- [--games N] [--seed S]
//! [--max-region-points P] [--max-nodes-per-region N]`
//!
//! For a seeded sample of the title games' final positions (the sample of `judge-games`),
//! counted in stones of both colours:
//! - Benson's pass-alive chains;
//! - the safety solver's safe blocks (`solver::safety::safe_blocks`, with the limits given);
//! - two upper bounds for any solver that proves regions one by one and combines them as
//!   Benson does, for regions of at most 10, 20 and 40 points: *with others*, every region
//!   proved for each boundary string with a liberty in it (a block then needs two such
//!   regions, and a region needs every boundary block kept); *alone*, besides, every region
//!   whose boundary strings all have at least two liberties in it proved alone (it then
//!   counts twice: the local game's goal is that no boundary string ever has fewer than
//!   two liberties there with the opponent to move, so a region failing that at the start
//!   cannot be proved alone).

use clap::Parser;
use rules_core::confirmation::ConfirmationRules;
use rules_core::{benson, Color, Position};
use solver::safety::{kept_blocks, regions, safe_blocks, Claim, Region, SafetyLimits};
use std::num::NonZeroU64;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Flags.
#[derive(Debug, Parser)]
struct Args {
    /// Games to survey.
    #[arg(long, default_value_t = 60)]
    games: usize,
    /// Seed of the sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The safety solver's largest region, in points.
    #[arg(long, default_value_t = 20)]
    max_region_points: usize,
    /// The safety solver's nodes per region.
    #[arg(long, default_value_t = 5_000)]
    max_nodes_per_region: u64,
    /// The title-games folder.
    #[arg(long, default_value = "../shared/data/title-games")]
    data: PathBuf,
}

/// The sizes of region the bounds are given for.
const BOUND_SIZES: [usize; 3] = [10, 20, 40];

fn main() -> ExitCode {
    solver::dfpn::search_stacks();
    let args = Args::parse();
    let files = match benches::sampled_games(&args.data, args.seed) {
        Ok(files) => files,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let limits = SafetyLimits {
        max_region_points: args.max_region_points,
        max_nodes_per_region: NonZeroU64::new(args.max_nodes_per_region),
        ..SafetyLimits::default()
    };
    let (mut games, mut stones, mut pass_alive, mut safe, mut nodes) = (0, 0, 0, 0, 0);
    let mut with_others = [0; BOUND_SIZES.len()];
    let mut alone = [0; BOUND_SIZES.len()];
    let start = Instant::now();
    for file in files.iter().take(args.games) {
        let game = match benches::read_record(&args.data.join(file)) {
            Ok(Ok(g)) => g,
            Ok(Err(e)) => {
                println!("{file}\tskipped: {e}");
                continue;
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        games += 1;
        let pos = &game.position;
        for color in [Color::Black, Color::White] {
            stones += pos
                .size()
                .points()
                .filter(|&p| pos.color_at(p) == Some(color))
                .count();
            pass_alive += benson::pass_alive_for(pos, color).chains.len();
            let s = safe_blocks(pos, color, ConfirmationRules::default(), &limits);
            safe += s.safe.len();
            nodes += s.nodes;
            let all = regions(pos, color);
            for (i, &size) in BOUND_SIZES.iter().enumerate() {
                with_others[i] += bound(pos, color, &all, size, false);
                alone[i] += bound(pos, color, &all, size, true);
            }
        }
    }
    let share = |n: usize| 100.0 * n as f64 / stones.max(1) as f64;
    println!(
        "games {games}, stones {stones}: pass-alive {pass_alive} ({:.1} %), safety solver \
         {safe} ({:.1} %; {} points and {} nodes a region, {nodes} nodes, {:.1} s)",
        share(pass_alive),
        share(safe),
        args.max_region_points,
        args.max_nodes_per_region,
        start.elapsed().as_secs_f64()
    );
    for (i, size) in BOUND_SIZES.iter().enumerate() {
        println!(
            "bound, regions up to {size} points: with others {} ({:.1} %), alone too {} ({:.1} %)",
            with_others[i],
            share(with_others[i]),
            alone[i],
            share(alone[i])
        );
    }
    ExitCode::SUCCESS
}

/// The stones of `color` kept when every region of at most `size` points is taken as
/// proved (and, with `alone`, every such region whose boundary strings all have two
/// liberties in it as proved alone), combined as in Benson's algorithm.
fn bound(pos: &Position, color: Color, all: &[Region], size: usize, alone: bool) -> usize {
    let two_inside = |r: &Region| {
        r.boundary
            .iter()
            .all(|&b| pos.liberties(b).intersection(&r.points).len() >= 2)
    };
    let proved: Vec<Region> = all
        .iter()
        .filter(|r| r.points.len() <= size && !r.boundary.is_empty())
        .map(|r| Region {
            claim: if alone && two_inside(r) {
                Claim::Alone
            } else {
                Claim::WithOthers
            },
            ..r.clone()
        })
        .collect();
    kept_blocks(pos, color, &proved).len()
}
