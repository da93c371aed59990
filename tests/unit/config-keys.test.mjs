// What a decision's time depends on in a game configuration (www/lib/config-keys.js), and
// whether its search runs on the pool and why (www/lib/parallel-state.js).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardKey, sameValue, searchKey } from '../../www/lib/config-keys.js';
import { parallelState } from '../../www/lib/parallel-state.js';
import { LIMITS } from './engine.mjs';

/** A game configuration as the engine resolves settings into one. */
const CONFIG = {
  rules: LIMITS.rules.guideline,
  width: 8,
  height: 12,
  seed: 9,
  preset: 'dellacherie',
  weights: null,
  search: { depth: 2, prune: 0.25, beam: null, margin: null },
  handling: LIMITS.game.handling,
};

test('a decision’s time depends on the rules, board and search, not on the margin', () => {
  const key = searchKey(CONFIG);
  const search = (change) => ({ ...CONFIG, search: { ...CONFIG.search, ...change } });
  assert.equal(searchKey(search({ margin: 3 })), key);
  assert.notEqual(searchKey(search({ depth: 3 })), key);
  assert.equal(searchKey({ ...CONFIG, seed: 10, preset: 'lee' }), key);
  assert.equal(boardKey(search({ depth: 3 })), boardKey(CONFIG));
  assert.notEqual(boardKey({ ...CONFIG, height: 13 }), boardKey(CONFIG));
  assert.notEqual(boardKey({ ...CONFIG, rules: LIMITS.rules.classic }), boardKey(CONFIG));
});

test('parts of configurations are the same when their data is', () => {
  assert.ok(sameValue(CONFIG.search, { ...CONFIG.search }));
  assert.ok(!sameValue(CONFIG.search, { ...CONFIG.search, depth: 1 }));
  assert.ok(!sameValue(LIMITS.rules.guideline, LIMITS.rules.classic));
});

test('the pool runs where the build has one, from depth 2, as chosen or as measured', () => {
  const faster = { sequential: 2, parallel: 1.2, decisions: [10, 10], depth: 2 };
  const slower = { ...faster, parallel: 3 };
  const state = (given) =>
    parallelState({ build: 'threaded', depth: 2, parallel: 'auto', ...given });
  assert.deepEqual(state({ build: 'simd' }), {
    on: false,
    why: 'Off: the simd build has no thread pool.',
    calibration: null,
  });
  assert.equal(
    state({ build: undefined }).why,
    'Off: the single-threaded build has no thread pool.',
  );
  assert.equal(state({ depth: 1, parallel: 'on' }).on, false);
  assert.equal(state({}).why, 'Off until this machine is measured at depth 2.');
  assert.deepEqual(state({ measured: faster }), {
    on: true,
    why: 'On: on this machine a decision at depth 2 takes 1.2 ms parallel and 2.0 ms sequential.',
    calibration: faster,
  });
  assert.equal(state({ measured: slower }).on, false);
  assert.equal(state({ measured: slower, parallel: 'on' }).on, true);
  assert.match(state({ measured: slower, parallel: 'on' }).why, /^On: your choice; on this/);
  assert.equal(state({ parallel: 'off' }).why, 'Off: your choice.');
  const failed = state({ measured: { failed: 'the worker stopped', depth: 2 } });
  assert.deepEqual(failed, {
    on: false,
    why: 'Off: measuring this machine at depth 2 failed (the worker stopped).',
    calibration: null,
  });
});
