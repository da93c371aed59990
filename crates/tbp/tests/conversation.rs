//! A conversation with the bot, as a frontend holds it: a scripted exchange checked message by
//! message; a game of 200 pieces, played by a frontend that keeps its own 40-row board and sends a
//! new `start` with garbage every 10 pieces, where every move of every suggestion is legal on that
//! board; and malformed input survived. The beam's conversation, thought ahead or not.

use serde_json::{Value, json};
use std::time::Duration;
use tetris_ai_core::ai::search::SearchConfig;
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::engine::spin::Spin;
use tetris_ai_core::settings::Settings;
use tetris_ai_core::{GameConfig, RuleSet};
use tetris_ai_tbp::location::engine_placement;
use tetris_ai_tbp::search::search_steps;
use tetris_ai_tbp::{Bot, BotSearch, Futures, Reply};

const PIECES: [&str; 7] = ["I", "O", "T", "S", "Z", "J", "L"];

/// A bot searching the plies to `depth`, with 400 ms to think.
fn bot(depth: u8) -> Bot {
    bot_searching(depth, BotSearch::Plies)
}

/// A bot searching by a beam at most 64 nodes wide, with 400 ms to think (a beam that wide takes
/// a few milliseconds).
fn beam_bot() -> Bot {
    bot_searching(1, BotSearch::Beam { max_width: 64 })
}

fn bot_searching(depth: u8, search: BotSearch) -> Bot {
    let settings = Settings {
        rules: Some(RuleSet::Guideline),
        depth: Some(depth),
        ..Settings::default()
    };
    let config: GameConfig = settings.resolve().unwrap();
    Bot::new(&config, Duration::from_millis(400), search).unwrap()
}

/// The scripted game's start: an I, then O, T, S, Z and J previewed, an L left in the bag.
fn scripted() -> Frontend {
    Frontend {
        queue: vec!["I", "O", "T", "S", "Z", "J"],
        bag: vec!["L"],
        ..Frontend::new(0)
    }
}

fn sent(reply: &Reply) -> Vec<Value> {
    reply
        .messages
        .iter()
        .map(|m| serde_json::to_value(m).unwrap())
        .collect()
}

fn say(bot: &mut Bot, message: Value) -> Reply {
    bot.handle_line(&message.to_string())
}

/// The frontend's game: a 40-row board (row 0 at the bottom), hold, queue and bag.
struct Frontend {
    board: Vec<[Option<char>; 10]>,
    hold: Option<&'static str>,
    queue: Vec<&'static str>,
    bag: Vec<&'static str>,
    rng: GameRng,
}

impl Frontend {
    fn new(seed: u64) -> Frontend {
        let mut frontend = Frontend {
            board: vec![[None; 10]; 40],
            hold: None,
            queue: Vec::new(),
            bag: Vec::new(),
            rng: GameRng::new(seed, 0),
        };
        for _ in 0..6 {
            let piece = frontend.draw();
            frontend.queue.push(piece);
        }
        frontend
    }

