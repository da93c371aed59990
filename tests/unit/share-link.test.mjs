// The share link (www/js/share-link.js): the engine's settings of the page's game written into
// the hash by their own names and read back, a damaged link and numbers too large to be finite
// named here, the engine's words for each bad setting passed on, and a link's settings put back
// into the page's. Which settings a link holds and what is wrong with them is the engine's to
// say (crates/core/tests/settings.rs, old links too); here a stand-in answers as it does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SETTINGS } from '../../www/lib/attributes.js';
import { withPreset } from '../../www/js/settings.js';
import { readShare, sharedSettings, shareUrl } from '../../www/js/share-link.js';
import { PRESETS } from './engine.mjs';

/** The hash of a share link carrying `payload` (an object as JSON, or text as it is). */
function hashOf(payload) {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return `#s=${Buffer.from(text).toString('base64url')}`;
}

/**
 * A stand-in for the engine's `sharedSettings`: every field it is given is a good setting but
 * `depth` 9, which it names as the engine does. It keeps what it was asked.
 */
function engine() {
  const asked = [];
  const read = async (link) => {
    asked.push(link);
    const { depth, ...settings } = link;
    const problems = depth === 9 ? ['depth must be a whole number from 1 to 4, got 9'] : [];
    return { settings: depth === 9 ? settings : link, problems };
  };
  return { asked, read };
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

test("a link carries the page's game by the engine's names and reads back the same", async () => {
  const settings = { ...withPreset(OWN, 'lee', PRESETS), seed: 77, board: [6, 12] };
  settings.asPublished = true;
  const url = shareUrl(settings, { origin: 'https://example.org', pathname: '/tetris/' });
  assert.match(url, /^https:\/\/example\.org\/tetris\/#s=[\w-]+$/);
  const { asked, read } = engine();
  const { fields, problems } = await readShare(new URL(url).hash, read);
  assert.deepEqual(problems, []);
  // The AI by its preset's name (the engine knows its weights), every setting given by name.
  assert.deepEqual(asked, [
    {
      preset: 'lee',
      rules: 'guideline',
      board: [6, 12],
      seed: 77,
      depth: 1,
      asPublished: true,
      gravity: 60,
      lockDelay: 30,
      margin: 2.5,
    },
  ]);
  assert.ok(Object.keys(asked[0]).every((name) => SETTINGS.includes(name)));
  assert.deepEqual(sharedSettings(OWN, fields, PRESETS), settings);
});

test("a link's own weights are carried as weights, and matched to a preset where one has them", async () => {
  const own = { ...OWN, preset: null, weights: { holes: -6 }, margin: null };
  const { asked, read } = engine();
  const { fields } = await readShare(new URL(shareUrl(own, new URL('https://x.org/'))).hash, read);
  assert.deepEqual(asked[0].weights, { holes: -6 });
  assert.equal('preset' in asked[0], false);
  assert.deepEqual(sharedSettings(OWN, fields, PRESETS), { ...own });
  const lee = sharedSettings(OWN, { weights: PRESETS[1].weights }, PRESETS);
  assert.equal(lee.preset, 'lee');
});

test('a link by its preset alone plays that preset with its margin', () => {
  const played = sharedSettings(OWN, { seed: 5, preset: 'lee' }, PRESETS);
  assert.deepEqual(
    [played.seed, played.preset, played.weights, played.margin, played.board],
    [5, 'lee', PRESETS[1].weights, 2.5, [10, 20]],
  );
  assert.equal(played.asPublished, false, 'a link without it does not play as published');
});

test("each bad setting is named in the engine's words; the rest is used", async () => {
  const { read } = engine();
  const { fields, problems } = await readShare(hashOf({ seed: 31337, depth: 9 }), read);
  assert.deepEqual(fields, { seed: 31337 });
  assert.deepEqual(problems, [
    "The share link's depth must be a whole number from 1 to 4, got 9; the rest of the link is used.",
  ]);
});

test('weights or a seed JSON reads as too large to be finite are named, the rest read', async () => {
  const { asked, read } = engine();
  const link = await readShare(hashOf('{"seed": 3, "weights": {"holes": -1e400}}'), read);
  assert.deepEqual(asked, [{ seed: 3 }]);
  assert.match(link.problems[0], /weights are refused: the weight of "holes" .* -1e400/);
  const seed = await readShare(hashOf('{"seed": 1e400}'), read);
  assert.deepEqual(seed.problems, [
    "The share link's seed holds a number too large to be finite; the rest of the link is used.",
  ]);
});

test('a damaged link says so, in plain words', async () => {
  const played = '; your own settings are played.';
  const cases = [
    ['#s=%%%garbage', `what follows "#s=" is not a game this page can read: "%%%garbage"`],
    [hashOf('not json'), 'what follows "#s=" is not a game this page can read: "bm90IGpzb24"'],
    [hashOf('null'), "it holds null instead of a game's settings"],
    [hashOf('[1,2]'), "it holds [1,2] instead of a game's settings"],
  ];
  const { asked, read } = engine();
  for (const [hash, why] of cases) {
    assert.deepEqual(await readShare(hash, read), {
      fields: {},
      problems: [`The share link is damaged: ${why}${played}`],
    });
  }
  assert.equal(await readShare('', read), null, 'no link');
  assert.equal(await readShare('#other=1', read), null, 'no link');
  assert.deepEqual(asked, [], 'the engine reads no damaged link');
});
