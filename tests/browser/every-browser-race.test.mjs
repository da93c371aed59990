// The race and the match in Chromium, Firefox and WebKit (see browsers.mjs): the two games of a
// race get the same pieces, the player's queue and the AI's showing the same sequence as the
// player places five pieces by hand and the AI five of its own; in a match the AI's attack waits
// in the meter beside the player's board, and once ended, the match replays to both games' boards
// as they stand; and a sprint (the engine's step as the player's hands)
// ends finished at 40 lines, its time kept as the best. `BROWSERS=firefox,webkit` picks the
// browsers.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BROWSERS, launchAny } from './browsers.mjs';
import { playToTheEnd, startServer } from './harness.mjs';
import { bothQueues, raceIs, raceReplayEnd, sequenceOf } from './race.mjs';

const CHOSEN = process.env.BROWSERS ? process.env.BROWSERS.split(',') : BROWSERS;
/** Pieces the player hard-drops in the race. */
const DROPS = 5;
/**
 * The AI's pieces a second: slow enough that it never places more than a queue's worth between
 * two samples, however long a driver takes to press a key (WebKit's has taken over a second).
 */
const PACE = '2';

/** In the page: whether the player's game has placed at least `pieces`. */
async function playerPlaced(pieces) {
  return (await window.tetris.game.stats()).pieces >= pieces;
}

/** In the page: whether the race's AI has placed at least `pieces`. */
async function aiPlaced(pieces) {
  return (await window.tetris.race.ai.game.stats()).pieces >= pieces;
}

/** In the page: sets the AI's pace to `pace` pieces a second, as the select does. */
function choosePace(pace) {
  const select = document.querySelector('#race-pace');
  select.value = pace;
  select.dispatchEvent(new Event('change'));
  return select.value === pace;
}

/** In the page: whether the meter beside the player's board shows garbage waiting. */
function meterShows() {
  const bar = document.querySelector('#game').shadowRoot.querySelector('#garbage');
  return !bar.hidden && Number(bar.style.getPropertyValue('--rows')) > 0;
}

/** In the page: whether a sprint of the player's runs, its countdown over. */
function sprintRuns() {
  const game = document.querySelector('#game');
  return game.mode === 'sprint' && !game.paused && window.tetris.modes.run !== null;
}

let server;

before(async () => {
  server = await startServer({ isolation: true });
});

after(async () => {
  await server?.stop();
});

for (const name of CHOSEN) {
  describe(name, { timeout: 600_000 }, () => {
    let browser;
    before(async () => (browser = await launchAny(name)), { timeout: 120_000 });
    after(async () => browser?.close());

    test('the two games of a race get the same pieces', async () => {
      const page = await browser.open(server.url);
      try {
        await page.waitFor(() => window.tetris?.ready.then(() => true), null, 60_000);
        assert.equal(await page.evaluate(choosePace, PACE), true);
        await page.click('#tab-race');
        await page.click('input[name="race-kind"][value="race"]');
        await page.click('#race-start');
        await page.waitFor(raceIs, 'running', 30_000);
        const samples = [await page.evaluate(bothQueues)];
        for (let pieces = 1; pieces <= DROPS; pieces++) {
          await page.press('Space');
          await page.waitFor(playerPlaced, pieces, 30_000);
          samples.push(await page.evaluate(bothQueues));
        }
        await page.waitFor(aiPlaced, DROPS, 30_000);
        samples.push(await page.evaluate(bothQueues));
        const yours = sequenceOf(
          samples.map(([y]) => y),
          "the player's",
        );
        const theirs = sequenceOf(
          samples.map(([, a]) => a),
          "the AI's",
        );
        const both = [...yours.keys()].filter((place) => theirs.has(place));
        for (const place of both) {
          assert.equal(yours.get(place), theirs.get(place), `piece ${place} of the two games`);
        }
        // Both showed pieces 1 to 5 first; the AI's last queue, after five placed (and one held,
        // maybe), starts at piece 6 or 7 and the player's last ends at piece 10: 9 at least.
        assert.ok(both.length >= 9, `the queues shared ${both.length} pieces`);
      } finally {
        await page.close();
      }
    });

    test("in a match the AI's attack waits in the meter, and the match replays to its end", async () => {
      const page = await browser.open(server.url);
      try {
        await page.waitFor(() => window.tetris?.ready.then(() => true), null, 60_000);
        await page.click('#tab-race');
        assert.equal(await page.evaluate(choosePace, 'Infinity'), true);
        await page.click('#race-start'); // a match is the default kind
        await page.waitFor(raceIs, 'running', 30_000);
        await page.waitFor(meterShows, null, 60_000);
        await page.click('#race-end');
        await page.waitFor(raceIs, 'ended', 30_000);
        await page.click('#race-replay');
        await page.waitFor(() => window.tetris.replay?.sides !== undefined, null, 30_000);
        await page.click('#replay-last');
        const end = await page.waitFor(raceReplayEnd, null, 30_000);
        assert.deepEqual(end.names, ['You', 'AI']);
        assert.deepEqual(end.replayed, end.games, 'both boards replay to the games as they stand');
        assert.ok(end.count > 0, 'the AI placed pieces');
      } finally {
        await page.close();
      }
    });

    test('a sprint ends finished at 40 lines and its time is kept as the best', async () => {
      const page = await browser.open(server.url);
      try {
        await page.waitFor(() => window.tetris?.ready.then(() => true), null, 60_000);
        await page.click('#tab-modes');
        await page.click('#mode-start'); // the sprint is the first mode
        await page.waitFor(sprintRuns, null, 30_000);
        const stats = await page.evaluate(playToTheEnd);
        assert.ok(stats.finished && stats.lines >= 40, JSON.stringify(stats));
        await page.waitFor(() => !document.querySelector('#mode-result').hidden, null, 30_000);
        const best = await page.evaluate(
          () => document.querySelector('#bests-body tr').cells[1].textContent,
        );
        // The clock: 60 frames a second, in minutes, seconds and hundredths (cut, not rounded).
        const hundredths = Math.floor((stats.frames * 100) / 60);
        const seconds = Math.floor(hundredths / 100) % 60;
        const expected =
          `${Math.floor(hundredths / 6000)}:${String(seconds).padStart(2, '0')}.` +
          String(hundredths % 100).padStart(2, '0');
        assert.equal(best, expected, `${stats.frames} frames`);
      } finally {
        await page.close();
      }
    });
  });
}
