// The `<tetris-ai>` element: a game of the engine in any page.
//
//   <script type="module" src="tetris-ai-element.js"></script>
//   <tetris-ai preset="dellacherie" rules="guideline" board="10x20" autoplay></tetris-ai>
//
// Attributes (each also a property; a change applies at once): `preset` or `weights` (JSON),
// `rules` (classic or guideline), `board` ("10x20"), `seed`, `depth`, `autoplay` (the AI plays),
// `controls` (none, play or full), `parallel` (auto, on or off), and `ai-delay`, `fps`, `hints`,
// `gravity`, `lock-delay`, `margin`. The game runs in a worker of its own, on the threaded build
// where the page is cross-origin isolated, else the plain one; the element sizes itself to its
// box, keeps its styles in its shadow root and takes keys only while it has focus. Events:
// `ready`, `piece`, `lines`, `gameover`, `error`. Removing it stops its worker.

import { createGame, limits, presets, resolveBuild } from './tetris-ai.js';
import { attachKeyboard } from './lib/keys.js';
import { Renderer, SPAWN_ROWS } from './lib/render.js';
import { Runner } from './lib/runner.js';
import { STYLE } from './lib/element-style.js';

/** The settings, their attributes and how an attribute's text reads. */
const ATTRIBUTES = {
  preset: 'preset',
  weights: 'weights',
  rules: 'rules',
  board: 'board',
  seed: 'seed',
  depth: 'depth',
  autoplay: 'autoplay',
  controls: 'controls',
  parallel: 'parallel',
  aiDelay: 'ai-delay',
  fps: 'fps',
  hints: 'hints',
  gravity: 'gravity',
  lockDelay: 'lock-delay',
  margin: 'margin',
};
const PROPERTY = Object.fromEntries(Object.entries(ATTRIBUTES).map(([p, a]) => [a, p]));

/** Settings that only a new game can change (the others apply to the running game). */
const NEW_GAME = new Set(['rules', 'board', 'seed']);

/** Ranges of the settings of play itself, [min, max] (the engine's come from `limits()`). */
export const RANGES = {
  aiDelay: [-1, 600],
  fps: [1, 10000],
  gravity: [1, 1000],
  lockDelay: [1, 1000],
};
/** Defaults of the element's own settings (gravity and lock delay default to the engine's). */
export const DEFAULTS = { aiDelay: 3, fps: 60 };
const CONTROLS = ['none', 'play', 'full'];
const PARALLEL = ['auto', 'on', 'off'];

/** Room beside the board for hold and stats (left) and the queue (right), in cells. */
const SIDE_CELLS = 4.2;
/** The gap between the board and a side column, in cells. */
const SIDE_GAP = 0.5;
/** The board's frame (padding and border), in pixels. */
const BOARD_FRAME = 12;

const TEMPLATE = `
<style>${STYLE}</style>
<div class="frame" part="frame">
  <div class="side left">
    <div class="box" id="hold-box"><h2>Hold</h2><canvas id="hold" role="img" aria-label="Hold piece"></canvas></div>
    <dl class="box stats" aria-label="Statistics">
      <div><dt>Lines</dt><dd id="stat-lines">0</dd></div>
      <div><dt>Pieces</dt><dd id="stat-pieces">0</dd></div>
      <div><dt>Score</dt><dd id="stat-score">0</dd></div>
      <div><dt>Pieces / line</dt><dd id="stat-ppl">–</dd></div>
      <div><dt>AI decision</dt><dd id="stat-decision" class="small">–</dd></div>
    </dl>
  </div>
  <div class="board-wrap">
    <canvas id="board" role="img" aria-label="Board"></canvas>
    <div id="overlay" class="overlay" hidden>
      <p id="overlay-title" class="overlay-title"></p>
      <p id="overlay-text" class="overlay-text"></p>
      <div id="overlay-actions" class="overlay-actions" hidden>
        <button type="button" id="overlay-new" class="primary">New game</button>
        <button type="button" id="overlay-replay">Replay this seed</button>
      </div>
    </div>
  </div>
  <div class="side right">
    <div class="box" id="next-box"><h2>Next</h2><canvas id="next" role="img" aria-label="Next pieces"></canvas></div>
  </div>
</div>
<p id="banner" class="banner" role="alert" hidden></p>
<div id="error" class="error" role="alert" hidden><strong>tetris-ai</strong><span id="error-text"></span></div>
`;

