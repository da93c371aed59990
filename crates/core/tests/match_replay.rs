//! Replays of a match's game: a game that took garbage in keeps its side of the match in its
//! recording (the rules, when the match began, every attack as it came) and plays again to the
//! same cells at every placement, its garbage included; without that side it would not. A bad
//! side is refused, naming what is wrong, and a game plays one match.

use serde_json::{Value, json};
use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::record::{Attack, Recording};
use tetris_ai_core::replay::Replay;
use tetris_ai_core::{Game, GameConfig, Rules};

/// A recorded guideline game of `seed`, one side of a Puyo Puyo Tetris match from its first
/// piece, played by the AI for `pieces` pieces, taking in `rows` of attack after each placement
/// whose number `attacked` picks; its cells after each placement (the first before any).
fn match_game(
    seed: u64,
    pieces: u64,
    attacked: impl Fn(u64) -> Option<u32>,
) -> (Game, Vec<Vec<u8>>) {
    let mut game = Game::recorded(GameConfig {
        rules: Rules::guideline(),
        seed,
        ..GameConfig::default()
    })
    .unwrap();
    game.set_versus(VersusPreset::Ppt.rules()).unwrap();
    let mut cells = vec![game.view().cells];
    while game.stats().pieces < pieces && game.step().is_some() {
        cells.push(game.view().cells);
        if let Some(rows) = attacked(game.stats().pieces) {
            game.receive_attack(rows);
        }
    }
    (game, cells)
}

/// Every tenth placement brings 3 rows, and every other third 1.
fn steady(placed: u64) -> Option<u32> {
    if placed.is_multiple_of(10) {
        Some(3)
    } else if placed.is_multiple_of(3) {
        Some(1)
    } else {
        None
    }
}

/// The cells of `recording` replayed, after each placement (the first before any).
fn replayed(recording: &Recording) -> Vec<Vec<u8>> {
    let mut replay = Replay::new(recording).unwrap();
    (0..=replay.len())
        .map(|i| replay.seek(i).unwrap().view().cells)
        .collect()
}

#[test]
fn a_game_that_took_garbage_replays_to_the_same_cells_at_every_placement() {
    let (game, cells) = match_game(4, 40, steady);
    let (_, stats) = game.versus().unwrap();
    assert!(stats.received > 0, "garbage entered the board: {stats:?}");
    assert_eq!(game.stats().pieces, 40, "the AI survives the garbage");
    let recording = game.recording().unwrap();
    // The AI alone played, but the garbage changed its game: the moves are kept.
    assert!(recording.moves.is_some());
    let side = recording.versus.clone().unwrap();
    assert_eq!(side.rules, VersusPreset::Ppt.rules());
    assert_eq!(side.from, 0);
    // 1 row after placements 3, 6, 9, 12 ...; 3 after 10, 20 ...: as they came, each due after
    // one placement more (the rules' delay).
    let attack = |at, rows| Attack {
        at,
        rows,
        due: at + 1,
    };
    assert_eq!(
        side.attacks[..5],
        [
            attack(3, 1),
            attack(6, 1),
            attack(9, 1),
            attack(10, 3),
            attack(12, 1)
        ]
    );
    assert_eq!(replayed(&recording), cells);
    // And through its text, as a file or a link carries it.
    let again = Recording::read(&recording.to_json()).unwrap();
    assert_eq!(again, recording);
    assert_eq!(replayed(&again), cells);
    // Back from the end too: the match begins again with the replay.
    let mut replay = Replay::new(&recording).unwrap();
    replay.seek(replay.len()).unwrap();
    assert_eq!(replay.seek(20).unwrap().view().cells, cells[20]);
    assert_eq!(replay.recording(), recording);
}

#[test]
fn without_its_side_of_the_match_the_game_does_not_replay() {
    let (game, cells) = match_game(4, 40, steady);
    let bare = Recording {
        versus: None,
        ..game.recording().unwrap()
    };
    // The first garbage rises after placement 4; a move after it fits only over the garbage.
    match Replay::new(&bare) {
        Ok(_) => assert_ne!(replayed(&bare), cells),
        Err(err) => assert!(err.to_string().starts_with("move "), "{err}"),
    }
}

