// Evolution in Chromium, Firefox and WebKit (see browsers.mjs): one small generation gives the
// same report in each browser as in Chromium, on the build each runs served with and without
// cross-origin isolation; and the progress of generations played on single-threaded workers
// never counts more games than a batch has, nor goes down; and after the panel's Stop nothing
// of the stopped run changes the panel; and a run the panel starts from a preset's weights,
// with noise handling, gives the command line's report. `BROWSERS=firefox,webkit` picks the
// browsers; Chromium's report, the reference, is computed in any case.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BROWSERS, launchAny } from './browsers.mjs';
import { startPanelRun, stopPanelWatching } from './evolution-panel.mjs';
import { CLI, startAll, startServer } from './harness.mjs';

const CHOSEN = process.env.BROWSERS ? process.env.BROWSERS.split(',') : BROWSERS;

/** One small generation (a few seconds on any build), validated. */
const SMALL = {
  width: 10,
  height: 8,
  population: 12,
  games: 3,
  max_pieces: 300,
  seed: 11,
  validation: { top: 2, games: 3 },
};

/**
 * Generations whose batches are cut into chunks of one game each over several workers, games
 * that last a moment each (their first population drawn close to the du preset's weights, so
 * that they reach the piece cap): each game's progress is reported as its chunk ends.
 */
const BUSY = {
  optimizer: 'ga',
  features: 'du',
  width: 10,
  height: 20,
  population: 12,
  games: 2,
  max_pieces: 20_000,
  seed: 3,
  validation: { top: 2, games: 6 },
  near: 'du',
};
const BUSY_GENERATIONS = 3;
/** The panel's run stopped mid-generation: its form's fields by id, each game short. */
const PANEL_RUN = { 'evo-width': 10, 'evo-height': 12, 'evo-population': 40, 'evo-games': 4 };
const BUSY_WORKERS = 3;
/**
 * A small CMA-ES run the panel starts from dt10's weights, with every noise remedy on: its form's
 * fields by id, in order.
 */
const STARTED_RUN = {
  'evo-optimizer': 'cmaes',
  'evo-start-from': 'dt10',
  'evo-spread': 0.5,
  'evo-width': 8,
  'evo-height': 8,
  'evo-population': 8,
  'evo-games': 3,
  'evo-seed': 21,
  'evo-reevaluate-top': 2,
  'evo-reevaluate-games': 4,
  'evo-grow-games-to': 6,
  'evo-report-games': 5,
};
/** STARTED_RUN's choices as `tetris-ai evolve` options. */
const STARTED_CLI = [
  '--optimizer',
  'cmaes',
  '--start',
  'dt10',
  '--spread',
  '0.5',
  '--board',
  '8x8',
  '--population',
  '8',
  '--games',
  '3',
  '--seed',
  '21',
  '--reevaluate-top',
  '2',
  '--reevaluate-games',
  '4',
  '--grow-games-to',
  '6',
  '--report-games',
  '5',
];

let isolated;
let unisolated;
/** Chromium's report of SMALL's first generation, on the isolated page (the threaded build). */
let reference;
/** The command line's first report of STARTED_RUN. */
let startedReference;

/** The page of `server` the tests run the API in. */
const pageOf = (server) => `${server.url}embed.html`;

/**
 * Runs `generations` generations of `options` (as `evolutionConfig` takes them; with `near`, a
 * preset's name, the first weights are drawn within 10% of its weights) with the JS API in a
 * page of `server` opened in `browser`, `workers` single-threaded workers if given:
 * `{build, size, reports, progress}`, `progress` every report `onProgress` heard.
 */
async function evolveIn(browser, server, options, { generations = 1, workers } = {}) {
  const page = await browser.open(pageOf(server));
  try {
    return await page.evaluate(
      async ({ options, generations, workers }) => {
        const api = await import('./tetris-ai.js');
        const { near, ...choices } = options;
        const config = await api.evolutionConfig(choices);
        if (near) {
          const weights = (await api.presets()).find((p) => p.name === near).weights;
          config.ranges = config.features.map((name) => {
            const w = typeof weights[name] === 'number' ? weights[name] : weights[name].weight;
            return w < 0 ? [w * 1.1, w * 0.9] : [w * 0.9, w * 1.1];
          });
        }
        const run = await api.createEvolution(config, workers ? { workers } : {});
        const progress = [];
        run.onProgress = (heard) => progress.push(heard);
        try {
          const reports = [];
          for (let i = 0; i < generations; i++) reports.push(await run.generation());
          return { build: run.build, size: run.size, reports, progress };
        } finally {
          run.close();
        }
      },
      { options, generations, workers: workers ?? null },
    );
  } finally {
    await page.close();
  }
}

