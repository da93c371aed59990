// The recording of the game being played, kept up to date as pieces lock, so that the history
// can keep it for a replay when the game is stopped (by then the element's game may already be
// the next one) or ends. The engine records every move; this asks for the recording after each
// piece the player places, at most twice a second while the AI plays (a recording of many moves
// takes a moment to write), one request at a time; and at game over once more, for the whole
// game, last piece included.

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

  /** `recording` with the page's count of pieces where the AI replays the game from its seed. */
  const counted = (recording, pieces) =>
    recording && (recording.moves === null ? { ...recording, pieces } : recording);

  element.addEventListener('piece', pieceLocked);
  return {
    recording(pieces) {
      return counted(latest, pieces);
    },
    /**
     * At game over: the recording of the game that just ended, asked for anew so that it holds
     * every piece (the latest one may be a piece short); the latest one if the game has gone.
     */
    async ended(pieces) {
      const game = element.game;
      try {
        return counted(await game.recording(), pieces);
      } catch {
        return counted(latest, pieces);
      }
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
