// Replays on the page, in Chromium: a game played by hand, once recorded in the history, opens in
// the replay viewer from its row (by click and by keyboard); stepping forward and back (buttons,
// arrow keys, slider) shows the cells the game had at each placement, with the coach's rating of
// each move; a game played to its end replays every piece and ends in its game over; the replay's share link copies itself and opens it; its file saves and opens again,
// and a bad file is refused in words. The AI's game is kept by its seed and replays from it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  assertNoErrors,
  catchFileChoosers,
  newGame,
  openPage,
  playFast,
  serveAndBrowse,
  setValue,
  waitForAsync,
  waitPieces,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };
/** The keys of each piece placed by hand: moved, then dropped. */
const PIECES = [
  ['Space'],
  ['ArrowLeft', 'Space'],
  ['ArrowRight', 'ArrowRight', 'Space'],
  ['Space'],
];

const env = serveAndBrowse({ isolation: true });

/**
 * In the page: what the replay viewer shows (`{index, count, cells, lines, rating, slider}`), or
 * null while it is closed.
 */
function replayShown(page) {
  return page.evaluate(() => {
    const frame = window.tetris.replay;
    if (!frame || !document.querySelector('#replay').open) return null;
    return {
      index: frame.index,
      count: frame.count,
      cells: frame.view.cells,
      lines: frame.view.stats.lines,
      rating: document.querySelector('#replay-rating').textContent,
      slider: Number(document.querySelector('#replay-slider').value),
    };
  });
}

/** Waits until the viewer shows placement `index`; resolves to what it shows. */
function shownAt(page, index) {
  return waitForAsync(
    page,
    (index) => (window.tetris.replay?.index === index ? true : null),
    index,
  ).then(() => replayShown(page));
}

/**
 * Plays `PIECES` by hand from a fresh page's game: the cells after each placement (the first
 * before any), then starts a new game, which records this one in the history.
 */
async function playByHand(page) {
  await page.locator('#play-yourself').click(WAIT);
  await page.waitForFunction(() => document.querySelector('#game').autoplay === false);
  // A new game, played by hand from its first piece (the AI may have placed one meanwhile).
  await page.locator('#game').focus();
  await page.keyboard.press('n');
  await waitForAsync(page, async () => (await window.tetris.game.stats()).pieces === 0);
  await waitForAsync(page, () => window.tetris.placements.length === 0);
  const cells = [await page.evaluate(async () => Array.from(await window.tetris.game.cells()))];
  for (const [i, keys] of PIECES.entries()) {
    await page.locator('#game').focus();
    for (const key of keys) await page.keyboard.press(key);
    await waitForAsync(page, (n) => window.tetris.placements.length === n, i + 1);
    cells.push(await page.evaluate(async () => Array.from(await window.tetris.game.cells())));
  }
  // The recording follows the pieces; then a new game records this one.
  await page.waitForTimeout(300);
  await page.keyboard.press('n');
  await waitForAsync(page, () => {
    const games = JSON.parse(localStorage.getItem('tetris-ai/history/v1') || '[]');
    return games.at(-1)?.replay?.moves ? true : null;
  });
  return cells;
}

