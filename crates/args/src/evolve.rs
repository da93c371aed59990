//! The options of `evolve`, one clap definition for `tetris-ai evolve` and for the Python
//! package's `python -m tetris_ai.ray evolve`: the run they set up (new, or resumed from a
//! checkpoint), the report line of a generation, and the step that saves the run and its best
//! weights after every generation.

use crate::values::{parse_board, parse_named, parse_positive, randomizer_help};
use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use std::path::{Path, PathBuf};
use tetris_ai_core::RuleSet;
use tetris_ai_core::ai::presets;
use tetris_ai_core::ai::weights::Weights;
use tetris_ai_core::engine::rules::RandomizerKind;
use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::engine::versus::pace::Pace;
use tetris_ai_core::survival::{DEFAULT_RUN_PIECES, DEFAULT_TRIALS};
use tetris_ai_core::versus::DEFAULT_MAX_PIECES;
use tetris_ai_train::checkpoint::write_atomically;
use tetris_ai_train::evolution::{Evolution, EvolutionConfig, Report};
use tetris_ai_train::fitness::SurvivalEffort;
use tetris_ai_train::matches::{Opponent, VersusFitness};
use tetris_ai_train::noise::NoiseConfig;
use tetris_ai_train::optimizers::{self, DEFAULT_OPTIMIZER, OPTIMIZERS, Optimizer};
use tetris_ai_train::setup::{Features, RunOptions};
use tetris_ai_train::validation::ValidationConfig;

/// An optimizer's name as `--optimizer` takes it: the registry's, with dashes for underscores
/// (as the command line spells its choices).
fn dashed(name: &str) -> String {
    name.replace('_', "-")
}

/// `--optimizer`'s parser: one choice per optimizer of the library's registry, with its doc as
/// the choice's help, taken with dashes or as the library spells it.
fn optimizer_parser() -> impl TypedValueParser<Value = &'static Optimizer> {
    let choices = OPTIMIZERS.iter().map(|o| {
        let choice = PossibleValue::new(dashed(o.name)).help(o.doc);
        if dashed(o.name) == o.name {
            choice
        } else {
            choice.alias(o.name)
        }
    });
    PossibleValuesParser::new(choices).try_map(|name| optimizers::find(&name.replace('-', "_")))
}

/// Arguments of `evolve`: the run's choices, and how this session of it runs.
#[derive(Debug, Args)]
pub struct EvolveArgs {
    /// What the run learns and how: a new run's choices, refused with `--resume`.
    #[command(flatten)]
    choices: RunChoices,

    /// Run until this many generations in all have been played.
    #[arg(long, value_name = "N", default_value_t = 50, value_parser = parse_positive)]
    pub generations: u64,

    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    pub threads: Option<u64>,

    /// Save the whole run here after every generation.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,

    /// Write the best weights found here (JSON) after every generation.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Continue the run saved in this checkpoint (its configuration is used; it is also where
    /// the run is saved unless --checkpoint says otherwise).
    #[arg(long, value_name = "FILE", conflicts_with = "RunChoices")]
    resume: Option<PathBuf>,

    /// Print each generation's report as one JSON line (no progress bar).
    #[arg(long)]
    pub json: bool,
}

