// A replay in a share link: the replay's JSON text (its configuration and every move, as the
// engine writes it) in base64url after `#r=`. A link holds a replay of up to `MAX_LINK_CHARS`
// characters in all; a longer replay travels as a file.

import { fromBase64Url, toBase64Url } from './share-link.js';
import { shown } from './values.js';

const REPLAY_PARAM = 'r';
/** The longest link to a replay the page makes, in characters. */
export const MAX_LINK_CHARS = 8000;

/** The link to the replay of JSON text `text` on the page at `location`, or null if too long. */
export function replayUrl(text, location = window.location) {
  const url = `${location.origin}${location.pathname}#${REPLAY_PARAM}=${toBase64Url(text)}`;
  return url.length <= MAX_LINK_CHARS ? url : null;
}

/**
 * What a URL hash holds of a replay: null when it holds none, else `{text}`, the replay's JSON
 * text, or `{problem}` when the link is damaged.
 */
export function readReplayHash(hash) {
  const payload = new URLSearchParams(hash.replace(/^#/, '')).get(REPLAY_PARAM);
  if (!payload) return null;
  try {
    return { text: fromBase64Url(payload) };
  } catch {
    const start = payload.length > 40 ? `${payload.slice(0, 40)}…` : payload;
    return { problem: `what follows "#r=" is not a replay this page can read: ${shown(start)}` };
  }
}
