//! Replays: a game recorded as it is played (by the AI, by hand with hold and drops) plays again
//! from its recording to the same cells, lines and score at every placement; recordings travel
//! as text and come back the same; bad ones are refused, naming what is wrong, and none panics.

use proptest::prelude::*;
use tetris_ai_core::ai::search::SearchConfig;
use tetris_ai_core::engine::manual::Key;
use tetris_ai_core::record::{Move, Recording, decode, encode};
use tetris_ai_core::replay::Replay;
use tetris_ai_core::{Game, GameConfig, Piece, Rules, Stats};

/// A game of `rules` and `seed` searching one ply deep.
fn config(rules: Rules, seed: u64) -> GameConfig {
    GameConfig {
        rules,
        seed,
        search: SearchConfig {
            depth: 1,
            ..SearchConfig::default()
        },
        ..GameConfig::default()
    }
}

/// The locked cells and the totals after a placement (less the frames of play).
type Position = (Vec<u8>, Stats);

fn position(game: &Game) -> Position {
    let view = game.view();
    // A recording keeps the pieces, not the frames of play between them.
    (
        view.cells,
        Stats {
            frames: 0,
            ..view.stats
        },
    )
}

/// A recorded game the AI plays, `pieces` pieces long, and its position after each placement
/// (the first before any).
fn ai_game(config: GameConfig, pieces: u64) -> (Game, Vec<Position>) {
    let mut game = Game::recorded(config).unwrap();
    let mut positions = vec![position(&game)];
    while game.stats().pieces < pieces && game.step().is_some() {
        positions.push(position(&game));
    }
    (game, positions)
}

/// Presses and releases `key`; the position after the piece it locks, if it locks one.
fn tap(game: &mut Game, key: Key, positions: &mut Vec<Position>) {
    if game.press(key).is_some() {
        positions.push(position(game));
    }
    game.release(key);
}

/// A recorded guideline game played by hand for `pieces` pieces: every third piece held, pieces
/// shifted up to two columns either way and turned, every fourth soft-dropped for three frames,
/// each hard-dropped; and its position after each placement (the first before any).
fn hand_game(seed: u64, pieces: usize) -> (Game, Vec<Position>) {
    hand_game_of(Rules::guideline(), seed, pieces)
}

/// [`hand_game`] under `rules`.
fn hand_game_of(rules: Rules, seed: u64, pieces: usize) -> (Game, Vec<Position>) {
    let mut game = Game::recorded(config(rules, seed)).unwrap();
    let mut positions = vec![position(&game)];
    for i in 0..pieces {
        if game.is_over() {
            break;
        }
        if i % 3 == 1 {
            tap(&mut game, Key::Hold, &mut positions);
        }
        let shift = (i * 7 % 5) as i32 - 2;
        let key = if shift < 0 { Key::Left } else { Key::Right };
        for _ in 0..shift.abs() {
            tap(&mut game, key, &mut positions);
        }
        if i % 2 == 0 {
            tap(&mut game, Key::Cw, &mut positions);
        }
        if i % 4 == 3 {
            game.press(Key::SoftDrop);
            for _ in 0..3 {
                for _ in game.tick(1) {
                    positions.push(position(&game));
                }
            }
            game.release(Key::SoftDrop);
        }
        tap(&mut game, Key::HardDrop, &mut positions);
    }
    (game, positions)
}

/// Checks that `recording` replays to `positions`, placement by placement, forward, then back
/// to each from the end.
fn assert_replays(recording: &Recording, positions: &[Position]) {
    let mut replay = Replay::new(recording).unwrap();
    assert_eq!(replay.len() + 1, positions.len());
    for (i, expected) in positions.iter().enumerate() {
        assert_eq!(
            &position(replay.seek(i).unwrap()),
            expected,
            "placement {i}"
        );
    }
    for (i, expected) in positions.iter().enumerate().rev() {
        assert_eq!(&position(replay.seek(i).unwrap()), expected, "back to {i}");
    }
}

