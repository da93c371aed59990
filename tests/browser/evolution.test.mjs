// Evolution in the browser: a generation runs on the threaded, the simd and the plain build and
// gives the same report; the game keeps animating while one runs; a reload resumes a run of the
// Evolution panel where it stopped; checkpoints move between the page and `tetris-ai evolve` both
// ways; a worker that dies mid-generation is replaced and the generation still gives its report; a
// corrupt or foreign import changes nothing and says why in plain words; CMA-ES, chosen in the
// panel, shows its own settings and runs as on every build and natively; the Population field takes
// the sizes the chosen optimizer takes. The panel itself: after Stop nothing of the stopped run
// changes it and Export saves its last generation; Import… is a button; "Play these weights" says
// so; a paused run says where it stands; a reload shows a notice in view; each phase's time left
// follows its own pace; the chart names whole generations, its figures and its unit; noise handling
// set in the panel runs as the command line runs it, with each phase named and the held-out figure
// quoted; and on a phone the Features choice shows its options whole.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ROOT,
  CLI,
  catchFileChoosers,
  startServer,
  launchBrowser,
  startAll,
  openPage,
  waitReady,
  setValue,
  assertNoErrors,
  inPart,
  showPart,
} from './harness.mjs';
import { stopPanelWatching } from './evolution-panel.mjs';

const run = promisify(execFile);

/**
 * A quick run: 8x8, capped games, a small validation, and a population large enough that each
 * generation draws many random numbers (where two platforms' maths could part).
 */
const SMALL = {
  width: 8,
  height: 8,
  population: 16,
  games: 2,
  max_pieces: 200,
  seed: 7,
  validation: { top: 2, games: 4 },
};

/** The same run as `tetris-ai evolve` options. */
const SMALL_CLI = [
  '--board',
  '8x8',
  '--population',
  '16',
  '--games',
  '2',
  '--max-pieces',
  '200',
  '--seed',
  '7',
  '--validate-top',
  '2',
  '--validate-games',
  '4',
];

/** What the panel's form is set to: small generations that still take a moment each. */
const PANEL = { width: 8, height: 8, population: 8, games: 3, seed: 21 };

/** PANEL's choices as `tetris-ai evolve` options. */
const PANEL_CLI = [
  '--board',
  `${PANEL.width}x${PANEL.height}`,
  '--population',
  String(PANEL.population),
  '--games',
  String(PANEL.games),
  '--seed',
  String(PANEL.seed),
];

/**
 * A run whose first generation lasts a few seconds: a genetic algorithm on the du features,
 * its first population drawn close to the du preset's weights (so every game survives to the
 * cap), on 10x20.
 */
const LONG = {
  optimizer: 'ga',
  features: 'du',
  population: 8,
  games: 4,
  width: 10,
  height: 20,
  max_pieces: 20_000,
  seed: 5,
  validation: { top: 1, games: 2 },
};

/** Generations a moved checkpoint is continued by on each side, to compare. */
const MORE = 2;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let isolated; // the page served cross-origin isolated: the threaded build
let unisolated; // served without the headers: the simd build
let browser;
let scratch;

before(
  async () => {
    // The command line, if it is not built yet or out of date (a no-op otherwise).
    await run('cargo', ['build', '--release', '--quiet', '-p', 'tetris-ai-cli'], {
      cwd: ROOT,
      timeout: 900_000,
    });
    [isolated, unisolated, browser] = await startAll([
      startServer({ isolation: true }),
      startServer({ isolation: false }),
      launchBrowser(),
    ]);
    scratch = await mkdtemp(path.join(os.tmpdir(), 'tetris-ai-evolution-'));
  },
  { timeout: 900_000 },
);

after(async () => {
  await browser?.close();
  await Promise.all([isolated?.stop(), unisolated?.stop()]);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

// ---- helpers ----

/**
 * Opens the page (`options` as for `openPage`) at its lab, runs `use(opened)`, checks that
 * nothing was reported as an error, closes.
 */
async function withPage(server, use, options = {}) {
  const opened = await openPage(browser, server.url, { part: 'lab', ...options });
  try {
    const result = await use(opened);
    assertNoErrors(assert, opened);
    return result;
  } finally {
    await opened.close();
  }
}

/** A report without its timing, the one field that depends on the machine. */
function untimed(report) {
  assert.ok(
    report && typeof report === 'object',
    `expected a report, got ${JSON.stringify(report)}`,
  );
  assert.equal(typeof report.elapsed_seconds, 'number', 'a report has elapsed_seconds');
  const { elapsed_seconds: _, ...rest } = report;
  return rest;
}

/** Checks that two reports are the same but for their timing. */
function sameReport(actual, expected, what) {
  assert.deepEqual(untimed(actual), untimed(expected), `${what}: the reports differ`);
}

/** Checks that two lists of reports are the same but for their timing. */
function sameReports(actual, expected, what) {
  assert.equal(
    actual.length,
    expected.length,
    `${what}: ${actual.length} reports, expected ${expected.length}`,
  );
  actual.forEach((report, i) =>
    sameReport(report, expected[i], `${what}, generation ${expected[i].generation}`),
  );
}

/** Checkpoint text without the run's times, to compare two runs' whole state. */
function untimedCheckpoint(text) {
  return JSON.parse(text, (key, value) => (key === 'elapsed_seconds' ? undefined : value));
}

/** `evolutionConfig(options)` in the page. */
function configIn(page, options) {
  return page.evaluate(async (options) => {
    const api = await import('./tetris-ai.js');
    return api.evolutionConfig(options);
  }, options);
}

/**
 * The LONG run's configuration (with `overrides` of its choices): its initial ranges within 10%
 * of the du preset's weights.
 */
function longConfigIn(page, overrides = {}) {
  return page.evaluate(
    async (options) => {
      const api = await import('./tetris-ai.js');
      const config = await api.evolutionConfig(options);
      const du = (await api.presets()).find((p) => p.name === 'du').weights;
      config.ranges = config.features.map((name) => {
        const w = typeof du[name] === 'number' ? du[name] : du[name].weight;
        return w < 0 ? [w * 1.1, w * 0.9] : [w * 0.9, w * 1.1];
      });
      return config;
    },
    { ...LONG, ...overrides },
  );
}

/**
 * Runs `generations` generations of `config` in the page from a fresh run (`options` as for
 * `createEvolution`): `{build, size, restarts, reports, checkpoint}`.
 */
function generationsIn(page, config, generations, options = {}) {
  return page.evaluate(
    async ({ config, generations, options }) => {
      const api = await import('./tetris-ai.js');
      const evo = await api.createEvolution(config, options);
      try {
        const reports = [];
        for (let i = 0; i < generations; i++) reports.push(await evo.generation());
        return {
          build: evo.build,
          size: evo.size,
          restarts: evo.restarts,
          reports,
          checkpoint: await evo.checkpoint(),
        };
      } finally {
        evo.close();
      }
    },
    { config, generations, options },
  );
}

/** The run the panel saved in IndexedDB (`{checkpoint, saved}`), or null. */
function savedRun(page) {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it empty: look first.
    if (!(await indexedDB.databases()).some((d) => d.name === 'tetris-ai')) return null;
    return new Promise((resolve, reject) => {
      const request = indexedDB.open('tetris-ai');
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains('runs')) {
          db.close();
          resolve(null);
          return;
        }
        const get = db.transaction('runs').objectStore('runs').get('current');
        get.onsuccess = () => {
          db.close();
          resolve(get.result ?? null);
        };
        get.onerror = () => {
          db.close();
          reject(get.error);
        };
      };
    });
  });
}

