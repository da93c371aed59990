// The share link: opened in a fresh browser context it replays the same game (placements, seed,
// rules, board, depth and weights); a bad link is reported by field and its good fields are
// used, without touching the user's saved settings, and its banners leave the whole game in the
// window; a damaged one says so, in plain words, and stays said; a click on the link copies it
// and restarts nothing, while a link pasted into the open page plays; a shared game says so and
// stays in the address, so that a reload plays it again, until the user goes back to their own
// settings or changes one.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  setValue,
  setChecked,
  playFast,
  newGame,
  waitPieces,
  settle,
  waitForAsync,
  waitReady,
  assertNoErrors,
  inPart,
  showPart,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };
const SEED = 987654321;
const PIECES = 40;

const env = serveAndBrowse({ isolation: true });

const STORAGE_KEY = 'tetris-ai/settings/v2';

/** A share link to the page carrying `payload` (an object as JSON, or text as it is). */
function linkTo(payload) {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return `${env.server.url}#s=${Buffer.from(text).toString('base64url')}`;
}

/** The text of every alert the page shows outside the game, one per line. */
function alerts(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="alert"]')]
      .filter((e) => !e.hidden && e.getClientRects().length > 0)
      .map((e) => e.textContent.trim())
      .filter(Boolean)
      .join('\n'),
  );
}

/** The engine's limits, as the page's module gives them. */
function engineLimits(page) {
  return page.evaluate(async () => (await import('/tetris-ai.js')).limits());
}

/** The game the page plays: its seed (as the settings show it), board and weights. */
function playing(page) {
  return page.evaluate(async () => {
    const view = await window.tetris.game.view();
    return {
      seed: Number(document.querySelector('#seed').value),
      width: view.width,
      height: view.height,
      weights: await window.tetris.game.weights(),
    };
  });
}

/** What defines the game a page plays, as its settings and its engine show it. */
function settings(page) {
  return page.evaluate(async () => {
    const value = (id) => document.querySelector(id).value;
    const view = await window.tetris.game.view();
    return {
      seed: value('#seed'),
      rules: value('#rules'),
      width: value('#board-width'),
      height: value('#board-height'),
      depth: value('#depth'),
      boardView: { width: view.width, height: view.height },
      weights: await window.tetris.game.weights(),
    };
  });
}

/**
 * Pauses and returns the placements so far, once the frames asked for before the pause have run
 * and the page has recorded what they placed.
 */
async function pauseAndRead(page) {
  await inPart(page, 'settings', () => page.locator('#pause').click(WAIT));
  await page.waitForFunction(() => window.tetris.paused === true, null, WAIT);
  await settle(page);
  return page.evaluate(() => window.tetris.placements.slice());
}

test('a shared link replays the same game', { timeout: 300_000 }, async (t) => {
  const original = await openPage(env.browser, env.server.url, { part: 'settings' });
  let replay;
  try {
    const { page } = original;
    await setValue(page, '#rules', 'guideline');
    await setValue(page, '#seed', SEED);
    await setValue(page, '#board-height', 22);
    try {
      await setValue(page, '#depth', 2);
    } catch (error) {
      t.diagnostic(`depth 2 not available: ${error.message}`);
    }
    await setValue(page, 'input[data-feature="holes"][data-field="weight"]', -6);
    // A fresh game from the seed, one piece a second until it is seen to start from nothing.
    await setChecked(page, '#ai-enabled', true);
    await setValue(page, '#ai-delay', -1);
    await setValue(page, '#fps', 1);
    await newGame(page);
    await waitForAsync(
      page,
      async () => {
        // Read as stats() is answered, when the page has heard of every earlier lock.
        const pieces = (await window.tetris.game.stats()).pieces;
        return pieces < 5 && window.tetris.placements.length === pieces;
      },
      null,
      WAIT,
    ).catch(async () => {
      const seen = await page.evaluate(async () => ({
        pieces: (await window.tetris.game.stats()).pieces,
        placements: window.tetris.placements.length,
      }));
      assert.fail(
        `a new game should start with no pieces and no placements, got ${JSON.stringify(seen)}`,
      );
    });
    await playFast(page);
    await waitPieces(page, PIECES, 120_000);
    const played = await pauseAndRead(page);
    const pieces = await page.evaluate(async () => (await window.tetris.game.stats()).pieces);
    assert.equal(
      played.length,
      pieces,
      'tetris.placements should hold one entry per piece of this game',
    );
    const wanted = await settings(page);
    const href = await page.locator('#share-link').evaluate((a) => a.href);
    t.diagnostic(`share link after ${played.length} pieces: ${href}`);
    assert.ok(new URL(href).hash.length > 1, 'the share link should carry the game in its hash');
    assertNoErrors(assert, original, 'the original page');

    replay = await openPage(env.browser, href);
    const got = await settings(replay.page);
    assert.deepEqual(got, wanted, 'the link should restore seed, rules, board, depth and weights');
    await playFast(replay.page);
    await waitPieces(replay.page, played.length, 120_000);
    const replayed = await pauseAndRead(replay.page);
    assert.ok(replayed.length >= played.length, `the replay has ${replayed.length} placements`);
    const differs = played.findIndex((p, i) => replayed[i] !== p);
    assert.equal(
      differs,
      -1,
      differs < 0
        ? ''
        : `placement ${differs} differs: ${played[differs]} then ${replayed[differs]}`,
    );
    t.diagnostic(`${played.length} placements replayed identically`);
    assertNoErrors(assert, replay, 'the replay');
  } finally {
    await replay?.close();
    await original.close();
  }
});

