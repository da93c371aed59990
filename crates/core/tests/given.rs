//! Placements given from outside the game (`Game::play_placement`, and `Game::play_reached`,
//! which takes the T-spin the piece makes): one locks exactly where it says, the board checked by
//! hand; the same cells in another rotation state are the same
//! placement; the AI's own choices given one by one play the game `step` plays, a match's attack
//! and garbage included; and anything the piece cannot reach is refused by name, changing nothing.

use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::{Game, GameConfig, Piece, Placement, Rotation, Rules, Spin};

/// A guideline game on 10x20 whose first piece is `piece` (the first such seed).
fn game_opening_with(piece: Piece) -> Game {
    (0..)
        .map(|seed| {
            Game::recorded(GameConfig {
                rules: Rules::guideline(),
                seed,
                ..GameConfig::default()
            })
            .unwrap()
        })
        .find(|game| game.current() == piece)
        .unwrap()
}

/// The filled cells of `game`'s board, lowest row first, then left to right.
fn filled(game: &Game) -> Vec<(i32, i32)> {
    let board = game.board();
    let mut cells = Vec::new();
    for y in 0..board.row_limit() as i32 {
        for x in 0..board.width() as i32 {
            if board.blocked(x, y) {
                cells.push((x, y));
            }
        }
    }
    cells
}

fn at(piece: Piece, rotation: Rotation, x: i32, y: i32, spin: Spin) -> Placement {
    Placement {
        piece,
        rotation,
        x,
        y,
        spin,
    }
}

#[test]
fn a_given_placement_locks_exactly_there() {
    let mut game = game_opening_with(Piece::T);
    let next = game.preview().next().unwrap();
    // A T pointing up, its centre in column 1 of the floor: row 0 from column 0 to 2, and the
    // cell above its centre.
    let placement = at(Piece::T, Rotation::Spawn, 1, 0, Spin::None);
    let step = game.play_placement(&placement, false).unwrap();
    assert_eq!(filled(&game), vec![(0, 0), (1, 0), (2, 0), (1, 1)]);
    assert_eq!(step.choice.placement, placement);
    assert!(!step.choice.hold);
    assert_eq!((step.rows_cleared, step.game_over), (0, false));
    assert!(
        step.rating.is_some(),
        "the coach rates it, as a piece placed by hand"
    );
    assert_eq!(game.stats().pieces, 1);
    assert_eq!(game.current(), next, "the next piece came in");
    assert_eq!(game.moves().len(), 1, "the move is recorded");
    assert_eq!(game.moves()[0].placement(), placement);
    assert!(
        game.recording().unwrap().moves.is_some(),
        "a game with a given placement is no longer the AI's alone"
    );
}

#[test]
fn hold_places_the_piece_it_brings_and_keeps_the_one_in_play() {
    let mut game = game_opening_with(Piece::T);
    let brought = game.preview().next().unwrap();
    // The piece hold brings, lying as it spawns, its lowest cells on the floor at the right.
    let shape = brought.shape(Rotation::Spawn);
    let (x, y) = (9 - shape.max_x as i32, -(shape.min_y as i32));
    let placement = at(brought, Rotation::Spawn, x, y, Spin::None);
    let step = game.play_placement(&placement, true).unwrap();
    assert!(step.choice.hold);
    assert_eq!(game.held(), Some(Piece::T));
    let mut expected = placement.cells().to_vec();
    expected.sort_by_key(|&(x, y)| (y, x));
    assert_eq!(filled(&game), expected);
}

#[test]
fn the_same_cells_in_another_rotation_state_are_the_same_placement() {
    let mut game = game_opening_with(Piece::I);
    // An I standing in column 0 on the floor, described in state Right, and the same cells in
    // state Left, whose centre lies elsewhere among them.
    let shape = Piece::I.shape(Rotation::Right);
    let (x, y) = (-(shape.min_x as i32), -(shape.min_y as i32));
    let right = at(Piece::I, Rotation::Right, x, y, Spin::None);
    let (dx, dy) = Piece::I.same_cells_shift(Rotation::Right, Rotation::Left);
    let left = at(Piece::I, Rotation::Left, x + dx, y + dy, Spin::None);
    let sorted = |p: &Placement| {
        let mut c = p.cells();
        c.sort_unstable();
        c
    };
    assert_eq!(sorted(&left), sorted(&right), "the two fill the same cells");
    assert_ne!(
        (left.x, left.y),
        (right.x, right.y),
        "about different centres"
    );
    assert_eq!(sorted(&right), [(0, 0), (0, 1), (0, 2), (0, 3)]);
    game.play_placement(&left, false).unwrap();
    assert_eq!(filled(&game), vec![(0, 0), (0, 1), (0, 2), (0, 3)]);
}

