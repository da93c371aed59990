// Handling, in Chromium: the settings `das`, `arr` and `softDrop` reach the engine, and a held
// move key moves the piece on the frames they say, counted by hand from the engine's rule (the
// press moves at once; the first repeat comes when the key has been held DAS frames, then one
// every ARR frames; ARR 0 goes straight to the wall). The page's fields change them live, and
// they are saved.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  setValue,
  settle,
  waitReady,
  assertNoErrors,
} from './harness.mjs';

const env = serveAndBrowse({ isolation: true });

/**
 * In the page: a game of `settings` played by hand, its piece's rightmost column after the press
 * of right and after each of `frames` frames with the key held, less the column it started in.
 */
function heldRight([settings, frames]) {
  return (async () => {
    const { createGame, gameConfig } = await import('./tetris-ai.js');
    const config = await gameConfig({ rules: 'guideline', seed: 5, gravity: 1000, ...settings });
    const game = await createGame(config);
    try {
      const right = async () =>
        Math.max(...Array.from(await game.activeCells()).filter((_, i) => i % 2 === 0));
      const start = await right();
      await game.press('right');
      const moved = [(await right()) - start];
      for (let frame = 1; frame <= frames; frame++) {
        await game.tick(1);
        moved.push((await right()) - start);
      }
      return { moved, handling: config.handling, start };
    } finally {
      game.close();
    }
  })();
}

test('a held key moves on the frames DAS and ARR say', async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    // DAS 5, ARR 2: the press, then frames 5 and 7 (every piece has 3 columns to its right).
    const slow = await page.evaluate(heldRight, [{ das: 5, arr: 2, softDrop: 4 }, 7]);
    assert.deepEqual(slow.handling, {
      das: 5,
      arr: 2,
      gravity: 1000,
      soft_drop: 4,
      lock_delay: 30,
    });
    assert.deepEqual(slow.moved, [1, 1, 1, 1, 1, 2, 2, 3]);
    // DAS 2, ARR 0: the press, then at frame 2 all the way to the wall (column 9).
    const fast = await page.evaluate(heldRight, [{ das: 2, arr: 0 }, 3]);
    const wall = 9 - fast.start;
    assert.deepEqual(fast.moved, [1, 1, wall, wall]);
    // A bad value is refused by name.
    const refused = await page.evaluate(() =>
      import('./tetris-ai.js')
        .then(({ gameConfig }) => gameConfig({ softDrop: 0 }))
        .then(
          () => 'accepted',
          (err) => err.message,
        ),
    );
    assert.equal(refused, 'settings.softDrop must be a whole number from 1 to 4294967295, got 0');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test("the page's handling fields apply to the game at once and are saved", async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    const seed = await page.evaluate(() => document.querySelector('#game').seed);
    await setValue(page, '#das', 7);
    await setValue(page, '#arr', 0);
    await setValue(page, '#soft-drop', 1);
    await settle(page);
    const applied = await page.evaluate(() => ({
      handling: document.querySelector('#game').configInPlay.handling,
      saved: JSON.parse(localStorage.getItem('tetris-ai/settings/v2')),
      seed: document.querySelector('#game').seed,
    }));
    assert.deepEqual(
      [applied.handling.das, applied.handling.arr, applied.handling.soft_drop],
      [7, 0, 1],
    );
    assert.deepEqual([applied.saved.das, applied.saved.arr, applied.saved.softDrop], [7, 0, 1]);
    assert.equal(applied.seed, seed, 'the same game goes on');
    await page.reload();
    await waitReady(page);
    assert.deepEqual(
      await page.evaluate(() =>
        ['#das', '#arr', '#soft-drop'].map((id) => document.querySelector(id).value),
      ),
      ['7', '0', '1'],
    );
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

/**
 * In the page: a guideline game with `kicks` played by hand, on the first seed whose first piece
 * is a T; its cells before and after the half-turn key, sorted.
 */
function halfTurned(kicks) {
  return (async () => {
    const { createGame, gameConfig } = await import('./tetris-ai.js');
    const sorted = (flat) =>
      Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i], flat[2 * i + 1]]).sort(
        (a, b) => a[0] - b[0] || a[1] - b[1],
      );
    for (let seed = 0; ; seed++) {
      const game = await createGame(await gameConfig({ rules: 'guideline', seed, kicks }));
      try {
        if ((await game.view()).active?.piece !== 'T') continue;
        const before = sorted(Array.from(await game.activeCells()));
        await game.press('half');
        await game.release('half');
        return { before, after: sorted(Array.from(await game.activeCells())) };
      } finally {
        game.close();
      }
    }
  })();
}

test('with SRS+ rotation chosen, A turns the piece half a turn; under SRS it does nothing', async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
  try {
    const { page } = opened;
    // The flat T at centre (4, 19): (3..=5, 19) and (4, 20); reversed in place, nub at (4, 18).
    const flat = [
      [3, 19],
      [4, 19],
      [4, 20],
      [5, 19],
    ];
    const reversed = [
      [3, 19],
      [4, 18],
      [4, 19],
      [5, 19],
    ];
    assert.deepEqual(await page.evaluate(halfTurned, 'srs_plus'), {
      before: flat,
      after: reversed,
    });
    assert.deepEqual(await page.evaluate(halfTurned, 'srs'), { before: flat, after: flat });
    // The Settings choice reaches the page's game, under the guideline rules only.
    await page.locator('#rules').selectOption('guideline');
    await page.locator('#kicks').selectOption('srs_plus');
    await page.waitForFunction(
      () => document.querySelector('#game').config?.rules.kicks === 'srs_plus',
    );
    await page.locator('#rules').selectOption('classic');
    await page.waitForFunction(() => document.querySelector('#kicks').disabled);
    // And the help names the key.
    assert.match(await page.locator('#game >> .help').innerHTML(), /<kbd>A<\/kbd> rotate 180°/);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
