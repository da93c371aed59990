// Benchmark: decisions per second in WebAssembly, on the plain build (no isolation headers) and
// on the threaded build (with them), each playing whole games in its worker, against the native
// command line on the same games (one thread each; the games are the same, so the lines must be
// too).
//
//   ./build.sh build && cargo build --release && node benches/browser/decisions.mjs [RUNS]
//
// Prints, per work, the median of RUNS runs (default 3) for native, plain and threaded, and the
// ratio of each build's time to the native time.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, launchBrowser, startServer } from '../../tests/browser/harness.mjs';
import { median, isolationHeaders } from './common.mjs';

const RUNS = Number(process.argv[2] || 3);
const CLI = path.join(ROOT, 'target', 'release', 'tetris-ai');
const WORK = [
  { preset: 'du', width: 10, height: 10, games: 100, cap: null },
  { preset: 'dellacherie', width: 10, height: 20, games: 1, cap: 1_000_000 },
];

const PAGE = '<!doctype html><meta charset="utf-8"><title>decisions</title>';

/** Lines and decisions per second of `work` natively, on one thread. */
function native(work) {
  const args = ['bench', '--preset', work.preset, '--board', `${work.width}x${work.height}`];
  args.push('--games', String(work.games), '--threads', '1', '--json');
  if (work.cap) args.push('--max-pieces', String(work.cap));
  const out = JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
  return { lines: out.mean * out.games, rate: out.decisions_per_second };
}

/** Lines and decisions per second of `work` in one game worker of `page`, seeds 0, 1, ... */
function inBrowser(page, work) {
  return page.evaluate(async (work) => {
    const { createGame } = await import('./tetris-ai.js');
    const config = { preset: work.preset, width: work.width, height: work.height, seed: 0 };
    const game = await createGame(config);
    let lines = 0;
    let pieces = 0;
    const start = performance.now();
    for (let seed = 0; seed < work.games; seed++) {
      if (seed > 0) await game.reset({ ...config, seed });
      const stats = await game.call('play', work.cap);
      lines += stats.lines;
      pieces += stats.pieces;
    }
    const seconds = (performance.now() - start) / 1000;
    game.close();
    return { build: game.build, lines, rate: pieces / seconds };
  }, work);
}

const browser = await launchBrowser();
try {
  for (const work of WORK) {
    const label = `${work.preset}, ${work.width}x${work.height}, ${work.games} game(s)${
      work.cap ? ` capped at ${work.cap} pieces` : ''
    }`;
    const results = { native: [] };
    let lines = null;
    for (let run = 0; run < RUNS; run++) {
      const result = native(work);
      results.native.push(result.rate);
      lines = result.lines;
    }
    for (const isolation of [false, true]) {
      const server = await startServer({ isolation });
      const headers = isolationHeaders(isolation);
      try {
        for (let run = 0; run < RUNS; run++) {
          const context = await browser.newContext();
          const page = await context.newPage();
          // An empty page of the server's origin (the site's own page would play a game too).
          await page.route('**/decisions.html', (route) =>
            route.fulfill({ status: 200, contentType: 'text/html', headers, body: PAGE }),
          );
          await page.goto(`${server.url}decisions.html`);
          const result = await inBrowser(page, work);
          await context.close();
          if (result.lines !== lines) {
            throw new Error(`${result.build} played ${result.lines} lines, native ${lines}`);
          }
          (results[result.build] ??= []).push(result.rate);
        }
      } finally {
        server.stop();
      }
    }
    const base = median(results.native);
    console.log(`${label} (${lines} lines):`);
    for (const [name, rates] of Object.entries(results)) {
      const rate = median(rates);
      const ratio = name === 'native' ? '' : `, ${(base / rate).toFixed(2)}x the native time`;
      console.log(`  ${name}: ${Math.round(rate)} decisions/s${ratio}`);
    }
  }
} finally {
  await browser.close();
}
