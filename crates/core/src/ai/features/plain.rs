//! The features in players' words: a short plain name for each, as the coach shows a feature
//! to someone learning why a placement is good, and what it counts in one plain line (the
//! registry's names and definitions are for weights and their authors).

use super::FEATURES;

/// A feature in players' words.
#[derive(Clone, Copy, Debug)]
pub struct Plain {
    /// The feature's registered name.
    pub feature: &'static str,
    /// Its short plain name ("holes", "well depth").
    pub name: &'static str,
    /// What it counts, in one line of plain words, as the page explains it.
    pub meaning: &'static str,
}

/// Each feature in players' words, in the registry's order.
pub static PLAIN: [Plain; FEATURES.len()] = [
    Plain {
        feature: "rows_cleared",
        name: "lines cleared",
        meaning: "full lines this piece completes: they vanish and the blocks above drop",
    },
    Plain {
        feature: "landing_height",
        name: "landing height",
        meaning: "how high the piece lands: the lower, the safer",
    },
    Plain {
        feature: "eroded_piece_cells",
        name: "own cells cleared",
        meaning: "lines cleared times the piece's own blocks in them: a piece that finishes lines",
    },
    Plain {
        feature: "row_transitions",
        name: "ragged rows",
        meaning: "where each row switches between block and empty, walls counted as blocks",
    },
    Plain {
        feature: "column_transitions",
        name: "ragged columns",
        meaning: "where each column switches between block and empty, going up from the floor",
    },
    Plain {
        feature: "holes",
        name: "holes",
        meaning: "empty cells with a block somewhere above them: none can be filled until the rows above clear",
    },
    Plain {
        feature: "cumulative_wells",
        name: "well depth",
        meaning: "one-wide gaps between blocks: a well d deep counts 1 + 2 + … + d",
    },
    Plain {
        feature: "max_height",
        name: "stack height",
        meaning: "the tallest column: near the top, the game is close to its end",
    },
    Plain {
        feature: "aggregate_height",
        name: "total height",
        meaning: "every column's height added up: the size of the stack",
    },
    Plain {
        feature: "bumpiness",
        name: "bumpiness",
        meaning: "the height steps between neighbouring columns: a flat top takes any piece",
    },
    Plain {
        feature: "avg_height_difference",
        name: "average step",
        meaning: "the average height step between neighbouring columns",
    },
    Plain {
        feature: "blocks",
        name: "blocks on the board",
        meaning: "how many blocks lie on the board",
    },
    Plain {
        feature: "avg_height",
        name: "average block height",
        meaning: "how high the blocks sit, on average",
    },
    Plain {
        feature: "blocks_above_holes",
        name: "blocks over holes",
        meaning: "blocks over a hole in their column: they must go before the hole can be filled",
    },
    Plain {
        feature: "gaps",
        name: "one-wide gaps",
        meaning: "empty cells with a block or a wall on both sides",
    },
    Plain {
        feature: "placement_height",
        name: "placement height",
        meaning: "how high the top of the piece ends up",
    },
    Plain {
        feature: "deepest_well",
        name: "deepest well",
        meaning: "the deepest one-wide gap between two taller columns",
    },
    Plain {
        feature: "hole_depth",
        name: "blocks covering holes",
        meaning: "the blocks piled right on top of each hole",
    },
    Plain {
        feature: "rows_with_holes",
        name: "rows with holes",
        meaning: "lines with a hole in them: they cannot be cleared yet",
    },
    Plain {
        feature: "pattern_diversity",
        name: "surface variety",
        meaning: "how many different small steps the surface has: variety fits more pieces",
    },
    Plain {
        feature: "column_holes_pow",
        name: "holes per column",
        meaning: "holes counted column by column, so that several in one column weigh more or less",
    },
    Plain {
        feature: "row_transitions_cs3243",
        name: "ragged rows (CS3243)",
        meaning: "ragged rows, counted the way the CS3243 course's program does",
    },
    Plain {
        feature: "wells_cs3243",
        name: "wells (CS3243)",
        meaning: "open wells, counted the way the CS3243 course's program does",
    },
    Plain {
        feature: "row_flips",
        name: "ragged rows (p5.js)",
        meaning: "ragged rows, counted the way the p5.js program does",
    },
    Plain {
        feature: "column_flips",
        name: "ragged columns (p5.js)",
        meaning: "ragged columns, counted the way the p5.js program does",
    },
    Plain {
        feature: "aggregate_height_takado8",
        name: "total height (takado8)",
        meaning: "the stack's size, counted the way takado8's program does",
    },
    Plain {
        feature: "holes_before_clears",
        name: "holes before clearing",
        meaning: "holes, counted before the full lines vanish",
    },
    Plain {
        feature: "bumpiness_before_clears",
        name: "bumpiness before clearing",
        meaning: "height steps, counted before the full lines vanish",
    },
    Plain {
        feature: "aggregate_height_before_clears",
        name: "total height before clearing",
        meaning: "the stack's size, counted before the full lines vanish",
    },
    Plain {
        feature: "tsd_slot",
        name: "T-spin double slot",
        meaning: "a notch shaped for a T to spin into under an overhang: the lines that T-spin double would clear",
    },
    Plain {
        feature: "tst_slot",
        name: "T-spin triple slot",
        meaning: "a roofed shaft with a notch beside it for a T to kick into: the lines that T-spin triple would clear",
    },
    Plain {
        feature: "cavity_cells",
        name: "closed holes",
        meaning: "holes sealed on every side: only clearing the rows above opens them",
    },
    Plain {
        feature: "overhang_cells",
        name: "overhangs",
        meaning: "holes under a ledge that a piece can still slide into from the side",
    },
    Plain {
        feature: "top_half",
        name: "into the top half",
        meaning: "how far the tallest column reaches into the board's top half, where garbage pushes it out",
    },
    Plain {
        feature: "top_quarter",
        name: "into the top quarter",
        meaning: "how far the tallest column reaches into the board's top quarter: close to topping out",
    },
    Plain {
        feature: "well_lines",
        name: "lines ready for an I",
        meaning: "the lines an I dropped down the lowest column would clear: four is a Tetris",
    },
    Plain {
        feature: "attack",
        name: "attack",
        meaning: "the garbage lines this clear sends the opponent: T-spins and Tetrises send the most",
    },
    Plain {
        feature: "difficult_clear",
        name: "back-to-back clear",
        meaning: "a Tetris or a T-spin that clears lines: it keeps a back-to-back chain going for extra attack",
    },
    Plain {
        feature: "back_to_back",
        name: "back-to-back kept",
        meaning: "a back-to-back chain still runs after the piece: the next Tetris or T-spin sends more",
    },
    Plain {
        feature: "combo",
        name: "combo",
        meaning: "pieces in a row that clear lines, this one the last: each adds to the attack",
    },
    Plain {
        feature: "garbage_danger",
        name: "danger under garbage",
        meaning: "rows the stack would reach into the top quarter once the waiting garbage comes up",
    },
    Plain {
        feature: "clears",
        name: "a clear",
        meaning: "the piece clears lines: each clear holds the game for the clear delay while the opponent plays on",
    },
    Plain {
        feature: "cold_clear_2_board",
        name: "Cold Clear 2's board",
        meaning: "the board as Cold Clear 2 values it: a T-spin slot, holes, height, a ragged surface, a Tetris well",
    },
    Plain {
        feature: "cold_clear_2_move",
        name: "Cold Clear 2's reward",
        meaning: "the move as Cold Clear 2 rewards it: T-spins and Tetrises gain, small clears and a wasted T cost",
    },
];

