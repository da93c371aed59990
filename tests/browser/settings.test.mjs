// The settings form: a bad value is marked on its own field with a message naming it (text that
// is no number as such), the last good value comes back when the field loses focus, and other
// fields' changes check only themselves; "Reset to defaults" asks first, then puts back the
// engine's and element's defaults; settings an older page saved under its own names load by the
// element's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  setValue,
  settle,
  waitForAsync,
  waitReady,
  assertNoErrors,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };
const STORAGE_KEY = 'tetris-ai/settings/v2';
/** Where the page saved its settings before it spoke the element's names. */
const OLD_STORAGE_KEY = 'tetris-ai/settings/v1';

const env = serveAndBrowse({ isolation: true });

/** How a field is shown: its value, whether it is marked bad, its message and its outline. */
function field(page, selector) {
  return page.locator(selector).evaluate((input) => {
    const described = input.getAttribute('aria-describedby');
    const message = described ? document.getElementById(described) : null;
    return {
      value: input.value,
      invalid: input.getAttribute('aria-invalid') === 'true',
      message: message && !message.hidden ? message.textContent : '',
      shadow: getComputedStyle(input).boxShadow,
    };
  });
}

/** Types `text` into a field and commits it (change), leaving the focus in it. */
async function type(page, selector, text) {
  const input = page.locator(selector);
  await input.fill(String(text), WAIT);
  await input.dispatchEvent('change');
  await settle(page);
}

/** The board the game plays. */
function board(page) {
  return page.evaluate(async () => {
    const view = await window.tetris.game.view();
    return [view.width, view.height];
  });
}

