// The settings panel: shows the settings and turns the user's changes into calls on the app.

import { rangeMessage, wholeIn } from './settings.js';

const $ = (id) => document.getElementById(id);

function showError(element, message) {
  element.textContent = message || '';
  element.hidden = !message;
}

/** Weights with sorted keys, for comparing two weight sets. */
function canonical(weights) {
  if (!weights) return '';
  return JSON.stringify(
    Object.keys(weights)
      .sort()
      .map((k) => [k, weights[k]]),
  );
}

/** The preset whose weights these are, if any. */
export function matchPreset(presets, weights) {
  const key = canonical(weights);
  const found = presets.find((p) => canonical(p.weights) === key);
  return found ? found.name : '';
}

/**
 * Builds and binds the panel. `app` gives `settings`, `presets`, `features`, `threaded`,
 * `canSetHandling`, and the actions `live(name, value)`, `restart(patch)`, `newGame(patch)`,
 * `togglePause()`, `setWeights(weights)` (resolves to an error message or null), `randomSeed()` and
 * `presetChosen(name)` ("" for custom weights).
 */
export function createPanel(app) {
  const el = {
    aiEnabled: $('ai-enabled'),
    aiDelay: $('ai-delay'),
    parallel: $('parallel'),
    depth: $('depth'),
    hints: $('hints'),
    fps: $('fps'),
    gravity: $('gravity'),
    lockDelay: $('lock-delay'),
    rules: $('rules'),
    width: $('board-width'),
    height: $('board-height'),
    seed: $('seed'),
    preset: $('preset'),
    presetSource: $('preset-source'),
    weightsBody: $('weights-body'),
    weightsError: $('weights-error'),
    weightsJson: $('weights-json'),
    importError: $('import-error'),
    gameError: $('game-error'),
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
  for (const [name, definition] of app.features) {
    const row = document.createElement('tr');
    const label = document.createElement('th');
    label.scope = 'row';
    label.textContent = name.replace(/_/g, ' ');
    label.title = `${name}: ${definition}`;
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
      input.addEventListener('change', applyTable);
      cell.append(input);
      row.append(cell);
      inputs[field] = input;
    }
    weightInputs.set(name, inputs);
    el.weightsBody.append(row);
  }

  if (!app.threaded) {
    el.parallel.disabled = true;
    el.parallel.closest('label').title = 'Needs the threaded build (a cross-origin isolated page)';
  }
  // The engine's limits bound its inputs.
  for (const [name, input] of [
    ['width', el.width],
    ['height', el.height],
    ['seed', el.seed],
  ]) {
    input.min = app.limits[name].min;
    input.max = app.limits[name].max;
  }
  el.depth.replaceChildren();
  for (let depth = app.limits.depth.min; depth <= app.limits.depth.max; depth++) {
    const option = document.createElement('option');
    option.value = String(depth);
    option.textContent =
      depth === 1
        ? '1 (current piece)'
        : `${depth} (and the next${depth > 2 ? ` ${depth - 1}` : ''})`;
    el.depth.append(option);
  }

  /** The weights the table holds, or throws naming the bad entry. */
  function readTable() {
    const weights = {};
    for (const [name, inputs] of weightInputs) {
      const w = inputs.weight.value.trim();
      const e = inputs.exponent.value.trim();
      if (w === '' && e === '') continue;
      if (w === '') throw new Error(`"${name}" has an exponent but no weight`);
      const weight = Number(w);
      if (!Number.isFinite(weight))
        throw new Error(`the weight of "${name}" is not a number: "${w}"`);
      if (e === '') {
        weights[name] = weight;
      } else {
        const exponent = Number(e);
        if (!Number.isFinite(exponent)) {
          throw new Error(`the exponent of "${name}" is not a number: "${e}"`);
        }
        weights[name] = { weight, exponent };
      }
    }
    return weights;
  }

  async function applyTable() {
    let weights;
    try {
      weights = readTable();
    } catch (err) {
      showError(el.weightsError, `${err.message}; the AI keeps its previous weights`);
      return;
    }
    const error = await app.setWeights(weights);
    showError(el.weightsError, error && `${error}; the AI keeps its previous weights`);
  }

  function fillTable(weights) {
    for (const [name, inputs] of weightInputs) {
      inputs.weight.title = '';
      inputs.exponent.title = '';
      const value = weights ? weights[name] : undefined;
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
  }

  function describePreset(name) {
    const preset = app.presets.find((p) => p.name === name);
    el.presetSource.textContent = preset
      ? `${preset.source}. Published under: ${preset.published_under}.`
      : 'Your own weights.';
  }

  /** Writes every setting into its control. */
  function refresh() {
    const s = app.settings;
    el.aiEnabled.checked = s.aiEnabled;
    el.aiDelay.value = s.aiDelay;
    el.depth.value = String(s.depth);
    el.hints.checked = s.hints;
    el.fps.value = s.fps;
    el.gravity.value = s.gravity;
    el.lockDelay.value = s.lockDelay;
    el.rules.value = s.rules;
    el.width.value = s.width;
    el.height.value = s.height;
    el.seed.value = s.seed;
    el.preset.value = s.preset;
    describePreset(s.preset);
    fillTable(s.weights);
    el.pause.textContent = app.paused ? 'Resume' : 'Pause';
  }

  // Live settings: they change the running game.
  el.aiEnabled.addEventListener('change', () => app.live('aiEnabled', el.aiEnabled.checked));
  el.parallel.addEventListener('change', () => app.live('parallel', el.parallel.checked));
  el.hints.addEventListener('change', () => app.live('hints', el.hints.checked));
  const numbers = [
    ['aiDelay', el.aiDelay, 'AI delay'],
    ['fps', el.fps, 'Frame rate'],
    ['gravity', el.gravity, 'Drop frames'],
    ['lockDelay', el.lockDelay, 'Lock frames'],
  ];
  for (const [name, input, label] of numbers) {
    const apply = (final) => {
      const n = wholeIn(name, input.value);
      if (n === null) {
        if (final) {
          showError(el.gameError, rangeMessage(label, name));
          input.value = app.settings[name];
        }
        return;
      }
      showError(el.gameError, '');
      app.live(name, n);
    };
    input.addEventListener('input', () => apply(false));
    input.addEventListener('change', () => apply(true));
  }
  $('speed-up').addEventListener('click', () => {
    app.live('fps', Math.min(10000, app.settings.fps * 2));
    el.fps.value = app.settings.fps;
  });
  $('slow-down').addEventListener('click', () => {
    app.live('fps', Math.max(1, Math.round(app.settings.fps / 2)));
    el.fps.value = app.settings.fps;
  });

  /** The game-defining fields as the controls show them, or throws naming a bad one. */
  function readGameFields() {
    const patch = { rules: el.rules.value };
    for (const [name, input, label] of [
      ['width', el.width, 'Board width'],
      ['height', el.height, 'Board height'],
      ['seed', el.seed, 'Seed'],
      ['depth', el.depth, 'Search depth'],
    ]) {
      const n = wholeIn(name, input.value);
      if (n === null) throw new Error(rangeMessage(label, name));
      patch[name] = n;
    }
    return patch;
  }

  // Game settings: a change starts a new game with them.
  function restartFromFields(action) {
    let patch;
    try {
      patch = readGameFields();
    } catch (err) {
      showError(el.gameError, err.message);
      return;
    }
    action(patch);
  }
  for (const input of [el.rules, el.width, el.height, el.seed, el.depth]) {
    input.addEventListener('change', () => restartFromFields((patch) => app.restart(patch)));
  }
  $('new-game').addEventListener('click', () => restartFromFields((patch) => app.newGame(patch)));
  $('random-seed').addEventListener('click', () => app.randomSeed());
  el.pause.addEventListener('click', () => app.togglePause());

  // Presets, export and import.
  el.preset.addEventListener('change', () => {
    app.presetChosen(el.preset.value);
    describePreset(el.preset.value);
    showError(el.weightsError, '');
  });
  $('export-weights').addEventListener('click', () => {
    const text = JSON.stringify(app.settings.weights, null, 2);
    el.weightsJson.value = text;
    const blob = new Blob([`${text}\n`], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `weights-${app.settings.preset || 'custom'}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    showError(el.importError, '');
  });
  $('import-weights').addEventListener('click', async () => {
    let weights;
    try {
      weights = JSON.parse(el.weightsJson.value);
    } catch (err) {
      showError(el.importError, `Invalid JSON: ${err.message}. The AI keeps its previous weights.`);
      return;
    }
    if (weights === null || typeof weights !== 'object' || Array.isArray(weights)) {
      showError(
        el.importError,
        'The weights must be a JSON object of feature names to weights. The AI keeps its previous weights.',
      );
      return;
    }
    const error = await app.setWeights(weights);
    showError(el.importError, error && `${error}. The AI keeps its previous weights.`);
  });

  return {
    refresh,
    showGameError: (message) => showError(el.gameError, message),
    showHandlingNote: (show) => {
      $('handling-note').hidden = !show;
    },
    /** Puts `weights` into the export / import box, ready to edit and import. */
    showWeightsJson(weights) {
      el.weightsJson.value = JSON.stringify(weights, null, 2);
      el.weightsJson.scrollIntoView({ block: 'nearest' });
    },
    /** Shows whether the AI's search runs on the pool, and why. */
    showParallel(on, why) {
      el.parallel.checked = on;
      $('parallel-note').textContent = why;
    },
  };
}
