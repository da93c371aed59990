// Issue test 12: no JavaScript value breaks the engine. Seeded random sequences of calls with
// arguments of every JS type go to every function and method the module exports (found at run
// time), on each build (plain, simd and threaded), each with calls of its own; no call may trap,
// panic or hang, every throw is an `Error`, a thrown call leaves the game as it was, and the game
// still answers `stats()` and `step()` afterwards.
//
// FUZZ_SEED=<n> replays a run, FUZZ_CALLS=<n> sets the number of calls per build and
// FUZZ_SECONDS=<n> the time per build (each run draws a seed of its own, so the runs add up).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ROOT, serveAndBrowse } from './harness.mjs';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CALLS = Number(process.env.FUZZ_CALLS ?? 100_000);
// Time per build after which the run stops early, however many calls it made, in ms.
const BUDGET = Number(process.env.FUZZ_SECONDS ?? 25) * 1000;
// Calls per sequence, at most; each sequence plays one fresh instance.
const SEQUENCE = 40;
// How long one sequence may run before it counts as hung.
const HANG = 20_000;
// Replays allowed while minimising a failing sequence.
const MINIMISE = 60;
const PAGE = path.join(ROOT, 'tests', 'browser', 'fuzz.html');
/** Mixed into the seed per build, so that each build gets calls of its own. */
const SALT = { plain: 0, simd: 0x51d, threaded: 0x5eed };
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** A small seeded generator (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const rng = {
    next,
    below: (n) => Math.floor(next() * n),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
  };
  return rng;
}

// Argument descriptions: what the page's `make` turns into values.
const V = {
  undef: () => ({ t: 'undefined' }),
  of: (v) => ({ t: 'value', v }),
  num: (v) =>
    Number.isFinite(v) && !Object.is(v, -0)
      ? { t: 'value', v }
      : { t: 'number', v: Object.is(v, -0) ? '-0' : String(v) },
  arr: (v) => ({ t: 'array', v }),
  obj: (entries) => ({ t: 'object', v: entries }),
};

const KEYS = ['left', 'right', 'soft_drop', 'hard_drop', 'cw', 'ccw', 'hold'];
const FIELD_NAMES = [
  'width',
  'height',
  'seed',
  'rules',
  'kind',
  'preview',
  'hold',
  'timing',
  'gravity',
  'lock_delay',
  'preset',
  'weights',
  'search',
  'depth',
  'beam',
  'prune',
  'margin',
  'handling',
  'das',
  'arr',
  'soft_drop',
  'holes',
  'weight',
  'exponent',
  'x',
  '',
];
const STRINGS = [
  '',
  'abc',
  'left',
  'hold',
  'guideline',
  'classic',
  'dellacherie',
  '1',
  '-1',
  '1e3',
  'NaN',
  '\u0000',
  '\ud800',
  'é',
  '9007199254740993',
  '18446744073709551615',
  ' 3',
  'true',
  '{}',
];
const NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  2,
  3,
  4,
  7,
  10,
  16,
  17,
  40,
  41,
  255,
  256,
  2 ** 31,
  2 ** 32,
  2 ** 32 - 1,
  2 ** 53,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53),
  1e300,
  -1e300,
  5e-324,
  NaN,
  Infinity,
  -Infinity,
  Number.MAX_VALUE,
];

/** Any JS value, nested up to `depth`. */
function anyValue(rng, depth = 2) {
  switch (rng.below(depth > 0 ? 12 : 9)) {
    case 0:
      return V.undef();
    case 1:
      return V.of(null);
    case 2:
    case 3:
      return V.num(rng.pick(NUMBERS));
    case 4:
      return V.num(rng.chance(0.5) ? rng.below(100) : (rng.next() - 0.5) * 10 ** rng.below(20));
    case 5:
      return V.of(rng.pick(STRINGS));
    case 6:
      return V.of(rng.chance(0.5));
    case 7:
      return rng.pick([
        { t: 'bigint', v: '5' },
        { t: 'function' },
        { t: 'symbol', v: 's' },
        { t: 'cyclic' },
      ]);
    case 8:
      return V.of(rng.pick(KEYS));
    case 9:
    case 10:
      return V.obj(
        Array.from({ length: rng.below(4) }, () => [
          rng.pick(FIELD_NAMES),
          anyValue(rng, depth - 1),
        ]),
      );
    default:
      return V.arr(Array.from({ length: rng.below(4) }, () => anyValue(rng, depth - 1)));
  }
}

