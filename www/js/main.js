// The page: a `<tetris-ai>` element for the game, the settings and weights panels that drive it
// through its properties, the share link, the race, the goal modes, and the evolution and
// benchmark panels, each in a part of the page chosen by its tab (parts.js). `window.tetris` is
// the page's handle for tests: the element's game, its placements, pause and resume, the race
// (see race-panel.js) and the modes (modes-panel.js).

import {
  evolutionChoices,
  features,
  limits,
  presets,
  resolveBuild,
  sharedSettings as readShared,
} from '../tetris-ai.js';
import '../tetris-ai-element.js';
import { randomSeed } from '../lib/attributes.js';
import { count } from '../lib/count.js';
import { $, message } from '../lib/dom.js';
import { createBenchmarkPanel } from './benchmark-panel.js';
import { createCoachPanel } from './coach-panel.js';
import { copyOnClick } from './copy-link.js';
import { createEvolutionPanel } from './evolution-panel.js';
import { fitGameUnder } from './fit-game.js';
import { createKeySettings } from './key-settings.js';
import { createModesPanel } from './modes-panel.js';
import { createPanel } from './panel.js';
import { createParts } from './parts.js';
import { createRacePanel } from './race-panel.js';
import { weightsRefusal } from './refusals.js';
import { createReplays } from './replays.js';
import * as store from './settings.js';
import { readShare, sharedSettings, shareUrl } from './share-link.js';
import { showStartFailure } from './start-failure.js';
import { createSound } from './sound.js';
import { createStatsPanel } from './stats-panel.js';

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
/** The statistics and past games panel. */
let stats = null;
/** The game: a `<tetris-ai>` element. */
let element = null;
/** Replays: the viewer, opened from the past games, a file or a link (see replays.js). */
let replays = null;
/** The goal modes and their bests (see modes-panel.js). */
let modes = null;

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
  /** The position the replay viewer shows (the engine's `Frame`), or null. */
  get replay() {
    return replays?.viewer.frame ?? null;
  },
};

/** The element for the page's settings, not yet in the page. */
function makeElement(s) {
  const made = document.createElement('tetris-ai');
  made.id = 'game';
  made.setAttribute('controls', 'full');
  made.setAttribute('aria-label', 'The game: click it, then play with the keys when the AI is off');
  for (const [name, value] of Object.entries(store.elementSettings(s))) made[name] = value;
  return made;
}

function updateShare() {
  $('share-link').href = shareUrl(settings);
}

/**
 * Whether the game a share link gave plays: its link then stays in the address, so that a
 * reload plays it again, and the page says so, with the way back to the user's own settings
 * (saved as they were: a shared game is someone else's).
 */
let watchingShared = false;

