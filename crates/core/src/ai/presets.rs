//! Published weight sets, usable by name. Each preset cites where its numbers come from and
//! carries the rules and search they were published under ([`Published`]), which
//! `tetris-ai bench --as-published` plays and the page's "as published" switch applies.

use crate::ai::search::{PlanValue, SearchConfig, TieBreak};
use crate::ai::weights::Weights;
use crate::engine::rules::{RandomizerKind, Rules, TopOut};
use crate::error::{Error, Result};
use serde::Serialize;
use tetris_ai_engine::ts_name_union;

/// The rules and search a preset's weights were published under, as this engine plays them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Published {
    /// The rules: rule set, randomizer, preview, hold and top-out test.
    pub rules: Rules,
    /// The search: depth, pruning, margin, plan value and tie-break.
    pub search: SearchConfig,
}

/// The research rules and a one-ply search with random tie-breaks: the defaults.
const RESEARCH: Published = Published {
    rules: Rules::classic(),
    search: SearchConfig::DEFAULT,
};

/// A published weight set.
#[derive(Debug)]
pub struct Preset {
    /// The name the preset is asked for by.
    pub name: &'static str,
    /// Where the weights were published.
    pub source: &'static str,
    /// The rules and search the weights were published under.
    pub published_under: &'static str,
    /// (feature, weight, exponent), in the published order.
    pub terms: &'static [(&'static str, f64, Option<f64>)],
    /// The improvement a two-ply plan must make over the best first move, where the source sets one.
    pub lookahead_margin: Option<f64>,
    /// The rules and search the weights were published under.
    pub published: Published,
}

impl Preset {
    /// The preset's weights.
    pub fn weights(&self) -> Weights {
        Weights::new(self.terms.iter().copied()).expect("presets name registered features")
    }
}

/// NUS CS3243 (Introduction to Artificial Intelligence) project report: six features learned by a
/// genetic algorithm (tournament selection of 8, 20% elitism), 1-ply, 10x20, research rules.
///
/// The features are those of the group's submitted `PlayerSkeleton.java`: its row transitions
/// and wells are its own (`row_transitions_cs3243`, `wells_cs3243`); column transitions, max
/// height and rows cleared are the engine's (its column transitions differ from the engine's by
/// one per column, a constant). The source returns ten times the hole count, so the published
/// holes weight, -4.194861543999046, is carried here as -41.94861543999046. The source plays the
/// first best move in the framework's move order, so the preset is published with
/// [`TieBreak::First`].
///
/// The report gives a mean of 700,242 lines over 100 games on 10x20. A faithful reimplementation
/// of the submitted program, playing its games move for move, averages about 460,000 (median
/// about 360,000) over 100 games; the published figure lies about five standard errors above
/// that, so the gap lies in the report, not in the features. This engine, as published, averages
/// 371,938 lines over 100 games on 10x20 (seeds 0 to 99, median 261,635, standard deviation
/// 360,141, so a standard error of about 36,000): within noise of the reimplementation, and
/// about nine standard errors below the report.
pub static CS3243: Preset = Preset {
    name: "cs3243",
    source: "CS3243 project report (National University of Singapore), genetic algorithm",
    published_under: "classic rules, 10x20, 1-ply, ties to the first best move",
    terms: &[
        ("rows_cleared", 8.580230809919557, None),
        ("row_transitions_cs3243", -7.323298208568506, None),
        ("column_transitions", -5.79715846115661, None),
        ("holes", -41.94861543999046, None),
        ("wells_cs3243", -3.908041863765, None),
        ("max_height", -7.193861810393222, None),
    ],
    lookahead_margin: None,
    published: Published {
        rules: Rules::classic(),
        search: SearchConfig {
            tie_break: TieBreak::First,
            ..SearchConfig::DEFAULT
        },
    },
};

