// The Benchmark panel's results as files: for whole games, CSV with a row per game (its seed, the
// lines of weights A, and of weights B where two sets were compared); for either kind, JSON with
// each set's result (a benchmark's statistics and every game's lines, or a survival estimate and
// every replicate's counts), the settings that made them, and the comparison.
//
// A report, as the panel keeps it: `{kind, options, a, b, difference}`, `kind` "benchmark" or
// "survival", `options` the options `benchmark()` took (`games`, `seed`, `maxPieces`) or
// `survival()` took (`replicates`, `seed`, `runPieces`, `trials`), `a` and `b` each `{name,
// config, result}` (the game configuration played and what it gave; `b` null without a
// comparison), and `difference` what `pairedDifference` or `estimateDifference` gave (null
// without a comparison).

/** Seeds are 64-bit: past 2^64 - 1 they start from 0 again, as the engine's do. */
const SEEDS = 2n ** 64n;

/** The seed of game `game` of games from `seed`: `seed + game`, as a string of digits. */
export function gameSeed(seed, game) {
  return ((BigInt(seed) + BigInt(game)) % SEEDS).toString();
}

/** The report as CSV: a header, then a row per game with its seed and lines. */
export function csvText({ options, a, b }) {
  const header = b ? 'seed,lines A,lines B' : 'seed,lines A';
  const rows = a.result.game_lines.map((lines, game) => {
    const cells = [gameSeed(options.seed, game), lines];
    if (b) cells.push(b.result.game_lines[game]);
    return cells.join(',');
  });
  return `${[header, ...rows].join('\n')}\n`;
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
 * A file name for the report: its kind, its weights (a file's less its extension), and its games
 * or replicates.
 */
export function fileName({ kind, options, a, b }, extension) {
  const name = (side) =>
    side.name
      .replace(/\.json$/i, '')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const compared = b ? `${name(a)}-vs-${name(b)}` : name(a);
  const jobs = kind === 'survival' ? `${options.replicates}-replicates` : `${options.games}-games`;
  return `${kind}-${compared}-${jobs}.${extension}`;
}
