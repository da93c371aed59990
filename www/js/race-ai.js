// The AI's side of a race: a game of the player's configuration and seed in a worker of its own,
// placing its pieces at a chosen pace (pieces per second, or as fast as it can), each rated by
// the coach before it locks as the player's are, and drawn on the race's canvases. It waits
// while the player's game is paused and while the tab is hidden. In a match (versus rules), its
// clears' attack goes to the player and the player's comes in as garbage. Its pieces are placed
// by the engine's AI, or by a Tetris Bot Protocol bot (tbp-opponent.js), which forfeits where it
// gives no move the game can play.

import { createGame } from '../tetris-ai.js';
import { Renderer } from '../lib/render.js';
import { afterPiece, DEFAULT_PACE, nextCredit, startFigures } from './race.js';
import { Forfeit } from './tbp-opponent.js';

/** The largest and smallest cell the AI's board is drawn with, in pixels. */
const MAX_CELL = 32;
const MIN_CELL = 3;

export class RaceAi {
  /**
   * The AI of a race, not yet playing: a game of `config` (the engine's game configuration, the
   * player's) on the build `build`, drawn on `canvases` (`{board, hold, next}`) inside `field`,
   * the box that holds them. `held()` says whether it must wait (the player's game is paused).
   * With `versus` (versus rules: "ppt" or "tetrio"), it plays a match: `onAttack(rows)` takes
   * the rows its clears send. With `bot` (an open `TbpOpponent`, which it then owns and closes),
   * the bot places its pieces; a bot that cannot play the game rejects, naming why. `onPiece()`
   * hears each piece it places.
   */
  static async create(config, options) {
    const { build, versus = null, bot = null } = options;
    const game = await createGame(config, { build, threads: 1 });
    try {
      if (versus) await game.setVersus(versus);
      await bot?.begin(game);
    } catch (err) {
      game.close();
      throw err;
    }
    return new RaceAi(game, config, options);
  }

  constructor(
    game,
    config,
    { canvases, field, held, versus = null, onAttack = null, onPiece = null, bot = null },
  ) {
    this.game = game;
    this.config = config;
    /** The Tetris Bot Protocol bot that places its pieces, or null: the engine's AI does. */
    this.bot = bot;
    /** Why the bot forfeited, once it has (its game is then over). */
    this.forfeit = null;
    this.field = field;
    this.held = held;
    this.versus = versus;
    this.onAttack = onAttack;
    this.onPiece = onPiece;
    this.renderer = new Renderer(canvases.board, canvases.hold, canvases.next);
    /** Its lines and pieces, and the coach's tally of its pieces (see race.js). */
    this.figures = startFigures();
    /** Pieces a second, or Infinity: as fast as it can. */
    this.pace = DEFAULT_PACE;
    /** The pieces it may place now: grows with time at its pace (see `nextCredit`). */
    this.credit = 0;
    this.running = false;
    this.over = false;
    this.last = null;
    /** Wakes the placing loop (see `play`) when it waits. */
    this.wake = null;
    this.playing = null;
    /** Whether its board shows where it places its next piece (`target`). */
    this.showPlan = false;
    this.target = null;
    /** What it showed last, and whether the board changed since. */
    this.snapshot = null;
    this.dirty = true;
    this.drawing = false;
  }

  /** Starts placing pieces at its pace and drawing them each animation frame. */
  start() {
    if (this.running || this.over) return;
    this.running = true;
    this.last = null;
    const frame = (now) => {
      if (!this.running) return;
      this.frameRequest = requestAnimationFrame(frame);
      this.tick(now);
    };
    this.frameRequest = requestAnimationFrame(frame);
    this.playing = this.play();
  }

  /**
   * Stops placing; resolves once the piece being placed, if any, has locked and the figures
   * are final (its lines and pieces as the game counts them).
   */
  async stop() {
    this.running = false;
    cancelAnimationFrame(this.frameRequest);
    this.wake?.();
    await this.playing;
    this.bot?.stop();
    const stats = await this.game.stats();
    this.figures = { ...this.figures, lines: stats.lines, pieces: stats.pieces };
    await this.draw();
  }

  /** Stops its worker, and its bot's (its board stays as drawn last). */
  close() {
    this.running = false;
    cancelAnimationFrame(this.frameRequest);
    this.wake?.();
    this.game.close();
    this.bot?.close();
  }

