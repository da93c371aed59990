//! Matches on a clock of frames (the `ppt` pace): a game's attack leaves only when the match
//! sends it, cancelling what waits first, and garbage enters only when it is due, both worked out
//! by hand on a board 4 columns wide; whole matches on the clock repeat by seed, a mirror match
//! keeps both sides level, and a strong AI still beats one that places at random.

use tetris_ai_core::config::GameConfig;
use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::engine::versus::pace::Pace;
use tetris_ai_core::versus::{Ending, Match, Side};
use tetris_ai_core::{Game, Piece, Placement, Rotation, Rules, Spin, Weights};

/// A guideline game 4 columns wide whose first piece is `piece` (the first such seed), playing
/// a match on a clock under the `ppt` rules.
fn narrow_timed_game_opening_with(piece: Piece) -> Game {
    let mut game = (0..)
        .map(|seed| {
            Game::new(GameConfig {
                rules: Rules::guideline(),
                width: 4,
                seed,
                ..GameConfig::default()
            })
            .unwrap()
        })
        .find(|game| game.current() == piece)
        .unwrap();
    game.set_timed_versus(VersusPreset::Ppt.rules()).unwrap();
    game
}

fn at(piece: Piece, rotation: Rotation, x: i32, y: i32) -> Placement {
    Placement {
        piece,
        rotation,
        x,
        y,
        spin: Spin::None,
    }
}

#[test]
fn on_a_clock_the_attack_leaves_when_sent_and_cancels_what_waits_first() {
    let mut game = narrow_timed_game_opening_with(Piece::I);
    game.receive_garbage(3, 50);
    game.receive_garbage(2, 500);
    // The I lying on the floor fills the only row of a 4-wide board: a perfect clear, worth
    // 10 rows under ppt in place of the single's 0.
    let step = game
        .play_placement(&at(Piece::I, Rotation::Spawn, 1, 0), false)
        .unwrap();
    let exchange = step.versus.unwrap();
    assert!(exchange.clear.perfect && exchange.clear.lines == 1);
    assert_eq!(exchange.attack, 10);
    // Nothing has been cancelled or sent yet: the 5 rows still wait.
    assert_eq!((exchange.cancelled, exchange.sent), (0, 0));
    assert_eq!(game.pending_garbage(), Some(5));
    // Sent, the 10 rows cancel the 3 and the 2 waiting and 5 go to the opponent, once.
    assert_eq!(game.send_attack(), 5);
    assert_eq!(game.send_attack(), 0);
    assert_eq!(game.pending_garbage(), Some(0));
    let (_, totals) = game.versus().unwrap();
    assert_eq!((totals.attack, totals.cancelled, totals.sent), (10, 5, 5));
    assert_eq!(game.last_exchange().unwrap().sent, 5);
}

#[test]
fn on_a_clock_garbage_enters_when_it_is_due_and_not_before() {
    let mut game = narrow_timed_game_opening_with(Piece::O);
    game.receive_garbage(2, 50);
    // An O at the left of the floor clears nothing; on a clock no garbage enters with it.
    let step = game
        .play_placement(&at(Piece::O, Rotation::Spawn, 0, 0), false)
        .unwrap();
    assert_eq!(step.versus.unwrap().received, 0);
    assert_eq!(game.let_garbage_in(49), 0, "not due before frame 50");
    assert_eq!(game.let_garbage_in(50), 2);
    // Two garbage rows (3 of 4 cells each) under the O, which now rests on rows 2 and 3.
    let board = game.board();
    let row = |y| (0..4).filter(|&x| board.blocked(x, y)).count();
    assert_eq!([row(0), row(1), row(2), row(3)], [3, 3, 2, 2]);
    assert!(board.blocked(0, 2) && board.blocked(1, 3));
    assert_eq!(game.pending_garbage(), Some(0));
    assert_eq!(game.versus().unwrap().1.received, 2);
}

#[test]
fn on_a_clock_garbage_that_buries_the_game_ends_it() {
    let mut game = narrow_timed_game_opening_with(Piece::O);
    game.receive_garbage(30, 0);
    game.play_placement(&at(Piece::O, Rotation::Spawn, 0, 0), false)
        .unwrap();
    assert!(!game.is_over());
    // 30 rows and the O's 2 cannot fit in 20 rows and the 8 of the buffer.
    assert_eq!(game.let_garbage_in(0), 30);
    assert!(game.is_over());
    assert!(game.last_exchange().unwrap().topped_out);
    assert_eq!(game.let_garbage_in(1), 0, "a game over takes nothing more");
}

#[test]
fn a_lockstep_game_sends_as_it_places() {
    let mut game = Game::new(GameConfig {
        rules: Rules::guideline(),
        ..GameConfig::default()
    })
    .unwrap();
    game.set_versus(VersusPreset::Ppt.rules()).unwrap();
    game.receive_garbage(2, 0);
    game.step().unwrap();
    // In lockstep the garbage came in with the placement; the clock's calls do nothing.
    assert_eq!(game.pending_garbage(), Some(0));
    assert_eq!(game.let_garbage_in(100), 0);
    assert_eq!(game.send_attack(), 0);
}

/// A guideline game of `preset` at depth 1.
fn guideline(preset: &str) -> GameConfig {
    GameConfig {
        preset: Some(preset.into()),
        rules: Rules::guideline(),
        ..GameConfig::default()
    }
}

fn on_the_clock(left: GameConfig, right: GameConfig, max_pieces: u64) -> Match {
    Match::new(left, right, VersusPreset::Ppt.rules(), max_pieces)
        .unwrap()
        .paced(Pace::Ppt)
}

#[test]
fn a_match_on_the_clock_repeats_by_seed_and_a_mirror_stays_level() {
    let pairing = on_the_clock(guideline("versus"), guideline("dellacherie"), 300);
    assert_eq!(pairing.pace(), Pace::Ppt);
    let first = pairing.play(5).unwrap();
    assert_eq!(first, pairing.play(5).unwrap());
    assert_ne!(first, pairing.play(6).unwrap());
    // Both sides dealt the same pieces and playing the same AI place alike, at the same time.
    let mirror = on_the_clock(guideline("versus"), guideline("versus"), 300);
    for seed in 0..2 {
        let outcome = mirror.play(seed).unwrap();
        assert_eq!(outcome.winner, None, "{outcome:?}");
        assert_eq!(outcome.left, outcome.right, "{outcome:?}");
    }
}

#[test]
fn on_the_clock_a_strong_ai_beats_one_that_places_at_random() {
    let aimless = GameConfig {
        preset: None,
        weights: Some(Weights::default()),
        ..guideline("dellacherie")
    };
    let pairing = on_the_clock(guideline("dellacherie"), aimless, 2_000);
    for seed in 0..3 {
        let outcome = pairing.play(seed).unwrap();
        assert_eq!(outcome.winner, Some(Side::Left), "{outcome:?}");
        assert_eq!(outcome.ending, Ending::TopOut);
    }
}
