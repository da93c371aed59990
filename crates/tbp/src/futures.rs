//! Futures past the preview: the bot's beam looks a few pieces further than the frontend shows,
//! through piece sequences drawn as the bag can deal them, and plays the first move most of
//! those futures agree on.
//!
//! The beam knows the current piece, the preview and hold, and weighs only the one piece after
//! them by every draw the bag allows. Cold Clear 2's tree looks further, into every draw at every
//! depth. Sampling a few futures gets much of that at a beam's cost: each future is the preview
//! with `pieces` more drawn from the bag (the rest of the current bag first, then a new one, as a
//! 7-bag deals them), searched by a beam as if known; each future's best plan votes for its first
//! move, and the move with the most votes is played, ties going to the larger sum of the plans'
//! values. A plan that counts on one future's pieces wins one vote, not the game.

use tetris_ai_core::ai::search::{BeamPlan, Interrupted, Position, Searcher};
use tetris_ai_core::ai::weights::Weights;
use tetris_ai_core::engine::piece::Piece;
use tetris_ai_core::engine::rules::GameRng;
use tetris_ai_core::error::{Error, Result};

/// The most futures a bot may sample.
pub const MAX_SAMPLES: u32 = 64;

/// The most pieces a future may add to the preview: a bag's worth.
pub const MAX_PIECES: u32 = 7;

/// The stream a position's futures are drawn from, the game's pieces placed as the seed's offset.
const FUTURES_STREAM: u64 = 13;

/// How many futures the beam samples past the preview, and how many pieces each adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Futures {
    /// Futures sampled; 0 searches the preview alone.
    pub samples: u32,
    /// Pieces each future adds to the preview.
    pub pieces: u32,
}

impl Futures {
    /// Five futures of two pieces each: against Cold Clear 2 they won 7 games of 20, in two runs
    /// of 10 that disagreed (7 and 0), where the preview alone won none of 9 (see
    /// docs/learning.md).
    pub const DEFAULT: Futures = Futures {
        samples: 5,
        pieces: 2,
    };

    /// Checks the futures: at most [`MAX_SAMPLES`] of them, and where there are any, from 1 to
    /// [`MAX_PIECES`] pieces each; the error names a bad value.
    pub fn validate(&self) -> Result<()> {
        if self.samples > MAX_SAMPLES {
            return Err(Error::Config(format!(
                "the futures sampled must be from 0 to {MAX_SAMPLES}, got {}",
                self.samples
            )));
        }
        if self.samples > 0 && !(1..=MAX_PIECES).contains(&self.pieces) {
            return Err(Error::Config(format!(
                "a future's pieces must be from 1 to {MAX_PIECES}, got {}",
                self.pieces
            )));
        }
        Ok(())
    }

    /// The futures in words, after a beam's: ", 2 of them sampled in 5 futures", or nothing.
    pub fn words(&self) -> String {
        if self.samples == 0 {
            return String::new();
        }
        format!(
            ", {} of them sampled in {} futures",
            self.pieces, self.samples
        )
    }
}

impl Default for Futures {
    fn default() -> Futures {
        Futures::DEFAULT
    }
}

/// One future: `pieces` pieces dealt after the preview from `unseen` (what the bag holds after
/// it) as a 7-bag deals them, the rest of the bag first; and what the bag holds after them (a
/// full bag where they emptied it).
pub fn deal(unseen: &[Piece], pieces: usize, rng: &mut GameRng) -> (Vec<Piece>, Vec<Piece>) {
    let mut bag: Vec<Piece> = unseen.to_vec();
    let mut dealt = Vec::with_capacity(pieces);
    for _ in 0..pieces {
        if bag.is_empty() {
            bag = Piece::ALL.to_vec();
        }
        let at = rng.below(bag.len() as u32) as usize;
        dealt.push(bag.remove(at));
    }
    if bag.is_empty() {
        bag = Piece::ALL.to_vec();
    }
    (dealt, bag)
}

/// The plan the futures of `position` agree on: `futures.samples` futures dealt from `seed`, each
/// searched by a beam `width` nodes wide split evenly among them (at least one each), unless
/// `stop` interrupts one of them; the winning move's plan is that of the first future that chose
/// it. `None` when the piece has nowhere to go.
pub fn agreed_plan(
    searcher: &mut Searcher,
    (position, weights): (&Position, &Weights),
    (width, futures, seed): (u32, Futures, u64),
    stop: &mut dyn FnMut() -> bool,
) -> std::result::Result<Option<BeamPlan>, Interrupted> {
    let samples = futures.samples.max(1);
    let each = (width / samples).max(1) as usize;
    let mut rng = GameRng::new(seed, FUTURES_STREAM);
    // Each first move voted for: the first plan that chose it, its votes, the sum of the values.
    let mut votes: Vec<(BeamPlan, u32, f64)> = Vec::new();
    for _ in 0..samples {
        let (dealt, bag) = deal(position.unseen, futures.pieces as usize, &mut rng);
        let preview: Vec<Piece> = position.preview.iter().copied().chain(dealt).collect();
        let future = Position {
            preview: &preview,
            unseen: &bag,
            ..*position
        };
        let Some(plan) = searcher.decide_by_beam_unless(&future, weights, each, stop)? else {
            return Ok(None);
        };
        let same = |(voted, _, _): &&mut (BeamPlan, u32, f64)| {
            voted.placement == plan.placement && voted.hold == plan.hold
        };
        match votes.iter_mut().find(same) {
            Some((_, count, sum)) => {
                *count += 1;
                *sum += plan.value;
            }
            None => votes.push((plan, 1, plan.value)),
        }
    }
    // Most votes first, then the larger sum; a stable sort keeps the first found among equals.
    votes.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    Ok(votes.first().map(|(plan, _, _)| *plan))
}
