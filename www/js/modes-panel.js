// The goal modes: a 40-line sprint, an ultra and a marathon, played by hand on the page's board
// after a countdown. A game of the player's own in a mode (no AI took it over) is measured
// against the personal best of its mode, rules and board (bests.js), kept in the browser; and
// the AI plays the same pieces in a worker, to compare ("the AI cleared these 40 lines in 101
// pieces"). The clock is the game's frames (see lib/modes.js).

import { createGame } from '../tetris-ai.js';
import { randomSeed } from '../lib/attributes.js';
import { count } from '../lib/count.js';
import { RestartCountdown } from '../lib/countdown.js';
import { $, message } from '../lib/dom.js';
import { clockText, endText, piecesPerSecond } from '../lib/modes.js';
import { beats, bestKey, clearBests, counts, loadBests, resultOf, saveBests } from './bests.js';

/** The countdown before a mode's game starts, in ms. */
const COUNTDOWN_MS = 3000;

/** Each goal mode's name and goal, in words, from the engine's goals `g`. */
function modeWords(g) {
  const minutes = g.ultra_frames / g.frames_per_second / 60;
  return {
    sprint: {
      name: `${g.sprint_lines}-line sprint`,
      goal: `Clear ${g.sprint_lines} lines as fast as you can.`,
    },
    ultra: {
      name: 'Ultra',
      goal: `The most points in ${count(minutes, 'minute')}.`,
    },
    marathon: {
      name: 'Marathon',
      goal:
        `${g.marathon_levels} levels of ${g.lines_per_level} lines, the pieces falling faster ` +
        'at each.',
    },
  };
}

/** A best of `mode` in words: a sprint's time, else its points. */
function bestText(mode, best, goals) {
  return mode === 'sprint' ? clockText(best.frames, goals) : count(best.score, 'point');
}

/**
 * What the AI's game on the same pieces, `ai` (its statistics), says beside the player's,
 * `yours`, in `mode`.
 */
function referenceText(mode, ai, yours, goals) {
  if (mode === 'sprint') {
    return ai.finished
      ? `The AI cleared these ${goals.sprint_lines} lines in ${count(ai.pieces, 'piece')}; ` +
          `you took ${yours.pieces}.`
      : `The AI did not clear these ${goals.sprint_lines} lines: it stopped at ` +
          `${count(ai.lines, 'line')}.`;
  }
  if (mode === 'ultra') {
    return (
      `In as many pieces (${ai.pieces}), the AI scored ${count(ai.score, 'point')} on the same ` +
      `pieces; you scored ${yours.score}.`
    );
  }
  return ai.finished
    ? `The AI finished this marathon with ${count(ai.score, 'point')} in ` +
        `${count(ai.pieces, 'piece')}; you scored ${yours.score}.`
    : `The AI stopped at level ${ai.level} with ${count(ai.score, 'point')}; ` +
        `you scored ${yours.score}.`;
}

/**
 * The modes panel over the page's `<tetris-ai>` element `element`, in the page's elements
 * `#mode-choice`, `#mode-start`, `#mode-endless`, `#mode-status`, `#mode-clock-note`,
 * `#mode-result`, `#mode-reference`, `#bests-where`, `#bests-body`, `#bests-clear`,
 * `#bests-error` and `#race-count` (over the board). `page`: `restart(patch)` (starts the page's
 * game with its settings changed by `patch`; resolves to whether it did), `settings` (the
 * page's settings), `config()` (the engine's configuration of the game in play), `goals` (the
 * engine's `limits().modes`) and `build`. Returns a handle for tests: `run` (the mode's game
 * being measured: `{mode, seed, mine}`, or null), `result` (the last one measured) and
 * `reference` (the AI's game on its pieces, once played).
 */