/// The feature at `index` in the registry, in players' words.
pub fn plain(index: usize) -> &'static Plain {
    &PLAIN[index]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_feature_has_one_plain_name_in_the_registrys_order() {
        let named: Vec<&str> = PLAIN.iter().map(|p| p.feature).collect();
        let registered: Vec<&str> = FEATURES.iter().map(|f| f.name).collect();
        assert_eq!(named, registered);
        let mut names: Vec<&str> = PLAIN.iter().map(|p| p.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(
            names.len(),
            FEATURES.len(),
            "two features share a plain name"
        );
        for p in &PLAIN {
            assert!(
                !p.name.is_empty() && !p.name.contains('_') && p.name.len() <= 32,
                "{}: {:?} is no short plain name",
                p.feature,
                p.name
            );
        }
    }

    #[test]
    fn every_meaning_is_one_plain_line() {
        for p in &PLAIN {
            assert!(
                !p.meaning.contains('_') && p.meaning.chars().count() <= 100,
                "{}: {:?} is no one plain line",
                p.feature,
                p.meaning
            );
            assert!(
                p.meaning.starts_with(char::is_lowercase) && !p.meaning.ends_with('.'),
                "{}: {:?} should read as a clause after the name",
                p.feature,
                p.meaning
            );
        }
    }
}
