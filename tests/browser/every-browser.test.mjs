// The same tests in Chromium, Firefox and WebKit (see browsers.mjs): the page starts on the
// build each browser can run, served with and without cross-origin isolation, says why when it
// is not the threaded one, and plays; every build the browser can run plays the same game from
// the same seed as the command line; keys play the page's game once the AI is off; two
// elements on one page play apart, a bad attribute is refused while the game goes on, and a
// removed element stops; a share link plays the shared game, the same as in Chromium, and a
// damaged one says so. WebKit does all this under `LANG=C.UTF-8` too, where it reports the
// language "C". `BROWSERS=firefox,webkit` picks the browsers.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BROWSERS, launchAny, waitPlaced } from './browsers.mjs';
import { CLI, ROOT, startAll, startServer } from './harness.mjs';

const run = promisify(execFile);
const CHOSEN = process.env.BROWSERS ? process.env.BROWSERS.split(',') : BROWSERS;
/** The game the API plays: seed 1 of `du`, the command line's default rules and board. */
const GAME = { preset: 'du', seed: 1, pieces: 3000 };
/** A shared game: its link's settings, what the page shows of them, and the pieces compared. */
const SHARED = {
  settings: { seed: 4242, rules: 'classic', width: 8, height: 12, depth: 1, preset: 'du' },
  shown: { seed: '4242', rules: 'classic', width: '8', height: '12', depth: '1' },
  pieces: 30,
};

let isolated;
let unisolated;
let native;
/** The shared game's first placements in Chromium, which every browser must repeat. */
let reference;

before(
  async () => {
    await run('cargo', ['build', '--release', '--quiet', '-p', 'tetris-ai-cli'], {
      cwd: ROOT,
      timeout: 900_000,
    });
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
    reference = await chromiumPlacements(shareLink(isolated, SHARED.settings), SHARED.pieces);
  },
  { timeout: 900_000 },
);

after(async () => {
  await Promise.all([isolated?.stop(), unisolated?.stop()]);
});

/** The page's link to a game of `settings` on `server`, as its share link spells it. */
function shareLink(server, settings) {
  return `${server.url}#s=${Buffer.from(JSON.stringify(settings)).toString('base64url')}`;
}

/** The first `pieces` placements of the page at `url` in Chromium. */
async function chromiumPlacements(url, pieces) {
  const chromium = await launchAny('chromium');
  try {
    const page = await chromium.open(url);
    await waitPlaced(page, pieces);
    return (await page.evaluate(() => window.tetris.placements.slice())).slice(0, pieces);
  } finally {
    await chromium.close();
  }
}

/** The build the browser should run the page on, from what it supports, and whether isolated. */
function expectedBuild(page) {
  return page.evaluate(async () => {
    const { threads, simd } = await import('./vendor/wasm-feature-detect.js');
    if (crossOriginIsolated && (await threads())) return 'threaded';
    return (await simd()) ? 'simd' : 'plain';
  });
}

