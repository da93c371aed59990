// The page as a player meets it: the board inside a phone's screen and a desktop window, and in
// view on a phone while its settings change; text contrast to WCAG AA; the first line's "Play
// yourself", and the game's own, in step; the current game's stats (no score where the rules
// do not score, the AI's decision time on one line), rates and chart; and the history of past
// games across a reload, its counts in agreement and its columns whole.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  setValue,
  playFast,
  waitPieces,
  waitReady,
  assertNoErrors,
  showPart,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };
const PHONE = {
  viewport: { width: 390, height: 844 },
  context: { hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
};

const env = serveAndBrowse({ isolation: true });

/** The page's parts, by their tabs' names. */
const PARTS = ['play', 'coach', 'modes', 'race', 'lab', 'settings'];

/** The box of an element of the page, or of the game's shadow root (`#game >> #id`). */
async function box(page, selector) {
  const found = await page.locator(selector).boundingBox(WAIT);
  assert.ok(found, `${selector} should be shown`);
  return found;
}

/**
 * Lets the AI play fast on the smallest board the form allows, where a game ends within a few
 * pieces; returns that board's `{width, height}` as the form gives them.
 */
async function playFastOnSmallestBoard(page) {
  await playFast(page);
  const smallest = await page.evaluate(() => ({
    width: document.querySelector('#board-width').min,
    height: document.querySelector('#board-height').min,
  }));
  await setValue(page, '#board-width', smallest.width);
  await setValue(page, '#board-height', smallest.height);
  return smallest;
}

function inside(inner, outer) {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/** The window of `viewport`'s size, as a box. */
function screen(viewport) {
  return { x: 0, y: 0, ...viewport };
}

/** Checks that the board, hold and next lie in the viewport, hold and next beside the board. */
async function assertGameFits(page, viewport, what) {
  const board = await box(page, '#game >> #board');
  assert.ok(
    inside(board, screen(viewport)),
    `${what}: the board ${JSON.stringify(board)} is off screen`,
  );
  for (const id of ['hold', 'next']) {
    const side = await box(page, `#game >> #${id}`);
    assert.ok(
      inside(side, screen(viewport)),
      `${what}: ${id} ${JSON.stringify(side)} is off screen`,
    );
    const beside = id === 'hold' ? side.x + side.width <= board.x : side.x >= board.x + board.width;
    assert.ok(beside, `${what}: ${id} should sit beside the board`);
    assert.ok(side.y < board.y + board.height / 2, `${what}: ${id} should sit by the board's top`);
  }
}

test('the board, hold and next fit a phone screen and a desktop window', async () => {
  for (const [what, options] of [
    ['phone', PHONE],
    ['desktop', { viewport: { width: 1280, height: 900 } }],
  ]) {
    const opened = await openPage(env.browser, env.server.url, options);
    try {
      const { page } = opened;
      await assertGameFits(page, options.viewport, what);
      // The title is one line (it once wrapped as "tetris-/ai").
      const title = await page.evaluate(() => {
        const h1 = document.querySelector('h1');
        const style = getComputedStyle(h1);
        const lineHeight = parseFloat(style.lineHeight) || 1.3 * parseFloat(style.fontSize);
        return { height: h1.getBoundingClientRect().height, lineHeight };
      });
      assert.ok(title.height < title.lineHeight * 1.5, `${what}: the title wraps`);
      const tabs = await box(page, '.parts');
      assert.ok(inside(tabs, screen(options.viewport)), `${what}: the tabs are on screen`);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  }
});

/**
 * Every visible text of the page (outside the game's shadow root) with its contrast ratio
 * against what lies behind it, per WCAG 2: placeholders of empty fields included; text of
 * disabled controls is exempt. Behind the body's gradient the brightest stop counts.
 */
function contrasts() {
  const parse = (text) => {
    const m = text.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r, g, b, a };
  };
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  const luminance = ({ r, g, b }) => {
    const lin = (c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  // The body's radial gradient is brightest at its first stop.
  const pageBackgrounds = [
    parse(getComputedStyle(document.body).backgroundColor),
    parse(getComputedStyle(document.body).backgroundImage.match(/rgb\([^)]+\)/)?.[0] ?? ''),
  ].filter(Boolean);
  /** The colours behind `element`: its first opaque background, blended up the tree. */
  const behind = (element) => {
    const layers = [];
    for (let node = element; node && node !== document.body; node = node.parentElement) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (color && color.a > 0) {
        layers.push(color);
        if (color.a >= 1) break;
      }
    }
    const base = layers.length && layers[layers.length - 1].a >= 1 ? [] : pageBackgrounds;
    const stack = base.length ? base : [layers.pop()];
    return stack.map((bottom) => layers.reduceRight((under, top) => over(top, under), bottom));
  };
  const exempt = (element) =>
    element.closest(':disabled, label:has(:disabled), [aria-disabled="true"]') !== null;
  const visible = (element) => {
    const style = getComputedStyle(element);
    return element.getClientRects().length > 0 && style.visibility === 'visible';
  };
  const found = [];
  const check = (element, text, color) => {
    for (const background of behind(element)) {
      found.push({
        text: text.slice(0, 40),
        where: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`,
        ratio: ratio(over(color, background), background),
      });
    }
  };
  for (const element of document.body.querySelectorAll('*')) {
    if (!visible(element) || exempt(element)) continue;
    const own = [...element.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent.trim())
      .join(' ')
      .trim();
    if (own) check(element, own, parse(getComputedStyle(element).color));
    if (element.placeholder && !element.value) {
      check(element, element.placeholder, parse(getComputedStyle(element, '::placeholder').color));
    }
  }
  return found;
}

test('every text of the page reaches WCAG AA contrast (4.5:1)', async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    // A custom weight set leaves some table cells empty, showing their placeholders.
    await showPart(page, 'settings');
    await setValue(page, '#weights-json', '{"holes": -4}');
    await page.locator('#import-weights').click(WAIT);
    await page.waitForFunction(
      () =>
        document.querySelector('input[data-feature="holes"][data-field="weight"]')?.value === '-4',
      null,
      WAIT,
    );
    // Every part's texts, each part shown in turn.
    const found = [];
    for (const part of PARTS) {
      await showPart(page, part);
      found.push(...(await page.evaluate(contrasts)));
    }
    assert.ok(found.length > 50, `only ${found.length} texts were found`);
    assert.ok(
      found.some((f) => f.text === 'unused'),
      'the empty cells show their "unused" placeholder',
    );
    const poor = found.filter((f) => f.ratio < 4.5);
    assert.deepEqual(
      poor.map((f) => `${f.where} "${f.text}": ${f.ratio.toFixed(2)}`),
      [],
      'texts below 4.5:1',
    );
    // Hovered, the primary button keeps its contrast.
    await showPart(page, 'settings');
    await page.locator('#new-game').hover();
    const hovered = (await page.evaluate(contrasts)).find((f) => f.where === 'button#new-game');
    assert.ok(hovered.ratio >= 4.5, `a hovered "New game" has ${hovered.ratio.toFixed(2)}:1`);
  } finally {
    await opened.close();
  }
});

test('"Play yourself" turns the AI off and gives the player a fresh game and the keys', async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    await waitPieces(page, 3);
    const seed = await page.evaluate(() => document.querySelector('#game').seed);
    const button = page.locator('#play-yourself');
    await button.click(WAIT);
    await page.waitForFunction(() => document.querySelector('#game').autoplay === false);
    const game = await page.evaluate(async () => ({
      seed: document.querySelector('#game').seed,
      pieces: (await window.tetris.game.stats()).pieces,
      saved: JSON.parse(localStorage.getItem('tetris-ai/settings/v2')).seed,
    }));
    assert.equal(game.pieces, 0, "a game of the player's own, not the AI's stack");
    assert.notEqual(game.seed, seed, 'with a new seed');
    assert.equal(game.saved, game.seed, 'which the page keeps');
    assert.equal(await page.locator('#ai-enabled').isChecked(), false);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'game');
    assert.equal((await button.textContent()).trim(), 'Let the AI play');
    await button.click(WAIT);
    await page.waitForFunction(() => document.querySelector('#game').autoplay === true);
    assert.equal((await button.textContent()).trim(), 'Play yourself');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('the current game shows its rates and a chart of lines against pieces', async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    await waitPieces(page, 30);
    const read = () =>
      page.evaluate(() => ({
        lpm: document.querySelector('#rate-lpm').textContent,
        pps: document.querySelector('#rate-pps').textContent,
        time: document.querySelector('#rate-time').textContent,
        chart: document.querySelector('#game-chart canvas') !== null,
        label: document.querySelector('#game-chart').getAttribute('aria-label'),
        pieces: window.tetris.placements.length,
      }));
    await page.waitForFunction(() => document.querySelector('#rate-time').textContent !== '0:00');
    const shown = await read();
    assert.ok(Number(shown.pps) > 0, `pieces per second: ${shown.pps}`);
    assert.ok(Number(shown.lpm) >= 0, `lines per minute: ${shown.lpm}`);
    assert.ok(shown.chart, 'the chart is drawn');
    assert.match(shown.label, /\d+ lines? after \d+ pieces?/);
    // Paused, the time played stands still.
    await page.evaluate(() => window.tetris.pause());
    await page.waitForTimeout(700);
    const paused = await read();
    await page.waitForTimeout(1200);
    assert.equal((await read()).time, paused.time, 'the clock runs while paused');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('past games are listed with the best and the average, and survive a reload', async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    const smallest = await playFastOnSmallestBoard(page);
    const row = page.locator('#history-body tr').first();
    await row.waitFor({ timeout: 60_000 });
    const cells = await row.locator('td').allTextContents();
    const game = await page.evaluate(async () => window.tetris.game.stats());
    assert.equal(cells[1], `guideline ${smallest.width}×${smallest.height}`);
    assert.match(cells[2], /^AI \(/);
    assert.equal(cells[3], String(game.lines));
    assert.equal(cells[4], String(game.pieces));
    assert.equal(cells[5], 'game over');
    const summary = await page.locator('#history-summary').textContent();
    assert.match(
      summary,
      new RegExp(`best ${game.lines} lines?, average ${game.lines}\\.0 over 1 game`),
    );

    await page.reload();
    await waitReady(page);
    // The reloaded page may have finished more games on the small board since.
    const rows = await page
      .locator('#history-body tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
    assert.ok(
      rows.some((r) => JSON.stringify(r) === JSON.stringify(cells)),
      `${JSON.stringify(cells)} should be listed after a reload: ${JSON.stringify(rows)}`,
    );
    await page.locator('#history-clear').click(WAIT);
    assert.equal(await page.locator('#history-body tr').count(), 0);
    assert.equal(await page.evaluate(() => localStorage.getItem('tetris-ai/history/v1')), null);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('a new search depth applies to the running game without restarting it', async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    await waitPieces(page, 12);
    const before = await page.evaluate(async () => ({
      pieces: (await window.tetris.game.stats()).pieces,
      first: window.tetris.placements[0],
      depth: document.querySelector('#game').depth,
    }));
    assert.equal(before.depth, 1);
    await setValue(page, '#depth', 2);
    await page.waitForFunction(() => document.querySelector('#game').depth === 2, null, WAIT);
    await waitPieces(page, before.pieces + 5);
    const after = await page.evaluate(async () => ({
      pieces: (await window.tetris.game.stats()).pieces,
      first: window.tetris.placements[0],
      stored: JSON.parse(localStorage.getItem('tetris-ai/settings/v2')).depth,
    }));
    assert.ok(after.pieces > before.pieces, `the game restarted: ${after.pieces} pieces`);
    assert.equal(after.first, before.first, 'the game kept its first placement');
    assert.equal(after.stored, 2, 'the depth is saved');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('the depth choice offers every depth the engine allows, each with its time here', async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    const allowed = await page.evaluate(async () => (await import('/tetris-ai.js')).limits());
    const values = await page
      .locator('#depth option')
      .evaluateAll((options) => options.map((o) => Number(o.value)));
    const depths = [];
    for (let d = allowed.depth.min; d <= allowed.depth.max; d++) depths.push(d);
    assert.deepEqual(values, depths, 'one option per depth the engine allows');
    // The times are measured off the game's worker; the game plays on meanwhile.
    const pieces = await waitPieces(page, 1);
    const timed = /^(\d+) \(.*\), (\d+(?:\.\d+)?) ms$/;
    await page.waitForFunction(
      (source) =>
        [...document.querySelectorAll('#depth option')].every((o) =>
          new RegExp(source).test(o.textContent),
        ),
      timed.source,
      { timeout: 120_000 },
    );
    const labels = await page.locator('#depth option').allTextContents();
    for (const [i, label] of labels.entries()) {
      const [, depth, ms] = label.match(timed);
      assert.equal(Number(depth), depths[i], `"${label}" is depth ${depths[i]}'s`);
      assert.ok(Number(ms) > 0, `"${label}" gives a time`);
    }
    assert.ok((await waitPieces(page, pieces + 1)) > pieces, 'the game played on');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('the AI decision stat shows a dash once the player plays', async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    const decision = page.locator('#game >> #stat-decision');
    await page.waitForFunction(
      () =>
        /ms/.test(
          document.querySelector('#game').shadowRoot.querySelector('#stat-decision').textContent,
        ),
      null,
      WAIT,
    );
    await page.locator('#play-yourself').click(WAIT);
    await page.waitForFunction(
      () =>
        document.querySelector('#game').shadowRoot.querySelector('#stat-decision').textContent ===
        '–',
      null,
      WAIT,
    );
    assert.equal(await decision.textContent(), '–');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('"Keep watching" makes the game start again after game over, and is saved', async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
  try {
    const { page } = opened;
    await page.locator('#auto-restart').check(WAIT);
    await page.waitForFunction(() => document.querySelector('#game').autorestart === true);
    const saved = await page.evaluate(() => localStorage.getItem('tetris-ai/settings/v2'));
    assert.equal(JSON.parse(saved).autorestart, true);
    const smallest = await playFastOnSmallestBoard(page);
    // Two games over on the smallest board, the second begun by itself (the games the board's
    // changes stopped come before them).
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('#history-body tr')]
          .slice(0, 2)
          .filter((tr) => tr.cells[5].textContent === 'game over').length === 2,
      null,
      { timeout: 60_000 },
    );
    const kinds = await page.locator('#history-body tr td:nth-child(2)').allTextContents();
    const small = `guideline ${smallest.width}×${smallest.height}`;
    assert.deepEqual(kinds.slice(0, 2), [small, small]);
    await page.reload();
    await waitReady(page);
    assert.equal(await page.locator('#auto-restart').isChecked(), true);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('"Play yourself" in the game keeps the page in step', async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    /** Who plays, as the page's button, its setting, its saved settings and the game say. */
    const shown = () =>
      page.evaluate(() => ({
        button: document.querySelector('#play-yourself').textContent.trim(),
        checkbox: document.querySelector('#ai-enabled').checked,
        saved: JSON.parse(localStorage.getItem('tetris-ai/settings/v2')).autoplay,
        game: document.querySelector('#game').shadowRoot.querySelector('#play-toggle').textContent,
      }));
    await page.locator('#game >> #play-toggle').click(WAIT);
    await page.waitForFunction(() => !document.querySelector('#ai-enabled').checked, null, WAIT);
    assert.deepEqual(await shown(), {
      button: 'Let the AI play',
      checkbox: false,
      saved: false,
      game: 'Let the AI play',
    });
    await page.locator('#play-yourself').click(WAIT);
    await page.waitForFunction(() => document.querySelector('#game').autoplay === true);
    assert.deepEqual(await shown(), {
      button: 'Play yourself',
      checkbox: true,
      saved: true,
      game: 'Play yourself',
    });
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('the research rules, which do not score, show no score', async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    const score = page.locator('#game >> #stat-score');
    assert.equal(await score.isVisible(), true, 'the guideline rules score');
    await setValue(page, '#rules', 'classic');
    await page.waitForFunction(() => document.querySelector('#game').rules === 'classic');
    await score.waitFor({ state: 'hidden', ...WAIT });
    await setValue(page, '#rules', 'guideline');
    await score.waitFor({ state: 'visible', ...WAIT });
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

/**
 * Opens the page (with `options` as for `openPage`) with `games` saved as its past games, put
 * in its storage by a blank page of its origin before the page itself loads.
 */
async function openWithHistory(games, options = {}) {
  const opened = await openPage(env.browser, `${env.server.url}blank.html`, {
    ...options,
    ready: false,
    html: '<!doctype html><title>blank</title><link rel="icon" href="data:,">',
  });
  await opened.page.evaluate((games) => {
    localStorage.setItem('tetris-ai/history/v1', JSON.stringify(games));
  }, games);
  await opened.page.goto(env.server.url);
  await waitReady(opened.page);
  return opened;
}

/** A past game of the AI, with `fields` changed. */
function pastGame(fields) {
  return {
    at: new Date().toISOString(),
    rules: 'guideline',
    width: 10,
    height: 20,
    seed: 1,
    player: 'AI',
    preset: 'dellacherie',
    lines: 1,
    pieces: 1,
    score: 0,
    seconds: 1,
    ended: 'over',
    ...fields,
  };
}

test('counts agree with their numbers: "1 line", "1 game"', async () => {
  const opened = await openWithHistory([pastGame({ lines: 1 })]);
  try {
    const { page } = opened;
    assert.equal(
      (await page.locator('#history-summary').textContent()).trim(),
      'The AI on guideline 10×20: best 1 line, average 1.0 over 1 game.',
    );
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('the past games table shows every column whole, on a phone and a desktop', async () => {
  for (const [what, options] of [
    ['phone', PHONE],
    ['desktop', { viewport: { width: 1280, height: 900 } }],
  ]) {
    const long = pastGame({
      rules: 'classic (bag pieces, top out: top row)',
      player: 'AI and you',
      preset: 'learned_10x20',
      lines: 123456,
      pieces: 987654,
      ended: 'stopped',
    });
    const opened = await openWithHistory([pastGame({}), long], options);
    try {
      const { page } = opened;
      const cut = await page.evaluate(() => {
        const scroll = document.querySelector('.history-scroll');
        const box = scroll.getBoundingClientRect();
        return [...document.querySelectorAll('.history th, .history td')]
          .filter((cell) => {
            const r = cell.getBoundingClientRect();
            return cell.scrollWidth > cell.clientWidth || r.right > box.right + 0.5;
          })
          .map((cell) => cell.textContent);
      });
      assert.deepEqual(cut, [], `${what}: cells cut off by the card`);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  }
});

test("the game's AI decision time reads on one line", async () => {
  const opened = await openPage(env.browser, env.server.url);
  try {
    const { page } = opened;
    const decision = page.locator('#game >> #stat-decision');
    await page.waitForFunction(
      () =>
        /\d/.test(
          document.querySelector('#game').shadowRoot.querySelector('#stat-decision').textContent,
        ),
      null,
      WAIT,
    );
    const lines = await decision.evaluate((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    assert.equal(lines, 1, `"${await decision.textContent()}" takes ${lines} lines`);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('on a phone, the board stays in view beside the settings being changed', async () => {
  const opened = await openPage(env.browser, env.server.url, { ...PHONE, part: 'settings' });
  try {
    const { page } = opened;
    for (const field of ['#fps', '#seed', '#rules']) {
      await page.locator(field).focus(WAIT);
      const seen = await page.evaluate((selector) => {
        const input = document.querySelector(selector);
        const r = input.getBoundingClientRect();
        const board = document.querySelector('#game').shadowRoot.querySelector('#board');
        const b = board.getBoundingClientRect();
        const x = (r.left + r.right) / 2;
        const y = (r.top + r.bottom) / 2;
        return {
          field: document.elementFromPoint(x, y) === input,
          board: b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth,
        };
      }, field);
      assert.deepEqual(seen, { field: true, board: true }, `${field} and the board on screen`);
    }
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('keyboard focus rings the board, whole and clear of the boxes beside it', async () => {
  for (const [what, options] of [
    ['phone', PHONE],
    ['desktop', { viewport: { width: 1280, height: 900 } }],
  ]) {
    const opened = await openPage(env.browser, env.server.url, options);
    try {
      const { page } = opened;
      await page.keyboard.press('Tab'); // the focus then shows as the keyboard's
      await page.locator('#game').focus(WAIT);
      const rings = await page.evaluate(() => {
        const host = document.querySelector('#game');
        const part = (id) => host.shadowRoot.getElementById(id).getBoundingClientRect();
        const meets = (a, b) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const within = (a, b) =>
          a.left >= b.left && a.top >= b.top && a.right <= b.right && a.bottom <= b.bottom;
        return [...host.shadowRoot.querySelectorAll('*')]
          .filter((e) => getComputedStyle(e).outlineStyle !== 'none')
          .map((e) => {
            const style = getComputedStyle(e);
            const out = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
            const r = e.getBoundingClientRect();
            const ring = {
              left: r.left - out,
              top: r.top - out,
              right: r.right + out,
              bottom: r.bottom + out,
            };
            return {
              // The element's box clips what it draws outside it.
              whole: within(ring, host.getBoundingClientRect()),
              board: within(part('board'), ring),
              under: ['hold-box', 'next-box'].filter((id) => meets(ring, part(id))),
            };
          });
      });
      assert.deepEqual(rings, [{ whole: true, board: true, under: [] }], `${what}: the ring`);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  }
});
