// Keyboard: guideline keys to engine keys, presses and releases only (auto-repeat events are
// ignored: the engine's DAS and ARR repeat a held key through tick), and the keys of the game
// itself (pause, new game, replay, help). Keys are heard on one element (the game's), so they
// play only while it has focus.

/** How the help names the keys that are no single character. */
const NAMES = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ' ': 'Space',
  Escape: 'Esc',
};

/**
 * What keys do, in the order the help lists them: `action` (with `press`, an engine key the game
 * repeats while it is held; else a command that works the game rather than the piece), `keys`
 * its keys by default (`KeyboardEvent.key` values, letters in lower case: a letter is heard in
 * either case, as Shift and Caps Lock change it), `words` what it does and `detail` (where there
 * is one) the help's fuller word on it. The defaults cover both habits: Up or X turns clockwise
 * as in Jstris and TETR.IO, C or Shift holds, A turns 180° where the rules' kicks allow it.
 */
export const KEY_TABLE = [
  { action: 'left', press: true, keys: ['ArrowLeft'], words: 'move left' },
  { action: 'right', press: true, keys: ['ArrowRight'], words: 'move right' },
  { action: 'cw', press: true, keys: ['ArrowUp', 'x'], words: 'rotate clockwise' },
  { action: 'ccw', press: true, keys: ['z'], words: 'rotate counter-clockwise' },
  {
    action: 'soft_drop',
    press: true,
    keys: ['ArrowDown'],
    words: 'soft drop',
    detail: 'a tap: one row',
  },
  { action: 'hard_drop', press: true, keys: [' '], words: 'hard drop' },
  { action: 'hold', press: true, keys: ['c', 'Shift'], words: 'hold' },
  {
    action: 'half',
    press: true,
    keys: ['a'],
    words: 'rotate 180°',
    detail: 'SRS+ rotation only',
  },
  {
    action: 'pause',
    keys: ['p'],
    words: 'pause and resume',
    detail: 'at game over: a new game',
  },
  { action: 'new', keys: ['n'], words: 'new game' },
  { action: 'replay', keys: ['r'], words: 'replay this seed' },
  { action: 'help', keys: ['?'], words: 'this help' },
  { action: 'close', keys: ['Escape'], words: 'closes the help' },
];

/** The most keys one action may have. */
export const MAX_KEYS = 4;

/** The longest name a key may have (`KeyboardEvent.key` names are short: "ArrowLeft"). */
const MAX_KEY_NAME = 24;

/** Keys that cannot be the game's: they work with other keys, or move the focus. */
const NOT_GAME_KEYS = new Set([
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'OS',
  'CapsLock',
  'Tab',
  'Unidentified',
  'Dead',
  'Process',
]);

/** The actions that are engine keys, held and repeated (the others are commands). */
const PRESSED = new Set(KEY_TABLE.filter((entry) => entry.press).map((entry) => entry.action));

/** `key` (a `KeyboardEvent.key` value) as bindings hold it: a letter in lower case, Space " ". */
export function normalKey(key) {
  if (key === 'Spacebar') return ' ';
  return key.length === 1 ? key.toLowerCase() : key;
}

/** How the help names `key`: "←", "Space", "X", "Shift". */
export function keyName(key) {
  return NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}

/**
 * The key bindings: `changed` (action to its own keys, for the actions a player gave other
 * keys) over `KEY_TABLE`'s defaults, as `{keys, actions}`: each action's keys, and each key's
 * action. Throws, naming it, on an action that is none, on keys that are no list of 1 to
 * `MAX_KEYS` key names, and on a key given to two actions.
 */
