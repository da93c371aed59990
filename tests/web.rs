//! The JavaScript bindings in a real browser (headless Chromium): bad input becomes a thrown
//! `Error` naming it, and a game plays through the bindings. Run for every WebAssembly build, in
//! a dedicated worker, as the page runs the engine (a worker may wait for the thread pool; a
//! page's main thread may not).
#![cfg(target_arch = "wasm32")]

use serde::Deserialize;
use tetris_ai::web::{self, WebGame as Game};
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
        let calls: [(&str, Result<(), wasm_bindgen::JsError>); 7] = [
            ("key", game.release(value.clone())),
            ("key", game.press(value.clone()).map(drop)),
            ("frames", game.tick(value.clone()).map(drop)),
            ("handling", game.set_handling(value.clone())),
            ("weights", game.set_weights(value.clone())),
            ("search", game.set_search(value.clone())),
            ("on", game.set_parallel(value.clone()).map(|_| ())),
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
    let declared = tetris_ai::typescript::declared_fields::<T>();
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
    use tetris_ai::game::{ChoiceView, PieceView, Step, View};
    let get = |value: &JsValue, key: &str| js_sys::Reflect::get(value, &key.into()).unwrap();
    let mut game = Game::new(config(r#"{"rules": {"kind": "guideline"}, "seed": 6}"#)).unwrap();
    let choice = game.decide().unwrap();
    assert_declared::<ChoiceView>(&choice);
    assert_declared::<tetris_ai::Placement>(&get(&choice, "placement"));
    let step = game.step().unwrap();
    assert_eq!(
        keys(&step),
        ["choice", "rows_cleared", "points", "game_over"]
    );
    assert_declared::<Step>(&step);
    assert_declared::<tetris_ai::Choice>(&get(&step, "choice"));
    let view = game.view().unwrap();
    assert_declared::<View>(&view);
    assert_declared::<PieceView>(&get(&view, "active"));
    assert_declared::<tetris_ai::Stats>(&game.stats().unwrap());
    assert_declared::<tetris_ai::catalog::Limits>(&web::limits().unwrap());
}
