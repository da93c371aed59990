// Types of tetris-ai.js, the JavaScript API of the tetris-ai engine. The values the engine sends
// and reads are declared in types/engine.d.ts, generated from its Rust types; this file declares
// what JavaScript adds: the classes and functions, their options, and the snapshot the worker
// assembles.

import type * as Engine from './types/engine.js';

export type {
  AskedBatch,
  BenchmarkResult,
  Choices,
  Cleared,
  Contribution,
  Difference,
  EvolutionConfig,
  Explanation,
  FeatureInfo,
  Frame,
  FeatureName,
  Handling,
  Key,
  Limits,
  Mode,
  ModeGoals,
  Measurements,
  OptimizerConfig,
  OptimizerName,
  Phase,
  Piece,
  PieceView,
  Placement,
  PresetInfo,
  PresetName,
  Rating,
  Recording,
  Report,
  Settings as GameSettings,
  SharedSettings,
  Rules,
  Stats,
  Step,
  SurvivalEstimate,
  VersusPreset,
  VersusStats,
  Weights,
  WrittenWeight as Weight,
  SearchConfig as Search,
} from './types/engine.js';

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

/**
 * `T` as the engine reads it: every field may be left out for its default, in nested objects
 * too (an array, a tuple or a union with null is given whole).
 */
export type Settings<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[]
    ? T[K]
    : T[K] extends object
      ? Settings<T[K]>
      : T[K];
};

/**
 * Everything that defines a game, as `createGame` takes it: every field optional. A seed past
 * 2^53 - 1 may be given as a string of decimal digits.
 */
export type GameConfig = Omit<Settings<Engine.GameConfig>, 'seed'> & {
  seed?: Engine.GameConfig['seed'] | string;
};

/** The choices `evolutionConfig` takes (the command line's `evolve` options), all optional. */
export type RunOptions = Settings<Engine.RunOptions>;

/** The AI's choice for a piece, with the cells its placement fills. */
export type Choice = Engine.ChoiceView;

/** What a renderer needs besides the locked cells (which `cells()` gives as a typed array). */
export type View = Omit<Engine.View, 'cells'>;

/** Options of `createGame`. */
export interface GameOptions {
  build?: BuildChoice;
  /** Threads of the threaded build's pool (default: one per core). */
  threads?: number;
}

/** What to draw after `advance`. */
export interface Snapshot {
  /** Locked cells row by row from the bottom: 0 empty, else 1 + the piece index (IOTSZJL). */
  cells: Uint8Array;
  view: View;
  /** Where the AI is taking the current piece. */
  target: Engine.PieceView | null;
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
  locked: Engine.Placement[];
  /** The coach's rating of each of `locked` made by hand (null for the AI's placements). */
  ratings: Array<Engine.Rating | null>;
  /** The line clear each of `locked` made, with the streaks after it (null where none). */
  cleared: Array<Engine.Cleared | null>;
  /** In a match, the garbage rows waiting to enter; null where the game plays none. */
  garbage: number | null;
  /** In a match, the rows its clears sent since the last snapshot, for the opponent. */
  sent: number;
  /**
   * Where `coach` was asked for and the piece in play is not the one coached last: the coach's
   * view of the piece drawn, as `Game.coach` gives it (null once the game is over).
   */
  coaching?: Coaching | null;
  /** The frames that ran. */
  frames: number;
}

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

/**
 * A Tetris Bot Protocol message, as the protocol's specification writes it: an object with its
 * `type` ("start", "play", "new_piece", "stop"...) and that type's fields.
 */
export interface TbpMessage {
  type: string;
  [field: string]: unknown;
}

/** A move as a Tetris Bot Protocol bot suggests it: where the piece lies, and its spin. */
export interface TbpMove {
  location: {
    type: Engine.Piece;
    orientation: 'north' | 'east' | 'south' | 'west';
    x: number;
    y: number;
  };
  spin: 'none' | 'mini' | 'full';
}

