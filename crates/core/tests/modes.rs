//! Game modes: a sprint ends, finished, on the piece that clears its 40th line, and is otherwise
//! the endless game of the same seed; an ultra ends on its 7,200th frame; a marathon's gravity
//! is its level's, whatever the player's, and the marathon ends at 150 lines; a mode is read
//! by name, and a bad one is refused naming it.

use tetris_ai_core::Rules;
use tetris_ai_core::checked;
use tetris_ai_core::config::GameConfig;
use tetris_ai_core::engine::manual::Handling;
use tetris_ai_core::engine::mode::Mode;
use tetris_ai_core::game::Game;

fn guideline(mode: Mode) -> GameConfig {
    GameConfig {
        rules: Rules::guideline(),
        seed: 7,
        mode,
        ..GameConfig::default()
    }
}

/// The lowest row of the piece in play.
fn piece_bottom(game: &Game) -> i32 {
    let active = game.view().active.expect("a piece in play");
    active.cells.iter().map(|&(_, y)| y).min().unwrap()
}

#[test]
fn a_sprint_ends_finished_on_its_fortieth_line_and_is_the_endless_game_till_then() {
    let mut sprint = Game::new(guideline(Mode::Sprint)).unwrap();
    let mut endless = Game::new(guideline(Mode::Endless)).unwrap();
    while !sprint.is_over() {
        assert!(
            sprint.stats().lines < 40,
            "the sprint goes on past 40 lines"
        );
        let mut step = sprint.step().expect("the AI places a piece");
        // The last step ends the sprint, not the endless game.
        if sprint.is_over() {
            assert!(step.game_over);
            step.game_over = false;
        }
        assert_eq!(Some(step), endless.step());
    }
    let stats = sprint.stats();
    assert!(stats.finished && stats.game_over, "{stats:?}");
    // The last piece cleared the 40th line (a clear may pass it by up to three).
    assert!((40..=43).contains(&stats.lines), "{stats:?}");
    let goes_on = endless.stats();
    assert!(!goes_on.game_over && !goes_on.finished);
    assert_eq!(
        (goes_on.lines, goes_on.pieces, goes_on.score),
        (stats.lines, stats.pieces, stats.score)
    );
    // Nothing more happens in a finished game.
    assert!(sprint.step().is_none());
    assert_eq!(sprint.tick(100), vec![]);
    assert_eq!(sprint.stats(), stats);
}

#[test]
fn an_ultra_ends_finished_on_its_last_frame() {
    // At 400 frames a row, a piece takes thousands of frames to fall and lock: two minutes
    // place a piece or two, far from the top.
    let slow = Handling {
        gravity: 400,
        ..Handling::default()
    };
    let mut ultra = Game::new(GameConfig {
        handling: slow,
        ..guideline(Mode::Ultra)
    })
    .unwrap();
    ultra.tick(7_199);
    let before = ultra.stats();
    assert_eq!(
        (before.frames, before.game_over, before.finished),
        (7_199, false, false)
    );
    ultra.tick(1);
    let after = ultra.stats();
    assert_eq!(
        (after.frames, after.game_over, after.finished),
        (7_200, true, true)
    );
    ultra.tick(60);
    assert_eq!(ultra.stats().frames, 7_200, "the clock stops at the end");
    // Endless play counts frames and goes on.
    let mut endless = Game::new(GameConfig {
        handling: slow,
        ..guideline(Mode::Endless)
    })
    .unwrap();
    endless.tick(7_300);
    assert_eq!(
        (endless.stats().frames, endless.stats().game_over),
        (7_300, false)
    );
}

#[test]
fn a_marathons_gravity_is_its_levels_whatever_the_players() {
    let fast = Handling {
        gravity: 2,
        ..Handling::default()
    };
    // Level 1: a row a second (60 frames), not the player's 2 frames.
    let mut marathon = Game::new(GameConfig {
        handling: fast,
        ..guideline(Mode::Marathon)
    })
    .unwrap();
    marathon.tick(1);
    let top = piece_bottom(&marathon);
    marathon.tick(58);
    assert_eq!(piece_bottom(&marathon), top, "59 frames: no fall yet");
    marathon.tick(1);
    assert_eq!(piece_bottom(&marathon), top - 1, "the 60th frame: one row");
    assert_eq!(marathon.stats().level, 1);

    // The AI clears at least 10 lines: level 2, 48 frames a row (0.793 s).
    while marathon.stats().lines < 10 {
        assert!(marathon.step().is_some(), "the AI plays on");
    }
    assert_eq!(marathon.stats().level, 2);
    marathon.tick(1);
    let top = piece_bottom(&marathon);
    marathon.tick(46);
    assert_eq!(piece_bottom(&marathon), top, "47 frames: no fall yet");
    marathon.tick(1);
    assert_eq!(piece_bottom(&marathon), top - 1, "the 48th frame: one row");

    // The player's own gravity plays in endless.
    let mut endless = Game::new(GameConfig {
        handling: fast,
        ..guideline(Mode::Endless)
    })
    .unwrap();
    endless.tick(1);
    let top = piece_bottom(&endless);
    endless.tick(2);
    assert_eq!(piece_bottom(&endless), top - 1);
}

#[test]
fn a_marathon_ends_finished_at_150_lines() {
    let mut marathon = Game::new(guideline(Mode::Marathon)).unwrap();
    while !marathon.is_over() {
        assert!(marathon.stats().lines < 150);
        marathon.step();
    }
    let stats = marathon.stats();
    assert!(
        stats.finished && (150..=153).contains(&stats.lines),
        "{stats:?}"
    );
    assert_eq!(stats.level, 15);
}

#[test]
fn a_mode_is_read_by_name_and_a_bad_one_is_named() {
    let read = |text: &str| {
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        checked::game_config("config", Some(&value))
    };
    assert_eq!(read(r#"{"mode": "ultra"}"#).unwrap().mode, Mode::Ultra);
    assert_eq!(read("{}").unwrap().mode, Mode::Endless);
    let err = read(r#"{"mode": "zen"}"#).unwrap_err().to_string();
    assert!(
        err.contains("config.mode") && err.contains("\"zen\""),
        "{err}"
    );
    assert!(err.contains("sprint"), "the choices are listed: {err}");
}
