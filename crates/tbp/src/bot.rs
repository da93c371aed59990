//! The bot's side of a conversation: each message from the frontend, read as the protocol says,
//! and the messages to send back. A malformed or unknown message, or one that does not fit the
//! game, is a warning (for standard error, or the console), and the conversation goes on.
//!
//! A `suggest` is answered within the think budget by the bot's [`BotSearch`]: by default a beam
//! through every known piece and a few futures sampled past them ([`Futures`]), twice as wide at
//! each step, which stops before a step it expects to overrun the budget, so the answer is the
//! widest plan found in time. Between messages the bot may think ahead ([`Bot::ponder`],
//! [`Bot::ponder_unless`]) about the position the next `suggest` will ask about, and then answers
//! at once. The moves are the plan's first move, then every other placement of the current
//! piece and of the hold alternative, best first by its one-piece score, so that a frontend that
//! refuses one finds the next.

use crate::futures::Futures;
use crate::game::{FollowedGame, HEIGHT, WIDTH};
use crate::location::{engine_piece, tbp_move};
use crate::search::{BotSearch, Reached, Thought, deepest_plan};
use crate::spawn::below_the_guidelines_spawn;
use serde_json::Value;
use std::time::Duration;
use tbp::bot_msg::{Info, Ready, Suggestion};
use tbp::{BotMessage, FrontendMessage};
use tetris_ai_core::RuleSet;
use tetris_ai_core::ai::search::{Position, SearchConfig, Searcher};
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
    search: BotSearch,
    /// The game's search, which [`BotSearch::Plies`] deepens and widens.
    plies: SearchConfig,
    rules: Rules,
    seed: u64,
    budget: Duration,
    searcher: Searcher,
    game: Option<FollowedGame>,
    /// Pieces placed in the game followed, for each position's tie stream.
    placed: u64,
    /// The messages that changed the game followed, which tell one state of it from the next.
    changes: u64,
    /// The beam's progress on the game's state.
    thought: Thought,
}

