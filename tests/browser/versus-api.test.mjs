// A match in real time through the API's games: garbage received enters after the receiver's
// next placements by the rules' delay, and the receiver's own attack cancels it first (a perfect
// clear on a board 4 cells wide, PPT's 10 rows, cancels the 2 waiting and sends the other 8); a
// bad versus rule set or attack is refused naming it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openElementPage, assertNoErrors } from './harness.mjs';

const env = serveAndBrowse({ isolation: false });

test('garbage enters after the delay, and an attack cancels it first', async () => {
  const opened = await openElementPage(env.browser, env.server, '');
  try {
    const { page } = opened;
    const seen = await page.evaluate(async () => {
      const api = await import('/tetris-ai.js');
      // Waiting garbage, and the two placements after it (which clear nothing).
      const waiting = await api.createGame({ rules: { kind: 'guideline' }, seed: 5 });
      await waiting.setVersus('ppt');
      await waiting.receiveAttack(3);
      const before = await waiting.pendingGarbage();
      await waiting.step();
      const afterOne = await waiting.pendingGarbage();
      const second = await waiting.step();
      const after = { pending: await waiting.pendingGarbage(), stats: await waiting.versusStats() };
      waiting.close();

      // A perfect clear by hand: an I dropped flat on the floor of a 4-wide board.
      const config = (seed) => ({ rules: { kind: 'guideline' }, width: 4, height: 8, seed });
      const cancelling = await api.createGame(config(0));
      let seed = 0;
      while ((await cancelling.view()).active.piece !== 'I') await cancelling.reset(config(++seed));
      await cancelling.setVersus('ppt');
      await cancelling.receiveAttack(2);
      await cancelling.press('hard_drop');
      const result = {
        stats: await cancelling.versusStats(),
        sent: await cancelling.takeSent(),
        sentAgain: await cancelling.takeSent(),
        pending: await cancelling.pendingGarbage(),
      };
      const refusals = [];
      for (const call of [
        () => cancelling.setVersus('tetris99'),
        () => cancelling.receiveAttack(-1),
      ]) {
        await call().then(
          () => refusals.push('accepted'),
          (err) => refusals.push(err.message),
        );
      }
      cancelling.close();
      return { before, afterOne, second: second.versus, after, result, refusals };
    });
    assert.equal(seen.before, 3);
    assert.equal(seen.afterOne, 3, 'still waiting after one placement');
    assert.equal(seen.second.received, 3, 'in after the second');
    assert.equal(seen.after.pending, 0);
    assert.deepEqual([seen.after.stats.received, seen.after.stats.sent], [3, 0]);
    // PPT: a perfect clear is worth 10 rows; 2 cancel the waiting garbage, 8 are sent.
    const { stats } = seen.result;
    assert.deepEqual(
      [stats.perfect_clears, stats.attack, stats.cancelled, stats.sent],
      [1, 10, 2, 8],
    );
    assert.deepEqual([seen.result.sent, seen.result.sentAgain, seen.result.pending], [8, 0, 0]);
    assert.match(seen.refusals[0], /rules must be .*"ppt".*got "tetris99"/);
    assert.match(seen.refusals[1], /rows must be a whole number .*got -1/);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
