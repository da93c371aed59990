//! Survival by multilevel splitting: a branch keeps its position and takes a future of its own,
//! a plan refuses bad levels and counts by name, the rates combine as the definition says, the
//! estimate agrees with whole games played out, and a run's survival fitness is that estimate.

use tetris_ai_core::ai::presets;
use tetris_ai_core::survival::{Replicate, Stage, SurvivalEstimate, SurvivalPlan, default_levels};
use tetris_ai_core::{Game, GameConfig};
use tetris_ai_train::batch::GameBatch;
use tetris_ai_train::fitness::{FitnessConfig, SurvivalEffort};

/// `dt10` on a `width` x `height` board from `seed`, under the research rules.
fn dt10(width: usize, height: usize, seed: u64) -> GameConfig {
    GameConfig {
        width,
        height,
        seed,
        preset: Some("dt10".into()),
        ..GameConfig::default()
    }
}

/// The lines and pieces of `game` played `pieces` more pieces.
fn play_on(game: &mut Game, pieces: u64) -> (u64, u64) {
    let stats = game.play(Some(game.stats().pieces + pieces));
    (stats.lines, stats.pieces)
}

#[test]
fn a_branch_keeps_the_position_and_takes_its_own_future() {
    let mut game = Game::new(dt10(10, 20, 5)).unwrap();
    play_on(&mut game, 300);
    let snapshot = game.snapshot();
    let branch = game.branch(&snapshot, 77);
    assert_eq!(branch.board(), game.board());
    assert_eq!(branch.current(), game.current());
    assert_eq!(branch.stats(), game.stats());
    assert_eq!(branch.weights(), game.weights());
    assert_eq!(branch.config().seed, 77);
    assert_eq!(branch.snapshot(), snapshot);

    // The same seed gives the same future; another seed another; the game itself goes on as
    // it would have without branches. A branch of another game takes its position from the
    // snapshot and its weights from the game branched.
    let (mut same, mut again, mut other) = (
        game.branch(&snapshot, 77),
        game.branch(&snapshot, 77),
        game.branch(&snapshot, 78),
    );
    let boards = |game: &mut Game| {
        (0..200)
            .map(|_| {
                play_on(game, 1);
                *game.board()
            })
            .collect::<Vec<_>>()
    };
    let future = boards(&mut same);
    assert_eq!(future, boards(&mut again));
    assert_ne!(future, boards(&mut other));
    let mut unbranched = Game::new(dt10(10, 20, 5)).unwrap();
    play_on(&mut unbranched, 300);
    assert_eq!(boards(&mut game), boards(&mut unbranched));
    let du = Game::new(GameConfig {
        preset: Some("du".into()),
        ..dt10(10, 20, 0)
    })
    .unwrap();
    let grafted = du.branch(&snapshot, 77);
    assert_eq!(grafted.board(), branch.board());
    assert_eq!(grafted.weights(), du.weights());
}

#[test]
fn bad_plans_are_refused_naming_the_value() {
    let plan = |base, levels: &[usize], run, trials, replicates| {
        SurvivalPlan::new(
            dt10(10, 10, 0),
            base,
            levels.to_vec(),
            run,
            trials,
            replicates,
        )
        .map(|_| ())
        .map_err(|e| e.to_string())
    };
    assert!(plan(2, &[4, 6, 10], 1, 1, 1).is_ok());
    let refused = |result: Result<(), String>, named: &str| {
        let message = result.expect_err("refused");
        assert!(message.contains(named), "{message} names {named}");
    };
    refused(plan(2, &[], 1, 1, 1), "no levels");
    refused(plan(4, &[4, 6], 1, 1, 1), "level 4 is not above the base 4");
    refused(plan(2, &[4, 6, 6], 1, 1, 1), "level 6 follows level 6");
    refused(plan(2, &[4, 8, 7], 1, 1, 1), "level 7 follows level 8");
    refused(
        plan(2, &[4, 11], 1, 1, 1),
        "level 11 is above the board's 10 rows",
    );
    refused(plan(2, &[4], 0, 1, 1), "run pieces is 0");
    refused(plan(2, &[4], 1, 0, 1), "trials is 0");
    refused(plan(2, &[4], 1, 1, 0), "replicates is 0");
    refused(
        plan(2, &[4], 10_000_001, 1, 1),
        "run pieces 10000001 is above the most, 10000000",
    );
    refused(
        plan(2, &[4], 1, 1_000_001, 1),
        "trials 1000001 is above the most, 1000000",
    );
    refused(
        plan(2, &[4], 1, 1, 1_000_001),
        "replicates 1000001 is above the most, 1000000",
    );
    let bad_board = SurvivalPlan::new(dt10(10, 41, 0), 2, vec![4], 1, 1, 1);
    assert!(bad_board.unwrap_err().to_string().contains("41"));

    let two = SurvivalPlan::new(dt10(8, 8, 0), 1, vec![3], 100, 1, 2).unwrap();
    let past = two.replicate(2).unwrap_err().to_string();
    assert!(
        past.contains("replicate 2") && past.contains("2 replicates"),
        "{past}"
    );
}

