// The Evolution panel: choose an optimizer, features, training board and games, then start,
// pause, resume and stop a run that plays in Web Workers; watch its progress and a chart of its
// fitness per generation; play or copy the validated best weights; and keep the run in
// IndexedDB after every generation, with export and import in the command line's format.

import uPlot from '../vendor/uPlot.esm.js';
import { createEvolution, evolutionConfig, resumeEvolution } from '../tetris-ai.js';
import { discardRun, loadRun, saveRun } from './runs.js';

const $ = (id, root = document) => root.getElementById(id);

/** The chart's series after the generation axis: label, report field, colour. */
const SERIES = [
  ['best', 'best', '#5aa9ff'],
  ['mean', 'mean', '#8b97aa'],
  ['median', 'median', '#c59cf0'],
  ['validated', 'validated_best', '#8ff0b6'],
];

function message(err) {
  return err instanceof Error ? err.message : String(err);
}

function seconds(s) {
  if (!Number.isFinite(s)) return '–';
  if (s < 60) return `${Math.round(s)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

function figure(x) {
  return x == null ? '–' : Math.round(x).toLocaleString('en');
}

/**
 * Builds and binds the panel. `app`: `choices` (the engine's evolution choices), `presets`,
 * `features`, `limits`, `build` (the build runs use), `playWeights(weights)` and
 * `copyWeights(weights)`.
 */
export function createEvolutionPanel(app) {
  const el = Object.fromEntries(
    [
      'optimizer',
      'ga',
      'ga-row',
      'features',
      'pick',
      'pick-list',
      'width',
      'height',
      'rules',
      'games',
      'population',
      'seed',
      'settings',
      'start',
      'pause',
      'stop',
      'error',
      'live',
      'status',
      'progress',
      'eta',
      'chart',
      'best',
      'play',
      'copy',
      'export',
      'import',
      'resume',
      'resume-text',
      'resume-run',
      'discard',
      'setup',
    ].map((id) => [id, $(`evo-${id}`)]),
  );
  const { defaults } = app.choices;

  let run = null;
  let state = 'idle'; // idle | starting | running | pausing | paused
  let chart = null;
  let history = [];
  let best = null;
  let settingsEdited = false;
  let generationStart = 0;

  function showError(text) {
    el.error.textContent = text || '';
    el.error.hidden = !text;
  }

  function option(select, value, label) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = label;
    select.append(o);
  }

  // The choices, from the engine.
  for (const name of app.choices.optimizers) option(el.optimizer, name, name.replace('_', '-'));
  for (const name of app.choices.ga_presets) option(el.ga, name, name);
  option(el.features, '', "the optimizer's default");
  for (const preset of app.presets) option(el.features, preset.name, `${preset.name}'s features`);
  option(el.features, 'pick', 'pick…');
  for (const name of Object.keys(app.limits.rules)) option(el.rules, name, name);
  for (const [name, definition] of app.features) {
    const label = document.createElement('label');
    label.title = definition;
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = name;
    label.append(box, name.replace(/_/g, ' '));
    el['pick-list'].append(label);
  }
  for (const [input, name] of [
    [el.width, 'width'],
    [el.height, 'height'],
  ]) {
    input.min = app.limits[name].min;
    input.max = app.limits[name].max;
  }
  el.seed.max = app.limits.seed.max;
  el.optimizer.value = defaults.optimizer;
  el.ga.value = defaults.ga;
  el.width.value = defaults.width;
  el.height.value = defaults.height;
  el.rules.value = defaults.rules;
  el.games.value = defaults.games;
  el.seed.value = defaults.seed;

  /** The choices the form holds, as `evolutionConfig` takes them. */
  function options({ withSettings = true } = {}) {
    const number = (input, label) => {
      const n = Number(input.value);
      if (input.value.trim() === '' || !Number.isSafeInteger(n)) {
        throw new Error(`${label} must be a whole number, got "${input.value}"`);
      }
      return n;
    };
    const chosen = {
      optimizer: el.optimizer.value,
      width: number(el.width, 'training board width'),
      height: number(el.height, 'training board height'),
      rules: el.rules.value,
      games: number(el.games, 'games per individual'),
      seed: number(el.seed, 'seed'),
    };
    if (chosen.optimizer === 'ga') chosen.ga = el.ga.value;
    if (el.features.value === 'pick') {
      chosen.features = [...el['pick-list'].querySelectorAll('input:checked')].map((b) => b.value);
      if (chosen.features.length === 0) throw new Error('pick at least one feature to learn');
    } else if (el.features.value) {
      chosen.features = el.features.value;
    }
    if (el.population.value.trim() !== '') chosen.population = number(el.population, 'population');
    if (withSettings && settingsEdited) {
      try {
        chosen.settings = JSON.parse(el.settings.value);
      } catch (err) {
        throw new Error(`the optimizer settings are not JSON: ${err.message}`);
      }
    }
    return chosen;
  }

  /** Shows the chosen optimizer's full settings (unless the user edited them). */
  async function fillSettings() {
    el['ga-row'].hidden = el.optimizer.value !== 'ga';
    el.pick.hidden = el.features.value !== 'pick';
    if (settingsEdited) return;
    try {
      const config = await evolutionConfig(options({ withSettings: false }));
      el.settings.value = JSON.stringify(config.optimizer.settings, null, 2);
      el.population.placeholder = String(config.optimizer.settings.population ?? '');
      showError('');
    } catch (err) {
      showError(message(err));
    }
  }

  for (const input of [el.optimizer, el.ga]) {
    input.addEventListener('change', () => {
      settingsEdited = false;
      fillSettings();
    });
  }
  el.features.addEventListener('change', fillSettings);
  el.settings.addEventListener('input', () => {
    settingsEdited = true;
  });

  function setState(next) {
    state = next;
    const busy = state === 'starting' || state === 'running' || state === 'pausing';
    for (const input of el.setup.querySelectorAll('input, select, textarea')) {
      input.disabled = state !== 'idle';
    }
    el.start.disabled = state !== 'idle' && state !== 'paused';
    el.start.textContent = state === 'paused' ? 'Resume' : 'Start';
    el.pause.disabled = state !== 'running';
    el.stop.disabled = state === 'idle';
    el.export.disabled = !run;
    el['resume-run'].disabled = busy;
    el.live.hidden = history.length === 0 && !busy;
  }

  // ---- the chart ----

  function chartData() {
    const x = history.map((r) => r.generation);
    return [x, ...SERIES.map(([, field]) => history.map((r) => r[field] ?? null))];
  }

  function drawChart() {
    const width = Math.max(240, el.chart.clientWidth || 340);
    if (!chart) {
      chart = new uPlot(
        {
          width,
          height: 200,
          scales: { x: { time: false } },
          axes: [
            { stroke: '#8b97aa', grid: { stroke: '#243044' }, label: 'generation' },
            { stroke: '#8b97aa', grid: { stroke: '#243044' }, size: 56 },
          ],
          series: [
            { label: 'generation' },
            ...SERIES.map(([label, , stroke]) => ({
              label,
              stroke,
              width: 2,
              spanGaps: true,
              points: { show: history.length < 40 },
            })),
          ],
        },
        chartData(),
        el.chart,
      );
    } else {
      chart.setSize({ width, height: 200 });
      chart.setData(chartData());
    }
  }

  // ---- a run ----

  function showReport(report) {
    history.push(report);
    // The run's validated best so far, kept as the engine keeps it: replaced only when beaten.
    if (report.validated_best != null && (!best || report.validated_best > best.fitness)) {
      best = { weights: report.validated_weights, fitness: report.validated_best };
    }
    el.best.textContent = best ? JSON.stringify(best.weights, null, 2) : '';
    el.status.textContent =
      `Generation ${report.generation}: best ${figure(report.best)}, ` +
      `mean ${figure(report.mean)}, validated ${figure(report.validated_best)}; ` +
      `validated best so far ${figure(best && best.fitness)} · ${report.games_played.toLocaleString('en')} games`;
    drawChart();
  }

  function showProgress({ generation, phase, done, total }) {
    el.progress.max = total;
    el.progress.value = done;
    const elapsed = (performance.now() - generationStart) / 1000;
    const eta = done > 0 ? (elapsed * (total - done)) / done : NaN;
    el.eta.textContent =
      `Generation ${generation}, ${phase === 'validation' ? 'validating' : 'training'}: ` +
      `${done} of ${total} games · about ${seconds(eta)} left`;
  }

  /** Takes over a run (new, resumed or imported) and its history so far. */
  function adopt(next, checkpointText) {
    if (run) run.close();
    run = next;
    run.onProgress = showProgress;
    const saved = JSON.parse(checkpointText);
    history = [];
    best = null;
    for (const report of saved.history) showReport(report);
    if (history.length === 0) {
      el.status.textContent = `Ready: ${run.build} build, ${
        run.build === 'threaded' ? `${run.threads} threads` : `${run.size} workers`
      }.`;
      el.best.textContent = '';
    }
  }

  async function loop() {
    const current = run;
    setState('running');
    showError('');
    try {
      while (state === 'running') {
        generationStart = performance.now();
        const report = await current.generation();
        if (report === null || run !== current) break;
        showReport(report);
        await saveRun(await current.checkpoint());
      }
      if (state === 'pausing') setState('paused');
    } catch (err) {
      if (run !== current) return; // stopped, or replaced by another run, meanwhile
      showError(`The run stopped: ${message(err)}`);
      setState('paused');
    }
  }

  async function start() {
    if (state === 'paused') {
      loop();
      return;
    }
    setState('starting');
    showError('');
    try {
      const config = await evolutionConfig(options());
      const next = await createEvolution(config, { build: app.build });
      const text = await next.checkpoint();
      adopt(next, text);
      await saveRun(text);
      el.resume.hidden = true;
    } catch (err) {
      showError(message(err));
      setState('idle');
      return;
    }
    loop();
  }

  /** Continues a run from checkpoint text; a bad one changes nothing and says why. */
  async function resumeFrom(text, { save }) {
    let next;
    try {
      next = await resumeEvolution(text, { build: app.build });
    } catch (err) {
      showError(`That checkpoint cannot be resumed: ${message(err)}. Nothing was changed.`);
      return false;
    }
    const checkpoint = await next.checkpoint();
    adopt(next, checkpoint);
    if (save) await saveRun(checkpoint);
    el.resume.hidden = true;
    showError('');
    setState('paused');
    return true;
  }

  el.start.addEventListener('click', start);
  el.pause.addEventListener('click', () => {
    if (state !== 'running') return;
    setState('pausing');
    run.pause();
  });
  el.stop.addEventListener('click', () => {
    if (run) run.close();
    run = null;
    setState('idle');
    el.eta.textContent = 'Stopped. The last generation is saved: export it, or start anew.';
  });

  el.play.addEventListener('click', () => best && app.playWeights(best.weights));
  el.copy.addEventListener('click', () => best && app.copyWeights(best.weights));

  el.export.addEventListener('click', async () => {
    if (!run) return;
    const text = await run.checkpoint();
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `evolution-generation-${run.generations}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });

  el.import.addEventListener('change', async () => {
    const file = el.import.files[0];
    el.import.value = '';
    if (!file) return;
    if (state === 'running' || state === 'pausing') {
      showError('Pause or stop the run before importing another.');
      return;
    }
    await resumeFrom(await file.text(), { save: true });
  });

  // A run saved before a reload: offer to resume it.
  loadRun().then((saved) => {
    if (!saved || run) return;
    let generations;
    try {
      generations = JSON.parse(saved.checkpoint).history.length;
    } catch {
      return;
    }
    el['resume-text'].textContent =
      `A run was saved at generation ${generations} ` +
      `(${new Date(saved.saved).toLocaleString()}).`;
    el.resume.hidden = false;
    el['resume-run'].onclick = async () => {
      if (await resumeFrom(saved.checkpoint, { save: false })) loop();
    };
    el.discard.onclick = async () => {
      await discardRun();
      el.resume.hidden = true;
    };
  });

  window.addEventListener('resize', () => chart && drawChart());
  setState('idle');
  fillSettings();

  return {
    /** The run in progress, if any (for tests and measurements). */
    get run() {
      return run;
    },
    get state() {
      return state;
    },
    get history() {
      return history;
    },
  };
}