    fn draw(&mut self) -> &'static str {
        if self.bag.is_empty() {
            self.bag = PIECES.to_vec();
        }
        let at = self.rng.below(self.bag.len() as u32) as usize;
        self.bag.remove(at)
    }

    fn start(&self) -> Value {
        let board: Vec<Vec<Option<String>>> = self
            .board
            .iter()
            .map(|row| row.iter().map(|c| c.map(String::from)).collect())
            .collect();
        let bag = if self.bag.is_empty() {
            PIECES.to_vec()
        } else {
            self.bag.clone()
        };
        json!({
            "type": "start", "hold": self.hold, "queue": self.queue, "combo": 0,
            "back_to_back": false, "board": board,
            "randomizer": {"type": "seven_bag", "bag_state": bag},
        })
    }

    fn filled(&self, x: i32, y: i32) -> bool {
        !(0..10).contains(&x)
            || !(0..40).contains(&y)
            || self.board[y as usize][x as usize].is_some()
    }

    /// Why `mv` is not a legal move here: its piece, its cells, its support, its spin.
    fn illegal(&self, mv: &Value) -> Option<String> {
        let location = serde_json::from_value(mv["location"].clone()).ok()?;
        let placement = engine_placement(&location, Spin::None).ok()?;
        let piece = mv["location"]["type"].as_str().unwrap();
        let hold = self.hold.unwrap_or(self.queue[1]);
        if piece != self.queue[0] && piece != hold {
            return Some(format!("{piece} is neither the current piece nor hold's"));
        }
        let cells = placement.cells();
        if cells.iter().any(|&(x, y)| self.filled(x, y)) {
            return Some(format!("{mv} overlaps the stack or leaves the board"));
        }
        if !cells
            .iter()
            .any(|&(x, y)| self.filled(x, y - 1) && !cells.contains(&(x, y - 1)))
        {
            return Some(format!("{mv} floats"));
        }
        if piece != "T" && mv["spin"] != "none" {
            return Some(format!("{mv} spins a piece that is no T"));
        }
        None
    }

    /// Plays `mv` (legal): locks it, clears full rows, takes the piece from the queue or hold.
    fn play(&mut self, mv: &Value) {
        let location = serde_json::from_value(mv["location"].clone()).unwrap();
        let placement = engine_placement(&location, Spin::None).unwrap();
        let piece = mv["location"]["type"].as_str().unwrap();
        let letter = piece.chars().next().unwrap();
        for (x, y) in placement.cells() {
            self.board[y as usize][x as usize] = Some(letter);
        }
        self.board.retain(|row| row.iter().any(Option::is_none));
        self.board.resize(40, [None; 10]);
        let current = self.queue.remove(0);
        if piece != current {
            if self.hold.is_none() {
                self.queue.remove(0);
            }
            self.hold = Some(current);
        }
    }

    fn garbage(&mut self, rows: usize) {
        for _ in 0..rows {
            let hole = self.rng.below(10) as usize;
            let mut row = [Some('G'); 10];
            row[hole] = None;
            self.board.insert(0, row);
        }
        self.board.truncate(40);
    }
}

#[test]
fn a_scripted_conversation_is_answered_message_by_message() {
    let mut bot = bot(2);
    assert_eq!(
        serde_json::to_value(tetris_ai_tbp::bot::info()).unwrap(),
        json!({"type": "info", "name": "tetris-ai", "version": env!("CARGO_PKG_VERSION"),
               "author": "the tetris-ai authors", "features": []})
    );
    let ready = say(
        &mut bot,
        json!({"type": "rules", "randomizer": "seven_bag"}),
    );
    assert_eq!(sent(&ready), vec![json!({"type": "ready"})]);
    // An empty board, I first: the bot's move is a piece of the queue's or hold's, on the floor.
    let frontend = scripted();
    let started = say(&mut bot, frontend.start());
    assert!(started.messages.is_empty() && started.warnings.is_empty());
    let suggestion = sent(&say(&mut bot, json!({"type": "suggest"})));
    assert_eq!(suggestion.len(), 1);
    assert_eq!(suggestion[0]["type"], "suggestion");
    let moves = suggestion[0]["moves"].as_array().unwrap();
    // Every placement of I (17 on an empty board: 7 lying, 10 standing) and of O (9), once each
    // orientation gives them: I's and O's placements counted by their states' cells.
    assert!(moves.len() >= 26, "{} moves", moves.len());
    for mv in moves {
        assert_eq!(frontend.illegal(mv), None);
    }
    assert_eq!(suggestion[0]["move_info"]["depth"], 2.0);
    // With time to spare (an empty board takes well under a millisecond), the search widened to
    // every first move.
    let extra = suggestion[0]["move_info"]["extra"].as_str().unwrap();
    assert!(
        extra.starts_with("depth 2, every first move in "),
        "{extra}"
    );
    // Playing I flat at the left: O comes next; a new piece joins the queue.
    let play = json!({"type": "play", "move": {
        "location": {"type": "I", "orientation": "north", "x": 1, "y": 0}, "spin": "none"}});
    assert!(say(&mut bot, play).warnings.is_empty());
    assert!(
        say(&mut bot, json!({"type": "new_piece", "piece": "L"}))
            .warnings
            .is_empty()
    );
    let next = sent(&say(&mut bot, json!({"type": "suggest"})));
    let first = &next[0]["moves"][0]["location"]["type"];
    assert!(first == "O" || first == "T", "O, or T by hold: {first}");
    assert!(say(&mut bot, json!({"type": "stop"})).messages.is_empty());
    let after_stop = say(&mut bot, json!({"type": "suggest"}));
    assert_eq!(
        sent(&after_stop),
        vec![json!({"type": "suggestion", "moves": [],
        "move_info": {}})]
    );
    assert_eq!(
        after_stop.warnings,
        vec!["a suggest came with no game started"]
    );
    assert!(say(&mut bot, json!({"type": "quit"})).quit);
}

