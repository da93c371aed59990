// Benchmark: decisions per second in WebAssembly, on the plain and the simd build (the page not
// isolated) and on the threaded build (isolated), each playing whole games in an engine worker,
// against the native command line on the same games (one thread each; the games are the same,
// so the lines must be too, and so are the decisions, which the command line counts).
//
// The worker plays the games as the page's evolution plays its games: one batch of games (the
// preset's weights, seeds 0 onwards), in one call. A call per game would add a round trip to the
// worker per game, which is messaging, not the engine. Each build is timed twice per run: in a
// fresh worker, and again in the same worker ("warm").
//
//   ./build.sh build && cargo build --release && node benches/browser/decisions.mjs [RUNS] [BUILD...]
//
// Prints, per work, the median of RUNS runs (default 3) for native and each build (default all
// three; name some to measure only those), and the ratio of each build's time to the native
// time. The runs take turns (native, then each build, RUNS times), so that a machine that slows
// down for a while slows every one alike.
//
// Each run starts a fresh engine worker (loaded before the clock starts), so its time includes
// V8 compiling and then optimizing the hot code as it plays. The runs share one page per build:
// a fresh page starts renderer processes that take most of a 2-core machine for about a second,
// which is the browser starting, not the engine. An untimed first run in each page waits that out.

import { execFileSync } from 'node:child_process';
import { CLI, launchBrowser, startServer } from '../../tests/browser/harness.mjs';
import { median, isolationHeaders } from './common.mjs';

const RUNS = Number(process.argv[2] || 3);
/** Each build, and whether its page is cross-origin isolated (the threaded build needs it). */
const ALL = { plain: false, simd: false, threaded: true };
const BUILDS = process.argv.length > 3 ? process.argv.slice(3) : Object.keys(ALL);
for (const build of BUILDS) {
  if (!(build in ALL)) throw new Error(`no build "${build}": ${Object.keys(ALL).join(', ')}`);
}
const WORK = [
  { preset: 'du', width: 10, height: 10, games: 100, cap: null },
  { preset: 'dellacherie', width: 10, height: 20, games: 1, cap: 1_000_000 },
];

const PAGE = '<!doctype html><meta charset="utf-8"><title>decisions</title>';

/** Lines, decisions and decisions per second of `work` natively, on one thread. */
function native(work) {
  const args = ['bench', '--preset', work.preset, '--board', `${work.width}x${work.height}`];
  args.push('--games', String(work.games), '--threads', '1', '--json');
  if (work.cap) args.push('--max-pieces', String(work.cap));
  const out = JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
  return { lines: out.lines, decisions: out.pieces, rate: out.decisions_per_second };
}

/**
 * The JSON text of `work`'s games as one batch of evolution games (the preset's weights, seeds 0
 * onwards), from the catalogue of `page`'s engine: read once, before any run is timed.
 */
function batchOf(page, work) {
  return page.evaluate(async (work) => {
    const api = await import('./tetris-ai.js');
    const preset = (await api.presets()).find((p) => p.name === work.preset);
    const { fitness } = await api.evolutionConfig();
    const features = Object.keys(preset.weights);
    return JSON.stringify({
      phase: 'validation',
      fitness: { ...fitness, width: work.width, height: work.height, max_pieces: work.cap },
      features,
      genomes: [features.map((name) => preset.weights[name])],
      jobs: Array.from({ length: work.games }, (_, seed) => ({ individual: 0, seed })),
    });
  }, work);
}

/**
 * Lines and seconds of `batch` (the JSON text of `games` games, from `batchOf`) in a fresh engine
 * worker of `page` on `build`, played in one call as the page's evolution plays its games; then
 * `warm`, the seconds of the same batch again in the same worker, whose hot code V8 has optimized
 * by then (as in a long evolution).
 */
function inBrowser(page, batch, games, build) {
  return page.evaluate(
    async ([batch, games, build]) => {
      const { EngineWorker } = await import('./lib/engine.js');
      const worker = await EngineWorker.start({ build });
      const play = async () => {
        const start = performance.now();
        const lines = await worker.call((remote) => remote.playGames(batch, 0, games));
        return {
          lines: lines.reduce((a, b) => a + b, 0),
          seconds: (performance.now() - start) / 1000,
        };
      };
      try {
        const fresh = await play();
        const warm = await play();
        if (warm.lines !== fresh.lines) throw new Error(`${fresh.lines} lines, then ${warm.lines}`);
        return {
          build: worker.info.build,
          lines: fresh.lines,
          seconds: fresh.seconds,
          warm: warm.seconds,
        };
      } finally {
        worker.terminate();
      }
    },
    [batch, games, build],
  );
}

/** A page of `server`'s origin in a fresh context of `browser`, with nothing of its own. */
async function openPage(browser, server) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // An empty page of the server's origin (the site's own page would play a game too).
  const headers = isolationHeaders(server.isolation);
  await page.route('**/decisions.html', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', headers, body: PAGE }),
  );
  await page.goto(`${server.url}decisions.html`);
  return page;
}

/** One run of `batch` (`games` games) on `build`, in a fresh worker of `page`. */
async function run(page, batch, games, build) {
  const result = await inBrowser(page, batch, games, build);
  if (result.build !== build) throw new Error(`asked for ${build}, ran ${result.build}`);
  return result;
}

const browser = await launchBrowser();
const servers = {};
try {
  servers.false = await startServer({ isolation: false });
  servers.true = await startServer({ isolation: true });
  const pages = {};
  for (const build of BUILDS) pages[build] = await openPage(browser, servers[ALL[build]]);
  const batches = [];
  for (const work of WORK) batches.push(await batchOf(pages[BUILDS[0]], work));
  for (const build of BUILDS) await run(pages[build], batches[0], WORK[0].games, build);
  for (const [index, work] of WORK.entries()) {
    const label = `${work.preset}, ${work.width}x${work.height}, ${work.games} game(s)${
      work.cap ? ` capped at ${work.cap} pieces` : ''
    }`;
    const results = { native: [] };
    let lines = null;
    for (let turn = 0; turn < RUNS; turn++) {
      const result = native(work);
      results.native.push(result.rate);
      lines = result.lines;
      for (const build of BUILDS) {
        const played = await run(pages[build], batches[index], work.games, build);
        if (played.lines !== lines) {
          throw new Error(`${build} played ${played.lines} lines, native ${lines}`);
        }
        // The same games, so the same decisions.
        (results[build] ??= []).push(result.decisions / played.seconds);
        (results[`${build}, warm`] ??= []).push(result.decisions / played.warm);
      }
    }
    const base = median(results.native);
    console.log(`${label} (${lines} lines):`);
    for (const [name, rates] of Object.entries(results)) {
      const rate = median(rates);
      const ratio = name === 'native' ? '' : `, ${(base / rate).toFixed(2)}x the native time`;
      const all = rates.map((r) => Math.round(r)).join(' ');
      console.log(`  ${name}: ${Math.round(rate)} decisions/s${ratio} (runs: ${all})`);
    }
  }
} finally {
  await browser.close();
  await Promise.all(Object.values(servers).map((server) => server.stop()));
}