function message(err) {
  return err instanceof Error ? err.message : String(err);
}

/** A random seed below 2^32 (short enough to read and type), from the browser's generator. */
export function randomSeed() {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return words[0];
}

/** Reads one setting from its attribute text (null: absent); throws naming a bad value. */
function fromAttribute(name, text, engine) {
  const attribute = ATTRIBUTES[name];
  const whole = (min, max) => {
    const n = text === null || text.trim() === '' ? NaN : Number(text);
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      throw new Error(`${attribute} must be a whole number from ${min} to ${max}, got "${text}"`);
    }
    return n;
  };
  switch (name) {
    case 'autoplay':
    case 'hints':
      return text !== null && text !== 'false';
    case 'preset': {
      if (text === null) return null;
      const names = engine.presets.map((p) => p.name);
      if (!names.includes(text))
        throw new Error(`preset must be one of ${names.join(', ')}, got "${text}"`);
      return text;
    }
    case 'weights': {
      if (text === null) return null;
      let weights;
      try {
        weights = JSON.parse(text);
      } catch (err) {
        throw new Error(`weights must be JSON, like {"holes": -4}, got "${text}": ${err.message}`);
      }
      if (weights === null || typeof weights !== 'object' || Array.isArray(weights)) {
        throw new Error(`weights must be a JSON object of feature names to weights, got ${text}`);
      }
      return weights;
    }
    case 'rules':
      if (text === null) return engine.limits.game.rules.kind;
      if (!Object.hasOwn(engine.limits.rules, text)) {
        throw new Error(
          `rules must be ${Object.keys(engine.limits.rules).join(' or ')}, got "${text}"`,
        );
      }
      return text;
    case 'board': {
      if (text === null) return [engine.limits.game.width, engine.limits.game.height];
      const match = /^\s*(\d+)\s*[x×]\s*(\d+)\s*$/.exec(text);
      if (!match) throw new Error(`board must be WIDTHxHEIGHT, like 10x20, got "${text}"`);
      const [width, height] = [Number(match[1]), Number(match[2])];
      const { width: w, height: h } = engine.limits;
      if (width < w.min || width > w.max) {
        throw new Error(`board width must be from ${w.min} to ${w.max}, got ${width} in "${text}"`);
      }
      if (height < h.min || height > h.max) {
        throw new Error(
          `board height must be from ${h.min} to ${h.max}, got ${height} in "${text}"`,
        );
      }
      return [width, height];
    }
    case 'seed':
      return text === null ? randomSeed() : whole(engine.limits.seed.min, engine.limits.seed.max);
    case 'depth':
      return text === null
        ? engine.limits.game.search.depth
        : whole(engine.limits.depth.min, engine.limits.depth.max);
    case 'controls':
      if (text === null) return 'play';
      if (!CONTROLS.includes(text))
        throw new Error(`controls must be ${CONTROLS.join(', ')}, got "${text}"`);
      return text;
    case 'parallel':
      if (text === null || text === '') return 'auto';
      if (!PARALLEL.includes(text))
        throw new Error(`parallel must be ${PARALLEL.join(', ')}, got "${text}"`);
      return text;
    case 'margin': {
      if (text === null || text === '') return null;
      const n = Number(text);
      if (!Number.isFinite(n) || n < 0)
        throw new Error(`margin must be a number, 0 or more, got "${text}"`);
      return n;
    }
    default: {
      const { gravity, lock_delay: lockDelay } = engine.limits.game.handling;
      const defaults = { ...DEFAULTS, gravity, lockDelay };
      return text === null ? defaults[name] : whole(...RANGES[name]);
    }
  }
}

/** A setting as its attribute's text. */
function toAttribute(name, value) {
  if (name === 'weights') return JSON.stringify(value);
  if (name === 'board') return `${value[0]}x${value[1]}`;
  return String(value);
}

