// A replay in a share link: the replay's JSON text (its configuration and every move, as the
// engine writes it; or a match's, see match-replay.js), compressed with raw DEFLATE, in base64url
// after `#rz=`. Links made before replays were compressed hold the JSON text itself in base64url
// after `#r=`, and still open. A link holds a replay of up to `MAX_LINK_CHARS` characters in all;
// a longer replay travels as a file.

import { base64UrlToBytes, bytesToBase64Url, fromBase64Url } from './share-link.js';
import { shown } from './values.js';

/** The parameter of a compressed replay, and of a replay's JSON text as it is. */
const PARAMS = { deflated: 'rz', plain: 'r' };
/** The longest link to a replay the page makes, in characters. */
export const MAX_LINK_CHARS = 8000;

/** The bytes `bytes` put through the stream `transform` (a compression or a decompression). */
async function through(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The link to the replay of JSON text `text` on the page at `location`, or null if too long. */
export async function replayUrl(text, location = window.location) {
  const deflated = await through(
    new TextEncoder().encode(text),
    new CompressionStream('deflate-raw'),
  );
  const payload = bytesToBase64Url(deflated);
  const url = `${location.origin}${location.pathname}#${PARAMS.deflated}=${payload}`;
  return url.length <= MAX_LINK_CHARS ? url : null;
}

/** Whether the URL hash `hash` holds a replay (a good one or not). */
export function holdsReplay(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return Object.values(PARAMS).some((param) => params.get(param));
}

/** The JSON text of a link's compressed replay `payload`; throws where it is none. */
async function inflated(payload) {
  const bytes = await through(base64UrlToBytes(payload), new DecompressionStream('deflate-raw'));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * What a URL hash holds of a replay: null when it holds none, else `{text}`, the replay's JSON
 * text, or `{problem}` when the link is damaged.
 */
export async function readReplayHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const [param, read] = params.get(PARAMS.deflated)
    ? [PARAMS.deflated, inflated]
    : [PARAMS.plain, fromBase64Url];
  const payload = params.get(param);
  if (!payload) return null;
  try {
    return { text: await read(payload) };
  } catch {
    const start = payload.length > 40 ? `${payload.slice(0, 40)}…` : payload;
    return {
      problem: `what follows "#${param}=" is not a replay this page can read: ${shown(start)}`,
    };
  }
}
