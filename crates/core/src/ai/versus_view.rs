//! What a match adds to the AI's view of a board: the attack table its clears are worth by, the
//! combo and back-to-back streaks before the piece, and the garbage rows waiting to come up. The
//! search carries it through its plies as the rules would: each clear moves the streaks on and
//! its attack cancels waiting rows. (When garbage enters depends on the opponent and the clock,
//! which the search does not see; the rows wait all through its plies.) Outside a match it is the
//! default: the Puyo Puyo Tetris table, no streaks, nothing waiting.

use crate::engine::versus::attack::{AttackTable, Clear, Streaks};

/// A versus game's state as the AI weighs it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VersusView {
    /// The table clears are worth by.
    pub table: AttackTable,
    /// The combo and back-to-back streaks before the piece.
    pub streaks: Streaks,
    /// Garbage rows waiting to enter the board.
    pub incoming: u32,
}

impl VersusView {
    /// The rows `clear` sends (before cancelling), by the table and the streaks.
    #[inline]
    pub fn attack(&self, clear: Clear) -> u32 {
        self.table.attack(clear, self.streaks)
    }

    /// The view after a placement that made `clear`: the streaks moved on, and the waiting rows
    /// less those its attack cancels.
    #[inline]
    pub fn after(self, clear: Clear) -> VersusView {
        VersusView {
            table: self.table,
            streaks: self.streaks.after(clear),
            incoming: self.incoming.saturating_sub(self.attack(clear)),
        }
    }

    /// The view packed into one word, for a table's key: combo and back-to-back chain up to 255,
    /// waiting rows up to 65,535 (longer ones are worth no more to any feature of a board of 64
    /// rows or fewer), and the table.
    pub(crate) fn packed(&self) -> u64 {
        let byte = |n: u32| u64::from(n.min(255));
        byte(self.streaks.combo)
            | byte(self.streaks.back_to_back) << 8
            | u64::from(self.incoming.min(65_535)) << 16
            | (self.table as u64) << 32
    }
}
