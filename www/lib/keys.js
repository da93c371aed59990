// Keyboard: guideline keys to engine keys, presses and releases only (auto-repeat events are
// ignored: the engine's DAS and ARR repeat a held key through tick), and the keys of the game
// itself (pause, new game, replay, help). Keys are heard on one element (the game's), so they
// play only while it has focus.

const KEYS = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'cw',
  ArrowDown: 'soft_drop',
  ' ': 'hard_drop',
  Spacebar: 'hard_drop',
  z: 'ccw',
  Z: 'ccw',
  Shift: 'hold',
};

/** Keys that work the game rather than the piece, to the commands `handlers.command` takes. */
const COMMANDS = {
  p: 'pause',
  P: 'pause',
  n: 'new',
  N: 'new',
  r: 'replay',
  R: 'replay',
  '?': 'help',
  Escape: 'close',
};

function typing(target) {
  if (!target || !target.tagName) return false;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  if (tag !== 'INPUT') return false;
  return !['checkbox', 'radio', 'button', 'range'].includes(target.type);
}

/** A control that has its own use for Space and the arrows (a button, a checkbox, a link). */
function control(target) {
  return Boolean(
    target && target.tagName && ['BUTTON', 'INPUT', 'A', 'SUMMARY'].includes(target.tagName),
  );
}

/**
 * Listens for keys on `target` (an element that takes focus). `handlers`: `press(key)` and
 * `release(key)` with engine key names (press returns whether the key was taken), and
 * `command(name)` with a name of `COMMANDS` (returns whether it was taken).
 */
export function attachKeyboard(target, handlers) {
  const held = new Set();

  target.addEventListener('keydown', (event) => {
    // The element the key really went to, inside the game's shadow root if need be.
    const origin = event.composedPath()[0];
    if (event.ctrlKey || event.metaKey || event.altKey || typing(origin)) return;
    const command = COMMANDS[event.key];
    if (command) {
      if (event.repeat || handlers.command(command)) event.preventDefault();
      return;
    }
    const key = KEYS[event.key];
    if (!key) return;
    if (held.has(key) || (event.repeat && !control(origin))) {
      event.preventDefault(); // the engine repeats a held key itself
      return;
    }
    if (!event.repeat && handlers.press(key)) {
      event.preventDefault();
      held.add(key);
    } else if (!control(origin)) {
      event.preventDefault(); // no page scrolling by the game's keys
    }
  });

  target.addEventListener('keyup', (event) => {
    const key = KEYS[event.key];
    if (!key) return;
    // Shift may come up as a different key name on some layouts; release by name.
    if (held.delete(key)) handlers.release(key);
  });

  // A key held while the game loses focus never sends its keyup here: release everything.
  const releaseAll = () => {
    for (const key of held) handlers.release(key);
    held.clear();
  };
  target.addEventListener('blur', releaseAll);
  window.addEventListener('blur', releaseAll);

  return {
    /** Releases every held key (a new game, the AI taking over). */
    releaseAll,
    /** Stops listening to the window (the target's own listeners go with it). */
    detach() {
      window.removeEventListener('blur', releaseAll);
    },
  };
}
