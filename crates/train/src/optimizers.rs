//! The optimizer registry: every optimizer a run can use, one entry each, with its name, what it
//! is, the population sizes it takes, the features it learns when none are chosen, its default
//! settings, and how its settings are read. Runs, checkpoints, the command line's `--optimizer`,
//! the page's choices (through [`setup::choices`](crate::setup::choices)) and the
//! TypeScript declarations all read this table; a new optimizer is an entry here and a variant
//! of [`OptimizerConfig`] and of the run's learner state, which serde names as the entry does (a
//! test checks that).

use crate::anneal::{self, AnnealConfig};
use crate::cem::{self, CemConfig};
use crate::cmaes::{self, CmaesConfig};
use crate::evolution::OptimizerConfig;
use crate::ga;
use crate::hill::HillConfig;
use serde::Serialize;
use serde_json::Value;
use tetris_ai_core::ai::presets;
use tetris_ai_core::engine::ts_name_union;
use tetris_ai_core::error::{Error, Result};

/// What an optimizer's defaults depend on: the features a run learns, the population asked
/// for, and the GA preset chosen (read by the GA only).
#[derive(Clone, Copy, Debug)]
pub struct RunShape<'a> {
    /// The features learned, in genome order.
    pub features: &'a [&'a str],
    /// Individuals per generation, or `None` for the optimizer's own.
    pub population: Option<usize>,
    /// The GA preset's name.
    pub ga_preset: &'a str,
    /// The spread around the start weights, when the run starts from given weights: the
    /// cross-entropy method's initial standard deviation.
    pub start_spread: Option<f64>,
}

/// An optimizer's settings for a run, with the range each feature's initial weight is drawn
/// from.
pub type Start = (OptimizerConfig, Vec<(f64, f64)>);

/// The population sizes an optimizer takes, from `min` to `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PopulationSizes {
    /// The fewest individuals per generation.
    pub min: usize,
    /// The most, if there is a limit.
    pub max: Option<usize>,
}

/// One registered optimizer.
#[derive(Debug)]
pub struct Optimizer {
    /// The name runs, checkpoints, the command line and the page call it by.
    pub name: &'static str,
    /// What it is, in one line.
    pub doc: &'static str,
    /// The population sizes it takes, or `None` if it scores one genome a generation and
    /// ignores the population asked for.
    pub population: Option<PopulationSizes>,
    /// The features a run learns when none are chosen, from the GA preset's name.
    default_features: fn(ga_preset: &str) -> Result<Vec<String>>,
    /// Its default settings for a run, with the initial range of each feature's weight.
    defaults: fn(&RunShape) -> Result<Start>,
    /// Settings as JSON (the object a checkpoint's `optimizer.settings` holds) read as its own.
    read: fn(Value) -> serde_json::Result<OptimizerConfig>,
}

impl Optimizer {
    /// The features a run learns when none are chosen (the GA preset's write-up's for the GA).
    pub fn default_features(&self, ga_preset: &str) -> Result<Vec<String>> {
        (self.default_features)(ga_preset)
    }

    /// Its default settings for a run of this shape, with each feature's initial weight range.
    pub fn defaults(&self, shape: &RunShape) -> Result<Start> {
        (self.defaults)(shape)
    }

    /// `settings` read as this optimizer's settings; the error names the optimizer and the
    /// problem.
    pub fn settings(&self, settings: &Value) -> Result<OptimizerConfig> {
        (self.read)(settings.clone())
            .map_err(|e| Error::Config(format!("{} settings: {e}", self.name)))
    }
}

/// The range every initial weight is drawn from for the optimizers other than the GA (whose
/// presets bring their own).
const INITIAL_RANGE: (f64, f64) = (-1.0, 1.0);

/// The weight preset whose features are learned when none are chosen, except with the GA.
const DEFAULT_FEATURES: &str = "du";

/// The features of [`DEFAULT_FEATURES`].
fn preset_features(_ga_preset: &str) -> Result<Vec<String>> {
    let preset = presets::find(DEFAULT_FEATURES)?;
    Ok(preset.terms.iter().map(|t| t.0.to_string()).collect())
}

/// [`INITIAL_RANGE`] for each feature of `shape`.
fn uniform(shape: &RunShape) -> Vec<(f64, f64)> {
    vec![INITIAL_RANGE; shape.features.len()]
}

/// A genetic algorithm.
pub static GA: Optimizer = Optimizer {
    name: "ga",
    doc: "A genetic algorithm, as its GA preset configures it",
    population: Some(PopulationSizes {
        min: ga::MIN_POPULATION,
        max: Some(ga::MAX_POPULATION),
    }),
    default_features: ga::preset_features,
    defaults: |shape| {
        let (mut config, ranges) = ga::preset(shape.ga_preset, shape.features)?;
        config.population = shape.population.unwrap_or(config.population);
        Ok((OptimizerConfig::Ga(config), ranges))
    },
    read: |settings| serde_json::from_value(settings).map(OptimizerConfig::Ga),
};

/// The noisy cross-entropy method.
pub static CEM: Optimizer = Optimizer {
    name: "cem",
    doc: "The noisy cross-entropy method",
    population: Some(PopulationSizes {
        min: cem::MIN_POPULATION,
        max: None,
    }),
    default_features: preset_features,
    defaults: |shape| {
        let mut config = CemConfig::default();
        config.population = shape.population.unwrap_or(config.population);
        config.initial_std = shape.start_spread.unwrap_or(config.initial_std);
        Ok((OptimizerConfig::Cem(config), uniform(shape)))
    },
    read: |settings| serde_json::from_value(settings).map(OptimizerConfig::Cem),
};

