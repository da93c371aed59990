// Issue tests 5 and 6: a weight input changes the AI's next decision; an invalid weights import
// shows an error naming the problem and keeps the old weights.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  setValue,
  newGame,
  settle,
  waitForAsync,
  assertNoErrors,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };
const SEED = 20240521;

const env = serveAndBrowse({ isolation: true });

/** The weight of `name` in a `weights()` object (a number or `{weight, exponent}`). */
function weightOf(weights, name) {
  const value = weights[name];
  return value !== null && typeof value === 'object' ? value.weight : value;
}

const weightInput = (name) => `input[data-feature="${name}"][data-field="weight"]`;

/** Pauses, and waits until the frames asked for before the pause have run. */
async function pause(page) {
  await page.locator('#pause').click(WAIT);
  await page.waitForFunction(() => window.tetris.paused === true, null, WAIT);
  await settle(page);
}

test(
  'changing a weight changes the chosen placement for a fixed seed',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openPage(env.browser, env.server.url);
    try {
      const { page } = opened;
      await setValue(page, '#seed', SEED);
      await newGame(page);
      await pause(page);
      const first = await page.evaluate(async () => ({
        choice: await window.tetris.game.decide(),
        pieces: (await window.tetris.game.stats()).pieces,
        piece: (await window.tetris.game.view()).active?.piece,
      }));
      assert.ok(first.choice, 'decide() should give a choice in a running game');
      t.diagnostic(
        `piece ${first.piece} after ${first.pieces} pieces: ${JSON.stringify(first.choice.placement)}`,
      );

      for (const name of ['holes', 'landing_height']) {
        assert.equal(
          await page.locator(weightInput(name)).count(),
          1,
          `one weight input for ${name}`,
        );
        await setValue(page, weightInput(name), 50);
      }
      await waitForAsync(
        page,
        async () => {
          const weights = await window.tetris.game.weights();
          const of = (v) => (v !== null && typeof v === 'object' ? v.weight : v);
          return of(weights.holes) === 50 && of(weights.landing_height) === 50;
        },
        null,
        WAIT,
      );
      const second = await page.evaluate(async () => ({
        choice: await window.tetris.game.decide(),
        pieces: (await window.tetris.game.stats()).pieces,
        piece: (await window.tetris.game.view()).active?.piece,
        paused: window.tetris.paused,
      }));
      t.diagnostic(
        `with holes and landing_height +50: ${JSON.stringify(second.choice?.placement)}`,
      );
      assert.equal(second.paused, true, 'the game should still be paused');
      assert.equal(second.pieces, first.pieces, 'no piece should lock while paused');
      assert.equal(second.piece, first.piece, 'the same piece should be deciding');
      assert.ok(second.choice, 'decide() should give a choice');
      assert.notDeepEqual(
        second.choice.placement,
        first.choice.placement,
        'the new weights should choose another placement',
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'an invalid weights import shows the problem and keeps the old weights',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openPage(env.browser, env.server.url);
    try {
      const { page } = opened;
      await pause(page);
      const weights = () => page.evaluate(() => window.tetris.game.weights());
      const error = page.locator('#import-error');
      const old = await weights();
      assert.ok(Object.keys(old).length > 0, 'the game should have weights');

      const cases = [
        {
          what: 'malformed JSON',
          json: '{"holes": -4, "landing_height": ',
          names: /JSON|pars|syntax|unexpected|expected|EOF|end of/i,
        },
        { what: 'an unknown feature', json: '{"holes": -4, "holez": 1}', names: /holez/ },
      ];
      for (const { what, json, names } of cases) {
        await setValue(page, '#weights-json', json);
        await page.locator('#import-weights').click(WAIT);
        await page
          .waitForFunction(
            (pattern) =>
              new RegExp(pattern.source, pattern.flags).test(
                document.querySelector('#import-error').textContent,
              ),
            { source: names.source, flags: names.flags },
            WAIT,
          )
          .catch(() => {});
        const shown = ((await error.textContent()) || '').trim();
        t.diagnostic(`${what}: #import-error says ${JSON.stringify(shown)}`);
        assert.notEqual(shown, '', `importing ${what} should show an error`);
        assert.match(shown, names, `the error for ${what} should name the problem`);
        assert.equal(await error.isVisible(), true, `the error for ${what} should be visible`);
        assert.deepEqual(await weights(), old, `importing ${what} should keep the old weights`);
      }

      // A valid import still works afterwards, and clears the error.
      const changed = { ...old, holes: -7.5 };
      await setValue(page, '#weights-json', JSON.stringify(changed));
      await page.locator('#import-weights').click(WAIT);
      await waitForAsync(
        page,
        async () => {
          const v = (await window.tetris.game.weights()).holes;
          return (v !== null && typeof v === 'object' ? v.weight : v) === -7.5;
        },
        null,
        WAIT,
      );
      assert.equal(weightOf(await weights(), 'holes'), -7.5);
      const left = ((await error.textContent()) || '').trim();
      assert.ok(
        left === '' || !(await error.isVisible()),
        `a valid import should clear the error (shows ${JSON.stringify(left)})`,
      );
      assert.equal(
        Number(await page.locator(weightInput('holes')).inputValue()),
        -7.5,
        'the holes weight input should show the imported weight',
      );
      // A refused import may be logged, but nothing may throw uncaught.
      const uncaught = opened.errors.filter((e) => !e.startsWith('console.'));
      assert.deepEqual(uncaught, [], `the page reported:\n${uncaught.join('\n')}`);
    } finally {
      await opened.close();
    }
  },
);
