// The measurements' table (www/lib/measurement-kinds.js) against what declares and reads their
// options elsewhere: each kind's options interface in www/tetris-ai.d.ts, and the parameters of
// the engine's constructors in crates/wasm/src/bindings (both the single-threaded class and the pool's run).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  engineArguments,
  MEASUREMENT_KINDS,
  RUN_OPTIONS,
} from '../../www/lib/measurement-kinds.js';
import { read } from './files.mjs';

/** Where each kind is declared: its options interface, and its constructors' Rust file. */
const DECLARED = {
  benchmark: { options: 'BenchmarkOptions', rust: 'crates/wasm/src/bindings/bench.rs' },
  survival: { options: 'SurvivalOptions', rust: 'crates/wasm/src/bindings/survival.rs' },
};

/** The fields of the interface `name` in www/tetris-ai.d.ts. */
async function interfaceFields(name) {
  const text = await read('www/tetris-ai.d.ts');
  const start = text.indexOf(`export interface ${name} {`);
  assert.ok(start >= 0, `${name} is declared`);
  const body = text.slice(start, text.indexOf('\n}', start));
  return [...body.matchAll(/^ {2}(\w+)\?:/gm)].map((m) => m[1]);
}

/** The parameters of each `#[wasm_bindgen(constructor)]` in the Rust file at `file`, camelCased. */
async function constructorParameters(file) {
  const text = await read(file);
  const camel = (name) => name.replace(/_(\w)/g, (_, letter) => letter.toUpperCase());
  return [...text.matchAll(/#\[wasm_bindgen\(constructor\)\][^{]*?pub fn new\(([^)]*)\)/g)].map(
    (m) => [...m[1].matchAll(/(\w+): JsValue/g)].map((p) => camel(p[1])),
  );
}

test("each kind's options are its d.ts interface's fields, with the run's own", async () => {
  for (const [kind, { options }] of Object.entries(DECLARED)) {
    const declared = await interfaceFields(options);
    assert.deepEqual(declared, [...MEASUREMENT_KINDS[kind].options, ...RUN_OPTIONS], kind);
  }
});

test("the engine's constructors take the configuration, then the kind's options in order", async () => {
  for (const [kind, { rust }] of Object.entries(DECLARED)) {
    const constructors = await constructorParameters(rust);
    // The class that plays a range of jobs, and the pool's run (threaded build).
    assert.equal(constructors.length, 2, `${rust} has both constructors`);
    for (const parameters of constructors) {
      assert.deepEqual(parameters, ['config', ...MEASUREMENT_KINDS[kind].options], kind);
    }
  }
});

test('the engine arguments are the configuration and the options in order', () => {
  const spec = { config: { width: 6 }, trials: 5, replicates: 2, extra: 1 };
  assert.deepEqual(engineArguments('survival', spec), [
    { width: 6 },
    2,
    undefined,
    undefined,
    5,
    undefined,
    undefined,
  ]);
  assert.throws(() => engineArguments('race', spec), /^Error: no measurement is called race$/);
});
