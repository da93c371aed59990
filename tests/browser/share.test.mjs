// Issue test 7: the share link replays the same game: opened in a fresh browser context it
// plays the same placements from the same seed, rules, board, depth and weights.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  setValue,
  setChecked,
  playFast,
  newGame,
  waitPieces,
  settle,
  waitForAsync,
  assertNoErrors,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };
const SEED = 987654321;
const PIECES = 40;

const env = serveAndBrowse({ isolation: true });

/** What defines the game a page plays, as its settings and its engine show it. */
function settings(page) {
  return page.evaluate(async () => {
    const value = (id) => document.querySelector(id).value;
    const view = await window.tetris.game.view();
    return {
      seed: value('#seed'),
      rules: value('#rules'),
      width: value('#board-width'),
      height: value('#board-height'),
      depth: value('#depth'),
      boardView: { width: view.width, height: view.height },
      weights: await window.tetris.game.weights(),
    };
  });
}

/**
 * Pauses and returns the placements so far, once the frames asked for before the pause have run
 * and the page has recorded what they placed.
 */
async function pauseAndRead(page) {
  await page.locator('#pause').click(WAIT);
  await page.waitForFunction(() => window.tetris.paused === true, null, WAIT);
  await settle(page);
  return page.evaluate(() => window.tetris.placements.slice());
}

test('a shared link replays the same game', { timeout: 300_000 }, async (t) => {
  const original = await openPage(env.browser, env.server.url);
  let replay;
  try {
    const { page } = original;
    await setValue(page, '#rules', 'guideline');
    await setValue(page, '#seed', SEED);
    await setValue(page, '#board-height', 22);
    try {
      await setValue(page, '#depth', 2);
    } catch (error) {
      t.diagnostic(`depth 2 not available: ${error.message}`);
    }
    await setValue(page, 'input[data-feature="holes"][data-field="weight"]', -6);
    // A fresh game from the seed, one piece a second until it is seen to start from nothing.
    await setChecked(page, '#ai-enabled', true);
    await setValue(page, '#ai-delay', -1);
    await setValue(page, '#fps', 1);
    await newGame(page);
    await waitForAsync(
      page,
      async () => {
        // Read as stats() is answered, when the page has heard of every earlier lock.
        const pieces = (await window.tetris.game.stats()).pieces;
        return pieces < 5 && window.tetris.placements.length === pieces;
      },
      null,
      WAIT,
    ).catch(async () => {
      const seen = await page.evaluate(async () => ({
        pieces: (await window.tetris.game.stats()).pieces,
        placements: window.tetris.placements.length,
      }));
      assert.fail(
        `a new game should start with no pieces and no placements, got ${JSON.stringify(seen)}`,
      );
    });
    await playFast(page);
    await waitPieces(page, PIECES, 120_000);
    const played = await pauseAndRead(page);
    const pieces = await page.evaluate(async () => (await window.tetris.game.stats()).pieces);
    assert.equal(
      played.length,
      pieces,
      'tetris.placements should hold one entry per piece of this game',
    );
    const wanted = await settings(page);
    const href = await page.locator('#share-link').evaluate((a) => a.href);
    t.diagnostic(`share link after ${played.length} pieces: ${href}`);
    assert.ok(new URL(href).hash.length > 1, 'the share link should carry the game in its hash');
    assertNoErrors(assert, original, 'the original page');

    replay = await openPage(env.browser, href);
    const got = await settings(replay.page);
    assert.deepEqual(got, wanted, 'the link should restore seed, rules, board, depth and weights');
    await playFast(replay.page);
    await waitPieces(replay.page, played.length, 120_000);
    const replayed = await pauseAndRead(replay.page);
    assert.ok(replayed.length >= played.length, `the replay has ${replayed.length} placements`);
    const differs = played.findIndex((p, i) => replayed[i] !== p);
    assert.equal(
      differs,
      -1,
      differs < 0
        ? ''
        : `placement ${differs} differs: ${played[differs]} then ${replayed[differs]}`,
    );
    t.diagnostic(`${played.length} placements replayed identically`);
    assertNoErrors(assert, replay, 'the replay');
  } finally {
    await replay?.close();
    await original.close();
  }
});
