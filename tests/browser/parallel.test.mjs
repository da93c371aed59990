// Issue test 3: toggling "Parallelize AI" keeps the AI playing, in both directions, on the
// threaded build (guideline rules at depth 2, where the lookahead runs on the pool). By default
// the page measures whether the pool is faster here and says so beside the switch; the user's
// toggles override that and keep the same game going.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  setValue,
  playFast,
  newGame,
  waitPieces,
  readNumber,
  settle,
  assertNoErrors,
} from './harness.mjs';

// Pieces the AI must place after each toggle.
const MORE = 20;

const env = serveAndBrowse({ isolation: true });

// How long the page may take to measure the pool against one thread.
const CALIBRATION = 120_000;

// The measurement as `#parallel-note` gives it: the two medians in ms.
const MEASURED = /([0-9.]+) ms parallel\D+([0-9.]+) ms sequential/;

/** The note beside the switch, once the page has measured both searches on this machine. */
async function calibrated(page) {
  const note = page.locator('#parallel-note');
  try {
    await page.waitForFunction(
      (source) => new RegExp(source).test(document.querySelector('#parallel-note').textContent),
      MEASURED.source,
      { timeout: CALIBRATION },
    );
  } catch (error) {
    const shown = JSON.stringify(await note.textContent());
    throw new Error(
      `#parallel-note never gave the measurement (it says ${shown}): ${error.message}`,
    );
  }
  return ((await note.textContent()) || '').trim();
}

test('toggling Parallelize AI keeps the AI playing', { timeout: 300_000 }, async (t) => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    assert.equal((await page.locator('#engine-kind').textContent()).trim(), 'threaded');
    await setValue(page, '#rules', 'guideline');
    try {
      await setValue(page, '#depth', 2);
    } catch (error) {
      t.diagnostic(`depth 2 not available, playing at the default depth: ${error.message}`);
    }
    await newGame(page);
    await playFast(page);
    await waitPieces(page, 5, 60_000);

    const parallel = page.locator('#parallel');
    assert.equal(
      await parallel.isEnabled(),
      true,
      '#parallel should be enabled on the threaded build',
    );
    // The automatic choice: on exactly when the pool measured faster (where the note's
    // rounded times tell them apart).
    const measured = await calibrated(page);
    t.diagnostic(`#parallel-note: ${measured}`);
    const initially = await parallel.isChecked();
    const [, parallelMs, sequentialMs] = measured.match(MEASURED).map(Number);
    if (parallelMs !== sequentialMs) {
      assert.equal(
        initially,
        parallelMs < sequentialMs,
        `the automatic choice should follow: ${measured}`,
      );
    }
    assert.match(
      measured,
      initially ? /^On\b/ : /^Off\b/,
      'the note should say which search is in use',
    );
    // The game's opening, to tell that the toggles keep this game rather than start another.
    const opening = await page.evaluate(() => window.tetris.placements.slice(0, 5));
    assert.equal(opening.length, 5);
    // Off -> on and on -> off, whatever the page starts with, then once more.
    for (const checked of [!initially, initially, !initially]) {
      await parallel.setChecked(checked, { timeout: 10_000 });
      await settle(page);
      assert.equal(await parallel.isChecked(), checked);
      const why = ((await page.locator('#parallel-note').textContent()) || '').trim();
      assert.match(
        why,
        checked ? /^On\b/ : /^Off\b/,
        '#parallel-note should say which search is in use',
      );
      assert.notEqual(
        why,
        measured,
        '#parallel-note should say the user chose, not the measurement',
      );
      const from = await readNumber(page, '#stat-pieces');
      const started = Date.now();
      const reached = await waitPieces(page, from + MORE, 120_000);
      t.diagnostic(
        `parallel ${checked ? 'on' : 'off'}: ${from} -> ${reached} pieces in ${Date.now() - started} ms`,
      );
      const now = await page.evaluate(async () => ({
        stats: await window.tetris.game.stats(),
        opening: window.tetris.placements.slice(0, 5),
      }));
      assert.equal(now.stats.game_over, false, 'the game should still be running');
      assert.ok(
        now.stats.pieces >= reached,
        `stats().pieces ${now.stats.pieces} fell below ${reached}`,
      );
      assert.deepEqual(now.opening, opening, 'toggling should keep the same game going');
    }
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
