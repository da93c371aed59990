// Benchmark: whether the page keeps drawing while the AI thinks hard. The page opens (threaded
// build, cross-origin isolated) with the AI placing each piece at once (AI delay -1) at search
// depth 4, then 3, under the guideline rules on 10x20 (the page's own) and the research rules on
// 10x10 (where a deep decision takes longest); the main thread only draws, the game's worker
// plays. Once the page has measured what it measures at that depth (the parallel search, the
// depths' times), the main thread's animation frames, its long tasks and the board's updates
// are recorded for SECONDS seconds.
//
//   ./build.sh build && node benches/browser/frames.mjs [SECONDS]
//
// Prints per run: the intervals between animation frames (median, 95th percentile and
// longest), the long tasks (PerformanceObserver "longtask": main-thread tasks over 50 ms), how
// often the board changed (snapshots that brought placed pieces) and the pieces placed, with the
// AI's median decision time and the note beside "Parallelize AI".

import { launchBrowser, openPage, setValue, startServer } from '../../tests/browser/harness.mjs';
import { median } from './common.mjs';

const SECONDS = Number(process.argv[2] || 10);
if (!(SECONDS > 0)) throw new Error(`SECONDS must be a number above 0, got ${process.argv[2]}`);
/** The games: the page's rules and board, and the research rules' `dt10` on 10x10. */
const GAMES = [
  { label: 'guideline 10x20', rules: 'guideline', preset: null, width: 10, height: 20 },
  { label: 'classic 10x10, dt10', rules: 'classic', preset: 'dt10', width: 10, height: 10 },
];
const DEPTHS = [4, 3];
/** How long the page may take to measure its search and depths, in ms. */
const SETTLE_MS = 120_000;

/** The value below which a fraction `q` of the sorted `xs` lie. */
function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Sets the page's game to `game` at `depth`, placing at once; waits for its measurements. */
async function setUp(page, game, depth) {
  await setValue(page, '#rules', game.rules);
  await setValue(page, '#board-width', game.width);
  await setValue(page, '#board-height', game.height);
  if (game.preset) await setValue(page, '#preset', game.preset);
  await setValue(page, '#depth', depth);
  await setValue(page, '#ai-delay', -1);
  // The parallel search measured at this depth, and every depth timed (the depth select's
  // labels): both use the machine's cores, which would disturb the run.
  await page.waitForFunction(
    () =>
      !/until this machine is measured/.test(
        document.querySelector('#parallel-note').textContent,
      ) && [...document.querySelector('#depth').options].every((o) => / ms$/.test(o.textContent)),
    null,
    { timeout: SETTLE_MS },
  );
}

/**
 * Records the main thread for `seconds`: the animation frames' times, long tasks, and the
 * board's updates and pieces as the game element reports them.
 */
function record(page, seconds) {
  return page.evaluate(async (seconds) => {
    const game = document.querySelector('#game');
    const frames = [];
    const longTasks = [];
    let updates = 0;
    let pieces = 0;
    let frame = 0;
    let updatedIn = -1;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    // The pieces of one snapshot arrive together, between two animation frames.
    const onPiece = () => {
      pieces += 1;
      if (updatedIn !== frame) {
        updatedIn = frame;
        updates += 1;
      }
    };
    game.addEventListener('piece', onPiece);
    await new Promise((resolve) => {
      const end = performance.now() + seconds * 1000;
      const tick = (now) => {
        frames.push(now);
        frame += 1;
        if (now < end) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    game.removeEventListener('piece', onPiece);
    observer.disconnect();
    return {
      frames,
      longTasks,
      updates,
      pieces,
      decision: game.snapshot?.decision.median ?? null,
      parallel: document.querySelector('#parallel-note').textContent,
      build: game.build,
    };
  }, seconds);
}

const ms = (x) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;

const browser = await launchBrowser();
const server = await startServer({ isolation: true });
try {
  for (const game of GAMES) {
    for (const depth of DEPTHS) {
      const opened = await openPage(browser, server.url);
      try {
        await setUp(opened.page, game, depth);
        const run = await record(opened.page, SECONDS);
        const intervals = run.frames.slice(1).map((t, i) => t - run.frames[i]);
        const sorted = [...intervals].sort((a, b) => a - b);
        const seconds = (run.frames.at(-1) - run.frames[0]) / 1000;
        const long = run.longTasks.length
          ? `${run.longTasks.length} (longest ${ms(Math.max(...run.longTasks))})`
          : 'none';
        console.log(`${game.label}, depth ${depth}, AI delay -1 (${run.build} build):`);
        console.log(
          `  frames: ${intervals.length} in ${seconds.toFixed(1)} s, interval median ` +
            `${ms(median(intervals))}, p95 ${ms(quantile(sorted, 0.95))}, max ${ms(sorted.at(-1))}`,
        );
        console.log(`  long tasks: ${long}`);
        console.log(
          `  board updates: ${(run.updates / seconds).toFixed(1)}/s, pieces ${(run.pieces / seconds).toFixed(1)}/s, ` +
            `AI decision median ${run.decision === null ? '-' : ms(run.decision)}`,
        );
        console.log(`  Parallelize AI: ${run.parallel}`);
        if (opened.errors.length)
          console.log(`  page errors:\n    ${opened.errors.join('\n    ')}`);
      } finally {
        await opened.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
