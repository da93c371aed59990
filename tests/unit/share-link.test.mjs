// Reading the share link (www/js/share-link.js): links in the public format, old and new, give
// the game they shared in the element's names; a bad field is named with its value and what is
// allowed, and the rest is used; a damaged link says so.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPreset } from '../../www/js/settings.js';
import { readShare, sharedSettings, shareUrl } from '../../www/js/share-link.js';
import { ENGINE, PRESETS } from './engine.mjs';

/** The hash of a share link carrying `payload` (an object as JSON, or text as it is). */
function hashOf(payload) {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return `#s=${Buffer.from(text).toString('base64url')}`;
}

/** The page's own settings, as a share link's good fields go over them. */
const OWN = withPreset(
  {
    autoplay: true,
    autorestart: false,
    aiDelay: 3,
    parallel: 'auto',
    fps: 60,
    gravity: 60,
    lockDelay: 30,
    hints: false,
    rules: 'guideline',
    board: [10, 20],
    seed: 1,
    depth: 1,
    asPublished: false,
  },
  'dellacherie',
  PRESETS,
);

test('a link saved from an older page opens the game it shared', () => {
  // As a page before the element's names wrote it: custom weights, the preset "".
  const link = {
    seed: 987654321,
    rules: 'classic',
    width: 8,
    height: 22,
    depth: 2,
    weights: { holes: -6 },
    margin: null,
    preset: '',
    published: false,
  };
  const { fields, problems } = readShare(hashOf(link), ENGINE);
  assert.deepEqual(problems, []);
  assert.deepEqual(fields, link);
  const played = sharedSettings(OWN, fields, PRESETS);
  assert.deepEqual(played, {
    ...OWN,
    seed: 987654321,
    rules: 'classic',
    board: [8, 22],
    depth: 2,
    weights: { holes: -6 },
    preset: null,
    margin: null,
    asPublished: false,
  });
});

test("a link carries the page's game and reads back the same", () => {
  const settings = { ...withPreset(OWN, 'lee', PRESETS), seed: 77, board: [6, 12] };
  settings.asPublished = true;
  const url = shareUrl(settings, { origin: 'https://example.org', pathname: '/tetris/' });
  assert.match(url, /^https:\/\/example\.org\/tetris\/#s=[\w-]+$/);
  const { fields, problems } = readShare(new URL(url).hash, ENGINE);
  assert.deepEqual(problems, []);
  assert.deepEqual(fields, {
    seed: 77,
    rules: 'guideline',
    width: 6,
    height: 12,
    depth: 1,
    weights: PRESETS[1].weights,
    margin: 2.5,
    preset: 'lee',
    published: true,
  });
  assert.deepEqual(sharedSettings(OWN, fields, PRESETS), settings);
});

test('a link by its preset alone plays that preset with its margin', () => {
  const { fields } = readShare(hashOf({ seed: 5, preset: 'lee' }), ENGINE);
  const played = sharedSettings(OWN, fields, PRESETS);
  assert.deepEqual(
    [played.seed, played.preset, played.weights, played.margin, played.board],
    [5, 'lee', PRESETS[1].weights, 2.5, [10, 20]],
  );
});

test('each bad field is named with its value and what is allowed; the rest is used', () => {
  const link = {
    seed: 31337,
    rules: 'tetris99',
    width: 999,
    height: 12,
    depth: 7,
    margin: 'x',
    weights: 'abc',
    preset: 'nobody',
    published: 'yes',
  };
  const { fields, problems } = readShare(hashOf(link), ENGINE);
  assert.deepEqual(fields, { seed: 31337, height: 12 });
  const rest = '; the rest of the link is used.';
  assert.deepEqual(problems, [
    `The share link's rules must be classic or guideline, got "tetris99"${rest}`,
    `The share link's width must be a whole number from 4 to 16, got 999${rest}`,
    `The share link's depth must be a whole number from 1 to 4, got 7${rest}`,
    `The share link's weights must be features with their weights, like {"holes": -4}, got "abc"${rest}`,
    `The share link's margin must be a number, or none, got "x"${rest}`,
    `The share link's preset must be one of dellacherie, lee, or empty, got "nobody"${rest}`,
    `The share link's published must be true or false, got "yes"${rest}`,
  ]);
  const played = sharedSettings(OWN, fields, PRESETS);
  assert.deepEqual([played.seed, played.board], [31337, [10, 12]], 'its height, our width');
});

test('a seed JSON reads as a number too large, or weights too large to be finite, are named', () => {
  const seed = readShare(hashOf('{"seed": 1e20}'), ENGINE);
  assert.match(
    seed.problems[0],
    /seed must be a whole number from 0 to \d+, got 100000000000000000000/,
  );
  const weights = readShare(hashOf('{"weights": {"holes": -1e400}}'), ENGINE);
  assert.deepEqual(weights.fields, {});
  assert.match(weights.problems[0], /weights are refused: the weight of "holes" .* -1e400/);
});

test('a damaged link says so, in plain words', () => {
  const played = '; your own settings are played.';
  const cases = [
    ['#s=%%%garbage', `what follows "#s=" is not a game this page can read: "%%%garbage"`],
    [hashOf('not json'), 'what follows "#s=" is not a game this page can read: "bm90IGpzb24"'],
    [hashOf('null'), "it holds null instead of a game's settings"],
    [hashOf('[1,2]'), "it holds [1,2] instead of a game's settings"],
  ];
  for (const [hash, why] of cases) {
    assert.deepEqual(readShare(hash, ENGINE), {
      fields: {},
      problems: [`The share link is damaged: ${why}${played}`],
    });
  }
  assert.equal(readShare('', ENGINE), null, 'no link');
  assert.equal(readShare('#other=1', ENGINE), null, 'no link');
});
