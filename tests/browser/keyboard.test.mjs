// Issue test 4: with the AI off, the keyboard moves, rotates, holds and hard-drops the piece.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  setValue,
  setChecked,
  newGame,
  readNumber,
  waitForAsync,
  assertNoErrors,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };

const env = serveAndBrowse({ isolation: true });

/** The active piece: its kind and cells as [[x, y], ...]. */
function active(page) {
  return page.evaluate(async () => {
    const flat = Array.from(await window.tetris.game.activeCells());
    const cells = [];
    for (let i = 0; i < flat.length; i += 2) {
      cells.push([flat[i], flat[i + 1]]);
    }
    const view = await window.tetris.game.view();
    return { piece: view.active ? view.active.piece : null, hold: view.hold ?? null, cells };
  });
}

/** The cells moved to the origin and sorted: the piece's shape wherever it is. */
function shape(cells) {
  const minX = Math.min(...cells.map(([x]) => x));
  const minY = Math.min(...cells.map(([, y]) => y));
  return cells
    .map(([x, y]) => [x - minX, y - minY])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([x, y]) => `${x},${y}`)
    .join(' ');
}

/**
 * The game's counts: pieces, lines, filled cells of the board, width, and the placements the
 * page has recorded (read as `stats()` is answered, when the page has heard of every lock the
 * worker made before it).
 */
function counts(page) {
  return page.evaluate(async () => {
    const game = window.tetris.game;
    const stats = await game.stats();
    const placements = window.tetris.placements.length;
    const cells = await game.cells();
    const view = await game.view();
    return {
      pieces: stats.pieces,
      lines: stats.lines,
      filled: Array.from(cells).filter((c) => c !== 0).length,
      width: view.width,
      placements,
    };
  });
}

/** Waits until the active cells differ from `before`. */
async function waitMoved(page, before) {
  await waitForAsync(
    page,
    async (before) => JSON.stringify(Array.from(await window.tetris.game.activeCells())) !== before,
    JSON.stringify(before.cells.flat()),
    WAIT,
  );
}

/** Gives the keyboard to the game (its `<tetris-ai>` element, by a click), not to a settings control. */
async function focusGame(page) {
  await page.evaluate(
    () => document.activeElement && document.activeElement.blur && document.activeElement.blur(),
  );
  await page.locator('#board').click(WAIT);
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
  assert.equal(focused, 'game', 'a click on the board should give the game the keyboard');
}

/** Hard-drops with Space and waits until the piece has locked. */
async function hardDrop(page) {
  const before = await counts(page);
  await page.keyboard.press('Space');
  await waitForAsync(
    page,
    async (pieces) => (await window.tetris.game.stats()).pieces > pieces,
    before.pieces,
    WAIT,
  );
  return before;
}

test(
  'the keyboard moves, rotates, holds and hard-drops a piece',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openPage(env.browser, env.server.url);
    try {
      const { page } = opened;
      await setValue(page, '#rules', 'guideline'); // hold needs the guideline rules
      await setChecked(page, '#ai-enabled', false);
      await newGame(page);
      // A fresh game with the AI off: nothing locked yet, a piece falling.
      await waitForAsync(
        page,
        async () => {
          const game = window.tetris.game;
          return (await game.stats()).pieces === 0 && (await game.activeCells()).length === 8;
        },
        null,
        WAIT,
      );
      await focusGame(page);

      // The square looks the same rotated: drop it (at most two in a row in a 7-bag).
      for (let i = 0; i < 3 && (await active(page)).piece === 'O'; i++) {
        await hardDrop(page);
      }
      let before = await active(page);
      assert.notEqual(before.piece, 'O');
      t.diagnostic(`piece ${before.piece} at ${JSON.stringify(before.cells)}`);

      // ArrowLeft: every cell one column left (gravity may move it down meanwhile).
      await page.keyboard.press('ArrowLeft');
      await waitForAsync(
        page,
        async (xs) => {
          const flat = Array.from(await window.tetris.game.activeCells());
          return flat.length === 8 && flat.filter((_, i) => i % 2 === 0).join() !== xs;
        },
        before.cells.map(([x]) => x).join(),
        WAIT,
      );
      let after = await active(page);
      assert.equal(after.piece, before.piece);
      assert.deepEqual(
        after.cells.map(([x]) => x),
        before.cells.map(([x]) => x - 1),
        'ArrowLeft should shift the piece one column left',
      );
      assert.equal(shape(after.cells), shape(before.cells), 'moving should keep the shape');

      // ArrowUp: the piece turns, so its shape changes.
      before = after;
      await page.keyboard.press('ArrowUp');
      await waitForAsync(
        page,
        async ([shapeBefore]) => {
          const flat = Array.from(await window.tetris.game.activeCells());
          const cells = [];
          for (let i = 0; i < flat.length; i += 2) cells.push([flat[i], flat[i + 1]]);
          const minX = Math.min(...cells.map(([x]) => x));
          const minY = Math.min(...cells.map(([, y]) => y));
          const now = cells
            .map(([x, y]) => [x - minX, y - minY])
            .sort((a, b) => a[0] - b[0] || a[1] - b[1])
            .map(([x, y]) => `${x},${y}`)
            .join(' ');
          return cells.length === 4 && now !== shapeBefore;
        },
        [shape(before.cells)],
        WAIT,
      );
      after = await active(page);
      assert.equal(after.piece, before.piece, 'rotating should keep the piece');
      assert.notEqual(shape(after.cells), shape(before.cells), 'ArrowUp should rotate the piece');

      // Shift: the piece goes to the hold slot.
      before = after;
      assert.equal(before.hold, null, 'the hold slot should start empty');
      await page.keyboard.press('Shift');
      await waitForAsync(
        page,
        async () => (await window.tetris.game.view()).hold != null,
        null,
        WAIT,
      );
      after = await active(page);
      assert.equal(after.hold, before.piece, 'Shift should put the active piece in the hold slot');
      assert.equal(after.cells.length, 4, 'a new piece should be active after holding');

      // Space: the piece locks, one more piece, four more cells (less the cleared rows).
      const locked = await hardDrop(page);
      await page.waitForFunction(
        (pieces) => {
          const shown = document
            .querySelector('tetris-ai')
            .shadowRoot.querySelector('#stat-pieces');
          const text = shown.textContent.replace(/[^0-9]/g, '');
          return Number(text) === pieces;
        },
        locked.pieces + 1,
        WAIT,
      );
      const now = await counts(page);
      assert.equal(now.pieces, locked.pieces + 1, 'Space should lock exactly one piece');
      assert.equal(await readNumber(page, '#stat-pieces'), locked.pieces + 1, '#stat-pieces');
      assert.equal(
        now.filled,
        locked.filled + 4 - now.width * (now.lines - locked.lines),
        `the board should hold 4 more cells (less ${now.lines - locked.lines} cleared rows)`,
      );
      assert.equal(
        now.placements,
        locked.placements + 1,
        'tetris.placements should record the placement',
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);
