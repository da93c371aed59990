// Benchmark: the wall time of one evolution generation, natively (the CLI on 1 thread and on
// every core) and in headless Chromium (the threaded build on 1 thread and on every core, and
// the plain build over 1 worker and over one worker per core, the page not isolated). Every way
// plays the same generation, resumed from one checkpoint, and must give the same report.
//
//   ./build.sh build && cargo build --release && node benches/browser/generation.mjs [REPEATS]
//
// Prints the median seconds of each way over REPEATS runs (default 3) and the ratios.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, ROOT } from '../../tests/browser/harness.mjs';
import { medianSeconds, withApiPages } from './common.mjs';

const REPEATS = Number(process.argv[2] || 3);
const CORES = os.availableParallelism();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tetris-ai-generation-'));
const start = path.join(work, 'start.json');

function cli(args) {
  return execFileSync(CLI, args, { cwd: ROOT, encoding: 'utf8' });
}

/** The report of a generation without its timing. */
function comparable(report) {
  const { elapsed_seconds: _, ...rest } = report;
  return JSON.stringify(rest);
}

// The starting point: five generations of the CLI's default CEM run on 10x10, so that the
// weights play games of a realistic length.
cli(['evolve', '--generations', '5', '--seed', '3', '--checkpoint', start, '--json']);
const checkpoint = fs.readFileSync(start, 'utf8');

/** The CLI resumes the checkpoint for one generation on `threads` threads. */
function native(threads) {
  const copy = path.join(work, `native-${threads}.json`);
  fs.writeFileSync(copy, checkpoint);
  const t0 = performance.now();
  const out = cli([
    'evolve',
    '--resume',
    copy,
    '--generations',
    '6',
    '--threads',
    String(threads),
    '--json',
  ]);
  const seconds = (performance.now() - t0) / 1000;
  return { seconds, result: JSON.parse(out.trim().split('\n').pop()) };
}

/** The page resumes the checkpoint for one generation with `options`. */
async function browser(page, options) {
  return page.evaluate(
    async ({ text, options }) => {
      const api = await import('/tetris-ai.js');
      const run = await api.resumeEvolution(text, options);
      try {
        const t0 = performance.now();
        const report = await run.generation();
        return { seconds: (performance.now() - t0) / 1000, result: report, build: run.build };
      } finally {
        run.close();
      }
    },
    { text: checkpoint, options },
  );
}

try {
  await withApiPages(async ({ threaded, plain }) => {
    const ways = [
      ['native, 1 thread', () => native(1)],
      [`native, ${CORES} threads`, () => native(CORES)],
      ['threaded wasm, 1 thread', () => browser(threaded, { build: 'threaded', threads: 1 })],
      [
        `threaded wasm, ${CORES} threads`,
        () => browser(threaded, { build: 'threaded', threads: CORES }),
      ],
      ['plain wasm, 1 worker', () => browser(plain, { build: 'plain', workers: 1 })],
      [`plain wasm, ${CORES} workers`, () => browser(plain, { build: 'plain', workers: CORES })],
    ];
    const { medians } = await medianSeconds(ways, REPEATS, comparable);
    console.log(
      `one generation (cem, population 100, 10 games each on 10x10, plus validation), ` +
        `median of ${REPEATS}, ${CORES} cores:`,
    );
    for (const [name, seconds] of medians)
      console.log(`  ${name.padEnd(28)} ${seconds.toFixed(2)} s`);
    const m = (name) => medians.get(name);
    console.log('ratios:');
    console.log(
      `  native speedup, ${CORES} threads over 1:        ${(m('native, 1 thread') / m(`native, ${CORES} threads`)).toFixed(2)}x`,
    );
    console.log(
      `  threaded wasm speedup, ${CORES} threads over 1: ${(m('threaded wasm, 1 thread') / m(`threaded wasm, ${CORES} threads`)).toFixed(2)}x`,
    );
    console.log(
      `  plain workers speedup, ${CORES} over 1:         ${(m('plain wasm, 1 worker') / m(`plain wasm, ${CORES} workers`)).toFixed(2)}x`,
    );
    console.log(
      `  threaded wasm / native, all cores:      ${(m(`threaded wasm, ${CORES} threads`) / m(`native, ${CORES} threads`)).toFixed(2)}x`,
    );
    console.log(
      `  plain workers / threaded wasm, all cores: ${(m(`plain wasm, ${CORES} workers`) / m(`threaded wasm, ${CORES} threads`)).toFixed(2)}x`,
    );
  });
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
