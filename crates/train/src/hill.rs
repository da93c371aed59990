//! The perturbation hill-climber of the MATLAB write-up.
//!
//! The write-up describes the method in words; this is how it is read here:
//!
//! - The state is one weight vector `w` (drawn uniformly from the ranges), its performance `p`,
//!   an acceptance threshold `theta`, and the direction of the last step if it was accepted.
//! - The first generation scores `w` alone and sets `p` and `theta = p`.
//! - Every later generation takes a step: the remembered direction if the last step was accepted
//!   (keep going the way that worked), else a fresh random unit vector (normal draws,
//!   normalised). The step length is the learning rate `alpha_t = alpha0 * exp(-A t)`, where `t`
//!   counts the steps taken before this one, so the first step has length `alpha0`.
//! - The candidate `w + alpha_t d` is scored once. If its performance `p+` beats the threshold,
//!   the step is accepted: `w` moves there, the direction is remembered, the threshold moves by
//!   `beta (p+ - p)` and then `p = p+`. Otherwise `w` stays and the direction is forgotten.
//!
//! - A score that is missing or NaN never moves the climber: at the start it leaves `w`
//!   unscored (scored again next generation); on a step it counts as a rejection.
//!
//! Summed over the accepted steps, the threshold is always `theta = p0 + beta (p - p0)`, where
//! `p0` is the starting performance: it lags the performance by a factor `beta`. A step worse
//! than `p` is still accepted while it beats the threshold (and then lowers it), and a
//! remembered direction is followed past the optimum until it falls below the threshold, so
//! with `beta < 1` the climber wanders above a floor halfway to its best and `p` only surely
//! stays above `p0`; on a noise-free toy quadratic the default `beta = 0.5` finds good weights
//! (see [`Learner::best`]) but does not stay there. `beta = 1` makes the threshold the current
//! performance: a strict climber, which converges on the same toy problem.

use crate::above_zero;
use crate::learner::{OptimizerSettings, PopulationSizes, RunShape, initial_ranges};
use crate::{Genome, Learner, Ranges, Scored, uniform_genome};
use serde::{Deserialize, Serialize};
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::error::{Error, Result};

/// The settings of the hill-climber.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct HillConfig {
    /// The initial learning rate (step length), above 0.
    pub alpha0: f64,
    /// `A`: the learning rate decays as `exp(-A t)`; 0 or more.
    pub decay: f64,
    /// The fraction of an accepted improvement the threshold follows, from 0 to 1.
    pub beta: f64,
}

impl Default for HillConfig {
    fn default() -> HillConfig {
        HillConfig {
            alpha0: 1.0,
            decay: 0.01,
            beta: 0.5,
        }
    }
}

impl HillConfig {
    /// The learning rate `alpha0 * exp(-A t)` of the step after `t` earlier steps.
    pub fn learning_rate(&self, t: u64) -> f64 {
        self.alpha0 * libm::exp(-self.decay * t as f64)
    }
}

impl OptimizerSettings for HillConfig {
    type Learner = HillClimb;

    const NAME: &'static str = "hill_climb";

    const DOC: &'static str = "The perturbation hill-climber";

    const POPULATION: Option<PopulationSizes> = None;

    /// It scores one genome a generation, whatever the population.
    fn defaults(shape: &RunShape) -> Result<(HillConfig, Vec<(f64, f64)>)> {
        Ok((HillConfig::default(), initial_ranges(shape)))
    }

    /// Checks the values; the error names the bad one.
    fn validate(&self) -> Result<()> {
        above_zero("hill-climber alpha0", self.alpha0)?;
        if !(self.decay.is_finite() && self.decay >= 0.0) {
            return Err(Error::Config(format!(
                "hill-climber decay {} must be a finite number, 0 or more",
                self.decay
            )));
        }
        if !(0.0..=1.0).contains(&self.beta) {
            return Err(Error::Config(format!(
                "hill-climber beta {} is out of range: it must be from 0 to 1",
                self.beta
            )));
        }
        Ok(())
    }

    fn learner(&self, ranges: &Ranges, rng: &mut GameRng) -> Result<HillClimb> {
        HillClimb::new(*self, ranges, rng)
    }
}

/// The perturbation hill-climber.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HillClimb {
    config: HillConfig,
    weights: Genome,
    /// The performance of `weights`; `None` until it is scored.
    performance: Option<f64>,
    threshold: f64,
    /// The direction of the last step, kept only if that step was accepted.
    direction: Option<Genome>,
    /// Steps taken (generations after the first).
    steps: u64,
    best: Option<Scored>,
    /// What a pending generation asked to be scored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    asked: Option<Probe>,
}

/// The one genome a generation scores: the starting weights, or a step from weights of
/// performance `from` along `direction` to `candidate`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum Probe {
    Start,
    Step {
        from: f64,
        direction: Genome,
        candidate: Genome,
    },
}

