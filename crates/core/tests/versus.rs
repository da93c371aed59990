//! Matches of two AIs: the same seed gives the same match; attack crosses as garbage and is
//! counted on both sides; a strong AI beats one that places at random; a series' statistics
//! are its matches', with the win rate's Wilson interval worked out by hand.

use serde_json::json;
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::config::GameConfig;
use tetris_ai_core::engine::versus::attack::AttackTable;
use tetris_ai_core::engine::versus::pace::Pace;
use tetris_ai_core::engine::versus::{VersusPreset, VersusRules};
use tetris_ai_core::measurement::{Host, Measurement};
use tetris_ai_core::versus::series::{Series, SeriesStats, wilson_interval};
use tetris_ai_core::versus::{Ending, Match, Side};
use tetris_ai_core::{Game, Rules, Weights};

/// A guideline game of `preset` at depth 1.
fn guideline(preset: &str) -> GameConfig {
    GameConfig {
        preset: Some(preset.into()),
        rules: Rules::guideline(),
        ..GameConfig::default()
    }
}

/// A guideline game whose AI weighs nothing, so that every placement ties and the seed picks.
fn aimless() -> GameConfig {
    GameConfig {
        preset: None,
        weights: Some(Weights::default()),
        ..guideline("dellacherie")
    }
}

#[test]
fn the_same_seed_gives_the_same_match() {
    let pairing = Match::new(
        guideline("dellacherie"),
        guideline("dt10"),
        VersusRules::default(),
        400,
    )
    .unwrap();
    let first = pairing.play(3).unwrap();
    assert_eq!(first, pairing.play(3).unwrap());
    assert_ne!(first, pairing.play(4).unwrap());
}

#[test]
fn attack_crosses_as_garbage() {
    let pairing = Match::new(
        guideline("dellacherie"),
        guideline("dellacherie"),
        VersusRules::default(),
        300,
    )
    .unwrap();
    let mut seen_garbage = false;
    for seed in 0..4 {
        let outcome = pairing.play(seed).unwrap();
        for (me, other) in [(outcome.left, outcome.right), (outcome.right, outcome.left)] {
            // Every row taken was sent; sent rows may still be waiting at the end.
            assert!(other.versus.received <= me.versus.sent, "{outcome:?}");
            assert!(me.versus.sent <= me.versus.attack);
            seen_garbage |= other.versus.received > 0;
        }
        // Both sides were dealt the same pieces and play the same AI, so they play alike:
        // a mirror match ends in a draw.
        assert_eq!(outcome.winner, None, "{outcome:?}");
    }
    assert!(seen_garbage, "no garbage entered in four matches");
}

#[test]
fn a_strong_ai_beats_one_that_places_at_random() {
    let pairing = Match::new(
        guideline("dellacherie"),
        aimless(),
        VersusPreset::Ppt.rules(),
        2_000,
    )
    .unwrap();
    for seed in 0..3 {
        let outcome = pairing.play(seed).unwrap();
        assert_eq!(outcome.winner, Some(Side::Left), "{outcome:?}");
        assert_eq!(outcome.ending, Ending::TopOut);
        assert!(outcome.right.pieces <= outcome.left.pieces);
    }
}

#[test]
fn a_game_buried_by_garbage_tops_out() {
    let mut game = Game::new(guideline("dellacherie")).unwrap();
    game.set_versus(VersusRules::default()).unwrap();
    // 30 rows due at once: the 20-row board and its 8 buffer rows cannot hold them.
    game.receive_garbage(30, 0);
    let step = game.step().unwrap();
    let exchange = step.versus.unwrap();
    assert_eq!(exchange.received, 30);
    assert!(exchange.topped_out && step.game_over && game.is_over());
}

#[test]
fn the_wilson_interval_is_worked_out_by_hand() {
    // 5 of 10: p = 0.5, z^2/n = 0.384146; centre 0.692073, spread 1.959964 x
    // sqrt(0.025 + 0.009604) = 0.364596, over 1.384146: [0.236593, 0.763407].
    let [low, high] = wilson_interval(5, 10).unwrap();
    assert!((low - 0.236593).abs() < 1e-6, "{low}");
    assert!((high - 0.763407).abs() < 1e-6, "{high}");
    // 10 of 10: the upper end is 1, the lower n / (n + z^2) = 10 / 13.841459 = 0.722467.
    let [low, high] = wilson_interval(10, 10).unwrap();
    assert!(
        (low - 0.722467).abs() < 1e-6 && (high - 1.0).abs() < 1e-12,
        "{low} {high}"
    );
    assert_eq!(wilson_interval(0, 0), None);
}

