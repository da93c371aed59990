// The page: starts games in the engine's worker from the settings, wires the panel, the
// keyboard, the loop and the renderer together, and exposes `window.tetris` for tests.

import {
  createGame, evolutionChoices, features, limits, presets, resolveBuild,
} from '../tetris-ai.js';
import { createEvolutionPanel } from './evolution-panel.js';
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

let settings = null;
let engine = null;
let panel = null;
let keyboard = null;
let calibration = null;
let needsDraw = true;
let overlayState = '';
const text = new Map();

const renderer = new Renderer($('board'), $('hold'), $('next'));
const runner = new Runner({
  settings: () => settings,
  onFrame: (snapshot) => {
    needsDraw = true;
    draw(snapshot);
  },
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
  },
  resume() {
    runner.resume();
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
    const { stats } = runner.snapshot.view;
    $('overlay-title').textContent = 'Game over';
    $('overlay-text').textContent =
      `${stats.lines} lines · ${stats.pieces} pieces${settings.rules === 'guideline' ? ` · ${stats.score} points` : ''}`;
  } else if (state === 'paused') {
    $('overlay-title').textContent = 'Paused';
    $('overlay-text').textContent = 'Press P or Resume to go on';
  }
}

/** Draws a snapshot of the game from its worker, and its statistics. */
function draw(snapshot = runner.snapshot) {
  if (!snapshot) return;
  updateOverlay();
  if (!needsDraw) return;
  needsDraw = false;
  renderer.draw({
    cells: snapshot.cells,
    view: snapshot.view,
    target: snapshot.target,
    hints: settings.hints ? snapshot.hints : [],
  });
  const { stats } = snapshot.view;
  setText('stat-lines', stats.lines);
  setText('stat-pieces', stats.pieces);
  setText('stat-score', stats.score);
  setText('stat-ppl', stats.pieces_per_line == null ? '–' : stats.pieces_per_line.toFixed(3));
  const { last, median } = snapshot.decision;
  setText('stat-decision', last == null ? '–' : `${ms(last)} ms · median ${ms(median)} ms`);
}

function layout() {
  const rules = store.rulesOf(settings);
  $('hold-box').hidden = !rules.hold;
  $('next-box').hidden = rules.preview === 0;
  renderer.layout(settings.width, settings.height, store.rulesOf(settings).preview);
  needsDraw = true;
  runner.redraw();
}

function updateShare() {
  $('share-link').href = store.shareUrl(settings);
}

function commit() {
  store.save(settings);
  updateShare();
}

/** Whether the AI's search runs on the worker's pool: the user's choice, else the faster. */
function parallelInUse() {
  if (engine.build !== 'threaded') return false;
  if (typeof settings.parallel === 'boolean') return settings.parallel;
  return Boolean(calibration && calibration.parallel < calibration.sequential);
}

/** Says which search runs and why, beside the "Parallelize AI" switch. */
function describeParallel() {
  let why;
  if (engine.build !== 'threaded') {
    why = 'Off: the plain build has no thread pool.';
  } else if (typeof settings.parallel === 'boolean') {
    why = `${settings.parallel ? 'On' : 'Off'}: your choice.`;
  } else if (!calibration) {
    why = 'Off until this machine is measured.';
  } else {
    const faster = calibration.parallel < calibration.sequential;
    why = `${faster ? 'On' : 'Off'}: on this machine a two-ply decision takes ` +
      `${ms(calibration.parallel)} ms parallel and ${ms(calibration.sequential)} ms sequential.`;
  }
  panel.showParallel(parallelInUse(), why);
}

// Changes to the game (a new game, weights, handling) run one at a time, in the order asked for,
// so that none applies to a game that is being replaced.
let changes = Promise.resolve();

/** Runs `task` after every change asked for before it; resolves to its result. */
function serially(task) {
  const run = changes.then(task);
  changes = run.catch(() => {});
  return run;
}

/** Starts a game with the settings changed by `patch`; on a bad setting keeps the old game. */
function startGame(patch = {}) {
  return serially(() => replaceGame(patch));
}

