//! `tetris-ai bench`: many seeded games with one AI, in parallel, and statistics of the lines
//! cleared, in the style of the CS3243 report.

use crate::{GameOptions, parse_positive, print_json, progress_bar, thread_pool};
use clap::Args;
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::Serialize;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tetris_ai_core::SearchConfig;
use tetris_ai_core::bench::{Benchmark, BenchmarkStats, DEFAULT_GAMES, GameOutcome};

/// Arguments of `bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GAMES, value_parser = parse_positive)]
    pub games: u64,

    #[command(flatten)]
    pub game: GameOptions,

    /// Stop each game after this many pieces.
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    max_pieces: Option<u64>,

    /// Games played at once (default: one per core, shared by the search threads).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    threads: Option<u64>,

    /// The threads one game's search uses: 1, or more to search each decision's later plies
    /// on that many threads (the same games either way).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_positive)]
    search_threads: u64,

    /// Print one JSON object instead of a table (no progress bar).
    #[arg(long)]
    json: bool,
}

/// Plays every game of `benchmark`, `lanes` at once, each game's search on `search_threads`
/// threads; the outcomes are in game order. `progress` is advanced once per finished game.
fn play_games(
    benchmark: &Benchmark,
    lanes: usize,
    search_threads: usize,
    progress: &ProgressBar,
) -> Result<Vec<GameOutcome>, String> {
    let games = benchmark.games();
    let play = |i: u64| {
        let outcome = benchmark
            .play(i, search_threads > 1)
            .map_err(|e| e.to_string());
        progress.inc(1);
        outcome
    };
    if search_threads == 1 {
        return thread_pool(Some(lanes as u64))?
            .install(|| (0..games).into_par_iter().map(play).collect());
    }
    // A pool of the search's threads per lane; each lane takes the next game not yet taken.
    let pools = (0..lanes.min(games as usize).max(1))
        .map(|_| thread_pool(Some(search_threads as u64)))
        .collect::<Result<Vec<_>, String>>()?;
    let next = AtomicU64::new(0);
    let mut results: Vec<Option<Result<GameOutcome, String>>> = vec![None; games as usize];
    let finished = Mutex::new(&mut results);
    std::thread::scope(|scope| {
        for pool in &pools {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let result = pool.install(|| play(i));
                    finished.lock().expect("no lane panics")[i as usize] = Some(result);
                }
            });
        }
    });
    results
        .into_iter()
        .map(|result| result.expect("every game was played"))
        .collect()
}

/// How fast the games were played, over all threads.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
struct Rates {
    /// Games finished per second of wall time.
    games_per_second: f64,
    /// Pieces placed (one decision each) per second of wall time.
    decisions_per_second: f64,
}

impl Rates {
    /// The rates of the games of `stats`, played in `elapsed`.
    fn of(stats: &BenchmarkStats, elapsed: Duration) -> Rates {
        let seconds = elapsed.as_secs_f64();
        let per_second = |count: f64| if seconds > 0.0 { count / seconds } else { 0.0 };
        Rates {
            games_per_second: per_second(stats.games as f64),
            decisions_per_second: per_second(stats.pieces as f64),
        }
    }
}

/// What `--json` prints: the statistics, the rates, then the settings.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    stats: &'a BenchmarkStats,
    #[serde(flatten)]
    rates: Rates,
    #[serde(flatten)]
    settings: serde_json::Map<String, serde_json::Value>,
}

/// Runs `bench`: plays the games and prints the table or the JSON object.
pub fn bench(args: &BenchArgs) -> Result<(), String> {
    let options = &args.game;
    let config = options.config()?;
    let search_threads = usize::try_from(args.search_threads)
        .map_err(|_| format!("--search-threads {} is too many", args.search_threads))?;
    let lanes = match args.threads {
        Some(threads) => usize::try_from(threads)
            .map_err(|_| format!("--threads {threads} is too many for this machine"))?,
        None => (rayon::current_num_threads() / search_threads).max(1),
    };
    let progress = progress_bar(
        args.games,
        args.json,
        "{elapsed_precise} [{bar:40}] {pos}/{len} games (eta {eta})",
    );
    let benchmark =
        Benchmark::new(config, args.games, args.max_pieces).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let outcomes = play_games(&benchmark, lanes, search_threads, &progress)?;
    let elapsed = start.elapsed();
    progress.finish_and_clear();
    let stats = BenchmarkStats::of(&outcomes);
    let rates = Rates::of(&stats, elapsed);
    let (width, height) = options.board;
    let config = benchmark.config();
    let (rules, search) = (config.rules, config.search);
    if args.json {
        let mut settings = options.reported(config);
        settings.insert("threads".into(), lanes.into());
        settings.insert("search_threads".into(), search_threads.into());
        settings.insert("max_pieces".into(), args.max_pieces.into());
        print_json(&Report {
            stats: &stats,
            rates,
            settings,
        })?;
    } else {
        let cap = match args.max_pieces {
            Some(cap) => format!(", at most {cap} pieces per game"),
            None => String::new(),
        };
        println!(
            "{}, {}, {width}x{height} board, {}, seeds {}..{}{cap}",
            options.player(),
            rules.description(),
            describe_search(&search),
            options.seed,
            options.seed.wrapping_add(args.games - 1),
        );
        print!("{}", table(&stats, &rates));
    }
    Ok(())
}

