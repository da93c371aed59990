//! `tetris-ai tbp`: the bot over the Tetris Bot Protocol, a JSON message a line on standard input
//! and output. It sends `info` first, answers each message as [`Bot`] does, writes every warning
//! to standard error and goes on, and ends at `quit` or when the input ends.

use crate::GameOptions;
use clap::Args;
use std::io::{BufRead, Write};
use std::time::Duration;
use tetris_ai_tbp::Bot;
use tetris_ai_tbp::bot::{MAX_THINK_MS, info};

/// The think budget unless told otherwise, in milliseconds: well within the half second a
/// referee such as battletris allows.
const DEFAULT_THINK_MS: u64 = 100;

/// Arguments of `tbp`.
#[derive(Debug, Args)]
pub struct TbpArgs {
    #[command(flatten)]
    game: GameOptions,

    /// The most time a suggestion may take, in milliseconds: the search deepens a piece at a
    /// time up to --depth, then widens (twice the first moves and the beam each time, up to every
    /// first move and a beam of 16), and stops before a step it expects to overrun this.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_THINK_MS, value_parser = parse_think)]
    think_ms: u64,
}

/// A think budget: a whole number of milliseconds from 1 to [`MAX_THINK_MS`].
fn parse_think(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(ms) if (1..=MAX_THINK_MS).contains(&ms) => Ok(ms),
        _ => Err(format!(
            "the think budget must be a whole number of milliseconds from 1 to {MAX_THINK_MS}, \
             got \"{text}\""
        )),
    }
}

/// Runs `tbp`: the conversation on standard input and output.
pub fn tbp(args: &TbpArgs) -> Result<(), String> {
    let config = args.game.guideline_config()?;
    let mut bot =
        Bot::new(&config, Duration::from_millis(args.think_ms)).map_err(|e| e.to_string())?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut send = |message: &tbp::BotMessage| -> Result<(), String> {
        let line = serde_json::to_string(message).map_err(|e| e.to_string())?;
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("the frontend stopped listening: {e}"))
    };
    send(&info())?;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| format!("standard input could not be read: {e}"))?;
        let reply = bot.handle_line(&line);
        for warning in &reply.warnings {
            eprintln!("tetris-ai tbp: {warning}");
        }
        for message in &reply.messages {
            send(message)?;
        }
        if reply.quit {
            break;
        }
    }
    Ok(())
}
