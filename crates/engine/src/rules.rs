//! The two rule sets: the research ("classic") rules under which the literature reports lines
//! cleared, and modern guideline rules (7-bag, preview, hold, SRS, guideline scoring). This module
//! holds what differs between them: the randomizer, spawning, game over and scoring. A rule set's
//! randomizer and top-out test can be replaced, so that a controller plays under the rules its
//! weights were published with (a 7-bag under classic moves, a top-out judged after clears).

use crate::board::Board;
use crate::error::{Error, Result};
use crate::moves::Placement;
use crate::named_choices;
use crate::piece::{Kicks, Piece, Rotation};
pub use crate::rng::GameRng;
use crate::spin::Spin;
use serde::{Deserialize, Serialize};

/// Which rules a game follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum RuleSet {
    /// Research rules: uniform random pieces, no preview, drop-only moves, and the game ends when
    /// a placed piece has a cell above the top row (checked before full rows are removed).
    Classic,
    /// Guideline rules: 7-bag, preview, hold, SRS moves with kicks, block-out and lock-out,
    /// guideline scoring.
    Guideline,
}

named_choices!(RuleSet, "rules", Classic => "classic", Guideline => "guideline");

/// Gravity and lock delay, for keeping only the placements a player could reach in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Timing {
    /// Frames per row of fall under gravity (at least 1).
    pub gravity: u32,
    /// Frames a piece may rest on the stack before it locks (at least 1).
    pub lock_delay: u32,
}

/// How many times moving or rotating a resting piece restarts its lock delay (guideline).
pub const LOCK_RESETS: u32 = 15;

/// The most preview pieces the guideline rules show.
pub const MAX_PREVIEW: usize = 6;

/// A complete rule configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct Rules {
    /// The rule set.
    pub kind: RuleSet,
    /// Pieces shown ahead of the current one (0 to 6); the search reads them.
    pub preview: usize,
    /// Whether the hold slot may be used (guideline only).
    pub hold: bool,
    /// Gravity and lock delay that limit which placements count as reachable (guideline only).
    pub timing: Option<Timing>,
    /// Where the pieces come from; `None` takes the rule set's own (classic: uniform;
    /// guideline: 7-bag).
    pub randomizer: Option<RandomizerKind>,
    /// When a placement ends the game; `None` takes the rule set's own (classic: a cell above the
    /// top row before clears; guideline: lock out).
    pub top_out: Option<TopOut>,
    /// The kicks turns try (guideline only; the research rules place by drops): SRS, or SRS+
    /// with its half turns. Written only when it is not SRS, so that rules written before it
    /// existed read and write the same.
    #[serde(skip_serializing_if = "Kicks::is_srs")]
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<Kicks>"))]
    pub kicks: Kicks,
}

/// Where the pieces come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RandomizerKind {
    /// Each piece drawn uniformly at random from the seven (the research rules).
    Uniform,
    /// A shuffled bag of all seven, refilled when empty: every seven pieces from the start hold
    /// each piece once (the guideline).
    Bag,
    /// Each piece drawn at random, S and Z each [`SZ_HEAVY_ODDS`] times as likely as any other
    /// piece: a harder sequence that ends games sooner, for learning on the full board.
    SzHeavy,
}

named_choices!(
    RandomizerKind,
    "randomizer",
    Uniform => "uniform",
    Bag => "bag",
    SzHeavy => "sz_heavy",
);

/// How many times as likely as any other piece S and Z each are under
/// [`RandomizerKind::SzHeavy`].
pub const SZ_HEAVY_ODDS: u32 = 3;

impl RandomizerKind {
    /// Each piece's odds of being drawn, in [`Piece::ALL`] order: a piece comes with its odds
    /// over their sum. Under a bag, each piece left in it is as likely as any other.
    pub const fn odds(self) -> [u32; 7] {
        match self {
            RandomizerKind::Uniform | RandomizerKind::Bag => [1; 7],
            RandomizerKind::SzHeavy => [1, 1, 1, SZ_HEAVY_ODDS, SZ_HEAVY_ODDS, 1, 1],
        }
    }
}

