// The page's settings: defaults, checking, storage across reloads and the share link. The
// limits and defaults come from the engine (`useLimits`) and the element; nothing here decides
// anything about the game.

import { ATTRIBUTES, randomSeed } from '../lib/attributes.js';

export { randomSeed };

/** The element's own defaults of play (gravity and lock delay default to the engine's). */
const DEFAULTS = { aiDelay: ATTRIBUTES.aiDelay.default, fps: ATTRIBUTES.fps.default };

/** The element's ranges of play, [min, max]. */
const PLAY_RANGES = Object.fromEntries(
  ['aiDelay', 'fps', 'gravity', 'lockDelay'].map((name) => [name, ATTRIBUTES[name].range()]),
);

const STORAGE_KEY = 'tetris-ai/settings/v1';
const SHARE_PARAM = 's';

// Ranges of the numeric settings: [min, max], the element's for play and the engine's for the
// board, depth and seed (from its limits).
const RANGES = { ...PLAY_RANGES };

// The engine's limits and defaults, as `limits()` gives them.
let engine = null;

/** Takes the engine's limits and defaults; call once before anything else here. */
export function useLimits(limits) {
  engine = limits;
  for (const name of ['width', 'height', 'depth', 'seed']) {
    RANGES[name] = [limits[name].min, limits[name].max];
  }
}

/** The settings a first visit starts with (weights are filled from the preset once loaded). */
export function defaults() {
  return {
    aiEnabled: true,
    autoRestart: false,
    aiDelay: DEFAULTS.aiDelay,
    parallel: null,
    fps: DEFAULTS.fps,
    gravity: engine.game.handling.gravity,
    lockDelay: engine.game.handling.lock_delay,
    hints: false,
    // The page opens on the rules players know (the engine's own default is the research rules).
    rules: 'guideline',
    width: engine.game.width,
    height: engine.game.height,
    seed: randomSeed(),
    depth: engine.game.search.depth,
    preset: engine.default_preset,
    weights: null,
    margin: null,
    // Whether a preset plays under the rules and search it was published with.
    asPublished: false,
  };
}

/** The element's `parallel` for the page's setting of it: null "auto", true "on", false "off". */
export function parallelChoice(setting) {
  return setting === null ? 'auto' : setting ? 'on' : 'off';
}

/** The page's setting for the element's `parallel` choice ("auto", "on" or "off"). */
export function parallelSetting(choice) {
  return choice === 'auto' ? null : choice === 'on';
}

/** A whole number in the setting's range, else null. */
export function wholeIn(name, value) {
  const n = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value;
  const [min, max] = RANGES[name];
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** A numeric setting's range, [min, max]. */
export function range(name) {
  return RANGES[name];
}

/** What a numeric setting must be: "a whole number from MIN to MAX". */
function rangeRule(name) {
  const [min, max] = RANGES[name];
  return `a whole number from ${min} to ${max}`;
}

/** The message for a value `wholeIn` refused, naming the setting by `label`. */
export function rangeMessage(label, name, value) {
  return `${label} must be ${rangeRule(name)}, got ${shown(value)}`;
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Copies the recognised, well-formed fields of `raw` over `base`. */
function merge(base, raw) {
  const out = { ...base };
  if (!raw || typeof raw !== 'object') return out;
  for (const key of ['aiEnabled', 'autoRestart', 'hints', 'asPublished']) {
    if (typeof raw[key] === 'boolean') out[key] = raw[key];
  }
  if (raw.parallel === null || typeof raw.parallel === 'boolean') out.parallel = raw.parallel;
  for (const key of Object.keys(RANGES)) {
    if (key in raw) {
      const n = wholeIn(key, raw[key]);
      if (n !== null) out[key] = n;
    }
  }
  if (typeof raw.rules === 'string' && Object.hasOwn(engine.rules, raw.rules))
    out.rules = raw.rules;
  if (typeof raw.preset === 'string') out.preset = raw.preset;
  if (isObject(raw.weights)) out.weights = raw.weights;
  if (raw.margin === null || (typeof raw.margin === 'number' && Number.isFinite(raw.margin))) {
    out.margin = raw.margin;
  }
  return out;
}

/** The stored settings over the defaults. */
export function load() {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    return merge(defaults(), text ? JSON.parse(text) : null);
  } catch {
    return defaults();
  }
}

/** Stores the settings for the next visit (where the browser lets the page store anything). */
export function save(settings) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage may be full or disabled; the page works without it.
  }
}

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** What a shared game needs to be replayed exactly: the share link's fields. */
function sharedPart(s) {
  return {
    seed: s.seed,
    rules: s.rules,
    width: s.width,
    height: s.height,
    depth: s.depth,
    weights: s.weights,
    margin: s.margin,
    preset: s.preset,
    // Whether the preset plays as published (then its published rules and search, not the
    // link's rules, depth and margin, which are kept for when it does not).
    published: s.asPublished,
  };
}

