// A countdown: from the end of the AI's game to the next one (the `<tetris-ai>` element's
// `autorestart`), or to the start of a race on the page.

/** The pause after the AI's game ends before the next one starts, in ms. */
export const RESTART_MS = 2000;
/** How often the countdown ticks, in ms. */
const TICK_MS = 250;

export class RestartCountdown {
  /**
   * `options`: `tick()`, called as it starts and as it counts down (to show the seconds left),
   * `end()`, called once it has counted down and stopped, and `ms`, how long it counts (by
   * default RESTART_MS).
   */
  constructor({ tick, end, ms = RESTART_MS }) {
    this.tick = tick;
    this.end = end;
    this.ms = ms;
    this.timer = null;
    /** When it ends, by `performance.now()`; null when it does not count. */
    this.endsAt = null;
  }

  /** Counts down its `ms` from now, unless it counts already. */
  start() {
    if (this.timer !== null) return;
    this.endsAt = performance.now() + this.ms;
    this.timer = setInterval(() => {
      if (performance.now() < this.endsAt) {
        this.tick();
        return;
      }
      this.stop();
      this.end();
    }, TICK_MS);
    this.tick();
  }

  /** Stops counting down; returns whether it counted. */
  stop() {
    if (this.timer === null) return false;
    clearInterval(this.timer);
    this.timer = null;
    this.endsAt = null;
    return true;
  }

  /** The seconds left, whole and at least 1; null when it does not count. */
  secondsLeft() {
    if (this.endsAt === null) return null;
    return Math.max(1, Math.ceil((this.endsAt - performance.now()) / 1000));
  }
}
