// Benchmarks of the JavaScript API in Chromium, Firefox and WebKit (see browsers.mjs): du on
// 10x10, 200 games from seed 0, gives every statistic of `tetris-ai bench --json` exactly, and
// every game's lines, on the build each browser runs served with and without cross-origin
// isolation, with one worker per core where the build is single-threaded; its progress counts up
// to the 200 games. A cancelled benchmark rejects with an AbortError saying so, has every worker
// it started stopped, and reports nothing more. A survival estimate (dt10 on 10x10, 4 replicates)
// is `tetris-ai survival --json`'s to the last digit, replicate by replicate, on every build. A
// versus series (dellacherie against dt10, guideline rules on 10x10, 20 matches) is `tetris-ai
// versus --json`'s, match for match, on every build.
// `BROWSERS=firefox,webkit` picks the browsers.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BROWSERS, launchAny } from './browsers.mjs';
import { CLI, ROOT, startAll, startServer } from './harness.mjs';

const run = promisify(execFile);
const CHOSEN = process.env.BROWSERS ? process.env.BROWSERS.split(',') : BROWSERS;

/** The benchmark both sides play: du on 10x10, 200 games from seed 0, no cap. */
const BENCH = { preset: 'du', width: 10, height: 10, games: 200, seed: 0 };
/** The statistics `tetris-ai bench --json` and `benchmark()` both give. */
const STATISTICS = [
  'games',
  'mean',
  'median',
  'min',
  'max',
  'std',
  'lines',
  'capped',
  'pieces',
  'pieces_per_line',
];
/** The survival estimate both sides make: dt10 on 10x10, 4 small replicates from seed 3. */
const SURVIVAL = {
  config: { preset: 'dt10', width: 10, height: 10 },
  options: { replicates: 4, seed: 3, runPieces: 20_000, trials: 200 },
};
/** The versus series both sides play: on 10x10, where most matches are decided. */
const VERSUS = {
  left: { rules: 'guideline', preset: 'dellacherie', board: [10, 10] },
  right: { rules: 'guideline', preset: 'dt10', board: [10, 10] },
  options: { games: 20, seed: 0, maxPieces: 1000, rules: 'ppt' },
};
/** A benchmark long enough to be cancelled part way: du on 10x10, 2,000 games. */
const LONG = { preset: 'du', width: 10, height: 10, games: 2000, seed: 0 };

let isolated;
let unisolated;
/** What `tetris-ai bench --json` says of `BENCH`. */
let native;
/** Every game's lines of `BENCH`, game by game from the command line. */
let nativeLines;
/** What `tetris-ai survival --json` says of `SURVIVAL`, less its timing and settings. */
let nativeSurvival;
/** What `tetris-ai versus --json` says of `VERSUS`, less its settings. */
let nativeVersus;

before(
  async () => {
    await run('cargo', ['build', '--release', '--quiet', '-p', 'tetris-ai-cli'], {
      cwd: ROOT,
      timeout: 900_000,
    });
    const bench = async (seed, games) => {
      const { stdout } = await run(CLI, [
        'bench',
        ...['--preset', BENCH.preset, '--board', `${BENCH.width}x${BENCH.height}`],
        ...['--games', String(games), '--seed', String(seed), '--json'],
      ]);
      return JSON.parse(stdout);
    };
    native = await bench(BENCH.seed, BENCH.games);
    // Each game alone: the first seed and one game give that game's lines.
    nativeLines = [];
    for (let game = 0; game < BENCH.games; game++) {
      nativeLines.push((await bench(BENCH.seed + game, 1)).lines);
    }
    const { config, options } = SURVIVAL;
    const { stdout } = await run(CLI, [
      'survival',
      ...['--preset', config.preset, '--board', `${config.width}x${config.height}`],
      ...['--replicates', String(options.replicates), '--seed', String(options.seed)],
      ...['--run-pieces', String(options.runPieces), '--trials', String(options.trials)],
      '--json',
    ]);
    const { seconds, settings, ...estimate } = JSON.parse(stdout);
    assert.ok(seconds >= 0 && settings.trials === options.trials, 'the command line ran');
    nativeSurvival = estimate;
    nativeVersus = await versusOnTheCommandLine();
    [isolated, unisolated] = await startAll([
      startServer({ isolation: true }),
      startServer({ isolation: false }),
    ]);
  },
  { timeout: 900_000 },
);

after(async () => {
  await Promise.all([isolated?.stop(), unisolated?.stop()]);
});