#[test]
fn the_default_levels_are_every_row_from_two_above_a_fifth_of_the_board() {
    assert_eq!(default_levels(20), (4, (6..=20).collect()));
    assert_eq!(default_levels(10), (2, vec![4, 5, 6, 7, 8, 9, 10]));
    assert_eq!(default_levels(4), (0, vec![2, 3, 4]));
}

#[test]
fn rates_combine_as_the_definition_says() {
    let stage = |trials, reached| Stage {
        level: None,
        trials,
        reached,
    };
    // 50 excursions in 1,000 lines, half of the branches climb to the next level and a tenth of
    // those to the end: 0.05 x 0.5 x 0.1 = 0.0025 endings a line.
    let replicate = |excursions, stages| Replicate {
        lines: 1000,
        excursions,
        stages,
        pieces: 10,
    };
    let first = replicate(50, vec![stage(100, 50), stage(100, 10)]);
    assert!((first.rate() - 0.0025).abs() < 1e-15);
    // 0.06 x 0.5 x 0.1 = 0.003; the mean of the two rates is 0.00275, their sample standard
    // deviation 0.0005 / sqrt(2), so its error is 0.00025 and the mean lines' 0.00025 /
    // 0.00275^2 = 33.06.
    let second = replicate(60, vec![stage(100, 50), stage(100, 10)]);
    let estimate = SurvivalEstimate::of(vec![first.clone(), second]);
    assert!((estimate.rate - 0.00275).abs() < 1e-15);
    assert!((estimate.rate_error.unwrap() - 0.00025).abs() < 1e-15);
    assert!((estimate.mean_lines.unwrap() - 1.0 / 0.00275).abs() < 1e-9);
    assert!((estimate.mean_lines_error.unwrap() - 0.00025 / 0.00275_f64.powi(2)).abs() < 1e-9);
    assert_eq!(estimate.pieces, 20);

    // One replicate has no error; a stage nobody reached before plays nothing and ends the
    // chance; a long run without a line has no rate.
    let alone = SurvivalEstimate::of(vec![first]);
    assert_eq!((alone.rate_error, alone.mean_lines_error), (None, None));
    let unreached = replicate(50, vec![stage(100, 0), stage(0, 0)]);
    assert_eq!(unreached.rate(), 0.0);
    let never = SurvivalEstimate::of(vec![unreached.clone(), unreached]);
    assert_eq!((never.mean_lines, never.mean_lines_error), (None, None));
    let none = SurvivalEstimate::of(Vec::new());
    assert_eq!(
        (none.rate, none.mean_lines, none.rate_error),
        (0.0, None, None)
    );
    let no_lines = Replicate {
        lines: 0,
        ..replicate(3, vec![stage(1, 1)])
    };
    assert_eq!(no_lines.rate(), 0.0);
}

#[test]
fn a_replicate_depends_on_the_plan_and_its_index_alone() {
    let plan = SurvivalPlan::new(dt10(8, 8, 9), 1, vec![3, 5, 7, 8], 2_000, 50, 3).unwrap();
    let first = plan.replicate(0).unwrap();
    assert_eq!(first, plan.replicate(0).unwrap());
    assert_ne!(first, plan.replicate(1).unwrap());
    // The stages are the levels after the first, then the game's end.
    let levels: Vec<Option<usize>> = first.stages.iter().map(|s| s.level).collect();
    assert_eq!(levels, [Some(5), Some(7), Some(8), None]);
    assert!(first.excursions > 0 && first.lines > 0);
    for stage in &first.stages {
        assert!(stage.reached <= stage.trials);
    }
}

