// The benchmark's report view (www/js/benchmark-report.js): games stopped at the cap are said
// under the table, for one set or two, and a comparison they blur asks for a higher cap rather
// than more games. The figures are worked out by hand.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { comparison, compare } from '../../www/js/benchmark-report.js';

const NOTE_END =
  'stopped at the cap: their lines count only up to it, so the figures understate how long ' +
  'the games would have gone.';

test('a comparison blurred by the cap says so, and asks for a higher cap', () => {
  // A − B game by game: 2, 0, 0, 10; mean 3; deviations −1, −3, −3, 7, squares 68, over 3 is
  // 22.67, std 4.761; margin 1.96 × 4.761 / 2 = 4.666; interval −1.67 to +7.67, which holds 0.
  const a = { games: 4, capped: 2, game_lines: [10, 20, 100, 100] };
  const b = { games: 4, capped: 1, game_lines: [8, 20, 100, 90] };
  const sets = [
    { label: 'A', result: a },
    { label: 'B', result: b },
  ];
  assert.deepEqual(comparison(compare(a, b), sets), {
    text:
      'A − B, game by game: +3 lines on average; 95% interval −1.67 to +7.67 (normal ' +
      `approximation). 2 of A's 4 games and 1 of B's 4 games ${NOTE_END}`,
    verdict:
      'No clear difference within the cap: raise the cap, or estimate survival, to tell them apart.',
  });
  // Without a capped game, the same games only want more of them.
  const uncapped = sets.map((set) => ({ ...set, result: { ...set.result, capped: 0 } }));
  assert.equal(
    comparison(compare(a, b), uncapped).verdict,
    'No clear difference yet: play more games.',
  );
});

test('one set alone is warned of its capped games, and of none when none was', () => {
  const alone = (capped, games) => comparison(null, [{ label: 'A', result: { games, capped } }]);
  assert.deepEqual(alone(80, 200), { text: `80 of A's 200 games ${NOTE_END}`, verdict: null });
  assert.deepEqual(alone(1, 1), {
    text: "1 of A's 1 game stopped at the cap: its lines count only up to it, so the figures understate how long the games would have gone.",
    verdict: null,
  });
  assert.deepEqual(alone(0, 200), { text: '', verdict: null });
});