/// The choices of a new run, which a resumed run takes from its checkpoint: every flag here is
/// refused with `--resume` (clap's group of this struct).
#[derive(Debug, Args)]
struct RunChoices {
    /// The optimizer (for the GA, --ga chooses its configuration).
    #[arg(long, value_name = "OPTIMIZER", value_parser = optimizer_parser(),
        default_value = dashed(DEFAULT_OPTIMIZER.name))]
    optimizer: &'static Optimizer,

    /// The genetic algorithm's configuration preset (cs3243, csharp, python).
    #[arg(long, value_name = "NAME", default_value = "cs3243")]
    ga: String,

    /// The features to learn: a comma-separated list, or the name of a weight preset whose
    /// features are used (default: the GA preset's write-up's features for --optimizer ga, else
    /// du's).
    #[arg(long, value_name = "LIST")]
    features: Option<String>,

    /// Start from these weights: a weight preset's name or a JSON weights file. The run learns
    /// their features, starts at them (CMA-ES's and CEM's first mean, the climbers' first
    /// weights, one of the GA's first population) and draws initial weights from each ± --spread
    /// (CEM's initial standard deviation is the spread).
    #[arg(long, value_name = "PRESET|FILE", conflicts_with = "features")]
    start: Option<String>,

    /// The half-width of each initial range around a --start weight.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1.0,
        requires = "start",
        allow_negative_numbers = true
    )]
    spread: f64,

    /// The optimizer's full settings as JSON (for the GA: population, survivors, selection,
    /// crossover, mutation; see docs/learning.md), replacing the preset or defaults.
    #[arg(long, value_name = "FILE")]
    settings: Option<PathBuf>,

    /// Individuals per generation (default: the optimizer's own).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    population: Option<u64>,

    /// Training board size as WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH", default_value = "10x10", value_parser = parse_board)]
    board: (usize, usize),

    /// Training rules: classic or guideline.
    #[arg(long, value_name = "RULES", default_value = "classic", value_parser = parse_named::<RuleSet>)]
    rules: RuleSet,

    // Where the training games' pieces come from.
    #[arg(long, value_name = "NAME", value_parser = parse_named::<RandomizerKind>,
          help = randomizer_help("the training games' pieces"))]
    randomizer: Option<RandomizerKind>,

    /// Games per individual (K).
    #[arg(long, value_name = "K", default_value_t = 10, value_parser = parse_positive)]
    games: u64,

    /// Stop each training game after this many pieces.
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    max_pieces: Option<u64>,

    /// Search depth of the players in the training games and matches: 1 to 4 (deeper plays
    /// better and costs more).
    #[arg(long, value_name = "DEPTH", default_value_t = 1)]
    depth: u8,

    /// Search by a beam this many nodes wide through every known piece (the current one, the
    /// preview and hold), then weigh the piece after them by what the randomizer has left,
    /// instead of by plies, in the training games and matches: 1 to 65536.
    #[arg(long, value_name = "WIDTH")]
    preview_beam: Option<u32>,

    /// Let every individual play its own games instead of the generation's common ones.
    #[arg(long)]
    no_common_seeds: bool,

    /// Score each individual by survival, for boards whose games are too long to play out: each
    /// of its K games is a splitting replicate (as `tetris-ai survival` makes them, with the
    /// default base and levels), and its fitness is the estimated mean lines of uncapped games.
    #[arg(long, conflicts_with = "max_pieces")]
    survival: bool,

    /// Pieces of each survival replicate's long run.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_RUN_PIECES,
          value_parser = parse_positive, requires = "survival")]
    run_pieces: u64,

    /// Branches from each level in each survival replicate.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_TRIALS,
          value_parser = parse_positive, requires = "survival")]
    trials: u64,

    /// Score each individual by matches, for versus: each of its K games is a match against
    /// these opponents in turn (presets or weights files; repeat the option for a pool), 100
    /// points a win, 50 a draw, 0 a loss, a match still going at --max-pieces judged on the rows
    /// each sent; its fitness is its mean points.
    #[arg(long, value_name = "OPPONENT", conflicts_with = "survival")]
    versus: Vec<String>,

    /// The matches' versus rules: ppt or tetrio.
    #[arg(long, value_name = "RULES", default_value = "ppt", value_parser = parse_named::<VersusPreset>,
          requires = "versus")]
    versus_rules: VersusPreset,

    /// How the matches keep time: lockstep, or ppt (each side on a clock of battletris's -c ppt
    /// frames, where a clear's pause costs the time of pieces).
    #[arg(long, value_name = "PACE", default_value = "lockstep", value_parser = parse_named::<Pace>,
          requires = "versus")]
    versus_pace: Pace,

    /// The run's seed.
    #[arg(long, value_name = "SEED", default_value_t = 0)]
    seed: u64,

    /// Validate this many of each generation's best genomes on the run's fixed validation
    /// games (0: no validation; the best weights are then the best training score's).
    #[arg(long, value_name = "N", default_value_t = 3)]
    validate_top: u64,

    /// Validation games per validated genome.
    #[arg(long, value_name = "N", default_value_t = 30, value_parser = parse_positive)]
    validate_games: u64,

    /// Play each new validated best on this many games of a report set held out from every
    /// choice, and report its mean there (0: no report set).
    #[arg(long, value_name = "N", default_value_t = 0)]
    report_games: u64,

    /// Before the optimizer hears a generation's fitness, let this many of its best genomes
    /// play more games on fresh seeds, and tell the fitness of all their games (0: off).
    #[arg(long, value_name = "N", default_value_t = 0)]
    reevaluate_top: u64,

    /// The extra games each re-evaluated genome plays.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = parse_positive)]
    reevaluate_games: u64,

    /// Let the games per individual grow by half, up to this many, after each generation whose
    /// genomes differ by less than their noise.
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    grow_games_to: Option<u64>,
}