/// When a placement ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TopOut {
    /// A cell of the placed piece lies above the top row, judged before full rows are removed
    /// (the research rules).
    BeforeClears,
    /// A cell lies above the top row once full rows are removed: a piece that sticks out of the
    /// board but clears the rows beneath it plays on.
    AfterClears,
    /// A cell of the placed piece lies in the top row or above it, judged before full rows are
    /// removed.
    TopRow,
    /// Every cell of the placed piece lies above the top row (the guideline's lock out).
    LockOut,
}

named_choices!(
    TopOut,
    "top-out test",
    BeforeClears => "before_clears",
    AfterClears => "after_clears",
    TopRow => "top_row",
    LockOut => "lock_out",
);

impl Default for Rules {
    fn default() -> Rules {
        Rules::classic()
    }
}

impl Rules {
    /// The research rules.
    pub const fn classic() -> Rules {
        Rules {
            kind: RuleSet::Classic,
            preview: 0,
            hold: false,
            timing: None,
            randomizer: None,
            top_out: None,
            kicks: Kicks::Srs,
        }
    }

    /// Guideline rules with a five-piece preview and hold.
    pub const fn guideline() -> Rules {
        Rules {
            kind: RuleSet::Guideline,
            preview: 5,
            hold: true,
            timing: None,
            randomizer: None,
            top_out: None,
            kicks: Kicks::Srs,
        }
    }

    /// The randomizer in force: the one set, else the rule set's own.
    pub fn randomizer(&self) -> RandomizerKind {
        self.randomizer.unwrap_or(match self.kind {
            RuleSet::Classic => RandomizerKind::Uniform,
            RuleSet::Guideline => RandomizerKind::Bag,
        })
    }

    /// The top-out test in force: the one set, else the rule set's own.
    pub fn top_out(&self) -> TopOut {
        self.top_out.unwrap_or(match self.kind {
            RuleSet::Classic => TopOut::BeforeClears,
            RuleSet::Guideline => TopOut::LockOut,
        })
    }

    /// The default rules of `kind`.
    pub fn of(kind: RuleSet) -> Rules {
        match kind {
            RuleSet::Classic => Rules::classic(),
            RuleSet::Guideline => Rules::guideline(),
        }
    }

    /// The rules in words: the rule set, then whatever differs from its own settings.
    pub fn description(&self) -> String {
        let own = Rules::of(self.kind);
        let mut parts = Vec::new();
        if self.randomizer() != own.randomizer() {
            parts.push(format!("{} randomizer", self.randomizer().name()));
        }
        if self.preview != own.preview {
            parts.push(format!("preview {}", self.preview));
        }
        if self.hold != own.hold {
            parts.push(format!("hold {}", if self.hold { "on" } else { "off" }));
        }
        if self.top_out() != own.top_out() {
            parts.push(format!("top out {}", self.top_out().name()));
        }
        let name = self.kind.name();
        if parts.is_empty() {
            format!("{name} rules")
        } else {
            format!("{name} rules ({})", parts.join(", "))
        }
    }

    /// Checks that the options fit the rule set; the error names the bad value.
    pub fn validate(&self) -> Result<()> {
        if self.preview > MAX_PREVIEW {
            return Err(Error::Config(format!(
                "preview {} is out of range: it must be from 0 to {MAX_PREVIEW}",
                self.preview
            )));
        }
        match self.kind {
            RuleSet::Classic => {
                if self.hold || self.timing.is_some() {
                    return Err(Error::Config(format!(
                        "classic rules have no hold or timing (got hold {}, timing {:?})",
                        self.hold, self.timing
                    )));
                }
                if self.kicks != Kicks::Srs {
                    return Err(Error::Config(format!(
                        "classic rules place pieces by drops, without kicks (got kicks \"{}\")",
                        self.kicks.name()
                    )));
                }
            }
            RuleSet::Guideline => {
                if let Some(t) = self.timing
                    && (t.gravity == 0 || t.lock_delay == 0)
                {
                    return Err(Error::Config(format!(
                        "gravity {} and lock delay {} must both be at least 1 frame",
                        t.gravity, t.lock_delay
                    )));
                }
            }
        }
        Ok(())
    }
}