impl HillClimb {
    /// A fresh climber starting from weights drawn uniformly from `ranges`.
    pub fn new(config: HillConfig, ranges: &Ranges, rng: &mut GameRng) -> Result<HillClimb> {
        config.validate()?;
        Ok(HillClimb {
            config,
            weights: uniform_genome(ranges, rng)?,
            performance: None,
            // Set to the first score by the first generation; a finite placeholder keeps the state
            // writable as JSON before then.
            threshold: 0.0,
            direction: None,
            steps: 0,
            best: None,
            asked: None,
        })
    }

    /// The settings.
    pub fn config(&self) -> &HillConfig {
        &self.config
    }

    /// The current weights.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// The performance of the current weights; `None` before the first generation.
    pub fn performance(&self) -> Option<f64> {
        self.performance
    }

    /// The acceptance threshold (0 before the first generation sets it).
    pub fn threshold(&self) -> f64 {
        self.threshold
    }

    /// The direction of the last step if it was accepted.
    pub fn direction(&self) -> Option<&[f64]> {
        self.direction.as_deref()
    }

    /// The number of steps taken.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// What this generation scores: the starting weights until they have a performance, then
    /// a step along the remembered direction or a fresh random one.
    fn probe(&self, rng: &mut GameRng) -> Probe {
        let Some(from) = self.performance else {
            return Probe::Start;
        };
        let direction = match &self.direction {
            Some(d) => d.clone(),
            None => unit_vector(self.weights.len(), rng),
        };
        let alpha = self.config.learning_rate(self.steps);
        let candidate = self
            .weights
            .iter()
            .zip(&direction)
            .map(|(w, d)| w + alpha * d)
            .collect();
        Probe::Step {
            from,
            direction,
            candidate,
        }
    }

    /// The first generation: the starting weights scored `score`. A missing or NaN score
    /// leaves them unscored, to be scored again next generation.
    fn start(&mut self, score: Option<f64>) -> Vec<Scored> {
        let Some(p) = score else {
            return Vec::new();
        };
        if !p.is_nan() {
            self.performance = Some(p);
            self.threshold = p;
        }
        let scored = Scored {
            genome: self.weights.clone(),
            fitness: p,
        };
        Scored::keep_best(&mut self.best, &scored);
        vec![scored]
    }

    /// A later generation: the step from weights of performance `p` along `direction` to
    /// `candidate` scored `score`. Nothing changes when there is no score.
    fn step(
        &mut self,
        p: f64,
        direction: Genome,
        candidate: Genome,
        score: Option<f64>,
    ) -> Vec<Scored> {
        let Some(p_plus) = score else {
            return Vec::new();
        };
        self.steps += 1;
        let scored = Scored {
            genome: candidate,
            fitness: p_plus,
        };
        Scored::keep_best(&mut self.best, &scored);
        if p_plus > self.threshold {
            self.weights = scored.genome.clone();
            self.direction = Some(direction);
            self.threshold += self.config.beta * (p_plus - p);
            self.performance = Some(p_plus);
        } else {
            self.direction = None;
        }
        vec![scored]
    }
}

impl Learner for HillClimb {
    /// One genome: the starting weights in the first generation, a step from them later.
    fn ask(&mut self, rng: &mut GameRng) -> Vec<Genome> {
        let probe = match self.asked.take() {
            Some(probe) => probe,
            None => self.probe(rng),
        };
        let genome = match &probe {
            Probe::Start => self.weights.clone(),
            Probe::Step { candidate, .. } => candidate.clone(),
        };
        self.asked = Some(probe);
        vec![genome]
    }

    /// Sets the starting performance, or accepts or rejects the step.
    fn tell(&mut self, _rng: &mut GameRng, fitness: &[f64]) -> Vec<Scored> {
        let score = fitness.first().copied();
        match self.asked.take() {
            None => Vec::new(),
            Some(Probe::Start) => self.start(score),
            Some(Probe::Step {
                from,
                direction,
                candidate,
            }) => self.step(from, direction, candidate, score),
        }
    }

    fn best(&self) -> Option<&Scored> {
        self.best.as_ref()
    }

    fn start_at(&mut self, start: &[f64]) {
        self.weights = start.to_vec();
    }
}

