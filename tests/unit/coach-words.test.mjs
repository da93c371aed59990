// How the coach says things (www/js/coach-words.js) and counts a player's accuracy
// (www/js/accuracy.js): numbers, ranks, ratings and where tied placements go in plain words,
// worked out by hand.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accuracyText, isAccurate, TOP_RANKS } from '../../www/js/accuracy.js';
import {
  alternativeTexts,
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

test('tied placements read apart: by their columns, and by their rows where those are shared', () => {
  const tied = rating({ rank: 2, gap: 0.5 });
  const at = (cells) => ({ choice: { cells, hold: false }, rating: tied });
  // A flat T over columns 0–2 (said 1–3), one over 3–5, and an upright one in columns 3–4 twice:
  // rows 0–2 and rows 1–3 (said 1–3 and 2–4).
  const texts = alternativeTexts([
    at([
      [0, 0],
      [1, 0],
      [2, 0],
      [1, 1],
    ]),
    at([
      [3, 0],
      [4, 0],
      [5, 0],
      [4, 1],
    ]),
    at([
      [3, 0],
      [3, 1],
      [3, 2],
      [4, 1],
    ]),
    at([
      [4, 1],
      [4, 2],
      [4, 3],
      [3, 2],
    ]),
    at([
      [9, 0],
      [9, 1],
      [9, 2],
      [8, 1],
    ]),
  ]);
  const rated = '2nd of 34, 0.5 below the best';
  assert.deepEqual(texts, [
    `T in columns 1–3: ${rated}`,
    `T in columns 4–6: ${rated}`,
    `T in columns 4–5, rows 1–3: ${rated}`,
    `T in columns 4–5, rows 2–4: ${rated}`,
    `T in columns 9–10: ${rated}`,
  ]);
  const single = alternativeTexts([
    {
      choice: {
        cells: [
          [6, 0],
          [6, 1],
          [6, 2],
          [6, 3],
        ],
      },
      rating: rating({ placement: { piece: 'I' } }),
    },
  ]);
  assert.deepEqual(single, ["I in column 7: 1st of 34, as good as the AI's best"]);
  const held = alternativeTexts([
    {
      choice: {
        cells: [
          [9, 0],
          [9, 1],
          [9, 2],
          [9, 3],
        ],
      },
      rating: rating({ hold: true, placement: { piece: 'I' } }),
    },
  ]);
  assert.deepEqual(held, ["I in column 10, after hold: 1st of 34, as good as the AI's best"]);
});

test('a piece is accurate within the top ranks, and accuracy is their share', () => {
  assert.equal(TOP_RANKS, 3);
  assert.equal(isAccurate(rating({ rank: 3 })), true);
  assert.equal(isAccurate(rating({ rank: 4 })), false);
  assert.equal(accuracyText(2, 3), '67%');
  assert.equal(accuracyText(0, 5), '0%');
  assert.equal(accuracyText(0, 0), '–');
});