/** What the coach shows for the piece in play (see `Game.coach`). */
export interface Coaching {
  /** The AI's choice while it plays, else the best placement by its own score. */
  choice: Choice;
  /** Why the AI scores `choice` as it does. */
  explanation: Engine.Explanation;
  /** The best placements with different cells, best first, each with its rating. */
  alternatives: Array<{ choice: Choice; rating: Engine.Rating }>;
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
  /** The AI plays one piece: the step, or null once the game is over. */
  step(): Promise<Engine.Step | null>;
  /** The AI plays on to game over or until `maxPieces` pieces in all: the statistics. */
  play(maxPieces?: number): Promise<Engine.Stats>;
  /** The AI's choice for the current piece, decided now if need be; null once over. */
  decide(): Promise<Choice | null>;
  /** The AI makes the next input of its path: the step when the piece locks, else null. */
  aiInput(): Promise<Engine.Step | null>;
  /** Every placement of the current piece (and the hold alternative), best first. */
  search(): Promise<Choice[]>;
  /** The placements tied for the best score, as `search` gives them first. */
  hints(): Promise<Choice[]>;
  /**
   * Why the AI scores `placement` (one `search` gives) as it does: each weighted feature's value,
   * weight and contribution, summing to its score; at depth 2 and deeper also the later plies'
   * value and the plan value. Any other placement rejects, naming it.
   */
  explain(placement: Engine.Placement): Promise<Engine.Explanation>;
  /**
   * Where `placement` (one `search` gives) ranks among them by score, how far below the best, and
   * the one or two features that make most of the difference. Any other rejects, naming it.
   */
  rate(placement: Engine.Placement): Promise<Engine.Rating>;
  /**
   * The game as a replay keeps it: the move of each piece encoded as text, or none where the AI
   * alone played every piece under the configuration, which then plays it again from its seed.
   */
  recording(): Promise<Engine.Recording>;
  /**
   * The AI's choice for the piece in play (while the player plays, the best placement by its own
   * score) explained, and the `count` best placements with different cells rated, all of one
   * piece; null once the game is over.
   */
  coach(count: number): Promise<Coaching | null>;
  /**
   * Presses a key: manual play from now until an `advance` turns the AI on. Resolves to whether
   * the game took it (false once the game is over).
   */
  press(key: Engine.Key): Promise<boolean>;
  release(key: Engine.Key): Promise<void>;
  /** Lets `frames` frames of manual play pass: the steps of the pieces that locked. */
  tick(frames: number): Promise<Engine.Step[]>;
  cells(): Promise<Uint8Array>;
  activeCells(): Promise<Int32Array>;
  ghostCells(): Promise<Int32Array>;
  view(): Promise<View>;
  stats(): Promise<Engine.Stats>;
  weights(): Promise<Engine.Weights>;
  setWeights(weights: Engine.Weights): Promise<void>;
  setHandling(handling: GameConfig['handling']): Promise<void>;
  /** Replaces the AI's search from its next decision (a margin of null takes the preset's). */
  setSearch(search: GameConfig['search']): Promise<void>;
  /**
   * Splits each decision's plies after the first over the threaded build's pool, with the same
   * choices; resolves to whether the pool is in use (false on a single-threaded build).
   */
  setParallel(on: boolean): Promise<boolean>;
  /**
   * Plays the game as one side of a match under the versus rules `rules` from now on: its clears
   * attack (`takeSent`), and the opponent's attack enters as garbage (`receiveAttack`).
   */
  setVersus(rules: Engine.VersusPreset): Promise<void>;
  /**
   * Queues `rows` of the opponent's attack, arriving now: they enter after the game's next
   * placements, by the rules' garbage delay, unless its own attack cancels them first.
   */
  receiveAttack(rows: number): Promise<void>;
  /** The rows the game's clears sent since last asked (0 where it plays no match). */
  takeSent(): Promise<number>;
  /** Incoming garbage rows not yet entered; null where the game plays no match. */
  pendingGarbage(): Promise<number | null>;
  /** The match's totals; null where the game plays no match. */
  versusStats(): Promise<Engine.VersusStats | null>;
  /**
   * The Tetris Bot Protocol's `start` message of the game as it stands, for a bot that places its
   * pieces (`tbpPlay`). A game that is not the protocol's (guideline rules on 10x20) rejects.
   */
  tbpStart(): Promise<TbpMessage>;
  /**
   * Plays the first of `moves` (a Tetris Bot Protocol suggestion's, the most preferred first)
   * that the piece in play, or the one hold brings, reaches by the rules: the step, and the
   * messages to post to the bot in order (`play`, then `new_piece`; `stop` and a new `start`
   * where garbage came in; `stop` after the last move). Where none can be played it rejects,
   * naming the first move refused and why, and the game is unchanged.
   */
  tbpPlay(moves: TbpMove[]): Promise<{ step: Engine.Step; messages: TbpMessage[] }>;
  /**
   * Runs up to `frames` fixed frames of manual play or of the AI, then reports what to draw: with
   * the hints where asked for, and with `coach` 1 or more, the coaching of a new piece in play
   * ranking that many placements.
   */
  advance(
    frames: number,
    ai: { enabled: boolean; delay: number },
    hints?: boolean,
    coach?: number,
  ): Promise<Snapshot>;
  snapshot(hints?: boolean, coach?: number): Promise<Snapshot>;
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
  /**
   * The game configuration `settings` play, as the engine resolves settings (see `gameConfig`),
   * in this game's worker.
   */
  gameConfig(settings: Engine.Settings): Promise<Engine.GameConfig>;
  /** Stops the worker and frees its memory. */
  close(): void;
}

/** Progress within a generation. */
export interface Progress {
  generation: number;
  phase: Engine.Phase;
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
  config: Engine.EvolutionConfig;
  onProgress: ((progress: Progress) => void) | null;
  /**
   * Where the pending generation stands: its batch's phase, the games of it played and kept for
   * the next `generation()` (none on the threaded build, which plays a stopped batch again) and
   * the batch's games; null before the generation's first batch.
   */
  readonly standing: Progress | null;
  /** Runs one generation: its report, or null when `pause()` stopped it. */
  generation(): Promise<Engine.Report | null>;
  /** The checkpoint text (the CLI's format) as of the last completed generation. */
  checkpoint(): Promise<string>;
  pause(): void;
  close(): void;
}