/** The generations of the run saved in IndexedDB (-1 when none is saved). */
async function savedGenerations(page) {
  const saved = await savedRun(page);
  return saved ? JSON.parse(saved.checkpoint).history.length : -1;
}

/** Polls `probe()` until it gives a truthy value; fails naming `what` after `timeout` ms. */
async function until(probe, what, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await probe();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** The panel's state, its history and any error it shows. */
function panelOf(page) {
  return page.evaluate(() => {
    const panel = window.tetris.evolution;
    const error = document.getElementById('evo-error');
    return {
      state: panel.state,
      history: panel.history,
      error: error.hidden ? '' : error.textContent,
    };
  });
}

/** Waits until the panel's history holds `count` generations; fails on a run error. */
async function panelGenerations(page, count, timeout = 60_000) {
  return until(
    async () => {
      const panel = await panelOf(page);
      if (panel.error) throw new Error(`the panel shows an error: ${panel.error}`);
      return panel.history.length >= count ? panel : null;
    },
    `${count} generations in the panel`,
    timeout,
  );
}

/** Fills the panel's form with PANEL's choices. */
async function fillPanel(page) {
  await setValue(page, '#evo-width', PANEL.width);
  await setValue(page, '#evo-height', PANEL.height);
  await setValue(page, '#evo-population', PANEL.population);
  await setValue(page, '#evo-games', PANEL.games);
  await setValue(page, '#evo-seed', PANEL.seed);
}

/** The configuration the panel makes of PANEL's choices (the CLI's defaults otherwise). */
function panelConfigIn(page) {
  return configIn(page, { optimizer: 'cem', rules: 'classic', ...PANEL });
}

/** Pauses the panel's run and waits until it has paused. */
async function pausePanel(page) {
  await page.locator('#evo-pause').click({ timeout: 10_000 });
  await until(async () => (await panelOf(page)).state === 'paused', 'the panel to pause', 30_000);
}

/** Starts a run in the panel with PANEL's choices and waits for `count` saved generations. */
async function startPanelRun(page, count = 1) {
  await fillPanel(page);
  await page.locator('#evo-start').click({ timeout: 10_000 });
  await until(async () => (await savedGenerations(page)) >= count, `generation ${count} saved`);
}

/** Stops the panel's run (its workers end). */
async function stopPanel(page) {
  await page.locator('#evo-stop').click({ timeout: 10_000 });
  await until(async () => (await panelOf(page)).state === 'idle', 'the panel to stop', 30_000);
}

/** Imports checkpoint text into the panel through its file input. */
async function importInto(page, name, text) {
  await page.locator('#evo-import').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
}

/** Imports checkpoint `text` into the panel and waits until it holds the run, paused. */
async function importRun(page, text) {
  await importInto(page, 'run.json', text);
  await until(async () => {
    const panel = await panelOf(page);
    if (panel.error) throw new Error(`the import failed: ${panel.error}`);
    return panel.state === 'paused';
  }, 'the import');
}

/**
 * Imports into the panel a run of the LONG configuration (with `overrides`) that has not
 * started, made by the page's build; waits until the panel holds it, paused.
 */
async function importLongRun(page, overrides = {}) {
  const checkpoint = await page.evaluate(
    async (config) => {
      const api = await import('./tetris-ai.js');
      const evo = await api.createEvolution(config);
      try {
        return await evo.checkpoint();
      } finally {
        evo.close();
      }
    },
    await longConfigIn(page, overrides),
  );
  await importRun(page, checkpoint);
}

/** Waits until the panel's progress line shows games of `phase` played. */
function progressShown(page, phase = 'training') {
  return until(async () => {
    const text = await page.locator('#evo-eta').textContent();
    return new RegExp(`${phase}: [1-9]\\d* of`).test(text) ? text : null;
  }, `the panel to show ${phase} progress`);
}

/** The best validated weights after `reports`, kept as the engine keeps them (strictly better). */
function validatedBest(reports) {
  let best = null;
  for (const report of reports) {
    if (report.validated_best != null && (best === null || report.validated_best > best.fitness)) {
      best = { fitness: report.validated_best, weights: report.validated_weights };
    }
  }
  return best;
}

/** Runs `tetris-ai evolve` with `args`; its JSON reports. */
async function evolveCli(args) {
  const { stdout } = await run(CLI, ['evolve', ...args, '--json'], {
    cwd: scratch,
    timeout: 120_000,
  });
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** Maps engine worker ids (their names) to Playwright's workers of the page. */
async function workersById(page, ids) {
  const found = new Map();
  for (const worker of page.workers()) {
    if (found.size === ids.length) break;
    if (!worker.url().endsWith('/lib/worker.js')) continue;
    const name = await Promise.race([
      worker.evaluate(() => self.name).catch(() => null),
      sleep(5_000).then(() => null),
    ]);
    if (ids.includes(name)) found.set(name, worker);
  }
  for (const id of ids) assert.ok(found.has(id), `no page worker is named ${id}`);
  return found;
}

/** Ends a worker from inside, as a crash would; resolves once Playwright sees it closed. */
async function crash(worker) {
  const closed = new Promise((resolve) => worker.once('close', resolve));
  // The worker may end before it answers.
  worker.evaluate(() => close()).catch(() => {});
  await Promise.race([
    closed,
    sleep(20_000).then(() => {
      throw new Error(`worker ${worker.url()} did not close`);
    }),
  ]);
}

/**
 * Runs one generation of `config` in the page and ends the workers at `kill` (indexes into the
 * run's workers) from inside while it trains, one after another, each once the previous one was
 * replaced. Returns the report, the run's restarts and the progress seen at each kill.
 */
async function generationWithCrashes(page, config, options, kill) {
  const ids = await page.evaluate(
    async ({ config, options }) => {
      const api = await import('./tetris-ai.js');
      const evo = await api.createEvolution(config, options);
      window.crashRun = { evo, progress: null, report: null, error: null };
      return evo.workers.map((w) => w.id);
    },
    { config, options },
  );
  // Found while they are idle, before the generation starts.
  const workers = await workersById(
    page,
    kill.map((index) => ids[index]),
  );
  await page.evaluate(() => {
    const probe = window.crashRun;
    probe.evo.onProgress = (progress) => {
      probe.progress = progress;
    };
    probe.evo.generation().then(
      (report) => {
        probe.report = report;
      },
      (error) => {
        probe.error = String(error && error.stack ? error.stack : error);
      },
    );
  });
  const seen = [];
  for (const index of kill) {
    const restarts = seen.length;
    const progress = await until(
      () =>
        page.evaluate((restarts) => {
          const probe = window.crashRun;
          if (probe.error || probe.report) return { over: true };
          const p = probe.progress;
          return probe.evo.restarts >= restarts && p && p.phase === 'training' && p.done >= 1
            ? p
            : null;
        }, restarts),
      'the generation to be training',
    );
    assert.ok(!progress.over, 'the generation ended before a worker could be ended');
    seen.push(progress);
    await crash(workers.get(ids[index]));
  }
  const result = await until(
    () =>
      page.evaluate(() => {
        const probe = window.crashRun;
        if (!probe.error && !probe.report) return null;
        return { report: probe.report, error: probe.error, restarts: probe.evo.restarts };
      }),
    'the generation to end',
    120_000,
  );
  await page.evaluate(() => window.crashRun.evo.close());
  return { ...result, seen };
}

/** Samples the game every 200 ms until the panel has a generation; fails if the run fails. */
async function sampleGameUntilGeneration(page, timeout = 90_000) {
  const samples = [];
  const started = Date.now();
  for (;;) {
    const sample = await page.evaluate(async () => {
      const view = await window.tetris.game.view();
      const error = document.getElementById('evo-error');
      return {
        placements: window.tetris.placements.length,
        active: JSON.stringify(view.active),
        generations: window.tetris.evolution.history.length,
        error: error.hidden ? '' : error.textContent,
      };
    });
    assert.equal(sample.error, '', 'the run failed');
    if (sample.generations >= 1) return samples;
    samples.push(sample);
    assert.ok(Date.now() - started < timeout, `the generation took over ${timeout} ms`);
    await sleep(200);
  }
}

/** A task over this long blocks the page, in ms. */
const LONG_TASK_MS = 50;
/** The trace categories that give the main thread's tasks (wall and thread time) and marks. */
const TRACE_CATEGORIES = ['disabled-by-default-devtools.timeline', 'blink.user_timing'];
/** The user timing mark that places the trace on the page's clock. */
const WATCH_MARK = 'evolution-watch';

/**
 * The page's main-thread tasks in a Chromium trace: `{start, wall, cpu}` in ms, `start` on the
 * page's clock, placed by the user timing mark `mark` made at `markAt` (its performance.now()).
 * The mark was made on the main thread, so its thread is the main thread.
 */
function mainThreadTasks(buffer, mark, markAt) {
  const events = JSON.parse(buffer.toString()).traceEvents;
  const at = events.find((e) => e.name === mark && String(e.cat).includes('blink.user_timing'));
  assert.ok(at, `the trace has no mark ${mark}`);
  const offset = at.ts / 1000 - markAt;
  return events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === at.pid && e.tid === at.tid)
    .map((e) => ({
      start: e.ts / 1000 - offset,
      wall: e.dur / 1000,
      cpu: (e.tdur ?? e.dur) / 1000,
    }));
}

/** The main thread's own time in the traced task that a long task entry is (Infinity if none). */
function cpuOf(longTask, tasks) {
  const overlapping = tasks.filter(
    (task) =>
      task.start < longTask.start + longTask.duration + 1 &&
      task.start + task.wall > longTask.start - 1,
  );
  if (overlapping.length === 0) return Infinity;
  return overlapping.reduce((a, b) => (b.wall > a.wall ? b : a)).cpu;
}

// ---- the tests ----

test(
  'a generation gives the same report on the threaded, the simd and the plain build',
  { timeout: 120_000 },
  async () => {
    const runs = {};
    await withPage(isolated, async ({ page }) => {
      const config = await configIn(page, SMALL);
      runs.threaded = await generationsIn(page, config, 2);
      runs.asked = await generationsIn(page, config, 2, { build: 'plain' });
    });
    await withPage(unisolated, async ({ page }) => {
      const config = await configIn(page, SMALL);
      runs.simd = await generationsIn(page, config, 2);
    });
    assert.equal(runs.threaded.build, 'threaded', 'the isolated page runs the threaded build');
    assert.equal(runs.threaded.size, 1, 'the threaded build plays on one worker');
    assert.equal(runs.asked.build, 'plain', 'build: "plain" runs the plain build');
    assert.equal(runs.simd.build, 'simd', 'the page served without isolation runs the simd build');
    assert.ok(runs.simd.size >= 1);

    const [first] = runs.threaded.reports;
    assert.equal(first.generation, 1);
    assert.equal(
      first.games_played,
      SMALL.population * SMALL.games + SMALL.validation.top * SMALL.validation.games,
    );
    assert.equal(typeof first.validated_best, 'number', 'the generation was validated');
    assert.deepEqual(
      Object.keys(first.best_weights).sort(),
      JSON.parse(runs.threaded.checkpoint).config.features.sort(),
    );
    for (const name of ['simd', 'asked']) {
      sameReports(runs[name].reports, runs.threaded.reports, `${name} build against threaded`);
      assert.deepEqual(
        untimedCheckpoint(runs[name].checkpoint),
        untimedCheckpoint(runs.threaded.checkpoint),
        `the ${name} build's checkpoint differs from the threaded build's`,
      );
    }
  },
);

for (const [build, server] of [
  ['threaded', () => isolated],
  ['simd', () => unisolated],
]) {
  test(
    `the game keeps animating while a generation runs (${build})`,
    { timeout: 120_000 },
    async (t) => {
      await withPage(server(), async ({ page }) => {
        assert.equal(await page.evaluate(() => window.tetris.kind), build);
        // A run of the panel, imported from a checkpoint of the LONG configuration with games
        // six times as long (about three seconds on the fastest build and an idle machine).
        await importLongRun(page, { max_pieces: 6 * LONG.max_pieces });

        // Frames, long tasks and the game, from now on.
        await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        let samples;
        let watch;
        let trace;
        try {
          await page.evaluate((mark) => {
            const watch = { frames: 0, gaps: [], last: null, longTasks: [] };
            window.animationWatch = watch;
            const frame = (now) => {
              if (watch.last !== null) watch.gaps.push(now - watch.last);
              watch.last = now;
              watch.frames += 1;
              if (!watch.stopped) requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) {
                watch.longTasks.push({ start: entry.startTime, duration: entry.duration });
              }
            }).observe({ type: 'longtask', buffered: true });
            watch.from = performance.now();
            performance.mark(mark);
          }, WATCH_MARK);
          await page.locator('#evo-start').click({ timeout: 10_000 });
          samples = await sampleGameUntilGeneration(page);
          watch = await page.evaluate(() => {
            const watch = window.animationWatch;
            watch.stopped = true;
            watch.to = performance.now();
            return watch;
          });
        } finally {
          trace = await browser.stopTracing();
        }
        await stopPanel(page);

        const seconds = (watch.to - watch.from) / 1000;
        const fps = watch.frames / seconds;
        const worstGap = Math.max(...watch.gaps);
        const tasks = mainThreadTasks(trace, WATCH_MARK, watch.from);
        // Long tasks are measured in wall time, so a busy machine makes them too: each one the
        // observer saw is matched with the main thread's task in the trace, which tells how much
        // of it the main thread spent running.
        const during = watch.longTasks
          .filter((task) => task.start + task.duration >= watch.from)
          .map((task) => ({ ...task, cpu: cpuOf(task, tasks) }));
        const working = [
          ...during.filter((task) => !(task.cpu <= LONG_TASK_MS)),
          ...tasks.filter(
            (task) => task.cpu > LONG_TASK_MS && task.start + task.wall >= watch.from,
          ),
        ];
        const placed = samples.at(-1).placements - samples[0].placements;
        const positions = new Set(samples.map((s) => s.active)).size;
        t.diagnostic(
          `${build}: generation of ${seconds.toFixed(1)} s, ${watch.frames} frames (${fps.toFixed(1)} fps, ` +
            `worst gap ${worstGap.toFixed(0)} ms), ${placed} pieces placed, ${positions} positions in ` +
            `${samples.length} samples, long tasks ${JSON.stringify(during)}`,
        );
        assert.ok(
          seconds >= 2,
          `the generation should last a few seconds, it took ${seconds.toFixed(1)} s`,
        );
        assert.ok(samples.length >= 5, `only ${samples.length} samples of the game`);
        assert.ok(
          fps >= 15,
          `frames should keep coming: ${watch.frames} in ${seconds.toFixed(1)} s`,
        );
        assert.ok(worstGap < 1500, `frames stopped for ${worstGap.toFixed(0)} ms`);
        assert.deepEqual(
          working,
          [],
          `the main thread should have no long task over ${LONG_TASK_MS} ms while the generation runs ` +
            "(cpu: the main thread's own time in it, in ms)",
        );
        assert.ok(placed >= 3, `the game should keep placing pieces: ${placed} placed`);
        assert.ok(
          positions >= 4,
          `the piece should keep moving: ${positions} positions in ${samples.length} samples`,
        );
      });
    },
  );
}