/** A report without its timing, the one field that depends on the machine. */
function untimed(report) {
  const { elapsed_seconds: seconds, ...rest } = report;
  assert.equal(typeof seconds, 'number', 'a report has elapsed_seconds');
  return rest;
}

/** What is wrong in a list of progress reports: a count over its batch, or one going down. */
function progressProblems(progress) {
  const problems = [];
  const last = new Map();
  for (const { generation, phase, done, total } of progress) {
    const batch = `generation ${generation}, ${phase}`;
    if (done > total) problems.push(`${batch}: ${done} of ${total} games`);
    if (done < (last.get(batch) ?? 0)) problems.push(`${batch}: ${last.get(batch)}, then ${done}`);
    last.set(batch, done);
  }
  return problems;
}

before(
  async () => {
    [isolated, unisolated] = await startAll([
      startServer({ isolation: true }),
      startServer({ isolation: false }),
    ]);
    const { stdout } = await promisify(execFile)(
      CLI,
      ['evolve', ...STARTED_CLI, '--generations', '1', '--json'],
      { timeout: 120_000 },
    );
    startedReference = JSON.parse(stdout);
    const chromium = await launchAny('chromium');
    try {
      const { build, reports } = await evolveIn(chromium, isolated, SMALL);
      assert.equal(build, 'threaded', "Chromium's isolated page runs the threaded build");
      [reference] = reports;
    } finally {
      await chromium.close();
    }
  },
  { timeout: 300_000 },
);

after(async () => {
  await Promise.all([isolated?.stop(), unisolated?.stop()]);
});

for (const name of CHOSEN) {
  describe(name, { timeout: 900_000 }, () => {
    let browser;
    before(async () => (browser = await launchAny(name)), { timeout: 120_000 });
    after(async () => browser?.close());

    for (const served of ['isolated', 'not isolated']) {
      test(`one generation gives the same report as in Chromium, served ${served}`, async (t) => {
        const server = served === 'isolated' ? isolated : unisolated;
        const { build, reports } = await evolveIn(browser, server, SMALL);
        t.diagnostic(`${name} ran the ${build} build`);
        assert.deepEqual(
          untimed(reports[0]),
          untimed(reference),
          `the ${build} build's report in ${name} differs from Chromium's threaded one`,
        );
      });
    }

    test('progress on single-threaded workers never passes its batch nor goes down', async (t) => {
      const { build, size, progress } = await evolveIn(browser, unisolated, BUSY, {
        generations: BUSY_GENERATIONS,
        workers: BUSY_WORKERS,
      });
      t.diagnostic(`${name}: ${progress.length} progress reports from ${size} ${build} workers`);
      assert.notEqual(build, 'threaded', 'the page without isolation runs single-threaded');
      assert.equal(size, BUSY_WORKERS);
      const batches = new Set(progress.map((p) => `${p.generation} ${p.phase}`));
      assert.equal(batches.size, 2 * BUSY_GENERATIONS, 'every batch reported its progress');
      assert.deepEqual(progressProblems(progress), [], 'the progress should stay within its batch');
    });

    test("a run the panel starts from a preset's weights gives the command line's report", async () => {
      const page = await browser.open(unisolated.url);
      try {
        await page.waitFor(() => window.tetris?.evolution, null, 60_000);
        await page.evaluate(startPanelRun, STARTED_RUN);
        await page.waitFor(() => window.tetris.evolution.history.length >= 1, null, 120_000);
        const [report] = await page.evaluate(() => window.tetris.evolution.history);
        await page.evaluate(() => document.getElementById('evo-stop').click());
        assert.deepEqual(untimed(report), untimed(startedReference));
        assert.equal(Object.keys(report.best_weights).length, 9, "dt10's nine features");
        assert.notEqual(report.reported, null, 'the report set played the validated best');
      } finally {
        await page.close();
      }
    });

    test("after the panel's Stop, nothing of the stopped run changes the panel", async () => {
      const page = await browser.open(unisolated.url);
      try {
        await page.waitFor(() => window.tetris?.evolution, null, 60_000);
        await page.evaluate(startPanelRun, PANEL_RUN);
        await page.waitFor(
          () => /training: [1-9]/.test(document.getElementById('evo-eta').textContent),
          null,
          60_000,
        );
        const stopped = await page.evaluate(stopPanelWatching);
        assert.match(stopped, /^Stopped\. The last generation is saved/);
        await page.waitFor(() => !window.stoppedRun.running, null, 30_000);
        // A moment more for any message of its workers still on its way.
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
        const changes = await page.evaluate(() => window.afterStop);
        assert.deepEqual(
          changes.filter((shown) => shown !== stopped),
          [],
          `the panel changed after Stop (it showed ${JSON.stringify(stopped)})`,
        );
      } finally {
        await page.close();
      }
    });
  });
}
