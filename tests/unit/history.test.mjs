// The history of past games (www/js/history.js): games with the accuracy of their pieces placed
// by hand are kept, games saved before it are still read, and damaged accuracy is refused.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadHistory, saveHistory } from '../../www/js/history.js';

/** A stand-in for localStorage. */
function storage() {
  const map = new Map();
  return {
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => map.set(key, String(value)),
    removeItem: (key) => map.delete(key),
  };
}

/** A game as the stats panel records it. */
const GAME = {
  at: '2025-01-01T10:00:00.000Z',
  rules: 'guideline',
  width: 10,
  height: 20,
  seed: 7,
  player: 'you',
  preset: 'dellacherie',
  lines: 12,
  pieces: 40,
  score: 3000,
  rated: 40,
  accurate: 31,
  seconds: 95,
  ended: 'over',
};

test("a game's accuracy is saved with it and read back", () => {
  const store = storage();
  assert.equal(saveHistory([GAME], store), null);
  assert.deepEqual(loadHistory(store), { games: [GAME], problem: null });
});

test('games saved before pieces were rated are read; damaged accuracy is not', () => {
  const store = storage();
  const { rated, accurate, ...older } = GAME;
  assert.equal(rated - accurate, 9);
  const damaged = [
    { ...GAME, accurate: 41 },
    { ...GAME, rated: 2.5 },
    { ...GAME, rated: undefined },
    { ...GAME, accurate: -1 },
  ];
  saveHistory([older, ...damaged], store);
  const loaded = loadHistory(store);
  assert.deepEqual(loaded.games, [older]);
  assert.equal(loaded.problem, '4 saved games could not be read');
});
