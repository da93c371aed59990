// A game running in its own engine worker, seen from the page: every method of the engine's
// `Game` as a promise, plus `advance` (run frames, get what to draw) for a render loop.

import { chooseBuild, cores, EngineWorker, wholeOption } from './engine.js';

// The engine's own `Game` methods a page may call, each forwarded as it is.
const FORWARDED = [
  'step',
  'play',
  'decide',
  'aiInput',
  'search',
  'hints',
  'tick',
  'cells',
  'activeCells',
  'ghostCells',
  'view',
  'stats',
  'weights',
  'setWeights',
  'setHandling',
  'setSearch',
  'setParallel',
];

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

  call(method, ...args) {
    return this.engine.call((remote) => remote.call(this.id, method, args));
  }

  /**
   * Runs up to `frames` fixed frames (manual play, or the AI with `ai.delay` frames per input,
   * -1 for a piece at once) and resolves to what to draw: `{cells, view, target, hints,
   * decision, locked, frames}`.
   */
  advance(frames, ai, hints = false) {
    return this.engine.call((remote) => remote.advance(this.id, frames, ai, hints));
  }

  /** What to draw now, as `advance` gives it, without running a frame. */
  snapshot(hints = false) {
    return this.engine.call((remote) => remote.snapshot(this.id, hints));
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
   * Presses a key: manual play from now until an `advance` turns the AI on. Resolves to whether
   * the game took it (false once the game is over).
   */
  press(key) {
    return this.engine.call((remote) => remote.press(this.id, key));
  }

  /** Releases a key. */
  release(key) {
    return this.engine.call((remote) => remote.release(this.id, key));
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

  /** Stops the game's worker and frees its memory. */
  close() {
    this.engine.terminate();
  }

  /** Whether the game's worker still runs. */
  get alive() {
    return this.engine.alive;
  }
}

for (const method of FORWARDED) {
  Game.prototype[method] = function forward(...args) {
    return this.call(method, ...args);
  };
}