test(
  'a reload mid-run offers to resume at the last generation, which continues exactly',
  { timeout: 120_000 },
  async () => {
    await withPage(isolated, async (opened) => {
      const { page } = opened;
      await startPanelRun(page, 1);
      assert.equal(
        (await panelOf(page)).state,
        'running',
        'the run should still be running at the reload',
      );
      await page.reload({ waitUntil: 'load' });
      await waitReady(page);
      await showPart(page, 'lab');

      const saved = await savedRun(page);
      assert.ok(saved, 'the run should be saved in IndexedDB');
      const generations = JSON.parse(saved.checkpoint).history.length;
      assert.ok(generations >= 1);
      const offer = page.locator('#evo-resume');
      await offer.waitFor({ state: 'visible', timeout: 30_000 });
      const text = await page.locator('#evo-resume-text').textContent();
      assert.match(
        text,
        new RegExp(`generation ${generations}\\b`),
        `the offer should name generation ${generations}`,
      );
      assert.equal((await panelOf(page)).history.length, 0, 'nothing runs before the user resumes');

      await page.locator('#evo-resume-run').click({ timeout: 10_000 });
      const panel = await panelGenerations(page, generations + 1);
      await stopPanel(page);
      assert.ok(await offer.isHidden(), 'the offer is gone once resumed');
      assert.ok(
        (await savedGenerations(page)) >= generations + 1,
        'the resumed run keeps saving its generations',
      );

      // The same run without the reload.
      const config = await panelConfigIn(page);
      assert.deepEqual(
        JSON.parse(saved.checkpoint).config,
        config,
        "the panel ran its form's configuration",
      );
      const uninterrupted = await generationsIn(page, config, generations + 1);
      const resumed = panel.history.slice(0, generations + 1);
      assert.equal(resumed[generations].generation, generations + 1);
      sameReports(resumed, uninterrupted.reports, 'resumed after a reload against uninterrupted');

      // The validated best weights shown are the run's best so far. Generations may have completed
      // between the copy above and the stop: read them as stopped.
      const stopped = await panelOf(page);
      const best = validatedBest(stopped.history);
      assert.ok(best, 'the run was validated');
      const shown = (await page.locator('#evo-best').textContent()).trim();
      assert.notEqual(shown, '', 'the panel should show the validated best weights');
      assert.deepEqual(
        JSON.parse(shown),
        best.weights,
        'the panel shows the validated best weights so far',
      );
      const last = stopped.history.at(-1);
      assert.equal(
        last.validated_best_ever,
        best.fitness,
        'the best validated fitness so far is the best validated_best',
      );
      const figure = (x) => Math.round(x).toLocaleString('en');
      const status = await page.locator('#evo-status').textContent();
      assert.ok(
        status.includes(`validated ${figure(last.validated_best)};`) &&
          status.includes(`validated best so far ${figure(best.fitness)}`),
        `the status should give the validated fitness and the best so far: ${status}`,
      );
    });
  },
);

