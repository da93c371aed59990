// The Benchmark panel's results as files, for every kind: JSON with each set's result (a
// benchmark's statistics and every game's lines, or a survival estimate and every replicate's
// counts), the settings that made them and the comparison, and the files' names. A kind's own
// files (a benchmark's CSV) are its report view's.
//
// A report, as the panel keeps it: `{kind, options, a, b, difference}`, `kind` the measurement's
// kind (see lib/measurement-kinds.js), `options` the kind's options as `measure()` took them
// (`benchmark()`'s `games`, `seed`, `maxPieces`; `survival()`'s `replicates`, `seed`,
// `runPieces`, `trials`), `a` and `b` each `{name, config, result}` (the game configuration
// played and what it gave; `b` null without a comparison), and `difference` what the kind's
// report view's `compare` gave (null without a comparison).

import { measurementKind } from '../lib/measurement-kinds.js';

/** Seeds are 64-bit: past 2^64 - 1 they start from 0 again, as the engine's do. */
const SEEDS = 2n ** 64n;

/** The seed of game `game` of games from `seed`: `seed + game`, as a string of digits. */
export function gameSeed(seed, game) {
  return ((BigInt(seed) + BigInt(game)) % SEEDS).toString();
}

/**
 * The report as JSON: `benchmark(a.config, options)` (or `survival`) plays A's games again.
 */
export function jsonText({ kind, options, a, b, difference }) {
  const written = { kind, options, a };
  if (b) Object.assign(written, { b, difference });
  return `${JSON.stringify(written, null, 2)}\n`;
}

/**
 * A file name for the report: its kind, its weights (a file's less its extension), and its jobs
 * (games, replicates).
 */
export function fileName({ kind, options, a, b }, extension) {
  const { count, jobs } = measurementKind(kind);
  const name = (side) =>
    side.name
      .replace(/\.json$/i, '')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const compared = b ? `${name(a)}-vs-${name(b)}` : name(a);
  return `${kind}-${compared}-${options[count]}-${jobs}.${extension}`;
}
