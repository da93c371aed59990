// The recording of the game being played, kept up to date as pieces lock, so that the history
// can keep it for a replay when the game ends or is stopped (by then the element's game may
// already be the next one). The engine records every move; this asks for the recording after
// each piece the player places, at most twice a second while the AI plays (a recording of many
// moves takes a moment to write), and at game over; one request at a time.

/** How often the recording is asked for while the AI plays, at most, in ms. */
const AI_EVERY_MS = 500;

/**
 * Follows the games of `element` (a `<tetris-ai>`): `recording(pieces)` gives the latest
 * recording of the game being played (see the engine's `Recording`), or null before one came;
 * one the AI replays from its seed is given for `pieces` pieces, the count the page saw.
 * `restart()` forgets it, for a new game.
 */
export function createRecorder(element) {
  let latest = null;
  /** Which game a request is for: requests of a game before `restart` are dropped. */
  let generation = 0;
  let asking = false;
  let again = false;
  let lastAsked = -Infinity;
  let timer = null;

  async function ask() {
    if (asking) {
      again = true;
      return;
    }
    const game = element.game;
    if (!game) return;
    const asked = generation;
    asking = true;
    lastAsked = performance.now();
    try {
      const recording = await game.recording();
      if (asked === generation) latest = recording;
    } catch {
      // A game replaced meanwhile answers no more; the next piece asks its successor.
    } finally {
      asking = false;
    }
    if (again && asked === generation) {
      again = false;
      await ask();
    }
  }

  /** After a piece: asks now, or while the AI plays, once its time comes. */
  function pieceLocked() {
    const wait = element.autoplay ? lastAsked + AI_EVERY_MS - performance.now() : 0;
    if (wait <= 0) {
      ask();
    } else {
      timer ??= setTimeout(() => {
        timer = null;
        ask();
      }, wait);
    }
  }

  element.addEventListener('piece', pieceLocked);
  element.addEventListener('gameover', ask);
  return {
    recording(pieces) {
      if (!latest) return null;
      return latest.moves === null ? { ...latest, pieces } : latest;
    },
    restart() {
      generation += 1;
      latest = null;
      again = false;
      clearTimeout(timer);
      timer = null;
    },
  };
}