test(
  'a checkpoint exported from the page resumes in tetris-ai evolve with the same next generation',
  { timeout: 120_000 },
  async () => {
    await withPage(isolated, async ({ page }) => {
      await startPanelRun(page, 1);
      await pausePanel(page);
      const paused = await panelOf(page);
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 10_000 }),
        page.locator('#evo-export').click({ timeout: 10_000 }),
      ]);
      const file = path.join(scratch, 'exported.json');
      await download.saveAs(file);
      const exported = await readFile(file, 'utf8');
      const generations = JSON.parse(exported).history.length;
      assert.ok(generations >= 1);
      assert.equal(download.suggestedFilename(), `evolution-generation-${generations}.json`);
      assert.equal(
        paused.history.length,
        generations,
        'the export holds every generation the panel shows',
      );
      sameReports(
        JSON.parse(exported).history,
        paused.history,
        "exported history against the panel's",
      );

      // The command line's next generations...
      const cli = await evolveCli(['--resume', file, '--generations', String(generations + MORE)]);
      assert.deepEqual(
        cli.map((r) => r.generation),
        Array.from({ length: MORE }, (_, i) => generations + 1 + i),
        'the command line runs on from the exported generation',
      );
      // ... and the page's.
      await page.locator('#evo-start').click({ timeout: 10_000 });
      const panel = await panelGenerations(page, generations + MORE);
      await stopPanel(page);
      sameReports(
        panel.history.slice(generations, generations + MORE),
        cli,
        "the page's next generations against the command line's",
      );
    });
  },
);

/**
 * What the Evolution panel's chart writes on its canvas in one drawing of the whole run (the
 * panel draws anew on a resize): each text with its height.
 */
async function chartTexts(page) {
  await page.evaluate(() => {
    if (!window.chartTexts) {
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {
        if (this.canvas.closest('#evo-chart')) window.chartTexts.push({ text: String(text), y });
        return fillText.call(this, text, x, y, ...rest);
      };
    }
    window.chartTexts = [];
    window.dispatchEvent(new Event('resize'));
  });
  await until(() => page.evaluate(() => window.chartTexts.length > 0), 'the chart to draw');
  return page.evaluate(() => window.chartTexts);
}

test(
  'a run scored by survival in the panel gives the reports tetris-ai evolve gives',
  { timeout: 180_000 },
  async () => {
    const survival = { run_pieces: 3_000, trials: 60 };
    const cli = await evolveCli([
      ...PANEL_CLI,
      ...['--survival', '--run-pieces', '3000', '--trials', '60', '--generations', '2'],
    ]);
    await withPage(isolated, async ({ page }) => {
      const effort = ['#evo-run-pieces-row', '#evo-trials-row', '#evo-survival-note'];
      for (const part of effort) assert.ok(await page.locator(part).isHidden(), part);
      // The effort a replicate takes unless told: the engine's.
      await setValue(page, '#evo-fitness', 'survival');
      for (const part of effort) assert.ok(await page.locator(part).isVisible(), part);
      assert.equal(await page.locator('#evo-run-pieces').inputValue(), '1000000');
      assert.equal(await page.locator('#evo-trials').inputValue(), '2000');
      // A bad effort is named at once.
      await setValue(page, '#evo-trials', 0);
      await until(
        async () => (await page.locator('#evo-error').textContent()).includes('trials is 0'),
        'the bad effort named',
      );
      await fillPanel(page);
      await setValue(page, '#evo-run-pieces', survival.run_pieces);
      await setValue(page, '#evo-trials', survival.trials);
      await page.locator('#evo-start').click({ timeout: 10_000 });
      const eta = await until(async () => {
        const text = await page.locator('#evo-eta').textContent();
        return /of \d+ replicates/.test(text) ? text : null;
      }, 'the progress counted in replicates');
      const panel = await panelGenerations(page, 2);
      const status = await page.locator('#evo-status').textContent();
      await stopPanel(page);
      assert.match(eta, /^Generation \d, [a-z-]+: \d+ of \d+ replicates/);
      assert.match(status, / · [\d,]+ replicates$/);
      // The chart says its figures are estimates.
      const words = (await chartTexts(page)).map(({ text }) => text);
      assert.ok(words.includes('est. lines per game'), JSON.stringify(words));
      assert.equal(
        await page.locator('#evo-chart').getAttribute('aria-label'),
        'Fitness (estimated lines per game) per generation',
      );
      // A game is a replicate: 8 x 3 training replicates and 3 x 30 validation ones.
      assert.deepEqual(
        panel.history.map((r) => r.games_played),
        [114, 228],
      );
      sameReports(panel.history.slice(0, 2), cli, 'the survival run in the panel against the CLI');
      const config = await configIn(page, { optimizer: 'cem', ...PANEL, survival });
      assert.deepEqual(JSON.parse((await savedRun(page)).checkpoint).config, config);
    });
  },
);

