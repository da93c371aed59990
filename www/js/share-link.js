// The share link: what a game needs to be replayed exactly, in the URL's hash as `#s=` and
// base64url JSON of the engine's settings (`Settings` in types/engine.d.ts: `seed`, `rules`,
// `mode`, `board`, `depth`, `preset` or `weights`, `margin`, `asPublished`, `das`, `arr`,
// `gravity`, `softDrop`, `lockDelay`), by their own names. Links people saved must keep opening:
// the engine reads a link's settings each on its own, older links' names too (`sharedSettings`
// of the API), and names every bad one; here the link is only taken out of the hash and put back
// into the page's settings.

import { settingsOf } from '../lib/attributes.js';
import { elementSettings, matchPreset, withPreset } from './settings.js';
import { clipped, shown } from './values.js';
import { nonFiniteWeight } from './weights-json.js';

const SHARE_PARAM = 's';

/** `bytes` (a Uint8Array) in base64url, without padding. */
export function bytesToBase64Url(bytes) {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url `text` (padded or not); throws where it is not base64. */
export function base64UrlToBytes(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** `text` as UTF-8 in base64url, without padding. */
export function toBase64Url(text) {
  return bytesToBase64Url(new TextEncoder().encode(text));
}

/** The UTF-8 text of base64url `text` (padded or not); throws where it is not base64. */
export function fromBase64Url(text) {
  return new TextDecoder().decode(base64UrlToBytes(text));
}

/**
 * The share URL of the game of the page's settings `settings`, on the page at `location`: the
 * engine's settings the element plays (the AI by its preset's name where it plays one), by their
 * names.
 */
export function shareUrl(settings, location = window.location) {
  const settled = settingsOf(elementSettings(settings));
  const given = Object.entries(settled).filter(([, value]) => value != null);
  const payload = toBase64Url(JSON.stringify(Object.fromEntries(given)));
  return `${location.origin}${location.pathname}#${SHARE_PARAM}=${payload}`;
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The payload of a share link's hash, or null when the hash shares nothing. */
function sharePayload(hash) {
  return new URLSearchParams(hash.replace(/^#/, '')).get(SHARE_PARAM) || null;
}

/** A share link none of which can be used. */
function damaged(why) {
  return {
    fields: {},
    problems: [`The share link is damaged: ${why}; your own settings are played.`],
  };
}

/** Whether `value` (JSON read) holds a number JSON read as infinite (1e400). */
function hasInfinity(value) {
  if (typeof value === 'number') return !Number.isFinite(value);
  return isObject(value) || Array.isArray(value) ? Object.values(value).some(hasInfinity) : false;
}

/**
 * `raw` (a link's JSON object, as `text` spells it) less its fields that hold a number JSON
 * reads as infinite (1e400), which no engine reads: `{finite, problems}`, the rest of `raw`,
 * and a message for each field left out.
 */
function withoutInfinities(raw, text) {
  const problems = [];
  const finite = {};
  for (const [name, value] of Object.entries(raw)) {
    if (!hasInfinity(value)) {
      finite[name] = value;
    } else if (name === 'weights' && nonFiniteWeight(value, text)) {
      problems.push(`The share link's weights are refused: ${nonFiniteWeight(value, text)}`);
    } else {
      problems.push(`The share link's ${name} holds a number too large to be finite`);
    }
  }
  return { finite, problems };
}

/**
 * What a URL hash shares, or null when it shares nothing: `{fields, problems}`, where `fields`
 * are the link's well-formed settings as the engine read them (`read`: the API's
 * `sharedSettings`) and `problems` a message for each bad one (naming it, its value and what is
 * allowed) or for a damaged link.
 */
export async function readShare(hash, read) {
  const payload = sharePayload(hash);
  if (payload === null) return null;
  let text;
  let raw;
  try {
    text = fromBase64Url(payload);
    raw = JSON.parse(text);
  } catch {
    return damaged(
      `what follows "#s=" is not a game this page can read: ${shown(clipped(payload))}`,
    );
  }
  if (!isObject(raw)) return damaged(`it holds ${shown(raw)} instead of a game's settings`);
  const { finite, problems } = withoutInfinities(raw, text);
  const shared = await read(finite);
  const said = shared.problems.map((p) => `The share link's ${p}`);
  return {
    fields: shared.settings,
    problems: [...said, ...problems].map((p) => `${p}; the rest of the link is used.`),
  };
}

/**
 * The page's settings `own` with a share link's well-formed `fields` (the engine's settings, see
 * `readShare`): its game, and its AI (weights, or a preset of `presets`, and margin) where it
 * gives one.
 */
export function sharedSettings(own, fields, presets) {
  let next = { ...own };
  for (const name of [
    'seed',
    'rules',
    'board',
    'depth',
    'das',
    'arr',
    'gravity',
    'softDrop',
    'lockDelay',
  ]) {
    if (name in fields) next[name] = fields[name];
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
  // A link without it played its own rules, depth and margin.
  next.asPublished = fields.asPublished ?? false;
  return next;
}
