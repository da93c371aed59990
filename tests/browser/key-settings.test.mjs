// The Keys settings, in Chromium: a button takes the next key pressed for its action, the game
// and both help lists follow, a key is taken from the action that had it unless that leaves the
// action no key (said in words), the keys are saved across a reload, "Reset keys" brings the
// defaults back, and saved keys that cannot be used are said and leave the defaults.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  setChecked,
  setValue,
  newGame,
  waitForAsync,
  waitReady,
  assertNoErrors,
  showPart,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };
const STORAGE_KEY = 'tetris-ai/keys/v1';

const env = serveAndBrowse({ isolation: true });

/** In the page: the shape of the active piece, its cells moved to the origin, as text. */
async function shapeNow() {
  const flat = Array.from(await window.tetris.game.activeCells());
  const cells = [];
  for (let i = 0; i < flat.length; i += 2) cells.push([flat[i], flat[i + 1]]);
  const minX = Math.min(...cells.map(([x]) => x));
  const minY = Math.min(...cells.map(([, y]) => y));
  return cells
    .map(([x, y]) => `${x - minX},${y - minY}`)
    .sort()
    .join(' ');
}

/** What the page shows of the keys: each button's text, the short list, the saved keys. */
function keysShown(page) {
  return page.evaluate((key) => {
    const buttons = [...document.querySelectorAll('#key-bindings button')];
    return {
      buttons: Object.fromEntries(buttons.map((b) => [b.dataset.action, b.textContent])),
      list: document.querySelector('#keys-list').innerHTML,
      help: document.querySelector('#game').shadowRoot.querySelector('#key-help').innerHTML,
      element: document.querySelector('#game').keys,
      saved: localStorage.getItem(key),
      error: document.querySelector('#keys-error').hidden
        ? ''
        : document.querySelector('#keys-error').textContent,
    };
  }, STORAGE_KEY);
}

/** Gives `action` the key `key` through its button. */
async function give(page, action, key) {
  await page.locator(`#key-bindings button[data-action="${action}"]`).click(WAIT);
  await page.keyboard.press(key);
}

test('a key given to an action plays, shows in the help and is saved', async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
  try {
    const { page } = opened;
    let shown = await keysShown(page);
    assert.equal(shown.buttons.cw, '↑ / X');
    assert.equal(shown.buttons.hard_drop, 'Space');
    await give(page, 'cw', 'w');
    shown = await keysShown(page);
    assert.equal(shown.buttons.cw, 'W');
    assert.deepEqual(shown.element, { cw: ['w'] });
    assert.equal(shown.saved, JSON.stringify({ cw: ['w'] }));
    assert.match(shown.list, /<li><kbd>W<\/kbd> rotate clockwise<\/li>/);
    assert.match(shown.help, /<li><kbd>W<\/kbd> rotate clockwise<\/li>/);

    // W turns the piece in a game played by hand; Up does no more.
    await setValue(page, '#rules', 'guideline');
    await setChecked(page, '#ai-enabled', false);
    await newGame(page);
    await waitForAsync(page, async () => (await window.tetris.game.activeCells()).length === 8);
    // The square looks the same turned: drop it (at most two in a row in a 7-bag).
    await page.locator('#game').focus();
    for (
      let i = 0;
      i < 3 && (await page.evaluate(() => window.tetris.game.view())).active.piece === 'O';
      i++
    ) {
      const pieces = (await page.evaluate(() => window.tetris.game.stats())).pieces;
      await page.keyboard.press('Space');
      await waitForAsync(page, async (n) => (await window.tetris.game.stats()).pieces > n, pieces);
    }
    const before = await page.evaluate(shapeNow);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(shapeNow), before, 'Up turns no more');
    await page.keyboard.press('w');
    const deadline = Date.now() + WAIT.timeout;
    while ((await page.evaluate(shapeNow)) === before) {
      assert.ok(Date.now() < deadline, 'W turns the piece');
      await page.waitForTimeout(50);
    }

    // Z is counter-clockwise's only key: it cannot go to hard drop, and nothing changes.
    await give(page, 'hard_drop', 'z');
    shown = await keysShown(page);
    assert.equal(
      shown.error,
      'Z is the only key to rotate counter-clockwise: give that another key first',
    );
    assert.equal(shown.buttons.hard_drop, 'Space');
    // Escape leaves a button as it was.
    await page.locator('#key-bindings button[data-action="hold"]').click(WAIT);
    assert.equal(
      await page.locator('#key-bindings button[data-action="hold"]').textContent(),
      'Press a key… (Esc: cancel)',
    );
    await page.keyboard.press('Escape');
    assert.equal((await keysShown(page)).buttons.hold, 'C / Shift');

    // Kept across a reload, then reset.
    await page.reload();
    await waitReady(page);
    await showPart(page, 'settings');
    shown = await keysShown(page);
    assert.equal(shown.buttons.cw, 'W');
    assert.deepEqual(shown.element, { cw: ['w'] });
    await page.locator('#keys-reset').click(WAIT);
    shown = await keysShown(page);
    assert.equal(shown.buttons.cw, '↑ / X');
    assert.deepEqual(shown.element, {});
    assert.equal(shown.saved, '{}');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('saved keys that cannot be used are said, and the defaults play', async () => {
  // A page of the page's origin that runs nothing, to store the keys in before the page.
  const opened = await openPage(env.browser, `${env.server.url}store.html`, {
    ready: false,
    html: '<!doctype html><title>store</title><link rel="icon" href="data:,">',
  });
  try {
    const { page } = opened;
    await page.evaluate((key) => localStorage.setItem(key, '{"cw": ["z"]}'), STORAGE_KEY);
    await page.goto(env.server.url, { waitUntil: 'load' });
    await waitReady(page);
    const shown = await keysShown(page);
    assert.equal(
      shown.error,
      'Your saved keys could not be used (Z is the key of both "cw" and "ccw"); the defaults play.',
    );
    assert.equal(shown.buttons.cw, '↑ / X');
    assert.deepEqual(shown.element, {});
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
