//! Attack: how many garbage rows a line clear sends to the opponent. Every attack table is data
//! here, in one place: what each clear is worth, and how back-to-back chains, combos and perfect
//! clears add to it.

use crate::board::Board;
use crate::named_choices;
use crate::spin::Spin;
use serde::{Deserialize, Serialize};

/// A placement's line clear, as attack tables read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Clear {
    /// Full rows removed (0 to 4).
    pub lines: u32,
    /// The T-spin the placement scored as.
    pub spin: Spin,
    /// Whether the board was empty afterwards (a perfect clear, or all clear).
    pub perfect: bool,
}

impl Clear {
    /// The clear of a placement that removed `lines` full rows scoring as `spin` and left
    /// `board`: perfect where it removed rows and left the board empty.
    pub fn of(lines: u32, spin: Spin, board: &Board) -> Clear {
        Clear {
            lines,
            spin,
            perfect: lines > 0 && board.cell_count() == 0,
        }
    }

    /// Whether the clear continues a back-to-back chain: four lines, or a T-spin (a mini
    /// included) that clears lines.
    pub fn difficult(self) -> bool {
        self.lines >= 4 || (self.lines > 0 && self.spin != Spin::None)
    }
}

/// The streaks the attack of a clear depends on, counted before it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Streaks {
    /// Placements in a row that cleared lines (0 after one that cleared none).
    pub combo: u32,
    /// Difficult clears in a row among the line clears (0 after an easy one; placements that
    /// clear nothing leave it as it is).
    pub back_to_back: u32,
}

impl Streaks {
    /// The streaks after `clear`.
    pub fn after(self, clear: Clear) -> Streaks {
        if clear.lines == 0 {
            return Streaks { combo: 0, ..self };
        }
        Streaks {
            combo: self.combo.saturating_add(1),
            back_to_back: if clear.difficult() {
                self.back_to_back.saturating_add(1)
            } else {
                0
            },
        }
    }
}

/// Which attack table a versus game sends by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum AttackTable {
    /// Puyo Puyo Tetris's, as the battletris referee and Cold Clear use it: a flat
    /// back-to-back bonus, a combo table, and 10 rows for a perfect clear in place of the rest.
    #[default]
    Ppt,
    /// TETR.IO's Tetra League (first season): back-to-back chains worth more the longer they
    /// run, combos that multiply, rounded down, and 10 more rows for a perfect clear.
    Tetrio,
}

named_choices!(AttackTable, "attack table", Ppt => "ppt", Tetrio => "tetrio");

/// What a back-to-back clear adds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BackToBackBonus {
    /// The same rows however long the chain.
    Flat(u32),
    /// TETR.IO's chaining: with `k` difficult clears before this one and `l = ln(1 + 0.8 k)`,
    /// `floor(1 + l)`, plus `(1 + frac(l)) / 3` once `k` is above 1.
    Chaining,
}

/// What a combo adds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ComboBonus {
    /// Rows added by the clears in a row before this one (the last entry for longer combos).
    Table(&'static [u32]),
    /// TETR.IO's: with `c` clears in a row before this one, the attack is multiplied by
    /// `1 + 0.25 c`, and from `c = 2` it is at least `ln(1 + 1.25 c)`.
    Multiplier,
}

/// What a perfect clear sends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PerfectClearBonus {
    /// These rows, in place of everything else the clear would send.
    Replaces(u32),
    /// These rows, added after the rest is rounded.
    Adds(u32),
}

/// An attack table's numbers and rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttackRules {
    /// Rows for 1 to 4 lines cleared without a T-spin.
    pub lines: [u32; 4],
    /// Rows for 1 to 3 lines cleared by a mini T-spin.
    pub mini: [u32; 3],
    /// Rows for 1 to 3 lines cleared by a full T-spin.
    pub spin: [u32; 3],
    /// What a difficult clear after another adds.
    pub back_to_back: BackToBackBonus,
    /// What a combo adds.
    pub combo: ComboBonus,
    /// What a perfect clear sends.
    pub perfect_clear: PerfectClearBonus,
}

/// Puyo Puyo Tetris's table (battletris's `ppt` rules).
const PPT: AttackRules = AttackRules {
    lines: [0, 1, 2, 4],
    mini: [0, 1, 2],
    spin: [2, 4, 6],
    back_to_back: BackToBackBonus::Flat(1),
    combo: ComboBonus::Table(&[0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5]),
    perfect_clear: PerfectClearBonus::Replaces(10),
};

/// TETR.IO's Tetra League table (first season).
const TETRIO: AttackRules = AttackRules {
    lines: [0, 1, 2, 4],
    mini: [0, 1, 2],
    spin: [2, 4, 6],
    back_to_back: BackToBackBonus::Chaining,
    combo: ComboBonus::Multiplier,
    perfect_clear: PerfectClearBonus::Adds(10),
};

impl AttackTable {
    /// The table's numbers and rules.
    pub fn rules(self) -> &'static AttackRules {
        match self {
            AttackTable::Ppt => &PPT,
            AttackTable::Tetrio => &TETRIO,
        }
    }

    /// The rows `clear` sends after `before`.
    pub fn attack(self, clear: Clear, before: Streaks) -> u32 {
        self.rules().attack(clear, before)
    }
}

impl AttackRules {
    /// The rows `clear` sends after `before`: none when it clears no lines.
    pub fn attack(&self, clear: Clear, before: Streaks) -> u32 {
        if clear.lines == 0 {
            return 0;
        }
        if let PerfectClearBonus::Replaces(rows) = self.perfect_clear
            && clear.perfect
        {
            return rows;
        }
        let at = |rows: &[u32]| rows[(clear.lines as usize - 1).min(rows.len() - 1)];
        let mut attack = f64::from(match clear.spin {
            Spin::None => at(&self.lines),
            Spin::Mini => at(&self.mini),
            Spin::Full => at(&self.spin),
        });
        if clear.difficult() && before.back_to_back > 0 {
            attack += match self.back_to_back {
                BackToBackBonus::Flat(rows) => f64::from(rows),
                BackToBackBonus::Chaining => chaining_bonus(before.back_to_back),
            };
        }
        let combo = before.combo;
        match self.combo {
            ComboBonus::Table(rows) => {
                attack += f64::from(rows[(combo as usize).min(rows.len() - 1)]);
            }
            ComboBonus::Multiplier => {
                attack *= 1.0 + 0.25 * f64::from(combo);
                if combo >= 2 {
                    attack = attack.max(libm::log1p(1.25 * f64::from(combo)));
                }
            }
        }
        // Every part is a whole number or a sum of small fractions, far below 2^32.
        let mut rows = attack.floor() as u32;
        if let PerfectClearBonus::Adds(bonus) = self.perfect_clear
            && clear.perfect
        {
            rows += bonus;
        }
        rows
    }
}

/// TETR.IO's back-to-back bonus after `chain` difficult clears in a row (at least 1).
fn chaining_bonus(chain: u32) -> f64 {
    let log = libm::log1p(0.8 * f64::from(chain));
    let whole = (1.0 + log).floor();
    if chain == 1 {
        whole
    } else {
        whole + (1.0 + log.fract()) / 3.0
    }
}