/// Where the next pieces come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Randomizer {
    /// Each piece uniformly at random (research rules).
    Uniform,
    /// A shuffled bag of all seven, refilled when empty (guideline). Holds the bag's remaining pieces.
    Bag(Vec<Piece>),
    /// Each piece at random, S and Z the likelier ([`RandomizerKind::SzHeavy`]).
    SzHeavy,
}

impl Randomizer {
    /// The randomizer `rules` use.
    pub fn for_rules(rules: &Rules) -> Randomizer {
        match rules.randomizer() {
            RandomizerKind::Uniform => Randomizer::Uniform,
            RandomizerKind::Bag => Randomizer::Bag(Vec::with_capacity(7)),
            RandomizerKind::SzHeavy => Randomizer::SzHeavy,
        }
    }

    /// Draws the next piece.
    pub fn next(&mut self, rng: &mut GameRng) -> Piece {
        match self {
            Randomizer::Uniform => Piece::from_index(rng.below(7) as usize),
            Randomizer::Bag(bag) => {
                if bag.is_empty() {
                    bag.extend(Piece::ALL);
                    // Fisher-Yates; the last piece drawn is popped first.
                    for i in (1..bag.len()).rev() {
                        let j = rng.below(i as u32 + 1) as usize;
                        bag.swap(i, j);
                    }
                }
                bag.pop().expect("refilled above")
            }
            Randomizer::SzHeavy => by_odds(RandomizerKind::SzHeavy.odds(), rng),
        }
    }
}

/// A piece drawn with `odds` over their sum, in [`Piece::ALL`] order.
fn by_odds(odds: [u32; 7], rng: &mut GameRng) -> Piece {
    piece_at(odds, rng.below(odds.iter().sum()))
}

/// The piece whose share of the odds' sum holds `draw`, the pieces' shares laid end to end in
/// [`Piece::ALL`] order; a draw past the sum is the last piece's.
fn piece_at(odds: [u32; 7], mut draw: u32) -> Piece {
    for (piece, odds) in Piece::ALL.into_iter().zip(odds) {
        if draw < odds {
            return piece;
        }
        draw -= odds;
    }
    Piece::L
}

/// Where a guideline piece appears: centre column `(width - 1) / 2` (so I and O spawn centred and
/// the three-wide pieces rounded to the left), its spawn-state centre on the first row above the
/// visible field, then one row lower if nothing is in the way. `None` is a block out.
pub fn spawn_position(board: &Board, piece: Piece) -> Option<(i32, i32)> {
    let shape = piece.shape(Rotation::Spawn);
    let x = (board.width() as i32 - 1) / 2;
    let y = board.height() as i32;
    if !board.fits(shape, x, y) {
        return None;
    }
    Some(if board.fits(shape, x, y - 1) {
        (x, y - 1)
    } else {
        (x, y)
    })
}

/// Guideline scoring: points for clears and T-spins, back-to-back and combos, at a level that
/// rises every ten lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    /// Points so far.
    pub score: u64,
    /// Whether the last line clear was difficult (a tetris or a T-spin with lines).
    pub back_to_back: bool,
    /// Consecutive line-clearing placements minus one; -1 when the last placement cleared none.
    pub combo: i32,
}

impl Scoring {
    /// A fresh score.
    pub fn new() -> Scoring {
        Scoring {
            score: 0,
            back_to_back: false,
            combo: -1,
        }
    }

