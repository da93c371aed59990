// A measurement's results as files (www/js/benchmark-export.js, and a benchmark's CSV in
// www/js/benchmark-report.js): a CSV row per game with its seed and each weight set's lines,
// seeds past 2^64 - 1 starting from 0 again as the engine's do; JSON with the kind, the options,
// each set's configuration and result, and the comparison; and the files' names.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileName, gameSeed, jsonText } from '../../www/js/benchmark-export.js';
import { csvText } from '../../www/js/benchmark-report.js';

/** A weight set's part of a report: its name, configuration and lines per game. */
function set(name, gameLines) {
  return {
    name,
    config: { preset: name },
    result: { games: gameLines.length, game_lines: gameLines },
  };
}

test('game i is seeded seed + i, from 0 again past 2^64 - 1', () => {
  assert.equal(gameSeed(7, 0), '7');
  assert.equal(gameSeed(7, 3), '10');
  assert.equal(gameSeed(2 ** 53 - 1, 2), '9007199254740993');
  assert.equal(gameSeed('18446744073709551615', 0), '18446744073709551615');
  assert.equal(gameSeed('18446744073709551615', 2), '1');
});

test('CSV: a row per game, its seed and the lines of A, and of B where compared', () => {
  const options = { games: 3, seed: 40 };
  assert.equal(
    csvText({ options, a: set('du', [10, 0, 25]), b: null }),
    'seed,lines A\n40,10\n41,0\n42,25\n',
  );
  assert.equal(
    csvText({ options, a: set('du', [10, 0, 25]), b: set('lee', [7, 8, 9]) }),
    'seed,lines A,lines B\n40,10,7\n41,0,8\n42,25,9\n',
  );
});

test('JSON: the kind, the options, each set, and the comparison only where there is one', () => {
  const options = { games: 2, seed: 0, maxPieces: 100 };
  const kind = 'benchmark';
  const alone = { kind, options, a: set('du', [1, 2]), b: null, difference: null };
  assert.deepEqual(JSON.parse(jsonText(alone)), { kind, options, a: set('du', [1, 2]) });
  const difference = { games: 2, mean: -1 };
  const both = { kind, options, a: set('du', [1, 2]), b: set('lee', [2, 3]), difference };
  assert.deepEqual(JSON.parse(jsonText(both)), both);
  assert.ok(jsonText(both).endsWith('}\n'));
});

test('file names say what was measured, of which weights, over how many games or replicates', () => {
  const options = { games: 200, seed: 0 };
  const a = set('du', []);
  const kind = 'benchmark';
  assert.equal(fileName({ kind, options, a, b: null }, 'csv'), 'benchmark-du-200-games.csv');
  const b = { ...set('x', []), name: 'my weights (2).json' };
  assert.equal(
    fileName({ kind, options, a, b }, 'json'),
    'benchmark-du-vs-my-weights-2-200-games.json',
  );
  const survival = { kind: 'survival', options: { replicates: 8, seed: 0 }, a, b };
  assert.equal(fileName(survival, 'json'), 'survival-du-vs-my-weights-2-8-replicates.json');
});