/** Replaces one field of a plausible object with any value, or adds a stray one. */
function mutate(rng, entries) {
  const out = entries.map(([k, v]) => [k, v]);
  if (out.length > 0 && rng.chance(0.7)) {
    out[rng.below(out.length)][1] = anyValue(rng, 1);
  } else {
    out.push([rng.pick(FIELD_NAMES), anyValue(rng, 1)]);
  }
  return V.obj(out);
}

function plausibleWeights(rng, catalog) {
  const names = catalog.features.length ? catalog.features : ['holes'];
  return Array.from({ length: 1 + rng.below(4) }, () => {
    const name = rng.pick(names);
    const weight = V.num((rng.next() - 0.5) * 10);
    return [
      name,
      rng.chance(0.7)
        ? weight
        : V.obj([
            ['weight', weight],
            ['exponent', V.num(0.5 + rng.next() * 2)],
          ]),
    ];
  });
}

function plausibleHandling(rng) {
  return [
    ['das', V.num(rng.below(20))],
    ['arr', V.num(rng.below(5))],
    ['gravity', V.num(1 + rng.below(60))],
    ['soft_drop', V.num(1 + rng.below(5))],
    ['lock_delay', V.num(1 + rng.below(30))],
  ].filter(() => rng.chance(0.6));
}

/** A configuration a game accepts (small boards, so that games end soon). */
function plausibleConfig(rng, catalog) {
  const entries = [
    ['width', V.num(4 + rng.below(7))],
    ['height', V.num(4 + rng.below(3))],
    ['seed', V.num(rng.below(1000))],
  ];
  if (rng.chance(0.5)) {
    entries.push([
      'rules',
      V.obj([
        ['kind', V.of('guideline')],
        ['preview', V.num(rng.below(7))],
        ['hold', V.of(rng.chance(0.5))],
      ]),
    ]);
  }
  if (rng.chance(0.3)) entries.push(['search', V.obj(plausibleSearch(rng))]);
  if (rng.chance(0.3)) entries.push(['handling', V.obj(plausibleHandling(rng))]);
  if (rng.chance(0.3)) {
    entries.push(['weights', V.obj(plausibleWeights(rng, catalog))]);
  } else if (rng.chance(0.3) && catalog.presets.length) {
    entries.push(['preset', V.of(rng.pick(catalog.presets))]);
  }
  return entries;
}

/** A plausible search: every depth, and at depths 3 and 4 a narrow beam now and then. */
function plausibleSearch(rng) {
  const depth = 1 + rng.below(4);
  const entries = [['depth', V.num(depth)]];
  if (depth > 2 && rng.chance(0.5)) entries.push(['beam', V.num(1 + rng.below(3))]);
  return entries;
}

/** Plausible arguments for the methods whose meaning the fuzzer knows; others get none. */
function plausibleArgs(rng, name, catalog) {
  switch (name) {
    case 'press':
    case 'release':
      return [V.of(rng.pick(KEYS))];
    case 'tick':
      return [V.num(rng.below(120))];
    case 'play':
      return [V.num(rng.below(30))];
    case 'setWeights':
      return [V.obj(plausibleWeights(rng, catalog))];
    case 'setHandling':
      return [V.obj(plausibleHandling(rng))];
    case 'setParallel':
      return [V.of(rng.chance(0.5))];
    case 'setSearch':
      return [V.obj([...plausibleSearch(rng), ['margin', V.num(rng.below(200))]])];
    default:
      return [];
  }
}

/** Arguments for one call: plausible, near-valid or anything at all. */
function argsFor(rng, name, catalog) {
  const roll = rng.next();
  const plausible = plausibleArgs(rng, name, catalog);
  if (roll < 0.45) return plausible;
  if (roll < 0.6 && plausible.length && plausible[0].t === 'object') {
    return [mutate(rng, plausible[0].v)];
  }
  const count = rng.chance(0.8) ? 1 : rng.below(3);
  const args = Array.from({ length: count }, () => anyValue(rng));
  if (name === 'play') {
    // A game without a cap plays to its end: keep caps small and explicit so the run stays short.
    return args
      .map((a) =>
        a.t === 'value' && typeof a.v === 'number' && a.v > 30 && Number.isInteger(a.v)
          ? V.num(30)
          : a,
      )
      .map((a) => (a.t === 'undefined' || a.v === null ? V.num(30) : a))
      .concat(count === 0 ? [V.num(30)] : []);
  }
  return args;
}

