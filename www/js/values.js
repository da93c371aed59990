// How the page names a value in its messages, and what a whole number in a range must be.

import { wholeRule } from '../lib/whole.js';

/** How a value reads in a message: numbers as they are, strings quoted, the rest as JSON. */
export function shown(value) {
  if (value === undefined || value === '') return 'nothing';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** The message for `value`, which the setting called `label` refused, its range `[min, max]`. */
export function rangeMessage(label, range, value) {
  return `${label} must be ${wholeRule(range)}, got ${shown(value)}`;
}
