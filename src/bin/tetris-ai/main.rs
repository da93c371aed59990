//! The `tetris-ai` command line.
//!
//! `tetris-ai bench` plays many seeded games with one AI and reports statistics of the lines
//! cleared. Each subcommand is a variant of [`Command`] with its own argument struct; the options
//! that describe a game ([`GameOptions`]) are shared so further subcommands can reuse them.

mod bench;
mod evolve;

use bench::BenchArgs;
use clap::{Args, Parser, Subcommand};
use evolve::EvolveArgs;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::process::ExitCode;
use tetris_ai::game::DEFAULT_PRESET;
use tetris_ai::{Game, GameConfig, RuleSet, Rules, SearchConfig, Weights};

/// Exit code for every error: bad arguments, files, JSON or configuration.
const ERROR_EXIT: u8 = 2;

/// A Tetris AI engine: exact rules, fast placement search, published weights.
#[derive(Debug, Parser)]
#[command(name = "tetris-ai", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What to do.
#[derive(Debug, Subcommand)]
enum Command {
    /// Play many seeded games in parallel and report statistics of the lines cleared.
    ///
    /// Game i is played with seed SEED + i, and results are gathered in game order, so the
    /// statistics are the same whatever the number of threads. The standard deviation is the
    /// sample standard deviation (divided by n - 1; 0 for a single game).
    Bench(BenchArgs),
    /// Learn weights with a genetic algorithm or another optimizer, one generation at a time,
    /// with checkpoints that resume exactly.
    ///
    /// Fitness is the average lines cleared over --games seeded games per individual on the
    /// training board; with common random numbers every individual of a generation plays the
    /// same games. Results do not depend on the number of threads.
    Evolve(EvolveArgs),
}

/// The options that describe the games to play.
#[derive(Debug, Args)]
struct GameOptions {
    /// A published weight set by name (cs3243, takado8, lee, smartspot2, dellacherie, el_tetris,
    /// du, dt10, dt20).
    #[arg(long, value_name = "NAME", default_value = DEFAULT_PRESET)]
    preset: String,

    /// Weights from a JSON file: an object of feature name -> weight, or feature name ->
    /// {"weight": w, "exponent": e}.
    #[arg(long, value_name = "FILE", conflicts_with = "preset")]
    weights: Option<String>,

    /// Board size as WIDTHxHEIGHT (width 4 to 16, height 4 to 40).
    #[arg(long, value_name = "WxH", default_value = "10x20", value_parser = parse_board)]
    board: (usize, usize),

    /// The rules: classic (research rules) or guideline.
    #[arg(long, value_name = "RULES", default_value = "classic", value_parser = parse_rules)]
    rules: RuleSet,

    /// Search depth: 1 (current piece) or 2 (the next piece too).
    #[arg(long, value_name = "DEPTH", default_value_t = 1)]
    depth: u8,

    /// Seed of the first game; game i uses SEED + i.
    #[arg(long, value_name = "SEED", default_value_t = 0)]
    seed: u64,

    /// Stop each game after this many pieces.
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    max_pieces: Option<u64>,
}

/// Parses `WIDTHxHEIGHT` (e.g. `10x20`); the limits are checked by the library.
fn parse_board(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("board \"{text}\" is not WIDTHxHEIGHT (for example 10x20)");
    let (width, height) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let width = width.parse().map_err(|_| bad())?;
    let height = height.parse().map_err(|_| bad())?;
    Ok((width, height))
}

/// Parses a whole number of at least 1.
fn parse_positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("it must be at least 1 (got 0)".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("\"{text}\" is not a whole number")),
    }
}

/// Parses a rule set name with the library's own error message.
fn parse_rules(text: &str) -> Result<RuleSet, String> {
    text.parse().map_err(|e: tetris_ai::Error| e.to_string())
}

impl GameOptions {
    /// The configuration of the first game (seed [`GameOptions::seed`]), checked by building a game.
    fn config(&self) -> Result<GameConfig, String> {
        let (preset, weights) = match &self.weights {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read weights file \"{path}\": {e}"))?;
                let weights = Weights::from_json(&text)
                    .map_err(|e| format!("weights file \"{path}\": {e}"))?;
                (None, Some(weights))
            }
            None => (Some(self.preset.clone()), None),
        };
        let config = GameConfig {
            rules: Rules::of(self.rules),
            width: self.board.0,
            height: self.board.1,
            seed: self.seed,
            preset,
            weights,
            search: SearchConfig {
                depth: self.depth,
                ..SearchConfig::default()
            },
            ..GameConfig::default()
        };
        Game::new(config.clone()).map_err(|e| e.to_string())?;
        Ok(config)
    }

    /// What the games are played with, for the report: the preset's name or the weights file.
    fn player(&self) -> String {
        match &self.weights {
            Some(path) => format!("weights from {path}"),
            None => self.preset.clone(),
        }
    }
}

/// A rayon pool of `threads` workers (default: one per core).
fn thread_pool(threads: Option<u64>) -> Result<rayon::ThreadPool, String> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = threads {
        let threads = usize::try_from(threads)
            .map_err(|_| format!("--threads {threads} is too many for this machine"))?;
        pool = pool.num_threads(threads);
    }
    pool.build()
        .map_err(|e| format!("cannot start the worker threads: {e}"))
}

/// A progress bar of `length` steps drawn with `template`, hidden when `hidden` is set or when
/// standard error is not a terminal.
fn progress_bar(length: u64, hidden: bool, template: &str) -> ProgressBar {
    if hidden || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(length);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Bench(args) => bench::bench(args),
        Command::Evolve(args) => evolve::evolve(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(ERROR_EXIT)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes_parse_and_bad_ones_are_named() {
        assert_eq!(parse_board("10x20"), Ok((10, 20)));
        assert_eq!(parse_board("6X12"), Ok((6, 12)));
        for bad in ["10y20", "10x", "x20", "10x20x3", "-1x20", "ten x20", ""] {
            let error = parse_board(bad).unwrap_err();
            assert!(error.contains(&format!("\"{bad}\"")), "{error}");
        }
    }

    #[test]
    fn out_of_range_boards_are_refused_by_the_library() {
        let cli = Cli::try_parse_from(["tetris-ai", "bench", "--board", "3x20"]).unwrap();
        let Command::Bench(args) = cli.command else {
            panic!("parsed as bench")
        };
        let error = args.game.config().unwrap_err();
        assert!(error.contains("board width 3"), "{error}");
    }

    #[test]
    fn preset_and_weights_conflict_and_zero_threads_is_refused() {
        let parse = |args: &[&str]| Cli::try_parse_from(args.iter().copied());
        assert!(parse(&["t", "bench", "--preset", "lee", "--weights", "w.json"]).is_err());
        assert!(parse(&["t", "bench", "--weights", "w.json"]).is_ok());
        assert!(parse(&["t", "bench", "--threads", "0"]).is_err());
        assert!(parse(&["t", "bench", "--rules", "tetris"]).is_err());
    }
}
