// How the element reads its attributes (www/lib/attributes.js): each kind of text, the defaults
// of an element without attributes, the errors that name a bad value, and a property's value as
// the attribute's text, read back the same; and the properties that are the engine's settings.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ATTRIBUTES,
  PROPERTIES,
  attributeName,
  attributeText,
  checkValue,
  defaults,
  readAttribute,
  readSettings,
  SETTINGS,
  settingsOf,
  wholeIn,
} from '../../www/lib/attributes.js';
import { ENGINE } from './engine.mjs';
import { read as readFile } from './files.mjs';

/** The value of `property` read from `text`. */
const read = (property, text) => readAttribute(property, text, ENGINE);

test('each property has its attribute, named in kebab case', () => {
  assert.equal(attributeName('aiDelay'), 'ai-delay');
  assert.equal(attributeName('asPublished'), 'as-published');
  assert.equal(attributeName('lockDelay'), 'lock-delay');
  assert.equal(attributeName('autorestart'), 'autorestart');
  for (const [property, entry] of Object.entries(ATTRIBUTES)) {
    assert.equal(entry.property, property);
    assert.equal(PROPERTIES[entry.attribute], property);
  }
  assert.equal(Object.keys(PROPERTIES).length, 24);
  assert.equal(attributeName('softDrop'), 'soft-drop');
});

test('an element without attributes takes the defaults', () => {
  const { seed, ...settings } = defaults(ENGINE);
  assert.deepEqual(settings, {
    preset: 'dellacherie',
    weights: null,
    rules: 'classic',
    mode: 'endless',
    kicks: 'srs',
    versus: null,
    board: [10, 20],
    depth: 1,
    asPublished: false,
    autoplay: false,
    autorestart: false,
    controls: 'play',
    touch: 'auto',
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
  });
  assert.ok(Number.isSafeInteger(seed) && seed >= 0 && seed < 2 ** 32, `a random seed: ${seed}`);
});

test('weights given, no preset plays; attributes given are read', () => {
  const texts = { weights: '{"holes": -2}', board: '8x12', 'ai-delay': '-1', autoplay: '' };
  const settings = readSettings((attribute) => texts[attribute] ?? null, ENGINE);
  assert.equal(settings.preset, null);
  assert.deepEqual(settings.weights, { holes: -2 });
  assert.deepEqual(settings.board, [8, 12]);
  assert.equal(settings.aiDelay, -1);
  assert.equal(settings.autoplay, true);
  const given = readSettings(() => null, ENGINE, { fps: 30 });
  assert.equal(given.fps, 30, 'a given value is taken as it is');
});

test('each kind of attribute reads its text', () => {
  for (const [text, on] of [
    ['', true],
    ['autoplay', true],
    ['true', true],
    ['false', false],
    [null, false],
  ]) {
    assert.equal(read('autoplay', text), on, `autoplay="${text}"`);
  }
  assert.deepEqual(read('board', ' 8 × 12 '), [8, 12]);
  assert.deepEqual(read('board', '16x40'), [16, 40]);
  assert.equal(read('seed', '0'), 0);
  assert.equal(read('seed', String(2 ** 53 - 1)), 2 ** 53 - 1);
  assert.equal(read('depth', ' 4 '), 4);
  assert.equal(read('touch', ''), 'auto');
  assert.equal(read('parallel', ''), 'auto');
  assert.equal(read('parallel', 'off'), 'off');
  assert.equal(read('controls', 'none'), 'none');
  assert.equal(read('rules', 'guideline'), 'guideline');
  assert.equal(read('preset', 'lee'), 'lee');
  assert.equal(read('margin', ''), null);
  assert.equal(read('margin', '2.5'), 2.5);
  assert.deepEqual(read('weights', '{"max_height": {"weight": -8, "exponent": 2}}'), {
    max_height: { weight: -8, exponent: 2 },
  });
});

test('a bad attribute is refused with an error naming it and its value', () => {
  const cases = [
    ['board', 'abc', 'board must be WIDTHxHEIGHT, like 10x20, got "abc"'],
    ['board', '3x20', 'board width must be from 4 to 16, got 3 in "3x20"'],
    ['board', '10x41', 'board height must be from 4 to 40, got 41 in "10x41"'],
    ['rules', 'tetris99', 'rules must be classic or guideline, got "tetris99"'],
    ['seed', '-5', 'seed must be a whole number from 0 to 9007199254740991, got "-5"'],
    ['seed', '1.5', 'seed must be a whole number from 0 to 9007199254740991, got "1.5"'],
    ['depth', '7', 'depth must be a whole number from 1 to 4, got "7"'],
    ['aiDelay', '', 'ai-delay must be a whole number from -1 to 600, got ""'],
    ['fps', '0', 'fps must be a whole number from 1 to 10000, got "0"'],
    ['lockDelay', 'x', 'lock-delay must be a whole number from 1 to 1000, got "x"'],
    ['preset', 'nobody', 'preset must be one of dellacherie, lee, got "nobody"'],
    ['weights', '[1]', 'weights must be a JSON object of feature names to weights, got [1]'],
    ['controls', '', 'controls must be none, play, full, got ""'],
    ['touch', 'sometimes', 'touch must be auto, on, off, got "sometimes"'],
    ['parallel', 'yes', 'parallel must be auto, on, off, got "yes"'],
    ['margin', '-1', 'margin must be a number, 0 or more, got "-1"'],
  ];
  for (const [property, text, message] of cases) {
    assert.throws(() => read(property, text), { message }, `${property}="${text}"`);
  }
  assert.throws(() => read('weights', '{not json'), {
    message: /^weights must be JSON, like \{"holes": -4\}, got "\{not json": /,
  });
});

