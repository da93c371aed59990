// Benchmark: the wall time of the page's measurements in headless Chromium on the threaded build
// (its pool of one thread per core, the page isolated) and on the simd build (one worker per
// core, the page not isolated), against the command line with the same settings on every core:
// `benchmark()` (du on 10x10, 200 games from seed 0) against `tetris-ai bench`, and `survival()`
// (dt20 on 10x20, 8 replicates from seed 0 at the default effort) against `tetris-ai survival`.
// Every way must give the command line's figures.
//
//   ./build.sh build && cargo build --release && node benches/browser/benchmark.mjs [REPEATS]
//
// Prints the median seconds of each way over REPEATS runs (default 3) and the ratios.

import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { CLI, ROOT } from '../../tests/browser/harness.mjs';
import { medianSeconds, withApiPages } from './common.mjs';

const REPEATS = Number(process.argv[2] || 3);
const CORES = os.availableParallelism();

/**
 * The measurements: what they are, the API function and its arguments, the command line's, and
 * the figures both give, compared.
 */
const MEASUREMENTS = [
  {
    name: 'benchmark of du on 10x10, 200 games from seed 0',
    api: 'benchmark',
    config: { preset: 'du', width: 10, height: 10 },
    options: { games: 200, seed: 0 },
    cli: ['bench', '--preset', 'du', '--board', '10x10', '--games', '200', '--seed', '0'],
    figures: ['games', 'mean', 'median', 'min', 'max', 'std', 'lines', 'capped', 'pieces'],
  },
  {
    name: 'survival estimate of dt20 on 10x20, 8 replicates from seed 0',
    api: 'survival',
    config: { preset: 'dt20', width: 10, height: 20 },
    options: { replicates: 8, seed: 0 },
    cli: ['survival', '--preset', 'dt20', '--board', '10x20', '--replicates', '8', '--seed', '0'],
    figures: ['mean_lines', 'mean_lines_error', 'rate', 'rate_error', 'pieces', 'replicates'],
  },
];

/** The command line makes `measurement` on every core: its seconds and result. */
function native(measurement) {
  const t0 = performance.now();
  const out = execFileSync(CLI, [...measurement.cli, '--json'], { cwd: ROOT, encoding: 'utf8' });
  return { seconds: (performance.now() - t0) / 1000, result: JSON.parse(out) };
}

/** The page makes `measurement` with its API function on `build`: its seconds and result. */
function browser(page, measurement, build) {
  return page.evaluate(
    async ({ api, config, options, build }) => {
      const module = await import('/tetris-ai.js');
      const t0 = performance.now();
      const result = await module[api](config, { ...options, build });
      return { seconds: (performance.now() - t0) / 1000, result };
    },
    { ...measurement, build },
  );
}

/** The figures of `result` that both give, as text. */
function comparable(measurement, result) {
  return JSON.stringify(measurement.figures.map((name) => result[name]));
}

/** Times `measurement` every way, REPEATS times in turn; prints the medians and ratios. */
async function time(measurement, pages) {
  const ways = [
    [`native, ${CORES} threads`, () => native(measurement)],
    [`threaded wasm, ${CORES} threads`, () => browser(pages.threaded, measurement, 'threaded')],
    [`simd wasm, ${CORES} workers`, () => browser(pages.plain, measurement, 'simd')],
  ];
  const { medians, first } = await medianSeconds(ways, REPEATS, (result) =>
    comparable(measurement, result),
  );
  console.log(
    `${measurement.name} (${first.pieces} decisions), median of ${REPEATS}, ${CORES} cores:`,
  );
  for (const [name, seconds] of medians) {
    console.log(`  ${name.padEnd(26)} ${seconds.toFixed(2)} s`);
  }
  const nativeTime = medians.get(ways[0][0]);
  console.log('ratios to the native time:');
  for (const [name] of ways.slice(1)) {
    console.log(`  ${name.padEnd(26)} ${(medians.get(name) / nativeTime).toFixed(2)}x`);
  }
}

await withApiPages(async (pages) => {
  for (const measurement of MEASUREMENTS) await time(measurement, pages);
});
