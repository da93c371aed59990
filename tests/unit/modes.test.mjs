// A game mode's figures in words (www/lib/modes.js): the clock from the game's frames, pieces a
// second, the rows the element's statistics add, and what the end of a game says; and the
// element's `mode` attribute. Every expected value is worked out by hand.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readAttribute } from '../../www/lib/attributes.js';
import { clockText, endText, linesText, modeRows, piecesPerSecond } from '../../www/lib/modes.js';
import { ENGINE, LIMITS } from './engine.mjs';

const GOALS = LIMITS.modes;

/** A game's statistics: none of it played, with `fields` over it. */
function stats(fields) {
  return {
    lines: 0,
    pieces: 0,
    score: 0,
    pieces_per_line: null,
    game_over: false,
    finished: false,
    frames: 0,
    level: 1,
    ...fields,
  };
}

test('the clock reads frames at 60 a second as minutes, seconds and hundredths', () => {
  assert.equal(clockText(0, GOALS), '0:00.00');
  assert.equal(clockText(1, GOALS), '0:00.01'); // 1/60 s = 0.0166 s
  assert.equal(clockText(59, GOALS), '0:00.98'); // 0.9833 s
  assert.equal(clockText(5_003, GOALS), '1:23.38'); // 83.383 s
  assert.equal(clockText(7_200, GOALS), '2:00.00');
  assert.equal(clockText(36_000 + 30, GOALS), '10:00.50');
});

test('pieces a second count over the clock, none before it runs', () => {
  assert.equal(piecesPerSecond(100, 6_000, GOALS), '1.00'); // 100 pieces in 100 s
  assert.equal(piecesPerSecond(101, 5_003, GOALS), '1.21'); // 101 / 83.383 s = 1.2113
  assert.equal(piecesPerSecond(0, 0, GOALS), '–');
});

test("each mode's rows: time up or down, the marathon's level, the sprint's lines of 40", () => {
  const s = stats({ lines: 12, frames: 1_830, level: 2 }); // 30.5 s in
  assert.deepEqual(modeRows('endless', s, GOALS), { time: null, level: null });
  assert.deepEqual(modeRows('sprint', s, GOALS), {
    time: { label: 'Time', text: '0:30.50' },
    level: null,
  });
  // 7,200 − 1,830 = 5,370 frames left: 89.5 s.
  assert.deepEqual(modeRows('ultra', s, GOALS), {
    time: { label: 'Time left', text: '1:29.50' },
    level: null,
  });
  assert.deepEqual(modeRows('marathon', s, GOALS), {
    time: { label: 'Time', text: '0:30.50' },
    level: { label: 'Level', text: '2 / 15' },
  });
  assert.equal(linesText('sprint', s, GOALS), '12 / 40');
  assert.equal(linesText('marathon', s, GOALS), '12');
});

test('a finished game says its result, any other game over', () => {
  const sprint = stats({ lines: 41, pieces: 101, frames: 5_003, finished: true, game_over: true });
  assert.deepEqual(endText('sprint', sprint, GOALS, true), {
    title: 'Finished',
    text: '1:23.38 · 101 pieces · 1.21 pieces/s',
  });
  const ultra = stats({ lines: 30, pieces: 90, score: 12_400, frames: 7_200, finished: true });
  assert.deepEqual(endText('ultra', ultra, GOALS, true), {
    title: 'Time!',
    text: '30 lines · 90 pieces · 12400 points',
  });
  const topped = stats({ lines: 7, pieces: 30, score: 900, frames: 2_000, game_over: true });
  assert.deepEqual(endText('sprint', topped, GOALS, true), {
    title: 'Game over',
    text: '7 lines · 30 pieces · 900 points',
  });
  assert.deepEqual(endText('endless', topped, GOALS, false), {
    title: 'Game over',
    text: '7 lines · 30 pieces',
  });
});

test('the mode attribute takes the engine’s modes and names a bad one', () => {
  assert.equal(readAttribute('mode', 'sprint', ENGINE), 'sprint');
  assert.equal(readAttribute('mode', null, ENGINE), 'endless');
  assert.equal(readAttribute('mode', '', ENGINE), 'endless');
  assert.throws(
    () => readAttribute('mode', 'zen', ENGINE),
    /^Error: mode must be endless, sprint, ultra, marathon, got "zen"$/,
  );
});
