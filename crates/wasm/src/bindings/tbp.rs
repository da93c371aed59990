//! The `TbpBot` class: the bot's side of the Tetris Bot Protocol, for a Web Worker that speaks it
//! through `postMessage` (`lib/tbp-worker.js`).

use super::args::{checked, to_js};
use serde_json::{Value, json};
use std::time::Duration;
use tetris_ai_core::ai::presets;
use tetris_ai_core::checked as check;
use tetris_ai_tbp::BotSearch;
use tetris_ai_tbp::bot::{Bot, MAX_THINK_MS, Reply, info};
use tetris_ai_tbp::search::{DEFAULT_MAX_WIDTH, FIRST_WIDTH, MAX_WIDTH};
use wasm_bindgen::prelude::*;

/// A TBP bot.
#[wasm_bindgen(js_name = TbpBot)]
pub struct WebTbpBot {
    bot: Bot,
}

/// A reply as JavaScript reads it: `{messages, warnings, quit}`, each message a plain object.
fn reply_value(reply: Reply) -> Result<Value, JsError> {
    let messages = reply
        .messages
        .iter()
        .map(serde_json::to_value)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| JsError::new(&format!("a message could not be written: {e}")))?;
    Ok(json!({"messages": messages, "warnings": reply.warnings, "quit": reply.quit}))
}

/// The `info` message a TBP bot sends first.
#[wasm_bindgen(js_name = tbpInfo)]
pub fn tbp_info() -> Result<JsValue, JsError> {
    to_js(&info())
}

#[wasm_bindgen(js_class = TbpBot)]
impl WebTbpBot {
    /// The bot that plays `settings` (as `gameConfig` takes them; the guideline rules and the
    /// `versus` preset unless they name others) and answers each `suggest` within `thinkMs` milliseconds (1 to 60,000),
    /// searching by `search`: `"beam"` (the default: every known piece, by a beam up to `maxWidth`
    /// nodes a piece, 4 to 65,536, default 4,096) or `"plies"` (the settings' depth). Bad settings,
    /// a game that is not guideline rules on 10x20, or a bad budget, search or width throw naming
    /// it.
    #[wasm_bindgen(constructor)]
    pub fn new(
        settings: JsValue,
        think_ms: JsValue,
        search: JsValue,
        max_width: JsValue,
    ) -> Result<WebTbpBot, JsError> {
        let settings = checked(&settings, "settings", check::settings)?;
        let think = checked(&think_ms, "thinkMs", |name, value| {
            check::count(name, value, 1, MAX_THINK_MS)
        })?;
        let search = checked(&search, "search", |name, value| match value {
            None => Ok("beam".to_string()),
            Some(_) => check::text(name, value),
        })?;
        let max_width = checked(&max_width, "maxWidth", |name, value| match value {
            None => Ok(u64::from(DEFAULT_MAX_WIDTH)),
            Some(_) => check::count(name, value, FIRST_WIDTH.into(), MAX_WIDTH.into()),
        })?;
        let search = BotSearch::named(&search, max_width as u32)?;
        let config = settings
            .guideline_unless_named()
            .preset_unless_named(presets::VERSUS.name)
            .resolve()?;
        let bot = Bot::new(&config, Duration::from_millis(think), search)?;
        Ok(WebTbpBot { bot })
    }

    /// Handles one message from the frontend, an object (or its JSON text): `{messages,
    /// warnings, quit}`, the messages to post back in order, what was wrong in words, and whether
    /// the frontend said to quit. A message that is no plain data is a warning too.
    pub fn handle(&mut self, message: JsValue) -> Result<JsValue, JsError> {
        let reply = if let Some(line) = message.as_string() {
            self.bot.handle_line(&line)
        } else {
            match checked(&message, "message", |_, value| Ok(value.cloned())) {
                Ok(value) => self.bot.handle(value.unwrap_or(Value::Null)),
                Err(error) => {
                    let error: JsValue = error.into();
                    let text = js_sys::Error::from(error).message();
                    Reply {
                        warnings: vec![format!("a message was ignored: {text}")],
                        ..Reply::default()
                    }
                }
            }
        };
        to_js(&reply_value(reply)?)
    }

    /// Thinks ahead while no message waits: one step of the beam for the position the next
    /// `suggest` will ask about, no longer than the think budget. Returns whether there is more to
    /// think about (with no game, the plies search, or the widest beam searched, there is not).
    pub fn ponder(&mut self) -> bool {
        self.bot.ponder()
    }
}
