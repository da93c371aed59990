// The Benchmark panel: many seeded games of one weight set (the current weights, a preset, or
// weights imported as JSON) under the rules, board and search depth of the settings, with a
// progress bar, the time left and Cancel; the statistics of the lines cleared (worked out by the
// engine as `tetris-ai bench` works them out) and a histogram of the lines per game; two weight
// sets compared on the same seeds (the paired difference, its 95% interval and a verdict); and
// the results exported as CSV or JSON. For games too long to play out, it makes a survival
// estimate of the mean lines per game instead, as `tetris-ai survival` makes it, and compares
// two sets' estimates (see survival-report.js).

import uPlot from '../vendor/uPlot.esm.js';
import { benchmark, survival } from '../tetris-ai.js';
import { count } from '../lib/count.js';
import { $, message } from '../lib/dom.js';
import { gameConfig } from '../lib/game-config.js';
import { csvText, fileName, gameSeed, jsonText } from './benchmark-export.js';
import { openFileWith, saveJson, saveText } from './files.js';
import { bins } from './histogram.js';
import { Pace, seconds } from './pace.js';
import { figure, pairedDifference, verdict } from './paired-difference.js';
import { weightsRefusal } from './refusals.js';
import { rulesName } from './rules.js';
import {
  estimateDifference,
  SURVIVAL_ROWS,
  survivalVerdict,
  unseenNote,
} from './survival-report.js';
import { rangeMessage } from './values.js';
import { readWeights } from './weights-json.js';

/**
 * What the form holds on a first visit: games, first seed and the cap on each game's pieces (a
 * survival estimate's effort starts at the engine's defaults).
 */
const FORM = { games: 100, seed: 0, maxPieces: 10_000 };

/** The engine's names of the form's options, and the form's own. */
const OPTION_LABELS = [
  ['options.games', 'Games'],
  ['options.seed', 'First seed'],
  ['options.maxPieces', 'Pieces per game'],
  ['options.replicates', 'Replicates'],
  ['options.runPieces', 'Pieces in each long run'],
  ['options.trials', 'Branches per level'],
];

/**
 * What each kind of measurement plays: the API's function, the word for one of its jobs, and how
 * many jobs its options ask for.
 */
const MEASURES = {
  benchmark: { play: benchmark, job: 'game', jobs: (options) => options.games },
  survival: { play: survival, job: 'replicate', jobs: (options) => options.replicates },
};

/** Each weight set's colour in the histogram. */
const COLORS = { A: '#5aa9ff', B: '#f0a35a' };
const CHART_HEIGHT = 180;

