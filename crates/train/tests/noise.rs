//! Noise handling, asked and told with lines chosen by hand: re-evaluated genomes are ranked by
//! the fitness of all their games (their mean, or under survival their harmonic mean), games per
//! individual grow once the genomes differ by less than their noise (and a checkpoint keeps the
//! grown count), and each new validated best is played on a report set held out from every other
//! game of the run.

mod runs;

use tetris_ai_train::batch::{GameBatch, Phase};
use tetris_ai_train::evolution::{Evolution, EvolutionConfig, Report};
use tetris_ai_train::fitness::SurvivalEffort;
use tetris_ai_train::noise::NoiseConfig;
use tetris_ai_train::validation::ValidationConfig;
use tetris_ai_train::weights_of;

/// A run of `population` genomes, `games` training games each, validation and noise handling off.
fn config(population: usize, games: usize) -> EvolutionConfig {
    let validation_off = ValidationConfig {
        top: 0,
        games: 1,
        report_games: 0,
    };
    runs::cem_on_8x8(21, population, games, 400, validation_off)
}

/// The batch the run asks for, checked to be for `phase`.
fn ask(run: &mut Evolution, phase: Phase) -> GameBatch {
    let batch = run.ask().unwrap().clone();
    assert_eq!(batch.phase(), phase);
    batch
}

fn seeds(batch: &GameBatch) -> Vec<u64> {
    batch.jobs().iter().map(|j| j.seed).collect()
}

#[test]
fn re_evaluated_genomes_are_told_the_mean_of_all_their_games() {
    let config = EvolutionConfig {
        noise: NoiseConfig {
            reevaluate_top: 1,
            reevaluate_games: 2,
            grow_games_to: None,
        },
        ..config(3, 2)
    };
    let mut run = Evolution::new(config.clone()).unwrap();
    let training = ask(&mut run, Phase::Training);
    // Lines 10, 20 | 30, 50 | 0, 0: fitness 15, 40 and 0. Genome 1 (40) is re-evaluated.
    assert!(run.tell(&[10, 20, 30, 50, 0, 0]).unwrap().is_none());
    let extra = ask(&mut run, Phase::Reevaluation);
    assert_eq!(extra.genomes(), &training.genomes()[1..2]);
    assert_eq!(extra.len(), 2);
    // On fresh seeds: none of the training games'.
    assert!(seeds(&extra).iter().all(|s| !seeds(&training).contains(s)));
    // Two more games at 0 and 20 (mean 10): (2 x 40 + 2 x 10) / 4 = 25.
    let report = run.tell(&[0, 20]).unwrap().unwrap();
    assert_eq!(report.best, 25.0);
    assert_eq!(report.mean, (15.0 + 25.0 + 0.0) / 3.0);
    assert_eq!(
        report.best_weights,
        weights_of(&config.features, &training.genomes()[1]).unwrap()
    );
    assert_eq!(report.games_played, 8);
    // The training games are those of the run without re-evaluation.
    let mut plain = Evolution::new(EvolutionConfig {
        noise: NoiseConfig::default(),
        ..config
    })
    .unwrap();
    assert_eq!(ask(&mut plain, Phase::Training), training);
}

#[test]
fn under_survival_re_evaluated_genomes_are_told_the_harmonic_mean_of_all_their_replicates() {
    let mut config = EvolutionConfig {
        noise: NoiseConfig {
            reevaluate_top: 1,
            reevaluate_games: 1,
            grow_games_to: None,
        },
        ..config(2, 2)
    };
    config.fitness.max_pieces = None;
    config.fitness.survival = Some(SurvivalEffort::default());
    let mut run = Evolution::new(config).unwrap();
    ask(&mut run, Phase::Training);
    // Replicates of 100 and 300 lines (rates 1/100 and 1/300, mean 1/150): fitness 150; of
    // 100 and 100: 100. Genome 0 is re-evaluated.
    assert!(run.tell(&[100, 300, 100, 100]).unwrap().is_none());
    assert_eq!(ask(&mut run, Phase::Reevaluation).len(), 1);
    // A third replicate of 50 (rate 6/300): the mean rate is (3 + 1 + 6) / 900, so 90 lines.
    let report = run.tell(&[50]).unwrap().unwrap();
    assert_eq!(report.best, 100.0);
    assert!((report.mean - 95.0).abs() < 1e-9, "{}", report.mean);
}

