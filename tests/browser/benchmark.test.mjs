// The Benchmark panel in Chromium: Run shows its progress game by game, then a table whose
// figures are what `benchmark()` gives for the same games; Compare plays two weight sets on the
// same seeds and gives the verdict and the paired difference of their lines (and says which games
// stopped at the cap), and the CSV and JSON exports hold every game's seed and lines and the
// statistics with their settings; Cancel stops a benchmark and says so; a run refused or
// cancelled leaves the results before it in view; bad entries are refused in plain words. The
// API refuses bad options by name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openPage, setValue, setChecked, assertNoErrors } from './harness.mjs';
import { download, runPanel, shown, tableText, WAIT, watchStatus } from './benchmark-panel.mjs';
import { wholeRule } from '../../www/lib/whole.js';

const env = serveAndBrowse({ isolation: true });

/** Weights B of the comparison: dellacherie's with holes weighed twice as much. */
const HEAVY_HOLES = {
  landing_height: -4.500158825082766,
  eroded_piece_cells: 3.4181268101392694,
  row_transitions: -3.2178882868487753,
  column_transitions: -9.348695305445199,
  holes: -15.799510895448612,
  cumulative_wells: -3.3855972247263626,
};

/** Fills the panel's form: weights A, games, first seed and cap. */
async function fill(page, { a, games, seed, maxPieces }) {
  await setValue(page, '#bench-a', a);
  await setValue(page, '#bench-benchmark-games', games);
  await setValue(page, '#bench-seed', seed);
  await setValue(page, '#bench-benchmark-max-pieces', maxPieces);
}

/** What `benchmark()` gives for the games of `side` (`{config}`) with `options`. */
function apiResult(page, side, options) {
  return page.evaluate(
    async ({ config, options }) => {
      const { benchmark } = await import('./tetris-ai.js');
      return benchmark(config, options);
    },
    { config: side.config, options },
  );
}

/** The table's rows for `results` (one per weight set), as the panel should show them. */
function expectedRows(results, capped) {
  const rows = [
    ['Games', 'games', 0],
    ['Average', 'mean', 1],
    ['Median', 'median', 1],
    ['Fewest', 'min', 0],
    ['Most', 'max', 0],
    ['Standard deviation', 'std', 1],
    ['Lines in all', 'lines', 0],
    ['Pieces in all', 'pieces', 0],
    ['Pieces per line', 'pieces_per_line', 3],
  ];
  if (capped) rows.push(['Games stopped at the cap', 'capped', 0]);
  return rows.map(([label, field, digits]) => [
    label,
    ...results.map((result) => shown(result[field], digits)),
  ]);
}

