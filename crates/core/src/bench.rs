//! Benchmarks: many seeded games of one configuration, game `i` seeded `seed + i`, and the
//! statistics of the lines they clear, as `tetris-ai bench` prints them and a page's
//! `benchmark()` gives them. A game depends on nothing but the benchmark and its index, so the
//! games can be played in any order, on any thread or worker; the statistics are worked out here,
//! from every game's outcome in game order, whoever played them.

use crate::checked::{self, MAX_SAFE_INTEGER};
use crate::config::GameConfig;
use crate::error::{Error, Result};
use crate::game::{Game, Stats};
use crate::measurement::{self, Host, Measurement};
use serde::Serialize;
use serde_json::{Map, Value, json};

/// The games a benchmark plays unless told otherwise.
pub const DEFAULT_GAMES: u64 = 100;

/// The most games one benchmark plays from a page or Python: every game's outcome is kept until
/// the end.
pub const MAX_GAMES: u64 = 1_000_000;

/// A benchmark's options as a page gives them (`benchmark()`'s, beside the game configuration):
/// each may be left out.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BenchmarkOptions {
    /// Games to play (default 100).
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub games: Option<u64>,
    /// The first game's seed (default the configuration's); game i is seeded `seed + i`.
    #[cfg_attr(feature = "typescript", ts(optional, type = "number | string"))]
    pub seed: Option<u64>,
    /// Pieces after which each game stops (default: none).
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub max_pieces: Option<u64>,
}

/// The fields of a benchmark's options, as [`BenchmarkOptions`] writes them.
const OPTION_FIELDS: [&str; 3] = ["games", "seed", "maxPieces"];

impl BenchmarkOptions {
    /// The options `value` (JSON; none for none), named `name`: games from 1 to [`MAX_GAMES`],
    /// a seed, and a cap of 1 piece or more (or null for none). A bad one is an error naming it.
    pub fn read(name: &str, value: Option<&Value>) -> Result<BenchmarkOptions> {
        let Some(map) = checked::object(name, value, &OPTION_FIELDS, true)? else {
            return Ok(BenchmarkOptions::default());
        };
        let (games, seed, max_pieces) = read_games(map, name, MAX_GAMES)?;
        Ok(BenchmarkOptions {
            games,
            seed,
            max_pieces,
        })
    }
}

/// `games` (from 1 to `max_games`), `seed` and `maxPieces` (1 or more), each where given, from
/// the options `map` named `name`: what the options of a benchmark and of a versus series share.
/// A bad one is an error naming it.
pub(crate) fn read_games(
    map: &serde_json::Map<String, Value>,
    name: &str,
    max_games: u64,
) -> Result<(Option<u64>, Option<u64>, Option<u64>)> {
    let count = |field: &str, max: u64| {
        checked::optional(map, name, field, |path, v| checked::count(path, v, 1, max))
    };
    Ok((
        count("games", max_games)?,
        checked::optional(map, name, "seed", checked::seed)?,
        count("maxPieces", MAX_SAFE_INTEGER)?,
    ))
}

/// The games of a benchmark: one configuration played from `games` seeds in a row.
#[derive(Clone, Debug, PartialEq)]
pub struct Benchmark {
    config: GameConfig,
    games: u64,
    max_pieces: Option<u64>,
}

impl Benchmark {
    /// `games` games of `config`, game `i` seeded `config.seed + i` (wrapping past 2^64 - 1),
    /// each stopped after `max_pieces` pieces if given. A bad configuration, no games or a cap of
    /// no pieces is an error naming it.
    pub fn new(config: GameConfig, games: u64, max_pieces: Option<u64>) -> Result<Benchmark> {
        if games == 0 {
            return Err(Error::Config(
                "games is 0: a benchmark plays at least 1".into(),
            ));
        }
        if max_pieces == Some(0) {
            return Err(Error::Config(
                "max pieces is 0: it must be at least 1, or unset".into(),
            ));
        }
        Game::new(config.clone())?;
        Ok(Benchmark {
            config,
            games,
            max_pieces,
        })
    }