#[test]
fn every_move_suggested_in_a_game_with_garbage_is_legal_on_the_frontends_board() {
    play_with_garbage(bot(2), false);
}

#[test]
fn every_move_of_the_beam_thinking_ahead_is_legal_on_the_frontends_board() {
    play_with_garbage(beam_bot(), true);
}

/// Plays 200 pieces with `bot` against a frontend that sends garbage every 10 pieces, checking
/// every move suggested; where `ponder`, the bot thinks ahead as far as it will after each message.
fn play_with_garbage(mut bot: Bot, ponder: bool) {
    let say = |bot: &mut Bot, message: Value| -> Reply {
        let reply = say(bot, message);
        while ponder && bot.ponder() {}
        reply
    };
    let mut frontend = Frontend::new(3);
    say(&mut bot, json!({"type": "rules"}));
    say(&mut bot, frontend.start());
    for piece in 0..200 {
        let reply = say(&mut bot, json!({"type": "suggest"}));
        assert!(reply.warnings.is_empty(), "{:?}", reply.warnings);
        let moves = sent(&reply)[0]["moves"].as_array().unwrap().clone();
        assert!(!moves.is_empty(), "piece {piece}: no moves");
        for mv in &moves {
            assert_eq!(frontend.illegal(mv), None, "piece {piece}");
        }
        frontend.play(&moves[0]);
        let next = frontend.draw();
        frontend.queue.push(next);
        if piece % 10 == 9 {
            // Garbage arrives: the frontend starts the bot again from its whole state.
            frontend.garbage(2);
            let restarted = say(&mut bot, frontend.start());
            assert!(restarted.warnings.is_empty(), "{:?}", restarted.warnings);
        } else {
            let played = say(&mut bot, json!({"type": "play", "move": moves[0]}));
            assert!(played.warnings.is_empty(), "{:?}", played.warnings);
            say(&mut bot, json!({"type": "new_piece", "piece": next}));
        }
        assert!(
            frontend.board[20].iter().all(Option::is_none),
            "piece {piece}: topped out"
        );
    }
}

