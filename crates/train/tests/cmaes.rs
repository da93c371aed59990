//! CMA-ES on known functions, driven through the ask and tell that runs use, with a function
//! scoring the genomes instead of Tetris games (fitness is maximised: it is minus the function).

use proptest::prelude::*;
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_train::Learner;
use tetris_ai_train::cmaes::{Cmaes, CmaesConfig};

/// `Σ x_i²`.
fn sphere(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
}

/// `Σ 100 (x_{i+1} - x_i²)² + (1 - x_i)²`, 0 at (1, ..., 1).
fn rosenbrock(x: &[f64]) -> f64 {
    x.windows(2)
        .map(|w| 100.0 * (w[1] - w[0] * w[0]).powi(2) + (1.0 - w[0]).powi(2))
        .sum()
}

/// The axis scales of [`ellipsoid`] in `n` dimensions: `10^(6 i / (n - 1))`, from 1 to 10⁶.
fn ellipsoid_scales(n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| libm::pow(10.0, 6.0 * i as f64 / (n - 1) as f64))
        .collect()
}

/// `Σ 10^(6 i / (n - 1)) x_i²`: a Hessian of condition number 10⁶.
fn ellipsoid(x: &[f64]) -> f64 {
    x.iter()
        .zip(ellipsoid_scales(x.len()))
        .map(|(v, s)| s * v * v)
        .sum()
}

/// CMA-ES over `n` weights from the mean `mean` with step-size `sigma` (a range of width
/// `4 sigma` around the mean, of which the initial step is a quarter), default population.
fn start(n: usize, mean: f64, sigma: f64) -> Cmaes {
    let config = CmaesConfig {
        initial_sigma: 0.25,
        ..CmaesConfig::default()
    };
    let ranges = vec![(mean - 2.0 * sigma, mean + 2.0 * sigma); n];
    Cmaes::new(config, &ranges).unwrap()
}

/// What a minimisation did: the evaluations until `f` fell below the target (or the budget),
/// the best value reached, and σ after each generation.
struct Minimised {
    evaluations: usize,
    best: f64,
    sigmas: Vec<f64>,
}

/// Minimises `f` through ask and tell until the best value is below `target` or `budget`
/// evaluations are spent; `check` sees the state after every generation.
fn minimise(
    cmaes: &mut Cmaes,
    f: fn(&[f64]) -> f64,
    target: f64,
    budget: usize,
    seed: u64,
    mut check: impl FnMut(&Cmaes),
) -> Minimised {
    let mut rng = GameRng::new(seed, 1);
    let mut done = Minimised {
        evaluations: 0,
        best: f64::INFINITY,
        sigmas: Vec::new(),
    };
    while done.best >= target && done.evaluations < budget {
        let genomes = cmaes.ask(&mut rng);
        let fitness: Vec<f64> = genomes.iter().map(|g| -f(g)).collect();
        done.evaluations += genomes.len();
        cmaes.tell(&mut rng, &fitness);
        done.best = -cmaes.best().unwrap().fitness;
        done.sigmas.push(cmaes.sigma());
        check(cmaes);
    }
    done
}

/// Checks that `C` is exactly symmetric and positive definite (every eigenvalue above 0), and
/// that its eigenvalues sum to its trace.
fn assert_symmetric_positive_definite(cmaes: &Cmaes) {
    let c = cmaes.covariance();
    for (i, row) in c.iter().enumerate() {
        for (j, value) in row.iter().enumerate() {
            assert_eq!(*value, c[j][i], "C is not symmetric at ({i}, {j})");
        }
    }
    let eigenvalues = cmaes.eigenvalues();
    assert!(eigenvalues.iter().all(|&e| e > 0.0), "{eigenvalues:?}");
    let trace: f64 = (0..c.len()).map(|i| c[i][i]).sum();
    let sum: f64 = eigenvalues.iter().sum();
    assert!((trace - sum).abs() <= 1e-12 * trace, "{trace} {sum}");
}

#[test]
fn the_sphere_in_10_dimensions_converges_geometrically() {
    // The tutorial's run: n = 10 from m = (1, ..., 1) with σ = 0.5 and λ = 10 reaches f < 1e-10
    // in about 1,000 to 2,000 evaluations. Over seeds 1 to 100 this implementation takes 1,480
    // to 1,890 (median 1,670): the bound is the tutorial's 2,000, and fewer than 1,000 would
    // be faster than CMA-ES goes on the sphere (a sign the function or the ranking is wrong).
    for seed in 1..=5 {
        let mut cmaes = start(10, 1.0, 0.5);
        assert_eq!(cmaes.parameters().lambda, 10);
        let run = minimise(&mut cmaes, sphere, 1e-10, 2_000, seed, |c| {
            assert_symmetric_positive_definite(c)
        });
        assert!(run.best < 1e-10, "seed {seed}: f = {} at 2,000", run.best);
        assert!(run.evaluations >= 1_000, "seed {seed}: {}", run.evaluations);
        // Once converging, σ shrinks geometrically. From f = 10 to 1e-10 in about 165
        // generations, f falls by e^(ln(1e-11) / 165) = e^-0.154 a generation, and σ, which
        // follows the distance √f to the optimum, by e^-0.077: by e^-3.1 = 0.046 over 40
        // generations. Over seeds 1 to 100, every 40 generations from the 30th on σ fell by a
        // factor between 0.028 and 0.185; asserted here: between 0.01 and 0.3, never a rise.
        for window in run.sigmas[30..].windows(41) {
            let ratio = window[40] / window[0];
            assert!((0.01..0.3).contains(&ratio), "seed {seed}: {ratio}");
        }
    }
}

