// The deeper search through the JavaScript API on the threaded build: at depth 3 a game that
// splits its search over the pool plays the same game as one searching on one thread, under the
// research rules and the guideline ones; a search depth or beam out of range is refused, naming
// the value and what is allowed, by `createGame` and by `setSearch` (the game going on as it
// was), and so is a pool's thread count that is not a whole number from 1.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openPage, assertNoErrors } from './harness.mjs';

const PAGE = '<!doctype html><meta charset="utf-8"><title>search</title>';

/** The games played both ways (rules named here are the engine's rule sets of that name). */
const GAMES = [
  { preset: 'dt10', rules: 'classic', width: 10, height: 10, seed: 11 },
  { preset: 'dellacherie', rules: 'guideline', width: 10, height: 20, seed: 12 },
];
const DEPTH = 3;
const PIECES = 40;

const env = serveAndBrowse({ isolation: true });

/** Opens an empty page of the server's origin (cross-origin isolated), for the module. */
function openApiPage() {
  return openPage(env.browser, `${env.server.url}search.html`, { ready: false, html: PAGE });
}

test(
  `at depth ${DEPTH} a game searching on the pool plays as one searching on one thread`,
  { timeout: 300_000 },
  async (t) => {
    const opened = await openApiPage();
    try {
      for (const game of GAMES) {
        const seen = await opened.page.evaluate(
          async ([game, depth, pieces]) => {
            const { createGame, limits } = await import('./tetris-ai.js');
            const rules = (await limits()).rules[game.rules];
            const config = { ...game, rules, search: { depth } };
            const options = { build: 'threaded', threads: 2 };
            const games = [await createGame(config, options), await createGame(config, options)];
            try {
              await games[0].setParallel(false);
              await games[1].setParallel(true);
              const placed = [[], []];
              for (let i = 0; i < pieces; i++) {
                const steps = await Promise.all(games.map((g) => g.step()));
                for (const [k, step] of steps.entries()) {
                  placed[k].push(step && JSON.stringify(step.choice.placement));
                }
              }
              const after = async (g) => ({
                stats: await g.stats(),
                cells: [...(await g.cells())],
              });
              return {
                builds: games.map((g) => g.build),
                placed,
                after: await Promise.all(games.map(after)),
              };
            } finally {
              for (const g of games) g.close();
            }
          },
          [game, DEPTH, PIECES],
        );
        const what = `${game.rules} ${game.width}x${game.height}`;
        assert.deepEqual(seen.builds, ['threaded', 'threaded'], `${what}: the threaded build runs`);
        const [one, pool] = seen.placed;
        assert.equal(one.filter(Boolean).length, PIECES, `${what}: ${PIECES} pieces placed`);
        const differs = one.findIndex((p, i) => pool[i] !== p);
        assert.equal(
          differs,
          -1,
          differs < 0
            ? ''
            : `${what}: piece ${differs} went to ${one[differs]}, then ${pool[differs]}`,
        );
        assert.equal(seen.after[0].stats.pieces, PIECES);
        assert.deepEqual(seen.after[1], seen.after[0], `${what}: the same stats and board after`);
        t.diagnostic(`${what}: ${PIECES} placements alike, ${seen.after[0].stats.lines} lines`);
      }
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test('a search depth, beam or thread count out of range is refused, naming the value', async () => {
  const opened = await openApiPage();
  try {
    const seen = await opened.page.evaluate(async () => {
      const { createGame, limits } = await import('./tetris-ai.js');
      const { depth, beam } = await limits();
      const bad = [
        ['depth', depth.min - 1],
        ['depth', depth.max + 1],
        ['beam', beam.min - 1],
        ['beam', beam.max + 1],
        ['beam', 'x'],
      ];
      const refusal = (promise) =>
        promise.then(
          () => null,
          (error) => error.message,
        );
      const game = await createGame({ preset: 'dellacherie', seed: 5 });
      try {
        await game.step();
        const cases = [];
        for (const [field, value] of bad) {
          const created = await refusal(createGame({ seed: 1, search: { [field]: value } }));
          const set = await refusal(game.setSearch({ [field]: value }));
          cases.push({ field, value, created, set });
        }
        // A pool of no threads, or of a number of threads that is not one.
        const threads = [];
        for (const value of [0, 1.5, 'two']) {
          threads.push({
            value,
            message: await refusal(createGame({ seed: 1 }, { threads: value })),
          });
        }
        // The ends of the ranges are taken, and the game goes on as it was.
        const good = [
          await refusal(game.setSearch({ depth: depth.max, beam: beam.min })),
          await refusal(game.setSearch({ depth: depth.min, beam: beam.max })),
        ];
        const pieces = (await game.stats()).pieces;
        await game.step();
        return { depth, beam, cases, threads, good, pieces, after: (await game.stats()).pieces };
      } finally {
        game.close();
      }
    });
    for (const { field, value, created, set } of seen.cases) {
      const { min, max } = seen[field];
      const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
      for (const [how, message] of [
        ['createGame', created],
        ['setSearch', set],
      ]) {
        assert.ok(message, `${how} should refuse ${field} ${shown}`);
        assert.match(message, new RegExp(`\\b${field}\\b`), `${how}: the message names ${field}`);
        assert.ok(message.includes(`got ${shown}`), `${how}: "${message}" names ${shown}`);
        assert.ok(
          message.includes(`from ${min} to ${max}`),
          `${how}: "${message}" says what is allowed`,
        );
      }
    }
    for (const { value, message } of seen.threads) {
      assert.equal(
        message,
        `options.threads must be a whole number from 1, got ${JSON.stringify(value)}`,
        `createGame should refuse threads ${JSON.stringify(value)}, naming it`,
      );
    }
    assert.deepEqual(seen.good, [null, null], 'the ends of the ranges are taken');
    assert.equal(seen.pieces, 1, 'the refusals left the game as it was');
    assert.equal(seen.after, 2, 'and it plays on');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
