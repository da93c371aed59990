// The Tetris Bot Protocol Web Worker (www/lib/tbp-worker.js) in Chromium, Firefox and WebKit (see
// browsers.mjs): a scripted conversation, malformed messages among it, gets the same answers,
// message for message, as `tetris-ai tbp` gives to the same lines natively (the time in
// `move_info.extra` aside), as a classic worker and as a module worker, searching by the beam
// (thinking ahead between messages) and by the plies; nothing answers a
// malformed message, and quit closes the worker. Settings the engine refuses are answered to
// `rules` with an `error` naming the value. `BROWSERS=firefox,webkit` picks the browsers.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { BROWSERS, launchAny } from './browsers.mjs';
import { CLI, ROOT, startServer } from './harness.mjs';

const CHOSEN = process.env.BROWSERS ? process.env.BROWSERS.split(',') : BROWSERS;

/** An empty row of the protocol's board. */
const EMPTY_ROW = Array(10).fill(null);

/** The board of the second start: two garbage rows with holes in columns 3 and 6. */
function garbageBoard() {
  const row = (hole) => Array.from({ length: 10 }, (_, x) => (x === hole ? null : 'G'));
  return [row(3), row(6), ...Array(38).fill(EMPTY_ROW)];
}

/**
 * The conversation: rules, a start, a suggest, the move played, a new piece, malformed messages,
 * a second start mid-game with garbage and a held piece, two suggests, then quit and one more
 * suggest that nothing answers.
 */
const SCRIPT = [
  { type: 'rules', randomizer: 'seven_bag' },
  {
    type: 'start',
    hold: null,
    queue: ['T', 'I', 'O', 'S', 'Z', 'J'],
    combo: 0,
    back_to_back: false,
    board: Array(40).fill(EMPTY_ROW),
    randomizer: { type: 'seven_bag', bag_state: ['L'] },
  },
  { type: 'suggest' },
  {
    type: 'play',
    move: { location: { type: 'T', orientation: 'north', x: 1, y: 0 }, spin: 'none' },
  },
  { type: 'new_piece', piece: 'L' },
  { type: 'dance' },
  { type: 'play' },
  { no: 'type' },
  { type: 'suggest' },
  {
    type: 'start',
    hold: 'T',
    queue: ['O', 'S', 'Z', 'J', 'L', 'I'],
    combo: 2,
    back_to_back: true,
    board: garbageBoard(),
  },
  { type: 'suggest' },
  { type: 'quit' },
  { type: 'suggest' },
];

/**
 * The searches compared, each as `tetris-ai tbp` takes it and as the worker's query does, and how
 * its `move_info.extra` reads: searches that reach their widest well within the budget, so that
 * their answers do not hang on how fast a step runs.
 */
const SEARCHES = {
  plies: {
    args: ['--search', 'plies', '--depth', '2', '--prune', '1', '--think-ms', '2000'],
    query: 'search=plies&depth=2&prune=1&think=2000',
    extra: /^depth 2, every first move in [\d.]+ ms$/,
  },
  beam: {
    args: ['--max-width', '32', '--think-ms', '2000'],
    query: 'width=32&think=2000',
    extra: /^beam 32 through [78] pieces, 2 of them sampled in 5 futures in [\d.]+ ms$/,
  },
};

/** Each search's answers to `SCRIPT`, natively. */
const native = {};
let server;

/** The answers without the time each suggestion took, which differs run to run. */
function timeless(messages, extra) {
  return messages.map((message) => {
    if (message.type !== 'suggestion') return message;
    const { extra: said, ...info } = message.move_info;
    assert.match(said, extra);
    return { ...message, move_info: info };
  });
}

/** What `tetris-ai tbp ARGS` answers to `SCRIPT`, a message a line. */
async function answersOf(args) {
  const input = SCRIPT.map((message) => JSON.stringify(message)).join('\n');
  const stdout = await new Promise((resolve, reject) => {
    const child = execFile(CLI, ['tbp', ...args], { cwd: ROOT }, (err, out) =>
      err ? reject(err) : resolve(out),
    );
    child.stdin.end(`${input}\n`);
  });
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

before(
  async () => {
    for (const [name, search] of Object.entries(SEARCHES)) {
      native[name] = timeless(await answersOf(search.args), search.extra);
      assert.deepEqual(
        native[name].map((m) => m.type),
        ['info', 'ready', 'suggestion', 'suggestion', 'suggestion'],
      );
    }
    server = await startServer({ isolation: false });
  },
  { timeout: 120_000 },
);

after(async () => {
  await server?.stop();
});

// The functions below run in the page: each stands alone (the drivers send its source).

/**
 * Launches the worker at `url` (`type` "classic" or "module"), posts `script` once it has sent
 * `info`, and collects what it posts until a second after the last message: the messages, and
 * whether it was still open then (a closed worker answers nothing more).
 */
async function converse({ url, type, script }) {
  const worker = new Worker(url, type === 'module' ? { type: 'module' } : undefined);
  const heard = [];
  let failed = null;
  worker.onerror = (event) => {
    failed = event.message ?? 'the worker failed';
  };
  const first = new Promise((resolve) => {
    worker.onmessage = (event) => {
      heard.push(event.data);
      resolve();
    };
  });
  await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  for (const message of script) worker.postMessage(message);
  const quiet = () =>
    new Promise((resolve) => {
      let count = heard.length;
      const check = setInterval(() => {
        if (heard.length === count) {
          clearInterval(check);
          resolve();
        }
        count = heard.length;
      }, 1000);
    });
  await quiet();
  worker.terminate();
  return { heard, failed };
}

for (const name of CHOSEN) {
  describe(name, { timeout: 300_000 }, () => {
    let browser;
    before(async () => (browser = await launchAny(name)), { timeout: 120_000 });
    after(async () => browser?.close());

    for (const [search, { query, extra }] of Object.entries(SEARCHES)) {
      for (const type of ['classic', 'module']) {
        test(`a ${type} worker searching by ${search} answers as tetris-ai tbp does`, async () => {
          const page = await browser.open(`${server.url}tetris-ai.js`);
          try {
            const url = `${server.url}lib/tbp-worker.js?${query}`;
            const { heard, failed } = await page.evaluate(converse, { url, type, script: SCRIPT });
            assert.equal(failed, null);
            assert.deepEqual(timeless(heard, extra), native[search]);
          } finally {
            await page.close();
          }
        });
      }
    }

    for (const [query, reason] of [
      ['depth=9&think=50', /^settings\.depth must be a whole number from 1 to 4, got 9/],
      ['width=3', /^maxWidth must be a whole number from 4 to 65536, got 3/],
      ['search=deep', /^the bot's search must be "beam" or "plies", got "deep"/],
    ]) {
      test(`settings the engine refuses (${query}) are the error answered to rules`, async () => {
        const page = await browser.open(`${server.url}tetris-ai.js`);
        try {
          const url = `${server.url}lib/tbp-worker.js?${query}`;
          const { heard } = await page.evaluate(converse, {
            url,
            type: 'classic',
            script: [{ type: 'rules' }, { type: 'suggest' }],
          });
          assert.deepEqual(
            heard.map((m) => m.type),
            ['info', 'error'],
          );
          assert.match(heard[1].reason, reason);
        } finally {
          await page.close();
        }
      });
    }
  });
}