test(
  "Run shows the progress, then a table of benchmark()'s figures for the same games",
  { timeout: 300_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'lab' });
    try {
      const { page } = opened;
      await fill(page, { a: 'preset:du', games: 40, seed: 11, maxPieces: 3000 });
      await page.evaluate(watchStatus);
      const { report, error } = await runPanel(page);
      assert.equal(error, '');
      assert.deepEqual(report.options, { games: 40, seed: 11, maxPieces: 3000 });
      assert.equal(report.a.name, 'du');
      assert.equal(report.a.config.preset, 'du');
      assert.equal(report.b, null);

      // The progress, game by game, never going down, up to every game.
      const statuses = await page.evaluate(() => window.statuses);
      const counts = statuses
        .map((text) => /^Weights A \(du\): (\d+) of 40 games/.exec(text))
        .filter(Boolean)
        .map((match) => Number(match[1]));
      assert.ok(counts.length >= 2, `progress was shown: ${JSON.stringify(statuses)}`);
      assert.deepEqual(
        counts,
        [...counts].sort((x, y) => x - y),
        'the progress never goes down',
      );
      assert.ok(
        counts.some((n) => n > 0 && n < 40),
        `a count part way: ${counts}`,
      );
      assert.equal(statuses.at(-1), 'Done: 40 games played.');
      const bar = await page.evaluate(() => {
        const progress = document.getElementById('bench-progress');
        return [progress.value, progress.max];
      });
      assert.deepEqual(bar, [40, 40]);

      // The same games through the API: the same result, shown in the table.
      const result = await apiResult(page, report.a, report.options);
      assert.deepEqual(report.a.result, result);
      assert.equal(result.games, 40);
      const table = await tableText(page);
      assert.deepEqual(table.head, ['Lines cleared', 'A: du']);
      assert.deepEqual(table.rows, expectedRows([result], true));
      const played = await page.locator('#bench-played').textContent(WAIT);
      assert.match(
        played,
        /^guideline rules, 10×20 board, depth 1; seeds 11 to 50, at most 3,000 /,
      );
      assert.equal(await page.locator('#bench-verdict').isVisible(), false);
      assert.equal(await page.locator('#bench-chart canvas').count(), 1, 'the histogram');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'Compare plays two weight sets on the same seeds: the verdict and the exports',
  { timeout: 300_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'lab' });
    try {
      const { page } = opened;
      await fill(page, { a: 'preset:dellacherie', games: 30, seed: 5, maxPieces: 2000 });
      await setChecked(page, '#bench-compare', true);
      await setValue(page, '#bench-b', 'import');
      await setValue(page, '#bench-b-json', JSON.stringify(HEAVY_HOLES));
      const { report, error } = await runPanel(page);
      assert.equal(error, '');
      assert.equal(report.b.name, 'imported weights');
      assert.deepEqual(report.b.config.weights, HEAVY_HOLES);

      // Each set's games are the API's, on the same seeds.
      assert.deepEqual(report.a.result, await apiResult(page, report.a, report.options));
      assert.deepEqual(report.b.result, await apiResult(page, report.b, report.options));
      const table = await tableText(page);
      assert.deepEqual(table.head, ['Lines cleared', 'A: dellacherie', 'B: imported weights']);
      assert.deepEqual(table.rows, expectedRows([report.a.result, report.b.result], true));

      // The paired difference and the verdict, as the statistics module works them out from the
      // lines of the games and whether any stopped at the cap.
      const capped = report.a.result.capped + report.b.result.capped > 0;
      const expected = await page.evaluate(
        async ({ a, b, capped }) => {
          const { pairedDifference, verdict } = await import('./js/paired-difference.js');
          const difference = pairedDifference(a, b);
          return { difference, verdict: verdict(difference, capped) };
        },
        { a: report.a.result.game_lines, b: report.b.result.game_lines, capped },
      );
      assert.deepEqual(report.difference, expected.difference);
      assert.equal(await page.locator('#bench-verdict').textContent(WAIT), expected.verdict);
      const differences = report.a.result.game_lines.map(
        (lines, i) => lines - report.b.result.game_lines[i],
      );
      const mean = differences.reduce((sum, d) => sum + d, 0) / differences.length;
      assert.equal(report.difference.mean, mean, 'the mean of A − B game by game');
      assert.match(
        await page.locator('#bench-difference').textContent(WAIT),
        /^A − B, game by game: [+−][\d,.]+ lines on average; 95% interval [+−][\d,.]+ to [+−][\d,.]+ \(normal approximation\)\.( [\d,]+ of [AB]'s .* stopped at the cap: .*)?$/,
      );
      assert.equal(
        (await page.locator('#bench-difference').textContent(WAIT)).includes('stopped at the cap'),
        capped,
        'capped games are said',
      );

      // CSV: a row per game, its seed and both sets' lines.
      const csv = await download(page, '#bench-csv');
      assert.equal(csv.name, 'benchmark-dellacherie-vs-imported-weights-30-games.csv');
      const lines = csv.text.trimEnd().split('\n');
      assert.equal(lines[0], 'seed,lines A,lines B');
      assert.deepEqual(
        lines.slice(1),
        report.a.result.game_lines.map((a, i) => `${5 + i},${a},${report.b.result.game_lines[i]}`),
      );

      // JSON: the statistics and every game's lines of both sets, with what made them.
      const json = await download(page, '#bench-json');
      assert.equal(json.name, 'benchmark-dellacherie-vs-imported-weights-30-games.json');
      const exported = JSON.parse(json.text);
      assert.deepEqual(Object.keys(exported), ['kind', 'options', 'a', 'b', 'difference']);
      assert.equal(exported.kind, 'benchmark');
      assert.deepEqual(exported.options, { games: 30, seed: 5, maxPieces: 2000 });
      assert.deepEqual(exported.a, report.a);
      assert.deepEqual(exported.b, report.b);
      assert.deepEqual(exported.difference, report.difference);
      assert.equal(exported.a.config.rules.kind, 'guideline');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

/** Starts a benchmark of 5,000 games, long enough to cancel, and waits until games are done. */
async function startLongRun(page) {
  await fill(page, { a: 'preset:du', games: 5000, seed: 0, maxPieces: 500 });
  await page.locator('#bench-run').click(WAIT);
  await page.waitForFunction(
    () => /: [1-9][\d]* of 5000 games/.test(document.getElementById('bench-status').textContent),
    null,
    { timeout: 60_000 },
  );
}

test('Cancel stops a benchmark and says so; nothing is shown', { timeout: 120_000 }, async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'lab' });
  try {
    const { page } = opened;
    await startLongRun(page);
    assert.equal(await page.locator('#bench-run').isDisabled(), true, 'Run waits meanwhile');
    await page.locator('#bench-cancel').click(WAIT);
    await page.waitForFunction(() => !window.tetris.benchmark.running, null, WAIT);
    const status = await page.locator('#bench-status').textContent(WAIT);
    assert.match(status, /^Cancelled after \d+ of 5000 games: nothing to show\.$/);
    assert.equal(await page.locator('#bench-results').isVisible(), false);
    assert.equal(await page.locator('#bench-error').isVisible(), false);
    assert.equal(await page.locator('#bench-cancel').isDisabled(), true);
    assert.equal(
      await page.locator('#bench-benchmark-games').isDisabled(),
      false,
      'the form is back',
    );
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('a run refused or cancelled leaves the results before it in view', async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'lab' });
  try {
    const { page } = opened;
    await fill(page, { a: 'preset:du', games: 3, seed: 0, maxPieces: 50 });
    const first = await runPanel(page);
    assert.equal(first.error, '');
    const table = await tableText(page);
    // Weights the engine refuses, once the run has started.
    await setValue(page, '#bench-a', 'import');
    await setValue(page, '#bench-a-json', '{"holes": -4, "sparkle": 2}');
    const refused = await runPanel(page);
    assert.match(refused.error, /"sparkle" is not a feature the AI knows/);
    assert.deepEqual(refused.report, first.report, 'the results before are kept');
    assert.equal(await page.locator('#bench-results').isVisible(), true);
    assert.deepEqual(await tableText(page), table);
    assert.equal(
      await page.locator('#bench-status').textContent(WAIT),
      'The results below are the previous ones.',
    );
    // A run cancelled says the same of them.
    await startLongRun(page);
    await page.locator('#bench-cancel').click(WAIT);
    await page.waitForFunction(() => !window.tetris.benchmark.running, null, WAIT);
    assert.match(
      await page.locator('#bench-status').textContent(WAIT),
      /^Cancelled after \d+ of 5000 games; the results below are the previous ones\.$/,
    );
    assert.deepEqual(await page.evaluate(() => window.tetris.benchmark.report), first.report);
    assert.deepEqual(await tableText(page), table);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('bad entries are refused in plain words, naming them', { timeout: 120_000 }, async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'lab' });
  try {
    const { page } = opened;
    const refused = async (settings) => {
      await fill(page, { a: 'preset:du', games: 3, seed: 0, maxPieces: 50, ...settings });
      const { report, error } = await runPanel(page);
      assert.equal(report, null, 'nothing is shown');
      return error;
    };
    assert.equal(
      await refused({ games: 0 }),
      'Games must be a whole number from 1 to 1000000, got 0',
    );
    assert.equal(
      await refused({ maxPieces: 2.5 }),
      'Pieces per game must be a whole number from 1 to 9007199254740991, got 2.5',
    );
    assert.equal(
      await refused({ seed: -1 }),
      'First seed must be a whole number from 0 to 9007199254740991, got -1',
    );
    await setValue(page, '#bench-a', 'import');
    await setValue(page, '#bench-a-json', '{"holes": -4,');
    assert.match(
      await refused({ a: 'import' }),
      /^Weights A cannot be played: this is not JSON \(.+\)\.$/,
    );
    await setValue(page, '#bench-a-json', '{"holes": -4, "sparkle": 2}');
    assert.equal(
      await refused({ a: 'import' }),
      'Weights A (imported weights) were refused: "sparkle" is not a feature the AI knows ' +
        '(the features are the rows of "Advanced: weights").',
    );
    // B's weights are refused before A plays any game.
    await setValue(page, '#bench-a-json', '{"holes": -4}');
    await setChecked(page, '#bench-compare', true);
    await setValue(page, '#bench-b', 'import');
    await setValue(page, '#bench-b-json', '[1, 2]');
    assert.equal(
      await refused({ a: 'import' }),
      'Weights B cannot be played: weights are a JSON object of feature names to weights, like ' +
        '{"holes": -4}, not a list.',
    );
    await setValue(page, '#bench-b-json', '{"holes": "many"}');
    await page.evaluate(watchStatus);
    assert.equal(
      await refused({ a: 'import', games: 500, maxPieces: '' }),
      'Weights B (imported weights) were refused: the weight of "holes" must be a finite ' +
        'number, or {weight, exponent}, got "many".',
    );
    const statuses = await page.evaluate(() => window.statuses);
    assert.deepEqual(
      statuses.filter((text) => /of 500 games/.test(text)),
      [],
      'A played no game',
    );
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('the API refuses bad options by name', { timeout: 60_000 }, async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'lab' });
  try {
    const refusals = await opened.page.evaluate(async () => {
      const { benchmark } = await import('./tetris-ai.js');
      const cases = [
        [{}, { games: 0 }],
        [{}, { games: 1.5 }],
        [{}, { gmaes: 10 }],
        [{}, { onProgress: 3 }],
        [{}, { signal: {} }],
        [{}, { maxPieces: 0 }],
        [{}, { seed: -1 }],
        [{ width: 30 }, { games: 1 }],
        [{}, { workers: 0 }],
        [{}, 7],
      ];
      return Promise.all(
        cases.map(([config, options]) =>
          benchmark(config, options).then(
            () => 'resolved',
            (error) => error.message,
          ),
        ),
      );
    });
    assert.deepEqual(refusals, [
      'options.games must be a whole number from 1 to 1000000, got 0',
      'options.games must be a whole number from 1 to 1000000, got 1.5',
      'options has an unknown field "gmaes" (fields: games, seed, maxPieces, build, workers, ' +
        'threads, onProgress, signal)',
      'options.onProgress must be a function, got 3',
      'options.signal must be an AbortSignal, got {}',
      'options.maxPieces must be a whole number from 1 to 9007199254740991, got 0',
      'options.seed must be a whole number from 0 to 9007199254740991, or a string of decimal ' +
        'digits up to 18446744073709551615, got -1',
      'config.width must be a whole number from 4 to 16, got 30',
      'options.workers must be a whole number from 1, got 0',
      'options must be an object, got 7',
    ]);
    // The page's own messages word a range as the engine's do.
    assert.equal(refusals[0], `options.games must be ${wholeRule([1, 1_000_000])}, got 0`);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
