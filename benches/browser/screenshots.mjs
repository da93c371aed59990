// Screenshots of the page (watching the AI, its coach, settings (and a preset's advanced weights)
// and modes parts, in a race and in a match against it, in a match against a Tetris Bot Protocol
// bot (the page's own, loaded by URL), replaying a game and a match, the Evolution panel started
// from given weights, scored by survival, with its noise handling, the Benchmark panel's survival
// estimate of two weight sets and its versus series of one against the other) and of embed.html in
// every browser the tests drive, at a desktop size and a phone's, served cross-origin isolated,
// once the AI has placed a few pieces: to look at, not to compare.
//
//   ./build.sh build && node benches/browser/screenshots.mjs [OUT_DIR] [PAGES]
//
// Writes OUT_DIR/<page>-<browser>-<width>x<height>.png (default OUT_DIR: target/screenshots);
// PAGES, comma-separated, shoots only those (index, coach, settings, weights, modes, race, match,
// bot, replay, match-replay, evolution, survival, versus, embed).

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { BROWSERS, launchAny, waitPlaced } from '../../tests/browser/browsers.mjs';
import { ROOT, startServer } from '../../tests/browser/harness.mjs';
import { raceIs } from '../../tests/browser/race.mjs';

const OUT = path.resolve(process.argv[2] || path.join(ROOT, 'target', 'screenshots'));
const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
/** Pieces the AI places before the picture. */
const PIECES = 8;

/** In the page: whether the race's AI has placed at least `pieces`. */
async function racePlaced(pieces) {
  return (await window.tetris.race.ai.game.stats()).pieces >= pieces;
}

/**
 * The page in a race (or, with `kind` "versus", a match) against `opponent` ("builtin", the
 * engine's AI, or "bot", the page's own bot by URL): the player hard-drops a few pieces, the
 * opponent places `PIECES`.
 */
const racing =
  (kind, opponent = 'builtin') =>
  async (page) => {
    await waitPlaced(page, 1);
    await page.click('#tab-race');
    // On a phone the panel lies under the game: the clicks go straight to its controls.
    await page.evaluate(clickFirst, `input[name="race-kind"][value="${kind}"]`);
    await page.evaluate(clickFirst, `input[name="race-opponent"][value="${opponent}"]`);
    await page.evaluate(clickFirst, '#race-start');
    await page.waitFor(raceIs, 'running', 30_000);
    for (let i = 0; i < 3; i++) await page.press('Space');
    await page.waitFor(racePlaced, PIECES, 120_000);
  };

/** In the page: clicks the first element `selector` finds (a table row too, in every driver). */
function clickFirst(selector) {
  document.querySelector(selector).click();
}

/** The page's replay viewer: the AI's game of `PIECES` pieces, replayed a few pieces in. */
async function replaying(page) {
  await waitPlaced(page, PIECES);
  await page.evaluate(clickFirst, '#new-game');
  const replayable = () => document.querySelector('#history-body tr.replayable') !== null;
  await page.waitFor(replayable, null, 30_000);
  await page.evaluate(clickFirst, '#history-body tr.replayable');
  await page.waitFor(() => window.tetris.replay?.index === 0, null, 30_000);
  for (let i = 0; i < 4; i++) await page.evaluate(clickFirst, '#replay-forward');
  await page.waitFor(() => window.tetris.replay?.index === 4, null, 30_000);
}

/**
 * The Evolution panel started from dt10's weights and scored by survival, its noise handling
 * open, in view.
 */
async function evolutionPanel(page) {
  await waitPlaced(page, 1);
  await page.evaluate(clickFirst, '#tab-lab');
  await page.evaluate(() => {
    const start = document.getElementById('evo-start-from');
    start.value = 'dt10';
    start.dispatchEvent(new Event('change'));
    const fitness = document.getElementById('evo-fitness');
    fitness.value = 'survival';
    fitness.dispatchEvent(new Event('change'));
    const noise = document.getElementById('evo-noise');
    noise.open = true;
    start.scrollIntoView({ block: 'start' });
  });
}

