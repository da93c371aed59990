//! Scoring by matches: a player scores by its results against the pool, the same seed gives the
//! same points, a run learns by them and resumes from its checkpoint, and bad settings are
//! refused by name.

use tetris_ai_core::ai::presets;
use tetris_ai_core::ai::weights::Weights;
use tetris_ai_core::engine::rules::{RuleSet, Rules};
use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::engine::versus::pace::Pace;
use tetris_ai_train::batch::GameBatch;
use tetris_ai_train::evolution::Evolution;
use tetris_ai_train::fitness::{FitnessConfig, SurvivalEffort};
use tetris_ai_train::matches::{Opponent, VersusFitness, WIN_POINTS};
use tetris_ai_train::setup::RunOptions;
use tetris_ai_train::validation::ValidationConfig;

/// An opponent that weighs nothing: every placement ties and its seed picks, so it tops out
/// within a few dozen pieces.
fn aimless() -> Opponent {
    Opponent {
        name: "aimless".into(),
        weights: Weights::default(),
    }
}

/// Matches of at most `max_pieces` a side under guideline rules on 10x20 against `opponents`.
fn matches(opponents: Vec<Opponent>, max_pieces: u64) -> FitnessConfig {
    FitnessConfig {
        width: 10,
        height: 20,
        rules: Rules::guideline(),
        games: 4,
        max_pieces: Some(max_pieces),
        versus: Some(VersusFitness {
            opponents,
            rules: VersusPreset::Ppt,
            pace: Pace::Lockstep,
        }),
        ..FitnessConfig::default()
    }
}

#[test]
fn a_player_scores_by_its_results_against_the_pool() {
    let fitness = matches(vec![aimless()], 300);
    fitness.validate().unwrap();
    let dellacherie = presets::find("dellacherie").unwrap().weights();
    // Dellacherie's player outlasts one that places at random: it wins every match, and the
    // random one, against Dellacherie's, loses every match.
    for seed in 0..4 {
        assert_eq!(fitness.play(&dellacherie, seed), WIN_POINTS, "seed {seed}");
    }
    // So it does searching two pieces ahead, as its opponent then does.
    let deeper = FitnessConfig {
        depth: 2,
        ..matches(vec![aimless()], 300)
    };
    assert_eq!(deeper.play(&dellacherie, 0), WIN_POINTS);
    let against_dellacherie = matches(vec![Opponent::preset("dellacherie").unwrap()], 300);
    for seed in 0..4 {
        assert_eq!(
            against_dellacherie.play(&Weights::default(), seed),
            0,
            "seed {seed}"
        );
    }
    // The same seed gives the same points, and the fitness is their mean.
    let even = matches(vec![Opponent::preset("dt10").unwrap()], 200);
    let points: Vec<u64> = (10..14).map(|seed| even.play(&dellacherie, seed)).collect();
    let again: Vec<u64> = (10..14).map(|seed| even.play(&dellacherie, seed)).collect();
    assert_eq!(points, again);
    let mean = points.iter().sum::<u64>() as f64 / 4.0;
    assert_eq!(even.score(&points), mean);
}

#[test]
fn bad_match_settings_are_refused_by_name() {
    let no_pool = matches(vec![], 100);
    let error = no_pool.validate().unwrap_err().to_string();
    assert!(error.contains("at least one opponent"), "{error}");
    let both = FitnessConfig {
        max_pieces: None,
        survival: Some(SurvivalEffort::default()),
        ..matches(vec![aimless()], 100)
    };
    let error = both.validate().unwrap_err().to_string();
    assert!(error.contains("survival and matches"), "{error}");
    // A batch read from JSON is checked the same way.
    let batch = GameBatch::training(&no_pool, &["holes".into()], vec![vec![-1.0]], 0);
    let text = serde_json::to_string(&batch).unwrap();
    let error = serde_json::from_str::<GameBatch>(&text).unwrap_err();
    assert!(
        error.to_string().contains("at least one opponent"),
        "{error}"
    );
}

#[test]
fn a_run_learns_by_matches_and_resumes() {
    let options = RunOptions {
        optimizer: "cem".into(),
        population: Some(4),
        features: None,
        width: 10,
        height: 20,
        rules: RuleSet::Guideline,
        games: 2,
        max_pieces: Some(60),
        versus: Some(VersusFitness {
            opponents: vec![Opponent::preset("dellacherie").unwrap(), aimless()],
            rules: VersusPreset::Ppt,
            // On the clock, as the referee plays: the checkpoint keeps the pace.
            pace: Pace::Ppt,
        }),
        validation: ValidationConfig {
            top: 1,
            games: 2,
            report_games: 0,
        },
        ..RunOptions::default()
    };
    let mut run = Evolution::new(options.config().unwrap()).unwrap();
    let first = run.next_generation(&|_, _| {}).unwrap();
    // Two matches of 0, 50 or 100 points each: an individual's mean in steps of 25, the mean of
    // four such in steps of 6.25, all from 0 to 100.
    for (fitness, step) in [(first.best, 25.0), (first.mean, 6.25), (first.median, 12.5)] {
        assert!((0.0..=100.0).contains(&fitness), "{first:?}");
        assert_eq!(fitness % step, 0.0, "{first:?}");
    }
    // The checkpoint resumes to the same next generation.
    let mut resumed = Evolution::from_json(&run.to_json()).unwrap();
    let [next, next_resumed] =
        [&mut run, &mut resumed].map(|run| run.next_generation(&|_, _| {}).unwrap());
    assert_eq!(
        (next.best, next.mean, next.games_played),
        (
            next_resumed.best,
            next_resumed.mean,
            next_resumed.games_played
        )
    );
}
