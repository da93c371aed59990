// Shared machinery of the browser tests: serves www/ with `build.sh serve` (what is already
// built, NO_BUILD=1) on a free port, drives Debian's Chromium through playwright-core, opens
// pages in fresh contexts (so no settings leak between tests through localStorage) and
// collects what the page reports on the console.
//
// The page runs its game in a Web Worker: `window.tetris.game` answers every call with a
// promise, so the page functions below that read it are async. A change made through the page's
// controls reaches the worker as one or more calls in a row; `settle` waits until they have all
// been answered, so that each change has taken effect before the next, as it would for a user.

import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

/** The repository's root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The command line's release build, which the tests compare the page with. */
export const CLI = path.join(ROOT, 'target', 'release', 'tetris-ai');

/** How long the page may take to load both the module and (threaded) its worker pool. */
export const READY_TIMEOUT = 60_000;

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A port nobody listens on right now (the OS picks it when binding port 0). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Server process groups still running, killed if the test process exits without stopping them.
const running = new Set();
process.on('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/**
 * Serves www/ with `bash build.sh serve` (NO_BUILD=1) and waits until it answers.
 * `isolation: false` serves without the cross-origin isolation headers.
 * Returns `{ url, port, isolation, stop() }`; `stop` kills the server's process group.
 */
export async function startServer({ isolation = true, timeout = 30_000 } = {}) {
  let lastError;
  // The free port may be taken between our probe and the server's bind: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startServerOnce({ isolation, timeout });
    } catch (error) {
      lastError = error;
      if (!/Address already in use/.test(String(error.message))) {
        throw error;
      }
    }
  }
  throw lastError;
}

async function startServerOnce({ isolation, timeout }) {
  const port = await freePort();
  const child = spawn('bash', ['build.sh', 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NO_BUILD: '1',
      PORT: String(port),
      ISOLATION: isolation ? '1' : '0',
    },
    detached: true, // its own process group, so stop() ends bash and python alike
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child.pid);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let exited = null;
  const exit = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      running.delete(child.pid);
      resolve();
    });
  });

  const stop = async () => {
    if (exited) {
      return;
    }
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    let timer;
    const killed = await Promise.race([
      exit.then(() => true),
      new Promise((resolve) => (timer = setTimeout(() => resolve(false), 5_000))),
    ]);
    clearTimeout(timer);
    if (!killed) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exit;
    }
  };

  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + timeout;
  for (;;) {
    if (exited) {
      throw new Error(
        `build.sh serve exited (${exited.code ?? exited.signal}) before answering on ${url}:\n${output}`,
      );
    }
    try {
      // Any answer will do: the page itself is checked when it is opened.
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`build.sh serve did not answer on ${url} within ${timeout} ms:\n${output}`);
      }
      await sleep(100);
    }
  }
  return { url, port, isolation, stop, output: () => output };
}

// Launches of Chromium tried before giving up: now and then the browser crashes as it starts,
// before any page is opened, which says nothing of the page.
const LAUNCH_ATTEMPTS = 3;

/**
 * Launches headless Chromium, with the command-line switches `args` besides the usual ones; a
 * launch that fails is tried again (said on stderr), up to `LAUNCH_ATTEMPTS` in all.
 */
export async function launchBrowser({ args = [] } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: [...CHROMIUM_ARGS, ...args],
      });
    } catch (error) {
      if (attempt >= LAUNCH_ATTEMPTS) throw error;
      const reason = String(error.message).split('\n')[0];
      console.error(`Chromium did not start (attempt ${attempt}: ${reason}); trying again`);
      await sleep(1_000);
    }
  }
}

/**
 * Awaits all of `starting` (promises of browsers and servers, started at once) and resolves to
 * what they give, in order. If any fails, the others are closed or stopped once started, and the
 * first failure is thrown: nothing is left running to keep the test process alive.
 */
