// Types of tetris-ai.js, the JavaScript API of the tetris-ai engine.

/**
 * A WebAssembly build: "threaded" (SIMD and a thread pool), "simd" (SIMD on one thread) or
 * "plain" (neither; runs in every browser with WebAssembly).
 */
export type Build = 'threaded' | 'simd' | 'plain';

/**
 * "auto" (threaded where the page is cross-origin isolated and the browser has wasm threads and
 * SIMD, else simd where it has SIMD, else plain), or a build (rejects where it cannot run).
 */
export type BuildChoice = 'auto' | Build;

/** A feature's weight: a number, or a weight with an exponent. */
export type Weight = number | { weight: number; exponent?: number | null };

/** Feature name to weight. */
export type Weights = Record<string, Weight>;

/** A rule set: the research rules or the guideline rules, with their options. */
export interface Rules {
  kind: 'classic' | 'guideline';
  preview: number;
  hold: boolean;
  timing: null | { gravity: number; lock_delay: number };
  /** Where the pieces come from (null: the rule set's own, uniform or a 7-bag). */
  randomizer?: null | 'uniform' | 'bag';
  /** When a placement ends the game (null: the rule set's own). */
  top_out?: null | 'before_clears' | 'after_clears' | 'top_row' | 'lock_out';
}

/** How far and how wide the AI searches. */
export interface Search {
  /** The pieces a plan places, from `limits().depth.min` to `.max` (1 to 4). */
  depth?: number;
  /** The fraction of first moves searched at the second ply, above 0 and at most 1. */
  prune?: number;
  /**
   * The moves of each piece after the first searched at the ply after theirs (depths 3 and 4),
   * from `limits().beam.min` to `.max`; null takes the depth's (`limits().beam.default_by_depth`).
   */
  beam?: number | null;
  margin?: number | null;
  /** How a plan is valued. */
  value?: 'sum' | 'max' | 'next';
  /** How a tie between equally good first moves is broken. */
  tie_break?: 'random' | 'first';
  /** Whether a plan's second piece sees the first piece's full rows still in place. */
  keep_first_rows?: boolean;
}

/** Everything that defines a game; every field is optional. */
export interface GameConfig {
  rules?: Rules;
  width?: number;
  height?: number;
  /** A whole number from 0 to 2^53 - 1. */
  seed?: number;
  /** A preset's name; give this or `weights`. */
  preset?: string;
  weights?: Weights;
  search?: Search;
  handling?: {
    das?: number;
    arr?: number;
    gravity?: number;
    soft_drop?: number;
    lock_delay?: number;
  };
}

/** Options of `createGame`. */
export interface GameOptions {
  build?: BuildChoice;
  /** Threads of the threaded build's pool (default: one per core). */
  threads?: number;
}

/** The running totals of a game. */
export interface Stats {
  lines: number;
  pieces: number;
  score: number;
  pieces_per_line: number | null;
  game_over: boolean;
}

/** The AI's choice for a piece: placement, hold, input path, score and the cells it fills. */
export interface Choice {
  placement: { piece: string; rotation: string; x: number; y: number; spin: string };
  hold: boolean;
  path: string[];
  score: number;
  cells: Array<[number, number]>;
}

/** One piece played: the choice, the lines it cleared and the points it scored. */
export interface Step {
  choice: Choice;
  lines: number;
  points: number;
}

/** What a renderer needs, besides the locked cells. */
export interface View {
  width: number;
  height: number;
  active: { piece: string; cells: Array<[number, number]> } | null;
  ghost: { piece: string; cells: Array<[number, number]> } | null;
  hold: string | null;
  queue: string[];
  stats: Stats;
}

/** What to draw after `advance`. */
export interface Snapshot {
  /** Locked cells row by row from the bottom: 0 empty, else 1 + the piece index (IOTSZJL). */
  cells: Uint8Array;
  view: View;
  /** Where the AI is taking the current piece. */
  target: { piece: string; cells: Array<[number, number]> } | null;
  /** Every placement tied for best, when asked for. */
  hints: Choice[];
  /**
   * The AI's decision times as the worker's clock read them: the last, and the median and mean
   * of the `count` latest, in ms (null and 0 in manual play); `clock` is the clock's step in ms.
   * A decision shorter than the step reads as 0 or one step, so only the mean of many tells its
   * time there.
   */
  decision: {
    last: number | null;
    median: number | null;
    mean: number | null;
    count: number;
    clock: number;
  };
  /** The placements locked since the last snapshot. */
  locked: Array<Choice['placement']>;
  /** The frames that ran. */
  frames: number;
}

