// A benchmark in engine workers, seen from the page: the games `seed .. seed + games - 1` of one
// game configuration, played on the threaded build's pool in one worker, or spread over
// single-threaded workers (simd, or plain), one per core, where the page is not isolated. The
// engine works out the statistics from every game's outcome as `tetris-ai bench` does, so they
// are the command line's to the last digit, however the games were spread. An AbortSignal
// cancels a benchmark: its workers stop at once and it rejects with an AbortError.

import { BatchProgress } from './batch-progress.js';
import { chooseBuild, Comlink, cores, EngineWorker, wholeOption } from './engine.js';
import { spread } from './spread.js';

/** Progress is reported at most this often, in ms (and once more when every game is played). */
const PROGRESS_MS = 100;

/** The options a benchmark takes. */
const OPTIONS = [
  'games',
  'seed',
  'maxPieces',
  'build',
  'workers',
  'threads',
  'onProgress',
  'signal',
];

/** How a bad option reads in a message. */
function shown(value) {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'bigint') return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}

/** Checks the options only JavaScript reads (the engine checks the others); throws naming one. */
function checkOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new Error(`options must be an object, got ${shown(options)}`);
  }
  const unknown = Object.keys(options).find((name) => !OPTIONS.includes(name));
  if (unknown !== undefined) {
    throw new Error(`options has an unknown field "${unknown}" (fields: ${OPTIONS.join(', ')})`);
  }
  const { onProgress, signal } = options;
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new Error(`options.onProgress must be a function, got ${shown(onProgress)}`);
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new Error(`options.signal must be an AbortSignal, got ${shown(signal)}`);
  }
}

/** The error of a benchmark its signal cancelled, saying how far `run` (if started) had come. */
function cancelled(run) {
  const far = run?.total ? ` after ${run.done} of ${run.total} games` : '';
  return new DOMException(`the benchmark was cancelled${far}`, 'AbortError');
}

/** A benchmark being played: its workers, and how far it has come. */
class Run {
  constructor(build, workers, threads, onProgress) {
    this.build = build;
    /** Workers playing the games (1 on the threaded build, whose pool has `threads` threads). */
    this.size = build === 'threaded' ? 1 : workers;
    this.threads = build === 'threaded' ? threads : 1;
    this.onProgress = onProgress ?? null;
    this.workers = [];
    /** Games played, and games in all (null until the engine has read the benchmark). */
    this.done = 0;
    this.total = null;
    /** When progress was last reported, and at how many games. */
    this.reportedAt = -Infinity;
    this.reported = null;
    this.closed = false;
  }

  /** Starts worker `index`, or replaces it; one that starts once the run is closed stops. */
  async start(index) {
    this.workers[index]?.terminate();
    const worker = await EngineWorker.start({
      build: this.build,
      threads: this.threads,
      name: 'benchmark',
    });
    this.workers[index] = worker;
    if (this.closed) worker.terminate();
  }

  /** Notes that `done` games are played, and says so to `onProgress` now and then. */
  report(done) {
    this.done = done;
    const now = performance.now();
    const last = done === this.total;
    if (this.closed || !this.onProgress || done === this.reported) return;
    if (!last && now - this.reportedAt < PROGRESS_MS) return;
    this.reportedAt = now;
    this.reported = done;
    this.onProgress({ done, total: this.total });
  }

  /** Plays the benchmark of `spec` (`{config, games, seed, maxPieces}`): its result. */
  async play(spec) {
    await Promise.all(Array.from({ length: this.size }, (_, index) => this.start(index)));
    this.total = await this.workers[0].call((remote) => remote.benchmarkGames(spec));
    this.report(0);
    const outcomes =
      this.build === 'threaded' ? await this.onPool(spec) : await this.overWorkers(spec);
    this.report(this.total);
    return this.workers[0].call((remote) =>
      remote.benchmarkResult(Comlink.transfer(outcomes, [outcomes.buffer])),
    );
  }

  /** Plays every game on the threaded build's pool: their outcomes. */
  onPool(spec) {
    const heard = Comlink.proxy((done) => this.report(done));
    return this.workers[0].call((remote) => remote.playBenchmarkAll(spec, heard));
  }

  /** Plays the games over the single-threaded workers, replacing any that dies: their outcomes. */
  async overWorkers(spec) {
    const state = new BatchProgress('benchmark', this.total, this.size);
    await spread(state, this.workers, {
      play: (remote, chunk, heard) => remote.playBenchmark(spec, chunk.from, chunk.to, heard),
      report: () => this.report(state.played()),
      going: () => !this.closed,
      over: () => this.closed,
      replace: (index) => this.start(index),
    });
    return state.numbers();
  }

  /** Stops every worker; nothing is reported from then on. */
  close() {
    this.closed = true;
    for (const worker of this.workers) worker?.terminate();
  }
}

/**
 * Plays the games `seed .. seed + games - 1` of the game configuration `config` and resolves to
 * their statistics and every game's lines (see `benchmark` in tetris-ai.js for the options).
 * A bad configuration or option rejects naming it; a cancelled benchmark rejects with an
 * AbortError, its workers stopped.
 */
export async function runBenchmark(config, options = {}) {
  checkOptions(options);
  const { games, seed, maxPieces, onProgress, signal } = options;
  const workers = wholeOption(options.workers, 'options.workers', 1) ?? cores();
  const threads = wholeOption(options.threads, 'options.threads', 1) ?? cores();
  if (signal?.aborted) throw cancelled(null);
  const { build } = await chooseBuild(options.build);
  if (signal?.aborted) throw cancelled(null);
  const run = new Run(build, workers, threads, onProgress);
  let abort;
  const aborted = new Promise((_, reject) => {
    abort = () => reject(cancelled(run));
  });
  aborted.catch(() => {});
  signal?.addEventListener('abort', abort, { once: true });
  const playing = run.play({ config, games, seed, maxPieces });
  playing.catch(() => {});
  try {
    return await Promise.race([playing, aborted]);
  } finally {
    signal?.removeEventListener('abort', abort);
    run.close();
  }
}
