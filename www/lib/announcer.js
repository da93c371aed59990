// What the `<tetris-ai>` element tells screen readers: line clears and game over in a polite
// live region, and the board's label (its size, lines, pieces and game over).

import { count } from './count.js';

/** Line clears are announced at most this often, in ms (the clears between are summed). */
const ANNOUNCE_MS = 1000;
/** Above this frame rate line clears are not announced at all (game over still is). */
const ANNOUNCE_MAX_FPS = 60;
/** The board's description (its `aria-label`) changes at most this often, in ms. */
const LABEL_MS = 1000;

export class Announcer {
  /** An announcer speaking in the live region `region` and labelling the canvas `board`. */
  constructor(region, board) {
    this.region = region;
    this.board = board;
    /** Line clears not yet announced, the total, when the last announcement was, its timer. */
    this.news = { cleared: 0, total: 0, at: -Infinity, timer: null };
    /** When the board's label last changed, and whether it said game over. */
    this.labelAt = -Infinity;
    this.labelOver = false;
  }

  /** Says `text` in the live region. */
  say(text) {
    this.region.textContent = text;
  }

  /**
   * Announces `cleared` lines (of `total`), at most once per ANNOUNCE_MS (the clears in between
   * summed into one announcement), and none while the game runs at more than ANNOUNCE_MAX_FPS
   * frames per second (`fps`): a fast game would flood a screen reader.
   */
  lines(cleared, total, fps) {
    if (fps > ANNOUNCE_MAX_FPS) return;
    const news = this.news;
    news.cleared += cleared;
    news.total = total;
    if (news.timer !== null) return;
    const wait = Math.max(0, news.at + ANNOUNCE_MS - performance.now());
    news.timer = setTimeout(() => {
      news.timer = null;
      news.at = performance.now();
      this.say(`${count(news.cleared, 'line')} cleared, ${news.total} in total`);
      news.cleared = 0;
    }, wait);
  }

  /** Drops the line clears not yet announced. */
  quiet() {
    clearTimeout(this.news.timer);
    this.news.timer = null;
    this.news.cleared = 0;
  }

  /**
   * Announces the end of the game with its `stats`, instead of any clears not yet announced:
   * `finished` (what a mode reached says) where it is given, else game over.
   */
  gameOver(stats, finished = null) {
    this.quiet();
    this.say(
      finished ?? `Game over: ${count(stats.lines, 'line')}, ${count(stats.pieces, 'piece')}`,
    );
  }

  /**
   * Labels the board, `width` by `height`, with its lines, pieces and game over from `stats`: at
   * most once per LABEL_MS, and at once when the game ends or after `relabel`.
   */
  describe(stats, [width, height]) {
    const now = performance.now();
    if (now - this.labelAt < LABEL_MS && stats.game_over === this.labelOver) return;
    this.labelAt = now;
    this.labelOver = stats.game_over;
    this.board.setAttribute(
      'aria-label',
      `Board, ${width} by ${height}: ${count(stats.lines, 'line')}, ${count(stats.pieces, 'piece')}` +
        (stats.game_over ? ', game over' : ''),
    );
  }

  /** Lets the next `describe` label the board at once (a new game). */
  relabel() {
    this.labelAt = -Infinity;
  }
}
