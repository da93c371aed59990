//! The `tetris-ai` command line.
//!
//! `tetris-ai bench` plays many seeded games with one AI and reports statistics of the lines
//! cleared. Each subcommand is a variant of [`Command`] with its own argument struct; the options
//! that describe a game ([`GameOptions`]) are shared so further subcommands can reuse them.

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tetris_ai::game::DEFAULT_PRESET;
use tetris_ai::{Game, GameConfig, RuleSet, Rules, SearchConfig, Stats, Weights};

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

/// Arguments of `bench`.
#[derive(Debug, Args)]
struct BenchArgs {
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = parse_positive)]
    games: u64,

    #[command(flatten)]
    game: GameOptions,

    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    threads: Option<u64>,

    /// Print one JSON object instead of a table (no progress bar).
    #[arg(long)]
    json: bool,
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

/// Plays `games` games of `config`, game `i` with seed `config.seed + i`, in parallel; the result
/// is in game order. `progress` is advanced once per finished game.
fn play_games(
    config: &GameConfig,
    games: u64,
    max_pieces: Option<u64>,
    progress: &ProgressBar,
) -> Result<Vec<Stats>, String> {
    (0..games)
        .into_par_iter()
        .map(|i| {
            let mut game = Game::new(GameConfig {
                seed: config.seed.wrapping_add(i),
                ..config.clone()
            })
            .map_err(|e| e.to_string())?;
            let stats = game.play(max_pieces);
            progress.inc(1);
            Ok(stats)
        })
        .collect()
}

/// The arithmetic mean of `values`; 0 for none.
fn mean(values: &[u64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.iter().map(|&v| v as f64).sum::<f64>() / values.len() as f64
}

/// The median of `values`: the middle value, or the mean of the two middle values for an even
/// count; 0 for none.
fn median(values: &[u64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => sorted[n / 2] as f64,
        _ => (sorted[n / 2 - 1] as f64 + sorted[n / 2] as f64) / 2.0,
    }
}

/// The sample standard deviation of `values` (sum of squared deviations divided by n - 1); 0 for
/// fewer than two values.
fn sample_std(values: &[u64]) -> f64 {
    if values.len() < 2 {
        return 0.0;
    }
    let m = mean(values);
    let squares: f64 = values.iter().map(|&v| (v as f64 - m).powi(2)).sum();
    (squares / (values.len() - 1) as f64).sqrt()
}

/// Total pieces over total lines; `None` when no line was cleared.
fn pieces_per_line(stats: &[Stats]) -> Option<f64> {
    let pieces: u64 = stats.iter().map(|s| s.pieces).sum();
    let lines: u64 = stats.iter().map(|s| s.lines).sum();
    (lines > 0).then(|| pieces as f64 / lines as f64)
}

/// Statistics of the lines cleared over a set of games.
#[derive(Debug, Clone, PartialEq)]
struct Summary {
    games: usize,
    mean: f64,
    median: f64,
    min: u64,
    max: u64,
    std: f64,
    pieces_per_line: Option<f64>,
    games_per_second: f64,
}

impl Summary {
    /// Summarises `stats`, played in `elapsed`.
    fn of(stats: &[Stats], elapsed: Duration) -> Summary {
        let lines: Vec<u64> = stats.iter().map(|s| s.lines).collect();
        let seconds = elapsed.as_secs_f64();
        Summary {
            games: lines.len(),
            mean: mean(&lines),
            median: median(&lines),
            min: lines.iter().copied().min().unwrap_or(0),
            max: lines.iter().copied().max().unwrap_or(0),
            std: sample_std(&lines),
            pieces_per_line: pieces_per_line(stats),
            games_per_second: if seconds > 0.0 {
                lines.len() as f64 / seconds
            } else {
                0.0
            },
        }
    }
}

/// Runs `bench`: plays the games and prints the table or the JSON object.
fn bench(args: &BenchArgs) -> Result<(), String> {
    let options = &args.game;
    let config = options.config()?;
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = args.threads {
        let threads = usize::try_from(threads)
            .map_err(|_| format!("--threads {threads} is too many for this machine"))?;
        pool = pool.num_threads(threads);
    }
    let pool = pool
        .build()
        .map_err(|e| format!("cannot start the worker threads: {e}"))?;
    let progress = if args.json || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(args.games);
        if let Ok(style) = ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} games (eta {eta})",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar
    };
    let start = Instant::now();
    let stats = pool.install(|| play_games(&config, args.games, options.max_pieces, &progress))?;
    let elapsed = start.elapsed();
    progress.finish_and_clear();
    let summary = Summary::of(&stats, elapsed);
    let (width, height) = options.board;
    if args.json {
        let object = serde_json::json!({
            "games": summary.games,
            "mean": summary.mean,
            "median": summary.median,
            "min": summary.min,
            "max": summary.max,
            "std": summary.std,
            "pieces_per_line": summary.pieces_per_line,
            "games_per_second": summary.games_per_second,
            "preset": options.weights.is_none().then_some(&options.preset),
            "weights": options.weights,
            "rules": options.rules.name(),
            "board": format!("{width}x{height}"),
            "depth": options.depth,
            "seed": options.seed,
        });
        println!("{object}");
    } else {
        let cap = match options.max_pieces {
            Some(cap) => format!(", at most {cap} pieces per game"),
            None => String::new(),
        };
        println!(
            "{}, {} rules, {width}x{height} board, depth {}, seeds {}..{}{cap}",
            options.player(),
            options.rules.name(),
            options.depth,
            options.seed,
            options.seed.wrapping_add(args.games - 1),
        );
        print!("{}", table(&summary));
    }
    Ok(())
}

