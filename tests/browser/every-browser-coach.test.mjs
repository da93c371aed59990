// The coach in Chromium, Firefox and WebKit (see browsers.mjs): `explain` and `rate` through the
// JavaScript API give the numbers they give in Chromium, to the last bit, for every placement of
// a guideline game at depth 1 and of a research game at depth 2; and the page rates a piece the
// player places. `BROWSERS=firefox,webkit` picks the browsers.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BROWSERS, launchAny } from './browsers.mjs';
import { startServer } from './harness.mjs';

const CHOSEN = process.env.BROWSERS ? process.env.BROWSERS.split(',') : BROWSERS;
/** The games explained: each configuration and the pieces the AI plays first. */
const GAMES = [
  { config: { rules: { kind: 'guideline' }, seed: 11, preset: 'el_tetris' }, pieces: 15 },
  { config: { seed: 4, preset: 'lee', search: { depth: 2 } }, pieces: 25 },
];

let server;
/** What Chromium's engine says of `GAMES`, which every browser must say. */
let reference;

// The functions below run in the page: each stands alone (the drivers send its source).

/**
 * For each game of `games`: every placement `search()` gives after its first pieces, with its
 * explanation and rating, on the build the page picks.
 */
async function explainedGames(games) {
  const { createGame } = await import('./tetris-ai.js');
  const told = [];
  for (const { config, pieces } of games) {
    const game = await createGame(config);
    try {
      for (let i = 0; i < pieces; i++) await game.step();
      const placements = [];
      for (const choice of await game.search()) {
        const { terms, score, later, plan } = await game.explain(choice.placement);
        const { rank, of, gap, differences } = await game.rate(choice.placement);
        // Numbers as text, so that the drivers carry every bit (and -0 and infinities) alike.
        const contributions = terms.map((term) => String(term.contribution));
        placements.push({
          searched: String(choice.score),
          contributions,
          score: String(score),
          later: String(later),
          plan: String(plan),
          rank: [rank, of, String(gap)],
          differences: differences.map((d) => [d.feature, String(d.change), String(d.effect)]),
        });
      }
      told.push({ build: game.build, placements });
    } finally {
      game.close();
    }
  }
  return told;
}

/** Whether the page's game runs and its player's last piece has been rated. */
async function lastPieceRated() {
  await window.tetris.ready;
  return /^[IOTSZJL](, after hold)?: \d+(st|nd|rd|th) of \d+/.test(
    document.querySelector('#coach-last').textContent,
  );
}

/** Whether the page's game has been handed to the player. */
async function playerPlays() {
  await window.tetris.ready;
  return document.querySelector('#game').autoplay === false;
}

before(
  async () => {
    server = await startServer({ isolation: true });
    const chromium = await launchAny('chromium');
    try {
      const page = await chromium.open(server.url);
      reference = await page.evaluate(explainedGames, GAMES);
    } finally {
      await chromium.close();
    }
  },
  { timeout: 300_000 },
);

after(async () => {
  await server?.stop();
});

for (const name of CHOSEN) {
  describe(name, { timeout: 600_000 }, () => {
    let browser;
    before(async () => (browser = await launchAny(name)), { timeout: 120_000 });
    after(async () => browser?.close());

    test('explain and rate give the numbers they give in Chromium', async (t) => {
      const page = await browser.open(server.url);
      try {
        const told = await page.evaluate(explainedGames, GAMES);
        told.forEach(({ build, placements }, i) => {
          t.diagnostic(`game ${i}: ${placements.length} placements on the ${build} build`);
          assert.ok(placements.length > 0);
          for (const placement of placements) {
            // Each explanation sums, in order, to the score the search gives.
            const sum = placement.contributions.reduce((total, c) => total + Number(c), 0);
            if (placement.score !== '-Infinity') assert.equal(String(sum), placement.searched);
            assert.equal(placement.score, placement.searched);
          }
          assert.deepEqual(placements, reference[i].placements, `game ${i} against Chromium`);
        });
      } finally {
        await page.close();
      }
    });

    test('the page rates a piece the player places', async () => {
      const page = await browser.open(server.url);
      try {
        await page.waitFor(() => window.tetris?.ready.then(() => true), null, 60_000);
        await page.click('#play-yourself');
        await page.waitFor(playerPlays, null, 30_000);
        await page.press('Space');
        await page.waitFor(lastPieceRated, null, 30_000);
      } finally {
        await page.close();
      }
    });
  });
}
