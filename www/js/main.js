// The page: a `<tetris-ai>` element for the game, the settings and weights panels that drive it
// through its properties, the share link, and the evolution panel. `window.tetris` is the
// page's handle for tests: the element's game, its placements, pause and resume.

import { evolutionChoices, features, limits, presets, resolveBuild } from '../tetris-ai.js';
import '../tetris-ai-element.js';
import { createEvolutionPanel } from './evolution-panel.js';
import { createPanel, matchPreset } from './panel.js';
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
/** The game: a `<tetris-ai>` element. */
let element = null;

window.tetris = {
  ready,
  kind: null,
  get game() {
    return element.game;
  },
  get placements() {
    return element.placements;
  },
  pause() {
    element.pause();
  },
  resume() {
    element.resume();
  },
  get paused() {
    return element.paused;
  },
};

/** The element's settings for the page's. */
function elementSettings(s) {
  return {
    // A preset by its name (the engine knows its weights); other weights as they are.
    ...(s.preset ? { preset: s.preset, weights: null } : { weights: s.weights }),
    rules: s.rules,
    board: [s.width, s.height],
    seed: s.seed,
    depth: s.depth,
    margin: s.margin,
    autoplay: s.aiEnabled,
    aiDelay: s.aiDelay,
    fps: s.fps,
    hints: s.hints,
    gravity: s.gravity,
    lockDelay: s.lockDelay,
    parallel: s.parallel === null ? 'auto' : s.parallel ? 'on' : 'off',
  };
}

/** The element for the page's settings, not yet in the page. */
function makeElement(s) {
  const made = document.createElement('tetris-ai');
  made.id = 'game';
  made.setAttribute('controls', 'full');
  made.setAttribute('aria-label', 'The game: click it, then play with the keys when the AI is off');
  for (const [name, value] of Object.entries(elementSettings(s))) made[name] = value;
  return made;
}

function updateShare() {
  $('share-link').href = store.shareUrl(settings);
}

function commit() {
  store.save(settings);
  updateShare();
}

/** Says which search runs and why, beside the "Parallelize AI" switch. */
function describeParallel() {
  const { on, why } = element.parallelState();
  panel.showParallel(on, why);
}

/** Starts a game with the settings changed by `patch`; on a bad setting keeps the old game. */
async function startGame(patch = {}) {
  const next = { ...settings, ...patch };
  try {
    await element.update(elementSettings(next));
  } catch (err) {
    panel.showGameError(message(err));
    panel.refresh();
    return false;
  }
  settings = next;
  commit();
  panel.showGameError('');
  panel.showHandlingNote(false);
  panel.refresh();
  describeParallel();
  return true;
}

/** Replaces the AI's weights in the running game; resolves to an error message or null. */
async function setWeights(weights) {
  try {
    await element.update({ weights });
    settings.weights = await element.game.weights();
  } catch (err) {
    return message(err);
  }
  settings.preset = matchPreset(engine.presets, settings.weights);
  commit();
  panel.refresh();
  return null;
}

/** The element's name for a page setting that applies live. */
const LIVE = {
  aiEnabled: 'autoplay',
  aiDelay: 'aiDelay',
  fps: 'fps',
  hints: 'hints',
  gravity: 'gravity',
  lockDelay: 'lockDelay',
};

const app = {
  get settings() {
    return settings;
  },
  get paused() {
    return element.paused;
  },
  live(name, value) {
    settings[name] = value;
    store.save(settings);
    const patch =
      name === 'parallel'
        ? { parallel: value === null ? 'auto' : value ? 'on' : 'off' }
        : { [LIVE[name]]: value };
    element
      .update(patch)
      .then(() => (name === 'parallel' ? describeParallel() : null))
      .catch((err) => panel.showGameError(message(err)));
  },
  restart: (patch) => startGame(patch),
  newGame: (patch) => startGame(patch),
  randomSeed: () => startGame({ seed: store.randomSeed() }),
  togglePause() {
    element.togglePause();
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
    try {
      await element.update({ preset: name });
    } catch (err) {
      panel.showGameError(message(err));
      return;
    }
    settings.preset = name;
    settings.weights = preset.weights;
    settings.margin = preset.lookahead_margin;
    commit();
    panel.refresh();
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
  const preset =
    engine.presets.find((p) => p.name === settings.preset) ||
    engine.presets.find((p) => p.name === engine.limits.default_preset) ||
    engine.presets[0];
  settings.preset = preset.name;
  settings.weights = preset.weights;
  settings.margin = preset.lookahead_margin;
}

async function main() {
  const [chosen, presetList, featureList, engineLimits, choices] = await Promise.all([
    resolveBuild('auto'),
    presets(),
    features(),
    limits(),
    evolutionChoices(),
  ]);
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

  if (!settings.weights) defaultWeights();
  applyShare();
  element = makeElement(settings);
  element.addEventListener('calibrated', describeParallel);
  // The game's own "New game" (a new seed) and "Replay": the page keeps its settings in step.
  element.addEventListener('newgame', (event) => {
    if (settings.seed !== event.detail.seed) {
      settings.seed = event.detail.seed;
      commit();
      panel.refresh();
    }
  });
  $('game-slot').append(element);
  try {
    await element.ready;
  } catch (err) {
    // Stored settings the engine refuses (from an older page, say): back to the defaults.
    settings = store.defaults();
    defaultWeights();
    if (!(await startGame())) throw err;
    panel.showGameError(
      `Your saved settings were refused (${message(err)}); the defaults are back.`,
    );
  }
  commit();
  panel.refresh();
  describeParallel();

  $('copy-share').addEventListener('click', async () => {
    const button = $('copy-share');
    try {
      await navigator.clipboard.writeText($('share-link').href);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Copy failed';
    }
    setTimeout(() => {
      button.textContent = 'Copy';
    }, 1500);
  });
  window.addEventListener('hashchange', () => {
    if (applyShare()) startGame();
  });
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

  resolveReady(window.tetris);
}

main().catch((err) => {
  const banner = $('load-error');
  banner.textContent = `The engine could not start: ${message(err)}`;
  banner.hidden = false;
  $('engine-kind').textContent = 'failed';
  rejectReady(err);
});
