// An evolution run in engine workers, seen from the page. One worker (the owner) holds the run:
// it says which games a generation needs (ask) and takes their lines (tell). The games are played
// on the threaded build's pool in that same worker, or spread over workers of a single-threaded
// build (simd or plain), one per core, where the page is not isolated. Every game is a pure
// function of its batch, so the run is the same whichever way its games are spread, and a worker
// that dies mid-generation is replaced and only its games are played again.

import { BatchProgress } from './batch-progress.js';
import { chooseBuild, cores, EngineWorker, Comlink, WorkerStopped, wholeOption } from './engine.js';
import { spread } from './spread.js';

/** A generation gives up after this many worker failures in a row. */
const MAX_FAILURES = 5;
/** Progress is reported at most this often, in ms. */
const PROGRESS_MS = 100;

export class Evolution {
  /**
   * A new run from `config` (the checkpoint's `config`, as `tetris-ai evolve` writes it).
   * `options.build`: "auto" (default), "threaded", "simd" or "plain"; `options.workers`: the
   * workers of a single-threaded build (simd or plain; default: one per core); `options.threads`:
   * the threaded pool's size (default: one per core).
   */
  static create(config, options = {}) {
    return Evolution.open({ config }, options);
  }

  /** A run continued from checkpoint text (the CLI's format); `options` as for `create`. */
  static resume(text, options = {}) {
    if (typeof text !== 'string') {
      throw new Error(`a checkpoint must be JSON text, got ${typeof text}`);
    }
    return Evolution.open({ text }, options);
  }

  static async open(start, options) {
    const workers = wholeOption(options.workers, 'options.workers', 1) ?? cores();
    const threads = wholeOption(options.threads, 'options.threads', 1) ?? cores();
    const { build, note } = await chooseBuild(options.build);
    const run = new Evolution(build, build === 'threaded' ? 1 : workers, threads, note);
    try {
      run.workers = await Promise.all(Array.from({ length: run.size }, () => run.spawn()));
      const owner = run.workers[0];
      run.completed =
        start.text !== undefined
          ? await owner.call((remote) => remote.evolutionResume(start.text))
          : await owner.call((remote) => remote.evolutionStart(start.config));
      run.saved = await owner.call((remote) => remote.checkpoint());
      run.config = await owner.call((remote) => remote.evolutionConfig());
      return run;
    } catch (error) {
      run.close();
      throw error;
    }
  }

  constructor(build, size, threads, note) {
    /** "threaded", "simd" or "plain". */
    this.build = build;
    /** Why a build other than the threaded one runs, where one does ("" otherwise). */
    this.note = note;
    /** Workers playing the games (1 on the threaded build, whose pool has `threads` threads). */
    this.size = size;
    this.threads = build === 'threaded' ? threads : 1;
    /** Called with `{generation, phase, done, total}` while a generation runs (never once closed). */
    this.onProgress = null;
    /** Workers that died and were replaced, over the run's life. */
    this.restarts = 0;
    this.workers = [];
    this.saved = null;
    this.completed = 0;
    this.finished = new Map();
    /** How far the batch spread over single-threaded workers has come (a `BatchProgress`). */
    this.partial = null;
    /** The batch the pending generation plays now: `{generation, phase, jobs, text}`, or null. */
    this.batch = null;
    this.ownerLost = false;
    this.running = false;
    this.pausing = false;
    this.closed = false;
  }

  spawn() {
    return EngineWorker.start({ build: this.build, threads: this.threads, name: 'evolution' });
  }

  /** Replaces worker `index` after it died. */
  async replace(index) {
    if (this.closed) throw new Error('the evolution is closed');
    this.restarts += 1;
    this.workers[index].terminate();
    this.workers[index] = await this.spawn();
    if (index === 0) this.ownerLost = true;
  }

  /** The generations completed so far. */
  get generations() {
    return this.completed;
  }

