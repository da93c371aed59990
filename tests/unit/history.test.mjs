// The history of past games (www/js/history.js): games with the accuracy of their pieces placed
// by hand are kept, games saved before it are still read, and damaged accuracy is refused; the
// replays of every move (a game's own, a race's two games) are kept for the newest 30 games.

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

test('the replays of every move are kept for the newest 30 games, those by seed for all', () => {
  const store = storage();
  const byHand = (i) => ({ ...GAME, seed: i, replay: { config: {}, pieces: 40, moves: 'gYgC' } });
  const byAi = (i) => ({
    ...GAME,
    seed: i,
    player: 'AI',
    replay: { config: {}, pieces: 9, moves: null },
  });
  // 35 games by hand, the oldest first, with a game of the AI's before them and among them.
  const games = [byAi(100), ...Array.from({ length: 35 }, (_, i) => byHand(i)), byAi(101)];
  games.splice(10, 0, byAi(102));
  assert.equal(saveHistory(games, store), null);
  const saved = loadHistory(store).games;
  assert.equal(saved.length, 38);
  const kept = saved.filter((g) => g.player === 'you' && g.replay).map((g) => g.seed);
  assert.deepEqual(
    kept,
    Array.from({ length: 30 }, (_, i) => i + 5),
  );
  assert.deepEqual(
    saved.filter((g) => g.player === 'AI').map((g) => g.replay?.pieces),
    [9, 9, 9],
  );
  // The games that lost their replay keep their figures.
  assert.deepEqual(saved[1], { ...GAME, seed: 0 });
  // The list given is left as it was.
  assert.equal(games[1].replay.moves, 'gYgC');
});

test("a race's two games count among the 30 replays of every move, and go with its own", () => {
  const store = storage();
  const match = { names: ['You', 'AI'], order: '01', sides: [{}, {}] };
  // A race by the AI alone keeps its seed replay, and its race's replay as one of every move.
  const race = (i) => ({
    ...GAME,
    seed: i,
    player: 'AI',
    race: true,
    replay: { config: {}, pieces: 9, moves: null },
    match,
  });
  const byHand = (i) => ({ ...GAME, seed: i, replay: { config: {}, pieces: 40, moves: 'gYgC' } });
  // The oldest of 31: a race, then 30 games by hand. The race is the 31st newest.
  const games = [race(0), ...Array.from({ length: 30 }, (_, i) => byHand(i + 1))];
  assert.equal(saveHistory(games, store), null);
  const saved = loadHistory(store).games;
  assert.equal(saved.length, 31);
  // The race's two games go; its own replay, by seed, stays.
  const { replay, ...figures } = saved[0];
  assert.deepEqual(figures, { ...GAME, seed: 0, player: 'AI', race: true });
  assert.equal(replay.pieces, 9);
  // The newest race keeps both.
  assert.equal(saveHistory([...games, race(99)], store), null);
  const newest = loadHistory(store).games.at(-1);
  assert.deepEqual([newest.match, newest.replay.pieces], [match, 9]);
});
