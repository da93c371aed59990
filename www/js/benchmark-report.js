// A benchmark in the Benchmark panel, whole games played out: the rows of its table, two weight
// sets compared game by game (see paired-difference.js), its effort in words, its CSV file and
// the histogram of the lines per game. The panel reads a kind's report view through this shape
// (see MEASUREMENT_KINDS in lib/measurement-kinds.js): `heading`, `rows`, `compare`,
// `comparison`, `effort`, `files`, `csvText` where `files` has "csv", `draw` where it draws a
// chart, and `sides` where A plays B in one measurement.

import uPlot from '../vendor/uPlot.esm.js';
import { count } from '../lib/count.js';
import { gameSeed } from './benchmark-export.js';
import { bins } from './histogram.js';
import { figure, pairedDifference, verdict } from './paired-difference.js';

/** The label of the row of games stopped at the cap, shown only where there was a cap. */
const CAPPED = 'Games stopped at the cap';

/** What the table's first column heads. */
export const heading = 'Lines cleared';

/** The table's rows: label, a result's figure, and how many decimals it reads with. */
const ROWS = [
  ['Games', (r) => r.games, 0],
  ['Average', (r) => r.mean, 1],
  ['Median', (r) => r.median, 1],
  ['Fewest', (r) => r.min, 0],
  ['Most', (r) => r.max, 0],
  ['Standard deviation', (r) => r.std, 1],
  ['Lines in all', (r) => r.lines, 0],
  ['Pieces in all', (r) => r.pieces, 0],
  ['Pieces per line', (r) => r.pieces_per_line, 3],
  [CAPPED, (r) => r.capped, 0],
];

/** Each weight set's colour in the histogram. */
const COLORS = { A: '#5aa9ff', B: '#f0a35a' };

/** The histogram's height, in pixels. */
export const CHART_HEIGHT = 180;

/** A difference with its sign: "+124", "−3.5". */
export function signed(x) {
  return `${x < 0 ? '−' : '+'}${figure(Math.abs(x))}`;
}

/** The table's rows for `options`: the cap's row only where there was a cap. */
export function rows(options) {
  return ROWS.filter(([label]) => label !== CAPPED || options.maxPieces !== undefined);
}

/** A's and B's results compared game by game (see `pairedDifference`). */
export function compare(a, b) {
  return pairedDifference(a.game_lines, b.game_lines);
}

/**
 * The warning on `sets` (each `{label, result}`) whose games stopped at the cap, whose lines
 * count only up to it; empty where none did.
 */
function cappedNote(sets) {
  const capped = sets.filter((set) => set.result.capped > 0);
  if (capped.length === 0) return '';
  const which = capped.map(
    (set) =>
      `${set.result.capped.toLocaleString('en')} of ${set.label}'s ${count(set.result.games, 'game')}`,
  );
  const their = capped.length === 1 && capped[0].result.capped === 1 ? 'its' : 'their';
  return (
    `${which.join(' and ')} stopped at the cap: ${their} lines count only up to it, so the ` +
    'figures understate how long the games would have gone.'
  );
}

/**
 * What the comparison `difference` (none without B) of `sets` shows under the table: `{text,
 * verdict}`, with the warning on games stopped at the cap; `text` empty and `verdict` null where
 * there is nothing to show.
 */
export function comparison(difference, sets) {
  const note = cappedNote(sets);
  if (!difference) return { text: note, verdict: null };
  const { games, mean, low, high } = difference;
  const text =
    games > 1
      ? `A − B, game by game: ${signed(mean)} lines on average; 95% interval ` +
        `${signed(low)} to ${signed(high)} (normal approximation).`
      : `A − B over one game: ${signed(mean)} lines; play more games for an interval.`;
  return { text: note ? `${text} ${note}` : text, verdict: verdict(difference, note !== '') };
}

/** The effort of `options` in words, its last game seeded `last`. */
export function effort(options, last) {
  const cap =
    options.maxPieces === undefined
      ? ''
      : `, at most ${options.maxPieces.toLocaleString('en')} pieces a game`;
  return `seeds ${options.seed} to ${last}${cap}`;
}

/** The files the results export as. */
export const files = ['csv', 'json'];

/** The report as CSV: a header, then a row per game with its seed and lines. */
export function csvText({ options, a, b }) {
  const header = b ? 'seed,lines A,lines B' : 'seed,lines A';
  const lines = a.result.game_lines.map((played, game) => {
    const cells = [gameSeed(options.seed, game), played];
    if (b) cells.push(b.result.game_lines[game]);
    return cells.join(',');
  });
  return `${[header, ...lines].join('\n')}\n`;
}

/**
 * Draws the histogram of the lines per game of each set of `report` side by side into
 * `container`: the chart (uPlot), to resize and destroy.
 */
export function draw(container, { a, b }) {
  const shown = b ? [a, b] : [a];
  const { starts, width, counts } = bins(shown.map((set) => set.result.game_lines));
  const range = (i) =>
    `${starts[i].toLocaleString('en')}–${(starts[i] + width - 1).toLocaleString('en')}`;
  const labels = b ? ['A', 'B'] : ['A'];
  return new uPlot(
    {
      width: Math.max(240, container.clientWidth || 340),
      height: CHART_HEIGHT,
      scales: {
        x: { time: false, range: [starts[0], starts.at(-1) + width] },
        y: { range: (u, min, max) => [0, Math.max(1, max)] },
      },
      axes: [
        { stroke: '#8b97aa', grid: { stroke: '#243044' }, label: 'lines per game' },
        { stroke: '#8b97aa', grid: { stroke: '#243044' }, size: 48, label: 'games' },
      ],
      series: [
        { label: 'lines', value: (u, x, s, i) => (i == null ? '' : range(i)) },
        ...labels.map((label, s) => ({
          label: `${label}: ${shown[s].name}`,
          value: (u, games) => (games == null ? '' : count(games, 'game')),
          stroke: COLORS[label],
          fill: `${COLORS[label]}aa`,
          paths: uPlot.paths.bars({
            size: [b ? 0.45 : 0.9, Infinity],
            align: b ? [-1, 1][s] : 0,
          }),
          points: { show: false },
        })),
      ],
    },
    [starts.map((start) => start + width / 2), ...counts],
    container,
  );
}
