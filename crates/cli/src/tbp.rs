//! `tetris-ai tbp`: the bot over the Tetris Bot Protocol, a JSON message a line on standard input
//! and output. It sends `info` first, answers each message as [`Bot`] does, writes every warning
//! to standard error and goes on, and ends at `quit` or when the input ends. While no message
//! waits, the bot thinks ahead ([`Bot::ponder_unless`]), as wide as the quiet lets it; lines are
//! read on a thread of their own, which counts those waiting, so that one arriving meanwhile
//! interrupts the thought and is answered at once.

use crate::GameOptions;
use clap::{Args, ValueEnum};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;
use tetris_ai_core::ai::presets;
use tetris_ai_tbp::bot::{MAX_THINK_MS, info};
use tetris_ai_tbp::futures::{MAX_PIECES, MAX_SAMPLES};
use tetris_ai_tbp::search::{DEFAULT_MAX_WIDTH, FIRST_WIDTH, MAX_WIDTH};
use tetris_ai_tbp::{Bot, BotSearch, Futures};

/// The think budget unless told otherwise, in milliseconds: well within the half second a
/// referee such as battletris allows.
const DEFAULT_THINK_MS: u64 = 100;

/// Arguments of `tbp`: the `versus` preset unless another is named.
#[derive(Debug, Args)]
#[command(mut_arg("preset", |arg| arg.default_value(presets::VERSUS.name)))]
pub struct TbpArgs {
    #[command(flatten)]
    game: GameOptions,

    /// The most time a suggestion may take, in milliseconds: the search widens (or deepens) a
    /// step at a time and stops before a step it expects to overrun this.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_THINK_MS, value_parser = parse_think)]
    think_ms: u64,

    /// How a suggestion is searched: beam (every known piece, the preview and hold, by a beam
    /// twice as wide at each step up to --max-width, thought ahead between messages) or plies
    /// (--depth pieces, deepened and then widened, twice the first moves and the beam each time).
    #[arg(long, value_enum, default_value_t = SearchKind::Beam)]
    search: SearchKind,

    /// The widest beam searched, in nodes a piece (with --search beam).
    #[arg(long, value_name = "NODES", default_value_t = DEFAULT_MAX_WIDTH,
          value_parser = clap::value_parser!(u32).range(i64::from(FIRST_WIDTH)..=i64::from(MAX_WIDTH)))]
    max_width: u32,

    /// Futures the beam looks through past the preview (with --search beam): each the preview
    /// with --future-pieces more pieces dealt as the bag can deal them, searched by its share of
    /// the beam; the first move most of them choose is played. 0 searches the preview alone.
    #[arg(long, value_name = "N", default_value_t = Futures::DEFAULT.samples,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_SAMPLES)))]
    futures: u32,

    /// Pieces each future adds to the preview.
    #[arg(long, value_name = "N", default_value_t = Futures::DEFAULT.pieces,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PIECES)))]
    future_pieces: u32,
}

/// The searches `--search` names.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum SearchKind {
    /// A beam through every known piece.
    Beam,
    /// The game's plies, to --depth.
    Plies,
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
    let search = match args.search {
        SearchKind::Beam => BotSearch::Beam {
            max_width: args.max_width,
        },
        SearchKind::Plies => BotSearch::Plies,
    };
    let budget = Duration::from_millis(args.think_ms);
    let futures = Futures {
        samples: args.futures,
        pieces: args.future_pieces,
    };
    let mut bot = Bot::new(&config, budget, search)
        .and_then(|bot| bot.through(futures))
        .map_err(|e| e.to_string())?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut send = |message: &tbp::BotMessage| -> Result<(), String> {
        let line = serde_json::to_string(message).map_err(|e| e.to_string())?;
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("the frontend stopped listening: {e}"))
    };
    send(&info())?;
    let (lines, waiting) = read_lines();
    let mut pondering = false;
    loop {
        let line = if pondering {
            match lines.try_recv() {
                Ok(line) => line,
                Err(TryRecvError::Empty) => {
                    pondering = bot.ponder_unless(&mut || waiting.load(Ordering::Acquire) > 0);
                    continue;
                }
                Err(TryRecvError::Disconnected) => break,
            }
        } else {
            match lines.recv() {
                Ok(line) => line,
                Err(_) => break,
            }
        };
        waiting.fetch_sub(1, Ordering::AcqRel);
        let line = line?;
        pondering = true;
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

/// Standard input's lines, read on a thread of their own, and how many wait in the channel (with
/// one more once the input has ended, so that nothing waits for a thought to end); the channel
/// closes at the end of the input, after an error if reading failed.
fn read_lines() -> (Receiver<Result<String, String>>, Arc<AtomicUsize>) {
    let (sender, receiver) = mpsc::channel();
    let waiting = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&waiting);
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let failed = line.is_err();
            let line = line.map_err(|e| format!("standard input could not be read: {e}"));
            // Counted before it is sent, so that the count is never below what the channel holds.
            counted.fetch_add(1, Ordering::AcqRel);
            if sender.send(line).is_err() || failed {
                break;
            }
        }
        counted.fetch_add(1, Ordering::AcqRel);
    });
    (receiver, waiting)
}
