// A versus series in the Benchmark panel, A playing B: each side's figures (what `versus()`
// gives of the series, from that side's seat), who wins more in plain words with the 95% (Wilson)
// interval of A's win rate among decided matches, and its effort in words. The panel reads it as
// a kind's report view (see benchmark-report.js), and, since one series plays both sets, splits
// the series into the two sets' results with `sides`.

import { count } from '../lib/count.js';

/** What the table's first column heads. */
export const heading = 'Each side';

/** The table's rows: label, a side's figure, and how many decimals it reads with. */
const ROWS = [
  ['Matches won', (s) => s.won, 0],
  ['Matches drawn', (s) => s.draws, 0],
  ['Matches stopped at the cap', (s) => s.capped, 0],
  ['Attack per piece', (s) => s.attack_per_piece, 3],
  ['Attack in all', (s) => s.attack, 0],
  ['Garbage rows sent', (s) => s.sent, 0],
  ['Garbage rows taken', (s) => s.received, 0],
  ['T-spins', (s) => s.t_spins, 0],
  ['Perfect clears', (s) => s.perfect_clears, 0],
  ['Pieces per match', (s) => s.pieces_per_match, 1],
  ['Lines in all', (s) => s.lines, 0],
];

/** A share as a percentage: "50.7%". */
function percent(x) {
  return `${(100 * x).toFixed(1)}%`;
}

/**
 * The two sets' results of `series` (what `versus()` gives, A on the left): each side's play,
 * with the matches it won and lost, the draws, the matches stopped at the cap, and its own win
 * rate with its interval (B's the complement of A's).
 */
export function sides(series) {
  const { wins, losses, draws, capped, win_rate: rate, win_rate_interval: interval } = series;
  const shared = { games: series.games, draws, capped };
  return [
    { ...series.left, ...shared, won: wins, lost: losses, win_rate: rate, interval },
    {
      ...series.right,
      ...shared,
      won: losses,
      lost: wins,
      win_rate: rate === null ? null : 1 - rate,
      interval: interval === null ? null : [1 - interval[1], 1 - interval[0]],
    },
  ];
}

/** The table's rows. */
export function rows() {
  return ROWS;
}

/** The comparison of A's and B's sides (from `sides`): A's wins, losses and win rate. */
export function compare(a) {
  return { won: a.won, lost: a.lost, draws: a.draws, rate: a.win_rate, interval: a.interval };
}

/**
 * Who wins more, in plain words, from `difference` (see `compare`): a side whose interval lies
 * wholly on its side of one half, else that it is not clear yet.
 */
export function versusVerdict({ won, lost, interval }) {
  if (interval === null) return 'No match was decided: every one was drawn.';
  const [low, high] = interval;
  const decided = count(won + lost, 'decided match', 'decided matches');
  if (low > 0.5) return `A wins more often than B (${decided}).`;
  if (high < 0.5) return `B wins more often than A (${decided}).`;
  return `No clear winner yet (${decided}): play more matches.`;
}

/**
 * What shows under the table: `{text, verdict}`, A's record and win rate with its interval; none
 * without a series.
 */
export function comparison(difference) {
  if (!difference) return { text: '', verdict: null };
  const { won, lost, draws, rate, interval } = difference;
  const record = `A against B: ${won} won, ${lost} lost, ${draws} drawn`;
  const text =
    rate === null
      ? `${record}.`
      : `${record}; A wins ${percent(rate)} of the decided matches, 95% interval ` +
        `${percent(interval[0])} to ${percent(interval[1])} (Wilson).`;
  return { text, verdict: versusVerdict(difference) };
}

/** The effort of `options` in words, its last match seeded `last`. */
export function effort(options, last) {
  return (
    `matches from seeds ${options.seed} to ${last}, each side stopped at ` +
    `${options.maxPieces.toLocaleString('en')} pieces`
  );
}

/** The files the results export as: the series' JSON. */
export const files = ['json'];
