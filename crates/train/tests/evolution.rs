//! A run asked and told: batches played anywhere give the run played here, a wrong answer
//! changes nothing, a checkpoint taken mid-generation replays it, and validation scores each
//! generation's best genomes on the run's fixed games.

mod runs;

use tetris_ai_train::batch::{GameBatch, Phase};
use tetris_ai_train::evolution::{Evolution, EvolutionConfig, Report};
use tetris_ai_train::validation::ValidationConfig;
use tetris_ai_train::weights_of;

/// A small run: 6 genomes, 2 training games each, and the best 2 validated on 3 games.
fn config(seed: u64) -> EvolutionConfig {
    let validation = ValidationConfig {
        top: 2,
        games: 3,
        report_games: 0,
    };
    runs::cem_on_8x8(seed, 6, 2, 500, validation)
}

/// The state as JSON text without wall-clock timings.
fn without_timings(text: &str) -> String {
    text.lines()
        .filter(|line| !line.contains("\"elapsed_seconds\""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn report_without_timing(report: &Report) -> Report {
    Report {
        elapsed_seconds: 0.0,
        ..report.clone()
    }
}

/// Plays a batch as a remote worker would: read from JSON text, games one at a time, last first.
fn play_elsewhere(batch: &GameBatch) -> Vec<u64> {
    let copy: GameBatch = serde_json::from_str(&serde_json::to_string(batch).unwrap()).unwrap();
    let mut lines: Vec<u64> = (0..copy.len()).rev().map(|job| copy.play(job)).collect();
    lines.reverse();
    lines
}

#[test]
fn games_played_anywhere_give_the_run_played_here() {
    let mut here = Evolution::new(config(3)).unwrap();
    let mut there = Evolution::new(config(3)).unwrap();
    for _ in 0..3 {
        let expected = here.next_generation(&|_, _| {}).unwrap();
        // Saved and resumed between generations, as a page might.
        there = Evolution::from_json(&there.to_json()).unwrap();
        let mut phases = Vec::new();
        let report = loop {
            let batch = there.ask().unwrap().clone();
            phases.push(batch.phase());
            if let Some(report) = there.tell(&play_elsewhere(&batch)).unwrap() {
                break report;
            }
        };
        assert_eq!(phases, [Phase::Training, Phase::Validation]);
        assert_eq!(
            report_without_timing(&report),
            report_without_timing(&expected)
        );
    }
    assert_eq!(
        without_timings(&there.to_json()),
        without_timings(&here.to_json())
    );
}

#[test]
fn asking_again_gives_the_same_batch_and_a_wrong_answer_changes_nothing() {
    let mut run = Evolution::new(config(4)).unwrap();
    let error = run.tell(&[]).unwrap_err().to_string();
    assert!(error.contains("ask for its games first"), "{error}");
    let start = run.to_json();
    let batch = run.ask().unwrap().clone();
    assert_eq!(batch.len(), 12);
    assert_eq!(run.ask().unwrap(), &batch);
    let error = run.tell(&[1; 11]).unwrap_err().to_string();
    assert!(
        error.contains("11 results for a batch of 12 games"),
        "{error}"
    );
    assert_eq!(run.to_json(), start);
    assert_eq!(run.ask().unwrap(), &batch);
    assert!(run.tell(&batch.play_all(&|_, _| {})).unwrap().is_none());
    let validation = run.ask().unwrap().clone();
    assert_eq!(
        (validation.phase(), validation.len()),
        (Phase::Validation, 6)
    );
    let error = run.tell(&[0; 12]).unwrap_err().to_string();
    assert!(
        error.contains("12 results for a batch of 6 games"),
        "{error}"
    );
    assert_eq!(run.ask().unwrap(), &validation);
}

#[test]
fn a_checkpoint_taken_mid_generation_replays_that_generation() {
    let mut run = Evolution::new(config(5)).unwrap();
    run.next_generation(&|_, _| {}).unwrap();
    let between = run.to_json();
    let batch = run.ask().unwrap().clone();
    assert_eq!(run.to_json(), between);
    assert!(run.tell(&batch.play_all(&|_, _| {})).unwrap().is_none());
    // Training told, validation pending: still the state between generations.
    let mid = run.to_json();
    assert_eq!(mid, between);
    let rest = run.ask().unwrap().clone();
    let finished = run.tell(&rest.play_all(&|_, _| {})).unwrap().unwrap();
    let mut resumed = Evolution::from_json(&mid).unwrap();
    let replayed = resumed.next_generation(&|_, _| {}).unwrap();
    assert_eq!(
        report_without_timing(&replayed),
        report_without_timing(&finished)
    );
    assert_eq!(
        without_timings(&resumed.to_json()),
        without_timings(&run.to_json())
    );
}

#[test]
fn validation_replays_the_best_genomes_on_fixed_seeds() {
    let config = config(6);
    let seeds = config.validation_seeds();
    assert_eq!(seeds.len(), 3);
    let mut run = Evolution::new(config.clone()).unwrap();
    let mut best_so_far = f64::NEG_INFINITY;
    for generation in 1..=3u64 {
        let training = run.ask().unwrap().clone();
        let lines = training.play_all(&|_, _| {});
        let fitness = training.fitness(&lines).unwrap();
        assert!(run.tell(&lines).unwrap().is_none());
        let validation = run.ask().unwrap().clone();
        // The two best by training fitness, best first (the first of equals first).
        let mut order: Vec<usize> = (0..fitness.len()).collect();
        order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]));
        let top: Vec<_> = order[..2]
            .iter()
            .map(|&i| training.genomes()[i].clone())
            .collect();
        assert_eq!(validation.genomes(), top.as_slice());
        let jobs: Vec<(usize, u64)> = validation
            .jobs()
            .iter()
            .map(|j| (j.individual, j.seed))
            .collect();
        let expected_jobs: Vec<(usize, u64)> = (0..2)
            .flat_map(|i| seeds.iter().map(move |&s| (i, s)))
            .collect();
        assert_eq!(jobs, expected_jobs);
        assert!(training.jobs().iter().all(|j| !seeds.contains(&j.seed)));
        // Each validated fitness by hand: the mean of the genome's three games.
        let validated: Vec<f64> = top
            .iter()
            .map(|genome| {
                let weights = weights_of(&config.features, genome).unwrap();
                let total: u64 = seeds
                    .iter()
                    .map(|&s| config.fitness.play(&weights, s))
                    .sum();
                total as f64 / 3.0
            })
            .collect();
        let report = run.tell(&validation.play_all(&|_, _| {})).unwrap().unwrap();
        let best = validated[0].max(validated[1]);
        let winner = if validated[1] > validated[0] { 1 } else { 0 };
        best_so_far = best_so_far.max(best);
        assert_eq!(report.validated_best, Some(best));
        assert_eq!(
            report.validated_weights,
            Some(weights_of(&config.features, &top[winner]).unwrap())
        );
        assert_eq!(report.validated_best_ever, Some(best_so_far));
        // Training: 6 genomes x 2 games; validation: 2 genomes x 3 games.
        assert_eq!(report.games_played, generation * (12 + 6));
        assert_eq!(run.best().unwrap().1, best_so_far);
    }
    assert!(best_so_far > 0.0, "{best_so_far}");
}

