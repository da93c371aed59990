// The `<tetris-ai>` element in Chromium, Firefox and WebKit (see browsers.mjs), where their
// layout and clocks differ: `embed.html`'s elements size their boards to their boxes without a
// ResizeObserver loop, at a desktop's size and a phone's (where a box that followed its board
// once looped in every browser); and the AI's decision time reads true, served cross-origin
// isolated or not, where the clock steps in whole milliseconds (Firefox and WebKit) or a tenth
// of one (Chromium). `BROWSERS=firefox,webkit` picks the browsers.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BROWSERS, launchAny } from './browsers.mjs';
import { startAll, startServer } from './harness.mjs';

const CHOSEN = process.env.BROWSERS ? process.env.BROWSERS.split(',') : BROWSERS;
const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
/** Decisions the AI makes before its time is read: enough for a mean under a coarse clock. */
const DECISIONS = 60;

let isolated;
let unisolated;

before(async () => {
  [isolated, unisolated] = await startAll([
    startServer({ isolation: true }),
    startServer({ isolation: false }),
  ]);
});

after(async () => {
  await Promise.all([isolated?.stop(), unisolated?.stop()]);
});

/**
 * In the page: starts `embed.html`'s elements afresh, as the page starts them, with every error
 * the window hears from then on collected; resolves to those errors once both play and have
 * drawn twice more.
 */
async function freshStart() {
  const errors = [];
  window.addEventListener('error', (event) => errors.push(event.message));
  const source = await (await fetch('embed.html')).text();
  const markup = new DOMParser().parseFromString(source, 'text/html').querySelector('main');
  document.querySelector('main').replaceWith(markup);
  const elements = [...document.querySelectorAll('tetris-ai')];
  await Promise.all(elements.map((element) => element.ready));
  while (elements.some((element) => !element.snapshot)) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  for (let frame = 0; frame < 2; frame++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return errors;
}

/**
 * The game whose decisions are timed: guideline rules at depth 3, on one thread, placing pieces
 * at once, fast. Its search outweighs the handing over of each choice, which the element's
 * decision time counts and a game played in the worker does not.
 */
const TIMED =
  '<tetris-ai id="timed" rules="guideline" depth="3" parallel="off" ai-delay="-1" fps="240" autoplay></tetris-ai>';

/**
 * In the page: puts the game `markup` in place of `embed.html`'s and lets its AI make `decisions`
 * decisions, then pauses it; resolves to what its stats show for them and the clock's step.
 */
async function decisionShown({ markup, decisions }) {
  document.querySelector('main').innerHTML = markup;
  const element = document.querySelector('tetris-ai');
  await element.ready;
  while (!(element.snapshot?.decision.count >= decisions)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => requestAnimationFrame(resolve));
  element.pause(); // its worker is then idle while the decisions are timed again
  const { clock } = element.snapshot.decision;
  return { text: element.shadowRoot.querySelector('#stat-decision').textContent, clock };
}

/**
 * In the page: the time of a decision of the page's game's rules, board and AI, in ms: the least
 * mean of one call of `play` (100 pieces of a game, in a worker of its own, enough for a coarse
 * clock to read) over half a second of calls, so that a call the machine's other work held up
 * does not count (the mean of them all where every game ended sooner).
 */
async function decisionMeasured() {
  const { createGame } = await import('./tetris-ai.js');
  const element = document.querySelector('tetris-ai');
  const [width, height] = element.board;
  const config = {
    rules: element.rulesInPlay,
    width,
    height,
    seed: 1,
    preset: element.preset,
    search: element.searchInPlay,
  };
  const game = await createGame(config, { build: element.build });
  try {
    let decisions = 0;
    let placed = 0;
    let least = Infinity;
    const start = performance.now();
    while (performance.now() - start < 500) {
      const called = performance.now();
      const stats = await game.play(placed + 100);
      const made = stats.pieces - placed;
      // A call cut short by a game's end is too few pieces for a coarse clock.
      if (made === 100) least = Math.min(least, (performance.now() - called) / made);
      decisions += made;
      placed = stats.pieces;
      if (stats.game_over) {
        await game.reset({ ...config, seed: config.seed + decisions });
        placed = 0;
      }
    }
    return Number.isFinite(least) ? least : (performance.now() - start) / decisions;
  } finally {
    game.close();
  }
}

for (const name of CHOSEN) {
  describe(name, { timeout: 900_000 }, () => {
    let browser;
    before(async () => (browser = await launchAny(name)), { timeout: 120_000 });
    after(async () => browser?.close());

    for (const size of SIZES) {
      test(`embed.html at ${size.width}x${size.height} sizes its games without a ResizeObserver loop`, async () => {
        const page = await browser.open(`${unisolated.url}embed.html`, size);
        try {
          assert.deepEqual(await page.evaluate(freshStart), [], 'errors as the games start');
        } finally {
          await page.close();
        }
      });
    }

    for (const served of ['isolated', 'not isolated']) {
      test(`the AI's decision time reads true, served ${served}`, async (t) => {
        const server = served === 'isolated' ? isolated : unisolated;
        const page = await browser.open(`${server.url}embed.html`);
        try {
          const shown = await page.evaluate(decisionShown, {
            markup: TIMED,
            decisions: DECISIONS,
          });
          const measured = await page.evaluate(decisionMeasured);
          t.diagnostic(
            `shown "${shown.text}" (clock step ${shown.clock} ms), measured ${measured} ms`,
          );
          const read = /^(≈ |< )?(\d+(?:\.\d+)?) ms$/.exec(shown.text);
          assert.ok(read, `"${shown.text}" should be a time in ms`);
          const [, bound, figure] = read;
          const ms = Number(figure);
          if (bound === '< ') {
            assert.ok(measured < ms, `"${shown.text}", yet a decision takes ${measured} ms`);
          } else {
            assert.ok(ms > 0, `"${shown.text}" says a decision takes no time`);
            // A decision in a game that plays on and one of fresh games differ, but not tenfold.
            assert.ok(
              ms < measured * 10 && ms > measured / 10,
              `"${shown.text}" should be near the ${measured} ms a decision takes`,
            );
          }
        } finally {
          await page.close();
        }
      });
    }
  });
}
