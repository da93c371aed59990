//! The features in players' words: a short plain name for each, as the coach shows a feature
//! to someone learning why a placement is good (the registry's names and definitions are for
//! weights and their authors).

use super::FEATURES;

/// Each feature's plain name, by its registered name, in the registry's order.
pub static PLAIN_NAMES: [(&str, &str); FEATURES.len()] = [
    ("rows_cleared", "lines cleared"),
    ("landing_height", "landing height"),
    ("eroded_piece_cells", "own cells cleared"),
    ("row_transitions", "ragged rows"),
    ("column_transitions", "ragged columns"),
    ("holes", "holes"),
    ("cumulative_wells", "well depth"),
    ("max_height", "stack height"),
    ("aggregate_height", "total height"),
    ("bumpiness", "bumpiness"),
    ("avg_height_difference", "average step"),
    ("blocks", "blocks on the board"),
    ("avg_height", "average block height"),
    ("blocks_above_holes", "blocks over holes"),
    ("gaps", "one-wide gaps"),
    ("placement_height", "placement height"),
    ("deepest_well", "deepest well"),
    ("hole_depth", "blocks covering holes"),
    ("rows_with_holes", "rows with holes"),
    ("pattern_diversity", "surface variety"),
    ("column_holes_pow", "holes per column"),
    ("row_transitions_cs3243", "ragged rows (CS3243)"),
    ("wells_cs3243", "wells (CS3243)"),
    ("row_flips", "ragged rows (p5.js)"),
    ("column_flips", "ragged columns (p5.js)"),
    ("aggregate_height_takado8", "total height (takado8)"),
    ("holes_before_clears", "holes before clearing"),
    ("bumpiness_before_clears", "bumpiness before clearing"),
    (
        "aggregate_height_before_clears",
        "total height before clearing",
    ),
];

/// The plain name of the feature at `index` in the registry.
pub fn plain_name(index: usize) -> &'static str {
    PLAIN_NAMES[index].1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_feature_has_one_plain_name_in_the_registrys_order() {
        let named: Vec<&str> = PLAIN_NAMES.iter().map(|(name, _)| *name).collect();
        let registered: Vec<&str> = FEATURES.iter().map(|f| f.name).collect();
        assert_eq!(named, registered);
        let mut plain: Vec<&str> = PLAIN_NAMES.iter().map(|(_, plain)| *plain).collect();
        plain.sort();
        plain.dedup();
        assert_eq!(
            plain.len(),
            FEATURES.len(),
            "two features share a plain name"
        );
        for (name, plain) in PLAIN_NAMES {
            assert!(
                !plain.is_empty() && !plain.contains('_') && plain.len() <= 32,
                "{name}: {plain:?} is no short plain name"
            );
        }
    }
}