export async function startAll(starting) {
  const started = await Promise.allSettled(starting);
  const failed = started.find((result) => result.status === 'rejected');
  if (!failed) return started.map((result) => result.value);
  const running = started.filter((result) => result.status === 'fulfilled');
  await Promise.all(running.map(({ value }) => (value.close ? value.close() : value.stop())));
  throw failed.reason;
}

/**
 * Opens `url` in a fresh browser context and waits for `window.tetris.ready` (unless
 * `ready: false`). With `html`, the page at `url` is that HTML instead of what the server has (a
 * page of the test's own on the server's origin, with the server's headers). `context` adds
 * options of the browser context (a phone: `{hasTouch: true, isMobile: true}`). With `part`,
 * the page's part of that name is shown once it is ready (see `showPart`). Returns
 * `{ context, page, errors, warnings, close() }`: `errors` collects console errors (page and
 * workers), uncaught page errors and crashes, `warnings` console warnings, each as a string.
 */
export async function openPage(
  browser,
  url,
  {
    ready = true,
    viewport = { width: 1280, height: 900 },
    html = null,
    context: options = {},
    part = null,
  } = {},
) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  if (html !== null) {
    await page.route(url, async (route) => {
      // The server's headers (cross-origin isolation or not), less those of its own body.
      const response = await route.fetch();
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(
          ([name]) => !/^(content-(length|type|encoding)|transfer-encoding)$/i.test(name),
        ),
      );
      await route.fulfill({
        status: 200,
        headers: { ...headers, 'content-type': 'text/html; charset=utf-8' },
        body: html,
      });
    });
  }
  const errors = [];
  const warnings = [];
  const onConsole = (where) => (message) => {
    const location = message.location();
    const at = location && location.url ? ` (${location.url}:${location.lineNumber})` : '';
    const text = `${where}console.${message.type()}: ${message.text()}${at}`;
    if (message.type() === 'error') {
      errors.push(text);
    } else if (message.type() === 'warning') {
      warnings.push(text);
    }
  };
  // The page's console event carries its workers' messages too.
  page.on('console', onConsole(''));
  page.on('pageerror', (error) => errors.push(`page error: ${error.stack || error}`));
  page.on('crash', () => errors.push('the page crashed'));
  // A request the page made before it was left (reloaded, or sent elsewhere) is cancelled by
  // the browser: that is no failure of the page's. Each request is tagged with the document it
  // was made from, counted by the main frame's navigations.
  let documents = 0;
  const madeFrom = new WeakMap();
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
    madeFrom.set(request, documents);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure();
    const left = madeFrom.get(request) < documents;
    if (left && failure?.errorText === 'net::ERR_ABORTED') return;
    errors.push(`request failed: ${request.url()} ${failure ? failure.errorText : ''}`);
  });

  const response = await page.goto(url, { waitUntil: 'load', timeout: READY_TIMEOUT });
  if (!response || !response.ok()) {
    throw new Error(`${url} answered ${response ? response.status() : 'nothing'}`);
  }
  if (ready) {
    await waitReady(page);
  }
  if (part) {
    await showPart(page, part);
  }
  return {
    context,
    page,
    errors,
    warnings,
    close: () => context.close(),
  };
}

/** A page of the test's own, served from www/ (so `tetris-ai-element.js` is at hand). */
export function hostPage(body, style = '') {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>tetris-ai element test</title>
  <link rel="icon" href="data:,">
  <script type="module" src="tetris-ai-element.js"></script>
  <style>tetris-ai { height: 360px; width: 480px; } ${style}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** Waits until every `<tetris-ai>` of the page (or those `selector` matches) runs its game. */
export async function elementsReady(page, selector = 'tetris-ai') {
  await page.waitForFunction(() => customElements.get('tetris-ai'), null, {
    timeout: READY_TIMEOUT,
  });
  await page.evaluate(
    ([selector, ms]) =>
      Promise.race([
        Promise.all([...document.querySelectorAll(selector)].map((el) => el.ready)),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`not ready within ${ms} ms`)), ms),
        ),
      ]).then(() => true),
    [selector, READY_TIMEOUT],
  );
}