/// The summary as a two-column table of lines cleared per game.
fn table(s: &Summary) -> String {
    let ppl = match s.pieces_per_line {
        Some(p) => format!("{p:.3}"),
        None => "n/a (no lines)".to_string(),
    };
    let rows = [
        ("Games", s.games.to_string()),
        ("Average lines", format!("{:.1}", s.mean)),
        ("Maximum lines", s.max.to_string()),
        ("Minimum lines", s.min.to_string()),
        ("Median lines", format!("{:.1}", s.median)),
        ("Standard deviation (sample)", format!("{:.1}", s.std)),
        ("Pieces per line", ppl),
        ("Games per second", format!("{:.2}", s.games_per_second)),
    ];
    let mut out = String::new();
    for (name, value) in rows {
        out.push_str(&format!("{name:<28} {value:>14}\n"));
    }
    out
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Bench(args) => bench(args),
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
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[5, 1, 3]), 3.0);
        assert_eq!(median(&[4, 1, 3, 2]), 2.5);
        assert_eq!(median(&[7]), 7.0);
        assert_eq!(median(&[]), 0.0);
    }

    #[test]
    fn sample_std_worked_by_hand() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations sum to 32, 32 / 7 = 4.571428...
        let values = [2, 4, 4, 4, 5, 5, 7, 9];
        assert_eq!(mean(&values), 5.0);
        assert!((sample_std(&values) - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        // 1, 2, 3: mean 2, squares 1 + 0 + 1 = 2, 2 / 2 = 1.
        assert_eq!(sample_std(&[1, 2, 3]), 1.0);
        assert_eq!(sample_std(&[42]), 0.0);
    }

    #[test]
    fn pieces_per_line_totals_over_games() {
        let game = |lines, pieces| Stats {
            lines,
            pieces,
            ..Stats::default()
        };
        assert_eq!(pieces_per_line(&[game(10, 30), game(0, 5)]), Some(3.5));
        assert_eq!(pieces_per_line(&[game(0, 5)]), None);
    }

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
        let Command::Bench(args) = cli.command;
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

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let cli =
            Cli::try_parse_from(["t", "bench", "--board", "6x6", "--max-pieces", "200"]).unwrap();
        let Command::Bench(args) = cli.command;
        let config = args.game.config().unwrap();
        let run = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| play_games(&config, 6, Some(200), &ProgressBar::hidden()))
                .unwrap()
        };
        assert_eq!(run(1), run(2));
    }
}
