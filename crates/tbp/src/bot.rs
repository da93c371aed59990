//! The bot's side of a conversation: each message from the frontend, read as the protocol says,
//! and the messages to send back. A malformed or unknown message, or one that does not fit the
//! game, is a warning (for standard error, or the console), and the conversation goes on.
//!
//! A `suggest` is answered within the think budget: the search deepens a ply at a time, from one
//! piece to the configured depth, then widens (twice the first moves and twice the moves of each
//! later piece searched further, up to all first moves and [`MAX_BEAM`] moves), and stops before a
//! step it expects to overrun the budget, so the answer is the deepest and widest plan found in
//! time. The moves are that plan's first move, then every other placement of the current piece and
//! of the hold alternative, best first by its one-piece score, so that a frontend that refuses one
//! finds the next.

use crate::game::{FollowedGame, HEIGHT, WIDTH};
use crate::location::{engine_piece, tbp_move};
use serde_json::Value;
use std::time::Duration;
use tbp::bot_msg::{Info, Ready, Suggestion};
use tbp::{BotMessage, FrontendMessage};
use tetris_ai_core::RuleSet;
use tetris_ai_core::ai::search::{MAX_BEAM, Position, SearchConfig, Searcher};
use tetris_ai_core::ai::weights::Weights;
use tetris_ai_core::config::GameConfig;
use tetris_ai_core::engine::moves::Placement;
use tetris_ai_core::engine::rules::{GameRng, MAX_PREVIEW, Rules};
use tetris_ai_core::error::{Error, Result};
use web_time::Instant;

/// What one message from the frontend gives.
#[derive(Debug, Default)]
pub struct Reply {
    /// The messages to send, in order.
    pub messages: Vec<BotMessage>,
    /// What went wrong, in words, for standard error or the console.
    pub warnings: Vec<String>,
    /// Whether the frontend said to quit.
    pub quit: bool,
}

impl Reply {
    fn warning(text: impl Into<String>) -> Reply {
        Reply {
            warnings: vec![text.into()],
            ..Reply::default()
        }
    }

    fn message(message: impl Into<BotMessage>) -> Reply {
        Reply {
            messages: vec![message.into()],
            ..Reply::default()
        }
    }
}

/// How long a ply may take, as a multiple of the one before, when none has been timed: a safe
/// guess, above what the second and third plies take over the first on a guideline board.
const FIRST_GROWTH: f64 = 50.0;

/// The longest think budget, in milliseconds: a minute.
pub const MAX_THINK_MS: u64 = 60_000;

/// The stream a position's ties are broken from, with its pieces placed as the seed's offset.
const TIE_STREAM: u64 = 11;

/// The message types of the protocol this bot knows.
const KNOWN_TYPES: [&str; 7] = [
    "rules",
    "start",
    "stop",
    "suggest",
    "play",
    "new_piece",
    "quit",
];

/// The `info` message a bot sends first: its name, version and author, and no extensions.
pub fn info() -> BotMessage {
    Info::new(
        "tetris-ai".into(),
        env!("CARGO_PKG_VERSION").into(),
        "the tetris-ai authors".into(),
        Vec::new(),
    )
    .into()
}

/// A bot: its weights and search, the game it follows, and its think budget.
pub struct Bot {
    weights: Weights,
    search: SearchConfig,
    rules: Rules,
    seed: u64,
    budget: Duration,
    searcher: Searcher,
    game: Option<FollowedGame>,
    /// Pieces placed in the game followed, for each position's tie stream.
    placed: u64,
}

impl Bot {
    /// The bot that plays `config`'s weights with its search (its rules' preview and hold are
    /// the frontend's), breaking ties from its seed, and answers each `suggest` within `budget`.
    /// A bad configuration, one that is not guideline rules on the protocol's 10x20 board, or a
    /// budget of no time or more than [`MAX_THINK_MS`], is an error naming it.
    pub fn new(config: &GameConfig, budget: Duration) -> Result<Bot> {
        let (weights, search) = config.resolve()?;
        if (config.width, config.height) != (WIDTH, HEIGHT) {
            return Err(Error::Config(format!(
                "the protocol's board is {WIDTH}x{HEIGHT}, got {}x{}",
                config.width, config.height
            )));
        }
        if config.rules.kind != RuleSet::Guideline {
            return Err(Error::Config(format!(
                "the protocol's game is played by guideline rules (SRS, hold), got {} rules",
                config.rules.kind.name()
            )));
        }
        if budget.is_zero() || budget > Duration::from_millis(MAX_THINK_MS) {
            return Err(Error::Config(format!(
                "the think budget must be from 1 to {MAX_THINK_MS} ms, got {} ms",
                budget.as_millis()
            )));
        }
        Ok(Bot {
            weights,
            search,
            rules: config.rules,
            seed: config.seed,
            budget,
            searcher: Searcher::new(),
            game: None,
            placed: 0,
        })
    }

