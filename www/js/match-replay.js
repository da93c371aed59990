// A match (or race) as a replay: the two games' recordings, the two players' names, and the
// order in which their pieces were placed, a character a piece ("0" for the first side's, "1"
// for the second's), so that both boards play again on one timeline. A file or a share link
// holds it as the JSON `{"names": [a, b], "order": "0110…", "sides": [recording, recording]}`;
// the engine checks each side's recording as it opens (see lib/replay.js).

import { Replay } from '../lib/replay.js';
import { clipped, shown } from './values.js';

/** The fields of a match's replay. */
const FIELDS = ['names', 'order', 'sides'];
/** The longest name of a side, in characters. */
export const MAX_NAME_CHARS = 40;

/** `text` as a side's name: trimmed and cut to `MAX_NAME_CHARS`, or `fallback` where empty. */
export function sideName(text, fallback) {
  return text.trim().slice(0, MAX_NAME_CHARS).trim() || fallback;
}

/**
 * "The match" for the replay `match` of two games that played one (their garbage crossing), else
 * "The race".
 */
export function raceTitle(match) {
  return match?.sides?.[0]?.versus ? 'The match' : 'The race';
}

/** Whether the parsed JSON `value` is a match's replay rather than one game's. */
export function isMatch(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'sides' in value;
}

/** `value` as a message names it (see `shown`), clipped (see `clipped`). */
function quoted(value) {
  return clipped(shown(value));
}

/** The names of a match's replay checked: two names of 1 to `MAX_NAME_CHARS` characters. */
function readNames(names) {
  const good = (name) =>
    typeof name === 'string' && name.trim() !== '' && name.length <= MAX_NAME_CHARS;
  if (!Array.isArray(names) || names.length !== 2 || !names.every(good)) {
    throw new Error(
      `names must be two names of 1 to ${MAX_NAME_CHARS} characters, got ${quoted(names)}`,
    );
  }
  return names;
}

/** How many pieces the recording `side` says it holds (the engine checks the rest). */
function piecesOf(side, index) {
  if (side === null || typeof side !== 'object' || !Number.isSafeInteger(side.pieces)) {
    throw new Error(`sides[${index}] must be a game's replay with its pieces, got ${quoted(side)}`);
  }
  return side.pieces;
}

/**
 * The match's replay in the parsed JSON `value` checked: `{names, order, sides}`, where `order`
 * holds a "0" for each piece of the first side and a "1" for each of the second's. Throws,
 * naming what is wrong.
 */
export function readMatch(value) {
  const extra = Object.keys(value).find((field) => !FIELDS.includes(field));
  if (extra !== undefined) {
    throw new Error(`a match's replay has the fields ${FIELDS.join(', ')}, not ${shown(extra)}`);
  }
  const names = readNames(value.names);
  const { sides, order } = value;
  if (!Array.isArray(sides) || sides.length !== 2) {
    throw new Error(`sides must be the two games' replays, got ${quoted(sides)}`);
  }
  const pieces = sides.map(piecesOf);
  if (typeof order !== 'string' || !/^[01]*$/.test(order)) {
    throw new Error(`order must be a text of "0" and "1", got ${quoted(order)}`);
  }
  const ones = order.split('1').length - 1;
  const placed = [order.length - ones, ones];
  if (placed[0] !== pieces[0] || placed[1] !== pieces[1]) {
    throw new Error(
      `order must hold a "0" for each of the ${pieces[0]} pieces of ${names[0]} and a "1" for ` +
        `each of the ${pieces[1]} of ${names[1]}, and holds ${placed[0]} and ${placed[1]}`,
    );
  }
  return { names, order, sides };
}

/**
 * The order of a match's pieces as the page saw them placed (`seen`, "0" and "1"), fitted to
 * the pieces each side's recording holds (`pieces`, two counts): a side's pieces the page had
 * not yet heard of when the recordings were taken come last, and a side's pieces beyond its
 * recording go.
 */
export function fittedOrder(seen, pieces) {
  const kept = [0, 0];
  let order = '';
  for (const side of seen) {
    const i = Number(side);
    if (kept[i] < pieces[i]) {
      kept[i] += 1;
      order += side;
    }
  }
  return order + '0'.repeat(pieces[0] - kept[0]) + '1'.repeat(pieces[1] - kept[1]);
}

/** For each position of `order` (0 to its length), the pieces each side has placed by then. */
export function positions(order) {
  const placed = [[0, 0]];
  for (const side of order) {
    const [a, b] = placed.at(-1);
    placed.push(side === '0' ? [a + 1, b] : [a, b + 1]);
  }
  return placed;
}

/** A match's replay, both games played again in workers of their own. */
export class MatchReplay {
  /** Opens the checked match `match` (see `readMatch`); a side that does not play rejects. */
  static async open(match) {
    const opened = await Promise.allSettled(
      match.sides.map((side) => Replay.open(JSON.stringify(side))),
    );
    const failed = opened.findIndex((result) => result.status === 'rejected');
    if (failed >= 0) {
      for (const result of opened) if (result.status === 'fulfilled') result.value.close();
      throw new Error(`the game of ${match.names[failed]}: ${opened[failed].reason.message}`);
    }
    return new MatchReplay(
      match,
      opened.map((result) => result.value),
    );
  }

  constructor(match, sides) {
    /** The two players' names. */
    this.names = match.names;
    /** Who placed each piece, in turn: "0" and "1". */
    this.order = match.order;
    /** The two games' replays. */
    this.sides = sides;
    /** How many placements the match holds, both sides'. */
    this.count = match.order.length;
    /** The match's replay as JSON text: what a file or a share link holds. */
    this.text = JSON.stringify(match);
    /** The configuration of the first side's game (both play the same rules and board). */
    this.config = sides[0].config;
    this.placed = positions(match.order);
  }

  /**
   * The position after `index` placements of the two (0 to `count`): `{index, count, mover,
   * sides}`, `sides` each side's frame (see `Replay.frame`), `mover` the side placing next
   * (0 or 1; null at the end).
   */
  async frame(index) {
    const placed = this.placed[index];
    const sides = await Promise.all(this.sides.map((side, i) => side.frame(placed[i])));
    const mover = index < this.count ? Number(this.order[index]) : null;
    return { index, count: this.count, mover, sides };
  }

  /** Stops both replays' workers. */
  close() {
    for (const side of this.sides) side.close();
  }
}
