// Lines per game as a histogram (www/js/histogram.js): bins of a round width from a multiple of
// it, the same for every set, each value counted once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bins } from '../../www/js/histogram.js';

test('about the bins wanted, of a round width, covering every value once', () => {
  // 0 to 19 is 20 values: 20 / 4 = 5 a bin, from 0: [0, 5), [5, 10), [10, 15), [15, 20).
  assert.deepEqual(bins([[0, 5, 9, 10, 19]], 4), {
    starts: [0, 5, 10, 15],
    width: 5,
    counts: [[1, 2, 1, 1]],
  });
  // 2,470 to 4,120 is 1,651 values: 1,651 / 20 = 82.55, rounded up to 100, from 2,400 to the
  // bin of 4,100: 18 bins, the same for both sets.
  const two = bins([[3790, 4120, 3799], [2470]], 20);
  assert.equal(two.width, 100);
  assert.equal(two.starts.length, 18);
  assert.deepEqual([two.starts[0], two.starts.at(-1)], [2400, 4100]);
  assert.equal(two.counts[0][13], 2, '3,790 and 3,799 in [3,700, 3,800)');
  assert.equal(two.counts[0][17], 1);
  assert.equal(two.counts[1][0], 1);
  assert.deepEqual(
    two.counts.map((counts) => counts.reduce((a, b) => a + b, 0)),
    [3, 1],
  );
});

test('few distinct values get bins of one line; no values, no bins', () => {
  assert.deepEqual(bins([[7, 7, 8]]), { starts: [7, 8], width: 1, counts: [[2, 1]] });
  assert.deepEqual(bins([[], []]), { starts: [], width: 1, counts: [[], []] });
});
