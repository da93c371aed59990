// What the `<tetris-ai>` element measures of its search on this machine: whether the threaded
// build's pool makes its decisions faster (which `parallel="auto"` follows), and the time of a
// decision at each depth. One measurement runs at a time, off the game's frames, so that the
// game plays on.

import { message } from './dom.js';
import { boardKey, searchKey } from './config-keys.js';
import { parallelState } from './parallel-state.js';
import { timeDepths } from '../tetris-ai.js';

export class SearchMeasurements {
  /**
   * The measurements of `element`, a `<tetris-ai>`: they read its `game`, `settings` and
   * `config` (the engine's game configuration of its settings), apply the pool's answer to its
   * game through `serially` and fire `calibrated` with `emit`.
   */
  constructor(element) {
    this.element = element;
    /**
     * The parallel measurements, by what they depend on (see `searchKey`): `{sequential,
     * parallel, decisions, depth}`, or `{failed, depth}`; and the keys being measured.
     */
    this.calibrations = new Map();
    this.calibrating = new Set();
    /** The depth timings, by rules and board: `{promise, times}` (times once known). */
    this.depthTimings = new Map();
    /** The last measurement asked for (see `serially`). */
    this.last = Promise.resolve();
  }

  /**
   * Runs `task` once every measurement asked for before it is done, so that no two measurements
   * share the machine's cores (a measurement of the pool needs them all).
   */
  serially(task) {
    const run = this.last.then(task);
    this.last = run.catch(() => {});
    return run;
  }

  /**
   * Whether the element's search runs on the pool and why: `{on, why, calibration}` (see
   * lib/parallel-state.js), with the measurement of the search in play where it was made.
   */
  parallelState() {
    const { game, settings: s, config } = this.element;
    return parallelState({
      build: game?.build,
      depth: config ? config.search.depth : null,
      parallel: s?.parallel,
      measured: config ? this.calibrations.get(searchKey(config)) : null,
    });
  }

  /**
   * On the threaded build at depth 2 or more, measures whether the pool makes decisions of the
   * rules, board, weights and search in play faster here (once per `searchKey`, whatever
   * `parallel` says: "auto" follows the answer, and `parallelState` tells it either way), in
   * the game's worker between its frames, so that the game plays on; then applies the answer
   * and fires `calibrated`. The changes that ask for it do not wait for it.
   */
  calibrate() {
    const element = this.element;
    const { game, config } = element;
    if (game?.build !== 'threaded' || config.search.depth < 2) return;
    const key = searchKey(config);
    if (this.calibrations.has(key) || this.calibrating.has(key)) return;
    this.calibrating.add(key);
    const { depth } = config.search;
    this.serially(async () => {
      // A search no longer in play is measured if it comes back.
      if (element.game !== game || searchKey(element.config) !== key) return;
      try {
        this.calibrations.set(key, { ...(await game.calibrateParallel(config)), depth });
      } catch (err) {
        if (element.game !== game || !game.alive) return;
        this.calibrations.set(key, { failed: message(err), depth });
      }
      await element.serially(
        () => element.game === game && game.setParallel(this.parallelState().on),
      );
      element.emit('calibrated', this.parallelState());
    }).finally(() => this.calibrating.delete(key));
  }

  /**
   * The time of a decision at each search depth under the rules, board, weights and search in
   * play: resolves to `[{depth, ms, decisions}]` (see `timeDepths` of the API: on one thread,
   * in a short-lived worker of its own, so that the game plays on). Measured once per rules and
   * board, after the measurements asked for before it; rejects if the rules or board change
   * before it starts.
   */
  timeDepths() {
    const element = this.element;
    if (!element.config) return Promise.reject(new Error('the element has not started'));
    const { config } = element;
    const key = boardKey(config);
    let timing = this.depthTimings.get(key);
    if (!timing) {
      timing = { times: null };
      timing.promise = this.serially(async () => {
        if (boardKey(element.config) !== key) {
          throw new Error('the rules or board changed before their depths were timed');
        }
        timing.times = await timeDepths(config);
        return timing.times;
      });
      timing.promise.catch(() => this.depthTimings.delete(key));
      this.depthTimings.set(key, timing);
    }
    return timing.promise;
  }

  /** What `timeDepths` resolves to for the rules and board in play once measured, else null. */
  depthTimes() {
    const { config } = this.element;
    if (!config) return null;
    return this.depthTimings.get(boardKey(config))?.times ?? null;
  }
}
