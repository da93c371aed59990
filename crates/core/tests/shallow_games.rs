//! Depth 1 and 2 play the games they played before the search went deeper: the lines and
//! pieces of a few hundred seeded games of DU and DT-10, and of the presets published at depth
//! 2, are the figures the one- and two-ply search gave before depths 3 and 4 existed.

use tetris_ai_core::ai::presets;
use tetris_ai_core::{Game, GameConfig, Rules, SearchConfig};

/// Total lines and pieces of `games` games of `config`, game `i` with seed `i`.
fn totals(config: &GameConfig, games: u64, max_pieces: Option<u64>) -> (u64, u64) {
    (0..games)
        .map(|seed| {
            let stats = Game::new(GameConfig {
                seed,
                ..config.clone()
            })
            .unwrap()
            .play(max_pieces);
            (stats.lines, stats.pieces)
        })
        .fold((0, 0), |(l, p), (lines, pieces)| (l + lines, p + pieces))
}

/// `preset` on a `width` x `height` board under `rules` at `depth`, the rest by default.
fn game(preset: &str, rules: Rules, (width, height): (usize, usize), depth: u8) -> GameConfig {
    GameConfig {
        rules,
        width,
        height,
        preset: Some(preset.into()),
        search: SearchConfig {
            depth,
            ..SearchConfig::default()
        },
        ..GameConfig::default()
    }
}

/// The research rules with `preview` pieces previewed.
fn classic_with_preview(preview: usize) -> Rules {
    Rules {
        preview,
        ..Rules::classic()
    }
}

#[test]
fn one_ply_games_are_unchanged() {
    let du = game("du", Rules::classic(), (10, 10), 1);
    assert_eq!(totals(&du, 300, None), (1_206_426, 3_022_600));
    let dt10 = game("dt10", Rules::classic(), (10, 10), 1);
    assert_eq!(totals(&dt10, 300, None), (1_479_396, 3_704_995));
}

#[test]
fn two_ply_games_by_expectation_are_unchanged() {
    let du = game("du", Rules::classic(), (10, 6), 2);
    assert_eq!(totals(&du, 300, None), (32_544, 85_274));
    let dt10 = game("dt10", Rules::classic(), (10, 6), 2);
    assert_eq!(totals(&dt10, 300, None), (34_686, 90_609));
}

#[test]
fn two_ply_games_over_a_previewed_piece_are_unchanged() {
    let du = game("du", classic_with_preview(1), (10, 6), 2);
    assert_eq!(totals(&du, 300, None), (212_622, 535_462));
    let dt10 = game("dt10", classic_with_preview(1), (10, 6), 2);
    assert_eq!(totals(&dt10, 300, None), (254_057, 639_050));
}

#[test]
fn the_presets_published_at_depth_two_play_as_before() {
    // Yiyuan Lee's (a 7-bag, one piece previewed, the board both pieces leave, rows kept) and
    // the p5.js program's (guideline rules, one piece previewed, hold, plans valued by max).
    let lee = published("lee", (10, 8));
    assert_eq!(totals(&lee, 100, Some(2_000)), (75_509, 189_380));
    let smartspot2 = published("smartspot2", (10, 10));
    assert_eq!(totals(&smartspot2, 20, Some(1_000)), (7_978, 20_000));
    // Guideline rules with five previewed and hold, summed plans.
    let guideline = game("dellacherie", Rules::guideline(), (10, 12), 2);
    assert_eq!(totals(&guideline, 20, Some(1_000)), (7_976, 20_000));
}

/// `name` under the rules and search it was published with, on a `width` x `height` board.
fn published(name: &str, (width, height): (usize, usize)) -> GameConfig {
    let published = presets::find(name).unwrap().published;
    GameConfig {
        rules: published.rules,
        width,
        height,
        preset: Some(name.into()),
        search: published.search,
        ..GameConfig::default()
    }
}
