// What a line clear calls for (www/lib/effects.js's callout, www/js/sound.js's notes), from the
// engine's `Cleared`: each case worked out from the guideline's names for clears and streaks.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { calloutLines } from '../../www/lib/effects.js';
import { clearNotes } from '../../www/js/sound.js';

/** A clear of `lines` with `spin`, the streaks after it, perfect or not. */
function cleared(lines, { spin = 'none', perfect = false, combo = 1, backToBack = 0 } = {}) {
  return {
    clear: { lines, spin, perfect },
    streaks: { combo, back_to_back: backToBack },
    rows: 2 ** lines - 1,
  };
}

test('the callout names the clear, then back-to-back, the combo and a perfect clear', () => {
  assert.deepEqual(calloutLines(null), []);
  // A plain single, double or triple with no streak is not worth a callout.
  assert.deepEqual(calloutLines(cleared(1)), []);
  assert.deepEqual(calloutLines(cleared(2)), []);
  assert.deepEqual(calloutLines(cleared(3)), []);
  assert.deepEqual(calloutLines(cleared(4, { backToBack: 1 })), ['Tetris']);
  // A second difficult clear in a row is back-to-back; a third, back-to-back twice over.
  assert.deepEqual(calloutLines(cleared(4, { backToBack: 2, combo: 1 })), [
    'Tetris',
    'Back-to-back',
  ]);
  assert.deepEqual(calloutLines(cleared(2, { spin: 'full', backToBack: 3 })), [
    'T-spin double',
    'Back-to-back ×2',
  ]);
  assert.deepEqual(calloutLines(cleared(1, { spin: 'mini', backToBack: 1 })), [
    'T-spin mini single',
  ]);
  // A T-spin that clears nothing is still called; it makes no combo.
  assert.deepEqual(calloutLines(cleared(0, { spin: 'full', combo: 0 })), ['T-spin']);
  // The third clear in a row is a 2 combo (the clears after the first).
  assert.deepEqual(calloutLines(cleared(1, { combo: 3 })), ['2 combo']);
  assert.deepEqual(calloutLines(cleared(1, { perfect: true })), ['Perfect clear']);
  assert.deepEqual(calloutLines(cleared(4, { perfect: true, combo: 2, backToBack: 2 })), [
    'Tetris',
    'Back-to-back',
    '1 combo',
    'Perfect clear',
  ]);
});

test('a clear plays a note per line (a tetris five), a T-spin another wave, a perfect clear all', () => {
  assert.deepEqual(clearNotes(null), []);
  assert.deepEqual(clearNotes(cleared(0, { spin: 'full', combo: 0 })), []);
  assert.deepEqual(
    clearNotes(cleared(2)).map(([hz, wave]) => [Math.round(hz), wave]),
    [
      [523, 'triangle'],
      [659, 'triangle'],
    ],
  );
  assert.equal(clearNotes(cleared(4)).length, 5);
  assert.deepEqual(
    clearNotes(cleared(1, { spin: 'full' })).map(([, wave]) => wave),
    ['square'],
  );
  assert.equal(clearNotes(cleared(1, { perfect: true })).length, 7);
});
