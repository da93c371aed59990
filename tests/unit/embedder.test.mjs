// The typed example embedder (www/examples/embed.ts, compiled with `tsc --strict` by
// ./build.sh test) calls every function tetris-ai.js exports and every call a game answers,
// and docs/api.md names every call a game answers.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAME_CALLS } from '../../www/lib/protocol.js';
import { read } from './files.mjs';

/** The functions www/tetris-ai.js exports. */
async function exportedFunctions() {
  const text = await read('www/tetris-ai.js');
  return [...text.matchAll(/^export (?:async )?function (\w+)\(/gm)].map((m) => m[1]);
}

/** The methods of a `Game` beyond the protocol's calls, written out in www/lib/game.js. */
const CLIENT_METHODS = ['reset', 'calibrateParallel', 'close'];

/** The names of `names` that `text` never calls (no `name(` in it). */
function uncalled(text, names) {
  return names.filter((name) => !new RegExp(`\\b${name}\\(`).test(text));
}

test('the typed example calls every exported function and every call of a game', async () => {
  const example = await read('www/examples/embed.ts');
  const functions = await exportedFunctions();
  assert.ok(functions.includes('createGame'), 'the exports were found');
  assert.deepEqual(uncalled(example, functions), [], 'exported functions the example never calls');
  const calls = [...Object.keys(GAME_CALLS), ...CLIENT_METHODS];
  assert.deepEqual(uncalled(example, calls), [], "a game's calls the example never makes");
});

test("the API's reference names every call of a game", async () => {
  const reference = await read('docs/api.md');
  const calls = [...Object.keys(GAME_CALLS), ...CLIENT_METHODS];
  assert.deepEqual(
    calls.filter((name) => !reference.includes(`\`${name}(`)),
    [],
    "a game's calls docs/api.md does not name",
  );
});
