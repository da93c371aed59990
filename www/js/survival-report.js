// A survival estimate in the Benchmark panel, for games too long to play out: the rows of its
// table, two weight sets' estimates compared (the difference of the means with a 95% interval
// from their standard errors, and what that says in plain words), what it means that no game
// ended, and its effort in words. The panel reads it as a kind's report view (see
// benchmark-report.js): `rows`, `compare`, `comparison`, `effort` and `files`.

import { signed } from './benchmark-report.js';
import { figure, Z_95 } from './paired-difference.js';

/** The sum of `count(replicate)` over the replicates of `result`. */
function total(result, count) {
  return result.replicates.reduce((sum, replicate) => sum + count(replicate), 0);
}

/** What the table's first column heads. */
export const heading = 'Lines cleared';

/** The table's rows: label, the figure of a result, and how many decimals it reads with. */
export const SURVIVAL_ROWS = [
  ['Estimated lines per game', (r) => r.mean_lines, 0],
  ['Its standard error', (r) => r.mean_lines_error, 0],
  ['Replicates', (r) => r.replicates.length, 0],
  ['Lines in the long runs', (r) => total(r, (rep) => rep.lines), 0],
  ['Excursions in them', (r) => total(r, (rep) => rep.excursions), 0],
  ['Branches that saw the game end', (r) => total(r, (rep) => rep.stages.at(-1).reached), 0],
  ['Pieces placed', (r) => r.pieces, 0],
];

/**
 * Two estimates compared, A − B: `{replicates, mean, error, margin, low, high}`, the difference
 * of their mean lines, its standard error (the root of the sum of their squared errors: the two
 * sets' replicates share seeds but not games, so they are taken as independent) and the 95%
 * interval's half-width and ends. Each is null where either estimate has no error (no game
 * ended, or one replicate).
 */
export function estimateDifference(a, b) {
  const replicates = Math.min(a.replicates.length, b.replicates.length);
  const known = a.mean_lines_error != null && b.mean_lines_error != null;
  if (!known) {
    return { replicates, mean: null, error: null, margin: null, low: null, high: null };
  }
  const mean = a.mean_lines - b.mean_lines;
  const error = Math.hypot(a.mean_lines_error, b.mean_lines_error);
  const margin = Z_95 * error;
  return { replicates, mean, error, margin, low: mean - margin, high: mean + margin };
}

/**
 * What `difference` (from `estimateDifference`) says in plain words: which weights' games last
 * longer, by how much, or that it is not clear yet.
 */
export function survivalVerdict({ replicates, mean, margin, low, high }) {
  if (mean === null) {
    return 'No interval yet: each set needs two replicates or more in which some game ended.';
  }
  if (low <= 0 && high >= 0) return 'No clear difference yet: make more replicates.';
  const [more, less] = mean > 0 ? ['A', 'B'] : ['B', 'A'];
  const each = `${replicates.toLocaleString('en')} replicates each`;
  return (
    `${more}'s games last longer than ${less}'s ` +
    `(+${figure(Math.abs(mean))} ± ${figure(margin)} lines, ${each}).`
  );
}

/**
 * What it means that no replicate of some of `sets` (each `{label, name, result}`) saw a game
 * end, in plain words; '' where every set saw one.
 */
export function unseenNote(sets) {
  const unseen = sets.filter((set) => set.result.mean_lines === null);
  if (unseen.length === 0) return '';
  const named = unseen.map((set) => `${set.label} (${set.name})`).join(' and ');
  const games = unseen.length === 1 ? 'its games outlast' : 'their games outlast';
  return (
    `No game ended in the replicates of ${named}, so there is no estimate: ${games} what ` +
    'this effort can see. More branches per level may see an ending; under the guideline ' +
    "rules' bag a good player's games may practically never end."
  );
}

/** The table's rows. */
export function rows() {
  return SURVIVAL_ROWS;
}

/** A's and B's estimates compared (see `estimateDifference`). */
export const compare = estimateDifference;

/**
 * What shows under the table: `{text, verdict}`, the note on `sets` (each `{label, name,
 * result}`) that saw no game end, else the comparison `difference` (none without B).
 */
export function comparison(difference, sets) {
  const note = unseenNote(sets);
  if (note) return { text: note, verdict: difference && survivalVerdict(difference) };
  if (!difference) return { text: '', verdict: null };
  const { mean, error, low, high } = difference;
  const text =
    mean === null
      ? 'A − B: no interval without a standard error of each estimate.'
      : `A − B, estimate against estimate: ${signed(mean)} lines per game; standard ` +
        `error ${figure(error)}, 95% interval ${signed(low)} to ${signed(high)} (normal ` +
        'approximation).';
  return { text, verdict: survivalVerdict(difference) };
}

/** The effort of `options` in words, its last replicate seeded `last`. */
export function effort(options, last) {
  const grouped = (x) => x.toLocaleString('en');
  return (
    `replicates from seeds ${options.seed} to ${last}, each a long run of ` +
    `${grouped(options.runPieces)} pieces and ${grouped(options.trials)} branches per level`
  );
}

/** The files the results export as: a replicate is no game, so no CSV of games. */
export const files = ['json'];
