// A survival estimate in the Benchmark panel (www/js/survival-report.js): the table's figures
// summed over the replicates, two estimates compared, the standard error of the difference the
// root of the sum of the squared errors, worked out by hand, and the note on sets that saw no
// game end.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  estimateDifference,
  SURVIVAL_ROWS,
  survivalVerdict,
  unseenNote,
} from '../../www/js/survival-report.js';

/** An estimate of `mean` ± `error` lines from `replicates` replicates that each saw one end. */
function estimate(mean, error, replicates = 8) {
  const replicate = {
    lines: 1000,
    excursions: 50,
    stages: [
      { level: 7, trials: 10, reached: 4 },
      { level: null, trials: 10, reached: 1 },
    ],
    pieces: 3000,
  };
  return {
    mean_lines: mean,
    mean_lines_error: error,
    pieces: 3000 * replicates,
    replicates: Array.from({ length: replicates }, () => replicate),
  };
}

test("the table's figures are the estimate's, and its replicates' counts summed", () => {
  const figures = Object.fromEntries(
    SURVIVAL_ROWS.map(([label, figure]) => [label, figure(estimate(2e6, 1e5, 3))]),
  );
  assert.deepEqual(figures, {
    'Estimated lines per game': 2e6,
    'Its standard error': 1e5,
    Replicates: 3,
    'Lines in the long runs': 3000,
    'Excursions in them': 150,
    'Branches that saw the game end': 3,
    'Pieces placed': 9000,
  });
});

test('A − B: the means differ by 10 ± √(3² + 4²) = 5, so the interval is 10 ± 9.8', () => {
  const difference = estimateDifference(estimate(100, 3), estimate(90, 4));
  assert.equal(difference.replicates, 8);
  assert.equal(difference.mean, 10);
  assert.equal(difference.error, 5);
  assert.ok(Math.abs(difference.margin - 9.8) < 1e-12);
  assert.ok(Math.abs(difference.low - 0.2) < 1e-12);
  assert.ok(Math.abs(difference.high - 19.8) < 1e-12);
  assert.equal(
    survivalVerdict(difference),
    "A's games last longer than B's (+10 ± 9.8 lines, 8 replicates each).",
  );
  const reversed = estimateDifference(estimate(90, 4), estimate(100, 3));
  assert.equal(
    survivalVerdict(reversed),
    "B's games last longer than A's (+10 ± 9.8 lines, 8 replicates each).",
  );
});

test('an interval that holds 0, or no error to make one, says so', () => {
  const close = estimateDifference(estimate(100, 3), estimate(95, 4));
  assert.equal(close.mean, 5);
  assert.equal(survivalVerdict(close), 'No clear difference yet: make more replicates.');
  const one = estimateDifference(estimate(100, null, 1), estimate(95, 4));
  assert.deepEqual(one, {
    replicates: 1,
    mean: null,
    error: null,
    margin: null,
    low: null,
    high: null,
  });
  assert.match(survivalVerdict(one), /^No interval yet/);
});

test('a set whose replicates saw no game end is named, and says why there is no estimate', () => {
  const seen = { label: 'A', name: 'dt10', result: estimate(100, 3) };
  const unseen = (label, name) => ({ label, name, result: estimate(null, null) });
  assert.equal(unseenNote([seen]), '');
  assert.equal(
    unseenNote([seen, unseen('B', 'du')]),
    'No game ended in the replicates of B (du), so there is no estimate: its games outlast ' +
      'what this effort can see. More branches per level may see an ending; under the ' +
      "guideline rules' bag a good player's games may practically never end.",
  );
  assert.match(
    unseenNote([unseen('A', 'dt20'), unseen('B', 'du')]),
    /^No game ended in the replicates of A \(dt20\) and B \(du\), so there is no estimate: their games outlast /,
  );
});
