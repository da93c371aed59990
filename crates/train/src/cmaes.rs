//! CMA-ES, the covariance matrix adaptation evolution strategy, as Hansen's tutorial ("The CMA
//! Evolution Strategy: A Tutorial", 2016) states it, with the default parameters of its Table 1.
//!
//! The search distribution is a Gaussian N(m, σ² C) over the weights. Each generation samples
//! `λ` genomes `x_k = m + σ y_k`, `y_k = B D z_k` with `z_k ~ N(0, I)` and `C = B D² Bᵀ`, and asks
//! for them to be scored as one batch (so they play the same games). Ranked best first (fitness
//! is maximised, the tutorial minimises), the `μ = ⌊λ/2⌋` best move the mean by their weighted
//! step `⟨y⟩_w`; the evolution path `p_σ` (the steps whitened by `C^(-1/2)`) lengthens or shortens
//! the step-size `σ` as it is longer or shorter than a random walk's; the path `p_c` (stalled by
//! `h_σ` while `p_σ` is long) gives the rank-one update of `C`, and all `λ` steps the rank-μ
//! update, the worse half with the tutorial's negative weights (scaled so that `C` stays positive
//! definite). `B` and `D` come from the eigendecomposition of `C` after every generation.
//!
//! One addition, from Hansen's reference C code (which mdptetris, the Tetris research
//! platform, ships): when the best and the median fitness of a generation are equal (a flat
//! fitness, frequent among genomes that clear no line), `σ` grows by `exp(0.2 + c_σ / d_σ)`.
//!
//! The run starts at the centre of the initial ranges, with `C` the diagonal of the ranges'
//! squared widths (normalised to mean 1) and `σ` the fraction `initial_sigma` of their root mean
//! square width: each weight's initial standard deviation is `initial_sigma` times its range's
//! width. All arithmetic beyond + - * / and square roots goes through `libm`, and every random
//! number comes from the run's generator, so a run is the same natively and in WebAssembly.

use crate::above_zero;
use crate::eigen::{Matrix, symmetric_eigen};
use crate::learner::{OptimizerSettings, PopulationSizes, RunShape, initial_ranges};
use crate::{Genome, Learner, Ranges, Scored, check_ranges, rank_key};
use serde::{Deserialize, Serialize};
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::error::{Error, Result};

/// The smallest population: the weights of the best half need two genomes to rank.
pub const MIN_POPULATION: usize = 2;

/// The settings of CMA-ES.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct CmaesConfig {
    /// Genomes sampled and scored per generation (`λ`), at least 2; null (or absent) for the
    /// tutorial's `4 + ⌊3 ln n⌋` with `n` weights.
    pub population: Option<usize>,
    /// Each weight's initial standard deviation as a fraction of its initial range's width,
    /// above 0 (the tutorial suggests 0.3 of the width of the region searched).
    pub initial_sigma: f64,
}

impl Default for CmaesConfig {
    fn default() -> CmaesConfig {
        CmaesConfig {
            population: None,
            initial_sigma: 0.3,
        }
    }
}

impl CmaesConfig {
    /// The population for `n` weights: the one set, or the tutorial's `4 + ⌊3 ln n⌋`.
    pub fn population_for(&self, n: usize) -> usize {
        self.population
            .unwrap_or_else(|| 4 + (3.0 * libm::log(n as f64)) as usize)
    }
}

impl OptimizerSettings for CmaesConfig {
    type Learner = Cmaes;

    const NAME: &'static str = "cmaes";

    const DOC: &'static str = "CMA-ES, covariance matrix adaptation";

    const POPULATION: Option<PopulationSizes> = Some(PopulationSizes {
        min: MIN_POPULATION,
        max: None,
    });

    /// The population defaults to the tutorial's for the number of features.
    fn defaults(shape: &RunShape) -> Result<(CmaesConfig, Vec<(f64, f64)>)> {
        let mut config = CmaesConfig::default();
        let tutorials = config.population_for(shape.features.len());
        config.population = Some(shape.population.unwrap_or(tutorials));
        Ok((config, initial_ranges(shape)))
    }

