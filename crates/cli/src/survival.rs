//! `tetris-ai survival`: the mean lines of games too long to play out, estimated by multilevel
//! splitting, the replicates in parallel.

use crate::bench::describe_search;
use crate::{GameOptions, parse_positive, print_json, progress_bar, thread_pool};
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;
use tetris_ai_core::survival::{
    DEFAULT_REPLICATES, DEFAULT_RUN_PIECES, DEFAULT_TRIALS, Replicate, SurvivalEstimate,
    SurvivalPlan, default_levels,
};

/// Arguments of `survival`.
#[derive(Debug, Args)]
pub struct SurvivalArgs {
    #[command(flatten)]
    pub game: GameOptions,

    /// The base: an excursion starts when the stack climbs from it to the first level and ends
    /// when it falls back to it [default: a fifth of the board's height].
    #[arg(long, value_name = "ROWS")]
    base: Option<usize>,

    /// The levels, rising, comma-separated: an excursion's climbs are counted from each to the
    /// next, then to the game's end [default: every row from the base + 2 to the top].
    #[arg(long, value_name = "ROWS,...", value_delimiter = ',')]
    levels: Option<Vec<usize>>,

    /// Pieces played in each replicate's long run, which counts the excursions per line.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_RUN_PIECES,
          value_parser = parse_positive)]
    run_pieces: u64,

    /// Branches played from each level in each replicate.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_TRIALS, value_parser = parse_positive)]
    trials: u64,

    /// Replicates, each from its own seed (replicate i from SEED + i); the standard error
    /// comes from their spread.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_REPLICATES,
          value_parser = parse_positive)]
    replicates: u64,

    /// Replicates made at once (default: one per core).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    threads: Option<u64>,

    /// Print one JSON object instead of a table (no progress bar).
    #[arg(long)]
    json: bool,
}

/// What `--json` prints: the estimate, the wall time, then the settings.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    estimate: &'a SurvivalEstimate,
    seconds: f64,
    settings: serde_json::Map<String, serde_json::Value>,
}

/// Runs `survival`: makes the replicates and prints the estimate as a table or JSON.
pub fn survival(args: &SurvivalArgs) -> Result<(), String> {
    let options = &args.game;
    let config = options.config()?;
    let (default_base, default_levels) = default_levels(config.height);
    let base = args.base.unwrap_or(default_base);
    let levels = args.levels.clone().unwrap_or(default_levels);
    let plan = SurvivalPlan::new(
        config,
        base,
        levels,
        args.run_pieces,
        args.trials,
        args.replicates,
    )
    .map_err(|e| e.to_string())?;
    let progress = progress_bar(
        args.replicates,
        args.json,
        "{elapsed_precise} [{bar:40}] {pos}/{len} replicates (eta {eta})",
    );
    let start = Instant::now();
    let replicates: Vec<Replicate> = thread_pool(args.threads)?.install(|| {
        (0..args.replicates)
            .into_par_iter()
            .map(|index| {
                let replicate = plan.replicate(index).map_err(|e| e.to_string());
                progress.inc(1);
                replicate
            })
            .collect::<Result<_, String>>()
    })?;
    let seconds = start.elapsed().as_secs_f64();
    progress.finish_and_clear();
    let estimate = SurvivalEstimate::of(replicates);
    let config = plan.config();
    if args.json {
        let mut settings = options.reported(config);
        settings.extend(plan.settings());
        print_json(&Report {
            estimate: &estimate,
            seconds,
            settings,
        })?;
    } else {
        println!(
            "{}, {}, {}x{} board, {}, seeds {}..{}, base {}",
            options.player(),
            config.rules.description(),
            config.width,
            config.height,
            describe_search(&config.search),
            options.seed,
            options.seed.wrapping_add(args.replicates - 1),
            plan.base(),
        );
        print!("{}", table(&plan, &estimate, seconds));
    }
    Ok(())
}

/// The estimate as a table: the mean, then each level's pooled share, then the effort.
fn table(plan: &SurvivalPlan, estimate: &SurvivalEstimate, seconds: f64) -> String {
    let mut rows = vec![(
        "Mean lines".to_string(),
        match (estimate.mean_lines, estimate.mean_lines_error) {
            (Some(mean), Some(error)) => format!("{mean:.4e} ± {error:.2e}"),
            (Some(mean), None) => format!("{mean:.4e}"),
            (None, _) => "no game ended".to_string(),
        },
    )];
    let sum = |count: fn(&Replicate) -> u64| estimate.replicates.iter().map(count).sum::<u64>();
    let (lines, excursions) = (sum(|r| r.lines), sum(|r| r.excursions));
    rows.push((
        format!("Excursions to row {}", plan.levels()[0]),
        format!("{excursions} in {lines} lines"),
    ));
    let stages = estimate.replicates.first().map_or(0, |r| r.stages.len());
    for stage in 0..stages {
        let (trials, reached) = estimate.replicates.iter().fold((0, 0), |(t, r), rep| {
            (t + rep.stages[stage].trials, r + rep.stages[stage].reached)
        });
        let from = plan.levels()[stage];
        let to = match plan.levels().get(stage + 1) {
            Some(level) => format!("row {level}"),
            None => "the end".to_string(),
        };
        rows.push((
            format!("From row {from} to {to}"),
            format!("{reached} of {trials}"),
        ));
    }
    rows.push(("Pieces placed".to_string(), estimate.pieces.to_string()));
    rows.push(("Seconds".to_string(), format!("{seconds:.1}")));
    rows.iter()
        .map(|(name, value)| format!("{name:<28} {value:>22}\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cli, Command};
    use clap::Parser;

    /// What `survival` with `args` says, parsed or run, when it refuses them.
    fn refusal(args: &[&str]) -> String {
        let mut argv = vec!["t", "survival"];
        argv.extend_from_slice(args);
        match Cli::try_parse_from(argv) {
            Err(error) => error.to_string(),
            Ok(cli) => {
                let Command::Survival(args) = cli.command else {
                    panic!("parsed as survival")
                };
                survival(&args).expect_err("a bad value is refused")
            }
        }
    }

    #[test]
    fn caps_bad_levels_and_bad_counts_are_refused_by_name() {
        assert!(refusal(&["--max-pieces", "10"]).contains("--max-pieces"));
        assert!(refusal(&["--levels", "6,x"]).contains("'x'"));
        assert!(refusal(&["--levels", "8,6"]).contains("level 6 follows level 8"));
        assert!(refusal(&["--base", "6", "--levels", "6"]).contains("base 6"));
        assert!(refusal(&["--board", "10x10", "--levels", "12"]).contains("level 12"));
        assert!(refusal(&["--trials", "0"]).contains("'0'"));
        assert!(refusal(&["--replicates", "none"]).contains("'none'"));
    }
}
