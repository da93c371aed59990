// Playwright's `page.waitForFunction` does not await what its function returns: a function that
// returns a promise (any async function) holds at once, so the wait is no wait at all. The browser
// tests wait on such functions with `waitForAsync` (harness.mjs), which awaits each answer; this
// test finds a `waitForFunction` given an async function, written in place or by name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const BROWSER_TESTS = new URL('../browser/', import.meta.url).pathname;

/** The browser tests' sources, by file name. */
function sources() {
  return readdirSync(BROWSER_TESTS)
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => [name, readFileSync(join(BROWSER_TESTS, name), 'utf8')]);
}

/** Each `waitForFunction` of `text` given an async function: "file:line". */
function asyncWaits(name, text, asyncNames) {
  const found = [];
  for (const call of text.matchAll(/waitForFunction\(\s*(async\b|[A-Za-z_$][\w$]*)/g)) {
    const [, given] = call;
    if (given === 'async' || asyncNames.has(given)) {
      found.push(`${name}:${text.slice(0, call.index).split('\n').length}`);
    }
  }
  return found;
}

test('finds a waitForFunction given an async function, in place or by name', () => {
  const text = [
    'await page.waitForFunction(() => ready);',
    'await page.waitForFunction(',
    '  async () => (await game.stats()).over,',
    ');',
    'await page.waitForFunction(raceEnd, null, WAIT);',
    'await page.waitForFunction(shown);',
  ].join('\n');
  assert.deepEqual(asyncWaits('a.mjs', text, new Set(['raceEnd'])), ['a.mjs:2', 'a.mjs:5']);
});

test('no browser test waits with waitForFunction on an async function', () => {
  const files = sources();
  const asyncNames = new Set(
    files.flatMap(([, text]) =>
      [...text.matchAll(/async function ([A-Za-z_$][\w$]*)/g)].map(([, name]) => name),
    ),
  );
  assert.ok(asyncNames.has('raceReplayEnd'), 'the async helpers are found');
  const found = files.flatMap(([name, text]) => asyncWaits(name, text, asyncNames));
  assert.deepEqual(found, [], 'these waits hold at once: use waitForAsync');
});
