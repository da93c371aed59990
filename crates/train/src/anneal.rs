//! Simulated annealing over the weights.
//!
//! The state is one weight vector `w` (drawn uniformly from the ranges) with its fitness `f`, a
//! temperature `T` and a step size. The first generation scores `w`. Every later generation draws
//! `candidates` perturbations of `w` (a Gaussian of standard deviation `step` added to each
//! weight), asks for them to be scored as one batch (so they play the same games), and takes the
//! best, `c`. It replaces `w` if `f_c >= f`, and otherwise with probability
//! `exp((f_c - f) / T)`, decided by one draw. Then `T` is multiplied by `cooling` and the step by
//! `step_decay`. A NaN score never wins.

use crate::above_zero;
use crate::learner::{OptimizerSettings, PopulationSizes, RunShape, initial_ranges};
use crate::{Genome, Learner, Ranges, Scored, uniform_genome};
use serde::{Deserialize, Serialize};
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::error::{Error, Result};

/// The fewest candidates scored per generation.
pub const MIN_CANDIDATES: usize = 1;

/// The settings of simulated annealing.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct AnnealConfig {
    /// The initial standard deviation of the Gaussian added to each weight; above 0.
    pub step: f64,
    /// The factor the step is multiplied by each generation, in (0, 1].
    pub step_decay: f64,
    /// The initial temperature `T0`; 0 or more (0 accepts only candidates at least as good).
    pub temperature: f64,
    /// The factor the temperature is multiplied by each generation, in (0, 1].
    pub cooling: f64,
    /// Perturbations scored per generation, in one call; at least 1.
    pub candidates: usize,
}

impl Default for AnnealConfig {
    fn default() -> AnnealConfig {
        AnnealConfig {
            step: 0.5,
            step_decay: 0.99,
            temperature: 100.0,
            cooling: 0.95,
            candidates: 4,
        }
    }
}

impl OptimizerSettings for AnnealConfig {
    type Learner = Anneal;

    const NAME: &'static str = "anneal";

    const DOC: &'static str = "Simulated annealing";

    const POPULATION: Option<PopulationSizes> = Some(PopulationSizes {
        min: MIN_CANDIDATES,
        max: None,
    });

    /// Its population is the candidates it scores per generation.
    fn defaults(shape: &RunShape) -> Result<(AnnealConfig, Vec<(f64, f64)>)> {
        let mut config = AnnealConfig::default();
        config.candidates = shape.population.unwrap_or(config.candidates);
        Ok((config, initial_ranges(shape)))
    }

    /// Checks the values; the error names the bad one.
    fn validate(&self) -> Result<()> {
        above_zero("annealing step", self.step)?;
        if !(self.step_decay > 0.0 && self.step_decay <= 1.0) {
            return Err(Error::Config(format!(
                "annealing step_decay {} is out of range: it must be above 0 and at most 1",
                self.step_decay
            )));
        }
        if !(self.temperature.is_finite() && self.temperature >= 0.0) {
            return Err(Error::Config(format!(
                "annealing temperature {} must be a finite number, 0 or more",
                self.temperature
            )));
        }
        if !(self.cooling > 0.0 && self.cooling <= 1.0) {
            return Err(Error::Config(format!(
                "annealing cooling {} is out of range: it must be above 0 and at most 1",
                self.cooling
            )));
        }
        if self.candidates < MIN_CANDIDATES {
            return Err(Error::Config(format!(
                "annealing candidates {} is out of range: it must be at least {MIN_CANDIDATES}",
                self.candidates
            )));
        }
        Ok(())
    }

    fn learner(&self, ranges: &Ranges, rng: &mut GameRng) -> Result<Anneal> {
        Anneal::new(*self, ranges, rng)
    }
}

/// Simulated annealing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Anneal {
    config: AnnealConfig,
    weights: Genome,
    /// The fitness of `weights`; `None` until it is scored.
    fitness: Option<f64>,
    temperature: f64,
    step: f64,
    best: Option<Scored>,
    /// The genomes asked to be scored, while a generation is pending.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    asked: Option<Vec<Genome>>,
}

impl Anneal {
    /// A fresh run starting from weights drawn uniformly from `ranges`.
    pub fn new(config: AnnealConfig, ranges: &Ranges, rng: &mut GameRng) -> Result<Anneal> {
        config.validate()?;
        Ok(Anneal {
            config,
            weights: uniform_genome(ranges, rng)?,
            fitness: None,
            temperature: config.temperature,
            step: config.step,
            best: None,
            asked: None,
        })
    }

