// A batch of games spread over single-threaded workers: its games cut into chunks that idle
// workers take in turn, the lines of the chunks played, and how many games are played so far,
// counting the chunks still in play by what their workers last reported.

/** A batch is cut into about this many chunks per worker, so that idle workers find work. */
const CHUNKS_PER_WORKER = 8;

export class BatchProgress {
  /** The batch whose JSON text is `text`, of `jobs` games, to be played by `workers` workers. */
  constructor(text, jobs, workers) {
    this.text = text;
    /** Each game's lines, in job order (0 until its chunk is played). */
    this.lines = new Float64Array(jobs);
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

  /** Takes the `lines` of `chunk`'s games: the chunk is played. */
  finish(chunk, lines) {
    this.running.delete(chunk);
    this.lines.set(lines, chunk.from);
    this.done += chunk.to - chunk.from;
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
