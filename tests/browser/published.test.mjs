// Playing a preset as published: the element's `as-published` takes the preset's published rules
// and search (from `presets()`) instead of its `rules`, `depth` and `margin`, starts a new game
// when it changes, and does nothing with custom weights; the page's "Play under the rules it was
// published with" shows the published rules and depth in their fields (disabled), gives the
// user's own back when unchecked, is saved, travels in share links (a bad value is named), and
// the history records a game under the rules it played. Choosing a preset also plays its
// lookahead margin at once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  openElementPage,
  setValue,
  setChecked,
  settle,
  waitForAsync,
  waitReady,
  assertNoErrors,
  showPart,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };
const STORAGE_KEY = 'tetris-ai/settings/v2';
const HISTORY_KEY = 'tetris-ai/history/v1';

const env = serveAndBrowse({ isolation: true });

/** The engine's presets (by name) and named rules, as the page's module gives them. */
function engineFacts(page) {
  return page.evaluate(async () => {
    const api = await import('/tetris-ai.js');
    const [presets, limits] = await Promise.all([api.presets(), api.limits()]);
    return { presets: Object.fromEntries(presets.map((p) => [p.name, p])), limits };
  });
}

/**
 * What the element `selector` plays: the previews its game deals, its held piece, whether its
 * hold and next boxes show, the rules and search it reports, the pieces placed, and how many
 * `newgame` events it fired since `countGames` (null before).
 */
function playing(page, selector = 'tetris-ai') {
  return page.evaluate(async (selector) => {
    const el = document.querySelector(selector);
    const view = await el.game.view();
    const shown = (id) => !el.shadowRoot.getElementById(id).hidden;
    return {
      previews: view.queue.length,
      hold: view.hold ?? null,
      holdBox: shown('hold-box'),
      nextBox: shown('next-box'),
      rules: el.rulesInPlay,
      search: el.searchInPlay,
      pieces: view.stats.pieces,
      games: el.newGames ?? null,
    };
  }, selector);
}

/** Counts the `newgame` events of each element from now on (in `el.newGames`). */
function countGames(page) {
  return page.evaluate(() => {
    for (const el of document.querySelectorAll('tetris-ai')) {
      el.newGames = 0;
      el.addEventListener('newgame', () => (el.newGames += 1));
    }
  });
}

