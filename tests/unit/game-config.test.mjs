// The engine's game configuration for the element's settings (www/lib/game-config.js), and
// whether its search runs on the pool and why (www/lib/parallel-state.js).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaults } from '../../www/lib/attributes.js';
import { boardKey, gameConfig, rulesOf, searchKey } from '../../www/lib/game-config.js';
import { parallelState } from '../../www/lib/parallel-state.js';
import { ENGINE, LIMITS, PRESETS } from './engine.mjs';

const SETTINGS = { ...defaults(ENGINE), seed: 9, rules: 'guideline', board: [8, 12], depth: 2 };

test('the settings make the game configuration', () => {
  assert.deepEqual(gameConfig({ ...SETTINGS, margin: 1 }, ENGINE), {
    rules: LIMITS.rules.guideline,
    width: 8,
    height: 12,
    seed: 9,
    search: { depth: 2, margin: 1 },
    handling: { gravity: 60, lock_delay: 30 },
    preset: 'dellacherie',
  });
  const own = gameConfig({ ...SETTINGS, preset: null, weights: { holes: -1 } }, ENGINE);
  assert.deepEqual([own.weights, own.preset], [{ holes: -1 }, undefined]);
});

test('a preset played as published plays its rules and search, not the settings’', () => {
  const lee = { ...SETTINGS, preset: 'lee', asPublished: true, margin: 1 };
  const config = gameConfig(lee, ENGINE);
  assert.deepEqual(config.rules, PRESETS[1].published.rules);
  assert.deepEqual(config.search, { depth: 2, prune: 0.5 });
  assert.deepEqual(rulesOf({ ...lee, asPublished: false }, ENGINE), LIMITS.rules.guideline);
  const own = { ...lee, weights: { holes: -1 } };
  assert.deepEqual(rulesOf(own, ENGINE), LIMITS.rules.guideline, 'never with weights');
});

test('a decision’s time depends on the rules, board and search, not on the margin', () => {
  const key = searchKey(SETTINGS, ENGINE);
  assert.equal(searchKey({ ...SETTINGS, margin: 3 }, ENGINE), key);
  assert.notEqual(searchKey({ ...SETTINGS, depth: 3 }, ENGINE), key);
  assert.equal(boardKey({ ...SETTINGS, depth: 3 }, ENGINE), boardKey(SETTINGS, ENGINE));
  assert.notEqual(boardKey({ ...SETTINGS, board: [8, 13] }, ENGINE), boardKey(SETTINGS, ENGINE));
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