/// takado8's C# genetic-algorithm Tetris AI: four features evolved with truncation selection,
/// fitness-weighted crossover normalised to unit length and +-0.2 mutation. Its AI reads the
/// board before clears: its height is the column heights summed less the width for each full
/// row, and its holes and bumpiness count the full rows still in place
/// (`aggregate_height_takado8`, `holes_before_clears`, `bumpiness_before_clears`). Its game deals from a
/// 7-bag and ends when a placed piece has a cell in the top row, judged before clears; its AI
/// searches the current piece only. The write-up reports over 2,000 lines in one game. Two
/// things of its game are not modelled: its AI does not see that a placement ends the game
/// (here such a placement scores minus infinity), and its pieces turn and shift in the top rows,
/// where a tall stack blocks them (here every column is open).
pub static TAKADO8: Preset = Preset {
    name: "takado8",
    source: "takado8, C# Tetris AI trained by a genetic algorithm",
    published_under: "10x20, 7-bag, top out on a cell in the top row before clears, 1-ply",
    terms: &[
        ("aggregate_height_takado8", -0.798752914564018, None),
        ("rows_cleared", 0.522287506868767, None),
        ("holes_before_clears", -0.24921408023878, None),
        ("bumpiness_before_clears", -0.164626498034284, None),
    ],
    lookahead_margin: None,
    published: Published {
        rules: Rules {
            randomizer: Some(RandomizerKind::Bag),
            top_out: Some(TopOut::TopRow),
            ..Rules::classic()
        },
        search: SearchConfig::DEFAULT,
    },
};

/// Yiyuan Lee, "Tetris AI – The (Near) Perfect Bot" (2013): four features tuned by a genetic
/// algorithm, searching the current and the next piece. Its AI reads the board before clears:
/// its aggregate height, holes and bumpiness count the full rows still in place
/// (`aggregate_height_before_clears`, `holes_before_clears`, `bumpiness_before_clears`). Its game
/// deals from a 7-bag and shows the next piece; its AI tries every placement of the current
/// piece with every placement of the known next one, values a first move by the best score of
/// the board both leave ([`PlanValue::Next`]), and keeps the first of equal values in its order
/// (rotation, then the leftmost column). Its second ply reads the board with the first piece's
/// full rows still in place (`keep_first_rows`), so the rows both pieces fill count together.
/// The write-up says it plays on indefinitely.
pub static LEE: Preset = Preset {
    name: "lee",
    source: "Yiyuan Lee, \"Tetris AI - The (Near) Perfect Bot\", 2013",
    published_under: "10x20, 7-bag, one piece previewed, 2-ply valued by the board both pieces leave, full rows kept between plies",
    terms: &[
        ("aggregate_height_before_clears", -0.510066, None),
        ("rows_cleared", 0.760666, None),
        ("holes_before_clears", -0.35663, None),
        ("bumpiness_before_clears", -0.184483, None),
    ],
    lookahead_margin: None,
    published: Published {
        rules: Rules {
            randomizer: Some(RandomizerKind::Bag),
            preview: 1,
            ..Rules::classic()
        },
        search: SearchConfig {
            depth: 2,
            prune: 1.0,
            value: PlanValue::Next,
            tie_break: TieBreak::First,
            keep_first_rows: true,
            ..SearchConfig::DEFAULT
        },
    },
};

/// smartspot2's p5.js Tetris AI, its default weights: guideline rules with SRS, one piece
/// previewed and hold, breadth-first search over inputs, and a lookahead over the best quarter
/// of first moves that values each as max(its own score + 100, the next piece's best score
/// alone) ([`PlanValue::Max`] with the margin of 100). Its row and column flips count no walls
/// and skip the top row (`row_flips`, `column_flips`). Its second ply also tries the hold piece,
/// which this engine's last ply does not (at depth 2, the second).
pub static SMARTSPOT2: Preset = Preset {
    name: "smartspot2",
    source: "smartspot2, tetris-ai (p5.js), default weights",
    published_under: "guideline rules with SRS, one piece previewed, hold, input search, 2-ply valued max(own + 100, next)",
    terms: &[
        ("rows_cleared", 200.0, None),
        ("column_holes_pow", -300.0, Some(0.66)),
        ("max_height", -8.0, Some(2.0)),
        ("placement_height", -5.0, Some(2.0)),
        ("avg_height_difference", -75.0, None),
        ("row_flips", -20.0, None),
        ("column_flips", -20.0, None),
        ("deepest_well", -100.0, None),
    ],
    lookahead_margin: Some(100.0),
    published: Published {
        rules: Rules {
            preview: 1,
            ..Rules::guideline()
        },
        search: SearchConfig {
            depth: 2,
            margin: Some(100.0),
            value: PlanValue::Max,
            ..SearchConfig::DEFAULT
        },
    },
};