/** The names of a share link's fields. */
const SHARED = Object.keys(sharedPart({}));

/** The share URL of the current game's settings. */
export function shareUrl(settings, location = window.location) {
  const payload = toBase64Url(JSON.stringify(sharedPart(settings)));
  return `${location.origin}${location.pathname}#${SHARE_PARAM}=${payload}`;
}

/** How a value reads in a message: numbers as they are, strings quoted, the rest as JSON. */
function shown(value) {
  if (value === undefined || value === '') return 'nothing';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/**
 * The first weight or exponent in `weights` that is not a finite number (JSON reads 1e400 as
 * Infinity), as a message naming its feature and the number as `text` spells it; null when every
 * number is finite. `text` is the JSON the weights were read from.
 */
export function nonFiniteWeight(weights, text) {
  for (const [name, value] of Object.entries(weights)) {
    const numbers = value !== null && typeof value === 'object' ? value : { weight: value };
    for (const field of ['weight', 'exponent']) {
      const n = numbers[field];
      if (typeof n === 'number' && !Number.isFinite(n)) {
        return `the ${field} of "${name}" is too large to be a finite number: ${spelled(text, name, n)}`;
      }
    }
  }
  return null;
}

/** The number literal after `"name"` in JSON `text` that reads as `n`, else `n` itself. */
function spelled(text, name, n) {
  const at = text.indexOf(JSON.stringify(name));
  const literals = at < 0 ? null : text.slice(at).match(/-?\d+(\.\d*)?([eE][+-]?\d+)?/g);
  return (literals || []).find((literal) => Number(literal) === n) ?? String(n);
}

/** What a share link's field must be, or null when `value` is allowed. */
function sharedFieldRule(name, value, presetNames) {
  switch (name) {
    case 'seed':
    case 'width':
    case 'height':
    case 'depth':
      return wholeIn(name, value) === null ? rangeRule(name) : null;
    case 'rules':
      return typeof value === 'string' && Object.hasOwn(engine.rules, value)
        ? null
        : Object.keys(engine.rules).join(' or ');
    case 'weights':
      return isObject(value) ? null : 'features with their weights, like {"holes": -4}';
    case 'margin':
      return value === null || typeof value === 'number' ? null : 'a number, or none';
    case 'published':
      return typeof value === 'boolean' ? null : 'true or false';
    default:
      // A preset's name, or none (custom weights).
      return value === '' || value === null || presetNames.includes(value)
        ? null
        : `one of ${presetNames.join(', ')}, or empty`;
  }
}

/** The payload of a share link's hash, or null when the hash shares nothing. */
function sharePayload(hash) {
  return new URLSearchParams(hash.replace(/^#/, '')).get(SHARE_PARAM) || null;
}

/**
 * What a URL hash shares, or null when it shares nothing: `{fields, problems}`, where `fields`
 * are the link's well-formed fields (already read, like `width: 8`) and `problems` a message for
 * each bad one (naming it, its value and what is allowed) or for a damaged link. `presetNames`
 * are the engine's presets.
 */
export function readShare(hash, presetNames) {
  const payload = sharePayload(hash);
  if (payload === null) return null;
  let text;
  let raw;
  try {
    text = fromBase64Url(payload);
    raw = JSON.parse(text);
  } catch {
    const start = payload.length > 40 ? `${payload.slice(0, 40)}…` : payload;
    return damaged(`what follows "#s=" is not a game this page can read: ${shown(start)}`);
  }
  if (!isObject(raw)) return damaged(`it holds ${shown(raw)} instead of a game's settings`);
  const fields = {};
  const problems = [];
  for (const name of SHARED) {
    const value = raw[name];
    if (value === undefined) continue;
    const rule = sharedFieldRule(name, value, presetNames);
    const tooLarge = rule === null && name === 'weights' ? nonFiniteWeight(value, text) : null;
    if (rule !== null) {
      problems.push(`The share link's ${name} must be ${rule}, got ${shown(value)}`);
    } else if (tooLarge !== null) {
      problems.push(`The share link's weights are refused: ${tooLarge}`);
    } else {
      fields[name] = name in RANGES ? wholeIn(name, value) : value;
    }
  }
  return { fields, problems: problems.map((p) => `${p}; the rest of the link is used.`) };
}

/** A share link none of which can be used. */
function damaged(why) {
  return {
    fields: {},
    problems: [`The share link is damaged: ${why}; your own settings are played.`],
  };
}
