// What the page shows when it cannot start: the reason, in the banner under the header, and
// "failed" where the engine's build would be named.

import { $, message } from '../lib/dom.js';

/** Shows on the page that it could not start, and why (`err`: an Error or any value). */
export function showStartFailure(err) {
  const banner = $('load-error');
  banner.textContent = `The engine could not start: ${message(err)}`;
  banner.hidden = false;
  $('engine-kind').textContent = 'failed';
}
