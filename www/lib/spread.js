// A batch of games played over single-threaded engine workers: each idle worker takes the next
// chunk of the batch (see batch-progress.js) until none waits, and a worker that dies gives its
// chunk back to the queue and is replaced, so that only its chunk is played again.

import { Comlink, WorkerStopped } from './engine.js';

/**
 * Plays the chunks of `state` (a `BatchProgress`) over `workers` (engine workers, an array that
 * `replace` may change) until none waits or `going()` turns false. `play(remote, chunk, heard)`
 * has a worker play a chunk (`heard(done)` hears of its games played) and resolves to its games'
 * numbers; `report()` is called whenever the games played may have changed. A worker that stops
 * gives its chunk back and is replaced by `replace(index)`, unless `over()` says the batch is
 * over: then, as on any other error, the call rejects.
 */
export async function spread(state, workers, { play, report, going, over, replace }) {
  report();
  const drain = async (index) => {
    while (state.waiting && going()) {
      const chunk = state.take();
      const heard = Comlink.proxy((done) => {
        if (state.report(chunk, done)) report();
      });
      try {
        const numbers = await workers[index].call((remote) => play(remote, chunk, heard));
        state.finish(chunk, numbers);
      } catch (error) {
        state.giveBack(chunk);
        if (!(error instanceof WorkerStopped) || over()) throw error;
        await replace(index);
      } finally {
        report();
      }
    }
  };
  await Promise.all(workers.map((_, index) => drain(index)));
}