    /// Adds the points of a placement that cleared `lines` with `spin`, at `level` (from 1);
    /// returns the points added.
    pub fn lock(&mut self, lines: u32, spin: Spin, level: u32) -> u64 {
        let base: u64 = match (spin, lines) {
            (Spin::None, 0) => 0,
            (Spin::None, 1) => 100,
            (Spin::None, 2) => 300,
            (Spin::None, 3) => 500,
            (Spin::None, _) => 800,
            (Spin::Mini, 0) => 100,
            (Spin::Mini, 1) => 200,
            (Spin::Mini, _) => 400,
            (Spin::Full, 0) => 400,
            (Spin::Full, 1) => 800,
            (Spin::Full, 2) => 1200,
            (Spin::Full, _) => 1600,
        };
        let level = level as u64;
        let mut points = base * level;
        if lines > 0 {
            let difficult = lines >= 4 || spin != Spin::None;
            if difficult && self.back_to_back {
                points = points * 3 / 2;
            }
            self.back_to_back = difficult;
            self.combo += 1;
            points += 50 * self.combo as u64 * level;
        } else {
            self.combo = -1;
        }
        self.score += points;
        points
    }

    /// Adds the points of dropping: one per row of soft drop, two per row of hard drop.
    pub fn drop(&mut self, soft_rows: u32, hard_rows: u32) -> u64 {
        let points = soft_rows as u64 + 2 * hard_rows as u64;
        self.score += points;
        points
    }
}

/// What locking a piece did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Locked {
    /// The removed rows as bits (bit `y` for row `y` before the clear).
    pub cleared: u64,
    /// Full rows removed.
    pub rows_cleared: u32,
    /// The piece's own cells inside the removed rows.
    pub piece_cells_cleared: u32,
    /// Row of the piece's lowest cell, before clears.
    pub landing_row: i32,
    /// Row of the piece's highest cell, before clears.
    pub top_row: i32,
    /// Whether this lock ends the game, by the top-out test in force.
    pub tops_out: bool,
}

