// Benchmark: the wall time of `benchmark()` (du on 10x10, 200 games from seed 0) in headless
// Chromium on the threaded build (its pool of one thread per core, the page isolated) and on the
// simd build (one worker per core, the page not isolated), against `tetris-ai bench` with the same
// settings on every core. Every way must give the command line's statistics.
//
//   ./build.sh build && cargo build --release && node benches/browser/benchmark.mjs [REPEATS]
//
// Prints the median seconds of each way over REPEATS runs (default 3) and the ratios.

import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { CLI, launchBrowser, openPage, ROOT, startServer } from '../../tests/browser/harness.mjs';
import { median } from './common.mjs';

const REPEATS = Number(process.argv[2] || 3);
const CORES = os.availableParallelism();
const BENCH = { preset: 'du', width: 10, height: 10, games: 200, seed: 0 };
/** The statistics both give, compared. */
const STATISTICS = ['games', 'mean', 'median', 'min', 'max', 'std', 'lines', 'capped', 'pieces'];

/** The command line plays the games on every core: its seconds and statistics. */
function native() {
  const t0 = performance.now();
  const out = execFileSync(
    CLI,
    [
      'bench',
      ...['--preset', BENCH.preset, '--board', `${BENCH.width}x${BENCH.height}`],
      ...['--games', String(BENCH.games), '--seed', String(BENCH.seed), '--json'],
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return { seconds: (performance.now() - t0) / 1000, result: JSON.parse(out) };
}

/** The page plays the games with `benchmark()` on `build`: its seconds and result. */
function browser(page, build) {
  return page.evaluate(
    async ({ bench, build }) => {
      const { benchmark } = await import('/tetris-ai.js');
      const { preset, width, height, games, seed } = bench;
      const t0 = performance.now();
      const result = await benchmark({ preset, width, height }, { games, seed, build });
      return { seconds: (performance.now() - t0) / 1000, result };
    },
    { bench: BENCH, build },
  );
}

/** The statistics of `result` that both give, as text. */
function comparable(result) {
  return JSON.stringify(STATISTICS.map((name) => result[name]));
}

const isolated = await startServer({ isolation: true });
const plain = await startServer({ isolation: false });
const chromium = await launchBrowser();
try {
  // A document with no game of its own (the API module itself), so that nothing else runs.
  const blank = async (server) =>
    (await openPage(chromium, `${server.url}tetris-ai.js`, { ready: false })).page;
  const threadedPage = await blank(isolated);
  const simdPage = await blank(plain);
  const ways = [
    [`native, ${CORES} threads`, native],
    [`threaded wasm, ${CORES} threads`, () => browser(threadedPage, 'threaded')],
    [`simd wasm, ${CORES} workers`, () => browser(simdPage, 'simd')],
  ];
  const results = new Map();
  let first = null;
  for (let round = 0; round < REPEATS; round++) {
    for (const [name, play] of ways) {
      const { seconds, result } = await play();
      first ??= result;
      if (comparable(result) !== comparable(first)) {
        throw new Error(
          `${name} gave other statistics:\n${comparable(result)}\n${comparable(first)}`,
        );
      }
      if (!results.has(name)) results.set(name, []);
      results.get(name).push(seconds);
    }
  }
  const medians = new Map([...results].map(([name, xs]) => [name, median(xs)]));
  console.log(
    `benchmark of du on 10x10, 200 games from seed 0 (${first.pieces} decisions), ` +
      `median of ${REPEATS}, ${CORES} cores:`,
  );
  for (const [name, seconds] of medians) {
    console.log(`  ${name.padEnd(26)} ${seconds.toFixed(2)} s`);
  }
  const m = (name) => medians.get(name);
  const nativeTime = m(`native, ${CORES} threads`);
  console.log('ratios to the native time:');
  for (const name of [`threaded wasm, ${CORES} threads`, `simd wasm, ${CORES} workers`]) {
    console.log(`  ${name.padEnd(26)} ${(m(name) / nativeTime).toFixed(2)}x`);
  }
} finally {
  await chromium.close();
  isolated.stop();
  plain.stop();
}
