//! One game: the board, the piece queue, hold, score and statistics, played by the AI one piece
//! at a time. Same configuration and seed, same game.

use crate::ai::presets;
use crate::ai::search::{Choice, Explanation, Position, Rating, SearchConfig, Searcher};
use crate::ai::weights::Weights;
use crate::engine::active::Active;
use crate::engine::board::Board;
use crate::engine::manual::{Action, Controls, Falling, Handling, Key};
use crate::engine::moves::{Input, Placement};
use crate::engine::piece::Piece;
use crate::engine::piece::Turn;
use crate::engine::rules::{GameRng, Randomizer, RuleSet, Rules, Scoring, lock, spawn_position};
use crate::engine::spin::{Spin, t_spin};
use crate::error::{Error, Result};
use crate::replay::{Move, Recording, encode};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// The preset a game plays when none is named.
pub const DEFAULT_PRESET: &str = "dellacherie";

/// The guideline level rises every ten lines up to this (the marathon's last level).
const MAX_LEVEL: u64 = 15;

/// Random streams drawn from a game's seed.
const PIECE_STREAM: u64 = 1;
const TIE_STREAM: u64 = 2;

/// Everything that defines a game. Written by serde; read (from JSON, or any serde format) by
/// [`checked::game_config`](crate::checked::game_config) alone, which checks every value.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct GameConfig {
    /// The rules.
    pub rules: Rules,
    /// Board columns (4 to 16).
    pub width: usize,
    /// Board rows (4 to 40).
    pub height: usize,
    /// The seed every random choice of the game comes from.
    pub seed: u64,
    /// A preset's name; used when `weights` is not given (default "dellacherie").
    #[cfg_attr(
        feature = "typescript",
        ts(as = "Option<crate::ai::presets::PresetName>")
    )]
    pub preset: Option<String>,
    /// Explicit weights; give these or a preset, not both.
    pub weights: Option<Weights>,
    /// Search depth, pruning and margin.
    pub search: SearchConfig,
    /// Timings of manual play.
    pub handling: Handling,
}

impl Default for GameConfig {
    fn default() -> GameConfig {
        GameConfig {
            rules: Rules::classic(),
            width: 10,
            height: 20,
            seed: 0,
            preset: None,
            weights: None,
            search: SearchConfig::default(),
            handling: Handling::default(),
        }
    }
}

impl GameConfig {
    /// The weights and search the configuration asks for, checked.
    pub fn resolve(&self) -> Result<(Weights, SearchConfig)> {
        self.rules.validate()?;
        self.search.validate()?;
        self.handling.validate()?;
        let mut search = self.search;
        let weights = match (&self.weights, &self.preset) {
            (Some(_), Some(name)) => {
                return Err(Error::Config(format!(
                    "give a preset or weights, not both (preset \"{name}\" and weights were given)"
                )));
            }
            (Some(weights), None) => weights.clone(),
            (None, name) => {
                let preset = presets::find(name.as_deref().unwrap_or(DEFAULT_PRESET))?;
                search.margin = search.margin.or(preset.lookahead_margin);
                preset.weights()
            }
        };
        Ok((weights, search))
    }
}

/// A game's running totals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Stats {
    /// Lines cleared.
    pub lines: u64,
    /// Pieces locked.
    pub pieces: u64,
    /// Guideline score (0 under the research rules, whose score is lines).
    pub score: u64,
    /// Pieces per line cleared, when any line was cleared.
    pub pieces_per_line: Option<f64>,
    /// Whether the game has ended.
    pub game_over: bool,
}

/// What one step did: a piece the AI or a player placed.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Step {
    /// The placement played and the inputs that reach it.
    pub choice: Choice,
    /// Lines the placement cleared.
    pub rows_cleared: u32,
    /// Points it scored.
    pub points: u64,
    /// Whether the game ended with it.
    pub game_over: bool,
    /// For a placement made by hand, the coach's rating of it against the AI's search on the
    /// board and pieces before it locked (see [`Game::rate`]); null for the AI's own.
    pub rating: Option<Rating>,
}

