// The page: loads the engine, starts games from the settings, wires the panel, the keyboard,
// the loop and the renderer together, and exposes `window.tetris` for tests.

import { loadEngine } from './engine.js';
import { attachKeyboard } from './input.js';
import { Runner } from './loop.js';
import { createPanel, matchPreset } from './panel.js';
import { Renderer } from './render.js';
import * as store from './settings.js';

const $ = (id) => document.getElementById(id);

function message(err) {
  return err instanceof Error ? err.message : String(err);
}

let resolveReady;
let rejectReady;
const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
ready.catch(() => {}); // reported on the page; a test awaiting it still sees the rejection

let settings = store.load();
let engine = null;
let panel = null;
let keyboard = null;
let weightsVersion = 0;
let hintKey = '';
let hints = [];
let needsDraw = true;
let overlayState = '';
const text = new Map();

const renderer = new Renderer($('board'), $('hold'), $('next'));
const runner = new Runner({
  settings: () => settings,
  onFrame: draw,
  onOver: () => { needsDraw = true; },
  onError: (err) => {
    panel.showGameError(`The engine failed: ${message(err)}`);
    needsDraw = true;
  },
});

window.tetris = {
  ready,
  kind: null,
  get game() {
    return runner.game;
  },
  placements: runner.placements,
  pause() {
    if (!runner.over) runner.pause();
    needsDraw = true;
  },
  resume() {
    runner.resume();
    needsDraw = true;
  },
  get paused() {
    return runner.paused;
  },
};

function setText(id, value) {
  const s = String(value);
  if (text.get(id) !== s) {
    text.set(id, s);
    $(id).textContent = s;
  }
}

