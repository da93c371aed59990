// The time left in a phase of work (a generation's training, then its validation) from that
// phase's own pace: games of different phases take different times, so each phase is timed
// from its first report, and work done before it (games kept from before a pause) does not
// count towards its pace. And how the page says a time.

/** Seconds as the page says them: "42 s", "3 min 5 s", or "–" when unknown. */
export function seconds(s) {
  if (!Number.isFinite(s)) return '–';
  if (s < 60) return `${Math.round(s)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

/** The time left in the phase reported last, at its own pace. */
export class Pace {
  constructor() {
    this.phase = null;
    this.from = 0;
    this.start = 0;
  }

  /**
   * Hears that `done` of `total` of `phase` (any text naming it) are done at `now` (ms); returns
   * the seconds left at the pace since the phase's first report, NaN while nothing was done yet.
   */
  left(phase, done, total, now = performance.now()) {
    if (phase !== this.phase || done < this.from) {
      this.phase = phase;
      this.from = done;
      this.start = now;
    }
    if (done <= this.from) return NaN;
    return (((now - this.start) / (done - this.from)) * (total - done)) / 1000;
  }

  /** Forgets the phase, so that its next report starts its pace anew (after a pause). */
  restart() {
    this.phase = null;
  }
}
