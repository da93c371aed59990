// Issue test 3: toggling "Parallelize AI" keeps the AI playing, in both directions, on the
// threaded build (guideline rules at depth 2, where the lookahead runs on the pool). By default
// the page measures whether the pool is faster here at the depth in play, measures again when
// the depth changes, and says beside the switch what it measured at which depth; the user's
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

/**
 * The note beside the switch, once the page has measured both searches on this machine at
 * `depth` (the note names the depth).
 */
async function calibrated(page, depth) {
  const note = page.locator('#parallel-note');
  const wanted = new RegExp(`\\bdepth ${depth}\\b.*${MEASURED.source}`);
  try {
    await page.waitForFunction(
      (source) => new RegExp(source).test(document.querySelector('#parallel-note').textContent),
      wanted.source,
      { timeout: CALIBRATION },
    );
  } catch (error) {
    const shown = JSON.stringify(await note.textContent());
    throw new Error(
      `#parallel-note never gave the measurement at depth ${depth} (it says ${shown}): ${error.message}`,
    );
  }
  return ((await note.textContent()) || '').trim();
}

/**
 * Checks that the automatic choice follows the measurement the note gives: on exactly when the
 * pool measured faster (where the note's rounded times tell them apart), and that the note says
 * which search is in use. Returns whether the switch is on.
 */
async function followsMeasurement(page, measured) {
  const on = await page.locator('#parallel').isChecked();
  const [, parallelMs, sequentialMs] = measured.match(MEASURED).map(Number);
  assert.ok(parallelMs > 0 && sequentialMs > 0, `both times should be measured: ${measured}`);
  if (parallelMs !== sequentialMs) {
    assert.equal(on, parallelMs < sequentialMs, `the automatic choice should follow: ${measured}`);
  }
  assert.match(measured, on ? /^On\b/ : /^Off\b/, 'the note should say which search is in use');
  return on;
}

test('toggling Parallelize AI keeps the AI playing', { timeout: 300_000 }, async (t) => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    assert.equal((await page.locator('#engine-kind').textContent()).trim(), 'threaded');
    await setValue(page, '#rules', 'guideline');
    await setValue(page, '#depth', 2);
    await newGame(page);
    await playFast(page);
    await waitPieces(page, 5, 60_000);

    const parallel = page.locator('#parallel');
    assert.equal(
      await parallel.isEnabled(),
      true,
      '#parallel should be enabled on the threaded build',
    );
    // The automatic choice follows a measurement at the depth in play, made again at a new
    // depth (without a new game).
    const atTwo = await calibrated(page, 2);
    t.diagnostic(`#parallel-note at depth 2: ${atTwo}`);
    await followsMeasurement(page, atTwo);
    const game = await page.evaluate(() => window.tetris.placements[0]);
    await setValue(page, '#depth', 3);
    const measured = await calibrated(page, 3);
    t.diagnostic(`#parallel-note at depth 3: ${measured}`);
    const initially = await followsMeasurement(page, measured);
    assert.equal(
      await page.evaluate(() => window.tetris.placements[0]),
      game,
      'a new depth keeps the game going',
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
