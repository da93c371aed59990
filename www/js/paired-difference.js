// Two weight sets compared on the same games: the difference of their lines game by game
// (A − B), its mean with a 95% confidence interval by the normal approximation (the mean ± 1.96
// sample standard deviations of the differences over √n), and what that says in plain words.

/** A 95% interval reaches this many standard errors either side of the mean (normal law). */
export const Z_95 = 1.96;

/** The sum of `values`. */
function sum(values) {
  return values.reduce((total, x) => total + x, 0);
}

/**
 * The paired difference of `a` and `b`, the lines of each game of weights A and of weights B
 * on the same seeds, in the same order: `{games, mean, std, margin, low, high}`, the mean of
 * A − B, the sample standard deviation of the differences (divided by n − 1), and the 95%
 * interval's half-width and ends (NaN for fewer than two games). Lists of different lengths
 * are refused.
 */
export function pairedDifference(a, b) {
  if (a.length !== b.length) {
    throw new Error(`A played ${a.length} games and B ${b.length}: compare the same games`);
  }
  const games = a.length;
  const differences = a.map((lines, i) => lines - b[i]);
  const mean = games > 0 ? sum(differences) / games : NaN;
  const std =
    games > 1 ? Math.sqrt(sum(differences.map((d) => (d - mean) ** 2)) / (games - 1)) : NaN;
  const margin = (Z_95 * std) / Math.sqrt(games);
  return { games, mean, std, margin, low: mean - margin, high: mean + margin };
}

/** A figure as the verdict gives it: whole from 100 up, else three significant digits. */
export function figure(x) {
  return Math.abs(x) >= 100
    ? x.toLocaleString('en', { maximumFractionDigits: 0 })
    : x.toLocaleString('en', { maximumSignificantDigits: 3 });
}

/**
 * What `difference` (from `pairedDifference`) says in plain words: which weights clear more
 * lines, by how much and over how many games, or that it is not clear yet (the interval holds
 * 0, or there are too few games to have one). Where games stopped at a cap (`capped`), more of
 * them would not tell the two apart where both reach it: the cap is what to raise.
 */
export function verdict({ games, mean, std, margin, low, high }, capped = false) {
  const over = `${games.toLocaleString('en')} ${games === 1 ? 'game' : 'games'}`;
  if (games > 1 && mean === 0 && std === 0) {
    const within = capped ? ', within the cap' : '';
    return `A and B cleared the same lines in every game (${over}${within}).`;
  }
  if (!(games > 1) || (low <= 0 && high >= 0)) {
    return capped
      ? 'No clear difference within the cap: raise the cap, or estimate survival, to tell them apart.'
      : 'No clear difference yet: play more games.';
  }
  const [more, less] = mean > 0 ? ['A', 'B'] : ['B', 'A'];
  return `${more} clears more lines than ${less} (+${figure(Math.abs(mean))} ± ${figure(margin)}, ${over}).`;
}
