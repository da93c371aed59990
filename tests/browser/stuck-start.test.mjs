// An engine worker whose engine never loads (as, now and then in Firefox, the engine worker never
// returns from starting a thread of the threaded build's pool, and its start would wait forever)
// gets a second worker started beside it after 3 s: the game starts on the second, well before the
// first would have been given up (15 s), and only the stuck one is stopped.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse } from './harness.mjs';

const env = serveAndBrowse({ isolation: false });

test(
  'a worker that never loads its engine is replaced after 3 s, and the game starts',
  { timeout: 120_000 },
  async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${env.server.url}tetris-ai.js`);
      const seen = await page.evaluate(async () => {
        // The first engine worker runs a script that never answers; the others are real.
        const Native = window.Worker;
        const made = [];
        window.Worker = class extends Native {
          constructor(url, options) {
            const stuck = made.length === 0 && String(url).endsWith('lib/worker.js');
            super(
              stuck
                ? URL.createObjectURL(new Blob(['// never answers'], { type: 'text/javascript' }))
                : url,
              options,
            );
            this.stuck = stuck;
            this.terminated = false;
            made.push(this);
          }

          terminate() {
            this.terminated = true;
            super.terminate();
          }
        };
        const started = performance.now();
        const { createGame } = await import('./tetris-ai.js');
        const game = await createGame({ seed: 3 }, { build: 'plain' });
        const stats = await game.play(20);
        game.close();
        return {
          seconds: (performance.now() - started) / 1000,
          pieces: stats.pieces,
          workers: made.map((w) => ({ stuck: w.stuck, terminated: w.terminated })),
        };
      });
      assert.equal(seen.pieces, 20, 'the game plays on the second worker');
      assert.ok(
        seen.seconds >= 3 && seen.seconds < 15,
        `the second worker was started after 3 s, without waiting for the first to be given up; the game took ${seen.seconds} s`,
      );
      assert.deepEqual(seen.workers, [
        { stuck: true, terminated: true },
        { stuck: false, terminated: true },
      ]);
    } finally {
      await context.close();
    }
  },
);
