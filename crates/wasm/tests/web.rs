//! The JavaScript bindings in a real browser (headless Chromium): bad input becomes a thrown
//! `Error` naming it, and a game plays through the bindings. Run for every WebAssembly build, in
//! a dedicated worker, as the page runs the engine (a worker may wait for the thread pool; a
//! page's main thread may not).
#![cfg(target_arch = "wasm32")]

use serde::Deserialize;
use tetris_ai_wasm::{self as web, WebGame as Game, WebReplay as Replay};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_dedicated_worker);

fn config(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap()
}

fn message(error: wasm_bindgen::JsError) -> String {
    let value: JsValue = error.into();
    js_sys::Error::from(value).message().into()
}

#[derive(Deserialize)]
struct Stats {
    lines: u64,
    pieces: u64,
    game_over: bool,
}

#[wasm_bindgen_test]
fn bad_configurations_throw_errors_naming_the_value() {
    let cases = [
        (
            r#"{"width": 30}"#,
            "config.width must be a whole number from 4 to 16, got 30",
        ),
        (
            r#"{"preset": "nobody"}"#,
            "config.preset must be the name of a preset",
        ),
        (
            r#"{"rules": {"kind": "tetris"}}"#,
            r#"config.rules.kind must be "classic" or "guideline", got "tetris""#,
        ),
        (
            r#"{"search": {"depth": 7}}"#,
            "config.search.depth must be a whole number from 1 to 4, got 7",
        ),
        (
            r#"{"search": {"depth": 3, "beam": 0}}"#,
            "config.search.beam must be a whole number from 1 to 16 (or null for the depth's), got 0",
        ),
        (
            r#"{"colour": "red"}"#,
            "config has an unknown field \"colour\"",
        ),
        (
            r#"{"weights": {"holes": "many"}}"#,
            r#"config.weights.holes must be a finite number, or {weight, exponent}, got "many""#,
        ),
        (
            r#"{"handling": {"arr": -1}}"#,
            "config.handling.arr must be a whole number from 0 to 4294967295, got -1",
        ),
        (
            r#"{"seed": 1.5}"#,
            "config.seed must be a whole number from 0 to 9007199254740991",
        ),
    ];
    for (text, expected) in cases {
        let error = message(
            Game::new(config(text))
                .err()
                .unwrap_or_else(|| panic!("{text} was accepted")),
        );
        assert!(error.contains(expected), "{text}: {error}");
    }
}

