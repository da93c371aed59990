// The keyboard: with the AI off it moves, rotates (Up and X), holds (Shift and C) and hard-drops
// the piece on the page; a quick tap of the down arrow moves the piece a row; at game over the
// overlay's buttons take the focus a moment later and Enter and Space work them, and N, R and P
// start a new game, replay the seed and pause at any time; keys of the game that just ended (a
// last tap, a held key) do not act on its game-over screen.

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
  openElementPage,
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

/** Presses `key` and waits until the active piece's shape differs from `before`'s; the piece. */
async function pressAndRotate(page, key, before) {
  await page.keyboard.press(key);
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
  return active(page);
}

test(
  'the keyboard moves, rotates (Up, X), holds (Shift, C) and hard-drops a piece',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
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

      // ArrowUp, then X: each turns the piece clockwise, so its shape changes each time.
      for (const key of ['ArrowUp', 'x']) {
        before = after;
        after = await pressAndRotate(page, key, before);
        assert.equal(after.piece, before.piece, `${key}: rotating should keep the piece`);
        assert.notEqual(shape(after.cells), shape(before.cells), `${key} should rotate the piece`);
      }

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

      // C: hold is free again after a lock, and swaps the piece with the one held.
      before = await active(page);
      const held = (await page.evaluate(() => window.tetris.game.view())).hold;
      await page.keyboard.press('c');
      await waitForAsync(
        page,
        async (piece) => (await window.tetris.game.view()).hold === piece,
        before.piece,
        WAIT,
      );
      after = await active(page);
      assert.equal(after.piece, held, 'C should bring back the piece held');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

// ---- the element's keys ----

/** The element `#game`'s state: active cells' rows and columns, pieces, seed, paused, over. */
function element(page) {
  return page.evaluate(async () => {
    const el = document.querySelector('#game');
    const flat = Array.from(await el.game.activeCells());
    const stats = await el.game.stats();
    return {
      xs: flat.filter((_, i) => i % 2 === 0),
      ys: flat.filter((_, i) => i % 2 === 1),
      pieces: stats.pieces,
      over: stats.game_over,
      seed: el.seed,
      paused: el.paused,
      focused: el.shadowRoot.activeElement?.id ?? null,
      active: document.activeElement?.id ?? null,
    };
  });
}

/** Gives the element the keyboard with a click, and checks it has it. */
async function focusElement(page) {
  await page.locator('#game').click(WAIT);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'game');
}

/** Counts the element's `newgame` events from now on, in `window.newGames` (their seeds). */
function countNewGames(page) {
  return page.evaluate(() => {
    window.newGames = [];
    document
      .querySelector('#game')
      .addEventListener('newgame', (event) => window.newGames.push(event.detail.seed));
  });
}

/** Hard-drops with Space until the game is over (a 4x4 board fills in a few pieces). */
async function topOut(page) {
  for (let i = 0; i < 40; i++) {
    const now = await element(page);
    if (now.over) return now;
    await page.keyboard.press('Space');
    await waitForAsync(
      page,
      async (pieces) => {
        const stats = await document.querySelector('#game').game.stats();
        return stats.pieces > pieces || stats.game_over;
      },
      now.pieces,
      WAIT,
    );
  }
  throw new Error('the game did not end after 40 hard drops');
}

/** Waits until "New game" on the game-over screen has the focus (a moment after game over). */
function newGameFocused(page) {
  return page.waitForFunction(
    () => document.querySelector('#game').shadowRoot.activeElement?.id === 'overlay-new',
    null,
    WAIT,
  );
}

/** Waits until the element has started one more game than `count`; returns its seed. */
async function nextGame(page, count) {
  await page.waitForFunction((count) => window.newGames.length > count, count, WAIT);
  await waitForAsync(
    page,
    async () => {
      const el = document.querySelector('#game');
      const stats = await el.game.stats();
      return !stats.game_over && stats.pieces === 0;
    },
    null,
    WAIT,
  );
  return page.evaluate((count) => window.newGames[count], count);
}

const ELEMENT =
  '<tetris-ai id="game" controls="full" rules="guideline" seed="5" gravity="1000" lock-delay="1000"';

/** Opens a page with the element `ELEMENT` on a board of `board` ("10x20"). */
function openBoard(board) {
  return openElementPage(env.browser, env.server, `${ELEMENT} board="${board}"></tetris-ai>`);
}

