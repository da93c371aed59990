// The game's height follows what stands above it: the header and the banners (a bad share link,
// a shared game, a race), which come and go. Their height is kept in the CSS variable `--app-top`
// (where the game's column starts), so that the whole board stays in the window under them.

/** Keeps `--app-top` at the top of `app` (the page's main column) while anything above it changes. */
export function fitGameUnder(app) {
  const root = document.documentElement;
  const update = () => root.style.setProperty('--app-top', `${app.offsetTop}px`);
  const observer = new ResizeObserver(update);
  for (const element of document.body.children) {
    if (element.compareDocumentPosition(app) & Node.DOCUMENT_POSITION_FOLLOWING) {
      observer.observe(element);
    }
  }
  update();
}
