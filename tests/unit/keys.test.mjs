// The keyboard (www/lib/keys.js): both habits' keys reach the engine (Up and X turn clockwise,
// Z counter-clockwise, C and Shift hold, in either case), a held key is pressed once and
// released once, keys typed into a field are left alone, and the help lists every key the game
// hears.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEY_TABLE, attachKeyboard, keyHelpItems } from '../../www/lib/keys.js';

/** A game element stand-in that records what the keyboard tells it. */
function listening() {
  globalThis.window ??= new EventTarget();
  const target = new EventTarget();
  const heard = [];
  attachKeyboard(target, {
    press: (key) => heard.push(`press ${key}`) > 0,
    release: (key) => heard.push(`release ${key}`),
    command: (name) => heard.push(`command ${name}`) > 0,
  });
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
  assert.equal(items[6], '<li><kbd>C</kbd> <kbd>Shift</kbd> hold</li>');
  const { send } = listening();
  for (const entry of KEY_TABLE) {
    for (const key of entry.keys) assert.ok(send('keydown', key), `${key} is heard`);
    const shown = entry.shown.map((name) => `<kbd>${name}</kbd>`).join(' ');
    const detail = entry.detail ? ` (${entry.detail})` : '';
    assert.ok(keyHelpItems().includes(`${shown} ${entry.words}${detail}</li>`), entry.words);
    assert.ok(keyHelpItems({ brief: true }).includes(`${shown} ${entry.words}</li>`), entry.words);
  }
});
