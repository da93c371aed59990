// What the browser benchmarks share: the median of their runs, timing several ways of doing the
// same work in turns, pages of the API module served isolated and not, and the headers that make a
// page they serve themselves cross-origin isolated (so that it runs the threaded build).

import { launchBrowser, openPage, startServer } from '../../tests/browser/harness.mjs';

/** The median of `xs`. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** The response headers of a page of the benchmark's own: isolated, or not. */
export function isolationHeaders(isolation) {
  return isolation
    ? {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      }
    : {};
}

/**
 * Times each of `ways` (`[name, run]`, `run()` resolving to `{seconds, result}`) `repeats` times,
 * the ways in turn each round; every way must give what the first gave, as `comparable(result)`
 * reads it, or this throws naming the way. Resolves to the median seconds of each way, by name,
 * and the first result.
 */
export async function medianSeconds(ways, repeats, comparable) {
  const results = new Map();
  let first = null;
  for (let round = 0; round < repeats; round++) {
    for (const [name, run] of ways) {
      const { seconds, result } = await run();
      first ??= result;
      const [seen, wanted] = [comparable(result), comparable(first)];
      if (seen !== wanted) throw new Error(`${name} gave another result:\n${seen}\n${wanted}`);
      if (!results.has(name)) results.set(name, []);
      results.get(name).push(seconds);
    }
  }
  return { medians: new Map([...results].map(([name, xs]) => [name, median(xs)])), first };
}

/**
 * Calls `use({threaded, plain})` with two pages in headless Chromium that hold nothing but the API
 * module (so that nothing else runs), one served cross-origin isolated (where the threaded build
 * runs) and one not; stops the browser and both servers afterwards, whatever `use` did.
 */
export async function withApiPages(use) {
  const isolated = await startServer({ isolation: true });
  const plain = await startServer({ isolation: false });
  const chromium = await launchBrowser();
  try {
    const blank = async (server) =>
      (await openPage(chromium, `${server.url}tetris-ai.js`, { ready: false })).page;
    return await use({ threaded: await blank(isolated), plain: await blank(plain) });
  } finally {
    await chromium.close();
    isolated.stop();
    plain.stop();
  }
}