/// CMA-ES, whose population defaults to the tutorial's for the number of features.
pub static CMAES: Optimizer = Optimizer {
    name: "cmaes",
    doc: "CMA-ES, covariance matrix adaptation",
    population: Some(PopulationSizes {
        min: cmaes::MIN_POPULATION,
        max: None,
    }),
    default_features: preset_features,
    defaults: |shape| {
        let mut config = CmaesConfig::default();
        let tutorials = config.population_for(shape.features.len());
        config.population = Some(shape.population.unwrap_or(tutorials));
        Ok((OptimizerConfig::Cmaes(config), uniform(shape)))
    },
    read: |settings| serde_json::from_value(settings).map(OptimizerConfig::Cmaes),
};

/// The perturbation hill-climber (which scores one genome a generation, whatever the
/// population).
pub static HILL_CLIMB: Optimizer = Optimizer {
    name: "hill_climb",
    doc: "The perturbation hill-climber",
    population: None,
    default_features: preset_features,
    defaults: |shape| {
        Ok((
            OptimizerConfig::HillClimb(HillConfig::default()),
            uniform(shape),
        ))
    },
    read: |settings| serde_json::from_value(settings).map(OptimizerConfig::HillClimb),
};

/// Simulated annealing (its population is the candidates it scores per generation).
pub static ANNEAL: Optimizer = Optimizer {
    name: "anneal",
    doc: "Simulated annealing",
    population: Some(PopulationSizes {
        min: anneal::MIN_CANDIDATES,
        max: None,
    }),
    default_features: preset_features,
    defaults: |shape| {
        let mut config = AnnealConfig::default();
        config.candidates = shape.population.unwrap_or(config.candidates);
        Ok((OptimizerConfig::Anneal(config), uniform(shape)))
    },
    read: |settings| serde_json::from_value(settings).map(OptimizerConfig::Anneal),
};

/// Every optimizer, in the order the command line and the page list them.
pub static OPTIMIZERS: [&Optimizer; 5] = [&GA, &CEM, &CMAES, &HILL_CLIMB, &ANNEAL];

/// The optimizer a run uses when none is chosen.
pub static DEFAULT_OPTIMIZER: &Optimizer = &CEM;

/// Every optimizer's name, in registry order.
pub fn names() -> Vec<&'static str> {
    OPTIMIZERS.iter().map(|o| o.name).collect()
}

/// The optimizer called `name`; an unknown name is an error listing the known ones.
pub fn find(name: &str) -> Result<&'static Optimizer> {
    OPTIMIZERS
        .iter()
        .find(|o| o.name == name)
        .copied()
        .ok_or_else(|| {
            Error::Config(format!(
                "unknown optimizer \"{name}\" (optimizers: {})",
                names().join(", ")
            ))
        })
}

ts_name_union!(
    OptimizerName,
    "The name of an optimizer: one of the registry's.",
    names()
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evolution::LearnerState;
    use tetris_ai_core::engine::rng::GameRng;

    fn shape() -> RunShape<'static> {
        RunShape {
            features: &["holes", "max_height"],
            population: None,
            ga_preset: "cs3243",
            start_spread: None,
        }
    }

    #[test]
    fn serde_names_every_optimizer_as_the_registry_does() {
        for optimizer in OPTIMIZERS {
            let (config, ranges) = optimizer.defaults(&shape()).unwrap();
            assert_eq!(config.optimizer().name, optimizer.name);
            let written = serde_json::to_value(&config).unwrap();
            assert_eq!(written["kind"], optimizer.name, "{written}");
            let state = LearnerState::new(&config, &ranges, None, &mut GameRng::new(1, 1)).unwrap();
            assert_eq!(state.optimizer().name, optimizer.name);
            let written = serde_json::to_value(&state).unwrap();
            assert_eq!(written["kind"], optimizer.name);
        }
    }

    #[test]
    fn settings_are_read_as_the_named_optimizers() {
        for optimizer in OPTIMIZERS {
            let (config, _) = optimizer.defaults(&shape()).unwrap();
            let written = serde_json::to_value(&config).unwrap();
            assert_eq!(optimizer.settings(&written["settings"]).unwrap(), config);
        }
        let error = CEM.settings(&serde_json::json!({"elites": 1})).unwrap_err();
        assert!(error.to_string().starts_with("cem settings: "), "{error}");
        assert!(error.to_string().contains("elites"), "{error}");
    }

    #[test]
    fn the_population_sizes_the_optimizers_that_have_one() {
        let shape = RunShape {
            population: Some(7),
            ..shape()
        };
        let sizes: Vec<Option<usize>> = OPTIMIZERS
            .iter()
            .map(|o| match o.defaults(&shape).unwrap().0 {
                OptimizerConfig::Ga(c) => Some(c.population),
                OptimizerConfig::Cem(c) => Some(c.population),
                OptimizerConfig::Cmaes(c) => c.population,
                OptimizerConfig::HillClimb(_) => None,
                OptimizerConfig::Anneal(c) => Some(c.candidates),
            })
            .collect();
        assert_eq!(sizes, [Some(7), Some(7), Some(7), None, Some(7)]);
    }

    #[test]
    fn names_are_found_and_unknown_ones_listed() {
        assert_eq!(find("hill_climb").unwrap().name, "hill_climb");
        assert_eq!(
            find("pso").unwrap_err().to_string(),
            "unknown optimizer \"pso\" (optimizers: ga, cem, cmaes, hill_climb, anneal)"
        );
    }
}