test("a property's value reads back the same from its attribute's text", () => {
  const values = {
    preset: 'lee',
    weights: { holes: -4, max_height: { weight: -8, exponent: 2 } },
    rules: 'guideline',
    board: [8, 12],
    seed: 2 ** 53 - 1,
    depth: 3,
    asPublished: true,
    autoplay: false,
    controls: 'full',
    parallel: 'on',
    aiDelay: -1,
    margin: 0.5,
  };
  for (const [property, value] of Object.entries(values)) {
    assert.deepEqual(checkValue(property, value, ENGINE), value, property);
  }
  assert.equal(attributeText('board', [8, 12]), '8x12');
  assert.equal(attributeText('weights', { holes: -4 }), '{"holes":-4}');
  assert.equal(attributeText('hints', true), '');
  assert.equal(attributeText('hints', false), null);
  assert.equal(attributeText('margin', null), null);
  assert.equal(attributeText('fps', 30), '30');
  assert.throws(() => checkValue('fps', 0, ENGINE), /fps must be a whole number from 1/);
  assert.throws(() => checkValue('board', [8], ENGINE), /board must be WIDTHxHEIGHT/);
});

test('wholeIn takes whole numbers and their text in the range, and nothing else', () => {
  assert.equal(wholeIn(5, [1, 10]), 5);
  assert.equal(wholeIn(' 7 ', [1, 10]), 7);
  for (const bad of [0, 11, 2.5, '', ' ', 'x', null, undefined, NaN, Infinity, '1e400', [3]]) {
    assert.equal(wholeIn(bad, [1, 10]), null, `${String(bad)} is refused`);
  }
});

test('the ranges of the whole numbers are the engine’s where it states them', () => {
  assert.deepEqual(ATTRIBUTES.seed.range(ENGINE), [0, 2 ** 53 - 1]);
  assert.deepEqual(ATTRIBUTES.depth.range(ENGINE), [1, 4]);
  assert.deepEqual(ATTRIBUTES.aiDelay.range(ENGINE), [-1, 600]);
  const newGame = Object.values(ATTRIBUTES).filter((a) => a.newGame);
  assert.deepEqual(
    newGame.map((a) => a.property),
    ['rules', 'mode', 'kicks', 'versus', 'board', 'seed'],
  );
});

test("the properties marked as settings are the engine's settings, by the same names", async () => {
  const text = await readFile('www/types/engine.d.ts');
  const start = text.indexOf('export type Settings = {');
  const body = text.slice(start, text.indexOf('};', start));
  const fields = [...body.matchAll(/^(\w+)\?:/gm)].map((m) => m[1]);
  // The overrides are the command line's: no property of the element gives them.
  assert.deepEqual([...SETTINGS].sort(), fields.filter((field) => field !== 'overrides').sort());
  const s = { ...defaults(ENGINE), seed: 4 };
  assert.deepEqual(Object.keys(settingsOf(s)), SETTINGS);
  assert.equal(settingsOf(s).seed, 4);
});

test("the kicks attribute offers the engine's kicks, SRS when absent", async () => {
  const text = await readFile('www/types/engine.d.ts');
  const union = text.match(/^export type Kicks = (.*);$/m)[1];
  const names = [...union.matchAll(/"(\w+)"/g)].map((m) => m[1]);
  assert.deepEqual(names, ['srs', 'srs_plus']);
  for (const name of names) assert.equal(read('kicks', name), name);
  assert.equal(ATTRIBUTES.kicks.type, names.map((n) => `'${n}'`).join(' | '));
  assert.equal(read('kicks', null), 'srs');
  assert.throws(() => read('kicks', 'ars'), /^Error: kicks must be srs, srs_plus, got "ars"$/);
});

test("the versus attribute offers the engine's versus rule sets, and no match when absent", async () => {
  const text = await readFile('www/types/engine.d.ts');
  const union = text.match(/^export type VersusPreset = (.*);$/m)[1];
  const names = [...union.matchAll(/"(\w+)"/g)].map((m) => m[1]);
  for (const name of names) assert.equal(read('versus', name), name);
  assert.equal(ATTRIBUTES.versus.type, `${names.map((n) => `'${n}'`).join(' | ')} | null`);
  assert.equal(read('versus', null), null);
  assert.equal(read('versus', ''), null);
  assert.throws(
    () => read('versus', 'tetris99'),
    /^Error: versus must be ppt, tetrio, got "tetris99"$/,
  );
});
