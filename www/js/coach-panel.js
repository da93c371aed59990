// The coach panel: "Why this move" (the AI's choice for the piece in play, each feature of the
// board it leaves with its value, weight and contribution, summing to the score shown; pointing
// at a feature says what it counts in plain words and outlines the cells it counts on the
// board), the best
// placements with what each gives up against the best (pointed at in the list, on the board, by
// tap or by keyboard, its outline shown on the board), and the rating of the last piece the
// player placed. While it is shown, the element brings the coaching of each new piece in play in
// the frame that draws it (`coach` of the element), so that it always explains the piece on the
// board, at any speed.

import { $ } from '../lib/dom.js';
import { alternativeTexts, pieceText, ratingText, shortNumber } from './coach-words.js';

/** How many of the best placements the panel lists. */
const LISTED = 5;
/** What the last piece's line says before the player has placed one. */
const NO_PIECE_YET =
  'Play yourself: the coach rates each piece you place against the AI\u2019s placements.';

/** What the line under the features says while none is pointed at. */
const POINT_AT_A_FEATURE =
  'Point at a feature or tap it: what it counts, in plain words, and outlined on the board.';

/** Whether `cells` (`[x, y]` pairs) hold the cell `[x, y]`. */
function holds(cells, [x, y]) {
  return cells.some(([cx, cy]) => cx === x && cy === y);
}

/** A feature's value as the table shows it: with its exponent where the weight has one. */
function valueText({ value, exponent }) {
  return exponent === null
    ? shortNumber(value)
    : `${shortNumber(value)} ^ ${shortNumber(exponent)}`;
}

/** A table cell holding `text`, with the exact `number` it shows kept in `data-value`. */
function numberCell(text, number) {
  const cell = document.createElement('td');
  cell.textContent = text;
  if (number !== undefined) cell.dataset.value = String(number);
  return cell;
}

/**
 * Follows the game of `element` (a `<tetris-ai>`) in the panel's elements: `#coach`, `#why`,
 * `#why-what`, `#why-body`, `#why-score`, `#why-feature`, `#why-plan`, `#why-alternatives`,
 * `#why-detail` and `#coach-last`.
 */
