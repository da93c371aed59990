// The <tetris-ai> element: two elements on one page play independently (simd build without
// isolation, threaded with it); removing one stops its worker and its drawing; a bad attribute
// is shown inside the element and fires `error`, whether it is there from the start or comes
// later (the game then goes on), over the game for a few seconds, while `update()` only
// rejects; keys play only while the element has focus; its "Play
// yourself" hands the game to a visitor and back; a changed attribute applies at once; and the npm package, installed from its tarball, runs a game from
// the element and from the API, threaded and simd. An element without attributes plays the
// defaults its docs state.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ROOT,
  READY_TIMEOUT,
  startServer,
  launchBrowser,
  startAll,
  openPage,
  hostPage,
  elementsReady,
  waitForAsync,
  assertNoErrors,
} from './harness.mjs';

import { ATTRIBUTES } from '../../www/lib/attributes.js';
import { documentedText } from '../unit/attribute-docs.mjs';

const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const WAIT = { timeout: 10_000 };

let browser;
let unisolated;
let isolated;

before(async () => {
  [unisolated, isolated, browser] = await startAll([
    startServer({ isolation: false }),
    startServer({ isolation: true }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  await Promise.all([unisolated?.stop(), isolated?.stop()]);
});

/** Opens `html` as a page of `server` (as element-test.html). */
function openHtml(server, html) {
  return openPage(browser, `${server.url}element-test.html`, { ready: false, html });
}

/** What each element (by id) plays: build, board, pieces, opening placements, worker, state. */
function games(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const el of document.querySelectorAll('tetris-ai')) {
      if (!el.game) {
        out[el.id] = null;
        continue;
      }
      const [view, stats] = await Promise.all([el.game.view(), el.game.stats()]);
      out[el.id] = {
        build: el.build,
        width: view.width,
        height: view.height,
        pieces: stats.pieces,
        over: stats.game_over,
        placements: el.placements.length,
        opening: el.placements.slice(0, 5),
        worker: el.game.engine.id,
        paused: el.paused,
      };
    }
    return out;
  });
}

