//! The `Env` and `EnvBatch` classes: the engine's reinforcement-learning environment, one game
//! or many stepped in one call, their observations as bytes that the Python environments
//! (`tetris_ai.env`) read as numpy arrays without copying.

use super::errors::{checked, to_py, value_error};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use serde::Serialize;
use tetris_ai_core::Piece;
use tetris_ai_core::checked as check;
use tetris_ai_core::env::{Env, EnvConfig, INPUT_KEYS};
use tetris_ai_core::error::Error;

/// Where each part of an observation lies in its bytes (see [`Env::write_observation`]).
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
    size: usize,
    feature_rows: usize,
}

impl Layout {
    fn of(env: &Env) -> Layout {
        let config = env.config();
        Layout {
            mode: config.mode.name(),
            rows: env.rows(),
            width: env.width(),
            actions: env.action_count(),
            active: env.has_active(),
            preview: config.game.rules.preview,
            hold: config.game.rules.hold,
            features: config
                .features
                .iter()
                .map(|&i| tetris_ai_core::ai::features::FEATURES[i].name)
                .collect(),
            size: env.observation_len(),
            feature_rows: env.feature_rows(),
        }
    }
}

/// The settings read from Python (`settings`, a dict or None).
/// The pieces in the order observations number them (from 1), by their names: "IOTSZJL".
pub(crate) fn pieces() -> String {
    Piece::ALL.iter().map(Piece::to_string).collect()
}

/// The actions of input mode, in order: "none", then each key by the name `Game.press` takes.
pub(crate) fn inputs() -> Vec<&'static str> {
    let keys = INPUT_KEYS.map(|key| {
        check::KEYS
            .iter()
            .find(|(_, named)| *named == key)
            .map_or("", |(name, _)| name)
    });
    std::iter::once("none").chain(keys).collect()
}

fn settings(settings: Option<&Bound<'_, PyAny>>) -> PyResult<EnvConfig> {
    checked(settings, "env", tetris_ai_core::env::env_config)
}

/// `action` for an environment of `count` actions: a whole number below `count`. Something that
/// is no number (a string, a list, None) raises `TypeError`, a number that is no action
/// `ValueError`, naming it.
fn action(action: &Bound<'_, PyAny>, name: &str, count: usize) -> PyResult<usize> {
    if action.extract::<f64>().is_err() {
        let shown = action
            .repr()
            .map_or_else(|_| "an object".to_string(), |r| r.to_string());
        return Err(PyTypeError::new_err(format!(
            "{name} must be a whole number from 0 to {}, got {shown}",
            count - 1
        )));
    }
    match action.extract::<u64>() {
        Ok(action) if action < count as u64 => Ok(action as usize),
        _ => checked(Some(action), name, |name, value| {
            check::count(name, value, 0, count as u64 - 1)
        })
        .map(|a| a as usize),
    }
}

/// The observations of `envs`, one after another, as a new bytearray.
fn observations<'py>(py: Python<'py>, envs: &[Env]) -> Bound<'py, PyByteArray> {
    let size = envs.first().map_or(0, Env::observation_len);
    let mut bytes = vec![0; size * envs.len()];
    for (env, out) in envs.iter().zip(bytes.chunks_exact_mut(size.max(1))) {
        env.write_observation(out);
    }
    PyByteArray::new(py, &bytes)
}

/// The features of `envs`, one after another, as a new bytearray of native-endian float64.
fn features<'py>(py: Python<'py>, envs: &[Env]) -> Bound<'py, PyByteArray> {
    let size = envs
        .first()
        .map_or(0, |env| env.feature_rows() * env.config().features.len());
    let mut values = vec![0.0; size * envs.len()];
    for (env, out) in envs.iter().zip(values.chunks_exact_mut(size.max(1))) {
        env.write_features(out);
    }
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    PyByteArray::new(py, &bytes)
}

/// What a step did, as `step` returns it: reward, terminated, rows cleared, illegal, and the
/// game's lines, pieces and score.
type Outcome = (f64, bool, u32, bool, u64, u64, u64);

/// Steps `env` with `action`, or resets it with `seed` instead where one is given.
fn step_or_reset(env: &mut Env, action: usize, seed: Option<u64>) -> Result<Outcome, Error> {
    let (reward, terminated, rows, illegal) = match seed {
        Some(seed) => {
            env.reset(seed)?;
            (0.0, false, 0, false)
        }
        None => {
            let step = env.step(action)?;
            (
                step.reward,
                step.terminated,
                step.rows_cleared,
                step.illegal,
            )
        }
    };
    let stats = env.game().stats();
    Ok((
        reward,
        terminated,
        rows,
        illegal,
        stats.lines,
        stats.pieces,
        stats.score,
    ))
}

/// What a batch's step returns: each part of [`Outcome`] as a list, one item per environment.
type Outcomes = (
    Vec<f64>,
    Vec<bool>,
    Vec<u32>,
    Vec<bool>,
    Vec<u64>,
    Vec<u64>,
    Vec<u64>,
);