    /// The settings.
    pub fn config(&self) -> &AnnealConfig {
        &self.config
    }

    /// The current weights.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// The fitness of the current weights; `None` before the first generation.
    pub fn fitness(&self) -> Option<f64> {
        self.fitness
    }

    /// The current temperature.
    pub fn temperature(&self) -> f64 {
        self.temperature
    }

    /// The current step size.
    pub fn step(&self) -> f64 {
        self.step
    }

    /// The first generation: the starting weights scored `score`. A missing or NaN score
    /// leaves them unscored, to be scored again next generation.
    fn start(&mut self, score: Option<f64>) -> Vec<Scored> {
        let Some(f) = score else {
            return Vec::new();
        };
        if !f.is_nan() {
            self.fitness = Some(f);
        }
        let scored = Scored {
            genome: self.weights.clone(),
            fitness: f,
        };
        Scored::keep_best(&mut self.best, &scored);
        vec![scored]
    }

    /// A later generation: the perturbations `proposals` of weights of fitness `f` scored
    /// `scores`; maybe move to the best, then cool. Nothing changes when there is no score.
    fn anneal(
        &mut self,
        f: f64,
        proposals: Vec<Genome>,
        scores: &[f64],
        rng: &mut GameRng,
    ) -> Vec<Scored> {
        let scored: Vec<Scored> = proposals
            .into_iter()
            .zip(scores)
            .map(|(genome, &fitness)| Scored { genome, fitness })
            .collect();
        if scored.is_empty() {
            return scored;
        }
        if let Some(c) = best_of(&scored) {
            Scored::keep_best(&mut self.best, c);
            if self.accepts(c.fitness, f, rng) {
                self.weights = c.genome.clone();
                self.fitness = Some(c.fitness);
            }
        }
        self.temperature *= self.config.cooling;
        self.step *= self.config.step_decay;
        scored
    }

    /// The current weights plus a Gaussian of standard deviation `step` on each.
    fn perturb(&self, rng: &mut GameRng) -> Genome {
        self.weights
            .iter()
            .map(|w| w + self.step * rng.normal())
            .collect()
    }

    /// Whether a candidate of fitness `candidate` replaces weights of fitness `current`: always
    /// if it is at least as good, else with probability `exp((candidate - current) / T)`.
    fn accepts(&self, candidate: f64, current: f64, rng: &mut GameRng) -> bool {
        candidate >= current || rng.chance(libm::exp((candidate - current) / self.temperature))
    }
}

/// The fittest of `scored` (the first of equals), ignoring NaN scores.
fn best_of(scored: &[Scored]) -> Option<&Scored> {
    scored
        .iter()
        .filter(|s| !s.fitness.is_nan())
        .reduce(|a, b| if b.fitness > a.fitness { b } else { a })
}

impl Learner for Anneal {
    /// The starting weights in the first generation, then `candidates` perturbations of the
    /// current weights.
    fn ask(&mut self, rng: &mut GameRng) -> Vec<Genome> {
        let asked = match self.asked.take() {
            Some(asked) => asked,
            None if self.fitness.is_none() => vec![self.weights.clone()],
            None => (0..self.config.candidates)
                .map(|_| self.perturb(rng))
                .collect(),
        };
        self.asked = Some(asked.clone());
        asked
    }

    /// Sets the starting fitness, or takes the best candidate (maybe) and cools.
    fn tell(&mut self, rng: &mut GameRng, fitness: &[f64]) -> Vec<Scored> {
        let Some(asked) = self.asked.take() else {
            return Vec::new();
        };
        match self.fitness {
            None => self.start(fitness.first().copied()),
            Some(f) => self.anneal(f, asked, fitness, rng),
        }
    }

    fn best(&self) -> Option<&Scored> {
        self.best.as_ref()
    }

    fn start_at(&mut self, start: &[f64]) {
        self.weights = start.to_vec();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        RANGES, assert_ask_tell_matches_generation, assert_refused, assert_resumes_exactly,
        quadratic,
    };

