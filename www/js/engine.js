// Loads the engine: the threaded build when the page is cross-origin isolated and the browser
// has WebAssembly threads, else the plain one.

import { threads } from '../vendor/wasm-feature-detect.js';

async function threadsAvailable() {
  if (globalThis.crossOriginIsolated !== true) return false;
  try {
    return await threads();
  } catch {
    return false;
  }
}

async function loadPlain() {
  const mod = await import('../pkg/plain/tetris_ai.js');
  await mod.default();
  return mod;
}

async function loadThreaded() {
  const mod = await import('../pkg/threaded/tetris_ai.js');
  await mod.default();
  await mod.initThreadPool(Math.max(1, navigator.hardwareConcurrency || 1));
  return mod;
}

/**
 * The engine module and which build it is: `{kind: "threaded" | "plain", mod, note}`; `note`
 * says why the threaded build was not used when it should have been.
 */
export async function loadEngine() {
  if (await threadsAvailable()) {
    try {
      return { kind: 'threaded', mod: await loadThreaded(), note: '' };
    } catch (err) {
      const note = `the threaded build failed to start (${err && err.message}), running plain`;
      return { kind: 'plain', mod: await loadPlain(), note };
    }
  }
  return { kind: 'plain', mod: await loadPlain(), note: '' };
}