/** What `tetris-ai versus --json` says of `VERSUS`: its statistics, less the settings. */
async function versusOnTheCommandLine() {
  const { left, right, options } = VERSUS;
  const { stdout } = await run(CLI, [
    'versus',
    ...['--preset', left.preset, '--opponent-preset', right.preset, '--board', '10x10'],
    ...['--games', String(options.games), '--seed', String(options.seed)],
    ...['--max-pieces', String(options.maxPieces), '--versus', options.rules, '--json'],
  ]);
  const written = JSON.parse(stdout);
  assert.equal(written.rules, left.rules, 'the command line plays versus by guideline rules');
  assert.ok(written.wins + written.losses > 0, 'some match is decided');
  const statistics = ['games', 'wins', 'losses', 'draws', 'capped', 'win_rate'];
  return Object.fromEntries(
    [...statistics, 'win_rate_interval', 'left', 'right'].map((key) => [key, written[key]]),
  );
}

/** A page of `server` with nothing running in it (the API module's own text), to import into. */
function quietPage(server) {
  return `${server.url}tetris-ai.js`;
}

// The functions below run in the page: each stands alone (the drivers send its source).

/**
 * Keeps the engine workers benchmarks make from now on (named "benchmark-...") in
 * `window.madeWorkers`, each with whether it was terminated and whether it ever answered (one
 * that never did is a start given up and replaced, as a browser now and then sticks one).
 */
function countWorkers() {
  window.madeWorkers = [];
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      this.terminated = false;
      this.answered = false;
      this.addEventListener('message', () => (this.answered = true));
      if (options?.name?.startsWith('benchmark-')) window.madeWorkers.push(this);
    }

    terminate() {
      this.terminated = true;
      super.terminate();
    }
  };
}

/**
 * Plays `BENCH` through `benchmark()`: the result, the progress heard, the build, the cores and
 * the workers the benchmark started that answered.
 */
async function playBenchmark({ preset, width, height, games, seed }) {
  const api = await import('/tetris-ai.js');
  const { build } = await api.resolveBuild('auto');
  const progress = [];
  const result = await api.benchmark(
    { preset, width, height },
    { games, seed, onProgress: (heard) => progress.push(heard) },
  );
  return {
    result,
    progress,
    build,
    cores: navigator.hardwareConcurrency,
    workers: window.madeWorkers.filter((worker) => worker.answered).length,
    stopped: window.madeWorkers.every((worker) => worker.terminated),
  };
}

/** Starts `LONG` through `benchmark()` with an AbortController of `window.cancelling`. */
async function startLong({ preset, width, height, games, seed }) {
  const api = await import('/tetris-ai.js');
  window.cancelling = new AbortController();
  window.heard = [];
  window.outcome = api
    .benchmark(
      { preset, width, height },
      { games, seed, signal: window.cancelling.signal, onProgress: (p) => window.heard.push(p) },
    )
    .then(
      () => ({ resolved: true }),
      (error) => ({ name: error.name, message: error.message }),
    );
  return true;
}

/** Makes `SURVIVAL` through `survival()`: the estimate, the build, and the progress heard. */
async function makeSurvival({ config, options }) {
  const api = await import('/tetris-ai.js');
  const { build } = await api.resolveBuild('auto');
  const progress = [];
  const estimate = await api.survival(config, {
    ...options,
    onProgress: (heard) => progress.push(heard),
  });
  return { estimate, build, progress };
}

/**
 * Plays `VERSUS` through `versus()`, both sides resolved by `gameConfig`: the statistics, the
 * build, and the progress heard.
 */
async function playVersus({ left, right, options }) {
  const api = await import('/tetris-ai.js');
  const { build } = await api.resolveBuild('auto');
  const progress = [];
  const series = await api.versus(await api.gameConfig(left), {
    ...options,
    opponent: await api.gameConfig(right),
    onProgress: (heard) => progress.push(heard),
  });
  return { series, build, progress };
}

/** Whether the benchmark started by `startLong` has played a game. */
function playedSome() {
  return window.heard.some((p) => p.done > 0);
}

/**
 * Cancels the benchmark started by `startLong`, waits for it to reject and a moment more: how
 * it ended, whether every worker it made was stopped, and the progress heard after.
 */