    /// The number of games.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The first game's configuration.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The pieces after which a game stops, if any.
    pub fn max_pieces(&self) -> Option<u64> {
        self.max_pieces
    }

    /// Plays game `game` (0 for the first) to its end or to the cap on pieces, each decision's
    /// plies after the first split over the rayon pool when `parallel` (the same game either
    /// way). A game past the last is an error naming both.
    pub fn play(&self, game: u64, parallel: bool) -> Result<GameOutcome> {
        if game >= self.games {
            return Err(Error::Config(format!(
                "game {game} is past the last of the benchmark's {} games",
                self.games
            )));
        }
        let mut played = Game::new(GameConfig {
            seed: self.config.seed.wrapping_add(game),
            ..self.config.clone()
        })?;
        played.set_parallel(parallel);
        Ok(GameOutcome::of(&played.play(self.max_pieces)))
    }
}

/// The numbers a game's outcome is sent as: its lines, its pieces, and 1 if it stopped at the
/// cap on pieces, else 0.
const OUTCOME_NUMBERS: usize = 3;

impl Measurement for Benchmark {
    /// The benchmark of `config` with `options` (see [`BenchmarkOptions::read`]; the page's
    /// `benchmark()`): its jobs are its games.
    fn read(config: GameConfig, options: Option<&Value>, _host: &Host) -> Result<Benchmark> {
        let options = BenchmarkOptions::read("options", options)?;
        let config = GameConfig {
            seed: options.seed.unwrap_or(config.seed),
            ..config
        };
        Benchmark::new(
            config,
            options.games.unwrap_or(DEFAULT_GAMES),
            options.max_pieces,
        )
    }

    fn jobs(&self) -> u64 {
        self.games
    }

    /// The game's lines, its pieces, and 1 if it stopped at the cap, else 0.
    fn play(&self, job: u64) -> Result<Vec<f64>> {
        let outcome = Benchmark::play(self, job, false)?;
        Ok(vec![
            outcome.lines as f64,
            outcome.pieces as f64,
            f64::from(u8::from(outcome.capped)),
        ])
    }

    /// The statistics `tetris-ai bench --json` gives, and every game's lines, from the games'
    /// numbers (`outcomes`).
    fn result(&self, numbers: &[f64]) -> Result<Value> {
        let outcomes = GameOutcome::read(numbers, self.games)?;
        measurement::as_json(&BenchmarkResult::of(&outcomes))
    }
}

/// How one game of a benchmark ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameOutcome {
    /// Lines cleared.
    pub lines: u64,
    /// Pieces placed.
    pub pieces: u64,
    /// Whether the game was still going when it stopped at the cap on pieces.
    pub capped: bool,
}

impl GameOutcome {
    /// The outcomes of `games` games from the numbers they were sent as (three a game, see
    /// [`Measurement::play`]), called `outcomes` in messages; numbers that are no outcomes are
    /// refused, naming the first bad one.
    pub fn read(numbers: &[f64], games: u64) -> Result<Vec<GameOutcome>> {
        if numbers.len() as u64 != games * OUTCOME_NUMBERS as u64 {
            return Err(Error::Config(format!(
                "outcomes must hold three numbers for each of {games} games (lines, pieces, \
                 capped), got {} numbers",
                numbers.len()
            )));
        }
        let read = |at: usize, max: u64| checked::sent_count("outcomes", numbers, at, max);
        (0..numbers.len() / OUTCOME_NUMBERS)
            .map(|game| {
                let at = game * OUTCOME_NUMBERS;
                Ok(GameOutcome {
                    lines: read(at, MAX_SAFE_INTEGER)?,
                    pieces: read(at + 1, MAX_SAFE_INTEGER)?,
                    capped: read(at + 2, 1)? == 1,
                })
            })
            .collect()
    }

