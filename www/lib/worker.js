// The engine worker: a dedicated module Worker that owns one WebAssembly instance of the engine
// (the threaded build with its rayon pool, or the single-threaded simd or plain one) and serves
// the calls of `tetris-ai.js` through Comlink. Games, manual handling, the AI, evolution,
// benchmarks and survival estimates all run here; nothing in this file decides anything about a
// game.

import * as Comlink from '../vendor/comlink.mjs';
import { joined } from './batch-progress.js';
import { timeDecisions } from './measure.js';
import { gameCall, SERVER } from './protocol.js';
import { Session } from './session.js';

let wasm = null;
let build = null;
let evolution = null;
/** The replay open in this worker (see `replayOpen`), or null. */
let replay = null;
const sessions = new Map();
let nextSession = 1;

/** How often a batch reports its progress, in ms. */
const PROGRESS_MS = 100;
/** How often a batch on the pool is checked for completion, in ms. */
const POLL_MS = 20;
/** The last batch read, kept while its games are played: `{text, games}`. */
let lastBatch = null;

function session(id) {
  const found = sessions.get(id);
  if (!found) throw new Error(`game ${id} is closed`);
  return found;
}

/** The batch whose JSON text is `text`, read once. */
function batch(text) {
  if (lastBatch?.text !== text) {
    lastBatch?.games.free();
    lastBatch = null;
    lastBatch = { text, games: new wasm.GameBatch(text) };
  }
  return lastBatch.games;
}

function evolutionRun() {
  if (!evolution) throw new Error('no evolution runs in this worker');
  return evolution;
}

/** Holds a Web Lock for the worker's life, so the page learns at once when the worker dies. */
function holdLifeLock(name) {
  if (!name || !globalThis.navigator?.locks) return Promise.resolve(false);
  return new Promise((resolve) => {
    navigator.locks.request(name, () => {
      resolve(true);
      return new Promise(() => {});
    });
  });
}

/** Sleeps `ms` milliseconds, letting the worker answer other messages meanwhile. */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays games `from` to `to` (exclusive) of `games` (a `GameBatch` or a `Measurement`, whose
 * `play(from, to)` gives a few numbers per game or replicate) one after another, telling
 * `progress(done)` about finished games now and then; returns their numbers in game order.
 */
function playEach(games, from, to, progress) {
  const played = [];
  let reported = performance.now();
  for (let game = from; game < to; game++) {
    played.push(games.play(game, game + 1));
    if (progress && performance.now() - reported > PROGRESS_MS) {
      reported = performance.now();
      progress(game + 1 - from);
    }
  }
  const numbers = joined(played);
  return Comlink.transfer(numbers, [numbers.buffer]);
}

/**
 * Waits for `run` (a `PoolRun`: a batch's or a measurement's jobs on the pool), reporting
 * `progress(done)` while it runs, and frees it; resolves to the numbers of its games, or to
 * null once `progress` answers false (the games not yet started are abandoned).
 */
async function finished(run, progress) {
  try {
    let reported = performance.now();
    for (;;) {
      const numbers = run.result();
      if (numbers !== undefined) return Comlink.transfer(numbers, [numbers.buffer]);
      await sleep(POLL_MS);
      if (progress && performance.now() - reported >= PROGRESS_MS) {
        reported = performance.now();
        if ((await progress(run.done())) === false) return null;
      }
    }
  } finally {
    run.cancel();
    run.free();
  }
}

/** Calls `use` with `made` (an engine object) and frees it afterwards: what `use` gives. */
function using(made, use) {
  try {
    return use(made);
  } finally {
    made.free();
  }
}

/** The engine's measurement of kind `kind` and `spec` (`{config, options}`), read anew. */
function measurement(kind, spec) {
  return new wasm.Measurement(kind, spec.config, spec.options);
}