test('a game played by hand replays from its history row, forward and back', async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  try {
    const cells = await playByHand(page);
    const row = page.locator('#history-body tr').first();
    await row.click(WAIT);
    let shown = await shownAt(page, 0);
    assert.equal(shown.count, PIECES.length);
    assert.deepEqual(shown.cells, cells[0]);
    assert.match(
      shown.rating,
      /^Piece 1 \([IOTSZJL](, after hold)?\) goes where outlined: \d+(st|nd|rd|th) of/,
    );
    // Forward with the arrow key and the button, to the end.
    for (let i = 1; i <= PIECES.length; i++) {
      if (i % 2) await page.keyboard.press('ArrowRight');
      else await page.locator('#replay-forward').click(WAIT);
      shown = await shownAt(page, i);
      assert.deepEqual(shown.cells, cells[i], `placement ${i}`);
      assert.equal(shown.slider, i);
    }
    assert.equal(shown.rating, '', 'no move is made from the end');
    assert.ok(await page.locator('#replay-forward').isDisabled());
    // Back, by the arrow key and the slider.
    await page.keyboard.press('ArrowLeft');
    shown = await shownAt(page, PIECES.length - 1);
    assert.deepEqual(shown.cells, cells[PIECES.length - 1]);
    await page.locator('#replay-slider').fill('1');
    shown = await shownAt(page, 1);
    assert.deepEqual(shown.cells, cells[1]);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#replay').open);
    // The row is reached by keyboard, and opens with Enter.
    await row.focus();
    await page.keyboard.press('Enter');
    shown = await shownAt(page, 0);
    assert.deepEqual(shown.cells, cells[0]);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('a game played by hand to its end replays every piece, the last one ending it', async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  try {
    await setValue(page, '#board-height', 8);
    await page.locator('#play-yourself').click(WAIT);
    await page.waitForFunction(() => document.querySelector('#game').autoplay === false);
    await page.locator('#game').focus();
    await page.keyboard.press('n');
    await waitForAsync(page, async () => (await window.tetris.game.stats()).pieces === 0);
    // Hard drops in the middle until the stack tops out, as fast as the pieces come.
    let stats = await page.evaluate(() => window.tetris.game.stats());
    while (!stats.game_over) {
      assert.ok(stats.pieces < 40, 'an 8-row board tops out within 40 dropped pieces');
      await page.keyboard.press('Space');
      stats = await waitForAsync(
        page,
        async (pieces) => {
          const now = await window.tetris.game.stats();
          return now.pieces > pieces || now.game_over ? now : null;
        },
        stats.pieces,
      );
    }
    // The history keeps the game with every piece, the one that ended it too.
    const saved = await waitForAsync(
      page,
      (pieces) => {
        const games = JSON.parse(localStorage.getItem('tetris-ai/history/v1') || '[]');
        const last = games.at(-1);
        return last?.ended === 'over' && last.replay?.pieces === pieces ? last : null;
      },
      stats.pieces,
    );
    assert.equal(saved.pieces, stats.pieces);
    await page.locator('#history-body tr').first().click(WAIT);
    assert.equal((await shownAt(page, 0)).count, stats.pieces);
    await page.locator('#replay-last').click(WAIT);
    const end = await shownAt(page, stats.pieces);
    assert.equal(end.lines, stats.lines);
    assert.equal(
      await page.evaluate(() => window.tetris.replay.view.stats.game_over),
      true,
      'the last frame is the game over',
    );
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test("a replay's share link and its file open it again; a bad file is refused", async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  try {
    const cells = await playByHand(page);
    await page.locator('#history-body tr').first().click(WAIT);
    await shownAt(page, 0);
    const link = await page.locator('#replay-link').getAttribute('href');
    assert.match(link, /#rz=[A-Za-z0-9_-]+$/);
    // A click copies the link, and leaves the replay open.
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(env.server.url).origin,
    });
    await page.locator('#replay-link').click(WAIT);
    await page.locator('#replay-link-status').getByText('Copied').waitFor(WAIT);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    assert.ok(await page.evaluate(() => document.querySelector('#replay').open));
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.locator('#replay-save').click(WAIT),
    ]);
    const text = await readFile(await download.path(), 'utf8');
    assert.match(download.suggestedFilename(), /^tetris-ai-replay-seed-\d+\.json$/);
    assert.equal(JSON.parse(text).pieces, PIECES.length);

    const shared = await openPage(env.browser, link);
    try {
      const shown = await shownAt(shared.page, 0);
      assert.equal(shown.count, PIECES.length);
      await shared.page.locator('#replay-last').click(WAIT);
      assert.deepEqual((await shownAt(shared.page, PIECES.length)).cells, cells.at(-1));
      assertNoErrors(assert, shared, 'the shared replay');
    } finally {
      await shared.close();
    }

    await page.keyboard.press('Escape');
    const chooser = catchFileChoosers(page);
    await page.locator('#replay-open').click(WAIT);
    await (
      await chooser()
    ).setFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.locator('#replay-last').click(WAIT);
    assert.deepEqual((await shownAt(page, PIECES.length)).cells, cells.at(-1));
    await page.keyboard.press('Escape');

    await page.locator('#replay-open').click(WAIT);
    const bad = JSON.stringify({ ...JSON.parse(text), moves: 'gY' });
    await (
      await chooser()
    ).setFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    await waitForAsync(page, () => !document.querySelector('#replay-open-error').hidden);
    assert.equal(
      await page.locator('#replay-open-error').textContent(),
      'The file bad.json is not a replay this page can open: move 1 is cut short: the moves ' +
        'are damaged or incomplete.',
    );
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test("the AI's game is kept by its seed and replays from it to as many pieces", async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  try {
    await playFast(page);
    await waitPieces(page, 30);
    await newGame(page);
    const saved = await waitForAsync(page, () => {
      const games = JSON.parse(localStorage.getItem('tetris-ai/history/v1') || '[]');
      return games.at(-1)?.replay ? games.at(-1) : null;
    });
    assert.equal(saved.player, 'AI');
    assert.equal(saved.replay.moves, null, 'no moves: the seed plays it again');
    assert.equal(saved.replay.pieces, saved.pieces);
    assert.ok(saved.pieces >= 30);
    await page.locator('#history-body tr').first().click(WAIT);
    const shown = await shownAt(page, 0);
    assert.equal(shown.count, saved.pieces);
    // The replay writes every move for its file (and its link, where the game is short enough:
    // the AI may place many pieces before the new game starts).
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.locator('#replay-save').click(WAIT),
    ]);
    const text = await readFile(await download.path(), 'utf8');
    assert.equal(typeof JSON.parse(text).moves, 'string');
    await page.locator('#replay-last').click(WAIT);
    const end = await shownAt(page, saved.pieces);
    assert.equal(end.lines, saved.lines, 'the game replayed clears the lines it cleared');
    assert.equal(end.rating, '');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
