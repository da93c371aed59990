// The game loop: requestAnimationFrame drives fixed frames at the chosen frame rate. A manual
// frame is tick(1); an AI frame is one input of the AI's path every N frames (aiInput), or a
// whole piece (step) when the delay is -1. The engine makes every game decision.

// Work done in one animation frame stops after this long (the rest is dropped, not owed), so a
// high frame rate or a slow decision cannot spiral.
const FRAME_BUDGET_MS = 12;
// At most this much real time is caught up after a stall (a background tab, a breakpoint).
const MAX_CATCH_UP_MS = 250;
// Decision times kept for the median.
const DECISION_WINDOW = 1000;

export class Runner {
  /**
   * `options`: `settings()` (the current settings), `onFrame()` (draw), `onOver()` and
   * `onError(err)`.
   */
  constructor(options) {
    this.options = options;
    this.game = null;
    this.gameId = 0;
    this.placements = [];
    this.paused = false;
    this.over = false;
    this.last = null;
    this.running = false;
    this.resetGameState();
  }

  /** Forgets what belonged to the previous game: decisions, target, timers. */
  resetGameState() {
    this.placements.length = 0;
    this.decisionTimes = [];
    this.lastDecision = null;
    this.target = null;
    this.needDecision = true;
    this.aiWait = 0;
    this.acc = 0;
  }

  /** Takes over a new game (the old one is freed). */
  setGame(game) {
    if (this.game) this.game.free();
    this.game = game;
    this.gameId += 1;
    this.resetGameState();
    this.over = game.stats().game_over;
    if (this.over) this.options.onOver();
  }

  start() {
    if (this.running) return;
    this.running = true;
    const frame = (now) => {
      requestAnimationFrame(frame);
      this.animate(now);
    };
    requestAnimationFrame(frame);
  }

  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
    this.acc = 0;
  }

  /** The AI's plan is stale (new weights, the AI switched on): decide again from the spawn. */
  replan() {
    this.needDecision = true;
    this.target = null;
    this.aiWait = 0;
  }

  animate(now) {
    const elapsed = this.last === null ? 0 : Math.min(now - this.last, MAX_CATCH_UP_MS);
    this.last = now;
    if (this.game && !this.paused && !this.over) {
      try {
        this.run(elapsed);
      } catch (err) {
        this.paused = true;
        this.options.onError(err);
      }
    }
    this.options.onFrame();
  }

  /** Runs the fixed frames that `elapsed` milliseconds hold, within the frame budget. */
  run(elapsed) {
    const frameMs = 1000 / this.options.settings().fps;
    this.acc += elapsed;
    const start = performance.now();
    while (this.acc >= frameMs && !this.over && !this.paused) {
      this.acc -= frameMs;
      this.frame();
      if (performance.now() - start > FRAME_BUDGET_MS) {
        this.acc = Math.min(this.acc, frameMs);
        break;
      }
    }
  }

  /** One fixed frame. */
  frame() {
    const s = this.options.settings();
    if (!s.aiEnabled) {
      this.manual(() => this.game.tick(1), 'active');
      return;
    }
    if (this.needDecision && !this.decide()) return;
    if (s.aiDelay < 0) {
      this.locked(this.game.step());
      return;
    }
    this.aiWait += 1;
    if (this.aiWait < s.aiDelay) return;
    this.aiWait = 0;
    // Delay 0: the whole path in this frame; otherwise one input.
    for (let i = 0; i < 256; i++) {
      const step = this.game.aiInput();
      if (step !== null || this.game.stats().game_over) {
        this.locked(step);
        return;
      }
      if (s.aiDelay > 0) return;
    }
  }

  /** Asks the AI for the current piece's choice, timed; returns false when the game is over. */
  decide() {
    const t0 = performance.now();
    const choice = this.game.decide();
    const ms = performance.now() - t0;
    this.needDecision = false;
    this.aiWait = 0;
    if (choice === null) {
      this.target = null;
      this.checkOver();
      return false;
    }
    this.lastDecision = ms;
    this.decisionTimes.push(ms);
    if (this.decisionTimes.length > DECISION_WINDOW) this.decisionTimes.shift();
    this.target = { piece: choice.placement.piece, cells: choice.cells };
    return true;
  }

  /** After an AI piece locked (or the game ended): record it and decide the next. */
  locked(step) {
    if (step) this.placements.push(JSON.stringify(step.choice.placement));
    this.target = null;
    this.needDecision = true;
    this.aiWait = 0;
    if (!this.checkOver() && this.options.settings().aiEnabled) this.decide();
  }

  /** Presses a key in manual play; returns whether the game took it. */
  press(key) {
    if (!this.game || this.paused || this.over || this.options.settings().aiEnabled) return false;
    this.manual(() => this.game.press(key), key === 'hard_drop' ? 'ghost' : 'active');
    return true;
  }

  /**
   * Runs a manual action (a key or a frame) and records the pieces it locked: the engine's step
   * when it returns one, else the piece and the cells the view showed it would lock at (the
   * `where` piece: "ghost" for a hard drop, "active" for a piece resting out its lock delay).
   */
  manual(act, where) {
    const before = this.game.stats().pieces;
    const view = this.game.view();
    const shown = view[where];
    const result = act();
    const steps = result == null ? [] : Array.isArray(result) ? result : [result];
    if (steps.length > 0 && steps[0] && steps[0].choice) {
      for (const step of steps) this.placements.push(JSON.stringify(step.choice.placement));
    } else if (shown && this.game.stats().pieces > before) {
      this.placements.push(JSON.stringify({ piece: shown.piece, cells: shown.cells }));
    }
    this.checkOver();
  }

  release(key) {
    if (this.game) this.game.release(key);
  }

  checkOver() {
    if (!this.over && this.game.stats().game_over) {
      this.over = true;
      this.target = null;
      this.options.onOver();
    }
    return this.over;
  }

  /** Median of the kept decision times, in ms. */
  medianDecision() {
    const n = this.decisionTimes.length;
    if (n === 0) return null;
    const sorted = [...this.decisionTimes].sort((a, b) => a - b);
    return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
