// One small interface over the three browsers' drivers, so that a test is written once and runs
// in each: Debian's Chromium through playwright-core, Firefox ESR through puppeteer-core over
// WebDriver BiDi, and WebKitGTK's MiniBrowser through WebKitWebDriver (selenium-webdriver),
// under an Xvfb display of its own.
//
//   const browser = await launchAny('webkit', { env: { LANG: 'C.UTF-8' } });
//   const page = await browser.open(url, { width: 390, height: 844 });
//   await page.evaluate((n) => n + 1, 1); // 2: a function of one JSON argument, maybe async
//   await page.waitFor(() => document.title !== '', null, 10_000);
//   await page.click('#new-game'); await page.press('ArrowLeft');
//   await page.screenshot('shot.png'); await page.close(); await browser.close();
//
// Each `open` gets fresh storage: a new browser context (Chromium, Firefox) or a new session
// (WebKit, whose automation sessions are ephemeral).

import { spawn } from 'node:child_process';
import { access, writeFile } from 'node:fs/promises';
import { freePort, launchBrowser } from './harness.mjs';

/** The browsers a test can name. */
export const BROWSERS = ['chromium', 'firefox', 'webkit'];

const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
const MINIBROWSER =
  process.env.MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest a script run in WebKit may take, in ms, before its call fails. */
const SCRIPT_TIMEOUT = 180_000;

/** The window a page opens in unless a test names another. */
const DESKTOP = { width: 1280, height: 900 };
/**
 * How long a WebKitWebDriver command other than a script may take, in ms: the driver has been
 * seen to leave one unanswered for good, which would hold a test until its suite timed out.
 */
const COMMAND_TIMEOUT = 60_000;

/** `promise`, or an error naming `what` once `ms` have passed without it settling. */
function bounded(promise, what, ms = COMMAND_TIMEOUT) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not return within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Launches browser `name` (one of `BROWSERS`); `env` adds to the browser's environment. */
export async function launchAny(name, { env = {} } = {}) {
  switch (name) {
    case 'chromium':
      return chromium(env);
    case 'firefox':
      return firefox(env);
    case 'webkit':
      return webkit(env);
    default:
      throw new Error(`unknown browser ${JSON.stringify(name)}: one of ${BROWSERS.join(', ')}`);
  }
}

/**
 * Waits until `ready()` resolves to a true value, polling (a page's `waitFor` polls its function,
 * awaited, the same way in every browser), and returns that value; throws `what` after `timeout`
 * ms.
 */
