// A replay in a share link: the replay's JSON text (its configuration and every move, as the
// engine writes it; or a match's, see match-replay.js), compressed with raw DEFLATE, in base64url
// after `#rz=`. Links made before replays were compressed hold the JSON text itself in base64url
// after `#r=`, and still open. A link holds a replay of up to `MAX_LINK_CHARS` characters in all;
// a longer replay travels as a file.

import { base64UrlToBytes, bytesToBase64Url, fromBase64Url } from './share-link.js';
import { clipped, shown } from './values.js';

/** The parameter of a compressed replay, and of a replay's JSON text as it is. */
const PARAMS = { deflated: 'rz', plain: 'r' };
/** The longest link to a replay the page makes, in characters. */
export const MAX_LINK_CHARS = 8000;

/**
 * The most bytes a link's replay may unpack to: a match of two games of the engine's longest
 * replay, each move a few bytes, fits with room to spare.
 */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/** A link's replay that unpacks to more than `MAX_INFLATED_BYTES`. */
class TooLarge extends Error {}

/** The link to the replay of JSON text `text` on the page at `location`, or null if too long. */
export async function replayUrl(text, location = window.location) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const deflated = new Uint8Array(await new Response(stream).arrayBuffer());
  const payload = bytesToBase64Url(deflated);
  const url = `${location.origin}${location.pathname}#${PARAMS.deflated}=${payload}`;
  return url.length <= MAX_LINK_CHARS ? url : null;
}

/** Whether the URL hash `hash` holds a replay (a good one or not). */
export function holdsReplay(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return Object.values(PARAMS).some((param) => params.get(param));
}

/**
 * The JSON text of a link's compressed replay `payload`; throws where it is none, or where it
 * unpacks to more than `MAX_INFLATED_BYTES` (a short link can hold a huge text of repeats).
 */
async function inflated(payload) {
  const stream = new Blob([base64UrlToBytes(payload)])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_INFLATED_BYTES) {
      await reader.cancel();
      throw new TooLarge(
        `it unpacks to more than ${MAX_INFLATED_BYTES.toLocaleString('en')} bytes`,
      );
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
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
  } catch (err) {
    const start = clipped(payload);
    const why = err instanceof TooLarge ? ` (${err.message})` : '';
    return {
      problem: `what follows "#${param}=" is not a replay this page can read: ${shown(start)}${why}`,
    };
  }
}