    /// Scores the start `start` and every later candidate `candidate`.
    fn two_levels(start: f64, candidate: f64) -> impl FnMut(&[Genome]) -> Vec<f64> {
        let mut first = true;
        move |genomes| {
            let score = if first { start } else { candidate };
            first = false;
            vec![score; genomes.len()]
        }
    }

    fn run(seed: u64, generations: usize) -> (Anneal, Vec<Vec<Scored>>) {
        let mut rng = GameRng::new(seed, 4);
        let mut anneal = Anneal::new(AnnealConfig::default(), &RANGES, &mut rng).unwrap();
        let history = (0..generations)
            .map(|_| anneal.generation(&mut rng, &mut quadratic))
            .collect();
        (anneal, history)
    }

    /// The fraction of `trials` fresh runs that move from a start of fitness `start` to a
    /// candidate of fitness `candidate` at temperature `temperature`.
    fn acceptance_rate(start: f64, candidate: f64, temperature: f64, trials: usize) -> f64 {
        let config = AnnealConfig {
            temperature,
            cooling: 1.0,
            ..AnnealConfig::default()
        };
        let mut rng = GameRng::new(11, 0);
        let accepted = (0..trials)
            .filter(|_| {
                let mut anneal = Anneal::new(config, &RANGES, &mut rng).unwrap();
                let mut evaluate = two_levels(start, candidate);
                anneal.generation(&mut rng, &mut evaluate);
                anneal.generation(&mut rng, &mut evaluate);
                anneal.fitness() == Some(candidate)
            })
            .count();
        accepted as f64 / trials as f64
    }

    #[test]
    fn the_first_generation_scores_the_start() {
        let mut rng = GameRng::new(1, 0);
        let mut anneal = Anneal::new(AnnealConfig::default(), &RANGES, &mut rng).unwrap();
        let start = anneal.weights().to_vec();
        let scored = anneal.generation(&mut rng, &mut two_levels(7.0, 0.0));
        assert_eq!(
            scored,
            vec![Scored {
                genome: start,
                fitness: 7.0
            }]
        );
        assert_eq!(anneal.fitness(), Some(7.0));
        assert_eq!((anneal.temperature(), anneal.step()), (100.0, 0.5));
    }

    #[test]
    fn a_better_or_equal_candidate_is_always_accepted() {
        assert_eq!(acceptance_rate(10.0, 11.0, 1e-9, 500), 1.0);
        assert_eq!(acceptance_rate(10.0, 10.0, 0.0, 500), 1.0);
        assert_eq!(acceptance_rate(10.0, 9.0, 0.0, 500), 0.0);
    }

    #[test]
    fn the_best_candidate_is_taken() {
        let mut rng = GameRng::new(2, 0);
        let mut anneal = Anneal::new(AnnealConfig::default(), &RANGES, &mut rng).unwrap();
        let mut first = true;
        let mut ranked = |genomes: &[Genome]| {
            let scores = if first {
                vec![0.0]
            } else {
                vec![1.0, 5.0, f64::NAN, 5.0]
            };
            first = false;
            assert_eq!(genomes.len(), scores.len());
            scores
        };
        anneal.generation(&mut rng, &mut ranked);
        let scored = anneal.generation(&mut rng, &mut ranked);
        assert_eq!(anneal.weights(), scored[1].genome.as_slice());
        assert_eq!(anneal.fitness(), Some(5.0));
        assert_eq!(anneal.best(), Some(&scored[1]));
    }

    #[test]
    fn a_worse_candidate_is_accepted_with_the_boltzmann_probability() {
        // exp(-10 / 10) = 0.368; 20000 trials have a standard deviation of 0.0034.
        let rate = acceptance_rate(10.0, 0.0, 10.0, 20_000);
        assert!((rate - (-1.0f64).exp()).abs() < 0.015, "{rate}");
        // exp(-ln 2) = 0.5.
        let rate = acceptance_rate(10.0, 10.0 - 3.0 * 2f64.ln(), 3.0, 20_000);
        assert!((rate - 0.5).abs() < 0.015, "{rate}");
    }

    #[test]
    fn temperature_and_step_shrink_geometrically() {
        let (anneal, _) = run(3, 11);
        let (mut temperature, mut step) = (100.0, 0.5);
        for _ in 0..10 {
            temperature *= 0.95;
            step *= 0.99;
        }
        assert_eq!((anneal.temperature(), anneal.step()), (temperature, step));
        assert!((temperature - 100.0 * 0.95f64.powi(10)).abs() < 1e-9);
    }

