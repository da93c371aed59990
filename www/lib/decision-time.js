// How the element and the page show the time of the AI's decisions.

/**
 * Milliseconds as the element and the page show a decision's time: whole above 10, else two
 * significant digits ("1.4", "0.27", "0.0012").
 */
export function msText(ms) {
  if (!(ms > 0)) return '0';
  if (ms >= 10) return ms.toFixed(0);
  return ms.toFixed(Math.min(6, 1 - Math.floor(Math.log10(ms))));
}

/** A decision whose median reads at least this many steps of the clock is told by the median. */
const FINE_STEPS = 20;
/** Below a fine clock's reach, the mean of at least this many decisions tells their time. */
const MEAN_DECISIONS = 10;

/**
 * The AI's decision time as the element shows it, from a snapshot's `decision` (see
 * lib/session.js): the median of the recent decisions where each lasts many steps of the clock;
 * else their mean ("≈ 0.042 ms"), true where each reads as 0 or one step, or "< 1 ms" (the
 * step) while none has read above 0; "…" before enough decisions for a mean; "–" without any.
 */
export function decisionText({ median, mean, count, clock }) {
  if (!count) return '–';
  if (median >= FINE_STEPS * clock) return `${msText(median)} ms`;
  if (mean === 0) return `< ${msText(clock)} ms`;
  if (count < MEAN_DECISIONS) return '…';
  return `≈ ${msText(mean)} ms`;
}