  /** Whether it must not place now: the player's game is paused, or the tab is hidden. */
  waiting() {
    return this.held() || document.visibilityState !== 'visible';
  }

  /** One animation frame: the credit grows with the time at its pace, and the board is drawn. */
  tick(now) {
    const elapsed = this.last === null ? 0 : now - this.last;
    this.last = now;
    if (!this.waiting()) this.credit = nextCredit(this.credit, elapsed, this.pace);
    this.wake?.();
    if (this.dirty && !this.drawing) this.draw();
  }

  /** Places pieces while it runs, each once it has the credit for one and need not wait. */
  async play() {
    while (this.running && !this.over) {
      if (this.waiting() || this.credit < 1) {
        await new Promise((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      if (this.pace !== Infinity) this.credit -= 1;
      await this.place();
    }
  }

  /** Places one piece, the AI's or the bot's, rated by the coach. */
  async place() {
    const placed = this.bot ? await this.botStep() : await this.aiStep();
    if (placed === null) {
      this.dirty = true;
      return;
    }
    const { step, rating } = placed;
    const { lines, pieces } = this.figures;
    const stats = { lines: lines + step.rows_cleared, pieces: pieces + 1 };
    this.figures = afterPiece(this.figures, stats, rating);
    this.over = step.game_over;
    this.dirty = true;
    this.onPiece?.();
    if (this.versus) {
      const sent = await this.game.takeSent();
      if (sent > 0) this.onAttack?.(sent);
    }
    if (this.showPlan && !this.over) await this.plan();
  }

  /**
   * The AI's choice, rated by the coach before it locks, locked: `{step, rating}`; null where the
   * game is over.
   */
  async aiStep() {
    const choice = await this.game.decide();
    if (choice === null) {
      this.over = true;
      return null;
    }
    const rating = await this.game.rate(choice.placement);
    const step = await this.game.step();
    return step && { step, rating };
  }

  /**
   * The bot's move locked, rated by the coach as it locks: `{step, rating}`; null where the bot
   * forfeits, which ends its game.
   */
  async botStep() {
    try {
      const step = await this.bot.place(this.game);
      return { step, rating: step.rating };
    } catch (err) {
      if (!(err instanceof Forfeit)) throw err;
      this.forfeit = err.message;
      this.over = true;
      return null;
    }
  }

  /** Decides its next piece now, to show where it goes (its `target`). */
  async plan() {
    const next = await this.game.decide();
    this.target = next && { piece: next.placement.piece, cells: next.cells };
    this.dirty = true;
  }

  /** Shows, or stops showing, where it places its next piece (the AI's; a bot's is not known). */
  async setShowPlan(on) {
    this.showPlan = on && !this.bot;
    this.target = null;
    if (this.showPlan && !this.over) await this.plan();
    this.dirty = true;
  }

  /** In a match, queues `rows` of the player's attack, arriving now. */
  async receiveAttack(rows) {
    await this.game.receiveAttack(rows);
    this.dirty = true;
  }

  /** Draws the game as its worker has it now. */
  async draw() {
    this.drawing = true;
    this.dirty = false;
    try {
      this.snapshot = await this.game.snapshot();
      this.paint();
    } catch {
      // A game closed meanwhile draws no more; its board stays as drawn last.
    } finally {
      this.drawing = false;
    }
  }

  /** Draws its last snapshot (again, once the canvases are sized anew). */
  paint() {
    if (this.snapshot) {
      this.renderer.draw({
        ...this.snapshot,
        target: this.showPlan ? this.target : null,
        hints: [],
      });
    }
  }

  /**
   * Sizes the board, hold and queue to the largest cell with which `field` fits `width` x
   * `height` pixels (at least the smallest cell), and draws them again.
   */
  layout(width, height) {
    const { rules } = this.config;
    const size = (cell) => {
      this.renderer.layout(this.config.width, this.config.height, rules.preview, cell);
      const box = this.field.getBoundingClientRect();
      return box.width <= width && box.height <= height;
    };
    let low = MIN_CELL;
    let high = MAX_CELL;
    while (low < high) {
      const cell = Math.ceil((low + high) / 2);
      if (size(cell)) low = cell;
      else high = cell - 1;
    }
    size(low);
    this.paint();
  }
}
