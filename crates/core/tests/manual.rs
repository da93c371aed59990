//! Manual play through the game: keys, gravity, lock delay, hold, scoring of drops.

use tetris_ai_core::engine::manual::{Handling, Key};
use tetris_ai_core::engine::piece::Kicks;
use tetris_ai_core::{Game, GameConfig, Piece, Rules};

fn game(seed: u64) -> Game {
    Game::new(GameConfig {
        rules: Rules::guideline(),
        seed,
        ..GameConfig::default()
    })
    .unwrap()
}

fn active_cells(game: &Game) -> Vec<(i32, i32)> {
    let mut cells = game.view().active.unwrap().cells.to_vec();
    cells.sort();
    cells
}

/// A guideline game with manual-play timings `handling`.
fn game_with(handling: Handling) -> Game {
    Game::new(GameConfig {
        rules: Rules::guideline(),
        handling,
        ..GameConfig::default()
    })
    .unwrap()
}

/// The row of the active piece's lowest cell.
fn lowest_row(game: &Game) -> i32 {
    let active = game.view().active.unwrap();
    active.cells.iter().map(|c| c.1).min().unwrap()
}

/// The first seed whose first piece is `piece`.
fn game_starting_with(piece: Piece) -> Game {
    (0..).map(game).find(|g| g.current() == piece).unwrap()
}

#[test]
fn the_half_turn_key_turns_under_srs_plus_and_not_under_srs() {
    for (kicks, turns) in [(Kicks::Srs, false), (Kicks::SrsPlus, true)] {
        let rules = Rules {
            kicks,
            ..Rules::guideline()
        };
        let mut game = (0..)
            .map(|seed| {
                Game::new(GameConfig {
                    rules,
                    seed,
                    ..GameConfig::default()
                })
                .unwrap()
            })
            .find(|g| g.current() == Piece::T)
            .unwrap();
        game.press(Key::Half);
        game.release(Key::Half);
        // Flat at centre (4, 19): (3..=5, 19) and (4, 20); reversed in place, the nub at (4, 18).
        let expected = if turns {
            vec![(3, 19), (4, 18), (4, 19), (5, 19)]
        } else {
            vec![(3, 19), (4, 19), (4, 20), (5, 19)]
        };
        assert_eq!(active_cells(&game), expected, "{kicks:?}");
    }
}

#[test]
fn keys_move_turn_and_hard_drop_a_piece() {
    let mut game = game_starting_with(Piece::T);
    // The T spawns flat, centre (4, 19): cells (3..=5, 19) and (4, 20).
    assert_eq!(
        active_cells(&game),
        vec![(3, 19), (4, 19), (4, 20), (5, 19)]
    );
    game.press(Key::Left);
    game.release(Key::Left);
    game.press(Key::Left);
    game.release(Key::Left);
    // Two columns left: centre (2, 19).
    assert_eq!(
        active_cells(&game),
        vec![(1, 19), (2, 19), (2, 20), (3, 19)]
    );
    game.press(Key::Cw);
    // State R at centre (2, 19): (2, 18..=20) and (3, 19).
    assert_eq!(
        active_cells(&game),
        vec![(2, 18), (2, 19), (2, 20), (3, 19)]
    );
    game.press(Key::HardDrop);
    // Dropped 18 rows to centre (2, 1): cells (2, 0..=2) and (3, 1); 2 points a row.
    let stats = game.stats();
    assert_eq!(stats.pieces, 1);
    assert_eq!(stats.score, 36);
    let board = game.board();
    let filled: Vec<(usize, usize)> = (0..10)
        .flat_map(|x| (0..3).map(move |y| (x, y)))
        .filter(|&(x, y)| board.filled(x, y))
        .collect();
    assert_eq!(filled, vec![(2, 0), (2, 1), (2, 2), (3, 1)]);
}

#[test]
fn hold_swaps_once_per_piece() {
    let mut game = game(4);
    let first = game.current();
    let next = game.view().queue[0];
    game.press(Key::Hold);
    assert_eq!(game.view().hold, Some(first));
    assert_eq!(game.current(), next);
    game.press(Key::Hold); // refused until the piece locks
    assert_eq!(game.current(), next);
    game.press(Key::HardDrop);
    game.press(Key::Hold);
    assert_eq!(game.current(), first);
}

#[test]
fn gravity_and_lock_delay_run_on_frames() {
    let mut game = game_with(Handling {
        gravity: 2,
        lock_delay: 5,
        ..Handling::default()
    });
    let start = lowest_row(&game);
    game.tick(6);
    assert_eq!(lowest_row(&game), start - 3); // a row every 2 frames
    // The lowest cell starts on row 19 - or 18 for a piece reaching below its centre - and
    // falls a row every 2 frames; after landing it rests 5 frames and locks.
    game.tick(2 * 19 + 5);
    assert_eq!(game.stats().pieces, 1);
    assert_eq!(game.stats().score, 0); // gravity scores nothing
}

#[test]
fn soft_drop_scores_a_point_a_row() {
    let mut game = game_with(Handling {
        gravity: 1000,
        soft_drop: 1,
        lock_delay: 1,
        ..Handling::default()
    });
    let lowest = lowest_row(&game);
    game.press(Key::SoftDrop);
    game.tick(lowest as u32 + 1);
    assert_eq!(game.stats().pieces, 1);
    assert_eq!(game.stats().score, lowest as u64);
}

#[test]
fn stacking_by_hand_ends_the_game_cleanly() {
    let mut game = game(2);
    for _ in 0..100 {
        game.press(Key::HardDrop);
        game.tick(1);
    }
    assert!(game.is_over());
    assert!(game.stats().pieces < 30);
    game.press(Key::Left); // keys after the end do nothing
    game.tick(10);
    assert!(game.step().is_none());
}

#[test]
fn the_ai_can_take_over_a_piece_moved_by_hand() {
    let mut game = game(6);
    game.press(Key::Left);
    game.tick(3);
    let step = game.step().expect("the AI plays");
    assert_eq!(
        step.choice.path.last(),
        Some(&tetris_ai_core::Input::HardDrop)
    );
    assert_eq!(game.stats().pieces, 1);
    let view = game.view();
    assert_eq!(view.active.unwrap().piece, game.current());
}

#[test]
fn hand_placements_are_rated_unless_rating_is_off() {
    let mut game = game_starting_with(Piece::T);
    let rated = game.press(Key::HardDrop).unwrap();
    assert!(rated.rating.is_some());
    let mut game = game_starting_with(Piece::T);
    game.set_hand_rating(false);
    let unrated = game.press(Key::HardDrop).unwrap();
    assert_eq!(unrated.rating, None);
    assert_eq!(unrated.choice.placement, rated.choice.placement);
}