#[test]
fn games_grow_by_half_once_the_genomes_differ_by_less_than_their_noise() {
    let config = EvolutionConfig {
        noise: NoiseConfig {
            grow_games_to: Some(5),
            ..NoiseConfig::default()
        },
        ..config(2, 2)
    };
    let mut run = Evolution::new(config).unwrap();
    assert_eq!(ask(&mut run, Phase::Training).len(), 4);
    // Means 15 and 17 (variance 2) against a game variance of 50 over 2 games (25): grow.
    let report = run.tell(&[10, 20, 12, 22]).unwrap().unwrap();
    assert_eq!(report.games_per_individual, 2);
    assert_eq!(run.games_per_individual(), 3);
    assert_eq!(ask(&mut run, Phase::Training).len(), 6);
    // Every game alike within a genome, the genomes 1,000 apart: beyond the noise, no growth.
    let report = run.tell(&[0, 0, 0, 1000, 1000, 1000]).unwrap().unwrap();
    assert_eq!(report.games_per_individual, 3);
    assert_eq!(run.games_per_individual(), 3);
    // A checkpoint keeps the grown count.
    let mut run = Evolution::from_json(&run.to_json()).unwrap();
    let batch = ask(&mut run, Phase::Training);
    assert_eq!(batch.len(), 6);
    // Means 20 and 22 (variance 2) against 100 / 3: grow by half of 3, rounded up, to 5.
    run.tell(&[10, 20, 30, 12, 22, 32]).unwrap().unwrap();
    assert_eq!(run.games_per_individual(), 5);
    assert_eq!(ask(&mut run, Phase::Training).len(), 10);
    // At the most, it stays.
    run.tell(&[10, 20, 30, 40, 50, 11, 21, 31, 41, 51])
        .unwrap()
        .unwrap();
    assert_eq!(run.games_per_individual(), 5);
}

/// Tells a generation's training games (all lines 1) and its validation games (`validated`,
/// each genome's 3 games alike); returns the validation batch and the report if the generation
/// completed without report games.
fn train_and_validate(run: &mut Evolution, validated: &[u64]) -> (GameBatch, Option<Report>) {
    let training = ask(run, Phase::Training);
    assert!(run.tell(&vec![1; training.len()]).unwrap().is_none());
    let validation = ask(run, Phase::Validation);
    let lines: Vec<u64> = validated.iter().flat_map(|&l| [l; 3]).collect();
    let report = run.tell(&lines).unwrap();
    (validation, report)
}

#[test]
fn each_new_validated_best_is_reported_on_held_out_games() {
    let config = EvolutionConfig {
        validation: ValidationConfig {
            top: 2,
            games: 3,
            report_games: 4,
        },
        ..config(4, 2)
    };
    let report_seeds = config.report_seeds();
    assert_eq!(report_seeds.len(), 4);
    assert!(
        report_seeds
            .iter()
            .all(|s| !config.validation_seeds().contains(s))
    );
    let mut run = Evolution::new(config.clone()).unwrap();
    // Generation 1: the second validated genome wins with 3: a new best, played on the report
    // games; 8, 8, 4, 4 report 6.
    let (validation, report) = train_and_validate(&mut run, &[1, 3]);
    assert_eq!(report, None);
    let report_batch = ask(&mut run, Phase::Report);
    assert_eq!(report_batch.genomes(), &validation.genomes()[1..2]);
    assert_eq!(seeds(&report_batch), report_seeds);
    let report = run.tell(&[8, 8, 4, 4]).unwrap().unwrap();
    assert_eq!(
        (report.validated_best, report.validated_best_ever),
        (Some(3.0), Some(3.0))
    );
    assert_eq!(report.reported, Some(6.0));
    assert_eq!(report.games_played, 8 + 6 + 4);
    // Generation 2: 2 does not beat 3, so no report games, and the figure stays.
    let (_, report) = train_and_validate(&mut run, &[1, 2]);
    let report = report.unwrap();
    assert_eq!(report.generation, 2);
    assert_eq!(report.reported, Some(6.0));
    assert_eq!(report.games_played, 2 * (8 + 6) + 4);
    // Generation 3: 9 beats 3; its report games all clear 1.
    let (validation, report) = train_and_validate(&mut run, &[9, 0]);
    assert_eq!(report, None);
    let report_batch = ask(&mut run, Phase::Report);
    assert_eq!(report_batch.genomes(), &validation.genomes()[..1]);
    let report = run.tell(&[1, 1, 1, 1]).unwrap().unwrap();
    assert_eq!(report.reported, Some(1.0));
    assert_eq!(run.best().unwrap().1, 9.0);
    // The training games never touch the report seeds.
    let run_seeds: Vec<u64> = (0..3)
        .flat_map(|_| {
            let mut fresh = Evolution::new(config.clone()).unwrap();
            seeds(&ask(&mut fresh, Phase::Training))
        })
        .collect();
    assert!(run_seeds.iter().all(|s| !report_seeds.contains(s)));
}

