// The replay viewer: a dialog that plays a recorded game again, a placement at a time, forward
// and back (buttons, a slider, the arrow keys, Home and End), the board drawn as the page draws
// the game, with the move made from each position outlined and the coach's rating of it. A
// match's replay (match-replay.js) shows both boards side by side, on one timeline of the two
// players' placements. It saves the replay as a file and gives a link to it where the replay fits
// in one.

import { count } from '../lib/count.js';
import { $, message } from '../lib/dom.js';
import { Renderer } from '../lib/render.js';
import { Replay } from '../lib/replay.js';
import { pieceText, ratingText } from './coach-words.js';
import { copyOnClick } from './copy-link.js';
import { saveJson } from './files.js';
import { isMatch, MatchReplay, readMatch } from './match-replay.js';
import { MAX_LINK_CHARS, replayUrl } from './replay-link.js';

/** The largest board cell the viewer draws, in pixels. */
const MAX_CELL = 24;
/** The smallest. */
const MIN_CELL = 8;
/** Board columns' worth of room beside the board for the hold and next pieces. */
const SIDE_COLUMNS = 7;
/** Rows' worth of room the viewer keeps for its text and controls. */
const CONTROL_ROWS = 12;
/** The room between a match's two boards, in pixels. */
const STAGES_GAP = 16;

/** "guideline, 10×20, seed 42" for a game configuration. */
function gameText(config) {
  return `${config.rules.kind}, ${config.width}×${config.height}, seed ${config.seed}`;
}

/**
 * A game's replay, or a match's, from JSON `text`: a match's is checked by `readMatch`, a game's
 * by the engine. Rejects, naming what is wrong.
 */
async function openReplay(text) {
  let value = null;
  try {
    value = JSON.parse(text);
  } catch {
    // The engine says what is wrong with text that is no JSON.
  }
  return isMatch(value) ? MatchReplay.open(readMatch(value)) : Replay.open(text);
}

/** "You: 3 lines, 12 pieces, game over" for a side's name and the frame of its game. */
function sideText(name, { index, view }) {
  const { lines, game_over: over } = view.stats;
  return `${name}: ${count(lines, 'line')}, ${count(index, 'piece')}${over ? ', game over' : ''}`;
}

/**
 * The viewer in the page's elements `#replay` (a dialog), `#replay-title`, `#replay-about`,
 * `#replay-board`, `#replay-hold`, `#replay-next`, `#replay-name` and the second board's
 * `#replay-stage-b`, `#replay-board-b`, `#replay-hold-b`, `#replay-next-b` and `#replay-name-b`
 * (a match's), `#replay-position`, `#replay-rating`, `#replay-slider`, `#replay-first`,
 * `#replay-back`, `#replay-forward`, `#replay-last`, `#replay-link`, `#replay-link-status`,
 * `#replay-link-note`, `#replay-save`, `#replay-close` and `#replay-error`.
 * `onClose()` hears when it closes. Returns `{open(text, about), close(), frame}`, `frame` the
 * position shown (the engine's `Frame`; a match's, see `MatchReplay.frame`), or null.
 */