/**
 * Opens `body` in a page of the test's own on `server` (as element-test.html) and waits until
 * its elements run; `options` as for `openPage` (`style` adds CSS to the host page).
 */
export async function openElementPage(browser, server, body, { style = '', ...options } = {}) {
  const opened = await openPage(browser, `${server.url}element-test.html`, {
    ...options,
    ready: false,
    html: hostPage(body, style),
  });
  try {
    await elementsReady(opened.page);
  } catch (err) {
    await opened.close();
    throw err;
  }
  return opened;
}

/** Waits until `window.tetris` exists and its `ready` promise has resolved. */
export async function waitReady(page, timeout = READY_TIMEOUT) {
  await page.waitForFunction(() => window.tetris && window.tetris.ready, null, { timeout });
  await page.evaluate(
    (ms) =>
      Promise.race([
        window.tetris.ready.then(() => true),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`tetris.ready took over ${ms} ms`)), ms),
        ),
      ]),
    timeout,
  );
}

/**
 * Sets an input's (or textarea's, or select's) value as a user would and fires `input` and
 * `change`. Fails if the element is missing or disabled.
 */
export async function setValue(page, selector, value) {
  const found = await page.evaluate(
    ([selector, value]) => {
      const element = document.querySelector(selector);
      if (!element) {
        return `no element matches ${selector}`;
      }
      if (element.disabled) {
        return `${selector} is disabled`;
      }
      element.value = String(value);
      if (element.value !== String(value)) {
        return `${selector} refused the value ${JSON.stringify(value)} (it holds ${JSON.stringify(element.value)})`;
      }
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
      return null;
    },
    [selector, value],
  );
  if (found) {
    throw new Error(found);
  }
  await settle(page);
}

/**
 * Shows the page's part `name` ("play", "coach", "race", "lab" or "settings") as a user does: a
 * click on its tab in the navigation.
 */
export async function showPart(page, name) {
  await page.locator(`#tab-${name}`).click({ timeout: 10_000 });
}

/**
 * Runs `act()` in the page's part `name`, as a user who goes there and back: the part chosen
 * before is shown again after; resolves to what `act` resolves to.
 */
export async function inPart(page, name, act) {
  const before = await page.evaluate(
    () =>
      document.querySelector('[role="tab"][aria-selected="true"]')?.id.replace('tab-', '') ?? null,
  );
  await showPart(page, name);
  try {
    return await act();
  } finally {
    if (before && before !== name) await showPart(page, before);
  }
}

/** Checks or unchecks a checkbox with a click (so the page gets the usual events). */
export async function setChecked(page, selector, checked) {
  await page.locator(selector).setChecked(checked, { timeout: 10_000 });
  await settle(page);
}

// The longest chain of calls one change sends the game's worker, each sent once the one before
// is answered: a new game (open it, close the old one, set its parallel search), new weights
// (set them, read them back). One more for good measure.
const SETTLE_ROUNDS = 4;

/**
 * Waits until the page has heard back from its game's worker about every call it sent before
 * now, and about the calls it sends on hearing back, up to `SETTLE_ROUNDS` in a row. The worker
 * answers calls in the order it gets them, so a call sent after another is answered after it:
 * each round here is one call to the worker, sent once the previous round is answered. No-op
 * before the page has a game.
 */
export async function settle(page) {
  await page.evaluate(async (rounds) => {
    for (let i = 0; i < rounds && window.tetris && window.tetris.game; i++) {
      await window.tetris.game.stats();
    }
  }, SETTLE_ROUNDS);
}

/**
 * Waits until `fn(arg)`, evaluated in the page, is truthy, polling every 50 ms; resolves to its
 * value. For a predicate that awaits (the game's calls are promises): `page.waitForFunction`
 * takes the promise an async function returns for a truthy answer and stops at once.
 */
export async function waitForAsync(page, fn, arg, { timeout = 10_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(fn, arg);
    if (value) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `waitForAsync: ${fn.toString().slice(0, 200)} stayed false for ${timeout} ms`,
      );
    }
    await sleep(50);
  }
}

