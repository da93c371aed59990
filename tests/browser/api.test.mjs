// The module's games: `reset` starts a new game in the same worker, which plays exactly as a
// game created from that configuration does; a bad configuration is refused, naming the bad
// value, and the game before it goes on where it was. A key press is played at once, whatever
// the last `advance` said of the AI, and not at game over.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openPage, assertNoErrors } from './harness.mjs';

const PAGE = '<!doctype html><meta charset="utf-8"><title>api</title>';

const env = serveAndBrowse({ isolation: false });

/** Opens an empty page of the server's origin, for the module to be imported into. */
function openApiPage() {
  return openPage(env.browser, `${env.server.url}api.html`, { ready: false, html: PAGE });
}

test('reset starts the new game in place, and a bad one leaves the old game going', async () => {
  const opened = await openApiPage();
  try {
    const seen = await opened.page.evaluate(async () => {
      const { createGame } = await import('./tetris-ai.js');
      const config = (seed) => ({ preset: 'dellacherie', width: 10, height: 12, seed });
      const game = await createGame(config(1));
      const fresh = await createGame(config(2));
      try {
        await game.play(40);
        await game.reset(config(2));
        const afterReset = await game.stats();
        const reset = await game.play(300);
        const created = await fresh.play(300);
        const cells = Array.from(await game.cells());
        const freshCells = Array.from(await fresh.cells());
        const refused = await game.reset({ ...config(3), width: 3 }).then(
          () => null,
          (error) => error.message,
        );
        const afterRefusal = await game.stats();
        const goesOn = await game.play(350);
        return { afterReset, reset, created, cells, freshCells, refused, afterRefusal, goesOn };
      } finally {
        game.close();
        fresh.close();
      }
    });
    assert.equal(seen.afterReset.pieces, 0, 'the reset game starts with no piece placed');
    assert.deepEqual(seen.reset, seen.created, 'a reset game plays as a created one');
    assert.deepEqual(seen.cells, seen.freshCells, 'and leaves the same board');
    assert.match(seen.refused ?? '', /width.*\b3\b/, 'the refusal names the bad width');
    assert.deepEqual(seen.afterRefusal, seen.reset, 'the old game is as it was');
    assert.ok(
      seen.goesOn.pieces > seen.reset.pieces || seen.goesOn.game_over,
      'and plays on after the refusal',
    );
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('a key is played at once: before the first advance, and just after the AI played', async () => {
  const opened = await openApiPage();
  try {
    const seen = await opened.page.evaluate(async () => {
      const { createGame, limits } = await import('./tetris-ai.js');
      const rules = (await limits()).rules.guideline;
      const config = { preset: 'dellacherie', rules, width: 10, height: 20, seed: 3 };
      const game = await createGame(config);
      try {
        const fresh = await game.press('hard_drop');
        const afterFresh = (await game.stats()).pieces;
        await game.advance(600, { enabled: true, delay: -1 });
        const byAi = (await game.stats()).pieces;
        const afterAi = await game.press('hard_drop');
        const afterPress = (await game.stats()).pieces;
        const manual = await game.advance(0, { enabled: false, delay: 0 });
        const again = await game.advance(600, { enabled: true, delay: -1 });
        await game.reset({ ...config, width: 4, height: 4 });
        for (let i = 0; i < 40 && (await game.press('hard_drop')); i++);
        const over = await game.stats();
        const atOver = await game.press('hard_drop');
        return { fresh, afterFresh, byAi, afterAi, afterPress, manual, again, over, atOver };
      } finally {
        game.close();
      }
    });
    assert.equal(seen.fresh, true, 'a new game takes a key before any advance');
    assert.equal(seen.afterFresh, 1, 'and its hard drop locks the first piece');
    assert.ok(seen.byAi > 1, `the AI played (${seen.byAi} pieces)`);
    assert.equal(seen.afterAi, true, 'a key pressed after the AI played is taken');
    assert.equal(seen.afterPress, seen.byAi + 1, 'and its hard drop locks one more piece');
    assert.equal(seen.manual.target, null, 'the game is in manual play: no AI target');
    assert.ok(
      seen.again.view.stats.pieces > seen.afterPress,
      'an advance with the AI on plays on from there',
    );
    assert.equal(seen.over.game_over, true, 'hard drops end a 4x4 game');
    assert.equal(seen.atOver, false, 'a key at game over is not taken');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
