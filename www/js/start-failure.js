// What the page shows when it cannot start: the reason, in the banner under the header, and
// "failed" where the engine's build would be named.

/** Shows on the page that it could not start, and why (`err`: an Error or any value). */
export function showStartFailure(err) {
  const reason = err instanceof Error ? err.message : String(err);
  const banner = document.getElementById('load-error');
  banner.textContent = `The engine could not start: ${reason}`;
  banner.hidden = false;
  document.getElementById('engine-kind').textContent = 'failed';
}
