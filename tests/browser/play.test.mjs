// Issue test 2: the AI plays 200 pieces with no console error, on the threaded build (the page
// isolated) and on the simd build (not isolated); a screenshot of each mid-game goes to
// /tmp/page-threaded.png and /tmp/page-simd.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launchBrowser,
  openPage,
  playFast,
  waitPieces,
  readNumber,
  assertNoErrors,
} from './harness.mjs';

const PIECES = 200;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function play200(t, isolation, kind) {
  const server = await startServer({ isolation });
  try {
    const opened = await openPage(browser, server.url);
    try {
      const { page } = opened;
      assert.equal((await page.locator('#engine-kind').textContent()).trim(), kind);
      await playFast(page);
      const started = Date.now();
      const shown = await waitPieces(page, PIECES, 240_000);
      t.diagnostic(`${kind}: #stat-pieces ${shown} after ${Date.now() - started} ms`);
      await page.screenshot({ path: `/tmp/page-${kind}.png`, fullPage: true });

      const state = await page.evaluate(async () => ({
        stats: await window.tetris.game.stats(),
        placements: window.tetris.placements.length,
      }));
      assert.equal(state.stats.game_over, false, 'the AI should not top out in 200 pieces');
      assert.ok(state.stats.pieces >= PIECES, `stats().pieces ${state.stats.pieces}`);
      assert.ok(
        state.placements >= PIECES,
        `tetris.placements has ${state.placements} entries after ${state.stats.pieces} pieces`,
      );
      assert.ok(
        (await readNumber(page, '#stat-lines')) > 0,
        '#stat-lines should count the lines cleared',
      );
      for (const warning of opened.warnings) {
        t.diagnostic(`warning: ${warning}`);
      }
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  } finally {
    await server.stop();
  }
}

test('the AI plays 200 pieces with no console error (threaded build)', { timeout: 300_000 }, (t) =>
  play200(t, true, 'threaded'),
);

test('the AI plays 200 pieces with no console error (simd build)', { timeout: 300_000 }, (t) =>
  play200(t, false, 'simd'),
);
