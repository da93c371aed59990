// The measurements' table (www/lib/measurement-kinds.js) against the engine's kinds and options,
// as www/types/engine.d.ts declares them (generated from the Rust types), and each kind's report
// view against the shape the Benchmark panel reads.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MEASUREMENT_KINDS, measurementKind } from '../../www/lib/measurement-kinds.js';
import { read } from './files.mjs';

/** The text of the declaration `export type NAME = ...;` in the generated declarations. */
async function declaration(name) {
  const text = await read('www/types/engine.d.ts');
  const start = text.indexOf(`export type ${name} = `);
  assert.ok(start >= 0, `${name} is declared`);
  return text.slice(start, text.indexOf(';\n', start));
}

/** The engine's kinds, each with the name of its options type. */
async function engineKinds() {
  const body = await declaration('Measurements');
  return Object.fromEntries(
    [...body.matchAll(/"(\w+)": \{ options: (\w+), result: (\w+) \}/g)].map((m) => [m[1], m[2]]),
  );
}

/** The fields of the object type `name` in the generated declarations. */
async function fields(name) {
  const body = await declaration(name);
  return [...body.matchAll(/^(\w+)\??:/gm)].map((m) => m[1]);
}

test("the table's kinds are the engine's, in its order", async () => {
  assert.deepEqual(Object.keys(MEASUREMENT_KINDS), Object.keys(await engineKinds()));
});

test("each kind's form fields and job count are options of the engine's kind", async () => {
  for (const [kind, options] of Object.entries(await engineKinds())) {
    const declared = await fields(options);
    const { fields: form, count } = MEASUREMENT_KINDS[kind];
    assert.ok(declared.includes('seed'), `${kind} takes the form's first seed`);
    assert.ok(declared.includes(count), `${kind} counts its jobs by an option`);
    for (const { option } of form) assert.ok(declared.includes(option), `${kind}: ${option}`);
    assert.ok(
      form.some((field) => field.option === count),
      `${kind}'s form asks for ${count}`,
    );
  }
});

test("each kind's form fields take their bounds from the engine's limits", () => {
  const limits = {
    benchmark: { games: { min: 1, max: 9, default: 3 }, max_pieces: { min: 1, max: 99 } },
    survival: {
      replicates: { min: 1, max: 8, default: 2 },
      run_pieces: { min: 1, max: 7, default: 4 },
      trials: { min: 1, max: 6, default: 5 },
    },
    versus: { games: { min: 1, max: 9, default: 3 }, max_pieces: { min: 1, max: 99, default: 7 } },
  };
  for (const [kind, { fields: form }] of Object.entries(MEASUREMENT_KINDS)) {
    for (const field of form) {
      const bounds = field.limits(limits);
      assert.ok(bounds.min >= 1 && bounds.max >= bounds.min, `${kind}: ${field.option}`);
      assert.ok(
        Number.isSafeInteger(field.start ?? bounds.default),
        `${kind}: ${field.option} starts with a value`,
      );
    }
  }
});

test('each kind has a report view of the shape the panel reads', async () => {
  for (const [kind, { report }] of Object.entries(MEASUREMENT_KINDS)) {
    const view = await import(`../../www/js/${report}`);
    for (const name of ['rows', 'compare', 'comparison', 'effort']) {
      assert.equal(typeof view[name], 'function', `${kind}: ${name}`);
    }
    assert.ok(Array.isArray(view.files) && view.files.includes('json'), `${kind}: files`);
    assert.equal(typeof view.heading, 'string', `${kind}: heading`);
    if (view.files.includes('csv')) assert.equal(typeof view.csvText, 'function', kind);
    assert.deepEqual(view.comparison(null, []), { text: '', verdict: null }, kind);
    const paired = Boolean(MEASUREMENT_KINDS[kind].opponent);
    assert.equal(typeof view.sides === 'function', paired, `${kind}: sides where A plays B`);
  }
});

test('a kind that is none is refused, naming it and the kinds', () => {
  assert.equal(measurementKind('survival').job, 'replicate');
  assert.throws(
    () => measurementKind('race'),
    /^Error: no measurement is called "race" \(measurements: benchmark, survival, versus\)$/,
  );
});
