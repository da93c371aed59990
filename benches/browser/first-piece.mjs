// Benchmark: the time from navigation to the first piece a `<tetris-ai>` element places, on the
// simd build (no isolation headers) and on the threaded build (with them), each in a fresh
// browser context (nothing cached). The element places a piece at once (ai-delay -1).
//
//   ./build.sh build && node benches/browser/first-piece.mjs [RUNS]
//
// Prints the median and the range over RUNS runs (default 7) per build.

import { launchBrowser, startServer } from '../../tests/browser/harness.mjs';
import { median, isolationHeaders } from './common.mjs';

const RUNS = Number(process.argv[2] || 7);
const PAGE = `<!doctype html>
<meta charset="utf-8">
<script>
  window.firstPiece = new Promise((resolve) => {
    document.addEventListener('piece', () => resolve(performance.now()), { once: true });
  });
</script>
<script type="module" src="tetris-ai-element.js"></script>
<tetris-ai preset="dellacherie" rules="guideline" board="10x20" seed="1" autoplay ai-delay="-1"></tetris-ai>`;

const browser = await launchBrowser();
try {
  for (const isolation of [false, true]) {
    const server = await startServer({ isolation });
    const headers = isolationHeaders(isolation);
    const times = [];
    let build = null;
    try {
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.route('**/first-piece.html', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', headers, body: PAGE }),
        );
        await page.goto(`${server.url}first-piece.html`);
        times.push(await page.evaluate(() => window.firstPiece));
        build = await page.evaluate(() => document.querySelector('tetris-ai').build);
        await context.close();
      }
    } finally {
      server.stop();
    }
    console.log(
      `${build} build: first piece after ${median(times).toFixed(0)} ms median ` +
        `(${Math.min(...times).toFixed(0)} to ${Math.max(...times).toFixed(0)} ms, ${RUNS} runs)`,
    );
  }
} finally {
  await browser.close();
}