/** A figure of the table with `digits` decimals (grouped thousands); "–" for none. */
function decimals(x, digits) {
  return x == null
    ? '–'
    : x.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** The label of the row of games stopped at the cap, shown only where there was a cap. */
const CAPPED = 'Games stopped at the cap';

/** A benchmark's table rows: label, a result's figure, and how many decimals it reads with. */
const BENCHMARK_ROWS = [
  ['Games', (r) => r.games, 0],
  ['Average', (r) => r.mean, 1],
  ['Median', (r) => r.median, 1],
  ['Fewest', (r) => r.min, 0],
  ['Most', (r) => r.max, 0],
  ['Standard deviation', (r) => r.std, 1],
  ['Lines in all', (r) => r.lines, 0],
  ['Pieces in all', (r) => r.pieces, 0],
  ['Pieces per line', (r) => r.pieces_per_line, 3],
  [CAPPED, (r) => r.capped, 0],
];

/** A difference with its sign: "+124", "−3.5". */
function signed(x) {
  return `${x < 0 ? '−' : '+'}${figure(Math.abs(x))}`;
}

/**
 * Builds and binds the panel. `app`: `settings` (the page's, read when a benchmark starts),
 * `engine` (`{limits, presets}`) and `build` (the build benchmarks run on).
 */
export function createBenchmarkPanel(app) {
  const el = Object.fromEntries(
    [
      'setup',
      'compare',
      'b-side',
      'kind',
      'survival-note',
      'games-fields',
      'survival-fields',
      'games',
      'seed',
      'max-pieces',
      'replicates',
      'run-pieces',
      'trials',
      'run',
      'cancel',
      'error',
      'live',
      'progress',
      'status',
      'results',
      'played',
      'head-a',
      'head-b',
      'body',
      'difference',
      'verdict',
      'chart',
      'csv',
      'json',
    ].map((id) => [id, $(`bench-${id}`)]),
  );
  const { presets, limits } = app.engine;

  /** A weight set's choice in the form: its select, and the JSON imported for it. */
  function side(key) {
    const chosen = {
      key,
      select: $(`bench-${key}`),
      box: $(`bench-${key}-import`),
      json: $(`bench-${key}-json`),
      /** The name of the file the JSON came from, until it is edited. */
      file: null,
    };
    const option = (value, label) => {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = label;
      chosen.select.append(o);
    };
    option('current', 'the current weights');
    for (const preset of presets) option(`preset:${preset.name}`, preset.name);
    option('import', 'imported weights (JSON)…');
    chosen.select.addEventListener('change', () => {
      chosen.box.hidden = chosen.select.value !== 'import';
    });
    chosen.json.addEventListener('input', () => {
      chosen.file = null;
    });
    openFileWith($(`bench-${key}-open`), $(`bench-${key}-file`), (text, name) => {
      chosen.json.value = text;
      chosen.file = name;
    });
    return chosen;
  }
  const sides = { A: side('a'), B: side('b') };

  el.games.value = FORM.games;
  el.seed.value = FORM.seed;
  el.seed.max = limits.seed.max;
  el['max-pieces'].value = FORM.maxPieces;
  for (const [id, count] of [
    ['replicates', limits.survival.replicates],
    ['run-pieces', limits.survival.run_pieces],
    ['trials', limits.survival.trials],
  ]) {
    Object.assign(el[id], { value: count.default, min: count.min, max: count.max });
  }

  /** Shows the fields of the measurement chosen. */
  function showKind() {
    const survivalChosen = el.kind.value === 'survival';
    el['survival-note'].hidden = !survivalChosen;
    el['survival-fields'].hidden = !survivalChosen;
    el['games-fields'].hidden = survivalChosen;
  }
  el.kind.addEventListener('change', showKind);

  // B starts as a preset other than the one the game plays, when the comparison is asked for.
  el.compare.addEventListener('change', () => {
    el['b-side'].hidden = !el.compare.checked;
    const other = presets.find((p) => p.name !== app.settings.preset);
    if (el.compare.checked && sides.B.select.value === 'current' && other) {
      sides.B.select.value = `preset:${other.name}`;
    }
  });

  let controller = null;
  let chart = null;
  /** The results shown: `{options, a, b, difference}` (see benchmark-export.js), or null. */
  let report = null;
  const pace = new Pace();

  function showError(text) {
    el.error.textContent = text;
    el.error.hidden = !text;
  }

  function setRunning(running) {
    for (const input of el.setup.querySelectorAll('input, select, textarea, button')) {
      input.disabled = running;
    }
    el.run.disabled = running;
    el.cancel.disabled = !running;
    el.live.hidden = false;
  }

  /**
   * The form's options as `benchmark()` or, for `kind` "survival", `survival()` takes them; a
   * bad one throws in plain words.
   */
  function formOptions(kind) {
    const read = (input, label) => {
      const text = input.value.trim();
      if (text === '') throw new Error(`${label} must be a whole number, got nothing`);
      return Number(text);
    };
    const seed = read(el.seed, 'First seed');
    const range = [limits.seed.min, limits.seed.max];
    if (!Number.isSafeInteger(seed) || seed < range[0] || seed > range[1]) {
      throw new Error(rangeMessage('First seed', range, seed));
    }
    if (kind === 'survival') {
      return {
        replicates: read(el.replicates, 'Replicates'),
        seed,
        runPieces: read(el['run-pieces'], 'Pieces in each long run'),
        trials: read(el.trials, 'Branches per level'),
      };
    }
    const capped = el['max-pieces'].value.trim() !== '';
    return {
      games: read(el.games, 'Games'),
      seed,
      maxPieces: capped ? read(el['max-pieces'], 'Pieces per game') : undefined,
    };
  }

  /**
   * What weight set `label` ("A" or "B") plays: `{label, name, config, imported}`, its game
   * configuration from the settings' rules, board and search, with the first seed `seed`.
   * Imported JSON that holds no weights throws, saying why.
   */
  function weightSet(label, seed) {
    const { select, json, file } = sides[label];
    const config = { ...gameConfig(app.settings, app.engine), seed };
    if (select.value === 'current') {
      const name = app.settings.preset ? `${app.settings.preset} (current)` : 'current weights';
      return { label, name, config, imported: null };
    }
    // Another weight set plays with its own margin (a preset's, or none).
    const { rules, width, height, handling } = config;
    const search = { ...config.search };
    delete search.margin;
    const game = { rules, width, height, seed, search, handling };
    if (select.value !== 'import') {
      const name = select.value.slice('preset:'.length);
      return { label, name, config: { ...game, preset: name }, imported: null };
    }
    const { weights, error } = readWeights(json.value);
    if (error) throw new Error(`Weights ${label} cannot be played: ${error}.`);
    const name = file ?? 'imported weights';
    return { label, name, config: { ...game, weights }, imported: weights };
  }

  /** The engine's refusal `err` of what `set` plays or of the form, in the page's words. */
  function refusal(err, set) {
    let text = message(err);
    for (const [name, label] of OPTION_LABELS) {
      if (text.startsWith(`${name} `)) return `${label}${text.slice(name.length)}`;
    }
    if (set.imported && text.startsWith('config.weights')) {
      text = weightsRefusal(text.replace(/^config\./, ''), set.imported);
      return `Weights ${set.label} (${set.name}) were refused: ${text}.`;
    }
    return text;
  }

  /** Shows that `done` of `total` jobs are played, `playing` playing now. */
  function showProgress(done, total, playing, doneOfSet, jobs, job) {
    el.progress.max = total;
    el.progress.value = done;
    const left = pace.left('benchmark', done, total);
    el.status.textContent =
      `Weights ${playing.label} (${playing.name}): ${doneOfSet} of ${count(jobs, job)}` +
      (Number.isFinite(left) ? ` · about ${seconds(left)} left` : '');
  }

  /** What the results are of: the rules, board and search, the seeds, and the cap or effort. */
  function describe({ kind, options, a }, elapsed) {
    const { rules, width, height, search } = a.config;
    const last = gameSeed(options.seed, MEASURES[kind].jobs(options) - 1);
    const grouped = (x) => x.toLocaleString('en');
    let effort = '';
    if (kind === 'survival') {
      effort =
        `; replicates from seeds ${options.seed} to ${last}, each a long run of ` +
        `${grouped(options.runPieces)} pieces and ${grouped(options.trials)} branches per level`;
    } else {
      const cap =
        options.maxPieces === undefined
          ? ''
          : `, at most ${grouped(options.maxPieces)} pieces a game`;
      effort = `; seeds ${options.seed} to ${last}${cap}`;
    }
    return (
      `${rulesName(rules, limits.rules)} rules, ${width}×${height} board, depth ` +
      `${search.depth}${effort}. Played in ${seconds(elapsed)} on the ${app.build} build.`
    );
  }

  function cell(tag, text) {
    const made = document.createElement(tag);
    made.textContent = text;
    if (tag === 'th') made.scope = 'row';
    return made;
  }

  function showTable({ kind, options, a, b }) {
    el['head-a'].textContent = `A: ${a.name}`;
    el['head-b'].textContent = b ? `B: ${b.name}` : '';
    el['head-b'].hidden = !b;
    const rows =
      kind === 'survival'
        ? SURVIVAL_ROWS
        : BENCHMARK_ROWS.filter(([label]) => label !== CAPPED || options.maxPieces !== undefined);
    el.body.replaceChildren(
      ...rows.map(([label, value, digits]) => {
        const row = document.createElement('tr');
        row.append(cell('th', label), cell('td', decimals(value(a.result), digits)));
        if (b) row.append(cell('td', decimals(value(b.result), digits)));
        return row;
      }),
    );
  }

  /** Two survival estimates compared, and what it means where a set saw no game end. */
  function showEstimates({ a, b, difference }) {
    const labelled = [{ label: 'A', ...a }, ...(b ? [{ label: 'B', ...b }] : [])];
    const note = unseenNote(labelled);
    el.difference.hidden = !difference && !note;
    el.verdict.hidden = !difference;
    if (note) {
      el.difference.textContent = note;
    } else if (difference) {
      const { mean, error, low, high } = difference;
      el.difference.textContent =
        mean === null
          ? 'A − B: no interval without a standard error of each estimate.'
          : `A − B, estimate against estimate: ${signed(mean)} lines per game; standard ` +
            `error ${figure(error)}, 95% interval ${signed(low)} to ${signed(high)} (normal ` +
            'approximation).';
    }
    if (difference) el.verdict.textContent = survivalVerdict(difference);
  }

  function showDifference(shown) {
    if (shown.kind === 'survival') {
      showEstimates(shown);
      return;
    }
    const { difference } = shown;
    el.difference.hidden = !difference;
    el.verdict.hidden = !difference;
    if (!difference) return;
    const { games, mean, low, high } = difference;
    el.difference.textContent =
      games > 1
        ? `A − B, game by game: ${signed(mean)} lines on average; 95% interval ` +
          `${signed(low)} to ${signed(high)} (normal approximation).`
        : `A − B over one game: ${signed(mean)} lines; play more games for an interval.`;
    el.verdict.textContent = verdict(difference);
  }

  /** The histogram of the lines per game of each set shown, side by side. */
  function drawChart({ a, b }) {
    const shown = b ? [a, b] : [a];
    const { starts, width, counts } = bins(shown.map((set) => set.result.game_lines));
    const range = (i) =>
      `${starts[i].toLocaleString('en')}–${(starts[i] + width - 1).toLocaleString('en')}`;
    const labels = b ? ['A', 'B'] : ['A'];
    chart?.destroy();
    chart = new uPlot(
      {
        width: Math.max(240, el.chart.clientWidth || 340),
        height: CHART_HEIGHT,
        scales: {
          x: { time: false, range: [starts[0], starts.at(-1) + width] },
          y: { range: (u, min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          { stroke: '#8b97aa', grid: { stroke: '#243044' }, label: 'lines per game' },
          { stroke: '#8b97aa', grid: { stroke: '#243044' }, size: 48, label: 'games' },
        ],
        series: [
          { label: 'lines', value: (u, x, s, i) => (i == null ? '' : range(i)) },
          ...labels.map((label, s) => ({
            label: `${label}: ${shown[s].name}`,
            value: (u, games) => (games == null ? '' : count(games, 'game')),
            stroke: COLORS[label],
            fill: `${COLORS[label]}aa`,
            paths: uPlot.paths.bars({
              size: [b ? 0.45 : 0.9, Infinity],
              align: b ? [-1, 1][s] : 0,
            }),
            points: { show: false },
          })),
        ],
      },
      [starts.map((start) => start + width / 2), ...counts],
      el.chart,
    );
  }

  function show(shown, elapsed) {
    report = shown;
    el.results.hidden = false;
    el.played.textContent = describe(shown, elapsed);
    showTable(shown);
    showDifference(shown);
    const games = shown.kind === 'benchmark';
    el.chart.hidden = !games;
    el.csv.hidden = !games;
    if (games) drawChart(shown);
  }

  async function run() {
    showError('');
    const kind = el.kind.value;
    const { play, job, jobs: jobsOf } = MEASURES[kind];
    let options;
    let sets;
    try {
      options = formOptions(kind);
      sets = [weightSet('A', options.seed)];
      if (el.compare.checked) sets.push(weightSet('B', options.seed));
    } catch (err) {
      showError(message(err));
      return;
    }
    controller = new AbortController();
    const { signal } = controller;
    setRunning(true);
    el.results.hidden = true;
    report = null;
    pace.restart();
    const jobs = jobsOf(options);
    const total = jobs * sets.length;
    let done = 0;
    let playing = sets[0];
    const started = performance.now();
    try {
      // Imported weights are checked first, so that B's are not refused after A's games.
      const imported = sets.filter((set) => set.imported);
      if (imported.length > 0) el.status.textContent = 'Checking the imported weights…';
      for (const set of imported) {
        playing = set;
        const check = { games: 1, maxPieces: 1, workers: 1, threads: 1, build: app.build };
        await benchmark(set.config, { ...check, signal });
      }
      const results = [];
      for (const set of sets) {
        playing = set;
        const before = results.length * jobs;
        const result = await play(set.config, {
          ...options,
          build: app.build,
          signal,
          onProgress: (heard) => {
            done = before + heard.done;
            showProgress(done, total, set, heard.done, jobs, job);
          },
        });
        results.push({ name: set.name, config: set.config, result });
      }
      const [a, b = null] = results;
      let difference = null;
      if (b && kind === 'survival') difference = estimateDifference(a.result, b.result);
      else if (b) difference = pairedDifference(a.result.game_lines, b.result.game_lines);
      show({ kind, options, a, b, difference }, (performance.now() - started) / 1000);
      el.status.textContent = `Done: ${count(total, job)} played.`;
      el.progress.value = el.progress.max;
    } catch (err) {
      if (err?.name === 'AbortError') {
        el.status.textContent = `Cancelled after ${done} of ${count(total, job)}: nothing to show.`;
      } else {
        el.status.textContent = '';
        showError(refusal(err, playing));
      }
    } finally {
      controller = null;
      setRunning(false);
    }
  }

  el.run.addEventListener('click', run);
  el.cancel.addEventListener('click', () => controller?.abort());
  el.csv.addEventListener('click', () => {
    if (report?.kind === 'benchmark') {
      saveText(fileName(report, 'csv'), csvText(report), 'text/csv');
    }
  });
  el.json.addEventListener('click', () => {
    if (report) saveJson(fileName(report, 'json'), jsonText(report));
  });
  window.addEventListener('resize', () => {
    if (chart) chart.setSize({ width: Math.max(240, el.chart.clientWidth), height: CHART_HEIGHT });
  });

  return {
    /** Whether a benchmark runs. */
    get running() {
      return controller !== null;
    },
    /** The results shown, as exported (see benchmark-export.js), or null. */
    get report() {
      return report;
    },
  };
}