#[test]
fn a_limit_on_kept_positions_changes_nothing_within_it_and_stops_a_replicate_past_it() {
    let plan = SurvivalPlan::new(dt10(8, 8, 9), 1, vec![3, 5, 7, 8], 2_000, 50, 3).unwrap();
    let free = plan.replicate(1).unwrap();
    // The long run keeps one position per excursion; the first stage keeps those and the
    // positions that climbed from them to the next level.
    let excursions = free.excursions;
    let climbed = free.stages[0].reached;
    assert!(excursions > 2 && climbed > 0, "{free:?}");
    // No stage starts from more than the excursions or the 50 trials, nor keeps more than 50.
    let roomy = plan.clone().with_kept_limit(excursions.max(50) + 50);
    assert_eq!(
        roomy.replicate(1).unwrap(),
        free,
        "the same replicate within the limit"
    );

    let refused = |limit: u64| {
        let limited = plan.clone().with_kept_limit(limit);
        limited.replicate(1).unwrap_err().to_string()
    };
    let long_run = refused(excursions - 1);
    assert!(
        long_run.contains(&format!("more than {} positions", excursions - 1))
            && long_run.contains("long run"),
        "{long_run}"
    );
    let stage = refused(excursions);
    assert!(
        stage.contains(&format!("more than {excursions} positions")) && stage.contains("branches"),
        "{stage}"
    );
    // A position of an 8x8 board: its snapshot and 64 cells' colours, at the least.
    assert!(plan.position_bytes() > 64);
}

#[test]
fn the_estimate_agrees_with_whole_games_played_out() {
    // dt10 on a 10x7 board: games short enough to play out, long enough that an ending is an
    // excursion of many pieces. Whole games give the mean directly, with the standard error of
    // their spread; splitting must land within three standard errors of the two combined.
    let games = 2_000;
    let lines: Vec<f64> = (0..games)
        .map(|seed| {
            let mut game = Game::new(dt10(10, 7, 1_000_000 + seed)).unwrap();
            game.play(None).lines as f64
        })
        .collect();
    let n = games as f64;
    let mean = lines.iter().sum::<f64>() / n;
    let spread = lines.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let mean_error = (spread / n).sqrt();

    let (base, levels) = default_levels(7);
    let plan = SurvivalPlan::new(dt10(10, 7, 0), base, levels, 20_000, 500, 8).unwrap();
    let replicates = (0..plan.replicates())
        .map(|index| plan.replicate(index).unwrap())
        .collect();
    let estimate = SurvivalEstimate::of(replicates);
    let (split, split_error) = (
        estimate.mean_lines.unwrap(),
        estimate.mean_lines_error.unwrap(),
    );
    let combined = (mean_error.powi(2) + split_error.powi(2)).sqrt();
    assert!(
        (split - mean).abs() < 3.0 * combined,
        "splitting {split:.1} ± {split_error:.1}, whole games {mean:.1} ± {mean_error:.1}"
    );
    // The estimate is worth its name: its error is within a fifth of the mean.
    assert!(split_error < mean / 5.0, "{split_error} of {split}");
}

#[test]
fn a_runs_survival_fitness_is_the_estimate_of_its_replicates() {
    // Training games seeded from 500 with common seeds are seeded 500, 501, ...: each is the
    // replicate of those seeds, so an individual's fitness is the estimate of a plan from seed
    // 500 with as many replicates, up to the rounding of each replicate's lines to a whole line
    // (which moves their harmonic mean by half a line at most).
    let effort = SurvivalEffort {
        run_pieces: 5_000,
        trials: 200,
    };
    let fitness = FitnessConfig {
        width: 10,
        height: 7,
        games: 4,
        survival: Some(effort),
        ..FitnessConfig::default()
    };
    let terms = presets::find("dt10").unwrap().terms;
    let features: Vec<String> = terms.iter().map(|t| t.0.to_string()).collect();
    let dt10_genome = terms.iter().map(|t| t.1).collect::<Vec<f64>>();
    // Holes and wells rewarded instead of punished: a player whose games end far sooner.
    let reckless = dt10_genome.iter().map(|w| -w).collect();
    let batch = GameBatch::training(&fitness, &features, vec![dt10_genome, reckless], 500);
    let scores = batch.fitness(&batch.play_all(&|_, _| {})).unwrap();

    let (base, levels) = default_levels(7);
    let plan = SurvivalPlan::new(dt10(10, 7, 500), base, levels, 5_000, 200, 4).unwrap();
    let replicates = (0..4).map(|index| plan.replicate(index).unwrap()).collect();
    let estimate = SurvivalEstimate::of(replicates).mean_lines.unwrap();
    assert!(
        (scores[0] - estimate).abs() <= 0.5,
        "fitness {} against the estimate {estimate}",
        scores[0]
    );
    assert!(scores[0] > 100.0 * scores[1].max(1.0), "{scores:?}");
}
