// The `<tetris-ai>` element: a game of the engine in any page.
//
//   <script type="module" src="tetris-ai-element.js"></script>
//   <tetris-ai preset="dellacherie" rules="guideline" board="10x20" autoplay></tetris-ai>
//
// Attributes (each also a property; a change applies at once): `preset` or `weights` (JSON),
// `rules` (classic or guideline), `board` ("10x20"), `seed`, `depth`, `as-published` (a preset
// plays under the rules and search it was published with, as `presets()` gives them, instead of
// `rules`, `depth` and `margin`; no effect with custom `weights`), `autoplay` (the AI plays),
// `autorestart` (a new game after the AI's game ends), `controls` (none, play or full), `touch`
// (auto, on or off), `parallel` (auto, on or off), and `ai-delay`, `fps`, `hints`, `gravity`,
// `lock-delay`, `margin`. The game runs in a worker of its own, on the threaded build where the
// page is cross-origin isolated, else the simd one (the plain one where the browser has no
// WebAssembly SIMD); the element sizes itself to its box, keeps its styles in its shadow root
// and takes keys only while it has focus (its size comes from the page, never from what it
// holds: give it a height). Touch buttons show where the pointer is coarse (or as `touch` says),
// a "Play yourself" / "Let the AI play" button flips `autoplay` for a visitor (with `controls`
// play or full), a "?" button and the ? key show the keys and a legend, and a polite live region
// announces line clears and game over. The game-over screen takes no input for a second, so
// that keys and taps meant for the game that ended do not start the next one. Events: `ready`,
// `newgame`, `piece`, `lines`, `gameover`, `error`, `calibrated`, and `autoplaychange` when the
// visitor flips `autoplay` with that button (`detail.autoplay`). A refused attribute or property
// value fires `error` and shows over the game for a few seconds; `update()` rejects and fires
// `error`, leaving the telling to its caller (where no game could start, the element's box says
// why). Removing it stops its worker.

import { createGame, limits, presets, resolveBuild, timeDepths } from './tetris-ai.js';
import { count } from './lib/count.js';
import { attachKeyboard } from './lib/keys.js';
import { attachSwipes, attachTouchButtons } from './lib/touch.js';
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
  asPublished: 'as-published',
  autoplay: 'autoplay',
  autorestart: 'autorestart',
  controls: 'controls',
  touch: 'touch',
  parallel: 'parallel',
  aiDelay: 'ai-delay',
  fps: 'fps',
  hints: 'hints',
  gravity: 'gravity',
  lockDelay: 'lock-delay',
  margin: 'margin',
};
const PROPERTY = Object.fromEntries(Object.entries(ATTRIBUTES).map(([p, a]) => [a, p]));

/**
 * Settings that only a new game can change (the others apply to the running game). A change of
 * `asPublished`, `preset` or `weights` also needs one when it changes the published rules and
 * search in play (see `publishedOf`).
 */
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
const TOUCH = ['auto', 'on', 'off'];
/** Where touch buttons show by themselves (`touch="auto"`): the main pointer is a finger. */
const COARSE = '(pointer: coarse)';

/**
 * The rules and search (`{rules, search}`, from `presets()`) the preset called `preset` was
 * published with, where it plays as published (`asPublished`); else null (also for no preset).
 */
export function publishedRules(presets, preset, asPublished) {
  if (!asPublished || !preset) return null;
  return presets.find((p) => p.name === preset)?.published ?? null;
}

/**
 * Milliseconds as the element and the page show a decision's time: whole above 10, else two
 * significant digits ("1.4", "0.27", "0.0012").
 */
export function msText(ms) {
  if (!(ms > 0)) return '0';
  if (ms >= 10) return ms.toFixed(0);
  return ms.toFixed(Math.min(6, 1 - Math.floor(Math.log10(ms))));
}

/** A decision whose median reads at least this many steps of the clock is told by the median. */
const FINE_STEPS = 20;
/** Below a fine clock's reach, the mean of at least this many decisions tells their time. */
const MEAN_DECISIONS = 10;