test(
  'a checkpoint written by tetris-ai evolve resumes in the page with the same next generation',
  { timeout: 120_000 },
  async () => {
    const file = path.join(scratch, 'cli.json');
    const written = await evolveCli([...SMALL_CLI, '--generations', '2', '--checkpoint', file]);
    assert.deepEqual(
      written.map((r) => r.generation),
      [1, 2],
    );
    const checkpoint = await readFile(file, 'utf8');
    // The command line's next generations, from a copy (resuming writes the checkpoint back).
    const copy = path.join(scratch, 'cli-copy.json');
    await writeFile(copy, checkpoint);
    const next = await evolveCli(['--resume', copy, '--generations', String(2 + MORE)]);
    assert.deepEqual(
      next.map((r) => r.generation),
      Array.from({ length: MORE }, (_, i) => 3 + i),
    );

    await withPage(isolated, async ({ page }) => {
      await importInto(page, 'cli.json', checkpoint);
      const imported = await until(async () => {
        const panel = await panelOf(page);
        if (panel.error) throw new Error(`the import failed: ${panel.error}`);
        return panel.state === 'paused' ? panel : null;
      }, 'the import');
      assert.deepEqual(
        imported.history,
        written,
        "the imported run shows the command line's generations",
      );
      const saved = await savedRun(page);
      assert.equal(
        saved && saved.checkpoint,
        checkpoint,
        'the imported run is saved as it was read',
      );

      // Its config is the one the page makes of the same choices.
      assert.deepEqual(JSON.parse(checkpoint).config, await configIn(page, SMALL));

      await page.locator('#evo-start').click({ timeout: 10_000 });
      const panel = await panelGenerations(page, 2 + MORE);
      await stopPanel(page);
      sameReports(
        panel.history.slice(2, 2 + MORE),
        next,
        "the page's next generations against the command line's",
      );
    });
  },
);

test(
  'the Population field takes the sizes the chosen optimizer takes',
  { timeout: 120_000 },
  async () => {
    await withPage(isolated, async ({ page }) => {
      const population = page.locator('#evo-population');
      const error = page.locator('#evo-error');
      const limits = async () => [
        await population.getAttribute('min'),
        await population.getAttribute('max'),
      ];
      // The GA picks two parents and holds at most 2^20 genomes; CMA-ES ranks by halves, so two;
      // CEM keeps one as its elite; annealing scores one candidate or more.
      for (const [optimizer, min, max] of [
        ['ga', '2', String(2 ** 20)],
        ['cmaes', '2', ''],
        ['cem', '1', ''],
        ['anneal', '1', ''],
      ]) {
        await setValue(page, '#evo-optimizer', optimizer);
        assert.deepEqual(await limits(), [min, max], optimizer);
        assert.equal(await page.locator('#evo-population-row').isVisible(), true, optimizer);
      }
      // The hill-climber scores one genome a generation: it takes no population.
      await setValue(page, '#evo-optimizer', 'hill_climb');
      assert.equal(await page.locator('#evo-population-row').isVisible(), false);
      // A population the optimizer refuses is named as soon as it is typed, and Start runs nothing.
      await setValue(page, '#evo-optimizer', 'cmaes');
      await setValue(page, '#evo-population', 1);
      await error.waitFor({ state: 'visible', timeout: 30_000 });
      assert.match(
        await error.textContent(),
        /CMA-ES population 1 is out of range: it must be at least 2/,
      );
      await page.locator('#evo-start').click({ timeout: 10_000 });
      await page.waitForTimeout(500);
      assert.equal(await page.locator('#evo-stop').isDisabled(), true);
      await setValue(page, '#evo-population', 2);
      await error.waitFor({ state: 'hidden', timeout: 30_000 });
    });
  },
);

test(
  'CMA-ES and a harder piece sequence chosen in the panel run as on every build and the command line',
  { timeout: 180_000 },
  async () => {
    const choices = { optimizer: 'cmaes', rules: 'classic', randomizer: 'sz_heavy', ...PANEL };
    let panel;
    let config;
    let plain;
    await withPage(isolated, async ({ page }) => {
      await setValue(page, '#evo-optimizer', 'cmaes');
      const settings = await until(async () => {
        const text = await page.locator('#evo-settings').inputValue();
        return text.includes('initial_sigma') ? text : null;
      }, "CMA-ES's settings");
      // Eight features (du's): the tutorial's population 4 + ⌊3 ln 8⌋ = 10.
      assert.deepEqual(JSON.parse(settings), { population: 10, initial_sigma: 0.3 });
      assert.equal(await page.locator('#evo-population').getAttribute('placeholder'), '10');
      await fillPanel(page);
      assert.equal(await page.locator('#evo-randomizer').inputValue(), '');
      await setValue(page, '#evo-randomizer', 'sz_heavy');
      await page.locator('#evo-start').click({ timeout: 10_000 });
      panel = await panelGenerations(page, 2);
      await stopPanel(page);
      config = await configIn(page, choices);
      assert.equal(config.optimizer.kind, 'cmaes');
      assert.equal(config.fitness.rules.randomizer, 'sz_heavy');
      plain = await generationsIn(page, config, 2, { build: 'plain' });
    });
    const simd = await withPage(unisolated, ({ page }) => generationsIn(page, config, 2));
    const cli = await evolveCli([
      '--optimizer',
      'cmaes',
      '--randomizer',
      'sz_heavy',
      ...PANEL_CLI,
      '--generations',
      '2',
    ]);
    const threaded = panel.history.slice(0, 2);
    assert.equal(threaded[1].generation, 2);
    sameReports(plain.reports, threaded, 'the plain build against the panel (threaded)');
    sameReports(simd.reports, threaded, 'the simd build against the panel (threaded)');
    sameReports(cli, threaded, 'the command line against the panel');
  },
);

