// Keyboard: guideline keys to engine keys, presses and releases only (auto-repeat events are
// ignored: the engine's DAS and ARR repeat a held key through tick), and the keys of the game
// itself (pause, new game, replay, help). Keys are heard on one element (the game's), so they
// play only while it has focus.

/**
 * The keys, one entry for each thing they do, in the order the help lists them: `keys` are the
 * `KeyboardEvent.key` values that do it (both cases of a letter, since Shift and Caps Lock change
 * it), `shown` how the help names them, `words` what they do and `detail` (where there is one)
 * the help's fuller word on it. A `press` is an engine key the
 * game repeats while it is held; a `command` works the game rather than the piece. The defaults
 * cover both habits: Up or X turns clockwise as in Jstris and TETR.IO, C or Shift holds.
 */
export const KEY_TABLE = [
  { press: 'left', keys: ['ArrowLeft'], shown: ['←'], words: 'move left' },
  { press: 'right', keys: ['ArrowRight'], shown: ['→'], words: 'move right' },
  { press: 'cw', keys: ['ArrowUp', 'x', 'X'], shown: ['↑', 'X'], words: 'rotate clockwise' },
  { press: 'ccw', keys: ['z', 'Z'], shown: ['Z'], words: 'rotate counter-clockwise' },
  {
    press: 'soft_drop',
    keys: ['ArrowDown'],
    shown: ['↓'],
    words: 'soft drop',
    detail: 'a tap: one row',
  },
  { press: 'hard_drop', keys: [' ', 'Spacebar'], shown: ['Space'], words: 'hard drop' },
  { press: 'hold', keys: ['c', 'C', 'Shift'], shown: ['C', 'Shift'], words: 'hold' },
  {
    command: 'pause',
    keys: ['p', 'P'],
    shown: ['P'],
    words: 'pause and resume',
    detail: 'at game over: a new game',
  },
  { command: 'new', keys: ['n', 'N'], shown: ['N'], words: 'new game' },
  { command: 'replay', keys: ['r', 'R'], shown: ['R'], words: 'replay this seed' },
  { command: 'help', keys: ['?'], shown: ['?'], words: 'this help' },
  { command: 'close', keys: ['Escape'], shown: ['Esc'], words: 'closes the help' },
];

/** `KeyboardEvent.key` values to the engine keys of `KEY_TABLE`'s presses. */
const PRESSES = new Map(
  KEY_TABLE.flatMap((entry) => (entry.press ? entry.keys.map((key) => [key, entry.press]) : [])),
);

/** `KeyboardEvent.key` values to the commands of `KEY_TABLE`, which `handlers.command` takes. */
const COMMANDS = new Map(
  KEY_TABLE.flatMap((entry) =>
    entry.command ? entry.keys.map((key) => [key, entry.command]) : [],
  ),
);

/**
 * The keys as the help lists them: an HTML list item for each entry of `KEY_TABLE`, with its
 * detail unless `brief` (a short list beside the game).
 */
export function keyHelpItems({ brief = false } = {}) {
  return KEY_TABLE.map((entry) => {
    const keys = entry.shown.map((name) => `<kbd>${name}</kbd>`).join(' ');
    const detail = entry.detail && !brief ? ` (${entry.detail})` : '';
    return `<li>${keys} ${entry.words}${detail}</li>`;
  }).join('\n');
}

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
    const command = COMMANDS.get(event.key);
    if (command) {
      if (event.repeat || handlers.command(command)) event.preventDefault();
      return;
    }
    const key = PRESSES.get(event.key);
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
    const key = PRESSES.get(event.key);
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
