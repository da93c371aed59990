//! `tetris-ai evolve`: learn weights generation by generation, with a progress bar, a report
//! per generation, checkpoints and the best weights written atomically after every generation,
//! and `--resume` to continue a checkpoint exactly.

use crate::{progress_bar, thread_pool};
use tetris_ai_args::evolve::{EvolveArgs, closing_text, intro_lines, report_line, save};

/// Runs `evolve`.
pub fn evolve(args: &EvolveArgs) -> Result<(), String> {
    let mut run = args.start()?;
    let checkpoint = args.checkpoint_path();
    let pool = thread_pool(args.threads)?;
    if !args.json {
        for line in intro_lines(run.config()) {
            eprintln!("{line}");
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
        && let Some(text) = closing_text(&run)
    {
        println!("{text}");
    }
    Ok(())
}
