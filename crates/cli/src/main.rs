//! The `tetris-ai` command line.
//!
//! `tetris-ai bench` plays many seeded games with one AI and reports statistics of the lines
//! cleared; `tetris-ai versus` plays matches of one AI against another. Each subcommand is a
//! variant of [`Command`] with its own argument struct; the options that describe a game
//! ([`GameOptions`]) are shared so further subcommands can reuse them.

mod bench;
mod evolve;
mod sprint;
mod survival;
mod tbp;
mod versus;

use bench::BenchArgs;
use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use sprint::SprintArgs;
use std::io::IsTerminal;
use std::process::ExitCode;
use survival::SurvivalArgs;
use tbp::TbpArgs;
use tetris_ai_args::evolve::EvolveArgs;
use tetris_ai_args::values::{parse_board, parse_named, parse_positive, randomizer_help};
use tetris_ai_core::ai::presets;
use tetris_ai_core::ai::search::{PlanValue, TieBreak};
use tetris_ai_core::config::DEFAULT_PRESET;
use tetris_ai_core::engine::rules::{RandomizerKind, TopOut};
use tetris_ai_core::settings::{Overrides, Settings};
use tetris_ai_core::{GameConfig, RuleSet, Weights};
use versus::VersusArgs;

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
    /// training board (with --survival, the splitting estimate of their mean over --games
    /// replicates); with common random numbers every individual of a generation plays the same
    /// games. Results do not depend on the number of threads.
    Evolve(EvolveArgs),
    /// Estimate the mean lines of games too long to play out, by multilevel splitting.
    ///
    /// A long run counts how often the stack climbs from the base to the first level per line
    /// cleared; branches from each level, each with its own seed, count the share that climb on
    /// to the next, and from the last to the game's end. Games end at the product per line,
    /// and last its inverse. Replicate i draws its seeds from SEED + i; the standard error comes
    /// from the replicates' spread, and results do not depend on the number of threads.
    Survival(SurvivalArgs),
    /// Play many seeded matches of one AI against another and report who won.
    ///
    /// Both sides place a piece each per turn; each clear's attack goes to the other as
    /// garbage under the versus rules, after the delay in which the other's own attack cancels
    /// it. Both sides of match i are dealt the same pieces and garbage holes, from SEED + i.
    /// The win rate counts decided matches, with its 95% Wilson interval. Matches are played
    /// under guideline rules unless --rules says otherwise.
    Versus(VersusArgs),
    /// Play many seeded sprints and report the pieces they took to clear 40 lines.
    ///
    /// Each sprint plays until it has cleared --lines lines (or tops out, or reaches the cap on
    /// pieces); the attack its clears would send is counted by a versus attack table, with no
    /// opponent. Sprints are played under guideline rules unless --rules says otherwise; the
    /// mean, median and fewest pieces are those of the finished sprints.
    Sprint(SprintArgs),
    /// Play as a bot over the Tetris Bot Protocol, a JSON message a line on standard input and
    /// output.
    ///
    /// It sends info first, answers rules with ready, follows the game from start (at any time,
    /// as when garbage arrives), play and new_piece, and answers each suggest with every legal
    /// move, best first, within --think-ms. A malformed or unknown message is reported on
    /// standard error and the bot goes on; quit, or the end of the input, ends it. Coordinates
    /// are the protocol's: SRS true rotation centres, row 0 at the bottom. The game is played by
    /// guideline rules on 10x20.
    Tbp(TbpArgs),
}

