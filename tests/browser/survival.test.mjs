// The Benchmark panel's survival estimate in Chromium: choosing it shows its own fields; Run
// makes the replicates of both weight sets with progress replicate by replicate, then a table
// whose figures are what `survival()` gives for the same replicates, the difference of the two
// estimates with its verdict, and a JSON export (no CSV, no histogram); where no game ended there
// is no estimate, and the panel says why; bad entries are refused in plain words. The API refuses bad options by name and a cancelled estimate says so.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openPage, setValue, setChecked, assertNoErrors } from './harness.mjs';
import { download, runPanel, shown, tableText, WAIT, watchStatus } from './benchmark-panel.mjs';

const env = serveAndBrowse({ isolation: true });

/** A small estimate: 4 replicates from seed 3, long runs of 20,000 pieces, 200 branches. */
const OPTIONS = { replicates: 4, seed: 3, runPieces: 20_000, trials: 200 };

/** Sets the page's game to classic rules on 10x10, and the panel to a survival estimate. */
async function chooseSurvival(page, { a, replicates, seed, runPieces, trials }) {
  await setValue(page, '#rules', 'classic');
  await setValue(page, '#board-height', 10);
  await setValue(page, '#bench-kind', 'survival');
  await setValue(page, '#bench-a', a);
  await setValue(page, '#bench-survival-replicates', replicates);
  await setValue(page, '#bench-seed', seed);
  await setValue(page, '#bench-survival-run-pieces', runPieces);
  await setValue(page, '#bench-survival-trials', trials);
}

/** What `survival()` gives for the game configuration `config` with `options`. */
function apiEstimate(page, config, options) {
  return page.evaluate(
    async ({ config, options }) => {
      const { survival } = await import('./tetris-ai.js');
      return survival(config, options);
    },
    { config, options },
  );
}

/** The sum of `count(replicate)` over an estimate's replicates. */
function summed(estimate, count) {
  return estimate.replicates.reduce((sum, replicate) => sum + count(replicate), 0);
}

/** The table's rows for `estimates` (one per weight set), as the panel should show them. */
function expectedRows(estimates) {
  const row = (label, figure) => [label, ...estimates.map((e) => shown(figure(e), 0))];
  return [
    row('Estimated lines per game', (e) => e.mean_lines),
    row('Its standard error', (e) => e.mean_lines_error),
    row('Replicates', (e) => e.replicates.length),
    row('Lines in the long runs', (e) => summed(e, (r) => r.lines)),
    row('Excursions in them', (e) => summed(e, (r) => r.excursions)),
    row('Branches that saw the game end', (e) => summed(e, (r) => r.stages.at(-1).reached)),
    row('Pieces placed', (e) => e.pieces),
  ];
}

