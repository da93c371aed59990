//! A reinforcement-learning environment over a game: a step is one placement (an action from
//! [`PlacementActions`]) or one input (a key pressed and released, then a few frames of
//! gravity and lock delay), and its reward weighs what the step did ([`Reward`]). The
//! observation is written into caller's buffers: the board, the piece in play (input mode), the
//! legal actions, the current, preview and held pieces, and optionally the features the AI
//! reads.

pub mod actions;
mod config;
pub mod reward;

use crate::ai::features::{FEATURES, Outcome};
use crate::config::GameConfig;
use crate::engine::manual::{Handling, Key};
use crate::engine::moves::Placement;
use crate::engine::rules::TopOut;
use crate::error::{Error, Result};
use crate::game::{Game, Step};
use crate::record::Move;
pub use actions::PlacementActions;
pub use config::env_config;
pub use reward::Reward;
use tetris_ai_engine::named_choices;

/// What one step of the environment is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One placement per step, chosen among [`PlacementActions`].
    Placement,
    /// One input per step: nothing, or one of the keys, then `frames_per_step` frames.
    Input,
}

named_choices!(Mode, "mode", Placement => "placement", Input => "input");

/// The inputs of input mode, after action 0 (no input), in action order.
pub const INPUT_KEYS: [Key; 7] = [
    Key::Left,
    Key::Right,
    Key::SoftDrop,
    Key::HardDrop,
    Key::Cw,
    Key::Ccw,
    Key::Hold,
];

/// The timings input mode plays with unless told otherwise: a row of fall per frame, and a
/// piece that rests locks on the second frame, so that one step of one frame moves the piece a
/// row down, and a piece that cannot fall locks on the step after it lands.
pub const INPUT_HANDLING: Handling = Handling {
    das: 10,
    arr: 2,
    gravity: 1,
    soft_drop: 1,
    lock_delay: 2,
};

/// An environment's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct EnvConfig {
    /// The game every episode plays (its seed is the first episode's).
    pub game: GameConfig,
    /// What a step is.
    pub mode: Mode,
    /// Frames that pass after each input (input mode).
    pub frames_per_step: u32,
    /// What a step is worth.
    pub reward: Reward,
    /// The indices in [`FEATURES`] of the features observed, in order.
    pub features: Vec<usize>,
}

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transition {
    /// Its reward.
    pub reward: f64,
    /// Whether the game is over.
    pub terminated: bool,
    /// Rows cleared in this step.
    pub rows_cleared: u32,
    /// Points scored in this step.
    pub points: u64,
    /// Pieces locked in this step.
    pub pieces: u32,
    /// Whether the action was not legal (placement mode): the game then ends.
    pub illegal: bool,
}

/// An environment: one game at a time, played a step at a time.
pub struct Env {
    config: EnvConfig,
    game: Game,
    actions: PlacementActions,
    /// Rows of the observed board: the visible rows, and the buffer where the rules let the
    /// stack stand in it.
    rows: usize,
}

impl Env {
    /// An environment playing its first episode from the configuration's seed.
    pub fn new(config: EnvConfig) -> Result<Env> {
        config.reward.validate()?;
        let game = Env::game_of(config.game.clone())?;
        let board = game.board();
        let rows = match config.game.rules.top_out() {
            TopOut::LockOut => board.row_limit(),
            _ => board.height(),
        };
        let hold = config.mode == Mode::Placement && config.game.rules.hold;
        let mut env = Env {
            actions: PlacementActions::new(board.width(), hold),
            rows,
            game,
            config,
        };
        env.refresh();
        Ok(env)
    }

    /// Starts a new episode: the same game with `seed`.
    pub fn reset(&mut self, seed: u64) -> Result<()> {
        self.game = Env::game_of(GameConfig {
            seed,
            ..self.config.game.clone()
        })?;
        self.refresh();
        Ok(())
    }

    /// A game of `config` for an episode: nobody reads the coach's ratings of its placements.
    fn game_of(config: GameConfig) -> Result<Game> {
        let mut game = Game::new(config)?;
        game.set_hand_rating(false);
        Ok(game)
    }

    /// Works out what the next step needs (the legal placements, in placement mode).
    fn refresh(&mut self) {
        if self.config.mode == Mode::Placement {
            self.actions.update(&mut self.game);
        }
    }