async function cancelLong() {
  window.cancelling.abort();
  const ended = await window.outcome;
  const heardThen = window.heard.length;
  const stopped = window.madeWorkers.every((worker) => worker.terminated);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return {
    ended,
    stopped,
    workers: window.madeWorkers.length,
    heardAfter: window.heard.length - heardThen,
  };
}

/** A benchmark whose signal was aborted before it started: how it ended, and workers made. */
async function cancelBeforehand() {
  const api = await import('/tetris-ai.js');
  const signal = AbortSignal.abort();
  const ended = await api.benchmark({ preset: 'du' }, { games: 5, signal }).then(
    () => ({ resolved: true }),
    (error) => ({ name: error.name, message: error.message }),
  );
  return { ended, workers: window.madeWorkers.length };
}

for (const name of CHOSEN) {
  describe(name, { timeout: 900_000 }, () => {
    let browser;
    before(async () => (browser = await launchAny(name)), { timeout: 120_000 });
    after(async () => browser?.close());

    for (const served of ['isolated', 'not isolated']) {
      test(`du on 10x10, 200 games from seed 0, as the command line, served ${served}`, async (t) => {
        const server = served === 'isolated' ? isolated : unisolated;
        const page = await browser.open(quietPage(server));
        try {
          await page.evaluate(countWorkers);
          const seen = await page.evaluate(playBenchmark, BENCH);
          t.diagnostic(`${name} ran the ${seen.build} build, ${seen.workers} workers`);
          for (const statistic of STATISTICS) {
            assert.equal(
              seen.result[statistic],
              native[statistic],
              `${statistic} of the ${seen.build} build`,
            );
          }
          assert.deepEqual(seen.result.game_lines, nativeLines, "every game's lines");
          const wanted = seen.build === 'threaded' ? 1 : seen.cores;
          assert.equal(seen.workers, wanted, 'the pool in one worker, or a worker per core');
          assert.ok(seen.stopped, 'every worker stopped once the benchmark was done');
          assert.deepEqual(seen.progress.at(-1), { done: BENCH.games, total: BENCH.games });
          const counts = seen.progress.map((p) => p.done);
          assert.deepEqual(
            counts,
            [...counts].sort((a, b) => a - b),
            'the progress never goes down',
          );
        } finally {
          await page.close();
        }
      });
    }

    test('dt10 on 10x10, a survival estimate of 4 replicates, as the command line', async (t) => {
      for (const server of [isolated, unisolated]) {
        const page = await browser.open(quietPage(server));
        try {
          const seen = await page.evaluate(makeSurvival, SURVIVAL);
          t.diagnostic(`${name} made it on the ${seen.build} build`);
          assert.deepEqual(seen.estimate, nativeSurvival, `the ${seen.build} build's estimate`);
          assert.deepEqual(seen.progress.at(-1), { done: 4, total: 4 });
        } finally {
          await page.close();
        }
      }
    });

    test('dellacherie against dt10 on 10x10, 20 matches, as the command line', async (t) => {
      for (const server of [isolated, unisolated]) {
        const page = await browser.open(quietPage(server));
        try {
          const seen = await page.evaluate(playVersus, VERSUS);
          t.diagnostic(`${name} played it on the ${seen.build} build`);
          assert.deepEqual(seen.series, nativeVersus, `the ${seen.build} build's series`);
          assert.deepEqual(seen.progress.at(-1), { done: 20, total: 20 });
        } finally {
          await page.close();
        }
      }
    });

    test('a cancelled benchmark rejects saying so, its workers stopped', async () => {
      for (const server of [isolated, unisolated]) {
        const page = await browser.open(quietPage(server));
        try {
          await page.evaluate(countWorkers);
          await page.evaluate(startLong, LONG);
          await page.waitFor(playedSome, null, 120_000);
          const seen = await page.evaluate(cancelLong);
          assert.equal(seen.ended.name, 'AbortError', JSON.stringify(seen.ended));
          assert.match(seen.ended.message, /^the benchmark was cancelled after \d+ of 2000 games$/);
          assert.ok(seen.workers >= 1);
          assert.ok(seen.stopped, 'every worker the benchmark started has stopped');
          assert.equal(seen.heardAfter, 0, 'no progress is reported once cancelled');
          const beforehand = await page.evaluate(cancelBeforehand);
          assert.equal(beforehand.ended.name, 'AbortError');
          assert.equal(beforehand.ended.message, 'the benchmark was cancelled');
          assert.equal(beforehand.workers, seen.workers, 'no worker starts for it');
        } finally {
          await page.close();
        }
      }
    });
  });
}
