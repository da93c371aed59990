// Whether the `<tetris-ai>` element's search runs on the threaded build's pool, and why, from
// its build, depth, `parallel` choice and the measurement of the search in play.

import { msText } from './decision-time.js';

/**
 * Whether the search runs on the pool and why: `{on, why, calibration}`. Never on a build
 * without a pool, nor at depth 1 (a decision of one piece has no later plies to split); else as
 * `parallel` says, or ("auto") where `measured` (the measurement of the search in play:
 * `{sequential, parallel, decisions, depth}`, or `{failed, depth}`; none before it is made)
 * found it faster. `why` gives the measurement once made, whatever `parallel` says, and
 * `calibration` is that measurement where it succeeded.
 */
export function parallelState({ build, depth, parallel, measured }) {
  const threaded = build === 'threaded';
  const done = measured && !measured.failed ? measured : null;
  const on =
    threaded &&
    depth >= 2 &&
    (parallel === 'auto' ? Boolean(done && done.parallel < done.sequential) : parallel === 'on');
  const state = on ? 'On' : 'Off';
  const times = done
    ? `on this machine a decision at depth ${depth} takes ${msText(done.parallel)} ms ` +
      `parallel and ${msText(done.sequential)} ms sequential.`
    : null;
  let why;
  if (!threaded) {
    why = `Off: the ${build ?? 'single-threaded'} build has no thread pool.`;
  } else if (depth < 2) {
    why = 'Off: depth 1 never splits; from depth 2, the plies after the first share the threads.';
  } else if (parallel !== 'auto') {
    why = `${state}: your choice${times ? `; ${times}` : '.'}`;
  } else if (!measured) {
    why = `Off until this machine is measured at depth ${depth}.`;
  } else if (measured.failed) {
    why = `Off: measuring this machine at depth ${depth} failed (${measured.failed}).`;
  } else {
    why = `${state}: ${times}`;
  }
  return { on, why, calibration: done };
}
