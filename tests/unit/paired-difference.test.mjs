// Two weight sets compared on the same games (www/js/paired-difference.js): the mean of the
// differences game by game, its 95% interval by the normal approximation, and the verdict in
// words, on small cases worked out by hand.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { figure, pairedDifference, verdict } from '../../www/js/paired-difference.js';

/** Whether `x` is `expected` to 12 decimal places. */
function near(x, expected, what) {
  assert.ok(Math.abs(x - expected) < 1e-12, `${what}: ${x}, expected ${expected}`);
}

test('the paired difference of four games, worked out by hand', () => {
  // A cleared 10, 12, 9, 15 lines and B 8, 12, 5, 11 on the same four seeds: the differences
  // are 2, 0, 4, 4, their mean 10 / 4 = 2.5. Deviations -0.5, -2.5, 1.5, 1.5 square to 0.25,
  // 6.25, 2.25, 2.25: 11 in all, 11 / 3 = 3.6667, std √(11/3) = 1.914854. The 95% margin is
  // 1.96 × 1.914854 / √4 = 1.876557, the interval 0.623443 to 4.376557: above 0.
  const difference = pairedDifference([10, 12, 9, 15], [8, 12, 5, 11]);
  assert.equal(difference.games, 4);
  assert.equal(difference.mean, 2.5);
  near(difference.std, Math.sqrt(11 / 3), 'std');
  near(difference.margin, (1.96 * Math.sqrt(11 / 3)) / 2, 'margin');
  near(difference.low, 2.5 - (1.96 * Math.sqrt(11 / 3)) / 2, 'low');
  near(difference.high, 2.5 + (1.96 * Math.sqrt(11 / 3)) / 2, 'high');
  assert.equal(verdict(difference), 'A clears more lines than B (+2.5 ± 1.88, 4 games).');
  // The other way round: the same interval below 0, and B clears more.
  const reversed = pairedDifference([8, 12, 5, 11], [10, 12, 9, 15]);
  assert.equal(reversed.mean, -2.5);
  near(reversed.high, -2.5 + (1.96 * Math.sqrt(11 / 3)) / 2, 'high');
  assert.equal(verdict(reversed), 'B clears more lines than A (+2.5 ± 1.88, 4 games).');
});

test('an interval that holds 0 is no clear difference yet', () => {
  // Differences 2 and -4: mean -1, deviations 3 and -3, squares 18, 18 / 1 = 18, std √18 =
  // 4.242641; margin 1.96 × 4.242641 / √2 = 5.88, the interval -6.88 to 4.88 holds 0.
  const difference = pairedDifference([10, 5], [8, 9]);
  assert.equal(difference.mean, -1);
  near(difference.margin, 5.88, 'margin');
  assert.equal(verdict(difference), 'No clear difference yet: play more games.');
  // One game has no interval at all.
  const one = pairedDifference([300], [100]);
  assert.ok(Number.isNaN(one.margin));
  assert.equal(verdict(one), 'No clear difference yet: play more games.');
});

test('the same lines in every game, and the same gap in every game', () => {
  assert.equal(
    verdict(pairedDifference([3, 7, 1], [3, 7, 1])),
    'A and B cleared the same lines in every game (3 games).',
  );
  // B clears 1,500 lines more in each of 3,000 games: no spread, an interval of one point.
  const a = Array.from({ length: 3000 }, (_, i) => i);
  const b = a.map((lines) => lines + 1500);
  assert.equal(
    verdict(pairedDifference(a, b)),
    'B clears more lines than A (+1,500 ± 0, 3,000 games).',
  );
});

test('lists of different lengths are refused', () => {
  assert.throws(() => pairedDifference([1, 2], [1]), /A played 2 games and B 1/);
});

test('figures: whole from 100 up, else three significant digits', () => {
  assert.equal(figure(124.4), '124');
  assert.equal(figure(12345.6), '12,346');
  assert.equal(figure(1.8765), '1.88');
  assert.equal(figure(0.012345), '0.0123');
  assert.equal(figure(0), '0');
});
