// The Evolution panel: choose an optimizer, features, training board and games, then start,
// pause, resume and stop a run that plays in Web Workers; watch its progress and a chart of its
// fitness per generation; play or copy the validated best weights; and keep the run in
// IndexedDB after every generation, with export and import in the command line's format. A run
// kept before a reload is offered for resuming both in the panel and at the top of the page.

import uPlot from '../vendor/uPlot.esm.js';
import { createEvolution, evolutionConfig, resumeEvolution } from '../tetris-ai.js';
import { count } from '../lib/count.js';
import { $, message } from '../lib/dom.js';
import { openFileWith, saveJson } from './files.js';
import { Pace, seconds } from './pace.js';
import { checkpointRefusal, weightsRefusal } from './refusals.js';
import { discardRun, loadRun, saveRun } from './runs.js';

/** The chart's series after the generation axis: label, report field, colour. */
const SERIES = [
  ['best', 'best', '#5aa9ff'],
  ['mean', 'mean', '#8b97aa'],
  ['median', 'median', '#c59cf0'],
  ['validated', 'validated_best', '#8ff0b6'],
];

/**
 * What the chart's figures are, for a run that plays games or survival replicates: on its axis
 * (short enough for the plot's height) and in full.
 */
const FITNESS_WORDS = {
  games: { axis: 'mean lines per game', full: 'mean lines per game' },
  replicates: { axis: 'est. lines per game', full: 'estimated lines per game' },
};

/** The steps between the generations the chart's axis names: whole generations only. */
const GENERATION_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000];

function figure(x) {
  return x == null ? '–' : Math.round(x).toLocaleString('en');
}

/** What a batch of each phase is doing, as the progress line says it. */
const PHASE_WORDS = {
  training: 'training',
  reevaluation: 're-evaluating',
  validation: 'validating',
  report: 'reporting',
};

/** A batch's phase as the progress line says it. */
function phaseWord(phase) {
  return PHASE_WORDS[phase] ?? phase;
}

/**
 * A figure of the chart's legend (uPlot's series `value`): the hovered generation's, else the
 * latest one's; nothing where a series has none.
 */
function legendValue(chart, value, series, index) {
  const shown = index == null ? chart.data[series].at(-1) : value;
  return shown == null ? '' : figure(shown);
}

/**
 * Builds and binds the panel. `app`: `choices` (the engine's evolution choices), `presets`,
 * `features`, `limits`, `build` (the build runs use), `weightsInPlay()` (the game's weights),
 * `playWeights(weights)` (resolves to why the game refused them, or null),
 * `copyWeights(weights)` and `reveal(element)` (shows the page's part that holds `element`).
 */
