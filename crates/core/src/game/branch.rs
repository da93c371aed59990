//! Branching: the position as it stands, kept apart, and a game started from it with a fresh
//! future, as multilevel splitting restarts a game.

use super::{Game, PIECE_STREAM, Snapshot, TIE_STREAM};
use crate::config::GameConfig;
use crate::engine::rules::GameRng;

impl Game {
    /// The position as it stands: board, pieces in play, preview and hold, the randomizer's
    /// state and the totals, a few hundred bytes where the game is tens of kilobytes.
    pub fn snapshot(&self) -> Snapshot {
        self.position.clone()
    }

    /// A game of this one's configuration, weights and search at `snapshot`'s position (taken
    /// from a game of the same board and rules), whose pieces and ties from now on come from
    /// `seed`: the same position with a fresh future, as multilevel splitting restarts it. The
    /// branch records no moves, plays no match and has no input under way; its configuration's
    /// seed is `seed`, though the configuration alone no longer plays it again.
    pub fn branch(&self, snapshot: &Snapshot, seed: u64) -> Game {
        Game {
            config: GameConfig {
                seed,
                ..self.config.clone()
            },
            position: snapshot.clone(),
            piece_rng: GameRng::new(seed, PIECE_STREAM),
            ai: self.ai.branch(GameRng::new(seed, TIE_STREAM)),
            hands: Default::default(),
            coach: self.coach.branch(),
            recorder: super::recorder::Recorder::branch(),
            versus: None,
        }
    }
}