    /// The outcome of a game whose totals are `stats`, once played.
    pub fn of(stats: &Stats) -> GameOutcome {
        GameOutcome {
            lines: stats.lines,
            pieces: stats.pieces,
            capped: !stats.game_over,
        }
    }
}

/// Statistics of the lines cleared over the games of a benchmark, as `tetris-ai bench --json`
/// writes them (before its timing and settings).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct BenchmarkStats {
    /// Games played.
    pub games: u64,
    /// Mean lines per game.
    pub mean: f64,
    /// Median lines per game: the middle game's, or the mean of the two middle games' for an
    /// even count.
    pub median: f64,
    /// Fewest lines in a game.
    pub min: u64,
    /// Most lines in a game.
    pub max: u64,
    /// Sample standard deviation of the lines per game (divided by n - 1; 0 for one game).
    pub std: f64,
    /// Lines cleared over all games.
    pub lines: u64,
    /// Games still going when they were stopped at the cap on pieces.
    pub capped: u64,
    /// Pieces placed (one decision each) over all games.
    pub pieces: u64,
    /// Pieces placed per line cleared over all games; null when no line was cleared.
    pub pieces_per_line: Option<f64>,
}

impl BenchmarkStats {
    /// The statistics of `outcomes`, in game order (all zero for none).
    pub fn of(outcomes: &[GameOutcome]) -> BenchmarkStats {
        let lines: Vec<u64> = outcomes.iter().map(|o| o.lines).collect();
        let total_lines = lines.iter().sum();
        let pieces = outcomes.iter().map(|o| o.pieces).sum();
        BenchmarkStats {
            games: lines.len() as u64,
            mean: mean(&lines),
            median: median(&lines),
            min: lines.iter().copied().min().unwrap_or(0),
            max: lines.iter().copied().max().unwrap_or(0),
            std: sample_std(&lines),
            lines: total_lines,
            capped: outcomes.iter().filter(|o| o.capped).count() as u64,
            pieces,
            pieces_per_line: pieces_per_line(pieces, total_lines),
        }
    }
}

/// A benchmark's result as a page gets it: the statistics, and the lines of every game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct BenchmarkResult {
    /// The statistics.
    #[serde(flatten)]
    #[cfg_attr(feature = "typescript", ts(flatten))]
    pub stats: BenchmarkStats,
    /// The lines of each game in game order: game `i` was seeded `seed + i`.
    pub game_lines: Vec<u64>,
}

impl BenchmarkResult {
    /// The result of games whose outcomes are `outcomes`, in game order.
    pub fn of(outcomes: &[GameOutcome]) -> BenchmarkResult {
        BenchmarkResult {
            stats: BenchmarkStats::of(outcomes),
            game_lines: outcomes.iter().map(|o| o.lines).collect(),
        }
    }
}

/// The rules and search `config` plays with, keyed as `tetris-ai bench --json` and Python's
/// `bench` report them after who plays: rules, randomizer, preview, hold, top-out, board, depth,
/// prune, beam, margin, plan value, tie-break, whether the first piece's rows are kept, seed.
pub fn settings(config: &GameConfig) -> Map<String, Value> {
    let (rules, search) = (config.rules, config.search);
    [
        ("rules", json!(rules.kind.name())),
        ("randomizer", json!(rules.randomizer().name())),
        ("preview", json!(rules.preview)),
        ("hold", json!(rules.hold)),
        ("top_out", json!(rules.top_out().name())),
        (
            "board",
            json!(format!("{}x{}", config.width, config.height)),
        ),
        ("depth", json!(search.depth)),
        ("prune", json!(search.prune)),
        ("beam", json!(search.beam_width())),
        ("margin", json!(search.margin)),
        ("value", json!(search.value.name())),
        ("tie_break", json!(search.tie_break.name())),
        ("keep_first_rows", json!(search.keep_first_rows)),
        ("preview_beam", json!(search.preview_beam)),
        ("seed", json!(config.seed)),
    ]
    .into_iter()
    .map(|(key, value)| (key.to_string(), value))
    .collect()
}

