// The render loop: requestAnimationFrame counts the fixed frames due at the chosen frame rate
// and asks the game's worker to run them; the worker answers with what to draw. At most one
// request is in flight, so a slow frame is dropped rather than queued. Nothing here plays: the
// engine in the worker makes every game decision.

// At most this much real time is caught up after a stall (a background tab, a breakpoint).
const MAX_CATCH_UP_MS = 250;

export class Runner {
  /**
   * `options`: `settings()` (the element's settings: `fps`, `autoplay`, `aiDelay` and `hints`),
   * `coach()` (how many placements each snapshot's coaching ranks, 0 for none), `onFrame(snapshot)`
   * (draw), `onOver()` and `onError(err)`.
   */
  constructor(options) {
    this.options = options;
    this.game = null;
    this.gameId = 0;
    // The game (its worker-side id) frames are run for: one being reset is left alone until
    // `setGame` takes it over, or what it locks meanwhile would be dropped with the old game's.
    this.playing = null;
    this.placements = [];
    this.paused = false;
    this.over = false;
    this.last = null;
    this.running = false;
    this.inFlight = false;
    this.dirty = true;
    this.snapshot = null;
    this.acc = 0;
  }

  /** Takes over a game, new or just reset (another game's worker is stopped). */
  setGame(game) {
    if (this.game && this.game !== game) this.game.close();
    this.game = game;
    this.gameId += 1;
    this.playing = game.id;
    this.placements.length = 0;
    this.snapshot = null;
    this.over = false;
    this.acc = 0;
    this.dirty = true;
  }

  start() {
    if (this.running) return;
    this.running = true;
    const frame = (now) => {
      this.frameRequest = requestAnimationFrame(frame);
      this.animate(now);
    };
    this.frameRequest = requestAnimationFrame(frame);
  }

  /** Stops the loop (the game is left as it is). */
  stop() {
    if (!this.running) return;
    this.running = false;
    cancelAnimationFrame(this.frameRequest);
    this.last = null;
  }

  pause() {
    this.paused = true;
    this.dirty = true;
  }

  resume() {
    this.paused = false;
    this.acc = 0;
    this.dirty = true;
  }

  /** Asks for a fresh picture at the next animation frame (settings or keys changed). */
  redraw() {
    this.dirty = true;
  }

  animate(now) {
    const elapsed = this.last === null ? 0 : Math.min(now - this.last, MAX_CATCH_UP_MS);
    this.last = now;
    const game = this.game;
    if (!game || this.inFlight || game.id !== this.playing) return;
    const s = this.options.settings();
    let frames = 0;
    if (!this.paused && !this.over) {
      const frameMs = 1000 / s.fps;
      this.acc += elapsed;
      frames = Math.floor(this.acc / frameMs);
      this.acc -= frames * frameMs;
    }
    if (frames === 0 && !this.dirty) return;
    this.dirty = false;
    this.inFlight = true;
    const id = this.gameId;
    game
      .advance(frames, { enabled: s.autoplay, delay: s.aiDelay }, s.hints, this.options.coach())
      .then((snapshot) => {
        if (id !== this.gameId) return;
        this.take(snapshot);
      })
      .catch((err) => {
        if (id !== this.gameId) return;
        this.paused = true;
        this.options.onError(err);
      })
      .finally(() => {
        this.inFlight = false;
      });
  }

  /** Takes a snapshot from the worker: records its placements, notices game over, draws. */
  take(snapshot) {
    for (const placement of snapshot.locked) this.placements.push(JSON.stringify(placement));
    this.snapshot = snapshot;
    if (!this.over && snapshot.view.stats.game_over) {
      this.over = true;
      this.options.onOver();
    }
    this.options.onFrame(snapshot);
  }

  /** Presses a key in manual play; returns whether the page should take the key. */
  press(key) {
    const s = this.options.settings();
    if (!this.game || this.paused || this.over || s.autoplay) return false;
    this.game.press(key).catch((err) => this.options.onError(err));
    this.dirty = true;
    return true;
  }

  release(key) {
    if (this.game) this.game.release(key).catch(() => {});
  }
}
