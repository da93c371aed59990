// Types of tetris-ai-element.js: the <tetris-ai> custom element.

import type {
  Build,
  Cleared,
  Coaching,
  Game,
  Placement,
  Rating,
  Rules,
  Search,
  Snapshot,
  Stats,
  Weights,
} from './tetris-ai.js';
import type { GameConfig } from './types/engine.js';

/**
 * The `<tetris-ai>` element. Every setting is an attribute and a property (below, generated from
 * lib/attributes.js); a change applies at once.
 */
export declare class TetrisAiElement extends HTMLElement {
  // Generated from lib/attributes.js by `npm run docs:attributes`: the attributes.
  /**
   * The AI's weights: a preset's (give this or `weights`). The attribute `preset`: a preset's name,
   * as `presets()` lists them; by default `dellacherie` (`limits().default_preset`), where no
   * `weights` are given; a change applies at once.
   */
  preset: string | null;
  /**
   * The AI's weights: its own, in place of a preset's (the property: an object). The attribute
   * `weights`: JSON, feature name to weight: `{"holes": -4, "max_height": {"weight": -8,
   * "exponent": 2}}`; by default absent; a change applies at once.
   */
  weights: Weights | null;
  /**
   * The rules of the game. The attribute `rules`: `classic` (the research rules) or `guideline`
   * (7-bag, preview, hold, SRS); by default `classic` (`limits().game.rules`); a change starts a
   * new game.
   */
  rules: Rules['kind'];
  /**
   * What the game plays for; a goal ends it, finished (`stats.finished`), and time is counted in
   * the game's frames, 60 to the second (`stats.frames`). The attribute `mode`: `endless` (until
   * the stack tops out), `sprint` (a goal of lines), `ultra` (a time limit) or `marathon` (levels
   * of rising gravity, in place of `gravity`); their goals are `limits().modes`; by default
   * `endless` (`limits().game.mode`); a change starts a new game.
   */
  mode: GameConfig['mode'];
  /**
   * The kicks a turn tries under the guideline rules (the research rules place by drops): SRS, or
   * TETR.IO's SRS+, whose I kicks the same way off either wall and which adds half turns (180°, the
   * `half` key). The attribute `kicks`: `srs`, `srs_plus`; by default `srs`; a change starts a new
   * game.
   */
  kicks: 'srs' | 'srs_plus';
  /**
   * The game is one side of a match under these versus rules (the engine's `VersusPreset`): its
   * clears attack, fired as `attack` events (`detail.rows`), and `receiveAttack(rows)` queues the
   * opponent's, shown in a meter beside the board until it enters as garbage. The attribute
   * `versus`: `ppt` (Puyo Puyo Tetris) or `tetrio` (TETR.IO); by default absent: no match; a change
   * starts a new game.
   */
  versus: 'ppt' | 'tetrio' | null;
  /**
   * The board (the property: `[width, height]`). The attribute `board`: `WIDTHxHEIGHT`, within
   * `limits().width` and `limits().height`; by default `10x20` (`limits().game`); a change starts a
   * new game.
   */
  board: [number, number];
  /**
   * The seed of the pieces: the same seed plays the same game. The attribute `seed`: a whole number
   * within `limits().seed`; by default random; a change starts a new game.
   */
  seed: number;
  /**
   * The pieces each decision plans: 1 the current piece, 2 and the next, and so on. The attribute
   * `depth`: a whole number within `limits().depth`; by default `1` (`limits().game.search`); a
   * change applies at once.
   */
  depth: number;
  /**
   * A preset plays under the rules and search it was published with (`presets()`'s `published`) in
   * place of `rules`, `depth` and `margin`, which wait until it is removed (a new game where the
   * rules change); no effect with `weights`. The attribute `as-published`: present or absent; by
   * default absent; a change applies at once.
   */
  asPublished: boolean;
  /**
   * The AI plays; absent, a person plays. The attribute `autoplay`: present or absent; by default
   * absent; a change applies at once.
   */
  autoplay: boolean;
  /**
   * While the AI plays, a game that ends is followed 2 s later by one with a new seed (a countdown
   * shows on the board). The attribute `autorestart`: present or absent; by default absent; a
   * change applies at once.
   */
  autorestart: boolean;
  /**
   * What a visitor may press. The attribute `controls`: `none` (nothing), `play` (keys while the
   * element has focus, "Play yourself" / "Let the AI play", which flips `autoplay` and fires
   * `autoplaychange`, the "?" help, and on a touch screen the game-over buttons) or `full` (also
   * the game-over buttons everywhere and the legend under the board); by default `play`; a change
   * applies at once.
   */
  controls: 'none' | 'play' | 'full';
  /**
   * Touch buttons under the board. The attribute `touch`: `auto` (where the main pointer is a
   * finger), `on` or `off`; by default `auto`; a change applies at once.
   */
  touch: 'auto' | 'on' | 'off';
  /**
   * The search on the threaded build's pool (`parallelState()` says which runs and why). The
   * attribute `parallel`: `auto` (where a short measurement at the rules, board and depth in play
   * finds it faster), `on` or `off`; by default `auto`; a change applies at once.
   */
  parallel: 'auto' | 'on' | 'off';
  /**
   * Frames per AI input; -1 places a piece at once. The attribute `ai-delay`: a whole number from
   * -1 to 600; by default `3`; a change applies at once.
   */
  aiDelay: number;
  /**
   * Frames per second. The attribute `fps`: a whole number from 1 to 10000; by default `60`; a
   * change applies at once.
   */
  fps: number;
  /**
   * Shows the AI's best placements on the board. The attribute `hints`: present or absent; by
   * default absent; a change applies at once.
   */
  hints: boolean;
  /**
   * Frames a move key is held in manual play before it repeats (delayed auto shift). The attribute
   * `das`: a whole number from 0 to 1000; by default `10` (`limits().game.handling`); a change
   * applies at once.
   */
  das: number;
  /**
   * Frames between a held move key's repeats (auto repeat rate); 0 moves straight to the wall. The
   * attribute `arr`: a whole number from 0 to 1000; by default `2` (`limits().game.handling`); a
   * change applies at once.
   */
  arr: number;
  /**
   * Frames per row of fall in manual play. The attribute `gravity`: a whole number from 1 to 1000;
   * by default `60` (`limits().game.handling`); a change applies at once.
   */
  gravity: number;
  /**
   * Frames per row while soft drop is held in manual play. The attribute `soft-drop`: a whole
   * number from 1 to 1000; by default `3` (`limits().game.handling`); a change applies at once.
   */
  softDrop: number;
  /**
   * Frames a resting piece waits before it locks in manual play. The attribute `lock-delay`: a
   * whole number from 1 to 1000; by default `30` (`limits().game.handling`); a change applies at
   * once.
   */
  lockDelay: number;
  /**
   * The lookahead's margin. The attribute `margin`: a number, 0 or more; by default absent: the
   * preset's; a change applies at once.
   */
  margin: number | null;
  // The end of the generated attributes.

