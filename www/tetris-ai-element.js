// The `<tetris-ai>` element: a game of the engine in any page.
//
//   <script type="module" src="tetris-ai-element.js"></script>
//   <tetris-ai preset="dellacherie" rules="guideline" board="10x20" autoplay></tetris-ai>
//
// Its attributes, each also a property, are declared in lib/attributes.js (their values,
// defaults and docs). The game runs in a worker of its own on the best build the page allows;
// the element sizes itself to its box (give it a height), keeps its styles in its shadow root
// and takes keys only while it has focus. Its events, methods and what a visitor gets are in
// tetris-ai-element.d.ts and docs/element.md. Removing it stops its worker.

import { createGame, gameConfig, limits, presets, resolveBuild } from './tetris-ai.js';
import {
  ATTRIBUTES,
  PROPERTIES,
  attributeText,
  randomSeed,
  readAttribute,
  readSettings,
  settingsOf,
} from './lib/attributes.js';
import { Announcer } from './lib/announcer.js';
import { RestartCountdown } from './lib/countdown.js';
import { decisionText } from './lib/decision-time.js';
import { $, message, setHidden } from './lib/dom.js';
import { TEMPLATE } from './lib/element-template.js';
import { sameValue, searchKey } from './lib/config-keys.js';
import { attachKeyboard, keyBindings, keyHelpItems } from './lib/keys.js';
import { Overlay } from './lib/overlay.js';
import { Effects } from './lib/effects.js';
import { endText, linesText, modeRows } from './lib/modes.js';
import { Renderer, SPAWN_ROWS } from './lib/render.js';
import { Runner } from './lib/runner.js';
import { SearchMeasurements } from './lib/search-measurements.js';
import { attachSwipes, attachTouchButtons } from './lib/touch.js';

/** Where touch buttons show by themselves (`touch="auto"`): the main pointer is a finger. */
const COARSE = '(pointer: coarse)';
/** A refused attribute or property value shows over the game this long, in ms. */
const BANNER_MS = 10_000;
/** The most placements a coaching may rank (see `coach`). */
const MAX_COACHED = 100;

/** Room beside the board for hold and stats (left) and the queue (right), in cells. */
const SIDE_CELLS = 4.2;
/** The gap between the board and a side column, in cells. */
const SIDE_GAP = 0.5;
/**
 * How much larger folding the side columns must make the board for the element to fold them:
 * folded, they are one column beside the board, the statistics go under it and the legend is
 * left to the help.
 */
const FOLD_GAIN = 1.25;
/** The board's frame (padding and border), in pixels. */
const BOARD_FRAME = 12;
/** The gap between the board and the rows under it (legend, touch buttons), in pixels. */
const ROW_GAP = 8;

let engineInfo = null;

/** What every element shares: the engine's limits, presets and the build to run. */
function engine() {
  engineInfo ??= Promise.all([limits(), presets(), resolveBuild('auto')]).then(
    ([engineLimits, presetList, build]) => ({
      limits: engineLimits,
      presets: presetList,
      build,
    }),
  );
  engineInfo.catch(() => {
    engineInfo = null;
  });
  return engineInfo;
}

