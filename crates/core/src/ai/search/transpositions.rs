//! Values already worked out in one decision, by the board, queue and match they were worked out
//! for: the same board is often reached by two orders of the same pieces (two draws in either
//! order, or a piece placed before or after the one hold swaps it with), and its value is then
//! looked up rather than searched again. Keys are compared whole, so a value found is the value the
//! search would work out; the table only saves time. The threads of a parallel search share it, in
//! stripes behind locks of their own, so that a board one thread valued is not valued again by
//! another.

use super::queue::Queue;
use super::state::State;
use crate::ai::versus_view::VersusView;
use crate::engine::board::Board;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The next decision's number: each decision's entries are told apart by it, so that a table
/// needs no clearing (0 marks a slot never written).
static DECISIONS: AtomicU64 = AtomicU64::new(1);

/// A number for a new decision, never given before.
pub(super) fn new_decision() -> u64 {
    DECISIONS.fetch_add(1, Ordering::Relaxed)
}

/// Stripes of a table, each behind a lock of its own: a power of two.
const STRIPES: usize = 16;
/// Slots in a stripe: a power of two.
const SLOTS: usize = 1 << 8;
/// Slots probed from a key's own before a value is given up (not looked up, or not kept).
const PROBES: usize = 8;

/// What a value depends on besides the decision: the ply, the board, the queue and the match.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    board: Board,
    /// The ply, the hold slot, the preview taken and the draws, packed.
    queue: u64,
    /// The match, packed (see [`VersusView::packed`]).
    versus: u64,
}

impl Key {
    fn new(ply: u8, board: &Board, queue: &Queue, versus: &VersusView) -> Key {
        let hold = queue.hold.map_or(0, |piece| piece.index() as u64 + 1);
        let mut packed = u64::from(ply) | hold << 8 | (queue.taken as u64) << 16;
        for (i, piece) in queue.draws.pieces().iter().enumerate() {
            packed |= (piece.index() as u64 + 1) << (24 + 3 * i);
        }
        Key {
            board: *board,
            queue: packed,
            versus: versus.packed(),
        }
    }

    /// The stripe the key lives in and the slot its probes start from.
    fn place(&self) -> (usize, usize) {
        let mut hash =
            (self.queue ^ self.versus.rotate_left(45)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for &column in self.board.columns() {
            hash = (hash ^ column)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(29);
        }
        let stripe = (hash >> 60) as usize & (STRIPES - 1);
        (stripe, (hash >> 32) as usize & (SLOTS - 1))
    }
}

/// A slot: the decision it was written in, the key and the value.
#[derive(Clone, Copy)]
struct Entry {
    decision: u64,
    key: Key,
    value: f64,
}

/// The values of one decision's plies, by key, shared by the threads of its search.
#[derive(Default)]
pub(super) struct Transpositions {
    stripes: [Mutex<Stripe>; STRIPES],
}

/// One stripe's slots (none until a value is first kept).
#[derive(Default)]
struct Stripe {
    entries: Vec<Entry>,
}

impl Transpositions {
    /// The value kept for `ply` from `state` in `decision`, if any.
    pub(super) fn get(&self, decision: u64, ply: u8, state: &State) -> Option<f64> {
        let key = Key::new(ply, &state.board, &state.queue, &state.versus);
        let (stripe, start) = key.place();
        let stripe = self.stripes[stripe].lock().ok()?;
        if stripe.entries.is_empty() {
            return None;
        }
        (0..PROBES)
            .map(|probe| &stripe.entries[(start + probe) & (SLOTS - 1)])
            .take_while(|entry| entry.decision == decision)
            .find(|entry| entry.key == key)
            .map(|entry| entry.value)
    }