/// An environment: one game at a time, a placement or an input per step.
#[pyclass(name = "Env", module = "tetris_ai._engine")]
pub struct PyEnv {
    env: Env,
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
        let env = Env::new(self::settings(settings)?).map_err(value_error)?;
        Ok(PyEnv { env })
    }

    /// Where the parts of an observation lie: `{mode, rows, width, actions, active, preview,
    /// hold, features, size, feature_rows}`.
    fn layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &Layout::of(&self.env))
    }

    /// Starts a new episode: the same game with `seed` (a whole number from 0 to 2^53 - 1).
    fn reset(&mut self, seed: &Bound<'_, PyAny>) -> PyResult<()> {
        let seed = checked(Some(seed), "seed", check::seed)?;
        self.env.reset(seed).map_err(value_error)
    }

    /// Plays `action`: returns `(reward, terminated, rows_cleared, illegal, lines, pieces,
    /// score)`, the last three the game's totals. An action out of range raises and changes
    /// nothing; a placement that is not legal ends the game.
    fn step(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Outcome> {
        let action = self::action(action, "action", self.env.action_count())?;
        step_or_reset(&mut self.env, action, None).map_err(value_error)
    }

    /// The observation as a new bytearray, laid out as `layout()` says.
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyByteArray> {
        observations(py, std::slice::from_ref(&self.env))
    }

    /// The features observed as a bytearray of native-endian float64: `feature_rows` rows (one
    /// per action in placement mode, zeros where not legal; one in input mode).
    fn features<'py>(&self, py: Python<'py>) -> Bound<'py, PyByteArray> {
        features(py, std::slice::from_ref(&self.env))
    }

    /// The game's running totals: lines, pieces, score, and whether it is over.
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.env.game().stats())
    }

    /// The cells as a renderer draws them, bytes of `rows × width`, top row first: 0 empty,
    /// else 1 + the piece (the piece in play included).
    fn colors<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &colors(&self.env))
    }
}

/// The cells of `env`'s game as a renderer draws them: `rows × width` bytes, top row first, 0
/// empty, else 1 + the piece (the piece in play included).
fn colors(env: &Env) -> Vec<u8> {
    let view = env.game().view();
    let (rows, width) = (env.rows(), view.width);
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
    colors
}

/// Many environments of the same settings, stepped in one call.
#[pyclass(name = "EnvBatch", module = "tetris_ai._engine")]
pub struct PyEnvBatch {
    envs: Vec<Env>,
}

/// The most environments one batch holds.
const MAX_BATCH: u64 = 4096;

#[pymethods]
impl PyEnvBatch {
    /// `count` environments (1 to 4096) from one settings dict, as `Env` takes it.
    #[new]
    #[pyo3(signature = (count, settings=None))]
    fn new(count: &Bound<'_, PyAny>, settings: Option<&Bound<'_, PyAny>>) -> PyResult<PyEnvBatch> {
        let count = checked(Some(count), "count", |name, value| {
            check::count(name, value, 1, MAX_BATCH)
        })?;
        let config = self::settings(settings)?;
        let envs = (0..count)
            .map(|_| Env::new(config.clone()))
            .collect::<Result<_, _>>()
            .map_err(value_error)?;
        Ok(PyEnvBatch { envs })
    }

    /// The layout of each environment's observation, as `Env.layout()` gives it.
    fn layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &Layout::of(&self.envs[0]))
    }

    /// Steps environment `i` with `actions[i]`, or resets it with `seeds[i]` where that is not
    /// None; returns one list per part of the outcome: `(rewards, terminated, rows_cleared,
    /// illegal, lines, pieces, scores)`. A bad action or seed raises and changes nothing.
    fn step(
        &mut self,
        actions: Vec<Bound<'_, PyAny>>,
        seeds: Vec<Bound<'_, PyAny>>,
    ) -> PyResult<Outcomes> {
        let count = self.envs.len();
        for (name, given) in [("actions", actions.len()), ("seeds", seeds.len())] {
            if given != count {
                return Err(value_error(format!(
                    "{name} must have one item per environment ({count}), got {given}"
                )));
            }
        }
        let mut planned = Vec::with_capacity(count);
        for (i, (env, (a, s))) in self.envs.iter().zip(actions.iter().zip(&seeds)).enumerate() {
            let seed = if s.is_none() {
                None
            } else {
                Some(checked(Some(s), &format!("seeds[{i}]"), check::seed)?)
            };
            let action = match seed {
                Some(_) => 0,
                None => action(a, &format!("actions[{i}]"), env.action_count())?,
            };
            planned.push((action, seed));
        }
        let mut out = (vec![], vec![], vec![], vec![], vec![], vec![], vec![]);
        for (env, (action, seed)) in self.envs.iter_mut().zip(planned) {
            let step = step_or_reset(env, action, seed).map_err(value_error)?;
            out.0.push(step.0);
            out.1.push(step.1);
            out.2.push(step.2);
            out.3.push(step.3);
            out.4.push(step.4);
            out.5.push(step.5);
            out.6.push(step.6);
        }
        Ok(out)
    }

    /// Every environment's observation, one after another, as a new bytearray.
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyByteArray> {
        observations(py, &self.envs)
    }

    /// Every environment's features, one after another, as `Env.features()` gives them.
    fn features<'py>(&self, py: Python<'py>) -> Bound<'py, PyByteArray> {
        features(py, &self.envs)
    }

    /// Every environment's cells, one after another, as `Env.colors()` gives them.
    fn colors<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let all: Vec<u8> = self.envs.iter().flat_map(colors).collect();
        PyBytes::new(py, &all)
    }
}