/**
 * Jobs done of a measurement's: a benchmark's games, a survival estimate's replicates, or a
 * versus series' matches.
 */
export interface BenchmarkProgress {
  done: number;
  total: number;
}

/** The options every measurement takes besides its kind's own. */
export interface MeasureOptions {
  build?: BuildChoice;
  /** Workers of a single-threaded build, simd or plain (default: one per core). */
  workers?: number;
  /** Threads of the threaded build's pool (default: one per core). */
  threads?: number;
  /** Hears the jobs played (games, replicates), at most every 100 ms and once all are. */
  onProgress?: (progress: BenchmarkProgress) => void;
  /** Cancels the measurement: its workers stop and it rejects with an AbortError. */
  signal?: AbortSignal;
}

/** A kind of measurement: the engine's, each with its options and result. */
export type MeasurementKind = keyof Engine.Measurements;

/** Options of `benchmark`. */
export type BenchmarkOptions = Engine.BenchmarkOptions & MeasureOptions;

/** Options of `survival`. */
export type SurvivalOptions = Engine.SurvivalOptions & MeasureOptions;

/** Options of `versus`: the opponent in the form `createGame` takes. */
export type VersusOptions = Omit<Engine.SeriesOptions, 'opponent'> & {
  opponent?: GameConfig;
} & MeasureOptions;

/** A recorded game played again in a worker of its own (see `openReplay`). */
export declare class Replay {
  /** How many placements the replay holds. */
  readonly count: number;
  /** The configuration of the game replayed. */
  readonly config: Engine.GameConfig;
  /** The replay with every move, as JSON text: what a file or a share link holds. */
  readonly text: string;
  /**
   * The position after `index` placements (0 to `count`): the view, and the move made from it
   * with the coach's rating of it (null at the end). Any other index rejects, naming it.
   */
  frame(index: number): Promise<Engine.Frame>;
  /** Stops the replay's worker. */
  close(): void;
}

/** The error a call rejects with when its worker stopped. */
export declare class WorkerStopped extends Error {}

export function createGame(config?: GameConfig, options?: GameOptions): Promise<Game>;
export function createEvolution(
  config: Engine.EvolutionConfig,
  options?: EvolutionOptions,
): Promise<Evolution>;
export function resumeEvolution(
  checkpointText: string,
  options?: EvolutionOptions,
): Promise<Evolution>;
export function evolutionConfig(options?: RunOptions): Promise<Engine.EvolutionConfig>;
/**
 * The game configuration that `settings` play: the one resolver of settings (as published, the
 * preset's published rules and search stand in place of `rules`, `depth` and `margin`).
 */
export function gameConfig(settings?: Engine.Settings): Promise<Engine.GameConfig>;
/** What a share link's JSON value holds: the settings it shares, and each one left out. */
export function sharedSettings(link: unknown): Promise<Engine.SharedSettings>;
/**
 * Opens the replay of a recording's JSON text (a game's `recording()`, or a replay's `text`);
 * a recording that does not play rejects, naming what is wrong.
 */
export function openReplay(text: string): Promise<Replay>;
/**
 * Makes the measurement of kind `kind` of `config`: the result the command line gives of the
 * same jobs.
 */
export function measure<K extends MeasurementKind>(
  kind: K,
  config?: GameConfig,
  options?: Engine.Measurements[K]['options'] & MeasureOptions,
): Promise<Engine.Measurements[K]['result']>;
/**
 * Plays the games `seed .. seed + games - 1` of `config`: the statistics `tetris-ai bench
 * --json` gives of the same games, and each game's lines.
 */
export function benchmark(
  config?: GameConfig,
  options?: BenchmarkOptions,
): Promise<Engine.BenchmarkResult>;
/**
 * Estimates the mean lines of uncapped games of `config` by multilevel splitting, for games too
 * long to play out: what `tetris-ai survival --json` gives of the same replicates.
 */
export function survival(
  config?: GameConfig,
  options?: SurvivalOptions,
): Promise<Engine.SurvivalEstimate>;
/**
 * Plays the matches `seed .. seed + games - 1` of `config` against `options.opponent`: what
 * `tetris-ai versus --json` gives of the same matches.
 */
export function versus(config?: GameConfig, options?: VersusOptions): Promise<Engine.SeriesStats>;
/** The choices `evolutionConfig` takes, with their defaults and the names each allows. */
export function evolutionChoices(): Promise<Engine.Choices>;
/** Every shipped preset, with the rules and search it was published under. */
export function presets(): Promise<Engine.PresetInfo[]>;
/** Every feature, as `[name, definition, plain name, what it counts in plain words]`. */
export function features(): Promise<Engine.FeatureInfo[]>;
/** The engine's limits and defaults: board sizes, depths, beams, preview, seeds, rules, game. */
export function limits(): Promise<Engine.Limits>;
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
