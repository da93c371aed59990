// The three WebAssembly builds and how one is chosen. In headless Chromium "auto" runs the simd
// build on a page that is not cross-origin isolated and the threaded one on an isolated page;
// "simd", "plain" and "threaded" can be asked for and play the same games for the same seeds;
// a build name that is not one gives an error naming it. Chromium started with V8's SSE4.1 off
// has no WebAssembly SIMD (as on a machine without SSE4.1): there the simd and threaded modules
// do not even compile while the plain one does, "auto" runs the plain build and says why, and
// asking for a SIMD build fails naming the missing SIMD.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, startAll, openPage, assertNoErrors } from './harness.mjs';

/** Chromium without WebAssembly SIMD: V8 offers SIMD only where it may use SSE4.1. */
const NO_SIMD = ['--js-flags=--no-enable-sse4-1'];

/**
 * The games every build plays: the research rules, and the guideline ones with lookahead (rules
 * named here are the engine's rule sets of that name, from `limits()`).
 */
const GAMES = [
  { config: { preset: 'dellacherie', width: 10, height: 12, seed: 7 }, pieces: 1500 },
  {
    config: {
      preset: 'du',
      rules: 'guideline',
      width: 10,
      height: 20,
      seed: 3,
      search: { depth: 2 },
    },
    pieces: 150,
  },
];

const PAGE = '<!doctype html><meta charset="utf-8"><title>builds</title>';

let browser;
let noSimd;
let isolated;
let unisolated;

before(async () => {
  [browser, noSimd, isolated, unisolated] = await startAll([
    launchBrowser(),
    launchBrowser({ args: NO_SIMD }),
    startServer({ isolation: true }),
    startServer({ isolation: false }),
  ]);
});

after(async () => {
  await Promise.all([browser?.close(), noSimd?.close(), isolated?.stop(), unisolated?.stop()]);
});

/** Runs `use(page)` on an empty page of `server`'s origin (with its headers) in `chromium`. */
async function onPage(chromium, server, use) {
  const opened = await openPage(chromium, `${server.url}builds.html`, { ready: false, html: PAGE });
  try {
    const result = await use(opened.page);
    assertNoErrors(assert, opened);
    return result;
  } finally {
    await opened.close();
  }
}

/** What `resolveBuild(wanted)` gives on `page`: `{build, note}`, or `{error}`. */
function resolve(page, wanted) {
  return page.evaluate(async (wanted) => {
    const { resolveBuild } = await import('./tetris-ai.js');
    try {
      return await resolveBuild(wanted);
    } catch (error) {
      return { error: error.message };
    }
  }, wanted);
}

/**
 * Plays every game of `GAMES` on `build` on `page`: per game, the game's `build`, its stats and
 * its board afterwards; `{error}` where `createGame` rejects.
 */
function playAll(page, build) {
  return page.evaluate(
    async ([games, build]) => {
      const { createGame, limits } = await import('./tetris-ai.js');
      const { rules } = await limits();
      const played = [];
      for (const { config, pieces } of games) {
        let game;
        try {
          const options = build === undefined ? {} : { build };
          game = await createGame({ ...config, rules: rules[config.rules ?? 'classic'] }, options);
        } catch (error) {
          return { error: error.message };
        }
        try {
          const stats = await game.play(pieces);
          const cells = Array.from(await game.cells());
          played.push({ build: game.build, note: game.note, stats, cells });
        } finally {
          game.close();
        }
      }
      return played;
    },
    [GAMES, build],
  );
}

/** Asserts that `played` (from `playAll`) ran on `build` and played the games of `expected`. */
function samePlay(played, expected, build) {
  assert.equal(played.error, undefined, `${build}: ${played.error}`);
  for (const [i, game] of played.entries()) {
    assert.equal(game.build, build, `game ${i} ran on the ${game.build} build`);
    assert.deepEqual(game.stats, expected[i].stats, `${build}: game ${i}'s stats`);
    assert.deepEqual(game.cells, expected[i].cells, `${build}: game ${i}'s board`);
  }
}

test('"auto" runs the simd build without isolation and the threaded one with it', async (t) => {
  const without = await onPage(browser, unisolated, (page) => resolve(page, 'auto'));
  t.diagnostic(`without isolation: ${JSON.stringify(without)}`);
  assert.equal(without.build, 'simd');
  assert.match(without.note, /^simd build: .*cross-origin isolated/);
  const withIt = await onPage(browser, isolated, async (page) => ({
    auto: await resolve(page, 'auto'),
    unsaid: await resolve(page, undefined),
  }));
  assert.deepEqual(withIt.auto, { build: 'threaded', note: '' });
  assert.deepEqual(withIt.unsaid, { build: 'threaded', note: '' }, 'no build means "auto"');
});

