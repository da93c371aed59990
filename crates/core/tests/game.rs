//! Whole games: determinism, configuration errors, hold, timing, the AI's play and its hints.

use proptest::prelude::*;
use tetris_ai_core::ai::search::{Position, SearchConfig, Searcher};
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::engine::moves::MoveSearch;
use tetris_ai_core::engine::piece::Kicks;
use tetris_ai_core::engine::rules::{Timing, spawn_position};
use tetris_ai_core::engine::timing::reachable_in_time;
use tetris_ai_core::{Board, Game, GameConfig, Input, Piece, Rules, Weights};

fn config(rules: Rules, seed: u64, depth: u8) -> GameConfig {
    GameConfig {
        rules,
        seed,
        search: SearchConfig {
            depth,
            ..SearchConfig::default()
        },
        ..GameConfig::default()
    }
}

/// Every step's placement and path, and the final statistics.
fn transcript(config: GameConfig, pieces: u64) -> (Vec<String>, tetris_ai_core::Stats) {
    let mut game = Game::new(config).unwrap();
    let mut steps = Vec::new();
    while game.stats().pieces < pieces {
        let Some(step) = game.step() else { break };
        steps.push(format!("{:?}", step.choice));
    }
    (steps, game.stats())
}

/// Both rule sets, each at both depths.
fn every_rule_set_and_depth() -> [(Rules, u8); 4] {
    [
        (Rules::classic(), 1),
        (Rules::classic(), 2),
        (Rules::guideline(), 1),
        (Rules::guideline(), 2),
    ]
}

#[test]
fn the_same_seed_plays_the_same_game() {
    for (rules, depth) in every_rule_set_and_depth() {
        let first = transcript(config(rules, 42, depth), 300);
        let second = transcript(config(rules, 42, depth), 300);
        assert_eq!(first, second, "{rules:?} depth {depth}");
        let other = transcript(config(rules, 43, depth), 300);
        assert_ne!(
            first.0, other.0,
            "a different seed should give a different game"
        );
    }
}

#[test]
fn parallel_search_makes_the_same_choices() {
    for rules in [Rules::classic(), Rules::guideline()] {
        let sequential = transcript(config(rules, 21, 2), 150);
        let mut game = Game::new(config(rules, 21, 2)).unwrap();
        game.set_parallel(true);
        let mut steps = Vec::new();
        while game.stats().pieces < 150 {
            let Some(step) = game.step() else { break };
            steps.push(format!("{:?}", step.choice));
        }
        assert_eq!((steps, game.stats()), sequential, "{rules:?}");
    }
}

#[test]
fn playing_without_paths_makes_the_same_game_as_stepping() {
    for (rules, depth) in every_rule_set_and_depth() {
        let mut stepping = Game::new(config(rules, 17, depth)).unwrap();
        while stepping.stats().pieces < 400 && stepping.step().is_some() {}
        let stepped = stepping.stats();
        let mut game = Game::new(config(rules, 17, depth)).unwrap();
        assert_eq!(game.play(Some(400)), stepped, "{rules:?}, depth {depth}");
        assert_eq!(game.board(), stepping.board(), "{rules:?}, depth {depth}");
        assert_eq!(
            game.current(),
            stepping.current(),
            "{rules:?}, depth {depth}"
        );
        // A plan under way is finished with its own inputs, then play goes on without paths.
        let mut started = Game::new(config(rules, 17, depth)).unwrap();
        started.ai_input();
        assert_eq!(started.play(Some(400)), stepped, "{rules:?}, depth {depth}");
    }
}

#[test]
fn the_ai_playing_input_by_input_makes_the_same_game() {
    for rules in [Rules::classic(), Rules::guideline()] {
        let at_once = transcript(config(rules, 31, 1), 120);
        let mut game = Game::new(config(rules, 31, 1)).unwrap();
        let mut steps = Vec::new();
        let mut moved = false;
        while game.stats().pieces < 120 {
            let target = game.decide().expect("playing").placement;
            let before = game.view().active;
            let Some(step) = game.ai_input() else {
                moved |= game.view().active != before;
                continue;
            };
            assert_eq!(step.choice.placement, target);
            steps.push(format!("{:?}", step.choice));
        }
        assert!(moved, "{rules:?}: the piece never moved before locking");
        assert_eq!((steps, game.stats()), at_once, "{rules:?}");
    }
}