export function createEvolutionPanel(app) {
  const el = Object.fromEntries(
    [
      'optimizer',
      'ga',
      'ga-row',
      'start-from',
      'spread',
      'spread-row',
      'features',
      'features-row',
      'pick',
      'pick-list',
      'width',
      'height',
      'rules',
      'randomizer',
      'games',
      'fitness',
      'run-pieces',
      'run-pieces-row',
      'trials',
      'trials-row',
      'survival-note',
      'population',
      'population-row',
      'seed',
      'reevaluate-top',
      'reevaluate-games',
      'grow-games-to',
      'report-games',
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
      'best-note',
      'export',
      'import',
      'import-button',
      'resume',
      'resume-text',
      'resume-run',
      'discard',
      'resume-notice',
      'resume-notice-text',
      'resume-notice-run',
      'resume-notice-discard',
      'resume-notice-show',
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
  /** The checkpoint of the run shown, as of its last completed generation: `{text, generations}`. */
  let saved = null;
  /** What the run shown plays: "games", or "replicates" when it scores by survival. */
  let plays = 'games';
  /** The time left in the phase of the generation that runs. */
  const pace = new Pace();

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
  option(el['start-from'], '', 'random weights');
  option(el['start-from'], 'play', 'the weights in play');
  for (const preset of app.presets)
    option(el['start-from'], preset.name, `${preset.name}'s weights`);
  option(el.features, '', "the optimizer's default");
  for (const preset of app.presets) option(el.features, preset.name, `${preset.name}'s features`);
  option(el.features, 'pick', 'pick…');
  for (const name of Object.keys(app.limits.rules)) option(el.rules, name, name);
  option(el.randomizer, '', "the rules' own");
  for (const name of app.choices.randomizers) option(el.randomizer, name, name.replace('_', ' '));
  for (const [name, definition, plainName, meaning] of app.features) {
    const label = document.createElement('label');
    label.title = `${plainName}: ${meaning}.\n${definition}`;
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
  el.randomizer.value = defaults.randomizer ?? '';
  el.games.value = defaults.games;
  el['run-pieces'].value = app.choices.survival_effort.run_pieces;
  el.trials.value = app.choices.survival_effort.trials;
  el.seed.value = defaults.seed;
  el.spread.value = defaults.spread;
  el['reevaluate-top'].value = defaults.noise.reevaluate_top;
  el['reevaluate-games'].value = defaults.noise.reevaluate_games;
  el['grow-games-to'].value = defaults.noise.grow_games_to ?? '';
  el['report-games'].value = defaults.validation.report_games;

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
      randomizer: el.randomizer.value || null,
      games: number(el.games, 'games per individual'),
      seed: number(el.seed, 'seed'),
    };
    if (chosen.optimizer === 'ga') chosen.ga = el.ga.value;
    if (el.fitness.value === 'survival') {
      chosen.survival = {
        run_pieces: number(el['run-pieces'], 'run pieces'),
        trials: number(el.trials, 'branches per level'),
      };
    }
    const startFrom = el['start-from'].value;
    if (startFrom) {
      chosen.start =
        startFrom === 'play'
          ? app.weightsInPlay()
          : app.presets.find((p) => p.name === startFrom).weights;
      chosen.spread = Number(el.spread.value);
      if (el.spread.value.trim() === '' || !Number.isFinite(chosen.spread)) {
        throw new Error(`the spread must be a number, got "${el.spread.value}"`);
      }
    } else if (el.features.value === 'pick') {
      chosen.features = [...el['pick-list'].querySelectorAll('input:checked')].map((b) => b.value);
      if (chosen.features.length === 0) throw new Error('pick at least one feature to learn');
    } else if (el.features.value) {
      chosen.features = el.features.value;
    }
    if (!el['population-row'].hidden && el.population.value.trim() !== '') {
      chosen.population = number(el.population, 'population');
    }
    chosen.noise = {
      reevaluate_top: number(el['reevaluate-top'], 're-evaluated genomes'),
      reevaluate_games: number(el['reevaluate-games'], 're-evaluation games'),
      grow_games_to:
        el['grow-games-to'].value.trim() === ''
          ? null
          : number(el['grow-games-to'], 'games to grow to'),
    };
    chosen.validation = {
      ...defaults.validation,
      report_games: number(el['report-games'], 'report games'),
    };
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
    // A run from given weights learns their features.
    const started = el['start-from'].value !== '';
    el['spread-row'].hidden = !started;
    el['features-row'].hidden = started;
    el.pick.hidden = started || el.features.value !== 'pick';
    const survival = el.fitness.value === 'survival';
    for (const part of ['run-pieces-row', 'trials-row', 'survival-note'])
      el[part].hidden = !survival;
    // The sizes the optimizer takes; the hill-climber scores one genome and takes none.
    const sizes = app.choices.populations[el.optimizer.value] ?? null;
    el['population-row'].hidden = sizes === null;
    el.population.min = sizes?.min ?? '';
    el.population.max = sizes?.max ?? '';
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
  // A population the optimizer cannot take is named at once, not at Start.
  el.population.addEventListener('change', fillSettings);
  el['start-from'].addEventListener('change', fillSettings);
  // The cross-entropy method's initial spread is the start's.
  el.spread.addEventListener('change', fillSettings);
  // Survival's effort shows with it, and a bad one is named at once.
  for (const input of [el.fitness, el['run-pieces'], el.trials]) {
    input.addEventListener('change', fillSettings);
  }
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
    el.export.disabled = !saved || state === 'starting';
    el['resume-run'].disabled = busy;
    el['resume-notice-run'].disabled = busy;
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
            {
              stroke: '#8b97aa',
              grid: { stroke: '#243044' },
              label: 'generation',
              incrs: GENERATION_STEPS,
            },
            {
              stroke: '#8b97aa',
              grid: { stroke: '#243044' },
              size: 56,
              label: FITNESS_WORDS[plays].axis,
            },
          ],
          series: [
            { label: 'generation', value: legendValue },
            ...SERIES.map(([label, , stroke]) => ({
              label,
              stroke,
              width: 2,
              spanGaps: true,
              points: { show: history.length < 40 },
              value: legendValue,
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
      best = {
        weights: report.validated_weights,
        fitness: report.validated_best,
        generation: report.generation,
      };
    }
    el.best.textContent = best ? JSON.stringify(best.weights, null, 2) : '';
    el.status.textContent =
      `Generation ${report.generation}: best ${figure(report.best)}, ` +
      `mean ${figure(report.mean)}, validated ${figure(report.validated_best)}; ` +
      `validated best so far ${figure(best && best.fitness)}` +
      (report.reported == null ? '' : `, ${figure(report.reported)} on held-out ${plays}`) +
      ` · ${report.games_played.toLocaleString('en')} ${plays}`;
    drawChart();
  }

  /** Shows where the generation that runs stands, with the time its phase has left. */
  function showProgress({ generation, phase, done, total }) {
    if (state !== 'running' && state !== 'pausing') return;
    el.progress.max = total;
    el.progress.value = done;
    const left = pace.left(`${generation} ${phase}`, done, total);
    el.eta.textContent =
      `Generation ${generation}, ${phaseWord(phase)}: ${done} of ${total} ${plays}` +
      (Number.isFinite(left) ? ` · about ${seconds(left)} left` : '');
  }

  /** Says where the paused run stands and that Resume goes on from there. */
  function showPaused() {
    const at = run.standing;
    if (!at) {
      el.eta.textContent = `Paused before generation ${run.generations + 1}: Resume starts it.`;
      return;
    }
    el.progress.max = at.total;
    el.progress.value = at.done;
    el.eta.textContent =
      `Paused in generation ${at.generation}, ${phaseWord(at.phase)}: ${at.done} of ` +
      `${at.total} ${plays} played. Resume continues from there.`;
  }

  /** Keeps checkpoint `text` as the run's last completed generation, for Export. */
  function keep(text) {
    saved = { text, generations: JSON.parse(text).history.length };
  }

  /** Says what became of the validated best weights, under them (`text`; "" says nothing). */
  function sayOfBest(text) {
    el['best-note'].textContent = text;
    el['best-note'].hidden = !text;
  }

  /** Takes over a run (new, resumed or imported) and its history so far. */
  function adopt(next, checkpointText) {
    if (run) run.close();
    run = next;
    run.onProgress = showProgress;
    keep(checkpointText);
    const checkpoint = JSON.parse(checkpointText);
    plays = checkpoint.config.fitness.survival ? 'replicates' : 'games';
    // Drawn anew for this run, with its axis's words.
    chart?.destroy();
    chart = null;
    el.chart.setAttribute('aria-label', `Fitness (${FITNESS_WORDS[plays].full}) per generation`);
    history = [];
    best = null;
    sayOfBest('');
    for (const report of checkpoint.history) showReport(report);
    if (history.length === 0) {
      el.status.textContent = `Ready: ${run.build} build, ${
        run.build === 'threaded' ? count(run.threads, 'thread') : count(run.size, 'worker')
      }.`;
      el.best.textContent = '';
    }
  }

  /** Runs generations until paused or stopped; a new run's checkpoint `first` is saved first. */
  async function loop(first = null) {
    const current = run;
    setState('running');
    showError('');
    pace.restart();
    try {
      if (first !== null) await saveRun(first);
      while (state === 'running') {
        const report = await current.generation();
        if (report === null || run !== current) break;
        const text = await current.checkpoint();
        keep(text);
        showReport(report);
        await saveRun(text);
      }
      if (state === 'pausing' && run === current) {
        setState('paused');
        showPaused();
      }
    } catch (err) {
      if (run !== current) return; // stopped, or replaced by another run, meanwhile
      showError(`The run stopped: ${message(err)}`);
      setState('paused');
      showPaused();
    }
  }

  async function start() {
    if (state === 'paused') {
      loop();
      return;
    }
    setState('starting');
    showError('');
    let next;
    let text;
    try {
      const config = await evolutionConfig(options());
      next = await createEvolution(config, { build: app.build });
      text = await next.checkpoint();
      // Stopped while the run was being made: it never starts, and the run shown stays.
      if (state !== 'starting') {
        next.close();
        return;
      }
    } catch (err) {
      next?.close();
      showError(message(err));
      setState('idle');
      return;
    }
    // From here the run is shown and runs at once: a stop now stops a run that started.
    adopt(next, text);
    offerResume(null);
    loop(text);
  }

  /**
   * Continues a run from checkpoint text (`what` names it: a file, or the run saved before the
   * reload); a bad one changes nothing and says why.
   */
  async function resumeFrom(text, { save, what }) {
    let next;
    try {
      next = await resumeEvolution(text, { build: app.build });
    } catch (err) {
      const why = checkpointRefusal(message(err), text, app.features);
      showError(`${what} cannot be resumed: ${why}. Nothing was changed.`);
      return false;
    }
    const checkpoint = await next.checkpoint();
    adopt(next, checkpoint);
    if (save) await saveRun(checkpoint);
    offerResume(null);
    showError('');
    setState('paused');
    showPaused();
    return true;
  }

  el.start.addEventListener('click', start);
  el.pause.addEventListener('click', () => {
    if (state !== 'running') return;
    setState('pausing');
    run.pause();
  });
  el.stop.addEventListener('click', () => {
    // A closed run reports nothing more: what it was doing stops showing at once.
    if (run) run.close();
    run = null;
    setState('idle');
    el.eta.textContent = 'Stopped. The last generation is saved: export it, or start anew.';
  });

  el.play.addEventListener('click', async () => {
    const chosen = best;
    if (!chosen) return;
    const error = await app.playWeights(chosen.weights);
    sayOfBest(
      error
        ? `These weights were refused: ${weightsRefusal(error, chosen.weights)}. ` +
            'The game keeps its weights.'
        : `The game now plays these weights (validated in generation ${chosen.generation}: ` +
            `${figure(chosen.fitness)} lines per game).`,
    );
  });
  el.copy.addEventListener('click', () => {
    if (!best) return;
    app.copyWeights(best.weights);
    sayOfBest('Copied into "Advanced: weights": press Import there to play them.');
  });

  el.export.addEventListener('click', () => {
    if (saved) saveJson(`evolution-generation-${saved.generations}.json`, saved.text);
  });

  openFileWith(el['import-button'], el.import, async (text, name) => {
    if (state === 'starting' || state === 'running' || state === 'pausing') {
      showError('Pause or stop the run before importing another.');
      return;
    }
    await resumeFrom(text, { save: true, what: `"${name}"` });
  });

  /**
   * Offers to resume `kept` (`{checkpoint, saved}`, a run saved before a reload, of
   * `generations` generations) in the panel and at the top of the page; null takes the offer
   * back.
   */
  function offerResume(kept, generations) {
    el.resume.hidden = !kept;
    el['resume-notice'].hidden = !kept;
    if (!kept) return;
    const text =
      `An evolution run was saved at generation ${generations} ` +
      `(${new Date(kept.saved).toLocaleString()}).`;
    el['resume-text'].textContent = text;
    el['resume-notice-text'].textContent = text;
    const resume = async () => {
      if (await resumeFrom(kept.checkpoint, { save: false, what: 'The saved run' })) loop();
    };
    const discard = async () => {
      await discardRun();
      offerResume(null);
    };
    el['resume-run'].onclick = resume;
    // Resumed from the notice, the run's progress comes into view in its panel.
    el['resume-notice-run'].onclick = () => {
      app.reveal(el.resume);
      return resume();
    };
    el.discard.onclick = discard;
    el['resume-notice-discard'].onclick = discard;
  }

  // The panel's own offer, brought into view, takes over from the notice.
  el['resume-notice-show'].addEventListener('click', () => {
    el['resume-notice'].hidden = true;
    app.reveal(el.resume);
    el.resume.scrollIntoView({ block: 'center' });
    el['resume-run'].focus({ preventScroll: true });
  });

  // A run saved before a reload: offer to resume it.
  loadRun().then((kept) => {
    if (!kept || run) return;
    let generations;
    try {
      generations = JSON.parse(kept.checkpoint).history.length;
    } catch {
      return;
    }
    offerResume(kept, generations);
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
