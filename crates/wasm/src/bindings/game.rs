//! The `Game` class.

use super::args::{checked, to_js};
use super::pool_usable;
use serde_json::Value;
use tetris_ai_core::checked as check;
use tetris_ai_core::game::{ChoiceView, Game, PieceView};
use tetris_ai_tbp::frontend;
use wasm_bindgen::prelude::*;

/// A game for the page.
#[wasm_bindgen(js_name = Game)]
pub struct WebGame {
    game: Game,
}

/// A piece's cells as flat `[x0, y0, x1, y1, ...]`.
fn flat(view: Option<PieceView>) -> Vec<i32> {
    view.map(|v| v.cells.iter().flat_map(|&(x, y)| [x, y]).collect())
        .unwrap_or_default()
}

#[wasm_bindgen(js_class = Game)]
impl WebGame {
    /// A game from a plain object: `rules` (`{kind: "classic" | "guideline", preview, hold,
    /// timing}`), `width`, `height`, `seed`, `preset` or `weights`, `search` (`{depth, prune,
    /// margin}`), `handling` (`{das, arr, gravity, soft_drop, lock_delay}`); all optional.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<WebGame, JsError> {
        let config = checked(&config, "config", check::game_config)?;
        let game = Game::recorded(config)?;
        Ok(WebGame { game })
    }

    /// The AI's choice for the current piece (placement, hold, input path, score), decided now
    /// if need be; `null` once the game is over.
    pub fn decide(&mut self) -> Result<JsValue, JsError> {
        match self.game.decide() {
            Some(choice) => to_js(&ChoiceView::of(choice)),
            None => Ok(JsValue::NULL),
        }
    }

    /// The AI makes the next input of its path, visibly; returns the step when the piece locks,
    /// else `null`.
    #[wasm_bindgen(js_name = aiInput)]
    pub fn ai_input(&mut self) -> Result<JsValue, JsError> {
        match self.game.ai_input() {
            Some(step) => to_js(&step),
            None => Ok(JsValue::NULL),
        }
    }

    /// The AI plays one piece; returns the step (its choice: placement, hold, input path and
    /// score; the rows it cleared, its points, and whether the game ended) or `null` once the
    /// game is over.
    pub fn step(&mut self) -> Result<JsValue, JsError> {
        match self.game.step() {
            Some(step) => to_js(&step),
            None => Ok(JsValue::NULL),
        }
    }

    /// The AI plays on to game over or until `max_pieces` pieces in all; returns the statistics.
    pub fn play(&mut self, max_pieces: JsValue) -> Result<JsValue, JsError> {
        let cap = checked(&max_pieces, "maxPieces", check::cap)?;
        to_js(&self.game.play(cap))
    }

    /// Every placement of the current piece (and the hold alternative) with its score and input
    /// path, best first.
    pub fn search(&mut self) -> Result<JsValue, JsError> {
        let ranked = self.game.ranked_placements();
        to_js(&ranked.iter().map(ChoiceView::of).collect::<Vec<_>>())
    }

    /// The hints: the placements tied for the best score, as `search` gives them first.
    pub fn hints(&mut self) -> Result<JsValue, JsError> {
        let best = self.game.hints();
        to_js(&best.iter().map(ChoiceView::of).collect::<Vec<_>>())
    }

    /// Why the AI scores `placement` (one that `search` gives, as it gives it) as it does: each
    /// weighted feature's value, weight and contribution, summing to its score, and at depth 2
    /// and deeper the later plies' value and the plan value. Any other placement throws, naming
    /// it.
    pub fn explain(&mut self, placement: JsValue) -> Result<JsValue, JsError> {
        let placement = checked(&placement, "placement", check::placement)?;
        let explanation = self.game.explain(&placement)?;
        to_js(&explanation)
    }

    /// Where `placement` (one that `search` gives) ranks among them, how far below the best it
    /// scores, and the one or two features that make most of the difference. Any other
    /// placement throws, naming it.
    pub fn rate(&mut self, placement: JsValue) -> Result<JsValue, JsError> {
        let placement = checked(&placement, "placement", check::placement)?;
        let rating = self.game.rate(&placement)?;
        to_js(&rating)
    }

    /// Presses a key: "left", "right", "soft_drop", "hard_drop", "cw", "ccw", "half" or "hold". Returns
    /// the step when a piece locks (a hand-made placement has an empty path and no score, and
    /// the coach's rating), else `null`.
    pub fn press(&mut self, key: JsValue) -> Result<JsValue, JsError> {
        match self.game.press(checked(&key, "key", check::key)?) {
            Some(step) => to_js(&step),
            None => Ok(JsValue::NULL),
        }
    }

    /// Releases a key.
    pub fn release(&mut self, key: JsValue) -> Result<(), JsError> {
        self.game.release(checked(&key, "key", check::key)?);
        Ok(())
    }

    /// Lets `frames` frames pass: auto shift, gravity, lock delay. Returns the steps of the
    /// pieces that locked (usually none).
    pub fn tick(&mut self, frames: JsValue) -> Result<JsValue, JsError> {
        let frames = checked(&frames, "frames", check::frame_count)?;
        to_js(&self.game.tick(frames))
    }

    /// Changes the timings of manual play (`{das, arr, gravity, soft_drop, lock_delay}`) from
    /// now on; bad values throw and change nothing.
    #[wasm_bindgen(js_name = setHandling)]
    pub fn set_handling(&mut self, handling: JsValue) -> Result<(), JsError> {
        let handling = checked(&handling, "handling", check::handling)?;
        self.game.set_handling(handling).map_err(JsError::from)
    }

    /// Replaces the AI's search (`{depth, prune, margin}`, the fields not given as by default; a
    /// margin of null takes the preset's); the current piece is decided again with it. Bad values
    /// throw and change nothing.
    #[wasm_bindgen(js_name = setSearch)]
    pub fn set_search(&mut self, search: JsValue) -> Result<(), JsError> {
        let search = checked(&search, "search", check::search)?;
        self.game.set_search(search).map_err(JsError::from)
    }

    /// Plays this game as one side of a match under the versus rules `rules` ("ppt" or
    /// "tetrio"), from now on: its clears attack (see `takeSent`), and the opponent's attack
    /// enters as garbage (see `receiveAttack`). A bad name throws and changes nothing.
    #[wasm_bindgen(js_name = setVersus)]
    pub fn set_versus(&mut self, rules: JsValue) -> Result<(), JsError> {
        let rules = checked(&rules, "rules", check::versus_rules)?;
        self.game.set_versus(rules.rules()).map_err(JsError::from)
    }

    /// Queues `rows` (a whole number) of the opponent's attack, arriving now: they enter after
    /// the game's next placements, by the rules' garbage delay, unless its own attack cancels
    /// them first; nothing where the game plays no match.
    #[wasm_bindgen(js_name = receiveAttack)]
    pub fn receive_attack(&mut self, rows: JsValue) -> Result<(), JsError> {
        self.game
            .receive_attack(checked(&rows, "rows", check::attack_rows)?);
        Ok(())
    }

    /// The rows this game's clears sent since last asked, for the opponent (0 where the game
    /// plays no match).
    #[wasm_bindgen(js_name = takeSent)]
    pub fn take_sent(&mut self) -> u32 {
        self.game.take_sent()
    }

    /// Incoming garbage rows not yet entered; `null` where the game plays no match.
    #[wasm_bindgen(js_name = pendingGarbage)]
    pub fn pending_garbage(&self) -> Option<u32> {
        self.game.pending_garbage()
    }

    /// The match's totals (attack, sent, cancelled, received, T-spins, perfect clears, the
    /// longest combo and back-to-back chain); `null` where the game plays no match.
    #[wasm_bindgen(js_name = versusStats)]
    pub fn versus_stats(&self) -> Result<JsValue, JsError> {
        match self.game.versus() {
            Some((_, stats)) => to_js(&stats),
            None => Ok(JsValue::NULL),
        }
    }

    /// The Tetris Bot Protocol's `start` message of the game as it stands, for a bot that places
    /// its pieces (see `tbpPlay`): the board (40 rows from the bottom, each cell a piece's letter,
    /// "G" for garbage, or null), the queue (the current piece, then the preview), hold, `combo`,
    /// `back_to_back` and the `randomizer`'s state at the end of the queue. A game that is not
    /// the protocol's (guideline rules on a board 10 wide and 20 high) throws, naming what
    /// differs.
    #[wasm_bindgen(js_name = tbpStart)]
    pub fn tbp_start(&self) -> Result<JsValue, JsError> {
        to_js(&frontend::start(&self.game)?)
    }

    /// Plays the first of `moves`, a Tetris Bot Protocol suggestion's moves (the most preferred
    /// first), that the game can play: its piece the current one or the one hold brings (then
    /// hold is used), at a placement the piece reaches by the rules, with the spin it makes
    /// there. Returns `{step, messages}`: the step, as `step` gives the AI's (with the coach's
    /// `rating`), and the messages that tell the bot what happened, to post to it in order
    /// (`play`, then `new_piece` for each piece that came into the queue; `stop` and a new
    /// `start` where garbage came in; `stop` after the last move). Where none can be played, or
    /// `moves` is no list or empty, it throws naming the first move refused and why, and the
    /// game is unchanged.
    #[wasm_bindgen(js_name = tbpPlay)]
    pub fn tbp_play(&mut self, moves: JsValue) -> Result<JsValue, JsError> {
        let moves = checked(&moves, "moves", |_, value| {
            Ok(value.cloned().unwrap_or(Value::Null))
        })?;
        to_js(&frontend::play(&mut self.game, &moves)?)
    }

    /// The locked cells, row by row from the bottom (visible rows, then the buffer): 0 empty,
    /// else 1 + the piece index (I, O, T, S, Z, J, L).
    pub fn cells(&self) -> Vec<u8> {
        self.game.view().cells
    }

    /// The active piece's cells as `[x0, y0, ...]` (empty when none).
    #[wasm_bindgen(js_name = activeCells)]
    pub fn active_cells(&self) -> Vec<i32> {
        flat(self.game.view().active)
    }

    /// The ghost piece's cells as `[x0, y0, ...]`.
    #[wasm_bindgen(js_name = ghostCells)]
    pub fn ghost_cells(&self) -> Vec<i32> {
        flat(self.game.view().ghost)
    }

    /// Everything else a renderer needs: width, height, active and ghost pieces, hold, queue,
    /// statistics.
    pub fn view(&self) -> Result<JsValue, JsError> {
        let mut view = self.game.view();
        view.cells = Vec::new(); // sent separately, as a typed array
        to_js(&view)
    }

    /// The game as a replay keeps it: `{config, pieces, moves}`, `moves` the move of each piece
    /// encoded as base64url text, or null where the AI alone played every piece under `config`,
    /// which then plays the game again from its seed.
    pub fn recording(&self) -> Result<JsValue, JsError> {
        to_js(&self.game.recording())
    }

    /// The running totals: lines, pieces, score, pieces per line, game over.
    pub fn stats(&self) -> Result<JsValue, JsError> {
        to_js(&self.game.stats())
    }

    /// The AI's weights, as feature -> weight (or {weight, exponent}).
    pub fn weights(&self) -> Result<JsValue, JsError> {
        to_js(self.game.weights())
    }

    /// Replaces the AI's weights; the next decision uses them. Bad weights throw and leave the
    /// old ones in place.
    #[wasm_bindgen(js_name = setWeights)]
    pub fn set_weights(&mut self, weights: JsValue) -> Result<(), JsError> {
        let weights = checked(&weights, "weights", check::weights)?;
        self.game.set_weights(weights);
        Ok(())
    }

    /// Splits each decision's plies after the first over the thread pool, with the same
    /// choices; returns whether the search runs on the pool now. Ignored (false) where there is
    /// no pool to wait for: a single-threaded build, or a page's main thread, which may not
    /// wait (the page and the element run games in workers).
    #[wasm_bindgen(js_name = setParallel)]
    pub fn set_parallel(&mut self, on: JsValue) -> Result<bool, JsError> {
        let on = checked(&on, "on", check::switch)? && pool_usable();
        self.game.set_parallel(on);
        Ok(on)
    }
}