#[test]
fn the_ais_choices_given_one_by_one_play_the_game_step_plays() {
    let config = GameConfig {
        rules: Rules::guideline(),
        seed: 5,
        ..GameConfig::default()
    };
    let rules = VersusPreset::Ppt.rules();
    let mut stepped = Game::recorded(config.clone()).unwrap();
    let mut given = Game::recorded(config).unwrap();
    for game in [&mut stepped, &mut given] {
        game.set_versus(rules).unwrap();
    }
    for piece in 0..120 {
        // Both take the same garbage now and then.
        if piece % 15 == 0 {
            stepped.receive_attack(3);
            given.receive_attack(3);
        }
        let Some(choice) = given.decide().cloned() else {
            break;
        };
        let step = stepped.step().unwrap();
        let played = given
            .play_placement(&choice.placement, choice.hold)
            .unwrap();
        assert_eq!(
            played.choice.placement, step.choice.placement,
            "piece {piece}"
        );
        assert_eq!(played.versus, step.versus, "piece {piece}");
        assert_eq!(played.cleared, step.cleared, "piece {piece}");
        assert_eq!(given.snapshot(), stepped.snapshot(), "piece {piece}");
        assert_eq!(given.take_sent(), stepped.take_sent(), "piece {piece}");
        if step.game_over {
            break;
        }
    }
    assert_eq!(given.versus(), stepped.versus());
    assert!(given.versus().unwrap().1.received > 0, "garbage came in");
    assert_eq!(given.moves(), stepped.moves());
}

#[test]
fn what_the_piece_cannot_reach_is_refused_by_name_and_changes_nothing() {
    let mut game = game_opening_with(Piece::T);
    game.step().unwrap();
    let current = game.current();
    let brought = game.held().or(game.preview().next()).unwrap();
    let other = Piece::ALL
        .into_iter()
        .find(|&p| p != current && p != brought)
        .unwrap();
    let shape = current.shape(Rotation::Spawn);
    let floor = -(shape.min_y as i32);
    let cases = [
        (
            at(current, Rotation::Spawn, 4, 12, Spin::None),
            false,
            "is not one the piece can reach".to_string(),
        ),
        (
            at(current, Rotation::Spawn, -6, floor, Spin::None),
            false,
            "is not one the piece can reach".to_string(),
        ),
        (
            at(current, Rotation::Spawn, 4, floor - 1, Spin::None),
            false,
            "is not one the piece can reach".to_string(),
        ),
        (
            at(other, Rotation::Spawn, 4, floor, Spin::None),
            false,
            format!("places {other}, but the piece in play is {current}"),
        ),
        (
            at(current, Rotation::Spawn, 4, floor, Spin::None),
            true,
            format!("places {current}, but the piece in play is {brought} after hold"),
        ),
    ];
    let before = (game.snapshot(), game.moves().to_vec(), game.stats());
    for (placement, hold, why) in cases {
        let shown = serde_json::to_string(&placement).unwrap();
        let error = game.play_placement(&placement, hold).unwrap_err();
        assert_eq!(error.to_string(), format!("placement {shown} {why}"));
        assert_eq!(
            (game.snapshot(), game.moves().to_vec(), game.stats()),
            before,
            "{shown}"
        );
    }
}

#[test]
fn a_t_spin_given_where_the_t_makes_none_is_refused() {
    let mut game = game_opening_with(Piece::T);
    let flat = at(Piece::T, Rotation::Spawn, 4, 0, Spin::Full);
    let error = game.play_placement(&flat, false).unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with(r#"is given as T-spin "full", but the piece reaches it as "none""#),
        "{error}"
    );
    assert_eq!(game.stats().pieces, 0);
}

#[test]
fn a_placement_played_as_reached_takes_the_t_spin_the_t_makes_there() {
    // The T dropped flat on the empty floor makes no T-spin: given as a full one, play_reached
    // plays it as none, where play_placement refuses it.
    let mut game = game_opening_with(Piece::T);
    let flat = at(Piece::T, Rotation::Spawn, 4, 0, Spin::Full);
    let step = game.play_reached(&flat, false).unwrap();
    assert_eq!(
        step.choice.placement,
        at(Piece::T, Rotation::Spawn, 4, 0, Spin::None)
    );
    assert_eq!(filled(&game), vec![(3, 0), (4, 0), (5, 0), (4, 1)]);
    assert!(
        step.cleared.is_none(),
        "no line and no T-spin: {:?}",
        step.cleared
    );
    // What the piece cannot reach is still refused, and changes nothing.
    let next = game.current();
    let floating = at(next, Rotation::Spawn, 4, 12, Spin::None);
    let error = game.play_reached(&floating, false).unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("is not one the piece can reach"),
        "{error}"
    );
    assert_eq!(game.stats().pieces, 1);
}

#[test]
fn hold_where_the_rules_have_none_or_once_the_game_is_over_is_refused() {
    let mut classic = Game::new(GameConfig::default()).unwrap();
    let piece = classic.current();
    let placement = at(piece, Rotation::Spawn, 4, 0, Spin::None);
    let error = classic.play_placement(&placement, true).unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("uses hold, which these rules do not have"),
        "{error}"
    );
    let mut game = game_opening_with(Piece::T);
    game.end();
    let error = game
        .play_placement(&at(Piece::T, Rotation::Spawn, 1, 0, Spin::None), false)
        .unwrap_err();
    assert!(
        error.to_string().ends_with("comes after the game ended"),
        "{error}"
    );
}