/// Locks `placement` into `board`, removes full rows, and judges game over by `top_out`.
#[inline]
pub fn lock(board: &mut Board, placement: &Placement, top_out: TopOut) -> Locked {
    let shape = placement.piece.shape(placement.rotation);
    board.place(shape, placement.x, placement.y);
    let landing_row = placement.bottom_row();
    let top_row = placement.top_row();
    let visible = board.height() as i32;
    let full = board.clear_full_rows();
    let tops_out = match top_out {
        TopOut::BeforeClears => top_row >= visible,
        TopOut::AfterClears => board.max_height() > board.height(),
        TopOut::TopRow => top_row >= visible - 1,
        TopOut::LockOut => landing_row >= visible,
    };
    let piece_cells_cleared = if full == 0 {
        0
    } else {
        placement
            .cells()
            .iter()
            .filter(|&&(_, y)| full >> y & 1 == 1)
            .count() as u32
    };
    Locked {
        cleared: full,
        rows_cleared: full.count_ones(),
        piece_cells_cleared,
        landing_row,
        top_row,
        tops_out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bag_deals_each_piece_once_per_seven() {
        let classic_bag = Rules {
            randomizer: Some(RandomizerKind::Bag),
            ..Rules::classic()
        };
        for rules in [Rules::guideline(), classic_bag] {
            let mut rng = GameRng::new(7, 0);
            let mut bag = Randomizer::for_rules(&rules);
            for _ in 0..10 {
                let mut seven: Vec<Piece> = (0..7).map(|_| bag.next(&mut rng)).collect();
                seven.sort();
                assert_eq!(seven, Piece::ALL.to_vec());
            }
        }
    }

    #[test]
    fn sz_heavy_odds_give_s_and_z_three_shares_of_eleven() {
        // Odds I 1, O 1, T 1, S 3, Z 3, J 1, L 1 sum to 11: draws 0, 1 and 2 are I, O and T,
        // 3 to 5 are S, 6 to 8 are Z, 9 is J and 10 is L.
        let odds = RandomizerKind::SzHeavy.odds();
        let dealt: Vec<Piece> = (0..11).map(|draw| piece_at(odds, draw)).collect();
        use Piece::*;
        assert_eq!(dealt, [I, O, T, S, S, S, Z, Z, Z, J, L]);
        // 110,000 draws: S and Z 30,000 each on average (standard deviation 148), the others
        // 10,000 each (standard deviation 95); five standard deviations either side.
        let rules = Rules {
            randomizer: Some(RandomizerKind::SzHeavy),
            ..Rules::classic()
        };
        let mut randomizer = Randomizer::for_rules(&rules);
        let mut rng = GameRng::new(11, 1);
        let mut counts = [0i64; 7];
        for _ in 0..110_000 {
            counts[randomizer.next(&mut rng).index()] += 1;
        }
        for (piece, count) in Piece::ALL.into_iter().zip(counts) {
            let (mean, spread) = if matches!(piece, S | Z) {
                (30_000, 740)
            } else {
                (10_000, 475)
            };
            assert!(
                (count - mean).abs() < spread,
                "{piece:?} drawn {count} times"
            );
        }
    }

    #[test]
    fn a_seed_deals_the_same_stream_and_the_rule_sets_keep_their_randomizers() {
        let deal = |rules: &Rules, seed| {
            let mut rng = GameRng::new(seed, 1);
            let mut randomizer = Randomizer::for_rules(rules);
            (0..70)
                .map(|_| randomizer.next(&mut rng))
                .collect::<Vec<_>>()
        };
        let bag = Rules {
            randomizer: Some(RandomizerKind::Bag),
            ..Rules::classic()
        };
        let sz_heavy = Rules {
            randomizer: Some(RandomizerKind::SzHeavy),
            ..Rules::classic()
        };
        for rules in [Rules::classic(), bag, sz_heavy] {
            assert_eq!(deal(&rules, 5), deal(&rules, 5));
            assert_ne!(deal(&rules, 5), deal(&rules, 6));
        }
        // A uniform stream is not a bag: some seven in a row repeat a piece.
        let uniform = deal(&Rules::classic(), 5);
        assert!(uniform.chunks(7).any(|seven| {
            let mut sorted = seven.to_vec();
            sorted.sort();
            sorted.dedup();
            sorted.len() < 7
        }));
        assert_eq!(Rules::classic().randomizer(), RandomizerKind::Uniform);
        assert_eq!(Rules::guideline().randomizer(), RandomizerKind::Bag);
        assert_eq!(Rules::classic().top_out(), TopOut::BeforeClears);
        assert_eq!(Rules::guideline().top_out(), TopOut::LockOut);
    }

    /// A vertical I dropped straight down so that its cells fill column `column` of `board`.
    fn vertical_i(board: &Board, column: i32) -> Placement {
        let shape = Piece::I.shape(Rotation::Right);
        let x = column - shape.min_x as i32;
        Placement {
            piece: Piece::I,
            rotation: Rotation::Right,
            x,
            y: board.drop_row(shape, x),
            spin: Spin::None,
        }
    }

    #[test]
    fn top_out_tests_worked_by_hand() {
        let ends = |board: &Board, placement: &Placement, test| {
            lock(&mut board.clone(), placement, test).tops_out
        };
        // A 4x4 board, rows 0 to 2 full but for column 3, row 3 empty. A vertical I in column 3
        // fills rows 0 to 3 and clears rows 0 to 2: it reaches the top row (3), not above it.
        let board = Board::from_picture(4, 4, &["###.", "###.", "###."]).unwrap();
        let in_well = vertical_i(&board, 3);
        assert_eq!((in_well.bottom_row(), in_well.top_row()), (0, 3));
        assert!(!ends(&board, &in_well, TopOut::BeforeClears));
        assert!(!ends(&board, &in_well, TopOut::AfterClears));
        assert!(ends(&board, &in_well, TopOut::TopRow));
        assert!(!ends(&board, &in_well, TopOut::LockOut));
        // In column 0 it lands on row 3 (rows 3 to 6) and fills no row: three cells above the
        // top row, one still visible, so every test but lock out ends the game.
        let on_stack = vertical_i(&board, 0);
        assert_eq!((on_stack.bottom_row(), on_stack.top_row()), (3, 6));
        assert!(ends(&board, &on_stack, TopOut::BeforeClears));
        assert!(ends(&board, &on_stack, TopOut::AfterClears));
        assert!(ends(&board, &on_stack, TopOut::TopRow));
        assert!(!ends(&board, &on_stack, TopOut::LockOut));
        // Column 3 filled in row 0 only, rows 1 to 3 full but for column 3: the I lands on row 1
        // (rows 1 to 4), one cell above the top row, and clears rows 1 to 3; its top cell falls
        // to row 1. Before clears that ends the game, after clears it does not.
        let board = Board::from_picture(4, 4, &["###.", "###.", "###.", "##.#"]).unwrap();
        let sticking_out = vertical_i(&board, 3);
        assert_eq!((sticking_out.bottom_row(), sticking_out.top_row()), (1, 4));
        assert!(ends(&board, &sticking_out, TopOut::BeforeClears));
        let mut after = board;
        let locked = lock(&mut after, &sticking_out, TopOut::AfterClears);
        assert_eq!(locked.rows_cleared, 3);
        assert!(!locked.tops_out);
        assert_eq!(after.max_height(), 2);
    }

    #[test]
    fn guideline_points_worked_by_hand() {
        let mut s = Scoring::new();
        assert_eq!(s.lock(4, Spin::None, 1), 800); // tetris, combo 0
        assert_eq!(s.lock(4, Spin::None, 1), 800 * 3 / 2 + 50); // back-to-back, combo 1
        assert_eq!(s.lock(0, Spin::None, 1), 0); // combo broken
        assert_eq!(s.lock(2, Spin::Full, 2), 2400 * 3 / 2); // B2B kept through the gap, level 2
        assert_eq!(s.lock(1, Spin::None, 1), 100 + 50); // single: breaks B2B, combo 1
        assert_eq!(s.lock(1, Spin::Mini, 1), 200 + 100); // mini single, no B2B bonus, combo 2
        assert_eq!(s.score, 800 + 1250 + 3600 + 150 + 300);
    }

    #[test]
    fn guideline_spawn_is_centred_and_drops_one_row() {
        let board = Board::new(10, 20).unwrap();
        assert_eq!(spawn_position(&board, Piece::T), Some((4, 19)));
        let full_top = Board::from_picture(4, 4, &["####", "#...", "#...", "#..."]).unwrap();
        assert_eq!(spawn_position(&full_top, Piece::I), Some((1, 4)));
    }

    #[test]
    fn bad_rule_options_are_named() {
        let mut rules = Rules::guideline();
        rules.preview = 7;
        assert!(
            rules
                .validate()
                .unwrap_err()
                .to_string()
                .contains("preview 7")
        );
        let mut classic = Rules::classic();
        classic.hold = true;
        assert!(classic.validate().is_err());
        classic.hold = false;
        classic.preview = 1;
        assert!(classic.validate().is_ok());
        classic.preview = 7;
        assert!(
            classic
                .validate()
                .unwrap_err()
                .to_string()
                .contains("preview 7")
        );
        assert!(
            "bag7"
                .parse::<RandomizerKind>()
                .unwrap_err()
                .to_string()
                .contains("\"bag7\"")
        );
        assert!(
            "late"
                .parse::<TopOut>()
                .unwrap_err()
                .to_string()
                .contains("\"late\"")
        );
        assert!(
            "tetris"
                .parse::<RuleSet>()
                .unwrap_err()
                .to_string()
                .contains("\"tetris\"")
        );
    }
}