/// The options that describe the games to play.
#[derive(Debug, Args)]
struct GameOptions {
    /// A weight set by name: published, or learned here (see docs/presets.md).
    #[arg(long, value_name = "NAME", default_value = DEFAULT_PRESET,
        value_parser = clap::builder::PossibleValuesParser::new(presets::names()))]
    preset: String,

    /// Weights from a JSON file: an object of feature name -> weight, or feature name ->
    /// {"weight": w, "exponent": e}.
    #[arg(long, value_name = "FILE", conflicts_with = "preset")]
    weights: Option<String>,

    /// Play under the rules and search the preset was published with; the rule and search
    /// options given as well override them.
    #[arg(long, conflicts_with = "weights")]
    as_published: bool,

    /// Board size as WIDTHxHEIGHT (width 4 to 16, height 4 to 40).
    #[arg(long, value_name = "WxH", default_value = "10x20", value_parser = parse_board)]
    board: (usize, usize),

    /// The rules: classic (research rules) or guideline [default: classic; guideline for versus,
    /// sprint and tbp].
    #[arg(long, value_name = "RULES", value_parser = parse_named::<RuleSet>)]
    rules: Option<RuleSet>,

    // Where pieces come from.
    #[arg(long, value_name = "NAME", value_parser = parse_named::<RandomizerKind>,
          help = randomizer_help("pieces"))]
    randomizer: Option<RandomizerKind>,

    /// Pieces previewed, 0 to 6; a search of depth 2 or more places those it reaches
    /// [default: the rules' own, classic 0, guideline 5].
    #[arg(long, value_name = "N", value_parser = parse_count)]
    preview: Option<usize>,

    /// Whether hold may be used (guideline rules only): on or off [default: the rules' own].
    #[arg(long, value_name = "on|off", value_parser = parse_switch)]
    hold: Option<bool>,

    /// When a placement ends the game: before_clears (a cell above the top row, before full
    /// rows are removed), after_clears (the same, after), top_row (a cell in the top row, before
    /// clears) or lock_out (every cell above the top row) [default: the rules' own].
    #[arg(long, value_name = "TEST", value_parser = parse_named::<TopOut>)]
    top_out: Option<TopOut>,

    /// Search depth: the pieces a plan places, 1 (the current piece) to 4 (and the three after
    /// it) [default: 1].
    #[arg(long, value_name = "DEPTH")]
    depth: Option<u8>,

    /// The fraction of first moves, best first, searched further at depth 2 or more: above 0,
    /// at most 1 [default: 0.25].
    #[arg(long, value_name = "FRACTION", value_parser = parse_number, allow_negative_numbers = true)]
    prune: Option<f64>,

    /// The moves of each later piece, best first, searched further at depths 3 and 4: 1 to 16
    /// [default: 4 at depth 3, 2 at depth 4].
    #[arg(long, value_name = "K")]
    beam: Option<u32>,

    /// How much a plan must gain over the best single move (with --value max, the bonus
    /// of a first move's own score), 0 or more [default: the preset's, else 0].
    #[arg(long, value_name = "M", value_parser = parse_number, allow_negative_numbers = true)]
    margin: Option<f64>,

    /// How a plan is valued, each move from its own score s and the value n of the plies after
    /// it (at the last, the best score): sum (s + n), max (max(s + margin, n)) or next (n alone)
    /// [default: sum].
    #[arg(long, value_name = "MODE", value_parser = parse_named::<PlanValue>)]
    value: Option<PlanValue>,

    /// How ties between equally good moves are broken: random (from the game's seed) or first
    /// (the first in move order) [default: random].
    #[arg(long, value_name = "MODE", value_parser = parse_named::<TieBreak>)]
    tie_break: Option<TieBreak>,

    /// Whether a plan's second piece sees the first piece's full rows still in place
    /// (on) or removed (off) [default: off].
    #[arg(long, value_name = "on|off", value_parser = parse_switch)]
    keep_first_rows: Option<bool>,

    /// Search by a beam this many nodes wide through every known piece (the current one, the
    /// preview and hold), then weigh the piece after them by what the randomizer has left, 1 to
    /// 65536, instead of by plies (whose options it then ignores) [default: by plies].
    #[arg(long, value_name = "WIDTH")]
    preview_beam: Option<u32>,

    /// Seed of the first game; game i uses SEED + i.
    #[arg(long, value_name = "SEED", default_value_t = 0)]
    seed: u64,
}

/// Parses a whole number, 0 or more; the limits are checked by the library.
fn parse_count(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("\"{text}\" is not a whole number, 0 or more"))
}

/// Parses a finite number; the limits are checked by the library.
fn parse_number(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(n) if n.is_finite() => Ok(n),
        _ => Err(format!("\"{text}\" is not a finite number")),
    }
}

/// Parses `on` or `off`.
fn parse_switch(text: &str) -> Result<bool, String> {
    match text {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("\"{text}\" is not on or off")),
    }
}

impl GameOptions {
    /// The settings the options choose: the preset (or the weights file's weights), as
    /// published or not, the board and the seed, and every rule and search option given as an
    /// override of the rules and search settled otherwise.
    fn settings(&self) -> Result<Settings, String> {
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
        Ok(Settings {
            preset,
            weights,
            as_published: self.as_published,
            board: Some([self.board.0, self.board.1]),
            seed: Some(self.seed),
            overrides: Overrides {
                rules: self.rules,
                randomizer: self.randomizer,
                preview: self.preview,
                hold: self.hold,
                top_out: self.top_out,
                depth: self.depth,
                prune: self.prune,
                beam: self.beam,
                margin: self.margin,
                value: self.value,
                tie_break: self.tie_break,
                keep_first_rows: self.keep_first_rows,
                preview_beam: self.preview_beam,
            },
            ..Settings::default()
        })
    }

