//! Setting up a run from a few choices, as the command line and the page offer them: which
//! optimizer, which GA preset, which features, the board, the games. [`RunOptions::config`]
//! turns them into a full [`EvolutionConfig`], filling in what is not chosen from the
//! [optimizer registry](crate::optimizers): the optimizer's default features, settings
//! and initial ranges (the GA's from its preset's write-up).

use crate::above_zero;
use crate::evolution::EvolutionConfig;
use crate::fitness::{FitnessConfig, SurvivalEffort};
use crate::ga;
use crate::learner::{PopulationSizes, RunShape};
use crate::matches::VersusFitness;
use crate::noise::NoiseConfig;
use crate::optimizers::{self, DEFAULT_OPTIMIZER, OPTIMIZERS, Start};
use crate::validation::ValidationConfig;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use tetris_ai_core::ai::presets;
use tetris_ai_core::ai::weights::Weights;
use tetris_ai_core::engine::rules::{RandomizerKind, RuleSet, Rules};
use tetris_ai_core::error::{Error, Result};

/// Which features a run learns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum Features {
    /// Feature names, in genome order.
    List(
        #[cfg_attr(
            feature = "typescript",
            ts(as = "Vec<tetris_ai_core::ai::features::FeatureName>")
        )]
        Vec<String>,
    ),
    /// A weight preset's name (its features are learned), or comma-separated feature names.
    Named(String),
}

impl Features {
    /// The feature names this choice stands for.
    pub fn names(&self) -> Vec<String> {
        match self {
            Features::List(names) => names.clone(),
            Features::Named(text) => match presets::find(text) {
                Ok(preset) => preset.terms.iter().map(|t| t.0.to_string()).collect(),
                Err(_) => text
                    .split(',')
                    .map(|name| name.trim().to_string())
                    .filter(|name| !name.is_empty())
                    .collect(),
            },
        }
    }
}

/// The choices that set up a run; every field may be left out for its default (the command
/// line's).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct RunOptions {
    /// The optimizer, by its name in the [registry](crate::optimizers); default `cem`.
    #[cfg_attr(feature = "typescript", ts(as = "crate::optimizers::OptimizerName"))]
    pub optimizer: String,
    /// The genetic algorithm's preset, one of [`ga::preset_names`]; default `cs3243`. Used
    /// with the `ga` optimizer only.
    pub ga: String,
    /// The features to learn; default: the GA preset's write-up's for `ga`, else `du`'s.
    pub features: Option<Features>,
    /// The optimizer's full settings (the object a checkpoint's optimizer `settings` holds),
    /// replacing the preset or defaults; default none.
    #[cfg_attr(feature = "typescript", ts(type = "Record<string, unknown> | null"))]
    pub settings: Option<Value>,
    /// Individuals per generation (candidates per step for annealing; the hill-climber scores
    /// one and ignores it); default the optimizer's own.
    pub population: Option<usize>,
    /// Training board columns; default 10.
    pub width: usize,
    /// Training board rows; default 10.
    pub height: usize,
    /// Training rules; default classic.
    pub rules: RuleSet,
    /// Where the training games' pieces come from; default the rules' own.
    pub randomizer: Option<RandomizerKind>,
    /// Games per individual; default 10.
    pub games: usize,
    /// Pieces after which a training game stops; default none.
    pub max_pieces: Option<u64>,
    /// Search depth of the players in the training games and matches, 1 to 4; default 1.
    pub depth: u8,
    /// The width of the players' beam through every known piece, searched instead of plies;
    /// default none (plies).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub preview_beam: Option<u32>,
    /// Whether every individual of a generation plays the same games; default true.
    pub common_seeds: bool,
    /// Score by survival, each game a splitting replicate of this effort (for boards whose
    /// games are too long to play out); default none (whole games).
    pub survival: Option<SurvivalEffort>,
    /// Score by matches against a pool of opponents (for versus; see [`crate::matches`]);
    /// default none (games played alone).
    pub versus: Option<VersusFitness>,
    /// The run's seed; default 0.
    pub seed: u64,
    /// How each generation's best genomes are validated; default the top 3 on 30 games, no
    /// report set.
    pub validation: ValidationConfig,
    /// How the noise of the training games is handled; default not at all.
    pub noise: NoiseConfig,
    /// The weights the run starts from, written as weights are (exponents refused): the run
    /// learns their features in their order (so `features` must be left out), starts at them
    /// and draws each initial weight from the start weight ± `spread`; default none (the
    /// optimizer's own start, features and ranges).
    pub start: Option<Weights>,
    /// The half-width of each initial range around a start weight; default 1. Used with `start`
    /// only.
    pub spread: f64,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        let fitness = FitnessConfig::default();
        RunOptions {
            optimizer: DEFAULT_OPTIMIZER.name.into(),
            ga: "cs3243".into(),
            features: None,
            settings: None,
            population: None,
            width: fitness.width,
            height: fitness.height,
            rules: fitness.rules.kind,
            randomizer: fitness.rules.randomizer,
            games: fitness.games,
            max_pieces: fitness.max_pieces,
            depth: fitness.depth,
            preview_beam: fitness.preview_beam,
            common_seeds: fitness.common_seeds,
            survival: fitness.survival,
            versus: fitness.versus,
            seed: 0,
            validation: ValidationConfig::default(),
            noise: NoiseConfig::default(),
            start: None,
            spread: 1.0,
        }
    }
}

