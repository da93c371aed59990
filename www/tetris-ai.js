// tetris-ai: the JavaScript API of the engine. Everything heavy runs in Web Workers (a game in a
// worker of its own, an evolution, a benchmark or a survival estimate in one worker with the
// threaded build's pool or in one single-threaded worker per core), so the page's main thread
// only renders and forwards input.
// The WebAssembly builds are found next to this module (through import.meta.url), so it works
// from any page.
//
//   import { createGame, createEvolution, presets } from './tetris-ai.js';
//   const game = await createGame({ preset: 'du', width: 10, height: 10, seed: 1 });
//   const stats = await game.play(1000);

import { measure as measureIn } from './lib/measurement.js';
import { chooseBuild, EngineWorker, singleThreadedBuild } from './lib/engine.js';
import { Evolution } from './lib/evolution.js';
import { Game } from './lib/game.js';
import { Replay } from './lib/replay.js';

export { Evolution, Game, Replay };
export { WorkerStopped } from './lib/engine.js';

/** A helper worker for the engine's catalogue is closed after this long unused, in ms. */
const HELPER_IDLE_MS = 5000;

let helper = null;
let helperTimer = null;
const cache = new Map();

/**
 * Runs `use(remote)` on a shared single-threaded worker (the simd build where the browser has
 * SIMD, else the plain one) that closes itself once idle.
 */
async function onHelper(use) {
  clearTimeout(helperTimer);
  if (
    !helper ||
    !(await helper.then(
      (w) => w.alive,
      () => false,
    ))
  ) {
    helper = singleThreadedBuild().then((build) => EngineWorker.start({ build, name: 'catalog' }));
    helper.catch(() => {
      helper = null;
    });
  }
  const worker = await helper;
  try {
    return await worker.call(use);
  } finally {
    clearTimeout(helperTimer);
    helperTimer = setTimeout(() => {
      worker.terminate();
      if (helper)
        helper.then(
          (w) => (w === worker ? (helper = null) : null),
          () => {},
        );
    }, HELPER_IDLE_MS);
  }
}

/** The catalogue, fetched once: `{presets, features, limits}`. */
function catalog() {
  if (!cache.has('catalog')) {
    const loading = onHelper((remote) => remote.catalog());
    loading.catch(() => cache.delete('catalog'));
    cache.set('catalog', loading);
  }
  return cache.get('catalog');
}

/**
 * Starts a game in a worker of its own. `config`: the engine's game configuration (`rules`,
 * `width`, `height`, `seed`, `preset` or `weights`, `search`, `handling`). `options.build`:
 * "auto" (default: threaded where the page is cross-origin isolated and the browser has
 * WebAssembly threads and SIMD, else simd where it has SIMD, else plain), "threaded", "simd" or
 * "plain"; a build that cannot run here rejects, naming why.
 * Resolves to a `Game`; a bad configuration rejects with an Error naming the bad value.
 */
export function createGame(config = {}, options = {}) {
  return Game.create(config, options);
}

/**
 * Starts an evolution run from `config` (a checkpoint's `config`; `evolutionConfig(options)`
 * makes one from the CLI's choices). `options.build` as for `createGame`; `options.workers`
 * (simd and plain) and `options.threads` (threaded) size the run. Resolves to an `Evolution` with
 * `generation()`, `checkpoint()`, `onProgress`, `pause()` and `close()`.
 */
export function createEvolution(config, options = {}) {
  return Evolution.create(config, options);
}

/**
 * Opens the replay of a recording's JSON text (`{config, pieces, moves}`: a game's
 * `recording()`, or a replay's `text`) in a single-threaded worker of its own, played through
 * once. Resolves to a `Replay` with `count`, `config`, `text`, `frame(index)` and `close()`; a
 * recording that does not play rejects, naming the field or the move that is wrong and why.
 */
export function openReplay(text) {
  return Replay.open(text);
}

/** Continues an evolution run from checkpoint text in the CLI's format. */
export function resumeEvolution(checkpointText, options = {}) {
  return Evolution.resume(checkpointText, options);
}

/**
 * A run's configuration from the choices `tetris-ai evolve` offers (the fields of `RunOptions`
 * in `types/engine.d.ts`); omitted choices take the CLI's defaults.
 */
export function evolutionConfig(options = {}) {
  return onHelper((remote) => remote.runConfig(options));
}

/**
 * The game configuration that `settings` play (`{preset, weights, asPublished, rules, board,
 * seed, depth, margin, das, arr, gravity, softDrop, lockDelay, overrides}`, each optional; see
 * `Settings` in types/engine.d.ts): the one resolver of settings, the command line's and Python's too. As
 * published, the preset's published rules and search stand in place of `rules`, `depth` and
 * `margin`. Bad settings reject naming the value.
 */
export function gameConfig(settings = {}) {
  return onHelper((remote) => remote.gameConfig(settings));
}

/**
 * What a share link's JSON value `link` holds: `{settings, problems}`, the settings it shares
 * (each read on its own, an older link's names too) and what is wrong with each one left out.
 */
export function sharedSettings(link) {
  return onHelper((remote) => remote.sharedSettings(link));
}

/**
 * Makes the measurement of kind `kind` (`"benchmark"`, `"survival"`, `"versus"`: the engine's
 * kinds, as `Measurements` in types/engine.d.ts lists them) of the game configuration `config`
 * (the form `createGame` takes) with `options`, the kind's own (`BenchmarkOptions`,
 * `SurvivalOptions`, `SeriesOptions`) and `build`, `workers`, `threads`, `onProgress` and
 * `signal`; see `benchmark`, `survival` and `versus`. Its
 * jobs play in Web Workers, and it resolves to the result the command line gives of the same
 * jobs. A bad kind, configuration or option rejects naming it.
 */
