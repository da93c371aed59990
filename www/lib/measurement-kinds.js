// The measurements a page can make, declared once: for each kind (the engine's `Measurements`,
// whose options and result types are generated from Rust), what one is called and what its jobs
// are, the fields of its form in the Benchmark panel, how many jobs its options ask for, and its
// report view (a module of www/js: its table, its comparison, its effort in words, its exports).
// The API (measurement.js) names a measurement and its jobs by this table, the worker plays every
// kind alike, and the panel builds its form and its report from it; a unit test holds the table
// to the engine's kinds and options.

/**
 * The measurements by kind: `called` (in messages), `title` (the Measure choice), `note` (what
 * the panel says of it once chosen, or null), `job` and `jobs` (one job, and many), `count`
 * (the option that counts its jobs), `fields` (its form's fields before the first seed, each
 * `{option, label, called, limits, start, placeholder}`: `called` is how a message names it
 * where that is not its label, `limits(limits)` gives the field's
 * `{min, max, default}` from the engine's `limits()`, and `start` the form's first value where
 * it is not the engine's default; a field left empty, with a placeholder, is left out), `report`
 * (its report view's module in www/js) and `opponent` (true where A plays B in one measurement,
 * B its `opponent` option, rather than each set measured alone).
 */
export const MEASUREMENT_KINDS = Object.freeze({
  benchmark: Object.freeze({
    called: 'the benchmark',
    title: 'whole games',
    note: null,
    job: 'game',
    jobs: 'games',
    count: 'games',
    fields: Object.freeze([
      { option: 'games', label: 'Games', limits: (limits) => limits.benchmark.games },
      {
        option: 'maxPieces',
        label: 'Pieces per game, at most',
        called: 'Pieces per game',
        limits: (limits) => limits.benchmark.max_pieces,
        start: 10_000,
        placeholder: 'no cap',
      },
    ]),
    report: 'benchmark-report.js',
  }),
  survival: Object.freeze({
    called: 'the survival estimate',
    title: 'survival estimate',
    note:
      'For games too long to play out, as on the full board: the mean lines per game, ' +
      "estimated by splitting a long run's climbs toward the top, as `tetris-ai survival` " +
      'estimates it.',
    job: 'replicate',
    jobs: 'replicates',
    count: 'replicates',
    fields: Object.freeze([
      { option: 'replicates', label: 'Replicates', limits: (limits) => limits.survival.replicates },
      {
        option: 'runPieces',
        label: 'Pieces in each long run',
        limits: (limits) => limits.survival.run_pieces,
      },
      {
        option: 'trials',
        label: 'Branches per level',
        limits: (limits) => limits.survival.trials,
      },
    ]),
    report: 'survival-report.js',
  }),
  versus: Object.freeze({
    called: 'the versus series',
    title: 'versus: A against B',
    note:
      'A plays B in matches of two boards, each seeded alike: cleared lines attack the other ' +
      'side as garbage, by the PPT rules (the attack table and garbage of `tetris-ai versus`). ' +
      'Versus is played under the guideline rules: set them in Settings.',
    job: 'match',
    jobs: 'matches',
    count: 'games',
    opponent: true,
    fields: Object.freeze([
      { option: 'games', label: 'Matches', limits: (limits) => limits.versus.games },
      {
        option: 'maxPieces',
        label: 'Pieces per side, at most',
        called: 'Pieces per side',
        limits: (limits) => limits.versus.max_pieces,
      },
    ]),
    report: 'versus-report.js',
  }),
});

/** The options every measurement takes besides its kind's own, read in JavaScript. */
export const RUN_OPTIONS = Object.freeze(['build', 'workers', 'threads', 'onProgress', 'signal']);

/** The kind called `kind`; another name throws, naming it and the kinds. */
export function measurementKind(kind) {
  if (!Object.hasOwn(MEASUREMENT_KINDS, kind)) {
    const known = Object.keys(MEASUREMENT_KINDS).join(', ');
    throw new Error(`no measurement is called ${JSON.stringify(kind)} (measurements: ${known})`);
  }
  return MEASUREMENT_KINDS[kind];
}
