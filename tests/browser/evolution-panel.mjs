// The evolution panel as the tests drive it in any browser: functions run in the page (each
// stands alone, as the drivers send its source).

/** Fills the evolution panel's form with `fields` (by id) as a user would, and starts a run. */
export function startPanelRun(fields) {
  for (const [id, value] of Object.entries(fields)) {
    const input = document.getElementById(id);
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }
  document.getElementById('evo-start').click();
}

/**
 * Clicks the panel's Stop, and from then on keeps in `window.afterStop` what the panel shows at
 * each change (its progress line, status and bar); returns what it shows right after the click.
 */
export function stopPanelWatching() {
  const shown = () =>
    [
      document.getElementById('evo-eta').textContent,
      document.getElementById('evo-status').textContent,
      `${document.getElementById('evo-progress').value}`,
    ].join(' | ');
  window.afterStop = [];
  new MutationObserver(() => window.afterStop.push(shown())).observe(
    document.getElementById('evolution'),
    { subtree: true, childList: true, characterData: true, attributes: true },
  );
  window.stoppedRun = window.tetris.evolution.run;
  document.getElementById('evo-stop').click();
  return shown();
}