export class TetrisAiElement extends HTMLElement {
  static get observedAttributes() {
    return Object.keys(PROPERTIES);
  }

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = TEMPLATE;
    this.$ = (id) => $(id, this.root);
    this.renderer = new Renderer(this.$('board'), this.$('hold'), this.$('next'));
    this.effects = new Effects(this.root, this.renderer);
    this.settings = null;
    /** The engine's game configuration of `settings` (see `resolve`), or null before a game. */
    this.config = null;
    this.game = null;
    this.engine = null;
    /** The placements of the current game, as JSON text, oldest first. */
    this.placements = [];
    /** The cells outlined at a page's request (see `highlight`), or null. */
    this.highlighted = null;
    /** How many placements the coaching of each new piece ranks, 0 for none (see `coach`). */
    this.coachCount = 0;
    /** The keys given other actions (see `keys`), and the bindings they make. */
    this.changedKeys = {};
    this.bindings = keyBindings();
    /** What the element measures of its search on this machine. */
    this.measurements = new SearchMeasurements(this);
    this.changes = Promise.resolve();
    this.lastLines = 0;
    this.text = new Map();
    /** Whether the help is open, and whether closing it resumes the game. */
    this.helpOpen = false;
    this.helpResumes = false;
    this.announcer = new Announcer(this.$('live'), this.$('board'));
    /** The countdown to the next game (`autorestart`). */
    this.countdown = new RestartCountdown({
      tick: () => this.overlay.show(),
      end: () => {
        if (this.runner.snapshot) this.overlay.show();
        this.newGame({ seed: randomSeed() }).catch(() => {});
      },
    });
    this.coarse = matchMedia(COARSE);
    this.pointerChanged = () => this.layout();
    this.runner = new Runner({
      settings: () => this.settings,
      coach: () => this.coachCount,
      onFrame: (snapshot) => this.drawn(snapshot),
      onOver: () => this.over(),
      onError: (err) => this.fail(`The engine failed: ${message(err)}`),
    });
    this.runner.placements = this.placements;
    this.overlay = new Overlay(this);
    this.$('play-toggle').addEventListener('click', () => this.togglePlayer());
    this.$('help-button').addEventListener('click', () => this.toggleHelp());
    this.$('help-close').addEventListener('click', () => this.closeHelp());
    attachTouchButtons(this.$('touch'), {
      press: (key) => this.controls !== 'none' && this.runner.press(key),
      release: (key) => this.runner.release(key),
    });
    attachSwipes(this.$('board'), {
      cell: () => this.renderer.cell,
      tap: (key) => this.tap(key),
    });
    this.addEventListener('pointerdown', () => {
      if (this.controls !== 'none') this.focus({ preventScroll: true });
    });
  }

  connectedCallback() {
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    this.resizer = new ResizeObserver(() => this.layout());
    this.resizer.observe(this);
    this.keyboard = attachKeyboard(
      this,
      {
        press: (key) => this.controls !== 'none' && this.runner.press(key),
        release: (key) => this.runner.release(key),
        command: (name) => this.command(name),
      },
      () => this.bindings,
    );
    this.coarse.addEventListener('change', this.pointerChanged);
    this.started = this.start();
    this.started.catch(() => {}); // shown in the box and fired as `error`
  }

  disconnectedCallback() {
    this.overlay.stop();
    this.resizer?.disconnect();
    this.keyboard?.detach();
    this.coarse.removeEventListener('change', this.pointerChanged);
    this.cancelRestart();
    this.announcer.quiet();
    this.runner.stop();
    this.game?.close();
    this.game = null;
    this.runner.game = null;
    this.readyFired = false;
  }

  attributeChangedCallback(attribute, old, text) {
    if (old === text || this.reflecting) return;
    const name = PROPERTIES[attribute];
    if (!this.engine) return; // read when the element starts
    try {
      this.update({ [name]: readAttribute(name, text, this.engine) }).catch((err) =>
        this.showBanner(message(err)),
      );
    } catch (err) {
      this.report(message(err));
    }
  }

  /** Loads the engine's facts, reads every attribute, and starts the first game. */
  async start() {
    try {
      this.engine = await engine();
      const settings = this.readAttributes();
      this.settings = settings;
      await this.serially(() => this.replaceGame(settings));
    } catch (err) {
      this.fail(message(err));
      throw err;
    }
  }

  /** Every setting from its attribute, or from `given` where it has one; throws naming a bad one. */
  readAttributes(given = {}) {
    return readSettings((attribute) => this.getAttribute(attribute), this.engine, given);
  }

  /** Runs `task` after every change asked for before it. */
  serially(task) {
    const run = this.changes.then(task);
    this.changes = run.catch(() => {});
    return run;
  }

  /**
   * The game configuration the settings of `s` (the element's properties) play, as the engine
   * resolves them: in the game's worker, or before there is one, the API's. A refusal names the
   * property, as the element's own messages do ("depth must be ...", not "settings.depth").
   */
  async resolve(s) {
    const settings = settingsOf(s);
    try {
      return await (this.game ? this.game.gameConfig(settings) : gameConfig(settings));
    } catch (err) {
      throw new Error(message(err).replace(/^settings\./, ''));
    }
  }

  /**
   * Starts a game from `s` (in the element's worker, made on first use), whose configuration
   * is `config` where it was resolved already.
   */
  async replaceGame(s, config = null) {
    config ??= await this.resolve(s);
    if (this.game) {
      await this.game.reset(config);
    } else {
      const game = await createGame(config, { build: this.engine.build.build });
      if (!this.isConnected) {
        game.close();
        return;
      }
      this.game = game;
    }
    this.settings = s;
    this.config = config;
    this.runner.setGame(this.game);
    this.lastLines = 0;
    this.cancelRestart();
    this.announcer.quiet();
    this.announcer.relabel();
    await this.game.setParallel(this.parallelInUse());
    if (s.versus) await this.game.setVersus(s.versus);
    this.runner.resume();
    if (this.helpOpen) {
      this.helpResumes = true;
      this.runner.pause();
    }
    this.runner.start();
    this.layout();
    this.hideError();
    this.effects.clear();
    this.emit('newgame', { seed: s.seed });
    if (!this.readyFired) {
      this.readyFired = true;
      this.emit('ready', { build: this.game.build });
    }
    this.calibrate();
  }

  /**
   * Changes settings (`{name: value}`, values as the properties take them): a new game where
   * one needs it, else live. Resolves once applied; a bad value rejects and fires `error`, and
   * the game goes on as it was (the caller says why its own way: nothing shows over the game).
   */
  update(patch) {
    return this.serially(async () => {
      if (!this.engine) throw new Error('the element has not started');
      try {
        // An element whose attributes were refused when it started starts once they are fixed.
        const starting = !this.settings;
        const next = { ...(this.settings ?? this.readAttributes(patch)), ...patch };
        if ('weights' in patch && patch.weights) next.preset = null;
        if ('preset' in patch && patch.preset) next.weights = null;
        const config = await this.resolve(next);
        // A new game where a setting asks for one, or where the rules played change (as
        // published, say).
        const renew =
          !this.game ||
          Object.keys(patch).some((name) => ATTRIBUTES[name]?.newGame) ||
          !sameValue(config.rules, this.config.rules);
        if (renew) {
          await this.replaceGame(next, config);
        } else {
          await this.applyLive(patch, next, config);
        }
        if (starting) this.started = Promise.resolve();
      } catch (err) {
        this.refused(message(err));
        throw err;
      }
    });
  }

  /** Applies `patch` to the running game: `next` are the settings after it, `config` theirs. */
  async applyLive(patch, next, config) {
    const searched = searchKey(this.config);
    if ('preset' in patch || 'weights' in patch) {
      const preset = this.engine.presets.find((p) => p.name === next.preset);
      await this.game.setWeights(next.weights ?? preset?.weights ?? {});
    }
    // As published, the preset's search stands whatever the depth: the engine's config says so.
    if (!sameValue(config.search, this.config.search)) await this.game.setSearch(config.search);
    if (!sameValue(config.handling, this.config.handling)) {
      await this.game.setHandling(config.handling);
    }
    this.settings = next;
    this.config = config;
    // A new search is measured anew where "auto" follows a measurement; until it is measured,
    // "auto" searches on one thread.
    if ('parallel' in patch || searchKey(config) !== searched) {
      await this.game.setParallel(this.parallelInUse());
      this.calibrate();
    }
    if ('autoplay' in patch) this.keyboard.releaseAll();
    if ('controls' in patch && next.controls === 'none') this.closeHelp();
    if ('autoplay' in patch || 'autorestart' in patch) this.scheduleRestart();
    if ('controls' in patch || 'touch' in patch || 'autoplay' in patch) this.layout();
    this.runner.redraw();
    this.hideError();
  }

  /** Starts a new game, with `patch` changed (the same seed unless it says otherwise). */
  newGame(patch = {}) {
    return this.update({ ...patch, seed: patch.seed ?? this.settings.seed });
  }

  // ---- the parallel search and the depths' times (lib/search-measurements.js) ----

  /** Whether the search runs on the pool (see `parallelState`). */
  parallelInUse() {
    return this.measurements.parallelState().on;
  }

  /** Measures whether the pool makes the search in play faster here, once per search. */
  calibrate() {
    this.measurements.calibrate();
  }

  /**
   * Whether the pool is in use and why: `{on, why, calibration}`; `why` gives the measurement
   * at the search in play once made, whatever `parallel` says.
   */
  parallelState() {
    return this.measurements.parallelState();
  }

  /**
   * The time of a decision at each search depth under the rules, board, weights and search in
   * play, on one thread off the game's worker: resolves to `[{depth, ms, decisions}]`.
   */
  timeDepths() {
    return this.measurements.timeDepths();
  }

  /** What `timeDepths` resolves to for the rules and board in play once measured, else null. */
  get depthTimes() {
    return this.measurements.depthTimes();
  }

  // ---- drawing ----

  /** Whether the touch buttons show: `touch` on, or auto where the main pointer is a finger. */
  touchShown() {
    if (!this.settings || this.settings.controls === 'none') return false;
    const { touch } = this.settings;
    return touch === 'on' || (touch === 'auto' && this.coarse.matches);
  }

  /** Shows the controls the settings ask for (who plays, help, touch buttons). */
  showControls() {
    const { controls, autoplay } = this.settings;
    this.$('play-toggle').hidden = controls === 'none';
    this.$('play-toggle').textContent = autoplay ? 'Play yourself' : 'Let the AI play';
    this.$('help-button').hidden = controls === 'none';
    const touch = this.touchShown();
    this.$('touch').hidden = !touch;
    for (const button of this.$('touch').querySelectorAll('button')) button.disabled = autoplay;
    // A half turn's button where the game's kicks have half turns (SRS+).
    this.$('touch').querySelector('[data-key="half"]').hidden =
      this.config?.rules.kicks !== 'srs_plus';
    this.$('board').classList.toggle('swipes', touch && !autoplay);
  }

  /**
   * Sizes the board to the element's box, less the rows under it (legend, touch buttons), its
   * side columns folded where that makes it larger by `FOLD_GAIN` or more (a narrow box).
   */
  layout() {
    if (!this.config) return;
    const { rules, width, height } = this.config;
    this.$('hold-box').hidden = !rules.hold;
    this.$('next-box').hidden = rules.preview === 0;
    this.$('next-box').parentElement.hidden = rules.preview === 0;
    // Only the guideline rules score; the research rules count lines alone.
    this.$('score-row').hidden = rules.kind !== 'guideline';
    this.showControls();
    const style = getComputedStyle(this);
    const inner = (size, ...sides) =>
      size - sides.reduce((sum, side) => sum + (parseFloat(style[side]) || 0), 0);
    const boxWidth = inner(this.clientWidth, 'paddingLeft', 'paddingRight') - BOARD_FRAME;
    const boxHeight = inner(this.clientHeight, 'paddingTop', 'paddingBottom') - BOARD_FRAME;
    const rows = height + SPAWN_ROWS;
    const sides = rules.preview > 0 ? 2 : 1;
    /** Folds the side columns or not; the largest cell (not rounded down) that then fits. */
    const fit = (folded) => {
      this.fold(folded);
      const across = width + (folded ? 1 : sides) * (SIDE_CELLS + SIDE_GAP);
      // Folded, the statistics under the board grow with the cell: measured at its largest.
      this.style.setProperty('--cell', `${Math.floor(boxWidth / across)}px`);
      const below = [folded ? 'stats' : 'legend', 'touch']
        .map((id) => this.$(id))
        .reduce((sum, row) => sum + (row.hidden ? 0 : row.offsetHeight + ROW_GAP), 0);
      return Math.min((boxHeight - below) / rows, boxWidth / across);
    };
    const folded = fit(true);
    const unfolded = fit(false);
    const fold = folded >= unfolded * FOLD_GAIN;
    if (fold) this.fold(true);
    const cell = Math.max(6, Math.floor(fold ? folded : unfolded));
    this.style.setProperty('--cell', `${cell}px`);
    this.renderer.layout(width, height, rules.preview, cell);
    this.runner.redraw();
  }

  /**
   * Folds the side columns (one column beside the board, the statistics under it; see
   * `layout`), or unfolds them. Folded, the legend is left to the help.
   */
  fold(folded) {
    this.$('frame').classList.toggle('folded', folded);
    this.$('legend').hidden = folded || this.settings.controls !== 'full';
  }

  drawn(snapshot) {
    snapshot.locked.forEach((placement, i) => {
      const cleared = snapshot.cleared[i];
      this.emit('piece', {
        placement,
        stats: snapshot.view.stats,
        rating: snapshot.ratings[i],
        cleared,
      });
      this.effects.show(cleared);
    });
    const { lines } = snapshot.view.stats;
    if (lines > this.lastLines) {
      this.emit('lines', { cleared: lines - this.lastLines, lines });
      if (!this.runner.over) this.announcer.lines(lines - this.lastLines, lines, this.settings.fps);
    }
    this.lastLines = lines;
    this.paint(snapshot);
    // A frame asked for before `coach(0)` may still bring a coaching: it is not the page's now.
    if (snapshot.coaching !== undefined && this.coachCount > 0) {
      this.emit('coaching', { coaching: snapshot.coaching });
    }
    if (snapshot.sent > 0) this.emit('attack', { rows: snapshot.sent });
    this.showGarbage(snapshot.garbage);
    const { stats } = snapshot.view;
    const { mode } = this.config;
    const goals = this.engine.limits.modes;
    const rows = modeRows(mode, stats, goals);
    this.showRow('time', rows.time);
    this.showRow('level', rows.level);
    this.setText('stat-lines', linesText(mode, stats, goals));
    this.setText('stat-pieces', stats.pieces);
    this.setText('stat-score', stats.score);
    this.setText(
      'stat-ppl',
      stats.pieces_per_line == null ? '–' : stats.pieces_per_line.toFixed(3),
    );
    this.setText('stat-decision', decisionText(snapshot.decision));
    this.announcer.describe(stats, this.settings.board);
    this.overlay.show();
  }

  /** Draws `snapshot`'s board, hold and queue, with the hints if shown and any highlight. */
  paint(snapshot) {
    this.renderer.draw({
      cells: snapshot.cells,
      view: snapshot.view,
      target: snapshot.target,
      hints: this.settings.hints ? snapshot.hints : [],
      highlight: this.highlighted,
    });
  }

  /**
   * The keys a visitor gave other actions than the defaults' (lib/keys.js's `KEY_TABLE`): an
   * object of actions to their keys (`{cw: ["w"]}`), `{}` for the defaults. Set, the keyboard and
   * the help follow at once; bindings that are no such object, or that give a key two actions,
   * throw naming why, and the keys stay as they were.
   */
  get keys() {
    return structuredClone(this.changedKeys);
  }

  set keys(changed) {
    const bindings = keyBindings(changed ?? {});
    this.changedKeys = structuredClone(changed ?? {});
    this.bindings = bindings;
    this.keyboard?.releaseAll();
    this.$('key-help').innerHTML = keyHelpItems(bindings);
  }

  /**
   * Follows the coach from now on: each frame drawn whose piece in play was not coached yet
   * fires `coaching` with the coach's view of that piece (`detail.coaching`, as `game.coach(count)`
   * gives it: null once the game is over), made in the same frame as the board shown, at any
   * speed. `coach(0)` stops it. Throws, naming it, on a count that is no whole number from 0 to
   * `MAX_COACHED`.
   */
  coach(count) {
    if (!Number.isSafeInteger(count) || count < 0 || count > MAX_COACHED) {
      throw new RangeError(
        `count must be a whole number from 0 to ${MAX_COACHED}, got ${JSON.stringify(count)}`,
      );
    }
    this.coachCount = count;
    this.runner.redraw();
  }

  /**
   * Outlines `cells` (a placement's, `[[column, row], ...]` as `search()` gives them, row 0 at
   * the bottom) on the board, over everything else, until called with null: how a page points
   * at a placement it talks about. Throws, naming it, on anything else.
   */
  highlight(cells) {
    const pair = (cell) =>
      Array.isArray(cell) && cell.length === 2 && cell.every((n) => Number.isSafeInteger(n));
    if (cells !== null && !(Array.isArray(cells) && cells.length > 0 && cells.every(pair))) {
      throw new TypeError(
        `cells must be an array of [column, row] pairs of whole numbers, or null; got ${JSON.stringify(cells)}`,
      );
    }
    this.highlighted = cells && cells.map(([x, y]) => [x, y]);
    if (this.runner.snapshot) this.paint(this.runner.snapshot);
  }

  /**
   * The board's cell at the point (`clientX`, `clientY`) of the viewport, as `[column, row]`
   * (row 0 at the bottom; the rows above the board where pieces appear count on), or null
   * where the point is off the board.
   */
  cellAt(clientX, clientY) {
    const box = this.$('board').getBoundingClientRect();
    return this.renderer.cellAt(clientX - box.left, clientY - box.top);
  }

  /**
   * Shows `rows` of waiting garbage in the meter beside the board (none outside a match). Called
   * every frame, it writes to the meter only what changes (see `setHidden`).
   */
  showGarbage(rows) {
    const meter = this.$('garbage');
    setHidden(meter, rows === null);
    if (rows === null) return;
    const shown = String(Math.min(rows, this.config.height));
    if (meter.style.getPropertyValue('--rows') !== shown) meter.style.setProperty('--rows', shown);
    const title = `${rows} garbage row${rows === 1 ? '' : 's'} waiting`;
    if (meter.title !== title) meter.title = title;
  }

  /**
   * Queues `rows` of the opponent's attack in a match (see the `versus` attribute): they enter
   * after this game's next placements by the rules' delay, unless its own attack cancels them.
   */
  async receiveAttack(rows) {
    if (!this.game) throw new Error('the element has not started');
    await this.game.receiveAttack(rows);
    this.runner.redraw();
  }

  /** Shows the statistics row `name` (`#${name}-row`) with `row`'s text, or hides it for null. */
  showRow(name, row) {
    setHidden(this.$(`${name}-row`), row === null);
    if (row === null) return;
    if (name === 'time') this.setText('time-label', row.label);
    this.setText(`stat-${name}`, row.text);
  }

  setText(id, value) {
    const text = String(value);
    if (this.text.get(id) !== text) {
      this.text.set(id, text);
      this.$(id).textContent = text;
    }
  }

  over() {
    this.overlay.ended();
    const { stats } = this.runner.snapshot.view;
    this.emit('gameover', { stats });
    const scored = this.config.rules.kind === 'guideline';
    const end = endText(this.config.mode, stats, this.engine.limits.modes, scored);
    this.announcer.gameOver(stats, stats.finished ? `${end.title}: ${end.text}` : null);
    this.scheduleRestart();
  }

  /**
   * With `autorestart` while the AI plays, a game that ended is followed by a new one with a new
   * seed once the countdown (lib/countdown.js) ends; otherwise any countdown stops.
   */
  scheduleRestart() {
    const wanted =
      this.runner.over && this.settings.autorestart && this.settings.autoplay && !this.helpOpen;
    if (wanted) this.countdown.start();
    else this.cancelRestart();
  }

  /** Stops the countdown to the next game, if it runs. */
  cancelRestart() {
    if (this.countdown.stop() && this.runner.snapshot) this.overlay.show();
  }

  // ---- problems ----

  /** Shows a problem that stops the element (no game can run) in its box, and fires `error`. */
  fail(text) {
    this.$('error-text').textContent = text;
    this.$('error').hidden = false;
    this.emit('error', { message: text });
  }

  /** Fires `error` for a refused change; where no game runs, its box shows why, too. */
  refused(text) {
    if (!this.game) this.fail(text);
    else this.emit('error', { message: text });
  }

  /**
   * Shows a refused attribute or property value, which nothing else reports, in a banner over
   * the game (which goes on) for `BANNER_MS`.
   */
  showBanner(text) {
    if (!this.game) return; // the box shows it
    const banner = this.$('banner');
    banner.textContent = text;
    banner.hidden = false;
    clearTimeout(this.bannerTimer);
    this.bannerTimer = setTimeout(() => (banner.hidden = true), BANNER_MS);
  }

  /** Reports a refused attribute or property value: fires `error` and shows the banner. */
  report(text) {
    this.refused(text);
    this.showBanner(text);
  }

  hideError() {
    clearTimeout(this.bannerTimer);
    this.$('banner').hidden = true;
    this.$('error').hidden = true;
  }

  /**
   * Fires `type` with `detail`. The game's events bubble, so a page may listen on any ancestor;
   * `error` does not, so that it never reaches a window's own error handlers.
   */
  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: type !== 'error' }));
  }

  // ---- the game's controls ----

  pause() {
    if (!this.runner.over) this.runner.pause();
  }

  resume() {
    this.runner.resume();
  }

  togglePause() {
    if (this.runner.over) return;
    if (this.runner.paused) this.runner.resume();
    else this.runner.pause();
  }

  /**
   * A key of the game itself (see lib/keys.js): `pause` (at game over: a new game), `new`,
   * `replay`, `help` and `close`. Returns whether it was taken. While the help is open only it
   * takes keys.
   */
  command(name) {
    if (this.controls === 'none' || !this.settings) return false;
    if (name === 'help') {
      this.toggleHelp();
      return true;
    }
    if (name === 'close') {
      if (!this.helpOpen) return false;
      this.closeHelp();
      return true;
    }
    if (this.helpOpen) return true;
    // P starts a new game at game over, once the grace for the game's last keys ends.
    if (name === 'pause' && this.runner.over && !this.overlay.graceEnded()) return true;
    if (name === 'pause' && !this.runner.over) this.togglePause();
    else if (name === 'replay') this.newGame().catch(() => {});
    else this.newGame({ seed: randomSeed() }).catch(() => {});
    return true;
  }

  /** A tap of `key` (a press and its release), from a gesture on the board. */
  tap(key) {
    if (!this.touchShown()) return;
    this.runner.press(key);
    this.runner.release(key);
  }

  /** Opens the help (keys, touch gestures, legend), pausing a running game while it is open. */
  openHelp() {
    if (this.helpOpen) return;
    this.helpOpen = true;
    this.helpResumes = !this.runner.paused && !this.runner.over;
    this.pause();
    this.cancelRestart();
    this.$('help').hidden = false;
    this.$('help-button').setAttribute('aria-expanded', 'true');
    if (this.matches(':focus')) this.$('help-close').focus({ preventScroll: true });
  }

  /** Closes the help; the game goes on if it ran when the help opened. */
  closeHelp() {
    if (!this.helpOpen) return;
    const focused = this.matches(':focus');
    this.helpOpen = false;
    this.$('help').hidden = true;
    this.$('help-button').setAttribute('aria-expanded', 'false');
    if (this.helpResumes) this.resume();
    this.scheduleRestart();
    if (focused) this.focus({ preventScroll: true });
  }

  toggleHelp() {
    if (this.helpOpen) this.closeHelp();
    else this.openHelp();
  }

  /** Writes the setting `property`'s value `parsed` to its attribute, as the property does. */
  reflect(property, parsed) {
    this.reflecting = true;
    try {
      const reflected = attributeText(property, parsed);
      const { attribute } = ATTRIBUTES[property];
      if (reflected === null) this.removeAttribute(attribute);
      else this.setAttribute(attribute, reflected);
    } finally {
      this.reflecting = false;
    }
  }

  /**
   * Gives the visitor a game, or the game back to the AI ("Play yourself" / "Let the AI play"):
   * flips `autoplay`; a visitor who takes over starts a fresh game of their own (a new seed),
   * not the AI's stack, and gets the keys; the AI takes over the visitor's game as it stands.
   * Once that applies, fires `autoplaychange` with the new `autoplay`, so that the page can
   * follow.
   */
  togglePlayer() {
    const autoplay = !this.settings.autoplay;
    // Applied after the changes asked for before it; the visitor's game and their turn come at
    // once, so that no key meets the AI's game on its way out.
    this.reflect('autoplay', autoplay);
    const patch = autoplay ? { autoplay } : { autoplay, seed: randomSeed() };
    this.update(patch).catch((err) => this.showBanner(message(err)));
    return this.serially(() => {
      if (!autoplay) this.focus({ preventScroll: true });
      this.emit('autoplaychange', { autoplay: this.settings.autoplay });
    });
  }

  /** Whether the game is paused. */
  get paused() {
    return this.runner.paused;
  }

  /** What the game showed last (`{cells, view, target, hints, decision}`), or null. */
  get snapshot() {
    return this.runner.snapshot;
  }

  /**
   * The rules the game plays (a copy): those `rules` names, or with `as-published` the preset's
   * published ones. Null before the element starts.
   */
  get rulesInPlay() {
    return this.config ? structuredClone(this.config.rules) : null;
  }

  /**
   * The whole game configuration the element's settings play (a copy), as the engine resolved
   * them: what `createGame` takes to play the same game. Null before the element starts.
   */
  get configInPlay() {
    return this.config ? structuredClone(this.config) : null;
  }

  /**
   * The search the element gives the AI (a copy; without a margin the engine takes the preset's):
   * `depth` and `margin`, or with `as-published` the preset's published search. Null before the
   * element starts.
   */
  get searchInPlay() {
    return this.config ? structuredClone(this.config.search) : null;
  }

  /** The build the game runs on: "threaded", "simd" or "plain" (null before it starts). */
  get build() {
    return this.game ? this.game.build : null;
  }

  /** Resolves once the element's first game runs (rejects if it cannot start: the reason is
   * shown in the box, and a later `update` may still start it). */
  get ready() {
    return this.started ?? Promise.reject(new Error('the element is not in a document'));
  }
}

// A property for every attribute (see lib/attributes.js): reading gives the current value,
// writing applies it at once (and reflects it to the attribute). Values as the attributes take
// them, or their parsed form.
for (const { property, attribute } of Object.values(ATTRIBUTES)) {
  Object.defineProperty(TetrisAiElement.prototype, property, {
    configurable: true,
    enumerable: true,
    get() {
      if (this.settings) return this.settings[property];
      return this.getAttribute(attribute);
    },
    set(value) {
      const text = attributeText(property, value);
      if (!this.engine) {
        if (text === null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, text);
        return;
      }
      let parsed;
      try {
        parsed = readAttribute(property, text, this.engine);
      } catch (err) {
        this.report(message(err));
        return;
      }
      this.reflect(property, parsed);
      this.update({ [property]: parsed }).catch((err) => this.showBanner(message(err)));
    },
  });
}

if (!customElements.get('tetris-ai')) customElements.define('tetris-ai', TetrisAiElement);
