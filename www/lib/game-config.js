// The engine's game configuration for the `<tetris-ai>` element's settings (`s` below, by the
// properties of lib/attributes.js), and what in it a decision's time depends on. `engine` is
// `{limits, presets}`, as `limits()` and `presets()` give them.

/**
 * The rules and search (`{rules, search}`, from `presets()`) the preset called `preset` was
 * published with, where it plays as published (`asPublished`); else null (also for no preset).
 */
export function publishedRules(presets, preset, asPublished) {
  if (!asPublished || !preset) return null;
  return presets.find((p) => p.name === preset)?.published ?? null;
}

/**
 * The rules and search the preset of `s` was published with, where `s` plays it as published;
 * else null (also with custom weights).
 */
export function publishedOf(s, engine) {
  return publishedRules(engine.presets, s.weights ? null : s.preset, s.asPublished);
}

/** The rules `s` plays: its preset's published ones, or those `rules` names. */
export function rulesOf(s, engine) {
  return publishedOf(s, engine)?.rules ?? engine.limits.rules[s.rules];
}

/** The engine's game configuration for `s`. */
export function gameConfig(s, engine) {
  const published = publishedOf(s, engine);
  const search = published ? { ...published.search } : { depth: s.depth };
  if (!published && typeof s.margin === 'number') search.margin = s.margin;
  const config = {
    rules: rulesOf(s, engine),
    width: s.board[0],
    height: s.board[1],
    seed: s.seed,
    search,
    handling: { gravity: s.gravity, lock_delay: s.lockDelay },
  };
  if (s.weights) config.weights = s.weights;
  else config.preset = s.preset;
  return config;
}

/**
 * What the time of a decision depends on, besides the weights: the rules, board and search `s`
 * plays (less the margin, which changes little of the work), as text.
 */
export function searchKey(s, engine) {
  const { rules, width, height, search } = gameConfig(s, engine);
  const { margin, ...rest } = search;
  return JSON.stringify([rules, width, height, rest]);
}

/** The rules and board `s` plays, as text. */
export function boardKey(s, engine) {
  const { rules, width, height } = gameConfig(s, engine);
  return JSON.stringify([rules, width, height]);
}