/// A choice as a renderer reads it: with the cells its placement fills.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ChoiceView<'a> {
    /// The choice.
    #[serde(flatten)]
    #[cfg_attr(feature = "typescript", ts(flatten))]
    pub choice: &'a Choice,
    /// The cells the placement fills, as (column, row).
    pub cells: [(i32, i32); 4],
}

impl<'a> ChoiceView<'a> {
    /// `choice` with its cells.
    pub fn of(choice: &'a Choice) -> ChoiceView<'a> {
        ChoiceView {
            choice,
            cells: choice.placement.cells(),
        }
    }
}

/// The cells of a piece in view, with its kind.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PieceView {
    /// The piece.
    pub piece: Piece,
    /// Its cells as (column, row), row 0 at the bottom.
    pub cells: [(i32, i32); 4],
}

/// What a renderer needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct View {
    /// Board columns.
    pub width: usize,
    /// Visible rows.
    pub height: usize,
    /// The locked cells, row by row from the bottom, visible rows then buffer rows: 0 empty,
    /// otherwise 1 + the index of the piece that filled it.
    pub cells: Vec<u8>,
    /// The piece about to be placed, where it appears.
    pub active: Option<PieceView>,
    /// Where the active piece would land if dropped straight down.
    pub ghost: Option<PieceView>,
    /// The hold slot.
    pub hold: Option<Piece>,
    /// The visible preview, next first.
    pub queue: Vec<Piece>,
    /// Running totals.
    pub stats: Stats,
}

/// A game's position without its AI or random streams, from [`Game::snapshot`]: what
/// [`Game::branch`] starts a game from.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    board: Board,
    colors: Vec<u8>,
    randomizer: Randomizer,
    current: Piece,
    preview: VecDeque<Piece>,
    hold: Option<Piece>,
    hold_used: bool,
    scoring: Scoring,
    stats: Stats,
}

/// One game in progress.
pub struct Game {
    config: GameConfig,
    weights: Weights,
    search: SearchConfig,
    board: Board,
    colors: Vec<u8>,
    piece_rng: GameRng,
    tie_rng: GameRng,
    randomizer: Randomizer,
    current: Piece,
    preview: VecDeque<Piece>,
    hold: Option<Piece>,
    hold_used: bool,
    scoring: Scoring,
    stats: Stats,
    searcher: Searcher,
    unseen: Vec<Piece>,
    controls: Controls,
    falling: Option<Falling>,
    plan: Option<Plan>,
    turn_start: Option<TurnStart>,
    /// The move of each piece locked, where the game records them (see [`Game::recorded`]).
    moves: Option<Vec<Move>>,
    /// Whether the AI placed every piece under the configuration, untouched by keys and by new
    /// weights or search: the configuration and seed then play the game again.
    ai_alone: bool,
    /// Whether a placement made by hand is rated against the AI's search as it locks.
    rates_hand: bool,
}

/// The pieces as they stood when the piece in play came in, kept once hold is used by an input,
/// so that the placement made then is rated against them, hold alternative and all.
#[derive(Clone, Debug)]
struct TurnStart {
    current: Piece,
    hold: Option<Piece>,
    preview: Vec<Piece>,
}

/// The AI's choice for the current piece and how many of its inputs have been made.
#[derive(Clone, Debug)]
struct Plan {
    choice: Choice,
    done: usize,
}

impl Game {
    /// A new game; a bad configuration is an error naming the bad value.
    pub fn new(config: GameConfig) -> Result<Game> {
        let (weights, search) = config.resolve()?;
        let board = Board::new(config.width, config.height)?;
        let mut piece_rng = GameRng::new(config.seed, PIECE_STREAM);
        let mut randomizer = Randomizer::for_rules(&config.rules);
        let current = randomizer.next(&mut piece_rng);
        let preview = (0..config.rules.preview)
            .map(|_| randomizer.next(&mut piece_rng))
            .collect();
        let mut game = Game {
            weights,
            search,
            board,
            colors: vec![0; board.width() * board.row_limit()],
            piece_rng,
            tie_rng: GameRng::new(config.seed, TIE_STREAM),
            randomizer,
            current,
            preview,
            hold: None,
            hold_used: false,
            scoring: Scoring::new(),
            stats: Stats::default(),
            searcher: Searcher::new(),
            unseen: Vec::with_capacity(7),
            controls: Controls::default(),
            falling: None,
            plan: None,
            turn_start: None,
            moves: None,
            ai_alone: true,
            rates_hand: true,
            config,
        };
        game.check_block_out();
        Ok(game)
    }

