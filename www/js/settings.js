// The page's settings: defaults, checking, storage across reloads, the share link, and the
// game configuration the engine is given. The engine's limits and defaults come from the engine
// (`useLimits`); nothing here decides anything about the game.

import { DEFAULTS, RANGES as PLAY_RANGES, randomSeed } from '../tetris-ai-element.js';

export { randomSeed };

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

/** The engine's rules for the settings' rule set name. */
export function rulesOf(s) {
  return engine.rules[s.rules];
}

/** The settings a first visit starts with (weights are filled from the preset once loaded). */
export function defaults() {
  return {
    aiEnabled: true,
    aiDelay: DEFAULTS.aiDelay,
    parallel: null,
    fps: DEFAULTS.fps,
    gravity: engine.game.handling.gravity,
    lockDelay: engine.game.handling.lock_delay,
    hints: false,
    rules: 'guideline',
    width: engine.game.width,
    height: engine.game.height,
    seed: randomSeed(),
    depth: engine.game.search.depth,
    preset: engine.default_preset,
    weights: null,
    margin: null,
  };
}

/** A whole number in the setting's range, else null. */
export function wholeIn(name, value) {
  const n = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value;
  const [min, max] = RANGES[name];
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** The message for a value `wholeIn` refused. */
export function rangeMessage(label, name) {
  const [min, max] = RANGES[name];
  return `${label} must be a whole number from ${min} to ${max}`;
}

function isWeights(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Copies the recognised, well-formed fields of `raw` over `base`. */
export function merge(base, raw) {
  const out = { ...base };
  if (!raw || typeof raw !== 'object') return out;
  for (const key of ['aiEnabled', 'hints']) {
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
  if (isWeights(raw.weights)) out.weights = raw.weights;
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

/** What a shared game needs to be replayed exactly. */
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
  };
}

/** The share URL of the current game's settings. */
export function shareUrl(settings, location = window.location) {
  const payload = toBase64Url(JSON.stringify(sharedPart(settings)));
  return `${location.origin}${location.pathname}#${SHARE_PARAM}=${payload}`;
}

/**
 * The settings a URL hash shares, or null when the hash shares none; throws on a damaged
 * share link.
 */
export function readShare(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const payload = params.get(SHARE_PARAM);
  if (!payload) return null;
  let raw;
  try {
    raw = JSON.parse(fromBase64Url(payload));
  } catch {
    throw new Error('the share link is damaged (it is not base64url JSON)');
  }
  if (!raw || typeof raw !== 'object' || wholeIn('seed', raw.seed) === null) {
    throw new Error('the share link is damaged (it has no valid seed)');
  }
  const shared = {};
  for (const [key, value] of Object.entries(sharedPart(raw))) {
    if (value !== undefined) shared[key] = value;
  }
  return shared;
}

/** The engine's game configuration for the settings. */
export function gameConfig(s) {
  const search = { depth: s.depth };
  if (typeof s.margin === 'number') search.margin = s.margin;
  return {
    rules: rulesOf(s),
    width: s.width,
    height: s.height,
    seed: s.seed,
    weights: s.weights,
    search,
    handling: { gravity: s.gravity, lock_delay: s.lockDelay },
  };
}