  /**
   * Runs one generation; resolves to its report, or to null when `pause()` stopped it (the next
   * call continues it, keeping the games already played).
   */
  async generation() {
    if (this.closed) throw new Error('the evolution is closed');
    if (this.running) throw new Error('a generation is already running');
    this.running = true;
    this.pausing = false;
    let failures = 0;
    try {
      for (;;) {
        try {
          return await this.runGeneration();
        } catch (error) {
          if (!(error instanceof WorkerStopped) || this.closed || ++failures > MAX_FAILURES)
            throw error;
          const dead = this.workers.findIndex((w) => !w.alive);
          await this.replace(dead < 0 ? 0 : dead);
        }
      }
    } finally {
      this.running = false;
    }
  }

  async runGeneration() {
    for (;;) {
      const owner = this.workers[0];
      if (this.ownerLost) {
        await owner.call((remote) => remote.evolutionResume(this.saved));
        this.ownerLost = false;
      }
      const batch = await owner.call((remote) => remote.ask());
      this.batch = { generation: this.completed + 1, ...batch };
      let lines = this.finished.get(batch.text);
      if (!lines) {
        lines = await this.play(batch);
        if (lines === null) return null;
        this.finished.set(batch.text, lines);
        this.partial = null;
      }
      if (this.ownerLost) continue;
      const report = await owner.call((remote) => remote.tell(lines));
      if (report) {
        this.saved = await owner.call((remote) => remote.checkpoint());
        this.completed = report.generation;
        this.finished.clear();
        this.batch = null;
        return report;
      }
    }
  }

  /**
   * Plays a batch's games; resolves to their lines in job order, or null when paused. Progress is
   * reported from the start, with the games already played.
   */
  play(batch) {
    const progress = this.progressReporter(batch);
    if (this.build === 'threaded') {
      progress(0);
      const reply = Comlink.proxy((done) => {
        progress(done);
        return !this.pausing;
      });
      return this.workers[0].call((remote) => remote.playAll(batch.text, reply));
    }
    return this.spread(batch, progress);
  }

  /** Plays a batch over the single-threaded workers, chunk by chunk, replacing any that dies. */
  async spread(batch, progress) {
    if (this.partial?.key !== batch.text) {
      this.partial = new BatchProgress(batch.text, batch.jobs, this.size);
    }
    const state = this.partial;
    await spread(state, this.workers, {
      play: (remote, chunk, heard) => remote.playGames(batch.text, chunk.from, chunk.to, heard),
      report: () => progress(state.played()),
      going: () => !this.pausing && !this.closed,
      over: () => this.closed,
      replace: (index) => this.replace(index),
    });
    if (state.waiting) return null;
    return state.numbers();
  }

  progressReporter(batch) {
    let last = 0;
    const generation = this.generations + 1;
    return (done) => {
      const now = performance.now();
      if (this.onProgress && !this.closed && (now - last > PROGRESS_MS || done === batch.jobs)) {
        last = now;
        this.onProgress({ generation, phase: batch.phase, done, total: batch.jobs });
      }
    };
  }

  /**
   * Where the pending generation stands: `{generation, phase, done, total}`, `done` being the
   * games of its batch already played and kept for the next `generation()` call (the threaded
   * build keeps none of a batch it stopped); null before its first batch.
   */
  get standing() {
    const batch = this.batch;
    if (!batch) return null;
    let done = 0;
    if (this.finished.has(batch.text)) done = batch.jobs;
    else if (this.partial?.key === batch.text) done = this.partial.done;
    return { generation: batch.generation, phase: batch.phase, done, total: batch.jobs };
  }

  /** Stops the running generation soon; its `generation()` call resolves to null. */
  pause() {
    if (this.running) this.pausing = true;
  }

  /** The run as checkpoint text (the CLI's format), as of the last completed generation. */
  async checkpoint() {
    if (this.closed) throw new Error('the evolution is closed');
    return this.saved;
  }

  /** Stops every worker of the run; it reports no progress from then on. */
  close() {
    this.closed = true;
    this.onProgress = null;
    for (const worker of this.workers) worker.terminate();
  }
}
