// Whole numbers in a range, as the page and the element read them from text and fields: the
// check, and the words every message of theirs says it in ("a whole number from MIN to MAX",
// as the engine says it of what it reads).

/**
 * `value` (a number, or a number's text) where it is a whole number from `min` to `max`, else
 * null.
 */
export function wholeIn(value, [min, max]) {
  const n = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value;
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** What a whole number in `[min, max]` must be: "a whole number from MIN to MAX". */
export function wholeRule([min, max]) {
  return `a whole number from ${min} to ${max}`;
}