#[test]
fn a_series_reports_its_matches() {
    let options = json!({
        "games": 3,
        "seed": 10,
        "maxPieces": 1500,
        "opponent": serde_json::to_value(aimless()).unwrap(),
        "rules": "tetrio",
    });
    let series = Series::read(guideline("dellacherie"), Some(&options), &Host::default()).unwrap();
    assert_eq!(series.jobs(), 3);
    assert_eq!(series.pairing().rules(), &VersusPreset::Tetrio.rules());
    let numbers: Vec<f64> = (0..3).flat_map(|job| series.play(job).unwrap()).collect();
    let outcomes: Vec<_> = (0..3).map(|job| series.play_match(job).unwrap()).collect();
    let result = series.result(&numbers).unwrap();
    let expected = SeriesStats::of(&outcomes);
    assert_eq!(result, serde_json::to_value(&expected).unwrap());
    assert_eq!((expected.wins, expected.losses, expected.draws), (3, 0, 0));
    assert_eq!(expected.win_rate, Some(1.0));
    let pieces: u64 = outcomes.iter().map(|o| o.left.pieces).sum();
    assert_eq!(expected.left.pieces, pieces);
    assert_eq!(
        expected.left.attack_per_piece,
        expected.left.attack as f64 / pieces as f64
    );

    // Bad options are named.
    let refused = |options: serde_json::Value| {
        Series::read(guideline("dellacherie"), Some(&options), &Host::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused(json!({"rules": "tetris99"})),
        "options.rules must be \"ppt\" or \"tetrio\", got \"tetris99\""
    );
    assert_eq!(
        refused(json!({"games": 0})),
        "options.games must be a whole number from 1 to 1000000, got 0"
    );
    assert!(refused(json!({"opponent": {"width": 3}})).starts_with("options.opponent.width"));
    assert!(refused(json!({"rival": 1})).contains("unknown field \"rival\""));
    assert_eq!(
        refused(json!({"pace": "fast"})),
        "options.pace must be \"lockstep\" or \"ppt\", got \"fast\""
    );
    let paced = json!({"pace": "ppt", "games": 1});
    let on_the_clock =
        Series::read(guideline("dellacherie"), Some(&paced), &Host::default()).unwrap();
    assert_eq!(on_the_clock.pairing().pace(), Pace::Ppt);
    assert_eq!(series.pairing().pace(), Pace::Lockstep);
    assert_eq!(
        series.result(&numbers[1..]).unwrap_err().to_string(),
        format!(
            "outcomes must hold 16 numbers for each of 3 matches, got {} numbers",
            numbers.len() - 1
        )
    );
}

#[test]
fn an_attack_received_in_real_time_enters_after_the_rules_delay() {
    // PPT's garbage waits one placement: rows received before placement n enter after placement
    // n + 1 (the receiver's clock, counted from 0), unless its own attack cancels them.
    let mut game = Game::new(guideline("dellacherie")).unwrap();
    game.set_versus(VersusPreset::Ppt.rules()).unwrap();
    assert_eq!(VersusPreset::Ppt.rules().garbage.delay, 1);
    game.receive_attack(3);
    assert_eq!(game.pending_garbage(), Some(3));
    // The first two pieces of an empty 10-wide board clear nothing, so cancel nothing.
    let first = game.step().unwrap();
    assert_eq!((first.rows_cleared, game.pending_garbage()), (0, Some(3)));
    let second = game.step().unwrap();
    assert_eq!(second.rows_cleared, 0);
    assert_eq!(
        second.versus.unwrap().received,
        3,
        "they enter after the second"
    );
    assert_eq!(game.pending_garbage(), Some(0));
    let (_, stats) = game.versus().unwrap();
    assert_eq!((stats.received, stats.sent), (3, 0));
    // Three rows of garbage under the stack: each full but for one hole.
    let cells = game.view().cells;
    for row in cells.chunks(10).take(3) {
        assert_eq!(row.iter().filter(|&&c| c == 0).count(), 1, "{row:?}");
    }
    // A game that plays no match takes nothing.
    let mut alone = Game::new(guideline("dellacherie")).unwrap();
    alone.receive_attack(3);
    assert_eq!(alone.pending_garbage(), None);
}

#[test]
fn the_ai_sees_the_match_its_game_plays() {
    // Outside a match: the default view (PPT, no streaks, nothing waiting).
    let alone = Game::new(guideline("dellacherie")).unwrap();
    assert_eq!(alone.versus_view(), VersusView::default());
    // In a match by TETR.IO's rules: its table, and the rows received waiting.
    let mut game = Game::new(guideline("dellacherie")).unwrap();
    game.set_versus(VersusPreset::Tetrio.rules()).unwrap();
    game.receive_attack(2);
    let view = game.versus_view();
    assert_eq!((view.table, view.incoming), (AttackTable::Tetrio, 2));
    // The combo follows the placements: one more after each that clears, 0 after one that
    // does not.
    let mut combo = 0;
    while game.stats().pieces < 300 {
        let Some(step) = game.step() else { break };
        combo = if step.rows_cleared > 0 { combo + 1 } else { 0 };
        assert_eq!(game.versus_view().streaks.combo, combo);
        assert_eq!(game.versus_view().incoming, game.pending_garbage().unwrap());
    }
    assert!(game.stats().lines > 0, "the game cleared lines");
}
