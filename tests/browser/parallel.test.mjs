// "Parallelize AI" on the threaded build: automatic, on or off. Automatic by default: the page
// measures whether the pool is faster here at the depth in play (guideline rules from depth 2,
// where the lookahead runs on the pool; depth 1 never splits, and the note says so), measures
// again when the depth changes, and says beside the choice what it measured at which depth.
// On and off override the measurement, whose times stay in the note; each choice keeps the same
// game going, and automatic brings the measured choice back.

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
  assertNoErrors,
} from './harness.mjs';

// Pieces the AI must place after each choice.
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

/** Whether the game's search runs on the pool, as its element says. */
function inUse(page) {
  return page.evaluate(() => document.querySelector('#game').parallelState().on);
}

/**
 * Checks that the automatic choice follows the measurement the note gives: on exactly when the
 * pool measured faster (where the note's rounded times tell them apart), and that the note says
 * which search is in use. Returns whether the search runs on the pool.
 */
async function followsMeasurement(page, measured) {
  const on = await inUse(page);
  const [, parallelMs, sequentialMs] = measured.match(MEASURED).map(Number);
  assert.ok(parallelMs > 0 && sequentialMs > 0, `both times should be measured: ${measured}`);
  if (parallelMs !== sequentialMs) {
    assert.equal(on, parallelMs < sequentialMs, `the automatic choice should follow: ${measured}`);
  }
  assert.match(measured, on ? /^On\b/ : /^Off\b/, 'the note should say which search is in use');
  return on;
}

test(
  'Parallelize AI offers automatic, on and off, keeps the AI playing, and keeps its times',
  { timeout: 300_000 },
  async (t) => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = opened;
      assert.equal((await page.locator('#engine-kind').textContent()).trim(), 'threaded');
      const choice = page.locator('#parallel');
      assert.equal(await choice.isEnabled(), true, '#parallel is enabled on the threaded build');
      assert.deepEqual(
        await choice.locator('option').evaluateAll((options) => options.map((o) => o.value)),
        ['auto', 'on', 'off'],
      );
      assert.equal(await choice.inputValue(), 'auto', 'automatic by default');
      // Depth 1 has nothing to split, and the note says so.
      await setValue(page, '#depth', 1);
      assert.match(await page.locator('#parallel-note').textContent(), /depth 1 never splits/);

      await setValue(page, '#rules', 'guideline');
      await setValue(page, '#depth', 2);
      await newGame(page);
      await playFast(page);
      await waitPieces(page, 5, 60_000);
      // The automatic choice follows a measurement at the depth in play, made again at a new
      // depth (without a new game).
      const atTwo = await calibrated(page, 2);
      t.diagnostic(`#parallel-note at depth 2: ${atTwo}`);
      await followsMeasurement(page, atTwo);
      const game = await page.evaluate(() => window.tetris.placements[0]);
      await setValue(page, '#depth', 3);
      const measured = await calibrated(page, 3);
      t.diagnostic(`#parallel-note at depth 3: ${measured}`);
      const automatic = await followsMeasurement(page, measured);
      assert.equal(
        await page.evaluate(() => window.tetris.placements[0]),
        game,
        'a new depth keeps the game going',
      );
      // The game's opening, to tell that the choices keep this game rather than start another.
      const opening = await page.evaluate(() => window.tetris.placements.slice(0, 5));
      assert.equal(opening.length, 5);
      // On and off by choice, each saved, and back to the automatic one, which the note gives
      // again: the measured times stay in the note whatever is chosen.
      for (const [chosen, on, saved] of [
        ['on', true, 'on'],
        ['off', false, 'off'],
        ['auto', automatic, 'auto'],
      ]) {
        await setValue(page, '#parallel', chosen);
        assert.equal(await inUse(page), on, `${chosen}: the search in use`);
        const why = ((await page.locator('#parallel-note').textContent()) || '').trim();
        if (chosen === 'auto') {
          assert.equal(why, measured, 'automatic: the measurement decides again');
        } else {
          assert.match(why, on ? /^On: your choice/ : /^Off: your choice/);
          assert.deepEqual(
            why.match(MEASURED)?.slice(1),
            measured.match(MEASURED).slice(1),
            `${chosen}: the note keeps the times measured (${why})`,
          );
        }
        assert.equal(
          await page.evaluate(
            () => JSON.parse(localStorage.getItem('tetris-ai/settings/v2')).parallel,
          ),
          saved,
          `${chosen} is saved`,
        );
        const from = await readNumber(page, '#stat-pieces');
        const started = Date.now();
        const reached = await waitPieces(page, from + MORE, 120_000);
        t.diagnostic(`${chosen}: ${from} -> ${reached} pieces in ${Date.now() - started} ms`);
        const now = await page.evaluate(async () => ({
          stats: await window.tetris.game.stats(),
          opening: window.tetris.placements.slice(0, 5),
        }));
        assert.equal(now.stats.game_over, false, 'the game should still be running');
        assert.ok(
          now.stats.pieces >= reached,
          `stats().pieces ${now.stats.pieces} fell below ${reached}`,
        );
        assert.deepEqual(now.opening, opening, 'a choice should keep the same game going');
      }
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);