export function keyBindings(changed = {}) {
  if (changed === null || typeof changed !== 'object' || Array.isArray(changed)) {
    throw new Error(
      `keys must be an object of actions to their keys, got ${JSON.stringify(changed)}`,
    );
  }
  const known = KEY_TABLE.map((entry) => entry.action);
  for (const [action, keys] of Object.entries(changed)) {
    if (!known.includes(action)) {
      throw new Error(`"${action}" is no action of a key (the actions: ${known.join(', ')})`);
    }
    const named = (key) => typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_NAME;
    if (!Array.isArray(keys) || keys.length < 1 || keys.length > MAX_KEYS || !keys.every(named)) {
      throw new Error(
        `the keys of "${action}" must be a list of 1 to ${MAX_KEYS} key names, got ${JSON.stringify(keys)}`,
      );
    }
    const unfit = keys.find((key) => NOT_GAME_KEYS.has(key));
    if (unfit)
      throw new Error(`${unfit} cannot be a key of the game (it works other keys or the focus)`);
  }
  const keys = new Map(
    KEY_TABLE.map(({ action, keys: defaults }) => [
      action,
      [...new Set((changed[action] ?? defaults).map(normalKey))],
    ]),
  );
  const actions = new Map();
  for (const [action, list] of keys) {
    for (const key of list) {
      const other = actions.get(key);
      if (other) throw new Error(`${keyName(key)} is the key of both "${other}" and "${action}"`);
      actions.set(key, action);
    }
  }
  return { keys, actions };
}

/**
 * `changed` (see `keyBindings`) with `key` as the one key of `action`, taken from the action
 * that had it. Throws, naming it, where that leaves the other action no key.
 */
export function rebind(changed, action, key) {
  const { keys, actions } = keyBindings(changed);
  const taken = normalKey(key);
  const next = { ...changed, [action]: [taken] };
  const other = actions.get(taken);
  if (other && other !== action) {
    const left = keys.get(other).filter((k) => k !== taken);
    if (left.length === 0) {
      const words = KEY_TABLE.find((entry) => entry.action === other).words;
      throw new Error(`${keyName(taken)} is the only key to ${words}: give that another key first`);
    }
    next[other] = left;
  }
  keyBindings(next);
  return next;
}

/**
 * The keys as the help lists them, by `bindings` (see `keyBindings`): an HTML list item for each
 * entry of `KEY_TABLE`, with its detail unless `brief` (a short list beside the game).
 */
export function keyHelpItems(bindings = keyBindings(), { brief = false } = {}) {
  return KEY_TABLE.map((entry) => {
    const names = [...new Set(bindings.keys.get(entry.action).map(keyName))];
    const keys = names.map((name) => `<kbd>${escaped(name)}</kbd>`).join(' ');
    const detail = entry.detail && !brief ? ` (${entry.detail})` : '';
    return `<li>${keys} ${entry.words}${detail}</li>`;
  }).join('\n');
}

/** `text` safe inside HTML. */
function escaped(text) {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );
}

/** The bindings of `KEY_TABLE` as they are. */
const DEFAULT_BINDINGS = keyBindings();

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
 * Listens for keys on `target` (an element that takes focus), by the key bindings `bindings()`
 * gives at each key (see `keyBindings`). `handlers`: `press(key)` and `release(key)` with engine
 * key names (press returns whether the key was taken), and `command(name)` with the name of a
 * command of `KEY_TABLE` (returns whether it was taken).
 */
export function attachKeyboard(target, handlers, bindings = () => DEFAULT_BINDINGS) {
  const held = new Set();
  /** The engine key `key` presses, or undefined. */
  const pressOf = (key) => {
    const action = bindings().actions.get(normalKey(key));
    return PRESSED.has(action) ? action : undefined;
  };

  target.addEventListener('keydown', (event) => {
    // The element the key really went to, inside the game's shadow root if need be.
    const origin = event.composedPath()[0];
    if (event.ctrlKey || event.metaKey || event.altKey || typing(origin)) return;
    const action = bindings().actions.get(normalKey(event.key));
    const command = PRESSED.has(action) ? undefined : action;
    if (command) {
      if (event.repeat || handlers.command(command)) event.preventDefault();
      return;
    }
    const key = pressOf(event.key);
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
    const key = pressOf(event.key);
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