#[test]
fn a_run_with_every_remedy_on_resumes_exactly_and_plays_the_same_anywhere() {
    let config = EvolutionConfig {
        validation: ValidationConfig {
            top: 2,
            games: 2,
            report_games: 3,
        },
        noise: NoiseConfig {
            reevaluate_top: 2,
            reevaluate_games: 2,
            grow_games_to: Some(4),
        },
        ..config(5, 1)
    };
    let mut here = Evolution::new(config.clone()).unwrap();
    let mut there = Evolution::new(config).unwrap();
    let mut phases = Vec::new();
    for _ in 0..3 {
        let expected = here.next_generation(&|_, _| {}).unwrap();
        there = Evolution::from_json(&there.to_json()).unwrap();
        let report = loop {
            let batch = there.ask().unwrap().clone();
            phases.push(batch.phase());
            let lines = batch.play_all(&|_, _| {});
            if let Some(report) = there.tell(&lines).unwrap() {
                break report;
            }
        };
        let untimed = |r: &Report| Report {
            elapsed_seconds: 0.0,
            ..r.clone()
        };
        assert_eq!(untimed(&report), untimed(&expected));
    }
    // Generation 1 grows from 1 game to 2 (one game measures no noise), and has a first
    // validated best to report.
    assert_eq!(
        phases[..4],
        [
            Phase::Training,
            Phase::Reevaluation,
            Phase::Validation,
            Phase::Report
        ]
    );
    assert_eq!(here.history()[1].games_per_individual, 2);
    assert!(here.history().iter().all(|r| r.reported.is_some()));
}

#[test]
fn bad_settings_and_checkpoints_are_named() {
    let refused = |config: EvolutionConfig, words: &str| {
        let error = Evolution::new(config).unwrap_err().to_string();
        assert!(error.contains(words), "{error}");
    };
    refused(
        EvolutionConfig {
            validation: ValidationConfig {
                top: 0,
                games: 1,
                report_games: 5,
            },
            ..config(2, 2)
        },
        "report games is 5 with validation off",
    );
    refused(
        EvolutionConfig {
            noise: NoiseConfig {
                reevaluate_top: 2,
                reevaluate_games: 0,
                grow_games_to: None,
            },
            ..config(2, 2)
        },
        "re-evaluation games is 0",
    );
    refused(
        EvolutionConfig {
            noise: NoiseConfig {
                grow_games_to: Some(3),
                ..NoiseConfig::default()
            },
            ..config(2, 4)
        },
        "grow to 3, fewer than the 4",
    );
    // A checkpoint whose grown count is past the most, or 0.
    let growing = EvolutionConfig {
        noise: NoiseConfig {
            grow_games_to: Some(5),
            ..NoiseConfig::default()
        },
        ..config(2, 2)
    };
    let mut run = Evolution::new(growing).unwrap();
    ask(&mut run, Phase::Training);
    run.tell(&[10, 20, 12, 22]).unwrap().unwrap();
    let text = run.to_json();
    assert!(text.contains("\"games_per_individual\": 3"), "{text}");
    for bad in ["9", "0"] {
        let edited = text.replace(
            "\"games_per_individual\": 3",
            &format!("\"games_per_individual\": {bad}"),
        );
        let error = Evolution::from_json(&edited).unwrap_err().to_string();
        assert!(
            error.contains(&format!("games per individual {bad} is not between 1")),
            "{error}"
        );
    }
}

#[test]
fn checkpoints_from_before_noise_handling_load_with_it_off() {
    let mut run = Evolution::new(config(2, 2)).unwrap();
    run.next_generation(&|_, _| {}).unwrap();
    // An older checkpoint: no noise settings, no report set, no figures of either.
    let text = run.to_json();
    let noise = text.find(",\n    \"noise\"").unwrap();
    let noise_end = noise + text[noise..].find('}').unwrap() + 1;
    let old = format!("{}{}", &text[..noise], &text[noise_end..])
        .replace(",\n      \"report_games\": 0", "")
        .lines()
        .filter(|line| !line.contains("\"reported\"") && !line.contains("\"games_per_individual\""))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        !old.contains("reevaluate") && !old.contains("report"),
        "{old}"
    );
    let loaded = Evolution::from_json(&old).unwrap();
    assert_eq!(loaded.config().noise, NoiseConfig::default());
    assert_eq!(loaded.config().validation.report_games, 0);
    assert_eq!(loaded.games_per_individual(), 2);
}