test(
  'a run started from the weights in play or a preset starts there, as on the command line',
  { timeout: 180_000 },
  async () => {
    const inPlay = { holes: -3.5, landing_height: -1.25, rows_with_holes: -6 };
    let fromPreset;
    await withPage(isolated, async ({ page }) => {
      await setValue(page, '#weights-json', JSON.stringify(inPlay));
      await inPart(page, 'settings', () =>
        page.locator('#import-weights').click({ timeout: 10_000 }),
      );
      await until(
        async () => (await page.locator('#import-status').textContent()).startsWith('Imported'),
        'the weights imported',
      );
      await setValue(page, '#evo-start-from', 'play');
      assert.equal(await page.locator('#evo-features-row').isHidden(), true);
      assert.equal(await page.locator('#evo-spread-row').isVisible(), true);
      assert.equal(await page.locator('#evo-spread').inputValue(), '1');
      // The hill-climber's first generation scores its start alone.
      await setValue(page, '#evo-optimizer', 'hill_climb');
      await setValue(page, '#evo-spread', 0.5);
      const first = await startPanelRun(page, 1).then(() => panelGenerations(page, 1));
      await stopPanel(page);
      const stopped = (await panelOf(page)).history;
      assert.deepEqual(first.history[0].best_weights, inPlay);
      assert.deepEqual(Object.keys(first.history[0].best_weights), Object.keys(inPlay));

      // The cross-entropy method's settings show the spread as its initial spread.
      await setValue(page, '#evo-optimizer', 'cem');
      await until(async () => {
        const text = await page.locator('#evo-settings').inputValue();
        return text.includes('"initial_std": 0.5');
      }, "the cross-entropy method's initial_std of 0.5");
      await setValue(page, '#evo-optimizer', 'cmaes');
      await setValue(page, '#evo-start-from', 'dt10');
      // Stopped while it is being made, a run never starts. Its workers' WebAssembly arrives
      // 3 s late, so that the stop comes while it is being made, however fast the machine.
      const late = async (route) => {
        await sleep(3000);
        await route.continue().catch(() => {});
      };
      await page.route('**/tetris_ai_bg.wasm', late);
      await page.locator('#evo-start').click({ timeout: 10_000 });
      assert.equal((await panelOf(page)).state, 'starting');
      await page.locator('#evo-stop').click({ timeout: 10_000 });
      await sleep(5000);
      await page.unroute('**/tetris_ai_bg.wasm', late);
      assert.equal((await panelOf(page)).state, 'idle');
      assert.deepEqual((await panelOf(page)).history, stopped);
      await page.locator('#evo-start').click({ timeout: 10_000 });
      await until(async () => (await panelOf(page)).state === 'running', 'the run to start');
      fromPreset = await panelGenerations(page, 2);
      await stopPanel(page);
      await setValue(page, '#evo-spread', 0);
      await setValue(page, '#evo-start-from', 'play');
      await until(
        async () => (await panelOf(page)).error.includes('spread'),
        'the spread 0 refused',
      );
    });
    const cli = await evolveCli([
      '--optimizer',
      'cmaes',
      '--start',
      'dt10',
      '--spread',
      '0.5',
      ...PANEL_CLI,
      '--generations',
      '2',
    ]);
    sameReports(cli, fromPreset.history.slice(0, 2), 'the command line against the panel');
    assert.equal(Object.keys(cli[0].best_weights).length, 9);
  },
);

test(
  'a plain worker ended mid-generation is replaced and the generation gives the same report',
  { timeout: 150_000 },
  async (t) => {
    await withPage(unisolated, async ({ page }) => {
      const config = await longConfigIn(page);
      const options = { build: 'plain', workers: 2 };
      const uninterrupted = await generationsIn(page, config, 1, options);
      assert.equal(uninterrupted.size, 2);
      assert.equal(uninterrupted.restarts, 0);
      // The second worker, then the one that holds the run.
      const crashed = await generationWithCrashes(page, config, options, [1, 0]);
      t.diagnostic(`plain: ended at ${JSON.stringify(crashed.seen)}, ${crashed.restarts} restarts`);
      assert.equal(crashed.error, null, `the generation failed: ${crashed.error}`);
      for (const seen of crashed.seen)
        assert.ok(seen.done < seen.total, 'each worker ended before training was done');
      assert.ok(crashed.restarts >= 2, `two workers ended, ${crashed.restarts} restarts`);
      sameReport(
        crashed.report,
        uninterrupted.reports[0],
        'after the workers ended against uninterrupted',
      );
    });
  },
);

test(
  'the threaded worker ended mid-generation is replaced and the generation gives the same report',
  { timeout: 150_000 },
  async (t) => {
    await withPage(isolated, async ({ page }) => {
      const config = await longConfigIn(page);
      const uninterrupted = await generationsIn(page, config, 1);
      assert.equal(uninterrupted.build, 'threaded');
      const crashed = await generationWithCrashes(page, config, {}, [0]);
      t.diagnostic(
        `threaded: ended at ${JSON.stringify(crashed.seen)}, ${crashed.restarts} restarts`,
      );
      assert.equal(crashed.error, null, `the generation failed: ${crashed.error}`);
      assert.ok(
        crashed.seen[0].done < crashed.seen[0].total,
        'the worker ended before training was done',
      );
      assert.ok(crashed.restarts >= 1, `the worker ended, ${crashed.restarts} restarts`);
      sameReport(
        crashed.report,
        uninterrupted.reports[0],
        'after the worker ended against uninterrupted',
      );
    });
  },
);

test(
  'a corrupt or foreign import changes nothing and says why in plain words',
  { timeout: 120_000 },
  async () => {
    await withPage(isolated, async ({ page }) => {
      await startPanelRun(page, 1);
      await pausePanel(page);
      await page.evaluate(() => {
        window.runBefore = window.tetris.evolution.run;
      });
      const before = await panelOf(page);
      const savedBefore = await savedRun(page);
      assert.ok(savedBefore);
      const checkpoint = savedBefore.checkpoint;

      const bad = [
        [
          'truncated.json',
          checkpoint.slice(0, Math.floor(checkpoint.length / 2)),
          /the text ends too early, at line \d+, column \d+: it may have been cut short/,
        ],
        [
          'notes.json',
          'hello, these are notes, not a checkpoint',
          /it is not JSON: something is wrong at line 1, column 1/,
        ],
        [
          'weights.json',
          JSON.stringify({ holes: -1, landing_height: -2 }),
          /it holds weights, not an evolution run: import it under "Advanced: weights"/,
        ],
        [
          'settings.json',
          JSON.stringify({ version: 2, format: 1 }),
          /not an evolution checkpoint \(the JSON that "tetris-ai evolve --checkpoint" writes\): unknown field "version", expected one of "format", .*, at line 1, column \d+/,
        ],
      ];
      for (const [name, text, problem] of bad) {
        await page.evaluate(() => {
          const error = document.getElementById('evo-error');
          error.textContent = '';
          error.hidden = true;
        });
        await importInto(page, name, text);
        await page.locator('#evo-error').waitFor({ state: 'visible', timeout: 30_000 });
        const shown = await page.locator('#evo-error').textContent();
        assert.ok(
          shown.startsWith(`"${name}" cannot be resumed: `),
          `${name}: the error should say the file was refused: ${shown}`,
        );
        assert.match(shown, problem, `${name}: the error should name the problem in plain words`);
        assert.doesNotMatch(
          shown,
          /`|training checkpoint|EOF|expected value/,
          `${name}: the JSON reader's own words should not reach the player: ${shown}`,
        );

        const now = await panelOf(page);
        assert.equal(now.state, 'paused', `${name}: the panel's state changed`);
        assert.deepEqual(now.history, before.history, `${name}: the history changed`);
        assert.deepEqual(await savedRun(page), savedBefore, `${name}: the saved run changed`);
        const same = await page.evaluate(() => {
          const run = window.tetris.evolution.run;
          return run === window.runBefore && !run.closed && run.workers.every((w) => w.alive);
        });
        assert.ok(same, `${name}: the current run was replaced or stopped`);
      }

      // The run goes on as before.
      await page.locator('#evo-start').click({ timeout: 10_000 });
      const panel = await panelGenerations(page, before.history.length + 1);
      await stopPanel(page);
      sameReports(
        panel.history.slice(0, before.history.length),
        before.history,
        'the history after the bad imports',
      );
    });
  },
);