/// Pierre Dellacherie's hand-tuned one-piece controller (2003), as reported by Fahey and by
/// Thiery & Scherrer, "Building Controllers for Tetris", ICGA Journal 32 (2009).
pub static DELLACHERIE: Preset = Preset {
    name: "dellacherie",
    source: "Pierre Dellacherie (2003), reported in Thiery & Scherrer, ICGA Journal 32 (2009)",
    published_under: "classic rules, 10x20, 1-ply",
    terms: &[
        ("landing_height", -1.0, None),
        ("eroded_piece_cells", 1.0, None),
        ("row_transitions", -1.0, None),
        ("column_transitions", -1.0, None),
        ("holes", -4.0, None),
        ("cumulative_wells", -1.0, None),
    ],
    lookahead_margin: None,
    published: RESEARCH,
};

/// Islam El-Ashi, "El-Tetris – An Improvement on Pierre Dellacherie's Algorithm" (2011):
/// Dellacherie's features reweighted by a particle swarm.
pub static EL_TETRIS: Preset = Preset {
    name: "el_tetris",
    source: "Islam El-Ashi, \"El-Tetris - An Improvement on Pierre Dellacherie's Algorithm\", 2011",
    published_under: "classic rules, 10x20, 1-ply",
    terms: &[
        ("landing_height", -4.500158825082766, None),
        ("rows_cleared", 3.4181268101392694, None),
        ("row_transitions", -3.2178882868487753, None),
        ("column_transitions", -9.348695305445199, None),
        ("holes", -7.899265427351652, None),
        ("cumulative_wells", -3.3855972247263626, None),
    ],
    lookahead_margin: None,
    published: RESEARCH,
};

/// Thiery & Scherrer's "DU" controller (BCTS), learned by the noisy cross-entropy method:
/// "Improvements on Learning Tetris with Cross Entropy", ICGA Journal 32 (2009).
pub static DU: Preset = Preset {
    name: "du",
    source: "Thiery & Scherrer, \"Improvements on Learning Tetris with Cross Entropy\", ICGA Journal 32 (2009)",
    published_under: "classic rules, 10x20, 1-ply",
    terms: &[
        ("landing_height", -12.63, None),
        ("eroded_piece_cells", 6.60, None),
        ("row_transitions", -9.22, None),
        ("column_transitions", -19.77, None),
        ("holes", -13.08, None),
        ("cumulative_wells", -10.49, None),
        ("hole_depth", -1.61, None),
        ("rows_with_holes", -24.04, None),
    ],
    lookahead_margin: None,
    published: RESEARCH,
};

/// Gabillon, Ghavamzadeh & Scherrer, "Approximate Dynamic Programming Finally Performs Well in
/// the Game of Tetris", NIPS 2013: the DT features learned by CBMPI on a 10x10 board.
pub static DT10: Preset = Preset {
    name: "dt10",
    source: "Gabillon, Ghavamzadeh & Scherrer, NIPS 2013 (CBMPI, 10x10)",
    published_under: "classic rules, 10x10, 1-ply",
    terms: &[
        ("landing_height", -2.18, None),
        ("eroded_piece_cells", 2.42, None),
        ("row_transitions", -2.17, None),
        ("column_transitions", -3.31, None),
        ("holes", 0.95, None),
        ("cumulative_wells", -2.22, None),
        ("hole_depth", -0.81, None),
        ("rows_with_holes", -9.65, None),
        ("pattern_diversity", 1.27, None),
    ],
    lookahead_margin: None,
    published: RESEARCH,
};

/// Gabillon, Ghavamzadeh & Scherrer, NIPS 2013: the DT features learned by CBMPI on 10x20.
pub static DT20: Preset = Preset {
    name: "dt20",
    source: "Gabillon, Ghavamzadeh & Scherrer, NIPS 2013 (CBMPI, 10x20)",
    published_under: "classic rules, 10x20, 1-ply",
    terms: &[
        ("landing_height", -2.68, None),
        ("eroded_piece_cells", 1.38, None),
        ("row_transitions", -2.41, None),
        ("column_transitions", -6.32, None),
        ("holes", 2.03, None),
        ("cumulative_wells", -2.71, None),
        ("hole_depth", -0.43, None),
        ("rows_with_holes", -9.48, None),
        ("pattern_diversity", 0.89, None),
    ],
    lookahead_margin: None,
    published: RESEARCH,
};

