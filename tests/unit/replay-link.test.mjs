// The replay's share link (www/js/replay-link.js): a replay's JSON text after `#r=` comes back
// the same, a replay too long for a link gets none, and a damaged link is said so.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_LINK_CHARS, readReplayHash, replayUrl } from '../../www/js/replay-link.js';

const PAGE = { origin: 'https://example.org', pathname: '/tetris/' };
const TEXT = JSON.stringify({
  config: { seed: 7, rules: { kind: 'guideline' } },
  pieces: 1,
  moves: 'gYgC',
});

test("a replay's link holds its text and gives it back", () => {
  const url = replayUrl(TEXT, PAGE);
  assert.match(url, /^https:\/\/example\.org\/tetris\/#r=[A-Za-z0-9_-]+$/);
  assert.deepEqual(readReplayHash(new URL(url).hash), { text: TEXT });
  assert.equal(readReplayHash('#s=abc'), null);
  assert.equal(readReplayHash(''), null);
});

test('a replay too long for a link has none', () => {
  assert.equal(`${PAGE.origin}${PAGE.pathname}#r=`.length, 30);
  // 7,970 characters after the 30 of the page and "#r=": base64url writes 1,992 groups of 3
  // bytes as 4 characters each, and 1 byte more as 2, so 5,977 bytes fill the link exactly.
  const fits = 5977;
  const padded = (n) => JSON.stringify({ moves: 'x'.repeat(n - 12) });
  assert.equal(padded(fits).length, fits);
  assert.equal(replayUrl(padded(fits), PAGE).length, MAX_LINK_CHARS);
  assert.equal(replayUrl(padded(fits + 1), PAGE), null);
});

test('a damaged link is said so, quoting its start', () => {
  const { problem } = readReplayHash('#r=%%%not-base64');
  assert.equal(problem, 'what follows "#r=" is not a replay this page can read: "%%%not-base64"');
});
