//! How the bot searches within its think budget: a beam through every known piece and the
//! futures sampled past them ([`crate::futures`]), widened while time is left (and, where the
//! frontend gives it time between messages, thought ahead), or the game's own plies, deepened and
//! then widened.

use crate::futures::{Futures, agreed_plan};
use std::time::Duration;
use tetris_ai_core::ai::search::{
    BeamPlan, MAX_BEAM, MAX_PREVIEW_BEAM, Position, SearchConfig, Searcher,
};
use tetris_ai_core::ai::weights::Weights;
use tetris_ai_core::engine::moves::Placement;
use tetris_ai_core::engine::rules::GameRng;
use tetris_ai_core::error::{Error, Result};
use web_time::Instant;

/// The first beam's width, in nodes a piece.
pub const FIRST_WIDTH: u32 = 4;
/// The widest beam a bot searches unless told otherwise.
pub const DEFAULT_MAX_WIDTH: u32 = 4096;
/// The widest beam a bot may be told to search: the widest the engine searches.
pub const MAX_WIDTH: u32 = MAX_PREVIEW_BEAM;

/// How long a beam twice as wide may take, as a multiple of the one before: a beam's work grows
/// with its width, and the margin keeps a step from overrunning the budget.
const BEAM_GROWTH: f64 = 2.5;

/// How long a ply may take, as a multiple of the one before, when none has been timed: a safe
/// guess, above what the second and third plies take over the first on a guideline board.
const FIRST_GROWTH: f64 = 50.0;

/// How a bot searches within its think budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotSearch {
    /// A beam through every known piece (the current one, the preview and hold), from
    /// [`FIRST_WIDTH`] nodes a piece, twice as wide at each step while the next is expected to end
    /// in time, up to `max_width`. Between messages the bot thinks ahead about the position the
    /// next `suggest` will ask about, so that it answers at once.
    Beam {
        /// The widest beam searched.
        max_width: u32,
    },
    /// The game's search: a piece deeper at a time up to its depth, then twice as wide at each
    /// step ([`search_steps`]), while the next step is expected to end in time.
    Plies,
}

impl Default for BotSearch {
    fn default() -> BotSearch {
        BotSearch::Beam {
            max_width: DEFAULT_MAX_WIDTH,
        }
    }
}

impl BotSearch {
    /// The search named `name` (`beam` or `plies`), a beam at most `max_width` wide; an unknown
    /// name, or a width outside [`FIRST_WIDTH`] to [`MAX_WIDTH`], is an error naming it.
    pub fn named(name: &str, max_width: u32) -> Result<BotSearch> {
        check_width(max_width)?;
        match name {
            "beam" => Ok(BotSearch::Beam { max_width }),
            "plies" => Ok(BotSearch::Plies),
            _ => Err(Error::Config(format!(
                "the bot's search must be \"beam\" or \"plies\", got \"{name}\""
            ))),
        }
    }

    /// Checks the beam's width; the error names a bad one.
    pub fn validate(&self) -> Result<()> {
        match *self {
            BotSearch::Beam { max_width } => check_width(max_width),
            BotSearch::Plies => Ok(()),
        }
    }
}

/// Checks that `max_width` is from [`FIRST_WIDTH`] to [`MAX_WIDTH`].
fn check_width(max_width: u32) -> Result<()> {
    if (FIRST_WIDTH..=MAX_WIDTH).contains(&max_width) {
        return Ok(());
    }
    Err(Error::Config(format!(
        "the widest beam must be from {FIRST_WIDTH} to {MAX_WIDTH} nodes, got {max_width}"
    )))
}

/// What a suggestion was found by, as its `move_info` tells it.
#[derive(Clone, Copy, Debug)]
pub enum Reached {
    /// A beam of this width through these futures, and the plan it chose.
    Beam(u32, Futures, BeamPlan),
    /// The plies of this search.
    Plies(SearchConfig),
}

impl Reached {
    /// The pieces the plan places.
    pub fn pieces(&self) -> usize {
        match self {
            Reached::Beam(_, _, plan) => plan.pieces,
            Reached::Plies(search) => usize::from(search.depth),
        }
    }

    /// The search in words: "beam 1024 through 7 pieces, 2 of them sampled in 5 futures",
    /// "depth 3, beam 16, every first move".
    pub fn words(&self) -> String {
        match self {
            Reached::Beam(width, futures, plan) => {
                format!(
                    "beam {width} through {} pieces{}",
                    plan.pieces,
                    futures.words()
                )
            }
            Reached::Plies(search) => searched(search),
        }
    }
}