/// Learned by this engine: CMA-ES on the DT features (those of `dt10`), 10x10, research rules,
/// starting around `dt10`'s weights (each drawn range `dt10`'s weight ± 1, initial σ 0.3 of
/// that), 16 genomes a generation on 30 common games, with noise handling: the best 3 of each
/// generation re-evaluated on 60 more games, the games per individual growing up to 150 (they
/// reached it at generation 20), and the best validated on 100 fixed games. The run is
/// `benches/runs/learned_10x10/start_b.json`, a checkpoint at generation 0:
/// `tetris-ai evolve --resume start_b.json --checkpoint run.json --generations 25 --threads 1`
/// replays it exactly. It ran 32 generations (58,128 games, 2,185 s on one thread of a shared
/// 2-core VM); these are generation 25's validated best.
///
/// They were chosen among 14 candidates of two runs (this one and `start_a.json`, the same
/// start with seed 28, 50 games and no noise handling, 157 generations): each run's six best
/// validated weights and CMA-ES's final mean, 1,000 games each from seed 2,000,000, then
/// 3,000 more for the best three (`benches/python/choose.py`), where they averaged 5,514.
///
/// Over 10,000 games on 10x10 (seeds 1,000,000 to 1,009,999, used neither in training nor in
/// the choice) they average 5,378 lines, where `dt10` averages 5,193 on the same games: a
/// paired difference of +186 ± 74 lines (standard error), 2.5 standard errors
/// (`benches/python/paired.py`). They win 5,127 of the games and lose 4,867.
pub static LEARNED_10X10: Preset = Preset {
    name: "learned_10x10",
    source: "this engine's CMA-ES (tetris-ai evolve) on the DT features, 10x10",
    published_under: "classic rules, 10x10, 1-ply",
    terms: &[
        ("landing_height", -2.2280760660795704, None),
        ("eroded_piece_cells", 0.882847529599486, None),
        ("row_transitions", -2.0402743700378254, None),
        ("column_transitions", -3.534111703628243, None),
        ("holes", 1.4884326344581353, None),
        ("cumulative_wells", -2.491489785308754, None),
        ("hole_depth", -1.166590024674994, None),
        ("rows_with_holes", -9.22382507673955, None),
        ("pattern_diversity", 1.5221212993457425, None),
    ],
    lookahead_margin: None,
    published: RESEARCH,
};

