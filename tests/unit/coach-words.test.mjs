// How the coach says things (www/js/coach-words.js) and counts a player's accuracy
// (www/js/accuracy.js): numbers, ranks and ratings in plain words, worked out by hand.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accuracyText, isAccurate, TOP_RANKS } from '../../www/js/accuracy.js';
import {
  differenceText,
  ordinal,
  pieceText,
  ratingText,
  shortNumber,
  signed,
} from '../../www/js/coach-words.js';

test('numbers read short, with a true minus sign', () => {
  assert.equal(shortNumber(-12.8715), '−12.87');
  assert.equal(shortNumber(1234.5), '1,234.5');
  assert.equal(shortNumber(0.000533), '0.00053');
  assert.equal(shortNumber(-0), '0');
  assert.equal(shortNumber(-Infinity), '−∞');
  assert.equal(signed(1), '+1');
  assert.equal(signed(-4.5), '−4.5');
  assert.equal(signed(0), '0');
});

test('ranks read as ordinals, the teens with th', () => {
  const read = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal);
  assert.deepEqual(read, [
    '1st',
    '2nd',
    '3rd',
    '4th',
    '11th',
    '12th',
    '13th',
    '21st',
    '22nd',
    '23rd',
    '101st',
    '111th',
  ]);
});

/** A rating as the engine sends it, with the fields the words read. */
function rating(fields) {
  return {
    placement: { piece: 'T', rotation: 'Spawn', x: 4, y: 0, spin: 'none' },
    hold: false,
    rank: 1,
    of: 34,
    gap: 0,
    differences: [],
    ...fields,
  };
}

test('a rating says its place, its gap and the features that make it', () => {
  const holes = { feature: 'holes', name: 'holes', change: 1, effect: -4 };
  const height = { feature: 'max_height', name: 'stack height', change: 2, effect: -0.5 };
  assert.equal(differenceText(holes), 'holes +1 (−4)');
  assert.equal(
    ratingText(rating({ rank: 3, gap: 4.5, differences: [holes, height] })),
    '3rd of 34, 4.5 below the best: holes +1 (−4), stack height +2 (−0.5)',
  );
  assert.equal(ratingText(rating({})), "1st of 34, as good as the AI's best");
  assert.equal(ratingText(rating({ rank: 34, gap: Infinity })), '34th of 34: it ends the game');
  const fewer = { ...holes, change: -1, effect: 4 };
  assert.equal(
    ratingText(rating({ gap: -4, differences: [fewer] })),
    '1st of 34, 4 above any placement the AI finds: holes −1 (+4)',
  );
  assert.equal(pieceText(rating({})), 'T');
  assert.equal(pieceText(rating({ hold: true })), 'T, after hold');
});

test('a piece is accurate within the top ranks, and accuracy is their share', () => {
  assert.equal(TOP_RANKS, 3);
  assert.equal(isAccurate(rating({ rank: 3 })), true);
  assert.equal(isAccurate(rating({ rank: 4 })), false);
  assert.equal(accuracyText(2, 3), '67%');
  assert.equal(accuracyText(0, 5), '0%');
  assert.equal(accuracyText(0, 0), '–');
});
