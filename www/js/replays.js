// Replays on the page: the viewer opened from a history row, from "Open a replay…" (a file),
// or from a share link (replay-link.js); the game pauses while a replay is watched and goes on after.

import { $, message } from '../lib/dom.js';
import { openFileWith } from './files.js';
import { holdsReplay, readReplayHash } from './replay-link.js';
import { createReplayViewer } from './replay-viewer.js';

/**
 * Sets up replays for the game of `element` (a `<tetris-ai>`) in the page's elements
 * `#replay-open`, `#replay-file`, `#replay-open-error` and the viewer's (see replay-viewer.js).
 * A link to a replay opened in the address opens it. Returns `{open(text, about), fromLink(),
 * viewer}`.
 */
export function createReplays(element) {
  const error = $('replay-open-error');
  /** Whether opening a replay paused the game, which closing it resumes. */
  let pausedGame = false;
  const viewer = createReplayViewer(() => {
    if (pausedGame) element.resume();
    pausedGame = false;
    // A replay a link opened is closed: the address drops its link.
    if (holdsReplay(window.location.hash)) {
      history.replaceState(null, '', window.location.pathname + window.location.search);
    }
  });

  function showError(text) {
    error.textContent = text;
    error.hidden = !text;
  }

  /**
   * Opens the replay of JSON `text` in the viewer; `about` names it ("Your game", "The file
   * x.json"). A replay that cannot be opened is said so, naming what is wrong.
   */
  async function open(text, about) {
    showError('');
    try {
      if (!element.paused && !pausedGame) {
        element.pause();
        pausedGame = true;
      }
      await viewer.open(text, about);
    } catch (err) {
      if (pausedGame) element.resume();
      pausedGame = false;
      showError(`${about} is not a replay this page can open: ${message(err)}.`);
    }
  }

  openFileWith($('replay-open'), $('replay-file'), (text, name) => open(text, `The file ${name}`));

  /** Opens the replay a share link in the address holds, if it holds one. */
  async function fromLink() {
    const shared = await readReplayHash(window.location.hash);
    if (!shared) return;
    if (shared.problem) showError(`The share link is damaged: ${shared.problem}.`);
    else await open(shared.text, 'The shared replay');
  }

  window.addEventListener('hashchange', fromLink);
  return { open, fromLink, viewer };
}
