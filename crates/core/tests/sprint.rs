//! Sprints: an AI clears its 40 lines in no fewer pieces than the cells allow, the same seed
//! gives the same sprint, and the statistics are worked out by hand.

use tetris_ai_core::Rules;
use tetris_ai_core::config::GameConfig;
use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::sprint::{Sprint, SprintOutcome, SprintStats};

fn guideline() -> GameConfig {
    GameConfig {
        rules: Rules::guideline(),
        ..GameConfig::default()
    }
}

#[test]
fn a_sprint_clears_its_lines_in_at_least_a_hundred_pieces() {
    let sprint = Sprint::new(guideline(), VersusPreset::Ppt.rules(), 40, 10_000).unwrap();
    for game in 0..3 {
        let outcome = sprint.play(game).unwrap();
        assert!(outcome.finished, "{outcome:?}");
        // 40 lines of 10 cells are 400 cells: 100 pieces of 4 at the least.
        assert!(outcome.lines >= 40 && outcome.pieces >= 100, "{outcome:?}");
        assert_eq!(outcome, sprint.play(game).unwrap());
    }
    // A cap of 10 pieces gives up short of the lines.
    let short = Sprint::new(guideline(), VersusPreset::Ppt.rules(), 40, 10).unwrap();
    let outcome = short.play(0).unwrap();
    assert!(!outcome.finished && outcome.pieces == 10, "{outcome:?}");
}

#[test]
fn sprint_statistics_count_the_finished_sprints() {
    let sprint = |finished, pieces, attack| SprintOutcome {
        finished,
        pieces,
        lines: if finished { 40 } else { 12 },
        attack,
        t_spins: 1,
        perfect_clears: 0,
    };
    let stats = SprintStats::of(&[
        sprint(true, 105, 10),
        sprint(false, 50, 0),
        sprint(true, 101, 6),
    ]);
    assert_eq!((stats.games, stats.finished), (3, 2));
    // Finished: 101 and 105: mean and median 103, fewest 101. Attack 16 over 256 pieces.
    assert_eq!(stats.mean_pieces, Some(103.0));
    assert_eq!(stats.median_pieces, Some(103.0));
    assert_eq!(stats.best_pieces, Some(101));
    assert_eq!(stats.attack_per_piece, 16.0 / 256.0);
    assert_eq!(stats.t_spins, 3);
    let none = SprintStats::of(&[sprint(false, 50, 0)]);
    assert_eq!((none.mean_pieces, none.best_pieces), (None, None));
}

#[test]
fn a_sprint_of_nothing_is_refused() {
    let refused = Sprint::new(guideline(), VersusPreset::Ppt.rules(), 0, 10).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "a sprint needs at least 1 line and 1 piece, got 0 lines and 10 pieces"
    );
}