/** The builds this browser can run in the open page, as `createGame` names them. */
function runnableBuilds(page) {
  return page.evaluate(async () => {
    const { threads, simd } = await import('./vendor/wasm-feature-detect.js');
    const builds = ['plain'];
    if (await simd()) builds.push('simd');
    if (crossOriginIsolated && (await threads())) builds.push('threaded');
    return builds;
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

// The functions below run in the page: each stands alone (the drivers send its source).

/** Plays `pieces` of a game of `preset` from `seed` on `build` through the JS API. */
async function playApiGame({ preset, seed, pieces, build }) {
  const { createGame } = await import('./tetris-ai.js');
  const game = await createGame({ preset, seed }, { build });
  try {
    const stats = await game.play(pieces);
    return { lines: stats.lines, pieces: stats.pieces, build: game.build };
  } finally {
    game.close();
  }
}

/** The page's falling piece, its leftmost column, and the pieces placed so far. */
async function activePiece() {
  const game = window.tetris.game;
  const [view, cells, stats] = await Promise.all([game.view(), game.activeCells(), game.stats()]);
  const columns = Array.from(cells).filter((_, i) => i % 2 === 0);
  return { piece: view.active.piece, left: Math.min(...columns), pieces: stats.pieces };
}

/** Whether the page's falling piece has its leftmost cell in column `left`. */
async function leftmostAt(left) {
  const cells = Array.from(await window.tetris.game.activeCells());
  return Math.min(...cells.filter((_, i) => i % 2 === 0)) === left;
}

/** Each `<tetris-ai>` of the page by id: its board, pieces placed and worker. */
async function elementGames() {
  const games = {};
  for (const el of document.querySelectorAll('tetris-ai')) {
    const [view, stats] = await Promise.all([el.game.view(), el.game.stats()]);
    games[el.id] = {
      board: [view.width, view.height],
      pieces: stats.pieces,
      worker: el.game.engine.id,
    };
  }
  return games;
}

/** Whether every `<tetris-ai>` of the page has started its game. */
async function elementsStarted() {
  if (!customElements.get('tetris-ai')) return false;
  await Promise.all([...document.querySelectorAll('tetris-ai')].map((el) => el.ready));
  return true;
}

/** Whether the game of the element with id `id` has placed more than `pieces` pieces. */
async function placedMore({ id, pieces }) {
  return (await document.getElementById(id).game.stats()).pieces > pieces;
}

/** The game settings the page shows. */
function pageSettings() {
  const value = (id) => document.getElementById(id).value;
  return {
    seed: value('seed'),
    rules: value('rules'),
    width: value('board-width'),
    height: value('board-height'),
    depth: value('depth'),
  };
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

    test('every build it can run plays the same game from the same seed as the command line', async () => {
      for (const server of [unisolated, isolated]) {
        const served = server.isolation ? 'isolated' : 'not isolated';
        const page = await browser.open(`${server.url}embed.html`);
        try {
          const builds = await runnableBuilds(page);
          for (const build of builds) {
            const game = await page.evaluate(playApiGame, { ...GAME, build });
            assert.deepEqual(
              game,
              { lines: native.lines, pieces: native.pieces, build },
              `the ${build} build's game, served ${served}`,
            );
          }
        } finally {
          await page.close();
        }
      }
    });

    test("keys play the page's game once the AI is off", async () => {
      const page = await browser.open(isolated.url);
      try {
        await waitPlaced(page, 1);
        await page.click('#play-yourself');
        // Keys play once the element has applied the change (the box shows it at once).
        await page.waitFor(() => document.getElementById('game').settings.autoplay === false);
        await page.click('#game');
        const focused = await page.evaluate(() => document.activeElement?.id);
        assert.equal(focused, 'game', 'a click gives the game the keyboard');
        const start = await page.evaluate(activePiece);
        // The AI may have left the piece at the left wall as it handed the game over.
        const [key, step] = start.left > 0 ? ['ArrowLeft', -1] : ['ArrowRight', 1];
        await page.press(key);
        await page.waitFor(leftmostAt, start.left + step, 10_000);
        await page.press('Space');
        // The page hears of the lock in the frame after the worker made it.
        await page.waitFor(
          (pieces) => window.tetris.placements.length === pieces + 1,
          start.pieces,
          10_000,
        );
        const placed = await page.evaluate(() => JSON.parse(window.tetris.placements.at(-1)));
        assert.equal(placed.piece, start.piece, 'the piece the keys moved is the one placed');
      } finally {
        await page.close();
      }
    });

    test('two elements on one page play apart; a bad attribute is refused; a removed one stops', async () => {
      const page = await browser.open(`${unisolated.url}embed.html`);
      try {
        await page.waitFor(elementsStarted, null, 60_000);
        const first = await page.evaluate(elementGames);
        assert.deepEqual(Object.keys(first).sort(), ['left', 'right']);
        assert.deepEqual(first.left.board, [10, 20]);
        assert.deepEqual(first.right.board, [8, 12]);
        assert.notEqual(first.left.worker, first.right.worker, 'a worker for each element');
        await page.waitFor(placedMore, { id: 'left', pieces: first.left.pieces + 2 }, 30_000);
        await page.waitFor(placedMore, { id: 'right', pieces: first.right.pieces + 2 }, 30_000);

        // A bad board is refused by name, and the game it would have replaced goes on.
        const refused = await page.evaluate(() => {
          const right = document.querySelector('#right');
          const heard = new Promise((resolve) =>
            right.addEventListener('error', (event) => resolve(event.detail.message), {
              once: true,
            }),
          );
          right.setAttribute('board', 'abc');
          return heard;
        });
        assert.match(refused, /board/, 'the message names the attribute');
        assert.match(refused, /abc/, 'the message names the bad value');
        const kept = (await page.evaluate(elementGames)).right;
        assert.deepEqual(kept.board, [8, 12], 'the refused board changes nothing');
        await page.waitFor(placedMore, { id: 'right', pieces: kept.pieces }, 30_000);

        // A removed element lets its game go and places nothing more; the other plays on.
        const removed = await page.evaluate(() => {
          const left = document.querySelector('#left');
          left.remove();
          window.removedElement = left;
          return left.placements.length;
        });
        await page.waitFor(() => window.removedElement.game === null, null, 10_000);
        const right = (await page.evaluate(elementGames)).right.pieces;
        await page.waitFor(placedMore, { id: 'right', pieces: right + 2 }, 30_000);
        const placed = await page.evaluate(() => window.removedElement.placements.length);
        assert.equal(placed, removed, 'the removed element places no piece');
      } finally {
        await page.close();
      }
    });

    test('a share link plays the shared game, the same as in Chromium; a damaged one says so', async () => {
      const page = await browser.open(shareLink(isolated, SHARED.settings));
      try {
        await waitPlaced(page, SHARED.pieces);
        assert.deepEqual(await page.evaluate(pageSettings), SHARED.shown, 'the shared settings');
        const placements = await page.evaluate(() => window.tetris.placements.slice());
        assert.deepEqual(
          placements.slice(0, SHARED.pieces),
          reference,
          'the shared game places the same pieces as in Chromium',
        );
      } finally {
        await page.close();
      }
      const damaged = await browser.open(`${isolated.url}#s=%25%25%25`);
      try {
        await waitPlaced(damaged, 1);
        const said = await damaged.evaluate(() => {
          const box = document.querySelector('#link-error');
          return box.hidden ? '' : box.textContent;
        });
        assert.match(said, /%%%/, 'the page names the damaged link');
      } finally {
        await damaged.close();
      }
    });
  });
}
