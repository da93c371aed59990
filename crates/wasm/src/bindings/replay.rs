//! The `Replay` class: a recorded game played again, one position at a time.

use super::args::{checked, text_arg, to_js};
use tetris_ai_core::checked as check;
use tetris_ai_core::replay::Replay;
use wasm_bindgen::prelude::*;

/// A replay for the page.
#[wasm_bindgen(js_name = Replay)]
pub struct WebReplay {
    replay: Replay,
}

#[wasm_bindgen(js_class = Replay)]
impl WebReplay {
    /// The replay of a recording's JSON text (`{config, pieces, moves}`, as a game's
    /// `recording()` gives it, or as a replay's file holds it), played through once. A bad one
    /// throws, naming what is wrong: a field, or the move that does not play and why.
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue) -> Result<WebReplay, JsError> {
        let text = text_arg(&text, "text")?;
        let replay = Replay::read(&text)?;
        Ok(WebReplay { replay })
    }

    /// How many placements the replay holds.
    pub fn count(&self) -> usize {
        self.replay.len()
    }

    /// The position after `index` placements (0 to `count()`): the view, and the move made from
    /// it with the coach's rating of it (null at the end). Any other index throws, naming it.
    pub fn frame(&mut self, index: JsValue) -> Result<JsValue, JsError> {
        let count = self.replay.len();
        let index = checked(&index, "index", |name, value| {
            check::index(name, value, count)
        })?;
        let frame = self.replay.frame(index)?;
        to_js(&frame)
    }

    /// The replay as a file or a share link holds it: its recording with every move, as JSON
    /// text.
    pub fn text(&self) -> String {
        self.replay.recording().to_json()
    }
}
