// Timing the AI's decisions inside an engine worker. Games of one configuration, one per search
// mode (sequential, or split over the thread pool), play the same pieces in turns, in batches
// long enough for the clock to read, until a budget of decision time is spent. Every mode
// chooses alike, so the games stay equal: that is checked after every batch, and a difference
// is an error. Nothing here decides anything about a game.

import { median } from './session.js';
import { wholeIn, wholeRule } from './whole.js';

/**
 * A timed batch lasts at least this long: the clock's resolution is small beside it, and the
 * pool, whose threads sleep while the other mode plays, wakes once a batch rather than once a
 * decision, as it does when a game places its pieces one after another.
 */
const BATCH_MS = 20;
/** The most decisions one batch makes (depth 1 takes about a microsecond). */
const MAX_BATCH = 1 << 16;
/** Rounds beyond the samples wanted, for warming up and for games that end: a bound on the loop. */
const SPARE_ROUNDS = 100;

/**
 * How long a measurement runs by default: decisions are timed until `budgetMs` ms of them have
 * been made, but at least `minSamples` batches and at most `maxSamples` in each mode.
 */
export const TIMING = { budgetMs: 1500, minSamples: 5, maxSamples: 15 };

/** The most batches a measurement may ask for in each mode. */
const MAX_SAMPLES = 10_000;

/**
 * The measurement's bounds: `options` over `TIMING`, checked; throws an Error naming a bad one.
 */
export function timingOptions(options = {}) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new Error(`timing options must be an object, got ${JSON.stringify(options)}`);
  }
  const { budgetMs, minSamples, maxSamples } = { ...TIMING, ...options };
  if (typeof budgetMs !== 'number' || !(budgetMs > 0 && budgetMs <= 600_000)) {
    throw new Error(`budgetMs must be a number above 0 and at most 600000, got ${budgetMs}`);
  }
  if (typeof minSamples !== 'number' || wholeIn(minSamples, [1, MAX_SAMPLES]) === null) {
    throw new Error(`minSamples must be ${wholeRule([1, MAX_SAMPLES])}, got ${minSamples}`);
  }
  if (typeof maxSamples !== 'number' || wholeIn(maxSamples, [minSamples, MAX_SAMPLES]) === null) {
    const rule = wholeRule([`minSamples (${minSamples})`, MAX_SAMPLES]);
    throw new Error(`maxSamples must be ${rule}, got ${maxSamples}`);
  }
  return { budgetMs, minSamples, maxSamples };
}

/** Whether two games stand alike: the same board and the same totals. */
function alike(a, b) {
  const [cellsA, cellsB] = [a.cells(), b.cells()];
  if (cellsA.length !== cellsB.length || cellsA.some((cell, i) => cell !== cellsB[i])) return false;
  return JSON.stringify(a.stats()) === JSON.stringify(b.stats());
}

/** Plays `count` more pieces of `game`: `{ms, made, over}`, the time of the decisions made. */
function playTimed(game, count) {
  const before = game.stats().pieces;
  const start = performance.now();
  const stats = game.play(before + count);
  const ms = performance.now() - start;
  return { ms, made: stats.pieces - before, over: stats.game_over };
}

/**
 * Times the decisions of games of `config` (a game configuration) with `wasm`, the engine's
 * module, in each mode of `modes` (false: sequential; true: on the pool). The modes take turns
 * batch by batch, in alternating order, on games of the same seed; a game that ends is replaced
 * by one of the next seed. Untimed first batches warm the code up and size the batches.
 * `options`: the bounds of `timingOptions`, and `pause`, awaited between batches (so that a
 * worker answers other messages meanwhile). Resolves to `{ms, decisions, batch}`: per mode the
 * median ms per decision and the decisions timed, and the decisions per batch. Rejects naming
 * a bad configuration, and when the modes' games stop standing alike.
 */
export async function timeDecisions(wasm, config, modes, options = {}) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw new Error(`config must be a game configuration object, got ${JSON.stringify(config)}`);
  }
  if (!Array.isArray(modes) || modes.length === 0 || modes.some((m) => typeof m !== 'boolean')) {
    throw new Error(
      `modes must be a list of true (parallel) or false, got ${JSON.stringify(modes)}`,
    );
  }
  const { budgetMs, minSamples, maxSamples } = timingOptions(options.bounds);
  const pause = options.pause ?? null;
  let seed = Number.isSafeInteger(config.seed) ? config.seed : 0;
  let games = [];
  const free = () => {
    for (const game of games) game.free();
    games = [];
  };
  const open = () => {
    free();
    for (const parallel of modes) {
      const game = new wasm.Game({ ...config, seed });
      games.push(game);
      game.setParallel(parallel);
    }
    seed = seed >= Number.MAX_SAFE_INTEGER ? 0 : seed + 1;
  };
  const samples = modes.map(() => []);
  const decisions = modes.map(() => 0);
  let batch = 1;
  let spent = 0;
  let warm = false;
  let round = 0;
  const more = () =>
    samples.some((s) => s.length < minSamples) ||
    (spent < budgetMs && samples.every((s) => s.length < maxSamples));
  try {
    open();
    while ((!warm || more()) && round < 2 * maxSamples + SPARE_ROUNDS) {
      const order = modes.map((_, i) => (round % 2 ? modes.length - 1 - i : i));
      const played = [];
      for (const which of order) {
        if (pause) await pause();
        played[which] = playTimed(games[which], batch);
        spent += played[which].ms;
      }
      for (let which = 1; which < games.length; which++) {
        if (!alike(games[0], games[which])) {
          const pieces = games[0].stats().pieces;
          throw new Error(
            `the searches of modes ${modes[0]} and ${modes[which]} chose differently by piece ${pieces}`,
          );
        }
      }
      // The first round warms up; then batches double until each lasts BATCH_MS.
      const shortest = Math.min(...played.map((p) => p.ms));
      if (round > 0 && (shortest >= BATCH_MS || batch >= MAX_BATCH)) warm = true;
      else if (round > 0) batch *= 2;
      if (warm) {
        for (const [which, { ms, made }] of played.entries()) {
          if (made === 0) continue;
          samples[which].push(ms / made);
          decisions[which] += made;
        }
      }
      if (played[0].over) open();
      round += 1;
    }
  } finally {
    free();
  }
  return { ms: samples.map(median), decisions, batch };
}