/// The arithmetic mean of `values`; 0 for none.
pub(crate) fn mean(values: &[u64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.iter().map(|&v| v as f64).sum::<f64>() / values.len() as f64
}

/// The median of `values`: the middle value, or the mean of the two middle values for an even
/// count; 0 for none.
pub(crate) fn median(values: &[u64]) -> f64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn game(lines: u64, pieces: u64, capped: bool) -> GameOutcome {
        GameOutcome {
            lines,
            pieces,
            capped,
        }
    }

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
    fn statistics_of_three_games_worked_by_hand() {
        // Lines 10, 0, 20 in 30, 5 and 45 pieces, the last stopped at the cap: mean 10, median
        // 10, squares 0 + 100 + 100 = 200, 200 / 2 = 100, std 10; 80 pieces over 30 lines.
        let stats =
            BenchmarkStats::of(&[game(10, 30, false), game(0, 5, false), game(20, 45, true)]);
        assert_eq!(
            stats,
            BenchmarkStats {
                games: 3,
                mean: 10.0,
                median: 10.0,
                min: 0,
                max: 20,
                std: 10.0,
                lines: 30,
                capped: 1,
                pieces: 80,
                pieces_per_line: Some(80.0 / 30.0),
            }
        );
        let result = BenchmarkResult::of(&[game(10, 30, false), game(0, 5, false)]);
        assert_eq!(result.game_lines, [10, 0]);
        // No line at all has no ratio.
        assert_eq!(
            BenchmarkStats::of(&[game(0, 5, false)]).pieces_per_line,
            None
        );
    }

    #[test]
    fn the_result_is_written_with_the_statistics_first_then_each_games_lines() {
        let written = serde_json::to_string(&BenchmarkResult::of(&[game(3, 9, false)])).unwrap();
        assert_eq!(
            written,
            "{\"games\":1,\"mean\":3.0,\"median\":3.0,\"min\":3,\"max\":3,\"std\":0.0,\
             \"lines\":3,\"capped\":0,\"pieces\":9,\"pieces_per_line\":3.0,\"game_lines\":[3]}"
        );
    }

    #[test]
    fn game_i_is_the_game_seeded_seed_plus_i() {
        let config = GameConfig {
            width: 8,
            height: 8,
            seed: u64::MAX,
            ..GameConfig::default()
        };
        let benchmark = Benchmark::new(config.clone(), 2, Some(50)).unwrap();
        for (game, seed) in [(0, u64::MAX), (1, 0)] {
            let mut alone = Game::new(GameConfig {
                seed,
                ..config.clone()
            })
            .unwrap();
            let expected = GameOutcome::of(&alone.play(Some(50)));
            assert_eq!(
                benchmark.play(game, false).unwrap(),
                expected,
                "game {game}"
            );
            assert_eq!(benchmark.play(game, true).unwrap(), expected, "game {game}");
        }
        let error = benchmark.play(2, false).unwrap_err().to_string();
        assert!(
            error.contains("game 2 is past the last of the benchmark's 2 games"),
            "{error}"
        );
    }

    #[test]
    fn bad_benchmarks_are_refused_naming_the_problem() {
        let error = |made: Result<Benchmark>| made.unwrap_err().to_string();
        let config = GameConfig::default();
        assert!(error(Benchmark::new(config.clone(), 0, None)).contains("games is 0"));
        assert!(error(Benchmark::new(config, 1, Some(0))).contains("max pieces is 0"));
        let wide = GameConfig {
            width: 30,
            ..GameConfig::default()
        };
        assert!(error(Benchmark::new(wide, 1, None)).contains("width 30"));
    }
}