    /// Checks the values; the error names the bad one.
    fn validate(&self) -> Result<()> {
        if let Some(population) = self.population
            && population < MIN_POPULATION
        {
            return Err(Error::Config(format!(
                "CMA-ES population {population} is out of range: it must be at least {MIN_POPULATION}"
            )));
        }
        above_zero("CMA-ES initial_sigma", self.initial_sigma)?;
        Ok(())
    }

    fn learner(&self, ranges: &Ranges, _rng: &mut GameRng) -> Result<Cmaes> {
        Cmaes::new(*self, ranges)
    }
}

/// The strategy parameters of Table 1 of the tutorial, for `n` weights and a population `λ`.
#[derive(Clone, Debug, PartialEq)]
pub struct Parameters {
    /// `λ`: genomes per generation.
    pub lambda: usize,
    /// `μ = ⌊λ/2⌋`: the genomes that move the mean.
    pub mu: usize,
    /// `w_i`, best first: positive for the `μ` best (summing to 1), negative or 0 for the rest.
    pub weights: Vec<f64>,
    /// `μ_eff = (Σ w_i)² / Σ w_i²` over the positive weights.
    pub mu_eff: f64,
    /// `c_σ`: the learning rate of the step-size path.
    pub c_sigma: f64,
    /// `d_σ`: the step-size damping.
    pub d_sigma: f64,
    /// `c_c`: the learning rate of the covariance path.
    pub c_c: f64,
    /// `c_1`: the learning rate of the rank-one update.
    pub c_1: f64,
    /// `c_μ`: the learning rate of the rank-μ update.
    pub c_mu: f64,
    /// `E‖N(0, I)‖ ≈ √n (1 - 1/(4n) + 1/(21n²))`.
    pub chi_n: f64,
}

impl Parameters {
    /// The defaults for `n` weights and `lambda` genomes a generation (at least 2).
    pub fn new(n: usize, lambda: usize) -> Parameters {
        let nf = n as f64;
        let mu = lambda / 2;
        let half = libm::log((lambda as f64 + 1.0) / 2.0);
        let raw: Vec<f64> = (1..=lambda).map(|i| half - libm::log(i as f64)).collect();
        let (positive, negative) = raw.split_at(mu);
        let effective = |w: &[f64]| {
            let sum: f64 = w.iter().sum();
            sum * sum / w.iter().map(|x| x * x).sum::<f64>()
        };
        let mu_eff = effective(positive);
        let mu_eff_minus = effective(negative);
        let c_1 = 2.0 / ((nf + 1.3) * (nf + 1.3) + mu_eff);
        let c_mu = (1.0 - c_1)
            .min(2.0 * (mu_eff - 2.0 + 1.0 / mu_eff) / ((nf + 2.0) * (nf + 2.0) + mu_eff));
        let alpha_mu = 1.0 + c_1 / c_mu;
        let alpha_mu_eff = 1.0 + 2.0 * mu_eff_minus / (mu_eff + 2.0);
        let alpha_pos_def = (1.0 - c_1 - c_mu) / (nf * c_mu);
        let positive_sum: f64 = positive.iter().sum();
        let negative_sum: f64 = negative.iter().map(|w| -w.min(0.0)).sum();
        let negative_scale = alpha_mu.min(alpha_mu_eff).min(alpha_pos_def) / negative_sum;
        let weights = raw
            .iter()
            .map(|&w| {
                if w >= 0.0 {
                    w / positive_sum
                } else {
                    w * negative_scale
                }
            })
            .collect();
        let c_sigma = (mu_eff + 2.0) / (nf + mu_eff + 5.0);
        let d_sigma = 1.0 + 2.0 * (((mu_eff - 1.0) / (nf + 1.0)).sqrt() - 1.0).max(0.0) + c_sigma;
        Parameters {
            lambda,
            mu,
            weights,
            mu_eff,
            c_sigma,
            d_sigma,
            c_c: (4.0 + mu_eff / nf) / (nf + 4.0 + 2.0 * mu_eff / nf),
            c_1,
            c_mu,
            chi_n: nf.sqrt() * (1.0 - 1.0 / (4.0 * nf) + 1.0 / (21.0 * nf * nf)),
        }
    }
}

