// Benchmark: the AI's time per decision at each search depth on the threaded build in headless
// Chromium, searching on one thread (`setParallel(false)`) and split over a pool of two
// (`setParallel(true)`), under the research rules (`dt10` on 10x10, no preview) and the
// guideline rules (`dellacherie` on 10x20, five previewed and hold).
//
//   ./build.sh build && node benches/browser/search.mjs [BUDGET_MS]
//
// Each depth is timed as the page's "Parallelize AI" measures it (lib/measure.js): two games of
// one seed, one per mode, play the same pieces in turns, in batches of at least 20 ms, until
// BUDGET_MS ms of decisions (default 3000) have been made; the medians per decision are printed
// with their ratio (one thread's time over two threads'). Both modes must choose alike: the
// measurement fails if the games' boards or totals ever differ, and the first PIECES placements
// of each mode, played one by one, are compared too.

import { launchBrowser, startServer } from '../../tests/browser/harness.mjs';
import { isolationHeaders } from './common.mjs';

const BUDGET_MS = Number(process.argv[2] || 3000);
if (!(BUDGET_MS > 0)) throw new Error(`BUDGET_MS must be a number above 0, got ${process.argv[2]}`);
/** The pool's size, and the depths timed. */
const THREADS = 2;
const DEPTHS = [1, 2, 3, 4];
/** Placements compared one by one per work and depth. */
const PIECES = 40;
/** Each work: its label, preset, rule set (from `limits()`), board and seed. */
const WORK = [
  { label: 'classic 10x10, dt10', preset: 'dt10', rules: 'classic', width: 10, height: 10 },
  {
    label: 'guideline 10x20, dellacherie',
    preset: 'dellacherie',
    rules: 'guideline',
    width: 10,
    height: 20,
  },
];
const SEED = 1;

const PAGE = '<!doctype html><meta charset="utf-8"><title>search</title>';

/**
 * Times `work` at every depth in an engine worker of `page` on the threaded build, and plays its
 * first placements both ways: `{build, preview, hold, rows}`, a row per depth with the medians,
 * the decisions timed, and whether the placements agreed.
 */
function measure(page, work) {
  return page.evaluate(
    async ([work, depths, threads, budgetMs, pieces, seed]) => {
      const { EngineWorker } = await import('./lib/engine.js');
      const { limits } = await import('./tetris-ai.js');
      const rules = (await limits()).rules[work.rules];
      const config = {
        preset: work.preset,
        rules,
        width: work.width,
        height: work.height,
        seed,
      };
      const worker = await EngineWorker.start({ build: 'threaded', threads });
      const call = (use) => worker.call(use);
      /** The first `pieces` placements of a game at `depth`, parallel or not, as JSON text. */
      const placements = async (depth, parallel) => {
        const id = await call((r) => r.open({ ...config, search: { depth } }));
        try {
          await call((r) => r.call(id, 'setParallel', [parallel]));
          const played = [];
          for (let i = 0; i < pieces; i++) {
            const step = await call((r) => r.call(id, 'step', []));
            if (step === null) break;
            played.push(JSON.stringify(step.choice.placement));
          }
          return played;
        } finally {
          await call((r) => r.close(id));
        }
      };
      try {
        const bounds = { budgetMs, minSamples: 10, maxSamples: 60 };
        const times = await call((r) => r.timeDepths(config, depths, [false, true], bounds));
        const rows = [];
        for (const { depth, ms, decisions } of times) {
          const [one, two] = [await placements(depth, false), await placements(depth, true)];
          const differs = one.findIndex((p, i) => two[i] !== p);
          rows.push({
            depth,
            ms,
            decisions,
            compared: one.length,
            same: one.length === two.length && differs < 0,
          });
        }
        return { build: worker.info.build, threads: worker.info.threads, rules, rows };
      } finally {
        worker.terminate();
      }
    },
    [work, DEPTHS, THREADS, BUDGET_MS, PIECES, SEED],
  );
}

/** The table's columns' widths, and a row of them. */
const WIDTHS = [5, 13, 13, 8, 20];
const columns = (...cells) =>
  `  ${cells.map((cell, i) => String(cell).padStart(WIDTHS[i])).join('')}`;

/** Milliseconds with three significant digits. */
const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toPrecision(3));

const browser = await launchBrowser();
const server = await startServer({ isolation: true });
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const headers = isolationHeaders(true);
  await page.route('**/search.html', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', headers, body: PAGE }),
  );
  await page.goto(`${server.url}search.html`);
  const failures = [];
  const lines = [];
  for (const work of WORK) {
    const result = await measure(page, work);
    if (result.build !== 'threaded')
      throw new Error(`the threaded build did not run: ${result.build}`);
    const { preview, hold } = result.rules;
    lines.push(`${work.label}, preview ${preview}${hold ? ', hold' : ''}:`);
    lines.push(
      `${columns('depth', '1 thread', '2 threads', 'ratio', 'decisions (1 / 2)')}   same placements`,
    );
    for (const row of result.rows) {
      const [one, two] = row.ms;
      const cells = columns(
        row.depth,
        `${ms(one)} ms`,
        `${ms(two)} ms`,
        `${(one / two).toFixed(2)}x`,
        `${row.decisions[0]} / ${row.decisions[1]}`,
      );
      lines.push(`${cells}   ${row.same ? 'yes' : 'NO'} (first ${row.compared})`);
      if (!row.same) failures.push(`${work.label}, depth ${row.depth}`);
    }
    console.log(lines.splice(0).join('\n'));
  }
  console.log(
    `Medians per decision, pool of ${THREADS} threads, up to ${BUDGET_MS} ms of decisions per depth; ` +
      `ratio: 1 thread's time over 2 threads'.`,
  );
  await context.close();
  if (failures.length) {
    throw new Error(`the two modes placed differently: ${failures.join('; ')}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