    /// Handles one line of the conversation (a JSON message).
    pub fn handle_line(&mut self, line: &str) -> Reply {
        if line.trim().is_empty() {
            return Reply::default();
        }
        match serde_json::from_str::<Value>(line) {
            Ok(value) => self.handle(value),
            Err(e) => Reply::warning(format!("a line that is no JSON was ignored ({e}): {line}")),
        }
    }

    /// Handles one message: a JSON object with a `type`.
    pub fn handle(&mut self, value: Value) -> Reply {
        let kind = value.get("type").and_then(Value::as_str).map(str::to_owned);
        let Some(kind) = kind else {
            return Reply::warning(format!("a message with no type was ignored: {value}"));
        };
        if !KNOWN_TYPES.contains(&kind.as_str()) {
            return Reply::warning(format!("a message of unknown type \"{kind}\" was ignored"));
        }
        let message: FrontendMessage = match serde_json::from_value(value.clone()) {
            Ok(message) => message,
            Err(e) => {
                return Reply::warning(format!(
                    "a malformed \"{kind}\" was ignored ({e}): {value}"
                ));
            }
        };
        self.respond(message)
    }

    fn respond(&mut self, message: FrontendMessage) -> Reply {
        match message {
            FrontendMessage::Rules(_) => Reply::message(Ready::new()),
            FrontendMessage::Start(start) => match FollowedGame::start(&start) {
                Ok((game, warnings)) => {
                    self.game = Some(game);
                    Reply {
                        warnings,
                        ..Reply::default()
                    }
                }
                Err(why) => {
                    self.game = None;
                    Reply::warning(format!("a start was refused: {why}"))
                }
            },
            FrontendMessage::Stop(_) => {
                self.game = None;
                Reply::default()
            }
            FrontendMessage::Suggest(_) => self.suggest(),
            FrontendMessage::Play(play) => match self.game.as_mut() {
                None => Reply::warning("a play came with no game started; it was ignored"),
                Some(game) => match game.play(&play.mv) {
                    Ok(()) => {
                        self.placed += 1;
                        Reply::default()
                    }
                    Err(why) => Reply::warning(format!("a play was refused: {why}")),
                },
            },
            FrontendMessage::NewPiece(new) => {
                match (self.game.as_mut(), engine_piece(&new.piece)) {
                    (None, _) => {
                        Reply::warning("a new_piece came with no game started; it was ignored")
                    }
                    (_, None) => {
                        Reply::warning("a new_piece named an unknown piece; it was ignored")
                    }
                    (Some(game), Some(piece)) => {
                        game.new_piece(piece);
                        Reply::default()
                    }
                }
            }
            FrontendMessage::Quit(_) => Reply {
                quit: true,
                ..Reply::default()
            },
            _ => Reply::warning("a message this bot cannot answer was ignored"),
        }
    }

