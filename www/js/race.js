// A race between the player and the AI on the same seed: the AI's paces and how its time turns
// into pieces, each racer's figures (lines, pieces, and the coach's tally of its rated pieces),
// and who won: the most lines.

import { accuracyText, isAccurate } from './accuracy.js';
import { count } from '../lib/count.js';

/** The AI's paces in a race, in pieces per second, slowest first; Infinity: as fast as it can. */
export const PACES = Object.freeze([0.5, 1, 2, 3, 5, 10, Infinity]);

/** The pace a race starts at, in pieces per second. */
export const DEFAULT_PACE = 1;

/** At most this much time between two frames counts towards the AI's pace, in ms (a stall). */
export const MAX_CATCH_UP_MS = 250;

/**
 * The pieces the AI may place after `elapsed` ms more at `pace` pieces a second, from `credit`
 * (one a piece): as fast as it can, always one. Neither a stall (past `MAX_CATCH_UP_MS`) nor
 * the time it spent still placing a piece is owed: one piece waits at most.
 */
export function nextCredit(credit, elapsed, pace) {
  if (pace === Infinity) return 1;
  const gained = (Math.min(elapsed, MAX_CATCH_UP_MS) * pace) / 1000;
  return Math.min(credit + gained, 1 + gained);
}

/** What decides a race and when it ends, in words for the page. */
export const RACE_RULE =
  'The most lines wins. The race ends when your game ends, or when you end it.';

/** A pace in words: "1 piece a second", "0.5 pieces a second", "As fast as it can". */
export function paceText(pace) {
  if (pace === Infinity) return 'As fast as it can';
  return `${pace} piece${pace === 1 ? '' : 's'} a second`;
}

/**
 * The pace of `PACES` that the text `value` (a select's value: the pace's number, or
 * "Infinity") names; throws, naming it, for any other.
 */
export function readPace(value) {
  const pace = Number(value);
  if (!PACES.includes(pace)) {
    throw new Error(`pace must be one of ${PACES.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return pace;
}

/** A racer's figures before its first piece. */
export function startFigures() {
  return { lines: 0, pieces: 0, rated: 0, accurate: 0 };
}

/**
 * `figures` after a piece locked: `stats`, the game's statistics after it (its lines and
 * pieces), and `rating`, the coach's rating of the piece (null where it was not rated).
 */
export function afterPiece(figures, stats, rating) {
  return {
    lines: stats.lines,
    pieces: stats.pieces,
    rated: figures.rated + (rating ? 1 : 0),
    accurate: figures.accurate + (rating && isAccurate(rating) ? 1 : 0),
  };
}

/** A racer's accuracy as the coach counts it: "75%", or "–" when none of its pieces was rated. */
export function figuresAccuracy(figures) {
  return accuracyText(figures.accurate, figures.rated);
}

/** Who won a race of the figures `you` and `ai`: "you", "ai" or "tie" (the most lines wins). */
export function winner(you, ai) {
  if (you.lines === ai.lines) return 'tie';
  return you.lines > ai.lines ? 'you' : 'ai';
}

/** What decides a match and when it ends, in words for the page. */
export const VERSUS_RULE =
  "Your clears send garbage to your opponent, and its clears to you (Puyo Puyo Tetris's rules); " +
  'the first to top out loses.';

/** The page's own AI as the subject of a sentence, where no bot plays it. */
export const THE_AI = 'The AI';

/**
 * The outcome of a match that ended for the reason `why` (see the race panel's endings) in
 * words: who topped out or forfeited, or no winner where the player ended it; `watching`: the
 * player's board was played by the page's AI; `opponent`: the opponent as a sentence's subject,
 * a bot's name or `THE_AI`.
 */
export function versusVerdict(why, watching = false, opponent = THE_AI) {
  if (why === 'won' || why === 'forfeit') return watching ? 'Your AI wins!' : 'You win!';
  if (why === 'over') {
    return watching && opponent === THE_AI ? 'The other AI wins.' : `${opponent} wins.`;
  }
  return 'No winner.';
}

/**
 * The outcome of a race in words: "You win, 12 lines to 9.", "A tie: 1 line each."; `opponent`:
 * the opponent as a sentence's subject, a bot's name or `THE_AI`.
 */
export function verdictText(you, ai, opponent = THE_AI) {
  switch (winner(you, ai)) {
    case 'you':
      return `You win, ${count(you.lines, 'line')} to ${ai.lines}.`;
    case 'ai':
      return `${opponent} wins, ${count(ai.lines, 'line')} to ${you.lines}.`;
    default:
      return `A tie: ${count(you.lines, 'line')} each.`;
  }
}
