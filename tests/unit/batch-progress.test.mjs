// How far a batch of games spread over workers has come (www/lib/batch-progress.js): the chunks
// the batch is cut into, and the games counted as played while chunks are played, reported late,
// or given back by a worker that stopped.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BatchProgress } from '../../www/lib/batch-progress.js';

/** Every chunk a batch is cut into, `[from, to]`, in the order they are taken. */
function chunks(progress) {
  const taken = [];
  for (let chunk = progress.take(); chunk; chunk = progress.take()) {
    taken.push([chunk.from, chunk.to]);
  }
  return taken;
}

test('a batch is cut into about eight chunks per worker, covering every game once', () => {
  // 100 games for 2 workers: chunks of ceil(100 / 16) = 7 games, the last of 2.
  const taken = chunks(new BatchProgress('batch', 100, 2));
  assert.equal(taken.length, 15);
  assert.deepEqual(taken.slice(0, 2), [
    [0, 7],
    [7, 14],
  ]);
  assert.deepEqual(taken.at(-1), [98, 100]);
  assert.deepEqual(chunks(new BatchProgress('batch', 3, 4)), [
    [0, 1],
    [1, 2],
    [2, 3],
  ]);
  assert.deepEqual(chunks(new BatchProgress('batch', 0, 4)), []);
});

test('the games played count the chunks played and those in play as reported', () => {
  const progress = new BatchProgress('batch', 20, 1); // chunks of 3 games
  assert.equal(progress.played(), 0);
  const first = progress.take();
  const second = progress.take();
  assert.equal(progress.report(first, 2), true);
  assert.equal(progress.report(second, 1), true);
  assert.equal(progress.played(), 3);
  progress.finish(first, [10, 11, 12]);
  assert.equal(progress.played(), 4, "the first chunk's 3 games and the second's 1");
  assert.equal(progress.done, 3);
  assert.equal(progress.report(first, 2), false, 'a late report of a chunk played');
  assert.equal(progress.played(), 4, 'counts no game twice');
  assert.deepEqual([...progress.numbers()], [10, 11, 12], 'the numbers of the chunk played');
});

test("the chunks' numbers come out in game order, whichever chunk finished first", () => {
  // 4 games for 1 worker: chunks of ceil(4 / 8) = 1 game, each game giving two numbers.
  const progress = new BatchProgress('batch', 4, 1);
  const [a, b, c, d] = [progress.take(), progress.take(), progress.take(), progress.take()];
  progress.finish(c, new Float64Array([5, 6]));
  progress.finish(a, new Float64Array([1, 2]));
  progress.finish(d, new Float64Array([7, 8]));
  progress.finish(b, new Float64Array([3, 4]));
  assert.ok(progress.numbers() instanceof Float64Array);
  assert.deepEqual([...progress.numbers()], [1, 2, 3, 4, 5, 6, 7, 8]);
});

test('a chunk given back is played again from its start, its reports forgotten', () => {
  const progress = new BatchProgress('batch', 6, 1); // chunks of 1 game
  const chunk = progress.take();
  progress.report(chunk, 1);
  progress.giveBack(chunk);
  assert.equal(progress.played(), 0);
  assert.equal(progress.report(chunk, 1), false, 'its stopped worker no longer counts');
  const again = progress.take();
  assert.deepEqual([again.from, again.to], [0, 1], 'first in the queue again');
  assert.notEqual(again, chunk);
  progress.finish(again, [4]);
  assert.equal(progress.played(), 1);
  assert.equal(progress.waiting, true);
  chunks(progress);
  assert.equal(progress.waiting, false);
});
