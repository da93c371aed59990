//! The JavaScript bindings in a real browser (headless Chromium): bad input becomes a thrown
//! `Error` naming it, and a game plays through the bindings. Run for both WebAssembly builds.
#![cfg(target_arch = "wasm32")]

use serde::Deserialize;
use tetris_ai::web::{self, WebGame as Game};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

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
        (r#"{"width": 30}"#, "width 30"),
        (r#"{"preset": "nobody"}"#, "\"nobody\""),
        (r#"{"rules": {"kind": "tetris"}}"#, "tetris"),
        (r#"{"search": {"depth": 7}}"#, "depth 7"),
        (r#"{"colour": "red"}"#, "colour"),
        (r#"{"weights": {"holes": "many"}}"#, "\"holes\""),
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
    let key = message(game.press("jump").unwrap_err());
    assert!(key.contains("\"jump\""), "{key}");
    let weights_before = js_sys::JSON::stringify(&game.weights().unwrap()).unwrap();
    let bad = message(game.set_weights(config(r#"{"wells": 1}"#)).unwrap_err());
    assert!(bad.contains("\"wells\""), "{bad}");
    let weights_after = js_sys::JSON::stringify(&game.weights().unwrap()).unwrap();
    assert_eq!(weights_before, weights_after);
    let cap = message(game.play(Some(1.5)).unwrap_err());
    assert!(cap.contains("1.5"), "{cap}");
    let stats: Stats = serde_wasm_bindgen::from_value(game.play(Some(300.0)).unwrap()).unwrap();
    assert_eq!(stats.pieces, 300);
    assert!(stats.lines > 100 && !stats.game_over);
    assert_eq!(game.cells().len(), 10 * (20 + 8));
    assert_eq!(game.active_cells().len(), 8);
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

#[cfg(feature = "threads")]
#[wasm_bindgen_test]
async fn parallel_search_uses_the_thread_pool_and_chooses_the_same() {
    wasm_bindgen_futures::JsFuture::from(web::init_thread_pool(2))
        .await
        .unwrap();
    let setup = r#"{"rules": {"kind": "guideline"}, "seed": 12, "search": {"depth": 2}}"#;
    let play = |parallel: bool| {
        let mut game = Game::new(config(setup)).unwrap();
        game.set_parallel(parallel);
        (0..60)
            .map(|_| js_sys::JSON::stringify(&game.step().unwrap()).unwrap())
            .collect::<Vec<_>>()
    };
    assert!(web::threaded());
    assert_eq!(play(true), play(false));
}