#[test]
fn new_weights_replace_the_plan() {
    let mut game = Game::new(config(Rules::guideline(), 4, 1)).unwrap();
    let first = game.decide().unwrap().clone();
    game.ai_input();
    game.set_weights(Weights::new([("holes", -1.0, None), ("max_height", 5.0, None)]).unwrap());
    let second = game.decide().unwrap().clone();
    assert_ne!(first.placement, second.placement);
    let step = game.step().unwrap();
    assert_eq!(step.choice.placement, second.placement);
}

/// Plays `pieces` pieces of `game`, recording every step as `transcript` does.
fn play_on(game: &mut Game, pieces: u64, steps: &mut Vec<String>) {
    while game.stats().pieces < pieces {
        let Some(step) = game.step() else { break };
        steps.push(format!("{:?}", step.choice));
    }
}

#[test]
fn a_new_search_applies_to_the_running_game() {
    for (rules, preset) in [
        (Rules::guideline(), "smartspot2"),
        (Rules::classic(), "dellacherie"),
    ] {
        let at = |depth| GameConfig {
            preset: Some(preset.to_string()),
            ..config(rules, 17, depth)
        };
        // Switched to two plies before the first decision: the game of depth 2 from the start,
        // with the preset's margin (none given) and not the game of depth 1.
        let mut game = Game::new(at(1)).unwrap();
        game.set_search(SearchConfig {
            depth: 2,
            ..SearchConfig::default()
        })
        .unwrap();
        let mut steps = Vec::new();
        play_on(&mut game, 60, &mut steps);
        let two_plies = transcript(at(2), 60);
        assert_eq!((steps, game.stats()), two_plies, "{preset}");
        assert_ne!(two_plies, transcript(at(1), 60), "{preset}");
        assert_eq!(game.config().search.depth, 2);
    }
}

#[test]
fn a_bad_search_changes_nothing() {
    let mut game = Game::new(config(Rules::classic(), 8, 1)).unwrap();
    let before = game.decide().cloned();
    let bad = SearchConfig {
        depth: 7,
        ..SearchConfig::default()
    };
    let error = game.set_search(bad).unwrap_err().to_string();
    assert!(error.contains("depth 7"), "{error}");
    assert_eq!(game.config().search.depth, 1);
    assert_eq!(game.decide().cloned(), before);
    let mut steps = Vec::new();
    play_on(&mut game, 40, &mut steps);
    assert_eq!(
        (steps, game.stats()),
        transcript(config(Rules::classic(), 8, 1), 40)
    );
}

#[test]
fn ties_are_broken_from_the_seed() {
    // With no weights every placement ties; the choice still depends only on the seed.
    let empty = GameConfig {
        weights: Some(Weights::default()),
        ..config(Rules::classic(), 5, 1)
    };
    let a = transcript(empty.clone(), 50);
    assert_eq!(a, transcript(empty.clone(), 50));
    let columns: std::collections::HashSet<i32> = {
        let mut game = Game::new(empty).unwrap();
        (0..30)
            .filter_map(|_| game.step())
            .map(|s| s.choice.placement.x)
            .collect()
    };
    assert!(
        columns.len() > 3,
        "ties should spread over columns: {columns:?}"
    );
}

#[test]
fn bad_configurations_are_refused_with_the_value_named() {
    let error = |c: GameConfig| Game::new(c).err().expect("refused").to_string();
    let width = error(GameConfig {
        width: 17,
        ..GameConfig::default()
    });
    assert!(width.contains("width 17"), "{width}");
    let height = error(GameConfig {
        height: 2,
        ..GameConfig::default()
    });
    assert!(height.contains("height 2"), "{height}");
    let preset = error(GameConfig {
        preset: Some("nope".into()),
        ..GameConfig::default()
    });
    assert!(preset.contains("\"nope\""), "{preset}");
    let both = error(GameConfig {
        preset: Some("lee".into()),
        weights: Some(Weights::default()),
        ..GameConfig::default()
    });
    assert!(both.contains("not both"), "{both}");
    let depth = error(config(Rules::classic(), 0, 5));
    assert!(depth.contains("depth 5"), "{depth}");
    let mut prune = config(Rules::classic(), 0, 2);
    prune.search.prune = 0.0;
    assert!(error(prune).contains("prune fraction 0"));
    let mut preview = Rules::guideline();
    preview.preview = 9;
    assert!(error(config(preview, 0, 1)).contains("preview 9"));
}