test(
  'after Stop nothing of the stopped run changes the panel (simd workers)',
  { timeout: 120_000 },
  async () => {
    await withPage(unisolated, async ({ page }) => {
      assert.equal(await page.evaluate(() => window.tetris.kind), 'simd');
      await importLongRun(page, { max_pieces: 6 * LONG.max_pieces });
      await page.locator('#evo-start').click({ timeout: 10_000 });
      await progressShown(page);
      // Every change of what the panel shows from the click on Stop on.
      const stopped = await page.evaluate(stopPanelWatching);
      assert.match(stopped, /^Stopped\. The last generation is saved/);
      // Once the stopped run's generation has ended, and a moment more for any message of its
      // workers still on its way.
      await until(
        () => page.evaluate(() => !window.stoppedRun.running),
        'the stopped generation to end',
      );
      await sleep(1_000);
      const seen = await page.evaluate(() => window.afterStop);
      assert.ok(seen.length >= 1, 'the observer saw the Stop');
      assert.deepEqual(
        seen.filter((now) => now !== stopped),
        [],
        `the panel changed after Stop (it showed ${JSON.stringify(stopped)})`,
      );
    });
  },
);

test(
  "after Stop, Export saves the stopped run's last generation",
  { timeout: 120_000 },
  async () => {
    await withPage(isolated, async ({ page }) => {
      await startPanelRun(page, 1);
      await stopPanel(page);
      const stopped = await panelOf(page);
      const saved = await savedRun(page);
      assert.equal(
        await page.locator('#evo-export').isEnabled(),
        true,
        'the panel says the last generation can be exported: Export should be enabled',
      );
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 10_000 }),
        page.locator('#evo-export').click({ timeout: 10_000 }),
      ]);
      const exported = await readFile(await download.path(), 'utf8');
      assert.equal(exported, saved.checkpoint, 'the export is the last generation saved');
      const generations = JSON.parse(exported).history.length;
      assert.equal(generations, stopped.history.length, 'it holds every generation shown');
      assert.equal(download.suggestedFilename(), `evolution-generation-${generations}.json`);
    });
  },
);

test('the checkpoint Import… is reached and used by keyboard', { timeout: 120_000 }, async () => {
  await withPage(isolated, async ({ page }) => {
    const nextChooser = catchFileChoosers(page);
    const { checkpoint } = await generationsIn(page, await configIn(page, SMALL), 1);
    // Pause, Stop and Export are disabled before a run: Tab goes from Start to Import….
    await page.locator('#evo-start').focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement.textContent.trim());
    assert.equal(focused, 'Import…', 'Tab from Start should reach Import…');
    await page.keyboard.press('Enter');
    const chooser = await nextChooser();
    await chooser.setFiles({
      name: 'run.json',
      mimeType: 'application/json',
      buffer: Buffer.from(checkpoint),
    });
    await until(async () => (await panelOf(page)).state === 'paused', 'the import');
    assert.equal((await panelOf(page)).history.length, 1, 'the imported run is shown');
  });
});

test(
  '"Play these weights" says on the spot that the game plays them',
  { timeout: 120_000 },
  async () => {
    await withPage(isolated, async ({ page }) => {
      const { checkpoint, reports } = await generationsIn(page, await configIn(page, SMALL), 1);
      await importRun(page, checkpoint);
      const best = validatedBest(reports);
      assert.ok(best, 'the run was validated');
      const note = page.locator('#evo-best-note');
      await page.locator('#evo-play').click({ timeout: 10_000 });
      await note.waitFor({ state: 'visible', timeout: 10_000 });
      const said = await note.textContent();
      assert.match(
        said,
        /^The game now plays these weights \(validated in generation 1: [\d,]+ lines per game\)\.$/,
      );
      const playing = await page.evaluate(() => window.tetris.game.weights());
      assert.deepEqual(
        Object.keys(playing).sort(),
        Object.keys(best.weights).sort(),
        'the game plays the validated best weights',
      );
      const placed = await page.evaluate(() => {
        const note = document.getElementById('evo-best-note').getBoundingClientRect();
        const buttons = document.getElementById('evo-play').closest('.row');
        return note.top - buttons.getBoundingClientRect().bottom;
      });
      assert.ok(placed >= 0 && placed < 20, `the note should sit under the buttons (${placed} px)`);
    });
  },
);

test(
  'a paused run says it is paused, where it stands, and that Resume goes on',
  { timeout: 120_000 },
  async () => {
    await withPage(unisolated, async ({ page }) => {
      await importLongRun(page, { max_pieces: 6 * LONG.max_pieces });
      await page.locator('#evo-start').click({ timeout: 10_000 });
      await progressShown(page);
      await pausePanel(page);
      const { shown, standing } = await page.evaluate(() => ({
        shown: document.getElementById('evo-eta').textContent,
        standing: window.tetris.evolution.run.standing,
      }));
      assert.doesNotMatch(shown, /left/, `a paused run has no time left to show: ${shown}`);
      const games = LONG.population * LONG.games;
      assert.match(
        shown,
        new RegExp(
          `^Paused in generation 1, training: \\d+ of ${games} games played\\. Resume continues from there\\.$`,
        ),
      );
      assert.deepEqual(
        standing,
        { generation: 1, phase: 'training', done: standing.done, total: games },
        'the run stands where the panel says',
      );
      assert.ok(shown.includes(`: ${standing.done} of`), 'the panel gives the games kept');

      // Resume plays the games left, not those kept.
      await page.evaluate(() => {
        window.dones = [];
        const run = window.tetris.evolution.run;
        const show = run.onProgress;
        run.onProgress = (progress) => {
          window.dones.push(progress.done);
          show(progress);
        };
      });
      await page.locator('#evo-start').click({ timeout: 10_000 });
      await panelGenerations(page, 1);
      await stopPanel(page);
      const dones = await page.evaluate(() => window.dones);
      assert.ok(dones[0] >= standing.done, `resumed at ${dones[0]}, paused at ${standing.done}`);
    });
  },
);

/**
 * Starts a run in the panel, reloads the page once its first generation is saved, and scrolls
 * the page to its end; resolves to the generations saved.
 */
