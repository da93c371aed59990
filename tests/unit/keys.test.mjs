// The keyboard (www/lib/keys.js): both habits' keys reach the engine (Up and X turn clockwise,
// Z counter-clockwise, C and Shift hold, in either case), a held key is pressed once and
// released once, keys typed into a field are left alone, the help lists every key the game
// hears; and keys can be given to other actions: checked, one key to one action, and the help
// follows.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  KEY_TABLE,
  MAX_KEYS,
  attachKeyboard,
  keyBindings,
  keyHelpItems,
  keyName,
  rebind,
} from '../../www/lib/keys.js';

/** A game element stand-in that records what the keyboard tells it, by `bindings`. */
function listening(bindings = keyBindings()) {
  globalThis.window ??= new EventTarget();
  const target = new EventTarget();
  const heard = [];
  attachKeyboard(
    target,
    {
      press: (key) => heard.push(`press ${key}`) > 0,
      release: (key) => heard.push(`release ${key}`),
      command: (name) => heard.push(`command ${name}`) > 0,
    },
    () => bindings,
  );
  /** Sends a key event `type` for `key`, with `extra` event fields; whether it was taken. */
  const send = (type, key, extra = {}) => {
    const event = new Event(type, { cancelable: true });
    Object.assign(event, { key, repeat: false, ctrlKey: false, metaKey: false, altKey: false });
    Object.assign(event, extra);
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  /** Presses and releases `key`; whether the press was taken. */
  const tap = (key) => {
    const taken = send('keydown', key);
    send('keyup', key);
    return taken;
  };
  return { heard, send, tap };
}

test('up and X turn clockwise, Z counter-clockwise, C and Shift hold, in either case', () => {
  const { heard, tap } = listening();
  for (const key of ['ArrowUp', 'x', 'X', 'z', 'Z', 'c', 'C', 'Shift', ' ', 'ArrowDown']) {
    assert.ok(tap(key), `${key} is the game's`);
  }
  assert.deepEqual(heard, [
    ...['cw', 'cw', 'cw', 'ccw', 'ccw', 'hold', 'hold', 'hold', 'hard_drop', 'soft_drop'].flatMap(
      (key) => [`press ${key}`, `release ${key}`],
    ),
  ]);
});

test('a held key is pressed once, its repeats are swallowed, and it is released once', () => {
  const { heard, send } = listening();
  assert.ok(send('keydown', 'ArrowLeft'));
  assert.ok(send('keydown', 'ArrowLeft', { repeat: true }));
  assert.ok(send('keydown', 'ArrowLeft'));
  send('keyup', 'ArrowLeft');
  send('keyup', 'ArrowLeft');
  assert.deepEqual(heard, ['press left', 'release left']);
});

test('the game keys work the game, and other keys, chords and typing are left alone', () => {
  const { heard, send } = listening();
  assert.ok(send('keydown', 'P'));
  assert.ok(send('keydown', '?'));
  assert.equal(send('keydown', 'q'), false);
  assert.equal(send('keydown', 'c', { ctrlKey: true }), false, 'Ctrl+C copies');
  const field = { tagName: 'INPUT', type: 'text' };
  assert.equal(send('keydown', 'x', { composedPath: () => [field] }), false, 'typed into a field');
  assert.deepEqual(heard, ['command pause', 'command help']);
});

test('the help lists every key the game hears, with what it does', () => {
  const items = keyHelpItems().split('\n');
  assert.equal(items.length, KEY_TABLE.length);
  assert.equal(items[2], '<li><kbd>↑</kbd> <kbd>X</kbd> rotate clockwise</li>');
  assert.equal(items[4], '<li><kbd>↓</kbd> soft drop (a tap: one row)</li>');
  assert.equal(items[6], '<li><kbd>C</kbd> <kbd>Shift</kbd> hold</li>');
  assert.equal(
    keyHelpItems(keyBindings(), { brief: true }).split('\n')[4],
    '<li><kbd>↓</kbd> soft drop</li>',
  );
  const { send } = listening();
  for (const entry of KEY_TABLE) {
    for (const key of entry.keys) assert.ok(send('keydown', key), `${keyName(key)} is heard`);
  }
});

test('a key given to another action moves there, and the help and the game follow', () => {
  // W turns clockwise in place of Up and X; then X holds, in place of C and Shift.
  let changed = rebind({}, 'cw', 'W');
  assert.deepEqual(changed, { cw: ['w'] });
  changed = rebind(changed, 'hold', 'x');
  assert.deepEqual(changed, { cw: ['w'], hold: ['x'] });
  // Z, the only key of counter-clockwise, cannot go to hard drop.
  assert.throws(
    () => rebind(changed, 'hard_drop', 'Z'),
    /^Error: Z is the only key to rotate counter-clockwise: give that another key first$/,
  );
  // A key taken from an action with two leaves it the other: Shift goes from hold to soft drop.
  const both = rebind({ hold: ['c', 'Shift'] }, 'soft_drop', 'Shift');
  assert.deepEqual(both, { hold: ['c'], soft_drop: ['Shift'] });
  const bindings = keyBindings(changed);
  const items = keyHelpItems(bindings).split('\n');
  assert.equal(items[2], '<li><kbd>W</kbd> rotate clockwise</li>');
  assert.equal(items[6], '<li><kbd>X</kbd> hold</li>');
  const { heard, tap } = listening(bindings);
  assert.ok(tap('w'));
  assert.ok(tap('X'));
  assert.equal(tap('ArrowUp'), false, 'Up turns no more');
  assert.deepEqual(heard, ['press cw', 'release cw', 'press hold', 'release hold']);
});

test('bad key bindings are refused, naming what is wrong', () => {
  const refused = (changed) => {
    try {
      keyBindings(changed);
      return 'accepted';
    } catch (err) {
      return err.message;
    }
  };
  assert.equal(refused([]), 'keys must be an object of actions to their keys, got []');
  assert.match(refused({ jump: ['j'] }), /^"jump" is no action of a key \(the actions: left, /);
  assert.equal(
    refused({ cw: [] }),
    `the keys of "cw" must be a list of 1 to ${MAX_KEYS} key names, got []`,
  );
  assert.equal(
    refused({ cw: 'x' }),
    `the keys of "cw" must be a list of 1 to ${MAX_KEYS} key names, got "x"`,
  );
  assert.equal(refused({ cw: ['z'] }), 'Z is the key of both "cw" and "ccw"');
  assert.equal(refused({ cw: ['z'], ccw: ['x'] }), 'accepted', 'a swap is fine');
  assert.equal(
    refused({ hold: ['Control'] }),
    'Control cannot be a key of the game (it works other keys or the focus)',
  );
  assert.throws(() => rebind({}, 'cw', 'Tab'), /^Error: Tab cannot be a key of the game/);
});
