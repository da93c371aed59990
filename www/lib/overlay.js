// The overlay of a paused or ended game in the `<tetris-ai>` element: its title and text, the
// game-over buttons ("New game", "Replay this seed") and the keys that work there, and the grace
// after game over during which it takes no input, so that keys and taps meant for the game that
// ended do not start the next one unseen.

import { randomSeed } from './attributes.js';
import { endText } from './modes.js';

/**
 * For this long after a game ends, in ms, its game-over screen takes no input: keys and taps
 * still meant for the game (a last hard drop, a held key) would start the next one unseen.
 */
const OVER_GRACE_MS = 1000;

export class Overlay {
  /**
   * The overlay of `element`, a `<tetris-ai>`, in its shadow root. It reads the element's
   * `runner` (whether the game is paused or over, which game runs, what it showed last),
   * `controls`, `touchShown()`, `helpOpen`, `countdown` and `config` (the rules in play), finds
   * its parts with the element's `$`, and its buttons start games with `newGame`.
   */
  constructor(element) {
    this.element = element;
    this.$ = element.$;
    /** What the overlay shows, as text (it changes only when this does). */
    this.shown = null;
    /** The state shown and its game, as text (the keyboard moves when this changes). */
    this.entered = null;
    /** When the last game ended, and the timer that gives "New game" the focus after it. */
    this.overAt = -Infinity;
    this.actionsTimer = null;
    this.$('overlay-new').addEventListener('click', () => {
      if (this.graceEnded()) element.newGame({ seed: randomSeed() });
    });
    this.$('overlay-replay').addEventListener('click', () => {
      if (this.graceEnded()) element.newGame();
    });
    this.guard(this.$('overlay-actions'));
  }

  /** Notes that the game just ended: its grace starts now. */
  ended() {
    this.overAt = performance.now();
  }

  /**
   * Whether the game that ended did so at least `OVER_GRACE_MS` ago, so that a key or tap meant
   * for it (a hard drop at the top, a held key) is not taken for the game-over screen's.
   */
  graceEnded() {
    return performance.now() - this.overAt >= OVER_GRACE_MS;
  }

  /** Stops giving "New game" the focus later (the element left the page). */
  stop() {
    clearTimeout(this.actionsTimer);
  }

  /**
   * Shows the game-over or pause overlay (or none), with the buttons and keys that work there:
   * the game-over buttons with `controls="full"`, and on a touch screen (where they are all
   * there is) with `play` too.
   */
  show() {
    const { element } = this;
    const { runner, controls } = element;
    const state = runner.over ? 'over' : runner.paused ? 'paused' : '';
    const touch = element.touchShown();
    const note = this.note(state);
    const shown = `${state}:${controls}:${touch}:${runner.gameId}:${note}`;
    if (shown === this.shown) return;
    const entering = `${state}:${runner.gameId}` !== this.entered;
    this.shown = shown;
    this.entered = `${state}:${runner.gameId}`;
    const overlay = this.$('overlay');
    const focused = element.matches(':focus');
    const inOverlay = overlay.contains(element.root.activeElement);
    const actions = state === 'over' && (controls === 'full' || touch);
    overlay.hidden = !state;
    this.$('overlay-actions').hidden = !actions;
    this.$('overlay-note').textContent = note;
    this.$('overlay-note').hidden = !note;
    if (state === 'over') {
      const { stats } = runner.snapshot.view;
      const scored = element.config.rules.kind === 'guideline';
      const { title, text } = endText(
        element.config.mode,
        stats,
        element.engine.limits.modes,
        scored,
      );
      this.$('overlay-title').textContent = title;
      this.$('overlay-text').textContent = text;
    } else if (state === 'paused') {
      this.$('overlay-title').textContent = 'Paused';
      this.$('overlay-text').textContent = controls === 'none' || touch ? '' : 'Press P to go on';
    }
    // The keyboard follows: to "New game" once the game's last keys are past, back to the
    // element as the overlay goes.
    if (focused && entering && actions && !element.helpOpen) {
      this.focusActionsLater();
    } else if (inOverlay && (!state || !actions)) {
      element.focus({ preventScroll: true });
    }
  }

  /**
   * The overlay's last line: the countdown to the next game, or the keys of game over (none on
   * a touch screen, where its buttons show).
   */
  note(state) {
    if (state !== 'over') return '';
    const seconds = this.element.countdown.secondsLeft();
    if (seconds !== null) return `Next game in ${seconds} s`;
    if (this.element.controls === 'none' || this.element.touchShown()) return '';
    return 'N: new game · R: replay this seed';
  }

  /**
   * Gives "New game" the focus once the grace after game over ends (see `graceEnded`), if the
   * element still has it and that game still shows its game-over buttons.
   */
  focusActionsLater() {
    clearTimeout(this.actionsTimer);
    const { element } = this;
    const gameId = element.runner.gameId;
    const wait = Math.max(0, this.overAt + OVER_GRACE_MS - performance.now());
    this.actionsTimer = setTimeout(() => {
      const shown = !this.$('overlay-actions').hidden && element.runner.gameId === gameId;
      if (shown && element.runner.over && element.matches(':focus') && !element.helpOpen) {
        this.$('overlay-new').focus({ preventScroll: true });
      }
    }, wait);
  }

  /**
   * Keeps the keys of the game that ended off the game-over buttons in `actions`: Enter and
   * Space act there only when pressed after the grace (see `graceEnded`), not by a held key's
   * repeats, and Space only when it also went down there (not held over from the game).
   */
  guard(actions) {
    let pressed = null; // the button that a fresh Space went down on
    actions.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const fresh = !event.repeat && this.graceEnded();
      if (!fresh) event.preventDefault();
      if (event.key === ' ') pressed = fresh ? event.target : null;
    });
    actions.addEventListener('keyup', (event) => {
      if (event.key !== ' ') return;
      if (pressed !== event.target) event.preventDefault();
      pressed = null;
    });
  }
}
