//! `tetris-ai evolve`: learn weights generation by generation, with a progress bar, a report
//! per generation, checkpoints and the best weights written atomically after every generation,
//! and `--resume` to continue a checkpoint exactly.

use crate::{progress_bar, thread_pool};
use tetris_ai::cli::evolve::{EvolveArgs, report_line, save};

/// Runs `evolve`.
pub fn evolve(args: &EvolveArgs) -> Result<(), String> {
    let mut run = args.start()?;
    let checkpoint = args.checkpoint_path();
    let pool = thread_pool(args.threads)?;
    let config = run.config().clone();
    if !args.json {
        eprintln!(
            "{} on {} rules, {}x{} board, {} games per individual, features {}",
            config.optimizer.name(),
            config.fitness.rules.kind.name(),
            config.fitness.width,
            config.fitness.height,
            config.fitness.games,
            config.features.join(", ")
        );
        let validation = config.validation;
        if validation.is_on() {
            eprintln!(
                "validating each generation's best {} on {} fixed games each",
                validation.top, validation.games
            );
        }
        if validation.reports() {
            eprintln!(
                "reporting each new validated best on {} held-out games",
                validation.report_games
            );
        }
        let noise = config.noise;
        if noise.reevaluate_top > 0 {
            eprintln!(
                "re-evaluating each generation's best {} on {} more games each before the optimizer ranks them",
                noise.reevaluate_top, noise.reevaluate_games
            );
        }
        if let Some(most) = noise.grow_games_to {
            eprintln!(
                "growing the games per individual up to {most} as the genomes come within their noise"
            );
        }
    }
    while u64::from(run.generation()) < args.generations {
        let bar = progress_bar(
            0,
            args.json,
            "generation {msg} [{bar:40}] {pos}/{len} games (eta {eta})",
        );
        bar.set_message((run.generation() + 1).to_string());
        let report = pool
            .install(|| {
                run.next_generation(&|done, total| {
                    bar.set_length(total);
                    bar.set_position(done);
                })
            })
            .map_err(|e| e.to_string())?;
        bar.finish_and_clear();
        println!("{}", report_line(&report, args.json)?);
        save(&run, checkpoint, args.out.as_deref())?;
    }
    if !args.json
        && let Some((weights, fitness)) = run.best()
    {
        let kind = if config.validation.is_on() {
            "validated fitness"
        } else {
            "fitness"
        };
        let reported = match run.history().last().and_then(|r| r.reported) {
            Some(reported) => format!(
                ", {reported:.1} on {} held-out report games",
                config.validation.report_games
            ),
            None => String::new(),
        };
        println!(
            "best weights ({kind} {fitness:.1}{reported}):\n{}",
            weights.to_json()
        );
    }
    Ok(())
}
