// Keep watching: with `autorestart` while the AI plays, a game that ends shows the game-over
// overlay with a countdown, then a new game with a new seed starts about two seconds later,
// firing `gameover` then `newgame`; without it, or with the AI off, the game stays over.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openElementPage, assertNoErrors, waitForAsync } from './harness.mjs';

const env = serveAndBrowse({ isolation: false });

/** Records each element's `gameover` and `newgame` events with their time, in `el.events`. */
function record(page) {
  return page.evaluate(() => {
    for (const el of document.querySelectorAll('tetris-ai')) {
      el.events = [];
      for (const type of ['gameover', 'newgame']) {
        el.addEventListener(type, (event) =>
          el.events.push({ type, at: performance.now(), seed: event.detail.seed ?? null }),
        );
      }
    }
  });
}

/** The events of the element `id`. */
function events(page, id) {
  return page.evaluate((id) => document.querySelector(`#${id}`).events, id);
}

// A 4x4 board fills in a few dozen pieces; the AI places one per frame.
const FAST = 'autoplay ai-delay="-1" fps="60" board="4x4" rules="classic"';

test(
  'autorestart starts a new game with a new seed two seconds after game over',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openElementPage(
      env.browser,
      env.server,
      `<tetris-ai id="watch" autorestart seed="1" ${FAST}></tetris-ai>` +
        `<tetris-ai id="once" seed="1" ${FAST}></tetris-ai>`,
    );
    try {
      const { page } = opened;
      await record(page);
      await page.waitForFunction(
        () => document.querySelector('#watch').events.some((e) => e.type === 'gameover'),
        null,
        {
          timeout: 60_000,
        },
      );
      const note = await page.locator('#watch').locator('#overlay-note').textContent();
      assert.match(note, /^Next game in [12] s$/, 'the overlay counts down to the next game');
      assert.equal(await page.locator('#watch').locator('#overlay').isVisible(), true);
      await page.waitForFunction(
        () => document.querySelector('#watch').events.some((e) => e.type === 'newgame'),
        null,
        {
          timeout: 10_000,
        },
      );
      const seen = await events(page, 'watch');
      t.diagnostic(JSON.stringify(seen));
      const [over, next] = seen;
      assert.deepEqual([over.type, next.type], ['gameover', 'newgame'], 'gameover, then newgame');
      const pause = next.at - over.at;
      assert.ok(
        pause >= 1_900 && pause < 3_500,
        `the next game starts about 2 s later, not ${pause} ms`,
      );
      assert.notEqual(next.seed, 1, 'the next game has a new seed');
      assert.equal(await page.evaluate(() => document.querySelector('#watch').seed), next.seed);
      await waitForAsync(
        page,
        async () => {
          const el = document.querySelector('#watch');
          return (
            !(await el.game.stats()).game_over && el.shadowRoot.querySelector('#overlay').hidden
          );
        },
        null,
        { timeout: 5_000 },
      );

      // Without autorestart the game stays over.
      await page.waitForFunction(
        () => document.querySelector('#once').events.some((e) => e.type === 'gameover'),
        null,
        {
          timeout: 60_000,
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      assert.deepEqual(
        (await events(page, 'once')).map((e) => e.type),
        ['gameover'],
        'without autorestart no new game starts',
      );
      assert.notEqual(await page.locator('#once').locator('#overlay-note').textContent(), note);

      // Turned on at game over, it counts down then; with the AI off it does not.
      await page.evaluate(() => {
        const el = document.querySelector('#once');
        el.autoplay = false;
        el.autorestart = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      assert.equal((await events(page, 'once')).length, 1, 'with the AI off no new game starts');
      await page.evaluate(() => (document.querySelector('#once').autoplay = true));
      await page.waitForFunction(
        () => document.querySelector('#once').events.some((e) => e.type === 'newgame'),
        null,
        {
          timeout: 5_000,
        },
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);