test(
  'a bad setting is marked with its own message, restored on blur, and does not block others',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = opened;
      const [width, height] = await board(page);
      const good = await field(page, '#board-height');

      await type(page, '#board-width', 3);
      let shown = await field(page, '#board-width');
      assert.equal(shown.invalid, true, 'width 3 should be marked invalid');
      assert.notEqual(shown.shadow, good.shadow, 'the invalid field should look different');
      assert.match(shown.message, /^Board width must be a whole number from \d+ to \d+, got "3"/);
      await page.locator('#board-width').blur();
      shown = await field(page, '#board-width');
      assert.deepEqual([shown.value, shown.invalid], [String(width), false], 'restored on blur');
      assert.deepEqual(await board(page), [width, height], 'the game keeps its board');

      for (const [selector, text, label] of [
        ['#board-height', 41, 'Board height'],
        ['#seed', -1, 'Seed'],
        ['#fps', 0, 'Frame rate'],
      ]) {
        await type(page, selector, text);
        shown = await field(page, selector);
        assert.equal(shown.invalid, true, `${selector} ${text} should be marked invalid`);
        assert.ok(
          shown.message.startsWith(`${label} must be`) && shown.message.includes(`"${text}"`),
          `${selector}: the message should name ${label} and ${text}: ${shown.message}`,
        );
        const alerts = await page.evaluate(() =>
          [...document.querySelectorAll('[role="alert"]')]
            .filter((e) => !e.hidden)
            .map((e) => e.textContent)
            .join('\n'),
        );
        assert.doesNotMatch(alerts, /Board width/, `${selector}: no message about the width`);
        await page.locator(selector).blur();
      }

      // Text that is no number is said as such, not as nothing (the field then holds ""). Firefox
      // and WebKit take any letters; Chromium only those a number may hold, as in "1e".
      await page.locator('#gravity').fill('', WAIT);
      await page.locator('#gravity').pressSequentially('1e', WAIT);
      await page.locator('#gravity').dispatchEvent('change');
      await settle(page);
      shown = await field(page, '#gravity');
      assert.equal(shown.invalid, true);
      assert.match(
        shown.message,
        /^Drop frames must be a whole number from \d+ to \d+, got text that is not a number$/,
      );
      await page.locator('#gravity').fill('', WAIT);
      await page.locator('#gravity').dispatchEvent('change');
      await settle(page);
      assert.match((await field(page, '#gravity')).message, /, got nothing$/);
      await page.locator('#gravity').blur();

      // A stale bad width (still in its field, never blurred) does not stop a height change.
      await setValue(page, '#board-width', 3);
      await setValue(page, '#board-height', 12);
      await waitForAsync(
        page,
        async () => (await window.tetris.game.view()).height === 12,
        null,
        WAIT,
      );
      assert.deepEqual(await board(page), [width, 12], 'the height change should play');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'Reset to defaults asks first, then restores every default and saves',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = opened;
      await setValue(page, '#rules', 'classic');
      await setValue(page, '#board-width', 8);
      await setValue(page, '#seed', 5);
      await setValue(page, '#fps', 30);
      await setValue(page, 'input[data-feature="holes"][data-field="weight"]', -9);
      const stored = () => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
      const before = await stored();

      const dialog = page.getByRole('alertdialog');
      await page.locator('#reset-settings').click(WAIT);
      await dialog.waitFor(WAIT);
      assert.match(await dialog.textContent(), /default/i);
      assert.deepEqual((await board(page))[0], 8, 'nothing changes before the answer');
      assert.equal(await stored(), before, 'nothing is saved before the answer');
      await dialog.getByRole('button', { name: 'Cancel' }).click(WAIT);
      await settle(page);
      assert.equal(await dialog.count(), 0, 'Cancel closes the question');
      assert.deepEqual((await board(page))[0], 8, 'Cancel changes nothing');
      assert.equal(await stored(), before, 'Cancel saves nothing');

      await page.locator('#reset-settings').click(WAIT);
      await dialog.getByRole('button', { name: 'Reset' }).click(WAIT);
      const defaults = await page.evaluate(async () => {
        const { limits } = await import('/tetris-ai.js');
        const { ATTRIBUTES } = await import('/lib/attributes.js');
        const l = await limits();
        return {
          board: [l.game.width, l.game.height],
          // The page opens on the guideline rules, whatever the engine's default.
          rules: 'guideline',
          depth: String(l.game.search.depth),
          preset: l.default_preset,
          fps: String(ATTRIBUTES.fps.default),
        };
      });
      await waitForAsync(
        page,
        async (w) => (await window.tetris.game.view()).width === w,
        defaults.board[0],
        WAIT,
      );
      await settle(page);
      const shown = await page.evaluate(() => ({
        rules: document.querySelector('#rules').value,
        depth: document.querySelector('#depth').value,
        preset: document.querySelector('#preset').value,
        fps: document.querySelector('#fps').value,
      }));
      assert.deepEqual(
        { board: await board(page), ...shown },
        defaults,
        'the defaults should be back and playing',
      );
      const saved = JSON.parse(await stored());
      assert.deepEqual(
        [...saved.board, saved.rules, saved.preset, String(saved.fps)],
        [...defaults.board, defaults.rules, defaults.preset, defaults.fps],
        'the defaults should be saved',
      );
      assert.notEqual(saved.seed, 5, 'a new seed');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'settings an older page saved load by the new names, once, and play',
  { timeout: 120_000 },
  async () => {
    // A page of the page's origin that runs nothing, to store the settings in before the page.
    const opened = await openPage(env.browser, `${env.server.url}store.html`, {
      ready: false,
      html: '<!doctype html><title>store</title><link rel="icon" href="data:,">',
    });
    try {
      const { page } = opened;
      // Saved by the page before it spoke the element's names.
      const old = {
        aiEnabled: false,
        autoRestart: true,
        aiDelay: 5,
        parallel: false,
        fps: 30,
        hints: true,
        rules: 'classic',
        width: 8,
        height: 12,
        seed: 4242,
        depth: 2,
        preset: '',
        weights: { holes: -6, bumpiness: -1 },
        margin: null,
        asPublished: false,
      };
      await page.evaluate(
        ([key, text]) => localStorage.setItem(key, text),
        [OLD_STORAGE_KEY, JSON.stringify(old)],
      );
      await page.goto(env.server.url, { waitUntil: 'load' });
      await waitReady(page);
      await settle(page);
      const shown = await page.evaluate(() => {
        const value = (id) => document.querySelector(id).value;
        const checked = (id) => document.querySelector(id).checked;
        return {
          ai: checked('#ai-enabled'),
          restart: checked('#auto-restart'),
          hints: checked('#hints'),
          values: ['#ai-delay', '#parallel', '#fps', '#rules', '#board-width', '#board-height']
            .concat(['#seed', '#depth', '#preset'])
            .map(value),
        };
      });
      assert.deepEqual(shown, {
        ai: false,
        restart: true,
        hints: true,
        values: ['5', 'off', '30', 'classic', '8', '12', '4242', '2', ''],
      });
      const game = await page.evaluate(async () => {
        const { game } = window.tetris;
        const view = await game.view();
        return { board: [view.width, view.height], weights: await game.weights() };
      });
      assert.deepEqual(game, { board: [8, 12], weights: old.weights }, 'and they play');
      const stored = await page.evaluate(
        ([key, oldKey]) => [localStorage.getItem(key), localStorage.getItem(oldKey)],
        [STORAGE_KEY, OLD_STORAGE_KEY],
      );
      assert.equal(stored[1], null, 'the old copy is gone');
      const saved = JSON.parse(stored[0]);
      assert.deepEqual(
        [saved.autoplay, saved.autorestart, saved.parallel, saved.board, saved.preset],
        [false, true, 'off', [8, 12], null],
        'saved by the new names',
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);