    /// The suggestion for the game followed: no moves (a forfeit) where there is none, or no
    /// piece to place.
    fn suggest(&mut self) -> Reply {
        let started = Instant::now();
        let Some(game) = self.game.as_ref() else {
            let mut reply = Reply::message(Suggestion::new(Vec::new()));
            reply
                .warnings
                .push("a suggest came with no game started".into());
            return reply;
        };
        let queue: Vec<_> = game.queue.iter().copied().collect();
        let Some((&current, after)) = queue.split_first() else {
            let mut reply = Reply::message(Suggestion::new(Vec::new()));
            reply
                .warnings
                .push("a suggest came with no piece in the queue".into());
            return reply;
        };
        let preview = &after[..after.len().min(MAX_PREVIEW)];
        let rules = Rules {
            preview: preview.len(),
            hold: true,
            ..self.rules
        };
        let position = Position {
            board: &game.board,
            rules: &rules,
            current,
            hold: game.hold,
            can_hold: true,
            preview,
            unseen: &game.bag,
            versus: game.versus_view(),
        };
        let mut firsts: Vec<(Placement, f64)> = Vec::new();
        self.searcher
            .for_each_first_move(&position, &self.weights, |_, placement, score| {
                firsts.push((*placement, score))
            });
        firsts.sort_by(|a, b| b.1.total_cmp(&a.1));
        let mut rng = GameRng::new(self.seed.wrapping_add(self.placed), TIE_STREAM);
        let (best, reached) = deepest_plan(
            &mut self.searcher,
            &position,
            (&self.weights, &self.search),
            &mut rng,
            started + self.budget,
        );
        let mut placements: Vec<Placement> = best.into_iter().collect();
        placements.extend(
            firsts
                .into_iter()
                .map(|(p, _)| p)
                .filter(|p| Some(*p) != best),
        );
        let moves = placements.iter().map(tbp_move).collect();
        let mut suggestion = Suggestion::new(moves);
        suggestion.move_info.depth = Some(reached.map_or(0.0, |search| f64::from(search.depth)));
        suggestion.move_info.extra = Some(format!(
            "{} in {:.1} ms",
            reached.map_or_else(|| "no search".to_string(), |search| searched(&search)),
            started.elapsed().as_secs_f64() * 1e3
        ));
        Reply::message(suggestion)
    }
}

/// The searches of a suggestion under `search`, in the order they are tried: one piece deeper at a
/// time up to its depth, then, at depth 2 or more, twice as wide each time: twice the share of
/// first moves searched further, up to all of them, and from depth 3 (where later pieces' moves are
/// kept by a beam) twice the beam, up to [`MAX_BEAM`].
pub fn search_steps(search: &SearchConfig) -> Vec<SearchConfig> {
    let mut steps: Vec<SearchConfig> = (1..=search.depth)
        .map(|depth| SearchConfig { depth, ..*search })
        .collect();
    if search.depth < 2 {
        return steps;
    }
    let beamed = search.depth >= 3;
    let mut wider = *search;
    while wider.prune < 1.0 || (beamed && wider.beam_width() < MAX_BEAM as usize) {
        wider = SearchConfig {
            prune: (wider.prune * 2.0).min(1.0),
            beam: beamed
                .then(|| (wider.beam_width() as u32 * 2).min(MAX_BEAM))
                .or(wider.beam),
            ..wider
        };
        steps.push(wider);
    }
    steps
}

/// A search in words, as a suggestion's `move_info` says it: "depth 3, beam 16, every first move".
fn searched(search: &SearchConfig) -> String {
    let firsts = if search.depth < 2 {
        String::new()
    } else if search.prune >= 1.0 {
        ", every first move".to_string()
    } else {
        format!(
            ", the best {}% of first moves",
            (search.prune * 100.0).round()
        )
    };
    let beam = if search.depth >= 3 {
        format!(", beam {}", search.beam_width())
    } else {
        String::new()
    };
    format!("depth {}{beam}{firsts}", search.depth)
}

/// The first move of the deepest and widest plan `searcher` finds for `position` with `weights`
/// and the searches of [`search_steps`] before `deadline`, ties broken from `rng`, and the search
/// that found it (none with no move). A search starts only if it is expected to end in time:
/// taking as long over the one before as that one did over its own (at least a fifth of
/// [`FIRST_GROWTH`]).
fn deepest_plan(
    searcher: &mut Searcher,
    position: &Position,
    (weights, search): (&Weights, &SearchConfig),
    rng: &mut GameRng,
    deadline: Instant,
) -> (Option<Placement>, Option<SearchConfig>) {
    let (mut best, mut reached) = (None, None);
    let mut last: Option<Duration> = None;
    for config in search_steps(search) {
        let step = Instant::now();
        let Some((placement, _)) = searcher.decide_placement(position, weights, &config, rng)
        else {
            break;
        };
        best = Some(placement);
        reached = Some(config);
        let took = step.elapsed();
        let growth = match last {
            Some(before) if !before.is_zero() => {
                (took.as_secs_f64() / before.as_secs_f64()).max(FIRST_GROWTH / 5.0)
            }
            _ => FIRST_GROWTH,
        };
        last = Some(took);
        if Instant::now() + took.mul_f64(growth) > deadline {
            break;
        }
    }
    (best, reached)
}
