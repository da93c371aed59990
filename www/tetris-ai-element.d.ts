// Types of tetris-ai-element.js: the <tetris-ai> custom element.

import type { Build, Game, Rules, Search, Weights } from './tetris-ai.js';

/** The `<tetris-ai>` element. Every setting is an attribute and a property; a change applies at once. */
export declare class TetrisAiElement extends HTMLElement {
  /** A preset's name; give this or `weights`. */
  preset: string | null;
  /** Feature name to weight (the attribute takes JSON). */
  weights: Weights | null;
  rules: 'classic' | 'guideline';
  /** [width, height] (the attribute takes "10x20"). */
  board: [number, number];
  seed: number;
  depth: number;
  /**
   * Whether a preset plays under the rules and search it was published with (`presets()`'s
   * `published`) instead of `rules`, `depth` and `margin`; no effect with custom `weights`.
   */
  asPublished: boolean;
  /** Whether the AI plays. */
  autoplay: boolean;
  /** While the AI plays, a game that ends is followed 2 s later by one with a new seed. */
  autorestart: boolean;
  /**
   * none: no input; play: keys while focused, "Play yourself" / "Let the AI play" (which flips
   * `autoplay` and fires `autoplaychange`), the "?" help, and on a touch screen the game-over
   * buttons; full: also the game-over buttons everywhere and the legend under the board.
   */
  controls: 'none' | 'play' | 'full';
  /** Touch buttons under the board: "auto" (where the pointer is coarse), "on" or "off". */
  touch: 'auto' | 'on' | 'off';
  /** Search on the thread pool: "auto" (where measured faster), "on" or "off". */
  parallel: 'auto' | 'on' | 'off';
  /** Frames per AI input (-1: a piece at once). */
  aiDelay: number;
  fps: number;
  hints: boolean;
  gravity: number;
  lockDelay: number;
  margin: number | null;

  /** The game in the element's worker (null before it starts). */
  readonly game: Game | null;
  /** The rules the game plays: `rules`'s, or the preset's published ones (null before it starts). */
  readonly rulesInPlay: Rules | null;
  /** The search the AI runs (null before it starts). */
  readonly searchInPlay: Search | null;
  /** "threaded", "simd" or "plain" (null before it starts). */
  readonly build: Build | null;
  /** Resolves once the first game runs; rejects (and shows why in the box) if it cannot. */
  readonly ready: Promise<void>;
  readonly paused: boolean;
  /** The placements of the current game as JSON text, oldest first. */
  readonly placements: string[];
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
   * What "Play yourself" / "Let the AI play" does: flips `autoplay` (giving the element the
   * focus when the visitor takes over) and fires `autoplaychange` once it applies.
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
  piece: CustomEvent<{ placement: unknown; stats: unknown }>;
  lines: CustomEvent<{ cleared: number; lines: number }>;
  gameover: CustomEvent<{ stats: unknown }>;
  error: CustomEvent<{ message: string }>;
  newgame: CustomEvent<{ seed: number }>;
  /** A measurement of the parallel search was made (see `parallelState`). */
  calibrated: CustomEvent<ReturnType<TetrisAiElement['parallelState']>>;
  /** The visitor flipped `autoplay` with "Play yourself" / "Let the AI play". */
  autoplaychange: CustomEvent<{ autoplay: boolean }>;
}

declare global {
  interface HTMLElementTagNameMap {
    'tetris-ai': TetrisAiElement;
  }
}
