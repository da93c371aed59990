// Personal bests of the goal modes, kept in localStorage: one per mode, rule set and board, as
// each mode ranks its games. A sprint counts only when finished, by its time (then its pieces);
// an ultra and a marathon count by their points, finished or topped out (then by the fewer
// pieces). A saved best that cannot be read is named and left out, the others kept.

const STORAGE_KEY = 'tetris-ai/bests/v1';

/** The key of the bests of `mode` under `rules` on a board of `[width, height]`. */
export function bestKey(mode, rules, [width, height]) {
  return `${mode}/${rules}/${width}x${height}`;
}

/** What a game's statistics `stats` (of seed `seed`, ended at `at`) keep as a result. */
export function resultOf(stats, seed, at) {
  return {
    frames: stats.frames,
    pieces: stats.pieces,
    lines: stats.lines,
    score: stats.score,
    finished: stats.finished,
    seed,
    at,
  };
}

/** Whether `result` of `mode` counts as a result at all (a sprint must be finished). */
export function counts(mode, result) {
  return mode !== 'sprint' || result.finished;
}

/** Whether `result` of `mode` beats `best` (none beats nothing). */
export function beats(mode, result, best) {
  if (!counts(mode, result)) return false;
  if (!best) return true;
  if (mode === 'sprint') {
    return (
      result.frames < best.frames || (result.frames === best.frames && result.pieces < best.pieces)
    );
  }
  return result.score > best.score || (result.score === best.score && result.pieces < best.pieces);
}

/** Whether `value` is a result as `resultOf` makes them. */
function isResult(value) {
  const whole = (n) => Number.isSafeInteger(n) && n >= 0;
  return (
    value !== null &&
    typeof value === 'object' &&
    ['frames', 'pieces', 'lines', 'score', 'seed'].every((field) => whole(value[field])) &&
    typeof value.finished === 'boolean' &&
    typeof value.at === 'string'
  );
}

/**
 * The bests saved in `text` (null: none saved): `{bests, problems}`, the readable ones by key and
 * a message for each one left out (or for the whole text, where it is not a JSON object).
 */
export function readBests(text) {
  if (text === null) return { bests: {}, problems: [] };
  let saved;
  try {
    saved = JSON.parse(text);
  } catch (err) {
    return { bests: {}, problems: [`your saved bests are not JSON (${err.message})`] };
  }
  if (saved === null || typeof saved !== 'object' || Array.isArray(saved)) {
    return { bests: {}, problems: ['your saved bests are not an object of bests'] };
  }
  const bests = {};
  const problems = [];
  for (const [key, value] of Object.entries(saved)) {
    if (/^(sprint|ultra|marathon)\/\w+\/\d+x\d+$/.test(key) && isResult(value)) {
      bests[key] = value;
    } else {
      problems.push(`your saved best "${key}" could not be read, and is left out`);
    }
  }
  return { bests, problems };
}

/** The saved bests (see `readBests`), or why the browser refused them. */
export function loadBests(storage = localStorage) {
  try {
    return readBests(storage.getItem(STORAGE_KEY));
  } catch (err) {
    return { bests: {}, problems: [`the browser refused access to its storage (${err.message})`] };
  }
}

/** Saves `bests`; returns why it could not, or null. */
export function saveBests(bests, storage = localStorage) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(bests));
    return null;
  } catch (err) {
    return `your bests could not be saved (${err.message})`;
  }
}

/** Forgets every best; returns why it could not, or null. */
export function clearBests(storage = localStorage) {
  try {
    storage.removeItem(STORAGE_KEY);
    return null;
  } catch (err) {
    return `your bests could not be cleared (${err.message})`;
  }
}
