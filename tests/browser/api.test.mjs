// The module's games: `reset` starts a new game in the same worker, which plays exactly as a
// game created from that configuration does; a bad configuration is refused, naming the bad
// value, and the game before it goes on where it was.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, assertNoErrors } from './harness.mjs';

const PAGE = '<!doctype html><meta charset="utf-8"><title>api</title>';

let browser;
let server;

before(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ isolation: false })]);
});

after(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
});

test('reset starts the new game in place, and a bad one leaves the old game going', async () => {
  const opened = await openPage(browser, `${server.url}api.html`, { ready: false, html: PAGE });
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
