// The navigation: a tab for each part of the page (play, coach, modes, race, lab, settings), all in sight
// on the first screen of a desktop window and a tap away on a phone, where they are a bar at the
// bottom of the screen. A tab shows its part's panels only; the board keeps its place meanwhile
// and stays in the window down a long part; nothing scrolls inside the page but the page. The
// arrow keys, Home and End move between the tabs, and a race that ends brings its results up.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openPage, assertNoErrors, showPart } from './harness.mjs';

const WAIT = { timeout: 10_000 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = {
  viewport: { width: 390, height: 844 },
  context: { hasTouch: true, isMobile: true },
};

/** Each part, and an element of its own panels that shows only when it is chosen. */
const PARTS = {
  play: '#stats-title',
  coach: '#coach-title',
  modes: '#mode-start',
  race: '#race-start',
  lab: '#evo-start',
  settings: '#new-game',
};

const env = serveAndBrowse({ isolation: false });

/** The box of `selector` in the window (its viewport coordinates). */
async function box(page, selector) {
  const found = await page.locator(selector).boundingBox(WAIT);
  assert.ok(found, `${selector} should be shown`);
  return found;
}

/** Whether `inner` lies in the window of `size`, as the window is scrolled now. */
function inWindow(inner, size) {
  return (
    inner.x >= 0 &&
    inner.y >= 0 &&
    inner.x + inner.width <= size.width &&
    inner.y + inner.height <= size.height
  );
}

/** The page's parts shown now (their tabs' names), and the tabs marked as chosen. */
function shownParts(page) {
  return page.evaluate(() => ({
    shown: [...document.querySelectorAll('[role="tabpanel"]')]
      .filter((part) => !part.hidden)
      .map((part) => part.id.replace('part-', '')),
    chosen: [...document.querySelectorAll('[role="tab"][aria-selected="true"]')].map((tab) =>
      tab.id.replace('tab-', ''),
    ),
  }));
}

/** The elements of the page (not text fields) that scroll their own content up and down. */
function innerScrollers(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => !['TEXTAREA', 'SELECT'].includes(el.tagName))
      .filter((el) => {
        const { overflowY } = getComputedStyle(el);
        return ['auto', 'scroll'].includes(overflowY) && el.scrollHeight > el.clientHeight + 1;
      })
      .map((el) => el.id || el.className),
  );
}