async function poll(ready, what, timeout) {
  const deadline = Date.now() + timeout;
  const late = Symbol('late');
  for (;;) {
    let timer;
    const left = new Promise(
      (resolve) => (timer = setTimeout(resolve, deadline - Date.now(), late)),
    );
    const answer = await Promise.race([ready(), left]);
    clearTimeout(timer);
    if (answer && answer !== late) return answer;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeout} ms`);
    await sleep(100);
  }
}

/**
 * What a page shows of its state, for the message of a wait that failed: whether the page
 * started, its element's game (its build, whether its worker lives and answers, its totals),
 * and the alerts it shows. Bounded, so that a page that no longer answers still gets a message.
 */
async function pageState(evaluate) {
  const state = evaluate(async () => {
    const within = (promise, ms) =>
      Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms, 'no answer'))]);
    const element = document.querySelector('tetris-ai');
    const game = element?.game;
    const started = window.tetris?.ready?.then(
      () => 'started',
      (err) => `failed: ${err?.message ?? err}`,
    );
    return {
      page: (await within(started, 500)) ?? 'no page API',
      build: game?.build ?? null,
      alive: game?.alive ?? null,
      stats: game ? await within(game.stats(), 2000) : null,
      autoplay: element?.settings?.autoplay ?? null,
      alerts: [...document.querySelectorAll('[role="alert"], [role="status"]')]
        .filter((node) => !node.hidden && node.textContent.trim())
        .map((node) => node.textContent.trim().slice(0, 160)),
    };
  });
  try {
    return JSON.stringify(await bounded(state, 'the page state', 5_000));
  } catch (err) {
    return `unknown (${err.message})`;
  }
}

/**
 * A page's `waitFor` from its `evaluate`: polls `fn(arg)`, awaited, until it gives a true value,
 * which it returns (a call that throws counts as false, as while the page is still loading); when it never does,
 * the error says what the page shows of its state, and what `said()` gives (the newest output
 * of the browser's driver, where it is kept).
 */
function waitingWith(evaluate, said = () => '') {
  return async (fn, arg = null, timeout = 30_000) => {
    try {
      return await poll(
        () => evaluate(fn, arg).catch(() => false),
        `${fn.toString().slice(0, 80)} did not hold`,
        timeout,
      );
    } catch (err) {
      const output = said();
      const driver = output ? `; the driver and browser wrote: ${output}` : '';
      throw new Error(`${err.message}; the page: ${await pageState(evaluate)}${driver}`);
    }
  };
}

/**
 * The interface's page over a playwright or puppeteer `page`, which share these calls; `keys`
 * names a key where the driver spells it otherwise; `close` closes its browser context.
 */
function scriptedPage(page, context, keys = {}) {
  const evaluate = (fn, arg = null) => page.evaluate(fn, arg);
  return {
    evaluate,
    waitFor: waitingWith(evaluate),
    click: (selector) => page.click(selector),
    press: (key) => page.keyboard.press(keys[key] ?? key),
    screenshot: (file) => page.screenshot({ path: file }).then(() => undefined),
    close: () => context.close(),
  };
}

/**
 * Waits until the page (`index.html`) in `page` has started, named its build, and its game has
 * placed at least `pieces` pieces.
 */
export function waitPlaced(page, pieces, timeout = 120_000) {
  return page.waitFor(
    async (pieces) => {
      await window.tetris.ready;
      return (await window.tetris.game.stats()).pieces >= pieces;
    },
    pieces,
    timeout,
  );
}

/** Chromium through playwright-core, as the rest of the suite drives it. */
async function chromium(env) {
  if (Object.keys(env).length) throw new Error('Chromium takes no environment here');
  const browser = await launchBrowser();
  return {
    name: 'chromium',
    async open(url, viewport = DESKTOP) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      return scriptedPage(page, context);
    },
    close: () => browser.close(),
  };
}

/** Firefox ESR through puppeteer-core over WebDriver BiDi, headless. */
async function firefox(env) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    env: { ...process.env, ...env },
  });
  return {
    name: 'firefox',
    async open(url, viewport = DESKTOP) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await firefoxViewport(page, viewport);
      await page.goto(url, { waitUntil: 'load' });
      return scriptedPage(page, context, { Space: ' ' });
    },
    close: () => browser.close(),
  };
}

/**
 * Sizes a puppeteer page's viewport in Firefox. Puppeteer sends the viewport and a screen
 * orientation together, and Firefox ESR 140 does not know the orientation command; the viewport
 * command still applies, as the page's own width shows once it has.
 */
async function firefoxViewport(page, viewport) {
  try {
    await page.setViewport(viewport);
  } catch (error) {
    if (!/unknown command emulation\.setScreenOrientationOverride/.test(error.message)) throw error;
  }
  await poll(
    async () => (await page.evaluate(() => window.innerWidth)) === viewport.width,
    `Firefox's viewport did not become ${viewport.width} px wide`,
    10_000,
  );
}

/** How much of a driver's output is kept, the newest, in characters. */
const OUTPUT_KEPT = 4000;

/**
 * Starts `command` with `args` and `env` in a process group of its own: `{stop, output}`,
 * `output()` the newest of what it and the processes it started wrote, to say in a failure.
 */
