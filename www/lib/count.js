// Counts in words, so that a count agrees with its number: "1 line", "2 lines", "0 lines".

/** `n` and `noun`, the noun plural unless `n` is 1 ("1 line", "2 lines"). */
export function count(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