test('a quick tap of the down arrow moves the piece one row', { timeout: 90_000 }, async () => {
  const opened = await openBoard('10x20');
  try {
    const { page } = opened;
    const fresh = await element(page);
    assert.equal(fresh.ys.length, 4, 'a piece falls');
    await focusElement(page);
    // Down and up at once: the key is released before the next frame runs.
    await page.keyboard.press('ArrowDown');
    const moved = await waitForAsync(
      page,
      async (top) => {
        const flat = Array.from(await document.querySelector('#game').game.activeCells());
        const ys = flat.filter((_, i) => i % 2 === 1);
        return Math.max(...ys) < top ? ys : null;
      },
      Math.max(...fresh.ys),
      { timeout: 3_000 },
    ).catch(() => null);
    assert.ok(moved, `the tap should move the piece down (rows ${fresh.ys} before, still there)`);
    assert.deepEqual(
      moved,
      fresh.ys.map((y) => y - 1),
      'one tap moves exactly one row',
    );
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('a key pressed as a new game starts plays in that game', { timeout: 90_000 }, async () => {
  const opened = await openBoard('10x20');
  try {
    const { page } = opened;
    await focusElement(page);
    // Space as the `newgame` event fires: before the page has drawn a frame of the new game.
    await page.evaluate(() => {
      const el = document.querySelector('#game');
      el.addEventListener(
        'newgame',
        () => {
          for (const type of ['keydown', 'keyup']) {
            el.dispatchEvent(new KeyboardEvent(type, { key: ' ', bubbles: true, composed: true }));
          }
        },
        { once: true },
      );
    });
    await page.keyboard.press('n');
    const stats = await waitForAsync(
      page,
      async () => {
        const stats = await document.querySelector('#game').game.stats();
        return stats.pieces > 0 ? stats : null;
      },
      null,
      WAIT,
    ).catch(() => null);
    assert.ok(stats, 'the hard drop pressed as the game started should lock its first piece');
    assert.equal(stats.pieces, 1, 'one key, one piece');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test(
  'at game over the buttons take the focus and the keys restart, replay and pause',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openBoard('4x4');
    try {
      const { page } = opened;
      await countNewGames(page);
      await focusElement(page);

      // Game over with the focus in the element: "New game" has it, and Enter works it.
      await topOut(page);
      await newGameFocused(page);
      const over = await element(page);
      assert.equal(over.active, 'game', 'the focus stays in the element');
      await page.keyboard.press('Enter');
      const entered = await nextGame(page, 0);
      assert.notEqual(entered, 5, 'Enter on "New game" starts a game with a new seed');
      const fresh = await element(page);
      assert.equal(fresh.active, 'game', 'the element keeps the focus after the new game');
      t.diagnostic(`Enter: seed 5 -> ${entered}`);

      // Space on "Replay this seed" replays it (and drops no piece).
      await topOut(page);
      await newGameFocused(page);
      await page.keyboard.press('Tab');
      assert.equal((await element(page)).focused, 'overlay-replay', 'Tab reaches "Replay"');
      await page.keyboard.press('Space');
      assert.equal(await nextGame(page, 1), entered, 'Space on "Replay" replays the seed');

      // R at game over replays the seed; N starts a new one; P starts a new one too.
      await topOut(page);
      await page.keyboard.press('r');
      assert.equal(await nextGame(page, 2), entered, 'R at game over replays the seed');
      await topOut(page);
      await page.keyboard.press('n');
      const renewed = await nextGame(page, 3);
      assert.notEqual(renewed, entered, 'N at game over starts a game with a new seed');
      await topOut(page);
      await newGameFocused(page); // P acts at game over once the game's last keys are past
      await page.keyboard.press('p');
      const resumed = await nextGame(page, 4);
      assert.notEqual(resumed, renewed, 'P at game over starts a game with a new seed');

      // During a game: P pauses and resumes, R replays the seed, N starts a new one.
      await page.keyboard.press('Space');
      await waitForAsync(
        page,
        async () => (await document.querySelector('#game').game.stats()).pieces === 1,
        null,
        WAIT,
      );
      await page.keyboard.press('p');
      assert.equal((await element(page)).paused, true, 'P pauses');
      await page.keyboard.press('p');
      assert.equal((await element(page)).paused, false, 'P resumes');
      await page.keyboard.press('r');
      assert.equal(await nextGame(page, 5), resumed, 'R replays the seed mid-game');
      await page.keyboard.press('n');
      assert.notEqual(await nextGame(page, 6), resumed, 'N starts a new seed mid-game');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'keys of the game that just ended do not act on its game-over screen',
  { timeout: 120_000 },
  async () => {
    const opened = await openBoard('4x4');
    try {
      const { page } = opened;
      await countNewGames(page);
      await focusElement(page);
      await topOut(page);
      await page.waitForFunction(
        () => !document.querySelector('#game').shadowRoot.querySelector('#overlay-actions').hidden,
        null,
        WAIT,
      );
      // A hard drop tapped once more as the game ends, Enter and P: had any of them started a
      // game, the worker would have reset it before it answers `element`.
      for (const key of ['Space', 'Enter', 'p']) {
        await page.keyboard.press(key);
        const now = await element(page);
        assert.equal(now.over, true, `${key} as the game ends should leave the game-over screen`);
      }
      // A hard drop held from the game: its repeats once "New game" has the focus, and its
      // release there, do nothing either.
      await page.keyboard.down('Space');
      await newGameFocused(page);
      await page.keyboard.down('Space'); // a repeat
      await page.keyboard.down('Space');
      await page.keyboard.up('Space');
      assert.equal((await element(page)).over, true, 'a held Space should not start a game');
      assert.deepEqual(await page.evaluate(() => window.newGames), [], 'no new game yet');
      // A fresh press on "New game" starts one.
      await page.keyboard.press('Space');
      assert.notEqual(await nextGame(page, 0), 5, 'Space on "New game" starts a new seed');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);
