// The page's settings: the `<tetris-ai>` element's own, by its properties (lib/attributes.js),
// but for those the page sets itself; their defaults, and their storage across reloads, each
// value checked as the element checks it. Settings saved by an older page, under other names,
// are moved to the element's names once. `engine` below is `{limits, presets}`, as `limits()`
// and `presets()` give them; nothing here decides anything about the game.

import { ATTRIBUTES, checkValue, defaults as elementDefaults } from '../lib/attributes.js';

const STORAGE_KEY = 'tetris-ai/settings/v2';
/** Where an older page saved its settings, under its own names (see `migrate`). */
const OLD_STORAGE_KEY = 'tetris-ai/settings/v1';

/**
 * The element's attributes that the page sets itself: it saves none of them (a match, `versus`,
 * lasts as long as its race on the page).
 */
const SET_BY_PAGE = ['controls', 'touch', 'versus'];

/** The settings the page keeps: the element's properties, less those it sets itself. */
export const SETTINGS = Object.keys(ATTRIBUTES).filter((name) => !SET_BY_PAGE.includes(name));

/**
 * The settings a first visit starts with: the element's defaults (the engine's default preset),
 * but the AI plays, under the rules players know (the engine's own default is the research
 * rules). Its weights and margin come from the preset (see `withPreset`).
 */
export function defaults(engine) {
  const element = elementDefaults(engine);
  const settings = Object.fromEntries(SETTINGS.map((name) => [name, element[name]]));
  return { ...settings, autoplay: true, rules: 'guideline' };
}

/** `s` with the weights and margin of the preset `name`, one of `presets`. */
export function withPreset(s, name, presets) {
  const preset = presets.find((p) => p.name === name);
  return { ...s, preset: name, weights: preset.weights, margin: preset.lookahead_margin };
}

/** Weights with sorted keys, for comparing two weight sets. */
function canonical(weights) {
  if (!weights) return '';
  return JSON.stringify(
    Object.keys(weights)
      .sort()
      .map((k) => [k, weights[k]]),
  );
}

/** The name of the preset among `presets` whose weights these are; null for none. */
export function matchPreset(presets, weights) {
  const key = canonical(weights);
  return presets.find((p) => canonical(p.weights) === key)?.name ?? null;
}

/**
 * The element's settings for the page's `s`: the AI's by its preset's name where it plays one
 * (the engine knows its weights), else by its weights.
 */
export function elementSettings(s) {
  return { ...s, ...(s.preset ? { weights: null } : { preset: null }) };
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `base` with each setting of `raw` that the element takes in its place. */
function merge(base, raw, engine) {
  const out = { ...base };
  if (!isObject(raw)) return out;
  for (const name of SETTINGS) {
    if (!(name in raw)) continue;
    try {
      out[name] = checkValue(name, raw[name], engine);
    } catch {
      // A value the element refuses: the default stays.
    }
  }
  return out;
}

/** The element's `parallel` for an older page's: null (automatic), true or false. */
const OLD_PARALLEL = new Map([
  [null, 'auto'],
  [true, 'on'],
  [false, 'off'],
]);

/**
 * Settings an older page saved, under the element's names: `aiEnabled` is `autoplay`,
 * `autoRestart` `autorestart`, `width` and `height` the `board`, `parallel` null, true and false
 * "auto", "on" and "off", and a `preset` of "" (custom weights) none. The rest kept their names.
 */
export function migrate(old) {
  if (!isObject(old)) return old;
  const { aiEnabled, autoRestart, width, height, parallel, preset, ...same } = old;
  const settings = { ...same };
  if (aiEnabled !== undefined) settings.autoplay = aiEnabled;
  if (autoRestart !== undefined) settings.autorestart = autoRestart;
  if (width !== undefined || height !== undefined) settings.board = [width, height];
  if (parallel !== undefined) {
    settings.parallel = OLD_PARALLEL.has(parallel) ? OLD_PARALLEL.get(parallel) : parallel;
  }
  if (preset !== undefined) settings.preset = preset === '' ? null : preset;
  return settings;
}

/**
 * The saved settings over the defaults, read from `storage` (the browser's localStorage by
 * default). Settings an older page saved are moved to the element's names, saved so, and their
 * old copy removed once the new one is stored.
 */
export function load(engine, storage = globalThis.localStorage) {
  const base = defaults(engine);
  try {
    const text = storage.getItem(STORAGE_KEY);
    if (text !== null) return merge(base, JSON.parse(text), engine);
    const old = storage.getItem(OLD_STORAGE_KEY);
    if (old === null) return base;
    const settings = merge(base, migrate(JSON.parse(old)), engine);
    if (save(settings, storage)) storage.removeItem(OLD_STORAGE_KEY);
    return settings;
  } catch {
    return base;
  }
}

/**
 * Stores the settings for the next visit in `storage` (the browser's localStorage by default);
 * returns whether it could (a browser may let the page store nothing).
 */
export function save(settings, storage = globalThis.localStorage) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(settings));
    return true;
  } catch {
    // Storage may be full or disabled; the page works without it.
    return false;
  }
}