/** Says whether a shared game plays; once none does, the address drops its link. */
function showShared(watching) {
  watchingShared = watching;
  $('shared-game').hidden = !watching;
  $('shared-text').textContent = watching
    ? `You are watching a shared game (seed ${settings.seed}); your own settings are kept.`
    : '';
  if (!watching && window.location.hash) {
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
}

/**
 * Saves the settings (a change the user made) and updates the share link. A shared game that
 * played is the user's own from now on: its link leaves the address.
 */
function commit() {
  store.save(settings);
  updateShare();
  modes?.refresh();
  if (watchingShared) showShared(false);
}

/** Shows who plays: the first line's button and the past games of the same player. */
function showPlayer() {
  $('play-yourself').textContent = settings.autoplay ? 'Play yourself' : 'Let the AI play';
  stats.refresh();
}

/** Says which search runs and why, beside the "Parallelize AI" choice. */
function describeParallel() {
  panel.showParallel(element.parallelState().why);
}

/** How many times the depths' labels were asked for: only the last answer is shown. */
let depthAsks = 0;

/**
 * Labels the depth choice with each depth's time per decision under the rules and board in
 * play, measured off the game's worker: at once where known, else once measured (the choice
 * works meanwhile, its labels without times).
 */
async function labelDepths() {
  const ask = ++depthAsks;
  panel.showDepthTimes(element.depthTimes);
  let times = null;
  try {
    times = await element.timeDepths();
  } catch {
    // Rules or a board that changed first are timed when they are asked for; a failure leaves
    // the labels without times.
  }
  if (ask === depthAsks) panel.showDepthTimes(times);
}

/** The settings the page is applying to the element right now, or null. */
let applying = null;

/**
 * Plays a game of the settings `s`: the element starts with them, or takes them. Rejects with
 * the element's reason when it refuses them (the game it had goes on).
 */
async function play(s) {
  applying = s;
  try {
    if (element) {
      await element.update(store.elementSettings(s));
    } else {
      element = makeElement(s);
      replays = createReplays(element);
      stats = createStatsPanel(element, engine.limits.rules, replays.open);
      createCoachPanel(element);
      createKeySettings(element, $('keys-list'));
      window.tetris.sound = createSound(element, $('sound-effects'));
      listen(element);
      $('game-slot').append(element);
      await element.ready;
    }
  } finally {
    applying = null;
  }
}

/** Starts a game with the settings changed by `patch`; on a bad setting keeps the old game. */
async function startGame(patch = {}) {
  panel.showLinkProblems([]);
  const next = { ...settings, ...patch };
  try {
    await play(next);
  } catch (err) {
    panel.showGameError(message(err));
    panel.refresh();
    return false;
  }
  settings = next;
  commit();
  panel.showGameError('');
  panel.refresh();
  describeParallel();
  return true;
}

/** Replaces the AI's weights in the running game; resolves to an error message or null. */
async function setWeights(weights) {
  panel.showLinkProblems([]);
  try {
    await element.update({ weights });
    settings.weights = await element.game.weights();
    settings.preset = store.matchPreset(engine.presets, settings.weights);
    // A preset's weights, played as published where the switch is on (custom weights never are).
    if (settings.asPublished && settings.preset) await element.update({ preset: settings.preset });
  } catch (err) {
    return message(err);
  }
  commit();
  panel.refresh();
  return null;
}

/** `s` with the weights and margin of the preset `name`. */
function withPreset(s, name) {
  return store.withPreset(s, name, engine.presets);
}

/** The settings of a first visit: the engine's default preset, rules and board. */
function defaultSettings() {
  return withPreset(store.defaults(engine), engine.limits.default_preset);
}

/** `s` with its preset's weights where it has none of its own (as on a first visit). */
function withWeights(s) {
  return s.weights ? s : withPreset(s, s.preset || engine.limits.default_preset);
}

const app = {
  get settings() {
    return settings;
  },
  config: () => element.configInPlay,
  get paused() {
    return element.paused;
  },
  live(name, value) {
    panel.showLinkProblems([]);
    settings[name] = value;
    commit();
    // A new depth or parallel choice changes what the note beside "Parallelize AI" says.
    element
      .update({ [name]: value })
      .then(describeParallel)
      .catch((err) => panel.showGameError(message(err)));
    if (name === 'autoplay') showPlayer();
  },
  restart: (patch) => startGame(patch),
  newGame: () => startGame(),
  randomSeed: () => startGame({ seed: randomSeed() }),
  reset: () => startGame(defaultSettings()),
  togglePause() {
    element.togglePause();
  },
  setWeights,
  async presetChosen(name) {
    panel.showLinkProblems([]);
    if (!name) {
      // A preset played as published goes back to the page's rules, depth and margin.
      if (settings.asPublished && settings.preset) {
        await startGame({ preset: null });
        return;
      }
      settings.preset = null;
      commit();
      return;
    }
    const preset = engine.presets.find((p) => p.name === name);
    if (!preset) return;
    try {
      await element.update({ preset: name, margin: preset.lookahead_margin });
    } catch (err) {
      panel.showGameError(message(err));
      return;
    }
    settings = withPreset(settings, name);
    commit();
    panel.refresh();
  },
};

/** The share link in the URL (`{fields, problems}`, see `readShare`), or null. */
function readLink() {
  return readShare(window.location.hash, readShared);
}

/**
 * Plays the game a share link gives, over the current settings, and lists what in the link is
 * bad. The link's AI (weights, preset and margin) is checked by the engine: if it refuses it,
 * the game plays the rest of the link with the user's own AI. Nothing is saved here: a shared
 * game is someone else's, so the user's saved settings stay as they were until the user changes
 * a setting (then the settings in use, the shared game's, are saved like any change). While
 * the link's game plays, the page says so and the link stays in the address (see `showShared`).
 */
async function openLink(link) {
  const problems = [...link.problems];
  const { weights, preset, margin, ...game } = link.fields;
  let played = link.fields;
  let next = sharedSettings(settings, played, engine.presets);
  try {
    await play(next);
  } catch (err) {
    if ([weights, preset, margin].every((part) => part === undefined)) throw err;
    const why = weightsRefusal(message(err), weights);
    problems.push(
      `The share link's AI (its weights and margin) was refused: ${why}; ` +
        'your own weights play the rest of the link.',
    );
    played = game;
    next = sharedSettings(settings, played, engine.presets);
    await play(next);
  }
  settings = next;
  panel.showLinkProblems(problems);
  // A link whose game plays stays in the address; one none of which could be used leaves it.
  showShared(Object.keys(played).length > 0);
}

/**
 * Listens to the game's own controls: "New game" and "Replay" (a new seed), and "Play
 * yourself" / "Let the AI play": the page keeps in step.
 */
function listen(game) {
  game.addEventListener('calibrated', describeParallel);
  game.addEventListener('autoplaychange', (event) => {
    settings.autoplay = event.detail.autoplay;
    commit();
    showPlayer();
    panel.refresh();
  });
  game.addEventListener('newgame', (event) => {
    // New rules or a new board have depths timed and the pool measured anew (the same ones
    // show what was measured at once).
    labelDepths();
    describeParallel();
    if (applying || settings.seed === event.detail.seed) return;
    settings.seed = event.detail.seed;
    commit();
    panel.refresh();
  });
}

/** A share link pasted into the address bar of the open page: its game plays. */
async function hashChanged() {
  const link = await readLink();
  if (!link) return;
  openLink(link).then(
    () => {
      updateShare();
      panel.showGameError('');
      panel.refresh();
      describeParallel();
    },
    (err) => panel.showGameError(message(err)),
  );
}

async function main() {
  fitGameUnder(document.querySelector('.app'));
  const reveal = createParts(document.querySelector('.part-tabs'));
  const [chosen, presetList, featureList, engineLimits, choices] = await Promise.all([
    resolveBuild('auto'),
    presets(),
    features(),
    limits(),
    evolutionChoices(),
  ]);
  engine = { ...chosen, presets: presetList, features: featureList, limits: engineLimits };
  settings = store.load(engine);
  window.tetris.kind = engine.build;
  const badge = $('engine-kind');
  badge.textContent = engine.build;
  badge.classList.add(engine.build);
  $('engine-threads').textContent =
    engine.build === 'threaded'
      ? `Each search may share its work among ${count(navigator.hardwareConcurrency || 1, 'thread')}.`
      : 'Each search runs on one thread.';
  $('engine-note').textContent = engine.note;
  $('engine-note').hidden = !engine.note;

  app.presets = engine.presets;
  app.features = engine.features;
  app.limits = engine.limits;
  app.threaded = engine.build === 'threaded';
  panel = createPanel(app);

  settings = withWeights(settings);
  const link = await readLink();
  try {
    if (link) await openLink(link);
    else await play(settings);
  } catch (err) {
    // Stored settings the engine refuses (from an older page, say): back to the defaults.
    const defaults = defaultSettings();
    await play(defaults).catch(() => {
      throw err;
    });
    settings = defaults;
    showShared(false);
    panel.showGameError(
      `Your saved settings were refused (${message(err)}); the defaults are back.`,
    );
  }
  // A shared game is not saved until the user changes something (see openLink).
  if (link) updateShare();
  else commit();
  panel.refresh();
  describeParallel();

  showPlayer();
  window.tetris.race = createRacePanel(element, {
    // A race's game goes into the past games as one.
    async restart(patch) {
      const started = await startGame(patch);
      showPlayer();
      if (started) stats.markRace();
      return started;
    },
    config: () => element.configInPlay,
    build: engine.build,
    reveal,
    openReplay: (text, about) => replays.open(text, about),
    keepMatch: (match) => stats.keepMatch(match),
    presets: engine.presets.map((preset) => preset.name),
    versusPreset: engine.limits.versus_preset,
    depths: Array.from(
      { length: engine.limits.depth.max - engine.limits.depth.min + 1 },
      (_, i) => engine.limits.depth.min + i,
    ),
  });
  window.tetris.modes = modes = createModesPanel(element, {
    restart: async (patch) => {
      const started = await startGame(patch);
      showPlayer();
      return started;
    },
    get settings() {
      return settings;
    },
    config: () => element.configInPlay,
    goals: engine.limits.modes,
    build: engine.build,
  });
  // The game's own "Play yourself" does the same, and the page follows it (see `listen`).
  $('play-yourself').addEventListener('click', () => element.togglePlayer());
  copyOnClick($('share-link'), $('share-status'));
  // Back from a shared game to the user's own saved settings (the defaults if none were saved).
  $('shared-leave').addEventListener('click', () => startGame(withWeights(store.load(engine))));
  window.addEventListener('hashchange', hashChanged);
  window.tetris.evolution = createEvolutionPanel({
    choices,
    presets: engine.presets,
    features: engine.features,
    limits: engine.limits,
    build: engine.build,
    weightsInPlay: () => settings.weights,
    playWeights: setWeights,
    copyWeights: (weights) => {
      reveal($('weights-json'));
      panel.showWeightsJson(weights);
    },
    reveal,
  });
  window.tetris.benchmark = createBenchmarkPanel({
    get settings() {
      return settings;
    },
    config: () => element.configInPlay,
    engine,
    build: engine.build,
  });

  await replays.fromLink();
  resolveReady(window.tetris);
}

main().catch((err) => {
  showStartFailure(err);
  rejectReady(err);
});