/// The choices a page offers, with their defaults.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Choices {
    /// Every option's default.
    pub defaults: RunOptions,
    /// The optimizers' names, in the registry's order.
    #[cfg_attr(
        feature = "typescript",
        ts(as = "Vec<crate::optimizers::OptimizerName>")
    )]
    pub optimizers: Vec<&'static str>,
    /// Each optimizer's population sizes, by name; `null` for one that ignores the population.
    /// A GA preset's tournament may need more than the GA's fewest.
    #[cfg_attr(
        feature = "typescript",
        ts(
            as = "std::collections::HashMap<crate::optimizers::OptimizerName, Option<PopulationSizes>>"
        )
    )]
    pub populations: BTreeMap<&'static str, Option<PopulationSizes>>,
    /// The GA presets' names.
    pub ga_presets: &'static [&'static str],
    /// The rule sets' names.
    #[cfg_attr(feature = "typescript", ts(as = "[RuleSet; 2]"))]
    pub rules: [&'static str; 2],
    /// The randomizers' names.
    #[cfg_attr(feature = "typescript", ts(as = "Vec<RandomizerKind>"))]
    pub randomizers: Vec<&'static str>,
    /// The effort of a survival replicate unless told otherwise (`survival` is off by default).
    pub survival_effort: SurvivalEffort,
}

/// The choices and their defaults.
pub fn choices() -> Choices {
    Choices {
        defaults: RunOptions::default(),
        optimizers: optimizers::names(),
        populations: OPTIMIZERS.iter().map(|o| (o.name, o.population)).collect(),
        ga_presets: ga::preset_names(),
        rules: [RuleSet::Classic.name(), RuleSet::Guideline.name()],
        randomizers: RandomizerKind::ALL.iter().map(|kind| kind.name()).collect(),
        survival_effort: SurvivalEffort::default(),
    }
}

impl RunOptions {
    /// The run these choices make, checked whole; the error names the bad value.
    pub fn config(&self) -> Result<EvolutionConfig> {
        let features = self.feature_names()?;
        let (optimizer, default_ranges) = self.optimizer_and_ranges(&features)?;
        let start = self.start_genome()?;
        let ranges = match &start {
            Some(start) => start
                .iter()
                .map(|w| (w - self.spread, w + self.spread))
                .collect(),
            None => default_ranges,
        };
        let config = EvolutionConfig {
            features,
            ranges,
            optimizer,
            fitness: FitnessConfig {
                width: self.width,
                height: self.height,
                rules: Rules {
                    randomizer: self.randomizer,
                    ..Rules::of(self.rules)
                },
                games: self.games,
                max_pieces: self.max_pieces,
                common_seeds: self.common_seeds,
                depth: self.depth,
                preview_beam: self.preview_beam,
                survival: self.survival,
                versus: self.versus.clone(),
            },
            seed: self.seed,
            validation: self.validation,
            noise: self.noise,
            start,
        };
        config.validate()?;
        Ok(config)
    }

    /// The features chosen, the start's, or the optimizer's default ones.
    fn feature_names(&self) -> Result<Vec<String>> {
        match (&self.features, &self.start) {
            (Some(_), Some(_)) => Err(Error::Config(
                "both features and start weights are given: a run learns its start's features, \
                 so give one or the other"
                    .into(),
            )),
            (Some(features), None) => Ok(features.names()),
            (None, Some(start)) => Ok(start.terms().iter().map(|t| t.name().into()).collect()),
            (None, None) => optimizers::find(&self.optimizer)?.default_features(&self.ga),
        }
    }