  /** The game in the element's worker (null before it starts). */
  readonly game: Game | null;
  /** The rules the game plays: `rules`'s, or the preset's published ones (null before it starts). */
  readonly rulesInPlay: Rules | null;
  /** The search the AI runs (null before it starts). */
  readonly searchInPlay: Search | null;
  /**
   * The whole game configuration the settings play, as the engine resolved them: what
   * `createGame` takes to play the same game (null before it starts).
   */
  readonly configInPlay: GameConfig | null;
  /** "threaded", "simd" or "plain" (null before it starts). */
  readonly build: Build | null;
  /** Resolves once the first game runs; rejects (and shows why in the box) if it cannot. */
  readonly ready: Promise<void>;
  readonly paused: boolean;
  /** The placements of the current game as JSON text, oldest first. */
  readonly placements: string[];
  /** What the game showed last, or null before it has shown anything. */
  readonly snapshot: Snapshot | null;
  /**
   * Outlines `cells` (a placement's, `[column, row]` pairs as `search()` gives them) on the
   * board, over everything else, until called with null; throws on anything else.
   */
  highlight(cells: Array<[number, number]> | null): void;
  /**
   * Follows the coach: each frame drawn whose piece in play was not coached yet fires
   * `coaching` with the coach's view of that piece, as `game.coach(count)` gives it, in step
   * with the board shown at any speed; `coach(0)` stops. Throws on a count that is no whole
   * number from 0 to 100.
   */
  coach(count: number): void;
  /**
   * In a match (`versus`), queues `rows` of the opponent's attack: they enter after this game's
   * next placements by the rules' delay, unless its own attack cancels them first.
   */
  receiveAttack(rows: number): Promise<void>;
  /**
   * The keys given other actions than the defaults': actions (as `KEY_TABLE` of lib/keys.js
   * names them) to their keys (`KeyboardEvent.key` values, `{cw: ["w"]}`), `{}` for the
   * defaults. Setting bindings that give a key two actions throws, naming it.
   */
  keys: Record<string, string[]>;
  /**
   * The board's cell at a point of the viewport (`[column, row]`, row 0 at the bottom), or null
   * off the board.
   */
  cellAt(clientX: number, clientY: number): [number, number] | null;
  /**
   * Changes several settings at once (one new game at most); rejects on a bad value and fires
   * `error`, showing nothing over the game (a refused attribute or property value shows there for
   * a few seconds).
   */
  update(patch: Partial<Record<string, unknown>>): Promise<void>;
  newGame(patch?: Partial<Record<string, unknown>>): Promise<void>;
  pause(): void;
  resume(): void;
  togglePause(): void;
  /** Opens the help (keys, touch gestures, legend); the game pauses while it is open. */
  openHelp(): void;
  /** Closes the help; the game goes on if it ran when the help opened. */
  closeHelp(): void;
  toggleHelp(): void;
  /**
   * What "Play yourself" / "Let the AI play" does: flips `autoplay`, starting a fresh game with
   * a new seed (and giving the element the focus) when the visitor takes over, and fires
   * `autoplaychange` once it applies.
   */
  togglePlayer(): Promise<void>;
  /**
   * Whether the search runs on the pool (never at depth 1, which has nothing to split), and why;
   * the measurement at the rules, board and search in play (made on the threaded build from
   * depth 2, when they come into play, whatever `parallel` says; `parallel="auto"` follows it),
   * once made.
   */
  parallelState(): {
    on: boolean;
    why: string;
    calibration: {
      sequential: number;
      parallel: number;
      decisions: [number, number];
      depth: number;
    } | null;
  };
  /**
   * The time of a decision at each search depth under the rules, board and weights in play, on
   * one thread, measured off the game's worker (once per rules and board).
   */
  timeDepths(): Promise<Array<{ depth: number; ms: number; decisions: number }>>;
  /** What `timeDepths` gives for the rules and board in play, once measured (else null). */
  readonly depthTimes: Array<{ depth: number; ms: number; decisions: number }> | null;
}

