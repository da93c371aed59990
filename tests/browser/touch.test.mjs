// Touch: on a phone (390x844, touch, a coarse pointer) the element shows its touch buttons; with
// the AI off they move, rotate, soft-drop, hold and hard-drop the piece, a held shift repeats,
// and gestures on the board rotate and drop; under SRS+ a button turns the piece halfway round;
// the board and the buttons fit the screen, on a page of its own and on the project's page;
// `touch` shows or hides them anywhere, and a bad value is refused naming it; game over offers
// buttons to tap rather than keys, and "Play yourself" hands the touch buttons to the player.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  openElementPage,
  waitForAsync,
  assertNoErrors,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };
const PHONE = {
  viewport: { width: 390, height: 844 },
  context: { hasTouch: true, isMobile: true, deviceScaleFactor: 1 },
};
const FILL = 'body { margin: 0; } tetris-ai { width: 100vw; height: 100vh; }';

const env = serveAndBrowse({ isolation: false });

/** The element's active piece (columns, rows, shape), hold and pieces placed. */
function piece(page) {
  return page.evaluate(async () => {
    const el = document.querySelector('tetris-ai');
    const flat = Array.from(await el.game.activeCells());
    const cells = [];
    for (let i = 0; i < flat.length; i += 2) cells.push([flat[i], flat[i + 1]]);
    const minX = Math.min(...cells.map(([x]) => x));
    const minY = Math.min(...cells.map(([, y]) => y));
    const shape = cells
      .map(([x, y]) => `${x - minX},${y - minY}`)
      .sort()
      .join(' ');
    const view = await el.game.view();
    const stats = await el.game.stats();
    return {
      xs: cells.map(([x]) => x),
      ys: cells.map(([, y]) => y),
      shape,
      hold: view.hold ?? null,
      pieces: stats.pieces,
    };
  });
}

