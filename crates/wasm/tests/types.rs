//! The TypeScript declarations: the committed file is what the Rust types give, and the values
//! the engine sends have exactly the fields their declarations list.
//!
//! `TETRIS_AI_WRITE_TYPES=1` writes the file instead of comparing it (what `./build.sh types`
//! runs).

use serde::Serialize;
use serde_json::{Value, json};
use std::path::Path;
use tetris_ai_core::ai::search::{Difference, Explanation, Rating};
use tetris_ai_core::ai::weights::Contribution;
use tetris_ai_core::bench::{Benchmark, BenchmarkResult, GameOutcome};
use tetris_ai_core::catalog;
use tetris_ai_core::engine::manual::Key;
use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::game::{ChoiceView, PieceView, Step, View};
use tetris_ai_core::record::{Attack, MatchSide, Recording};
use tetris_ai_core::replay::{Frame, NextMove, Replay};
use tetris_ai_core::{Choice, Game, GameConfig, Placement, Stats};
use tetris_ai_train::batch::AskedBatch;
use tetris_ai_train::evolution::{Evolution, EvolutionConfig, Report};
use tetris_ai_train::setup::{self, Choices, RunOptions};
use tetris_ai_wasm::typescript::{PATH, declarations, declared_fields};
use ts_rs::{Config, TS};

#[test]
fn the_committed_declarations_are_what_the_rust_types_give() {
    let generated = declarations().unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(PATH);
    if std::env::var_os("TETRIS_AI_WRITE_TYPES").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{PATH} is not what the Rust types give: run ./build.sh types to write it again"
    );
}

/// Checks that `value`, written by serde as the bindings write it (JSON), has every field `T`
/// declares as required, may have those it declares as optional, and has no other.
fn assert_fields<T: TS>(value: &Value) {
    let declared = declared_fields::<T>();
    assert!(
        !declared.is_empty(),
        "{} declares no fields",
        T::ident(&Config::new())
    );
    let Value::Object(map) = value else {
        panic!("{} is not an object: {value}", T::ident(&Config::new()));
    };
    for (name, optional) in &declared {
        assert!(
            *optional || map.contains_key(name),
            "{} declares {name}, not sent in {value}",
            T::ident(&Config::new())
        );
    }
    for name in map.keys() {
        assert!(
            declared.iter().any(|(n, _)| n == name),
            "{} does not declare {name}, sent in {value}",
            T::ident(&Config::new())
        );
    }
}

fn written(value: impl Serialize) -> Value {
    serde_json::to_value(value).unwrap()
}

#[test]
fn a_games_values_have_the_declared_fields() {
    let config = GameConfig {
        width: 8,
        height: 12,
        seed: 3,
        ..GameConfig::default()
    };
    assert_fields::<GameConfig>(&written(&config));
    let mut game = Game::new(config).unwrap();
    let choice = game.decide().unwrap().clone();
    let shown = written(ChoiceView::of(&choice));
    assert_fields::<ChoiceView>(&shown);
    assert_fields::<Placement>(&shown["placement"]);
    let step = written(game.step().unwrap());
    assert_fields::<Step>(&step);
    assert_eq!(
        step.as_object().unwrap().keys().collect::<Vec<_>>(),
        [
            "choice",
            "rows_cleared",
            "points",
            "game_over",
            "versus",
            "cleared",
            "rating"
        ]
    );
    assert_fields::<Choice>(&step["choice"]);
    let view = written(game.view());
    assert_fields::<View>(&view);
    assert_fields::<PieceView>(&view["active"]);
    assert_fields::<Stats>(&written(game.play(Some(30))));
    assert_fields::<Stats>(&view["stats"]);
    // The coach's values, for a placement below the best that does not end the game, and a
    // placement made by hand.
    let ranked = game.ranked_placements();
    let runner_up = ranked
        .iter()
        .find(|c| c.score < ranked[0].score && c.score.is_finite())
        .unwrap()
        .placement;
    let explained = written(game.explain(&runner_up).unwrap());
    assert_fields::<Explanation>(&explained);
    assert_fields::<Contribution>(&explained["terms"][0]);
    let rating = written(game.rate(&runner_up).unwrap());
    assert_fields::<Rating>(&rating);
    assert_fields::<Placement>(&rating["best"]);
    assert_fields::<Difference>(&rating["differences"][0]);
    let by_hand = written(game.press(Key::HardDrop).unwrap());
    assert_fields::<Rating>(&by_hand["rating"]);
}

