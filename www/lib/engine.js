// Starting engine workers: which build to run (threaded where the page is cross-origin isolated
// and the browser has WebAssembly threads and SIMD, else simd where it has SIMD, else plain), a
// worker that loads it, and a watch that notices when a worker dies (terminated, crashed, or its
// instance trapped), so that no call waits forever on a dead worker.

import * as Comlink from '../vendor/comlink.mjs';
import {
  simd as simdSupported,
  threads as threadsSupported,
} from '../vendor/wasm-feature-detect.js';

/** The package's root URL: the builds live in `pkg/` and the worker in `lib/` below it. */
const BASE = new URL('../', import.meta.url).href;

/**
 * The builds `options.build` may name: "auto", or one of the builds, best first (threaded:
 * SIMD and a thread pool; simd: SIMD on one thread; plain: neither, for every browser).
 */
export const BUILDS = ['auto', 'threaded', 'simd', 'plain'];

/** Whether `detect()` (a feature test of wasm-feature-detect) passes; false if it throws. */
async function has(detect) {
  try {
    return Boolean(await detect());
  } catch {
    return false;
  }
}

/** Why the simd build cannot run here, or null when it can. */
async function simdUnavailable() {
  return (await has(simdSupported)) ? null : 'this browser has no WebAssembly SIMD';
}

/**
 * Why a thread pool cannot run here, or null when it can. The threaded build is compiled with
 * SIMD too, so it also needs what `simdUnavailable` checks.
 */
async function threadsUnavailable() {
  if (globalThis.crossOriginIsolated !== true) {
    return 'the page is not cross-origin isolated (it needs the COOP and COEP headers)';
  }
  return (await has(threadsSupported)) ? null : 'this browser has no WebAssembly threads';
}

/** The best single-threaded build here: simd where the browser has SIMD, else plain. */
export async function singleThreadedBuild() {
  return (await simdUnavailable()) === null ? 'simd' : 'plain';
}

/**
 * The build `wanted` ("auto", "threaded", "simd" or "plain") resolves to here: `{build, note}`,
 * where `note` says why a build other than the threaded one runs when it does. A build asked for
 * that cannot run here throws, naming why; so does a name that is not in `BUILDS`.
 */
export async function chooseBuild(wanted = 'auto') {
  if (!BUILDS.includes(wanted)) {
    throw new Error(`build must be one of ${BUILDS.join(', ')}, got ${JSON.stringify(wanted)}`);
  }
  if (wanted === 'plain') return { build: 'plain', note: 'the plain build was asked for' };
  const noSimd = await simdUnavailable();
  if (wanted === 'simd') {
    if (noSimd) throw new Error(`the simd build cannot run: ${noSimd}`);
    return { build: 'simd', note: 'the simd build was asked for' };
  }
  // Why the threaded build cannot run, SIMD detected once for both builds.
  const noThreads = (await threadsUnavailable()) ?? noSimd;
  if (noThreads === null) return { build: 'threaded', note: '' };
  if (wanted === 'threaded') throw new Error(`the threaded build cannot run: ${noThreads}`);
  if (noSimd === null) return { build: 'simd', note: `simd build: ${noThreads}` };
  const reasons = noThreads === noSimd ? noSimd : `${noSimd}, and ${noThreads}`;
  return { build: 'plain', note: `plain build: ${reasons}` };
}

/** The cores this browser reports (at least 1). */
export function cores() {
  return Math.max(1, navigator.hardwareConcurrency || 1);
}

let workerCount = 0;

/**
 * An optional option that must be a whole number from `min`: `value` itself, or undefined when
 * it was not given; throws an Error naming `name` and the value otherwise.
 */
