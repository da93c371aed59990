//! The `Game` class: the methods of the page's `Game`, with the board's cells as numpy arrays.

use super::errors::{checked, to_py, value_error};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use tetris_ai_core::checked as check;
use tetris_ai_core::game::{ChoiceView, Game, PieceView};

/// A game: rules, board, the AI and manual play.
#[pyclass(name = "Game", module = "tetris_ai._engine")]
pub struct PyGame {
    game: Game,
}

/// A piece's cells as a numpy array of shape (n, 2), (x, y) per row; (0, 2) when none.
fn piece_cells<'py>(py: Python<'py>, view: Option<PieceView>) -> PyResult<Bound<'py, PyAny>> {
    let flat: Vec<i32> = view
        .map(|v| v.cells.iter().flat_map(|&(x, y)| [x, y]).collect())
        .unwrap_or_default();
    let rows = flat.len() / 2;
    let numpy = py.import("numpy")?;
    numpy
        .call_method1("array", (flat, "int32"))?
        .call_method1("reshape", ((rows, 2),))
}

#[pymethods]
impl PyGame {
    /// A game from a dict: `rules` (`{kind: "classic" | "guideline", preview, hold, timing}`),
    /// `width`, `height`, `seed`, `preset` or `weights`, `search` (`{depth, prune, margin}`),
    /// `handling` (`{das, arr, gravity, soft_drop, lock_delay}`); all optional.
    #[new]
    #[pyo3(signature = (config=None))]
    fn new(config: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
        let config = checked(config, "config", check::game_config)?;
        let game = Game::recorded(config).map_err(value_error)?;
        Ok(PyGame { game })
    }

