// Accessibility of the element: a polite live region, visually hidden, announces line clears
// (at most one a second, none at high frame rates) and game over; the board's label describes
// the game and follows it at most once a second, and at once at game over; and every text in the
// element reaches 4.5:1 contrast against its background, on the project's page and on the
// embedding example, while playing, paused, at game over and with the help open.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openPage, openElementPage, assertNoErrors } from './harness.mjs';

const WAIT = { timeout: 60_000 };
const env = serveAndBrowse({ isolation: false });

/** Records what each element's live region says and its board's labels, with times. */
function listen(page) {
  return page.evaluate(() => {
    for (const el of document.querySelectorAll('tetris-ai')) {
      el.said = [];
      el.labels = [];
      const live = el.shadowRoot.querySelector('#live');
      new MutationObserver(() =>
        el.said.push({ text: live.textContent, at: performance.now() }),
      ).observe(live, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      const board = el.shadowRoot.querySelector('#board');
      new MutationObserver(() =>
        el.labels.push({ text: board.getAttribute('aria-label'), at: performance.now() }),
      ).observe(board, { attributes: true, attributeFilter: ['aria-label'] });
    }
  });
}

/** What element `id` said and labelled, its stats, and its live region's attributes and size. */
function heard(page, id) {
  return page.evaluate(async (id) => {
    const el = document.querySelector(`#${id}`);
    const live = el.shadowRoot.querySelector('#live');
    const box = live.getBoundingClientRect();
    return {
      said: el.said,
      labels: el.labels,
      stats: await el.game.stats(),
      polite: live.getAttribute('aria-live'),
      size: [box.width, box.height],
    };
  }, id);
}

const OVER = /^Game over: (\d+) lines?, (\d+) pieces?$/;
const CLEARED = /^(\d+) lines? cleared, (\d+) in total$/;

test(
  'the live region announces line clears and game over; the board label follows',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openElementPage(
      env.browser,
      env.server,
      '<tetris-ai id="calm" autoplay ai-delay="-1" fps="8" board="4x6" seed="3"></tetris-ai>' +
        '<tetris-ai id="fast" autoplay ai-delay="-1" fps="600" board="4x6" seed="3"></tetris-ai>',
    );
    try {
      const { page } = opened;
      await listen(page);
      // The fast game may be over before the listeners were in place: both replay their seed,
      // heard from its start.
      await page.evaluate(() =>
        Promise.all(
          ['calm', 'fast'].map(async (id) => {
            const el = document.querySelector(`#${id}`);
            await el.newGame();
            el.said.length = 0;
            el.labels.length = 0;
          }),
        ),
      );
      for (const id of ['calm', 'fast']) {
        await page.waitForFunction(
          (id) => document.querySelector(`#${id}`).said.some((s) => s.text.startsWith('Game over')),
          id,
          WAIT,
        );
      }
      const calm = await heard(page, 'calm');
      t.diagnostic(`calm: ${JSON.stringify(calm.said)}`);
      assert.equal(calm.polite, 'polite');
      assert.ok(
        calm.size[0] <= 1 && calm.size[1] <= 1,
        `the live region is visually hidden: ${calm.size}`,
      );

      const over = calm.said.at(-1).text.match(OVER);
      assert.ok(over, `game over is announced: ${calm.said.at(-1).text}`);
      assert.deepEqual([Number(over[1]), Number(over[2])], [calm.stats.lines, calm.stats.pieces]);
      const clears = calm.said.filter((s) => CLEARED.test(s.text));
      assert.ok(clears.length > 0, 'line clears are announced');
      let summed = 0;
      for (const [i, clear] of clears.entries()) {
        const [, cleared, total] = clear.text.match(CLEARED).map(Number);
        summed += cleared;
        assert.equal(total, summed, `"${clear.text}": the total is every line announced so far`);
        if (i > 0) {
          assert.ok(
            clear.at - clears[i - 1].at >= 990,
            `at most one line announcement a second: ${clear.text}`,
          );
        }
      }
      assert.ok(summed <= calm.stats.lines);

      const fast = await heard(page, 'fast');
      t.diagnostic(`fast: ${JSON.stringify(fast.said)}`);
      assert.equal(
        fast.said.filter((s) => CLEARED.test(s.text)).length,
        0,
        'at 600 fps no line clear is announced',
      );
      assert.match(fast.said.at(-1).text, OVER);

      // The board's label: size, lines and pieces; at most once a second, and at game over at once.
      const labels = calm.labels;
      t.diagnostic(`labels: ${JSON.stringify(labels.map((l) => l.text))}`);
      assert.ok(labels.length >= 2);
      for (const label of labels)
        assert.match(label.text, /^Board, 4 by 6: \d+ lines?, \d+ pieces?(, game over)?$/);
      const last = labels.at(-1).text;
      assert.equal(
        last,
        `Board, 4 by 6: ${calm.stats.lines} line${calm.stats.lines === 1 ? '' : 's'}, ${calm.stats.pieces} pieces, game over`,
      );
      for (let i = 1; i < labels.length - 1; i++) {
        assert.ok(
          labels[i].at - labels[i - 1].at >= 990,
          `the label changes at most once a second: ${labels[i].text}`,
        );
      }
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

/**
 * Every visible text of the element's shadow root with its colour, background and contrast
 * ratio: the background is the first opaque background up the tree (across the shadow root),
 * with the translucent ones on the way laid over it; the page's is the body's.
 */
function contrasts(page) {
  return page.evaluate(() => {
    const parse = (text) => {
      const m = /rgba?\(([^)]+)\)/.exec(text);
      if (!m) throw new Error(`unreadable colour ${text}`);
      const [r, g, b, a = 1] = m[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r, g, b, a];
    };
    const over = (top, under) =>
      [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
    const luminance = (c) =>
      c
        .slice(0, 3)
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const ratio = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const parent = (node) =>
      node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);
    const background = (element) => {
      const layers = [];
      for (
        let node = element;
        node && node !== document.body && node !== document.documentElement;
        node = parent(node)
      ) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      let base =
        layers.at(-1)?.[3] >= 1
          ? layers.pop()
          : parse(getComputedStyle(document.body).backgroundColor);
      if (base[3] < 1) base = over(base, [255, 255, 255, 1]);
      while (layers.length) base = over(layers.pop(), base);
      return base;
    };
    const found = [];
    for (const el of document.querySelectorAll('tetris-ai')) {
      const walker = document.createTreeWalker(el.shadowRoot, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        const text = node.textContent.trim();
        if (!text || element.closest('button:disabled')) continue;
        const box = element.getBoundingClientRect();
        if (
          box.width <= 1 ||
          box.height <= 1 ||
          !element.checkVisibility({ checkVisibilityCSS: true })
        )
          continue;
        const back = background(element);
        const fore = over(parse(getComputedStyle(element).color), back);
        found.push({
          text: text.slice(0, 40),
          in: element.id || element.className || element.tagName,
          ratio: Math.round(ratio(fore, back) * 100) / 100,
          fore: fore.slice(0, 3).map(Math.round),
          back: back.slice(0, 3).map(Math.round),
        });
      }
    }
    return found;
  });
}

/** Fails listing every text below 4.5:1. */
function assertContrast(found, where) {
  assert.ok(found.length > 0, `${where}: some text was checked`);
  const poor = found.filter((f) => f.ratio < 4.5);
  assert.deepEqual(poor, [], `${where}: text below 4.5:1:\n${JSON.stringify(poor, null, 1)}`);
}

/** Checks the contrast of element `selector` playing, paused, with the help open and at game over. */
async function everyState(t, page, selector, where) {
  /** Calls the element's method `name` with `args`. */
  const call = (name, ...args) =>
    page.evaluate(
      ([selector, name, args]) => document.querySelector(selector)[name](...args),
      [selector, name, args],
    );
  const check = async (state) => {
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const found = await contrasts(page);
    t.diagnostic(
      `${where}, ${state}: ${found.length} texts, lowest ${Math.min(...found.map((f) => f.ratio))}`,
    );
    assertContrast(found, `${where}, ${state}`);
  };
  await check('playing');
  await call('pause');
  await check('paused');
  await call('resume');
  await call('openHelp');
  await check('help open');
  await call('closeHelp');
  await call('setAttribute', 'controls', 'full');
  await call('update', { board: [4, 4], autoplay: true, aiDelay: -1, fps: 240 });
  await page.waitForFunction(
    (selector) =>
      !document.querySelector(selector).shadowRoot.querySelector('#overlay-actions').hidden,
    selector,
    WAIT,
  );
  await check('game over');
}

test(
  'every text of the element reaches 4.5:1 contrast (the page)',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openPage(env.browser, env.server.url, { ready: false });
    try {
      const { page } = opened;
      await page.waitForFunction(() => document.querySelector('#game')?.game, null, WAIT);
      await everyState(t, page, '#game', 'the page');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'every text of the element reaches 4.5:1 contrast (embed.html, touch buttons)',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openPage(env.browser, `${env.server.url}embed.html`, { ready: false });
    try {
      const { page } = opened;
      await page.waitForFunction(() => document.querySelector('#right')?.game, null, WAIT);
      await page.evaluate(() => {
        const el = document.querySelector('#left');
        el.touch = 'on';
        el.autoplay = false;
      });
      await everyState(t, page, '#left', 'embed.html');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);