test(
  '"simd", "plain" and "threaded" play the same games for the same seeds',
  { timeout: 180_000 },
  async (t) => {
    const played = await onPage(browser, isolated, async (page) => ({
      threaded: await playAll(page, 'threaded'),
      simd: await playAll(page, 'simd'),
      plain: await playAll(page, 'plain'),
    }));
    assert.equal(played.simd.error, undefined, `simd: ${played.simd.error}`);
    for (const [i, game] of played.simd.entries()) {
      t.diagnostic(`game ${i}: ${JSON.stringify(game.stats)}`);
      assert.ok(game.stats.pieces > 0 && game.stats.lines > 0, `game ${i} cleared lines`);
    }
    assert.equal(played.simd[0].note, 'the simd build was asked for');
    assert.equal(played.plain[0]?.note, 'the plain build was asked for');
    samePlay(played.plain, played.simd, 'plain');
    samePlay(played.threaded, played.simd, 'threaded');
  },
);

test('a build name that is not one is refused, naming it', async () => {
  const refused = await onPage(browser, unisolated, (page) =>
    page.evaluate(async () => {
      const api = await import('./tetris-ai.js');
      const message = (promise) =>
        promise.then(
          () => null,
          (error) => error.message,
        );
      return {
        resolve: await message(api.resolveBuild('fast')),
        game: await message(api.createGame({ seed: 1 }, { build: 'SIMD' })),
        evolution: await message(
          api.evolutionConfig({ population: 4 }).then((c) => api.createEvolution(c, { build: 7 })),
        ),
      };
    }),
  );
  const builds = 'auto, threaded, simd, plain';
  assert.equal(refused.resolve, `build must be one of ${builds}, got "fast"`);
  assert.equal(refused.game, `build must be one of ${builds}, got "SIMD"`);
  assert.equal(refused.evolution, `build must be one of ${builds}, got 7`);
});

test('without isolation "threaded" is refused, naming why', async () => {
  const refused = await onPage(browser, unisolated, (page) => resolve(page, 'threaded'));
  assert.match(refused.error ?? '', /^the threaded build cannot run: .*cross-origin isolated/);
});

test(
  'a browser without WebAssembly SIMD runs the plain build, which plays the same games',
  { timeout: 180_000 },
  async (t) => {
    const expected = await onPage(browser, unisolated, (page) => playAll(page, 'simd'));
    const seen = await onPage(noSimd, isolated, async (page) => ({
      compiles: await page.evaluate(async () => {
        const compiles = {};
        for (const build of ['plain', 'simd', 'threaded']) {
          const bytes = await (await fetch(`pkg/${build}/tetris_ai_bg.wasm`)).arrayBuffer();
          compiles[build] = WebAssembly.validate(bytes);
        }
        return compiles;
      }),
      auto: await resolve(page, 'auto'),
      simd: await resolve(page, 'simd'),
      threaded: await resolve(page, 'threaded'),
      played: await playAll(page, undefined),
    }));
    t.diagnostic(JSON.stringify({ ...seen, played: undefined }));
    assert.deepEqual(
      seen.compiles,
      { plain: true, simd: false, threaded: false },
      'only the plain module compiles without SIMD (the others use SIMD instructions)',
    );
    assert.deepEqual(seen.auto, {
      build: 'plain',
      note: 'plain build: this browser has no WebAssembly SIMD',
    });
    assert.equal(
      seen.simd.error,
      'the simd build cannot run: this browser has no WebAssembly SIMD',
    );
    assert.equal(
      seen.threaded.error,
      'the threaded build cannot run: this browser has no WebAssembly SIMD',
    );
    samePlay(seen.played, expected, 'plain');
  },
);

test('the page in a browser without WebAssembly SIMD runs the plain build and says why', async () => {
  const opened = await openPage(noSimd, unisolated.url);
  try {
    const { page } = opened;
    await page.waitForFunction(() => window.tetris?.kind);
    await page.locator('#about summary').click({ timeout: 10_000 });
    const shown = (await page.locator('#engine-kind').textContent({ timeout: 10_000 })).trim();
    const note = page.locator('#engine-note');
    assert.equal(shown, 'plain', '#engine-kind');
    assert.equal(await page.evaluate(() => window.tetris.kind), 'plain');
    assert.equal(await note.isVisible(), true, '#engine-note should say why the plain build runs');
    assert.equal(
      (await note.textContent()).trim(),
      'plain build: this browser has no WebAssembly SIMD, and the page is not cross-origin ' +
        'isolated (it needs the COOP and COEP headers)',
    );
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
