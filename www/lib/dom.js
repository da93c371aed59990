// What the element and the page share of the DOM: finding a part by its id, and an error told
// in words.

/** The element with the id `id` in `root` (the document, or a shadow root), or null. */
export function $(id, root = document) {
  return root.getElementById(id);
}

/** What went wrong, as text to show: an Error's message, or any other value as a string. */
export function message(err) {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Hides or shows `element`, writing its `hidden` only where it changes: a browser may restyle
 * an element whose attribute is written, even with the value it had.
 */
export function setHidden(element, hidden) {
  if (element.hidden !== hidden) element.hidden = hidden;
}
