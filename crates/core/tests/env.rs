//! The reinforcement-learning environment: legal placements, rewards, the end of the game,
//! input mode's timing and the features observed, each worked out by hand from the definitions.

use serde_json::{Value, json};
use tetris_ai_core::env::env_config;
use tetris_ai_core::env::{Env, Mode};
use tetris_ai_core::{Piece, Rotation};

/// An environment from settings given as JSON, on the first seed whose first piece is `piece`.
fn env_starting_with(settings: Value, piece: Piece) -> Env {
    let mut env = Env::new(env_config("env", Some(&settings)).unwrap()).unwrap();
    let seed = (0..)
        .find(|&seed| {
            env.reset(seed).unwrap();
            env.game().current() == piece
        })
        .unwrap();
    env.reset(seed).unwrap();
    env
}

/// The placement action of the current piece in `rotation` with its leftmost cell in `column`.
fn action(env: &Env, rotation: Rotation, column: usize) -> usize {
    rotation.index() * env.width() + column
}

fn mask(env: &Env) -> Vec<u8> {
    let mut mask = vec![0; env.action_count()];
    env.write_mask(&mut mask);
    mask
}

#[test]
fn every_drop_is_legal_on_an_empty_board_under_the_research_rules() {
    // On 10 columns a rotation `w` cells wide fits in 10 - w + 1 columns. I: widths 4, 1, 4, 1
    // give 7 + 10 + 7 + 10; O: 2 in every state, 9 x 4; T, S, Z, J, L: 3, 2, 3, 2, 8 + 9 + 8 + 9.
    let expected = [
        (Piece::I, 34),
        (Piece::O, 36),
        (Piece::T, 34),
        (Piece::L, 34),
    ];
    for (piece, legal) in expected {
        let env = env_starting_with(json!({"width": 10, "height": 20}), piece);
        assert_eq!(env.action_count(), 40, "no hold under the research rules");
        let mask = mask(&env);
        assert_eq!(mask.iter().filter(|&&m| m == 1).count(), legal, "{piece:?}");
        // The I's flat state is 4 wide: columns 0 to 6 only.
        if piece == Piece::I {
            assert_eq!(mask[action(&env, Rotation::Spawn, 6)], 1);
            assert_eq!(mask[action(&env, Rotation::Spawn, 7)], 0);
        }
    }
}

#[test]
fn a_placement_that_fills_a_row_clears_it_and_is_rewarded() {
    // A flat I on a board 4 wide fills the bottom row: one line, reward 1 by default.
    let mut env = env_starting_with(json!({"width": 4, "height": 8}), Piece::I);
    let step = env.step(action(&env, Rotation::Spawn, 0)).unwrap();
    assert_eq!(
        (step.rows_cleared, step.pieces, step.reward, step.terminated),
        (1, 1, 1.0, false)
    );
    assert_eq!(env.game().board().cell_count(), 0);
    assert_eq!(env.game().stats().lines, 1);
}

#[test]
fn rewards_weigh_lines_pieces_and_the_end() {
    let reward = json!({"lines": [0, 10, 30, 50, 80], "piece": 0.5, "game_over": -100});
    let mut env = env_starting_with(json!({"width": 4, "height": 8, "reward": reward}), Piece::I);
    // One line (10) and one piece (0.5).
    let step = env.step(action(&env, Rotation::Spawn, 0)).unwrap();
    assert_eq!(step.reward, 10.5);
    // Upright pieces in the leftmost column reach the top of 8 rows within three pieces
    // (every piece is at least 2 rows tall upright); the step that ends it takes -100 + 0.5.
    let mut last = step;
    while !last.terminated {
        let upright = (0..env.action_count())
            .find(|&a| mask(&env)[a] == 1 && a >= env.width() && a % env.width() == 0)
            .unwrap();
        last = env.step(upright).unwrap();
    }
    assert_eq!(last.reward, -99.5);
    assert_eq!(
        mask(&env).iter().sum::<u8>(),
        0,
        "nothing is legal once it is over"
    );
    let after = env.step(0).unwrap();
    assert_eq!(
        (after.terminated, after.reward, after.pieces),
        (true, 0.0, 0)
    );
}

#[test]
fn an_illegal_placement_ends_the_game_and_a_step_out_of_range_is_refused() {
    let mut env = env_starting_with(json!({"reward": {"game_over": -1}}), Piece::I);
    let error = env.step(40).unwrap_err().to_string();
    assert_eq!(error, "action 40 is out of range: it must be from 0 to 39");
    assert!(!env.game().is_over(), "a refused step changes nothing");
    // The flat I does not fit in column 7 of 10.
    let step = env.step(action(&env, Rotation::Spawn, 7)).unwrap();
    assert_eq!(
        (step.illegal, step.terminated, step.reward, step.pieces),
        (true, true, -1.0, 0)
    );
}

