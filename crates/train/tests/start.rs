//! Runs started from given weights: every optimizer begins at them, the ranges lie around them,
//! and bad starts are named.

use serde_json::Value;
use tetris_ai_core::ai::weights::Weights;
use tetris_ai_train::evolution::Evolution;
use tetris_ai_train::setup::RunOptions;

/// `dt10`'s published weights, in its order (Scherrer's DT-10).
const DT10: [(&str, f64); 9] = [
    ("landing_height", -2.18),
    ("eroded_piece_cells", 2.42),
    ("row_transitions", -2.17),
    ("column_transitions", -3.31),
    ("holes", 0.95),
    ("cumulative_wells", -2.22),
    ("hole_depth", -0.81),
    ("rows_with_holes", -9.65),
    ("pattern_diversity", 1.27),
];

/// A run of `optimizer` started at `start` with spread 0.5.
fn started(optimizer: &str, start: &[(&str, f64)]) -> Evolution {
    let options = RunOptions {
        optimizer: optimizer.into(),
        start: Some(Weights::new(start.iter().map(|&(f, w)| (f, w, None))).unwrap()),
        spread: 0.5,
        population: Some(10),
        seed: 3,
        ..RunOptions::default()
    };
    Evolution::new(options.config().unwrap()).unwrap()
}

/// The weights alone of `start`.
fn weights(start: &[(&str, f64)]) -> Vec<f64> {
    start.iter().map(|&(_, w)| w).collect()
}

/// The optimizer's state as its checkpoint holds it.
fn learner_state(run: &Evolution) -> Value {
    let checkpoint: Value = serde_json::from_str(&run.to_json()).unwrap();
    checkpoint["learner"]["state"].clone()
}

#[test]
fn the_run_learns_the_starts_features_in_ranges_around_its_weights() {
    let config = started("cmaes", &DT10).config().clone();
    let names: Vec<&str> = DT10.iter().map(|&(f, _)| f).collect();
    assert_eq!(config.features, names);
    assert_eq!(config.start, Some(weights(&DT10)));
    assert_eq!(config.ranges[0], (-2.68, -1.6800000000000002));
    assert_eq!(config.ranges[7], (-10.15, -9.15));
}

#[test]
fn the_distributions_are_centred_on_the_start() {
    for optimizer in ["cmaes", "cem"] {
        let run = started(optimizer, &DT10);
        let mean: Vec<f64> = serde_json::from_value(learner_state(&run)["mean"].clone()).unwrap();
        assert_eq!(mean, weights(&DT10), "{optimizer}");
    }
    // The cross-entropy method's spread is the start's: a variance of 0.5².
    let variance = &learner_state(&started("cem", &DT10))["variance"];
    assert_eq!(variance[0], 0.25);
    // CMA-ES's step size is initial_sigma (0.3) times the ranges' width (1) in all.
    let sigma = learner_state(&started("cmaes", &DT10))["sigma"]
        .as_f64()
        .unwrap();
    assert!((sigma - 0.3).abs() < 1e-12, "{sigma}");
}

#[test]
fn the_climbers_first_try_the_start_and_the_ga_counts_it_in_its_first_population() {
    for optimizer in ["hill_climb", "anneal", "ga"] {
        let mut run = started(optimizer, &DT10);
        let batch = run.ask().unwrap();
        assert_eq!(batch.genomes()[0], weights(&DT10), "{optimizer}");
    }
    let mut ga = started("ga", &DT10);
    let batch = ga.ask().unwrap();
    assert_eq!(batch.genomes().len(), 10);
    for genome in &batch.genomes()[1..] {
        assert_ne!(genome, &weights(&DT10));
        for (w, (_, start)) in genome.iter().zip(DT10) {
            assert!((start - 0.5..start + 0.5).contains(w), "{w} around {start}");
        }
    }
}

#[test]
fn a_started_run_resumes_from_its_checkpoint() {
    let run = started("cmaes", &DT10);
    let resumed = Evolution::from_json(&run.to_json()).unwrap();
    assert_eq!(resumed.config().start, Some(weights(&DT10)));
    assert_eq!(resumed.to_json(), run.to_json());
}

#[test]
fn bad_starts_are_named() {
    let refused = |json: &str, words: &[&str]| {
        let message = match serde_json::from_str::<RunOptions>(json) {
            Ok(options) => options.config().unwrap_err().to_string(),
            Err(e) => e.to_string(),
        };
        for word in words {
            assert!(message.contains(word), "{json}: {message}");
        }
    };
    refused(r#"{"start": {"holes": -1, "wells": 2}}"#, &["\"wells\""]);
    refused(
        r#"{"start": {"holes": -1, "holes": 2}}"#,
        &["\"holes\"", "twice"],
    );
    refused(
        r#"{"start": {"holes": {"weight": -1, "exponent": 2}}}"#,
        &["\"holes\"", "exponent 2"],
    );
    refused(
        r#"{"start": {"holes": -1}, "features": "du"}"#,
        &["features", "start", "one or the other"],
    );
    refused(
        r#"{"start": {"holes": -1}, "spread": 0}"#,
        &["spread", "0", "above 0"],
    );
    refused(
        r#"{"start": {"holes": -1}, "spread": -2}"#,
        &["spread", "-2"],
    );
    refused(r#"{"start": {}}"#, &["no features"]);
    let plain = r#"{"start": {"holes": {"weight": -1, "exponent": 1}}}"#;
    let options: RunOptions = serde_json::from_str(plain).unwrap();
    assert_eq!(options.config().unwrap().start, Some(vec![-1.0]));
}