function start(command, args, env) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let exited = false;
  let kept = '';
  const keep = (chunk) => (kept = (kept + chunk).slice(-OUTPUT_KEPT));
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  child.on('exit', () => (exited = true));
  return {
    output: () => kept.trim(),
    stop() {
      if (exited) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

/** A display number no X server holds now. */
async function freeDisplay() {
  for (let display = 90 + Math.floor(Math.random() * 100); ; display++) {
    try {
      await access(`/tmp/.X${display}-lock`);
    } catch {
      return display;
    }
  }
}

/** WebKitWebDriver on a free port of `display`: `{driver, server}` once it answers. */
async function startWebKitDriver(display, env) {
  const port = await freePort();
  const driver = start(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    ...process.env,
    ...env,
    DISPLAY: display,
  });
  const server = `http://127.0.0.1:${port}`;
  try {
    await poll(
      () =>
        fetch(`${server}/status`)
          .then((r) => r.ok)
          .catch(() => false),
      'WebKitWebDriver did not answer',
      30_000,
    );
  } catch (error) {
    driver.stop();
    throw error;
  }
  return { driver, server };
}

/**
 * MiniBrowser's settings beyond automation. WebKitGTK 2.50 draws 2D canvases through Skia on the
 * GPU, here Mesa's software OpenGL under Xvfb, and its web process has been seen to stop on a
 * release assertion there (SIGILL in GrDrawingManager::flush, reached from
 * ImageBufferSkiaAcceleratedBackend::create as a canvas gets a new buffer): the canvases are
 * drawn on the CPU instead. `WEBKIT_CANVAS_ACCELERATION=1` keeps WebKit's own choice.
 */
const WEBKIT_ARGS =
  process.env.WEBKIT_CANVAS_ACCELERATION === '1' ? [] : ['--enable-2d-canvas-acceleration=false'];

/** Times a page is opened in WebKit, each on a fresh driver after one that did not answer. */
const WEBKIT_OPENS = 2;

/** WebKitGTK's MiniBrowser through WebKitWebDriver, under an Xvfb display of its own. */
async function webkit(env) {
  const { Builder, By, Capabilities, Key } = await import('selenium-webdriver');
  const display = `:${await freeDisplay()}`;
  const xvfb = start(
    'Xvfb',
    [display, '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'],
    process.env,
  );
  let running;
  try {
    running = await startWebKitDriver(display, env);
  } catch (error) {
    xvfb.stop();
    throw error;
  }
  const keys = { ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT, ArrowUp: Key.ARROW_UP };
  Object.assign(keys, { ArrowDown: Key.ARROW_DOWN, Space: ' ', Escape: Key.ESCAPE });
  const sessions = new Set();

  /** A session of the running driver showing `url` in a window of `viewport`. */
  async function openSession(url, viewport) {
    const capabilities = new Capabilities();
    capabilities.set('browserName', 'MiniBrowser');
    capabilities.set('webkitgtk:browserOptions', {
      binary: MINIBROWSER,
      args: ['--automation', ...WEBKIT_ARGS],
    });
    const made = await bounded(
      new Builder().usingServer(running.server).withCapabilities(capabilities).build(),
      'WebKit: starting a session',
    );
    sessions.add(made);
    await bounded(made.manage().setTimeouts({ script: SCRIPT_TIMEOUT }), 'WebKit: timeouts');
    await bounded(
      made
        .manage()
        .window()
        .setRect({ x: 0, y: 0, ...viewport }),
      'WebKit: sizing the window',
    );
    await bounded(made.get(url), `WebKit: opening ${url}`);
    return made;
  }

  return {
    name: 'webkit',
    async open(url, viewport = DESKTOP) {
      let session;
      for (let attempt = 1; !session; attempt++) {
        try {
          session = await openSession(url, viewport);
        } catch (error) {
          // The driver has been seen to leave a command unanswered for good: the next attempt
          // gets a driver of its own (the old one goes, with its browsers and sessions).
          if (attempt === WEBKIT_OPENS || !/did not return within/.test(error.message)) throw error;
          running.driver.stop();
          sessions.clear();
          running = await startWebKitDriver(display, env);
        }
      }
      // The time origin of the document the session opened: a script answered with "Could not
      // parse script result" is then told apart as a lost page (a crashed web process, reloaded)
      // or a lost answer.
      const timeOrigin = (what) =>
        bounded(session.executeScript('return performance.timeOrigin'), `WebKit: ${what}`);
      const origin = await timeOrigin('the page time origin');
      const evaluate = async (fn, arg = null) => {
        const result = await bounded(
          session.executeAsyncScript(
            `const [source, arg, done] = arguments;
             Promise.resolve()
               .then(() => (0, eval)('(' + source + ')')(arg))
               .then((value) => done({ value }), (e) => done({ error: e instanceof Error ? e.message + '\\n' + e.stack : String(e) }));`,
            fn.toString(),
            arg,
          ),
          'WebKit: a script',
          SCRIPT_TIMEOUT + COMMAND_TIMEOUT,
        ).catch(async (error) => {
          if (!/Could not parse script result/.test(error.message)) throw error;
          const now = await timeOrigin('the page time origin, after a lost answer').catch(
            (e) => `no answer (${e.message})`,
          );
          const page = now === origin ? 'the same page' : `not the same page (${now} vs ${origin})`;
          throw new Error(
            `${error.message}: afterwards the session shows ${page}; the driver and browser ` +
              `wrote: ${running.driver.output() || 'nothing'}`,
          );
        });
        if (result && 'error' in result) throw new Error(result.error);
        return result ? result.value : undefined;
      };
      return {
        evaluate,
        waitFor: waitingWith(evaluate, () => running.driver.output()),
        click: (selector) =>
          bounded(
            session.findElement(By.css(selector)).then((e) => e.click()),
            `WebKit: a click on ${selector}`,
          ),
        press: (key) =>
          bounded(
            session
              .actions()
              .sendKeys(keys[key] ?? key)
              .perform(),
            `WebKit: the key ${key}`,
          ),
        screenshot: async (file) => writeFile(file, await session.takeScreenshot(), 'base64'),
        async close() {
          sessions.delete(session);
          // A session that does not quit goes with its driver when the browser closes.
          await bounded(session.quit(), 'WebKit: quitting a session').catch(() => {});
        },
      };
    },
    async close() {
      const quitting = [...sessions].map((session) =>
        bounded(session.quit(), 'WebKit: quitting a session'),
      );
      await Promise.allSettled(quitting);
      running.driver.stop();
      xvfb.stop();
    },
  };
}