/** One sequence: a class to build, argument lists to try in turn, and the calls. */
function sequenceOf(rng, surface, catalog) {
  const classes = Object.keys(surface.classes);
  const cls = classes.length ? rng.pick(classes) : null;
  const make = [];
  if (cls) {
    if (rng.chance(0.5)) make.push([anyValue(rng)]);
    if (rng.chance(0.3)) make.push([mutate(rng, plausibleConfig(rng, catalog))]);
    make.push([V.obj(plausibleConfig(rng, catalog))]);
    if (cls === 'Measurement') {
      // A measurement takes its kind first, then the configuration, then the kind's options.
      // Without caps its jobs play for long: a benchmark's one or two games of at most 30
      // pieces (at up to four plies deep, 30 games of 30 pieces take seconds natively, longer
      // than a hang in plain wasm), a survival estimate's one or two replicates of at most 60
      // pieces and 2 branches a level, mostly with the default base and levels.
      const maybe = () => (rng.chance(0.7) ? [] : [[rng.pick(['base', 'levels']), anyValue(rng)]]);
      for (const args of make) {
        const kind = rng.pick(['benchmark', 'survival']);
        const options =
          kind === 'benchmark'
            ? [
                ['games', V.num(1 + rng.below(2))],
                ['maxPieces', V.num(30)],
              ]
            : [
                ['replicates', V.num(1 + rng.below(2))],
                ['runPieces', V.num(20 + rng.below(41))],
                ['trials', V.num(1 + rng.below(2))],
                ...maybe(),
              ];
        args.unshift(rng.chance(0.95) ? V.of(kind) : anyValue(rng));
        args.push(V.obj(options));
      }
    }
  }
  const methods = cls ? surface.classes[cls].methods : [];
  const statics = Object.entries(surface.classes).flatMap(([c, info]) =>
    info.statics.map((name) => ({ cls: c, name })),
  );
  const calls = [];
  const length = 1 + rng.below(SEQUENCE);
  for (let i = 0; i < length; i++) {
    const roll = rng.next();
    if (methods.length && roll < 0.85) {
      const name = rng.pick(methods);
      calls.push({ kind: 'method', name, args: argsFor(rng, name, catalog) });
    } else if (statics.length && roll < 0.9) {
      const { cls: c, name } = rng.pick(statics);
      calls.push({ kind: 'static', cls: c, name, args: argsFor(rng, name, catalog) });
    } else if (surface.functions.length) {
      const name = rng.pick(surface.functions);
      calls.push({ kind: 'function', name, args: argsFor(rng, name, catalog) });
    }
  }
  return { cls, make, calls };
}

/** A call as JS source, for the report. */
function show(spec) {
  switch (spec.t) {
    case 'undefined':
      return 'undefined';
    case 'number':
      return spec.v;
    case 'bigint':
      return `${spec.v}n`;
    case 'function':
      return '() => 1';
    case 'symbol':
      return `Symbol(${JSON.stringify(spec.v)})`;
    case 'cyclic':
      return '(o = {a: 1, self: o})';
    case 'array':
      return `[${spec.v.map(show).join(', ')}]`;
    case 'object':
      return `{${spec.v.map(([k, v]) => `${JSON.stringify(k)}: ${show(v)}`).join(', ')}}`;
    default:
      return Object.is(spec.v, -0) ? '-0' : JSON.stringify(spec.v);
  }
}

function script(sequence, upTo = sequence.calls.length) {
  const lines = [];
  if (sequence.cls) {
    const built = sequence.make.map((args) => `new ${sequence.cls}(${args.map(show).join(', ')})`);
    lines.push(`const g = ${built.join(' ?? ')}; // the first that does not throw`);
  }
  for (const call of sequence.calls.slice(0, upTo)) {
    const target = call.kind === 'method' ? 'g' : call.kind === 'static' ? call.cls : 'mod';
    lines.push(`${target}.${call.name}(${call.args.map(show).join(', ')});`);
  }
  return lines.join('\n');
}

/** Opens the fuzz page on `build` and waits for the module. */
async function openFuzzPage(env, build) {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /panicked/.test(text))
      problems.push(`console.${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.stack || error}`));
  page.on('crash', () => problems.push('the page crashed'));
  const url = `${env.server.url}fuzz.html?build=${build}`;
  await page.route(url, (route) =>
    route.fulfill({
      path: PAGE,
      contentType: 'text/html',
      headers: { ...(build === 'threaded' ? ISOLATION_HEADERS : {}), 'Cache-Control': 'no-store' },
    }),
  );
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.fuzz, null, { timeout: 30_000 });
  await page.evaluate(() => window.fuzz.ready);
  return { page, problems, close: () => context.close() };
}

