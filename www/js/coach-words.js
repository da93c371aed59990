// How the coach says what the engine works out: scores and weights as short numbers, a rating as
// a rank, a gap and the features that make it, in plain words ("3rd of 34, 4.5 below the best:
// holes +1 (−4)").

/** The minus sign the coach writes, which reads better than a hyphen beside digits. */
const MINUS = '−';

/**
 * A number as the coach shows it: at most two decimals from 1 up (−12.87, 1,234.5), two
 * significant digits below 1 (0.00053), infinities as ∞.
 */
export function shortNumber(n) {
  if (n === 0) return '0';
  if (!Number.isFinite(n)) return Number.isNaN(n) ? '–' : `${n < 0 ? MINUS : ''}∞`;
  const digits = Math.abs(n) >= 1 ? { maximumFractionDigits: 2 } : { maximumSignificantDigits: 2 };
  return new Intl.NumberFormat('en', digits).format(n).replace('-', MINUS);
}

/** A change with its sign: "+1", "−4.5", "0". */
export function signed(n) {
  return n > 0 ? `+${shortNumber(n)}` : shortNumber(n);
}

/** A rank in words: "1st", "2nd", "3rd", "4th", "11th", "22nd". */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A feature that sets a placement apart from the best: "holes +1 (−4)". */
export function differenceText({ name, change, effect }) {
  return `${name} ${signed(change)} (${signed(effect)})`;
}

/**
 * A rating in words: where the placement ranks and how far below the best it scores, with the
 * features that make the gap ("3rd of 34, 4.5 below the best: holes +1 (−4)").
 */
export function ratingText(rating) {
  const place = `${ordinal(rating.rank)} of ${rating.of}`;
  const differences = rating.differences.map(differenceText).join(', ');
  const why = differences && `: ${differences}`;
  if (rating.gap === 0) return `${place}, as good as the AI's best`;
  if (rating.gap === Infinity) return `${place}: it ends the game`;
  if (rating.gap < 0) {
    return `${place}, ${shortNumber(-rating.gap)} above any placement the AI finds${why}`;
  }
  return `${place}, ${shortNumber(rating.gap)} below the best${why}`;
}

/** The piece a rated placement places, and whether hold brings it: "T" or "I, after hold". */
export function pieceText({ placement, hold }) {
  return hold ? `${placement.piece}, after hold` : placement.piece;
}

/** A span of 1-based numbers in words: "column 5", "columns 4–6". */
function span(name, values) {
  const low = Math.min(...values) + 1;
  const high = Math.max(...values) + 1;
  return low === high ? `${name} ${low}` : `${name}s ${low}–${high}`;
}

/**
 * What the coach says of each of `alternatives` (`{choice, rating}`, as `coach` gives them):
 * the piece, where it goes (columns counted from 1 at the left; rows from 1 at the bottom too
 * where two share their columns), whether hold brings it, and its rating, so that no two read
 * the same ("T in columns 4–6: 2nd of 34, 0.5 below the best: …", "I in column 10, after hold:
 * …").
 */
export function alternativeTexts(alternatives) {
  const said = (withRows) =>
    alternatives.map(({ choice, rating }) => {
      const columns = span(
        'column',
        choice.cells.map(([x]) => x),
      );
      const rows = withRows
        ? `, ${span(
            'row',
            choice.cells.map(([, y]) => y),
          )}`
        : '';
      const held = rating.hold ? ', after hold' : '';
      return `${rating.placement.piece} in ${columns}${rows}${held}: ${ratingText(rating)}`;
    });
  const short = said(false);
  const long = said(true);
  return short.map((text, i) => (short.indexOf(text) === short.lastIndexOf(text) ? text : long[i]));
}