/// Learned by this engine on the full board: CMA-ES on the DT features (those of `dt20`), 10x20,
/// research rules, each individual scored by multilevel splitting (`--survival`: the estimated
/// mean lines of its uncapped games, with no cap), starting around `dt20`'s weights (each
/// drawn range `dt20`'s weight ± 0.5, initial σ 0.3 of that), 10 genomes a generation on 8 common
/// replicates of 200,000-piece runs with 1,000 trials, with noise handling: the best 2 of each
/// generation re-evaluated on 8 more replicates, the best validated on 16 fixed replicates and
/// reported on 48 held-out ones. The run is `tetris-ai evolve --optimizer cmaes --start dt20
/// --spread 0.5 --board 10x20 --survival --run-pieces 200000 --trials 1000 --games 8
/// --reevaluate-top 2 --reevaluate-games 8 --validate-top 1 --validate-games 16 --report-games 48
/// --seed 41 --generations 300`, stopped after 34 generations (3,179 s on both threads of a 2-core
/// VM, AMD EPYC, shared with other work; 4,048 replicates). Its checkpoint, which resumes,
/// is `benches/runs/learned_10x20/survival_cmaes.json`. These are the search's mean at the stop
/// (`survival_cmaes_mean.json`), not its validated best (`survival_cmaes_best.json`), which
/// flattered itself on its validation replicates and led `dt20` by less on fresh ones.
///
/// They ship under the rule for 10x20, where whole games last hours: a lead over `dt20` of at
/// least 2 standard errors of the pooled difference, by splitting, over at least 768 fresh
/// replicates of 500,000-piece runs (the default trials and levels), with the uncapped whole-game
/// pairs reported beside it. Over 1,152 replicates from seeds the run never played (three blocks
/// of 384, from seeds 17,000, 21,000 and 25,000, `benches/python/paired_survival.py`, logged in
/// `benches/runs/learned_10x20/survival_10x20.jsonl`), they clear 65.3 ± 0.7 million lines where
/// `dt20` clears 61.0 ± 0.7 million on the same seeds: +4.3 ± 1.0 million (7.1%, 4.4 standard
/// errors of the difference). Each block alone puts them ahead, by 5.5, 3.2 and 4.3 million.
///
/// Beside that, twenty uncapped whole games of each on the same seeds (6,000,000 to 6,000,019,
/// `benches/python/paired_long.py`, logged in `benches/runs/learned_10x20/paired_10x20.jsonl`):
/// they average 56.9 ± 12.9 million lines to `dt20`'s 68.6 ± 20.1 million, a paired difference of
/// -11.7 ± 26.2 million (-0.44 standard errors), and each wins 10 of the 20. A pair's difference
/// spreads by about 117 million lines, so twenty pairs cannot show a lead of 4.3 million: that
/// would take some 3,000 pairs. At the survival command's own defaults (`tetris-ai survival
/// --preset NAME --replicates 32 --seed 2000`, 1,000,000-piece runs) they clear 67.2 ± 4.5 million
/// lines, `dt20` 62.8 ± 3.9 million.
///
/// The preset of this name was first the validated best of a noisy cross-entropy run with
/// training games capped at 50,000 pieces (`benches/runs/learned_10x20/capped_cem_best.json`),
/// which clears about a twelfth of `dt20`'s lines by splitting: capped games could not tell good
/// weights apart.
pub static LEARNED_10X20: Preset = Preset {
    name: "learned_10x20",
    source: "this engine's CMA-ES (tetris-ai evolve --survival) on the DT features, 10x20, scored by splitting",
    published_under: "classic rules, 10x20, 1-ply",
    terms: &[
        ("landing_height", -2.6753661655956797, None),
        ("eroded_piece_cells", 1.229816489431221, None),
        ("row_transitions", -2.5486435912823264, None),
        ("column_transitions", -5.990622730348719, None),
        ("holes", 1.8725284770748105, None),
        ("cumulative_wells", -3.0171987633268604, None),
        ("hole_depth", -0.687732155140333, None),
        ("rows_with_holes", -9.786111700385895, None),
        ("pattern_diversity", 1.044071015152174, None),
    ],
    lookahead_margin: None,
    published: RESEARCH,
};

/// This engine's own weights for versus (guideline rules, 10x20, the PPT attack table):
/// Dellacherie's features with the attack ones (`attack`, `tsd_slot`, `tst_slot`,
/// `difficult_clear`, `top_half`, `top_quarter`, `well_lines`, `back_to_back`, `combo`,
/// `garbage_danger`) and `clears`, the time a clear's pause costs, learned by a league of
/// self-play on the referee's clock (`benches/runs/clock_league/league.sh`): matches kept in
/// battletris's `-c ppt` frames (`--versus-pace ppt`), the players searching by a beam 16 wide
/// through every known piece. Two rounds of CMA-ES scoring by matches of at most 400 pieces a
/// side: 30 generations from the earlier `versus` weights (a league of eight rounds in lockstep,
/// `benches/runs/versus_league`) with `clears` -4 and `tst_slot` 1 added, against those weights and
/// hand-set ones in the spirit of Cold Clear's evaluator; then 20 from round 1's best against it,
/// the earlier weights and the start. The league is seeded and came out the same again with the
/// search of its time, whose beam stopped at the first piece the preview does not show (the beam
/// now weighs that piece too, and the league run again plays other games); it took 31 minutes on
/// both threads of a 2-core machine, and its checkpoints are beside the script.
///
/// On the clock over 100 held-out matches (`tetris-ai versus --pace ppt --preview-beam 16 --seed
/// 1000`), they beat the earlier weights 73 to 27 and round 1's best 59 to 32. Against Cold Clear 2
/// (`benches/battletris/head_to_head.py`, 100 ms to think, sixteen games) they won 2 of the 15
/// games decided on the board, sending 0.789 rows per piece to Cold Clear 2's 0.754, where the
/// earlier weights won none of eight. They are published with the search they learned by, the beam
/// 16 wide through the preview.
pub static VERSUS: Preset = Preset {
    name: "versus",
    source: "this engine's own, for versus: Dellacherie's features, the attack ones and the time of a clear, learned by a league of self-play on the referee's clock (tetris-ai evolve --versus --versus-pace ppt --preview-beam 16, CMA-ES, two rounds, benches/runs/clock_league)",
    published_under: "guideline rules, a beam 16 wide through every known piece",
    terms: &[
        ("landing_height", 0.24784190948596224, None),
        ("eroded_piece_cells", -2.9904824672527646, None),
        ("row_transitions", -1.979211739495694, None),
        ("column_transitions", -1.6426018111253384, None),
        ("holes", -5.629328481662338, None),
        ("cumulative_wells", -1.3324669774834628, None),
        ("attack", 6.5776269469855855, None),
        ("tsd_slot", 6.9590942949442764, None),
        ("difficult_clear", -2.896491090951465, None),
        ("top_half", -1.2753336897055383, None),
        ("top_quarter", -9.690206708895559, None),
        ("well_lines", 1.2967096574233867, None),
        ("back_to_back", 7.510367946741044, None),
        ("combo", 4.369300503292417, None),
        ("garbage_danger", -3.8139330516555603, None),
        ("clears", -4.965428274487931, None),
        ("tst_slot", 0.5692697065231271, None),
    ],
    lookahead_margin: None,
    published: Published {
        rules: Rules::guideline(),
        search: SearchConfig {
            preview_beam: Some(16),
            ..SearchConfig::DEFAULT
        },
    },
};

