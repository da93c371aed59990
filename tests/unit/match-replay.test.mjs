// A match's replay (www/js/match-replay.js): what a file or a link must hold (two names, the
// two games' replays, and an order of "0" and "1" with a character for each of their pieces),
// each fault named; the order the page saw fitted to the pieces the recordings hold; and the
// pieces each side has placed at each position of the timeline, worked out by hand.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  fittedOrder,
  isMatch,
  MAX_NAME_CHARS,
  positions,
  readMatch,
  sideName,
} from '../../www/js/match-replay.js';

/** A side's recording as far as the page reads it: the engine checks the rest. */
const side = (pieces) => ({ config: {}, pieces, moves: '' });
const GOOD = { names: ['You', 'AI'], order: '01101', sides: [side(2), side(3)] };

test("a match's replay is told from a game's by its sides", () => {
  assert.equal(isMatch(GOOD), true);
  assert.equal(isMatch({ config: {}, pieces: 0, moves: null }), false);
  assert.equal(isMatch(null), false);
  assert.equal(isMatch([GOOD]), false);
});

test("a good match's replay reads as it is", () => {
  assert.deepEqual(readMatch(GOOD), GOOD);
  const long = 'n'.repeat(MAX_NAME_CHARS);
  assert.deepEqual(readMatch({ ...GOOD, names: [long, 'AI'] }).names, [long, 'AI']);
  const empty = { names: ['You', 'AI'], order: '', sides: [side(0), side(0)] };
  assert.deepEqual(readMatch(empty), empty);
});

test("each fault of a match's replay is named", () => {
  const refused = (value) => {
    try {
      readMatch(value);
    } catch (err) {
      return err.message;
    }
    return 'accepted';
  };
  assert.equal(
    refused({ ...GOOD, winner: 'You' }),
    'a match\'s replay has the fields names, order, sides, not "winner"',
  );
  assert.equal(
    refused({ ...GOOD, names: ['You'] }),
    'names must be two names of 1 to 40 characters, got ["You"]',
  );
  assert.equal(
    refused({ ...GOOD, names: ['You', '  '] }),
    'names must be two names of 1 to 40 characters, got ["You","  "]',
  );
  assert.match(
    refused({ ...GOOD, names: ['You', 'n'.repeat(MAX_NAME_CHARS + 1)] }),
    /^names must be two names of 1 to 40 characters, got \["You","n{32}…$/,
  );
  assert.equal(
    refused({ ...GOOD, sides: [side(2)] }),
    'sides must be the two games\' replays, got [{"config":{},"pieces":2,"moves":""}]',
  );
  assert.equal(
    refused({ ...GOOD, sides: [side(2), 'game'] }),
    'sides[1] must be a game\'s replay with its pieces, got "game"',
  );
  assert.equal(
    refused({ ...GOOD, order: '01x01' }),
    'order must be a text of "0" and "1", got "01x01"',
  );
  assert.equal(refused({ ...GOOD, order: 5 }), 'order must be a text of "0" and "1", got 5');
  // "0111" holds one piece of the first side (it has 2) and three of the second's (it has 3).
  assert.equal(
    refused({ ...GOOD, order: '0111' }),
    'order must hold a "0" for each of the 2 pieces of You and a "1" for each of the 3 of AI, ' +
      'and holds 1 and 3',
  );
});

test('the order the page saw is fitted to the pieces the recordings hold', () => {
  // As seen: the same counts.
  assert.equal(fittedOrder('0110', [2, 2]), '0110');
  // The first side's third piece was recorded before the page heard of it: it comes last.
  assert.equal(fittedOrder('0110', [3, 2]), '01100');
  // The page saw a third piece of the second side after its recording was taken: it goes.
  assert.equal(fittedOrder('01101', [2, 2]), '0110');
  // Both: the second side's third "1" goes, and the first side's second "0" comes last.
  assert.equal(fittedOrder('0111', [2, 2]), '0110');
  assert.equal(fittedOrder('', [1, 2]), '011');
});

test("a side's name is trimmed and cut to its length, and an empty one is replaced", () => {
  assert.equal(sideName('  Cold Clear 2 ', 'Bot'), 'Cold Clear 2');
  assert.equal(sideName('   ', 'Bot'), 'Bot');
  assert.equal(
    sideName(`${'n'.repeat(MAX_NAME_CHARS - 1)} x`, 'Bot'),
    'n'.repeat(MAX_NAME_CHARS - 1),
  );
});

test('each position of the timeline has the pieces each side placed by then', () => {
  assert.deepEqual(positions(''), [[0, 0]]);
  assert.deepEqual(positions('0110'), [
    [0, 0],
    [1, 0],
    [1, 1],
    [1, 2],
    [2, 2],
  ]);
});
