//! A match on a clock of frames: each game places its pieces in its own time, as battletris
//! referees a game. A piece is decided when its turn comes; its attack is sent once it is in
//! place (its input path's frames later), cancelling the sender's waiting garbage first, and
//! waits the garbage frames of the pace before it may enter the opponent's board; after the
//! clear's pause the due garbage enters, and the next piece spawns. Events of one frame all
//! happen before either side is looked at, so two games that top out in the same frame draw, and
//! two attacks sent in the same frame each cancel only what waited before it, not each other.

use super::Ending;
use crate::engine::versus::pace::TurnFrames;
use crate::game::Game;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What happens to one side at a frame, in the order it happens within a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Event {
    /// The piece is in place: its attack cancels and is sent.
    Send,
    /// The clear's pause is over: due garbage enters.
    LetIn,
    /// The next piece is decided and placed.
    Place,
}

/// Plays `games` (left, right) on the clock of `frames` until one tops out or one has placed
/// `max_pieces` pieces (a draw); returns how it ended.
pub(super) fn play(games: &mut [Game; 2], frames: TurnFrames, max_pieces: u64) -> Ending {
    let mut events = BinaryHeap::new();
    for side in 0..2 {
        events.push(Reverse((u64::from(frames.answer), Event::Place, side)));
    }
    // Both games stop adding events only once over, which ends the match first.
    while let Some(&Reverse((now, ..))) = events.peek() {
        let mut sent = [0; 2];
        while let Some(&Reverse((at, event, side))) = events.peek()
            && at == now
        {
            events.pop();
            let game = &mut games[side];
            match event {
                Event::Place => {
                    if game.stats().pieces >= max_pieces {
                        return Ending::PieceLimit;
                    }
                    let Some(step) = game.step() else { continue };
                    let moved = now + u64::from(frames.placement(&step.choice.path));
                    let pause = step
                        .versus
                        .map_or(0, |exchange| frames.pause(exchange.clear));
                    events.push(Reverse((moved, Event::Send, side)));
                    events.push(Reverse((moved + u64::from(pause), Event::LetIn, side)));
                }
                Event::Send => sent[side] = game.send_attack(),
                Event::LetIn => {
                    game.let_garbage_in(now);
                    if !game.is_over() {
                        let next = now + u64::from(frames.spawn + frames.answer);
                        events.push(Reverse((next, Event::Place, side)));
                    }
                }
            }
        }
        let due = now + u64::from(frames.garbage);
        games[0].receive_garbage(sent[1], due);
        games[1].receive_garbage(sent[0], due);
        match (games[0].is_over(), games[1].is_over()) {
            (false, false) => continue,
            (true, true) => return Ending::BothToppedOut,
            _ => return Ending::TopOut,
        }
    }
    Ending::BothToppedOut
}
