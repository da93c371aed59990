// The help and the legend: the "?" button and the ? key open an overlay of the keys, the touch
// gestures and the legend, pausing a running game; Escape, the Close button or ? close it and
// the game goes on (a game paused before stays paused); on a phone it fits its box, Close in
// sight, the touch gestures first. The legend under the board names the AI's target, the ghost
// and the hints beside swatches drawn as the board draws them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openElementPage, openPage, assertNoErrors } from './harness.mjs';

const WAIT = { timeout: 10_000 };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const env = serveAndBrowse({ isolation: false });

const GAME =
  '<tetris-ai id="game" controls="full" autoplay ai-delay="-1" fps="20" board="10x20" seed="2"></tetris-ai>';

/** Whether the help shows, whether the game is paused, and the pieces placed. */
function state(page) {
  return page.evaluate(async () => {
    const el = document.querySelector('#game');
    return {
      help: el.shadowRoot.querySelector('#help').checkVisibility(),
      paused: el.paused,
      pieces: (await el.game.stats()).pieces,
    };
  });
}

/** Pieces placed over `ms`, once the frames asked for so far have run. */
async function placedOver(page, ms) {
  const from = (await state(page)).pieces;
  await sleep(ms);
  return (await state(page)).pieces - from;
}

test(
  'the ? button and key open the help, which pauses; Escape and Close resume',
  { timeout: 90_000 },
  async () => {
    const opened = await openElementPage(env.browser, env.server, GAME);
    try {
      const { page } = opened;
      const game = page.locator('#game');
      assert.equal((await state(page)).help, false, 'the help starts closed');
      assert.ok((await placedOver(page, 600)) > 0, 'the AI plays');

      // The button opens it: the keys, the gestures and the legend, and the game waits.
      await game.locator('#help-button').click(WAIT);
      let now = await state(page);
      assert.deepEqual([now.help, now.paused], [true, true], 'the help shows and the game pauses');
      const text = await game.locator('#help').innerText();
      for (const words of [
        'move',
        'rotate clockwise',
        'rotate counter-clockwise',
        'soft drop',
        'hard drop',
        'hold',
        'pause',
        'new game',
        'replay this seed',
        'Space',
        'Shift',
        'swipe left or right to move',
        'tap to rotate',
        'swipe down to drop',
        'swipe up to hold',
        'AI target',
        'ghost (where your piece lands)',
        "hints (the AI's next best spots)",
      ]) {
        assert.ok(text.includes(words), `the help should say "${words}":\n${text}`);
      }
      await sleep(200);
      assert.equal(await placedOver(page, 600), 0, 'no piece is placed while the help is open');
      assert.equal(
        await page.evaluate(() => document.querySelector('#game').shadowRoot.activeElement?.id),
        'help-close',
        'the focus goes to Close',
      );
      await page.keyboard.press('Escape');
      now = await state(page);
      assert.deepEqual(
        [now.help, now.paused],
        [false, false],
        'Escape closes it and the game goes on',
      );
      assert.ok((await placedOver(page, 600)) > 0, 'the AI plays again');

      // The ? key opens it (with the element focused), Close closes it.
      await page.keyboard.press('?');
      assert.deepEqual(
        Object.values(await state(page)).slice(0, 2),
        [true, true],
        '? opens the help',
      );
      await game.locator('#help-close').click(WAIT);
      assert.deepEqual(
        Object.values(await state(page)).slice(0, 2),
        [false, false],
        'Close closes it',
      );

      // A game paused before the help stays paused after it; ? toggles.
      await page.keyboard.press('p');
      await page.keyboard.press('?');
      assert.equal((await state(page)).help, true);
      await page.keyboard.press('?');
      now = await state(page);
      assert.deepEqual([now.help, now.paused], [false, true], 'a paused game stays paused');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'the legend under the board names the target, the ghost and the hints',
  { timeout: 90_000 },
  async () => {
    const opened = await openElementPage(
      env.browser,
      env.server,
      `${GAME}<tetris-ai id="keys-only" controls="play"></tetris-ai><tetris-ai id="bare" controls="none"></tetris-ai>`,
    );
    try {
      const { page } = opened;
      const legend = page.locator('#game').locator('#legend');
      assert.equal(await legend.isVisible(), true, 'controls="full" shows the legend');
      const entries = await legend.evaluate((list) =>
        [...list.querySelectorAll('li')].map((item) => {
          const swatch = getComputedStyle(item.querySelector('.swatch'));
          const box = item.getBoundingClientRect();
          return {
            text: item.textContent.trim(),
            border: swatch.borderTopStyle,
            fontSize: parseFloat(getComputedStyle(item).fontSize),
            visible: box.width > 0 && box.height > 0,
          };
        }),
      );
      assert.deepEqual(
        entries.map(({ text, border }) => [text, border]),
        [
          ['AI target', 'dashed'],
          ['ghost (where your piece lands)', 'solid'],
          ["hints (the AI's next best spots)", 'dotted'],
        ],
      );
      for (const entry of entries) {
        assert.ok(
          entry.visible && entry.fontSize >= 11,
          `"${entry.text}" is readable: ${JSON.stringify(entry)}`,
        );
      }
      // Under the board, not over it.
      const [board, under] = await page.evaluate(() =>
        ['#board', '#legend'].map((id) => {
          const r = document
            .querySelector('#game')
            .shadowRoot.querySelector(id)
            .getBoundingClientRect();
          return { top: r.top, bottom: r.bottom };
        }),
      );
      assert.ok(
        under.top >= board.bottom,
        `the legend ${JSON.stringify(under)} is under the board ${JSON.stringify(board)}`,
      );
      assert.equal(
        await page.locator('#keys-only').locator('#legend').isVisible(),
        false,
        'not with controls="play"',
      );
      assert.equal(
        await page.locator('#keys-only').locator('#help-button').isVisible(),
        true,
        'the ? button with controls="play"',
      );
      assert.equal(
        await page.locator('#bare').locator('#help-button').isVisible(),
        false,
        'no ? button with controls="none"',
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

/** In the page: where the help's Close button and sections lie, and the help's own box. */
function helpLayout(page) {
  return page.evaluate(() => {
    const root = document.querySelector('#game').shadowRoot;
    const box = (selector) => {
      const r = root.querySelector(selector).getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    };
    return {
      help: box('#help'),
      close: box('#help-close'),
      keys: box('.help-keys'),
      touch: box('.help-touch'),
    };
  });
}

test('on a phone the help fits its box, Close in sight, and gestures come first', async () => {
  for (const [viewport, touch] of [
    [{ width: 390, height: 844 }, true],
    [{ width: 1280, height: 900 }, false],
  ]) {
    const opened = await openPage(env.browser, env.server.url, {
      viewport,
      context: { hasTouch: touch, isMobile: touch },
    });
    try {
      const { page } = opened;
      await page.locator('#game >> #help-button').click(WAIT);
      await page.locator('#game >> #help-close').waitFor(WAIT);
      const at = await helpLayout(page);
      const where = `at ${viewport.width}×${viewport.height}: ${JSON.stringify(at)}`;
      assert.ok(at.close.bottom <= at.help.bottom, `Close lies within the help ${where}`);
      assert.ok(at.close.top >= at.help.top, `Close lies within the help ${where}`);
      assert.equal(at.touch.top < at.keys.top, touch, `gestures first only on a phone ${where}`);
      await page.locator('#game >> #help-close').click(WAIT);
      assert.equal(await page.locator('#game >> #help').isVisible(), false);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  }
});
