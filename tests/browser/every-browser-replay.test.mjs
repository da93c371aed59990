// Replays in Chromium, Firefox and WebKit (see browsers.mjs): a game the AI and a player play
// through the JavaScript API, recorded as it is played, replays to the same cells at every
// placement. `BROWSERS=firefox,webkit` picks the browsers.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BROWSERS, launchAny } from './browsers.mjs';
import { startServer } from './harness.mjs';

const CHOSEN = process.env.BROWSERS ? process.env.BROWSERS.split(',') : BROWSERS;
/** Pieces played: every third by hand (shifted left and hard-dropped), the rest by the AI. */
const PIECES = 24;

let server;

// The function below runs in the page: it stands alone (the drivers send its source).

/**
 * Plays a guideline game of `pieces` pieces, keeping its cells after each placement, then opens
 * its recording as a replay and compares, in the page, the replay's cells at each placement with
 * the cells kept: the placements that differ, how many frames each side has, whether pieces were
 * placed, and whether the recording kept its moves. The answer stays small: a WebDriver answer of
 * every board, tens of kilobytes, is more than the comparison needs.
 */
async function replayedGame(pieces) {
  const { createGame, openReplay } = await import('./tetris-ai.js');
  const game = await createGame({ rules: { kind: 'guideline' }, seed: 7, search: { depth: 1 } });
  try {
    const played = [Array.from(await game.cells())];
    for (let i = 0; i < pieces; i++) {
      if (i % 3 === 2) {
        for (const key of ['hold', 'left', 'hard_drop']) {
          await game.press(key);
          await game.release(key);
        }
      } else {
        await game.step();
      }
      played.push(Array.from(await game.cells()));
    }
    const recording = await game.recording();
    const replay = await openReplay(JSON.stringify(recording));
    try {
      const same = (a, b) => a.length === b.length && a.every((cell, i) => cell === b[i]);
      const differing = [];
      for (let i = 0; i <= replay.count; i++) {
        if (!same(Array.from((await replay.frame(i)).view.cells), played[i] ?? []))
          differing.push(i);
      }
      // Back from the end, too.
      const firstAgain = same(Array.from((await replay.frame(0)).view.cells), played[0]);
      return {
        differing,
        playedFrames: played.length,
        replayedFrames: replay.count + 1,
        placed: played.at(-1).some((cell) => cell !== 0),
        firstAgain,
        moves: typeof recording.moves,
      };
    } finally {
      replay.close();
    }
  } finally {
    game.close();
  }
}

before(
  async () => {
    server = await startServer({ isolation: true });
  },
  { timeout: 120_000 },
);

after(async () => {
  await server?.stop();
});

for (const name of CHOSEN) {
  describe(name, { timeout: 600_000 }, () => {
    let browser;
    before(async () => (browser = await launchAny(name)), { timeout: 120_000 });
    after(async () => browser?.close());

    test('a recorded game replays to the same cells at every placement', async () => {
      const page = await browser.open(server.url);
      try {
        const result = await page.evaluate(replayedGame, PIECES);
        assert.equal(result.moves, 'string', 'a game played partly by hand keeps its moves');
        assert.equal(result.playedFrames, PIECES + 1);
        assert.equal(result.replayedFrames, PIECES + 1);
        assert.ok(result.placed, 'pieces were placed');
        assert.deepEqual(result.differing, [], 'placements whose replayed cells differ');
        assert.ok(result.firstAgain, 'the first frame, shown again after the last');
      } finally {
        await page.close();
      }
    });
  });
}