/// The beam's progress on one position of the game followed: the widest beam searched and its
/// plan, and how long it took; and the futures it looks through.
#[derive(Clone, Copy, Debug, Default)]
pub struct Thought {
    /// The game's state it is about, counted by the messages that changed it.
    about: u64,
    /// The futures past the preview each beam looks through.
    futures: Futures,
    /// Where the futures of a state are dealt from: this seed, the state's count added.
    seed: u64,
    /// The widest beam searched and its plan (none when the piece has nowhere to go).
    found: Option<(u32, Option<BeamPlan>)>,
    /// How long that beam took.
    took: Duration,
}

impl Thought {
    /// No thought yet, of beams that look through `futures` dealt from `seed`.
    pub fn new(futures: Futures, seed: u64) -> Thought {
        Thought {
            futures,
            seed,
            ..Thought::default()
        }
    }

    /// The thought about the game's state `about`: this one, or a new one if it was about another.
    pub fn about(&mut self, about: u64) -> &mut Thought {
        if self.about != about {
            *self = Thought {
                about,
                ..Thought::new(self.futures, self.seed)
            };
        }
        self
    }

    /// The widest beam searched and its plan, if any was.
    pub fn found(&self) -> Option<Reached> {
        match self.found {
            Some((width, Some(plan))) => Some(Reached::Beam(width, self.futures, plan)),
            _ => None,
        }
    }

    /// The next beam's width, or `None` past `max_width` or where the piece has nowhere to go.
    fn next_width(&self, max_width: u32) -> Option<u32> {
        match self.found {
            None => Some(FIRST_WIDTH),
            Some((_, None)) => None,
            Some((width, Some(_))) => Some(width * 2).filter(|&next| next <= max_width),
        }
    }

    /// Whether a wider beam is left to search.
    pub fn can_widen(&self, max_width: u32) -> bool {
        self.next_width(max_width).is_some()
    }

    /// Searches the next beam if it is expected to end before `until` (the first always), with
    /// `searcher` on `position` by `weights`; returns whether it did.
    pub fn widen(
        &mut self,
        searcher: &mut Searcher,
        (position, weights): (&Position, &Weights),
        max_width: u32,
        until: Instant,
    ) -> bool {
        let Some(width) = self.next_width(max_width) else {
            return false;
        };
        if self.found.is_some() && Instant::now() + self.took.mul_f64(BEAM_GROWTH) > until {
            return false;
        }
        self.search(searcher, (position, weights), width, &mut || false)
    }

    /// Searches the next beam, however long it takes, unless `stop`, asked before each node the
    /// beam expands, says to stop first; returns whether it found the next beam's plan (an
    /// interrupted search leaves the thought as it was).
    pub fn widen_unless(
        &mut self,
        searcher: &mut Searcher,
        (position, weights): (&Position, &Weights),
        max_width: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> bool {
        match self.next_width(max_width) {
            Some(width) => self.search(searcher, (position, weights), width, stop),
            None => false,
        }
    }

    /// Searches the beam `width` wide, unless `stop` interrupts it; returns whether it did.
    fn search(
        &mut self,
        searcher: &mut Searcher,
        (position, weights): (&Position, &Weights),
        width: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> bool {
        let started = Instant::now();
        let found = if self.futures.samples == 0 {
            searcher.decide_by_beam_unless(position, weights, width as usize, stop)
        } else {
            let seed = self.seed.wrapping_add(self.about);
            agreed_plan(
                searcher,
                (position, weights),
                (width, self.futures, seed),
                stop,
            )
        };
        let Ok(plan) = found else {
            return false;
        };
        self.took = started.elapsed();
        self.found = Some((width, plan));
        true
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
pub fn deepest_plan(
    searcher: &mut Searcher,
    position: &Position,
    (weights, search): (&Weights, &SearchConfig),
    rng: &mut GameRng,
    deadline: Instant,
) -> (Option<Placement>, Option<Reached>) {
    let (mut best, mut reached) = (None, None);
    let mut last: Option<Duration> = None;
    for config in search_steps(search) {
        let step = Instant::now();
        let Some((placement, _)) = searcher.decide_placement(position, weights, &config, rng)
        else {
            break;
        };
        best = Some(placement);
        reached = Some(Reached::Plies(config));
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
