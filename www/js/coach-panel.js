// The coach panel: "Why this move" (the AI's choice for the piece in play, each feature of the
// board it leaves with its value, weight and contribution, summing to the score shown), the best
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
 * `#why-what`, `#why-body`, `#why-score`, `#why-plan`, `#why-alternatives`, `#why-detail` and
 * `#coach-last`.
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
    detail: $('why-detail'),
    last: $('coach-last'),
  };
  /** What the worker said last: `{choice, explanation, alternatives}`, or null. */
  let coaching = null;
  /** The alternative pointed at in the list or on the board (its index), or null. */
  let pointed = null;
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
    el.body.replaceChildren(
      ...explanation.terms.map((term) => {
        const row = document.createElement('tr');
        const name = document.createElement('th');
        name.scope = 'row';
        name.textContent = term.name;
        name.title = term.feature;
        row.append(
          name,
          numberCell(valueText(term)),
          numberCell(shortNumber(term.weight)),
          numberCell(shortNumber(term.contribution), term.contribution),
        );
        return row;
      }),
    );
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
    point(pointed);
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
   * marked, its difference from the best in the detail line.
   */
  function point(index) {
    const alternative = index === null ? null : coaching?.alternatives[index];
    pointed = alternative ? index : null;
    for (const button of el.list.querySelectorAll('button')) {
      button.classList.toggle('pointed', Number(button.dataset.index) === pointed);
    }
    if (alternative) {
      element.highlight(alternative.choice.cells);
      el.detail.textContent = alternativeTexts(coaching.alternatives)[index];
    } else if (pointedHint) {
      element.highlight(pointedHint);
      el.detail.textContent = "A hint: tied with the AI's best for this piece.";
    } else {
      element.highlight(null);
      el.detail.textContent = '';
    }
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
  follow();
}
