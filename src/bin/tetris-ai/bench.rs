//! `tetris-ai bench`: many seeded games with one AI, in parallel, and statistics of the lines
//! cleared, in the style of the CS3243 report.

use crate::{GameOptions, parse_positive, progress_bar, thread_pool};
use clap::Args;
use indicatif::ProgressBar;
use rayon::prelude::*;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tetris_ai::{Game, GameConfig, Rules, SearchConfig, Stats};

/// Arguments of `bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = parse_positive)]
    pub games: u64,

    #[command(flatten)]
    pub game: GameOptions,

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

/// Plays `games` games of `config`, game `i` with seed `config.seed + i`, `lanes` at once, each
/// game's search on `search_threads` threads; the result is in game order. `progress` is
/// advanced once per finished game.
fn play_games(
    config: &GameConfig,
    games: u64,
    max_pieces: Option<u64>,
    lanes: usize,
    search_threads: usize,
    progress: &ProgressBar,
) -> Result<Vec<Stats>, String> {
    let play = |i: u64| {
        let mut game = Game::new(GameConfig {
            seed: config.seed.wrapping_add(i),
            ..config.clone()
        })
        .map_err(|e| e.to_string())?;
        game.set_parallel(search_threads > 1);
        let stats = game.play(max_pieces);
        progress.inc(1);
        Ok(stats)
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
    let mut results: Vec<Option<Result<Stats, String>>> = vec![None; games as usize];
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
fn pieces_per_line(pieces: u64, lines: u64) -> Option<f64> {
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
    /// Lines cleared over all games.
    lines: u64,
    /// Games still going when they were stopped at the cap on pieces.
    capped: usize,
    /// Pieces placed (one decision each) over all games.
    pieces: u64,
    pieces_per_line: Option<f64>,
    games_per_second: f64,
    /// Pieces placed (one decision each) per second of wall time, over all threads.
    decisions_per_second: f64,
}

impl Summary {
    /// Summarises `stats`, played in `elapsed`.
    fn of(stats: &[Stats], elapsed: Duration) -> Summary {
        let lines: Vec<u64> = stats.iter().map(|s| s.lines).collect();
        let total_lines = lines.iter().sum();
        let pieces: u64 = stats.iter().map(|s| s.pieces).sum();
        let seconds = elapsed.as_secs_f64();
        let per_second = |count: f64| if seconds > 0.0 { count / seconds } else { 0.0 };
        Summary {
            games: lines.len(),
            mean: mean(&lines),
            median: median(&lines),
            min: lines.iter().copied().min().unwrap_or(0),
            max: lines.iter().copied().max().unwrap_or(0),
            std: sample_std(&lines),
            lines: total_lines,
            capped: stats.iter().filter(|s| !s.game_over).count(),
            pieces,
            pieces_per_line: pieces_per_line(pieces, total_lines),
            games_per_second: per_second(lines.len() as f64),
            decisions_per_second: per_second(pieces as f64),
        }
    }
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
    let start = Instant::now();
    let stats = play_games(
        &config,
        args.games,
        options.max_pieces,
        lanes,
        search_threads,
        &progress,
    )?;
    let elapsed = start.elapsed();
    progress.finish_and_clear();
    let summary = Summary::of(&stats, elapsed);
    let (width, height) = options.board;
    let (rules, search) = (config.rules, config.search);
    if args.json {
        let object = serde_json::json!({
            "games": summary.games,
            "mean": summary.mean,
            "median": summary.median,
            "min": summary.min,
            "max": summary.max,
            "std": summary.std,
            "lines": summary.lines,
            "capped": summary.capped,
            "pieces": summary.pieces,
            "pieces_per_line": summary.pieces_per_line,
            "games_per_second": summary.games_per_second,
            "decisions_per_second": summary.decisions_per_second,
            "preset": options.weights.is_none().then_some(&options.preset),
            "weights": options.weights,
            "as_published": options.as_published,
            "rules": rules.kind.name(),
            "randomizer": rules.randomizer().name(),
            "preview": rules.preview,
            "hold": rules.hold,
            "top_out": rules.top_out().name(),
            "board": format!("{width}x{height}"),
            "depth": search.depth,
            "prune": search.prune,
            "beam": search.beam_width(),
            "threads": lanes,
            "search_threads": search_threads,
            "margin": search.margin,
            "value": search.value.name(),
            "tie_break": search.tie_break.name(),
            "keep_first_rows": search.keep_first_rows,
            "seed": options.seed,
            "max_pieces": options.max_pieces,
        });
        println!("{object}");
    } else {
        let cap = match options.max_pieces {
            Some(cap) => format!(", at most {cap} pieces per game"),
            None => String::new(),
        };
        println!(
            "{}, {}, {width}x{height} board, {}, seeds {}..{}{cap}",
            options.player(),
            describe_rules(&rules),
            describe_search(&search),
            options.seed,
            options.seed.wrapping_add(args.games - 1),
        );
        print!("{}", table(&summary));
    }
    Ok(())
}

/// The rules in words: the rule set, then whatever differs from its own settings.
fn describe_rules(rules: &Rules) -> String {
    let own = Rules::of(rules.kind);
    let mut parts = Vec::new();
    if rules.randomizer() != own.randomizer() {
        parts.push(format!("{} randomizer", rules.randomizer().name()));
    }
    if rules.preview != own.preview {
        parts.push(format!("preview {}", rules.preview));
    }
    if rules.hold != own.hold {
        parts.push(format!("hold {}", if rules.hold { "on" } else { "off" }));
    }
    if rules.top_out() != own.top_out() {
        parts.push(format!("top out {}", rules.top_out().name()));
    }
    let name = rules.kind.name();
    if parts.is_empty() {
        format!("{name} rules")
    } else {
        format!("{name} rules ({})", parts.join(", "))
    }
}

/// The search in words: the depth, then whatever differs from the default search.
fn describe_search(search: &SearchConfig) -> String {
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
        ("Games stopped at the cap", s.capped.to_string()),
        ("Pieces per line", ppl),
        ("Games per second", format!("{:.2}", s.games_per_second)),
        (
            "Decisions per second",
            format!("{:.0}", s.decisions_per_second),
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
        // 35 pieces over 10 lines; no line at all has no ratio.
        let summary = Summary::of(&[game(10, 30), game(0, 5)], Duration::from_secs(1));
        assert_eq!(summary.pieces_per_line, Some(3.5));
        let summary = Summary::of(&[game(0, 5)], Duration::from_secs(1));
        assert_eq!(summary.pieces_per_line, None);
    }

    #[test]
    fn totals_and_rates_per_second_of_wall_time() {
        let game = |lines, pieces| Stats {
            lines,
            pieces,
            ..Stats::default()
        };
        // Two games of 30 and 50 pieces in 4 s: 0.5 games and 20 decisions per second.
        let summary = Summary::of(&[game(10, 30), game(20, 50)], Duration::from_secs(4));
        assert_eq!((summary.lines, summary.pieces), (30, 80));
        assert_eq!(
            (summary.games_per_second, summary.decisions_per_second),
            (0.5, 20.0)
        );
        let instant = Summary::of(&[game(1, 3)], Duration::ZERO);
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
        let config = args.game.config().unwrap();
        let run = |lanes, search_threads| {
            play_games(
                &config,
                6,
                Some(200),
                lanes,
                search_threads,
                &ProgressBar::hidden(),
            )
            .unwrap()
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