#[test]
fn an_ai_game_replays_from_its_seed_to_the_same_positions() {
    for rules in [Rules::classic(), Rules::guideline()] {
        let (game, positions) = ai_game(config(rules, 5), 120);
        let recording = game.recording().unwrap();
        // The AI alone played under the configuration: the seed is enough.
        assert_eq!(recording.moves, None, "{rules:?}");
        assert_eq!(recording.pieces, 120);
        assert_replays(&recording, &positions);
    }
}

#[test]
fn the_ai_holds_and_scores_in_the_game_replayed() {
    let (game, positions) = ai_game(config(Rules::guideline(), 3), 200);
    assert!(game.moves().iter().any(|m| m.hold()), "the AI should hold");
    assert!(game.stats().score > 0);
    // The same game from its moves as from its seed.
    let recording = Recording {
        moves: Some(encode(game.moves())),
        ..game.recording().unwrap()
    };
    assert_replays(&recording, &positions);
}

#[test]
fn a_game_played_by_hand_with_hold_and_drops_replays_to_the_same_positions() {
    let (game, positions) = hand_game(11, 60);
    let recording = game.recording().unwrap();
    assert!(recording.moves.is_some(), "a game by hand keeps its moves");
    assert!(
        game.moves().iter().any(|m| m.hold()),
        "the hand should hold"
    );
    assert!(game.moves().iter().any(|m| m.soft_rows() > 0));
    // Hard drops score two points a row, soft drops one: the score counts them all.
    let dropped: u64 = game
        .moves()
        .iter()
        .map(|m| m.soft_rows() as u64 + 2 * m.hard_rows() as u64)
        .sum();
    assert!(game.stats().score >= dropped && dropped > 0);
    assert_replays(&recording, &positions);
}

#[test]
fn hold_without_a_preview_brings_the_next_piece_drawn_in_the_replay_too() {
    let rules = Rules {
        preview: 0,
        ..Rules::guideline()
    };
    let (game, positions) = hand_game_of(rules, 4, 40);
    assert!(game.moves().iter().any(|m| m.hold()));
    assert_replays(&game.recording().unwrap(), &positions);
}

#[test]
fn a_game_the_player_took_over_keeps_its_moves() {
    let (mut game, mut positions) = ai_game(config(Rules::guideline(), 8), 30);
    tap(&mut game, Key::HardDrop, &mut positions);
    while game.stats().pieces < 50 && game.step().is_some() {
        positions.push(position(&game));
    }
    let recording = game.recording().unwrap();
    assert!(recording.moves.is_some());
    assert_replays(&recording, &positions);
}

#[test]
fn new_weights_keep_the_moves_and_the_weights_rated_by() {
    let (mut game, mut positions) = ai_game(config(Rules::classic(), 4), 20);
    let mut weights = game.weights().clone();
    weights.set("holes", -1.0, None).unwrap();
    game.set_weights(weights.clone());
    while game.stats().pieces < 40 && game.step().is_some() {
        positions.push(position(&game));
    }
    let recording = game.recording().unwrap();
    assert!(recording.moves.is_some());
    assert_eq!(recording.config.weights, Some(weights));
    assert_eq!(recording.config.preset, None);
    assert_replays(&recording, &positions);
}

#[test]
fn a_recording_comes_back_the_same_from_its_text() {
    let (game, _) = hand_game(2, 30);
    let recording = game.recording().unwrap();
    assert_eq!(Recording::read(&recording.to_json()).unwrap(), recording);
    let moves: Vec<Move> = game.moves().to_vec();
    assert_eq!(decode(&encode(&moves)).unwrap(), moves);
    // The replay writes every move, whichever way it was opened: those of the AI's game from
    // its seed fill the cells the AI's steps filled (a placement may come in another rotation
    // with the same cells, as the search without paths finds it).
    let (ai, _) = ai_game(config(Rules::guideline(), 6), 40);
    let full = Replay::new(&ai.recording().unwrap()).unwrap().recording();
    let text = full.moves.clone().unwrap();
    let filled = |moves: &[Move]| -> Vec<(bool, [(i32, i32); 4])> {
        moves
            .iter()
            .map(|m| {
                let mut cells = m.placement().cells();
                cells.sort();
                (m.hold(), cells)
            })
            .collect()
    };
    assert_eq!(filled(&decode(&text).unwrap()), filled(ai.moves()));
    assert_eq!(Replay::new(&full).unwrap().moves(), decode(&text).unwrap());
}