impl Bot {
    /// The bot that plays `config`'s weights (its rules' preview and hold are the frontend's),
    /// answers each `suggest` within `budget` by `search` (with [`BotSearch::Plies`], `config`'s
    /// own without its beam through the preview, breaking ties from its seed). A bad
    /// configuration, one that is not guideline rules on the protocol's 10x20 board, a budget of
    /// no time or more than [`MAX_THINK_MS`], or a beam too narrow or too wide, is an error
    /// naming it.
    pub fn new(config: &GameConfig, budget: Duration, search: BotSearch) -> Result<Bot> {
        let (weights, mut plies) = config.resolve()?;
        // The bot's own beam grows within the budget: a preset's fixed one is for the engine's
        // games.
        plies.preview_beam = None;
        search.validate()?;
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
            plies,
            rules: config.rules,
            seed: config.seed,
            budget,
            searcher: Searcher::new(),
            game: None,
            placed: 0,
            changes: 0,
            thought: Thought::new(Futures::DEFAULT, config.seed),
        })
    }

    /// The bot with its beam looking through `futures` past the preview ([`Futures::DEFAULT`]
    /// unless told otherwise); bad futures are an error naming the value.
    pub fn through(mut self, futures: Futures) -> Result<Bot> {
        futures.validate()?;
        self.thought = Thought::new(futures, self.seed);
        Ok(self)
    }

    /// Thinks ahead while the frontend is quiet: searches the next beam for the position the next
    /// `suggest` will ask about, if it is expected to take no longer than the think budget (so that
    /// a message that comes meanwhile waits no longer). Returns whether there is more to think
    /// about; with no game, no piece, the plies search, or the widest beam searched, there is not.
    pub fn ponder(&mut self) -> bool {
        let until = Instant::now() + self.budget;
        self.think_ahead(|thought, searcher, at, max_width| {
            thought.widen(searcher, at, max_width, until)
        })
    }

    /// Thinks ahead while the frontend is quiet, as [`Bot::ponder`] does, but searches the next
    /// beam however long it takes, unless `stop` (asked before each node the beam expands: has a
    /// message come?) says to stop first; a beam interrupted is left for the message. So a
    /// frontend that pauses long between pieces (a line clear's delay) finds a wider plan made,
    /// and one that does not waits for no beam. Returns whether there is more to think about.
    pub fn ponder_unless(&mut self, stop: &mut dyn FnMut() -> bool) -> bool {
        self.think_ahead(|thought, searcher, at, max_width| {
            thought.widen_unless(searcher, at, max_width, stop)
        })
    }

    /// Thinks ahead by `widen` (which searches the next beam, or not) about the game followed;
    /// returns whether there is more to think about.
    fn think_ahead(
        &mut self,
        widen: impl FnOnce(&mut Thought, &mut Searcher, (&Position, &Weights), u32) -> bool,
    ) -> bool {
        let BotSearch::Beam { max_width } = self.search else {
            return false;
        };
        let Some(game) = self.game.as_ref() else {
            return false;
        };
        let thought = self.thought.about(self.changes);
        let (searcher, weights) = (&mut self.searcher, &self.weights);
        let widened = with_position(game, &self.rules, |position| {
            widen(thought, searcher, (position, weights), max_width)
        });
        widened == Some(true) && thought.can_widen(max_width)
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
        if !matches!(
            message,
            FrontendMessage::Rules(_) | FrontendMessage::Suggest(_) | FrontendMessage::Quit(_)
        ) {
            self.changes += 1;
        }
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

    /// The suggestion for the game followed: where the piece spawns only at the protocol's row
    /// 19, not by the guideline, the moves from there ([`below_the_guidelines_spawn`]); no moves
    /// (a forfeit) where there is none, or no piece to place.
    fn suggest(&mut self) -> Reply {
        let started = Instant::now();
        let deadline = started + self.budget;
        let Some(game) = self.game.as_ref() else {
            let mut reply = Reply::message(Suggestion::new(Vec::new()));
            reply
                .warnings
                .push("a suggest came with no game started".into());
            return reply;
        };
        let (searcher, weights, plies) = (&mut self.searcher, &self.weights, &self.plies);
        let thought = self.thought.about(self.changes);
        let mut rng = GameRng::new(self.seed.wrapping_add(self.placed), TIE_STREAM);
        let search = self.search;
        let found = with_position(game, &self.rules, |position| {
            let mut firsts: Vec<(Placement, f64)> = Vec::new();
            searcher.for_each_first_move(position, weights, |_, placement, score| {
                firsts.push((*placement, score))
            });
            firsts.sort_by(|a, b| b.1.total_cmp(&a.1));
            let (best, reached) = match search {
                BotSearch::Beam { max_width } => {
                    while thought.widen(searcher, (position, weights), max_width, deadline) {}
                    let reached = thought.found();
                    let best = match reached {
                        Some(Reached::Beam(_, _, plan)) => Some(plan.placement),
                        _ => None,
                    };
                    (best, reached)
                }
                BotSearch::Plies => {
                    deepest_plan(searcher, position, (weights, plies), &mut rng, deadline)
                }
            };
            let mut placements: Vec<Placement> = best.into_iter().collect();
            placements.extend(
                firsts
                    .into_iter()
                    .map(|(p, _)| p)
                    .filter(|p| Some(*p) != best),
            );
            (placements, reached)
        });
        let Some((placements, reached)) = found else {
            let mut reply = Reply::message(Suggestion::new(Vec::new()));
            reply
                .warnings
                .push("a suggest came with no piece in the queue".into());
            return reply;
        };
        // No move by the guideline's spawn: those from the protocol's, if the piece spawns there.
        let (placements, searched) = match (placements.is_empty(), reached) {
            (true, _) => {
                let below = below_the_guidelines_spawn(game, self.rules.kicks);
                let words = if below.is_empty() {
                    "no move"
                } else {
                    "no search: the piece spawns only at the protocol's row 19, lowest moves first"
                };
                (below, words.to_string())
            }
            (false, Some(reached)) => (placements, reached.words()),
            (false, None) => (placements, "no search".to_string()),
        };
        let moves = placements.iter().map(tbp_move).collect();
        let mut suggestion = Suggestion::new(moves);
        suggestion.move_info.depth = Some(reached.map_or(0.0, |reached| reached.pieces() as f64));
        suggestion.move_info.extra = Some(format!(
            "{searched} in {:.1} ms",
            started.elapsed().as_secs_f64() * 1e3
        ));
        Reply::message(suggestion)
    }
}

/// What `think` finds in the position of `game` under `rules` (the frontend's preview, up to the
/// engine's, and hold), or `None` with no piece to place.
fn with_position<R>(
    game: &FollowedGame,
    rules: &Rules,
    think: impl FnOnce(&Position) -> R,
) -> Option<R> {
    let queue: Vec<_> = game.queue.iter().copied().collect();
    let (&current, after) = queue.split_first()?;
    let preview = &after[..after.len().min(MAX_PREVIEW)];
    let rules = Rules {
        preview: preview.len(),
        hold: true,
        ..*rules
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
    Some(think(&position))
}