    #[test]
    fn improves_a_toy_quadratic() {
        let (anneal, history) = run(3, 300);
        let start = history[0][0].fitness;
        let end = anneal.fitness().unwrap();
        assert!(end > start + 20.0 || end > 99.0, "{start} -> {end}");
        assert!(end > 95.0, "{end}");
        assert!(history[1..].iter().all(|scored| scored.len() == 4));
    }

    #[test]
    fn same_seed_same_states_and_resumes_after_json() {
        let (a, history_a) = run(4, 30);
        let (b, history_b) = run(4, 30);
        assert_eq!(a, b);
        assert_eq!(history_a, history_b);
        assert_ne!(a, run(5, 30).0);

        let (anneal, _) = run(4, 10);
        assert_resumes_exactly(anneal, &mut quadratic, 10);
    }

    #[test]
    fn config_round_trips_and_refuses_unknown_fields() {
        let config = AnnealConfig {
            candidates: 8,
            ..AnnealConfig::default()
        };
        let text = serde_json::to_string(&config).unwrap();
        assert_eq!(serde_json::from_str::<AnnealConfig>(&text).unwrap(), config);
        assert!(serde_json::from_str::<AnnealConfig>(r#"{"temp": 1}"#).is_err());
    }

    #[test]
    fn validation_names_the_bad_value() {
        let bad = |config: AnnealConfig, ranges: &Ranges, words: &[&str]| {
            let made = Anneal::new(config, ranges, &mut GameRng::new(0, 0));
            assert_refused(made, &format!("{config:?} {ranges:?}"), words);
        };
        let base = AnnealConfig::default();
        bad(AnnealConfig { step: 0.0, ..base }, &RANGES, &["step", "0"]);
        bad(
            AnnealConfig {
                step: f64::INFINITY,
                ..base
            },
            &RANGES,
            &["step", "inf"],
        );
        bad(
            AnnealConfig {
                step_decay: 1.5,
                ..base
            },
            &RANGES,
            &["step_decay", "1.5"],
        );
        bad(
            AnnealConfig {
                temperature: -1.0,
                ..base
            },
            &RANGES,
            &["temperature", "-1"],
        );
        bad(
            AnnealConfig {
                cooling: 0.0,
                ..base
            },
            &RANGES,
            &["cooling", "0"],
        );
        bad(
            AnnealConfig {
                cooling: f64::NAN,
                ..base
            },
            &RANGES,
            &["cooling", "NaN"],
        );
        bad(
            AnnealConfig {
                candidates: 0,
                ..base
            },
            &RANGES,
            &["candidates", "0"],
        );
        bad(base, &[], &["no weight ranges"]);
        bad(base, &[(3.0, 1.0)], &["range 0", "(3, 1)"]);
    }

    #[test]
    fn missing_or_nan_scores_do_not_panic() {
        let mut rng = GameRng::new(6, 0);
        let mut anneal = Anneal::new(AnnealConfig::default(), &RANGES, &mut rng).unwrap();
        let mut nothing = |_: &[Genome]| Vec::new();
        assert!(anneal.generation(&mut rng, &mut nothing).is_empty());
        assert_eq!(anneal.fitness(), None);
        let mut nan = |genomes: &[Genome]| vec![f64::NAN; genomes.len()];
        assert_eq!(anneal.generation(&mut rng, &mut nan).len(), 1);
        assert_eq!(anneal.fitness(), None);
        anneal.generation(&mut rng, &mut two_levels(1.0, 0.0));
        let start = anneal.weights().to_vec();
        assert!(anneal.generation(&mut rng, &mut nothing).is_empty());
        assert_eq!(anneal.temperature(), 100.0);
        assert_eq!(anneal.generation(&mut rng, &mut nan).len(), 4);
        assert_eq!(
            (anneal.weights(), anneal.fitness()),
            (start.as_slice(), Some(1.0))
        );
        assert_eq!(anneal.temperature(), 95.0);
    }

    #[test]
    fn ask_and_tell_run_the_same_generations() {
        let mut rng = GameRng::new(7, 0);
        let config = AnnealConfig {
            candidates: 7,
            ..AnnealConfig::default()
        };
        let anneal = Anneal::new(config, &RANGES, &mut rng).unwrap();
        assert_ask_tell_matches_generation(anneal, quadratic, 20);
    }
}