/**
 * The AI's decision time as the element shows it, from a snapshot's `decision` (see
 * lib/session.js): the median of the recent decisions where each lasts many steps of the clock;
 * else their mean ("≈ 0.042 ms"), true where each reads as 0 or one step, or "< 1 ms" (the
 * step) while none has read above 0; "…" before enough decisions for a mean; "–" without any.
 */
function decisionText({ median, mean, count, clock }) {
  if (!count) return '–';
  if (median >= FINE_STEPS * clock) return `${msText(median)} ms`;
  if (mean === 0) return `< ${msText(clock)} ms`;
  if (count < MEAN_DECISIONS) return '…';
  return `≈ ${msText(mean)} ms`;
}

/** The pause after the AI's game ends before the next one starts (`autorestart`), in ms. */
export const RESTART_MS = 2000;
/** Line clears are announced at most this often, in ms (the clears between are summed). */
const ANNOUNCE_MS = 1000;
/** Above this frame rate line clears are not announced at all (game over still is). */
const ANNOUNCE_MAX_FPS = 60;
/** The board's description (its `aria-label`) changes at most this often, in ms. */
const LABEL_MS = 1000;
/**
 * For this long after a game ends, in ms, its game-over screen takes no input: keys and taps
 * still meant for the game (a last hard drop, a held key) would start the next one unseen.
 */
const OVER_GRACE_MS = 1000;
/** A refused attribute or property value shows over the game this long, in ms. */
const BANNER_MS = 10_000;

/** Room beside the board for hold and stats (left) and the queue (right), in cells. */
const SIDE_CELLS = 4.2;
/** The gap between the board and a side column, in cells. */
const SIDE_GAP = 0.5;
/** The board's frame (padding and border), in pixels. */
const BOARD_FRAME = 12;
/** The gap between the board and the rows under it (legend, touch buttons), in pixels. */
const ROW_GAP = 8;

/** The swatches and words of the legend (the board draws the same way: see lib/render.js). */
const LEGEND = `
<li><span class="swatch target" aria-hidden="true"></span>AI target</li>
<li><span class="swatch ghost" aria-hidden="true"></span>ghost (where your piece lands)</li>
<li><span class="swatch hint" aria-hidden="true"></span>hints (the AI's next best spots)</li>`;

/** The keys, as the help lists them. */
const KEY_HELP = `
<li><kbd>←</kbd> <kbd>→</kbd> move</li>
<li><kbd>↑</kbd> rotate clockwise</li>
<li><kbd>Z</kbd> rotate counter-clockwise</li>
<li><kbd>↓</kbd> soft drop (a tap: one row)</li>
<li><kbd>Space</kbd> hard drop</li>
<li><kbd>Shift</kbd> hold</li>
<li><kbd>P</kbd> pause and resume (at game over: a new game)</li>
<li><kbd>N</kbd> new game</li>
<li><kbd>R</kbd> replay this seed</li>
<li><kbd>?</kbd> this help, <kbd>Esc</kbd> closes it</li>`;

/** The touch gestures, as the help lists them. */
const TOUCH_HELP = `
<li>The buttons under the board hold their key while pressed.</li>
<li>On the board: swipe left or right to move, tap to rotate, swipe down to drop, swipe up to hold.</li>`;

