//! The `Env` class: the engine's reinforcement-learning environment, a step per call, its
//! observation as bytes that the Python environment (`tetris_ai.env`) reads as numpy arrays.

use super::errors::{checked, to_py, value_error};
use crate::checked as check;
use crate::env::{Env, Mode};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde::Serialize;

/// Where each part of the observation lies in the bytes `observation` gives, in order: the
/// board (`rows × width`, top row first, 1 filled), the piece in play drawn the same way (input
/// mode; else empty), one byte per action (1 where it may be taken), the current piece (0 to 6:
/// I, O, T, S, Z, J, L), the preview, and the held piece (0 none, else 1 + the piece; absent
/// without hold).
#[derive(Serialize)]
struct Layout {
    mode: &'static str,
    rows: usize,
    width: usize,
    actions: usize,
    active: bool,
    preview: usize,
    hold: bool,
    features: Vec<&'static str>,
}

/// An environment: one game at a time, a placement or an input per step.
#[pyclass(name = "Env", module = "tetris_ai._engine")]
pub struct PyEnv {
    env: Env,
    /// The observation's bytes, rewritten after every change.
    buffer: Vec<u8>,
}

impl PyEnv {
    /// Writes the observation into the buffer.
    fn observe(&mut self) {
        let env = &self.env;
        let cells = env.rows() * env.width();
        let active = if env.config().mode == Mode::Input {
            cells
        } else {
            0
        };
        let actions = env.action_count();
        let preview = env.config().game.rules.preview;
        let hold = env.config().game.rules.hold;
        self.buffer
            .resize(cells + active + actions + 1 + preview + hold as usize, 0);
        let (board, rest) = self.buffer.split_at_mut(cells);
        env.write_board(board);
        let (drawn, rest) = rest.split_at_mut(active);
        env.write_active(drawn);
        let (mask, rest) = rest.split_at_mut(actions);
        env.write_mask(mask);
        let game = env.game();
        rest[0] = game.current().index() as u8;
        for (out, piece) in rest[1..=preview].iter_mut().zip(game.preview()) {
            *out = piece.index() as u8;
        }
        if hold {
            rest[1 + preview] = game.held().map_or(0, |p| p.index() as u8 + 1);
        }
    }
}

#[pymethods]
impl PyEnv {
    /// An environment from a dict: `rules` ("classic", "guideline" or rules as `Game` takes
    /// them), `preview`, `hold`, `width`, `height`, `seed`, `handling`, `mode` ("placement" or
    /// "input"), `frames_per_step`, `reward` (`{lines, points, piece, game_over}`) and
    /// `features` (names); all optional.
    #[new]
    #[pyo3(signature = (settings=None))]
    fn new(settings: Option<&Bound<'_, PyAny>>) -> PyResult<PyEnv> {
        let config = checked(settings, "env", check::env_config)?;
        let env = Env::new(config).map_err(value_error)?;
        let mut env = PyEnv {
            env,
            buffer: Vec::new(),
        };
        env.observe();
        Ok(env)
    }

    /// Where the parts of `observation()` lie: `{mode, rows, width, actions, active, preview,
    /// hold, features}`.
    fn layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let config = self.env.config();
        let features = config
            .features
            .iter()
            .map(|&i| crate::ai::features::FEATURES[i].name)
            .collect();
        to_py(
            py,
            &Layout {
                mode: config.mode.name(),
                rows: self.env.rows(),
                width: self.env.width(),
                actions: self.env.action_count(),
                active: config.mode == Mode::Input,
                preview: config.game.rules.preview,
                hold: config.game.rules.hold,
                features,
            },
        )
    }

    /// Starts a new episode: the same game with `seed` (a whole number from 0 to 2^53 - 1).
    fn reset(&mut self, seed: &Bound<'_, PyAny>) -> PyResult<()> {
        let seed = checked(Some(seed), "seed", check::seed)?;
        self.env.reset(seed).map_err(value_error)?;
        self.observe();
        Ok(())
    }

    /// Plays `action`: returns `(reward, terminated, rows_cleared, illegal)`. An action out of
    /// range raises and changes nothing; a placement that is not legal ends the game.
    fn step(&mut self, action: &Bound<'_, PyAny>) -> PyResult<(f64, bool, u32, bool)> {
        let last = self.env.action_count() as u64 - 1;
        let action = checked(Some(action), "action", |name, value| {
            check::count(name, value, 0, last)
        })?;
        let step = self.env.step(action as usize).map_err(value_error)?;
        self.observe();
        Ok((
            step.reward,
            step.terminated,
            step.rows_cleared,
            step.illegal,
        ))
    }

    /// The observation as bytes, laid out as `layout()` says.
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.buffer)
    }

    /// The features observed as bytes of native-endian float64: one row per action in
    /// placement mode (zeros where not legal), one row in input mode.
    fn features<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let config = self.env.config();
        let rows = match config.mode {
            Mode::Placement => self.env.action_count(),
            Mode::Input => 1,
        };
        let mut values = vec![0.0; rows * config.features.len()];
        self.env.write_features(&mut values);
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        PyBytes::new(py, &bytes)
    }

    /// The game's running totals: lines, pieces, score, and whether it is over.
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.env.game().stats())
    }

    /// The cells as a renderer draws them, bytes of `rows × width`, top row first: 0 empty,
    /// else 1 + the piece (the piece in play included).
    fn colors<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let view = self.env.game().view();
        let (rows, width) = (self.env.rows(), view.width);
        let mut colors = vec![0u8; rows * width];
        for (i, row) in colors.chunks_exact_mut(width).enumerate() {
            let y = rows - 1 - i;
            row.copy_from_slice(&view.cells[y * width..(y + 1) * width]);
        }
        if let Some(active) = view.active {
            for (x, y) in active.cells {
                let row = rows as i32 - 1 - y;
                if (0..rows as i32).contains(&row) && (0..width as i32).contains(&x) {
                    colors[row as usize * width + x as usize] = active.piece.index() as u8 + 1;
                }
            }
        }
        PyBytes::new(py, &colors)
    }
}
