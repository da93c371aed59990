// Counts in words, so that a count agrees with its number: "1 line", "2 lines", "0 lines".

/**
 * `n` and `noun`, the noun plural unless `n` is 1 ("1 line", "2 lines"); `plural` where it is
 * not the noun and an s ("2 matches").
 */
export function count(n, noun, plural = `${noun}s`) {
  return `${n} ${n === 1 ? noun : plural}`;
}