const TEMPLATE = `
<style>${STYLE}</style>
<div class="stage">
<div class="frame" part="frame">
  <div class="side left">
    <div class="box" id="hold-box"><h2>Hold</h2><canvas id="hold" role="img" aria-label="Hold piece"></canvas></div>
    <dl class="box stats" aria-label="Statistics">
      <div><dt>Lines</dt><dd id="stat-lines">0</dd></div>
      <div><dt>Pieces</dt><dd id="stat-pieces">0</dd></div>
      <div id="score-row"><dt>Score</dt><dd id="stat-score">0</dd></div>
      <div><dt>Pieces / line</dt><dd id="stat-ppl">–</dd></div>
      <div><dt>AI decision</dt><dd id="stat-decision" class="small">–</dd></div>
    </dl>
    <button type="button" id="play-toggle" class="play-toggle">Play yourself</button>
    <button type="button" id="help-button" class="help-button" aria-label="Keys and legend" aria-haspopup="dialog" title="Keys and legend (?)">?</button>
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
      <p id="overlay-note" class="overlay-text"></p>
    </div>
  </div>
  <div class="side right">
    <div class="box" id="next-box"><h2>Next</h2><canvas id="next" role="img" aria-label="Next pieces"></canvas></div>
  </div>
</div>
<ul id="legend" class="legend" aria-label="Legend">${LEGEND}</ul>
<div id="touch" class="touch" role="group" aria-label="Touch controls" hidden>
  <button type="button" data-key="left" aria-label="Move left">←</button>
  <button type="button" data-key="right" aria-label="Move right">→</button>
  <button type="button" data-key="soft_drop" aria-label="Soft drop">↓</button>
  <button type="button" data-key="hard_drop" aria-label="Hard drop">Drop</button>
  <button type="button" data-key="ccw" aria-label="Rotate counter-clockwise">↺</button>
  <button type="button" data-key="cw" aria-label="Rotate clockwise">↻</button>
  <button type="button" data-key="hold" aria-label="Hold">Hold</button>
</div>
</div>
<div id="help" class="help" role="dialog" aria-labelledby="help-title" hidden>
  <h2 id="help-title">Keys</h2>
  <ul class="help-list">${KEY_HELP}</ul>
  <h2>Touch</h2>
  <ul class="help-list">${TOUCH_HELP}</ul>
  <h2>On the board</h2>
  <ul class="legend in-help">${LEGEND}</ul>
  <p class="help-note">The game is paused while this is open.</p>
  <button type="button" id="help-close" class="primary">Close</button>
</div>
<div id="live" class="visually-hidden" aria-live="polite"></div>
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
    case 'asPublished':
    case 'autoplay':
    case 'autorestart':
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
    case 'touch':
      if (text === null || text === '') return 'auto';
      if (!TOUCH.includes(text))
        throw new Error(`touch must be ${TOUCH.join(', ')}, got "${text}"`);
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
    /**
     * The parallel measurements, by what they depend on (see `searchKey`): `{sequential,
     * parallel, decisions, depth}`, or `{failed, depth}`; and the keys being measured.
     */
    this.calibrations = new Map();
    this.calibrating = new Set();
    /** The depth timings, by rules and board: `{promise, times}` (times once known). */
    this.depthTimings = new Map();
    /** The last measurement asked for (see `measureSerially`). */
    this.measurements = Promise.resolve();
    this.changes = Promise.resolve();
    this.lastLines = 0;
    this.text = new Map();
    /** Whether the help is open, and whether closing it resumes the game. */
    this.helpOpen = false;
    this.helpResumes = false;
    /** When the last game ended, and the timer that gives "New game" the focus after it. */
    this.overAt = -Infinity;
    this.actionsTimer = null;
    /** The countdown to the next game (`autorestart`): its interval and when it ends. */
    this.restartTimer = null;
    this.restartAt = null;
    /** Line clears not yet announced, the total, when the last announcement was, its timer. */
    this.lineNews = { cleared: 0, total: 0, at: -Infinity, timer: null };
    /** When the board's label last changed, and whether it said game over. */
    this.labelAt = -Infinity;
    this.labelOver = false;
    this.coarse = matchMedia(COARSE);
    this.pointerChanged = () => this.layout();
    this.runner = new Runner({
      settings: () => this.runnerSettings(),
      onFrame: (snapshot) => this.drawn(snapshot),
      onOver: () => this.over(),
      onError: (err) => this.fail(`The engine failed: ${message(err)}`),
    });
    this.runner.placements = this.placements;
    this.$('overlay-new').addEventListener('click', () => {
      if (this.overGraceEnded()) this.newGame({ seed: randomSeed() });
    });
    this.$('overlay-replay').addEventListener('click', () => {
      if (this.overGraceEnded()) this.newGame();
    });
    this.guardActions(this.$('overlay-actions'));
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
    this.keyboard = attachKeyboard(this, {
      press: (key) => this.controls !== 'none' && this.runner.press(key),
      release: (key) => this.runner.release(key),
      command: (name) => this.command(name),
    });
    this.coarse.addEventListener('change', this.pointerChanged);
    this.started = this.start();
    this.started.catch(() => {}); // shown in the box and fired as `error`
  }

  disconnectedCallback() {
    clearTimeout(this.actionsTimer);
    this.resizer?.disconnect();
    this.keyboard?.detach();
    this.coarse.removeEventListener('change', this.pointerChanged);
    this.cancelRestart();
    this.quietLines();
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
      this.update({ [name]: fromAttribute(name, text, this.engine) }).catch((err) =>
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

  /**
   * The rules and search the preset of `s` was published with, where `s` plays it as published;
   * else null (also with custom weights).
   */
  publishedOf(s) {
    return publishedRules(this.engine.presets, s.weights ? null : s.preset, s.asPublished);
  }

  /** The rules `s` plays: its preset's published ones, or those `rules` names. */
  rulesOf(s) {
    return this.publishedOf(s)?.rules ?? this.engine.limits.rules[s.rules];
  }

  /** The engine's game configuration for `s`. */
  config(s) {
    const published = this.publishedOf(s);
    const search = published ? { ...published.search } : { depth: s.depth };
    if (!published && typeof s.margin === 'number') search.margin = s.margin;
    const config = {
      rules: this.rulesOf(s),
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
    this.cancelRestart();
    this.quietLines();
    this.labelAt = -Infinity;
    await this.game.setParallel(this.parallelInUse());
    this.runner.resume();
    if (this.helpOpen) {
      this.helpResumes = true;
      this.runner.pause();
    }
    this.runner.start();
    this.layout();
    this.hideError();
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
        const renew =
          !this.game ||
          Object.keys(patch).some((name) => NEW_GAME.has(name)) ||
          this.publishedOf(this.settings) !== this.publishedOf(next);
        if (renew) {
          await this.replaceGame(next);
        } else {
          await this.applyLive(patch, next);
        }
        if (starting) this.started = Promise.resolve();
      } catch (err) {
        this.refused(message(err));
        throw err;
      }
    });
  }

  async applyLive(patch, next) {
    const searched = this.searchKey(this.settings);
    if ('preset' in patch || 'weights' in patch) {
      const preset = this.engine.presets.find((p) => p.name === next.preset);
      await this.game.setWeights(next.weights ?? preset?.weights ?? {});
    }
    // While the preset plays as published, its published search stands.
    if (('depth' in patch || 'margin' in patch) && !this.publishedOf(next)) {
      await this.game.setSearch({ depth: next.depth, margin: next.margin });
    }
    if ('gravity' in patch || 'lockDelay' in patch) {
      await this.game.setHandling({ gravity: next.gravity, lock_delay: next.lockDelay });
    }
    this.settings = next;
    // A new search is measured anew where "auto" follows a measurement; until it is measured,
    // "auto" searches on one thread.
    if ('parallel' in patch || this.searchKey(next) !== searched) {
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

  /**
   * What the time of a decision depends on, besides the weights: the rules, board and search
   * `s` plays (less the margin, which changes little of the work), as text.
   */
  searchKey(s) {
    const { rules, width, height, search } = this.config(s);
    const { margin, ...rest } = search;
    return JSON.stringify([rules, width, height, rest]);
  }

  /** The rules and board `s` plays, as text. */
  boardKey(s) {
    const { rules, width, height } = this.config(s);
    return JSON.stringify([rules, width, height]);
  }

  /**
   * Runs `task` once every measurement asked for before it is done, so that no two measurements
   * share the machine's cores (a measurement of the pool needs them all).
   */
  measureSerially(task) {
    const run = this.measurements.then(task);
    this.measurements = run.catch(() => {});
    return run;
  }

  /** The search depth `s` plays (the preset's published one where it plays as published). */
  depthOf(s) {
    return this.config(s).search.depth;
  }

  /**
   * Whether the search runs on the pool: never at depth 1 (a decision of one piece has no later
   * plies to split); else the setting, or ("auto") where a measurement of the search in play
   * found it faster.
   */
  parallelInUse() {
    if (this.game?.build !== 'threaded' || this.depthOf(this.settings) < 2) return false;
    if (this.settings.parallel !== 'auto') return this.settings.parallel === 'on';
    const measured = this.calibrations.get(this.searchKey(this.settings));
    return Boolean(measured && measured.parallel < measured.sequential);
  }

  /**
   * On the threaded build at depth 2 or more, measures whether the pool makes decisions of the
   * rules, board, weights and search in play faster here (once per `searchKey`, whatever
   * `parallel` says: "auto" follows the answer, and `parallelState` tells it either way), in
   * the game's worker between its frames, so that the game plays on; then applies the answer
   * and fires `calibrated`. The changes that ask for it do not wait for it.
   */
  calibrate() {
    if (this.game?.build !== 'threaded' || this.depthOf(this.settings) < 2) return;
    const key = this.searchKey(this.settings);
    if (this.calibrations.has(key) || this.calibrating.has(key)) return;
    this.calibrating.add(key);
    const game = this.game;
    const config = this.config(this.settings);
    const { depth } = config.search;
    this.measureSerially(async () => {
      // A search no longer in play is measured if it comes back.
      if (this.game !== game || this.searchKey(this.settings) !== key) return;
      try {
        this.calibrations.set(key, { ...(await game.calibrateParallel(config)), depth });
      } catch (err) {
        if (this.game !== game || !game.alive) return;
        this.calibrations.set(key, { failed: message(err), depth });
      }
      await this.serially(() => this.game === game && game.setParallel(this.parallelInUse()));
      this.emit('calibrated', this.parallelState());
    }).finally(() => this.calibrating.delete(key));
  }

  /**
   * Whether the pool is in use and why: `{on, why, calibration}`; `why` gives the measurement
   * at the search in play once made, whatever `parallel` says.
   */
  parallelState() {
    const on = this.parallelInUse();
    const depth = this.settings ? this.depthOf(this.settings) : null;
    const measured = this.settings ? this.calibrations.get(this.searchKey(this.settings)) : null;
    const state = on ? 'On' : 'Off';
    const times =
      measured && !measured.failed
        ? `on this machine a decision at depth ${depth} takes ${msText(measured.parallel)} ms ` +
          `parallel and ${msText(measured.sequential)} ms sequential.`
        : null;
    let why;
    if (this.game?.build !== 'threaded') {
      why = `Off: the ${this.game?.build ?? 'single-threaded'} build has no thread pool.`;
    } else if (depth < 2) {
      why = 'Off: depth 1 never splits; from depth 2, the plies after the first share the threads.';
    } else if (this.settings.parallel !== 'auto') {
      why = `${state}: your choice${times ? `; ${times}` : '.'}`;
    } else if (!measured) {
      why = `Off until this machine is measured at depth ${depth}.`;
    } else if (measured.failed) {
      why = `Off: measuring this machine at depth ${depth} failed (${measured.failed}).`;
    } else {
      why = `${state}: ${times}`;
    }
    return { on, why, calibration: times ? measured : null };
  }

  /**
   * The time of a decision at each search depth under the rules, board, weights and search in
   * play: resolves to `[{depth, ms, decisions}]` (see `timeDepths` of the API: on one thread,
   * in a short-lived worker of its own, so that the game plays on). Measured once per rules and
   * board, after the measurements asked for before it; rejects if the rules or board change
   * before it starts.
   */
  timeDepths() {
    if (!this.settings) return Promise.reject(new Error('the element has not started'));
    const key = this.boardKey(this.settings);
    let timing = this.depthTimings.get(key);
    if (!timing) {
      const config = this.config(this.settings);
      timing = { times: null };
      timing.promise = this.measureSerially(async () => {
        if (this.boardKey(this.settings) !== key) {
          throw new Error('the rules or board changed before their depths were timed');
        }
        timing.times = await timeDepths(config);
        return timing.times;
      });
      timing.promise.catch(() => this.depthTimings.delete(key));
      this.depthTimings.set(key, timing);
    }
    return timing.promise;
  }

  /** What `timeDepths` resolves to for the rules and board in play once measured, else null. */
  get depthTimes() {
    if (!this.settings) return null;
    return this.depthTimings.get(this.boardKey(this.settings))?.times ?? null;
  }

  runnerSettings() {
    const s = this.settings;
    return { fps: s.fps, aiEnabled: s.autoplay, aiDelay: s.aiDelay, hints: s.hints };
  }

  // ---- drawing ----

  /** Whether the touch buttons show: `touch` on, or auto where the main pointer is a finger. */
  touchShown() {
    if (!this.settings || this.settings.controls === 'none') return false;
    const { touch } = this.settings;
    return touch === 'on' || (touch === 'auto' && this.coarse.matches);
  }

  /** Shows the controls the settings ask for (who plays, help, legend, touch buttons). */
  showControls() {
    const { controls, autoplay } = this.settings;
    this.$('play-toggle').hidden = controls === 'none';
    this.$('play-toggle').textContent = autoplay ? 'Play yourself' : 'Let the AI play';
    this.$('help-button').hidden = controls === 'none';
    this.$('legend').hidden = controls !== 'full';
    const touch = this.touchShown();
    this.$('touch').hidden = !touch;
    for (const button of this.$('touch').querySelectorAll('button')) button.disabled = autoplay;
    this.$('board').classList.toggle('swipes', touch && !autoplay);
  }

  /** Sizes the board to the element's box, less the rows under it (legend, touch buttons). */
  layout() {
    if (!this.settings) return;
    const [width, height] = this.settings.board;
    const rules = this.rulesOf(this.settings);
    this.$('hold-box').hidden = !rules.hold;
    this.$('next-box').hidden = rules.preview === 0;
    this.$('next-box').parentElement.hidden = rules.preview === 0;
    // Only the guideline rules score; the research rules count lines alone.
    this.$('score-row').hidden = rules.kind !== 'guideline';
    this.showControls();
    const below = ['legend', 'touch']
      .map((id) => this.$(id))
      .reduce((sum, row) => sum + (row.hidden ? 0 : row.offsetHeight + ROW_GAP), 0);
    const style = getComputedStyle(this);
    const inner = (size, ...sides) =>
      size - sides.reduce((sum, side) => sum + (parseFloat(style[side]) || 0), 0);
    const boxWidth = inner(this.clientWidth, 'paddingLeft', 'paddingRight') - BOARD_FRAME;
    const boxHeight = inner(this.clientHeight, 'paddingTop', 'paddingBottom') - BOARD_FRAME - below;
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
      this.noteLines(lines - this.lastLines, lines);
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
    this.setText('stat-decision', decisionText(snapshot.decision));
    this.describeBoard(stats);
    this.showOverlay();
  }

  /**
   * The board's label for screen readers: its size, lines, pieces and game over. Changes at
   * most once per LABEL_MS, and at once when the game ends or a new one starts.
   */
  describeBoard(stats) {
    const now = performance.now();
    if (now - this.labelAt < LABEL_MS && stats.game_over === this.labelOver) return;
    this.labelAt = now;
    this.labelOver = stats.game_over;
    const [width, height] = this.settings.board;
    this.$('board').setAttribute(
      'aria-label',
      `Board, ${width} by ${height}: ${count(stats.lines, 'line')}, ${count(stats.pieces, 'piece')}` +
        (stats.game_over ? ', game over' : ''),
    );
  }

  /** Says `text` in the polite live region. */
  announce(text) {
    this.$('live').textContent = text;
  }

  /**
   * Announces line clears, at most once per ANNOUNCE_MS (the clears in between summed into one
   * announcement), and none while the frame rate is above ANNOUNCE_MAX_FPS: a fast game would
   * flood a screen reader.
   */
  noteLines(cleared, total) {
    if (this.settings.fps > ANNOUNCE_MAX_FPS || this.runner.over) return;
    const news = this.lineNews;
    news.cleared += cleared;
    news.total = total;
    if (news.timer !== null) return;
    const wait = Math.max(0, news.at + ANNOUNCE_MS - performance.now());
    news.timer = setTimeout(() => {
      news.timer = null;
      news.at = performance.now();
      this.announce(`${count(news.cleared, 'line')} cleared, ${news.total} in total`);
      news.cleared = 0;
    }, wait);
  }

  /** Drops the line clears not yet announced. */
  quietLines() {
    clearTimeout(this.lineNews.timer);
    this.lineNews.timer = null;
    this.lineNews.cleared = 0;
  }

  setText(id, value) {
    const text = String(value);
    if (this.text.get(id) !== text) {
      this.text.set(id, text);
      this.$(id).textContent = text;
    }
  }

  /**
   * The game-over or pause overlay, with the buttons and keys that work there: the game-over
   * buttons with `controls="full"`, and on a touch screen (where they are all there is) with
   * `play` too.
   */
  showOverlay() {
    const state = this.runner.over ? 'over' : this.runner.paused ? 'paused' : '';
    const touch = this.touchShown();
    const note = this.overlayNote(state);
    const key = `${state}:${this.controls}:${touch}:${this.runner.gameId}:${note}`;
    if (key === this.overlayKey) return;
    const entering = `${state}:${this.runner.gameId}` !== this.overlayState;
    this.overlayKey = key;
    this.overlayState = `${state}:${this.runner.gameId}`;
    const overlay = this.$('overlay');
    const focused = this.matches(':focus');
    const inOverlay = overlay.contains(this.root.activeElement);
    const actions = state === 'over' && (this.controls === 'full' || touch);
    overlay.hidden = !state;
    this.$('overlay-actions').hidden = !actions;
    this.$('overlay-note').textContent = note;
    this.$('overlay-note').hidden = !note;
    if (state === 'over') {
      const { stats } = this.runner.snapshot.view;
      const scored = this.rulesOf(this.settings).kind === 'guideline';
      this.$('overlay-title').textContent = 'Game over';
      this.$('overlay-text').textContent =
        `${count(stats.lines, 'line')} · ${count(stats.pieces, 'piece')}` +
        (scored ? ` · ${count(stats.score, 'point')}` : '');
    } else if (state === 'paused') {
      this.$('overlay-title').textContent = 'Paused';
      this.$('overlay-text').textContent =
        this.controls === 'none' || touch ? '' : 'Press P to go on';
    }
    // The keyboard follows: to "New game" once the game's last keys are past, back to the
    // element as the overlay goes.
    if (focused && entering && actions && !this.helpOpen) {
      this.focusActionsLater();
    } else if (inOverlay && (!state || !actions)) {
      this.focus({ preventScroll: true });
    }
  }

  /**
   * Whether the game that ended did so at least `OVER_GRACE_MS` ago, so that a key or tap meant
   * for it (a hard drop at the top, a held key) is not taken for the game-over screen's.
   */
  overGraceEnded() {
    return performance.now() - this.overAt >= OVER_GRACE_MS;
  }

  /**
   * Gives "New game" the focus once the grace after game over ends (see `overGraceEnded`), if
   * the element still has it and that game still shows its game-over buttons.
   */
  focusActionsLater() {
    clearTimeout(this.actionsTimer);
    const gameId = this.runner.gameId;
    const wait = Math.max(0, this.overAt + OVER_GRACE_MS - performance.now());
    this.actionsTimer = setTimeout(() => {
      const shown = !this.$('overlay-actions').hidden && this.runner.gameId === gameId;
      if (shown && this.runner.over && this.matches(':focus') && !this.helpOpen) {
        this.$('overlay-new').focus({ preventScroll: true });
      }
    }, wait);
  }

  /**
   * Keeps the keys of the game that ended off the game-over buttons in `actions`: Enter and
   * Space act there only when pressed after the grace (see `overGraceEnded`), not by a held key's
   * repeats, and Space only when it also went down there (not held over from the game).
   */
  guardActions(actions) {
    let pressed = null; // the button that a fresh Space went down on
    actions.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const fresh = !event.repeat && this.overGraceEnded();
      if (!fresh) event.preventDefault();
      if (event.key === ' ') pressed = fresh ? event.target : null;
    });
    actions.addEventListener('keyup', (event) => {
      if (event.key !== ' ') return;
      if (pressed !== event.target) event.preventDefault();
      pressed = null;
    });
  }

  /**
   * The overlay's last line: the countdown to the next game, or the keys of game over (none on
   * a touch screen, where its buttons show).
   */
  overlayNote(state) {
    if (state !== 'over') return '';
    if (this.restartAt !== null) {
      const seconds = Math.max(1, Math.ceil((this.restartAt - performance.now()) / 1000));
      return `Next game in ${seconds} s`;
    }
    if (this.controls === 'none' || this.touchShown()) return '';
    return 'N: new game · R: replay this seed';
  }

  over() {
    this.overAt = performance.now();
    const { stats } = this.runner.snapshot.view;
    this.emit('gameover', { stats });
    this.quietLines();
    this.announce(`Game over: ${count(stats.lines, 'line')}, ${count(stats.pieces, 'piece')}`);
    this.scheduleRestart();
  }

  /**
   * With `autorestart` while the AI plays, a game that ended is followed RESTART_MS later by a
   * new one with a new seed (the overlay counts down meanwhile); otherwise any countdown stops.
   */
  scheduleRestart() {
    const wanted =
      this.runner.over && this.settings.autorestart && this.settings.autoplay && !this.helpOpen;
    if (!wanted) {
      this.cancelRestart();
      return;
    }
    if (this.restartTimer !== null) return;
    this.restartAt = performance.now() + RESTART_MS;
    this.restartTimer = setInterval(() => {
      if (performance.now() < this.restartAt) {
        this.showOverlay();
        return;
      }
      this.cancelRestart();
      this.newGame({ seed: randomSeed() }).catch(() => {});
    }, 250);
    this.showOverlay();
  }

  cancelRestart() {
    if (this.restartTimer === null) return;
    clearInterval(this.restartTimer);
    this.restartTimer = null;
    this.restartAt = null;
    if (this.runner.snapshot) this.showOverlay();
  }

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
    if (name === 'pause' && this.runner.over && !this.overGraceEnded()) return true;
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

  /**
   * Hands the game to the visitor, or back to the AI ("Play yourself" / "Let the AI play"):
   * flips `autoplay`, gives a visitor who takes over the keys, and once that applies fires
   * `autoplaychange` with the new `autoplay`, so that the page can follow.
   */
  togglePlayer() {
    const autoplay = !this.settings.autoplay;
    this.autoplay = autoplay; // applied after the changes asked for before it
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
    return this.settings ? structuredClone(this.rulesOf(this.settings)) : null;
  }

  /**
   * The search the element gives the AI (a copy; without a margin the engine takes the preset's):
   * `depth` and `margin`, or with `as-published` the preset's published search. Null before the
   * element starts.
   */
  get searchInPlay() {
    return this.settings ? structuredClone(this.config(this.settings).search) : null;
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
      this.update({ [name]: parsed }).catch((err) => this.showBanner(message(err)));
    },
  });
}

if (!customElements.get('tetris-ai')) customElements.define('tetris-ai', TetrisAiElement);
