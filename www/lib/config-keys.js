// What a decision's time depends on in a game configuration (the engine's, resolved from the
// element's settings by the engine: see `gameConfig` of the API), as text to key measurements
// by, and whether two parts of configurations are the same.

/** Whether `a` and `b`, parts of game configurations (plain data), are the same. */
export function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What the time of a decision of a game of `config` depends on, besides the weights: its rules,
 * board and search (less the margin, which changes little of the work), as text.
 */
export function searchKey({ rules, width, height, search }) {
  const { margin, ...rest } = search;
  return JSON.stringify([rules, width, height, rest]);
}

/** The rules and board of `config`, as text. */
export function boardKey({ rules, width, height }) {
  return JSON.stringify([rules, width, height]);
}