/** Engine key names. */
export type Key = 'left' | 'right' | 'soft_drop' | 'hard_drop' | 'cw' | 'ccw' | 'hold';

/**
 * How long a timing runs: decisions are timed (in batches of at least 20 ms) until `budgetMs`
 * ms of them have been made, but at least `minSamples` batches and at most `maxSamples` in each
 * way (by default 1500 ms, 5 and 15).
 */
export interface TimingBounds {
  budgetMs?: number;
  minSamples?: number;
  maxSamples?: number;
}

/** A game in a worker of its own. Every method resolves once the worker has answered. */
export declare class Game {
  /** The build the game runs on. */
  readonly build: Build;
  /** The threaded build's pool size (1 on the single-threaded builds). */
  readonly threads: number;
  /** Why a build other than the threaded one runs, where one does ("" otherwise). */
  readonly note: string;
  /** Whether the game's worker still runs. */
  readonly alive: boolean;
  step(): Promise<Step | null>;
  play(maxPieces?: number): Promise<Stats>;
  decide(): Promise<Choice | null>;
  aiInput(): Promise<Step | null>;
  /** Every placement of the current piece (and the hold alternative), best first. */
  search(): Promise<Choice[]>;
  /** The placements tied for the best score, as `search` gives them first. */
  hints(): Promise<Choice[]>;
  /**
   * Presses a key: manual play from now until an `advance` turns the AI on. Resolves to whether
   * the game took it (false once the game is over).
   */
  press(key: Key): Promise<boolean>;
  release(key: Key): Promise<void>;
  tick(frames: number): Promise<Step[]>;
  cells(): Promise<Uint8Array>;
  activeCells(): Promise<Int32Array>;
  ghostCells(): Promise<Int32Array>;
  view(): Promise<View>;
  stats(): Promise<Stats>;
  weights(): Promise<Weights>;
  setWeights(weights: Weights): Promise<void>;
  setHandling(handling: GameConfig['handling']): Promise<void>;
  /** Replaces the AI's search from its next decision (a margin of null takes the preset's). */
  setSearch(search: GameConfig['search']): Promise<void>;
  /**
   * Splits each decision's plies after the first over the threaded build's pool, with the same
   * choices; resolves to whether the pool is in use (false on a single-threaded build).
   */
  setParallel(on: boolean): Promise<boolean>;
  /** Runs up to `frames` fixed frames of manual play or of the AI, then reports what to draw. */
  advance(
    frames: number,
    ai: { enabled: boolean; delay: number },
    hints?: boolean,
  ): Promise<Snapshot>;
  snapshot(hints?: boolean): Promise<Snapshot>;
  /** Replaces the game with a new one in the same worker; a bad config keeps the old game. */
  reset(config: GameConfig): Promise<void>;
  /**
   * Times decisions of games of `config` sequentially and split over the pool, in this game's
   * worker between its other calls (the game plays on): the medians in ms per decision, and the
   * decisions timed each way ([sequential, parallel]).
   */
  calibrateParallel(
    config: GameConfig,
    bounds?: TimingBounds,
  ): Promise<{ sequential: number; parallel: number; decisions: [number, number] }>;
  /** Stops the worker and frees its memory. */
  close(): void;
}

/** A run's configuration, as a checkpoint's `config` holds it. */
export interface EvolutionConfig {
  features: string[];
  ranges: Array<[number, number]>;
  optimizer: { kind: 'ga' | 'cem' | 'hill_climb' | 'anneal'; settings: Record<string, unknown> };
  fitness: Record<string, unknown>;
  seed: number;
  validation: { top: number; games: number };
}

/** The choices `evolutionConfig` takes (the command line's `evolve` options). */
export interface RunOptions {
  optimizer?: 'ga' | 'cem' | 'hill_climb' | 'anneal';
  ga?: string;
  /** A list of feature names, or a weight preset whose features to learn. */
  features?: string[] | string;
  settings?: Record<string, unknown>;
  population?: number;
  width?: number;
  height?: number;
  rules?: 'classic' | 'guideline';
  games?: number;
  max_pieces?: number | null;
  common_seeds?: boolean;
  seed?: number;
  validation?: { top: number; games: number };
}