#[wasm_bindgen_test]
fn a_game_plays_and_bad_calls_throw_without_harm() {
    let mut game = Game::new(config(r#"{"rules": {"kind": "guideline"}, "seed": 3}"#)).unwrap();
    for _ in 0..50 {
        assert!(!game.step().unwrap().is_null());
    }
    let key = message(game.press("jump".into()).unwrap_err());
    assert!(key.starts_with("key must be \"left\", "), "{key}");
    assert!(key.ends_with(", got \"jump\""), "{key}");
    let weights_before = js_sys::JSON::stringify(&game.weights().unwrap()).unwrap();
    let bad = message(game.set_weights(config(r#"{"wells": 1}"#)).unwrap_err());
    assert!(bad.contains("\"wells\""), "{bad}");
    let weights_after = js_sys::JSON::stringify(&game.weights().unwrap()).unwrap();
    assert_eq!(weights_before, weights_after);
    let cap = message(game.play(1.5.into()).unwrap_err());
    assert!(cap.starts_with("maxPieces must be a whole number"), "{cap}");
    assert!(cap.ends_with("got 1.5"), "{cap}");
    let stats: Stats = serde_wasm_bindgen::from_value(game.play(300.into()).unwrap()).unwrap();
    assert_eq!(stats.pieces, 300);
    assert!(stats.lines > 100 && !stats.game_over);
    assert_eq!(game.cells().len(), 10 * (20 + 8));
    assert_eq!(game.active_cells().len(), 8);
}

#[wasm_bindgen_test]
fn a_recorded_game_replays_to_the_same_cells_and_bad_replays_throw_naming_why() {
    let mut game = Game::new(config(r#"{"rules": {"kind": "guideline"}, "seed": 5}"#)).unwrap();
    let mut cells = vec![game.cells()];
    for i in 0..30 {
        if i % 5 == 4 {
            for key in ["hold", "right", "hard_drop"] {
                game.press(key.into()).unwrap();
                game.release(key.into()).unwrap();
            }
        } else {
            game.step().unwrap();
        }
        cells.push(game.cells());
    }
    let recording = js_sys::JSON::stringify(&game.recording().unwrap()).unwrap();
    let mut replay = Replay::new(recording.into()).unwrap();
    assert_eq!(replay.count(), 30);
    // Forward, then back to each placement from the end.
    for i in (0..=30).chain((0..=30).rev()) {
        let frame = replay.frame(i.into()).unwrap();
        let view = get(&frame, "view");
        let shown: Vec<u8> = serde_wasm_bindgen::from_value(get(&view, "cells")).unwrap();
        assert_eq!(shown, cells[i as usize], "placement {i}");
        assert_eq!(get(&frame, "next").is_null(), i == 30);
    }
    let past = message(replay.frame(31.into()).unwrap_err());
    assert_eq!(past, "index must be a whole number from 0 to 30, got 31");
    // The replay's own text, every move in it, opens the same replay.
    let again = Replay::new(replay.text().into()).unwrap();
    assert_eq!(again.count(), 30);
    for (text, expected) in [
        ("{", "a replay must be JSON, and this is not: "),
        (
            r#"{"config": {}, "pieces": 2, "moves": "gYgC"}"#,
            "the replay says 2 pieces",
        ),
        (
            r#"{"config": {}, "pieces": 1, "moves": "g*gC"}"#,
            "character 2 of the moves",
        ),
    ] {
        let refused = message(Replay::new(text.into()).err().unwrap());
        assert!(refused.starts_with(expected), "{refused}");
    }
    let not_text = message(Replay::new(JsValue::from(3)).err().unwrap());
    assert_eq!(not_text, "text must be a string, got 3");
}

/// Values JSON cannot hold, each with the message it must throw.
fn unrepresentable() -> Vec<(JsValue, &'static str)> {
    let cyclic = js_sys::Object::new();
    js_sys::Reflect::set(&cyclic, &"self".into(), &cyclic).unwrap();
    let nested_nan = config(r#"{"handling": {"das": 0}}"#);
    let handling = js_sys::Reflect::get(&nested_nan, &"handling".into()).unwrap();
    js_sys::Reflect::set(&handling, &"das".into(), &f64::NAN.into()).unwrap();
    vec![
        (JsValue::UNDEFINED, "must be"),
        (f64::NAN.into(), "must be a finite number, got NaN"),
        (
            f64::NEG_INFINITY.into(),
            "must be a finite number, got -Infinity",
        ),
        (js_sys::Function::new_no_args("").into(), "got a function"),
        (js_sys::Symbol::for_("s").into(), "got a symbol"),
        (cyclic.into(), "an object that contains itself"),
        (js_sys::Map::new().into(), "got a Map"),
        (nested_nan, ".handling.das must be a finite number, got NaN"),
    ]
}

#[wasm_bindgen_test]
fn values_json_cannot_hold_throw_naming_the_argument_and_harm_nothing() {
    let mut game = Game::new(config(r#"{"height": 4, "seed": 5}"#)).unwrap();
    let before = js_sys::JSON::stringify(&game.view().unwrap()).unwrap();
    for (value, expected) in unrepresentable() {
        let calls: [(&str, Result<(), wasm_bindgen::JsError>); 10] = [
            ("key", game.release(value.clone())),
            ("key", game.press(value.clone()).map(drop)),
            ("frames", game.tick(value.clone()).map(drop)),
            ("handling", game.set_handling(value.clone())),
            ("weights", game.set_weights(value.clone())),
            ("search", game.set_search(value.clone())),
            ("on", game.set_parallel(value.clone()).map(|_| ())),
            ("placement", game.explain(value.clone()).map(drop)),
            ("placement", game.rate(value.clone()).map(drop)),
            ("moves", game.tbp_play(value.clone()).map(drop)),
        ];
        for (name, result) in calls {
            let error = message(result.expect_err(name));
            assert!(
                error.starts_with(name) && error.contains(expected),
                "{name}: {error}"
            );
        }
        if !value.is_undefined() {
            let error = message(Game::new(value).err().expect("config"));
            assert!(
                error.starts_with("config") && error.contains(expected),
                "{error}"
            );
        }
    }
    assert_eq!(
        js_sys::JSON::stringify(&game.view().unwrap()).unwrap(),
        before
    );
    let stats: Stats = serde_wasm_bindgen::from_value(game.stats().unwrap()).unwrap();
    assert_eq!(stats.pieces, 0);
    assert!(!game.step().unwrap().is_null());
}

#[wasm_bindgen_test]
fn the_ai_plays_its_path_input_by_input() {
    let mut game = Game::new(config(r#"{"rules": {"kind": "guideline"}, "seed": 9}"#)).unwrap();
    let mut inputs = 0;
    while game.ai_input().unwrap().is_null() {
        inputs += 1;
        assert!(inputs < 200, "the piece never locked");
    }
    let stats: Stats = serde_wasm_bindgen::from_value(game.stats().unwrap()).unwrap();
    assert_eq!(stats.pieces, 1);
    assert!(web::presets().unwrap().is_array() && web::features().unwrap().is_array());
}

#[wasm_bindgen_test]
fn hints_are_the_search_results_tied_for_best() {
    let mut game = Game::new(config(r#"{"rules": {"kind": "guideline"}, "seed": 4}"#)).unwrap();
    let json = |value: JsValue| String::from(js_sys::JSON::stringify(&value).unwrap());
    for _ in 0..20 {
        let ranked = js_sys::Array::from(&game.search().unwrap());
        let score = |choice: JsValue| js_sys::Reflect::get(&choice, &"score".into()).unwrap();
        let best = score(ranked.get(0));
        let tied: js_sys::Array = ranked.filter(&mut |c, _, _| score(c) == best);
        assert_eq!(json(game.hints().unwrap()), json(tied.into()));
        game.step().unwrap();
    }
}

/// `object[key]`.
fn get(object: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(object, &key.into()).unwrap()
}

#[wasm_bindgen_test]
fn explanations_sum_to_the_ranked_scores_and_ratings_rank_as_the_search_ranks() {
    for (setup, pieces) in [
        (r#"{"rules": {"kind": "guideline"}, "seed": 8}"#, 12),
        (r#"{"seed": 2, "preset": "el_tetris"}"#, 20),
        (r#"{"seed": 3, "preset": "lee", "search": {"depth": 2}}"#, 5),
    ] {
        let mut game = Game::new(config(setup)).unwrap();
        for _ in 0..pieces {
            game.step().unwrap();
        }
        let ranked = js_sys::Array::from(&game.search().unwrap());
        let scores: Vec<f64> = ranked
            .iter()
            .map(|c| get(&c, "score").as_f64().unwrap())
            .collect();
        for (choice, score) in ranked.iter().zip(&scores) {
            let placement = get(&choice, "placement");
            let explained = game.explain(placement.clone()).unwrap();
            let terms = js_sys::Array::from(&get(&explained, "terms"));
            // Summed in JavaScript, in order, as a page sums them.
            let sum = terms
                .iter()
                .map(|t| get(&t, "contribution").as_f64().unwrap())
                .fold(0.0, |total, c| total + c);
            assert_eq!(get(&explained, "score").as_f64(), Some(*score), "{setup}");
            assert_eq!(sum.to_bits(), score.to_bits(), "{setup}");
            let rating = game.rate(placement).unwrap();
            let first_equal = scores.iter().position(|s| s == score).unwrap();
            assert_eq!(
                get(&rating, "rank").as_f64(),
                Some(first_equal as f64 + 1.0)
            );
            assert_eq!(get(&rating, "of").as_f64(), Some(scores.len() as f64));
        }
    }
}

#[wasm_bindgen_test]
fn a_placement_the_search_does_not_give_is_refused_naming_it() {
    let mut game = Game::new(config(r#"{"rules": {"kind": "guideline"}, "seed": 5}"#)).unwrap();
    let piece = get(&game.decide().unwrap(), "placement");
    let piece_name = get(&piece, "piece").as_string().unwrap();
    let cases = [
        (
            r#"{"piece": "Q", "rotation": "Spawn", "x": 4, "y": 0}"#,
            "placement.piece must be one of \"I\", \"O\", \"T\", \"S\", \"Z\", \"J\", \"L\", got \"Q\"",
        ),
        (
            r#"{"piece": "T", "rotation": "Spawn", "x": 400, "y": 0}"#,
            "placement.x must be a whole number from -4 to 52, got 400",
        ),
        (
            r#"{"piece": "T", "rotation": "Spawn", "y": 0}"#,
            "placement needs the field \"x\"",
        ),
        (
            r#"{"piece": "T", "rotation": "Spawn", "x": 4, "y": 0, "colour": 1}"#,
            "placement has an unknown field \"colour\"",
        ),
    ];
    for (text, expected) in cases {
        for error in [
            game.explain(config(text)).unwrap_err(),
            game.rate(config(text)).unwrap_err(),
        ] {
            let error = message(error);
            assert!(error.contains(expected), "{text}: {error}");
        }
    }
    let floating = format!(r#"{{"piece": "{piece_name}", "rotation": "Spawn", "x": 4, "y": 12}}"#);
    let error = message(game.explain(config(&floating)).unwrap_err());
    let named = format!(
        r#"placement {{"piece":"{piece_name}","rotation":"Spawn","x":4,"y":12,"spin":"none"}} is none of those search() gives for the piece in play ({piece_name})"#
    );
    assert!(error.starts_with(&named), "{error}");
    // Nothing changed: the game plays on.
    assert!(!game.step().unwrap().is_null());
}

#[wasm_bindgen_test]
fn a_bots_moves_are_played_and_told_back_and_bad_ones_throw_naming_them() {
    let mut game = Game::new(config(r#"{"rules": {"kind": "guideline"}, "seed": 5}"#)).unwrap();
    let start = game.tbp_start().unwrap();
    assert_eq!(get(&start, "type").as_string().unwrap(), "start");
    assert_eq!(js_sys::Array::from(&get(&start, "board")).length(), 40);
    let placement = get(&game.decide().unwrap(), "placement");
    let placement: tetris_ai_core::Placement = serde_wasm_bindgen::from_value(placement).unwrap();
    let mv = serde_json::to_string(&tetris_ai_tbp::location::tbp_move(&placement)).unwrap();
    let before = js_sys::JSON::stringify(&game.view().unwrap()).unwrap();
    for (moves, expected) in [
        ("[]", "the bot suggested no move"),
        (
            r#"[{"x": 1}]"#,
            "none of the 1 moves suggested can be played; moves[0] is no move (",
        ),
        (
            r#"{"moves": []}"#,
            r#"moves must be a list of moves, got {"moves":[]}"#,
        ),
    ] {
        let error = message(game.tbp_play(config(moves)).unwrap_err());
        assert!(error.starts_with(expected), "{moves}: {error}");
    }
    assert_eq!(
        js_sys::JSON::stringify(&game.view().unwrap()).unwrap(),
        before
    );
    let played = game.tbp_play(config(&format!("[{mv}]"))).unwrap();
    assert_eq!(keys(&played), ["step", "messages"]);
    assert_declared::<tetris_ai_core::game::Step>(&get(&played, "step"));
    let messages = js_sys::Array::from(&get(&played, "messages"));
    let types: Vec<String> = messages
        .iter()
        .map(|m| get(&m, "type").as_string().unwrap())
        .collect();
    assert_eq!(types, ["play", "new_piece"]);
    let classic = Game::new(config("{}")).unwrap();
    assert_eq!(
        message(classic.tbp_start().unwrap_err()),
        "a Tetris Bot Protocol bot plays guideline rules, not classic rules"
    );
}

#[cfg(feature = "threads")]
#[wasm_bindgen_test]
async fn parallel_search_uses_the_thread_pool_and_chooses_the_same() {
    wasm_bindgen_futures::JsFuture::from(web::init_thread_pool(2))
        .await
        .unwrap();
    let setup = r#"{"rules": {"kind": "guideline"}, "seed": 12, "search": {"depth": 3}}"#;
    let play = |parallel: bool| {
        let mut game = Game::new(config(setup)).unwrap();
        let on = game.set_parallel(JsValue::from_bool(parallel)).unwrap();
        assert_eq!(on, parallel, "the pool is in use exactly when asked for");
        (0..60)
            .map(|_| js_sys::JSON::stringify(&game.step().unwrap()).unwrap())
            .collect::<Vec<_>>()
    };
    assert!(web::threaded());
    assert_eq!(play(true), play(false));
}

#[wasm_bindgen_test]
fn presets_carry_their_published_rules_and_search_and_a_game_takes_them() {
    #[derive(Deserialize)]
    struct PresetInfo {
        name: String,
        published: serde_json::Value,
    }
    let presets: Vec<PresetInfo> = serde_wasm_bindgen::from_value(web::presets().unwrap()).unwrap();
    let lee = presets.iter().find(|p| p.name == "lee").unwrap();
    assert_eq!(lee.published["rules"]["randomizer"], "bag");
    assert_eq!(lee.published["rules"]["preview"].as_f64(), Some(1.0));
    assert_eq!(lee.published["search"]["depth"].as_f64(), Some(2.0));
    let smartspot2 = presets.iter().find(|p| p.name == "smartspot2").unwrap();
    assert_eq!(smartspot2.published["search"]["value"], "max");
    let cs3243 = presets.iter().find(|p| p.name == "cs3243").unwrap();
    assert_eq!(cs3243.published["search"]["tie_break"], "first");
    for preset in &presets {
        let setup = serde_json::json!({
            "preset": preset.name,
            "rules": preset.published["rules"],
            "search": preset.published["search"],
            "width": 6,
            "height": 8,
        });
        let mut game = Game::new(config(&setup.to_string())).unwrap();
        assert!(!game.step().unwrap().is_null(), "{}", preset.name);
    }
}

/// The own enumerable keys of a JS object, in order.
fn keys(value: &JsValue) -> Vec<String> {
    js_sys::Object::keys(&js_sys::Object::from(value.clone()))
        .iter()
        .filter_map(|key| key.as_string())
        .collect()
}

/// Checks that the JS object `value` has every field `T`'s declaration requires, and no field it
/// does not declare.
fn assert_declared<T: ts_rs::TS>(value: &JsValue) {
    let declared = tetris_ai_wasm::typescript::declared_fields::<T>();
    let sent = keys(value);
    for (name, optional) in &declared {
        assert!(
            *optional || sent.contains(name),
            "{name} not sent: {sent:?}"
        );
    }
    for name in &sent {
        assert!(
            declared.iter().any(|(n, _)| n == name),
            "{name} not declared"
        );
    }
}

#[wasm_bindgen_test]
fn the_values_a_game_sends_have_the_fields_their_types_declare() {
    use tetris_ai_core::game::{ChoiceView, PieceView, Step, View};
    let get = |value: &JsValue, key: &str| js_sys::Reflect::get(value, &key.into()).unwrap();
    let mut game = Game::new(config(r#"{"rules": {"kind": "guideline"}, "seed": 6}"#)).unwrap();
    let choice = game.decide().unwrap();
    assert_declared::<ChoiceView>(&choice);
    assert_declared::<tetris_ai_core::Placement>(&get(&choice, "placement"));
    let step = game.step().unwrap();
    assert_eq!(
        keys(&step),
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
    assert_declared::<Step>(&step);
    assert_declared::<tetris_ai_core::Choice>(&get(&step, "choice"));
    let view = game.view().unwrap();
    assert_declared::<View>(&view);
    assert_declared::<PieceView>(&get(&view, "active"));
    assert_declared::<tetris_ai_core::Stats>(&game.stats().unwrap());
    assert_declared::<tetris_ai_core::catalog::Limits>(&web::limits().unwrap());
    // The coach's values, for a placement below the best that does not end the game.
    let ranked = js_sys::Array::from(&game.search().unwrap());
    let score = |choice: &JsValue| get(choice, "score").as_f64().unwrap();
    let best = score(&ranked.get(0));
    let below = ranked
        .iter()
        .find(|c| score(c) < best && score(c).is_finite())
        .unwrap();
    let runner_up = get(&below, "placement");
    let explained = game.explain(runner_up.clone()).unwrap();
    assert_declared::<tetris_ai_core::ai::search::Explanation>(&explained);
    let term = js_sys::Array::from(&get(&explained, "terms")).get(0);
    assert_declared::<tetris_ai_core::ai::weights::Contribution>(&term);
    let rating = game.rate(runner_up).unwrap();
    assert_declared::<tetris_ai_core::ai::search::Rating>(&rating);
    let difference = js_sys::Array::from(&get(&rating, "differences")).get(0);
    assert_declared::<tetris_ai_core::ai::search::Difference>(&difference);
}

/// The measurement of kind `kind` of `config` (JSON text) with `options` (JSON text).
fn measurement(kind: &str, config_text: &str, options: &str) -> web::Measurement {
    web::Measurement::new(kind.into(), config(config_text), config(options)).unwrap()
}

/// Why the measurement of kind `kind` of `config_text` with `options` (JSON text) is refused.
fn refused(kind: &str, config_text: &str, options: &str) -> String {
    let made = web::Measurement::new(kind.into(), config(config_text), config(options));
    message(made.err().expect("refused"))
}

#[wasm_bindgen_test]
fn a_benchmark_plays_the_librarys_games_and_gives_its_statistics() {
    use tetris_ai_core::GameConfig;
    use tetris_ai_core::bench::{Benchmark, BenchmarkResult};
    let options = r#"{"games": 3, "seed": 5, "maxPieces": 200}"#;
    let games = measurement("benchmark", r#"{"width": 6, "height": 6}"#, options);
    assert_eq!(games.jobs(), 3);
    // Played in two ranges, out of order: the library's games seeded 5, 6 and 7, in order.
    let mut numbers = games.play(2.into(), 3.into()).unwrap();
    numbers.splice(0..0, games.play(0.into(), 2.into()).unwrap());
    let library = Benchmark::new(
        GameConfig {
            width: 6,
            height: 6,
            seed: 5,
            ..GameConfig::default()
        },
        3,
        Some(200),
    )
    .unwrap();
    let outcomes: Vec<_> = (0..3).map(|i| library.play(i, false).unwrap()).collect();
    let expected: Vec<f64> = outcomes
        .iter()
        .flat_map(|o| {
            [
                o.lines as f64,
                o.pieces as f64,
                f64::from(u8::from(o.capped)),
            ]
        })
        .collect();
    assert_eq!(numbers, expected);
    let sent = js_sys::Float64Array::from(&numbers[..]);
    let result = games.result(sent.into()).unwrap();
    assert_declared::<BenchmarkResult>(&result);
    let written = serde_json::to_string(&BenchmarkResult::of(&outcomes)).unwrap();
    assert_eq!(
        js_sys::JSON::stringify(&result).unwrap(),
        js_sys::JSON::stringify(&js_sys::JSON::parse(&written).unwrap()).unwrap()
    );
}

#[wasm_bindgen_test]
fn bad_benchmarks_and_outcomes_throw_naming_the_value() {
    let too_many = tetris_ai_core::bench::MAX_GAMES + 1;
    let cases = [
        (
            refused("benchmark", "{}", r#"{"games": 0}"#),
            "options.games must be a whole number from 1 to 1000000, got 0",
        ),
        (
            refused("benchmark", "{}", &format!(r#"{{"games": {too_many}}}"#)),
            "options.games must be a whole number from 1 to 1000000, got 1000001",
        ),
        (
            refused("benchmark", "{}", r#"{"games": 1, "seed": "x"}"#),
            "options.seed must be a whole number from 0 to 9007199254740991",
        ),
        (
            refused("benchmark", "{}", r#"{"games": 1, "maxPieces": 0}"#),
            "options.maxPieces must be a whole number from 1 to 9007199254740991, got 0",
        ),
        (
            refused("benchmark", "{}", r#"{"games": 1, "replicates": 2}"#),
            "options has an unknown field \"replicates\" (fields: games, seed, maxPieces)",
        ),
        (
            refused("benchmark", r#"{"width": 30}"#, r#"{"games": 1}"#),
            "config.width must be",
        ),
        (
            refused("race", "{}", "{}"),
            "no measurement is called \"race\" (measurements: \"benchmark\", \"survival\", \"versus\")",
        ),
    ];
    for (error, expected) in cases {
        assert!(error.contains(expected), "{error}");
    }
    let games = measurement("benchmark", "{}", r#"{"games": 2, "maxPieces": 10}"#);
    let error = message(games.play(2.into(), 1.into()).unwrap_err());
    assert_eq!(error, "from (2) must not be past to (1)");
    let error = message(games.play(0.into(), 3.into()).unwrap_err());
    assert!(
        error.starts_with("to must be a whole number from 0 to 2"),
        "{error}"
    );
    let outcomes = |numbers: &[f64]| {
        let sent = js_sys::Float64Array::from(numbers);
        message(games.result(sent.into()).unwrap_err())
    };
    assert!(outcomes(&[1.0, 2.0, 0.0, 4.0]).contains("for each of 2 games"));
    assert!(outcomes(&[1.0, 2.0, 0.0, 4.0]).contains("got 4 numbers"));
    assert!(
        outcomes(&[1.0, 2.0, 2.0, 1.0, 2.0, 0.0])
            .starts_with("outcomes[2] must be a whole number from 0 to 1")
    );
    assert!(
        outcomes(&[f64::NAN, 2.0, 0.0, 1.0, 2.0, 0.0])
            .starts_with("outcomes[0] must be a finite number")
    );
    assert!(
        outcomes(&[1.5, 2.0, 0.0, 1.0, 2.0, 0.0]).starts_with("outcomes[0] must be a whole number")
    );
    let error = message(games.result(config("[1, 2, 0]")).unwrap_err());
    assert!(
        error.starts_with("outcomes must be a Float64Array"),
        "{error}"
    );
}

#[wasm_bindgen_test]
fn a_survival_estimate_makes_the_librarys_replicates_and_gives_its_estimate() {
    use tetris_ai_core::GameConfig;
    use tetris_ai_core::survival::{SurvivalEstimate, SurvivalPlan, default_levels};
    let options = r#"{"replicates": 3, "seed": 5, "runPieces": 400, "trials": 20}"#;
    let made = measurement("survival", r#"{"width": 6, "height": 8}"#, options);
    assert_eq!(made.jobs(), 3);
    // Made in two ranges, out of order: the library's replicates 0, 1 and 2 of seed 5.
    let mut numbers = made.play(2.into(), 3.into()).unwrap();
    numbers.splice(0..0, made.play(0.into(), 2.into()).unwrap());
    let config = GameConfig {
        width: 6,
        height: 8,
        seed: 5,
        ..GameConfig::default()
    };
    let (base, levels) = default_levels(8);
    let library = SurvivalPlan::new(config, base, levels, 400, 20, 3).unwrap();
    let replicates: Vec<_> = (0..3).map(|i| library.replicate(i).unwrap()).collect();
    let expected: Vec<f64> = replicates
        .iter()
        .flat_map(|r| {
            let head = [r.lines, r.excursions, r.pieces];
            let stages = r.stages.iter().flat_map(|s| [s.trials, s.reached]);
            head.into_iter()
                .chain(stages)
                .map(|n| n as f64)
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(numbers, expected);
    let sent = js_sys::Float64Array::from(&numbers[..]);
    let result = made.result(sent.into()).unwrap();
    assert_declared::<SurvivalEstimate>(&result);
    let written = serde_json::to_string(&SurvivalEstimate::of(replicates)).unwrap();
    assert_eq!(
        js_sys::JSON::stringify(&result).unwrap(),
        js_sys::JSON::stringify(&js_sys::JSON::parse(&written).unwrap()).unwrap()
    );
}

#[wasm_bindgen_test]
fn bad_survival_estimates_and_counts_throw_naming_the_value() {
    let board = r#"{"width": 6, "height": 8}"#;
    let cases = [
        (
            r#"{"replicates": 0}"#,
            "options.replicates must be a whole number from 1 to 1000000, got 0",
        ),
        (
            r#"{"seed": "x"}"#,
            "options.seed must be a whole number from 0 to 9007199254740991",
        ),
        (
            r#"{"runPieces": 10000001}"#,
            "options.runPieces must be a whole number from 1 to 10000000, got 10000001",
        ),
        (
            r#"{"trials": 0}"#,
            "options.trials must be a whole number from 1 to 1000000, got 0",
        ),
        (
            r#"{"base": 4, "levels": [3, 6]}"#,
            "level 3 is not above the base 4",
        ),
        (
            r#"{"levels": [4, 9]}"#,
            "level 9 is above the board's 8 rows",
        ),
        (r#"{"levels": [4, -1]}"#, "options.levels"),
        // Past 2^32 a row would wrap around in a 32-bit usize: refused by name instead.
        (
            r#"{"base": 4294967297}"#,
            "options.base must be a whole number from 0 to 40, got 4294967297",
        ),
        (
            r#"{"levels": [3, 4294967299]}"#,
            "options.levels[1] must be a whole number from 1 to 40, got 4294967299",
        ),
    ];
    for (options, expected) in cases {
        let error = refused("survival", board, options);
        assert!(error.contains(expected), "{error}");
    }
    // Default levels on 8 rows: base 1, levels 3..=8, so 6 stages and 15 numbers a replicate.
    let options = r#"{"replicates": 2, "seed": 0, "runPieces": 100, "trials": 4}"#;
    let made = measurement("survival", board, options);
    let error = message(made.play(2.into(), 1.into()).unwrap_err());
    assert_eq!(error, "from (2) must not be past to (1)");
    let counts = |numbers: &[f64]| {
        let sent = js_sys::Float64Array::from(numbers);
        message(made.result(sent.into()).unwrap_err())
    };
    let mut good = made.play(0.into(), 2.into()).unwrap();
    assert_eq!(good.len(), 30);
    assert!(counts(&good[..29]).contains("15 numbers for each of 2 replicates, got 29 numbers"));
    good[19] = good[18] + 1.0;
    let error = counts(&good);
    assert!(error.starts_with("counts[19] says"), "{error}");
    good[19] = f64::NAN;
    assert!(counts(&good).starts_with("counts[19] must be a finite number"));
    good[2] = 1.5;
    assert!(counts(&good).starts_with("counts[2] must be a whole number"));
    let error = message(made.result(config("[1, 2, 0]")).unwrap_err());
    assert!(
        error.starts_with("counts must be a Float64Array"),
        "{error}"
    );
}

#[wasm_bindgen_test]
fn a_versus_series_plays_the_librarys_matches_and_gives_its_statistics() {
    use tetris_ai_core::checked;
    use tetris_ai_core::engine::rules::Rules;
    use tetris_ai_core::engine::versus::VersusPreset;
    use tetris_ai_core::measurement::Measurement;
    use tetris_ai_core::versus::Match;
    use tetris_ai_core::versus::series::{Series, SeriesStats};
    // The guideline rules, as versus is played: spins, hold and the previews.
    let rules = serde_json::to_string(&Rules::guideline()).unwrap();
    let left = format!(r#"{{"rules": {rules}, "preset": "dellacherie"}}"#);
    let right = format!(r#"{{"rules": {rules}, "preset": "dt10"}}"#);
    let options = format!(r#"{{"games": 3, "seed": 7, "maxPieces": 300, "opponent": {right}}}"#);
    let made = measurement("versus", &left, &options);
    assert_eq!(made.jobs(), 3);
    // Played in two ranges, out of order: the library's matches seeded 7, 8 and 9, in order.
    let mut numbers = made.play(1.into(), 3.into()).unwrap();
    numbers.splice(0..0, made.play(0.into(), 1.into()).unwrap());
    let game = |text: &str| {
        checked::game_config("config", Some(&serde_json::from_str(text).unwrap())).unwrap()
    };
    let pairing = Match::new(game(&left), game(&right), VersusPreset::Ppt.rules(), 300).unwrap();
    let library = Series::new(pairing, 7, 3).unwrap();
    let expected: Vec<f64> = (0..3)
        .flat_map(|i| Measurement::play(&library, i).unwrap())
        .collect();
    assert_eq!(numbers, expected);
    let sent = js_sys::Float64Array::from(&numbers[..]);
    let result = made.result(sent.into()).unwrap();
    assert_declared::<SeriesStats>(&result);
    let outcomes: Vec<_> = (0..3).map(|i| library.play_match(i).unwrap()).collect();
    let written = serde_json::to_string(&SeriesStats::of(&outcomes)).unwrap();
    assert_eq!(
        js_sys::JSON::stringify(&result).unwrap(),
        js_sys::JSON::stringify(&js_sys::JSON::parse(&written).unwrap()).unwrap()
    );
}

#[wasm_bindgen_test]
fn bad_versus_series_throw_naming_the_value() {
    let cases = [
        (
            r#"{"games": 0}"#,
            "options.games must be a whole number from 1 to 1000000, got 0",
        ),
        (
            r#"{"maxPieces": -1}"#,
            "options.maxPieces must be a whole number from 1 to 9007199254740991, got -1",
        ),
        (
            r#"{"rules": "jstris"}"#,
            r#"options.rules must be "ppt" or "tetrio", got "jstris""#,
        ),
        (
            r#"{"opponent": {"width": 3}}"#,
            "options.opponent.width must be",
        ),
        (
            r#"{"opponent": {"preset": "nobody"}}"#,
            "options.opponent.preset must be the name of a preset",
        ),
        (
            r#"{"lines": 40}"#,
            "options has an unknown field \"lines\" (fields: games, seed, maxPieces, opponent, \
             rules, pace)",
        ),
        (
            r#"{"pace": "realtime"}"#,
            r#"options.pace must be "lockstep" or "ppt", got "realtime""#,
        ),
    ];
    for (options, expected) in cases {
        let error = refused("versus", "{}", options);
        assert!(error.contains(expected), "{options}: {error}");
    }
    let made = measurement("versus", "{}", r#"{"games": 2, "maxPieces": 20}"#);
    let outcomes = |numbers: &[f64]| {
        let sent = js_sys::Float64Array::from(numbers);
        message(made.result(sent.into()).unwrap_err())
    };
    let mut good = made.play(0.into(), 2.into()).unwrap();
    assert_eq!(good.len(), 32);
    assert!(outcomes(&good[..31]).contains("16 numbers for each of 2 matches, got 31 numbers"));
    good[16] = 3.0;
    assert!(outcomes(&good).starts_with("outcomes[16] must be a whole number from 0 to 2, got 3"));
}
