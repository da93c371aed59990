// The Benchmark panel's versus series in Chromium: its fields are its own (no id is repeated on
// the page); choosing it turns the comparison on (B is the opponent) and holds it on; Run plays A against B once, with progress match by match, then a
// table of each side's figures, which are what `versus()` gives for the same matches seen from
// each seat, A's record and win rate in words with a verdict, and a JSON export.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openPage, setValue, assertNoErrors } from './harness.mjs';
import { download, runPanel, shown, tableText, WAIT, watchStatus } from './benchmark-panel.mjs';

const env = serveAndBrowse({ isolation: true });

/** A short series on 10x10, where most matches are decided. */
const OPTIONS = { games: 10, maxPieces: 1000, seed: 0 };

test(
  "a versus series of A against B: versus()'s figures from each seat, the verdict and the JSON",
  { timeout: 300_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'lab' });
    try {
      const { page } = opened;
      await setValue(page, '#rules', 'guideline');
      await setValue(page, '#board-height', 10);
      // Each kind's fields are its own: no two elements share an id, though kinds share options.
      const repeated = await page.evaluate(() => {
        const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
        return ids.filter((id, i) => ids.indexOf(id) !== i);
      });
      assert.deepEqual(repeated, []);
      await setValue(page, '#bench-kind', 'versus');
      assert.equal(await page.locator('#bench-compare').isChecked(), true, 'B is the opponent');
      assert.equal(await page.locator('#bench-compare').isDisabled(), true, 'and stays on');
      assert.equal(await page.locator('#bench-versus-note').isVisible(), true);
      await setValue(page, '#bench-a', 'preset:dellacherie');
      await setValue(page, '#bench-b', 'preset:dt10');
      await setValue(page, '#bench-versus-games', OPTIONS.games);
      await setValue(page, '#bench-versus-max-pieces', OPTIONS.maxPieces);
      await setValue(page, '#bench-seed', OPTIONS.seed);
      await page.evaluate(watchStatus);
      const { report, error } = await runPanel(page);
      assert.equal(error, '');
      assert.equal(report.kind, 'versus');
      assert.deepEqual(report.options, OPTIONS);
      assert.deepEqual([report.a.name, report.b.name], ['dellacherie', 'dt10']);
      assert.equal(report.a.config.rules.kind, 'guideline');

      const statuses = await page.evaluate(() => window.statuses);
      const counts = statuses
        .map((text) => /^A against B: (\d+) of 10 matches/.exec(text))
        .filter(Boolean)
        .map((match) => Number(match[1]));
      assert.ok(counts.length >= 1, `progress was shown: ${JSON.stringify(statuses)}`);
      assert.deepEqual(
        counts,
        [...counts].sort((x, y) => x - y),
        'the progress never goes down',
      );
      assert.equal(statuses.at(-1), 'Done: 10 matches played.');

      // The series is the API's for the same matches, split into the two seats.
      const series = await page.evaluate(
        async ({ a, b, options }) => {
          const { versus } = await import('./tetris-ai.js');
          return versus(a, { ...options, opponent: b });
        },
        { a: report.a.config, b: report.b.config, options: OPTIONS },
      );
      assert.equal(report.a.result.won, series.wins);
      assert.equal(report.b.result.won, series.losses);
      assert.equal(report.a.result.attack, series.left.attack);
      assert.equal(report.b.result.attack, series.right.attack);
      assert.equal(series.games, 10);
      assert.ok(series.wins + series.losses > 0, 'some match was decided on 10x10');
      const table = await tableText(page);
      assert.deepEqual(table.head, ['Each side', 'A: dellacherie', 'B: dt10']);
      assert.deepEqual(table.rows[0], [
        'Matches won',
        shown(series.wins, 0),
        shown(series.losses, 0),
      ]);
      assert.deepEqual(table.rows[3], [
        'Attack per piece',
        shown(series.left.attack_per_piece, 3),
        shown(series.right.attack_per_piece, 3),
      ]);
      assert.match(
        await page.locator('#bench-difference').textContent(WAIT),
        new RegExp(
          `^A against B: ${series.wins} won, ${series.losses} lost, ${series.draws} drawn; A ` +
            'wins [\\d.]+% of the decided matches, 95% interval [\\d.]+% to [\\d.]+% \\(Wilson\\)\\.$',
        ),
      );
      assert.match(
        await page.locator('#bench-verdict').textContent(WAIT),
        /^(A wins more often than B|B wins more often than A|No clear winner yet) \(\d+ decided match(es)?\)/,
      );
      assert.match(
        await page.locator('#bench-played').textContent(WAIT),
        /^guideline rules, 10×10 board, depth 1; matches from seeds 0 to 9, each side stopped at 1,000 pieces\. Played in /,
      );
      const json = await download(page, '#bench-json');
      assert.equal(json.name, 'versus-dellacherie-vs-dt10-10-matches.json');
      assert.deepEqual(JSON.parse(json.text).a, report.a);

      // Back to whole games: the comparison may be turned off again.
      await setValue(page, '#bench-kind', 'benchmark');
      assert.equal(await page.locator('#bench-compare').isDisabled(), false);
      assertNoErrors(assert, opened);
    } finally {
      await opened.page.close();
    }
  },
);