#[test]
fn rosenbrock_in_10_dimensions_reaches_1e_8() {
    // The tutorial's figures for Rosenbrock in 10 dimensions: about 6,000 to 10,000
    // evaluations, with the rank-μ update of positive weights only. With Table 1's negative
    // weights, from m = 0 and σ = 0.5, seeds 1 to 100 here took 4,430 to 6,930 evaluations
    // (median 5,070); asserted: within 8,000. Three of the hundred (2, 21 and 45) end in the
    // function's known local minimum near x_1 = -1, at f = 3.98658, as CMA-ES sometimes does
    // with its default population; of seeds 1 to 10, seed 2 does.
    for seed in 1..=10 {
        let mut cmaes = start(10, 0.0, 0.5);
        let run = minimise(&mut cmaes, rosenbrock, 1e-8, 8_000, seed, |c| {
            assert_symmetric_positive_definite(c)
        });
        if seed == 2 {
            assert!((run.best - 3.98658).abs() < 1e-5, "f = {}", run.best);
        } else {
            assert!(run.best < 1e-8, "seed {seed}: f = {}", run.best);
        }
    }
}

#[test]
fn on_an_ill_conditioned_ellipsoid_c_learns_the_axes() {
    // The Hessian is diag(2 · 10^(6 i / 9)): C learns its inverse, so the ratio of C's largest
    // eigenvalue to its smallest approaches the conditioning, 10⁶, and C_ii · 10^(6 i / 9) is
    // the same on every axis. Over seeds 1 to 10 it reached f < 1e-10 in 4,100 to 4,750
    // evaluations, the ratio between 0.84e6 and 1.67e6, and those products within a factor of
    // 2.5; asserted: within 6,000, between 3e5 and 3e6, within a factor of 5.
    let mut cmaes = start(10, 1.0, 0.5);
    let run = minimise(&mut cmaes, ellipsoid, 1e-10, 6_000, 3, |c| {
        assert_symmetric_positive_definite(c)
    });
    assert!(run.best < 1e-10, "f = {}", run.best);
    let eigenvalues = cmaes.eigenvalues();
    let largest = eigenvalues.iter().copied().fold(0.0, f64::max);
    let smallest = eigenvalues.iter().copied().fold(f64::INFINITY, f64::min);
    let ratio = largest / smallest;
    assert!((3e5..3e6).contains(&ratio), "{ratio:e}");
    let c = cmaes.covariance();
    let scales = ellipsoid_scales(10);
    let whitened: Vec<f64> = (0..10).map(|i| c[i][i] * scales[i]).collect();
    let spread = whitened.iter().copied().fold(0.0, f64::max)
        / whitened.iter().copied().fold(f64::INFINITY, f64::min);
    assert!(spread < 5.0, "{whitened:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Saving the state as JSON (after a generation or between an ask and its tell) and
    /// resuming gives the run an uninterrupted one does.
    #[test]
    fn a_resumed_state_continues_as_an_uninterrupted_one(
        seed in any::<u64>(),
        before in 0usize..6,
        after in 1usize..6,
        mid_generation in any::<bool>(),
    ) {
        let mut straight = start(5, 0.5, 0.3);
        let mut rng = GameRng::new(seed, 3);
        let score = |genomes: &[Vec<f64>]| -> Vec<f64> {
            genomes.iter().map(|g| -rosenbrock(g)).collect()
        };
        for _ in 0..before {
            let genomes = straight.ask(&mut rng);
            straight.tell(&mut rng, &score(&genomes));
        }
        if mid_generation {
            straight.ask(&mut rng);
        }
        let mut resumed: Cmaes =
            serde_json::from_str(&serde_json::to_string(&straight).unwrap()).unwrap();
        let mut resumed_rng = rng.clone();
        prop_assert_eq!(&resumed, &straight);
        for _ in 0..after {
            let genomes = straight.ask(&mut rng);
            let scored = straight.tell(&mut rng, &score(&genomes));
            let again = resumed.ask(&mut resumed_rng);
            prop_assert_eq!(&again, &genomes);
            prop_assert_eq!(resumed.tell(&mut resumed_rng, &score(&again)), scored);
        }
        prop_assert_eq!(resumed, straight);
    }
}
