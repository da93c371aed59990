// The share link: what a game needs to be replayed exactly, in the URL's hash as `#s=` and
// base64url JSON. Its fields are a public format (links people saved must keep opening): `seed`,
// `rules`, `width`, `height`, `depth`, `weights`, `margin`, `preset` ("" for none) and
// `published` (the element's `asPublished`). Reading one checks each field and names every bad
// one. `engine` below is `{limits, presets}`, as `limits()` and `presets()` give them.

import { ATTRIBUTES, boardRanges, wholeIn } from '../lib/attributes.js';
import { matchPreset, withPreset } from './settings.js';
import { shown, wholeRule } from './values.js';
import { nonFiniteWeight } from './weights-json.js';

const SHARE_PARAM = 's';

/** `text` as UTF-8 in base64url, without padding. */
export function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The UTF-8 text of base64url `text` (padded or not); throws where it is not base64. */
export function fromBase64Url(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The share link's fields for the page's settings `s`. */
function sharedPart(s) {
  return {
    seed: s.seed,
    rules: s.rules,
    width: s.board?.[0],
    height: s.board?.[1],
    depth: s.depth,
    weights: s.weights,
    margin: s.margin,
    preset: s.preset ?? '',
    // Whether the preset plays as published (then its published rules and search, not the
    // link's rules, depth and margin, which are kept for when it does not).
    published: s.asPublished,
  };
}

/** The names of a share link's fields. */
const SHARED = Object.keys(sharedPart({}));

/** The share URL of the game of the page's settings `settings`, on the page at `location`. */
export function shareUrl(settings, location = window.location) {
  const payload = toBase64Url(JSON.stringify(sharedPart(settings)));
  return `${location.origin}${location.pathname}#${SHARE_PARAM}=${payload}`;
}

/** The ranges of a share link's whole-number fields, `[min, max]`, as the element has them. */
function wholeRanges(engine) {
  return {
    seed: ATTRIBUTES.seed.range(engine),
    depth: ATTRIBUTES.depth.range(engine),
    ...boardRanges(engine),
  };
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What a share link's field must be, or null when `value` is allowed. */
function sharedFieldRule(name, value, engine, ranges) {
  const presetNames = engine.presets.map((p) => p.name);
  const ruleSets = Object.keys(engine.limits.rules);
  switch (name) {
    case 'seed':
    case 'width':
    case 'height':
    case 'depth':
      return wholeIn(value, ranges[name]) === null ? wholeRule(ranges[name]) : null;
    case 'rules':
      return typeof value === 'string' && ruleSets.includes(value) ? null : ruleSets.join(' or ');
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
 * each bad one (naming it, its value and what is allowed) or for a damaged link.
 */
export function readShare(hash, engine) {
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
  const ranges = wholeRanges(engine);
  const fields = {};
  const problems = [];
  for (const name of SHARED) {
    const value = raw[name];
    if (value === undefined) continue;
    const rule = sharedFieldRule(name, value, engine, ranges);
    const tooLarge = rule === null && name === 'weights' ? nonFiniteWeight(value, text) : null;
    if (rule !== null) {
      problems.push(`The share link's ${name} must be ${rule}, got ${shown(value)}`);
    } else if (tooLarge !== null) {
      problems.push(`The share link's weights are refused: ${tooLarge}`);
    } else {
      fields[name] = name in ranges ? wholeIn(value, ranges[name]) : value;
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

/**
 * The page's settings `own` with a share link's well-formed `fields` (see `readShare`): its
 * game, and its AI (weights, or a preset of `presets`, and margin) where it gives one.
 */
export function sharedSettings(own, fields, presets) {
  let next = { ...own };
  for (const name of ['seed', 'rules', 'depth']) {
    if (name in fields) next[name] = fields[name];
  }
  if ('width' in fields || 'height' in fields) {
    next.board = [fields.width ?? own.board[0], fields.height ?? own.board[1]];
  }
  if ('weights' in fields) {
    const preset = matchPreset(presets, fields.weights);
    next = { ...next, weights: fields.weights, preset, margin: fields.margin ?? null };
  } else if (fields.preset) {
    next = withPreset(next, fields.preset, presets);
    if ('margin' in fields) next.margin = fields.margin;
  } else if ('margin' in fields) {
    next.margin = fields.margin;
  }
  // A link without it (or with a bad one) played its own rules, depth and margin.
  next.asPublished = fields.published ?? false;
  return next;
}