async function replaceGame(patch) {
  const next = { ...settings, ...patch };
  const config = store.gameConfig(next);
  try {
    if (runner.game) await runner.game.reset(config);
    else runner.setGame(await createGame(config, { build: engine.build }));
  } catch (err) {
    panel.showGameError(message(err));
    panel.refresh();
    return false;
  }
  keyboard.releaseAll();
  settings = next;
  runner.setGame(runner.game);
  await runner.game.setParallel(parallelInUse());
  runner.resume();
  commit();
  layout();
  panel.showGameError('');
  panel.showHandlingNote(false);
  panel.refresh();
  describeParallel();
  return true;
}

/** Replaces the AI's weights in the running game; resolves to an error message or null. */
function setWeights(weights) {
  return serially(() => replaceWeights(weights));
}

async function replaceWeights(weights) {
  try {
    await runner.game.setWeights(weights);
    settings.weights = await runner.game.weights();
  } catch (err) {
    return message(err);
  }
  settings.preset = matchPreset(engine.presets, settings.weights);
  runner.redraw();
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
    runner.redraw();
    const failed = (err) => panel.showGameError(message(err));
    if (name === 'aiEnabled') {
      keyboard.releaseAll();
    } else if (name === 'parallel') {
      serially(() => runner.game.setParallel(parallelInUse())).catch(failed);
      describeParallel();
    } else if (name === 'gravity' || name === 'lockDelay') {
      const handling = { gravity: settings.gravity, lock_delay: settings.lockDelay };
      serially(() => runner.game.setHandling(handling)).catch(failed);
    }
  },
  restart: (patch) => startGame(patch),
  newGame: (patch) => startGame(patch),
  randomSeed: () => startGame({ seed: store.randomSeed() }),
  togglePause() {
    if (runner.over) return;
    if (runner.paused) runner.resume();
    else runner.pause();
  },
  setWeights,
  async presetChosen(name) {
    if (!name) {
      settings.preset = '';
      commit();
      return;
    }
    const preset = engine.presets.find((p) => p.name === name);
    if (!preset) return;
    const error = await setWeights(preset.weights);
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
    || engine.presets.find((p) => p.name === engine.limits.default_preset)
    || engine.presets[0];
  settings.preset = preset.name;
  settings.weights = preset.weights;
  settings.margin = preset.lookahead_margin;
}

/** Measures once whether the pool makes the AI faster here, and applies the answer. */
async function calibrate() {
  if (engine.build !== 'threaded') return;
  const config = store.gameConfig({ ...store.defaults(), rules: 'guideline', depth: 2 });
  try {
    calibration = await runner.game.calibrateParallel({ ...config, weights: settings.weights });
  } catch {
    calibration = null;
  }
  await serially(() => runner.game.setParallel(parallelInUse())).catch(() => {});
  describeParallel();
}

async function main() {
  const [chosen, presetList, featureList, engineLimits, choices] = await Promise.all(
    [resolveBuild('auto'), presets(), features(), limits(), evolutionChoices()],
  );
  engine = { ...chosen, presets: presetList, features: featureList, limits: engineLimits };
  store.useLimits(engine.limits);
  settings = store.load();
  window.tetris.kind = engine.build;
  const badge = $('engine-kind');
  badge.textContent = engine.build;
  badge.classList.add(engine.build);
  badge.title = engine.note || `WebAssembly threads, ${navigator.hardwareConcurrency || 1} workers`;
  $('engine-note').textContent = engine.note;
  $('engine-note').hidden = !engine.note;

  app.presets = engine.presets;
  app.features = engine.features;
  app.limits = engine.limits;
  app.threaded = engine.build === 'threaded';
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
  if (!(await startGame())) {
    // Stored settings the engine refuses (from an older page, say): back to the defaults.
    const error = $('game-error').textContent;
    settings = store.defaults();
    defaultWeights();
    if (!(await startGame())) throw new Error(error);
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

  window.tetris.evolution = createEvolutionPanel({
    choices,
    presets: engine.presets,
    features: engine.features,
    limits: engine.limits,
    build: engine.build,
    playWeights: async (weights) => {
      const error = await setWeights(weights);
      panel.showGameError(error || '');
    },
    copyWeights: (weights) => panel.showWeightsJson(weights),
  });

  runner.start();
  resolveReady(window.tetris);
  calibrate();
}

main().catch((err) => {
  const banner = $('load-error');
  banner.textContent = `The engine could not start: ${message(err)}`;
  banner.hidden = false;
  $('engine-kind').textContent = 'failed';
  rejectReady(err);
});