#[test]
fn a_replays_values_have_the_declared_fields() {
    let mut game = Game::recorded(GameConfig::default()).unwrap();
    game.play(Some(3));
    let recording = game.recording().unwrap();
    assert_fields::<Recording>(&written(&recording));
    let mut replay = Replay::new(&recording).unwrap();
    let frame = written(replay.frame(0).unwrap());
    assert_fields::<Frame>(&frame);
    assert_fields::<View>(&frame["view"]);
    assert_fields::<NextMove>(&frame["next"]);
    assert_fields::<Rating>(&frame["next"]["rating"]);
    assert_fields::<Recording>(&written(replay.recording()));
}

#[test]
fn a_match_games_recording_has_the_declared_fields() {
    let mut game = Game::recorded(GameConfig::default()).unwrap();
    game.set_versus(VersusPreset::Ppt.rules()).unwrap();
    game.play(Some(2));
    game.receive_attack(3);
    game.play(Some(4));
    let recording = written(game.recording().unwrap());
    assert_fields::<Recording>(&recording);
    assert_fields::<MatchSide>(&recording["versus"]);
    assert_fields::<Attack>(&recording["versus"]["attacks"][0]);
}

#[test]
fn the_catalogues_values_have_the_declared_fields() {
    for preset in written(catalog::presets()).as_array().unwrap() {
        assert_fields::<catalog::PresetInfo>(preset);
        assert_fields::<tetris_ai_core::ai::presets::Published>(&preset["published"]);
    }
    let limits = written(catalog::limits());
    assert_fields::<catalog::Limits>(&limits);
    assert_fields::<catalog::BeamLimits>(&limits["beam"]);
    assert_fields::<catalog::Range>(&limits["width"]);
    assert_fields::<catalog::RuleDefaults>(&limits["rules"]);
    assert_fields::<tetris_ai_core::Rules>(&limits["rules"]["guideline"]);
    assert_fields::<GameConfig>(&limits["game"]);
    assert_fields::<tetris_ai_core::SearchConfig>(&limits["game"]["search"]);
    assert_eq!(
        written(catalog::features())[0],
        json!([
            "rows_cleared",
            "full rows removed by this placement",
            "lines cleared",
            "full lines this piece completes: they vanish and the blocks above drop"
        ])
    );
}

#[test]
fn an_evolutions_values_have_the_declared_fields() {
    let choices = written(setup::choices());
    assert_fields::<Choices>(&choices);
    assert_fields::<RunOptions>(&choices["defaults"]);
    let options = RunOptions {
        games: 1,
        max_pieces: Some(5),
        population: Some(2),
        width: 6,
        height: 6,
        ..RunOptions::default()
    };
    let config = options.config().unwrap();
    assert_fields::<EvolutionConfig>(&written(&config));
    let mut run = Evolution::new(config).unwrap();
    let asked = AskedBatch::of(run.ask().unwrap()).unwrap();
    assert_fields::<AskedBatch>(&written(&asked));
    let report = run.next_generation(&|_, _| {}).unwrap();
    assert_fields::<Report>(&written(&report));
}

#[test]
fn a_benchmarks_result_has_the_declared_fields() {
    let config = GameConfig {
        width: 6,
        height: 6,
        ..GameConfig::default()
    };
    let benchmark = Benchmark::new(config, 2, Some(20)).unwrap();
    let outcomes: Vec<GameOutcome> = (0..2).map(|i| benchmark.play(i, false).unwrap()).collect();
    assert_fields::<BenchmarkResult>(&written(BenchmarkResult::of(&outcomes)));
}