/** One generation's report. */
export interface Report {
  generation: number;
  /** The best, mean and median training fitness of this generation (mean lines per game). */
  best: number;
  mean: number;
  median: number;
  best_weights: Weights;
  /** The best training fitness of the run so far. */
  best_ever: number;
  /** This generation's best fitness on the validation games, and its weights (null without). */
  validated_best: number | null;
  validated_weights: Weights | null;
  /** The run's best validated fitness so far (null without validation). */
  validated_best_ever: number | null;
  /** Games played by the run so far, training and validation. */
  games_played: number;
  elapsed_seconds: number;
}

/** Progress within a generation. */
export interface Progress {
  generation: number;
  phase: 'training' | 'validation';
  done: number;
  total: number;
}

/** Options of `createEvolution` and `resumeEvolution`. */
export interface EvolutionOptions {
  build?: BuildChoice;
  /** Workers of a single-threaded build, simd or plain (default: one per core). */
  workers?: number;
  /** Threads of the threaded build's pool (default: one per core). */
  threads?: number;
}

/** An evolution run in engine workers. */
export declare class Evolution {
  readonly build: Build;
  /** Why a build other than the threaded one runs, where one does ("" otherwise). */
  readonly note: string;
  /** Workers playing games (1 on the threaded build). */
  readonly size: number;
  readonly threads: number;
  /** Workers that died and were replaced. */
  readonly restarts: number;
  /** Generations completed. */
  readonly generations: number;
  config: EvolutionConfig;
  onProgress: ((progress: Progress) => void) | null;
  /**
   * Where the pending generation stands: its batch's phase, the games of it played and kept for
   * the next `generation()` (none on the threaded build, which plays a stopped batch again) and
   * the batch's games; null before the generation's first batch.
   */
  readonly standing: Progress | null;
  /** Runs one generation: its report, or null when `pause()` stopped it. */
  generation(): Promise<Report | null>;
  /** The checkpoint text (the CLI's format) as of the last completed generation. */
  checkpoint(): Promise<string>;
  pause(): void;
  close(): void;
}

/** The error a call rejects with when its worker stopped. */
export declare class WorkerStopped extends Error {}

export function createGame(config?: GameConfig, options?: GameOptions): Promise<Game>;
export function createEvolution(
  config: EvolutionConfig,
  options?: EvolutionOptions,
): Promise<Evolution>;
export function resumeEvolution(
  checkpointText: string,
  options?: EvolutionOptions,
): Promise<Evolution>;
export function evolutionConfig(options?: RunOptions): Promise<EvolutionConfig>;
export function evolutionChoices(): Promise<{
  defaults: Required<Omit<RunOptions, 'features' | 'settings' | 'population' | 'max_pieces'>> &
    RunOptions;
  optimizers: string[];
  ga_presets: string[];
}>;
export function presets(): Promise<
  Array<{
    name: string;
    source: string;
    published_under: string;
    weights: Weights;
    lookahead_margin: number | null;
    /** The rules and search the weights were published under (a game's `rules` and `search`). */
    published: { rules: Rules; search: Search };
  }>
>;
export function features(): Promise<Array<[string, string]>>;
export function limits(): Promise<{
  width: { min: number; max: number };
  height: { min: number; max: number };
  depth: { min: number; max: number };
  /** The beam's range, and the beam each depth keeps by default (keyed by the depth). */
  beam: { min: number; max: number; default_by_depth: Record<string, number> };
  preview: { min: number; max: number };
  seed: { min: number; max: number };
  rules: { classic: Rules; guideline: Rules };
  game: Required<GameConfig>;
  default_preset: string;
}>;
export function resolveBuild(build?: BuildChoice): Promise<{ build: Build; note: string }>;
/**
 * Times the AI's decisions of `config` at each search depth (`options.depths`, default every
 * depth `limits()` allows) on one thread, in a short-lived worker of its own: the median ms per
 * decision and the decisions timed, per depth. `options` bound each depth's timing (by default
 * 500 ms of decisions).
 */
export function timeDepths(
  config: GameConfig,
  options?: TimingBounds & { depths?: number[] },
): Promise<Array<{ depth: number; ms: number; decisions: number }>>;
