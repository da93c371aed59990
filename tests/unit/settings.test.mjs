// The page's saved settings (www/js/settings.js): the element's names and checks, and settings
// an older page saved under its own names, moved over once and nothing lost.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SETTINGS,
  defaults,
  elementSettings,
  load,
  matchPreset,
  migrate,
  save,
  withPreset,
} from '../../www/js/settings.js';
import { ENGINE, PRESETS } from './engine.mjs';

const KEY = 'tetris-ai/settings/v2';
const OLD_KEY = 'tetris-ai/settings/v1';

/** A stand-in for localStorage that counts the writes; `full` refuses them. */
function storage(items = {}, { full = false } = {}) {
  const map = new Map(Object.entries(items));
  return {
    writes: 0,
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem(key, value) {
      if (full) throw new Error('QuotaExceededError');
      this.writes += 1;
      map.set(key, String(value));
    },
    removeItem: (key) => map.delete(key),
    keys: () => [...map.keys()],
  };
}

/** Settings as the page before this one saved them, every one unlike its default. */
const OLD = {
  aiEnabled: false,
  autoRestart: true,
  aiDelay: -1,
  parallel: false,
  fps: 30,
  gravity: 20,
  lockDelay: 15,
  hints: true,
  rules: 'classic',
  width: 8,
  height: 12,
  seed: 4242,
  depth: 2,
  preset: '',
  weights: { holes: -6, max_height: { weight: -8, exponent: 2 } },
  margin: 1.5,
  asPublished: true,
};

/** The same settings by the element's names, as they load. */
const MIGRATED = {
  autoplay: false,
  autorestart: true,
  aiDelay: -1,
  parallel: 'off',
  fps: 30,
  gravity: 20,
  lockDelay: 15,
  hints: true,
  rules: 'classic',
  board: [8, 12],
  seed: 4242,
  depth: 2,
  preset: null,
  weights: { holes: -6, max_height: { weight: -8, exponent: 2 } },
  margin: 1.5,
  asPublished: true,
};

/** The settings that came after the older page: it saved none of them. */
const NEWER = ['das', 'arr', 'softDrop', 'mode', 'kicks'];

test("the page keeps the element's settings but controls and touch", () => {
  assert.deepEqual([...SETTINGS].sort(), [...Object.keys(MIGRATED), ...NEWER].sort());
  const first = defaults(ENGINE);
  assert.ok(Number.isSafeInteger(first.seed));
  assert.deepEqual(
    { ...first, seed: 0 },
    {
      seed: 0,
      preset: 'dellacherie',
      weights: null,
      rules: 'guideline',
      board: [10, 20],
      depth: 1,
      asPublished: false,
      autoplay: true,
      autorestart: false,
      parallel: 'auto',
      aiDelay: 3,
      fps: 60,
      hints: false,
      das: 10,
      arr: 2,
      gravity: 60,
      softDrop: 3,
      lockDelay: 30,
      margin: null,
      mode: 'endless',
      kicks: 'srs',
    },
  );
});

test("an older page's settings move to the element's names, nothing lost", () => {
  assert.deepEqual(migrate(OLD), MIGRATED);
  assert.deepEqual(migrate({ parallel: null, preset: 'lee' }), { parallel: 'auto', preset: 'lee' });
  assert.deepEqual(migrate({ parallel: true }), { parallel: 'on' });
  assert.deepEqual(migrate({ fps: 30 }), { fps: 30 }, 'the names kept are kept');
  assert.equal(migrate(null), null);
});

/** The migrated settings as they load: those the older page did not have take their defaults. */
const LOADED = { ...MIGRATED, das: 10, arr: 2, softDrop: 3, mode: 'endless', kicks: 'srs' };

test('settings saved by an older page load migrated, once', () => {
  const store = storage({ [OLD_KEY]: JSON.stringify(OLD) });
  assert.deepEqual(load(ENGINE, store), LOADED);
  assert.deepEqual(store.keys(), [KEY], 'saved by the new names, the old copy gone');
  assert.deepEqual(JSON.parse(store.getItem(KEY)), LOADED);
  assert.equal(store.writes, 1);
  assert.deepEqual(load(ENGINE, store), LOADED, 'and they load the same again');
  assert.equal(store.writes, 1, 'without being moved again');
});

test('where the migrated settings cannot be stored, the old ones stay for the next visit', () => {
  const store = storage({ [OLD_KEY]: JSON.stringify(OLD) }, { full: true });
  assert.deepEqual(load(ENGINE, store), LOADED);
  assert.deepEqual(store.keys(), [OLD_KEY]);
  assert.equal(save(MIGRATED, store), false);
});

test('a saved value the element refuses leaves its default, the others load', () => {
  const saved = { ...MIGRATED, fps: 0, board: [3, 12], rules: 'tetris99', preset: 'nobody' };
  saved.parallel = 'sometimes';
  const loaded = load(ENGINE, storage({ [KEY]: JSON.stringify(saved) }));
  const first = defaults(ENGINE);
  assert.equal(loaded.fps, first.fps);
  assert.deepEqual(loaded.board, first.board);
  assert.equal(loaded.rules, first.rules);
  assert.equal(loaded.preset, first.preset);
  assert.equal(loaded.parallel, first.parallel);
  assert.equal(loaded.seed, 4242);
  assert.deepEqual(loaded.weights, MIGRATED.weights);
  for (const text of ['not json', 'null', '[1, 2]']) {
    const loadedFrom = load(ENGINE, storage({ [KEY]: text }));
    assert.deepEqual({ ...loadedFrom, seed: 0 }, { ...first, seed: 0 }, `${text}: the defaults`);
  }
});

test('the element gets the AI by its preset, else by its weights', () => {
  const lee = withPreset(defaults(ENGINE), 'lee', PRESETS);
  assert.deepEqual([lee.preset, lee.weights, lee.margin], ['lee', PRESETS[1].weights, 2.5]);
  assert.deepEqual(
    [elementSettings(lee).preset, elementSettings(lee).weights],
    ['lee', null],
    'a preset by its name',
  );
  const own = { ...lee, preset: null, weights: { holes: -1 } };
  assert.deepEqual(
    [elementSettings(own).preset, elementSettings(own).weights],
    [null, { holes: -1 }],
  );
  assert.equal(matchPreset(PRESETS, { ...PRESETS[1].weights }), 'lee');
  assert.equal(matchPreset(PRESETS, { holes: -1 }), null);
});