/** Waits until `check(playing)` holds for the element `selector`; fails with what it played. */
async function until(page, selector, check, what) {
  const deadline = Date.now() + 15_000;
  let seen;
  for (;;) {
    seen = await playing(page, selector);
    if (check(seen)) return seen;
    if (Date.now() > deadline) {
      assert.fail(`${selector}: waited for ${what}; it plays ${JSON.stringify(seen)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Presses Shift (hold) in the element `selector`, and waits until its worker has heard it. */
async function pressHold(page, selector) {
  await page.locator(selector).click(WAIT);
  await page.keyboard.press('Shift');
  await new Promise((resolve) => setTimeout(resolve, 300));
  await page.evaluate(async (selector) => {
    const el = document.querySelector(selector);
    await el.game.stats();
    await el.game.stats();
  }, selector);
}

test(
  'as-published plays smartspot2 under guideline rules with hold and one preview',
  { timeout: 120_000 },
  async () => {
    // Slow gravity and lock so that the first piece is still falling when Shift holds it.
    const common = 'board="10x20" seed="7" gravity="1000" lock-delay="1000" controls="play"';
    const opened = await openElementPage(
      env.browser,
      env.server,
      `<tetris-ai id="published" preset="smartspot2" as-published rules="classic" depth="1" ${common}></tetris-ai>
       <tetris-ai id="own" preset="smartspot2" rules="classic" ${common}></tetris-ai>`,
    );
    try {
      const { page } = opened;
      const { presets, limits } = await engineFacts(page);
      const { rules, search } = presets.smartspot2.published;
      assert.equal(rules.kind, 'guideline', 'smartspot2 was published under the guideline rules');

      const published = await playing(page, '#published');
      assert.deepEqual(published.rules, rules, 'the element reports the published rules');
      assert.deepEqual(published.search, search, 'and the published search, not depth="1"');
      assert.equal(published.previews, rules.preview, 'its game deals the published previews');
      assert.equal(published.holdBox, rules.hold, 'the hold box shows');
      assert.equal(published.nextBox, true, 'the next box shows');
      await pressHold(page, '#published');
      const held = await playing(page, '#published');
      assert.notEqual(held.hold, null, 'Shift holds a piece under the published rules');

      const own = await playing(page, '#own');
      assert.deepEqual(own.rules, limits.rules.classic, 'without as-published: rules="classic"');
      assert.equal(own.previews, limits.rules.classic.preview, 'the classic previews');
      assert.equal(own.holdBox, false, 'no hold box under the classic rules');
      assert.equal(own.nextBox, limits.rules.classic.preview > 0, 'the classic next box');
      await pressHold(page, '#own');
      assert.equal((await playing(page, '#own')).hold, null, 'Shift holds nothing in classic');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'toggling as-published on a running element starts a new game under the other rules',
  { timeout: 120_000 },
  async () => {
    const opened = await openElementPage(
      env.browser,
      env.server,
      '<tetris-ai id="game" preset="lee" rules="guideline" depth="1" seed="9" autoplay fps="60" ai-delay="-1"></tetris-ai>',
    );
    try {
      const { page } = opened;
      const { presets, limits } = await engineFacts(page);
      const lee = presets.lee.published;
      const guideline = limits.rules.guideline;
      assert.notDeepEqual(lee.rules, guideline, 'the test needs rules that differ');
      await countGames(page);
      const before = await until(page, '#game', (s) => s.pieces >= 5, 'five pieces');
      assert.equal(before.previews, guideline.preview);
      assert.equal(before.holdBox, true);

      await page.evaluate(() => document.querySelector('#game').setAttribute('as-published', ''));
      const on = await until(
        page,
        '#game',
        (s) => s.games === 1 && s.previews === lee.rules.preview,
        "a new game under lee's published rules",
      );
      assert.deepEqual(on.rules, lee.rules);
      assert.deepEqual(on.search, lee.search, 'the published search replaces depth="1"');
      assert.equal(on.holdBox, lee.rules.hold, 'no hold box: lee was published without hold');
      assert.equal(await page.evaluate(() => document.querySelector('#game').asPublished), true);

      // While it is on, depth changes nothing in play, and another preset plays as published.
      await page.evaluate(() => (document.querySelector('#game').depth = 2));
      await page.waitForFunction(() => document.querySelector('#game').depth === 2, null, WAIT);
      const deeper = await playing(page, '#game');
      assert.deepEqual(
        deeper.search,
        lee.search,
        'depth="2" does not replace the published search',
      );
      assert.equal(deeper.games, 1, 'and starts no game');
      await page.evaluate(() => (document.querySelector('#game').preset = 'smartspot2'));
      const smart = presets.smartspot2.published;
      const other = await until(
        page,
        '#game',
        (s) => s.games === 2 && s.holdBox === smart.rules.hold,
        'a new game under the published rules of smartspot2',
      );
      assert.deepEqual(other.rules, smart.rules);
      assert.equal(other.previews, smart.rules.preview);

      // Off: the element's own rules and depth again, in a new game.
      await page.evaluate(() => (document.querySelector('#game').asPublished = false));
      const off = await until(
        page,
        '#game',
        (s) => s.games === 3 && s.previews === guideline.preview,
        'a new game under rules="guideline"',
      );
      assert.deepEqual(off.rules, guideline);
      assert.deepEqual(
        off.search,
        { ...limits.game.search, depth: 2 },
        'the depth set while it was on, the rest as by default',
      );
      assert.equal(
        await page.evaluate(() => document.querySelector('#game').hasAttribute('as-published')),
        false,
        'the property reflects to the attribute',
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test('as-published changes nothing with custom weights', { timeout: 120_000 }, async () => {
  const weights = JSON.stringify({ holes: -4, bumpiness: -1 });
  const opened = await openElementPage(
    env.browser,
    env.server,
    `<tetris-ai id="game" weights='${weights}' rules="classic" depth="1" seed="3" as-published autoplay></tetris-ai>`,
  );
  try {
    const { page } = opened;
    const { limits } = await engineFacts(page);
    const classic = limits.rules.classic;
    const first = await playing(page, '#game');
    assert.deepEqual(first.rules, classic, 'custom weights play rules="classic"');
    assert.equal(first.search.depth, 1, 'and depth="1"');
    assert.equal(first.previews, classic.preview);
    assert.equal(first.holdBox, classic.hold);
    await countGames(page);
    await page.evaluate(() => document.querySelector('#game').removeAttribute('as-published'));
    await page.evaluate(() => document.querySelector('#game').setAttribute('as-published', ''));
    await settle(page);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await playing(page, '#game');
    assert.equal(after.games, 0, 'toggling it starts no new game');
    assert.deepEqual(after.rules, classic);
    // The element's own rules still apply.
    await page.evaluate(() => document.querySelector('#game').setAttribute('rules', 'guideline'));
    const guideline = await until(
      page,
      '#game',
      (s) => s.games === 1 && s.previews === limits.rules.guideline.preview,
      'a new game under rules="guideline"',
    );
    assert.deepEqual(guideline.rules, limits.rules.guideline);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

/** How the page shows the rules and depth, and whether its switch is on. */
function fields(page) {
  return page.evaluate(() => {
    const $ = (id) => document.getElementById(id);
    const note = (id) => ($(id).hidden ? '' : $(id).textContent);
    return {
      switch: $('as-published').checked,
      switchDisabled: $('as-published').disabled,
      rules: $('rules').value,
      rulesDisabled: $('rules').disabled,
      depth: $('depth').value,
      depthDisabled: $('depth').disabled,
      rulesNote: note('rules-published'),
      depthNote: note('depth-published'),
    };
  });
}

/** The page's game, like `playing`. */
function pageGame(page) {
  return playing(page, '#game');
}

test(
  "the page's switch shows the published rules and depth, is saved and shared",
  { timeout: 240_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    let shared;
    try {
      const { page, context } = opened;
      const { presets, limits } = await engineFacts(page);
      const lee = presets.lee.published;
      await setValue(page, '#preset', 'lee');
      await setValue(page, '#rules', 'guideline');
      await setValue(page, '#depth', 1);
      assert.notEqual(lee.rules.kind, 'guideline', 'the test needs rules that differ');
      assert.notEqual(lee.search.depth, 1, 'and a depth that differs');
      const own = await fields(page);
      assert.deepEqual(
        [own.switch, own.switchDisabled, own.rules, own.rulesDisabled, own.depth, own.rulesNote],
        [false, false, 'guideline', false, '1', ''],
      );

      await setChecked(page, '#as-published', true);
      let shown = await fields(page);
      assert.deepEqual(
        [shown.rules, shown.rulesDisabled, shown.depth, shown.depthDisabled],
        [lee.rules.kind, true, String(lee.search.depth), true],
        'the published rules and depth show, disabled',
      );
      assert.match(shown.rulesNote, /lee as published/, 'a note says why');
      assert.match(shown.depthNote, /lee as published/);
      // A preset published with a beam through the preview says so, not a depth.
      const width = presets.versus.published.search.preview_beam;
      assert.ok(width > 0, 'the test needs a preset published with a beam');
      await setValue(page, '#preset', 'versus');
      const beam = await fields(page);
      assert.match(
        beam.depthNote,
        new RegExp(`versus as published: not by depth but by a beam ${width} wide`),
      );
      assert.equal(lee.search.preview_beam, undefined, 'lee searches by depth');
      await setValue(page, '#preset', 'lee');
      assert.match((await fields(page)).depthNote, /lee as published: depth \d/);
      let game = await until(
        page,
        '#game',
        (s) => s.previews === lee.rules.preview,
        "lee's published previews",
      );
      assert.deepEqual(game.rules, lee.rules, 'the game plays the published rules');
      assert.deepEqual(game.search, lee.search);
      assert.equal(game.holdBox, false);
      let saved = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY));
      assert.deepEqual(
        [saved.asPublished, saved.rules, saved.depth],
        [true, 'guideline', 1],
        "saved: the switch, and the user's own rules and depth",
      );

      // Unchecked: the user's own rules and depth come back, in the fields and in play.
      await setChecked(page, '#as-published', false);
      shown = await fields(page);
      assert.deepEqual(
        [shown.rules, shown.rulesDisabled, shown.depth, shown.depthDisabled, shown.rulesNote],
        ['guideline', false, '1', false, ''],
      );
      game = await until(page, '#game', (s) => s.holdBox, 'the guideline hold box');
      assert.deepEqual(game.rules, limits.rules.guideline);
      assert.equal(game.search.depth, 1);

      // Checked again, it survives a reload.
      await setChecked(page, '#as-published', true);
      await page.reload({ waitUntil: 'load' });
      await waitReady(page);
      await showPart(page, 'settings');
      shown = await fields(page);
      assert.deepEqual(
        [shown.switch, shown.rules, shown.rulesDisabled, shown.depth],
        [true, lee.rules.kind, true, String(lee.search.depth)],
        'the switch is back after a reload',
      );
      assert.deepEqual((await pageGame(page)).rules, lee.rules, 'and the game plays it');

      // A share link carries it to a fresh browser.
      const href = await page.locator('#share-link').evaluate((a) => a.href);
      shared = await openPage(env.browser, href, { part: 'settings' });
      shown = await fields(shared.page);
      assert.deepEqual(
        [shown.switch, shown.rules, shown.depth, await shared.page.locator('#preset').inputValue()],
        [true, lee.rules.kind, String(lee.search.depth), 'lee'],
        'the share link plays lee as published',
      );
      assert.deepEqual((await pageGame(shared.page)).rules, lee.rules);
      await setChecked(shared.page, '#as-published', false);
      shown = await fields(shared.page);
      assert.deepEqual(
        [shown.rules, shown.depth],
        ['guideline', '1'],
        "unchecked, the link's own rules and depth play",
      );
      assertNoErrors(assert, shared, 'the shared page');

      // Custom weights (a changed cell): the switch has no effect, and the own rules play.
      await setValue(page, 'input[data-feature="landing_height"][data-field="weight"]', -1);
      shown = await fields(page);
      assert.deepEqual(
        [shown.switch, shown.switchDisabled, shown.rules, shown.rulesDisabled, shown.depth],
        [false, true, 'guideline', false, '1'],
        'custom weights: the switch is off and disabled, the own rules show',
      );
      assert.equal(await page.locator('#preset').inputValue(), '');
      await until(page, '#game', (s) => s.holdBox, 'the guideline rules again');
      assert.deepEqual((await pageGame(page)).rules, limits.rules.guideline);

      // Lee's weights imported: lee as published again.
      await setValue(page, '#weights-json', JSON.stringify(presets.lee.weights));
      await page.locator('#import-weights').click(WAIT);
      await settle(page);
      await page.waitForFunction(
        () => document.querySelector('#preset').value === 'lee',
        null,
        WAIT,
      );
      game = await until(page, '#game', (s) => !s.holdBox, "lee's published rules again");
      assert.deepEqual(game.rules, lee.rules);
      assert.equal((await fields(page)).switch, true);

      // "custom" chosen in the list: the own rules play.
      await setValue(page, '#preset', '');
      shown = await fields(page);
      assert.deepEqual(
        [shown.switch, shown.switchDisabled, shown.rules, shown.rulesDisabled],
        [false, true, 'guideline', false],
      );
      await until(page, '#game', (s) => s.holdBox, 'the guideline rules again');
      assert.deepEqual((await pageGame(page)).rules, limits.rules.guideline);

      // Settings stored before the switch existed load with it off.
      const old = { ...saved, preset: 'lee', rules: 'classic', depth: 1 };
      delete old.asPublished;
      const fresh = await context.newPage();
      await fresh.goto(env.server.url, { waitUntil: 'load' });
      await waitReady(fresh);
      await fresh.evaluate(
        ([key, text]) => localStorage.setItem(key, text),
        [STORAGE_KEY, JSON.stringify(old)],
      );
      await fresh.reload({ waitUntil: 'load' });
      await waitReady(fresh);
      shown = await fields(fresh);
      assert.deepEqual(
        [shown.switch, shown.switchDisabled, shown.rules, shown.depth],
        [false, false, 'classic', '1'],
        'old settings load with the switch off',
      );
      assert.deepEqual((await pageGame(fresh)).rules, limits.rules.classic);
      saved = JSON.parse(await fresh.evaluate((key) => localStorage.getItem(key), STORAGE_KEY));
      assert.equal(saved.asPublished, false);
      await fresh.close();
      assertNoErrors(assert, opened);
    } finally {
      await shared?.close();
      await opened.close();
    }
  },
);

test(
  'a share link with a bad published value names it and plays the rest',
  { timeout: 120_000 },
  async () => {
    const link = { seed: 4321, rules: 'classic', width: 8, height: 16, preset: 'lee' };
    const text = JSON.stringify({ ...link, published: 'yes' });
    const url = `${env.server.url}#s=${Buffer.from(text).toString('base64url')}`;
    const opened = await openPage(env.browser, url, { part: 'settings' });
    try {
      const { page } = opened;
      const shown = await page.evaluate(() =>
        [...document.querySelectorAll('[role="alert"]')]
          .filter((e) => !e.hidden)
          .map((e) => e.textContent.trim())
          .join('\n'),
      );
      const line =
        'The share link\'s published must be true or false, got "yes"; the rest of the link is used.';
      assert.ok(shown.includes(line), `the page should say "${line}"; it says:\n${shown}`);
      const { limits } = await engineFacts(page);
      const game = await pageGame(page);
      const view = await page.evaluate(() => window.tetris.game.view());
      assert.deepEqual(
        [view.width, view.height, game.rules],
        [link.width, link.height, limits.rules.classic],
        "the link's board and rules play",
      );
      const settings = await fields(page);
      assert.deepEqual(
        [settings.switch, await page.locator('#seed').inputValue()],
        [false, String(link.seed)],
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test('the history records a game played as published under its rules', async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
  try {
    const { page } = opened;
    const { presets } = await engineFacts(page);
    // The AI off meanwhile, so that only the game played as published is recorded on classic.
    await setChecked(page, '#ai-enabled', false);
    await setValue(page, '#preset', 'lee');
    await setValue(page, '#rules', 'classic');
    await setChecked(page, '#as-published', true);
    await setChecked(page, '#ai-enabled', true);
    await setValue(page, '#ai-delay', -1);
    await until(page, '#game', (s) => s.pieces >= 3, 'three pieces');
    // Unchecking starts a new game: the one played as published is recorded as stopped.
    await setChecked(page, '#as-published', false);
    await until(page, '#game', (s) => s.rules.preview === 0, 'the classic rules');
    const history = await waitForAsync(
      page,
      (key) => {
        const games = JSON.parse(localStorage.getItem(key) || '[]');
        return games.length ? games : null;
      },
      HISTORY_KEY,
      WAIT,
    );
    const last = history[history.length - 1];
    assert.equal(last.preset, 'lee');
    assert.notEqual(last.rules, 'classic', 'not the named classic rules it did not play');
    assert.match(last.rules, /^classic \(/, 'the kind, with what differs');
    const published = presets.lee.published.rules;
    assert.ok(last.rules.includes(`preview ${published.preview}`), last.rules);
    assert.ok(last.rules.includes(published.randomizer), last.rules);
    const row = await page.locator('#history-body tr').first().textContent(WAIT);
    assert.ok(row.includes(last.rules), `the table shows the rules: ${row}`);
    // The summary of the game now playing (the named classic rules) leaves that game out.
    await until(page, '#game', (s) => s.pieces >= 1, 'a piece');
    assert.match(
      await page.locator('#history-summary').textContent(WAIT),
      /none yet by the AI on classic 10×20/,
    );
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('choosing a preset plays its lookahead margin at once', async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
  try {
    const { page } = opened;
    const { presets } = await engineFacts(page);
    const margin = presets.smartspot2.lookahead_margin;
    assert.equal(typeof margin, 'number', 'the test needs a preset with a margin');
    const search = () => page.evaluate(() => document.querySelector('#game').searchInPlay);
    await setValue(page, '#preset', 'smartspot2');
    assert.equal((await search()).margin, margin, "smartspot2's margin plays");
    await setValue(page, '#preset', 'dellacherie');
    assert.equal(presets.dellacherie.lookahead_margin, null);
    assert.equal((await search()).margin, null, 'no margin left over from smartspot2');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