/** In the page: sets the form fields `fields` (by id) as a user would. */
function fillFields(fields) {
  for (const [id, value] of Object.entries(fields)) {
    const input = document.getElementById(id);
    if (input.type === 'checkbox') input.checked = value;
    else input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * Runs the Benchmark panel on `rules` and a 10x10 board with `fields` (the kind's fields after
 * the kind, set first, has shown them), and puts its results in view.
 */
async function benchmarkPanel(page, rules, kind, fields) {
  await waitPlaced(page, 1);
  await page.evaluate(fillFields, { rules });
  await waitPlaced(page, 1);
  await page.evaluate(fillFields, { 'board-height': 10 });
  await waitPlaced(page, 1);
  await page.evaluate(clickFirst, '#tab-lab');
  await page.evaluate(fillFields, { 'bench-kind': kind });
  await page.evaluate(fillFields, fields);
  await page.evaluate(clickFirst, '#bench-run');
  await page.waitFor(() => window.tetris.benchmark.report !== null, null, 120_000);
  await page.evaluate(() => document.getElementById('bench-results').scrollIntoView(false));
}

/** The Benchmark panel's survival estimate of dt10 against du on classic 10x10. */
const survivalEstimate = (page) =>
  benchmarkPanel(page, 'classic', 'survival', {
    'bench-a': 'preset:dt10',
    'bench-compare': true,
    'bench-b': 'preset:du',
    'bench-survival-replicates': 4,
    'bench-survival-run-pieces': 20_000,
    'bench-survival-trials': 200,
  });

/** The Benchmark panel's versus series of dellacherie against dt10 under guideline rules on 10x10. */
const versusSeries = (page) =>
  benchmarkPanel(page, 'guideline', 'versus', {
    'bench-a': 'preset:dellacherie',
    'bench-b': 'preset:dt10',
    'bench-versus-games': 20,
    'bench-versus-max-pieces': 1_000,
  });

/**
 * The page's replay viewer showing a match against the engine's AI, ended once the AI has placed
 * `PIECES`, replayed to the end and back a few placements.
 */
async function replayingMatch(page) {
  await racing('versus')(page);
  await page.evaluate(clickFirst, '#race-end');
  await page.waitFor(raceIs, 'ended', 30_000);
  await page.evaluate(clickFirst, '#race-replay');
  await page.waitFor(() => window.tetris.replay?.sides !== undefined, null, 30_000);
  await page.evaluate(clickFirst, '#replay-last');
  await page.waitFor(
    () => window.tetris.replay?.index === window.tetris.replay?.count,
    null,
    30_000,
  );
  for (let i = 0; i < 3; i++) await page.evaluate(clickFirst, '#replay-back');
  await page.waitFor(
    () => window.tetris.replay?.index === window.tetris.replay?.count - 3,
    null,
    30_000,
  );
}

/** The page at its part `name` (a tab of the navigation), once the AI has placed `PIECES`. */
function atPart(name) {
  return async (page) => {
    await waitPlaced(page, PIECES);
    await page.evaluate(clickFirst, `#tab-${name}`);
  };
}

/**
 * The settings part with the `cold_clear_2` preset chosen, scrolled to its rows of the advanced
 * weights table.
 */
async function coldClearWeights(page) {
  await atPart('settings')(page);
  await page.evaluate(() => {
    const preset = document.querySelector('#preset');
    preset.value = 'cold_clear_2';
    preset.dispatchEvent(new Event('change', { bubbles: true }));
  });
  const weighed = () =>
    document.querySelector('#weights-body input[data-feature="cold_clear_2_board"]').value !== '';
  await page.waitFor(weighed, null, 30_000);
  await page.evaluate(() => {
    const input = document.querySelector('#weights-body input[data-feature="cold_clear_2_board"]');
    input.closest('tr').scrollIntoView({ block: 'center', behavior: 'instant' });
  });
}

/** The pages, each with how to wait until its games have placed `PIECES`. */
const PAGES = [
  { name: 'index', path: '', ready: (page) => waitPlaced(page, PIECES) },
  { name: 'coach', path: '', ready: atPart('coach') },
  { name: 'settings', path: '', ready: atPart('settings') },
  { name: 'weights', path: '', ready: coldClearWeights },
  { name: 'modes', path: '', ready: atPart('modes') },
  { name: 'race', path: '', ready: racing('race') },
  { name: 'match', path: '', ready: racing('versus') },
  { name: 'bot', path: '', ready: racing('versus', 'bot') },
  { name: 'replay', path: '', ready: replaying },
  { name: 'match-replay', path: '', ready: replayingMatch },
  { name: 'evolution', path: '', ready: evolutionPanel },
  { name: 'survival', path: '', ready: survivalEstimate },
  { name: 'versus', path: '', ready: versusSeries },
  {
    name: 'embed',
    path: 'embed.html',
    ready: (page) =>
      page.waitFor(
        async (pieces) => {
          const elements = [...document.querySelectorAll('tetris-ai')];
          if (!customElements.get('tetris-ai') || elements.length === 0) return false;
          await Promise.all(elements.map((el) => el.ready));
          const stats = await Promise.all(elements.map((el) => el.game.stats()));
          return stats.every((s) => s.pieces >= pieces);
        },
        PIECES,
        120_000,
      ),
  },
];

await mkdir(OUT, { recursive: true });
const server = await startServer({ isolation: true });
try {
  for (const name of BROWSERS) {
    const browser = await launchAny(name);
    try {
      const only = process.argv[3]?.split(',');
      for (const shown of PAGES.filter((p) => !only || only.includes(p.name))) {
        for (const size of SIZES) {
          const page = await browser.open(`${server.url}${shown.path}`, size);
          try {
            await shown.ready(page);
            const file = path.join(OUT, `${shown.name}-${name}-${size.width}x${size.height}.png`);
            await page.screenshot(file);
            console.log(file);
          } finally {
            await page.close();
          }
        }
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
}