/// Cold Clear 2's evaluation (`MinusKelvin/cold-clear-2` at `ed8b193`, its freestyle mode with
/// the weights of its `src/default.json`), in this engine's search: its board value and its
/// reward for a move, each a feature (see `features/cold_clear.rs` for where they differ from
/// Cold Clear 2's own). Cold Clear 2 searches by a tree it grows for as long as it may think;
/// here the beam 16 wide through every known piece searches, valuing a plan as Cold Clear does:
/// the rewards of its moves and the board its last move leaves.
pub static COLD_CLEAR_2: Preset = Preset {
    name: "cold_clear_2",
    source: "Cold Clear 2's evaluation with its default weights (MinusKelvin/cold-clear-2, src/bot/freestyle.rs and src/default.json at ed8b193), as two features: its value of the board, its T slot cut out, and its reward for a move",
    published_under: "guideline rules, Cold Clear 2's own search (here: a beam 16 wide through every known piece)",
    terms: &[
        ("cold_clear_2_board", 1.0, None),
        ("cold_clear_2_move", 1.0, None),
    ],
    lookahead_margin: None,
    published: Published {
        rules: Rules::guideline(),
        search: SearchConfig {
            preview_beam: Some(16),
            ..SearchConfig::DEFAULT
        },
    },
};

/// Every shipped preset.
pub static PRESETS: [&Preset; 13] = [
    &CS3243,
    &TAKADO8,
    &LEE,
    &SMARTSPOT2,
    &DELLACHERIE,
    &EL_TETRIS,
    &DU,
    &DT10,
    &DT20,
    &LEARNED_10X10,
    &LEARNED_10X20,
    &VERSUS,
    &COLD_CLEAR_2,
];

/// The names of all presets.
pub fn names() -> Vec<&'static str> {
    PRESETS.iter().map(|p| p.name).collect()
}

ts_name_union!(PresetName, "The name of a shipped preset.", names());

/// The preset called `name`.
pub fn find(name: &str) -> Result<&'static Preset> {
    PRESETS
        .iter()
        .copied()
        .find(|p| p.name == name)
        .ok_or_else(|| Error::UnknownPreset {
            name: name.to_string(),
            known: names(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_builds_and_unknown_names_are_refused() {
        for preset in PRESETS {
            assert_eq!(
                preset.weights().terms().len(),
                preset.terms.len(),
                "{}",
                preset.name
            );
        }
        let error = find("dellacheri").unwrap_err();
        assert!(error.to_string().contains("\"dellacheri\""));
        assert!(error.to_string().contains("dellacherie"));
    }
}