export function createModesPanel(element, page) {
  const { goals } = page;
  const words = modeWords(goals);
  const el = Object.fromEntries(
    [
      'mode-choice',
      'mode-start',
      'mode-endless',
      'mode-status',
      'mode-clock-note',
      'mode-result',
      'mode-reference',
      'bests-where',
      'bests-body',
      'bests-clear',
      'bests-error',
      'race-count',
    ].map((id) => [id, $(id)]),
  );
  const loaded = loadBests();
  let bests = loaded.bests;
  /** The game being measured, or null: `{mode, seed, mine}`. */
  let run =
    element.mode !== 'endless' && !element.autoplay
      ? { mode: element.mode, seed: element.seed, mine: true }
      : null;
  let result = null;
  let reference = null;
  /** Counts the AI's reference games: only the last one's answer is shown. */
  let references = 0;

  const countdown = new RestartCountdown({
    ms: COUNTDOWN_MS,
    tick: () => {
      element.pause();
      el['race-count'].textContent = String(countdown.secondsLeft());
    },
    end: () => {
      el['race-count'].hidden = true;
      element.resume();
      element.focus({ preventScroll: true });
    },
  });

  el['mode-choice'].replaceChildren(
    ...Object.entries(words).map(([mode, { name, goal }], i) => {
      const label = document.createElement('label');
      label.className = 'mode-option';
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'mode';
      input.value = mode;
      input.checked = i === 0;
      const title = document.createElement('strong');
      title.textContent = name;
      const text = document.createElement('span');
      text.textContent = goal;
      label.append(input, title, text);
      return label;
    }),
  );

  function chosen() {
    return el['mode-choice'].querySelector('input:checked').value;
  }

  function showError(problems) {
    el['bests-error'].hidden = problems.length === 0;
    el['bests-error'].textContent = problems.join('; ');
  }

  /** Lists the bests of the rules and board in play. */
  function showBests() {
    const { rules, board } = page.settings;
    el['bests-where'].textContent = `Under ${rules} rules on ${board[0]}×${board[1]}.`;
    el['bests-body'].replaceChildren(
      ...Object.keys(words).map((mode) => {
        const row = document.createElement('tr');
        const head = document.createElement('th');
        head.scope = 'row';
        head.textContent = words[mode].name;
        const best = bests[bestKey(mode, rules, board)];
        const cells = best
          ? [
              bestText(mode, best, goals),
              String(best.pieces),
              String(best.seed),
              new Date(best.at).toLocaleDateString(),
            ]
          : ['–', '', '', ''];
        row.append(
          head,
          ...cells.map((text) => {
            const cell = document.createElement('td');
            cell.textContent = text;
            return cell;
          }),
        );
        return row;
      }),
    );
  }

  /** Says, beside Start, what plays now, and warns where the clock is not real time. */
  function showStatus() {
    const mode = element.mode;
    el['mode-endless'].hidden = mode === 'endless';
    if (mode === 'endless') el['mode-status'].textContent = 'The game is endless.';
    else if (run && !run.mine) {
      el['mode-status'].textContent =
        `The AI took this ${words[mode].name} over: it does not count.`;
    } else el['mode-status'].textContent = `Playing: ${words[mode].name}.`;
    const fps = element.fps;
    el['mode-clock-note'].hidden = fps === goals.frames_per_second;
    el['mode-clock-note'].textContent =
      `The frame rate is ${fps} frames a second (Settings, Speed): the clock counts ` +
      `${goals.frames_per_second} frames to the second, so it runs ${fps > goals.frames_per_second ? 'faster' : 'slower'} than yours.`;
  }

  /** Starts a game of the chosen mode, by hand, on a new seed, after the countdown. */
  async function start() {
    const mode = chosen();
    el['mode-start'].disabled = true;
    el['mode-result'].hidden = true;
    // The clock waits for the countdown: the new game starts paused.
    const wasPaused = element.paused;
    element.pause();
    try {
      if (!(await page.restart({ mode, seed: randomSeed(), autoplay: false }))) {
        if (!wasPaused) element.resume();
        el['mode-status'].textContent = `The ${words[mode].name} could not start.`;
        return;
      }
    } finally {
      el['mode-start'].disabled = false;
    }
    el['race-count'].hidden = false;
    countdown.start();
  }

  /** The AI's game on the pieces of `config`'s seed in `mode`, up to `pieces` for an ultra. */
  async function playReference(config, mode, yours) {
    const asked = ++references;
    el['mode-reference'].textContent = 'The AI is playing the same pieces…';
    let game = null;
    try {
      game = await createGame(config, { build: page.build });
      const ai = await game.play(mode === 'ultra' ? Math.max(1, yours.pieces) : goals.max_pieces);
      if (asked !== references) return;
      reference = ai;
      el['mode-reference'].textContent = referenceText(mode, ai, yours, goals);
    } catch (err) {
      if (asked === references) {
        el['mode-reference'].textContent = `The AI's game could not be played: ${message(err)}.`;
      }
    } finally {
      game?.close();
    }
  }

  /** A game of a mode ended: its result against the best, and the AI's on the same pieces. */
  function ended(stats) {
    if (!run || !run.mine) return;
    const { mode, seed } = run;
    run = null;
    const mine = resultOf(stats, seed, new Date().toISOString());
    result = mine;
    const { rules, board } = page.settings;
    const key = bestKey(mode, rules, board);
    const before = bests[key];
    const scored = rules === 'guideline';
    const { title, text } = endText(mode, stats, goals, scored);
    let verdict;
    if (!counts(mode, mine)) {
      verdict = `A ${words[mode].name} counts once finished.`;
    } else if (beats(mode, mine, before)) {
      bests = { ...bests, [key]: mine };
      const refused = saveBests(bests);
      showError(refused ? [refused] : []);
      verdict = before
        ? `A new best! The last was ${bestText(mode, before, goals)}.`
        : 'Your first best in this mode.';
    } else {
      verdict = `Your best is ${bestText(mode, before, goals)}.`;
    }
    if (mode === 'sprint' && mine.finished) {
      verdict += ` ${piecesPerSecond(mine.pieces, mine.frames, goals)} pieces a second.`;
    }
    el['mode-result'].hidden = false;
    el['mode-result'].querySelector('.mode-headline').textContent = `${title}: ${text}`;
    el['mode-result'].querySelector('.mode-verdict').textContent = verdict;
    showBests();
    showStatus();
    playReference({ ...page.config(), seed, mode }, mode, mine);
  }

  element.addEventListener('newgame', (event) => {
    countdown.stop();
    // A game of a mode, played by hand, is measured: a new one (N, or a replay of its seed) too.
    run =
      element.mode !== 'endless' && !element.autoplay
        ? { mode: element.mode, seed: event.detail.seed, mine: true }
        : null;
    showBests();
    showStatus();
  });
  element.addEventListener('autoplaychange', (event) => {
    if (run && event.detail.autoplay) run.mine = false;
    showStatus();
  });
  element.addEventListener('gameover', (event) => ended(event.detail.stats));
  el['mode-start'].addEventListener('click', start);
  el['mode-endless'].addEventListener('click', () => page.restart({ mode: 'endless' }));
  el['bests-clear'].addEventListener('click', () => {
    const refused = clearBests();
    if (!refused) bests = {};
    showError(refused ? [refused] : []);
    showBests();
  });
  showError(loaded.problems);
  showBests();
  showStatus();

  return {
    get run() {
      return run;
    },
    get result() {
      return result;
    },
    get reference() {
      return reference;
    },
    /** Brings the panel up to date with the page's settings (rules, board, frame rate). */
    refresh() {
      showBests();
      showStatus();
    },
  };
}
