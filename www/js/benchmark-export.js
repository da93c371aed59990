// A benchmark's results as files: CSV with a row per game (its seed, the lines of weights A, and
// of weights B where two sets were compared), and JSON with the statistics and every game's
// lines of each set, the settings that made them, and the comparison.
//
// A report, as the benchmark panel keeps it: `{options, a, b, difference}`, `options` the
// options `benchmark()` took (`games`, `seed`, `maxPieces`), `a` and `b` each `{name, config,
// result}` (the game configuration played and what `benchmark()` gave; `b` null without a
// comparison), and `difference` what `pairedDifference` gave (null without a comparison).

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

/** The report as JSON: `benchmark(a.config, options)` plays A's games again. */
export function jsonText(report) {
  const { options, a, b, difference } = report;
  const written = { options, a };
  if (b) Object.assign(written, { b, difference });
  return `${JSON.stringify(written, null, 2)}\n`;
}

/** A file name for the report: its weights (a file's less its extension) and games. */
export function fileName({ options, a, b }, extension) {
  const name = (side) =>
    side.name
      .replace(/\.json$/i, '')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const compared = b ? `${name(a)}-vs-${name(b)}` : name(a);
  return `benchmark-${compared}-${options.games}-games.${extension}`;
}
