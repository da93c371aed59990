// A recorded game played again, seen from the page: the engine's `Replay` in a single-threaded
// worker of its own, asked for one position at a time.

import { EngineWorker, singleThreadedBuild } from './engine.js';

export class Replay {
  /**
   * The replay of a recording's JSON text (`{config, pieces, moves}`, as a game's `recording()`
   * gives it), played through once in a new worker. A bad one rejects, naming what is wrong.
   */
  static async open(text) {
    const engine = await EngineWorker.start({ build: await singleThreadedBuild(), name: 'replay' });
    try {
      const { count, full } = await engine.call((remote) => remote.replayOpen(text));
      return new Replay(engine, count, full);
    } catch (error) {
      engine.terminate();
      throw error;
    }
  }

  constructor(engine, count, text) {
    this.engine = engine;
    /** How many placements the replay holds. */
    this.count = count;
    /** The replay with every move, as JSON text: what a file or a share link holds. */
    this.text = text;
    /** The configuration of the game replayed. */
    this.config = JSON.parse(text).config;
  }

  /**
   * The position after `index` placements (0 to `count`): `{index, count, view, next}`, `next`
   * the move made from it with the coach's rating of it (null at the end).
   */
  frame(index) {
    return this.engine.call((remote) => remote.replayFrame(index));
  }

  /** Stops the replay's worker. */
  close() {
    this.engine.terminate();
  }
}