#[test]
fn hold_actions_place_the_piece_hold_brings() {
    // Guideline rules with hold: 80 actions; the second half places the next piece instead.
    let mut env = env_starting_with(json!({"rules": "guideline"}), Piece::T);
    assert_eq!(env.action_count(), 80);
    let next = env.game().preview().next().unwrap();
    let mask = mask(&env);
    let first_hold = (40..80).find(|&a| mask[a] == 1).unwrap();
    env.step(first_hold).unwrap();
    assert_eq!(env.game().held(), Some(Piece::T));
    assert_eq!(env.game().board().cell_count(), 4);
    assert_ne!(
        next,
        Piece::T,
        "a 7-bag deals each piece once in its first seven"
    );
}

#[test]
fn in_input_mode_a_piece_falls_a_row_per_step_and_locks_the_step_after_it_lands() {
    // The T spawns with its lowest cell in row 19 of 20: 19 steps take it to row 0, where it
    // rests; the lock delay of 2 frames locks it on the 20th step.
    let mut env = env_starting_with(json!({"rules": "guideline", "mode": "input"}), Piece::T);
    assert_eq!(env.config().mode, Mode::Input);
    assert_eq!(env.action_count(), 8);
    for step in 1..20 {
        assert_eq!(env.step(0).unwrap().pieces, 0, "step {step}");
    }
    assert_eq!(env.step(0).unwrap().pieces, 1);
    // A hard drop (action 4) locks the next piece at once.
    assert_eq!(env.step(4).unwrap().pieces, 1);
    assert_eq!(env.game().stats().pieces, 2);
}

#[test]
fn the_active_piece_and_the_board_are_drawn_top_row_first() {
    let mut env = env_starting_with(json!({"rules": "guideline", "mode": "input"}), Piece::T);
    // Guideline rules keep the buffer: 20 + 8 rows. The T spawns in rows 19 and 20 (from the
    // bottom), columns 3 to 5 with its nub over column 4: rows 8 and 7 from the top.
    assert_eq!(env.rows(), 28);
    let mut active = vec![0; 28 * 10];
    env.write_active(&mut active);
    let filled: Vec<(usize, usize)> = (0..active.len())
        .filter(|&i| active[i] == 1)
        .map(|i| (i / 10, i % 10))
        .collect();
    assert_eq!(filled, [(7, 4), (8, 3), (8, 4), (8, 5)]);
    env.step(4).unwrap();
    let mut board = vec![0; 28 * 10];
    env.write_board(&mut board);
    // Hard dropped: the bottom row (27 from the top) holds columns 3 to 5, row 26 column 4.
    let filled: Vec<(usize, usize)> = (0..board.len())
        .filter(|&i| board[i] == 1)
        .map(|i| (i / 10, i % 10))
        .collect();
    assert_eq!(filled, [(26, 4), (27, 3), (27, 4), (27, 5)]);
}

#[test]
fn features_are_observed_for_every_legal_placement() {
    let settings = json!({"features": ["landing_height", "holes", "rows_cleared"]});
    let env = env_starting_with(settings, Piece::I);
    let mut values = vec![f64::NAN; env.action_count() * 3];
    env.write_features(&mut values);
    let row = |a: usize| values[a * 3..a * 3 + 3].to_vec();
    // Flat in column 0: lowest cell row 0, height 1: landing height 0 + (1 - 1) / 2.
    assert_eq!(row(action(&env, Rotation::Spawn, 0)), [0.0, 0.0, 0.0]);
    // Upright: height 4, 0 + (4 - 1) / 2 = 1.5.
    assert_eq!(row(action(&env, Rotation::Right, 9)), [1.5, 0.0, 0.0]);
    // Not legal: zeros.
    assert_eq!(row(action(&env, Rotation::Spawn, 8)), [0.0, 0.0, 0.0]);
}

#[test]
fn bad_settings_are_refused_naming_the_value() {
    let refused = |settings: Value| env_config("env", Some(&settings)).unwrap_err().to_string();
    assert!(refused(json!({"mode": "keys"})).contains("env.mode"));
    assert!(refused(json!({"mode": "keys"})).contains("\"keys\""));
    assert!(refused(json!({"width": 99})).contains("env.width"));
    assert!(refused(json!({"preview": 9, "rules": "guideline"})).contains("9"));
    assert!(refused(json!({"hold": true})).contains("classic rules have no hold"));
    assert!(refused(json!({"reward": {"lines": [1, 2]}})).contains("env.reward.lines"));
    assert!(refused(json!({"reward": {"bonus": 1}})).contains("\"bonus\""));
    assert!(refused(json!({"features": ["holes", "height"]})).contains("\"height\""));
    assert!(refused(json!({"frames": 2})).contains("\"frames\""));
    assert!(refused(json!({"frames_per_step": -1})).contains("env.frames_per_step"));
}