#[test]
fn a_move_takes_a_few_characters() {
    let (ai, _) = ai_game(config(Rules::guideline(), 9), 100);
    // 3 bytes a move: 300 bytes are 400 characters of base64url.
    assert_eq!(encode(ai.moves()).len(), 400);
}

#[test]
fn the_frame_rates_the_move_made_from_its_position() {
    let (game, _) = hand_game(11, 10);
    let mut replay = Replay::new(&game.recording().unwrap()).unwrap();
    let first = game.moves()[0];
    let frame = replay.frame(0).unwrap();
    let next = frame.next.unwrap();
    assert_eq!(
        (next.hold, next.placement),
        (first.hold(), first.placement())
    );
    assert_eq!(next.cells, first.placement().cells());
    let mut fresh = Game::new(game.config().clone()).unwrap();
    assert_eq!(next.rating, fresh.rate_hand(&first.placement()));
    assert!(next.rating.is_some());
    let end = replay.frame(replay.len()).unwrap();
    assert_eq!((end.index, end.count, end.next), (10, 10, None));
    let err = replay.frame(11).unwrap_err().to_string();
    assert_eq!(err, "placement 11 is past the replay's end: it holds 10");
}

/// The recording of `game` with its moves changed by `change`.
fn altered(game: &Game, change: impl FnOnce(&mut Vec<Move>)) -> Recording {
    let mut moves = game.moves().to_vec();
    change(&mut moves);
    Recording {
        pieces: moves.len() as u64,
        moves: Some(encode(&moves)),
        ..game.recording().unwrap()
    }
}

/// `played` with its placement changed by `change`.
fn moved(played: Move, change: impl FnOnce(&mut tetris_ai_core::Placement)) -> Move {
    let mut placement = played.placement();
    change(&mut placement);
    Move::new(
        played.hold(),
        &placement,
        played.soft_rows(),
        played.hard_rows(),
    )
}

fn refusal(recording: &Recording) -> String {
    match Replay::new(recording) {
        Ok(_) => panic!("the recording should be refused"),
        Err(err) => err.to_string(),
    }
}

#[test]
fn moves_that_do_not_play_are_refused_naming_the_move_and_why() {
    let (game, _) = ai_game(config(Rules::guideline(), 12), 10);
    let first = game.moves()[0];
    let floating = altered(&game, |m| m[0] = moved(first, |p| p.y += 1));
    assert!(
        refusal(&floating).starts_with("move 1 of the replay: placement {"),
        "{}",
        refusal(&floating)
    );
    assert!(refusal(&floating).ends_with("floats: it would fall further"));
    let buried = altered(&game, |m| m[0] = moved(first, |p| p.y -= 1));
    assert!(refusal(&buried).contains("does not fit on the board"));
    let outside = altered(&game, |m| m[0] = moved(first, |p| p.x = 20));
    assert!(refusal(&outside).contains("does not fit on the board"));
    // The piece in play is the one the move placed (after hold, where it held).
    let in_play = first.placement().piece;
    let other = if in_play == Piece::O {
        Piece::I
    } else {
        Piece::O
    };
    let wrong_piece = altered(&game, |m| m[0] = moved(first, |p| p.piece = other));
    let after_hold = if first.hold() { " after hold" } else { "" };
    assert_eq!(
        refusal(&wrong_piece),
        format!(
            "move 1 of the replay: it places {other}, but the piece in play is {in_play}{after_hold}"
        )
    );
    let mut short = game.recording().unwrap();
    short.moves = Some(encode(&game.moves()[..9]));
    assert_eq!(
        refusal(&short),
        "the replay says 10 pieces were placed, but its moves hold 9"
    );
}

#[test]
fn hold_is_refused_where_the_rules_have_none() {
    let (game, _) = ai_game(config(Rules::classic(), 1), 5);
    let held = altered(&game, |m| {
        m[2] = Move::new(true, &m[2].placement(), 0, 0);
    });
    assert_eq!(
        refusal(&held),
        "move 3 of the replay: it uses hold, which these rules do not have"
    );
}

