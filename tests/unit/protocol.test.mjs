// The game protocol's table (www/lib/protocol.js) against what declares and serves a game's
// calls elsewhere: `Game` in www/tetris-ai.d.ts, the client's own methods in www/lib/game.js,
// and the engine's `Game` binding in crates/wasm/src/bindings/game.rs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAME_CALLS, SERVER, gameCall } from '../../www/lib/protocol.js';
import { read } from './files.mjs';

/** The text of the block that opens with the line `opening`, up to its closing brace. */
function block(text, opening) {
  const start = text.indexOf(opening);
  assert.ok(start >= 0, `no "${opening}" found`);
  const end = text.indexOf('\n}', start);
  return text.slice(start + opening.length, end);
}

/** The methods of the `Game` class that www/tetris-ai.d.ts declares. */
async function declaredMethods() {
  const body = block(await read('www/tetris-ai.d.ts'), 'export declare class Game {');
  return [...body.matchAll(/^ {2}(\w+)\(/gm)].map((m) => m[1]);
}

/** The methods written out in the `Game` class of www/lib/game.js (not `create`, its maker). */
async function clientMethods() {
  const body = block(await read('www/lib/game.js'), 'export class Game {');
  return [...body.matchAll(/^ {2}(?:async )?(\w+)\(/gm)]
    .map((m) => m[1])
    .filter((name) => name !== 'constructor');
}

/** The methods of the engine's `Game` binding, by their JavaScript names. */
async function bindingMethods() {
  const body = block(await read('crates/wasm/src/bindings/game.rs'), 'impl WebGame {');
  const methods = [];
  let jsName = null;
  let constructor = false;
  for (const line of body.split('\n')) {
    const attribute = /#\[wasm_bindgen\((.*)\)\]/.exec(line);
    if (attribute) {
      jsName = /js_name\s*=\s*(\w+)/.exec(attribute[1])?.[1] ?? jsName;
      constructor ||= /\bconstructor\b/.test(attribute[1]);
    }
    const fn = /^\s*pub fn (\w+)/.exec(line);
    if (fn) {
      if (!constructor) methods.push(jsName ?? fn[1]);
      jsName = null;
      constructor = false;
    }
  }
  return methods;
}

const sorted = (names) => [...names].sort();

test('the types declare every call of the table, and the client writes out only the rest', async () => {
  const declared = await declaredMethods();
  const client = await clientMethods();
  assert.deepEqual(
    sorted(declared),
    sorted([...Object.keys(GAME_CALLS), ...client]),
    "tetris-ai.d.ts's Game should declare the table's calls and lib/game.js's own methods",
  );
  assert.deepEqual(sorted(client), ['calibrateParallel', 'close', 'gameConfig', 'reset']);
  for (const name of client) {
    assert.equal(gameCall(name), null, `${name} is the client's own, not a call of the table`);
  }
});

test("the engine answers the table's engine calls, and the page reaches all of its binding", async () => {
  const binding = await bindingMethods();
  assert.ok(binding.includes('setWeights') && binding.includes('decide'), binding.join(', '));
  const forwarded = Object.keys(GAME_CALLS).filter(
    (name) => GAME_CALLS[name].server === SERVER.ENGINE,
  );
  for (const name of forwarded) {
    assert.ok(binding.includes(name), `the engine's Game has no ${name}`);
  }
  for (const name of binding) {
    assert.notEqual(gameCall(name), null, `the engine's Game.${name} is no call of the table`);
  }
});

test('the calls that replan are those that change the weights, the search or its threads', () => {
  const replanning = Object.keys(GAME_CALLS).filter((name) => GAME_CALLS[name].replans);
  assert.deepEqual(sorted(replanning), ['setParallel', 'setSearch', 'setWeights']);
  const drawing = Object.keys(GAME_CALLS).filter((name) => GAME_CALLS[name].draws);
  assert.deepEqual(sorted(drawing), ['advance', 'snapshot']);
  for (const name of drawing) assert.equal(GAME_CALLS[name].server, SERVER.SESSION);
});

test('a name that is not a call of the table is refused', () => {
  for (const name of ['free', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 7]) {
    assert.equal(gameCall(name), null, `${String(name)} should be refused`);
  }
  assert.equal(gameCall('setWeights').replans, true);
});
