// The replay's share link (www/js/replay-link.js): a replay's JSON text, compressed after
// `#rz=`, comes back the same; a link made before links were compressed (`#r=`, the text in
// base64url) still opens; a replay too long for a link gets none; and a damaged link is said so.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  holdsReplay,
  MAX_INFLATED_BYTES,
  MAX_LINK_CHARS,
  readReplayHash,
  replayUrl,
} from '../../www/js/replay-link.js';
import { bytesToBase64Url, toBase64Url } from '../../www/js/share-link.js';

const PAGE = { origin: 'https://example.org', pathname: '/tetris/' };
const TEXT = JSON.stringify({
  config: { seed: 7, rules: { kind: 'guideline' } },
  pieces: 1,
  moves: 'gYgC',
});

/** `n` characters of base64url drawn by a fixed linear congruential generator: no repeats. */
function noise(n) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let state = 12345;
  let text = '';
  for (let i = 0; i < n; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += alphabet[state >> 25];
  }
  return text;
}

test("a replay's link holds its text compressed and gives it back", async () => {
  const url = await replayUrl(TEXT, PAGE);
  assert.match(url, /^https:\/\/example\.org\/tetris\/#rz=[A-Za-z0-9_-]+$/);
  assert.deepEqual(await readReplayHash(new URL(url).hash), { text: TEXT });
  assert.equal(holdsReplay(new URL(url).hash), true);
  assert.equal(await readReplayHash('#s=abc'), null);
  assert.equal(await readReplayHash(''), null);
  assert.equal(holdsReplay('#s=abc'), false);
});

test('a link made before links were compressed still opens', async () => {
  const hash = `#r=${toBase64Url(TEXT)}`;
  assert.equal(holdsReplay(hash), true);
  assert.deepEqual(await readReplayHash(hash), { text: TEXT });
});

test('a long replay that repeats itself fits in a link; one too long has none', async () => {
  // A match's order of "0" and "1" and its two configurations repeat: 20,000 characters of
  // them take a few hundred in a link.
  const repeating = JSON.stringify({ order: '01'.repeat(10_000) });
  const url = await replayUrl(repeating, PAGE);
  assert.ok(url.length < 1000, `${url.length} characters`);
  assert.deepEqual(await readReplayHash(new URL(url).hash), { text: repeating });
  // Base64url noise holds 6 bits a character, which no compression takes below 3/4 of a byte a
  // character: 12,000 characters need 9,000 bytes, 12,000 characters of base64url again.
  assert.equal(await replayUrl(JSON.stringify({ moves: noise(12_000) }), PAGE), null);
  const fits = await replayUrl(JSON.stringify({ moves: noise(4_000) }), PAGE);
  assert.ok(fits.length <= MAX_LINK_CHARS, `${fits.length} characters`);
});

test('a link that unpacks to more than a replay can hold is refused', async () => {
  const huge = new Blob(['0'.repeat(MAX_INFLATED_BYTES + 1)])
    .stream()
    .pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(huge).arrayBuffer());
  const payload = bytesToBase64Url(bytes);
  assert.ok(payload.length < 100_000, `${payload.length} characters`);
  const { problem } = await readReplayHash(`#rz=${payload}`);
  assert.match(
    problem,
    /^what follows "#rz=" is not a replay this page can read: ".{40}…" \(it unpacks to more than 33,554,432 bytes\)$/,
  );
});

test('a damaged link is said so, quoting its start', async () => {
  const { problem } = await readReplayHash('#r=%%%not-base64');
  assert.equal(problem, 'what follows "#r=" is not a replay this page can read: "%%%not-base64"');
  // Good base64url, but not DEFLATE's.
  const damaged = await readReplayHash(`#rz=${toBase64Url('not deflated')}`);
  assert.equal(
    damaged.problem,
    'what follows "#rz=" is not a replay this page can read: "bm90IGRlZmxhdGVk"',
  );
});