    /// The start's weights in genome order, with the spread checked, if a start is given; a
    /// weight raised to an exponent is refused, naming its feature.
    fn start_genome(&self) -> Result<Option<Vec<f64>>> {
        let Some(start) = &self.start else {
            return Ok(None);
        };
        above_zero("the spread around the start weights", self.spread)?;
        let genome = start
            .terms()
            .iter()
            .map(|term| match term.exponent {
                Some(e) if e != 1.0 => Err(Error::Config(format!(
                    "the start weights raise feature \"{}\" to the exponent {e}: a run learns \
                     weights alone",
                    term.name()
                ))),
                _ => Ok(term.weight),
            })
            .collect::<Result<_>>()?;
        Ok(Some(genome))
    }

    /// The optimizer's settings (its defaults, or the settings given) and the initial ranges of
    /// `features`.
    fn optimizer_and_ranges(&self, features: &[String]) -> Result<Start> {
        let optimizer = optimizers::find(&self.optimizer)?;
        let names: Vec<&str> = features.iter().map(String::as_str).collect();
        let shape = RunShape {
            features: &names,
            population: self.population,
            ga_preset: &self.ga,
            start_spread: self.start.as_ref().map(|_| self.spread),
        };
        let (defaults, ranges) = optimizer.defaults(&shape)?;
        let settings = match &self.settings {
            Some(settings) => optimizer.settings(settings)?,
            None => defaults,
        };
        Ok((settings, ranges))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cem::CemConfig;
    use crate::hill::HillConfig;
    use crate::optimizers::OptimizerConfig;

    fn config(json: &str) -> Result<EvolutionConfig> {
        serde_json::from_str::<RunOptions>(json).unwrap().config()
    }

    fn refused(json: &str, words: &[&str]) {
        let message = config(json).unwrap_err().to_string();
        for word in words {
            assert!(message.contains(word), "{json}: {message}");
        }
    }

    #[test]
    fn the_defaults_make_the_command_lines_run() {
        let config = config("{}").unwrap();
        assert_eq!(config.optimizer, OptimizerConfig::Cem(CemConfig::default()));
        assert_eq!(config.features, Features::Named("du".into()).names());
        assert_eq!(config.features.len(), 8);
        assert_eq!(config.ranges, vec![(-1.0, 1.0); 8]);
        assert_eq!(config.fitness, FitnessConfig::default());
        assert_eq!(
            config.validation,
            ValidationConfig {
                top: 3,
                games: 30,
                report_games: 0
            }
        );
        assert_eq!(config.seed, 0);
    }

    #[test]
    fn the_ga_takes_its_presets_features_and_ranges() {
        let cs3243 = config(r#"{"optimizer": "ga"}"#).unwrap();
        assert_eq!(cs3243.features, Features::Named("cs3243".into()).names());
        let rows = cs3243.features.iter().position(|f| f == "rows_cleared");
        assert_eq!(cs3243.ranges[rows.unwrap()], (0.0, 20.0));
        let csharp = config(r#"{"optimizer": "ga", "ga": "csharp", "population": 12}"#).unwrap();
        assert_eq!(csharp.features, Features::Named("takado8".into()).names());
        let OptimizerConfig::Ga(settings) = csharp.optimizer else {
            panic!("a GA");
        };
        assert_eq!((settings.population, settings.survivors), (12, 0.7));
        let python = config(r#"{"optimizer": "ga", "ga": "python"}"#).unwrap();
        assert_eq!(python.features.len(), 7);
        assert_eq!(python.ranges[0], (-1000.0, 1000.0));
    }

    #[test]
    fn features_are_a_list_a_preset_or_comma_separated_names() {
        let list = config(r#"{"features": ["holes", "max_height"]}"#).unwrap();
        assert_eq!(list.features, ["holes", "max_height"]);
        let text = config(r#"{"features": "holes, max_height,"}"#).unwrap();
        assert_eq!(text.features, list.features);
        let lee = config(r#"{"features": "lee"}"#).unwrap();
        assert_eq!(lee.features[0], "aggregate_height_before_clears");
    }

    #[test]
    fn settings_replace_the_optimizers_and_population_sets_its_size() {
        let anneal = config(r#"{"optimizer": "anneal", "population": 9}"#).unwrap();
        let OptimizerConfig::Anneal(settings) = anneal.optimizer else {
            panic!("annealing");
        };
        assert_eq!(settings.candidates, 9);
        let hill = config(r#"{"optimizer": "hill_climb", "settings": {"beta": 1}}"#).unwrap();
        let expected = HillConfig {
            beta: 1.0,
            ..HillConfig::default()
        };
        assert_eq!(hill.optimizer, OptimizerConfig::HillClimb(expected));
    }

    #[test]
    fn bad_choices_are_named() {
        refused(
            r#"{"optimizer": "pso"}"#,
            &["\"pso\"", "ga, cem, cmaes, hill_climb, anneal"],
        );
        refused(
            r#"{"optimizer": "ga", "ga": "lee"}"#,
            &["\"lee\"", "cs3243"],
        );
        refused(r#"{"features": ["holes", "wells"]}"#, &["\"wells\""]);
        refused(r#"{"features": []}"#, &["no features"]);
        refused(r#"{"optimizer": "ga", "population": 1}"#, &["population 1"]);
        refused(
            r#"{"optimizer": "cem", "settings": {"elites": 1}}"#,
            &["cem settings", "elites"],
        );
        refused(r#"{"width": 30}"#, &["width 30"]);
        refused(r#"{"games": 0}"#, &["games per individual is 0"]);
        refused(
            r#"{"validation": {"top": 1, "games": 0}}"#,
            &["validation games is 0"],
        );
        let unknown = serde_json::from_str::<RunOptions>(r#"{"board": "8x8"}"#).unwrap_err();
        assert!(unknown.to_string().contains("board"), "{unknown}");
        let rules = serde_json::from_str::<RunOptions>(r#"{"rules": "tengen"}"#).unwrap_err();
        assert!(rules.to_string().contains("tengen"), "{rules}");
    }

    #[test]
    fn choices_list_the_names_and_the_defaults() {
        let choices = choices();
        assert_eq!(choices.defaults, RunOptions::default());
        assert_eq!(
            choices.optimizers,
            ["ga", "cem", "cmaes", "hill_climb", "anneal"]
        );
        assert_eq!(choices.ga_presets, ["cs3243", "csharp", "python"]);
        assert_eq!(choices.rules, ["classic", "guideline"]);
        assert_eq!(choices.randomizers, ["uniform", "bag", "sz_heavy"]);
        assert_eq!(choices.defaults.survival, None);
        assert_eq!(
            choices.survival_effort,
            SurvivalEffort {
                run_pieces: 1_000_000,
                trials: 2_000
            }
        );
        for &optimizer in &choices.optimizers {
            let options = RunOptions {
                optimizer: optimizer.into(),
                ..RunOptions::default()
            };
            assert!(options.config().is_ok(), "{optimizer}");
        }
        assert_eq!(
            choices.populations.keys().collect::<Vec<_>>(),
            ["anneal", "cem", "cmaes", "ga", "hill_climb"]
                .iter()
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn each_optimizer_takes_the_population_sizes_it_lists() {
        // The python preset's roulette takes any population; cs3243's tournament of 8 needs 8.
        let with = |optimizer: &str, population| {
            RunOptions {
                optimizer: optimizer.into(),
                ga: "python".into(),
                population: Some(population),
                ..RunOptions::default()
            }
            .config()
        };
        for (optimizer, sizes) in choices().populations {
            let Some(sizes) = sizes else {
                // It scores one genome a generation, whatever the population.
                assert_eq!(with(optimizer, 1).unwrap(), with(optimizer, 50).unwrap());
                continue;
            };
            assert!(with(optimizer, sizes.min).is_ok(), "{optimizer}");
            let too_few = sizes.min - 1;
            let error = with(optimizer, too_few).unwrap_err().to_string();
            assert!(
                error.contains(&format!(" {too_few} is out of range")),
                "{error}"
            );
            if let Some(max) = sizes.max {
                assert!(with(optimizer, max).is_ok(), "{optimizer}");
                let error = with(optimizer, max + 1).unwrap_err().to_string();
                assert!(error.contains(&format!(" {} is out", max + 1)), "{error}");
            }
        }
    }
}