const engine = {
  /**
   * Loads `options.build` ("threaded", "simd" or "plain") from `options.base` (the package's root
   * URL) and, for the threaded build, starts a pool of `options.threads` threads.
   */
  async init({ build: wanted, base, threads, lifeLock }) {
    const module = await import(new URL(`pkg/${wanted}/tetris_ai.js`, base).href);
    await module.default();
    if (wanted === 'threaded') await module.initThreadPool(Math.max(1, threads));
    wasm = module;
    build = wanted;
    const watched = await holdLifeLock(lifeLock);
    return { build, threads: wanted === 'threaded' ? threads : 1, watched };
  },

  /** Presets, features, limits and defaults, as the engine states them. */
  catalog() {
    return {
      presets: wasm.presets(),
      features: wasm.features(),
      limits: wasm.limits(),
      evolution: wasm.evolutionChoices(),
    };
  },

  /** A run's configuration from the choices `tetris-ai evolve` offers. */
  runConfig(options) {
    return wasm.runConfig(options);
  },

  /** The game configuration `settings` play, as the engine resolves settings. */
  gameConfig(settings) {
    return wasm.gameConfig(settings);
  },

  /** What a share link's JSON value holds: `{settings, problems}`. */
  sharedSettings(link) {
    return wasm.sharedSettings(link);
  },

  // ---- games ----

  /** Starts a game from `config`; returns its id. */
  open(config) {
    const id = nextSession++;
    sessions.set(id, new Session(new wasm.Game(config)));
    return id;
  },

  close(id) {
    const s = sessions.get(id);
    if (s) {
      sessions.delete(id);
      s.free();
    }
  },

  /**
   * Answers the call `name` of game `id` with `args`: a call of lib/protocol.js's `GAME_CALLS`,
   * answered as it says there; any other name is refused.
   */
  call(id, name, args) {
    const s = session(id);
    const declared = gameCall(name);
    if (!declared) throw new Error(`unknown game method "${name}"`);
    const result = declared.server === SERVER.ENGINE ? s.game[name](...args) : s[name](...args);
    if (declared.replans) s.replan();
    return declared.draws ? Comlink.transfer(result, [result.cells.buffer]) : result;
  },

  /**
   * Times the decisions of games of `config` searching sequentially and on the pool, in turns
   * (see lib/measure.js), letting the worker answer other calls between batches, so that a game
   * it plays goes on meanwhile. `bounds`: `{budgetMs, minSamples, maxSamples}`. Resolves to
   * `{sequential, parallel, decisions}`: the medians in ms per decision, and the decisions timed
   * sequentially and in parallel.
   */
  async calibrateParallel(config, bounds) {
    const { ms, decisions } = await timeDecisions(wasm, config, [false, true], {
      bounds,
      pause: () => sleep(0),
    });
    return { sequential: ms[0], parallel: ms[1], decisions };
  },

  /**
   * Times the decisions of games of `config` at each search depth of `depths`, in each mode of
   * `modes` (false: sequential; true: on the pool), one depth after another, without pausing.
   * `bounds` as for `calibrateParallel`, for each depth. Resolves to `[{depth, ms, decisions}]`,
   * `ms` and `decisions` per mode.
   */
  async timeDepths(config, depths, modes, bounds) {
    if (!Array.isArray(depths) || depths.length === 0) {
      throw new Error(`depths must be a list of search depths, got ${JSON.stringify(depths)}`);
    }
    const times = [];
    for (const depth of depths) {
      const search = { ...(config.search ?? {}), depth };
      const { ms, decisions } = await timeDecisions(wasm, { ...config, search }, modes, { bounds });
      times.push({ depth, ms, decisions });
    }
    return times;
  },

  // ---- replays ----

  /**
   * Opens the replay of a recording's JSON text (the worker keeps one replay); returns
   * `{count, full}`: its placements, and its text with every move.
   */
  replayOpen(text) {
    replay?.free();
    replay = null;
    replay = new wasm.Replay(text);
    return { count: replay.count(), full: replay.text() };
  },

  /** The open replay's position after `index` placements, with the move made from it. */
  replayFrame(index) {
    if (!replay) throw new Error('no replay is open in this worker');
    return replay.frame(index);
  },

  // ---- evolution ----

  /** Starts a run from its configuration (the checkpoint's `config`). */
  evolutionStart(config) {
    if (evolution) evolution.free();
    evolution = null;
    evolution = new wasm.Evolution(config);
    return evolution.generation();
  },

  /** Continues a run from checkpoint text. */
  evolutionResume(text) {
    if (evolution) evolution.free();
    evolution = null;
    evolution = wasm.Evolution.resume(text);
    return evolution.generation();
  },

  /** The games the pending generation needs played: `{text, jobs, phase}`. */
  ask() {
    return evolutionRun().ask();
  },

  /** The lines of the asked games; the generation's report once it is complete, else null. */
  tell(lines) {
    return evolutionRun().tell(lines);
  },

  /** The run as checkpoint text (the state at the start of any pending generation). */
  checkpoint() {
    return evolutionRun().checkpoint();
  },

  /** The run's configuration. */
  evolutionConfig() {
    return evolutionRun().config();
  },

  /**
   * Plays games `from` to `to` (exclusive) of a batch one after another; returns their lines.
   * `progress(done)` hears about finished games now and then.
   */
  playGames(text, from, to, progress) {
    return playEach(batch(text), from, to, progress);
  },

  /**
   * Plays every game of a batch on the thread pool (threaded build), reporting `progress(done)`
   * while it runs; when `progress` answers false the batch is abandoned and the result is null.
   */
  playAll(text, progress) {
    return finished(batch(text).start(), progress);
  },

  // ---- measurements: benchmarks and survival estimates ----

  /**
   * The number of jobs (games or replicates) of the measurement of kind `kind` and `spec`
   * (`{config, options}`); a bad option throws naming the bad value.
   */
  measurementJobs(kind, spec) {
    return using(measurement(kind, spec), (made) => made.jobs());
  },

  /**
   * Plays jobs `from` to `to` (exclusive) of a measurement one after another: a few numbers per
   * job (a game's lines, pieces and 1 if it stopped at the cap; a replicate's counts).
   * `progress(done)` hears about finished jobs now and then.
   */
  playMeasurement(kind, spec, from, to, progress) {
    return using(measurement(kind, spec), (made) => playEach(made, from, to, progress));
  },

  /**
   * Plays every job of a measurement on the thread pool (threaded build), reporting
   * `progress(done)` while it runs: the numbers `playMeasurement` gives for all of them.
   */
  playMeasurementAll(kind, spec, progress) {
    // The run holds the measurement while it plays: this object can go at once.
    return finished(
      using(measurement(kind, spec), (made) => made.start()),
      progress,
    );
  },

  /**
   * A measurement's result from its jobs' numbers: a benchmark's statistics and every game's
   * lines, or a survival estimate and every replicate's counts.
   */
  measurementResult(kind, spec, numbers) {
    return using(measurement(kind, spec), (made) => made.result(numbers));
  },
};

Comlink.expose(engine);