test(
  "a survival estimate of two sets: survival()'s figures, the verdict and the JSON export",
  { timeout: 300_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'lab' });
    try {
      const { page } = opened;
      assert.equal(
        await page.locator('#bench-survival-replicates').isVisible(),
        false,
        'hidden at first',
      );
      await chooseSurvival(page, { a: 'preset:dt10', ...OPTIONS });
      assert.equal(await page.locator('#bench-benchmark-games').isVisible(), false);
      assert.equal(await page.locator('#bench-survival-note').isVisible(), true);
      await setChecked(page, '#bench-compare', true);
      await setValue(page, '#bench-b', 'preset:du');
      await page.evaluate(watchStatus);
      const { report, error } = await runPanel(page);
      assert.equal(error, '');
      assert.equal(report.kind, 'survival');
      assert.deepEqual(report.options, OPTIONS);
      assert.deepEqual([report.a.name, report.b.name], ['dt10', 'du']);

      // Progress replicate by replicate, A's then B's, never going down.
      const statuses = await page.evaluate(() => window.statuses);
      const counts = statuses
        .map((text) => /^Weights ([AB]) \((\w+)\): (\d) of 4 replicates/.exec(text))
        .filter(Boolean)
        .map((match) => (match[1] === 'A' ? 0 : 4) + Number(match[3]));
      assert.ok(counts.length >= 2, `progress was shown: ${JSON.stringify(statuses)}`);
      assert.deepEqual(
        counts,
        [...counts].sort((x, y) => x - y),
        'the progress never goes down',
      );
      assert.equal(statuses.at(-1), 'Done: 8 replicates played.');

      // Each set's estimate is the API's for the same replicates, and the table shows it.
      for (const set of [report.a, report.b]) {
        assert.equal(set.config.rules.kind, 'classic');
        assert.equal(set.config.height, 10);
        assert.deepEqual(set.result, await apiEstimate(page, set.config, OPTIONS));
        assert.equal(set.result.replicates.length, 4);
      }
      assert.ok(report.a.result.mean_lines > 0, 'dt10 saw games end on 10x10');
      const table = await tableText(page);
      assert.deepEqual(table.head, ['Lines cleared', 'A: dt10', 'B: du']);
      assert.deepEqual(table.rows, expectedRows([report.a.result, report.b.result]));
      assert.match(
        await page.locator('#bench-played').textContent(WAIT),
        /^classic rules, 10×10 board, depth 1; replicates from seeds 3 to 6, each a long run of 20,000 pieces and 200 branches per level\. Played in /,
      );

      // The difference of the estimates and its verdict, as the module works them out.
      const expected = await page.evaluate(
        async ({ a, b }) => {
          const { estimateDifference, survivalVerdict } = await import('./js/survival-report.js');
          const difference = estimateDifference(a, b);
          return { difference, verdict: survivalVerdict(difference) };
        },
        { a: report.a.result, b: report.b.result },
      );
      assert.deepEqual(report.difference, expected.difference);
      assert.equal(report.difference.mean, report.a.result.mean_lines - report.b.result.mean_lines);
      assert.equal(await page.locator('#bench-verdict').textContent(WAIT), expected.verdict);
      assert.match(
        await page.locator('#bench-difference').textContent(WAIT),
        /^A − B, estimate against estimate: [+−][\d,.]+ lines per game; standard error [\d,.]+, 95% interval [+−][\d,.]+ to [+−][\d,.]+ \(normal approximation\)\.$/,
      );

      // No histogram and no CSV: a replicate is no game. The JSON holds everything.
      assert.equal(await page.locator('#bench-chart').isVisible(), false);
      assert.equal(await page.locator('#bench-csv').isVisible(), false);
      const json = await download(page, '#bench-json');
      assert.equal(json.name, 'survival-dt10-vs-du-4-replicates.json');
      const exported = JSON.parse(json.text);
      assert.deepEqual(Object.keys(exported), ['kind', 'options', 'a', 'b', 'difference']);
      assert.equal(exported.kind, 'survival');
      assert.deepEqual(exported.a, report.a);
      assert.deepEqual(exported.b, report.b);

      // Back to whole games: their fields, and the histogram and CSV of the next run.
      await setValue(page, '#bench-kind', 'benchmark');
      assert.equal(await page.locator('#bench-benchmark-games').isVisible(), true);
      assert.equal(await page.locator('#bench-survival-replicates').isVisible(), false);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'under the guideline rules a good player may never lose: no estimate, and the panel says why',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'lab' });
    try {
      const { page } = opened;
      // The page's own game: guideline rules on 10x20, where du's games seldom end.
      await setValue(page, '#bench-kind', 'survival');
      await setValue(page, '#bench-a', 'preset:du');
      await setValue(page, '#bench-survival-replicates', 2);
      await setValue(page, '#bench-survival-run-pieces', 5000);
      await setValue(page, '#bench-survival-trials', 20);
      const { report, error } = await runPanel(page);
      assert.equal(error, '');
      assert.equal(report.a.config.rules.kind, 'guideline');
      assert.equal(report.a.result.mean_lines, null, 'no game ended');
      assert.equal(report.a.result.replicates.length, 2);
      const table = await tableText(page);
      assert.deepEqual(table.rows.slice(0, 2), [
        ['Estimated lines per game', '–'],
        ['Its standard error', '–'],
      ]);
      assert.match(
        await page.locator('#bench-difference').textContent(WAIT),
        /^No game ended in the replicates of A \(du\), so there is no estimate: its games outlast/,
      );
      assert.equal(await page.locator('#bench-verdict').isVisible(), false);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'bad survival entries are refused in plain words, naming them',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'lab' });
    try {
      const { page } = opened;
      const refused = async (entries) => {
        await chooseSurvival(page, { a: 'preset:dt10', ...OPTIONS, ...entries });
        const { report, error } = await runPanel(page);
        assert.equal(report, null, 'nothing is shown');
        return error;
      };
      assert.equal(
        await refused({ replicates: 0 }),
        'Replicates must be a whole number from 1 to 1000000, got 0',
      );
      assert.equal(
        await refused({ runPieces: 10_000_001 }),
        'Pieces in each long run must be a whole number from 1 to 10000000, got 10000001',
      );
      assert.equal(
        await refused({ trials: 2.5 }),
        'Branches per level must be a whole number from 1 to 1000000, got 2.5',
      );
      assert.equal(
        await refused({ trials: '' }),
        'Branches per level must be a whole number, got nothing',
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'the API refuses bad options by name, and a cancelled estimate says so',
  { timeout: 60_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'lab' });
    try {
      const refusals = await opened.page.evaluate(async () => {
        const { survival } = await import('./tetris-ai.js');
        const small = { width: 8, height: 8 };
        const cases = [
          [small, { replicates: 0 }],
          [small, { games: 10 }],
          [small, { levels: [4, 3] }],
          [small, { base: 4, levels: [4, 6] }],
          [small, { levels: [3, 9] }],
          [small, { runPieces: 0 }],
          [{ height: 50 }, {}],
          [small, { replicates: 2, signal: AbortSignal.abort() }],
        ];
        return Promise.all(
          cases.map(([config, options]) =>
            survival(config, options).then(
              () => 'resolved',
              (error) => `${error.name}: ${error.message}`,
            ),
          ),
        );
      });
      assert.deepEqual(refusals, [
        'Error: options.replicates must be a whole number from 1 to 1000000, got 0',
        'Error: options has an unknown field "games" (fields: replicates, seed, runPieces, ' +
          'trials, base, levels, build, workers, threads, onProgress, signal)',
        'Error: level 3 follows level 4: the levels must rise',
        'Error: level 4 is not above the base 4',
        "Error: level 9 is above the board's 8 rows",
        'Error: options.runPieces must be a whole number from 1 to 10000000, got 0',
        'Error: config.height must be a whole number from 4 to 40, got 50',
        'AbortError: the survival estimate was cancelled',
      ]);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);