export function createCoachPanel(element) {
  const el = {
    card: $('coach'),
    why: $('why'),
    what: $('why-what'),
    body: $('why-body'),
    score: $('why-score'),
    plan: $('why-plan'),
    list: $('why-alternatives'),
    feature: $('why-feature'),
    detail: $('why-detail'),
    last: $('coach-last'),
  };
  /** What the worker said last: `{choice, explanation, alternatives}`, or null. */
  let coaching = null;
  /** The alternative pointed at in the list or on the board (its index), or null. */
  let pointed = null;
  /** The feature of the explanation pointed at (its index in the terms), or null. */
  let pointedFeature = null;
  /** The cells of a hint pointed at on the board that the list does not hold, or null. */
  let pointedHint = null;
  let inView = true;

  /** Whether the panel shows the piece in play: open, on the screen, in a tab in view. */
  function shown() {
    return el.why.open && inView && document.visibilityState === 'visible';
  }

  /** Has the element bring the coaching of each new piece while the panel is shown, else not. */
  function follow() {
    element.coach(shown() ? LISTED : 0);
  }

  /** Shows the explanation of the choice, the list of the best placements, and what is pointed at. */
  function show() {
    if (!coaching) {
      el.what.textContent = 'The game is over: no piece is in play.';
      el.body.replaceChildren();
      el.score.textContent = '–';
      el.plan.hidden = true;
      showList([]);
      point(null);
      return;
    }
    const { choice, explanation, alternatives } = coaching;
    const piece = pieceText(explanation);
    const whose = element.autoplay
      ? `The AI's choice: ${piece}.`
      : `The AI's pick for your piece: ${piece}, the first hint.`;
    el.what.textContent = explanation.ends_game
      ? `${whose} Every placement ends the game.`
      : `${whose} Each feature of the board it leaves, times its weight, adds to its score.`;
    showTerms(explanation.terms);
    el.score.textContent = shortNumber(explanation.score);
    el.score.dataset.value = String(explanation.score);
    el.plan.hidden = explanation.plan === null;
    if (explanation.plan !== null) {
      el.plan.textContent =
        `Looking further ahead, the pieces after it are worth ${shortNumber(explanation.later)}; ` +
        `the AI chooses by the plan's value, ${shortNumber(explanation.plan)}.`;
    }
    const texts = alternativeTexts(alternatives);
    showList(alternatives.map((alternative, i) => label(alternative, texts[i], choice)));
    showPointed();
  }

  /**
   * Shows `terms` in the table, a row each, its feature's name a button that points at it;
   * rows already there are rewritten in place, so that a focused feature keeps its focus from
   * one piece to the next.
   */
  function showTerms(terms) {
    const rows = [...el.body.rows];
    terms.forEach((term, i) => {
      let row = rows[i];
      if (!row) {
        row = document.createElement('tr');
        const head = document.createElement('th');
        head.scope = 'row';
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'feature';
        button.dataset.index = String(i);
        head.append(button);
        row.append(head, numberCell(), numberCell(), numberCell());
        el.body.append(row);
      }
      const button = row.cells[0].firstChild;
      button.textContent = term.name;
      button.title = `${term.feature}: ${term.meaning}`;
      const [value, weight, adds] = [...row.cells].slice(1);
      value.textContent = valueText(term);
      weight.textContent = shortNumber(term.weight);
      adds.textContent = shortNumber(term.contribution);
      adds.dataset.value = String(term.contribution);
    });
    for (const row of rows.slice(terms.length)) row.remove();
  }

  /** An alternative said as `text`, marked where it is the choice explained. */
  function label({ choice }, text, chosen) {
    const same =
      choice.hold === chosen.hold && choice.cells.every((cell) => holds(chosen.cells, cell));
    const mark = same ? (element.autoplay ? " (the AI's choice)" : ' (explained above)') : '';
    return `${text}${mark}`;
  }

  /** Shows `labels` in the list, one button each, reusing the buttons there (and their focus). */
  function showList(labels) {
    const buttons = [...el.list.querySelectorAll('button')];
    labels.forEach((text, i) => {
      let button = buttons[i];
      if (!button) {
        const item = document.createElement('li');
        button = document.createElement('button');
        button.type = 'button';
        button.className = 'alternative';
        button.dataset.index = String(i);
        item.append(button);
        el.list.append(item);
      }
      button.textContent = text;
    });
    for (const button of buttons.slice(labels.length)) button.parentElement.remove();
  }

  /**
   * Points at alternative `index` (or at nothing: null): its outline on the board, its button
   * marked, its difference from the best in the detail line. A feature pointed at is let go.
   */
  function point(index) {
    pointed = index !== null && coaching?.alternatives[index] ? index : null;
    pointedFeature = null;
    showPointed();
  }

  /**
   * Points at feature `index` of the explanation (or at nothing: null): the cells it counts
   * outlined on the board, what it counts in the line under the table; with nothing, what the list points
   * at comes back.
   */
  function pointFeature(index) {
    pointedFeature = index !== null && coaching?.explanation.terms[index] ? index : null;
    showPointed();
  }

  /** Shows what is pointed at: a feature first, else an alternative, else a hint on the board. */
  function showPointed() {
    const term = pointedFeature === null ? null : coaching?.explanation.terms[pointedFeature];
    const alternative = pointed === null ? null : coaching?.alternatives[pointed];
    for (const button of el.body.querySelectorAll('button')) {
      button.classList.toggle('pointed', Number(button.dataset.index) === pointedFeature);
    }
    for (const button of el.list.querySelectorAll('button')) {
      button.classList.toggle('pointed', Number(button.dataset.index) === pointed);
    }
    el.feature.textContent = term
      ? `${term.name}: ${term.meaning}. ` +
        (term.cells.length > 0
          ? 'Outlined on the board, as this move leaves it.'
          : 'None on the board this move leaves.')
      : POINT_AT_A_FEATURE;
    if (term) {
      element.highlight(term.cells.length > 0 ? term.cells : null);
      el.detail.textContent = '';
    } else if (alternative) {
      element.highlight(alternative.choice.cells);
      el.detail.textContent = alternativeTexts(coaching.alternatives)[pointed];
    } else if (pointedHint) {
      element.highlight(pointedHint);
      el.detail.textContent = "A hint: tied with the AI's best for this piece.";
    } else {
      element.highlight(null);
      el.detail.textContent = '';
    }
  }

  /** Points at the feature of the table's button `target` (an event's), if it is one. */
  function pointInTable(event) {
    const button = event.target.closest('button.feature');
    if (button) pointFeature(Number(button.dataset.index));
  }

  /** Points at what lies under the pointer of `event` on the board, or at nothing. */
  function pointOnBoard(event) {
    const cell = element.cellAt(event.clientX, event.clientY);
    const index = cell
      ? (coaching?.alternatives.findIndex(({ choice }) => holds(choice.cells, cell)) ?? -1)
      : -1;
    const hint =
      cell && index < 0 ? (element.snapshot?.hints ?? []).find((h) => holds(h.cells, cell)) : null;
    pointedHint = hint ? hint.cells : null;
    point(index >= 0 ? index : null);
  }

  /** Points at the list's button `target` (an event's), if it is one. */
  function pointInList(event) {
    const button = event.target.closest('button.alternative');
    if (button) point(Number(button.dataset.index));
  }

  el.body.addEventListener('pointerover', pointInTable);
  el.body.addEventListener('focusin', pointInTable);
  el.body.addEventListener('click', pointInTable);
  el.body.addEventListener('pointerleave', (event) => {
    // A finger leaves as it lifts: what it tapped stays pointed at until the next tap.
    if (event.pointerType === 'mouse' && !el.body.contains(document.activeElement)) {
      pointFeature(null);
    }
  });
  el.body.addEventListener('focusout', (event) => {
    if (!el.body.contains(event.relatedTarget)) pointFeature(null);
  });
  el.list.addEventListener('pointerover', pointInList);
  el.list.addEventListener('focusin', pointInList);
  el.list.addEventListener('click', pointInList);
  el.list.addEventListener('pointerleave', () => {
    if (!el.list.contains(document.activeElement)) point(null);
  });
  el.list.addEventListener('focusout', (event) => {
    if (!el.list.contains(event.relatedTarget)) point(null);
  });
  element.addEventListener('pointermove', (event) => {
    if (event.pointerType === 'mouse') pointOnBoard(event);
  });
  element.addEventListener('pointerdown', pointOnBoard);
  element.addEventListener('pointerleave', (event) => {
    // A finger leaves as it lifts: what it tapped stays pointed at until the next tap.
    if (event.pointerType !== 'mouse') return;
    pointedHint = null;
    const focused = el.list.contains(document.activeElement) ? document.activeElement : null;
    point(focused ? Number(focused.dataset.index) : null);
  });
  element.addEventListener('piece', (event) => {
    const { rating } = event.detail;
    if (rating) el.last.textContent = `${pieceText(rating)}: ${ratingText(rating)}`;
  });
  element.addEventListener('newgame', () => {
    el.last.textContent = NO_PIECE_YET;
    coaching = null;
    pointedHint = null;
    point(null);
  });
  element.addEventListener('coaching', (event) => {
    coaching = event.detail.coaching;
    show();
  });
  el.why.addEventListener('toggle', () => {
    if (!el.why.open) point(null);
    follow();
  });
  new IntersectionObserver(([entry]) => {
    inView = entry.isIntersecting;
    follow();
  }).observe(el.card);
  document.addEventListener('visibilitychange', follow);
  el.last.textContent = NO_PIECE_YET;
  el.feature.textContent = POINT_AT_A_FEATURE;
  follow();
}