    /// The AI's choice for the current piece (placement, hold, input path, score), decided now
    /// if need be; None once the game is over.
    fn decide<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let game = &mut self.game;
        let choice = py.detach(|| game.decide().cloned());
        to_py(py, &choice.as_ref().map(ChoiceView::of))
    }

    /// The AI makes the next input of its path; returns the step when the piece locks, else
    /// None.
    fn ai_input<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let game = &mut self.game;
        let step = py.detach(|| game.ai_input());
        to_py(py, &step)
    }

    /// The AI plays one piece; returns the step (its choice, the rows it cleared, its points,
    /// whether the game ended) or None once the game is over.
    fn step<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let game = &mut self.game;
        let step = py.detach(|| game.step());
        to_py(py, &step)
    }

    /// The AI plays on to game over or until `max_pieces` pieces in all; returns the statistics.
    #[pyo3(signature = (max_pieces=None))]
    fn play<'py>(
        &mut self,
        py: Python<'py>,
        max_pieces: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let cap = checked(max_pieces, "max_pieces", check::cap)?;
        let game = &mut self.game;
        let stats = py.detach(|| game.play(cap));
        to_py(py, &stats)
    }

    /// Every placement of the current piece (and the hold alternative) with its score and input
    /// path, best first.
    fn search<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let game = &mut self.game;
        let ranked = py.detach(|| game.ranked_placements().to_vec());
        to_py(py, &ranked.iter().map(ChoiceView::of).collect::<Vec<_>>())
    }

    /// The hints: the placements tied for the best score, as `search` gives them first.
    fn hints<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let game = &mut self.game;
        let best = py.detach(|| game.hints().to_vec());
        to_py(py, &best.iter().map(ChoiceView::of).collect::<Vec<_>>())
    }

    /// Why the AI scores `placement` (one that `search` gives) as it does; any other placement
    /// raises ValueError naming it.
    fn explain<'py>(
        &mut self,
        py: Python<'py>,
        placement: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let placement = checked(Some(placement), "placement", check::placement)?;
        let explanation = self.game.explain(&placement).map_err(value_error)?;
        to_py(py, &explanation)
    }

    /// Where `placement` (one that `search` gives) ranks, how far below the best it scores, and
    /// the features that make most of the difference.
    fn rate<'py>(
        &mut self,
        py: Python<'py>,
        placement: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let placement = checked(Some(placement), "placement", check::placement)?;
        let rating = self.game.rate(&placement).map_err(value_error)?;
        to_py(py, &rating)
    }

    /// Presses a key: "left", "right", "soft_drop", "hard_drop", "cw", "ccw", "half" or "hold". Returns
    /// the step when a piece locks, else None.
    fn press<'py>(
        &mut self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let key = checked(Some(key), "key", check::key)?;
        to_py(py, &self.game.press(key))
    }

    /// Releases a key.
    fn release(&mut self, key: &Bound<'_, PyAny>) -> PyResult<()> {
        self.game.release(checked(Some(key), "key", check::key)?);
        Ok(())
    }

    /// Lets `frames` frames pass: auto shift, gravity, lock delay. Returns the steps of the
    /// pieces that locked (usually none).
    fn tick<'py>(
        &mut self,
        py: Python<'py>,
        frames: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let frames = checked(Some(frames), "frames", check::frame_count)?;
        to_py(py, &self.game.tick(frames))
    }

    /// Changes the timings of manual play from now on; bad values raise and change nothing.
    fn set_handling(&mut self, handling: &Bound<'_, PyAny>) -> PyResult<()> {
        let handling = checked(Some(handling), "handling", check::handling)?;
        self.game.set_handling(handling).map_err(value_error)
    }

    /// Replaces the AI's search (`{depth, prune, margin}`); bad values raise and change nothing.
    fn set_search(&mut self, search: &Bound<'_, PyAny>) -> PyResult<()> {
        let search = checked(Some(search), "search", check::search)?;
        self.game.set_search(search).map_err(value_error)
    }

    /// The locked cells as a numpy uint8 array of shape (rows, width), row 0 at the bottom
    /// (the visible rows, then the buffer): 0 empty, else 1 + the piece index (I, O, T, S, Z,
    /// J, L).
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let view = self.game.view();
        let rows = view.cells.len() / view.width.max(1);
        let bytes = PyBytes::new(py, &view.cells);
        py.import("numpy")?
            .call_method1("frombuffer", (bytes, "uint8"))?
            .call_method1("reshape", ((rows, view.width),))?
            .call_method0("copy")
    }

    /// The active piece's cells as a numpy int32 array of shape (4, 2) of (x, y), or (0, 2)
    /// when none.
    fn active_cells<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        piece_cells(py, self.game.view().active)
    }

    /// The ghost piece's cells, as `active_cells` gives them.
    fn ghost_cells<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        piece_cells(py, self.game.view().ghost)
    }

    /// Everything else a renderer needs: width, height, active and ghost pieces, hold, queue,
    /// statistics (the cells are `cells()`).
    fn view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut view = self.game.view();
        view.cells = Vec::new();
        let dict = to_py(py, &view)?;
        dict.del_item("cells")?;
        Ok(dict)
    }

    /// The game as a replay keeps it: `{config, pieces, moves}`.
    fn recording<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.recording())
    }

    /// The running totals: lines, pieces, score, pieces per line, game over.
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.stats())
    }

    /// The AI's weights, as feature -> weight (or {weight, exponent}).
    fn weights<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.game.weights())
    }

    /// Replaces the AI's weights; bad weights raise and leave the old ones in place.
    fn set_weights(&mut self, weights: &Bound<'_, PyAny>) -> PyResult<()> {
        let weights = checked(Some(weights), "weights", check::weights)?;
        self.game.set_weights(weights);
        Ok(())
    }

    /// Splits each decision's later plies over rayon's threads, with the same choices; returns
    /// whether it is on.
    fn set_parallel(&mut self, on: &Bound<'_, PyAny>) -> PyResult<bool> {
        let on = checked(Some(on), "on", check::switch)?;
        self.game.set_parallel(on);
        Ok(on)
    }
}