#[test]
fn a_spin_the_placement_does_not_make_is_refused() {
    let (game, _) = ai_game(config(Rules::guideline(), 12), 10);
    let spun = altered(&game, |m| {
        m[0] = moved(m[0], |p| p.spin = tetris_ai_core::Spin::Full);
    });
    assert!(
        refusal(&spun).ends_with("it is no T-spin"),
        "{}",
        refusal(&spun)
    );
}

#[test]
fn moves_after_the_game_ended_are_refused() {
    let mut game = Game::recorded(config(Rules::classic(), 3)).unwrap();
    game.play(None);
    let ended = game.moves().len();
    let extra = altered(&game, |m| m.push(m[0]));
    assert_eq!(
        refusal(&extra),
        format!(
            "move {} of the replay: it comes after the game ended",
            ended + 1
        )
    );
    // The AI's game from the seed ends there too.
    let mut long = game.recording().unwrap();
    long.pieces = ended as u64 + 5;
    assert_eq!(
        refusal(&long),
        format!(
            "the replay says the AI placed {} pieces, but its game of this configuration ends \
             after {ended}",
            ended + 5
        )
    );
}

#[test]
fn bad_recording_text_is_refused_naming_what_is_wrong() {
    let read = |text: &str| Recording::read(text).unwrap_err().to_string();
    assert!(read("{").starts_with("a replay must be JSON, and this is not: "));
    assert_eq!(
        read("[1]"),
        "replay must be an object with the fields config, pieces, moves, versus, got [1]"
    );
    assert_eq!(
        read(r#"{"config": {}, "pieces": 1, "move": ""}"#),
        "replay has an unknown field \"move\" (fields: config, pieces, moves, versus)"
    );
    assert_eq!(
        read(r#"{"pieces": 1}"#),
        "replay needs the field \"config\""
    );
    assert_eq!(
        read(r#"{"config": {"width": 3}, "pieces": 1}"#),
        "config.width must be a whole number from 4 to 16, got 3"
    );
    assert_eq!(
        read(r#"{"config": {}, "pieces": -1}"#),
        "pieces must be a whole number from 0 to 1000000, got -1"
    );
    // A game of the AI alone is played again from its seed: not for ever.
    assert_eq!(
        read(r#"{"config": {}, "pieces": 1000001}"#),
        "pieces must be a whole number from 0 to 1000000, got 1000001"
    );
    let endless = Recording {
        config: GameConfig::default(),
        pieces: u64::MAX,
        moves: None,
        versus: None,
    };
    assert_eq!(
        refusal(&endless),
        format!(
            "the replay holds {} pieces, more than the 1000000 a replay may hold",
            u64::MAX
        )
    );
    assert_eq!(
        read(r#"{"config": {}, "pieces": 1, "moves": 7}"#),
        "moves must be a string, got 7"
    );
    let damaged = Replay::read(r#"{"config": {}, "pieces": 1, "moves": "gY"}"#);
    assert_eq!(
        damaged.err().unwrap().to_string(),
        "move 1 is cut short: the moves are damaged or incomplete"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any moves text, of any bytes, is played or refused: none panics.
    #[test]
    fn no_moves_text_panics(text in "[A-Za-z0-9_-]{0,120}", guideline in any::<bool>()) {
        let rules = if guideline { Rules::guideline() } else { Rules::classic() };
        let pieces = decode(&text).map_or(0, |moves| moves.len() as u64);
        let recording = Recording {
            config: config(rules, 1),
            pieces,
            moves: Some(text),
            versus: None,
        };
        let _ = Replay::new(&recording);
    }

    /// Any text at all is read or refused as a recording: none panics.
    #[test]
    fn no_recording_text_panics(text in ".{0,200}") {
        let _ = Replay::read(&text);
    }

    /// Any integer is a move or refused; a move is what it packs.
    #[test]
    fn a_packed_move_unpacks_to_itself(packed in any::<u64>()) {
        if let Ok(played) = Move::from_packed(packed) {
            prop_assert_eq!(played.packed(), packed);
            let again = Move::new(
                played.hold(),
                &played.placement(),
                played.soft_rows(),
                played.hard_rows(),
            );
            prop_assert_eq!(again, played);
        }
    }
}
