// Sound for the player's own game: a soft knock as a piece locks, and a rising arpeggio as lines
// clear (longer for a tetris, a T-spin's own colour, the longest for a perfect clear), made with
// Web Audio oscillators (no sound files). The AI's pieces make none: at its speed they would be
// noise. Settings' "Sound effects" turns it off and on, remembered in the browser; the audio
// starts only once a key or a tap has been played, as browsers ask.

const STORAGE_KEY = 'tetris-ai/sound/v1';

/** Notes of the arpeggios, in Hz: C5, E5, G5, C6, E6, G6, C7. */
const NOTES = [523.25, 659.25, 783.99, 1046.5, 1318.51, 1567.98, 2093];

/** Whether sound was left on (on unless it was turned off). */
function loadOn(storage) {
  try {
    return storage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * The notes a placement's clear (the engine's `Cleared`, or null) plays, `[frequency, wave]`
 * each, one after another: none for a lock that clears nothing (its knock plays instead).
 */
export function clearNotes(cleared) {
  if (!cleared || cleared.clear.lines === 0) return [];
  const { lines, spin, perfect } = cleared.clear;
  const count = perfect ? NOTES.length : Math.min(NOTES.length, lines + (lines >= 4 ? 1 : 0));
  const wave = spin === 'none' ? 'triangle' : 'square';
  return NOTES.slice(0, count).map((frequency) => [frequency, wave]);
}

/**
 * Plays the sounds of the player's game on `element` (its `piece` events), while the checkbox
 * `toggle` is checked; `storage` keeps the choice. Returns the number of sounds played so far
 * (`played`), for tests.
 */
export function createSound(element, toggle, storage = localStorage) {
  let context = null;
  let played = 0;
  toggle.checked = loadOn(storage);

  /** A tone of `frequency` Hz and `wave` from `at` (the context's time) for `length` s. */
  function tone(frequency, wave, at, length, volume) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(volume, at);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + length);
  }

  element.addEventListener('piece', (event) => {
    const { userActivation } = navigator;
    if (!toggle.checked || element.autoplay || (userActivation && !userActivation.hasBeenActive)) {
      return;
    }
    context ??= new AudioContext();
    const now = context.currentTime;
    const notes = clearNotes(event.detail.cleared);
    if (notes.length === 0) tone(150, 'triangle', now, 0.06, 0.06);
    notes.forEach(([frequency, wave], i) => tone(frequency, wave, now + i * 0.05, 0.12, 0.05));
    played += 1;
  });
  toggle.addEventListener('change', () => {
    try {
      storage.setItem(STORAGE_KEY, toggle.checked ? 'on' : 'off');
    } catch {
      // Not remembered where the browser refuses its storage; it still applies now.
    }
  });

  return {
    get played() {
      return played;
    },
  };
}