    /// The configuration of the first game (seed [`GameOptions::seed`]), checked.
    fn config(&self) -> Result<GameConfig, String> {
        self.settings()?.resolve().map_err(|e| e.to_string())
    }

    /// Who plays and the settings `config` (made by [`GameOptions::config`]) plays with, as
    /// `--json` reports them: the rule and search fields after `--as-published` and the options.
    fn reported(&self, config: &GameConfig) -> serde_json::Map<String, serde_json::Value> {
        let mut settings = serde_json::Map::new();
        let preset = self.weights.is_none().then_some(&self.preset);
        settings.insert("preset".into(), preset.cloned().into());
        settings.insert("weights".into(), self.weights.clone().into());
        settings.insert("as_published".into(), self.as_published.into());
        settings.extend(tetris_ai_core::bench::settings(config));
        settings
    }

    /// The configuration of the first game under guideline rules unless `--rules` says
    /// otherwise: what the modern modes (`versus`, `sprint`) play.
    fn guideline_config(&self) -> Result<GameConfig, String> {
        let settings = self.settings()?.guideline_unless_named();
        settings.resolve().map_err(|e| e.to_string())
    }

    /// What the games are played with, for the report: the preset's name or the weights file.
    fn player(&self) -> String {
        match &self.weights {
            Some(path) => format!("weights from {path}"),
            None if self.as_published => format!("{} as published", self.preset),
            None => self.preset.clone(),
        }
    }
}

/// Prints `report` as one line of JSON.
fn print_json(report: &impl serde::Serialize) -> Result<(), String> {
    let text = serde_json::to_string(report)
        .map_err(|e| format!("the report could not be written: {e}"))?;
    println!("{text}");
    Ok(())
}

/// What `--json` prints for a modern mode: its statistics, then the settings.
#[derive(serde::Serialize)]
struct Report<'a, T: serde::Serialize> {
    #[serde(flatten)]
    stats: &'a T,
    #[serde(flatten)]
    settings: serde_json::Map<String, serde_json::Value>,
}