export function measure(kind, config, options = {}) {
  return measureIn(kind, config, options);
}

/**
 * Plays the games `seed .. seed + games - 1` of the game configuration `config` (the form
 * `createGame` takes) and resolves to what `tetris-ai bench --json` reports of the same games,
 * worked out by the same code: `games`, `mean`, `median`, `min`, `max`, `std` (sample),
 * `lines`, `capped`, `pieces`, `pieces_per_line`, and `game_lines`, each game's lines in order.
 * `options`: `games` (default 100), `seed` (default `config.seed`, else 0), `maxPieces` (a cap
 * on each game's pieces; default none), `build`, `workers` and `threads` as for
 * `createEvolution` (every core by default), `onProgress({done, total})` (games played, at most
 * every 100 ms and at the end), and `signal`, an AbortSignal that cancels the benchmark: its
 * workers stop and it rejects with an AbortError. A bad configuration or option rejects naming
 * it.
 */
export function benchmark(config, options = {}) {
  return measure('benchmark', config, options);
}

/**
 * Estimates the mean lines of uncapped games of the game configuration `config` (the form
 * `createGame` takes) by multilevel splitting, for games too long to play out, and resolves to
 * what `tetris-ai survival --json` reports of the same replicates, worked out by the same code:
 * `mean_lines` and its standard error `mean_lines_error` (null where no game ended, or for one
 * replicate), `rate` (games' endings per line) and `rate_error`, `pieces` placed, and each
 * replicate's counts in `replicates`. `options`: `replicates` (default 8; replicate i from
 * `seed + i`), `seed` (default `config.seed`, else 0), `runPieces` (each replicate's long run,
 * default 1,000,000 pieces), `trials` (branches from each level, default 2,000), `base` and
 * `levels` (default a fifth of the height, then every row from two above it to the top), and
 * `build`, `workers`, `threads`, `onProgress` (replicates made) and `signal` as for `benchmark`.
 * A bad configuration or option rejects naming it.
 */
export function survival(config, options = {}) {
  return measure('survival', config, options);
}

/**
 * Plays the matches `seed .. seed + games - 1` of the game configuration `config` (the left side,
 * A) against `options.opponent` (the right side, B; by default `config` again), each match two
 * boards in lockstep by pieces that send each other garbage, and resolves to what `tetris-ai
 * versus --json` reports of the same matches, worked out by the same code: `wins`, `losses`,
 * `draws` and `capped`, A's `win_rate` among decided matches with its 95% (Wilson)
 * `win_rate_interval`, and each side's attack, garbage, T-spins and pieces in `left` and `right`.
 * `options`: `games` (default 100), `seed` (default `config.seed`, else 0), `maxPieces` (each
 * side's cap, default 10,000), `opponent`, `rules` (`"ppt"`, the default, or `"tetrio"`), and
 * `build`, `workers`, `threads`, `onProgress` (matches played) and `signal` as for `benchmark`.
 * A bad configuration or option rejects naming it.
 */
export function versus(config, options = {}) {
  return measure('versus', config, options);
}

/** The choices `evolutionConfig` takes, with their defaults and the names each allows. */
export async function evolutionChoices() {
  return (await catalog()).evolution;
}

/** Every shipped preset: `{name, source, published_under, weights, lookahead_margin}`. */
export async function presets() {
  return (await catalog()).presets;
}

/** Every feature, as `[name, definition]`. */
export async function features() {
  return (await catalog()).features;
}

/** The engine's limits and defaults: board sizes, depths, preview, seeds, rules, game. */
export async function limits() {
  return (await catalog()).limits;
}

/** How long each depth is timed by default in `timeDepths`, in ms of decisions. */
const DEPTH_BUDGET_MS = 500;

/**
 * Times the AI's decisions of `config` (a game configuration: its rules, board, weights and
 * search) at each search depth, on one thread, in a short-lived worker of its own (so that a
 * game playing in another worker does not wait). `options`: `depths` (default: every depth
 * `limits()` allows), and `budgetMs` (ms of decisions per depth, default 500), `minSamples` and
 * `maxSamples`. Resolves to `[{depth, ms, decisions}]`, `ms` the median ms per decision; a bad
 * configuration or option rejects, naming it.
 */
export async function timeDepths(config, options = {}) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new Error(`options must be an object, got ${JSON.stringify(options)}`);
  }
  const { depths, ...bounds } = options;
  const { depth } = await limits();
  const every = Array.from({ length: depth.max - depth.min + 1 }, (_, i) => depth.min + i);
  const build = await singleThreadedBuild();
  const worker = await EngineWorker.start({ build, name: 'timing' });
  try {
    const times = await worker.call((remote) =>
      remote.timeDepths(config, depths ?? every, [false], { budgetMs: DEPTH_BUDGET_MS, ...bounds }),
    );
    return times.map(({ depth: d, ms, decisions }) => ({
      depth: d,
      ms: ms[0],
      decisions: decisions[0],
    }));
  } finally {
    worker.terminate();
  }
}

/**
 * The build `build` ("auto", "threaded", "simd" or "plain") resolves to on this page:
 * `{build, note}`, where `note` says why a build other than the threaded one runs when it does.
 */
export function resolveBuild(build = 'auto') {
  return chooseBuild(build);
}