test(
  'a share link with bad weights keeps the saved settings and plays its good fields',
  { timeout: 300_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url);
    try {
      const { page, context } = opened;
      await setValue(page, '#seed', 4242);
      await setValue(page, '#board-width', 8);
      await setValue(page, 'input[data-feature="holes"][data-field="weight"]', -6);
      const own = await playing(page);
      const saved = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
      assert.ok(
        saved && saved.includes('4242'),
        `the page should have saved its settings: ${saved}`,
      );
      await page.close();

      const good = { seed: 777, rules: 'classic', width: 6, height: 12, depth: 1 };
      const cases = [
        { what: 'an unknown feature', link: { ...good, weights: { holez: 1 } }, names: /holez/ },
        {
          what: 'a weight that is not a number',
          link: { ...good, weights: { holes: 'x' } },
          names: /holes.*"x"/,
        },
        {
          what: 'a negative margin',
          link: { ...good, weights: { holes: -4 }, margin: -100 },
          names: /margin.*-100/,
        },
      ];
      for (const { what, link, names } of cases) {
        const shared = await context.newPage();
        try {
          await shared.goto(linkTo(link), { waitUntil: 'load' });
          await waitReady(shared);
          const shown = await alerts(shared);
          assert.match(shown, /share link/i, `${what}: the message should blame the link`);
          assert.match(shown, names, `${what}: the message should name the bad field`);
          assert.doesNotMatch(shown, /config\./, `${what}: in the player's words`);
          assert.doesNotMatch(shown, /saved settings/i, `${what}: not the saved settings`);
          assert.equal(
            await shared.evaluate((key) => localStorage.getItem(key), STORAGE_KEY),
            saved,
            `${what}: the saved settings should be untouched`,
          );
          const got = await playing(shared);
          assert.deepEqual(
            { seed: got.seed, width: got.width, height: got.height },
            { seed: good.seed, width: good.width, height: good.height },
            `${what}: the link's seed and board should play`,
          );
          assert.deepEqual(got.weights, own.weights, `${what}: the user's own weights should play`);
        } finally {
          await shared.close();
        }
      }
    } finally {
      await opened.close();
    }
  },
);