    /// Keeps `value` for `ply` from `state` in `decision`, where a slot is free.
    pub(super) fn put(&self, decision: u64, ply: u8, state: &State, value: f64) {
        let key = Key::new(ply, &state.board, &state.queue, &state.versus);
        let (stripe, start) = key.place();
        let Ok(mut stripe) = self.stripes[stripe].lock() else {
            return;
        };
        if stripe.entries.is_empty() {
            let blank = Entry {
                decision: 0,
                key,
                value: 0.0,
            };
            stripe.entries = vec![blank; SLOTS];
        }
        for probe in 0..PROBES {
            let entry = &mut stripe.entries[(start + probe) & (SLOTS - 1)];
            if entry.decision != decision {
                *entry = Entry {
                    decision,
                    key,
                    value,
                };
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::search::queue::Draws;
    use crate::engine::piece::Piece;
    use crate::engine::rules::Rules;

    fn queue(hold: Option<Piece>, taken: usize, unseen: &[Piece]) -> Queue {
        Queue {
            hold,
            taken,
            draws: Draws::new(unseen, &Rules::classic()),
        }
    }

    /// The state of `board` and `queue` outside a match.
    fn state(board: &Board, queue: &Queue) -> State {
        State {
            board: *board,
            queue: *queue,
            versus: VersusView::default(),
        }
    }

    #[test]
    fn a_value_is_found_only_under_its_whole_key_and_decision() {
        let table = Transpositions::default();
        let board = Board::from_picture(6, 8, &["##..##"]).unwrap();
        let other = Board::from_picture(6, 8, &["#...##"]).unwrap();
        let q = queue(Some(Piece::T), 1, &Piece::ALL);
        let decision = new_decision();
        assert_eq!(table.get(decision, 3, &state(&board, &q)), None);
        table.put(decision, 3, &state(&board, &q), -12.5);
        assert_eq!(table.get(decision, 3, &state(&board, &q)), Some(-12.5));
        // Any part of the key, or another decision, finds nothing.
        assert_eq!(table.get(decision, 4, &state(&board, &q)), None);
        assert_eq!(table.get(decision, 3, &state(&other, &q)), None);
        assert_eq!(
            table.get(decision, 3, &state(&board, &queue(None, 1, &Piece::ALL))),
            None
        );
        assert_eq!(
            table.get(
                decision,
                3,
                &state(&board, &queue(Some(Piece::T), 2, &Piece::ALL))
            ),
            None
        );
        let fewer = [Piece::I, Piece::O];
        assert_eq!(
            table.get(
                decision,
                3,
                &state(&board, &queue(Some(Piece::T), 1, &fewer))
            ),
            None
        );
        let mut streaked = state(&board, &q);
        streaked.versus.streaks.back_to_back = 1;
        assert_eq!(table.get(decision, 3, &streaked), None, "another match");
        assert_eq!(table.get(new_decision(), 3, &state(&board, &q)), None);
    }

    #[test]
    fn many_values_of_one_decision_are_kept_or_given_up_never_mixed() {
        let table = Transpositions::default();
        let decision = new_decision();
        let q = queue(None, 0, &Piece::ALL);
        // More boards than slots: each is found with its own value, or not at all.
        let boards: Vec<(Board, f64)> = (0..2 * (STRIPES * SLOTS) as u64)
            .map(|i| {
                let mut board = Board::new(16, 40).unwrap();
                for bit in 0..14 {
                    if i >> bit & 1 == 1 {
                        board.set(bit as usize, 0);
                    }
                }
                (board, i as f64)
            })
            .collect();
        for (board, value) in &boards {
            table.put(decision, 2, &state(board, &q), *value);
        }
        let found = boards
            .iter()
            .filter(
                |(board, value)| match table.get(decision, 2, &state(board, &q)) {
                    Some(kept) => {
                        assert_eq!(kept, *value);
                        true
                    }
                    None => false,
                },
            )
            .count();
        assert!(
            found > STRIPES * SLOTS / 2 && found <= STRIPES * SLOTS,
            "{found} found"
        );
    }
}
