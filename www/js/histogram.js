// Lines per game as a histogram: the games of one or more sets counted in bins of one round
// width, the same bins for every set, so that their bars stand side by side.

/** The widths a bin may have: 1, 2 or 5 times a power of ten. */
function roundWidth(raw) {
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((times) => times * power).find((width) => width >= raw);
}

/**
 * About `wanted` bins for the values of `sets` (lists of whole numbers): `{starts, width,
 * counts}`, the bins `[starts[i], starts[i] + width)` of a round width (whole, at least 1) from a
 * multiple of it up to the largest value, and `counts[s][i]` the values of set `s` in bin `i`.
 */
export function bins(sets, wanted = 20) {
  let min = Infinity;
  let max = -Infinity;
  for (const values of sets) {
    for (const value of values) {
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
  }
  if (min > max) return { starts: [], width: 1, counts: sets.map(() => []) };
  const width = Math.max(1, roundWidth((max - min + 1) / wanted));
  const first = Math.floor(min / width) * width;
  const starts = Array.from(
    { length: Math.floor((max - first) / width) + 1 },
    (_, i) => first + i * width,
  );
  const counts = sets.map((values) => {
    const counted = starts.map(() => 0);
    for (const value of values) counted[Math.floor((value - first) / width)] += 1;
    return counted;
  });
  return { starts, width, counts };
}
