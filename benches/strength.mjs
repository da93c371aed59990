// The search's strength against its cost, from the command line's own benchmark: dt10's mean
// lines (with their standard error) over the same seeded games at each depth, with 0, 1 and 2
// pieces previewed and under guideline rules, and by beam width with the microseconds each
// decision took on one thread. `node benches/strength.mjs depths` prints the table of depths (games on every core,
// untimed), `beams` the beam widths tried at depths 3 and 4 (what the default beam of each
// depth was chosen by; games one after another on one thread, so the times are one thread's),
// `quick` a short run. Needs `cargo build --release` first.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../target/release/tetris-ai', import.meta.url));

/** One row: a name and the command line's options, with how many games and their cap. */
const row = (name, options, games, cap = null) => ({ name, options, games, cap });

/** dt10 under classic rules on `board` with `preview` pieces previewed, at `depth`. */
const classic = (board, preview, depth, games, cap, extra = []) =>
  row(
    `classic ${board}, preview ${preview}, depth ${depth}${extra.length ? ` ${extra.join(' ')}` : ''}`,
    ['--board', board, '--preview', String(preview), '--depth', String(depth), ...extra],
    games,
    cap,
  );

/** dt10 under guideline rules (five previewed, hold) on `board` at `depth`. */
const guideline = (board, depth, games, cap) =>
  row(
    `guideline ${board}, preview 5 and hold, depth ${depth}`,
    ['--rules', 'guideline', '--board', board, '--depth', String(depth)],
    games,
    cap,
  );

/** The depths 1 to 4 of one setting, from `make(depth)`. */
const depths = (make) => [1, 2, 3, 4].map(make);

const SUITES = {
  depths: () => [
    ...depths((d) => classic('10x6', 0, d, d < 4 ? 200 : 100)),
    ...depths((d) => classic('10x6', 1, d, d < 4 ? 100 : 20)),
    ...depths((d) => classic('10x6', 2, d, d < 4 ? 50 : 20, 50_000)),
    ...depths((d) => classic('10x8', 0, d, d < 3 ? 100 : d === 3 ? 20 : 6)),
    ...depths((d) => classic('10x8', 1, d, 10, 20_000)),
    ...depths((d) => classic('10x10', 0, d, [1000, 20, 6, 6][d - 1], d > 2 ? 5_000 : null)),
    ...depths((d) => guideline('10x8', d, 10, 10_000)),
  ],
  beams: () => [
    ...[1, 2, 3, 4, 6].map((k) => classic('10x6', 1, 3, 40, null, ['--beam', String(k)])),
    ...[1, 2, 4, 6].map((k) => classic('10x8', 0, 3, 20, null, ['--beam', String(k)])),
    ...[1, 2, 3].map((k) => classic('10x6', 0, 4, 40, null, ['--beam', String(k)])),
    ...[1, 2, 3].map((k) => classic('10x6', 1, 4, 10, 20_000, ['--beam', String(k)])),
  ],
  quick: () => [classic('10x6', 1, 3, 20), classic('10x6', 2, 3, 5, 20_000)],
};

/** The suites timed per decision play on one thread; the others on every core. */
const TIMED = new Set(['beams']);

const suite = process.argv[2] ?? 'depths';
if (!SUITES[suite]) {
  console.error(`unknown suite "${suite}": choose ${Object.keys(SUITES).join(', ')}`);
  process.exit(2);
}

console.log(`| setting | games | mean lines ± s.e. | reached the cap | µs per decision |`);
console.log(`|---|---|---|---|---|`);
for (const { name, options, games, cap } of SUITES[suite]()) {
  const args = ['bench', '--preset', 'dt10', '--games', String(games), '--json'];
  if (TIMED.has(suite)) args.push('--threads', '1');
  args.push(...options);
  if (cap) args.push('--max-pieces', String(cap));
  const started = Date.now();
  const result = JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
  const error = result.std / Math.sqrt(result.games);
  const capped = cap ? `${result.capped} at ${cap.toLocaleString('en')} pieces` : '';
  const micros = TIMED.has(suite) ? (1e6 / result.decisions_per_second).toFixed(1) : '';
  console.log(
    `| ${name} | ${games} | ${result.mean.toFixed(1)} ± ${error.toFixed(1)} | ${capped} | ${micros} |`,
  );
  console.error(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
