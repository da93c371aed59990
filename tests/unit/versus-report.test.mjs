// A versus series in the Benchmark panel (www/js/versus-report.js): the series split into A's and
// B's sides, B's win rate and interval the complements of A's, and the verdict and the words
// under the table worked out by hand.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { comparison, compare, rows, sides, versusVerdict } from '../../www/js/versus-report.js';

/** One side's play over a series. */
function play(attack, pieces) {
  return {
    pieces,
    lines: 40,
    attack,
    attack_per_piece: attack / pieces,
    sent: attack - 2,
    received: 5,
    t_spins: 1,
    perfect_clears: 0,
    pieces_per_match: pieces / 10,
  };
}

/** A series of 10 matches: A won 6, B won 2, 2 drawn (1 at the cap); A's rate 6/8. */
const SERIES = {
  games: 10,
  wins: 6,
  losses: 2,
  draws: 2,
  capped: 1,
  win_rate: 0.75,
  win_rate_interval: [0.4, 0.9],
  left: play(30, 300),
  right: play(12, 300),
};

test("each side's figures, from its own seat", () => {
  const [a, b] = sides(SERIES);
  const figures = (side) =>
    Object.fromEntries(rows().map(([label, figure]) => [label, figure(side)]));
  assert.deepEqual(figures(a), {
    'Matches won': 6,
    'Matches drawn': 2,
    'Matches stopped at the cap': 1,
    'Attack per piece': 0.1,
    'Attack in all': 30,
    'Garbage rows sent': 28,
    'Garbage rows taken': 5,
    'T-spins': 1,
    'Perfect clears': 0,
    'Pieces per match': 30,
    'Lines in all': 40,
  });
  assert.equal(figures(b)['Matches won'], 2);
  assert.equal(figures(b)['Attack per piece'], 0.04);
  assert.equal(b.lost, 6);
  assert.equal(b.win_rate, 0.25);
  // B's interval is A's turned over: 1 − 0.9 to 1 − 0.4.
  assert.deepEqual(
    b.interval.map((x) => Math.round(x * 1e9) / 1e9),
    [0.1, 0.6],
  );
});

test('A with an interval above one half wins more often; B below; across it, not clear', () => {
  const [a] = sides(SERIES);
  const difference = compare(a);
  assert.equal(
    versusVerdict({ ...difference, interval: [0.51, 0.9] }),
    'A wins more often than B (8 decided matches).',
  );
  assert.equal(
    versusVerdict({ ...difference, interval: [0.1, 0.49] }),
    'B wins more often than A (8 decided matches).',
  );
  assert.equal(
    versusVerdict(difference),
    'No clear winner yet (8 decided matches): play more matches.',
  );
  assert.equal(
    versusVerdict({ won: 1, lost: 0, interval: [0.2, 1] }),
    'No clear winner yet (1 decided match): play more matches.',
  );
});

test("the words under the table give A's record and win rate with its interval", () => {
  const [a] = sides(SERIES);
  assert.deepEqual(comparison(compare(a)), {
    text:
      'A against B: 6 won, 2 lost, 2 drawn; A wins 75.0% of the decided matches, 95% ' +
      'interval 40.0% to 90.0% (Wilson).',
    verdict: 'No clear winner yet (8 decided matches): play more matches.',
  });
});

test('a series with every match drawn has no rate, and says so', () => {
  const drawn = {
    ...SERIES,
    wins: 0,
    losses: 0,
    draws: 10,
    win_rate: null,
    win_rate_interval: null,
  };
  const [a, b] = sides(drawn);
  assert.equal(b.win_rate, null);
  assert.equal(b.interval, null);
  assert.deepEqual(comparison(compare(a)), {
    text: 'A against B: 0 won, 0 lost, 10 drawn.',
    verdict: 'No match was decided: every one was drawn.',
  });
});