#[test]
fn a_match_begun_after_the_first_pieces_replays_from_there() {
    let mut game = Game::recorded(GameConfig {
        rules: Rules::guideline(),
        seed: 9,
        ..GameConfig::default()
    })
    .unwrap();
    let mut cells = vec![game.view().cells];
    for _ in 0..5 {
        game.step().unwrap();
        cells.push(game.view().cells);
    }
    game.set_versus(VersusPreset::Tetrio.rules()).unwrap();
    for placed in 0..40_u64 {
        if placed.is_multiple_of(3) {
            game.receive_attack(3);
        }
        game.step().unwrap();
        cells.push(game.view().cells);
    }
    let recording = game.recording().unwrap();
    let side = recording.versus.as_ref().unwrap();
    assert_eq!((side.from, side.attacks[1].at), (5, 3));
    assert!(game.versus().unwrap().1.received > 0);
    assert_eq!(replayed(&recording), cells);
}

#[test]
fn a_game_plays_one_match() {
    let (mut game, _) = match_game(1, 3, |_| None);
    let err = game.set_versus(VersusPreset::Tetrio.rules()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "this game already plays a match: a new game plays another"
    );
    assert_eq!(game.versus().unwrap().0, &VersusPreset::Ppt.rules());
}

/// The recording of a short match written as JSON, changed by `change`.
fn written(change: impl FnOnce(&mut Value)) -> String {
    let (game, _) = match_game(2, 12, steady);
    let mut value = serde_json::to_value(game.recording().unwrap()).unwrap();
    change(&mut value);
    value.to_string()
}

#[test]
fn a_bad_side_of_a_match_is_refused_naming_what_is_wrong() {
    let read = |text: String| Recording::read(&text).unwrap_err().to_string();
    assert_eq!(
        read(written(|r| r["versus"]["attacks"][0]["rows"] = json!(0))),
        "versus.attacks[0].rows must be 1 or more, got 0"
    );
    assert_eq!(
        read(written(|r| r["versus"]["attacks"][1]["at"] = json!(1))),
        "versus.attacks[1].at is 1, before the attack ahead of it (3): attacks come in order"
    );
    assert_eq!(
        read(written(|r| r["versus"]["attacks"][2]["at"] = json!(13))),
        "versus.attacks[2].at is 13, past the match's 12 placements"
    );
    // As far past as a number goes, in a match begun a placement in: refused, not wrapped round.
    let far = written(|r| {
        r["versus"]["from"] = json!(1);
        r["versus"]["attacks"] = json!([{"at": u64::MAX, "rows": 1, "due": 0}]);
    });
    assert_eq!(
        read(far),
        format!(
            "versus.attacks[0].at is {}, past the match's 11 placements",
            u64::MAX
        )
    );
    assert_eq!(
        read(written(|r| r["versus"]["from"] = json!(13))),
        "versus.from is 13, but the replay holds 12 placements"
    );
    let unknown = read(written(|r| r["versus"]["hole"] = json!(3)));
    assert!(unknown.contains(r#"unknown field "hole""#), "{unknown}");
    assert_eq!(
        read(written(
            |r| r["versus"]["rules"]["garbage"]["messiness"] = json!(2)
        )),
        "versus.rules: garbage messiness must be a number from 0 to 1, got 2"
    );
    // A match's AI game from the seed alone would take no garbage.
    let seedless = Recording::read(&written(|r| r["moves"] = Value::Null)).unwrap();
    assert_eq!(
        Replay::new(&seedless).err().unwrap().to_string(),
        "a replay of a match needs its moves: the AI's game from the seed takes no garbage"
    );
}

#[test]
fn a_game_of_no_match_writes_no_side() {
    let mut game = Game::recorded(GameConfig::default()).unwrap();
    game.step().unwrap();
    let recording = game.recording().unwrap();
    assert_eq!(recording.versus, None);
    assert!(!recording.to_json().contains("versus"));
}
