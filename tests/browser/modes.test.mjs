// The goal modes on the page: a sprint ends, finished, at 40 lines, with its time, its first best
// kept across a reload, and the AI's pieces for the same 40 lines; an ultra ends on its last frame
// of the game's clock; a marathon ends at 150 lines, at level 15; a game the AI took over does not
// count; saved bests that cannot be read are named and the others kept. The player's hands here
// are the engine's own `step` (the keyboard is tested elsewhere): the mode's rules, clock and
// bests are what is tested.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  assertNoErrors,
  setValue,
  waitReady,
  showPart,
  playToTheEnd,
  waitForAsync,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };
const BESTS_KEY = 'tetris-ai/bests/v1';

const env = serveAndBrowse({ isolation: true });

/** Chooses `mode` in the Modes part, starts it and waits until its countdown is over. */
async function startMode(page, mode) {
  await page.locator(`#mode-choice input[value="${mode}"]`).check(WAIT);
  await page.locator('#mode-start').click(WAIT);
  await page.waitForFunction(
    (mode) => {
      const el = document.querySelector('#game');
      return el.mode === mode && !el.paused && window.tetris.modes.run?.mode === mode;
    },
    mode,
    { timeout: 30_000 },
  );
}

/** The bests table: each mode's row as text. */
function bestsShown(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('#bests-body tr')].map((tr) => [
        tr.cells[0].textContent,
        [...tr.cells].slice(1).map((cell) => cell.textContent),
      ]),
    ),
  );
}

/** The clock's text of `frames`, as the page shows it. */
function clock(page, frames) {
  return page.evaluate(
    async (frames) => (await import('/lib/modes.js')).clockText(frames, { frames_per_second: 60 }),
    frames,
  );
}