#[test]
fn a_preset_brings_its_lookahead_margin() {
    let (_, search) = GameConfig {
        preset: Some("smartspot2".into()),
        ..GameConfig::default()
    }
    .resolve()
    .unwrap();
    assert_eq!(search.margin, Some(100.0));
    let (_, explicit) = GameConfig {
        preset: Some("smartspot2".into()),
        search: SearchConfig {
            margin: Some(5.0),
            ..SearchConfig::default()
        },
        ..GameConfig::default()
    }
    .resolve()
    .unwrap();
    assert_eq!(explicit.margin, Some(5.0));
}

#[test]
fn dellacherie_clears_many_lines_under_both_rule_sets() {
    for rules in [Rules::classic(), Rules::guideline()] {
        let mut game = Game::new(config(rules, 1, 1)).unwrap();
        let stats = game.play(Some(2_000));
        assert!(
            !stats.game_over,
            "{rules:?}: lost within 2000 pieces: {stats:?}"
        );
        // Every line takes 10 cells = 2.5 pieces; a sound player stays close to that.
        let ratio = stats.pieces_per_line.unwrap();
        assert!((2.5..2.7).contains(&ratio), "{rules:?}: {stats:?}");
    }
}

#[test]
fn the_guideline_ai_holds_and_scores() {
    let mut game = Game::new(config(Rules::guideline(), 3, 1)).unwrap();
    let mut held = 0;
    for _ in 0..500 {
        let step = game.step().expect("still playing");
        if step.choice.hold {
            held += 1;
            assert_eq!(step.choice.path[0], Input::Hold);
        }
        assert_eq!(step.choice.path.last(), Some(&Input::HardDrop));
    }
    assert!(held > 0, "hold never used in 500 pieces");
    assert!(game.stats().score >= 100 * game.stats().lines);
}

#[test]
fn the_colours_follow_the_board_through_line_clears() {
    let mut game = Game::new(config(Rules::classic(), 12, 1)).unwrap();
    for pieces in [1, 7, 60, 300] {
        game.play(Some(pieces));
        let view = game.view();
        let board = game.board();
        for (i, &colour) in view.cells.iter().enumerate() {
            let (x, y) = (i % board.width(), i / board.width());
            assert_eq!(
                colour != 0,
                board.filled(x, y),
                "cell ({x}, {y}) after {pieces} pieces"
            );
        }
    }
    assert!(game.stats().lines > 50, "the game cleared lines");
}

#[test]
fn the_colours_match_a_row_by_row_model_of_each_clear() {
    // The model: rows of colours, bottom first; a placement paints its cells, then each full
    // row is taken out and the rows above it fall by one.
    let mut game = Game::new(config(Rules::classic(), 5, 1)).unwrap();
    let (width, rows) = (game.board().width(), game.board().row_limit());
    let mut model = vec![vec![0u8; width]; rows];
    let mut multiple = 0;
    for _ in 0..600 {
        let Some(step) = game.step() else { break };
        let placement = step.choice.placement;
        for (x, y) in placement.cells() {
            model[y as usize][x as usize] = placement.piece.index() as u8 + 1;
        }
        model.retain(|row| row.contains(&0));
        multiple += usize::from(rows - model.len() > 1);
        model.resize(rows, vec![0; width]);
        assert_eq!(game.view().cells, model.concat(), "after {placement:?}");
    }
    assert!(multiple > 0, "no placement cleared more than one row");
}

#[test]
fn the_view_shows_the_board_the_piece_and_its_ghost() {
    let mut game = Game::new(config(Rules::guideline(), 8, 1)).unwrap();
    for _ in 0..5 {
        game.step();
    }
    let view = game.view();
    assert_eq!(view.queue.len(), 5);
    let filled = view.cells.iter().filter(|&&c| c != 0).count() as u32;
    assert_eq!(filled, game.board().cell_count());
    let active = view.active.expect("a piece in play");
    let ghost = view.ghost.expect("a ghost");
    assert_eq!(active.piece, game.current());
    let drop = active.cells[0].1 - ghost.cells[0].1;
    assert!(
        drop > 0
            && active
                .cells
                .iter()
                .zip(ghost.cells)
                .all(|(a, g)| a.1 - g.1 == drop)
    );
}