test(
  'on a desktop every part has its tab on the first screen; the board keeps its place',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { viewport: DESKTOP });
    try {
      const { page } = opened;
      for (const name of Object.keys(PARTS)) {
        assert.ok(inWindow(await box(page, `#tab-${name}`), DESKTOP), `${name}'s tab in sight`);
      }
      assert.ok(inWindow(await box(page, '#play-yourself'), DESKTOP), 'Play yourself in sight');
      assert.deepEqual(await shownParts(page), { shown: ['play'], chosen: ['play'] });

      const board = await box(page, '#game');
      for (const [name, landmark] of Object.entries(PARTS)) {
        await showPart(page, name);
        assert.deepEqual(await shownParts(page), { shown: [name], chosen: [name] });
        for (const [other, its] of Object.entries(PARTS)) {
          assert.equal(await page.locator(its).isVisible(), other === name, `${its} on ${name}`);
        }
        assert.deepEqual(await box(page, '#game'), board, `the board stays put on ${name}`);
        assert.deepEqual(await innerScrollers(page), [], `nothing scrolls inside ${name}`);
        assert.ok(inWindow(await box(page, landmark), DESKTOP), `${landmark} on the first screen`);
      }

      // Down a long part, the tabs and the board stay in the window.
      await showPart(page, 'lab');
      await page.locator('#bench-run').scrollIntoViewIfNeeded(WAIT);
      assert.ok(
        (await page.evaluate(() => window.scrollY)) > 200,
        'the lab is longer than a screen',
      );
      assert.ok(inWindow(await box(page, '#tab-settings'), DESKTOP), 'the tabs stay in sight');
      const scrolled = await box(page, '#game');
      assert.ok(scrolled.y >= 0 && scrolled.y < 100, `the board stays at the top: ${scrolled.y}`);
      // Another part from down there starts at its top, in sight under the tabs.
      await showPart(page, 'settings');
      const tabs = await box(page, '.parts');
      const top = await box(page, '#part-settings');
      assert.ok(
        top.y >= tabs.y + tabs.height - 1 && top.y < DESKTOP.height / 2,
        `the settings' top is in sight: at ${top.y}, the tabs end at ${tabs.y + tabs.height}`,
      );

      // The keys of a tab list: the chosen tab is its only Tab stop.
      await page.locator('#tab-settings').focus();
      const keyed = async (key) => {
        await page.keyboard.press(key);
        return page.evaluate(() => ({
          focused: document.activeElement.id,
          stops: [...document.querySelectorAll('[role="tab"]')]
            .filter((tab) => tab.tabIndex === 0)
            .map((tab) => tab.id),
        }));
      };
      assert.deepEqual(await keyed('ArrowRight'), { focused: 'tab-play', stops: ['tab-play'] });
      assert.deepEqual(await keyed('ArrowRight'), { focused: 'tab-coach', stops: ['tab-coach'] });
      assert.deepEqual(await keyed('End'), { focused: 'tab-settings', stops: ['tab-settings'] });
      assert.deepEqual(await keyed('ArrowLeft'), { focused: 'tab-lab', stops: ['tab-lab'] });
      assert.deepEqual(await keyed('ArrowLeft'), { focused: 'tab-race', stops: ['tab-race'] });
      assert.deepEqual(await keyed('Home'), { focused: 'tab-play', stops: ['tab-play'] });
      assert.deepEqual((await shownParts(page)).shown, ['play']);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'on a phone the tabs are a bar at the bottom, a tap away and covering nothing',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, PHONE);
    try {
      const { page } = opened;
      const size = PHONE.viewport;
      for (const [name, landmark] of Object.entries(PARTS)) {
        await page.locator(`#tab-${name}`).tap(WAIT);
        assert.deepEqual(await shownParts(page), { shown: [name], chosen: [name] });
        // A still game, once the coach has its list: nothing grows while it is measured.
        if (name === 'coach') await page.locator('#why-alternatives button').first().waitFor(WAIT);
        await page.evaluate(() => window.tetris.pause());
        // The frame asked for before the pause may still bring a piece, and the coach its list.
        await page.waitForTimeout(300);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const bar = await box(page, '.parts');
        assert.ok(inWindow(bar, size), `the tabs are in sight at the bottom of ${name}`);
        assert.ok(bar.y + bar.height >= size.height - 1, 'the tabs sit at the bottom');
        // The part's last element is in sight above the bar, not under it.
        const last = await page.evaluate((id) => {
          const part = document.getElementById(id);
          const all = [...part.querySelectorAll('button, input, select, a')].filter((el) =>
            el.checkVisibility(),
          );
          const el = all.at(-1);
          const r = el.getBoundingClientRect();
          return {
            id: el.id,
            bottom: r.bottom,
            hit: el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)),
          };
        }, `part-${name}`);
        assert.ok(last.bottom <= bar.y + 1, `${last.id} ends above the tabs: ${last.bottom}`);
        assert.ok(last.hit, `${last.id} is not covered`);
        assert.ok(await page.locator(landmark).isVisible(), `${landmark} shows on ${name}`);
        await page.evaluate(() => {
          window.scrollTo(0, 0);
          window.tetris.resume();
        });
      }
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test('a race that ends brings its results into sight', { timeout: 120_000 }, async () => {
  const opened = await openPage(env.browser, env.server.url, { viewport: DESKTOP });
  try {
    const { page } = opened;
    await showPart(page, 'race');
    await page.locator('#race-start').click(WAIT);
    await page.waitForFunction(() => window.tetris.race.state === 'running', null, {
      timeout: 30_000,
    });
    // The player looks at the game's figures meanwhile, then ends the race from the board.
    await showPart(page, 'play');
    await page.locator('#game').focus();
    await page.keyboard.press('n');
    await page.waitForFunction(() => window.tetris.race.state === 'ended', null, WAIT);
    assert.deepEqual(await shownParts(page), { shown: ['race'], chosen: ['race'] });
    assert.ok(await page.locator('#race-result').isVisible(), 'the results show');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