    /// A new game that records the move of each piece as it locks, the AI's and the player's,
    /// for [`Game::recording`] (a few bytes a piece).
    pub fn recorded(config: GameConfig) -> Result<Game> {
        let mut game = Game::new(config)?;
        game.moves = Some(Vec::new());
        Ok(game)
    }

    /// The position as it stands: board, pieces in play, preview and hold, the randomizer's
    /// state and the totals, a few hundred bytes where the game is tens of kilobytes.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            board: self.board,
            colors: self.colors.clone(),
            randomizer: self.randomizer.clone(),
            current: self.current,
            preview: self.preview.clone(),
            hold: self.hold,
            hold_used: self.hold_used,
            scoring: self.scoring,
            stats: self.stats,
        }
    }

    /// A game of this one's configuration, weights and search at `snapshot`'s position (taken
    /// from a game of the same board and rules), whose pieces and ties from now on come from
    /// `seed`: the same position with a fresh future, as multilevel splitting restarts it. The
    /// branch records no moves and has no input under way; its configuration's seed is `seed`,
    /// though the configuration alone no longer plays it again.
    pub fn branch(&self, snapshot: &Snapshot, seed: u64) -> Game {
        let Snapshot {
            board,
            colors,
            randomizer,
            current,
            preview,
            hold,
            hold_used,
            scoring,
            stats,
        } = snapshot.clone();
        Game {
            config: GameConfig {
                seed,
                ..self.config.clone()
            },
            weights: self.weights.clone(),
            search: self.search,
            board,
            colors,
            piece_rng: GameRng::new(seed, PIECE_STREAM),
            tie_rng: GameRng::new(seed, TIE_STREAM),
            randomizer,
            current,
            preview,
            hold,
            hold_used,
            scoring,
            stats,
            searcher: Searcher::new(),
            unseen: Vec::with_capacity(7),
            controls: Controls::default(),
            falling: None,
            plan: None,
            turn_start: None,
            moves: None,
            ai_alone: false,
            rates_hand: self.rates_hand,
        }
    }

    /// The moves recorded so far, one per piece locked (none where the game does not record).
    pub fn moves(&self) -> &[Move] {
        self.moves.as_deref().unwrap_or_default()
    }

    /// The game as a replay keeps it, where it records (see [`Game::recorded`]): the moves, or
    /// none where the AI alone played every piece under the configuration, which then plays the
    /// game again from its seed. The configuration is the one the game was made with, or where
    /// the AI plays by other weights or search now, one with those.
    pub fn recording(&self) -> Option<Recording> {
        let moves = self.moves.as_ref()?;
        let as_made = self.config.resolve().ok() == Some((self.weights.clone(), self.search));
        let config = if as_made {
            self.config.clone()
        } else {
            GameConfig {
                weights: Some(self.weights.clone()),
                preset: None,
                search: self.search,
                ..self.config.clone()
            }
        };
        Some(Recording {
            config,
            pieces: moves.len() as u64,
            moves: (!self.ai_alone).then(|| encode(moves)),
        })
    }

    /// The configuration the game was made with.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The weights the AI plays with.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Whether each placement made by hand is rated against the AI's search as it locks (the
    /// step's `rating`, which the coach shows); on by default. Off saves a search per piece
    /// where nobody reads the rating.
    pub fn set_hand_rating(&mut self, on: bool) {
        self.rates_hand = on;
    }

    /// Splits the AI's plies after the first over the rayon pool (or not); the choices stay the
    /// same.
    pub fn set_parallel(&mut self, parallel: bool) {
        self.searcher.set_parallel(parallel);
    }

    /// Replaces the AI's weights; the next decision uses them.
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
        self.ai_alone = false;
        self.forget_plan();
    }

    /// Replaces the AI's search (depth, pruning, margin; a margin of `None` takes the preset's);
    /// the current piece is decided again with it. Bad values are refused and change nothing.
    pub fn set_search(&mut self, search: SearchConfig) -> Result<()> {
        let config = GameConfig {
            search,
            ..self.config.clone()
        };
        let (_, resolved) = config.resolve()?;
        self.config = config;
        self.search = resolved;
        self.ai_alone = false;
        self.forget_plan();
        Ok(())
    }

    /// Drops the AI's plan for the current piece; the piece goes back to its spawn position,
    /// where the next plan starts.
    fn forget_plan(&mut self) {
        if self.plan.take().is_some() {
            self.falling = None;
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece to place next.
    pub fn current(&self) -> Piece {
        self.current
    }

    /// The piece in the hold slot.
    pub fn held(&self) -> Option<Piece> {
        self.hold
    }

    /// The visible preview, next piece first.
    pub fn preview(&self) -> impl ExactSizeIterator<Item = Piece> + '_ {
        self.preview.iter().copied()
    }

    /// Whether hold may be used now: the rules have it and it was not used for this piece.
    pub fn can_hold(&self) -> bool {
        self.config.rules.hold && !self.hold_used && !self.stats.game_over
    }

    /// Where the piece in play would lock if hard dropped now (the view's ghost); none once the
    /// game is over.
    pub fn ghost_placement(&self) -> Option<Placement> {
        self.active()
            .map(|a| a.ghost(&self.board).placement(&self.board))
    }

    /// Ends the game where it stands.
    pub fn end(&mut self) {
        self.stats.game_over = true;
        self.falling = None;
        self.plan = None;
    }

    /// The cells of the piece in play as the view shows it (where it spawns until it is
    /// moved); none once the game is over.
    pub fn active_cells(&self) -> Option<[(i32, i32); 4]> {
        self.active().map(|a| a.placement(&self.board).cells())
    }

    /// Running totals.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.stats.game_over
    }

    fn check_block_out(&mut self) {
        if self.config.rules.kind == RuleSet::Guideline
            && spawn_position(&self.board, self.current).is_none()
        {
            self.stats.game_over = true;
        }
    }

    fn refresh_unseen(&mut self) {
        self.unseen.clear();
        if let Randomizer::Bag(bag) = &self.randomizer {
            self.unseen.extend_from_slice(bag);
        }
        if self.unseen.is_empty() {
            self.unseen.extend_from_slice(&Piece::ALL);
        }
    }

    /// Runs `think` on the searcher with what the AI sees of the game.
    fn with_position<R>(
        &mut self,
        think: impl FnOnce(&mut Searcher, &Position, &Weights, &SearchConfig, &mut GameRng) -> R,
    ) -> R {
        self.refresh_unseen();
        let position = Position {
            board: &self.board,
            rules: &self.config.rules,
            current: self.current,
            hold: self.hold,
            can_hold: self.config.rules.hold && !self.hold_used,
            preview: self.preview.make_contiguous(),
            unseen: &self.unseen,
        };
        think(
            &mut self.searcher,
            &position,
            &self.weights,
            &self.search,
            &mut self.tie_rng,
        )
    }

    /// The AI's choice for the current piece, decided now if it has not been yet (and kept
    /// until the piece locks, hold is used by hand, or the weights change). `None` once the
    /// game is over; a piece with nowhere to go ends the game.
    pub fn decide(&mut self) -> Option<&Choice> {
        if self.stats.game_over {
            return None;
        }
        if self.plan.is_none() {
            let decision = self.with_position(|searcher, position, weights, search, rng| {
                searcher.decide(position, weights, search, rng)
            });
            match decision {
                Some(choice) => {
                    // The plan starts from the spawn position, where the piece goes back to.
                    self.falling = None;
                    self.plan = Some(Plan { choice, done: 0 });
                }
                None => self.stats.game_over = true,
            }
        }
        self.plan.as_ref().map(|plan| &plan.choice)
    }

    /// Lets the AI play the current piece at once. `None` once the game is over.
    pub fn step(&mut self) -> Option<Step> {
        self.decide()?;
        let Plan { choice, done } = self.plan.take()?;
        let hold_now = choice.hold && !choice.path[..done].contains(&Input::Hold);
        let (rows_cleared, points) = self.place(&choice.placement, hold_now);
        Some(Step {
            choice,
            rows_cleared,
            points,
            game_over: self.stats.game_over,
            rating: None,
        })
    }

    /// Lets the AI make the next input of its path, visibly: shifts, turns and soft drops move
    /// the piece in play, hold swaps it, and the final hard drop locks the decided placement
    /// (returned as the step). `None` while the piece is still on its way, and once the game is
    /// over.
    pub fn ai_input(&mut self) -> Option<Step> {
        self.decide()?;
        let plan = self.plan.as_mut()?;
        let input = plan.choice.path[plan.done];
        plan.done += 1;
        match input {
            Input::HardDrop => return self.step(),
            Input::Hold => {
                self.hold_by_input();
                self.falling = None;
            }
            Input::Left | Input::Right | Input::Cw | Input::Ccw | Input::SoftDrop => {
                let board = self.board;
                if let Some(falling) = self.falling() {
                    let piece = &mut falling.piece;
                    match input {
                        Input::Left => piece.shift(&board, -1),
                        Input::Right => piece.shift(&board, 1),
                        Input::Cw => piece.turn(&board, Turn::Cw),
                        Input::Ccw => piece.turn(&board, Turn::Ccw),
                        _ => piece.down(&board),
                    };
                }
            }
        }
        None
    }

    /// Plays until the game ends or `max_pieces` pieces in all have been placed: the same game
    /// as [`Game::step`] plays, without working out the input paths nobody sees.
    pub fn play(&mut self, max_pieces: Option<u64>) -> Stats {
        while !self.stats.game_over && max_pieces.is_none_or(|cap| self.stats.pieces < cap) {
            if self.plan.is_some() {
                // A plan under way keeps the inputs it has made.
                self.step();
                continue;
            }
            let decision = self.with_position(|searcher, position, weights, search, rng| {
                searcher.decide_placement(position, weights, search, rng)
            });
            let Some((placement, hold)) = decision else {
                self.stats.game_over = true;
                break;
            };
            self.place(&placement, hold);
        }
        self.stats
    }

    /// Locks the AI's `placement`, using hold first when `hold_now`; returns the rows cleared
    /// and the points scored.
    fn place(&mut self, placement: &Placement, hold_now: bool) -> (u32, u64) {
        self.falling = None;
        if hold_now {
            self.use_hold();
        }
        self.lock(placement, 0, 0)
    }

    /// Locks `played`, a replay's move, for the piece in play, using hold first where it says
    /// so, and scores its drops as a player's. A move that cannot be played is refused, changing
    /// nothing, with the reason: the game is over, the rules have no hold, its piece is not the
    /// one in play, its placement does not fit on the board or floats above the stack, or it
    /// claims a T-spin it does not make.
    pub fn play_move(&mut self, played: &Move) -> Result<Step> {
        let placement = played.placement();
        let refused = |why: String| {
            let shown = serde_json::to_string(&placement).unwrap_or_default();
            Err(Error::Config(format!("placement {shown} {why}")))
        };
        if self.stats.game_over {
            return Err(Error::Config("it comes after the game ended".to_string()));
        }
        if played.hold() && !self.config.rules.hold {
            return Err(Error::Config(
                "it uses hold, which these rules do not have".to_string(),
            ));
        }
        let in_play = if played.hold() {
            self.piece_after_hold()
        } else {
            self.current
        };
        if placement.piece != in_play {
            return Err(Error::Config(format!(
                "it places {}, but the piece in play is {in_play}{}",
                placement.piece,
                if played.hold() { " after hold" } else { "" }
            )));
        }
        let shape = placement.piece.shape(placement.rotation);
        if !self.board.fits(shape, placement.x, placement.y) {
            return refused("does not fit on the board".to_string());
        }
        if self.board.fits(shape, placement.x, placement.y - 1) {
            return refused("floats: it would fall further".to_string());
        }
        if placement.spin != Spin::None
            && (placement.piece != Piece::T
                || t_spin(&self.board, placement.rotation, placement.x, placement.y, 0)
                    == Spin::None)
        {
            return refused("claims a T-spin, but it is no T-spin".to_string());
        }
        self.ai_alone = false;
        self.falling = None;
        self.plan = None;
        if played.hold() {
            self.use_hold();
        }
        let (rows_cleared, points) = self.lock(&placement, played.soft_rows(), played.hard_rows());
        Ok(Step {
            choice: Choice {
                placement,
                hold: played.hold(),
                path: Vec::new(),
                score: f64::NAN,
            },
            rows_cleared,
            points,
            game_over: self.stats.game_over,
            rating: None,
        })
    }

    /// The piece hold brings in now: the held one, else the next (drawn without drawing it).
    fn piece_after_hold(&self) -> Piece {
        self.hold
            .or_else(|| self.preview.front().copied())
            .unwrap_or_else(|| self.randomizer.clone().next(&mut self.piece_rng.clone()))
    }

    /// Uses hold by an input (the AI's visible path, or a player's key), keeping the pieces as
    /// they stood for the rating of the placement that follows.
    fn hold_by_input(&mut self) {
        self.turn_start = Some(TurnStart {
            current: self.current,
            hold: self.hold,
            preview: self.preview.iter().copied().collect(),
        });
        self.use_hold();
    }

    /// Swaps the current piece with the hold slot (drawing the next piece if it was empty).
    fn use_hold(&mut self) {
        let held = self.hold.replace(self.current);
        self.current = match held {
            Some(piece) => piece,
            None => self.draw(),
        };
        self.hold_used = true;
    }

    /// Takes the next piece from the preview (refilling it) or straight from the randomizer.
    fn draw(&mut self) -> Piece {
        let fresh = self.randomizer.next(&mut self.piece_rng);
        match self.preview.pop_front() {
            Some(next) => {
                self.preview.push_back(fresh);
                next
            }
            None => fresh,
        }
    }

    /// Locks `placement`, which fell `soft_rows` by soft drop and `hard_rows` by hard drop,
    /// records its move, scores it and its drops, and brings in the next piece; returns (lines,
    /// points).
    fn lock(&mut self, placement: &Placement, soft_rows: u32, hard_rows: u32) -> (u32, u64) {
        if let Some(moves) = &mut self.moves {
            moves.push(Move::new(self.hold_used, placement, soft_rows, hard_rows));
        }
        let kind = self.config.rules.kind;
        let level = (1 + self.stats.lines / 10).min(MAX_LEVEL) as u32;
        let locked = lock(&mut self.board, placement, self.config.rules.top_out());
        self.paint(placement, locked.cleared);
        let points = match kind {
            RuleSet::Classic => 0,
            RuleSet::Guideline => {
                self.scoring.drop(soft_rows, hard_rows)
                    + self
                        .scoring
                        .lock(locked.rows_cleared, placement.spin, level)
            }
        };
        self.stats.lines += locked.rows_cleared as u64;
        self.stats.pieces += 1;
        self.stats.score = self.scoring.score;
        self.stats.pieces_per_line =
            (self.stats.lines > 0).then(|| self.stats.pieces as f64 / self.stats.lines as f64);
        self.hold_used = false;
        self.turn_start = None;
        self.plan = None;
        if locked.tops_out {
            self.stats.game_over = true;
        } else {
            self.current = self.draw();
            self.check_block_out();
        }
        (locked.rows_cleared, points)
    }

    /// Records the piece's colour in its cells and removes the cleared rows from the colour grid.
    fn paint(&mut self, placement: &Placement, cleared: u64) {
        let width = self.board.width();
        let rows = self.board.row_limit();
        for (x, y) in placement.cells() {
            if (y as usize) < rows {
                self.colors[y as usize * width + x as usize] = placement.piece.index() as u8 + 1;
            }
        }
        if cleared == 0 {
            return;
        }
        // Rows below the lowest cleared one stay where they are; the kept rows above it move
        // down a run at a time, up to the stack's top before the clear (above it all is empty).
        let top = self.board.max_height() + cleared.count_ones() as usize;
        let mut kept = cleared.trailing_zeros() as usize;
        let mut y = kept;
        while y < top {
            // Past the cleared rows at `y`, then the run of kept rows above them moves down.
            y += (!cleared >> y).trailing_zeros() as usize;
            let end = (y + (cleared >> y).trailing_zeros() as usize).min(top);
            if y < end {
                self.colors
                    .copy_within(y * width..end * width, kept * width);
                kept += end - y;
            }
            y = end;
        }
        self.colors[kept * width..top * width].fill(0);
    }

    /// The piece under the player's control, spawned if need be; `None` once the game is over
    /// (a piece that cannot spawn ends it).
    fn falling(&mut self) -> Option<&mut Falling> {
        if self.stats.game_over {
            return None;
        }
        if self.falling.is_none() {
            match spawn_position(&self.board, self.current) {
                Some(at) => self.falling = Some(Falling::new(Active::new(self.current, at))),
                None => self.stats.game_over = true,
            }
        }
        self.falling.as_mut()
    }

    /// Presses `key` (manual play): shifts and turns act at once, a hard drop locks. Returns
    /// the step when a piece locks.
    pub fn press(&mut self, key: Key) -> Option<Step> {
        self.plan = None;
        self.ai_alone = false;
        let board = self.board;
        let mut controls = self.controls;
        let action = self
            .falling()
            .map(|falling| controls.press(key, falling, &board))?;
        self.controls = controls;
        self.act(action)
    }

    /// Releases `key` (manual play).
    pub fn release(&mut self, key: Key) {
        self.controls.release(key);
    }

    /// Lets `frames` frames pass (manual play): auto shift, gravity, soft drop, lock delay.
    /// Returns the steps of the pieces that locked.
    pub fn tick(&mut self, frames: u32) -> Vec<Step> {
        let handling = self.config.handling;
        let mut steps = Vec::new();
        for _ in 0..frames {
            let board = self.board;
            let mut controls = self.controls;
            let Some(falling) = self.falling() else { break };
            let action = controls.frame(falling, &board, &handling);
            self.controls = controls;
            steps.extend(self.act(action));
        }
        steps
    }

    /// Changes the timings of manual play from now on; bad values are refused and change nothing.
    pub fn set_handling(&mut self, handling: Handling) -> Result<()> {
        handling.validate()?;
        self.config.handling = handling;
        Ok(())
    }

    /// Carries out what a key or a frame asked for; returns the step when a piece locks (a
    /// placement made by hand has no path and no score).
    fn act(&mut self, action: Action) -> Option<Step> {
        match action {
            Action::Nothing => None,
            Action::Hold => {
                if self.config.rules.hold && !self.hold_used {
                    self.hold_by_input();
                    self.falling = None;
                }
                None
            }
            Action::Lock {
                soft_rows,
                hard_rows,
            } => {
                let falling = self.falling.take()?;
                let placement = falling.piece.placement(&self.board);
                let rating = if self.rates_hand {
                    self.rate_hand(&placement)
                } else {
                    None
                };
                let (rows_cleared, points) = self.lock(&placement, soft_rows, hard_rows);
                Some(Step {
                    choice: Choice {
                        placement,
                        hold: false,
                        path: Vec::new(),
                        score: f64::NAN,
                    },
                    rows_cleared,
                    points,
                    game_over: self.stats.game_over,
                    rating,
                })
            }
        }
    }

    /// Every placement of the current piece (and the hold alternative) with its one-ply score and
    /// path, best first.
    pub fn ranked_placements(&mut self) -> Vec<Choice> {
        if self.stats.game_over {
            return Vec::new();
        }
        self.with_position(|searcher, position, weights, _, _| searcher.rank(position, weights))
    }

    /// Calls `visit` with every placement of the current piece and then of the hold alternative
    /// (`true` when hold is used first), with its one-ply score, in move order: the placements
    /// of `ranked_placements`, unsorted and without paths. None once the game is over.
    pub fn for_each_placement(&mut self, visit: impl FnMut(bool, &Placement, f64)) {
        if self.stats.game_over {
            return;
        }
        self.with_position(|searcher, position, weights, _, _| {
            searcher.for_each_first_move(position, weights, visit)
        })
    }

    /// The placements tied for the best one-ply score, in search order: the hints, as the first
    /// of `ranked_placements`, without the paths of the rest.
    pub fn hints(&mut self) -> Vec<Choice> {
        if self.stats.game_over {
            return Vec::new();
        }
        self.with_position(|searcher, position, weights, _, _| {
            searcher.best_first_moves(position, weights)
        })
    }

    /// Why the AI scores `placement` as it does: each weighted feature of the board it leaves,
    /// summing to its own score, and at depth 2 and deeper the value of the plies after it and
    /// the plan value the AI chooses by. `placement` is one `ranked_placements` gives (matched by
    /// its piece and cells); any other, or any once the game is over, is refused, naming it.
    pub fn explain(&mut self, placement: &Placement) -> Result<Explanation> {
        if !self.stats.game_over {
            let found = self.with_position(|searcher, position, weights, search, _| {
                searcher.explain(position, weights, search, placement)
            });
            if let Some(explanation) = found {
                return Ok(explanation);
            }
        }
        Err(self.not_in_play(placement))
    }

    /// Where `placement` ranks among the placements `ranked_placements` gives, by their own
    /// scores (at every depth), how far below the best it scores, and the one or two features
    /// that make most of the difference. Refused, naming it, as [`Game::explain`] refuses.
    pub fn rate(&mut self, placement: &Placement) -> Result<Rating> {
        if !self.stats.game_over {
            let found = self.with_position(|searcher, position, weights, _, _| {
                searcher.rate(position, weights, placement)
            });
            if let Some(rating) = found {
                return Ok(rating);
            }
        }
        Err(self.not_in_play(placement))
    }

    /// Why `placement` is refused: the game is over, or it is not one of the current piece's.
    fn not_in_play(&self, placement: &Placement) -> Error {
        let shown = serde_json::to_string(placement).unwrap_or_default();
        Error::Config(if self.stats.game_over {
            format!("placement {shown} is not in play: the game is over")
        } else {
            format!(
                "placement {shown} is none of those search() gives for the piece in play ({}) \
                 or the piece hold brings",
                self.current
            )
        })
    }

    /// The rating of `placement`, made by hand and about to lock (or a replay's move, about to
    /// be played): against the pieces as they stood when the turn started where hold was used
    /// and brought in the piece placed, else against the position now; found by the search or
    /// not (see [`Searcher::rate_hand`]). `None` when its piece is neither the one in play nor
    /// the one hold brings. The draws unseen are today's: a rating reads the first ply alone,
    /// which does not look at them.
    pub fn rate_hand(&mut self, placement: &Placement) -> Option<Rating> {
        self.refresh_unseen();
        let rules = &self.config.rules;
        if let Some(start) = &self.turn_start {
            let before = Position {
                board: &self.board,
                rules,
                current: start.current,
                hold: start.hold,
                can_hold: true,
                preview: &start.preview,
                unseen: &self.unseen,
            };
            let rating = self.searcher.rate_hand(&before, &self.weights, placement);
            if rating.is_some() {
                return rating;
            }
        }
        let now = Position {
            board: &self.board,
            rules,
            current: self.current,
            hold: self.hold,
            can_hold: rules.hold && !self.hold_used,
            preview: self.preview.make_contiguous(),
            unseen: &self.unseen,
        };
        self.searcher.rate_hand(&now, &self.weights, placement)
    }

    /// The piece in play: the one under control, else the current piece at its spawn; none
    /// once the game is over.
    fn active(&self) -> Option<Active> {
        match self.falling {
            Some(falling) if !self.stats.game_over => Some(falling.piece),
            _ => (!self.stats.game_over)
                .then(|| spawn_position(&self.board, self.current))
                .flatten()
                .map(|at| Active::new(self.current, at)),
        }
    }

    /// The state a renderer draws.
    pub fn view(&self) -> View {
        let active = self.active();
        let piece_view = |a: Active| PieceView {
            piece: a.piece,
            cells: a.placement(&self.board).cells(),
        };
        View {
            width: self.board.width(),
            height: self.board.height(),
            cells: self.colors.clone(),
            active: active.map(piece_view),
            ghost: active.map(|a| piece_view(a.ghost(&self.board))),
            hold: self.hold,
            queue: self.preview.iter().copied().collect(),
            stats: self.stats,
        }
    }
}