/**
 * Catches the file choosers `page` opens from now on (Playwright starts catching them in the
 * background, so a chooser opened by the very next key press could be missed: call this a few
 * steps before). Returns `next(timeout)`, which resolves to the next chooser caught, or fails
 * after `timeout` ms.
 */
export function catchFileChoosers(page) {
  const caught = [];
  const waiting = [];
  page.on('filechooser', (chooser) => {
    if (waiting.length > 0) waiting.shift()(chooser);
    else caught.push(chooser);
  });
  return (timeout = 10_000) => {
    if (caught.length > 0) return Promise.resolve(caught.shift());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(take), 1);
        reject(new Error(`no file chooser opened within ${timeout} ms`));
      }, timeout);
      const take = (chooser) => {
        clearTimeout(timer);
        resolve(chooser);
      };
      waiting.push(take);
    });
  };
}

/** The integer an element's text shows (digits only, so "1,234" is 1234); NaN when none. */
export async function readNumber(page, selector) {
  const text = await page.locator(selector).textContent({ timeout: 10_000 });
  const digits = (text || '').replace(/[^0-9]/g, '');
  return digits === '' ? NaN : Number(digits);
}

/**
 * Waits until `#stat-pieces` shows at least `count`, polling; the failure message gives the
 * last value seen.
 */
export async function waitPieces(page, count, timeout = 120_000) {
  const deadline = Date.now() + timeout;
  let seen = NaN;
  for (;;) {
    seen = await readNumber(page, '#stat-pieces');
    if (seen >= count) {
      return seen;
    }
    if (Date.now() > deadline) {
      const over = await page
        .evaluate(async () => JSON.stringify(await window.tetris.game.stats()))
        .catch((e) => `stats() failed: ${e.message}`);
      throw new Error(
        `#stat-pieces showed ${seen} after ${timeout} ms, waiting for ${count} (stats ${over})`,
      );
    }
    await sleep(100);
  }
}

/**
 * Plays fast: the AI on, placing at once (delay -1) at the highest frame rate `#fps` accepts
 * (its max attribute, else 240).
 */
export async function playFast(page) {
  await inPart(page, 'settings', () => setChecked(page, '#ai-enabled', true));
  await setValue(page, '#ai-delay', -1);
  const fps = await page.evaluate(() => {
    const max = Number(document.querySelector('#fps')?.max);
    return Number.isFinite(max) && max > 0 && document.querySelector('#fps').max !== '' ? max : 240;
  });
  await setValue(page, '#fps', fps);
}

/**
 * Starts a new game with the settings in the inputs and waits until it runs (the page has heard
 * back about every call the new game needed); fails with the page's message if it refused.
 */
export async function newGame(page) {
  await waitReady(page);
  await inPart(page, 'settings', () => page.locator('#new-game').click({ timeout: 10_000 }));
  await settle(page);
  const refused = await page.evaluate(() => {
    const error = document.querySelector('#game-error');
    return error && !error.hidden ? error.textContent.trim() : '';
  });
  if (refused) {
    throw new Error(`the page refused the new game: ${refused}`);
  }
}

/** Fails with every collected console error, listing them. */
export function assertNoErrors(assert, opened, what = 'the page') {
  assert.deepEqual(opened.errors, [], `${what} reported errors:\n${opened.errors.join('\n')}`);
}

/**
 * Starts a server (with `options` as for `startServer`) and a browser before a file's tests and
 * stops both after them; returns an object whose `server` and `browser` are set once started.
 */
export function serveAndBrowse(options) {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer(options);
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * In the page: the AI's choice placed for the player, piece by piece as a player would, until the
 * game is over (at most 2,000 pieces); its statistics. Pass it to `page.evaluate`.
 */
export async function playToTheEnd() {
  const game = window.tetris.game;
  for (let i = 0; i < 2_000 && !(await game.stats()).game_over; i++) await game.step();
  return game.stats();
}
