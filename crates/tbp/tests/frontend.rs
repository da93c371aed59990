//! The frontend's side: an engine game told to a bot as a `start` message (worked out by hand
//! for a new game, one piece and garbage later), the bot's moves played on it, and a match of 100
//! pieces against this crate's own bot, where the bot's first move is played every time and the
//! bot follows every message the frontend sends without a warning, garbage and all. A move given
//! with a T-spin it does not make is played with the one it makes, and the bot told so. Moves that
//! cannot be played, and games the protocol cannot describe, are refused by name, changing nothing.

use serde_json::{Value, json};
use std::time::Duration;
use tetris_ai_core::engine::spin::Spin;
use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::settings::Settings;
use tetris_ai_core::{Game, GameConfig, Piece, RuleSet, Rules};
use tetris_ai_tbp::frontend::{self, Played};
use tetris_ai_tbp::{Bot, BotSearch};

/// A guideline game on the protocol's 10x20 board.
fn game(seed: u64) -> Game {
    Game::recorded(GameConfig {
        rules: Rules::guideline(),
        seed,
        ..GameConfig::default()
    })
    .unwrap()
}

/// A guideline game whose first piece is a T (the first such seed).
fn game_opening_with_t() -> Game {
    (0..).map(game).find(|g| g.current() == Piece::T).unwrap()
}

/// The letters of `pieces`, as the protocol names them.
fn letters(pieces: impl IntoIterator<Item = Piece>) -> Vec<String> {
    pieces.into_iter().map(|p| p.letter().to_string()).collect()
}

/// The message `played` sends, as JSON.
fn sent(played: &Played) -> Vec<Value> {
    played
        .messages
        .iter()
        .map(|m| serde_json::to_value(m).unwrap())
        .collect()
}

fn start_of(game: &Game) -> Value {
    serde_json::to_value(frontend::start(game).unwrap()).unwrap()
}

/// A move of T pointing up with its centre at (`x`, `y`).
fn t_up(x: i32, y: i32) -> Value {
    json!({"location": {"type": "T", "orientation": "north", "x": x, "y": y}, "spin": "none"})
}

#[test]
fn a_new_game_starts_with_an_empty_board_the_queue_and_the_bag_left() {
    let game = game(3);
    let queue: Vec<Piece> = std::iter::once(game.current())
        .chain(game.preview())
        .collect();
    assert_eq!(queue.len(), 6);
    // The first bag dealt six of its seven pieces.
    let left: Vec<Piece> = Piece::ALL
        .into_iter()
        .filter(|p| !queue.contains(p))
        .collect();
    assert_eq!(left.len(), 1);
    assert_eq!(
        start_of(&game),
        json!({
            "type": "start",
            "hold": null,
            "queue": letters(queue),
            "combo": 0,
            "back_to_back": false,
            "board": vec![vec![Value::Null; 10]; 40],
            "randomizer": {"type": "seven_bag", "bag_state": letters(left)},
        })
    );
}

#[test]
fn a_move_played_says_play_then_new_piece_and_garbage_says_stop_and_start() {
    let mut game = game_opening_with_t();
    game.set_versus(VersusPreset::Ppt.rules()).unwrap();
    let played = frontend::play(&mut game, &json!([t_up(1, 0)])).unwrap();
    assert!(!played.step.game_over);
    let newest = game.preview().last().unwrap();
    assert_eq!(
        sent(&played),
        vec![
            json!({"type": "play", "move": t_up(1, 0)}),
            json!({"type": "new_piece", "piece": newest.letter().to_string()}),
        ]
    );
    let start = start_of(&game);
    let empty = vec![Value::Null; 10];
    let t = json!("T");
    let mut row0 = empty.clone();
    row0[..3].fill(t.clone());
    let mut row1 = empty.clone();
    row1[1] = t;
    assert_eq!(start["board"][0], json!(row0));
    assert_eq!(start["board"][1], json!(row1));
    assert_eq!(start["board"][2], json!(empty));

    // Two rows of garbage come in after the next piece: the bot starts again from the board.
    game.receive_garbage(2, 0);
    let next = game.current();
    let choice = game.decide().unwrap().clone();
    let mv = serde_json::to_value(tetris_ai_tbp::location::tbp_move(&choice.placement)).unwrap();
    let played = frontend::play(&mut game, &json!([mv])).unwrap();
    assert_eq!(played.step.versus.unwrap().received, 2);
    let messages = sent(&played);
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert_eq!(messages[0], json!({"type": "play", "move": mv}));
    assert_eq!(messages[1], json!({"type": "stop"}));
    assert_eq!(messages[2], start_of(&game));
    for row in &messages[2]["board"].as_array().unwrap()[..2] {
        let cells = row.as_array().unwrap();
        assert_eq!(cells.iter().filter(|c| **c == "G").count(), 9, "{row}");
        assert_eq!(cells.iter().filter(|c| c.is_null()).count(), 1, "{row}");
    }
    assert_eq!(
        choice.placement.piece, next,
        "the AI placed the piece in play"
    );
}

