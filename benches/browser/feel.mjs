// Benchmark: the page's frames with the game's feel on, and how soon a key moves the piece, in
// every browser the tests drive (Chromium, Firefox ESR, WebKitGTK), at 1280x900, cross-origin
// isolated. First the AI plays the page's own game (guideline rules, 10x20, an input every 3
// frames at 60 frames a second) for SECONDS seconds, its clears flashing and calling out, while
// the page records its animation frames; then the player takes the board (gravity slowed so that
// only the keys move the piece) and presses left and right TRIALS times, and the page records
// the time from each key's event to the first frame drawn with the piece moved. Last, a bare
// canvas on a blank page, a 10x20 board of 32-pixel cells drawn whole every animation frame, gives
// the frame rate the browser reaches here with nothing else to do: the page's yardstick.
//
//   ./build.sh build && node benches/browser/feel.mjs [SECONDS] [BROWSERS]
//
// Prints per browser: the intervals between animation frames (median, as frames a second, 95th
// percentile, longest, and the share over 25 ms), the callouts shown and the pieces placed
// meanwhile, and the key's time to the screen (median and longest, in ms and in 60 Hz frames);
// then the bare canvas's frames (median, as frames a second, and 95th percentile).

import { BROWSERS, launchAny, waitPlaced } from '../../tests/browser/browsers.mjs';
import { startServer } from '../../tests/browser/harness.mjs';
import { median } from './common.mjs';

const SECONDS = Number(process.argv[2] || 10);
if (!(SECONDS > 0)) throw new Error(`SECONDS must be a number above 0, got ${process.argv[2]}`);
const CHOSEN = (process.argv[3] || BROWSERS.join(',')).split(',');
for (const name of CHOSEN) {
  if (!BROWSERS.includes(name)) {
    throw new Error(`BROWSERS must name ${BROWSERS.join(', ')}, got "${name}"`);
  }
}
/** Key presses measured. */
const TRIALS = 20;
/** A 60 Hz frame, in ms. */
const FRAME_MS = 1000 / 60;

/** The value below which a fraction `q` of the sorted `xs` lie. */
function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** In the page: the animation frames' intervals, callouts shown and pieces placed over `ms`. */
async function recordFrames(ms) {
  const game = document.querySelector('#game');
  const callout = game.shadowRoot.querySelector('#callout');
  let callouts = 0;
  const watch = new MutationObserver(() => {
    if (callout.classList.contains('shown')) callouts += 1;
  });
  watch.observe(callout, { attributes: true, attributeFilter: ['class'] });
  const before = (await window.tetris.game.stats()).pieces;
  const intervals = [];
  await new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    const frame = (now) => {
      intervals.push(now - last);
      last = now;
      if (now - start < ms) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
  watch.disconnect();
  const pieces = (await window.tetris.game.stats()).pieces - before;
  return { intervals: intervals.slice(1), callouts, pieces };
}

/**
 * In a blank page: the intervals between animation frames over `ms` while a 10x20 board of
 * 32-pixel cells is drawn whole each frame, its cells in turn filled, as the page draws a board.
 */
async function bareFrames(ms) {
  const [columns, rows, cell] = [10, 20, 32];
  const canvas = document.createElement('canvas');
  canvas.width = columns * cell;
  canvas.height = rows * cell;
  document.body.append(canvas);
  const context = canvas.getContext('2d');
  const colours = ['#0b0f17', '#22d3ee', '#facc15', '#a855f7', '#22c55e', '#ef4444', '#3b82f6'];
  const intervals = [];
  await new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    let frame = 0;
    const draw = (now) => {
      intervals.push(now - last);
      last = now;
      frame += 1;
      for (let row = 0; row < rows; row++) {
        for (let column = 0; column < columns; column++) {
          context.fillStyle = colours[(row * columns + column + frame) % colours.length];
          context.fillRect(column * cell + 1, row * cell + 1, cell - 2, cell - 2);
        }
      }
      if (now - start < ms) requestAnimationFrame(draw);
      else resolve();
    };
    requestAnimationFrame(draw);
  });
  return intervals.slice(1);
}

/** In the page: the player takes the board, gravity slowed, and each key's time to the screen is kept. */
async function takeTheBoard() {
  const game = document.querySelector('#game');
  if (game.autoplay) document.getElementById('play-yourself').click();
  await new Promise((resolve) => {
    const check = () => (game.autoplay ? setTimeout(check, 50) : resolve());
    check();
  });
  await game.update({ gravity: 1000 });
  window.keyAt = null;
  window.moved = [];
  game.addEventListener('keydown', () => (window.keyAt = performance.now()), true);
  const paint = game.paint.bind(game);
  let shown = null;
  game.paint = (snapshot) => {
    paint(snapshot);
    const cells = JSON.stringify(snapshot.view.active?.cells ?? null);
    if (window.keyAt !== null && shown !== null && cells !== shown) {
      // The frame the moved piece is drawn in: the next animation frame after this paint.
      const keyAt = window.keyAt;
      window.keyAt = null;
      requestAnimationFrame((now) => window.moved.push(now - keyAt));
    }
    shown = cells;
  };
  return true;
}

const server = await startServer({ isolation: true });
try {
  for (const name of CHOSEN) {
    const browser = await launchAny(name);
    try {
      const page = await browser.open(server.url);
      await waitPlaced(page, 5);
      const { intervals, callouts, pieces } = await page.evaluate(recordFrames, SECONDS * 1000);
      const sorted = [...intervals].sort((a, b) => a - b);
      const frameMs = median(sorted);
      const over = intervals.filter((ms) => ms > 25).length / intervals.length;
      await page.evaluate(takeTheBoard);
      await page.click('#game');
      for (let i = 0; i < TRIALS; i++) {
        await page.press(i % 2 ? 'ArrowRight' : 'ArrowLeft');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const moved = (await page.evaluate(() => window.moved)).sort((a, b) => a - b);
      const frames = (ms) => (ms / FRAME_MS).toFixed(1);
      console.log(
        `${name}: frames median ${frameMs.toFixed(1)} ms (${(1000 / frameMs).toFixed(0)} fps), ` +
          `95th ${quantile(sorted, 0.95).toFixed(1)} ms, longest ${sorted.at(-1).toFixed(1)} ms, ` +
          `${(100 * over).toFixed(1)}% over 25 ms; ${callouts} callouts, ${pieces} pieces in ` +
          `${SECONDS} s; key to screen (${moved.length} of ${TRIALS}) median ` +
          `${median(moved).toFixed(1)} ms (${frames(median(moved))} frames), longest ` +
          `${moved.at(-1).toFixed(1)} ms (${frames(moved.at(-1))} frames)`,
      );
      await page.close();
      const blank = await browser.open('about:blank');
      const bare = (await blank.evaluate(bareFrames, SECONDS * 1000)).sort((a, b) => a - b);
      console.log(
        `${name}: a bare canvas, frames median ${median(bare).toFixed(1)} ms ` +
          `(${(1000 / median(bare)).toFixed(0)} fps), 95th ${quantile(bare, 0.95).toFixed(1)} ms`,
      );
      await blank.close();
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
}