/** A property's value as attribute text: null (absent) for null, undefined and false. */
function asText(name, value) {
  if (value === null || value === undefined || value === false) return null;
  if (value === true) return '';
  return typeof value === 'string' ? value : toAttribute(name, value);
}

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
    return Object.values(ATTRIBUTES);
  }

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = TEMPLATE;
    this.$ = (id) => this.root.getElementById(id);
    this.renderer = new Renderer(this.$('board'), this.$('hold'), this.$('next'));
    this.settings = null;
    this.game = null;
    this.engine = null;
    /** The placements of the current game, as JSON text, oldest first. */
    this.placements = [];
    this.calibration = null;
    this.changes = Promise.resolve();
    this.lastLines = 0;
    this.text = new Map();
    this.runner = new Runner({
      settings: () => this.runnerSettings(),
      onFrame: (snapshot) => this.drawn(snapshot),
      onOver: () => this.over(),
      onError: (err) => this.fail(`The engine failed: ${message(err)}`),
    });
    this.runner.placements = this.placements;
    this.$('overlay-new').addEventListener('click', () => this.newGame({ seed: randomSeed() }));
    this.$('overlay-replay').addEventListener('click', () => this.newGame());
    this.addEventListener('pointerdown', () => {
      if (this.controls !== 'none') this.focus({ preventScroll: true });
    });
  }

  connectedCallback() {
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    this.resizer = new ResizeObserver(() => this.layout());
    this.resizer.observe(this);
    this.keyboard = attachKeyboard(this, {
      press: (key) => this.controls !== 'none' && this.runner.press(key),
      release: (key) => this.runner.release(key),
      togglePause: () => this.controls !== 'none' && this.togglePause(),
    });
    this.started = this.start();
    this.started.catch(() => {}); // shown in the box and fired as `error`
  }

  disconnectedCallback() {
    this.resizer?.disconnect();
    this.keyboard?.detach();
    this.runner.stop();
    this.game?.close();
    this.game = null;
    this.runner.game = null;
    this.readyFired = false;
  }

  attributeChangedCallback(attribute, old, text) {
    if (old === text || this.reflecting) return;
    const name = PROPERTY[attribute];
    if (!this.engine) return; // read when the element starts
    try {
      this.update({ [name]: fromAttribute(name, text, this.engine) }).catch(() => {});
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
    const settings = {};
    for (const name of Object.keys(ATTRIBUTES)) {
      settings[name] =
        name in given
          ? given[name]
          : fromAttribute(name, this.getAttribute(ATTRIBUTES[name]), this.engine);
    }
    if (!settings.preset && !settings.weights) settings.preset = this.engine.limits.default_preset;
    return settings;
  }

  /** Runs `task` after every change asked for before it. */
  serially(task) {
    const run = this.changes.then(task);
    this.changes = run.catch(() => {});
    return run;
  }

  /** The engine's game configuration for `s`. */
  config(s) {
    const search = { depth: s.depth };
    if (typeof s.margin === 'number') search.margin = s.margin;
    const config = {
      rules: this.engine.limits.rules[s.rules],
      width: s.board[0],
      height: s.board[1],
      seed: s.seed,
      search,
      handling: { gravity: s.gravity, lock_delay: s.lockDelay },
    };
    if (s.weights) config.weights = s.weights;
    else config.preset = s.preset;
    return config;
  }

  /** Starts a game from `s` (in the element's worker, made on first use). */
  async replaceGame(s) {
    const config = this.config(s);
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
    this.runner.setGame(this.game);
    this.lastLines = 0;
    await this.game.setParallel(this.parallelInUse());
    this.runner.resume();
    this.runner.start();
    this.layout();
    this.hideError();
    this.emit('newgame', { seed: s.seed });
    if (!this.readyFired) {
      this.readyFired = true;
      this.emit('ready', { build: this.game.build });
      this.calibrate();
    }
  }

  /**
   * Changes settings (`{name: value}`, values as the properties take them): a new game where
   * one needs it, else live. Resolves once applied; a bad value rejects, shows the reason in the
   * box and fires `error`, and the game goes on as it was.
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
        if (!this.game || Object.keys(patch).some((name) => NEW_GAME.has(name))) {
          await this.replaceGame(next);
        } else {
          await this.applyLive(patch, next);
        }
        if (starting) this.started = Promise.resolve();
      } catch (err) {
        this.report(message(err));
        throw err;
      }
    });
  }

  async applyLive(patch, next) {
    if ('preset' in patch || 'weights' in patch) {
      const preset = this.engine.presets.find((p) => p.name === next.preset);
      await this.game.setWeights(next.weights ?? preset?.weights ?? {});
    }
    if ('depth' in patch || 'margin' in patch) {
      await this.game.setSearch({ depth: next.depth, margin: next.margin });
    }
    if ('gravity' in patch || 'lockDelay' in patch) {
      await this.game.setHandling({ gravity: next.gravity, lock_delay: next.lockDelay });
    }
    this.settings = next;
    if ('parallel' in patch) await this.game.setParallel(this.parallelInUse());
    if ('autoplay' in patch) this.keyboard.releaseAll();
    this.runner.redraw();
    this.hideError();
  }

  /** Starts a new game, with `patch` changed (the same seed unless it says otherwise). */
  newGame(patch = {}) {
    return this.update({ ...patch, seed: patch.seed ?? this.settings.seed });
  }

  /** Whether the search runs on the pool: the setting, or where measured faster ("auto"). */
  parallelInUse() {
    if (this.game?.build !== 'threaded') return false;
    if (this.settings.parallel !== 'auto') return this.settings.parallel === 'on';
    return Boolean(this.calibration && this.calibration.parallel < this.calibration.sequential);
  }

  /** Measures once whether the pool makes two-ply decisions faster here, then applies it. */
  async calibrate() {
    if (this.game?.build !== 'threaded') return;
    const config = {
      ...this.config({ ...this.settings, rules: 'guideline', depth: 2, board: [10, 20] }),
      seed: 1,
    };
    try {
      this.calibration = await this.game.calibrateParallel(config);
      await this.serially(() => this.game.setParallel(this.parallelInUse()));
    } catch {
      this.calibration = null;
    }
    this.emit('calibrated', this.parallelState());
  }

  /** Whether the pool is in use and why: `{on, why, calibration}`. */
  parallelState() {
    const on = this.parallelInUse();
    let why;
    if (this.game?.build !== 'threaded') {
      why = 'Off: the plain build has no thread pool.';
    } else if (this.settings.parallel !== 'auto') {
      why = `${on ? 'On' : 'Off'}: your choice.`;
    } else if (!this.calibration) {
      why = 'Off until this machine is measured.';
    } else {
      const ms = (x) => x.toFixed(2);
      why =
        `${on ? 'On' : 'Off'}: on this machine a two-ply decision takes ` +
        `${ms(this.calibration.parallel)} ms parallel and ${ms(this.calibration.sequential)} ms sequential.`;
    }
    return { on, why, calibration: this.calibration };
  }

  runnerSettings() {
    const s = this.settings;
    return { fps: s.fps, aiEnabled: s.autoplay, aiDelay: s.aiDelay, hints: s.hints };
  }

  // ---- drawing ----

  /** Sizes the board to the element's box. */
  layout() {
    if (!this.settings) return;
    const [width, height] = this.settings.board;
    const rules = this.engine.limits.rules[this.settings.rules];
    this.$('hold-box').hidden = !rules.hold;
    this.$('next-box').hidden = rules.preview === 0;
    const style = getComputedStyle(this);
    const inner = (size, ...sides) =>
      size - sides.reduce((sum, side) => sum + (parseFloat(style[side]) || 0), 0);
    const boxWidth = inner(this.clientWidth, 'paddingLeft', 'paddingRight') - BOARD_FRAME;
    const boxHeight = inner(this.clientHeight, 'paddingTop', 'paddingBottom') - BOARD_FRAME;
    const rows = height + SPAWN_ROWS;
    const sides = rules.preview > 0 ? 2 : 1;
    const across = width + sides * (SIDE_CELLS + SIDE_GAP);
    const cell = Math.max(6, Math.floor(Math.min(boxHeight / rows, boxWidth / across)));
    this.style.setProperty('--cell', `${cell}px`);
    this.renderer.layout(width, height, rules.preview, cell);
    this.runner.redraw();
  }

  drawn(snapshot) {
    for (const placement of snapshot.locked) {
      this.emit('piece', { placement, stats: snapshot.view.stats });
    }
    const { lines } = snapshot.view.stats;
    if (lines > this.lastLines) {
      this.emit('lines', { cleared: lines - this.lastLines, lines });
    }
    this.lastLines = lines;
    this.renderer.draw({
      cells: snapshot.cells,
      view: snapshot.view,
      target: snapshot.target,
      hints: this.settings.hints ? snapshot.hints : [],
    });
    const { stats } = snapshot.view;
    this.setText('stat-lines', stats.lines);
    this.setText('stat-pieces', stats.pieces);
    this.setText('stat-score', stats.score);
    this.setText(
      'stat-ppl',
      stats.pieces_per_line == null ? '–' : stats.pieces_per_line.toFixed(3),
    );
    const ms = (v) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
    const { last, median } = snapshot.decision;
    this.setText('stat-decision', last == null ? '–' : `${ms(last)} ms · median ${ms(median)} ms`);
    this.showOverlay();
  }

  setText(id, value) {
    const text = String(value);
    if (this.text.get(id) !== text) {
      this.text.set(id, text);
      this.$(id).textContent = text;
    }
  }

  showOverlay() {
    const state = this.runner.over ? 'over' : this.runner.paused ? 'paused' : '';
    const key = `${state}:${this.controls}:${this.runner.gameId}`;
    if (key === this.overlayKey) return;
    this.overlayKey = key;
    this.$('overlay').hidden = !state;
    this.$('overlay-actions').hidden = state !== 'over' || this.controls !== 'full';
    if (state === 'over') {
      const { stats } = this.runner.snapshot.view;
      this.$('overlay-title').textContent = 'Game over';
      this.$('overlay-text').textContent =
        `${stats.lines} lines · ${stats.pieces} pieces${this.settings.rules === 'guideline' ? ` · ${stats.score} points` : ''}`;
    } else if (state === 'paused') {
      this.$('overlay-title').textContent = 'Paused';
      this.$('overlay-text').textContent = this.controls === 'none' ? '' : 'Press P to go on';
    }
  }

  over() {
    this.emit('gameover', { stats: this.runner.snapshot.view.stats });
  }

  /** Shows a problem that stops the element (no game can run) in its box, and fires `error`. */
  fail(text) {
    this.$('error-text').textContent = text;
    this.$('error').hidden = false;
    this.emit('error', { message: text });
  }

  /** Shows a refused change in a banner over the game, which goes on, and fires `error`. */
  report(text) {
    if (!this.game) {
      this.fail(text);
      return;
    }
    this.$('banner').textContent = text;
    this.$('banner').hidden = false;
    this.emit('error', { message: text });
  }

  hideError() {
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

  /** Whether the game is paused. */
  get paused() {
    return this.runner.paused;
  }

  /** What the game showed last (`{cells, view, target, hints, decision}`), or null. */
  get snapshot() {
    return this.runner.snapshot;
  }

  /** The build the game runs on: "threaded" or "plain" (null before it starts). */
  get build() {
    return this.game ? this.game.build : null;
  }

  /** Resolves once the element's first game runs (rejects if it cannot start: the reason is
   * shown in the box, and a later `update` may still start it). */
  get ready() {
    return this.started ?? Promise.reject(new Error('the element is not in a document'));
  }
}

// A property for every setting: reading gives the current value, writing applies it at once
// (and reflects it to the attribute). Values as the attributes take them, or their parsed form.
for (const [name, attribute] of Object.entries(ATTRIBUTES)) {
  Object.defineProperty(TetrisAiElement.prototype, name, {
    configurable: true,
    enumerable: true,
    get() {
      if (this.settings) return this.settings[name];
      return this.getAttribute(attribute);
    },
    set(value) {
      const text = asText(name, value);
      if (!this.engine) {
        if (text === null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, text);
        return;
      }
      let parsed;
      try {
        parsed = fromAttribute(name, text, this.engine);
      } catch (err) {
        this.report(message(err));
        return;
      }
      this.reflecting = true;
      try {
        if (parsed === null || parsed === false) this.removeAttribute(attribute);
        else this.setAttribute(attribute, parsed === true ? '' : toAttribute(name, parsed));
      } finally {
        this.reflecting = false;
      }
      this.update({ [name]: parsed }).catch(() => {});
    },
  });
}

if (!customElements.get('tetris-ai')) customElements.define('tetris-ai', TetrisAiElement);
