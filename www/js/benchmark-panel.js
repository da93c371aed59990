// The Benchmark panel: a measurement (see lib/measurement-kinds.js) of one weight set (the
// current weights, a preset, or weights imported as JSON) under the rules, board and search depth
// of the settings, with a progress bar, the time left and Cancel; its result, and two weight sets
// compared on the same seeds, shown and exported by the kind's report view. Whole games
// (benchmark-report.js): the statistics of the lines cleared, worked out by the engine as
// `tetris-ai bench` works them out, a histogram and a paired difference. For games too long to
// play out, a survival estimate (survival-report.js), as `tetris-ai survival` makes it. The
// form's fields, the table, the comparison and the exports are the kind's; nothing here names a
// kind but the weights' quick check.

import { benchmark, measure } from '../tetris-ai.js';
import { count } from '../lib/count.js';
import { $, message } from '../lib/dom.js';
import { MEASUREMENT_KINDS } from '../lib/measurement-kinds.js';
import { fileName, gameSeed, jsonText } from './benchmark-export.js';
import { CHART_HEIGHT } from './benchmark-report.js';
import { openFileWith, saveJson, saveText } from './files.js';
import { Pace, seconds } from './pace.js';
import { weightsRefusal } from './refusals.js';
import { rulesName } from './rules.js';
import { entryShown, rangeMessage } from './values.js';
import { readWeights } from './weights-json.js';

/** What the form's first seed holds on a first visit. */
const FIRST_SEED = 0;

