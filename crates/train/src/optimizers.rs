//! The optimizer registry: every optimizer a run can use, one line each. An optimizer is a file
//! whose settings implement [`OptimizerSettings`] (its name, what it is, the population sizes it
//! takes, its defaults and its first state) and whose state is a [`Learner`]; its line here
//! names its variant, its settings and its entry. From these lines come the settings a run saves
//! ([`OptimizerConfig`]), the state a checkpoint keeps ([`LearnerState`]), the entries
//! ([`OPTIMIZERS`]) that the command line's `--optimizer`, the page's choices (through
//! [`setup::choices`](crate::setup::choices)) and the TypeScript declarations read, and every
//! match over them. Serde names each variant as its entry does (a test checks that).

use crate::anneal::AnnealConfig;
use crate::cem::CemConfig;
use crate::cmaes::CmaesConfig;
use crate::ga::GaConfig;
use crate::hill::HillConfig;
use crate::learner::{Learner, OptimizerSettings, PopulationSizes, RunShape};
use crate::{Ranges, Scored};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::engine::ts_name_union;
use tetris_ai_core::error::{Error, Result};

/// An optimizer's settings for a run, with the range each feature's initial weight is drawn
/// from.
pub type Start = (OptimizerConfig, Vec<(f64, f64)>);

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

/// Declares the registry from one line per optimizer, `Variant(Settings) => ENTRY`: the
/// settings and state enumerations, each optimizer's entry, [`OPTIMIZERS`], and the matches
/// that dispatch to each optimizer.
macro_rules! registry {
    ($($(#[doc = $doc:literal])* $variant:ident($settings:ty) => $entry:ident,)+) => {
        /// Which optimizer, with its settings: a variant per line of the registry, which serde
        /// names as the optimizer's entry does.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
        #[serde(tag = "kind", content = "settings", rename_all = "snake_case")]
        pub enum OptimizerConfig {
            $($(#[doc = $doc])* $variant($settings),)+
        }

        /// The optimizer's state: a variant per line of the registry, which serde names as the
        /// optimizer's entry does.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "kind", content = "state", rename_all = "snake_case")]
        pub enum LearnerState {
            $($(#[doc = $doc])* $variant(<$settings as OptimizerSettings>::Learner),)+
        }

        $(
            $(#[doc = $doc])*
            pub static $entry: Optimizer = Optimizer {
                name: <$settings>::NAME,
                doc: <$settings>::DOC,
                population: <$settings>::POPULATION,
                default_features: <$settings>::default_features,
                defaults: |shape| {
                    <$settings>::defaults(shape)
                        .map(|(settings, ranges)| (OptimizerConfig::$variant(settings), ranges))
                },
                read: |settings| serde_json::from_value(settings).map(OptimizerConfig::$variant),
            };
        )+

        /// Every optimizer, in the order the command line and the page list them.
        pub static OPTIMIZERS: &[&Optimizer] = &[$(&$entry),+];

        impl OptimizerConfig {
            /// The optimizer's entry in the registry.
            pub fn optimizer(&self) -> &'static Optimizer {
                match self {
                    $(OptimizerConfig::$variant(_) => &$entry,)+
                }
            }

            /// Checks the settings; the error names the bad value.
            pub fn validate(&self) -> Result<()> {
                match self {
                    $(OptimizerConfig::$variant(settings) => settings.validate(),)+
                }
            }

            /// The optimizer's first state (see [`OptimizerSettings::learner`]).
            fn first_state(&self, ranges: &Ranges, rng: &mut GameRng) -> Result<LearnerState> {
                match self {
                    $(OptimizerConfig::$variant(settings) => {
                        settings.learner(ranges, rng).map(LearnerState::$variant)
                    })+
                }
            }
        }

        impl LearnerState {
            /// The optimizer's state as a learner.
            pub(crate) fn learner(&mut self) -> &mut dyn Learner {
                match self {
                    $(LearnerState::$variant(learner) => learner,)+
                }
            }

            /// The best genome found so far, with its fitness.
            pub(crate) fn best(&self) -> Option<&Scored> {
                match self {
                    $(LearnerState::$variant(learner) => learner.best(),)+
                }
            }

            /// The optimizer's entry in the registry.
            pub(crate) fn optimizer(&self) -> &'static Optimizer {
                match self {
                    $(LearnerState::$variant(_) => &$entry,)+
                }
            }
        }
    };
}

registry! {
    /// A genetic algorithm.
    Ga(GaConfig) => GA,
    /// The noisy cross-entropy method.
    Cem(CemConfig) => CEM,
    /// CMA-ES.
    Cmaes(CmaesConfig) => CMAES,
    /// The perturbation hill-climber.
    HillClimb(HillConfig) => HILL_CLIMB,
    /// Simulated annealing.
    Anneal(AnnealConfig) => ANNEAL,
}

impl OptimizerConfig {
    /// The optimizer's name.
    pub fn name(&self) -> &'static str {
        self.optimizer().name
    }
}

impl LearnerState {
    /// The optimizer's first state, for genomes of one weight per range of `ranges`, started
    /// at `start` when one is given (a genome of the same length).
    pub(crate) fn new(
        optimizer: &OptimizerConfig,
        ranges: &Ranges,
        start: Option<&[f64]>,
        rng: &mut GameRng,
    ) -> Result<LearnerState> {
        let mut state = optimizer.first_state(ranges, rng)?;
        if let Some(start) = start {
            state.learner().start_at(start);
        }
        Ok(state)
    }
}

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