    /// The settings.
    pub fn config(&self) -> &EnvConfig {
        &self.config
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Rows of the observed board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn width(&self) -> usize {
        self.game.board().width()
    }

    /// How many actions there are.
    pub fn action_count(&self) -> usize {
        match self.config.mode {
            Mode::Placement => self.actions.count(),
            Mode::Input => 1 + INPUT_KEYS.len(),
        }
    }

    /// Plays `action`; an action out of range is refused and changes nothing. A placement that
    /// is not legal ends the game. Once the game is over a step does nothing.
    pub fn step(&mut self, action: usize) -> Result<Transition> {
        let count = self.action_count();
        if action >= count {
            return Err(Error::Config(format!(
                "action {action} is out of range: it must be from 0 to {}",
                count - 1
            )));
        }
        let mut transition = Transition {
            reward: 0.0,
            terminated: self.game.is_over(),
            rows_cleared: 0,
            points: 0,
            pieces: 0,
            illegal: false,
        };
        if transition.terminated {
            return Ok(transition);
        }
        let steps = match self.config.mode {
            Mode::Placement => match self.actions.placement(action) {
                Some(placement) => {
                    let hold = self.actions.uses_hold(action);
                    let played = Move::new(hold, &placement, 0, 0);
                    vec![self.game.play_move(&played)?]
                }
                None => {
                    transition.illegal = true;
                    self.game.end();
                    Vec::new()
                }
            },
            Mode::Input => self.input(action),
        };
        let rows: Vec<u32> = steps.iter().map(|s| s.rows_cleared).collect();
        transition.rows_cleared = rows.iter().sum();
        transition.points = steps.iter().map(|s| s.points).sum();
        transition.pieces = steps.len() as u32;
        transition.terminated = self.game.is_over();
        transition.reward = self
            .config
            .reward
            .of(&rows, transition.points, transition.terminated);
        self.refresh();
        Ok(transition)
    }

    /// Presses and releases the key of `action` (none for 0), then lets the frames pass.
    fn input(&mut self, action: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        if let Some(&key) = action.checked_sub(1).and_then(|i| INPUT_KEYS.get(i)) {
            steps.extend(self.game.press(key));
            self.game.release(key);
        }
        steps.extend(self.game.tick(self.config.frames_per_step));
        steps
    }

    /// Bytes of the observation [`Env::write_observation`] writes.
    pub fn observation_len(&self) -> usize {
        let rules = &self.config.game.rules;
        let cells = self.rows * self.width();
        cells * (1 + self.has_active() as usize)
            + self.action_count()
            + 1
            + rules.preview
            + rules.hold as usize
    }

    /// Whether the observation draws the piece in play (input mode).
    pub fn has_active(&self) -> bool {
        self.config.mode == Mode::Input
    }

    /// Writes the whole observation into `out` ([`Env::observation_len`] bytes), in order: the
    /// board ([`Env::write_board`]), the piece in play (input mode, [`Env::write_active`]), the
    /// mask ([`Env::write_mask`]), the current piece (0 to 6: I, O, T, S, Z, J, L), the preview
    /// pieces, and the held piece (0 none, else 1 + the piece; where the rules have hold).
    pub fn write_observation(&self, out: &mut [u8]) {
        let cells = self.rows * self.width();
        let (board, rest) = out.split_at_mut(cells.min(out.len()));
        self.write_board(board);
        let active = if self.has_active() { cells } else { 0 };
        let (drawn, rest) = rest.split_at_mut(active.min(rest.len()));
        self.write_active(drawn);
        let (mask, rest) = rest.split_at_mut(self.action_count().min(rest.len()));
        self.write_mask(mask);
        let game = &self.game;
        let pieces = std::iter::once(game.current().index() as u8)
            .chain(game.preview().map(|p| p.index() as u8))
            .chain(
                self.config
                    .game
                    .rules
                    .hold
                    .then(|| game.held().map_or(0, |p| p.index() as u8 + 1)),
            );
        for (out, piece) in rest.iter_mut().zip(pieces) {
            *out = piece;
        }
    }

    /// Rows of the features [`Env::write_features`] writes: one per action in placement mode,
    /// one in input mode.
    pub fn feature_rows(&self) -> usize {
        match self.config.mode {
            Mode::Placement => self.action_count(),
            Mode::Input => 1,
        }
    }

    /// Writes the locked cells into `board` (`rows() × width()` bytes, the top row first):
    /// 1 filled, 0 empty.
    pub fn write_board(&self, board: &mut [u8]) {
        let width = self.width();
        let grid = self.game.board();
        for (i, row) in board.chunks_exact_mut(width).take(self.rows).enumerate() {
            let y = self.rows - 1 - i;
            for (x, cell) in row.iter_mut().enumerate() {
                *cell = grid.filled(x, y) as u8;
            }
        }
    }

    /// Writes the cells of the piece in play into `active` (laid out as [`Env::write_board`]).
    /// Each writer fills as much of its buffer as it is given.
    pub fn write_active(&self, active: &mut [u8]) {
        active.fill(0);
        let width = self.width() as i32;
        for (x, y) in self.game.active_cells().into_iter().flatten() {
            let row = self.rows as i32 - 1 - y;
            if (0..self.rows as i32).contains(&row)
                && (0..width).contains(&x)
                && let Some(cell) = active.get_mut((row * width + x) as usize)
            {
                *cell = 1;
            }
        }
    }

    /// Writes 1 for each action that may be taken now and 0 for the others (one byte per
    /// action): the legal placements, or every input but hold where hold cannot be used.
    pub fn write_mask(&self, mask: &mut [u8]) {
        match self.config.mode {
            Mode::Placement => self.actions.write_mask(mask),
            Mode::Input => {
                mask.fill(1);
                if let Some(last) = mask.last_mut() {
                    *last = self.game.can_hold() as u8;
                }
            }
        }
    }

    /// Writes the features observed, each as [`FEATURES`] defines it without exponent: in
    /// placement mode, of the board each legal action leaves (`action_count() × features`
    /// values, zeros for the others); in input mode, of the board a hard drop leaves now.
    pub fn write_features(&self, values: &mut [f64]) {
        let features = &self.config.features;
        values.fill(0.0);
        if features.is_empty() {
            return;
        }
        let board = self.game.board();
        let top_out = self.config.game.rules.top_out();
        let versus = self.game.versus_view();
        let placements: Vec<(usize, Placement)> = match self.config.mode {
            Mode::Placement => (0..self.actions.count())
                .filter_map(|a| self.actions.placement(a).map(|p| (a, p)))
                .collect(),
            Mode::Input => self
                .game
                .ghost_placement()
                .map(|p| (0, p))
                .into_iter()
                .collect(),
        };
        for (row, placement) in placements {
            let Some(out) = values.chunks_exact_mut(features.len()).nth(row) else {
                break;
            };
            Outcome::of(board, &placement, versus, top_out, |outcome, _| {
                for (value, &index) in out.iter_mut().zip(features) {
                    *value = FEATURES[index].value(outcome, None);
                }
            });
        }
    }
}