/** Polls `read()` until `done(value)`, failing after `timeout` ms with the last value. */
async function until(read, done, what, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let value;
  for (;;) {
    value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${timeout} ms (last ${JSON.stringify(value)})`);
    }
    await sleep(100);
  }
}

/** The page's game workers (named "game-…" by the engine), as a Map from name to worker. */
async function gameWorkers(page) {
  const found = new Map();
  const names = await Promise.all(
    page.workers().map((worker) => worker.evaluate(() => self.name).catch(() => null)),
  );
  page.workers().forEach((worker, i) => {
    if (names[i] && names[i].startsWith('game-')) found.set(names[i], worker);
  });
  return found;
}

// ---- two games on one page ----

async function twoGames(t, server, build) {
  const opened = await openPage(browser, `${server.url}embed.html`, { ready: false });
  try {
    const { page } = opened;
    await elementsReady(page);
    const first = await games(page);
    t.diagnostic(`first: ${JSON.stringify(first)}`);
    assert.deepEqual(Object.keys(first).sort(), ['left', 'right']);
    const { left, right } = first;
    assert.equal(left.build, build, 'the left element runs the build');
    assert.equal(right.build, build, 'the right element runs the build');
    assert.deepEqual([left.width, left.height], [10, 20], 'the left board is 10x20');
    assert.deepEqual([right.width, right.height], [8, 12], 'the right board is 8x12');
    assert.notEqual(left.worker, right.worker, 'each element runs in a worker of its own');

    // Both advance.
    const later = await until(
      () => games(page),
      (g) => g.left.pieces >= left.pieces + 3 && g.right.pieces >= right.pieces + 3,
      'both games to place 3 more pieces',
      30_000,
    );
    t.diagnostic(`later: left ${later.left.pieces} pieces, right ${later.right.pieces} pieces`);
    assert.equal(later.left.over || later.right.over, false, 'neither game should be over');
    assert.notEqual(later.left.pieces, later.right.pieces, 'the games play at their own pace');
    assert.notDeepEqual(
      later.left.opening,
      later.right.opening,
      'the games place their own pieces',
    );

    // Pausing one leaves the other playing.
    await page.evaluate(async () => {
      const left = document.querySelector('#left');
      left.pause();
      await left.game.stats(); // the frames asked for before the pause have run
      await left.game.stats();
    });
    const paused = await games(page);
    const after = await until(
      () => games(page),
      (g) => g.right.pieces >= paused.right.pieces + 3,
      'the right game to go on while the left one is paused',
      30_000,
    );
    assert.equal(after.left.paused, true);
    assert.equal(after.left.pieces, paused.left.pieces, 'the paused game should place no piece');
    assert.equal(after.right.paused, false);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
}

test(
  'embed.html without isolation: two games play independently on the simd build',
  { timeout: 90_000 },
  (t) => twoGames(t, unisolated, 'simd'),
);

test('embed.html with isolation: both games run the threaded build', { timeout: 90_000 }, (t) =>
  twoGames(t, isolated, 'threaded'),
);

// ---- removing an element ----

test(
  'removing an element stops its worker and its drawing; the other game goes on',
  { timeout: 90_000 },
  async (t) => {
    const opened = await openPage(browser, `${unisolated.url}embed.html`, { ready: false });
    try {
      const { page } = opened;
      await elementsReady(page);
      const first = await games(page);
      const workers = await gameWorkers(page);
      assert.deepEqual(
        [...workers.keys()].sort(),
        [first.left.worker, first.right.worker].sort(),
        'the page runs one game worker per element',
      );

      const left = await page.evaluateHandle(() => document.querySelector('#left'));
      const board = () => left.evaluate((el) => el.shadowRoot.querySelector('#board').toDataURL());
      // The left game animates (a piece moves every few frames).
      const before = await board();
      await until(board, (now) => now !== before, 'the left board to change', 10_000);

      const worker = workers.get(first.left.worker);
      const closed = new Promise((resolve) => worker.once('close', () => resolve(true)));
      await left.evaluate((el) => el.remove());
      let timer;
      const ended = await Promise.race([
        closed,
        new Promise((resolve) => (timer = setTimeout(() => resolve(false), 10_000))),
      ]);
      clearTimeout(timer);
      assert.ok(ended, `the removed element's worker ${first.left.worker} is still running`);
      const remaining = await gameWorkers(page);
      assert.deepEqual(
        [...remaining.keys()],
        [first.right.worker],
        "only the other element's game worker is left",
      );

      const removed = async () => ({
        board: await board(),
        placements: await left.evaluate((el) => el.placements.length),
        game: await left.evaluate((el) => el.game === null),
      });
      const gone = await removed();
      const others = (await games(page)).right.pieces;
      await sleep(1_500);
      const still = await removed();
      assert.equal(still.game, true, 'the removed element has no game');
      assert.equal(still.placements, gone.placements, 'the removed element places no piece');
      assert.ok(still.board === gone.board, "the removed element's board no longer changes");
      const now = await games(page);
      t.diagnostic(`right: ${others} -> ${now.right.pieces} pieces while the left one was gone`);
      assert.ok(now.right.pieces > others, 'the other game goes on');
      assert.equal(now.right.worker, first.right.worker);
      await left.dispose();
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

// ---- defaults ----

test(
  'an element without attributes plays the defaults its docs state',
  { timeout: 90_000 },
  async () => {
    const opened = await openHtml(unisolated, hostPage('<tetris-ai id="bare"></tetris-ai>'));
    try {
      const { page } = opened;
      await elementsReady(page);
      const texts = await page.evaluate(async () => {
        const { ATTRIBUTES, attributeText } = await import('/lib/attributes.js');
        const el = document.querySelector('#bare');
        return Object.fromEntries(
          Object.keys(ATTRIBUTES).map((property) => [
            property,
            attributeText(property, el[property]),
          ]),
        );
      });
      for (const entry of Object.values(ATTRIBUTES)) {
        const documented = documentedText(entry);
        const text = texts[entry.property];
        if (documented === null) {
          assert.match(text, /^\d+$/, `${entry.attribute}: a whole number`);
        } else {
          assert.equal(text, documented || null, `${entry.attribute}'s default`);
        }
      }
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

// ---- bad attributes ----

const BAD = [
  { attribute: 'board', value: 'abc' },
  { attribute: 'rules', value: 'tetris99' },
  { attribute: 'seed', value: '-5' },
  { attribute: 'weights', value: '{not json' },
  { attribute: 'preset', value: 'nobody' },
  { attribute: 'depth', value: '7' },
];

/** Whether `text` names the attribute and its value. */
function names(text, { attribute, value }) {
  return text.includes(attribute) && text.includes(value);
}

test(
  'an element made with a bad attribute says so inside it and fires error',
  { timeout: 90_000 },
  async (t) => {
    const opened = await openHtml(unisolated, hostPage(''));
    try {
      const { page } = opened;
      await page.waitForFunction(() => customElements.get('tetris-ai'), null, WAIT);
      const results = await page.evaluate(
        async ([bad, ms]) => {
          const made = bad.map(({ attribute, value }, i) => {
            const el = document.createElement('tetris-ai');
            el.id = `bad-${i}`;
            el.setAttribute('seed', '1');
            el.setAttribute(attribute, value);
            el.events = [];
            el.addEventListener('error', (event) => el.events.push(event.detail.message));
            document.body.append(el);
            return el;
          });
          const settled = await Promise.race([
            Promise.allSettled(made.map((el) => el.ready)),
            new Promise((_, reject) =>
              setTimeout(() => reject(new Error(`elements unsettled after ${ms} ms`)), ms),
            ),
          ]);
          return made.map((el, i) => ({
            id: el.id,
            ready: settled[i].status,
            events: el.events,
            error: el.shadowRoot.querySelector('#error').hidden
              ? ''
              : el.shadowRoot.querySelector('#error-text').textContent,
            game: el.game !== null,
          }));
        },
        [BAD, READY_TIMEOUT],
      );
      for (const [i, result] of results.entries()) {
        const bad = BAD[i];
        t.diagnostic(`${bad.attribute}="${bad.value}": ${JSON.stringify(result.error)}`);
        assert.equal(
          result.ready,
          'rejected',
          `${bad.attribute}="${bad.value}": ready should reject`,
        );
        assert.equal(result.game, false, `${bad.attribute}="${bad.value}": no game should run`);
        assert.ok(
          names(result.error, bad),
          `${bad.attribute}="${bad.value}": the box should name both, got ${JSON.stringify(result.error)}`,
        );
        assert.deepEqual(
          result.events,
          [result.error],
          `${bad.attribute}="${bad.value}": one error event with the text shown`,
        );
        const shown = page.locator(`#${result.id}`).locator('#error');
        assert.equal(
          await shown.isVisible(),
          true,
          `${bad.attribute}="${bad.value}": the error should be visible`,
        );
        assert.ok(names(await shown.textContent(), bad));
      }
      // No engine worker is left behind by an element that could not start.
      await until(
        async () => (await gameWorkers(page)).size,
        (n) => n === 0,
        'no game worker left',
        10_000,
      );

      // A good value later starts the game.
      await page.evaluate(() => document.querySelector('#bad-0').setAttribute('board', '10x20'));
      await waitForAsync(
        page,
        async () => {
          const el = document.querySelector('#bad-0');
          return el.game !== null && (await el.game.view()).width === 10;
        },
        null,
        { timeout: READY_TIMEOUT },
      );
      assert.equal(
        await page.evaluate(() => document.querySelector('#bad-0').ready.then(() => 'resolved')),
        'resolved',
      );
      assert.equal(
        await page.locator('#bad-0').locator('#error').isVisible(),
        false,
        'the error goes once the game runs',
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'a bad attribute given later is shown, fires error, and the game goes on',
  { timeout: 90_000 },
  async (t) => {
    const opened = await openHtml(
      unisolated,
      hostPage(
        '<tetris-ai id="game" autoplay ai-delay="-1" fps="20" board="10x20" rules="classic" seed="1" preset="dellacherie"></tetris-ai>',
      ),
    );
    try {
      const { page } = opened;
      await elementsReady(page);
      await page.evaluate(() => {
        const el = document.querySelector('#game');
        el.events = [];
        el.addEventListener('error', (event) => el.events.push(event.detail.message));
      });
      const start = (
        await until(
          () => games(page),
          (g) => g.game.pieces >= 5,
          'the game to place 5 pieces',
        )
      ).game;
      for (const bad of BAD) {
        const seen = await page.evaluate(() => document.querySelector('#game').events.length);
        await page.evaluate(
          ({ attribute, value }) => document.querySelector('#game').setAttribute(attribute, value),
          bad,
        );
        await page.waitForFunction(
          (seen) => document.querySelector('#game').events.length > seen,
          seen,
          WAIT,
        );
        const state = await page.evaluate(() => {
          const el = document.querySelector('#game');
          return {
            events: el.events,
            banner: el.shadowRoot.querySelector('#banner').textContent,
            settings: {
              board: el.board,
              rules: el.rules,
              seed: el.seed,
              preset: el.preset,
              depth: el.depth,
              weights: el.weights,
            },
          };
        });
        t.diagnostic(`${bad.attribute}="${bad.value}": ${JSON.stringify(state.banner)}`);
        assert.equal(
          state.events.length,
          seen + 1,
          `${bad.attribute}="${bad.value}": one error event`,
        );
        assert.equal(state.events.at(-1), state.banner, 'the event carries the text shown');
        assert.ok(
          names(state.banner, bad),
          `${bad.attribute}="${bad.value}": the banner should name both`,
        );
        const banner = page.locator('#game').locator('#banner');
        assert.equal(
          await banner.isVisible(),
          true,
          `${bad.attribute}="${bad.value}": the banner should be visible`,
        );
        assert.deepEqual(
          state.settings,
          {
            board: [10, 20],
            rules: 'classic',
            seed: 1,
            preset: 'dellacherie',
            depth: 1,
            weights: null,
          },
          'the settings in use stay as they were',
        );
      }
      // The same game went on throughout, and still does.
      const during = (await games(page)).game;
      const now = await until(
        () => games(page),
        (g) => g.game.pieces >= during.pieces + 3,
        'the game to go on',
      );
      assert.deepEqual(now.game.opening, start.opening, 'the game that was running goes on');
      assert.ok(now.game.pieces > start.pieces);
      assert.equal(now.game.worker, start.worker);
      assert.deepEqual([now.game.width, now.game.height], [10, 20]);
      assert.equal(
        await page.locator('#game').locator('#error').isVisible(),
        false,
        'a refused change is a banner, not the error box',
      );
      // A good value then applies and clears the banner.
      await page.evaluate(() => document.querySelector('#game').setAttribute('board', '8x12'));
      await waitForAsync(
        page,
        async () => (await document.querySelector('#game').game.view()).width === 8,
        null,
        WAIT,
      );
      assert.equal(
        await page.locator('#game').locator('#banner').isVisible(),
        false,
        'a good value clears the banner',
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'a refused attribute shows over the game for a few seconds; update() rejects without it',
  { timeout: 90_000 },
  async () => {
    const opened = await openHtml(
      unisolated,
      hostPage('<tetris-ai id="game" autoplay ai-delay="-1" fps="20" seed="1"></tetris-ai>'),
    );
    try {
      const { page } = opened;
      await elementsReady(page);
      const banner = page.locator('#game').locator('#banner');
      await page.evaluate(() => {
        const el = document.querySelector('#game');
        el.events = [];
        el.addEventListener('error', (event) => el.events.push(event.detail.message));
      });
      // update() is for code: its caller hears why, and nothing shows over the game.
      const refused = await page.evaluate(() =>
        document
          .querySelector('#game')
          .update({ weights: { no_such_feature: 1 } })
          .then(
            () => null,
            (err) => err.message,
          ),
      );
      assert.match(refused ?? '', /no_such_feature/, 'update() rejects naming the feature');
      assert.deepEqual(
        await page.evaluate(() => document.querySelector('#game').events),
        [refused],
        'update() fires error',
      );
      assert.equal(await banner.isVisible(), false, 'update() shows nothing over the game');

      // An attribute the engine refuses has no caller to tell: it shows over the game, which
      // goes on, and then goes.
      await page.evaluate(() =>
        document.querySelector('#game').setAttribute('weights', '{"no_such_feature": 2}'),
      );
      await banner.waitFor({ state: 'visible', ...WAIT });
      assert.match(await banner.textContent(), /no_such_feature/);
      await banner.waitFor({ state: 'hidden', timeout: 30_000 });
      const pieces = (await games(page)).game.pieces;
      await until(
        () => games(page),
        (g) => g.game.pieces > pieces,
        'the game to go on',
      );
    } finally {
      await opened.close();
    }
  },
);

// ---- keys ----

test('keys play only while the element has focus', { timeout: 90_000 }, async (t) => {
  const opened = await openHtml(
    unisolated,
    hostPage(
      '<p><input id="host-input" aria-label="A field of the host page"></p>\n' +
        '<tetris-ai id="game" controls="play" rules="guideline" board="10x20" seed="5" gravity="1000" lock-delay="1000"></tetris-ai>',
    ),
  );
  try {
    const { page } = opened;
    await elementsReady(page);
    /** The active piece's columns, its hold, the pieces placed, whether paused. */
    const state = () =>
      page.evaluate(async () => {
        const el = document.querySelector('#game');
        const flat = Array.from(await el.game.activeCells());
        const view = await el.game.view();
        const stats = await el.game.stats();
        return {
          xs: flat.filter((_, i) => i % 2 === 0),
          cells: flat.length / 2,
          hold: view.hold ?? null,
          pieces: stats.pieces,
          paused: el.paused,
        };
      });
    const fresh = await until(state, (s) => s.cells === 4, 'a falling piece');
    assert.equal(fresh.pieces, 0);
    assert.equal(fresh.hold, null);
    const keys = ['ArrowLeft', 'ArrowLeft', 'Shift', 'Space', 'p'];
    /** Presses the keys, and waits until the game's worker has answered after them. */
    const press = async () => {
      for (const key of keys) await page.keyboard.press(key);
      await sleep(300);
      await page.evaluate(async () => {
        await document.querySelector('#game').game.stats();
        await document.querySelector('#game').game.stats();
      });
    };

    // Focus on a field of the host page.
    await page.locator('#host-input').focus(WAIT);
    await press();
    assert.deepEqual(await state(), fresh, 'keys typed in the host page should not reach the game');
    assert.equal(
      await page.locator('#host-input').inputValue(),
      ' p',
      'the field got what was typed',
    );

    // Focus on the body.
    await page.evaluate(() => document.activeElement.blur());
    assert.equal(await page.evaluate(() => document.activeElement === document.body), true);
    await press();
    assert.deepEqual(
      await state(),
      fresh,
      'keys pressed on the host page should not reach the game',
    );

    // Focus on the element: the same keys play.
    await page.locator('#game').click(WAIT);
    assert.equal(
      await page.evaluate(() => document.activeElement.id),
      'game',
      'a click gives the element the focus',
    );
    await page.keyboard.press('ArrowLeft');
    const moved = await until(state, (s) => s.xs.join() !== fresh.xs.join(), 'the piece to move');
    assert.deepEqual(
      moved.xs,
      fresh.xs.map((x) => x - 1),
      'ArrowLeft moves the piece one column left',
    );
    await page.keyboard.press('Shift');
    const held = await until(state, (s) => s.hold !== null, 'the piece to be held');
    assert.equal(held.pieces, 0);
    await page.keyboard.press('Space');
    const dropped = await until(state, (s) => s.pieces === 1, 'the piece to lock');
    assert.equal(dropped.paused, false);
    await page.keyboard.press('p');
    await until(state, (s) => s.paused, 'P to pause the game');
    t.diagnostic(
      `with focus: moved ${JSON.stringify(fresh.xs)} -> ${JSON.stringify(moved.xs)}, held ${held.hold}, dropped`,
    );
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test(
  '"Play yourself" in the element hands a visitor the game, and "Let the AI play" takes it back',
  { timeout: 90_000 },
  async () => {
    const opened = await openHtml(
      unisolated,
      hostPage(
        '<tetris-ai id="game" controls="play" autoplay rules="guideline" seed="5" gravity="1000" lock-delay="1000"></tetris-ai>',
      ),
    );
    try {
      const { page } = opened;
      await elementsReady(page);
      await page.evaluate(() => {
        const el = document.querySelector('#game');
        el.turns = [];
        el.addEventListener('autoplaychange', (event) => el.turns.push(event.detail.autoplay));
      });
      const toggle = page.locator('#game').locator('#play-toggle');
      /** Who plays, as the element, its attribute, its control and its events say. */
      const players = () =>
        page.evaluate(() => {
          const el = document.querySelector('#game');
          return {
            autoplay: el.autoplay,
            attribute: el.hasAttribute('autoplay'),
            label: el.shadowRoot.querySelector('#play-toggle').textContent,
            turns: el.turns,
            focused: document.activeElement?.id ?? null,
          };
        });
      assert.equal((await players()).label, 'Play yourself');

      await toggle.click(WAIT);
      const mine = await until(players, (p) => p.turns.length === 1, 'the visitor to take over');
      assert.deepEqual(mine, {
        autoplay: false,
        attribute: false,
        label: 'Let the AI play',
        turns: [false],
        focused: 'game',
      });
      // The keys play at once.
      const pieces = (await games(page)).game.pieces;
      await page.keyboard.press('Space');
      await until(
        () => games(page),
        (g) => g.game.pieces === pieces + 1,
        "Space to hard-drop the visitor's piece",
      );

      await toggle.click(WAIT);
      const ai = await until(players, (p) => p.turns.length === 2, 'the AI to take over');
      assert.deepEqual(
        [ai.autoplay, ai.attribute, ai.label, ai.turns],
        [true, true, 'Play yourself', [false, true]],
      );

      // Nothing to press with controls="none".
      await page.evaluate(() => {
        document.querySelector('#game').controls = 'none';
      });
      await toggle.waitFor({ state: 'hidden', ...WAIT });
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

// ---- a changed attribute applies at once ----

test('a changed attribute applies at once', { timeout: 90_000 }, async (t) => {
  const opened = await openHtml(
    unisolated,
    hostPage(
      '<tetris-ai id="game" autoplay ai-delay="-1" fps="20" board="10x20" seed="3"></tetris-ai>',
    ),
  );
  try {
    const { page } = opened;
    await elementsReady(page);
    const first = (await games(page)).game;
    assert.deepEqual([first.width, first.height], [10, 20]);

    await page.evaluate(() => document.querySelector('#game').setAttribute('board', '8x12'));
    await waitForAsync(
      page,
      async () => {
        const el = document.querySelector('#game');
        const view = await el.game.view();
        return view.width === 8 && view.height === 12 && el.board.join('x') === '8x12';
      },
      null,
      { timeout: 5_000 },
    );
    const small = (await games(page)).game;
    t.diagnostic(`board 8x12: ${JSON.stringify(small)}`);

    /** The pieces placed so far, once the frames asked for so far have run. */
    const placed = async () => {
      await page.evaluate(async () => {
        await document.querySelector('#game').game.stats();
        await document.querySelector('#game').game.stats();
      });
      const { game } = await games(page);
      assert.equal(game.over, false, 'the game should not be over');
      return game.pieces;
    };
    /** Waits, however slow the machine, for the AI to place a piece after `from`. */
    const placesMore = (from) =>
      waitForAsync(
        page,
        async (from) => (await document.querySelector('#game').game.stats()).pieces > from,
        from,
        { timeout: 20_000 },
      );
    await placesMore(await placed());
    await page.evaluate(() => document.querySelector('#game').removeAttribute('autoplay'));
    assert.equal(await page.evaluate(() => document.querySelector('#game').autoplay), false);
    const stopped = await placed();
    await sleep(1_500);
    assert.equal(await placed(), stopped, 'with autoplay removed the AI places no piece');
    await page.evaluate(() => document.querySelector('#game').setAttribute('autoplay', ''));
    await placesMore(stopped);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

// ---- the npm package ----

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** Serves `root` on a free port, with the cross-origin isolation headers or without. */
async function serveFolder(root, isolation) {
  const server = http.createServer(async (request, response) => {
    const headers = { 'cache-control': 'no-store' };
    if (isolation) {
      headers['cross-origin-opener-policy'] = 'same-origin';
      headers['cross-origin-embedder-policy'] = 'require-corp';
    }
    const file = path.join(
      root,
      decodeURIComponent(new URL(request.url, 'http://localhost').pathname),
    );
    if (!file.startsWith(root + path.sep)) {
      response.writeHead(403, headers).end();
      return;
    }
    try {
      const body = await fs.readFile(file);
      headers['content-type'] = MIME[path.extname(file)] || 'application/octet-stream';
      response.writeHead(200, headers).end(body);
    } catch {
      response.writeHead(404, headers).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The newest modification time of the files at `paths` (folders walked), in ms. */
async function mtimes(paths) {
  const times = [];
  const walk = async (at) => {
    const stat = await fs.stat(at);
    if (stat.isDirectory()) {
      for (const name of await fs.readdir(at)) await walk(path.join(at, name));
    } else {
      times.push(stat.mtimeMs);
    }
  };
  for (const at of paths) await walk(at);
  return times;
}

/** What the package is made from, in www/. */
const PACKAGE_SOURCES = [
  'tetris-ai.js',
  'tetris-ai.d.ts',
  'tetris-ai-element.js',
  'tetris-ai-element.d.ts',
  'lib',
  'vendor/comlink.mjs',
  'vendor/wasm-feature-detect.js',
  'pkg/plain',
  'pkg/simd',
  'pkg/threaded',
  'package',
].map((name) => path.join(ROOT, 'www', name));

/** target/package, written again by `build.sh package` unless it is newer than its sources. */
async function packageFolder() {
  const folder = path.join(ROOT, 'target', 'package');
  const built = await mtimes([folder]).catch(() => []);
  const sources = await mtimes(PACKAGE_SOURCES);
  if (built.length === 0 || Math.min(...built) < Math.max(...sources)) {
    await run('bash', ['build.sh', 'package'], { cwd: ROOT, maxBuffer: 64 << 20 });
  }
  return folder;
}

const ELEMENT_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>tetris-ai from npm</title>
  <link rel="icon" href="data:,">
  <script type="module" src="node_modules/tetris-ai/tetris-ai-element.js"></script>
</head>
<body>
  <tetris-ai autoplay ai-delay="-1" fps="30" seed="4"></tetris-ai>
</body>
</html>
`;

const API_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>tetris-ai API from npm</title>
  <link rel="icon" href="data:,">
  <script type="module">
    import { createGame, presets } from './node_modules/tetris-ai/tetris-ai.js';
    try {
      const names = (await presets()).map((p) => p.name);
      const game = await createGame({ preset: 'dellacherie', width: 10, height: 10, seed: 1 });
      const stats = await game.play(100);
      window.result = { build: game.build, stats, names };
      game.close();
    } catch (error) {
      window.result = { error: String(error && error.stack || error) };
    }
  </script>
</head>
<body></body>
</html>
`;

describe('the npm package', () => {
  let work;
  let packed;
  const servers = {};

  before(
    async () => {
      const folder = await packageFolder();
      work = await fs.mkdtemp(path.join(os.tmpdir(), 'tetris-ai-package-'));
      const { stdout } = await run('npm', ['pack', folder, '--json', '--pack-destination', work], {
        cwd: work,
      });
      [packed] = JSON.parse(stdout);
      const app = path.join(work, 'app');
      await fs.mkdir(app);
      await run(
        'npm',
        [
          'install',
          `../${packed.filename}`,
          '--prefix',
          app,
          '--offline',
          '--no-audit',
          '--no-fund',
        ],
        { cwd: app },
      );
      await fs.access(path.join(app, 'node_modules', 'tetris-ai', 'package.json'));
      await fs.writeFile(path.join(app, 'element.html'), ELEMENT_PAGE);
      await fs.writeFile(path.join(app, 'api.html'), API_PAGE);
      servers.threaded = await serveFolder(app, true);
      servers.simd = await serveFolder(app, false);
    },
    { timeout: 900_000 },
  );

  after(async () => {
    await Promise.all(Object.values(servers).map((s) => s.close()));
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  test('the tarball holds the API, the element, their types and the three builds', (t) => {
    t.diagnostic(
      `${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${packed.files.length} files`,
    );
    const files = packed.files.map((f) => f.path);
    for (const file of [
      'package.json',
      'README.md',
      'LICENSE',
      'tetris-ai.js',
      'tetris-ai.d.ts',
      'tetris-ai-element.js',
      'tetris-ai-element.d.ts',
      'lib/worker.js',
      'vendor/comlink.mjs',
      'vendor/wasm-feature-detect.js',
      'pkg/plain/tetris_ai.js',
      'pkg/plain/tetris_ai_bg.wasm',
      'pkg/simd/tetris_ai.js',
      'pkg/simd/tetris_ai_bg.wasm',
      'pkg/threaded/tetris_ai.js',
      'pkg/threaded/tetris_ai_bg.wasm',
    ]) {
      assert.ok(files.includes(file), `the tarball should hold ${file}`);
    }
    for (const file of files) {
      assert.doesNotMatch(
        file,
        /^(index\.html|embed\.html|js\/|style\.css)/,
        `the page's own ${file} is not in the package`,
      );
    }
  });

  for (const build of ['threaded', 'simd']) {
    test(
      `installed from the tarball, <tetris-ai> plays (${build})`,
      { timeout: 90_000 },
      async (t) => {
        const opened = await openPage(browser, `${servers[build].url}element.html`, {
          ready: false,
        });
        try {
          const { page } = opened;
          await elementsReady(page);
          const played = await until(
            () =>
              page.evaluate(async () => {
                const el = document.querySelector('tetris-ai');
                return {
                  build: el.build,
                  pieces: (await el.game.stats()).pieces,
                  placements: el.placements.length,
                };
              }),
            (s) => s.pieces >= 10,
            'the element to place 10 pieces',
            30_000,
          );
          t.diagnostic(JSON.stringify(played));
          assert.equal(played.build, build);
          assert.ok(played.placements >= 10);
          assertNoErrors(assert, opened);
        } finally {
          await opened.close();
        }
      },
    );

    test(
      `installed from the tarball, createGame plays (${build})`,
      { timeout: 90_000 },
      async (t) => {
        const opened = await openPage(browser, `${servers[build].url}api.html`, { ready: false });
        try {
          const { page } = opened;
          await page.waitForFunction(() => window.result, null, { timeout: READY_TIMEOUT });
          const result = await page.evaluate(() => window.result);
          t.diagnostic(JSON.stringify(result.stats ?? result));
          assert.equal(result.error, undefined, `the page failed: ${result.error}`);
          assert.equal(result.build, build);
          assert.ok(result.names.includes('dellacherie'));
          assert.ok(result.stats.pieces > 0, `play(100) placed ${result.stats.pieces} pieces`);
          assertNoErrors(assert, opened);
        } finally {
          await opened.close();
        }
      },
    );
  }
});
