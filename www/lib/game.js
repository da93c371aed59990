// A game running in its own engine worker, seen from the page: a method for each call of
// lib/protocol.js's `GAME_CALLS` (the engine's own `Game` methods, and `advance`, `snapshot`,
// `press` and `release` for a render loop), each a promise of the worker's answer.

import { chooseBuild, cores, EngineWorker, wholeOption } from './engine.js';
import { GAME_CALLS } from './protocol.js';

export class Game {
  /**
   * A game from `config` (the engine's game configuration) in a worker of its own.
   * `options.build`: "auto" (default), "threaded", "simd" or "plain"; `options.threads`: the
   * pool's size on the threaded build (default: one per core).
   */
  static async create(config, options = {}) {
    const threads = wholeOption(options.threads, 'options.threads', 1) ?? cores();
    const { build, note } = await chooseBuild(options.build);
    const engine = await EngineWorker.start({
      build,
      threads,
      name: 'game',
    });
    try {
      const id = await engine.call((remote) => remote.open(config));
      return new Game(engine, id, note);
    } catch (error) {
      engine.terminate();
      throw error;
    }
  }

  constructor(engine, id, note) {
    this.engine = engine;
    this.id = id;
    /** "threaded", "simd" or "plain". */
    this.build = engine.info.build;
    /** The threaded build's pool size (1 on the single-threaded builds). */
    this.threads = engine.info.threads;
    /** Why a build other than the threaded one runs, where one does ("" otherwise). */
    this.note = note;
  }

  /**
   * Replaces the game with a new one from `config` in the same worker; on a bad configuration
   * rejects and the old game goes on.
   */
  async reset(config) {
    const old = this.id;
    this.id = await this.engine.call((remote) => remote.open(config));
    // Not awaited: the worker takes its messages in order, so every call made from now on
    // finds the old game closed, and a reset costs one round trip.
    this.engine.call((remote) => remote.close(old)).catch(() => {});
  }

  /**
   * Times decisions of games of `config` (a game configuration) both ways on this machine,
   * sequentially and split over the pool, in the game's worker between its other calls (so this
   * game plays on meanwhile): resolves to `{sequential, parallel, decisions}`, the medians in ms
   * per decision (equal work, so the smaller is the faster) and the decisions timed each way.
   * `bounds`: `{budgetMs, minSamples, maxSamples}` (by default at most 1.5 s of decisions, at
   * least 5 batches each way).
   */
  calibrateParallel(config, bounds = {}) {
    return this.engine.call((remote) => remote.calibrateParallel(config, bounds));
  }

  /**
   * The game configuration `settings` play, as the engine resolves settings (see `gameConfig`
   * of the API), in this game's worker.
   */
  gameConfig(settings) {
    return this.engine.call((remote) => remote.gameConfig(settings));
  }

  /** Stops the game's worker and frees its memory. */
  close() {
    this.engine.terminate();
  }

  /** Whether the game's worker still runs. */
  get alive() {
    return this.engine.alive;
  }
}

// A method for each call a game answers (see `GAME_CALLS`), resolving to the worker's answer.
for (const name of Object.keys(GAME_CALLS)) {
  Game.prototype[name] = function callWorker(...args) {
    return this.engine.call((remote) => remote.call(this.id, name, args));
  };
}