#[test]
fn malformed_and_unknown_messages_are_warned_of_and_the_bot_goes_on() {
    let mut bot = bot(1);
    let cases = [
        ("not json", "a line that is no JSON was ignored"),
        ("[1, 2]", "a message with no type was ignored"),
        (r#"{"type": 7}"#, "a message with no type was ignored"),
        (
            r#"{"type": "dance"}"#,
            "a message of unknown type \"dance\" was ignored",
        ),
        (
            r#"{"type": "play"}"#,
            "a malformed \"play\" was ignored (missing field `move`",
        ),
        (
            r#"{"type": "start", "hold": null}"#,
            "a malformed \"start\" was ignored",
        ),
        (
            r#"{"type": "start", "hold": "Q", "queue": [], "combo": 0, "back_to_back": false, "board": []}"#,
            "a start was refused: hold is an unknown piece \"Q\"",
        ),
        (
            r#"{"type": "start", "hold": null, "queue": ["T"], "combo": 0, "back_to_back": false, "board": [[null]]}"#,
            "a start was refused: board[0] has 1 cells, where a row has 10",
        ),
        (
            r#"{"type": "new_piece", "piece": "T"}"#,
            "a new_piece came with no game started",
        ),
    ];
    for (line, expected) in cases {
        let reply = bot.handle_line(line);
        assert!(reply.messages.is_empty(), "{line}");
        assert!(
            reply.warnings[0].starts_with(expected),
            "{line}: {:?}",
            reply.warnings
        );
    }
    // A real game after all that: a move that does not fit is refused and changes nothing.
    let frontend = Frontend::new(5);
    say(&mut bot, frontend.start());
    let before = sent(&say(&mut bot, json!({"type": "suggest"})));
    let far = json!({"type": "play", "move": {
        "location": {"type": frontend.queue[0], "orientation": "north", "x": 4, "y": 2000000000},
        "spin": "none"}});
    assert!(say(&mut bot, far).warnings[0].contains("filled or off the board"));
    let wrong = json!({"type": "play", "move": {
        "location": {"type": "Q", "orientation": "north", "x": 4, "y": 0}, "spin": "none"}});
    assert!(say(&mut bot, wrong).warnings[0].contains("unknown piece \"Q\""));
    assert_eq!(sent(&say(&mut bot, json!({"type": "suggest"}))), before);
}

#[test]
fn thinking_ahead_changes_when_the_beams_plan_is_found_not_what_it_is() {
    // The scripted game's start, as two bots hear it: one thinks ahead before each suggest, the
    // other does not. Both reach the widest beam within the budget, so they suggest the same
    // moves; the one that thought ahead finds its plan already made.
    let frontend = scripted();
    let (mut thinking, mut answering) = (beam_bot(), beam_bot());
    assert!(!thinking.ponder(), "no game, nothing to think about");
    for bot in [&mut thinking, &mut answering] {
        say(bot, json!({"type": "rules"}));
        say(bot, frontend.start());
    }
    // Widths 4, 8, 16, 32 and 64: four steps with more to come, then the last.
    let steps: Vec<bool> = (0..6).map(|_| thinking.ponder()).collect();
    assert_eq!(steps, [true, true, true, true, false, false]);
    let thought = sent(&say(&mut thinking, json!({"type": "suggest"})));
    let answered = sent(&say(&mut answering, json!({"type": "suggest"})));
    assert_eq!(thought[0]["moves"], answered[0]["moves"]);
    for suggestion in [&thought, &answered] {
        let extra = suggestion[0]["move_info"]["extra"].as_str().unwrap();
        assert!(extra.starts_with("beam 64 through "), "{extra}");
        assert!(
            extra.contains(", 2 of them sampled in 5 futures in "),
            "{extra}"
        );
        // An I, five previewed pieces and two sampled, hold empty: seven pieces where the plan
        // holds (its next piece past the future is then a draw), eight where it does not.
        let depth = suggestion[0]["move_info"]["depth"].as_f64().unwrap();
        assert!(depth == 7.0 || depth == 8.0, "{depth}");
    }
    for mv in thought[0]["moves"].as_array().unwrap() {
        assert_eq!(frontend.illegal(mv), None);
    }
    // A play changes the game: the thought about the last position is not used again, and the
    // next is thought of afresh.
    let play = json!({"type": "play", "move": thought[0]["moves"][0]});
    assert!(say(&mut thinking, play).warnings.is_empty());
    assert!(thinking.ponder());
}

#[test]
fn thinking_ahead_until_a_message_comes_widens_past_the_budget_and_gives_way_at_once() {
    // A bot with 1 ms to think and beams up to 64 wide, on the scripted game's start. Thinking
    // ahead until told to stop, it searches every width, 4 to 64, however long each takes, and
    // its suggestion is the widest plan; the budget bounds only the search a suggest makes.
    let frontend = scripted();
    let settings = Settings {
        rules: Some(RuleSet::Guideline),
        ..Settings::default()
    };
    let config: GameConfig = settings.resolve().unwrap();
    let hurried = || {
        let mut bot = Bot::new(
            &config,
            Duration::from_millis(1),
            BotSearch::Beam { max_width: 64 },
        )
        .unwrap();
        say(&mut bot, json!({"type": "rules"}));
        say(&mut bot, frontend.start());
        bot
    };
    let never = &mut || false;
    let mut quiet = hurried();
    let steps: Vec<bool> = (0..6).map(|_| quiet.ponder_unless(never)).collect();
    assert_eq!(steps, [true, true, true, true, false, false]);
    let suggestion = sent(&say(&mut quiet, json!({"type": "suggest"})));
    let extra = suggestion[0]["move_info"]["extra"].as_str().unwrap();
    assert!(extra.starts_with("beam 64 through "), "{extra}");
    // A message waiting from the start: the bot gives way before its first beam, and the next
    // thought starts from the narrowest beam again.
    let mut busy = hurried();
    assert!(!busy.ponder_unless(&mut || true));
    let steps: Vec<bool> = (0..6).map(|_| busy.ponder_unless(never)).collect();
    assert_eq!(steps, [true, true, true, true, false, false]);
    // A message that comes during the 64-wide beam (at its third node): that beam is given up,
    // and what the narrower ones found stays, so the next thought is the 64-wide beam again, the
    // last, not the narrowest.
    let mut interrupted = hurried();
    let steps: Vec<bool> = (0..4).map(|_| interrupted.ponder_unless(never)).collect();
    assert_eq!(steps, [true, true, true, true]);
    let mut asked = 0;
    assert!(!interrupted.ponder_unless(&mut || {
        asked += 1;
        asked == 3
    }));
    assert_eq!(asked, 3);
    assert!(!interrupted.ponder_unless(never));
    let suggestion = sent(&say(&mut interrupted, json!({"type": "suggest"})));
    let extra = suggestion[0]["move_info"]["extra"].as_str().unwrap();
    assert!(extra.starts_with("beam 64 through "), "{extra}");
}

#[test]
fn a_piece_that_spawns_only_at_the_protocols_row_19_still_has_moves() {
    // Rows 0 to 18 full but for column 9, row 19 full but for columns 3 to 5, and one cell at
    // column 5 of row 20; a J to place and a Z next, hold empty. By the guideline a piece's
    // centre spawns at column 4 of row 20: the J (cells (3,21) (3,20) (4,20) (5,20)) and the Z
    // ((3,21) (4,21) (4,20) (5,20)) both overlap the cell at (5,20), which ends an engine game.
    // The protocol's spawn is row 19, where both fit ((3,20) (3,19) (4,19) (5,19) for the J),
    // as battletris lets them in. So the bot suggests the moves from there, lowest first: none
    // reaches lower than row 20 (the opening at row 19 is one row deep and three wide, and a
    // piece's cells span two rows at least), and the J flat in the opening fills row 19.
    let mut frontend = Frontend {
        queue: vec!["J", "Z", "T", "S", "O", "I"],
        ..Frontend::new(0)
    };
    for (y, row) in frontend.board.iter_mut().enumerate().take(21) {
        for (x, cell) in row.iter_mut().enumerate() {
            let filled = match y {
                0..=18 => x != 9,
                19 => !(3..=5).contains(&x),
                _ => x == 5,
            };
            *cell = filled.then_some('G');
        }
    }
    let mut bot = beam_bot();
    say(&mut bot, json!({"type": "rules"}));
    say(&mut bot, frontend.start());
    let suggestion = sent(&say(&mut bot, json!({"type": "suggest"})));
    let extra = suggestion[0]["move_info"]["extra"].as_str().unwrap();
    assert!(
        extra.starts_with("no search: the piece spawns only at the protocol's row 19"),
        "{extra}"
    );
    let moves = suggestion[0]["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    let top_row = |mv: &Value| {
        let location = serde_json::from_value(mv["location"].clone()).unwrap();
        let placement = engine_placement(&location, Spin::None).unwrap();
        placement.cells().iter().map(|c| c.1).max().unwrap()
    };
    let rows: Vec<i32> = moves.iter().map(top_row).collect();
    assert_eq!(rows[0], 20);
    assert!(rows.windows(2).all(|pair| pair[0] <= pair[1]), "{rows:?}");
    for mv in moves {
        assert_eq!(frontend.illegal(mv), None);
    }
    let flat_in_the_opening = json!({"type": "J", "orientation": "north", "x": 4, "y": 19});
    assert!(moves.iter().any(|mv| mv["location"] == flat_in_the_opening));
    // Fill the opening: neither piece fits at row 19 either, and there is no move at all.
    for x in 3..=5 {
        frontend.board[19][x] = Some('G');
    }
    say(&mut bot, frontend.start());
    let suggestion = sent(&say(&mut bot, json!({"type": "suggest"})));
    assert_eq!(suggestion[0]["moves"], json!([]));
    let extra = suggestion[0]["move_info"]["extra"].as_str().unwrap();
    assert!(extra.starts_with("no move in "), "{extra}");
}

#[test]
fn a_search_that_is_not_one_is_refused_by_name() {
    let named = |name, width| BotSearch::named(name, width).map_err(|e| e.to_string());
    assert_eq!(named("beam", 64), Ok(BotSearch::Beam { max_width: 64 }));
    assert_eq!(named("plies", 64), Ok(BotSearch::Plies));
    assert!(named("deep", 64).unwrap_err().contains("\"deep\""));
    for width in [0, 3, 65_537] {
        let refused = named("beam", width).unwrap_err();
        assert!(refused.contains(&format!("got {width}")), "{refused}");
    }
    let settings = Settings {
        rules: Some(RuleSet::Guideline),
        ..Settings::default()
    };
    let config: GameConfig = settings.resolve().unwrap();
    let narrow = BotSearch::Beam { max_width: 2 };
    let refused = Bot::new(&config, Duration::from_millis(100), narrow).err();
    assert!(refused.unwrap().to_string().contains("got 2"));
    let too_many = Futures {
        samples: 65,
        pieces: 2,
    };
    let wide = BotSearch::Beam { max_width: 64 };
    let bot = Bot::new(&config, Duration::from_millis(100), wide).unwrap();
    assert!(
        bot.through(too_many)
            .err()
            .unwrap()
            .to_string()
            .contains("got 65")
    );
    // A fixed beam through the preview (a preset's, as published) is the engine's games': the
    // bot searches as it would without one.
    let mut fixed = config.clone();
    fixed.search.preview_beam = Some(1);
    let frontend = Frontend::new(3);
    let moves = |config: &GameConfig| {
        let mut bot = Bot::new(config, Duration::from_millis(100), BotSearch::Plies).unwrap();
        say(
            &mut bot,
            json!({"type": "rules", "randomizer": "seven_bag"}),
        );
        say(&mut bot, frontend.start());
        sent(&say(&mut bot, json!({"type": "suggest"})))[0]["moves"].clone()
    };
    assert_eq!(moves(&fixed), moves(&config));
}

#[test]
fn a_suggestion_deepens_then_widens() {
    let step = |depth, prune, beam| SearchConfig {
        depth,
        prune,
        beam,
        ..SearchConfig::default()
    };
    let steps = |search: SearchConfig| -> Vec<(u8, f64, usize)> {
        search_steps(&search)
            .iter()
            .map(|s| (s.depth, s.prune, s.beam_width()))
            .collect()
    };
    // One piece: nothing to widen.
    assert_eq!(steps(step(1, 0.25, None)), [(1, 0.25, 4)]);
    // Two: the share of first moves searched further doubles up to all (the beam, which depth 2
    // does not use, stays).
    assert_eq!(
        steps(step(2, 0.25, None)),
        [(1, 0.25, 4), (2, 0.25, 4), (2, 0.5, 4), (2, 1.0, 4)]
    );
    // Three: the beam doubles with it, from the depth's 4 up to 16.
    assert_eq!(
        steps(step(3, 0.25, None)),
        [
            (1, 0.25, 4),
            (2, 0.25, 4),
            (3, 0.25, 4),
            (3, 0.5, 8),
            (3, 1.0, 16)
        ]
    );
    // Four, every first move already: the beam alone, from depth 4's 2 (the shallower steps use
    // their depths' own, 4).
    assert_eq!(
        steps(step(4, 1.0, None)),
        [
            (1, 1.0, 4),
            (2, 1.0, 4),
            (3, 1.0, 4),
            (4, 1.0, 2),
            (4, 1.0, 4),
            (4, 1.0, 8),
            (4, 1.0, 16)
        ]
    );
    // As wide as it goes already: deeper only.
    assert_eq!(steps(step(3, 1.0, Some(16))).len(), 3);
}