function ms(value) {
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

function updateOverlay() {
  const state = runner.over ? 'over' : runner.paused ? 'paused' : '';
  if (state === overlayState) return;
  overlayState = state;
  $('overlay').hidden = !state;
  $('overlay-actions').hidden = state !== 'over';
  $('pause').textContent = runner.paused && !runner.over ? 'Resume' : 'Pause';
  if (state === 'over') {
    const stats = runner.game.stats();
    $('overlay-title').textContent = 'Game over';
    $('overlay-text').textContent =
      `${stats.lines} lines · ${stats.pieces} pieces${settings.rules === 'guideline' ? ` · ${stats.score} points` : ''}`;
  } else if (state === 'paused') {
    $('overlay-title').textContent = 'Paused';
    $('overlay-text').textContent = 'Press P or Resume to go on';
  }
}

/** Draws the game and its statistics (once per animation frame while it runs). */
function draw() {
  const game = runner.game;
  if (!game) return;
  updateOverlay();
  if (!needsDraw && (runner.paused || runner.over)) return;
  needsDraw = false;
  const view = game.view();
  if (settings.hints && !runner.over) {
    const key = `${runner.gameId}:${view.stats.pieces}:${view.hold}:${view.active && view.active.piece}:${weightsVersion}`;
    if (key !== hintKey) {
      hintKey = key;
      const ranked = game.search();
      hints = ranked.filter((choice) => choice.score === ranked[0].score);
    }
  } else {
    hintKey = '';
    hints = [];
  }
  renderer.draw({
    cells: game.cells(),
    view,
    target: settings.aiEnabled ? runner.target : null,
    hints,
  });
  const { stats } = view;
  setText('stat-lines', stats.lines);
  setText('stat-pieces', stats.pieces);
  setText('stat-score', stats.score);
  setText('stat-ppl', stats.pieces_per_line == null ? '–' : stats.pieces_per_line.toFixed(3));
  setText('stat-decision', runner.lastDecision == null
    ? '–'
    : `${ms(runner.lastDecision)} ms · median ${ms(runner.medianDecision())} ms`);
}

function layout() {
  const guideline = settings.rules === 'guideline';
  $('hold-box').hidden = !guideline;
  $('next-box').hidden = !guideline;
  renderer.layout(settings.width, settings.height, guideline ? 5 : 0);
  needsDraw = true;
}

function updateShare() {
  $('share-link').href = store.shareUrl(settings);
}

function commit() {
  store.save(settings);
  updateShare();
}

/** Starts a game with the settings changed by `patch`; on a bad setting keeps the old game. */
function startGame(patch = {}) {
  const next = { ...settings, ...patch };
  let game;
  try {
    game = new engine.mod.Game(store.gameConfig(next));
  } catch (err) {
    panel.showGameError(message(err));
    panel.refresh();
    return false;
  }
  keyboard.releaseAll();
  settings = next;
  game.setParallel(settings.parallel && engine.kind === 'threaded');
  runner.setGame(game);
  runner.resume();
  hintKey = '';
  commit();
  layout();
  panel.showGameError('');
  panel.showHandlingNote(false);
  panel.refresh();
  return true;
}

/** Replaces the AI's weights in the running game; returns an error message or null. */
function setWeights(weights) {
  try {
    runner.game.setWeights(weights);
  } catch (err) {
    return message(err);
  }
  settings.weights = runner.game.weights();
  settings.preset = matchPreset(engine.presets, settings.weights);
  weightsVersion += 1;
  runner.replan();
  needsDraw = true;
  commit();
  panel.refresh();
  return null;
}

const app = {
  get settings() {
    return settings;
  },
  get paused() {
    return runner.paused;
  },
  live(name, value) {
    settings[name] = value;
    store.save(settings);
    needsDraw = true;
    const game = runner.game;
    if (name === 'aiEnabled') {
      keyboard.releaseAll();
      runner.replan();
    } else if (name === 'parallel') {
      game.setParallel(value && engine.kind === 'threaded');
    } else if (name === 'gravity' || name === 'lockDelay') {
      if (typeof game.setHandling === 'function') {
        game.setHandling({ gravity: settings.gravity, lock_delay: settings.lockDelay });
      } else {
        panel.showHandlingNote(true);
      }
    }
  },
  restart: (patch) => startGame(patch),
  newGame: (patch) => startGame(patch),
  randomSeed: () => startGame({ seed: store.randomSeed() }),
  togglePause() {
    if (runner.over) return;
    if (runner.paused) runner.resume();
    else runner.pause();
    needsDraw = true;
  },
  setWeights,
  presetChosen(name) {
    if (!name) {
      settings.preset = '';
      commit();
      return;
    }
    const preset = engine.presets.find((p) => p.name === name);
    if (!preset) return;
    const error = setWeights(preset.weights);
    if (error) {
      panel.showGameError(error);
      return;
    }
    settings.preset = name;
    settings.margin = preset.lookahead_margin;
    commit();
  },
};

/** Takes the settings a share link in the URL carries, then clears the hash. */
function applyShare() {
  let shared;
  try {
    shared = store.readShare(window.location.hash);
  } catch (err) {
    panel.showGameError(message(err));
    shared = null;
  }
  if (window.location.hash) {
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  if (!shared) return false;
  settings = store.merge(settings, shared);
  if (shared.weights) settings.preset = matchPreset(engine.presets, settings.weights);
  if (!('margin' in shared)) settings.margin = null;
  return true;
}

function defaultWeights() {
  const preset = engine.presets.find((p) => p.name === settings.preset)
    || engine.presets.find((p) => p.name === 'dellacherie')
    || engine.presets[0];
  settings.preset = preset.name;
  settings.weights = preset.weights;
  settings.margin = preset.lookahead_margin;
}

async function main() {
  const loaded = await loadEngine();
  engine = {
    ...loaded,
    presets: loaded.mod.presets(),
    features: loaded.mod.features(),
  };
  window.tetris.kind = engine.kind;
  const badge = $('engine-kind');
  badge.textContent = engine.kind;
  badge.classList.add(engine.kind);
  badge.title = engine.note || (engine.kind === 'threaded'
    ? `WebAssembly threads, ${navigator.hardwareConcurrency || 1} workers`
    : 'single-threaded WebAssembly');

  app.presets = engine.presets;
  app.features = engine.features;
  app.threaded = engine.kind === 'threaded';
  panel = createPanel(app);
  keyboard = attachKeyboard({
    press: (key) => {
      const taken = runner.press(key);
      if (taken) needsDraw = true;
      return taken;
    },
    release: (key) => runner.release(key),
    togglePause: () => app.togglePause(),
  });

  if (!settings.weights) defaultWeights();
  applyShare();
  if (!startGame()) {
    // Stored settings the engine refuses (from an older page, say): back to the defaults.
    const error = $('game-error').textContent;
    settings = store.defaults();
    defaultWeights();
    if (!startGame()) throw new Error(error);
    panel.showGameError(`Your saved settings were refused (${error}); the defaults are back.`);
  }

  $('overlay-new').addEventListener('click', () => app.randomSeed());
  $('overlay-replay').addEventListener('click', () => startGame());
  $('copy-share').addEventListener('click', async () => {
    const button = $('copy-share');
    try {
      await navigator.clipboard.writeText($('share-link').href);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Copy failed';
    }
    setTimeout(() => { button.textContent = 'Copy'; }, 1500);
  });
  window.addEventListener('hashchange', () => {
    if (applyShare()) startGame();
  });
  window.addEventListener('resize', layout);

  runner.start();
  resolveReady(window.tetris);
}

main().catch((err) => {
  const banner = $('load-error');
  banner.textContent = `The engine could not start: ${message(err)}`;
  banner.hidden = false;
  $('engine-kind').textContent = 'failed';
  rejectReady(err);
});
