//! Training runs: deterministic for a seed whatever the thread count, resumable exactly,
//! improving from random weights, and refusing corrupt checkpoints.

mod runs;

use tetris_ai_core::Weights;
use tetris_ai_train::cmaes::CmaesConfig;
use tetris_ai_train::evolution::{Evolution, EvolutionConfig};
use tetris_ai_train::ga;
use tetris_ai_train::hill::HillConfig;
use tetris_ai_train::optimizers::OptimizerConfig;
use tetris_ai_train::validation::ValidationConfig;

/// The best 2 genomes of each generation validated on 3 games.
const VALIDATED: ValidationConfig = ValidationConfig {
    top: 2,
    games: 3,
    report_games: 0,
};

fn ga_config(seed: u64) -> EvolutionConfig {
    let features = runs::du_features();
    let names: Vec<&str> = features.iter().map(String::as_str).collect();
    let (mut config, ranges) = ga::preset("cs3243", &names).unwrap();
    config.population = 12;
    EvolutionConfig {
        features,
        ranges,
        optimizer: OptimizerConfig::Ga(config),
        ..runs::cem_on_8x8(seed, 12, 2, 300, VALIDATED)
    }
}

fn cem_config(seed: u64, population: usize, games: usize) -> EvolutionConfig {
    runs::cem_on_8x8(seed, population, games, 2_000, VALIDATED)
}

/// CMA-ES with its default population (10 for the eight DU features) from the ranges' centre.
fn cmaes_config(seed: u64) -> EvolutionConfig {
    EvolutionConfig {
        optimizer: OptimizerConfig::Cmaes(CmaesConfig::default()),
        ..cem_config(seed, 10, 2)
    }
}

/// The run's state as JSON text with the wall-clock timings taken out (compared as text: the
/// random streams' 128-bit states do not fit a `serde_json::Value`).
fn without_timings(run: &Evolution) -> String {
    run.to_json()
        .lines()
        .filter(|line| !line.contains("\"elapsed_seconds\""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `checkpoint` with its learner state replaced by a fresh one of `other`'s optimizer (spliced
/// as text: the random streams' 128-bit states do not fit a `serde_json::Value`).
fn with_learner_of(checkpoint: &str, other: EvolutionConfig) -> String {
    let learner = |text: &str| {
        let start = text.find("\"learner\":").unwrap();
        let end = text.find("\"learner_rng\":").unwrap();
        (start, end)
    };
    let other = Evolution::new(other).unwrap().to_json();
    let (from, to) = learner(checkpoint);
    let (other_from, other_to) = learner(&other);
    format!(
        "{}{}{}",
        &checkpoint[..from],
        &other[other_from..other_to],
        &checkpoint[to..]
    )
}

fn run_on(threads: usize, config: EvolutionConfig, generations: u32) -> Evolution {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let mut run = Evolution::new(config).unwrap();
    for _ in 0..generations {
        pool.install(|| run.next_generation(&|_, _| {})).unwrap();
    }
    run
}

#[test]
fn runs_are_deterministic_and_independent_of_the_thread_count() {
    for config in [ga_config(5), cem_config(5, 10, 2), cmaes_config(5)] {
        let one = run_on(1, config.clone(), 3);
        let two = run_on(2, config.clone(), 3);
        assert_eq!(without_timings(&one), without_timings(&two));
        assert_eq!(one.history().len(), 3);
        let other_seed = run_on(2, EvolutionConfig { seed: 6, ..config }, 3);
        assert_ne!(without_timings(&one), without_timings(&other_seed));
    }
}

#[test]
fn a_resumed_run_equals_an_uninterrupted_one() {
    let dir = std::env::temp_dir().join(format!("tetris-ai-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, config) in [
        ("ga", ga_config(9)),
        ("cem", cem_config(9, 10, 2)),
        ("cmaes", cmaes_config(9)),
    ] {
        let straight = run_on(2, config.clone(), 4);
        let first_half = run_on(2, config, 2);
        let path = dir.join(format!("{name}.json"));
        first_half.save(&path).unwrap();
        let mut resumed = Evolution::load(&path).unwrap();
        for _ in 0..2 {
            resumed.next_generation(&|_, _| {}).unwrap();
        }
        assert_eq!(
            without_timings(&resumed),
            without_timings(&straight),
            "{name}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cross_entropy_from_random_weights_clearly_improves() {
    // Without validation, the best weights are the best training score's.
    let config = EvolutionConfig {
        validation: ValidationConfig {
            top: 0,
            games: 1,
            report_games: 0,
        },
        ..cem_config(1, 30, 4)
    };
    let mut run = Evolution::new(config).unwrap();
    for _ in 0..8 {
        run.next_generation(&|_, _| {}).unwrap();
    }
    let history = run.history();
    let first = history[0].mean;
    let last = history.last().unwrap().mean;
    assert!(
        last > 3.0 * first.max(1.0),
        "mean fitness went from {first} to {last}"
    );
    let (weights, fitness) = run.best().unwrap();
    assert_eq!(fitness, history.iter().map(|r| r.best).fold(0.0, f64::max));
    // The best weights export as JSON and import back unchanged.
    assert_eq!(Weights::from_json(&weights.to_json()).unwrap(), weights);
}

#[test]
fn corrupt_checkpoints_are_refused_and_left_alone() {
    let dir = std::env::temp_dir().join(format!("tetris-ai-corrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = run_on(2, cem_config(2, 6, 1), 1);
    let good = run.to_json();
    let hill_climb = EvolutionConfig {
        optimizer: OptimizerConfig::HillClimb(HillConfig::default()),
        ..cem_config(2, 6, 1)
    };
    let cases = [
        (
            "truncated",
            good[..good.len() / 2].to_string(),
            "ends too early",
        ),
        ("empty", String::new(), "ends too early"),
        ("not json", "tetris".to_string(), "not JSON"),
        (
            "wrong format",
            good.replacen("\"format\": 1", "\"format\": 99", 1),
            "format 99",
        ),
        (
            "wrong learner",
            with_learner_of(&good, hill_climb),
            "hill_climb",
        ),
        (
            "bad feature",
            good.replacen("\"holes\"", "\"hole\"", 1),
            "\"hole\"",
        ),
    ];
    for (name, text, expected) in cases {
        let path = dir.join(format!("{}.json", name.replace(' ', "-")));
        std::fs::write(&path, &text).unwrap();
        let error = Evolution::load(&path).unwrap_err().to_string();
        assert!(
            error.contains(&path.display().to_string()),
            "{name}: {error}"
        );
        assert!(error.contains(expected), "{name}: {error}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "{name} was changed"
        );
    }
    let missing = Evolution::load(&dir.join("missing.json"))
        .unwrap_err()
        .to_string();
    assert!(missing.contains("missing.json"), "{missing}");
    std::fs::remove_dir_all(&dir).unwrap();
}
