//! What a ply of the search knows of the pieces: the hold slot, how much of the preview the
//! plan has used, and the pieces an unseen draw can be. Known pieces are searched exactly;
//! past the preview each piece is one of the draws, each with the randomizer's odds, and under
//! a bag a piece drawn leaves the rest of its bag for the next draw.

use crate::engine::piece::Piece;
use crate::engine::rules::{RandomizerKind, Rules};

/// The most pieces that can arrive after a move: the seven draws.
const MAX_ARRIVALS: usize = 7;

/// The pieces that can come into play after a move, each with the queue then and its weight in
/// their mean: the first `.1` entries of `.0`.
pub(super) type Arrivals = ([(Piece, Queue, f64); MAX_ARRIVALS], usize);

/// The mean of values, each with its weight. With every weight 1 it is the plain mean, bit
/// for bit.
pub(super) fn weighted_mean(weighted: impl IntoIterator<Item = (f64, f64)>) -> f64 {
    let (mut total, mut weights) = (0.0, 0.0);
    for (weight, value) in weighted {
        total += weight * value;
        weights += weight;
    }
    total / weights
}

/// The pieces an unseen draw can be, in a fixed order (the order their values are summed in),
/// and their odds.
#[derive(Clone, Copy, Debug)]
pub(super) struct Draws {
    pieces: [Piece; 7],
    len: u8,
    /// Where the pieces come from: their odds, and under a bag, that a piece drawn is not
    /// drawn again until the bag is empty.
    randomizer: RandomizerKind,
}

impl Draws {
    /// The first unseen draw's pieces, `unseen`, under `rules`.
    pub(super) fn new(unseen: &[Piece], rules: &Rules) -> Draws {
        let mut pieces = [Piece::I; 7];
        let len = unseen.len().min(7);
        pieces[..len].copy_from_slice(&unseen[..len]);
        Draws {
            pieces,
            len: len as u8,
            randomizer: rules.randomizer(),
        }
    }

    /// The pieces, in order.
    pub(super) fn pieces(&self) -> &[Piece] {
        &self.pieces[..self.len as usize]
    }

    /// The odds of drawing `piece`, one of the pieces: its weight in their mean.
    pub(super) fn odds(&self, piece: Piece) -> f64 {
        f64::from(self.randomizer.odds()[piece.index()])
    }

    /// The draws after `drawn` is drawn: without a bag the same; with one, the bag's other
    /// pieces, or a new bag of all seven once it is empty.
    pub(super) fn after(&self, drawn: Piece) -> Draws {
        if self.randomizer != RandomizerKind::Bag {
            return *self;
        }
        let mut rest = Draws { len: 0, ..*self };
        for &piece in self.pieces() {
            if piece != drawn {
                rest.pieces[rest.len as usize] = piece;
                rest.len += 1;
            }
        }
        if rest.len == 0 {
            rest.pieces = Piece::ALL;
            rest.len = 7;
        }
        rest
    }
}

/// The pieces after the one in play, as a ply sees them.
#[derive(Clone, Copy, Debug)]
pub(super) struct Queue {
    /// The piece in the hold slot.
    pub(super) hold: Option<Piece>,
    /// How many preview pieces the plan has taken.
    pub(super) taken: usize,
    /// What the first piece past the preview can be.
    pub(super) draws: Draws,
}

/// The piece that comes next: known, or one of the draws.
pub(super) enum Next {
    /// A known piece, and the queue once it is in play.
    Known(Piece, Queue),
    /// One of these draws, each with its odds.
    Drawn(Draws),
}

impl Queue {
    /// The piece that comes into play next, from `preview`.
    pub(super) fn next(&self, preview: &[Piece]) -> Next {
        match preview.get(self.taken) {
            Some(&piece) => Next::Known(
                piece,
                Queue {
                    taken: self.taken + 1,
                    ..*self
                },
            ),
            None => Next::Drawn(self.draws),
        }
    }

    /// The pieces that can come into play next, from `preview`: the known next piece with
    /// weight 1, or each draw with its odds.
    pub(super) fn arrivals(&self, preview: &[Piece]) -> Arrivals {
        let mut found = [(Piece::I, *self, 1.0); MAX_ARRIVALS];
        match self.next(preview) {
            Next::Known(piece, then) => {
                found[0] = (piece, then, 1.0);
                (found, 1)
            }
            Next::Drawn(draws) => {
                for (slot, &piece) in found.iter_mut().zip(draws.pieces()) {
                    *slot = (piece, self.drawing(piece), draws.odds(piece));
                }
                (found, draws.pieces().len())
            }
        }
    }

    /// The queue once `drawn`, one of the draws, is in play.
    pub(super) fn drawing(&self, drawn: Piece) -> Queue {
        Queue {
            draws: self.draws.after(drawn),
            ..*self
        }
    }

    /// The piece hold would bring in for `current`, if it is known and differs from it: the
    /// held piece, or with the slot empty the next preview piece.
    pub(super) fn hold_alternative(&self, current: Piece, preview: &[Piece]) -> Option<Piece> {
        self.hold
            .or_else(|| preview.get(self.taken).copied())
            .filter(|&piece| piece != current)
    }

    /// The queue after `current` is placed, or with `held` after hold swapped it for the
    /// alternative and that was placed instead.
    pub(super) fn after_move(&self, current: Piece, held: bool) -> Queue {
        if !held {
            return *self;
        }
        Queue {
            hold: Some(current),
            // With the slot empty, hold brought in the next preview piece.
            taken: self.taken + usize::from(self.hold.is_none()),
            draws: self.draws,
        }
    }
}
