//! Sprint: how many pieces an AI takes to clear 40 lines, and the attack its clears make on the
//! way, by a versus attack table with no opponent. Game `i` is seeded `seed + i`.

use crate::bench::{mean, median};
use crate::config::GameConfig;
use crate::engine::versus::VersusRules;
use crate::error::{Error, Result};
use crate::game::Game;
use serde::Serialize;

/// The lines a sprint asks for unless told.
pub const DEFAULT_LINES: u64 = 40;

/// The pieces after which a sprint still short of its lines is given up, unless told.
pub const DEFAULT_MAX_PIECES: u64 = 10_000;

/// How one sprint went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SprintOutcome {
    /// Whether it cleared its lines (else it topped out or reached the cap on pieces).
    pub finished: bool,
    /// Pieces placed.
    pub pieces: u64,
    /// Lines cleared (the last clear may pass the goal).
    pub lines: u64,
    /// Rows the clears were worth.
    pub attack: u64,
    /// T-spins that cleared lines, minis included.
    pub t_spins: u64,
    /// Perfect clears.
    pub perfect_clears: u64,
}

/// Sprints of one configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Sprint {
    config: GameConfig,
    rules: VersusRules,
    lines: u64,
    max_pieces: u64,
}

impl Sprint {
    /// Sprints of `config` to `lines` lines, their attack counted by `rules`, given up after
    /// `max_pieces`. A bad configuration or rule, no lines or no pieces is an error naming it.
    pub fn new(
        config: GameConfig,
        rules: VersusRules,
        lines: u64,
        max_pieces: u64,
    ) -> Result<Sprint> {
        if lines == 0 || max_pieces == 0 {
            return Err(Error::Config(format!(
                "a sprint needs at least 1 line and 1 piece, got {lines} lines and {max_pieces} \
                 pieces"
            )));
        }
        rules.validate()?;
        Game::new(config.clone())?;
        Ok(Sprint {
            config,
            rules,
            lines,
            max_pieces,
        })
    }

    /// The configuration of the first sprint.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// Plays sprint `game` (seeded the configuration's seed + `game`).
    pub fn play(&self, game: u64) -> Result<SprintOutcome> {
        let mut played = Game::new(GameConfig {
            seed: self.config.seed.wrapping_add(game),
            ..self.config.clone()
        })?;
        played.set_versus(self.rules)?;
        while !played.is_over()
            && played.stats().lines < self.lines
            && played.stats().pieces < self.max_pieces
        {
            played.play(Some(played.stats().pieces + 1));
        }
        let stats = played.stats();
        let versus = played.versus().map(|(_, v)| v).unwrap_or_default();
        Ok(SprintOutcome {
            finished: stats.lines >= self.lines,
            pieces: stats.pieces,
            lines: stats.lines,
            attack: versus.attack,
            t_spins: versus.t_spins,
            perfect_clears: versus.perfect_clears,
        })
    }
}

/// The statistics of sprints, as `tetris-ai sprint --json` writes them (before its settings).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SprintStats {
    /// Sprints played.
    pub games: u64,
    /// Sprints that cleared their lines.
    pub finished: u64,
    /// Mean pieces of the finished sprints; null when none finished.
    pub mean_pieces: Option<f64>,
    /// Median pieces of the finished sprints; null when none finished.
    pub median_pieces: Option<f64>,
    /// The fewest pieces of a finished sprint; null when none finished.
    pub best_pieces: Option<u64>,
    /// Attack per piece over every sprint (0 with no pieces).
    pub attack_per_piece: f64,
    /// T-spins over every sprint.
    pub t_spins: u64,
    /// Perfect clears over every sprint.
    pub perfect_clears: u64,
}

impl SprintStats {
    /// The statistics of `outcomes`.
    pub fn of(outcomes: &[SprintOutcome]) -> SprintStats {
        let finished: Vec<u64> = outcomes
            .iter()
            .filter(|o| o.finished)
            .map(|o| o.pieces)
            .collect();
        let any = !finished.is_empty();
        let pieces: u64 = outcomes.iter().map(|o| o.pieces).sum();
        let attack: u64 = outcomes.iter().map(|o| o.attack).sum();
        SprintStats {
            games: outcomes.len() as u64,
            finished: finished.len() as u64,
            mean_pieces: any.then(|| mean(&finished)),
            median_pieces: any.then(|| median(&finished)),
            best_pieces: finished.iter().copied().min(),
            attack_per_piece: if pieces == 0 {
                0.0
            } else {
                attack as f64 / pieces as f64
            },
            t_spins: outcomes.iter().map(|o| o.t_spins).sum(),
            perfect_clears: outcomes.iter().map(|o| o.perfect_clears).sum(),
        }
    }
}
