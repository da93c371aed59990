// The measurements a page spreads over engine workers, declared once: for each kind, what one is
// called, what its jobs are, and its own options in the order the engine's constructors take
// them after the game configuration (`new Benchmark(config, games, seed, maxPieces)`, `new
// Survival(config, replicates, ...)`). The page's side (measurement.js) checks options against
// it, the worker (worker.js) builds the engine's arguments from it, and a unit test holds it to
// tetris-ai.d.ts and to the Rust constructors.

/** The measurements by kind. */
export const MEASUREMENT_KINDS = Object.freeze({
  benchmark: Object.freeze({
    called: 'the benchmark',
    jobs: 'games',
    options: Object.freeze(['games', 'seed', 'maxPieces']),
  }),
  survival: Object.freeze({
    called: 'the survival estimate',
    jobs: 'replicates',
    options: Object.freeze(['replicates', 'seed', 'runPieces', 'trials', 'base', 'levels']),
  }),
});

/** The options every measurement takes besides its own, read in JavaScript. */
export const RUN_OPTIONS = Object.freeze(['build', 'workers', 'threads', 'onProgress', 'signal']);

/**
 * The engine's constructor arguments of a measurement of `kind` from `spec`, the configuration
 * and the kind's options as `benchmark()` or `survival()` took them; another kind throws naming
 * it.
 */
export function engineArguments(kind, spec) {
  if (!Object.hasOwn(MEASUREMENT_KINDS, kind)) throw new Error(`no measurement is called ${kind}`);
  return [spec.config, ...MEASUREMENT_KINDS[kind].options.map((name) => spec[name])];
}