/** A figure of the table with `digits` decimals (grouped thousands); "–" for none. */
function decimals(x, digits) {
  return x == null
    ? '–'
    : x.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * The element id of the field of `option` of the measurement `kind`: `bench-`, the kind and the
 * option's name in kebab case (two kinds may both ask for `games`).
 */
function fieldId(kind, option) {
  return `bench-${kind}-${option.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * The report view of each kind: its module in www/js, loading as the panel's module loads (a
 * failure shows when a measurement of the kind runs).
 */
const views = new Map(
  Object.entries(MEASUREMENT_KINDS).map(([kind, { report }]) => {
    const loading = import(`./${report}`);
    loading.catch(() => {});
    return [kind, loading];
  }),
);

/** The report view of `kind`. */
function reportView(kind) {
  return views.get(kind);
}

/**
 * Builds and binds the panel. `app`: `settings` (the page's, read when a benchmark starts),
 * `config()` (the game configuration they play, as the engine resolved them), `engine`
 * (`{limits, presets}`) and `build` (the build benchmarks run on).
 */
export function createBenchmarkPanel(app) {
  const el = Object.fromEntries(
    [
      'setup',
      'compare',
      'b-side',
      'kind',
      'notes',
      'fields',
      'seed',
      'run',
      'cancel',
      'error',
      'live',
      'progress',
      'status',
      'results',
      'played',
      'head',
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

  el.seed.value = FIRST_SEED;
  el.seed.max = limits.seed.max;

  /** The note of `kind` (its `code` spans written between backticks), shown once it is chosen. */
  function addNote(kind, note) {
    const said = document.createElement('p');
    said.className = 'note';
    said.id = `bench-${kind}-note`;
    said.append(
      ...note.split('`').map((text, i) => {
        if (i % 2 === 0) return text;
        const code = document.createElement('code');
        code.textContent = text;
        return code;
      }),
    );
    el.notes.append(said);
  }

  /** The fields of `kind`, each bounded by the engine's limits, shown once it is chosen. */
  function addFields(kind, fields) {
    const group = document.createElement('div');
    group.id = `bench-${kind}-fields`;
    for (const field of fields) {
      const { min, max, default: fallback } = field.limits(limits);
      const label = document.createElement('label');
      label.className = 'row';
      const name = document.createElement('span');
      name.textContent = field.label;
      const input = document.createElement('input');
      Object.assign(input, { type: 'number', id: fieldId(kind, field.option), min, max, step: 1 });
      input.value = field.start ?? fallback;
      if (field.placeholder) input.placeholder = field.placeholder;
      label.append(name, ' ', input);
      group.append(label);
    }
    el.fields.append(group);
  }

  // Each kind's choice, note and fields, from the table, in the order it lists them.
  for (const [kind, { title, note, fields }] of Object.entries(MEASUREMENT_KINDS)) {
    const choice = document.createElement('option');
    choice.value = kind;
    choice.textContent = title;
    el.kind.append(choice);
    if (note) addNote(kind, note);
    addFields(kind, fields);
  }

  /** Shows B's choice when the comparison is asked for; B starts as another preset. */
  function showB() {
    el['b-side'].hidden = !el.compare.checked;
    const other = presets.find((p) => p.name !== app.settings.preset);
    if (el.compare.checked && sides.B.select.value === 'current' && other) {
      sides.B.select.value = `preset:${other.name}`;
    }
  }
  el.compare.addEventListener('change', showB);

  /**
   * Shows the note and fields of the measurement chosen; one where A plays B always has B, so the
   * comparison is on and cannot be turned off while it is chosen.
   */
  function showKind() {
    for (const kind of Object.keys(MEASUREMENT_KINDS)) {
      const hidden = kind !== el.kind.value;
      $(`bench-${kind}-fields`).hidden = hidden;
      const note = document.getElementById(`bench-${kind}-note`);
      if (note) note.hidden = hidden;
    }
    const paired = Boolean(MEASUREMENT_KINDS[el.kind.value].opponent);
    if (paired) el.compare.checked = true;
    el.compare.dataset.paired = paired;
    el.compare.disabled = paired;
    showB();
  }
  el.kind.addEventListener('change', showKind);
  showKind();

  let controller = null;
  let chart = null;
  /** The results shown: `{kind, options, a, b, difference}` (see benchmark-export.js), or null. */
  let report = null;
  /** Their kind's report view. */
  let shownView = null;
  const pace = new Pace();

  function showError(text) {
    el.error.textContent = text;
    el.error.hidden = !text;
  }

  function setRunning(running) {
    for (const input of el.setup.querySelectorAll('input, select, textarea, button')) {
      input.disabled = running || input.dataset.paired === 'true';
    }
    el.run.disabled = running;
    el.cancel.disabled = !running;
    el.live.hidden = false;
  }

  /** The form's options of a measurement of `kind`, as `measure()` takes them; a bad one throws in plain words. */
  function formOptions(kind) {
    const read = (input, label) => {
      const text = input.value.trim();
      if (text === '') throw new Error(`${label} must be a whole number, got ${entryShown(input)}`);
      return Number(text);
    };
    const seed = read(el.seed, 'First seed');
    const range = [limits.seed.min, limits.seed.max];
    if (!Number.isSafeInteger(seed) || seed < range[0] || seed > range[1]) {
      throw new Error(rangeMessage('First seed', range, seed));
    }
    const options = {};
    for (const { option, label, called, placeholder } of MEASUREMENT_KINDS[kind].fields) {
      const input = $(fieldId(kind, option));
      // An empty field with a placeholder ("no cap") is left out.
      if (!(placeholder && input.value.trim() === ''))
        options[option] = read(input, called ?? label);
    }
    return { ...options, seed };
  }

  /**
   * What weight set `label` ("A" or "B") plays: `{label, name, config, imported}`, its game
   * configuration from the settings' rules, board and search, with the first seed `seed`.
   * Imported JSON that holds no weights throws, saying why.
   */
  function weightSet(label, seed) {
    const { select, json, file } = sides[label];
    const config = { ...app.config(), seed };
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
  function refusal(err, set, kind) {
    let text = message(err);
    const labels = [
      ['seed', 'First seed'],
      ...MEASUREMENT_KINDS[kind].fields.map((f) => [f.option, f.called ?? f.label]),
    ];
    for (const [option, label] of labels) {
      const name = `options.${option}`;
      if (text.startsWith(`${name} `)) return `${label}${text.slice(name.length)}`;
    }
    if (set.imported && text.startsWith('config.weights')) {
      text = weightsRefusal(text.replace(/^config\./, ''), set.imported);
      return `Weights ${set.label} (${set.name}) were refused: ${text}.`;
    }
    return text;
  }

  /** Shows that `done` of `total` jobs are played, `playing` playing now. */
  function showProgress(done, total, playing, doneOfSet, jobs, kind) {
    el.progress.max = total;
    el.progress.value = done;
    const left = pace.left('benchmark', done, total);
    const { job, jobs: plural, opponent } = MEASUREMENT_KINDS[kind];
    const who = opponent ? 'A against B' : `Weights ${playing.label} (${playing.name})`;
    el.status.textContent =
      `${who}: ${doneOfSet} of ${count(jobs, job, plural)}` +
      (Number.isFinite(left) ? ` · about ${seconds(left)} left` : '');
  }

  /** What the results are of: the rules, board and search, the seeds, and the effort. */
  function describe({ kind, options, a }, view, elapsed) {
    const { rules, width, height, search } = a.config;
    const last = gameSeed(options.seed, options[MEASUREMENT_KINDS[kind].count] - 1);
    return (
      `${rulesName(rules, limits.rules)} rules, ${width}×${height} board, depth ` +
      `${search.depth}; ${view.effort(options, last)}. Played in ${seconds(elapsed)} on the ` +
      `${app.build} build.`
    );
  }

  function cell(tag, text) {
    const made = document.createElement(tag);
    made.textContent = text;
    if (tag === 'th') made.scope = 'row';
    return made;
  }

  function showTable({ options, a, b }, view) {
    el.head.textContent = view.heading;
    el['head-a'].textContent = `A: ${a.name}`;
    el['head-b'].textContent = b ? `B: ${b.name}` : '';
    el['head-b'].hidden = !b;
    el.body.replaceChildren(
      ...view.rows(options).map(([label, value, digits]) => {
        const row = document.createElement('tr');
        row.append(cell('th', label), cell('td', decimals(value(a.result), digits)));
        if (b) row.append(cell('td', decimals(value(b.result), digits)));
        return row;
      }),
    );
  }

  /** The comparison of A and B, or what the kind says of one set alone. */
  function showComparison({ a, b, difference }, view) {
    const sets = [{ label: 'A', ...a }, ...(b ? [{ label: 'B', ...b }] : [])];
    const { text, verdict } = view.comparison(difference, sets);
    el.difference.hidden = !text;
    el.difference.textContent = text;
    el.verdict.hidden = !verdict;
    el.verdict.textContent = verdict ?? '';
  }

  function show(shown, view, elapsed) {
    report = shown;
    shownView = view;
    el.results.hidden = false;
    el.played.textContent = describe(shown, view, elapsed);
    showTable(shown, view);
    showComparison(shown, view);
    el.chart.hidden = !view.draw;
    chart?.destroy();
    chart = view.draw ? view.draw(el.chart, shown) : null;
    el.csv.hidden = !view.files.includes('csv');
    el.json.hidden = !view.files.includes('json');
  }

  /**
   * The results of `sets` from measuring `kind` with `options`: each set measured alone, or, for
   * a kind where A plays B, one measurement of A against B split into the two sides' results.
   * `onProgress(before, heard)` hears each measurement's progress, `before` the jobs of the
   * measurements before it.
   */
  async function measureSets(kind, view, sets, options, onProgress) {
    const runOptions = (before) => ({
      ...options,
      build: app.build,
      onProgress: (heard) => onProgress(before, heard),
    });
    if (MEASUREMENT_KINDS[kind].opponent) {
      const [a, b] = sets;
      const series = await measure(kind, a.config, { ...runOptions(0), opponent: b.config });
      return view.sides(series).map((result, i) => ({ ...sets[i], result }));
    }
    const results = [];
    for (const set of sets) {
      const before = results.length * options[MEASUREMENT_KINDS[kind].count];
      results.push({ ...set, result: await measure(kind, set.config, runOptions(before)) });
    }
    return results;
  }

  async function run() {
    showError('');
    const kind = el.kind.value;
    const { job, jobs: plural, count: counted, opponent } = MEASUREMENT_KINDS[kind];
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
    // The results shown so far stay, out of sight, until new ones replace them: a run cancelled
    // or refused shows them again.
    const previous = report;
    el.results.hidden = true;
    report = null;
    const restore = () => {
      report = previous;
      el.results.hidden = !previous;
      return previous ? '; the results below are the previous ones' : ': nothing to show';
    };
    pace.restart();
    const jobs = options[counted];
    const total = opponent ? jobs : jobs * sets.length;
    let done = 0;
    let playing = sets[0];
    const started = performance.now();
    try {
      const view = await reportView(kind);
      // Imported weights are checked first, so that B's are not refused after A's games.
      const imported = sets.filter((set) => set.imported);
      if (imported.length > 0) el.status.textContent = 'Checking the imported weights…';
      for (const set of imported) {
        playing = set;
        const check = { games: 1, maxPieces: 1, workers: 1, threads: 1, build: app.build };
        await benchmark(set.config, { ...check, signal });
      }
      const measured = await measureSets(
        kind,
        view,
        sets,
        { ...options, signal },
        (before, heard) => {
          playing = sets[before / jobs];
          done = before + heard.done;
          showProgress(done, total, playing, heard.done, jobs, kind);
        },
      );
      const [a, b = null] = measured.map(({ name, config, result }) => ({ name, config, result }));
      const difference = b ? view.compare(a.result, b.result) : null;
      show({ kind, options, a, b, difference }, view, (performance.now() - started) / 1000);
      el.status.textContent = `Done: ${count(total, job, plural)} played.`;
      el.progress.value = el.progress.max;
    } catch (err) {
      const shown = restore();
      if (err?.name === 'AbortError') {
        el.status.textContent = `Cancelled after ${done} of ${count(total, job, plural)}${shown}.`;
      } else {
        el.status.textContent = previous ? 'The results below are the previous ones.' : '';
        showError(refusal(err, playing, kind));
      }
    } finally {
      controller = null;
      setRunning(false);
    }
  }

  el.run.addEventListener('click', run);
  el.cancel.addEventListener('click', () => controller?.abort());
  el.csv.addEventListener('click', () => {
    if (report && shownView.csvText) {
      saveText(fileName(report, 'csv'), shownView.csvText(report), 'text/csv');
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