/// The state of a CMA-ES run, as a checkpoint holds it (read through [`CmaesFields`], which
/// checks its shapes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "CmaesFields")]
pub struct Cmaes {
    config: CmaesConfig,
    /// `m`: the mean.
    mean: Vec<f64>,
    /// `σ`: the step-size.
    sigma: f64,
    /// `C`: the covariance matrix (exactly symmetric).
    covariance: Matrix,
    /// `B`: the eigenvectors of `C`, as columns.
    basis: Matrix,
    /// `D`: the square roots of the eigenvalues of `C`.
    scales: Vec<f64>,
    /// `p_σ`: the step-size's evolution path.
    path_sigma: Vec<f64>,
    /// `p_c`: the covariance's evolution path.
    path_c: Vec<f64>,
    /// Generations done.
    generations: u64,
    best: Option<Scored>,
    /// The standard normal draws `z_k` of the sample asked to be scored, while a generation is
    /// pending.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    asked: Option<Vec<Vec<f64>>>,
}

/// A CMA-ES state as written, before its shapes are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CmaesFields {
    config: CmaesConfig,
    mean: Vec<f64>,
    sigma: f64,
    covariance: Matrix,
    basis: Matrix,
    scales: Vec<f64>,
    path_sigma: Vec<f64>,
    path_c: Vec<f64>,
    generations: u64,
    best: Option<Scored>,
    #[serde(default)]
    asked: Option<Vec<Vec<f64>>>,
}

impl TryFrom<CmaesFields> for Cmaes {
    type Error = String;

    /// The state, if its vectors and matrices fit its number of weights.
    fn try_from(f: CmaesFields) -> std::result::Result<Cmaes, String> {
        f.config.validate().map_err(|e| e.to_string())?;
        let n = f.mean.len();
        let square = |m: &Matrix| m.len() == n && m.iter().all(|row| row.len() == n);
        let asked_fit = f.asked.as_ref().is_none_or(|asked| {
            asked.len() == f.config.population_for(n) && asked.iter().all(|z| z.len() == n)
        });
        if n == 0
            || !square(&f.covariance)
            || !square(&f.basis)
            || [&f.scales, &f.path_sigma, &f.path_c]
                .iter()
                .any(|v| v.len() != n)
            || !asked_fit
        {
            return Err(format!(
                "the CMA-ES state's vectors and matrices do not all fit its {n} weights"
            ));
        }
        Ok(Cmaes {
            config: f.config,
            mean: f.mean,
            sigma: f.sigma,
            covariance: f.covariance,
            basis: f.basis,
            scales: f.scales,
            path_sigma: f.path_sigma,
            path_c: f.path_c,
            generations: f.generations,
            best: f.best,
            asked: f.asked,
        })
    }
}

/// `B D z`: a standard normal draw `z` turned into a step of covariance `C = B D² Bᵀ`.
fn correlate(basis: &Matrix, scales: &[f64], z: &[f64]) -> Vec<f64> {
    basis
        .iter()
        .map(|row| {
            row.iter()
                .zip(scales)
                .zip(z)
                .map(|((b, d), z)| b * d * z)
                .sum()
        })
        .collect()
}

/// `B v`.
fn rotate(basis: &Matrix, v: &[f64]) -> Vec<f64> {
    basis
        .iter()
        .map(|row| row.iter().zip(v).map(|(b, x)| b * x).sum())
        .collect()
}

/// `Σ w_k v_k` over the pairs of `weights` and `vectors`.
fn weighted_sum(weights: &[f64], vectors: &[&Vec<f64>], n: usize) -> Vec<f64> {
    let mut sum = vec![0.0; n];
    for (w, v) in weights.iter().zip(vectors) {
        for (s, x) in sum.iter_mut().zip(v.iter()) {
            *s += w * x;
        }
    }
    sum
}