test(
  'a sprint ends finished at 40 lines: its time, its best across a reload, the AI on its pieces',
  { timeout: 180_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'modes' });
    try {
      const { page } = opened;
      await startMode(page, 'sprint');
      const seed = await page.evaluate(() => window.tetris.modes.run.seed);
      const stats = await page.evaluate(playToTheEnd);
      assert.ok(stats.finished && stats.lines >= 40 && stats.lines <= 43, JSON.stringify(stats));
      await page.locator('#mode-result').waitFor({ state: 'visible', ...WAIT });
      const time = await clock(page, stats.frames);
      assert.match(
        await page.locator('#mode-result .mode-headline').textContent(),
        new RegExp(`^Finished: ${time.replace('.', '\\.')} · ${stats.pieces} pieces · `),
      );
      assert.match(
        await page.locator('#mode-result .mode-verdict').textContent(),
        /^Your first best in this mode\. \d+\.\d\d pieces a second\.$/,
      );
      assert.equal(await page.locator('#game >> #overlay-title').textContent(), 'Finished');

      // The AI on the same pieces, as the engine plays them.
      const expected = await page.evaluate(
        async ([seed]) => {
          const api = await import('/tetris-ai.js');
          const config = { ...document.querySelector('#game').configInPlay, seed, mode: 'sprint' };
          const game = await api.createGame(config);
          try {
            return await game.play(10_000);
          } finally {
            game.close();
          }
        },
        [seed],
      );
      assert.ok(expected.finished);
      await page.waitForFunction(() => window.tetris.modes.reference !== null, null, WAIT);
      assert.equal(
        await page.locator('#mode-reference').textContent(),
        `The AI cleared these 40 lines in ${expected.pieces} pieces; you took ${stats.pieces}.`,
      );

      const row = [time, String(stats.pieces), String(seed)];
      assert.deepEqual((await bestsShown(page))['40-line sprint'].slice(0, 3), row);
      await page.reload();
      await waitReady(page);
      await showPart(page, 'modes');
      assert.deepEqual((await bestsShown(page))['40-line sprint'].slice(0, 3), row, 'kept');
      assert.deepEqual((await bestsShown(page)).Ultra, ['–', '', '', '']);
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test('an ultra ends on the last frame of its two minutes of game clock', async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'modes' });
  try {
    const { page } = opened;
    // The clock is the game's frames: at 2,000 frames a second its two minutes pass in 3.6 s,
    // and at 1,000 frames a row no piece falls far meanwhile.
    await setValue(page, '#fps', 2000);
    await setValue(page, '#gravity', 1000);
    assert.match(
      await page.locator('#mode-clock-note').textContent(),
      /2000 frames a second .* runs faster than yours/,
    );
    await startMode(page, 'ultra');
    await page.locator('#game').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Space');
    await page.locator('#mode-result').waitFor({ state: 'visible', timeout: 60_000 });
    const stats = await page.evaluate(() => window.tetris.game.stats());
    assert.deepEqual([stats.finished, stats.frames], [true, 7_200]);
    assert.ok(stats.pieces >= 3 && stats.score > 0, JSON.stringify(stats));
    assert.equal(
      await page.locator('#mode-result .mode-headline').textContent(),
      `Time!: ${stats.lines} lines · ${stats.pieces} pieces · ${stats.score} points`,
    );
    assert.deepEqual((await bestsShown(page)).Ultra.slice(0, 2), [
      `${stats.score} points`,
      String(stats.pieces),
    ]);
    // The AI plays as many pieces on the same seed.
    await page.waitForFunction(() => window.tetris.modes.reference !== null, null, WAIT);
    assert.equal((await page.evaluate(() => window.tetris.modes.reference)).pieces, stats.pieces);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('a marathon ends finished at 150 lines, at level 15', { timeout: 180_000 }, async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'modes' });
  try {
    const { page } = opened;
    await startMode(page, 'marathon');
    const stats = await page.evaluate(playToTheEnd);
    assert.ok(stats.finished && stats.lines >= 150 && stats.level === 15, JSON.stringify(stats));
    await page.locator('#mode-result').waitFor({ state: 'visible', ...WAIT });
    assert.equal(await page.locator('#game >> #overlay-title').textContent(), 'Marathon complete');
    assert.equal(await page.locator('#game >> #stat-level').textContent(), '15 / 15');
    assert.deepEqual((await bestsShown(page)).Marathon.slice(0, 2), [
      `${stats.score} points`,
      String(stats.pieces),
    ]);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('a sprint the AI took over does not count', { timeout: 120_000 }, async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'modes' });
  try {
    const { page } = opened;
    await startMode(page, 'sprint');
    await page.locator('#play-yourself').click(WAIT); // "Let the AI play"
    // The element says the AI took over once the toggle has gone through, not at the click.
    await page.waitForFunction(
      () => /took this .* over/.test(document.querySelector('#mode-status').textContent),
      null,
      WAIT,
    );
    await setValue(page, '#ai-delay', -1);
    await setValue(page, '#fps', 1000);
    await waitForAsync(page, async () => (await window.tetris.game.stats()).finished, null, {
      timeout: 60_000,
    });
    assert.equal(await page.locator('#mode-result').isHidden(), true, 'no result is measured');
    assert.deepEqual((await bestsShown(page))['40-line sprint'], ['–', '', '', '']);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('saved bests that cannot be read are named, and the others kept', async () => {
  const opened = await openPage(env.browser, `${env.server.url}store.html`, {
    ready: false,
    html: '<!doctype html><title>store</title><link rel="icon" href="data:,">',
  });
  try {
    const { page } = opened;
    const good = {
      frames: 6_000,
      pieces: 104,
      lines: 40,
      score: 9_000,
      finished: true,
      seed: 12,
      at: '2026-01-02T03:04:05.000Z',
    };
    await page.evaluate(
      ([key, text]) => localStorage.setItem(key, text),
      [
        BESTS_KEY,
        JSON.stringify({
          'sprint/guideline/10x20': good,
          'ultra/guideline/10x20': { ...good, score: -5 },
        }),
      ],
    );
    await page.goto(env.server.url, { waitUntil: 'load' });
    await waitReady(page);
    await showPart(page, 'modes');
    assert.equal(
      await page.locator('#bests-error').textContent(),
      'your saved best "ultra/guideline/10x20" could not be read, and is left out',
    );
    // 6,000 frames are 100 s.
    assert.deepEqual((await bestsShown(page))['40-line sprint'].slice(0, 3), [
      '1:40.00',
      '104',
      '12',
    ]);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
