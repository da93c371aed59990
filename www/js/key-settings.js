// The Keys settings: each action with its keys and a button that gives it the next key pressed
// (taken from the action that had it), and a reset to the defaults. The keys are saved in the
// browser, checked as they load, and given to the game (the element's `keys`), whose help and
// the page's key list follow.

import { $ } from '../lib/dom.js';
import { KEY_TABLE, keyBindings, keyHelpItems, keyName, rebind } from '../lib/keys.js';

const STORAGE_KEY = 'tetris-ai/keys/v1';

/**
 * The keys saved in `storage`: `{changed, problem}`, the actions given other keys (see
 * `keyBindings`), and why saved keys could not be used (they are then left out), or null.
 */
export function loadKeys(storage = localStorage) {
  let text = null;
  try {
    text = storage.getItem(STORAGE_KEY);
    if (text === null) return { changed: {}, problem: null };
    const changed = JSON.parse(text);
    keyBindings(changed);
    return { changed, problem: null };
  } catch (err) {
    return { changed: {}, problem: err instanceof SyntaxError ? 'they are not JSON' : err.message };
  }
}

/** Saves `changed` in `storage`; why it could not be, or null. */
export function saveKeys(changed, storage = localStorage) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(changed));
    return null;
  } catch (err) {
    return `the keys could not be saved (${err.message})`;
  }
}

/**
 * The Keys settings in `#key-bindings`, `#keys-error` and `#keys-reset`, for `element` (a
 * `<tetris-ai>`), with the page's short key list in `list`.
 */
export function createKeySettings(element, list) {
  const el = { rows: $('key-bindings'), error: $('keys-error'), reset: $('keys-reset') };
  const loaded = loadKeys();
  let changed = loaded.changed;

  function showError(text) {
    el.error.textContent = text ?? '';
    el.error.hidden = !text;
  }

  /** Each action's row: what it does, and a button naming its keys. */
  function render(bindings) {
    el.rows.replaceChildren(
      ...KEY_TABLE.map(({ action, words }) => {
        const row = document.createElement('li');
        const label = document.createElement('span');
        label.textContent = words;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'small key-binding';
        button.dataset.action = action;
        button.textContent = bindings.keys.get(action).map(keyName).join(' / ');
        button.setAttribute('aria-label', `${words}: ${button.textContent}; press to change`);
        row.append(label, button);
        return row;
      }),
    );
  }

  /** Plays, shows and saves `next` (checked already). */
  function apply(next) {
    changed = next;
    element.keys = changed;
    const bindings = keyBindings(changed);
    render(bindings);
    list.innerHTML = keyHelpItems(bindings, { brief: true });
  }

  /** Waits on `button` for the key to give its action; Escape, Tab or leaving it cancels. */
  function capture(button) {
    const { action } = button.dataset;
    button.textContent = 'Press a key… (Esc: cancel)';
    button.classList.add('capturing');
    const stop = () => {
      button.removeEventListener('keydown', heard);
      button.removeEventListener('blur', cancel);
    };
    const cancel = () => {
      stop();
      render(keyBindings(changed));
    };
    const heard = (event) => {
      if (event.key === 'Tab') {
        cancel();
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      if (event.key === 'Escape') {
        cancel();
        return;
      }
      stop();
      try {
        const next = rebind(changed, action, event.key);
        apply(next);
        showError(saveKeys(next));
      } catch (err) {
        render(keyBindings(changed));
        showError(err.message);
      }
      el.rows.querySelector(`[data-action="${action}"]`)?.focus();
    };
    button.addEventListener('keydown', heard);
    button.addEventListener('blur', cancel);
  }

  el.rows.addEventListener('click', (event) => {
    const button = event.target.closest('button.key-binding');
    if (button && !button.classList.contains('capturing')) capture(button);
  });
  el.reset.addEventListener('click', () => {
    apply({});
    showError(saveKeys({}));
  });

  apply(changed);
  showError(
    loaded.problem && `Your saved keys could not be used (${loaded.problem}); the defaults play.`,
  );
}
