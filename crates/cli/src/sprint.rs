//! `tetris-ai sprint`: many seeded 40-line sprints with one AI, in parallel, and the pieces they
//! took with the attack their clears made on the way.

use crate::bench::describe_search;
use crate::{GameOptions, Report, parse_positive, play_all, print_json, progress_bar};
use clap::Args;
use tetris_ai_args::values::parse_named;
use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::sprint::{DEFAULT_LINES, DEFAULT_MAX_PIECES, Sprint, SprintStats};

/// Arguments of `sprint`.
#[derive(Debug, Args)]
pub struct SprintArgs {
    /// Number of sprints; sprint i is played with seed SEED + i.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = parse_positive)]
    games: u64,

    #[command(flatten)]
    game: GameOptions,

    /// The lines to clear.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LINES, value_parser = parse_positive)]
    lines: u64,

    /// The attack table the clears are counted by: ppt or tetrio (see versus).
    #[arg(long, value_name = "RULES", default_value = "ppt", value_parser = parse_named::<VersusPreset>)]
    versus: VersusPreset,

    /// The pieces after which a sprint still short of its lines is given up.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PIECES, value_parser = parse_positive)]
    max_pieces: u64,

    /// Sprints played at once (default: one per core).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    threads: Option<u64>,

    /// Print one JSON object instead of a table (no progress bar).
    #[arg(long)]
    json: bool,
}

/// Runs `sprint`: plays the sprints and prints the table or the JSON object.
pub fn sprint(args: &SprintArgs) -> Result<(), String> {
    let sprint = Sprint::new(
        args.game.guideline_config()?,
        args.versus.rules(),
        args.lines,
        args.max_pieces,
    )
    .map_err(|e| e.to_string())?;
    let progress = progress_bar(
        args.games,
        args.json,
        "{elapsed_precise} [{bar:40}] {pos}/{len} sprints (eta {eta})",
    );
    let outcomes = play_all(args.games, args.threads, &progress, |i| sprint.play(i))?;
    progress.finish_and_clear();
    let stats = SprintStats::of(&outcomes);
    let config = sprint.config();
    if args.json {
        let mut settings = args.game.reported(config);
        settings.insert("lines".into(), args.lines.into());
        settings.insert("versus".into(), args.versus.name().into());
        settings.insert("max_pieces".into(), args.max_pieces.into());
        return print_json(&Report {
            stats: &stats,
            settings,
        });
    }
    println!(
        "{}, {}, {}, {} lines, {} attack, {}x{} board, seeds {}..{}",
        args.game.player(),
        config.rules.description(),
        describe_search(&config.search),
        args.lines,
        args.versus.name(),
        config.width,
        config.height,
        args.game.seed,
        args.game.seed.wrapping_add(args.games - 1),
    );
    let pieces = |value: Option<f64>| value.map_or("n/a".to_string(), |p| format!("{p:.1}"));
    let rows = [
        ("Sprints", stats.games.to_string()),
        ("Finished", stats.finished.to_string()),
        ("Mean pieces", pieces(stats.mean_pieces)),
        ("Median pieces", pieces(stats.median_pieces)),
        ("Fewest pieces", pieces(stats.best_pieces.map(|p| p as f64))),
        ("Attack per piece", format!("{:.3}", stats.attack_per_piece)),
        ("T-spins", stats.t_spins.to_string()),
        ("Perfect clears", stats.perfect_clears.to_string()),
    ];
    for (name, value) in rows {
        println!("{name:<20} {value:>14}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::{Cli, Command};
    use clap::Parser;

    #[test]
    fn sprints_play_guideline_rules_unless_told_and_bad_values_are_named() {
        let parse = |argv: &[&str]| {
            let mut all = vec!["t", "sprint"];
            all.extend_from_slice(argv);
            Cli::try_parse_from(all)
        };
        let Command::Sprint(args) = parse(&[]).unwrap().command else {
            panic!("parsed as sprint")
        };
        assert_eq!(
            args.game.guideline_config().unwrap().rules.kind,
            tetris_ai_core::RuleSet::Guideline
        );
        assert_eq!(args.lines, 40);
        let error = |argv: &[&str]| parse(argv).map(drop).unwrap_err().to_string();
        assert!(error(&["--lines", "0"]).contains("'0'"));
        assert!(error(&["--versus", "nes"]).contains("\"nes\""));
    }
}
