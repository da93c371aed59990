// The settings panel: shows the settings and turns the user's changes into calls on the app.

import { ATTRIBUTES, boardRanges, wholeIn } from '../lib/attributes.js';
import { msText } from '../lib/decision-time.js';
import { $ } from '../lib/dom.js';
import { openFileWith, saveJson } from './files.js';
import { rovingGrid } from './grid-keys.js';
import { weightsRefusal } from './refusals.js';
import { rulesName } from './rules.js';
import { fieldMessage } from './values.js';
import { readWeights } from './weights-json.js';

function showError(element, message) {
  element.textContent = message || '';
  element.hidden = !message;
}

/** Marks `input` as holding a bad value, explained by `text` in `box`. */
function markBad(input, box, text) {
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', box.id);
  showError(box, text);
}

/** Takes a bad mark off `input`; clears `box` if it explained this input. */
function markGood(input, box) {
  const explained = input.getAttribute('aria-invalid') === 'true';
  input.removeAttribute('aria-invalid');
  input.removeAttribute('aria-describedby');
  if (explained) showError(box, '');
}

/** Whether `input` is marked as holding a bad value. */
function isBad(input) {
  return input.getAttribute('aria-invalid') === 'true';
}

/** The message element of one input, shown after its row (made on first use). */
function messageOf(input) {
  const id = `${input.id}-error`;
  let box = $(id);
  if (!box) {
    box = document.createElement('p');
    box.id = id;
    box.className = 'error field-error';
    box.setAttribute('role', 'alert');
    box.hidden = true;
    input.closest('.row').after(box);
  }
  return box;
}

/** The question `ask` shows now, and how to close it. */
let closeQuestion = null;

/**
 * Asks `question` after `anchor`, with a button `yes` and Cancel; resolves to true on `yes`, to
 * false on Cancel or when another question takes its place. Nothing changes while it waits.
 */
function ask(anchor, question, yes) {
  closeQuestion?.(false);
  return new Promise((resolve) => {
    const box = document.createElement('div');
    box.className = 'confirm';
    box.setAttribute('role', 'alertdialog');
    const text = document.createElement('p');
    text.id = 'confirm-text';
    text.textContent = question;
    box.setAttribute('aria-labelledby', text.id);
    const buttons = document.createElement('div');
    buttons.className = 'row buttons';
    const close = (answer) => {
      box.remove();
      if (closeQuestion === close) closeQuestion = null;
      resolve(answer);
    };
    for (const [label, answer] of [
      [yes, true],
      ['Cancel', false],
    ]) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.className = answer ? 'primary confirm-yes' : 'confirm-no';
      button.addEventListener('click', () => close(answer));
      buttons.append(button);
    }
    box.append(text, buttons);
    anchor.after(box);
    closeQuestion = close;
    buttons.firstChild.focus({ preventScroll: true });
  });
}

/** The question before playing weights that use no feature. */
const NO_FEATURE =
  'These weights use no feature: the AI will place pieces at random-ish first spots. Apply anyway?';

/**
 * Builds and binds the panel. `app` gives `settings`, `presets`, `features`, `limits`, `threaded`,
 * `paused`, `config()` (the engine's game configuration of the settings in play, null before a
 * game), and the actions `live(name, value)`, `restart(patch)`, `newGame()`, `togglePause()`,
 * `setWeights(weights)` (resolves to an error message or null), `randomSeed()`, `reset()` and
 * `presetChosen(name)` ("" for custom weights). The settings are the element's, by its
 * properties (lib/attributes.js), whose table gives each number's range.
 */
