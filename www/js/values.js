// How the page names a value in its messages, and what a whole number in a range must be.

import { wholeRule } from '../lib/whole.js';

/** How a value reads in a message: numbers as they are, strings quoted, the rest as JSON. */
export function shown(value) {
  if (value === undefined || value === '') return 'nothing';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** The most characters of a long text a message quotes. */
const QUOTED_CHARS = 40;

/** `text` as a message quotes it: its first `QUOTED_CHARS` characters, and "…" where it goes on. */
export function clipped(text) {
  return text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text;
}

/** The message for `value`, which the setting called `label` refused, its range `[min, max]`. */
export function rangeMessage(label, range, value) {
  return `${label} must be ${wholeRule(range)}, got ${shown(value)}`;
}

/**
 * How the entry of the field `input` reads in a message: a number field holds "" both when it
 * is empty and when what was typed is no number, which the browser flags as a bad input.
 */
export function entryShown(input) {
  return input.validity?.badInput ? 'text that is not a number' : shown(input.value);
}

/** The message for the entry of the number field `input`, called `label`, out of `range`. */
export function fieldMessage(label, range, input) {
  return `${label} must be ${wholeRule(range)}, got ${entryShown(input)}`;
}
