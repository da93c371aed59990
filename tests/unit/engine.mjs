// A stand-in for what the engine states of itself (`limits()` and `presets()`), for the unit
// tests, which load no WebAssembly: the parts the page and the element read, with the engine's
// values as they are written by hand here.

/** The rule sets, as `limits().rules` gives them. */
const RULES = {
  classic: { kind: 'classic', preview: 0, hold: false, timing: null },
  guideline: { kind: 'guideline', preview: 5, hold: true, timing: null },
};

/** The engine's limits and defaults, as `limits()` gives them. */
export const LIMITS = {
  width: { min: 4, max: 16 },
  height: { min: 4, max: 40 },
  depth: { min: 1, max: 4 },
  preview: { min: 0, max: 6 },
  seed: { min: 0, max: 2 ** 53 - 1 },
  rules: RULES,
  game: {
    rules: RULES.classic,
    width: 10,
    height: 20,
    seed: 0,
    search: { depth: 1, prune: 1, margin: null },
    handling: { das: 10, arr: 2, gravity: 60, soft_drop: 3, lock_delay: 30 },
    mode: 'endless',
  },
  modes: {
    modes: ['endless', 'sprint', 'ultra', 'marathon'],
    frames_per_second: 60,
    sprint_lines: 40,
    ultra_frames: 7200,
    lines_per_level: 10,
    marathon_levels: 15,
    max_pieces: 10000,
  },
  default_preset: 'dellacherie',
};

/** Two presets, as `presets()` gives them; `lee` was published under other rules and search. */
export const PRESETS = [
  {
    name: 'dellacherie',
    weights: { landing_height: -1, eroded_cells: 1, holes: -4 },
    lookahead_margin: null,
    published: { rules: RULES.classic, search: { depth: 1 } },
  },
  {
    name: 'lee',
    weights: { aggregate_height: -0.51, complete_lines: 0.76, holes: -0.36, bumpiness: -0.18 },
    lookahead_margin: 2.5,
    published: { rules: { ...RULES.classic, preview: 1 }, search: { depth: 2, prune: 0.5 } },
  },
];

/** The engine as the element and the page hold it: `{limits, presets}`. */
export const ENGINE = { limits: LIMITS, presets: PRESETS };