#[test]
fn a_match_against_the_bot_plays_its_first_move_every_time() {
    let settings = Settings {
        rules: Some(RuleSet::Guideline),
        depth: Some(1),
        ..Settings::default()
    };
    let config: GameConfig = settings.resolve().unwrap();
    let mut bot = Bot::new(&config, Duration::from_millis(50), BotSearch::Plies).unwrap();
    let mut game = game(11);
    game.set_versus(VersusPreset::Ppt.rules()).unwrap();
    let say = |bot: &mut Bot, message: Value| {
        let reply = bot.handle(message.clone());
        assert!(reply.warnings.is_empty(), "{message}: {:?}", reply.warnings);
        reply
            .messages
            .iter()
            .map(|m| serde_json::to_value(m).unwrap())
            .collect::<Vec<_>>()
    };
    let rules = json!({"type": "rules", "randomizer": start_of(&game)["randomizer"]["type"]});
    assert_eq!(say(&mut bot, rules), vec![json!({"type": "ready"})]);
    say(&mut bot, start_of(&game));
    let mut restarts = 0;
    for piece in 0..100 {
        if piece % 12 == 6 {
            game.receive_attack(2);
        }
        let suggestion = say(&mut bot, json!({"type": "suggest"}));
        let moves = &suggestion[0]["moves"];
        let played = frontend::play(&mut game, moves).unwrap();
        let messages = sent(&played);
        assert_eq!(
            messages[0]["move"], moves[0],
            "piece {piece}: the first move"
        );
        restarts += usize::from(messages.iter().any(|m| m["type"] == "start"));
        for message in messages {
            assert!(say(&mut bot, message).is_empty());
        }
        if played.step.game_over {
            break;
        }
    }
    assert!(game.stats().pieces >= 50, "{:?}", game.stats());
    assert!(restarts > 0, "garbage came in, and the bot started again");
    assert!(game.versus().unwrap().1.received > 0);
}

#[test]
fn moves_that_cannot_be_played_are_refused_by_name_and_change_nothing() {
    let mut game = game_opening_with_t();
    let before = game.snapshot();
    let refused = |game: &mut Game, moves: Value| frontend::play(game, &moves).unwrap_err();
    assert_eq!(
        refused(&mut game, json!("T")).to_string(),
        r#"moves must be a list of moves, got "T""#
    );
    assert_eq!(
        refused(&mut game, json!([])).to_string(),
        "the bot suggested no move"
    );
    let malformed = refused(&mut game, json!([{"x": 1}])).to_string();
    assert!(
        malformed.starts_with("none of the 1 moves suggested can be played; moves[0] is no move (")
            && malformed.ends_with(r#": {"x":1}"#),
        "{malformed}"
    );
    let unknown = json!({"location": {"type": "Q", "orientation": "north", "x": 4, "y": 0},
                         "spin": "none"});
    assert!(
        refused(&mut game, json!([unknown]))
            .to_string()
            .ends_with(r#"unknown piece "Q""#)
    );
    let floating = refused(&mut game, json!([t_up(4, 10), t_up(-3, 0)])).to_string();
    assert!(
        floating.starts_with(&format!(
            "none of the 2 moves suggested can be played; moves[0] {}: placement ",
            t_up(4, 10)
        )) && floating.ends_with("is not one the piece can reach"),
        "{floating}"
    );
    assert_eq!(game.snapshot(), before);
    assert_eq!(game.stats().pieces, 0);
    // The first move that can be played is.
    let played = frontend::play(&mut game, &json!([t_up(4, 10), t_up(4, 0)])).unwrap();
    assert_eq!(sent(&played)[0]["move"], t_up(4, 0));
    assert_eq!(game.stats().pieces, 1);
}

#[test]
fn a_move_given_with_another_t_spin_is_played_with_the_one_it_makes_and_the_bot_told_so() {
    let mut game = game_opening_with_t();
    // The T dropped flat on the empty floor: no T-spin, whatever the bot says.
    let mut full = t_up(4, 0);
    full["spin"] = json!("full");
    let played = frontend::play(&mut game, &json!([full])).unwrap();
    assert_eq!(sent(&played)[0]["move"], t_up(4, 0));
    assert_eq!(played.step.choice.placement.spin, Spin::None);
    assert_eq!(game.stats().pieces, 1);
}

#[test]
fn a_game_the_protocol_cannot_describe_is_refused() {
    let classic = Game::new(GameConfig::default()).unwrap();
    assert_eq!(
        frontend::start(&classic).unwrap_err().to_string(),
        "a Tetris Bot Protocol bot plays guideline rules, not classic rules"
    );
    let mut low = Game::new(GameConfig {
        rules: Rules::guideline(),
        height: 16,
        ..GameConfig::default()
    })
    .unwrap();
    assert_eq!(
        frontend::start(&low).unwrap_err().to_string(),
        "a Tetris Bot Protocol bot plays on a board 10 wide and 20 high, not 10x16"
    );
    let before = low.snapshot();
    assert!(frontend::play(&mut low, &json!([t_up(4, 0)])).is_err());
    assert_eq!(low.snapshot(), before);
}