export interface TetrisAiEventMap {
  ready: CustomEvent<{ build: Build }>;
  /**
   * A piece locked: where, the statistics after it, for a piece placed by hand the coach's
   * rating of it against the AI's search (null for the AI's pieces), and its line clear.
   */
  piece: CustomEvent<{
    placement: Placement;
    stats: Stats;
    rating: Rating | null;
    cleared: Cleared | null;
  }>;
  lines: CustomEvent<{ cleared: number; lines: number }>;
  gameover: CustomEvent<{ stats: unknown }>;
  error: CustomEvent<{ message: string }>;
  newgame: CustomEvent<{ seed: number }>;
  /** A measurement of the parallel search was made (see `parallelState`). */
  calibrated: CustomEvent<ReturnType<TetrisAiElement['parallelState']>>;
  /** The visitor flipped `autoplay` with "Play yourself" / "Let the AI play". */
  autoplaychange: CustomEvent<{ autoplay: boolean }>;
  /** In a match (`versus`), rows the game's clears sent, for the opponent. */
  attack: CustomEvent<{ rows: number }>;
  /** The coach's view of the piece now drawn (see `coach`); null once the game is over. */
  coaching: CustomEvent<{ coaching: Coaching | null }>;
}

declare global {
  interface HTMLElementTagNameMap {
    'tetris-ai': TetrisAiElement;
  }
}
