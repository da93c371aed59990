// A share link that copies itself: a plain click copies its address instead of following it (a
// new tab, or a copy from the link's menu, still works as for any link), and says so beside it.

/** How long the status beside the link says what happened, in ms. */
const STATUS_MS = 3000;

/** Makes a plain click on `link` copy its address, saying in `status` whether it was copied. */
export function copyOnClick(link, status) {
  let timer = null;
  link.addEventListener('click', async (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(link.href);
      status.textContent = 'Copied';
    } catch {
      status.textContent = 'Copy failed: right-click the link to copy it';
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      status.textContent = '';
    }, STATUS_MS);
  });
}