async function reloadMidRun(page) {
  await startPanelRun(page, 1);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  await page.locator('#evo-resume-notice').waitFor({ state: 'visible', timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return savedGenerations(page);
}

/** Whether the element `selector` matches is wholly in the window. */
function inView(page, selector) {
  return page.evaluate((selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
  }, selector);
}

test(
  'after a reload, a notice in view offers to resume the saved run, and resumes it',
  { timeout: 120_000 },
  async () => {
    await withPage(isolated, async ({ page }) => {
      const generations = await reloadMidRun(page);
      const notice = page.locator('#evo-resume-notice');
      assert.ok(await inView(page, '#evo-resume-notice'), 'the notice is in view');
      assert.match(await notice.textContent(), new RegExp(`saved at generation ${generations}\\b`));
      await inPart(page, 'lab', async () =>
        assert.ok(await page.locator('#evo-resume').isVisible(), 'the panel keeps its own offer'),
      );

      await notice.getByRole('button', { name: 'Resume' }).click({ timeout: 10_000 });
      assert.ok(await page.locator('#part-lab').isVisible(), 'the run shows in its panel');
      await panelGenerations(page, generations + 1);
      await stopPanel(page);
      assert.ok(await notice.isHidden(), 'the notice goes once the run is resumed');
      assert.ok(await page.locator('#evo-resume').isHidden(), "so does the panel's offer");
    });
  },
);

test(
  "on a phone the notice of a saved run stays in view and leads to the panel's offer",
  { timeout: 120_000 },
  async () => {
    await withPage(
      isolated,
      async ({ page }) => {
        const generations = await reloadMidRun(page);
        assert.ok(await inView(page, '#evo-resume-notice'), 'the notice is in view');
        assert.match(
          await page.locator('#evo-resume-notice').textContent(),
          new RegExp(`saved at generation ${generations}\\b`),
        );
        await page.locator('#evo-resume-notice-show').click({ timeout: 10_000 });
        assert.ok(await inView(page, '#evo-resume'), "the panel's offer is brought into view");
        assert.equal(
          await page.evaluate(() => document.activeElement.id),
          'evo-resume-run',
          "the panel's Resume has the focus",
        );
        assert.ok(await page.locator('#evo-resume-notice').isHidden(), 'the panel takes over');
      },
      { viewport: { width: 390, height: 844 } },
    );
  },
);

test(
  'noise handling set in the panel runs as the command line runs it, and the status quotes the held-out figure',
  { timeout: 180_000 },
  async () => {
    await withPage(isolated, async ({ page }) => {
      await fillPanel(page);
      await setValue(page, '#evo-reevaluate-top', 2);
      await setValue(page, '#evo-reevaluate-games', 2);
      await setValue(page, '#evo-grow-games-to', 6);
      await setValue(page, '#evo-report-games', 5);
      // Every progress line the panel writes, however briefly it shows.
      await page.evaluate(() => {
        window.progressLines = [];
        const eta = document.getElementById('evo-eta');
        new MutationObserver(() => window.progressLines.push(eta.textContent)).observe(eta, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
      await page.locator('#evo-start').click({ timeout: 10_000 });
      await panelGenerations(page, 2, 120_000);
      const { reports, status, lines } = await page.evaluate(() => ({
        reports: window.tetris.evolution.history.slice(),
        status: document.getElementById('evo-status').textContent,
        lines: window.progressLines,
      }));
      await stopPanel(page);
      const last = reports.at(-1);
      assert.ok(
        reports.every((r) => r.reported != null),
        'each report has the held-out figure',
      );
      assert.ok(
        status.includes(`${Math.round(last.reported).toLocaleString('en')} on held-out games`),
        `the status quotes the held-out figure: ${status}`,
      );
      for (const word of ['training', 're-evaluating', 'validating', 'reporting']) {
        assert.ok(
          lines.some((line) => line.startsWith('Generation 1, ' + word + ':')),
          `the progress line says "${word}": ${JSON.stringify([...new Set(lines)].slice(0, 12))}`,
        );
      }
      const cli = await evolveCli([
        ...PANEL_CLI,
        '--reevaluate-top',
        '2',
        '--reevaluate-games',
        '2',
        '--grow-games-to',
        '6',
        '--report-games',
        '5',
        '--generations',
        String(reports.length),
      ]);
      sameReports(reports, cli, 'the panel run with noise handling against tetris-ai evolve');
    });
  },
);

test('the time left of each phase follows its own pace', { timeout: 120_000 }, async () => {
  await withPage(isolated, async ({ page }) => {
    const { checkpoint } = await generationsIn(page, await configIn(page, SMALL), 0);
    await importRun(page, checkpoint);
    // The test plays the generation: it reports the progress, on a clock of its own.
    await page.evaluate(() => {
      const run = window.tetris.evolution.run;
      let now = 0;
      performance.now = () => now;
      run.generation = () => new Promise(() => {});
      window.progressAt = (ms, progress) => {
        now = ms;
        run.onProgress(progress);
        return document.getElementById('evo-eta').textContent;
      };
    });
    await page.locator('#evo-start').click({ timeout: 10_000 });
    await until(async () => (await panelOf(page)).state === 'running', 'the run to start');
    const at = (ms, progress) =>
      page.evaluate(([ms, progress]) => window.progressAt(ms, progress), [ms, progress]);
    const training = { generation: 1, phase: 'training', total: 100 };
    const validation = { generation: 1, phase: 'validation', total: 10 };
    await at(0, { ...training, done: 0 });
    assert.equal(
      await at(50_000, { ...training, done: 50 }),
      'Generation 1, training: 50 of 100 games · about 50 s left',
    );
    await at(100_000, { ...training, done: 100 });
    await at(100_000, { ...validation, done: 0 });
    assert.equal(
      await at(101_000, { ...validation, done: 1 }),
      'Generation 1, validating: 1 of 10 games · about 9 s left',
      "validation's time left comes from its own pace, not training's",
    );
  });
});

test(
  'the chart names whole generations, shows figures in its legend, and fitness with its unit',
  { timeout: 120_000 },
  async () => {
    await withPage(isolated, async ({ page }) => {
      const { checkpoint, reports } = await generationsIn(page, await configIn(page, SMALL), 3);
      await importRun(page, checkpoint);
      const texts = await chartTexts(page);
      const legend = await page.evaluate(() =>
        [...document.querySelectorAll('#evo-chart .u-legend tr')].map((row) => [
          row.querySelector('.u-label').textContent,
          row.querySelector('.u-value').textContent,
        ]),
      );
      // The axis under the chart: its tick labels share one line.
      const lines = new Map();
      for (const { text, y } of texts.filter(({ text }) => /^-?[\d,.]+$/.test(text))) {
        lines.set(y, [...(lines.get(y) ?? []), text]);
      }
      const ticks = [...lines.values()].sort((a, b) => b.length - a.length)[0] ?? [];
      assert.ok(ticks.length >= 2, `the generation axis has ticks: ${JSON.stringify(ticks)}`);
      assert.deepEqual(
        ticks.filter((tick) => !/^\d+$/.test(tick)),
        [],
        `the generation axis names whole generations only: ${JSON.stringify(ticks)}`,
      );
      const words = texts.map(({ text }) => text);
      assert.ok(words.includes('generation'), 'the generation axis is named');
      assert.ok(
        words.some((text) => /mean lines per game/.test(text)),
        `the fitness axis gives its unit: ${JSON.stringify(words.filter((t) => /\D/.test(t)))}`,
      );
      const figure = (x) => (x == null ? '' : Math.round(x).toLocaleString('en'));
      const last = reports.at(-1);
      assert.deepEqual(
        legend,
        [
          ['generation', '3'],
          ['best', figure(last.best)],
          ['mean', figure(last.mean)],
          ['median', figure(last.median)],
          ['validated', figure(last.validated_best)],
        ],
        "the legend shows the latest generation's figures",
      );
    });
  },
);

test('on a phone the Features choice shows its options whole', { timeout: 120_000 }, async () => {
  const opened = await openPage(browser, isolated.url, {
    viewport: { width: 390, height: 844 },
    part: 'lab',
  });
  try {
    const fit = await opened.page.evaluate(() => {
      const select = document.getElementById('evo-features');
      const card = select.closest('.card');
      // The width the choice takes where nothing holds it back: what its longest option needs.
      const free = select.cloneNode(true);
      free.removeAttribute('id');
      free.style.maxWidth = 'none';
      card.append(free);
      const needed = free.getBoundingClientRect().width;
      free.remove();
      const box = select.getBoundingClientRect();
      const inner =
        card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
      return { width: box.width, needed, right: box.right, inner };
    });
    assert.ok(
      fit.width >= fit.needed - 0.5,
      `the choice is ${fit.width} px wide, its options need ${fit.needed} px`,
    );
    assert.ok(fit.right <= fit.inner + 0.5, 'the choice stays inside its card');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