export function createPanel(app) {
  const engine = { limits: app.limits, presets: app.presets };
  const el = {
    autoplay: $('ai-enabled'),
    aiDelay: $('ai-delay'),
    parallel: $('parallel'),
    depth: $('depth'),
    autorestart: $('auto-restart'),
    hints: $('hints'),
    fps: $('fps'),
    das: $('das'),
    arr: $('arr'),
    softDrop: $('soft-drop'),
    gravity: $('gravity'),
    lockDelay: $('lock-delay'),
    rules: $('rules'),
    kicks: $('kicks'),
    width: $('board-width'),
    height: $('board-height'),
    seed: $('seed'),
    preset: $('preset'),
    presetSource: $('preset-source'),
    asPublished: $('as-published'),
    rulesPublished: $('rules-published'),
    depthPublished: $('depth-published'),
    weightsBody: $('weights-body'),
    weightsError: $('weights-error'),
    weightsJson: $('weights-json'),
    importError: $('import-error'),
    importStatus: $('import-status'),
    gameError: $('game-error'),
    linkError: $('link-error'),
    pause: $('pause'),
  };

  // Presets and the weights table.
  for (const preset of app.presets) {
    const option = document.createElement('option');
    option.value = preset.name;
    option.textContent = preset.name;
    el.preset.append(option);
  }
  const weightInputs = new Map();
  for (const [name, definition, plainName, meaning] of app.features) {
    const row = document.createElement('tr');
    const label = document.createElement('th');
    label.scope = 'row';
    label.textContent = name.replace(/_/g, ' ');
    label.title = `${plainName}: ${meaning}.\n${name}: ${definition}`;
    row.append(label);
    const inputs = {};
    for (const field of ['weight', 'exponent']) {
      const cell = document.createElement('td');
      const input = document.createElement('input');
      input.type = 'text';
      input.inputMode = 'decimal';
      input.autocomplete = 'off';
      input.spellcheck = false;
      input.dataset.feature = name;
      input.dataset.field = field;
      input.setAttribute('aria-label', `${name} ${field}`);
      input.placeholder = field === 'weight' ? 'unused' : '–';
      input.addEventListener('change', () => cellChanged(input));
      input.addEventListener('blur', () => restoreCell(input));
      cell.append(input);
      row.append(cell);
      inputs[field] = input;
    }
    weightInputs.set(name, inputs);
    el.weightsBody.append(row);
  }
  rovingGrid(el.weightsBody.closest('table'));

  if (!app.threaded) {
    el.parallel.disabled = true;
    el.parallel.closest('label').title = 'Needs the threaded build (a cross-origin isolated page)';
  }
  /**
   * The field `input`, called `label`, of the element's whole number `name`: in its range, live
   * where the element applies it to the running game, else starting a new game.
   */
  const number = (input, label, name) => ({
    input,
    label,
    range: ATTRIBUTES[name].range(engine),
    live: !ATTRIBUTES[name].newGame,
    get: (s) => s[name],
    apply: (n) => (ATTRIBUTES[name].newGame ? app.restart({ [name]: n }) : app.live(name, n)),
  });
  /** The field `input`, called `label`, of the board's side `side` (width or height). */
  const boardSide = (input, label, side) => {
    const index = side === 'width' ? 0 : 1;
    return {
      input,
      label,
      range: boardRanges(engine)[side],
      live: false,
      get: (s) => s.board[index],
      apply: (n) => app.restart({ board: app.settings.board.map((v, i) => (i === index ? n : v)) }),
    };
  };
  // The numeric fields, bound by their ranges.
  const numbers = [
    number(el.aiDelay, 'AI delay', 'aiDelay'),
    number(el.fps, 'Frame rate', 'fps'),
    number(el.das, 'Auto shift delay', 'das'),
    number(el.arr, 'Auto repeat', 'arr'),
    number(el.softDrop, 'Soft drop', 'softDrop'),
    number(el.gravity, 'Drop frames', 'gravity'),
    number(el.lockDelay, 'Lock frames', 'lockDelay'),
    boardSide(el.width, 'Board width', 'width'),
    boardSide(el.height, 'Board height', 'height'),
    number(el.seed, 'Seed', 'seed'),
  ];
  for (const { input, range } of numbers) [input.min, input.max] = range;
  el.depth.replaceChildren();
  for (let depth = app.limits.depth.min; depth <= app.limits.depth.max; depth++) {
    const option = document.createElement('option');
    option.value = String(depth);
    option.dataset.label =
      depth === 1
        ? '1 (current piece)'
        : `${depth} (and the next${depth > 2 ? ` ${depth - 1}` : ''})`;
    option.textContent = option.dataset.label;
    el.depth.append(option);
  }

  /**
   * Labels each depth with its time per decision (`[{depth, ms}]`, as `timeDepths` gives them),
   * or without one (null: not measured yet).
   */
  function showDepthTimes(times) {
    const ms = new Map((times ?? []).map((t) => [String(t.depth), t.ms]));
    for (const option of el.depth.options) {
      const time = ms.get(option.value);
      option.textContent =
        time === undefined ? option.dataset.label : `${option.dataset.label}, ${msText(time)} ms`;
    }
    el.depth.title = times
      ? 'Each depth with the time one decision takes on one thread of this machine, measured here'
      : '';
  }

  /** A number typed in a cell of the table, or throws naming the feature, field and text. */
  function cellNumber(input) {
    const { feature, field } = input.dataset;
    const text = input.value.trim();
    const n = Number(text);
    if (Number.isNaN(n)) throw new Error(`the ${field} of "${feature}" is not a number: "${text}"`);
    if (!Number.isFinite(n)) {
      throw new Error(`the ${field} of "${feature}" is too large to be a finite number: "${text}"`);
    }
    return n;
  }

  /** A feature's entry as its row shows it (undefined: unused), or throws naming the problem. */
  function readRow(name) {
    const inputs = weightInputs.get(name);
    const w = inputs.weight.value.trim();
    const e = inputs.exponent.value.trim();
    if (w === '' && e === '') return undefined;
    if (w === '') throw new Error(`"${name}" has an exponent (${e}) but no weight`);
    const weight = cellNumber(inputs.weight);
    return e === '' ? weight : { weight, exponent: cellNumber(inputs.exponent) };
  }

  /**
   * Plays `weights` once the user agrees if they use no feature, asking after `anchor`. Resolves
   * to `{}` once they play, `{error}` saying in plain words why the engine refused them, or
   * `{cancelled: true}` (then the table shows the AI's weights again).
   */
  async function playWeights(weights, anchor) {
    if (Object.keys(weights).length === 0 && !(await ask(anchor, NO_FEATURE, 'Apply'))) {
      fillTable(app.settings.weights);
      return { cancelled: true };
    }
    const error = await app.setWeights(weights);
    return error ? { error: weightsRefusal(error, weights) } : {};
  }

  /** A cell's change: the AI's weights with that feature's row as the table shows it. */
  async function cellChanged(input) {
    const name = input.dataset.feature;
    const weights = { ...app.settings.weights };
    try {
      const entry = readRow(name);
      if (entry === undefined) delete weights[name];
      else weights[name] = entry;
    } catch (err) {
      markBad(input, el.weightsError, `${err.message}; the AI keeps its weights`);
      return;
    }
    const { error } = await playWeights(weights, el.weightsError);
    if (error) markBad(input, el.weightsError, `${error}; the AI keeps its weights`);
    else markGood(input, el.weightsError);
  }

  /** Puts the AI's value back into a cell marked bad once it loses focus. */
  function restoreCell(input) {
    if (!isBad(input)) return;
    const { feature, field } = input.dataset;
    fillRow(weightInputs.get(feature), app.settings.weights?.[feature]);
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
    const shown = input.value === '' ? 'empty (unused)' : input.value;
    el.weightsError.textContent += `; the ${field} of "${feature}" is back to ${shown}`;
  }

  function fillRow(inputs, value) {
    if (value === undefined) {
      inputs.weight.value = '';
      inputs.exponent.value = '';
    } else if (typeof value === 'number') {
      inputs.weight.value = String(value);
      inputs.exponent.value = '';
    } else {
      inputs.weight.value = String(value.weight);
      inputs.exponent.value = value.exponent == null ? '' : String(value.exponent);
    }
    inputs.weight.title = inputs.weight.value;
    inputs.exponent.title = inputs.exponent.value;
  }

  function fillTable(weights) {
    for (const [name, inputs] of weightInputs) {
      fillRow(inputs, weights ? weights[name] : undefined);
      markGood(inputs.weight, el.weightsError);
      markGood(inputs.exponent, el.weightsError);
    }
  }

  function describePreset(name) {
    const preset = app.presets.find((p) => p.name === name);
    el.presetSource.textContent = preset
      ? `${preset.source}. Published under: ${preset.published_under}.`
      : app.settings.asPublished
        ? 'Your own weights: never published, they play the rules and depth of the settings.'
        : 'Your own weights.';
  }

  /**
   * Shows the rules and depth a preset plays as published in their fields, disabled, each with a
   * note saying so; else the settings' own, enabled. What the preset plays is the engine's
   * configuration of the settings in play (`app.config()`).
   */
  function showPublished(s) {
    const config = app.config();
    const published = s.asPublished && s.preset && config ? config : null;
    el.asPublished.checked = Boolean(s.asPublished && s.preset);
    el.asPublished.disabled = !s.preset;
    el.rules.value = published ? published.rules.kind : s.rules;
    el.depth.value = String(published ? published.search.depth : s.depth);
    for (const input of [el.rules, el.depth]) input.disabled = Boolean(published);
    // Kicks are the guideline's: the research rules place by drops.
    el.kicks.value = s.kicks;
    el.kicks.disabled = (published ? published.rules.kind : s.rules) !== 'guideline';
    el.rulesPublished.hidden = !published;
    el.depthPublished.hidden = !published;
    if (!published) return;
    const following = `Following ${s.preset} as published:`;
    el.rulesPublished.textContent = `${following} ${rulesName(published.rules, app.limits.rules)}.`;
    // A beam through the preview searches in place of the depth, whose fields it ignores.
    const width = published.search.preview_beam;
    if (width != null) {
      el.depthPublished.textContent =
        `${following} not by depth but by a beam ${width} wide through every known piece ` +
        '(the current one, the preview and hold), then the piece after them by what can be drawn next.';
      return;
    }
    // The search's other fields, where the publication differs from the engine's defaults.
    const defaults = app.limits.game.search;
    const others = Object.entries(published.search)
      .filter(([field, value]) => field !== 'depth' && value !== defaults[field])
      .map(([field, value]) => [field.replace(/_/g, ' '), value])
      .map(([name, value]) =>
        value === true ? name : value === false ? `no ${name}` : `${name} ${value}`,
      );
    el.depthPublished.textContent =
      `${following} depth ${published.search.depth}` +
      (others.length ? ` (${others.join(', ')}).` : '.');
  }

  /** Puts the setting back into a numeric field if it is marked bad, saying so. */
  function restoreNumber({ input, get }) {
    if (!isBad(input)) return;
    input.value = get(app.settings);
    input.removeAttribute('aria-invalid');
    messageOf(input).textContent += `; it is back to ${input.value}`;
  }

  /** Hides the notes of fields put back to their setting (a new change makes them old news). */
  function forgetRestored() {
    for (const { input } of numbers) {
      if (!isBad(input)) showError(messageOf(input), '');
    }
  }

  /** Writes every setting into its control (a field marked bad gets the setting back). */
  function refresh() {
    const s = app.settings;
    el.autoplay.checked = s.autoplay;
    el.parallel.value = s.parallel;
    el.autorestart.checked = s.autorestart;
    el.hints.checked = s.hints;
    showPublished(s);
    for (const field of numbers) {
      restoreNumber(field);
      field.input.value = field.get(s);
    }
    el.preset.value = s.preset ?? '';
    describePreset(s.preset);
    fillTable(s.weights);
    el.pause.textContent = app.paused ? 'Resume' : 'Pause';
  }

  for (const field of numbers) {
    const { input, label, range, live, apply } = field;
    const check = (final) => {
      forgetRestored();
      const n = wholeIn(input.value, range);
      if (n === null) {
        if (final) markBad(input, messageOf(input), fieldMessage(label, range, input));
        return;
      }
      markGood(input, messageOf(input));
      showError(messageOf(input), '');
      apply(n);
    };
    if (live) input.addEventListener('input', () => check(false));
    input.addEventListener('change', () => check(true));
    input.addEventListener('blur', () => restoreNumber(field));
  }
  el.autoplay.addEventListener('change', () => app.live('autoplay', el.autoplay.checked));
  el.parallel.addEventListener('change', () => app.live('parallel', el.parallel.value));
  el.hints.addEventListener('change', () => app.live('hints', el.hints.checked));
  el.autorestart.addEventListener('change', () => app.live('autorestart', el.autorestart.checked));
  /** Sets the frame rate to `fps` within its range. */
  const setFps = (fps) => {
    const [min, max] = ATTRIBUTES.fps.range(engine);
    markGood(el.fps, messageOf(el.fps));
    showError(messageOf(el.fps), '');
    app.live('fps', Math.min(max, Math.max(min, fps)));
    el.fps.value = app.settings.fps;
  };
  $('speed-up').addEventListener('click', () => setFps(app.settings.fps * 2));
  $('slow-down').addEventListener('click', () => setFps(Math.round(app.settings.fps / 2)));
  el.rules.addEventListener('change', () => app.restart({ rules: el.rules.value }));
  el.kicks.addEventListener('change', () => app.restart({ kicks: el.kicks.value }));
  el.depth.addEventListener('change', () => app.live('depth', Number(el.depth.value)));
  el.asPublished.addEventListener('change', () =>
    app.restart({ asPublished: el.asPublished.checked }),
  );
  $('new-game').addEventListener('click', () => app.newGame());
  $('random-seed').addEventListener('click', () => app.randomSeed());
  el.pause.addEventListener('click', () => app.togglePause());
  $('reset-settings').addEventListener('click', async () => {
    const { game, default_preset: preset } = app.limits;
    const question =
      `Put every setting back to its default (the ${preset} weights, ${game.rules.kind} ` +
      `rules, a ${game.width}x${game.height} board, a new seed) and start a new game?`;
    if (await ask($('reset-settings').closest('.row'), question, 'Reset')) app.reset();
  });
  $('link-error-dismiss').addEventListener('click', () => showLinkProblems([]));

  /** Lists what was wrong with a share link (none: hides the list). */
  function showLinkProblems(problems) {
    const items = problems.map((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      return item;
    });
    $('link-error-list').replaceChildren(...items);
    el.linkError.hidden = items.length === 0;
  }

  // Presets, export and import.
  el.preset.addEventListener('change', () => {
    app.presetChosen(el.preset.value);
    describePreset(el.preset.value);
    showError(el.weightsError, '');
  });
  $('export-weights').addEventListener('click', () => {
    const text = JSON.stringify(app.settings.weights, null, 2);
    el.weightsJson.value = text;
    saveJson(`weights-${app.settings.preset || 'custom'}.json`, `${text}\n`);
    sayImported('');
  });
  $('import-weights').addEventListener('click', () => importFrom(el.weightsJson.value, ''));
  openFileWith($('import-weights-file'), $('weights-file'), (text, name) => {
    el.weightsJson.value = text;
    return importFrom(text, name);
  });

  /**
   * Says how the latest import went, in the one place for it: `text` as a refusal (`refused`) or
   * as news; "" says nothing.
   */
  function sayImported(text, { refused = false } = {}) {
    showError(el.importError, refused ? text : '');
    showError(el.importStatus, refused ? '' : text);
  }

  /** How many imports were started: only the latest one says how it went. */
  let imports = 0;

  /**
   * Imports the weights of JSON `text` (from the file called `file`, or "" for the box) and says
   * how it went; a question or message of an earlier import goes.
   */
  async function importFrom(text, file) {
    const mine = ++imports;
    closeQuestion?.(false);
    sayImported('');
    const { error, cancelled } = await importWeights(text);
    if (mine !== imports || cancelled) return;
    const what = file ? `the weights of "${file}"` : 'these weights';
    if (error) sayImported(`Not imported: ${error}. The AI keeps its weights.`, { refused: true });
    else sayImported(`Imported: the AI plays ${what} from its next decision.`);
  }

  /** Plays the weights of JSON `text`: resolves as `playWeights` does, or to what is wrong. */
  async function importWeights(text) {
    const { weights, error } = readWeights(text);
    return error ? { error } : playWeights(weights, el.importError);
  }

  return {
    refresh,
    showGameError: (message) => showError(el.gameError, message),
    showLinkProblems,
    /** Puts `weights` into the export / import box, ready to edit and import. */
    showWeightsJson(weights) {
      el.weightsJson.value = JSON.stringify(weights, null, 2);
      sayImported('');
      el.weightsJson.scrollIntoView({ block: 'nearest' });
    },
    showDepthTimes,
    /** Says whether the AI's search runs on the pool, and why, beside the choice. */
    showParallel(why) {
      $('parallel-note').textContent = why;
    },
  };
}