/// A number of the command line as a count of this machine.
fn count(value: u64, flag: &str) -> Result<usize, String> {
    usize::try_from(value).map_err(|_| format!("{flag} {value} is too large for this machine"))
}

impl EvolveArgs {
    /// The run's choices from the options.
    pub fn options(&self) -> Result<RunOptions, String> {
        self.choices.options()
    }

    /// The run's configuration from the options.
    pub fn config(&self) -> Result<EvolutionConfig, String> {
        self.options()?.config().map_err(|e| e.to_string())
    }

    /// The run to continue: the checkpoint of `--resume`, else a new run of the options.
    pub fn start(&self) -> Result<Evolution, String> {
        match &self.resume {
            Some(path) => Evolution::load(path).map_err(|e| e.to_string()),
            None => Evolution::new(self.config()?).map_err(|e| e.to_string()),
        }
    }

    /// Where the run is saved after every generation: `--checkpoint`, else the checkpoint it
    /// resumed.
    pub fn checkpoint_path(&self) -> Option<&Path> {
        self.checkpoint.as_deref().or(self.resume.as_deref())
    }
}

impl RunChoices {
    /// The pool of `--versus`, under `--versus-rules`; none without `--versus`.
    fn versus_fitness(&self) -> Result<Option<VersusFitness>, String> {
        if self.versus.is_empty() {
            return Ok(None);
        }
        let opponents = self
            .versus
            .iter()
            .map(|text| {
                Ok(Opponent {
                    name: text.clone(),
                    weights: named_weights("--versus", text)?,
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(Some(VersusFitness {
            opponents,
            rules: self.versus_rules,
            pace: self.versus_pace,
        }))
    }

    /// The run's choices as the library takes them; the error names the bad flag.
    fn options(&self) -> Result<RunOptions, String> {
        let optimizer = self.optimizer;
        let settings = match &self.settings {
            Some(path) => Some(settings(path, optimizer)?),
            None => None,
        };
        Ok(RunOptions {
            optimizer: optimizer.name.to_string(),
            ga: self.ga.clone(),
            features: self.features.clone().map(Features::Named),
            start: self
                .start
                .as_deref()
                .map(|text| named_weights("--start", text))
                .transpose()?,
            spread: self.spread,
            settings,
            population: self
                .population
                .map(|n| count(n, "--population"))
                .transpose()?,
            width: self.board.0,
            height: self.board.1,
            rules: self.rules,
            randomizer: self.randomizer,
            games: count(self.games, "--games")?,
            max_pieces: self.max_pieces,
            depth: self.depth,
            preview_beam: self.preview_beam,
            common_seeds: !self.no_common_seeds,
            survival: self.survival.then_some(SurvivalEffort {
                run_pieces: self.run_pieces,
                trials: self.trials,
            }),
            versus: self.versus_fitness()?,
            seed: self.seed,
            validation: ValidationConfig {
                top: count(self.validate_top, "--validate-top")?,
                games: count(self.validate_games, "--validate-games")?,
                report_games: count(self.report_games, "--report-games")?,
            },
            noise: NoiseConfig {
                reevaluate_top: count(self.reevaluate_top, "--reevaluate-top")?,
                reevaluate_games: count(self.reevaluate_games, "--reevaluate-games")?,
                grow_games_to: self
                    .grow_games_to
                    .map(|n| count(n, "--grow-games-to"))
                    .transpose()?,
            },
        })
    }
}

/// The weights option `flag` names by `text`: a preset's, else a JSON weights file's; the error
/// names the option and the value.
fn named_weights(flag: &str, text: &str) -> Result<Weights, String> {
    if let Ok(preset) = presets::find(text) {
        return Ok(preset.weights());
    }
    let json = std::fs::read_to_string(text).map_err(|e| {
        format!(
            "{flag} \"{text}\" is neither a weight preset ({}) nor a readable weights file: {e}",
            presets::names().join(", ")
        )
    })?;
    Weights::from_json(&json).map_err(|e| format!("{flag} file \"{text}\": {e}"))
}

/// The JSON settings file at `path`, checked as `optimizer`'s settings; the error names the file.
fn settings(path: &Path, optimizer: &Optimizer) -> Result<serde_json::Value, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read settings file {}: {e}", path.display()))?;
    let bad = |e: String| format!("settings file {}: {e}", path.display());
    let value = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    optimizer.settings(&value).map_err(|e| bad(e.to_string()))?;
    Ok(value)
}

/// One line of a generation's report, as `evolve` prints it: JSON with `json` (all of it, on one
/// line), else a line of text.
pub fn report_line(report: &Report, json: bool) -> Result<String, String> {
    if json {
        serde_json::to_string(report).map_err(|e| e.to_string())
    } else {
        Ok(text_line(report))
    }
}

/// A generation's report as a line of text.
fn text_line(report: &Report) -> String {
    let validated = match (report.validated_best, report.validated_best_ever) {
        (Some(best), Some(ever)) => {
            format!("  validated {best:>10.1}  validated best {ever:>10.1}")
        }
        _ => String::new(),
    };
    let reported = report
        .reported
        .map_or(String::new(), |r| format!("  reported {r:>10.1}"));
    format!(
        "generation {:>4}: {:>4} games each  best {:>10.1}  mean {:>10.1}  median {:>10.1}  best ever {:>10.1}{validated}{reported}  games {:>9}  {:>8.1} s",
        report.generation,
        report.games_per_individual,
        report.best,
        report.mean,
        report.median,
        report.best_ever,
        report.games_played,
        report.elapsed_seconds
    )
}

/// The lines `evolve` writes before a run in text mode: what it learns, on what, and how it
/// validates, reports and handles noise.
pub fn intro_lines(config: &EvolutionConfig) -> Vec<String> {
    let mut lines = vec![format!(
        "{} on {}, {}x{} board, {} games per individual, features {}",
        config.optimizer.name(),
        config.fitness.rules.description(),
        config.fitness.width,
        config.fitness.height,
        config.fitness.games,
        config.features.join(", ")
    )];
    if let Some(width) = config.fitness.preview_beam {
        lines.push(format!(
            "the players searching by a beam {width} wide through every known piece"
        ));
    } else if config.fitness.depth > 1 {
        lines.push(format!(
            "the players searching {} pieces ahead",
            config.fitness.depth
        ));
    }
    if let Some(effort) = config.fitness.survival {
        lines.push(format!(
            "scoring by survival: each game a splitting replicate of a {}-piece run and {} \
             branches per level, the fitness their estimate of uncapped games' mean lines",
            effort.run_pieces, effort.trials
        ));
    }
    if let Some(versus) = &config.fitness.versus {
        let names: Vec<&str> = versus.opponents.iter().map(|o| o.name.as_str()).collect();
        lines.push(format!(
            "scoring by matches under {} rules at {} pace against {} in turn: 100 points a win, \
             50 a draw, 0 a loss, a match still going at {} pieces judged on the rows each sent",
            versus.rules.name(),
            versus.pace.name(),
            names.join(", "),
            config.fitness.max_pieces.unwrap_or(DEFAULT_MAX_PIECES)
        ));
    }
    if config.start.is_some() {
        lines.push("starting from the given weights".to_string());
    }
    let validation = config.validation;
    if validation.is_on() {
        lines.push(format!(
            "validating each generation's best {} on {} fixed games each",
            validation.top, validation.games
        ));
    }
    if validation.reports() {
        lines.push(format!(
            "reporting each new validated best on {} held-out games",
            validation.report_games
        ));
    }
    let noise = config.noise;
    if noise.reevaluate_top > 0 {
        lines.push(format!(
            "re-evaluating each generation's best {} on {} more games each before the optimizer \
             ranks them",
            noise.reevaluate_top, noise.reevaluate_games
        ));
    }
    if let Some(most) = noise.grow_games_to {
        lines.push(format!(
            "growing the games per individual up to {most} as the genomes come within their noise"
        ));
    }
    lines
}

/// What `evolve` writes after a run in text mode: the best weights with their fitness
/// (validated, and on the held-out games when the run reports), if the run has any.
pub fn closing_text(run: &Evolution) -> Option<String> {
    let (weights, fitness) = run.best()?;
    let config = run.config();
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
    Some(format!(
        "best weights ({kind} {fitness:.1}{reported}):\n{}",
        weights.to_json()
    ))
}

/// Saves the run and the best weights where asked, each atomically.
pub fn save(run: &Evolution, checkpoint: Option<&Path>, out: Option<&Path>) -> Result<(), String> {
    if let Some(path) = checkpoint {
        run.save(path).map_err(|e| e.to_string())?;
    }
    if let (Some(path), Some((weights, _))) = (out, run.best()) {
        write_atomically(path, weights.to_json().as_bytes()).map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, Parser};

    /// A command of the options alone.
    #[derive(Debug, Parser)]
    struct Evolve {
        #[command(flatten)]
        args: EvolveArgs,
    }

    fn parse(extra: &[&str]) -> Result<Evolve, clap::Error> {
        Evolve::try_parse_from(["evolve"].iter().chain(extra))
    }

    fn args(extra: &[&str]) -> EvolveArgs {
        parse(extra).unwrap().args
    }

    #[test]
    fn the_defaults_are_the_librarys() {
        assert_eq!(args(&[]).options().unwrap(), RunOptions::default());
    }

    #[test]
    fn every_optimizer_makes_a_valid_run() {
        for optimizer in ["ga", "cem", "cmaes", "hill-climb", "anneal"] {
            let config = args(&["--optimizer", optimizer]).config().unwrap();
            assert!(Evolution::new(config).is_ok(), "{optimizer}");
        }
        for optimizer in OPTIMIZERS {
            let config = args(&["--optimizer", optimizer.name]).config().unwrap();
            assert_eq!(config.optimizer.name(), optimizer.name);
        }
        let python = args(&["--optimizer", "ga", "--ga", "python"])
            .config()
            .unwrap();
        assert_eq!(python.features.len(), 7);
        let error = args(&["--features", "holes,wells"]).config().unwrap_err();
        assert!(error.contains("\"wells\""), "{error}");
    }

    #[test]
    fn the_optimizer_choices_are_the_registrys() {
        let command = Evolve::command();
        let flag = command
            .get_arguments()
            .find(|a| a.get_id() == "optimizer")
            .unwrap();
        let choices: Vec<(String, String)> = flag
            .get_possible_values()
            .iter()
            .map(|v| (v.get_name().to_string(), v.get_help().unwrap().to_string()))
            .collect();
        assert_eq!(
            choices,
            [
                ("ga", "A genetic algorithm, as its GA preset configures it"),
                ("cem", "The noisy cross-entropy method"),
                ("cmaes", "CMA-ES, covariance matrix adaptation"),
                ("hill-climb", "The perturbation hill-climber"),
                ("anneal", "Simulated annealing"),
            ]
            .map(|(name, help)| (name.to_string(), help.to_string()))
        );
        let error = parse(&["--optimizer", "pso"]).unwrap_err().to_string();
        assert!(error.contains("'pso'"), "{error}");
        assert!(
            error.contains("ga, cem, cmaes, hill-climb, anneal"),
            "{error}"
        );
    }

    #[test]
    fn validation_flags_set_the_validation() {
        let config = args(&["--validate-top", "5", "--validate-games", "7"])
            .config()
            .unwrap();
        assert_eq!(
            config.validation,
            ValidationConfig {
                top: 5,
                games: 7,
                report_games: 0
            }
        );
        let off = args(&["--validate-top", "0"]).config().unwrap();
        assert!(!off.validation.is_on());
        assert!(parse(&["--validate-games", "0"]).is_err());
    }

    #[test]
    fn versus_flags_score_by_matches_against_a_pool() {
        let config = args(&[
            "--rules",
            "guideline",
            "--versus",
            "dt10",
            "--versus",
            "dellacherie",
            "--versus-rules",
            "tetrio",
            "--max-pieces",
            "300",
        ])
        .config()
        .unwrap();
        let versus = config.fitness.versus.as_ref().unwrap();
        let names: Vec<&str> = versus.opponents.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["dt10", "dellacherie"]);
        assert_eq!(
            versus.opponents[1].weights,
            presets::find("dellacherie").unwrap().weights()
        );
        assert_eq!(versus.rules, VersusPreset::Tetrio);
        let intro = intro_lines(&config).join("\n");
        assert!(
            intro.contains("tetrio rules at lockstep pace against dt10, dellacherie in turn")
                && intro.contains("at 300 pieces"),
            "{intro}"
        );
        assert_eq!(args(&[]).config().unwrap().fitness.versus, None);
        // The players search as deep as asked, opponents too; past 4 is refused by name.
        let deeper = args(&["--versus", "dt10", "--depth", "2"])
            .config()
            .unwrap();
        assert_eq!(deeper.fitness.depth, 2);
        assert!(intro_lines(&deeper).contains(&"the players searching 2 pieces ahead".into()));
        let error = args(&["--depth", "5"]).config().unwrap_err();
        assert!(error.contains("search depth 5"), "{error}");
        // On the referee's clock, searching by a beam through the preview.
        let paced = args(&[
            "--versus",
            "dt10",
            "--versus-pace",
            "ppt",
            "--preview-beam",
            "16",
        ])
        .config()
        .unwrap();
        assert_eq!(paced.fitness.versus.as_ref().unwrap().pace, Pace::Ppt);
        assert_eq!(paced.fitness.preview_beam, Some(16));
        let intro = intro_lines(&paced).join("\n");
        assert!(
            intro.contains("at ppt pace")
                && intro.contains("searching by a beam 16 wide through every known piece"),
            "{intro}"
        );
        let error = args(&["--preview-beam", "0"]).config().unwrap_err();
        assert!(error.contains("preview beam 0"), "{error}");
        for refused in [
            &["--versus-rules", "ppt"][..],
            &["--versus", "dt10", "--survival"],
            &["--versus", "dt10", "--versus-rules", "nes"],
            &["--versus", "dt10", "--versus-pace", "fast"],
            &["--versus-pace", "ppt"],
            &["--resume", "run.json", "--versus", "dt10"],
        ] {
            assert!(parse(refused).is_err(), "{refused:?}");
        }
        let error = args(&["--versus", "nobody.json"]).config().unwrap_err();
        assert!(
            error.starts_with("--versus \"nobody.json\" is neither a weight preset"),
            "{error}"
        );
    }

    #[test]
    fn survival_flags_score_by_splitting_and_refuse_a_cap() {
        let config = args(&["--board", "10x20", "--survival", "--trials", "300"])
            .config()
            .unwrap();
        assert_eq!(
            config.fitness.survival,
            Some(SurvivalEffort {
                run_pieces: DEFAULT_RUN_PIECES,
                trials: 300
            })
        );
        assert!(intro_lines(&config)[1].contains("1000000-piece run and 300 branches"));
        assert_eq!(args(&[]).config().unwrap().fitness.survival, None);
        for refused in [
            &["--trials", "300"][..],
            &["--run-pieces", "300"],
            &["--survival", "--max-pieces", "300"],
            &["--survival", "--run-pieces", "0"],
            &["--resume", "run.json", "--survival"],
        ] {
            assert!(parse(refused).is_err(), "{refused:?}");
        }
        let error = args(&["--survival", "--run-pieces", "20000000"])
            .config()
            .unwrap_err();
        assert!(error.contains("run pieces 20000000"), "{error}");
    }

    #[test]
    fn start_takes_a_preset_or_a_weights_file() {
        let dt10 = args(&["--start", "dt10", "--spread", "0.5"])
            .options()
            .unwrap();
        assert_eq!(dt10.start, Some(presets::find("dt10").unwrap().weights()));
        assert_eq!(dt10.spread, 0.5);
        let directory = std::env::temp_dir().join(format!("start-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let file = |name: &str, json: &str| {
            let path = directory.join(name);
            std::fs::write(&path, json).unwrap();
            path.to_str().unwrap().to_string()
        };
        let plain = file(
            "plain.json",
            r#"{"holes": -1.5, "max_height": {"weight": 2}}"#,
        );
        let from_file = args(&["--start", &plain]).options().unwrap();
        let expected = Weights::new([("holes", -1.5, None), ("max_height", 2.0, None)]);
        assert_eq!(from_file.start, Some(expected.unwrap()));
        let raised = file("raised.json", r#"{"holes": {"weight": -1, "exponent": 2}}"#);
        let error = args(&["--start", &raised]).config().unwrap_err();
        assert!(
            error.contains("\"holes\"") && error.contains("exponent 2"),
            "{error}"
        );
        let bad = file("bad.json", r#"{"holes": "many"}"#);
        let error = args(&["--start", &bad]).options().unwrap_err();
        assert!(
            error.contains("bad.json") && error.contains("\"many\""),
            "{error}"
        );
        let error = args(&["--start", "nosuch"]).options().unwrap_err();
        assert!(
            error.contains("\"nosuch\"") && error.contains("dt10"),
            "{error}"
        );
        std::fs::remove_dir_all(directory).unwrap();
        assert!(parse(&["--start", "dt10", "--features", "du"]).is_err());
        assert!(parse(&["--spread", "2"]).is_err());
        assert!(parse(&["--resume", "run.json", "--start", "dt10"]).is_err());
    }

    #[test]
    fn the_intro_says_what_the_run_learns_and_how() {
        let config = args(&[
            "--optimizer",
            "cmaes",
            "--start",
            "dt10",
            "--validate-top",
            "1",
            "--report-games",
            "50",
            "--reevaluate-top",
            "2",
            "--grow-games-to",
            "40",
        ])
        .config()
        .unwrap();
        assert_eq!(
            intro_lines(&config),
            [
                "cmaes on classic rules, 10x10 board, 10 games per individual, features \
                 landing_height, eroded_piece_cells, row_transitions, column_transitions, holes, \
                 cumulative_wells, hole_depth, rows_with_holes, pattern_diversity",
                "starting from the given weights",
                "validating each generation's best 1 on 30 fixed games each",
                "reporting each new validated best on 50 held-out games",
                "re-evaluating each generation's best 2 on 10 more games each before the \
                 optimizer ranks them",
                "growing the games per individual up to 40 as the genomes come within their noise",
            ]
        );
        let plain = args(&["--validate-top", "0"]).config().unwrap();
        assert_eq!(intro_lines(&plain).len(), 1);
        let harder = args(&["--board", "10x20", "--randomizer", "sz_heavy"])
            .config()
            .unwrap();
        assert!(
            intro_lines(&harder)[0]
                .starts_with("cem on classic rules (sz_heavy randomizer), 10x20 board, 10 games"),
            "{:?}",
            intro_lines(&harder)
        );
        assert_eq!(closing_text(&Evolution::new(plain).unwrap()), None);
    }

    #[test]
    fn resume_takes_its_configuration_from_the_checkpoint() {
        let mut command = Evolve::command();
        command.build();
        let resume = command
            .get_arguments()
            .find(|a| a.get_id() == "resume")
            .unwrap();
        let refused: Vec<&str> = command
            .get_arg_conflicts_with(resume)
            .iter()
            .map(|a| a.get_id().as_str())
            .collect();
        let session = [
            "generations",
            "threads",
            "checkpoint",
            "out",
            "resume",
            "json",
            "help",
        ];
        for argument in command.get_arguments() {
            let id = argument.get_id().as_str();
            assert_eq!(refused.contains(&id), !session.contains(&id), "--{id}");
        }
        for flags in [
            &["--generations", "9"][..],
            &["--threads", "1"],
            &["--json"],
        ] {
            assert!(parse(&[&["--resume", "run.json"], flags].concat()).is_ok());
        }
        assert!(parse(&["--resume", "run.json", "--board", "6x6"]).is_err());
        assert!(parse(&["--resume", "run.json", "--optimizer", "ga"]).is_err());
        assert!(parse(&["--resume", "run.json", "--validate-top", "1"]).is_err());
        assert!(parse(&["--resume", "run.json", "--randomizer", "bag"]).is_err());
    }

    #[test]
    fn randomizer_sets_the_training_games_pieces() {
        let rules = |extra: &[&str]| args(extra).config().unwrap().fitness.rules;
        assert_eq!(rules(&[]).randomizer, None);
        assert_eq!(rules(&[]).randomizer(), RandomizerKind::Uniform);
        let harder = rules(&["--randomizer", "sz_heavy"]);
        assert_eq!(harder.randomizer(), RandomizerKind::SzHeavy);
        let guideline_uniform = rules(&["--rules", "guideline", "--randomizer", "uniform"]);
        assert_eq!(guideline_uniform.randomizer(), RandomizerKind::Uniform);
        let error = parse(&["--randomizer", "sz"]).err().unwrap().to_string();
        assert!(error.contains("\"sz\""), "{error}");
    }
}
