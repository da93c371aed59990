// The same tests in Chromium, Firefox and WebKit (see browsers.mjs): the page starts on the
// build each browser can run, served with and without cross-origin isolation, says why when it
// is not the threaded one, and plays; the JS API plays the same game from the same seed as the
// command line; and WebKit does all this under `LANG=C.UTF-8`, where it reports the language
// "C". `BROWSERS=firefox,webkit` picks the browsers.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { BROWSERS, launchAny, waitPlaced } from './browsers.mjs';
import { ROOT, startAll, startServer } from './harness.mjs';

const run = promisify(execFile);
const CLI = path.join(ROOT, 'target', 'release', 'tetris-ai');
const CHOSEN = process.env.BROWSERS ? process.env.BROWSERS.split(',') : BROWSERS;
/** The game the API plays: seed 1 of `du`, the command line's default rules and board. */
const GAME = { preset: 'du', seed: 1, pieces: 3000 };

let isolated;
let unisolated;
let native;

before(
  async () => {
    await run('cargo', ['build', '--release', '--quiet'], { cwd: ROOT, timeout: 900_000 });
    const { stdout } = await run(CLI, [
      'bench',
      ...['--preset', GAME.preset, '--seed', String(GAME.seed), '--games', '1'],
      ...['--max-pieces', String(GAME.pieces), '--json'],
    ]);
    native = JSON.parse(stdout);
    [isolated, unisolated] = await startAll([
      startServer({ isolation: true }),
      startServer({ isolation: false }),
    ]);
  },
  { timeout: 900_000 },
);

after(async () => {
  await Promise.all([isolated?.stop(), unisolated?.stop()]);
});

/** The build the browser should run the page on, from what it supports, and whether isolated. */
function expectedBuild(page) {
  return page.evaluate(async () => {
    const { threads, simd } = await import('./vendor/wasm-feature-detect.js');
    if (crossOriginIsolated && (await threads())) return 'threaded';
    return (await simd()) ? 'simd' : 'plain';
  });
}

/** The page's build, the note beside it, and the pieces played once at least `pieces`. */
async function pagePlays(page, pieces) {
  await waitPlaced(page, pieces);
  return page.evaluate(() => ({
    kind: document.querySelector('#engine-kind').textContent.trim(),
    note: document.querySelector('#engine-note').hidden
      ? ''
      : document.querySelector('#engine-note').textContent.trim(),
    failed: !document.querySelector('#load-error').hidden,
  }));
}

const RUNS = CHOSEN.flatMap((name) =>
  name === 'webkit'
    ? [
        { name, env: {} },
        { name, env: { LANG: 'C.UTF-8' } },
      ]
    : [{ name, env: {} }],
);

for (const { name, env } of RUNS) {
  const label = env.LANG ? `${name} under LANG=${env.LANG}` : name;
  describe(label, { timeout: 900_000 }, () => {
    let browser;
    before(async () => (browser = await launchAny(name, { env })), { timeout: 120_000 });
    after(async () => browser?.close());

    for (const served of ['isolated', 'not isolated']) {
      test(`the page plays on the build it can run, served ${served}`, async () => {
        const server = served === 'isolated' ? isolated : unisolated;
        const page = await browser.open(server.url);
        try {
          const wanted = await expectedBuild(page);
          const shown = await pagePlays(page, 5);
          assert.equal(shown.failed, false, 'the page should start');
          assert.equal(shown.kind, wanted, `the build shown (${JSON.stringify(shown)})`);
          if (wanted === 'threaded') assert.equal(shown.note, '');
          else assert.match(shown.note, /\w+/, 'the page should say why it runs this build');
        } finally {
          await page.close();
        }
      });
    }

    test('the API plays the same game from the same seed as the command line', async () => {
      const page = await browser.open(`${unisolated.url}embed.html`);
      try {
        const game = await page.evaluate(async ({ preset, seed, pieces }) => {
          const { createGame } = await import('./tetris-ai.js');
          const game = await createGame({ preset, seed });
          try {
            const stats = await game.play(pieces);
            return { lines: stats.lines, pieces: stats.pieces, build: game.build };
          } finally {
            game.close();
          }
        }, GAME);
        assert.deepEqual(
          { lines: game.lines, pieces: game.pieces },
          { lines: native.lines, pieces: native.pieces },
          `the ${game.build} build's game`,
        );
      } finally {
        await page.close();
      }
    });
  });
}