/** Runs a sequence on an open page: `{calls, failure}`, a hang or a console problem included. */
async function runOn(opened, sequence) {
  let timer;
  const hang = new Promise((resolve) => {
    timer = setTimeout(
      () => resolve({ calls: 0, hung: true, failure: { problem: `no answer within ${HANG} ms` } }),
      HANG,
    );
  });
  const outcome = await Promise.race([
    opened.page
      .evaluate((s) => window.fuzz.run(s), sequence)
      .catch((error) => ({
        calls: 0,
        failure: { problem: 'the page failed', message: error.message },
      })),
    hang,
  ]);
  clearTimeout(timer);
  if (!outcome.failure && opened.problems.length) {
    return {
      ...outcome,
      failure: { problem: 'the console reported', message: opened.problems.join('\n') },
    };
  }
  return outcome;
}

/** Runs a sequence on a fresh page; whether it fails. */
async function failsFresh(env, build, sequence) {
  const opened = await openFuzzPage(env, build);
  try {
    const outcome = await runOn(opened, sequence);
    return outcome.failure !== null;
  } finally {
    await Promise.race([opened.close(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
}

/** Drops calls (and extra constructor attempts) while the sequence still fails. */
async function minimise(env, build, sequence) {
  let current = sequence;
  let budget = MINIMISE;
  const attempt = async (candidate) => {
    if (budget <= 0) return false;
    budget--;
    if (await failsFresh(env, build, candidate)) {
      current = candidate;
      return true;
    }
    return false;
  };
  // Halves first, then single calls from the end.
  for (
    let chunk = Math.floor(current.calls.length / 2);
    chunk >= 1;
    chunk = Math.floor(chunk / 2)
  ) {
    for (let start = current.calls.length - chunk; start >= 0 && budget > 0; start -= chunk) {
      const calls = current.calls.filter((_, i) => i < start || i >= start + chunk);
      await attempt({ ...current, calls });
    }
  }
  for (let i = 0; i < current.make.length - 1 && budget > 0; i++) {
    if (!(await attempt({ ...current, make: current.make.filter((_, j) => j !== i) }))) continue;
    i--;
  }
  return current;
}

async function fuzz(t, env, build) {
  const rng = random(SEED ^ SALT[build]);
  let opened = await openFuzzPage(env, build);
  const surface = await opened.page.evaluate(() => window.fuzz.surface());
  const catalog = await opened.page.evaluate(async (build) => {
    const mod = await import(`/pkg/${build}/tetris_ai.js`);
    const list = (f) => {
      try {
        return f();
      } catch {
        return [];
      }
    };
    return {
      features: list(() => mod.features().map((f) => (Array.isArray(f) ? f[0] : f.name))),
      presets: list(() => mod.presets().map((p) => p.name)),
    };
  }, build);
  t.diagnostic(
    `seed ${SEED} (FUZZ_SEED=${SEED} replays it); functions: ${surface.functions.join(', ')}; classes: ${Object.entries(
      surface.classes,
    )
      .map(
        ([c, info]) =>
          `${c} (${info.methods.join(', ')}${info.statics.length ? `; static ${info.statics.join(', ')}` : ''})`,
      )
      .join('; ')}`,
  );
  const started = Date.now();
  let calls = 0;
  let succeeded = 0;
  let sequences = 0;
  try {
    while (calls < CALLS && Date.now() - started < BUDGET) {
      const sequence = sequenceOf(rng, surface, catalog);
      const outcome = await runOn(opened, sequence);
      sequences++;
      calls += outcome.calls;
      succeeded += (outcome.results ?? []).filter((r) => r.ok).length;
      if (outcome.failure) {
        await Promise.race([opened.close(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
        opened = null;
        const failing =
          outcome.failure.at === undefined
            ? sequence
            : { ...sequence, calls: sequence.calls.slice(0, outcome.failure.at + 1) };
        const small = await minimise(env, build, failing);
        assert.fail(
          `${build} build, seed ${SEED}, after ${calls} calls: ${JSON.stringify(outcome.failure, null, 1)}\n` +
            `sequence (minimised from ${failing.calls.length} calls to ${small.calls.length}):\n${script(small)}`,
        );
      }
    }
  } finally {
    await opened?.close();
  }
  t.diagnostic(
    `${build}: ${calls} calls (${succeeded} returned, the rest threw) in ${sequences} sequences, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  // Plausible arguments must make games progress, or the fuzzer only tests refusals.
  assert.ok(succeeded > calls / 4, `only ${succeeded} of ${calls} calls returned`);
}

// One server with the isolation headers; the fuzz page itself is isolated only for the threaded
// build.
const env = serveAndBrowse({ isolation: true });

for (const build of Object.keys(SALT)) {
  test(
    `random calls with random values never break the ${build} build`,
    { timeout: 300_000 },
    async (t) => {
      await fuzz(t, env, build);
    },
  );
}