export function createReplayViewer(onClose = () => {}) {
  const el = {
    dialog: $('replay'),
    about: $('replay-about'),
    boards: [$('replay-board'), $('replay-board-b')],
    names: [$('replay-name'), $('replay-name-b')],
    second: $('replay-stage-b'),
    position: $('replay-position'),
    rating: $('replay-rating'),
    slider: $('replay-slider'),
    first: $('replay-first'),
    back: $('replay-back'),
    forward: $('replay-forward'),
    last: $('replay-last'),
    link: $('replay-link'),
    linkNote: $('replay-link-note'),
    save: $('replay-save'),
    close: $('replay-close'),
    error: $('replay-error'),
  };
  const renderers = [
    new Renderer(el.boards[0], $('replay-hold'), $('replay-next')),
    new Renderer(el.boards[1], $('replay-hold-b'), $('replay-next-b')),
  ];
  /** The replay shown (a game's or a match's), or null. */
  let replay = null;
  /** The placement asked for last, and whether an answer is awaited. */
  let wanted = 0;
  let asking = false;
  /** The frame shown. */
  let shown = null;

  function showError(text) {
    el.error.textContent = text || '';
    el.error.hidden = !text;
  }

  /** Sizes the `boards` boards (1 or 2) to the window: the largest cell that fits, within bounds. */
  function layout(config, boards) {
    const room = window.innerWidth - 48 - (boards - 1) * STAGES_GAP;
    const across = Math.floor(room / (boards * (config.width + SIDE_COLUMNS)));
    const down = Math.floor(window.innerHeight / (config.height + CONTROL_ROWS));
    const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, across, down));
    for (const renderer of renderers.slice(0, boards)) {
      renderer.layout(config.width, config.height, config.rules.preview, cell);
    }
  }

  /** Shows the position after `index` placements, once the worker gives it. */
  async function show(index) {
    if (!replay) return;
    wanted = Math.max(0, Math.min(replay.count, index));
    if (asking) return;
    asking = true;
    const asked = replay;
    try {
      while (shown?.index !== wanted && asked === replay) {
        const frame = await asked.frame(wanted);
        if (asked === replay) draw(frame);
      }
    } catch (err) {
      if (asked === replay) showError(message(err));
    } finally {
      asking = false;
    }
  }

  /** Draws a game's `frame` on the board of `renderer`, the move `outlined` or not. */
  function drawBoard(renderer, { view, next }, outlined = true) {
    renderer.draw({
      cells: view.cells,
      view: { ...view, active: null, ghost: null },
      highlight: next && outlined ? next.cells : null,
    });
  }

  /** Shows `frame` (a game's or a match's) and sets the controls to its position. */
  function draw(frame) {
    shown = frame;
    if (frame.sides) drawMatch(frame);
    else drawGame(frame);
    const { index, count: total } = frame;
    el.slider.value = String(index);
    const done = frame.sides
      ? `${count(total, 'placement')} made`
      : `${count(total, 'piece')} placed`;
    el.slider.setAttribute('aria-valuetext', `${index} of ${done}`);
    const focused = document.activeElement;
    el.first.disabled = el.back.disabled = index === 0;
    el.forward.disabled = el.last.disabled = index === total;
    // A button that took the viewer to an end is disabled now: the keys go on from the slider.
    if (focused?.disabled) el.slider.focus();
  }

  /** Shows a game's frame: its board, where its next piece goes, and the figures. */
  function drawGame(frame) {
    const { index, count: total, view, next } = frame;
    const stats = view.stats;
    drawBoard(renderers[0], frame);
    const totals = `${count(stats.lines, 'line')}, score ${stats.score}`;
    el.position.textContent =
      index < total
        ? `Before piece ${index + 1} of ${total}: ${totals}.`
        : `After all ${count(total, 'piece')}: ${totals}${stats.game_over ? ', game over' : ''}.`;
    el.rating.textContent = !next
      ? ''
      : next.rating
        ? `Piece ${index + 1} (${pieceText(next)}) goes where outlined: ${ratingText(next.rating)}.`
        : `Piece ${index + 1} (${pieceText(next)}) goes where outlined.`;
    el.boards[0].setAttribute(
      'aria-label',
      `The board before piece ${Math.min(index + 1, total)} of ${total}, the piece outlined`,
    );
  }

  /**
   * Shows a match's frame: both boards, the piece of the side that places next outlined, and
   * both sides' figures.
   */
  function drawMatch(frame) {
    const { index, count: total, mover, sides } = frame;
    const { names } = replay;
    sides.forEach((side, i) => {
      drawBoard(renderers[i], side, i === mover);
      el.boards[i].setAttribute(
        'aria-label',
        `The board of ${names[i]} after ${count(side.index, 'piece')}` +
          `${i === mover ? ', its next piece outlined' : ''}`,
      );
    });
    const figures = sides.map((side, i) => sideText(names[i], side)).join('; ');
    el.position.textContent =
      index < total
        ? `Before placement ${index + 1} of ${total}. ${figures}.`
        : `After all ${count(total, 'placement')}. ${figures}.`;
    if (mover === null) {
      el.rating.textContent = '';
      return;
    }
    const { next, index: placed } = sides[mover];
    const rated = next.rating ? `: ${ratingText(next.rating)}` : '';
    el.rating.textContent = `${names[mover]} places piece ${placed + 1} (${pieceText(next)}) where outlined${rated}.`;
  }

  /** Steps `by` placements from the one asked for last (shown, or on its way). */
  function step(by) {
    show(wanted + by);
  }

  el.first.addEventListener('click', () => show(0));
  el.back.addEventListener('click', () => step(-1));
  el.forward.addEventListener('click', () => step(1));
  el.last.addEventListener('click', () => show(Infinity));
  el.slider.addEventListener('input', () => show(Number(el.slider.value)));
  el.dialog.addEventListener('keydown', (event) => {
    // The slider moves itself with the arrow keys; a button or the dialog steps.
    if (event.target === el.slider || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const by = moves[event.key];
    if (Number.isFinite(by)) step(by);
    else show(by < 0 ? 0 : Infinity);
  });
  el.save.addEventListener('click', () => {
    if (!replay) return;
    const kind = replay instanceof MatchReplay ? 'match' : 'replay';
    saveJson(`tetris-ai-${kind}-seed-${replay.config.seed}.json`, replay.text);
  });
  el.close.addEventListener('click', () => el.dialog.close());
  copyOnClick(el.link, $('replay-link-status'));
  el.dialog.addEventListener('close', () => {
    replay?.close();
    replay = null;
    shown = null;
    onClose();
  });

  /** Points the share link at the replay `opened` (while shown), or says why it has none. */
  async function showLink(opened) {
    el.link.hidden = true;
    const url = await replayUrl(opened.text);
    if (opened !== replay) return;
    el.link.hidden = url === null;
    $('replay-link-status').textContent = '';
    if (url) el.link.href = url;
    el.linkNote.textContent = url
      ? ''
      : `This replay is too long for a link (links hold ${MAX_LINK_CHARS.toLocaleString('en')} ` +
        'characters): save it as a file to share it.';
  }

  return {
    /**
     * Opens the replay of JSON `text` (a recording) in the viewer, at its start; `about` says
     * whose game it is. Rejects, naming what is wrong, when `text` is no replay that plays.
     */
    async open(text, about = '') {
      const opened = await openReplay(text);
      replay?.close();
      replay = opened;
      shown = null;
      const { config } = opened;
      const match = opened instanceof MatchReplay;
      el.dialog.classList.toggle('match', match);
      el.second.hidden = !match;
      el.names.forEach((name, i) => {
        name.hidden = !match;
        name.textContent = match ? opened.names[i] : '';
      });
      layout(config, match ? 2 : 1);
      const what = match
        ? `${opened.names.join(' against ')}, ${count(opened.count, 'placement')}`
        : count(opened.count, 'piece');
      el.about.textContent = `${about ? `${about}: ` : ''}${gameText(config)}, ${what}.`;
      el.slider.max = String(opened.count);
      await showLink(opened);
      showError('');
      if (!el.dialog.open) el.dialog.showModal();
      await show(0);
    },
    /** Closes the viewer. */
    close() {
      if (el.dialog.open) el.dialog.close();
    },
    /** The position shown, or null. */
    get frame() {
      return shown;
    },
  };
}