/// The search in words: the depth, then whatever differs from the default search.
pub fn describe_search(search: &SearchConfig) -> String {
    if let Some(width) = search.preview_beam {
        return format!("a beam {width} wide through the preview");
    }
    let default = SearchConfig::default();
    let mut parts = Vec::new();
    if search.depth > 1 {
        if search.prune != default.prune {
            parts.push(format!("prune {}", search.prune));
        }
        if search.depth > 2 {
            parts.push(format!("beam {}", search.beam_width()));
        }
        if let Some(margin) = search.margin {
            parts.push(format!("margin {margin}"));
        }
        if search.value != default.value {
            parts.push(format!("{} plan value", search.value.name()));
        }
        if search.keep_first_rows {
            parts.push("first piece's full rows kept".to_string());
        }
    }
    if search.tie_break != default.tie_break {
        parts.push(format!("ties to the {}", search.tie_break.name()));
    }
    if parts.is_empty() {
        format!("depth {}", search.depth)
    } else {
        format!("depth {} ({})", search.depth, parts.join(", "))
    }
}

/// The statistics and rates as a two-column table of lines cleared per game.
fn table(s: &BenchmarkStats, rates: &Rates) -> String {
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
        ("Games stopped at the cap", s.capped.to_string()),
        ("Pieces per line", ppl),
        ("Games per second", format!("{:.2}", rates.games_per_second)),
        (
            "Decisions per second",
            format!("{:.0}", rates.decisions_per_second),
        ),
    ];
    let mut out = String::new();
    for (name, value) in rows {
        out.push_str(&format!("{name:<28} {value:>14}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cli, Command};
    use clap::Parser;

    #[test]
    fn rates_per_second_of_wall_time() {
        let stats = |games, pieces| BenchmarkStats {
            games,
            pieces,
            ..BenchmarkStats::of(&[])
        };
        // Two games of 80 pieces in all in 4 s: 0.5 games and 20 decisions per second.
        let rates = Rates::of(&stats(2, 80), Duration::from_secs(4));
        assert_eq!(
            (rates.games_per_second, rates.decisions_per_second),
            (0.5, 20.0)
        );
        let instant = Rates::of(&stats(1, 3), Duration::ZERO);
        assert_eq!(
            (instant.games_per_second, instant.decisions_per_second),
            (0.0, 0.0)
        );
    }

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let cli = Cli::try_parse_from([
            "t",
            "bench",
            "--board",
            "6x6",
            "--max-pieces",
            "200",
            "--depth",
            "3",
        ])
        .unwrap();
        let Command::Bench(args) = cli.command else {
            panic!("parsed as bench")
        };
        let benchmark = Benchmark::new(args.game.config().unwrap(), 6, Some(200)).unwrap();
        let run = |lanes, search_threads| {
            play_games(&benchmark, lanes, search_threads, &ProgressBar::hidden()).unwrap()
        };
        let one = run(1, 1);
        assert_eq!(one, run(2, 1));
        assert_eq!(one, run(1, 2));
        assert_eq!(one, run(2, 2));
    }

    #[test]
    fn bad_depths_beams_and_thread_counts_are_named() {
        let error = |extra: &[&str]| {
            let mut argv = vec!["t", "bench"];
            argv.extend_from_slice(extra);
            match Cli::try_parse_from(argv) {
                Err(error) => error.to_string(),
                Ok(cli) => {
                    let Command::Bench(args) = cli.command else {
                        panic!("parsed as bench")
                    };
                    args.game.config().expect_err("a bad value is refused")
                }
            }
        };
        assert!(error(&["--depth", "5"]).contains("depth 5"));
        assert!(error(&["--depth", "0"]).contains("depth 0"));
        assert!(error(&["--depth", "3", "--beam", "0"]).contains("beam 0"));
        assert!(error(&["--depth", "3", "--beam", "17"]).contains("beam 17"));
        assert!(error(&["--search-threads", "0"]).contains("'0'"));
        assert!(error(&["--search-threads", "two"]).contains("'two'"));
    }
}
