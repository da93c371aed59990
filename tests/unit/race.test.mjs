// A race's figures and outcome (www/js/race.js): the coach's tally of a racer's pieces, the pace
// a select gives and the pieces the AI's time earns at it, and who won by the most lines, in
// words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  afterPiece,
  figuresAccuracy,
  nextCredit,
  PACES,
  paceText,
  readPace,
  startFigures,
  verdictText,
  versusVerdict,
  winner,
} from '../../www/js/race.js';

/** The coach's rating of a piece that ranks `rank`th of 30. */
const ranked = (rank) => ({ rank, of: 30, gap: rank - 1, differences: [] });

test('a racer counts its lines and pieces as its game does, and its rated accurate pieces', () => {
  let figures = startFigures();
  assert.equal(figuresAccuracy(figures), '–', 'no piece rated yet');
  figures = afterPiece(figures, { lines: 0, pieces: 1 }, ranked(1));
  figures = afterPiece(figures, { lines: 0, pieces: 2 }, ranked(3));
  figures = afterPiece(figures, { lines: 1, pieces: 3 }, ranked(4));
  // A piece the coach did not rate counts as a piece, not in the accuracy.
  figures = afterPiece(figures, { lines: 1, pieces: 4 }, null);
  assert.deepEqual(figures, { lines: 1, pieces: 4, rated: 3, accurate: 2 });
  // 2 of 3: 66.7%, shown whole.
  assert.equal(figuresAccuracy(figures), '67%');
});

test('the most lines wins, in words', () => {
  const lines = (n) => ({ ...startFigures(), lines: n });
  assert.equal(winner(lines(12), lines(9)), 'you');
  assert.equal(winner(lines(3), lines(30)), 'ai');
  assert.equal(winner(lines(5), lines(5)), 'tie');
  assert.equal(verdictText(lines(12), lines(9)), 'You win, 12 lines to 9.');
  assert.equal(verdictText(lines(3), lines(30)), 'The AI wins, 30 lines to 3.');
  assert.equal(verdictText(lines(3), lines(30), 'Cold Clear'), 'Cold Clear wins, 30 lines to 3.');
  assert.equal(verdictText(lines(1), lines(0)), 'You win, 1 line to 0.');
  assert.equal(verdictText(lines(1), lines(1)), 'A tie: 1 line each.');
  assert.equal(verdictText(lines(0), lines(0)), 'A tie: 0 lines each.');
});

test('the paces run from slow to as fast as the AI can, each named in words', () => {
  assert.deepEqual(PACES.map(paceText), [
    '0.5 pieces a second',
    '1 piece a second',
    '2 pieces a second',
    '3 pieces a second',
    '5 pieces a second',
    '10 pieces a second',
    'As fast as it can',
  ]);
  for (const pace of PACES) assert.equal(readPace(String(pace)), pace);
  assert.throws(() => readPace('4'), /pace must be one of 0\.5, 1, 2, 3, 5, 10, Infinity, got "4"/);
  assert.throws(() => readPace(''), /got ""/);
});

test("the AI's time earns pieces at its pace, owing neither a stall nor a slow placement", () => {
  // 2 pieces a second: 100 ms earn 0.2 of a piece.
  assert.equal(nextCredit(0, 100, 2), 0.2);
  // What is left of a piece carries over: 0.95 and 0.1 make 1.05, one piece and 0.05 more.
  assert.equal(nextCredit(0.95, 10, 10), 1.05);
  // A stall of 3 s counts as 250 ms: half a piece at 2 a second.
  assert.equal(nextCredit(0, 3000, 2), 0.5);
  // A piece the AI is still placing does not pile up: at most one waits, with this frame's time.
  assert.equal(nextCredit(1.2, 100, 2), 1.2);
  assert.equal(nextCredit(1.1, 100, 1), 1.1);
  // As fast as it can: always a piece.
  assert.equal(nextCredit(0, 0, Infinity), 1);
});

test('a match names its winner: you, your AI, the AI or the bot by its name', () => {
  assert.equal(versusVerdict('won'), 'You win!');
  assert.equal(versusVerdict('forfeit', false, 'Quitter'), 'You win!');
  assert.equal(versusVerdict('won', true), 'Your AI wins!');
  assert.equal(versusVerdict('over'), 'The AI wins.');
  assert.equal(versusVerdict('over', true), 'The other AI wins.');
  assert.equal(versusVerdict('over', false, 'Cold Clear'), 'Cold Clear wins.');
  assert.equal(versusVerdict('over', true, 'Cold Clear'), 'Cold Clear wins.');
  assert.equal(versusVerdict('ended', false, 'Cold Clear'), 'No winner.');
});
