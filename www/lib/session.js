// One game as the engine worker runs it: fixed frames of manual play or of the AI (one input of
// its path every N frames, or a whole piece at once), decision timing, and the snapshot the page
// draws. Runs inside the worker; the engine (Rust) makes every game decision.

// Work done in one `advance` call stops after this long; the frames left are dropped, not owed,
// so a high frame rate or a slow decision cannot spiral.
const BUDGET_MS = 12;
// Decision times kept for the median and the mean.
const DECISION_WINDOW = 1000;
// Steps of the clock timed to find its size (see `clockStep`).
const CLOCK_PROBES = 5;
// The longest input path a piece can have, as a guard against a loop that never locks.
const MAX_PATH = 256;

/** The median of `values` (the mean of the two middle ones for an even count); null if none. */
export function median(values) {
  const n = values.length;
  if (n === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/**
 * The step of this worker's clock (`performance.now()`), in ms: microseconds where the page is
 * cross-origin isolated, up to a millisecond where it is not (Firefox and WebKit then read whole
 * milliseconds, Firefox with jitter). The median of a few steps, each from one reading to the
 * next that differs.
 */
function clockStep() {
  const steps = [];
  for (let i = 0; i < CLOCK_PROBES; i++) {
    const start = performance.now();
    let now = start;
    while (now === start) now = performance.now();
    steps.push(now - start);
  }
  return median(steps);
}

/** The step of this worker's clock, measured once (see `clockStep`). */
let clock = null;

export class Session {
  /** A session over `game`, a wasm `Game`. */
  constructor(game) {
    this.game = game;
    this.decisionTimes = [];
    this.lastDecision = null;
    clock ??= clockStep();
    this.target = null;
    this.needDecision = true;
    this.aiWait = 0;
    this.locked = [];
    /** The coach's rating of each placement in `locked` made by hand (null for the AI's). */
    this.ratings = [];
    /** The line clear of each placement in `locked` (null where it made none). */
    this.cleared = [];
    this.aiEnabled = true;
    this.aiDelay = 0;
    /** What the coach last explained (see `freshCoaching`), or null. */
    this.coached = null;
  }

  /** Frees the wasm game. */
  free() {
    this.game.free();
  }

  /** The AI's plan is stale (new weights, the AI switched on): decide again from the spawn. */
  replan() {
    this.needDecision = true;
    this.target = null;
    this.aiWait = 0;
    this.coached = null;
  }

  /**
   * Runs up to `frames` fixed frames with `ai` (`{enabled, delay}`), within the time budget;
   * returns the snapshot after them (with the hints and the coaching of `coachCount` placements
   * where asked for: see `snapshot`) and how many frames ran.
   */
  advance(frames, ai, withHints, coachCount = 0) {
    if (ai.enabled !== this.aiEnabled) {
      this.aiEnabled = ai.enabled;
      this.replan();
    }
    this.aiDelay = ai.delay;
    const start = performance.now();
    let ran = 0;
    while (ran < frames && !this.over()) {
      this.frame();
      ran += 1;
      if (performance.now() - start > BUDGET_MS) break;
    }
    return { ...this.snapshot(withHints, coachCount), frames: ran };
  }

  over() {
    return this.game.stats().game_over;
  }

  /** One fixed frame. */
  frame() {
    if (!this.aiEnabled) {
      this.record(this.game.tick(1));
      return;
    }
    if (this.needDecision && !this.decide()) return;
    if (this.aiDelay < 0) {
      this.afterAiLock(this.game.step());
      return;
    }
    this.aiWait += 1;
    if (this.aiWait < this.aiDelay) return;
    this.aiWait = 0;
    // Delay 0: the whole path in this frame; otherwise one input.
    for (let i = 0; i < MAX_PATH; i++) {
      const step = this.game.aiInput();
      if (step !== null || this.over()) {
        this.afterAiLock(step);
        return;
      }
      if (this.aiDelay > 0) return;
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
      return false;
    }
    this.lastDecision = ms;
    this.decisionTimes.push(ms);
    if (this.decisionTimes.length > DECISION_WINDOW) this.decisionTimes.shift();
    this.target = { piece: choice.placement.piece, cells: choice.cells };
    return true;
  }

  /** After an AI piece locked (or the game ended): record it and decide the next. */
  afterAiLock(step) {
    this.record(step);
    this.target = null;
    this.needDecision = true;
    this.aiWait = 0;
    if (!this.over()) this.decide();
  }

  /** Keeps the placements of locked steps and their ratings (one step, a list, or null). */
  record(result) {
    const steps = result == null ? [] : Array.isArray(result) ? result : [result];
    for (const step of steps) {
      this.locked.push(step.choice.placement);
      this.ratings.push(step.rating);
      this.cleared.push(step.cleared);
    }
  }

  /**
   * Presses a key: the player plays the game by hand from now until an `advance` turns the AI
   * on. So a key pressed before the first `advance` of a game, or just after the AI was turned
   * off and before the `advance` that says so, is played, not lost. Returns whether the game
   * took it (not once it is over).
   */
  press(key) {
    if (this.over()) return false;
    this.aiEnabled = false;
    this.record(this.game.press(key));
    return true;
  }

  release(key) {
    this.game.release(key);
  }

  /** The placements locked since the last snapshot, oldest first, their ratings and clears. */
  takeLocked() {
    const taken = { locked: this.locked, ratings: this.ratings, cleared: this.cleared };
    this.locked = [];
    this.ratings = [];
    this.cleared = [];
    return taken;
  }

  /**
   * What the coach shows for the piece in play, or null once the game is over: `choice`, the
   * AI's choice while it plays (its target, decided now if need be), else the best placement by
   * its own score (the first hint), with its cells; `explanation`, the engine's explanation of
   * it; and `alternatives`, the `count` best placements of `search()` with different cells (the
   * current piece's and the hold alternative's), each `{choice, rating}`. Answered at once, so
   * that everything in it is of one piece.
   */
  coach(count) {
    if (!Number.isSafeInteger(count) || count < 1) {
      throw new Error(`count must be a whole number, 1 or more, got ${JSON.stringify(count)}`);
    }
    if (this.over() || (this.aiEnabled && this.needDecision && !this.decide())) return null;
    const ranked = this.game.search();
    const choice = this.aiEnabled ? this.game.decide() : ranked[0];
    if (!choice) return null;
    const seen = new Set();
    const alternatives = [];
    for (const candidate of ranked) {
      const key = `${candidate.hold} ${candidate.cells.map(String).sort().join(' ')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      alternatives.push({ choice: candidate, rating: this.game.rate(candidate.placement) });
      if (alternatives.length === count) break;
    }
    return { choice, explanation: this.game.explain(choice.placement), alternatives };
  }

  /**
   * The coach's view of the piece in play of `view` (see `coach`), unless it is the one coached
   * last (the same piece, hold, player and weights): then undefined.
   */
  freshCoaching(view, count) {
    const key = JSON.stringify([
      view.stats.pieces,
      view.active?.piece ?? null,
      view.hold,
      this.aiEnabled,
      count,
    ]);
    if (key === this.coached) return undefined;
    this.coached = key;
    return this.coach(count);
  }

  /**
   * The AI's recent decisions, as the clock read them: `{last, median, mean, count, clock}`, the
   * last, the median and the mean of the `count` latest in ms, and the clock's step in ms. A
   * decision shorter than the step reads as 0 or as a step, by where in a step it starts, so
   * that the mean of many readings comes to their true mean where the median cannot. The mean
   * leaves out the few readings far above the rest (more than two steps and four medians: a
   * garbage collection, the code still warming up), which would swamp it.
   */
  decisions() {
    const times = this.decisionTimes;
    const middle = median(times);
    const cap = Math.max(2 * clock, 4 * middle);
    const usual = times.filter((ms) => ms <= cap);
    const sum = usual.reduce((total, ms) => total + ms, 0);
    return {
      last: this.lastDecision,
      median: middle,
      mean: usual.length ? sum / usual.length : null,
      count: times.length,
      clock,
    };
  }

  /**
   * What the page draws: locked cells (a typed array), the view (pieces, queue, stats), the AI's
   * target, its decisions (see `decisions`; none while the player plays), the placements locked
   * since the last snapshot with the coach's ratings of those made by hand and, when asked, the
   * hints; and where `coachCount` is 1 or more and the piece in play is not the one coached
   * last, `coaching`: the coach's view of the piece drawn (see `coach`), so that a coach shown
   * beside the board is always in step with it.
   */
  snapshot(withHints = false, coachCount = 0) {
    const over = this.over();
    const { locked, ratings, cleared } = this.takeLocked();
    const view = this.game.view();
    const garbage = this.game.pendingGarbage();
    if (coachCount === 0) this.coached = null;
    const coaching = coachCount > 0 ? this.freshCoaching(view, coachCount) : undefined;
    return {
      ...(coaching !== undefined && { coaching }),
      cells: this.game.cells(),
      view,
      target: this.aiEnabled && !over ? this.target : null,
      hints: withHints && !over ? this.game.hints() : [],
      decision: this.aiEnabled
        ? this.decisions()
        : { last: null, median: null, mean: null, count: 0, clock },
      locked,
      ratings,
      cleared,
      garbage,
      sent: garbage === null ? 0 : this.game.takeSent(),
    };
  }
}