export function wholeOption(value, name, min) {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number from ${min}, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** An error saying that worker `name` stopped. */
export class WorkerStopped extends Error {
  constructor(name, why) {
    super(`the engine worker ${name} stopped${why ? `: ${why}` : ''}`);
    this.name = 'WorkerStopped';
  }
}

/**
 * How long a worker may take to load its engine before it is stopped and started anew. A start
 * takes well under a second; but now and then (1 start in 12 to 50, measured) Firefox ESR never
 * returns from the `new Worker` by which the threaded build's pool starts a thread inside the
 * engine worker, whether the thread's script is given as a blob or by its own URL, and whether the
 * threads start together or one after another. That worker is stuck for good; a second start goes
 * through.
 */
const START_TIMEOUT_MS = 15_000;
/** Starts tried before a worker that does not load is given up. */
const START_ATTEMPTS = 3;
/**
 * How long the first start may go without its engine loaded before a second worker is started
 * beside it: whichever loads first is kept and the other stopped, so that a stuck start costs a
 * few seconds rather than `START_TIMEOUT_MS`, while a start that is only slow is never lost.
 */
const HEDGE_MS = 3_000;

/**
 * One engine worker running `build` (with a pool of `threads` threads when threaded). Every call
 * goes through `call`, which rejects with `WorkerStopped` when the worker dies meanwhile.
 */
export class EngineWorker {
  /**
   * Starts a worker; resolves once its engine has loaded. A worker that has not loaded within
   * `HEDGE_MS` gets a second one started beside it, the first to load kept and the other stopped;
   * one that has not loaded within `START_TIMEOUT_MS` is stopped, and once every worker started
   * is stopped so, another is started, up to `START_ATTEMPTS` in all. A worker that fails
   * otherwise (a build that cannot load here) fails the start at once.
   */
  static start(options) {
    return new Promise((resolve, reject) => {
      const started = [];
      let settled = false;
      let hedge = null;
      const settle = (kept, error) => {
        settled = true;
        clearTimeout(hedge);
        for (const { worker } of started) {
          if (worker !== kept) worker.stopped('another worker was started in its place');
        }
        if (kept) resolve(kept);
        else reject(error);
      };
      const launch = () => {
        const launched = EngineWorker.launch(options);
        started.push(launched);
        launched.engine.then(
          (engine) => settled || settle(engine),
          (error) => {
            if (settled) return;
            if (!launched.stuck()) return settle(null, error);
            const stopped = started.filter(({ stuck }) => stuck()).length;
            if (stopped < started.length) return; // another is still loading
            if (started.length < START_ATTEMPTS) launch();
            else settle(null, error);
          },
        );
      };
      launch();
      hedge = setTimeout(() => settled || started.length >= START_ATTEMPTS || launch(), HEDGE_MS);
    });
  }

  /**
   * One start: `{engine, worker, stuck}`, the promise of the loaded worker, the worker, and
   * whether it was stopped for not loading in time.
   */
  static launch({ build, threads = 1, name = 'engine' }) {
    workerCount += 1;
    const id = `${name}-${workerCount}-${Math.random().toString(36).slice(2)}`;
    const worker = new Worker(new URL('lib/worker.js', BASE), { type: 'module', name: id });
    const engine = new EngineWorker(worker, id);
    const lifeLock = `tetris-ai/worker/${id}`;
    let stuck = false;
    const timer = setTimeout(() => {
      stuck = true;
      engine.stopped(`its engine did not load within ${START_TIMEOUT_MS / 1000} s`);
    }, START_TIMEOUT_MS);
    const loaded = (async () => {
      try {
        engine.info = await engine.call((remote) =>
          remote.init({ build, base: BASE, threads, lifeLock }),
        );
      } finally {
        clearTimeout(timer);
      }
      if (engine.info.watched) {
        // Granted only once the worker, which holds the lock for its whole life, is gone.
        navigator.locks.request(lifeLock, () => engine.stopped('it ended'));
      }
      return engine;
    })();
    return { engine: loaded, worker: engine, stuck: () => stuck };
  }

  constructor(worker, id) {
    this.worker = worker;
    this.id = id;
    this.remote = Comlink.wrap(worker);
    this.alive = true;
    this.death = new Promise((_, reject) => {
      this.kill = reject;
    });
    this.death.catch(() => {});
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.stopped(event.message || 'it failed');
    });
    worker.addEventListener('messageerror', () => this.stopped('a message could not be read'));
  }

  /** Marks the worker dead: every pending and later call rejects. */
  stopped(why) {
    if (!this.alive) return;
    this.alive = false;
    this.kill(new WorkerStopped(this.id, why));
    this.worker.terminate();
    this.remote[Comlink.releaseProxy]?.();
  }

  /**
   * Runs `use(remote)` (a Comlink call); rejects if the worker dies first. A wasm trap breaks
   * the instance for good, so it also stops the worker.
   */
  async call(use) {
    if (!this.alive) throw new WorkerStopped(this.id, 'it had already stopped');
    try {
      return await Promise.race([use(this.remote), this.death]);
    } catch (error) {
      if (error && error.name === 'RuntimeError')
        this.stopped(`its engine trapped (${error.message})`);
      throw error;
    }
  }

  /** Stops the worker and frees everything it held. */
  terminate() {
    this.stopped('it was closed');
  }
}

export { Comlink };