/// A random direction of length 1: `dims` normal draws, normalised (drawn again in the
/// vanishingly rare case that they are all 0).
fn unit_vector(dims: usize, rng: &mut GameRng) -> Genome {
    loop {
        let draws: Genome = (0..dims).map(|_| rng.normal()).collect();
        let norm = draws.iter().map(|x| x * x).sum::<f64>().sqrt();
        if norm > 0.0 {
            return draws.into_iter().map(|x| x / norm).collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        RANGES, assert_ask_tell_matches_generation, assert_refused, assert_resumes_exactly,
        quadratic,
    };

    /// An evaluate that returns the given fitnesses one call at a time.
    fn scripted(fitness: &[f64]) -> impl FnMut(&[Genome]) -> Vec<f64> + '_ {
        let mut next = fitness.iter();
        move |genomes| {
            assert_eq!(genomes.len(), 1);
            vec![*next.next().unwrap()]
        }
    }

    fn run(seed: u64, generations: usize) -> (HillClimb, Vec<Vec<Scored>>) {
        let mut rng = GameRng::new(seed, 3);
        let mut hill = HillClimb::new(HillConfig::default(), &RANGES, &mut rng).unwrap();
        let history = (0..generations)
            .map(|_| hill.generation(&mut rng, &mut quadratic))
            .collect();
        (hill, history)
    }

    #[test]
    fn learning_rate_decays_exponentially() {
        let config = HillConfig::default();
        assert_eq!(config.learning_rate(0), 1.0);
        assert_eq!(config.learning_rate(100), libm::exp(-1.0));
        assert_eq!(config.learning_rate(300), libm::exp(-3.0));
        let fixed = HillConfig {
            alpha0: 0.25,
            decay: 0.0,
            ..config
        };
        assert_eq!(fixed.learning_rate(1000), 0.25);
    }

    #[test]
    fn the_first_generation_scores_the_start_and_sets_the_threshold() {
        let mut rng = GameRng::new(1, 0);
        let mut hill = HillClimb::new(HillConfig::default(), &RANGES, &mut rng).unwrap();
        let start = hill.weights().to_vec();
        let scored = hill.generation(&mut rng, &mut scripted(&[10.0]));
        assert_eq!(
            scored,
            vec![Scored {
                genome: start,
                fitness: 10.0
            }]
        );
        assert_eq!(hill.performance(), Some(10.0));
        assert_eq!(hill.threshold(), 10.0);
        assert_eq!(hill.direction(), None);
        assert_eq!(hill.steps(), 0);
    }

    #[test]
    fn accepted_steps_move_the_threshold_and_keep_the_direction() {
        let mut rng = GameRng::new(2, 0);
        let mut hill = HillClimb::new(HillConfig::default(), &RANGES, &mut rng).unwrap();
        let mut evaluate = scripted(&[10.0, 20.0, 12.0, 16.0, 14.0]);
        hill.generation(&mut rng, &mut evaluate);
        let start = hill.weights().to_vec();

        // 20 beats 10: accepted; theta = 10 + 0.5 (20 - 10) = 15.
        let scored = hill.generation(&mut rng, &mut evaluate);
        let d = hill.direction().unwrap().to_vec();
        let norm: f64 = d.iter().map(|x| x * x).sum::<f64>().sqrt();
        assert!((norm - 1.0).abs() < 1e-12);
        let moved: Genome = start.iter().zip(&d).map(|(w, d)| w + d).collect();
        assert_eq!(
            scored,
            vec![Scored {
                genome: moved.clone(),
                fitness: 20.0
            }]
        );
        assert_eq!(hill.weights(), moved.as_slice());
        assert_eq!((hill.performance(), hill.threshold()), (Some(20.0), 15.0));

        // 12 does not beat 15: rejected, the direction is forgotten, the step was the same one.
        let scored = hill.generation(&mut rng, &mut evaluate);
        let alpha = HillConfig::default().learning_rate(1);
        let tried: Genome = moved.iter().zip(&d).map(|(w, d)| w + alpha * d).collect();
        assert_eq!(scored[0].genome, tried);
        assert_eq!(hill.direction(), None);
        assert_eq!(hill.weights(), moved.as_slice());
        assert_eq!((hill.performance(), hill.threshold()), (Some(20.0), 15.0));

        // 16 beats 15 though it is below 20: accepted; theta = 15 + 0.5 (16 - 20) = 13.
        hill.generation(&mut rng, &mut evaluate);
        assert!(hill.direction().is_some());
        assert_ne!(hill.direction().unwrap(), d.as_slice());
        assert_eq!((hill.performance(), hill.threshold()), (Some(16.0), 13.0));

        // 14 beats 13: accepted along the remembered direction; theta = 13 + 0.5 (14 - 16) = 12.
        let kept = hill.direction().unwrap().to_vec();
        hill.generation(&mut rng, &mut evaluate);
        assert_eq!(hill.direction(), Some(kept.as_slice()));
        assert_eq!((hill.performance(), hill.threshold()), (Some(14.0), 12.0));
        assert_eq!(hill.steps(), 4);
        assert_eq!(hill.best().unwrap().fitness, 20.0);
    }

    #[test]
    fn improves_a_toy_quadratic() {
        // As written, the threshold is theta = p0 + beta (p - p0): it lags halfway behind.
        let (hill, history) = run(3, 300);
        let start = history[0][0].fitness;
        let p = hill.performance().unwrap();
        assert!((hill.threshold() - (start + 0.5 * (p - start))).abs() < 1e-9);
        assert!(p > start, "{start} -> {p}");
        assert!(hill.best().unwrap().fitness > start + 100.0, "{start}");
        assert!(history[1..].iter().all(|scored| scored.len() == 1));

        // With beta = 1 the threshold is the performance itself: a strict climber.
        let mut rng = GameRng::new(3, 3);
        let strict = HillConfig {
            beta: 1.0,
            ..HillConfig::default()
        };
        let mut hill = HillClimb::new(strict, &RANGES, &mut rng).unwrap();
        for _ in 0..300 {
            hill.generation(&mut rng, &mut quadratic);
        }
        assert!(
            hill.performance().unwrap() > 99.9,
            "{:?}",
            hill.performance()
        );
    }

    #[test]
    fn same_seed_same_states_and_resumes_after_json() {
        let (a, history_a) = run(4, 30);
        let (b, history_b) = run(4, 30);
        assert_eq!(a, b);
        assert_eq!(history_a, history_b);
        assert_ne!(a, run(5, 30).0);

        let (hill, _) = run(4, 10);
        assert_resumes_exactly(hill, &mut quadratic, 10);
    }

    #[test]
    fn config_round_trips_and_refuses_unknown_fields() {
        let config = HillConfig {
            beta: 0.25,
            ..HillConfig::default()
        };
        let text = serde_json::to_string(&config).unwrap();
        assert_eq!(serde_json::from_str::<HillConfig>(&text).unwrap(), config);
        assert!(serde_json::from_str::<HillConfig>(r#"{"alpha": 1}"#).is_err());
    }

    #[test]
    fn validation_names_the_bad_value() {
        let bad = |config: HillConfig, ranges: &Ranges, words: &[&str]| {
            let made = HillClimb::new(config, ranges, &mut GameRng::new(0, 0));
            assert_refused(made, &format!("{config:?} {ranges:?}"), words);
        };
        let base = HillConfig::default();
        bad(
            HillConfig {
                alpha0: 0.0,
                ..base
            },
            &RANGES,
            &["alpha0", "0"],
        );
        bad(
            HillConfig {
                alpha0: f64::NAN,
                ..base
            },
            &RANGES,
            &["alpha0", "NaN"],
        );
        bad(
            HillConfig {
                decay: -0.1,
                ..base
            },
            &RANGES,
            &["decay", "-0.1"],
        );
        bad(HillConfig { beta: 1.5, ..base }, &RANGES, &["beta", "1.5"]);
        bad(base, &[], &["no weight ranges"]);
        bad(base, &[(0.0, 1.0), (2.0, -2.0)], &["range 1", "(2, -2)"]);
        bad(base, &[(f64::NEG_INFINITY, 1.0)], &["range 0", "-inf"]);
    }

    #[test]
    fn uniform_genomes_stay_in_their_ranges() {
        let mut rng = GameRng::new(5, 0);
        let ranges = [(-1.0, 1.0), (5.0, 6.0), (2.0, 2.0)];
        for _ in 0..1000 {
            let g = uniform_genome(&ranges, &mut rng).unwrap();
            assert!((-1.0..1.0).contains(&g[0]) && (5.0..6.0).contains(&g[1]) && g[2] == 2.0);
        }
    }

    #[test]
    fn missing_scores_do_not_panic() {
        let mut rng = GameRng::new(6, 0);
        let mut hill = HillClimb::new(HillConfig::default(), &RANGES, &mut rng).unwrap();
        let mut nothing = |_: &[Genome]| Vec::new();
        assert!(hill.generation(&mut rng, &mut nothing).is_empty());
        assert_eq!(hill.performance(), None);
        hill.generation(&mut rng, &mut scripted(&[1.0]));
        assert!(hill.generation(&mut rng, &mut nothing).is_empty());
        assert_eq!(hill.performance(), Some(1.0));
        let mut nan = |_: &[Genome]| vec![f64::NAN];
        hill.generation(&mut rng, &mut nan);
        assert_eq!((hill.performance(), hill.direction()), (Some(1.0), None));
        let mut fresh = HillClimb::new(HillConfig::default(), &RANGES, &mut rng).unwrap();
        assert_eq!(fresh.generation(&mut rng, &mut nan).len(), 1);
        assert_eq!(fresh.performance(), None);
    }

    #[test]
    fn ask_and_tell_run_the_same_generations() {
        // 40 steps accept and reject, so both remembered and fresh directions are asked.
        let mut rng = GameRng::new(7, 0);
        let hill = HillClimb::new(HillConfig::default(), &RANGES, &mut rng).unwrap();
        assert_ask_tell_matches_generation(hill, quadratic, 40);
    }
}
