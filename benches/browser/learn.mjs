// Benchmark: learning in the page as a user would. Opens the page (cross-origin isolated, so the
// threaded build runs), starts the Evolution panel with its default settings (random initial
// weights, 10x10), lets it run for MINUTES minutes while the game plays, then measures the
// validated best weights over 1,000 fresh games with the native CLI (seeds from 1,000,000).
//
//   ./build.sh build && cargo build --release && node benches/browser/learn.mjs [MINUTES]
//
// Prints each generation's time and validated figures, and the final evaluation.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, launchBrowser, openPage, startServer } from '../../tests/browser/harness.mjs';

const MINUTES = Number(process.argv[2] || 30);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tetris-ai-learn-'));

const server = await startServer({ isolation: true });
const browser = await launchBrowser();
try {
  const { page } = await openPage(browser, server.url, { part: 'lab' });
  const build = await page.evaluate(() => window.tetris.kind);
  await page.click('#evo-start');
  const started = Date.now();
  const deadline = started + MINUTES * 60_000;
  let seen = 0;
  while (Date.now() < deadline) {
    await page.waitForTimeout(Math.min(10_000, Math.max(0, deadline - Date.now())));
    const history = await page.evaluate(() => window.tetris.evolution.history);
    for (const r of history.slice(seen)) {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(
        `generation ${r.generation} (by ${minutes} min): best ${r.best.toFixed(0)}, ` +
          `mean ${r.mean.toFixed(0)}, validated ${r.validated_best?.toFixed(0)}, ` +
          `validated best so far ${r.validated_best_ever?.toFixed(0)}`,
      );
    }
    seen = history.length;
  }
  const history = await page.evaluate(() => window.tetris.evolution.history);
  const best = history
    .filter((r) => r.validated_best != null)
    .reduce((a, b) => (b.validated_best > a.validated_best ? b : a));
  const weightsFile = path.join(work, 'best.json');
  fs.writeFileSync(weightsFile, JSON.stringify(best.validated_weights));
  const out = execFileSync(
    CLI,
    [
      'bench',
      '--weights',
      weightsFile,
      '--board',
      '10x10',
      '--games',
      '1000',
      '--seed',
      '1000000',
      '--json',
    ],
    { encoding: 'utf8' },
  );
  const evaluation = JSON.parse(out);
  console.log(
    `${build} build, ${MINUTES} min, ${history.length} generations, ` +
      `${history.at(-1).games_played.toLocaleString('en')} games`,
  );
  console.log(
    `validated best: generation ${best.generation}, ${best.validated_best.toFixed(0)} on the ` +
      'validation games',
  );
  console.log(
    `over 1,000 fresh games (seeds 1000000..1000999): mean ${evaluation.mean.toFixed(1)}, ` +
      `median ${evaluation.median}, std ${evaluation.std.toFixed(1)}`,
  );
  console.log(`weights: ${JSON.stringify(best.validated_weights)}`);
} finally {
  await browser.close();
  server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