#[test]
fn validation_changes_nothing_in_training_and_off_leaves_the_training_best() {
    let off = EvolutionConfig {
        validation: ValidationConfig {
            top: 0,
            games: 3,
            report_games: 0,
        },
        ..config(7)
    };
    let mut with = Evolution::new(config(7)).unwrap();
    let mut without = Evolution::new(off).unwrap();
    for _ in 0..3 {
        let a = with.next_generation(&|_, _| {}).unwrap();
        let b = without.next_generation(&|_, _| {}).unwrap();
        assert_eq!(
            (a.best, a.mean, a.median, &a.best_weights),
            (b.best, b.mean, b.median, &b.best_weights)
        );
        assert_eq!(
            (b.validated_best, b.validated_weights, b.validated_best_ever),
            (None, None, None)
        );
    }
    let learner = |text: &str| {
        let from = text.find("\"learner\":").unwrap();
        let to = text.find("\"games_played\":").unwrap();
        text[from..to].to_string()
    };
    assert_eq!(learner(&with.to_json()), learner(&without.to_json()));
    let best_training = without.history().iter().map(|r| r.best).fold(0.0, f64::max);
    assert_eq!(without.best().unwrap().1, best_training);
}

#[test]
fn checkpoints_without_validation_load_with_the_default() {
    let off = EvolutionConfig {
        validation: ValidationConfig {
            top: 0,
            games: 3,
            report_games: 0,
        },
        ..config(8)
    };
    let mut run = Evolution::new(off).unwrap();
    run.next_generation(&|_, _| {}).unwrap();
    // An older checkpoint: no validation settings, no validated figures.
    let text = run.to_json();
    let start = text.find(",\n    \"validation\"").unwrap();
    let end = start + text[start..].find('}').unwrap() + 1;
    let old: String = format!("{}{}", &text[..start], &text[end..])
        .lines()
        .filter(|line| !line.contains("\"validated_"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!old.contains("validat"), "{old}");
    let loaded = Evolution::from_json(&old).unwrap();
    assert_eq!(loaded.config().validation, ValidationConfig::default());
    assert_eq!(loaded.history()[0].validated_best, None);
}