/// Plays `play(i)` for every `i` below `count` on `threads` threads (default one per core),
/// advancing `progress` once per game; the results are in order, or the first error.
fn play_all<T: Send>(
    count: u64,
    threads: Option<u64>,
    progress: &ProgressBar,
    play: impl Fn(u64) -> tetris_ai_core::Result<T> + Sync,
) -> Result<Vec<T>, String> {
    use rayon::prelude::*;
    thread_pool(threads)?.install(|| {
        (0..count)
            .into_par_iter()
            .map(|i| {
                let played = play(i).map_err(|e| e.to_string());
                progress.inc(1);
                played
            })
            .collect()
    })
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
        Command::Survival(args) => survival::survival(args),
        Command::Versus(args) => versus::versus(args),
        Command::Sprint(args) => sprint::sprint(args),
        Command::Tbp(args) => tbp::tbp(args),
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
    use tetris_ai_core::engine::rules::{RandomizerKind, TopOut};
    use tetris_ai_core::{Rules, SearchConfig};

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

    /// The bench options `args` parse to.
    fn bench_options(args: &[&str]) -> GameOptions {
        let mut all = vec!["t", "bench"];
        all.extend_from_slice(args);
        match Cli::try_parse_from(all).unwrap().command {
            Command::Bench(args) => args.game,
            _ => panic!("parsed as bench"),
        }
    }

    #[test]
    fn as_published_plays_each_presets_rules_and_search() {
        for preset in presets::PRESETS {
            let config = bench_options(&["--preset", preset.name, "--as-published"])
                .config()
                .unwrap();
            assert_eq!(config.rules, preset.published.rules, "{}", preset.name);
            assert_eq!(config.search, preset.published.search, "{}", preset.name);
        }
        let lee = bench_options(&["--preset", "lee", "--as-published"])
            .config()
            .unwrap();
        assert_eq!(lee.rules.randomizer(), RandomizerKind::Bag);
        assert_eq!(
            (lee.rules.preview, lee.search.depth, lee.search.prune),
            (1, 2, 1.0)
        );
        assert!(lee.search.keep_first_rows);
        let takado8 = bench_options(&["--preset", "takado8", "--as-published"])
            .config()
            .unwrap();
        assert_eq!(takado8.rules.top_out(), TopOut::TopRow);
        let smartspot2 = bench_options(&["--preset", "smartspot2", "--as-published"])
            .config()
            .unwrap();
        assert_eq!(smartspot2.rules.kind, RuleSet::Guideline);
        assert_eq!((smartspot2.rules.preview, smartspot2.rules.hold), (1, true));
        assert_eq!(smartspot2.search.value, PlanValue::Max);
        assert_eq!(smartspot2.search.margin, Some(100.0));
        let cs3243 = bench_options(&["--preset", "cs3243", "--as-published"])
            .config()
            .unwrap();
        assert_eq!(cs3243.search.tie_break, TieBreak::First);
        // Without the switch a preset plays the research rules and the default search.
        let plain = bench_options(&["--preset", "lee"]).config().unwrap();
        assert_eq!(
            (plain.rules, plain.search),
            (Rules::classic(), SearchConfig::default())
        );
    }

    #[test]
    fn rule_and_search_options_override_the_published_ones() {
        let config = bench_options(&[
            "--preset",
            "lee",
            "--as-published",
            "--depth",
            "1",
            "--randomizer",
            "uniform",
            "--preview",
            "0",
            "--top-out",
            "after_clears",
            "--tie-break",
            "first",
            "--keep-first-rows",
            "off",
        ])
        .config()
        .unwrap();
        assert_eq!(config.search.depth, 1);
        assert!(!config.search.keep_first_rows);
        assert_eq!(config.search.tie_break, TieBreak::First);
        assert_eq!(config.rules.randomizer(), RandomizerKind::Uniform);
        assert_eq!(config.rules.preview, 0);
        assert_eq!(config.rules.top_out(), TopOut::AfterClears);
        let guideline = bench_options(&[
            "--rules",
            "guideline",
            "--hold",
            "off",
            "--preview",
            "2",
            "--depth",
            "2",
            "--prune",
            "0.5",
            "--margin",
            "3",
            "--value",
            "max",
        ])
        .config()
        .unwrap();
        assert_eq!((guideline.rules.hold, guideline.rules.preview), (false, 2));
        assert_eq!(
            (
                guideline.search.prune,
                guideline.search.margin,
                guideline.search.value
            ),
            (0.5, Some(3.0), PlanValue::Max)
        );
    }

    #[test]
    fn the_beam_help_gives_each_depths_default_beam() {
        use clap::CommandFactory;
        use tetris_ai_core::ai::search::default_beam;
        let command = Cli::command();
        let bench = command.find_subcommand("bench").expect("bench");
        let beam = bench
            .get_arguments()
            .find(|a| a.get_id() == "beam")
            .and_then(|a| a.get_help())
            .expect("--beam has help")
            .to_string();
        for depth in [3, 4] {
            let default = format!("{} at depth {depth}", default_beam(depth));
            assert!(beam.contains(&default), "{beam:?} should say {default:?}");
        }
    }

    #[test]
    fn bad_rule_and_search_values_are_named() {
        let parse = |args: &[&str]| {
            let mut all = vec!["t", "bench"];
            all.extend_from_slice(args);
            Cli::try_parse_from(all).map(drop).unwrap_err().to_string()
        };
        for (args, named) in [
            (&["--randomizer", "bag7"][..], "\"bag7\""),
            (&["--top-out", "late"], "\"late\""),
            (&["--value", "mean"], "\"mean\""),
            (&["--tie-break", "last"], "\"last\""),
            (&["--hold", "maybe"], "\"maybe\""),
            (&["--margin", "lots"], "\"lots\""),
            (&["--prune", "NaN"], "\"NaN\""),
            (&["--preview=-1"], "\"-1\""),
        ] {
            let error = parse(args);
            assert!(error.contains(named), "{error}");
        }
        assert!(parse(&["--as-published", "--weights", "w.json"]).contains("--weights"));
        let library = |args: &[&str]| bench_options(args).config().unwrap_err();
        assert!(library(&["--prune", "2"]).contains("prune fraction 2"));
        assert!(library(&["--margin", "-1"]).contains("margin -1"));
        assert!(library(&["--preview", "7"]).contains("preview 7"));
        assert!(library(&["--hold", "on"]).contains("classic rules have no hold"));
        assert!(library(&["--depth", "5"]).contains("search depth 5"));
        // Presets are checked against the registry, which the error lists.
        let preset = parse(&["--preset", "nobody", "--as-published"]);
        assert!(
            preset.contains("'nobody'") && preset.contains("learned_10x20"),
            "{preset}"
        );
    }
}
