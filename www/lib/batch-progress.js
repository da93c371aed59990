// A batch of games spread over single-threaded workers: its games cut into chunks that idle
// workers take in turn, the numbers of the chunks played (a few per game: its lines, say), and
// how many games are played so far, counting the chunks still in play by what their workers last
// reported.

/** A batch is cut into about this many chunks per worker, so that idle workers find work. */
const CHUNKS_PER_WORKER = 8;

export class BatchProgress {
  /**
   * The batch named `key` (its JSON text, say), of `jobs` games, to be played by `workers`
   * workers.
   */
  constructor(key, jobs, workers) {
    this.key = key;
    /** The numbers of each chunk played, with its first game: `[from, numbers]`. */
    this.finished = [];
    const size = Math.max(1, Math.ceil(jobs / (workers * CHUNKS_PER_WORKER)));
    /** The chunks waiting to be played, `[from, to)` in job order. */
    this.queue = [];
    for (let from = 0; from < jobs; from += size) {
      this.queue.push([from, Math.min(jobs, from + size)]);
    }
    /** The games of the chunks played. */
    this.done = 0;
    /** The chunks in play, each with the games of it its worker last reported played. */
    this.running = new Map();
  }

  /** Whether chunks wait to be played. */
  get waiting() {
    return this.queue.length > 0;
  }

  /**
   * Takes the next chunk to play: `{from, to}` (the jobs, `to` excluded), in play from now on
   * until `finish` or `giveBack`; undefined when none waits.
   */
  take() {
    const next = this.queue.shift();
    if (next === undefined) return undefined;
    const chunk = { from: next[0], to: next[1] };
    this.running.set(chunk, 0);
    return chunk;
  }

  /**
   * Notes that `done` games of `chunk` are played, as its worker reports; returns whether this
   * counts. A report that arrives once the chunk is over (reports come on a port of their own,
   * after its lines, at times) does not.
   */
  report(chunk, done) {
    if (!this.running.has(chunk)) return false;
    this.running.set(chunk, done);
    return true;
  }

  /** Takes the `numbers` of `chunk`'s games (a Float64Array): the chunk is played. */
  finish(chunk, numbers) {
    this.running.delete(chunk);
    this.finished.push([chunk.from, numbers]);
    this.done += chunk.to - chunk.from;
  }

  /** The numbers of the chunks played, in game order: every game's once none waits nor plays. */
  numbers() {
    const inOrder = [...this.finished].sort(([a], [b]) => a - b);
    return joined(inOrder.map(([, numbers]) => numbers));
  }

  /** Puts `chunk`, not played (its worker stopped), back first in the queue. */
  giveBack(chunk) {
    this.running.delete(chunk);
    this.queue.unshift([chunk.from, chunk.to]);
  }

  /** The games played: those of the chunks played, and those reported of the chunks in play. */
  played() {
    let played = this.done;
    for (const done of this.running.values()) played += done;
    return played;
  }
}

/** The Float64Arrays `parts` one after another in one Float64Array. */
export function joined(parts) {
  const all = new Float64Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