test(
  'a damaged share link says what is wrong, and the message stays',
  { timeout: 300_000 },
  async () => {
    const page0 = await openPage(env.browser, env.server.url);
    const seedLimit = (await engineLimits(page0.page)).seed;
    await page0.close();
    const cases = [
      { hash: '#s=%%%garbage', names: /damaged.*not a game this page can read.*%%%garbage/ },
      { payload: 'not json', names: /damaged.*not a game this page can read/ },
      { payload: 'null', names: /damaged.*null/ },
      { payload: '[1,2]', names: /damaged.*\[1,2\]/ },
      { payload: { seed: 'abc' }, names: /seed.*"abc"/ },
      { payload: { seed: -5 }, names: /seed.*-5/ },
      { payload: '{"seed": 1e20}', names: /seed.*100000000000000000000/ },
    ];
    for (const { hash, payload, names } of cases) {
      const url = hash ? `${env.server.url}${hash}` : linkTo(payload);
      const opened = await openPage(env.browser, url);
      try {
        const { page } = opened;
        // The game plays on (at its own pace: a changed setting would hide the message).
        await waitPieces(page, 3, 60_000);
        const shown = await alerts(page);
        assert.match(shown, /share link/i, `${url}: a message should stay after 3 pieces`);
        assert.match(shown, names, `${url}: the message should say what is wrong`);
        assert.doesNotMatch(shown, /base64|JSON/i, `${url}: in plain words`);
        if (payload && typeof payload === 'object') {
          const { min, max } = seedLimit;
          assert.ok(shown.includes(`from ${min} to ${max}`), `${url}: the seeds allowed: ${shown}`);
        }
        await page.getByRole('button', { name: 'Dismiss' }).click(WAIT);
        assert.equal(await alerts(page), '', 'Dismiss should hide the message');
      } finally {
        await opened.close();
      }
    }
    // Changing a setting also hides it.
    const opened = await openPage(env.browser, linkTo('null'));
    try {
      assert.match(await alerts(opened.page), /damaged/);
      await setValue(opened.page, '#fps', 30);
      assert.equal(await alerts(opened.page), '', 'a changed setting should hide the message');
    } finally {
      await opened.close();
    }
  },
);

