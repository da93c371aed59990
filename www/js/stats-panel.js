// The statistics panel: the current game's rates (lines per minute, pieces per second over the
// time it was played, and the accuracy of the pieces placed by hand), a chart of its lines
// against its pieces, and the history of past games with the best and the average of those like
// it.

import uPlot from '../vendor/uPlot.esm.js';
import { ACCURACY_MEANS, accuracyText, isAccurate } from './accuracy.js';
import { clearHistory, loadHistory, MAX_GAMES, playerOf, saveHistory, summary } from './history.js';
import { count } from '../lib/count.js';
import { $ } from '../lib/dom.js';
import { raceTitle } from './match-replay.js';
import { createRecorder } from './recorder.js';
import { rulesName } from './rules.js';

/** How often the rates and the chart are brought up to date, in ms. */
const REFRESH_MS = 500;
/** The most points the chart keeps; past it every other point is dropped. */
const MAX_POINTS = 2000;
/** Past games listed in the table, newest first. */
const SHOWN_GAMES = 10;
const CHART_HEIGHT = 150;

/** A duration in ms as m:ss (or h:mm:ss). */
function clock(ms) {
  const seconds = Math.floor(ms / 1000);
  const pad = (n) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A rate with one decimal, or – before any time has passed. */
function rate(count, ms, per) {
  return ms > 0 ? ((count * per) / ms).toFixed(1) : '–';
}

/** "guideline 10×20", "classic (preview 1, bag pieces) 10×20". */
function kindOf(game) {
  return `${game.rules} ${game.width}×${game.height}`;
}

/**
 * Who played a past game, with the accuracy of the pieces placed by hand where any were rated:
 * "AI (du)", "you, 67% accurate", "you (race), 80% accurate".
 */
function playerText(game) {
  if (game.player === 'AI') return `AI (${game.preset})`;
  const who = game.player + (game.race ? ' (race)' : '');
  return game.rated ? `${who}, ${accuracyText(game.accurate, game.rated)} accurate` : who;
}

/**
 * Follows the games of `element` (a `<tetris-ai>`) and fills the panel's elements: `#rate-lpm`,
 * `#rate-pps`, `#rate-time`, `#rate-accuracy`, `#accuracy-means`, `#game-chart`,
 * `#history-summary`, `#history-body`, `#history-clear`, `#history-error`. A game is recorded
 * under the rules it played, by their name among `namedRules` (the engine's `limits().rules`)
 * where they are one of those (see rules.js), with its recording (see recorder.js). A past game
 * with a recording opens its replay with `openReplay(text, about)` when its row is clicked, or
 * Enter or Space pressed on it.
 */
export function createStatsPanel(element, namedRules, openReplay = null) {
  const el = {
    lpm: $('rate-lpm'),
    pps: $('rate-pps'),
    time: $('rate-time'),
    accuracy: $('rate-accuracy'),
    chart: $('game-chart'),
    summary: $('history-summary'),
    body: $('history-body'),
    clear: $('history-clear'),
    error: $('history-error'),
  };
  $('accuracy-means').textContent = `Accuracy: ${ACCURACY_MEANS}.`;
  const recorder = createRecorder(element);
  const loaded = loadHistory();
  let games = loaded.games;
  showError(loaded.problem && `Past games: ${loaded.problem}; they are left as they were.`);

  /** The game being played: its kind, counts, playing time and chart points. */
  let current = null;
  let chart = null;
  let dirty = true;
  let lastTick = performance.now();

  function showError(text) {
    el.error.textContent = text || '';
    el.error.hidden = !text;
  }

  function startTracking() {
    const [width, height] = element.board;
    current = {
      // The rules the game plays (a preset's published ones with `as-published`).
      rules: rulesName(element.rulesInPlay, namedRules),
      width,
      height,
      seed: element.seed,
      preset: element.preset || 'custom',
      lines: 0,
      pieces: 0,
      score: 0,
      aiPieces: 0,
      ownPieces: 0,
      // The pieces placed by hand that the coach rated, and the accurate ones among them.
      rated: 0,
      accurate: 0,
      playedMs: 0,
      // Whether it is the player's game of a race against the AI (see race-panel.js), and the
      // race's two games as a replay once it has ended (see match-replay.js).
      race: false,
      match: undefined,
      // The game's entry in the history, once recorded.
      entry: null,
      over: false,
      recorded: false,
      x: [0],
      y: [0],
    };
    recorder.restart();
    dirty = true;
  }

  /**
   * Adds the current game to the history, once, if a piece was placed. A game that ended gets
   * its whole recording a moment later, in place of the latest one.
   */
  function record(ended) {
    if (!current || current.recorded || current.pieces === 0) return;
    current.recorded = true;
    const entry = {
      at: new Date().toISOString(),
      rules: current.rules,
      width: current.width,
      height: current.height,
      seed: current.seed,
      player: playerOf(current.aiPieces, current.ownPieces),
      preset: current.preset,
      lines: current.lines,
      pieces: current.pieces,
      score: current.score,
      rated: current.rated,
      accurate: current.accurate,
      seconds: Math.round(current.playedMs / 1000),
      ended,
      race: current.race,
      replay: recorder.recording(current.pieces),
      match: current.match,
    };
    current.entry = entry;
    games.push(entry);
    games = games.slice(-MAX_GAMES);
    showError(saveHistory(games));
    showHistory();
    if (ended === 'over') {
      recorder.ended(current.pieces).then((replay) => {
        if (!replay || !games.includes(entry)) return;
        entry.replay = replay;
        showError(saveHistory(games));
        showHistory();
      });
    }
  }

  function addPoint(pieces, lines) {
    current.x.push(pieces);
    current.y.push(lines);
    if (current.x.length > MAX_POINTS) {
      current.x = current.x.filter((_, i) => i % 2 === 0 || i === current.x.length - 1);
      current.y = current.y.filter((_, i) => i % 2 === 0 || i === current.y.length - 1);
    }
  }

  element.addEventListener('newgame', () => {
    record('stopped');
    startTracking();
    showHistory();
  });
  element.addEventListener('piece', (event) => {
    if (!current) return;
    const { stats, rating } = event.detail;
    if (element.autoplay) current.aiPieces += 1;
    else current.ownPieces += 1;
    if (rating) {
      current.rated += 1;
      if (isAccurate(rating)) current.accurate += 1;
    }
    if (stats.lines !== current.lines) addPoint(stats.pieces, stats.lines);
    current.pieces = stats.pieces;
    current.lines = stats.lines;
    current.score = stats.score;
    dirty = true;
  });
  element.addEventListener('gameover', (event) => {
    if (!current) return;
    const { stats } = event.detail;
    Object.assign(current, { pieces: stats.pieces, lines: stats.lines, score: stats.score });
    addPoint(stats.pieces, stats.lines);
    current.over = true;
    record('over');
    dirty = true;
  });
  // A reload or a closed tab ends the game being played: it is kept as stopped.
  window.addEventListener('pagehide', () => record('stopped'));
  el.clear.addEventListener('click', () => {
    games = [];
    clearHistory();
    showError(null);
    showHistory();
  });

  /** Counts the time the game is played: not paused, not over, and the tab in view. */
  function tick() {
    const now = performance.now();
    if (current && !current.over && !element.paused && document.visibilityState === 'visible') {
      current.playedMs += now - lastTick;
      dirty = true;
    }
    lastTick = now;
    if (dirty) showCurrent();
  }

  function showCurrent() {
    dirty = false;
    if (!current) return;
    el.lpm.textContent = rate(current.lines, current.playedMs, 60_000);
    el.pps.textContent = rate(current.pieces, current.playedMs, 1000);
    el.time.textContent = clock(current.playedMs);
    el.accuracy.textContent = accuracyText(current.accurate, current.rated);
    el.accuracy.title = current.rated
      ? `${current.accurate} of ${count(current.rated, 'piece')} placed by hand`
      : 'No piece placed by hand yet';
    drawChart();
  }

  function drawChart() {
    const width = el.chart.clientWidth;
    if (!width) return;
    const x = [...current.x];
    const y = [...current.y];
    if (x[x.length - 1] !== current.pieces) {
      x.push(current.pieces);
      y.push(current.lines);
    }
    el.chart.setAttribute(
      'aria-label',
      `Lines against pieces in this game: ${count(current.lines, 'line')} after ` +
        count(current.pieces, 'piece'),
    );
    if (!chart) {
      const axis = { stroke: '#a3aec0', grid: { stroke: '#243044' } };
      chart = new uPlot(
        {
          width,
          height: CHART_HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false } },
          axes: [
            { ...axis, label: 'pieces' },
            { ...axis, label: 'lines', size: 50 },
          ],
          series: [{}, { label: 'lines', stroke: '#5aa9ff', width: 2, points: { show: false } }],
        },
        [x, y],
        el.chart,
      );
    } else {
      if (chart.width !== width) chart.setSize({ width, height: CHART_HEIGHT });
      chart.setData([x, y]);
    }
  }

  function showHistory() {
    const like = current && {
      rules: current.rules,
      width: current.width,
      height: current.height,
      player: element.autoplay ? 'AI' : 'you',
    };
    const stats = like && summary(games, like);
    const who = like && (like.player === 'AI' ? 'The AI' : 'You');
    el.summary.textContent = !games.length
      ? 'No games finished yet.'
      : !like
        ? `${count(games.length, 'past game')}.`
        : stats
          ? `${who} on ${kindOf(like)}: best ${count(stats.best, 'line')}, average ` +
            `${stats.average.toFixed(1)} over ${count(stats.count, 'game')}.`
          : `${count(games.length, 'past game')}; none yet by ` +
            `${who === 'You' ? 'you' : 'the AI'} on ${kindOf(like)}.`;
    const rows = games
      .slice(-SHOWN_GAMES)
      .reverse()
      .map((game) => {
        const row = document.createElement('tr');
        const when = new Date(game.at);
        const cells = [
          Number.isNaN(when.getTime())
            ? ''
            : when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
          kindOf(game),
          playerText(game),
          String(game.lines),
          String(game.pieces),
          game.ended === 'over' ? 'game over' : 'stopped',
        ];
        // Where the card has no room for the "At" column, the row still tells when on hover.
        if (cells[0]) row.title = `Played at ${when.toLocaleString()}`;
        for (const text of cells) {
          const cell = document.createElement('td');
          cell.textContent = text;
          row.append(cell);
        }
        if ((game.match || game.replay) && openReplay) replayable(row, game);
        return row;
      });
    el.body.replaceChildren(...rows);
    el.clear.disabled = !games.length;
  }

  /**
   * Makes `row` open the replay of `game` (of its race's two games, where it has one): clicked, or
   * Enter or Space pressed on it.
   */
  function replayable(row, game) {
    const about = game.match
      ? raceTitle(game.match)
      : game.player === 'AI'
        ? "The AI's game"
        : game.player === 'you'
          ? 'Your game'
          : 'Your game with the AI';
    const open = () => openReplay(JSON.stringify(game.match ?? game.replay), about);
    row.classList.add('replayable');
    row.tabIndex = 0;
    row.title = `${row.title ? `${row.title}. ` : ''}Click, or press Enter, to replay this game`;
    row.addEventListener('click', open);
    row.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      open();
    });
  }

  showHistory();
  setInterval(tick, REFRESH_MS);
  return {
    /** Updates the summary when the player changes (the AI switched on or off). */
    refresh: showHistory,
    /** Marks the game being played as the player's game of a race, in the history too. */
    markRace() {
      if (current) current.race = true;
    },
    /**
     * Keeps `match`, the replay of a race that ended (see match-replay.js), with the player's
     * game of that race: the one being played, or the past game of the race's seed.
     */
    keepMatch(match) {
      const seed = match.sides[0].config.seed;
      const playing = current?.race && current.seed === seed;
      if (playing) current.match = match;
      const entry = playing
        ? current.entry
        : games.findLast((game) => game.race && game.seed === seed);
      if (!entry) return;
      entry.match = match;
      showError(saveHistory(games));
      showHistory();
    },
  };
}