#[test]
fn short_lock_delay_rules_out_a_tuck() {
    // Columns 0-2 are roofed at row 2: an O reaches the floor under them only by sliding.
    let board = Board::from_picture(10, 20, &["###.......", "..........", ".........."]).unwrap();
    let mut search = MoveSearch::new();
    let spawn = spawn_position(&board, Piece::O).unwrap();
    let found = search.run(&board, Piece::O, spawn, Kicks::Srs).to_vec();
    let tuck = found.iter().position(|p| p.x == 0 && p.y == 0).unwrap();
    let path = search.path(tuck);
    let slow = Timing {
        gravity: 60,
        lock_delay: 30,
    };
    assert!(reachable_in_time(
        &board,
        &found[tuck],
        spawn,
        &path,
        slow,
        Kicks::Srs
    ));
    // At one row a frame with a one-frame lock delay the O locks as soon as it lands in column 4.
    let fast = Timing {
        gravity: 1,
        lock_delay: 1,
    };
    assert!(!reachable_in_time(
        &board,
        &found[tuck],
        spawn,
        &path,
        fast,
        Kicks::Srs
    ));
    // A plain drop is reachable at any speed.
    let straight = found.iter().position(|p| p.x == 4).unwrap();
    assert!(reachable_in_time(
        &board,
        &found[straight],
        spawn,
        &search.path(straight),
        fast,
        Kicks::Srs
    ));
}

#[test]
fn timing_limits_the_ai_to_reachable_placements() {
    let board = Board::from_picture(10, 20, &["###.......", "..........", ".........."]).unwrap();
    let ranked = |timing: Option<Timing>| {
        let rules = Rules {
            timing,
            preview: 0,
            hold: false,
            ..Rules::guideline()
        };
        let position = Position {
            board: &board,
            rules: &rules,
            current: Piece::O,
            hold: None,
            can_hold: false,
            preview: &[],
            unseen: &Piece::ALL,
            versus: VersusView::default(),
        };
        let weights = Weights::new([("holes", -1.0, None)]).unwrap();
        Searcher::new().rank(&position, &weights)
    };
    let tucked = |choices: &[tetris_ai_core::Choice]| {
        choices
            .iter()
            .any(|c| c.placement.x == 0 && c.placement.y == 0)
    };
    let free = ranked(None);
    let fast = ranked(Some(Timing {
        gravity: 1,
        lock_delay: 1,
    }));
    assert!(tucked(&free));
    assert!(!tucked(&fast));
    // O placements: three on the roof (columns 0-1, 1-2, 2-3 at row 3), six on the open floor
    // (columns 3-4 to 8-9), and three tucked under the roof (columns 0-1, 1-2, 2-3 at row 0).
    // Only the three tucks are lost.
    assert_eq!(free.len(), 12);
    assert_eq!(fast.len(), 9);
}

#[test]
fn classic_rules_take_a_bag_a_preview_and_a_top_out_test() {
    use tetris_ai_core::engine::rules::{RandomizerKind, TopOut};
    let rules = Rules {
        randomizer: Some(RandomizerKind::Bag),
        preview: 1,
        top_out: Some(TopOut::AfterClears),
        ..Rules::classic()
    };
    let mut game = Game::new(config(rules, 3, 2)).unwrap();
    assert_eq!(game.view().queue.len(), 1);
    // The pieces as dealt: the current one, then each next one as the preview shows it.
    let mut dealt = vec![game.current()];
    for _ in 0..27 {
        let next = game.view().queue[0];
        game.step().unwrap();
        assert_eq!(game.current(), next);
        dealt.push(next);
    }
    for seven in dealt.chunks(7) {
        let mut sorted = seven.to_vec();
        sorted.sort();
        assert_eq!(sorted, Piece::ALL.to_vec());
    }
    // The same seed deals the same game.
    let mut again = Game::new(config(rules, 3, 2)).unwrap();
    assert_eq!(again.play(Some(28)), {
        let mut first = Game::new(config(rules, 3, 2)).unwrap();
        first.play(Some(28))
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The hints are the ranked placements tied with the first, paths and all, in their order.
    #[test]
    fn hints_are_the_ranked_placements_tied_for_best(
        seed in any::<u64>(),
        guideline in any::<bool>(),
        pieces in 0u64..60,
    ) {
        let rules = if guideline { Rules::guideline() } else { Rules::classic() };
        let mut game = Game::new(config(rules, seed, 1)).unwrap();
        while game.stats().pieces < pieces && game.step().is_some() {}
        let ranked = game.ranked_placements();
        let tied: Vec<_> = ranked
            .iter()
            .take_while(|c| c.score == ranked[0].score)
            .cloned()
            .collect();
        prop_assert!(game.stats().game_over || !tied.is_empty());
        prop_assert_eq!(game.hints(), tied);
    }
}