test(
  'each bad field of a share link is reported with its value and what is allowed; the rest plays',
  { timeout: 120_000 },
  async () => {
    const link = {
      seed: 31337,
      rules: 'tetris99',
      width: 999,
      height: 0,
      depth: 7,
      margin: 'x',
      weights: 'abc',
    };
    const opened = await openPage(env.browser, linkTo(link));
    let limits;
    try {
      const { page } = opened;
      limits = await engineLimits(page);
      const shown = await alerts(page);
      const expected = [
        [
          'rules',
          '"tetris99"',
          Object.keys(limits.rules)
            .map((kind) => `"${kind}"`)
            .join(' or '),
        ],
        ['width', '999', `a whole number from ${limits.width.min} to ${limits.width.max}`],
        ['height', '0', `a whole number from ${limits.height.min} to ${limits.height.max}`],
        ['depth', '7', `a whole number from ${limits.depth.min} to ${limits.depth.max}`],
        ['margin', '"x"', "a finite number, 0 or more (or null for the preset's)"],
        [
          'weights',
          '"abc"',
          'an object of feature name -> weight (a number or {weight, exponent})',
        ],
      ];
      for (const [field, value, allowed] of expected) {
        const line = `The share link's ${field} must be ${allowed}, got ${value}; the rest of the link is used.`;
        assert.ok(shown.includes(line), `the page should say "${line}"; it says:\n${shown}`);
      }
      assert.equal((await playing(page)).seed, link.seed, "the link's good seed should play");
      // The banners above it leave the whole game in the window (1280×900).
      const game = await page.evaluate(() => ({
        bottom: document.querySelector('#game').getBoundingClientRect().bottom,
        window: window.innerHeight,
      }));
      assert.ok(game.bottom <= game.window, `the game ends at ${game.bottom} of ${game.window}`);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
    // A depth just past either end of the engine's range is named with that range.
    const { depth } = limits;
    for (const bad of [depth.min - 1, depth.max + 1]) {
      const shared = await openPage(env.browser, linkTo({ seed: 5, depth: bad }));
      try {
        const line =
          `The share link's depth must be a whole number from ${depth.min} to ${depth.max}, ` +
          `got ${bad}; the rest of the link is used.`;
        const shown = await alerts(shared.page);
        assert.ok(shown.includes(line), `the page should say "${line}"; it says:\n${shown}`);
        assert.equal((await playing(shared.page)).seed, 5, "the link's good seed should play");
      } finally {
        await shared.close();
      }
    }
    // A good board width with a bad height: a board plays whole or not at all, so the page's
    // own board plays, the height named.
    const board = await openPage(env.browser, linkTo({ seed: 5, width: 6, height: 0 }));
    try {
      const got = await playing(board.page);
      assert.deepEqual([got.seed, got.width], [5, 10], "the page's own board should play");
      assert.match(await alerts(board.page), /height .*got 0/);
    } finally {
      await board.close();
    }
  },
);

test(
  'clicking the share link copies it and restarts nothing; a link pasted into the open page plays',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url);
    try {
      const { page, context } = opened;
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: new URL(env.server.url).origin,
      });
      await playFast(page);
      await waitPieces(page, 5, 60_000);
      await showPart(page, 'settings');
      await page.locator('#pause').click(WAIT);
      await page.waitForFunction(() => window.tetris.paused === true, null, WAIT);
      await settle(page);
      const before = await page.evaluate(async () => (await window.tetris.game.stats()).pieces);

      const link = page.locator('#share-link');
      const href = await link.evaluate((a) => a.href);
      await link.click(WAIT);
      await settle(page);
      const after = await page.evaluate(async () => ({
        pieces: (await window.tetris.game.stats()).pieces,
        paused: window.tetris.paused,
        hash: window.location.hash,
      }));
      assert.deepEqual(
        after,
        { pieces: before, paused: true, hash: '' },
        'the click should leave the game as it was',
      );
      await page.getByText('Copied').waitFor(WAIT);
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), href);
      assert.ok(new URL(await link.getAttribute('href')).hash.startsWith('#s='), 'a real link');

      // Another game's link pasted into the address bar.
      const other = new URL(
        linkTo({ seed: 2718, rules: 'classic', width: 7, height: 14, depth: 1 }),
      );
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, other.hash);
      await waitForAsync(
        page,
        async () => (await window.tetris.game.view()).width === 7,
        null,
        WAIT,
      );
      const got = await playing(page);
      assert.deepEqual([got.seed, got.width, got.height], [2718, 7, 14]);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'a shared game says so and survives a reload, until the user goes back or changes something',
  { timeout: 300_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url);
    try {
      const { page, context } = opened;
      await setValue(page, '#seed', 4242);
      const saved = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
      await page.close();

      const link = linkTo({ seed: 777, rules: 'classic', width: 6, height: 12, depth: 1 });
      /** What `page` says of a shared game, the seed it plays and its address's hash. */
      const watching = async (page) => ({
        note: await page.evaluate(() => {
          const note = document.querySelector('#shared-game');
          return note && !note.hidden ? note.textContent.replace(/\s+/g, ' ').trim() : '';
        }),
        seed: (await playing(page)).seed,
        hash: await page.evaluate(() => window.location.hash),
      });
      const shared = await context.newPage();
      try {
        await shared.goto(link, { waitUntil: 'load' });
        await waitReady(shared);
        const first = await watching(shared);
        assert.match(first.note, /shared game.*777.*Back to my settings/);
        assert.deepEqual([first.seed, first.hash], [777, new URL(link).hash]);

        await shared.reload();
        await waitReady(shared);
        assert.deepEqual(await watching(shared), first, 'a reload plays the shared game again');

        await shared.getByRole('button', { name: 'Back to my settings' }).click(WAIT);
        await waitForAsync(shared, async () => (await window.tetris.game.view()).width !== 6);
        assert.deepEqual(
          await watching(shared),
          { note: '', seed: 4242, hash: '' },
          'back to the own settings',
        );
        assert.deepEqual(
          JSON.parse(await shared.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)),
          JSON.parse(saved),
          'the own settings are still saved as they were',
        );
      } finally {
        await shared.close();
      }

      // A change of the user's own makes the shared game theirs: the link goes.
      const changed = await context.newPage();
      try {
        await changed.goto(link, { waitUntil: 'load' });
        await waitReady(changed);
        assert.equal((await watching(changed)).seed, 777);
        await setValue(changed, '#fps', 30);
        assert.deepEqual(await watching(changed), { note: '', seed: 777, hash: '' });
      } finally {
        await changed.close();
      }
    } finally {
      await opened.close();
    }
  },
);
