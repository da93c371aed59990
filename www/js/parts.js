// The page's navigation: its parts (play, coach, race, lab, settings) are tabs of one list, and
// the panel column beside the board shows the chosen part's panels only, so that every part's
// entry is in sight on the first screen and the board keeps its place while the panels change.
// The tabs follow the ARIA tabs pattern: the chosen one is the list's only Tab stop, and the
// arrow keys, Home and End move between them.

/** The tab list's tabs, in their order. */
function tabs(list) {
  return [...list.querySelectorAll('[role="tab"]')];
}

/**
 * Shows the part of `tab` (its `aria-controls` panel) and hides the others'. Where the window
 * was scrolled past the part's top (down a long part), it scrolls back up to it; it never scrolls
 * down.
 */
function choose(list, tab) {
  let shown = null;
  for (const other of tabs(list)) {
    const chosen = other === tab;
    const part = document.getElementById(other.getAttribute('aria-controls'));
    other.setAttribute('aria-selected', String(chosen));
    other.tabIndex = chosen ? 0 : -1;
    part.hidden = !chosen;
    if (chosen) shown = part;
  }
  const before = window.scrollY;
  shown.scrollIntoView({ block: 'start' });
  if (window.scrollY > before) window.scrollTo(window.scrollX, before);
}

/** The tab whose part holds `element`, or null outside every part. */
function tabOf(list, element) {
  const part = element.closest('[role="tabpanel"]');
  return part ? tabs(list).find((tab) => tab.getAttribute('aria-controls') === part.id) : null;
}

/**
 * Makes the tab list `list` (`role="tablist"`) navigate the page's parts. Returns `reveal(element)`,
 * which shows the part that holds `element` (for a button elsewhere that leads to it).
 */
export function createParts(list) {
  list.addEventListener('click', (event) => {
    const tab = event.target.closest('[role="tab"]');
    if (tab) choose(list, tab);
  });
  list.addEventListener('keydown', (event) => {
    const all = tabs(list);
    const at = all.indexOf(event.target);
    if (at < 0) return;
    const to = {
      ArrowRight: (at + 1) % all.length,
      ArrowLeft: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(list, all[to]);
    all[to].focus();
  });
  return function reveal(element) {
    const tab = tabOf(list, element);
    if (tab && tab.getAttribute('aria-selected') !== 'true') choose(list, tab);
  };
}