/** Waits until `done(piece)` holds; returns the piece. */
async function until(page, done, what) {
  const deadline = Date.now() + WAIT.timeout;
  for (;;) {
    const now = await piece(page);
    if (done(now)) return now;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${WAIT.timeout} ms (${JSON.stringify(now)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits for a falling piece (`what` in a failure), dropping squares with `drop()` (a square looks
 * the same turned) up to eight times; returns the piece. `turnsTo(shape)`: the shape a turn
 * gives, where the piece must look other turned (the square's turns by default).
 */
async function pastSquares(page, drop, what, turnsTo = () => '0,0 0,1 1,0 1,1') {
  let now = await until(page, (p) => p.xs.length === 4, what);
  // A bag holds three pieces that look the same after a half turn (I, S, Z) and the square.
  for (let i = 0; i < 8 && turnsTo(now.shape) === now.shape; i++) {
    await drop();
    now = await until(page, (p) => p.pieces === now.pieces + 1 && p.xs.length === 4, 'a new piece');
  }
  return now;
}

/** A shape (see `piece`) turned halfway round. */
function halfTurned(shape) {
  const cells = shape.split(' ').map((cell) => cell.split(',').map(Number));
  const [maxX, maxY] = [0, 1].map((axis) => Math.max(...cells.map((cell) => cell[axis])));
  return cells
    .map(([x, y]) => `${maxX - x},${maxY - y}`)
    .sort()
    .join(' ');
}

/** The rectangle of a part of the element's shadow root, in viewport pixels. */
function rect(page, selector) {
  return page.evaluate((selector) => {
    const found = document.querySelector('tetris-ai').shadowRoot.querySelector(selector);
    const r = found.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width };
  }, selector);
}

/** Fails unless `r` lies inside the viewport. */
function inside(r, what) {
  assert.ok(
    r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= 390 && r.bottom <= 844,
    `${what} should be inside the 390x844 screen: ${JSON.stringify(r)}`,
  );
}

/** Touches (x, y) for `ms` milliseconds, through the browser's touch input. */
async function hold(page, cdp, [x, y], ms) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await new Promise((resolve) => setTimeout(resolve, ms));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A finger moving from `from` to `to` in a few steps. */
async function swipe(cdp, from, to) {
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ x: from[0], y: from[1] }],
  });
  for (let i = 1; i <= 5; i++) {
    const x = from[0] + ((to[0] - from[0]) * i) / 5;
    const y = from[1] + ((to[1] - from[1]) * i) / 5;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

const centre = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];

test(
  'on a phone the touch buttons and gestures play, and everything fits',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openElementPage(
      env.browser,
      env.server,
      '<tetris-ai controls="full" rules="guideline" board="10x20" seed="5" gravity="1000" lock-delay="1000"></tetris-ai>',
      { ...PHONE, style: FILL },
    );
    try {
      const { page, context } = opened;
      const cdp = await context.newCDPSession(page);
      const button = (key) => page.locator('tetris-ai').locator(`button[data-key="${key}"]`);
      assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true);
      for (const key of ['left', 'right', 'cw', 'ccw', 'soft_drop', 'hard_drop', 'hold']) {
        assert.equal(await button(key).isVisible(), true, `the ${key} button shows`);
        inside(await rect(page, `button[data-key="${key}"]`), `the ${key} button`);
      }
      inside(await rect(page, '#board'), 'the board');

      let now = await pastSquares(page, () => button('hard_drop').tap(), 'a falling piece');
      const start = now;
      await button('left').tap();
      now = await until(page, (p) => p.xs.join() !== start.xs.join(), 'the left button to move');
      assert.deepEqual(
        now.xs,
        start.xs.map((x) => x - 1),
        'the left button moves one column',
      );

      let before = now;
      await button('cw').tap();
      now = await until(page, (p) => p.shape !== before.shape, 'the rotate button to turn');
      before = now;
      await button('ccw').tap();
      now = await until(page, (p) => p.shape !== before.shape, 'the other rotate button to turn');

      // Held, the right button repeats (the engine's auto shift).
      before = now;
      await hold(page, cdp, centre(await rect(page, 'button[data-key="right"]')), 700);
      now = await until(
        page,
        (p) => Math.min(...p.xs) >= Math.min(...before.xs) + 2,
        'a held right to repeat',
      );
      t.diagnostic(`held right: ${before.xs} -> ${now.xs}`);

      before = now;
      await button('soft_drop').tap();
      now = await until(page, (p) => Math.max(...p.ys) < Math.max(...before.ys), 'soft drop');
      assert.deepEqual(
        now.ys,
        before.ys.map((y) => y - 1),
        'a tap of soft drop moves one row',
      );

      await button('hold').tap();
      now = await until(page, (p) => p.hold !== null, 'hold');
      await button('hard_drop').tap();
      now = await until(page, (p) => p.pieces === before.pieces + 1, 'hard drop');

      // Gestures on the board: a tap turns, a swipe down drops.
      now = await pastSquares(page, () => button('hard_drop').tap(), 'the next piece');
      before = now;
      const board = await rect(page, '#board');
      await page.touchscreen.tap(...centre(board));
      now = await until(page, (p) => p.shape !== before.shape, 'a tap on the board to turn');
      before = now;
      const [x, y] = centre(board);
      await swipe(cdp, [x - 60, y], [x - 60 + 0.5, y + 150]);
      await until(page, (p) => p.pieces === before.pieces + 1, 'a swipe down to drop');

      // A half turn's button shows where the kicks have half turns (SRS+), and turns the piece.
      assert.equal(await button('half').isVisible(), false, 'SRS has no half turns');
      await page.evaluate(() =>
        document.querySelector('tetris-ai').setAttribute('kicks', 'srs_plus'),
      );
      await button('half').waitFor({ state: 'visible', ...WAIT });
      inside(await rect(page, 'button[data-key="half"]'), 'the half turn button');
      for (const key of ['left', 'hold']) {
        inside(await rect(page, `button[data-key="${key}"]`), `the ${key} button beside it`);
      }
      before = await pastSquares(page, () => button('hard_drop').tap(), 'a piece', halfTurned);
      await button('half').tap();
      now = await until(page, (p) => p.shape !== before.shape, 'the half turn button to turn');
      assert.equal(now.shape, halfTurned(before.shape), 'a half turn, not a quarter');

      // With the AI playing the buttons are off.
      await page.evaluate(() => (document.querySelector('tetris-ai').autoplay = true));
      await page.waitForFunction(
        () =>
          document.querySelector('tetris-ai').shadowRoot.querySelector('button[data-key="left"]')
            .disabled,
        null,
        WAIT,
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'the project page on a phone: the board and the touch buttons fit the screen',
  { timeout: 90_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { ...PHONE, ready: false });
    try {
      const { page } = opened;
      await page.waitForFunction(() => document.querySelector('tetris-ai')?.game, null, {
        timeout: 60_000,
      });
      await page.evaluate(() => document.querySelector('tetris-ai').ready);
      inside(await rect(page, '#board'), 'the board');
      inside(await rect(page, '#touch'), 'the touch buttons');
      assert.equal(await page.locator('tetris-ai').locator('#touch').isVisible(), true);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'touch="on" shows the buttons with a mouse and "off" hides them; a bad value is named',
  { timeout: 90_000 },
  async () => {
    const opened = await openElementPage(
      env.browser,
      env.server,
      '<tetris-ai id="desk" touch="on"></tetris-ai><tetris-ai id="auto"></tetris-ai>',
    );
    try {
      const { page } = opened;
      const shown = (id) => page.locator(`#${id}`).locator('#touch').isVisible();
      assert.equal(await shown('desk'), true, 'touch="on" shows the buttons');
      assert.equal(await shown('auto'), false, 'auto hides them where the pointer is fine');
      await page.evaluate(() => (document.querySelector('#desk').touch = 'off'));
      await page.waitForFunction(
        () => document.querySelector('#desk').shadowRoot.querySelector('#touch').hidden,
        null,
        WAIT,
      );
      const error = await page.evaluate(() => {
        const el = document.querySelector('#desk');
        const seen = new Promise((resolve) =>
          el.addEventListener('error', (e) => resolve(e.detail.message), { once: true }),
        );
        el.setAttribute('touch', 'sometimes');
        return seen;
      });
      assert.match(error, /touch must be auto, on, off, got "sometimes"/);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test('on a phone, touch="off" hides the buttons', { timeout: 90_000 }, async () => {
  const opened = await openElementPage(
    env.browser,
    env.server,
    '<tetris-ai touch="off"></tetris-ai>',
    {
      ...PHONE,
      style: FILL,
    },
  );
  try {
    assert.equal(await opened.page.locator('tetris-ai').locator('#touch').isVisible(), false);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test(
  'on a phone, the game-over screen offers its buttons, not keys, and "Play yourself" works',
  { timeout: 90_000 },
  async () => {
    const opened = await openElementPage(
      env.browser,
      env.server,
      '<tetris-ai id="full" controls="full" board="4x4" seed="3" autoplay ai-delay="-1"></tetris-ai>' +
        '<tetris-ai id="play" controls="play" board="4x4" seed="3" autoplay ai-delay="-1"></tetris-ai>',
      { ...PHONE, style: 'tetris-ai { height: 45vh; }' },
    );
    try {
      const { page } = opened;
      for (const id of ['full', 'play']) {
        const over = page.locator(`#${id}`).locator('#overlay');
        await over.waitFor({ state: 'visible', ...WAIT });
        const shown = await page.evaluate((id) => {
          const root = document.querySelector(`#${id}`).shadowRoot;
          const visible = (e) => e.getClientRects().length > 0;
          return {
            text: root.querySelector('#overlay').innerText,
            buttons: [...root.querySelectorAll('#overlay button')].filter(visible).length,
          };
        }, id);
        assert.doesNotMatch(shown.text, /\bN\b|\bR\b|press/i, `${id}: no keys on a phone`);
        assert.equal(shown.buttons, 2, `${id}: "New game" and "Replay this seed" to tap`);
      }
      // With the AI playing, the touch buttons wait; "Play yourself" hands them over.
      const drop = page.locator('#play').locator('[data-key="hard_drop"]');
      assert.equal(await drop.isDisabled(), true);
      await page.locator('#play').locator('#play-toggle').tap(WAIT);
      await page.waitForFunction(() => document.querySelector('#play').autoplay === false);
      assert.equal(await drop.isDisabled(), false, 'the visitor has the touch buttons');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);