/// The Euclidean norm of `v`.
fn norm(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

impl Cmaes {
    /// A fresh run over one weight per range: the mean at the ranges' centres, each weight's
    /// standard deviation `initial_sigma` times its range's width. Refuses ranges
    /// [`check_ranges`] refuses and ranges of width 0.
    pub fn new(config: CmaesConfig, ranges: &Ranges) -> Result<Cmaes> {
        config.validate()?;
        check_ranges(ranges, &[])?;
        if let Some((i, &(low, high))) = ranges.iter().enumerate().find(|(_, r)| r.0 >= r.1) {
            return Err(Error::Config(format!(
                "weight range {i} ({low}, {high}) has width 0: CMA-ES needs each range to span \
                 some values"
            )));
        }
        let n = ranges.len();
        let widths: Vec<f64> = ranges.iter().map(|(low, high)| high - low).collect();
        let rms = (widths.iter().map(|w| w * w).sum::<f64>() / n as f64).sqrt();
        let scales: Vec<f64> = widths.iter().map(|w| w / rms).collect();
        let diagonal = |values: &[f64]| -> Matrix {
            (0..n)
                .map(|i| {
                    (0..n)
                        .map(|j| if i == j { values[i] } else { 0.0 })
                        .collect()
                })
                .collect()
        };
        let variances: Vec<f64> = scales.iter().map(|d| d * d).collect();
        Ok(Cmaes {
            config,
            mean: ranges
                .iter()
                .map(|(low, high)| (low + high) / 2.0)
                .collect(),
            sigma: config.initial_sigma * rms,
            covariance: diagonal(&variances),
            basis: diagonal(&vec![1.0; n]),
            scales,
            path_sigma: vec![0.0; n],
            path_c: vec![0.0; n],
            generations: 0,
            best: None,
            asked: None,
        })
    }

    /// The settings.
    pub fn config(&self) -> &CmaesConfig {
        &self.config
    }

    /// The strategy parameters of this run.
    pub fn parameters(&self) -> Parameters {
        let n = self.mean.len();
        Parameters::new(n, self.config.population_for(n))
    }

    /// `m`: the mean of the search distribution.
    pub fn mean(&self) -> &[f64] {
        &self.mean
    }

    /// `σ`: the step-size.
    pub fn sigma(&self) -> f64 {
        self.sigma
    }

    /// `C`: the covariance matrix, row by row.
    pub fn covariance(&self) -> &Matrix {
        &self.covariance
    }

    /// The eigenvalues of `C` (`D²`), in the order of the columns of `B`.
    pub fn eigenvalues(&self) -> Vec<f64> {
        self.scales.iter().map(|d| d * d).collect()
    }

    /// The number of generations done.
    pub fn generations(&self) -> u64 {
        self.generations
    }

    /// The genome `m + σ B D z` of a standard normal draw `z`.
    fn genome(&self, z: &[f64]) -> Genome {
        correlate(&self.basis, &self.scales, z)
            .iter()
            .zip(&self.mean)
            .map(|(y, m)| m + self.sigma * y)
            .collect()
    }

    /// Moves the distribution by the draws `z` of the sample, ranked best first, and the
    /// fitnesses in the same order.
    fn update(&mut self, ranked_z: &[&Vec<f64>], ranked_fitness: &[f64]) {
        let n = self.mean.len();
        let p = self.parameters();
        let steps: Vec<Vec<f64>> = ranked_z
            .iter()
            .map(|z| correlate(&self.basis, &self.scales, z))
            .collect();
        let step_refs: Vec<&Vec<f64>> = steps.iter().collect();
        let selected = &p.weights[..p.mu];
        let mean_step = weighted_sum(selected, &step_refs[..p.mu], n);
        let mean_z = weighted_sum(selected, &ranked_z[..p.mu], n);
        for (m, y) in self.mean.iter_mut().zip(&mean_step) {
            *m += self.sigma * y;
        }

        // Step-size control: p_σ ← (1 - c_σ) p_σ + √(c_σ (2 - c_σ) μ_eff) C^(-1/2) ⟨y⟩_w, where
        // C^(-1/2) ⟨y⟩_w = B ⟨z⟩_w.
        let whitened = rotate(&self.basis, &mean_z);
        let kick = (p.c_sigma * (2.0 - p.c_sigma) * p.mu_eff).sqrt();
        for (ps, w) in self.path_sigma.iter_mut().zip(&whitened) {
            *ps = (1.0 - p.c_sigma) * *ps + kick * w;
        }
        let length = norm(&self.path_sigma);
        self.sigma *= libm::exp(p.c_sigma / p.d_sigma * (length / p.chi_n - 1.0));
        if ranked_fitness.first() == ranked_fitness.get(p.lambda / 2) {
            self.sigma *= libm::exp(0.2 + p.c_sigma / p.d_sigma);
        }

        // Covariance: the path p_c, stalled by h_σ while p_σ is long.
        let t = (self.generations + 1) as f64;
        let unbiased = (1.0 - libm::pow(1.0 - p.c_sigma, 2.0 * t)).sqrt();
        let stalled = length / unbiased >= (1.4 + 2.0 / (n as f64 + 1.0)) * p.chi_n;
        let h_sigma = if stalled { 0.0 } else { 1.0 };
        let kick = h_sigma * (p.c_c * (2.0 - p.c_c) * p.mu_eff).sqrt();
        for (pc, y) in self.path_c.iter_mut().zip(&mean_step) {
            *pc = (1.0 - p.c_c) * *pc + kick * y;
        }
        // w°_i: a negative weight times n / ‖C^(-1/2) y_i‖² = n / ‖z_i‖².
        let rank_weights: Vec<f64> = p
            .weights
            .iter()
            .zip(ranked_z)
            .map(|(&w, z)| {
                let squared = z.iter().map(|x| x * x).sum::<f64>();
                if w >= 0.0 || squared == 0.0 {
                    w
                } else {
                    w * n as f64 / squared
                }
            })
            .collect();
        let delta = (1.0 - h_sigma) * p.c_c * (2.0 - p.c_c);
        let weight_sum: f64 = p.weights.iter().sum();
        let keep = 1.0 + p.c_1 * delta - p.c_1 - p.c_mu * weight_sum;
        for i in 0..n {
            for j in i..n {
                let rank_mu: f64 = rank_weights
                    .iter()
                    .zip(&steps)
                    .map(|(w, y)| w * y[i] * y[j])
                    .sum();
                let c = keep * self.covariance[i][j]
                    + p.c_1 * self.path_c[i] * self.path_c[j]
                    + p.c_mu * rank_mu;
                self.covariance[i][j] = c;
                self.covariance[j][i] = c;
            }
        }
        let (values, basis) = symmetric_eigen(&self.covariance);
        self.scales = values.iter().map(|v| v.max(0.0).sqrt()).collect();
        self.basis = basis;
    }
}

impl Learner for Cmaes {
    /// `λ` genomes `m + σ B D z_k` from the current distribution.
    fn ask(&mut self, rng: &mut GameRng) -> Vec<Genome> {
        let n = self.mean.len();
        let draws = match self.asked.take() {
            Some(draws) => draws,
            None => (0..self.config.population_for(n))
                .map(|_| (0..n).map(|_| rng.normal()).collect())
                .collect(),
        };
        let genomes = draws.iter().map(|z| self.genome(z)).collect();
        self.asked = Some(draws);
        genomes
    }

    /// Ranks the sample by fitness, best first (NaN or missing last, ties in sample order), and
    /// updates the mean, the step-size, the paths and the covariance, unless nothing was scored;
    /// returns the sample scored.
    fn tell(&mut self, _rng: &mut GameRng, fitness: &[f64]) -> Vec<Scored> {
        let Some(draws) = self.asked.take() else {
            return Vec::new();
        };
        let fitness: Vec<f64> = (0..draws.len())
            .map(|k| fitness.get(k).copied().unwrap_or(f64::NAN))
            .collect();
        let scored: Vec<Scored> = draws
            .iter()
            .zip(&fitness)
            .map(|(z, &fitness)| Scored {
                genome: self.genome(z),
                fitness,
            })
            .collect();
        let mut order: Vec<usize> = (0..draws.len()).collect();
        order.sort_by(|&a, &b| rank_key(fitness[b]).total_cmp(&rank_key(fitness[a])));
        if let Some(&top) = order.first()
            && !fitness[top].is_nan()
        {
            Scored::keep_best(&mut self.best, &scored[top]);
        }
        // With nothing scored there is nothing to learn from: the state stays as it was.
        if fitness.iter().any(|f| !f.is_nan()) {
            let ranked_z: Vec<&Vec<f64>> = order.iter().map(|&k| &draws[k]).collect();
            let ranked_fitness: Vec<f64> = order.iter().map(|&k| rank_key(fitness[k])).collect();
            self.update(&ranked_z, &ranked_fitness);
        }
        self.generations += 1;
        scored
    }

    fn best(&self) -> Option<&Scored> {
        self.best.as_ref()
    }

    fn start_at(&mut self, start: &[f64]) {
        self.mean = start.to_vec();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        RANGES, TARGET, assert_ask_tell_matches_generation, assert_refused, assert_resumes_exactly,
        quadratic,
    };

    fn close(got: f64, want: f64, tolerance: f64) -> bool {
        (got - want).abs() <= tolerance
    }

    #[test]
    fn the_default_population_is_four_plus_three_log_n() {
        let config = CmaesConfig::default();
        // ln 1 = 0, ln 2 = 0.69, ln 8 = 2.08, ln 10 = 2.30, ln 40 = 3.69.
        let sizes: Vec<usize> = [1, 2, 8, 10, 40]
            .iter()
            .map(|&n| config.population_for(n))
            .collect();
        assert_eq!(sizes, [4, 6, 10, 10, 15]);
        let set = CmaesConfig {
            population: Some(7),
            ..config
        };
        assert_eq!(set.population_for(10), 7);
    }

    #[test]
    fn parameters_for_ten_weights_are_table_1s() {
        // Worked out by hand for n = 10, λ = 10: w'_i = ln 5.5 - ln i, so the five positive
        // ones are 1.704748, 1.011601, 0.606136, 0.318454, 0.095310 (sum 3.736249, squares
        // 4.407400): μ_eff = 3.736249² / 4.407400 = 3.16730. Then c_σ = 5.16730 / 18.16730,
        // d_σ = 1 + 0 + c_σ (√(2.1673 / 11) < 1), c_c = 4.31673 / 14.63346,
        // c_1 = 2 / (11.3² + μ_eff) and c_μ = 2 (μ_eff - 2 + 1/μ_eff) / (12² + μ_eff).
        let p = Parameters::new(10, 10);
        assert_eq!((p.lambda, p.mu), (10, 5));
        assert!(close(p.mu_eff, 3.16730, 1e-5), "{}", p.mu_eff);
        assert!(close(p.c_sigma, 0.284428, 1e-6), "{}", p.c_sigma);
        assert!(close(p.d_sigma, 1.284428, 1e-6), "{}", p.d_sigma);
        assert!(close(p.c_c, 0.294990, 1e-6), "{}", p.c_c);
        assert!(close(p.c_1, 0.0152838, 1e-7), "{}", p.c_1);
        assert!(close(p.c_mu, 0.0201543, 1e-7), "{}", p.c_mu);
        // χ_n = √10 (1 - 1/40 + 1/2100).
        assert!(close(p.chi_n, 3.084727, 1e-6), "{}", p.chi_n);
        // The positive weights are w' / 3.736249, best first; they sum to 1.
        assert!(close(p.weights[0], 1.704748 / 3.736249, 1e-6));
        assert!(close(p.weights[4], 0.095310 / 3.736249, 1e-6));
        assert!(close(p.weights[..5].iter().sum(), 1.0, 1e-15));
        // The negative ones sum to -min(α_μ⁻, α_μeff⁻, α_posdef⁻): α_μ⁻ = 1 + c_1 / c_μ =
        // 1.758341 is below α_μeff⁻ = 1 + 2 · 3.98911 / 5.16730 = 2.54398 and
        // α_posdef⁻ = (1 - c_1 - c_μ) / (10 c_μ) = 4.78589.
        assert!(p.weights[5..].iter().all(|&w| w < 0.0));
        let negative: f64 = p.weights[5..].iter().sum();
        assert!(close(negative, -1.758341, 1e-5), "{negative}");
        assert!(p.weights.windows(2).all(|w| w[0] > w[1]));
    }

    #[test]
    fn an_odd_population_gives_its_middle_genome_no_weight() {
        // λ = 7: μ = 3 and w'_4 = ln 4 - ln 4 = 0.
        let p = Parameters::new(4, 7);
        assert_eq!(p.mu, 3);
        assert_eq!(p.weights[3], 0.0);
        assert!(p.weights[4..].iter().all(|&w| w < 0.0));
    }

    #[test]
    fn a_run_starts_at_the_centre_with_a_fraction_of_each_width() {
        let config = CmaesConfig {
            initial_sigma: 0.25,
            ..CmaesConfig::default()
        };
        let cmaes = Cmaes::new(config, &[(0.0, 2.0), (-1.0, 5.0)]).unwrap();
        assert_eq!(cmaes.mean(), &[1.0, 2.0]);
        // Widths 2 and 6: root mean square √20, so σ = 0.25 √20 and C = diag(4, 36) / 20.
        assert!(close(cmaes.sigma(), 0.25 * 20f64.sqrt(), 1e-15));
        let c = cmaes.covariance();
        assert!(close(c[0][0], 0.2, 1e-15) && close(c[1][1], 1.8, 1e-15));
        assert_eq!((c[0][1], c[1][0]), (0.0, 0.0));
        // Each weight's standard deviation σ √C_ii is a quarter of its width: 0.5 and 1.5.
        assert!(close(cmaes.sigma() * c[0][0].sqrt(), 0.5, 1e-15));
        assert!(close(cmaes.sigma() * c[1][1].sqrt(), 1.5, 1e-15));
    }

    #[test]
    fn a_flat_fitness_widens_the_step() {
        let mut cmaes = Cmaes::new(CmaesConfig::default(), &RANGES).unwrap();
        let mut rng = GameRng::new(3, 0);
        let before = cmaes.sigma();
        cmaes.generation(&mut rng, &mut |g: &[Genome]| vec![1.0; g.len()]);
        let p = cmaes.parameters();
        let ratio = p.c_sigma / p.d_sigma;
        let mut expected = before;
        expected *= libm::exp(ratio * (norm(&cmaes.path_sigma) / p.chi_n - 1.0));
        expected *= libm::exp(0.2 + ratio);
        assert_eq!(cmaes.sigma(), expected);
    }

    #[test]
    fn improves_a_toy_quadratic() {
        let mut cmaes = Cmaes::new(CmaesConfig::default(), &RANGES).unwrap();
        let mut rng = GameRng::new(3, 7);
        for _ in 0..60 {
            cmaes.generation(&mut rng, &mut quadratic);
        }
        assert!(cmaes.best().unwrap().fitness > 100.0 - 1e-6);
        for (m, t) in cmaes.mean().iter().zip(TARGET) {
            assert!((m - t).abs() < 1e-3, "{:?}", cmaes.mean());
        }
    }

    #[test]
    fn ask_and_tell_run_the_same_generations_and_resume_after_json() {
        let cmaes = Cmaes::new(CmaesConfig::default(), &RANGES).unwrap();
        assert_ask_tell_matches_generation(cmaes.clone(), quadratic, 6);
        let mut started = cmaes;
        let mut rng = GameRng::new(4, 0);
        for _ in 0..3 {
            started.generation(&mut rng, &mut quadratic);
        }
        assert_resumes_exactly(started, &mut quadratic, 3);
    }

    #[test]
    fn validation_names_the_bad_value() {
        let bad = |config: CmaesConfig, ranges: &[(f64, f64)], words: &[&str]| {
            assert_refused(Cmaes::new(config, ranges), &format!("{config:?}"), words);
        };
        let base = CmaesConfig::default();
        let population = |p| CmaesConfig {
            population: Some(p),
            ..base
        };
        bad(population(1), &RANGES, &["population 1", "at least 2"]);
        bad(population(0), &RANGES, &["population 0"]);
        for sigma in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let config = CmaesConfig {
                initial_sigma: sigma,
                ..base
            };
            bad(config, &RANGES, &["initial_sigma", &sigma.to_string()]);
        }
        bad(base, &[], &["no weight ranges"]);
        bad(
            base,
            &[(0.0, 1.0), (2.0, 2.0)],
            &["range 1 (2, 2)", "width 0"],
        );
        bad(base, &[(1.0, 0.0)], &["range 0 (1, 0)"]);
    }

    #[test]
    fn a_state_whose_shapes_do_not_fit_is_refused() {
        let mut cmaes = Cmaes::new(CmaesConfig::default(), &RANGES).unwrap();
        cmaes.ask(&mut GameRng::new(1, 1));
        let good = serde_json::to_value(&cmaes).unwrap();
        assert_eq!(
            serde_json::from_value::<Cmaes>(good.clone()).unwrap(),
            cmaes
        );
        for field in [
            "covariance",
            "basis",
            "scales",
            "path_sigma",
            "path_c",
            "asked",
        ] {
            let mut bad = good.clone();
            bad[field].as_array_mut().unwrap().pop();
            let error = serde_json::from_value::<Cmaes>(bad)
                .unwrap_err()
                .to_string();
            assert!(
                error.contains("do not all fit its 4 weights"),
                "{field}: {error}"
            );
        }
        let mut bad = good.clone();
        bad["basis"][2].as_array_mut().unwrap().push(0.0.into());
        assert!(serde_json::from_value::<Cmaes>(bad).is_err());
        let mut bad = good;
        bad["config"]["population"] = 1.into();
        let error = serde_json::from_value::<Cmaes>(bad)
            .unwrap_err()
            .to_string();
        assert!(error.contains("population 1"), "{error}");
    }

    #[test]
    fn short_or_nan_scores_do_not_panic() {
        let mut cmaes = Cmaes::new(CmaesConfig::default(), &RANGES).unwrap();
        let mut rng = GameRng::new(6, 0);
        let fresh = cmaes.clone();
        let scored = cmaes.generation(&mut rng, &mut |_: &[Genome]| Vec::new());
        assert_eq!(scored.len(), 8);
        assert!(scored.iter().all(|s| s.fitness.is_nan()));
        assert_eq!(cmaes.best(), None);
        assert_eq!(cmaes.mean(), fresh.mean());
        assert_eq!(cmaes.sigma(), fresh.sigma());
        let mut nan_first = |genomes: &[Genome]| {
            (0..genomes.len())
                .map(|i| if i == 0 { f64::NAN } else { i as f64 })
                .collect()
        };
        cmaes.generation(&mut rng, &mut nan_first);
        assert_eq!(cmaes.best().unwrap().fitness, 7.0);
        assert!(cmaes.mean().iter().all(|m| m.is_finite()));
        assert!(cmaes.sigma().is_finite());
    }

    #[test]
    fn the_config_round_trips_and_refuses_unknown_fields() {
        let config = CmaesConfig {
            population: Some(12),
            initial_sigma: 0.5,
        };
        let text = serde_json::to_string(&config).unwrap();
        assert_eq!(text, r#"{"population":12,"initial_sigma":0.5}"#);
        assert_eq!(serde_json::from_str::<CmaesConfig>(&text).unwrap(), config);
        let partial: CmaesConfig = serde_json::from_str(r#"{"initial_sigma": 0.1}"#).unwrap();
        assert_eq!(partial.population, None);
        assert!(serde_json::from_str::<CmaesConfig>(r#"{"sigma": 0.2}"#).is_err());
    }
}
