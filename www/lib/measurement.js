// A measurement in engine workers, seen from the page: a benchmark (the games `seed .. seed +
// games - 1` of one game configuration) or a survival estimate (its replicates `seed .. seed +
// replicates - 1`), its jobs played on the threaded build's pool in one worker, or spread over
// single-threaded workers (simd, or plain), one per core, where the page is not isolated. The
// engine works out the result from every job's numbers as `tetris-ai bench` and `tetris-ai
// survival` do, so it is the command line's to the last digit, however the jobs were spread. An
// AbortSignal cancels a measurement: its workers stop at once and it rejects with an AbortError.

import { BatchProgress } from './batch-progress.js';
import { chooseBuild, Comlink, cores, EngineWorker, wholeOption } from './engine.js';
import { measurementKind, RUN_OPTIONS } from './measurement-kinds.js';
import { spread } from './spread.js';

/** Progress is reported at most this often, in ms (and once more when every job is played). */
const PROGRESS_MS = 100;

/** How a bad option reads in a message. */
function shown(value) {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'bigint') return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}

/**
 * Checks the options of `options` that JavaScript reads (`RUN_OPTIONS`); the engine checks the
 * kind's own. Throws naming a bad one.
 */
function checkOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new Error(`options must be an object, got ${shown(options)}`);
  }
  const { onProgress, signal } = options;
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new Error(`options.onProgress must be a function, got ${shown(onProgress)}`);
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new Error(`options.signal must be an AbortSignal, got ${shown(signal)}`);
  }
}

/**
 * `err`, the engine's refusal of the options: where it names an unknown field and lists the
 * kind's own, the options JavaScript reads are listed after them (the engine never sees those).
 */
function withRunOptions(err) {
  const unknown = /^(options has an unknown field ".*" \(fields: .*)\)$/.exec(err?.message ?? '');
  if (unknown) err.message = `${unknown[1]}, ${RUN_OPTIONS.join(', ')})`;
  return err;
}

/**
 * The error of a measurement of `kind` its signal cancelled, saying how far `run` (if started)
 * had come.
 */
function cancelled(kind, run) {
  const { called, jobs } = measurementKind(kind);
  const far = run?.total ? ` after ${run.done} of ${run.total} ${jobs}` : '';
  return new DOMException(`${called} was cancelled${far}`, 'AbortError');
}

/** A measurement being played: its workers, and how far it has come. */
class Run {
  constructor(kind, build, workers, threads, onProgress) {
    this.kind = kind;
    this.build = build;
    /** Workers playing the jobs (1 on the threaded build, whose pool has `threads` threads). */
    this.size = build === 'threaded' ? 1 : workers;
    this.threads = build === 'threaded' ? threads : 1;
    this.onProgress = onProgress ?? null;
    this.workers = [];
    /** Jobs played, and jobs in all (null until the engine has read the measurement). */
    this.done = 0;
    this.total = null;
    /** When progress was last reported, and at how many jobs. */
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
      name: this.kind,
    });
    this.workers[index] = worker;
    if (this.closed) worker.terminate();
  }

  /** Notes that `done` jobs are played, and says so to `onProgress` now and then. */
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

  /** Plays the measurement of `spec` (`config` and the kind's options): its result. */
  async play(spec) {
    const { kind } = this;
    await Promise.all(Array.from({ length: this.size }, (_, index) => this.start(index)));
    this.total = await this.workers[0].call((remote) => remote.measurementJobs(kind, spec));
    this.report(0);
    const numbers =
      this.build === 'threaded' ? await this.onPool(spec) : await this.overWorkers(spec);
    this.report(this.total);
    return this.workers[0].call((remote) =>
      remote.measurementResult(kind, spec, Comlink.transfer(numbers, [numbers.buffer])),
    );
  }

  /** Plays every job on the threaded build's pool: their numbers. */
  onPool(spec) {
    const heard = Comlink.proxy((done) => this.report(done));
    return this.workers[0].call((remote) => remote.playMeasurementAll(this.kind, spec, heard));
  }

  /** Plays the jobs over the single-threaded workers, replacing any that dies: their numbers. */
  async overWorkers(spec) {
    const { kind } = this;
    const state = new BatchProgress(kind, this.total, this.size);
    await spread(state, this.workers, {
      play: (remote, chunk, heard) =>
        remote.playMeasurement(kind, spec, chunk.from, chunk.to, heard),
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
 * Plays the measurement of kind `kind` (see measurement-kinds.js) of the game configuration
 * `config` with `options` (the kind's own, and `RUN_OPTIONS`; see `measure` in tetris-ai.js) and
 * resolves to its result. A bad kind, configuration or option rejects naming it; a cancelled
 * measurement rejects with an AbortError, its workers stopped.
 */
export async function measure(kind, config, options = {}) {
  measurementKind(kind);
  checkOptions(options);
  const { onProgress, signal } = options;
  const workers = wholeOption(options.workers, 'options.workers', 1) ?? cores();
  const threads = wholeOption(options.threads, 'options.threads', 1) ?? cores();
  if (signal?.aborted) throw cancelled(kind, null);
  const { build } = await chooseBuild(options.build);
  if (signal?.aborted) throw cancelled(kind, null);
  const run = new Run(kind, build, workers, threads, onProgress);
  let abort;
  const aborted = new Promise((_, reject) => {
    abort = () => reject(cancelled(kind, run));
  });
  aborted.catch(() => {});
  signal?.addEventListener('abort', abort, { once: true });
  const own = Object.entries(options).filter(([name]) => !RUN_OPTIONS.includes(name));
  const spec = { config, options: Object.fromEntries(own) };
  const playing = run.play(spec).catch((err) => {
    throw withRunOptions(err);
  });
  playing.catch(() => {});
  try {
    return await Promise.race([playing, aborted]);
  } finally {
    signal?.removeEventListener('abort', abort);
    run.close();
  }
}
