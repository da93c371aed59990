// The types of the values the tetris-ai engine sends to JavaScript and reads from it, generated
// from its Rust types by `./build.sh types` (see crates/wasm/src/typescript.rs): do not edit.

/**
 * The settings of simulated annealing.
 */
export type AnnealConfig = {
/**
 * The initial standard deviation of the Gaussian added to each weight; above 0.
 */
step: number,
/**
 * The factor the step is multiplied by each generation, in (0, 1].
 */
step_decay: number,
/**
 * The initial temperature `T0`; 0 or more (0 accepts only candidates at least as good).
 */
temperature: number,
/**
 * The factor the temperature is multiplied by each generation, in (0, 1].
 */
cooling: number,
/**
 * Perturbations scored per generation, in one call; at least 1.
 */
candidates: number, };

/**
 * What a generation asks for next, as a page receives it: the batch as JSON text (opaque to
 * JavaScript, whose numbers cannot hold its 64-bit seeds), its number of games, and what they
 * are for.
 */
export type AskedBatch = {
/**
 * The batch's JSON text, as [`GameBatch`] reads it.
 */
text: string,
/**
 * The number of games in it.
 */
jobs: number,
/**
 * What the games are for.
 */
phase: Phase, };

/**
 * An attack a game of a match took in, on the match's clock: placements since it began.
 */
export type Attack = {
/**
 * Placements made in the match when it came.
 */
at: number,
/**
 * Its rows (at least one).
 */
rows: number,
/**
 * The placement from which its rows may enter.
 */
due: number, };

/**
 * Which attack table a versus game sends by.
 */
export type AttackTable = "ppt" | "tetrio";

/**
 * The beam's range, and the beam each depth keeps when none is given.
 */
export type BeamLimits = {
/**
 * The narrowest beam.
 */
min: number,
/**
 * The widest beam.
 */
max: number,
/**
 * The beam each depth keeps when none is given, by depth.
 */
default_by_depth: { [key in string]: number }, };

/**
 * The games a benchmark may play (see [`crate::bench`]).
 */
export type BenchmarkLimits = {
/**
 * Games.
 */
games: Count,
/**
 * The pieces after which each game stops, where a cap is given.
 */
max_pieces: Range, };

/**
 * A benchmark's options as a page gives them (`benchmark()`'s, beside the game configuration):
 * each may be left out.
 */
export type BenchmarkOptions = {
/**
 * Games to play (default 100).
 */
games?: number,
/**
 * The first game's seed (default the configuration's); game i is seeded `seed + i`.
 */
seed?: number | string,
/**
 * Pieces after which each game stops (default: none).
 */
maxPieces?: number, };

/**
 * A benchmark's result as a page gets it: the statistics, and the lines of every game.
 */
export type BenchmarkResult = {
/**
 * The lines of each game in game order: game `i` was seeded `seed + i`.
 */
game_lines: Array<number>,
/**
 * Games played.
 */
games: number,
/**
 * Mean lines per game.
 */
mean: number,
/**
 * Median lines per game: the middle game's, or the mean of the two middle games' for an
 * even count.
 */
median: number,
/**
 * Fewest lines in a game.
 */
min: number,
/**
 * Most lines in a game.
 */
max: number,
/**
 * Sample standard deviation of the lines per game (divided by n - 1; 0 for one game).
 */
std: number,
/**
 * Lines cleared over all games.
 */
lines: number,
/**
 * Games still going when they were stopped at the cap on pieces.
 */
capped: number,
/**
 * Pieces placed (one decision each) over all games.
 */
pieces: number,
/**
 * Pieces placed per line cleared over all games; null when no line was cleared.
 */
pieces_per_line: number | null, };

/**
 * The settings of the noisy cross-entropy method.
 */
export type CemConfig = {
/**
 * Genomes sampled and scored per generation; at least 1.
 */
population: number,
/**
 * The fraction of the sample kept as the elite, in (0, 1]; at least one genome is kept.
 */
elite: number,
/**
 * The initial mean of every weight.
 */
initial_mean: number,
/**
 * The initial standard deviation of every weight (10 is a variance of 100).
 */
initial_std: number,
/**
 * `a`: the noise added to the variance at the first refit.
 */
noise: number,
/**
 * `b`: the noise falls by 1 every `b` generations, down to 0.
 */
noise_decay: number, };

/**
 * A placement with how to reach it and how the AI scored it.
 */
export type Choice = {
/**
 * Where the piece locks.
 */
placement: Placement,
/**
 * Whether the hold slot is used first.
 */
hold: boolean,
/**
 * The inputs, starting with `Hold` when hold is used and ending with a hard drop.
 */
path: Array<Input>,
/**
 * The score the choice was ranked by (the plan value at depth 2 and deeper).
 */
score: number, };

/**
 * A choice as a renderer reads it: with the cells its placement fills.
 */
export type ChoiceView = {
/**
 * The cells the placement fills, as (column, row).
 */
cells: [[number, number], [number, number], [number, number], [number, number]],
/**
 * Where the piece locks.
 */
placement: Placement,
/**
 * Whether the hold slot is used first.
 */
hold: boolean,
/**
 * The inputs, starting with `Hold` when hold is used and ending with a hard drop.
 */
path: Array<Input>,
/**
 * The score the choice was ranked by (the plan value at depth 2 and deeper).
 */
score: number, };

/**
 * The choices a page offers, with their defaults.
 */
export type Choices = {
/**
 * Every option's default.
 */
defaults: RunOptions,
/**
 * The optimizers' names, in the registry's order.
 */
optimizers: Array<OptimizerName>,
/**
 * Each optimizer's population sizes, by name; `null` for one that ignores the population.
 * A GA preset's tournament may need more than the GA's fewest.
 */
populations: { [key in OptimizerName]?: PopulationSizes | null },
/**
 * The GA presets' names.
 */
ga_presets: Array<string>,
/**
 * The rule sets' names.
 */
rules: [RuleSet, RuleSet],
/**
 * The randomizers' names.
 */
randomizers: Array<RandomizerKind>,
/**
 * The effort of a survival replicate unless told otherwise (`survival` is off by default).
 */
survival_effort: SurvivalEffort, };

/**
 * A placement's line clear, as attack tables read it.
 */
export type Clear = {
/**
 * Full rows removed (0 to 4).
 */
lines: number,
/**
 * The T-spin the placement scored as.
 */
spin: Spin,
/**
 * Whether the board was empty afterwards (a perfect clear, or all clear).
 */
perfect: boolean, };

/**
 * A placement's line clear, as a game shows it: the clear (lines, T-spin, perfect clear), the
 * streaks after it (combo, back-to-back) and the rows it removed.
 */
export type Cleared = {
/**
 * The clear.
 */
clear: Clear,
/**
 * The streaks after it.
 */
streaks: Streaks,
/**
 * The rows removed, as bits: bit `y` for row `y` before the clear.
 */
rows: number, };

/**
 * The settings of CMA-ES.
 */
export type CmaesConfig = {
/**
 * Genomes sampled and scored per generation (`λ`), at least 2; null (or absent) for the
 * tutorial's `4 + ⌊3 ln n⌋` with `n` weights.
 */
population: number | null,
/**
 * Each weight's initial standard deviation as a fraction of its initial range's width,
 * above 0 (the tutorial suggests 0.3 of the width of the region searched).
 */
initial_sigma: number, };

/**
 * One weighted feature's part of a placement's score, as [`Weights::contributions`] gives it.
 */
export type Contribution = {
/**
 * The feature's registered name.
 */
feature: FeatureName,
/**
 * The feature's name in players' words.
 */
name: string,
/**
 * What the feature counts, in one line of plain words.
 */
meaning: string,
/**
 * The cells it counts, as `[x, y]` on the board the placement lands on, with any full rows
 * still in place (rows counted before clears), to point at while it is explained.
 */
cells: Array<[number, number]>,
/**
 * The feature's value, as its definition gives it (before any exponent).
 */
value: number,
/**
 * The exponent, if the weight has one.
 */
exponent: number | null,
/**
 * The value the weight multiplies: `value` raised to the exponent as the feature defines
 * (for `column_holes_pow` each column's count is raised before summing), else `value`.
 */
raised: number,
/**
 * The weight.
 */
weight: number,
/**
 * `weight` times `raised`: the feature's part of the score.
 */
contribution: number, };

/**
 * An inclusive range of whole numbers and the one taken when none is given.
 */
export type Count = {
/**
 * The smallest allowed.
 */
min: number,
/**
 * The largest allowed.
 */
max: number,
/**
 * The one taken when none is given.
 */
default: number, };

/**
 * How two parents are combined into one child.
 */
export type Crossover = "uniform" | "average" | "fitness_weighted" | "one_point";

/**
 * How one feature of a placement differs from the best first move's.
 */
export type Difference = {
/**
 * The feature's registered name.
 */
feature: FeatureName,
/**
 * The feature's name in players' words.
 */
name: string,
/**
 * The placement's value of the feature less the best's (before any exponent).
 */
change: number,
/**
 * The placement's contribution less the best's: negative where the feature costs it score.
 */
effect: number, };

/**
 * Everything that defines a run.
 */
export type EvolutionConfig = {
/**
 * The features whose weights are learned, in genome order.
 */
features: Array<FeatureName>,
/**
 * The range each feature's initial weight is drawn from.
 */
ranges: Array<[number, number]>,
/**
 * The optimizer.
 */
optimizer: OptimizerConfig,
/**
 * How individuals are scored.
 */
fitness: FitnessConfig,
/**
 * The seed every random choice of the run comes from.
 */
seed: number,
/**
 * How each generation's best genomes are validated (missing in older checkpoints: the
 * default).
 */
validation: ValidationConfig,
/**
 * How the run handles the noise of the training games (missing in older checkpoints: all
 * off).
 */
noise: NoiseConfig,
/**
 * The genome the run starts from, one weight per feature: CMA-ES's and CEM's first mean,
 * the climbers' first weights and one of the GA's first population (none: the optimizer's
 * own start, from the ranges).
 */
start?: Array<number>, };

/**
 * What one placement did in a versus game.
 */
export type Exchange = {
/**
 * The clear it made.
 */
clear: Clear,
/**
 * The rows the clear was worth.
 */
attack: number,
/**
 * Incoming rows that attack cancelled.
 */
cancelled: number,
/**
 * The rows it sends to the opponent: the attack less what it cancelled.
 */
sent: number,
/**
 * Garbage rows that entered after it.
 */
received: number,
/**
 * Whether garbage pushed the stack above the buffer.
 */
topped_out: boolean, };

/**
 * How the search scores one first move: each weighted feature of the board it leaves.
 */
export type Explanation = {
/**
 * The placement, as the search finds it.
 */
placement: Placement,
/**
 * Whether the hold slot is used first (the placement is the hold alternative's).
 */
hold: boolean,
/**
 * Each weighted feature of the board the placement leaves, in the weights' order; none when
 * the placement ends the game.
 */
terms: Array<Contribution>,
/**
 * The placement's own score: the terms' contributions summed in order, minus infinity when
 * it ends the game. The search ranks first moves by it, and plays by it at depth 1.
 */
score: number,
/**
 * Whether the placement ends the game.
 */
ends_game: boolean,
/**
 * At depth 2 and deeper, the value of the plies after it, as the search works it out (the
 * pieces that follow, known or expected); null at depth 1.
 */
later: number | null,
/**
 * At depth 2 and deeper, the value the AI chooses by: `score` combined with `later` as the
 * search's plan value says (their sum by default); null at depth 1, where it is `score`.
 */
plan: number | null, };

/**
 * A feature: its name, its definition, its plain name and what it counts in plain words, in
 * the registry's order.
 */
export type FeatureInfo = [FeatureName, string, string, string];

/**
 * The name of a feature: one of the registry's.
 */
export type FeatureName = "rows_cleared" | "landing_height" | "eroded_piece_cells" | "row_transitions" | "column_transitions" | "holes" | "cumulative_wells" | "max_height" | "aggregate_height" | "bumpiness" | "avg_height_difference" | "blocks" | "avg_height" | "blocks_above_holes" | "gaps" | "placement_height" | "deepest_well" | "hole_depth" | "rows_with_holes" | "pattern_diversity" | "column_holes_pow" | "row_transitions_cs3243" | "wells_cs3243" | "row_flips" | "column_flips" | "aggregate_height_takado8" | "holes_before_clears" | "bumpiness_before_clears" | "aggregate_height_before_clears" | "tsd_slot" | "tst_slot" | "cavity_cells" | "overhang_cells" | "top_half" | "top_quarter" | "well_lines" | "attack" | "difficult_clear" | "back_to_back" | "combo" | "garbage_danger" | "clears" | "cold_clear_2_board" | "cold_clear_2_move";

/**
 * Which features a run learns.
 */
export type Features = Array<FeatureName> | string;

/**
 * How individuals are scored.
 */
export type FitnessConfig = {
/**
 * Training board columns.
 */
width: number,
/**
 * Training board rows.
 */
height: number,
/**
 * Training rules.
 */
rules: Rules,
/**
 * Games per individual (K).
 */
games: number,
/**
 * Pieces after which a game stops, if any.
 */
max_pieces: number | null,
/**
 * Whether every individual of one evaluation plays the same K seeds (common random numbers).
 */
common_seeds: boolean,
/**
 * Search depth of the players: the individual's, and in matches its opponents' (1 to 4).
 */
depth: number,
/**
 * Search by a beam this wide through every known piece instead of by plies (the players',
 * as [`SearchConfig::preview_beam`]); null (or absent) searches by plies, to `depth`.
 */
preview_beam?: number,
/**
 * Score by survival: each of the K games is a splitting replicate of this effort; null (or
 * absent) plays whole games.
 */
survival: SurvivalEffort | null,
/**
 * Score by matches: each of the K games is a match against the pool's opponents, and its
 * "lines" are the points it scored (see [`crate::matches`]); null (or absent) plays alone.
 * The cap on pieces, if any, is each side's in a match. Left out of the JSON when null, so
 * that a run without matches writes the checkpoints it wrote before they existed.
 */
versus?: VersusFitness, };

/**
 * One position of a replay: the game after `index` placements, and the move made from it.
 */
export type Frame = {
/**
 * Placements made so far.
 */
index: number,
/**
 * Placements in the whole replay.
 */
count: number,
/**
 * The game as a renderer draws it (the piece in play at its spawn position).
 */
view: View,
/**
 * The move made from here; null at the end.
 */
next: NextMove | null, };

/**
 * Everything that defines a genetic algorithm run.
 */
export type GaConfig = {
/**
 * The number of individuals in every generation, at least 2.
 */
population: number,
/**
 * The fraction of the population kept as elites, in `[0, 1)`; the
 * `population - round(survivors * population)` others are newborns each generation.
 */
survivors: number,
/**
 * Whether survivors are scored again each generation (fresh games) rather than keeping the
 * fitness they were first scored at.
 */
reevaluate_survivors: boolean,
/**
 * How the two parents of a newborn are chosen.
 */
selection: Selection,
/**
 * How the two parents are combined into a child.
 */
crossover: Crossover,
/**
 * How the child is changed afterwards.
 */
mutation: Mutation, };

/**
 * Everything that defines a game. Written by serde; read (from JSON, or any serde format) by
 * [`checked::game_config`](crate::checked::game_config) alone, which checks every value.
 */
export type GameConfig = {
/**
 * The rules.
 */
rules: Rules,
/**
 * Board columns (4 to 16).
 */
width: number,
/**
 * Board rows (4 to 40).
 */
height: number,
/**
 * The seed every random choice of the game comes from.
 */
seed: number,
/**
 * A preset's name; used when `weights` is not given (default "dellacherie").
 */
preset: PresetName | null,
/**
 * Explicit weights; give these or a preset, not both.
 */
weights: Weights | null,
/**
 * Search depth, pruning and margin.
 */
search: SearchConfig,
/**
 * Timings of manual play.
 */
handling: Handling,
/**
 * What the game plays for: endless (the default), or a goal that ends it.
 */
mode: Mode, };

/**
 * How garbage waits and enters.
 */
export type GarbageRules = {
/**
 * How long an attack waits before it may enter, on the match's clock (placements when
 * the two games run in lockstep by pieces).
 */
delay: number,
/**
 * The chance that a row's hole moves from the row above's, within one attack (0 to 1).
 */
messiness: number,
/**
 * Whether each attack's first row moves the hole.
 */
new_hole_per_attack: boolean,
/**
 * The most rows that enter after one placement; `None` lets every due row in.
 */
cap: number | null,
/**
 * Whether a placement that clears lines holds due garbage back until the next one.
 */
blocking: boolean, };

/**
 * Timings of manual play, in frames.
 */
export type Handling = {
/**
 * Frames a shift key is held before it repeats.
 */
das: number,
/**
 * Frames between repeats once repeating; 0 moves straight to the wall.
 */
arr: number,
/**
 * Frames per row of fall (at least 1).
 */
gravity: number,
/**
 * Frames per row while soft drop is held (at least 1).
 */
soft_drop: number,
/**
 * Frames a resting piece waits before it locks (at least 1).
 */
lock_delay: number, };

/**
 * The settings of the hill-climber.
 */
export type HillConfig = {
/**
 * The initial learning rate (step length), above 0.
 */
alpha0: number,
/**
 * `A`: the learning rate decays as `exp(-A t)`; 0 or more.
 */
decay: number,
/**
 * The fraction of an accepted improvement the threshold follows, from 0 to 1.
 */
beta: number, };

/**
 * One player input.
 */
export type Input = "left" | "right" | "cw" | "ccw" | "half" | "soft_drop" | "hard_drop" | "hold";

/**
 * A control.
 */
export type Key = "left" | "right" | "soft_drop" | "hard_drop" | "cw" | "ccw" | "half" | "hold";

/**
 * The kicks a turn tries: a rotation system.
 */
export type Kicks = "srs" | "srs_plus";

/**
 * The engine's limits and defaults.
 */
export type Limits = {
/**
 * Board columns.
 */
width: Range,
/**
 * Board rows.
 */
height: Range,
/**
 * Search depths.
 */
depth: Range,
/**
 * Search beams.
 */
beam: BeamLimits,
/**
 * Preview lengths.
 */
preview: Range,
/**
 * Seeds a page can pass as a number (up to 2^53 - 1).
 */
seed: Range,
/**
 * Each rule set's defaults.
 */
rules: RuleDefaults,
/**
 * The games a benchmark may play.
 */
benchmark: BenchmarkLimits,
/**
 * The effort a survival estimate may take.
 */
survival: SurvivalLimits,
/**
 * The matches a versus series may play.
 */
versus: VersusLimits,
/**
 * The game modes and their goals.
 */
modes: ModeGoals,
/**
 * The default game.
 */
game: GameConfig,
/**
 * The preset a game plays when none is named.
 */
default_preset: PresetName,
/**
 * The preset an AI opponent in a match plays unless another is chosen.
 */
versus_preset: PresetName, };

/**
 * A recorded game's side of a match.
 */
export type MatchSide = {
/**
 * The versus rules.
 */
rules: VersusRules,
/**
 * Placements the game had made when the match began.
 */
from: number,
/**
 * The attacks the game took in, in the order they came.
 */
attacks: Array<Attack>, };

/**
 * The options and the result of each kind of measurement, by its name (`measure()` takes these).
 */
export type Measurements = { "benchmark": { options: BenchmarkOptions, result: BenchmarkResult }, "survival": { options: SurvivalOptions, result: SurvivalEstimate }, "versus": { options: SeriesOptions, result: SeriesStats } };

/**
 * What a game plays for.
 */
export type Mode = "endless" | "sprint" | "ultra" | "marathon";

/**
 * The game modes and their goals (see [`crate::engine::mode`]).
 */
export type ModeGoals = {
/**
 * Every mode, endless first.
 */
modes: Array<Mode>,
/**
 * The frames of a second of a mode's clock.
 */
frames_per_second: number,
/**
 * The lines a sprint is run to.
 */
sprint_lines: number,
/**
 * The frames an ultra lasts.
 */
ultra_frames: number,
/**
 * The lines of a level.
 */
lines_per_level: number,
/**
 * The marathon's levels; it ends when the last is cleared.
 */
marathon_levels: number,
/**
 * The pieces after which an AI's game of a mode, played to compare, is given up.
 */
max_pieces: number, };

/**
 * How a child is changed after crossover.
 */
export type Mutation = {
/**
 * The probability of a mutation, per weight or per individual as `scope` says, in `[0, 1]`.
 */
rate: number,
/**
 * Whether `rate` applies to each weight or to the individual as a whole.
 */
scope: Scope,
/**
 * What a mutation does to one weight.
 */
kind: MutationKind,
/**
 * How many times the mutation is applied, independently, at least 1.
 */
passes: number, };

/**
 * What a mutation does to one weight.
 */
export type MutationKind = { "kind": "range_fraction",
/**
 * The fraction of the range, finite and at least 0.
 */
fraction: number, } | { "kind": "additive",
/**
 * The largest change, finite and at least 0.
 */
step: number, } | { "kind": "replace" };

/**
 * The move made from a replay's position, with the coach's rating of it on that position.
 */
export type NextMove = {
/**
 * Whether hold was used first.
 */
hold: boolean,
/**
 * The placement that locked.
 */
placement: Placement,
/**
 * The cells it filled, as (column, row).
 */
cells: [[number, number], [number, number], [number, number], [number, number]],
/**
 * Where it ranks among the AI's first moves and what sets it apart from the best (see
 * [`Game::rate_hand`]).
 */
rating: Rating | null, };

/**
 * Which noise remedies a run uses; all off by default.
 */
export type NoiseConfig = {
/**
 * How many of a generation's genomes, best training fitness first, play more games before
 * the optimizer is told their fitness; 0 turns re-evaluation off.
 */
reevaluate_top: number,
/**
 * The extra games each of them plays.
 */
reevaluate_games: number,
/**
 * The most games per individual that growing may reach; null (or absent) keeps the
 * training games per individual fixed.
 */
grow_games_to: number | null, };

/**
 * One opponent of the pool: its name, as reports show it, and its weights.
 */
export type Opponent = {
/**
 * A preset's name, or the file its weights came from.
 */
name: string,
/**
 * The weights it plays by.
 */
weights: Weights, };

/**
 * Which optimizer, with its settings: a variant per line of the registry, which serde
 * names as the optimizer's entry does.
 */
export type OptimizerConfig = { "kind": "ga", "settings": GaConfig } | { "kind": "cem", "settings": CemConfig } | { "kind": "cmaes", "settings": CmaesConfig } | { "kind": "hill_climb", "settings": HillConfig } | { "kind": "anneal", "settings": AnnealConfig };

/**
 * The name of an optimizer: one of the registry's.
 */
export type OptimizerName = "ga" | "cem" | "cmaes" | "hill_climb" | "anneal";

/**
 * Rule and search settings that override the rules and search settled otherwise (the preset's
 * published ones, or the rule set's and the depth); each left out changes nothing.
 */
export type Overrides = {
/**
 * A rule set, in place of the rules settled otherwise.
 */
rules?: RuleSet,
/**
 * Where the pieces come from.
 */
randomizer?: RandomizerKind,
/**
 * Pieces previewed.
 */
preview?: number,
/**
 * Whether hold may be used.
 */
hold?: boolean,
/**
 * When a placement ends the game.
 */
topOut?: TopOut,
/**
 * The pieces a plan places.
 */
depth?: number,
/**
 * The fraction of first moves searched further.
 */
prune?: number,
/**
 * The moves of each later piece searched further.
 */
beam?: number,
/**
 * How much a plan must gain over the best single move.
 */
margin?: number,
/**
 * How a plan is valued.
 */
value?: PlanValue,
/**
 * How ties between equally good moves are broken.
 */
tieBreak?: TieBreak,
/**
 * Whether a plan's second piece sees the first piece's full rows still in place.
 */
keepFirstRows?: boolean,
/**
 * The width of a beam through every known piece, searched instead of plies.
 */
previewBeam?: number, };

/**
 * How the games of a match keep time, chosen by name.
 */
export type Pace = "lockstep" | "ppt";

/**
 * What a batch's games are for.
 */
export type Phase = "training" | "reevaluation" | "validation" | "report";

/**
 * One of the seven tetrominoes.
 */
export type Piece = "I" | "O" | "T" | "S" | "Z" | "J" | "L";

/**
 * The cells of a piece in view, with its kind.
 */
export type PieceView = {
/**
 * The piece.
 */
piece: Piece,
/**
 * Its cells as (column, row), row 0 at the bottom.
 */
cells: [[number, number], [number, number], [number, number], [number, number]], };

/**
 * A resting position of a piece: what locks where, and whether it is a T-spin.
 */
export type Placement = {
/**
 * The piece.
 */
piece: Piece,
/**
 * Its rotation state.
 */
rotation: Rotation,
/**
 * Column of its rotation centre.
 */
x: number,
/**
 * Row of its rotation centre.
 */
y: number,
/**
 * The T-spin it scores as, if any.
 */
spin: Spin, };

/**
 * How a move is valued from its own score `s` and the value `n` of the plies after it (at the
 * last ply, the best score of the piece placed there; see the module documentation).
 */
export type PlanValue = "sum" | "max" | "next";

/**
 * The population sizes an optimizer takes, from `min` to `max`.
 */
export type PopulationSizes = {
/**
 * The fewest individuals per generation.
 */
min: number,
/**
 * The most, if there is a limit.
 */
max: number | null, };

/**
 * A shipped preset: its weights, where they come from, and the rules and search they were
 * published under.
 */
export type PresetInfo = {
/**
 * The name a game asks for it by.
 */
name: PresetName,
/**
 * Where the weights were published.
 */
source: string,
/**
 * The rules and search the weights were published under, in words.
 */
published_under: string,
/**
 * The weights.
 */
weights: Weights,
/**
 * The improvement a plan must make over the best first move, where the source sets one.
 */
lookahead_margin: number | null,
/**
 * The rules and search the weights were published under, in the form a game
 * configuration's `rules` and `search` take them (for an "as published" switch).
 */
published: Published, };

/**
 * The name of a shipped preset.
 */
export type PresetName = "cs3243" | "takado8" | "lee" | "smartspot2" | "dellacherie" | "el_tetris" | "du" | "dt10" | "dt20" | "learned_10x10" | "learned_10x20" | "versus" | "cold_clear_2";

/**
 * The rules and search a preset's weights were published under, as this engine plays them.
 */
export type Published = {
/**
 * The rules: rule set, randomizer, preview, hold and top-out test.
 */
rules: Rules,
/**
 * The search: depth, pruning, margin, plan value and tie-break.
 */
search: SearchConfig, };

/**
 * Where the pieces come from.
 */
export type RandomizerKind = "uniform" | "bag" | "sz_heavy";

/**
 * An inclusive range of whole numbers.
 */
export type Range = {
/**
 * The smallest allowed.
 */
min: number,
/**
 * The largest allowed.
 */
max: number, };

/**
 * Where a placement ranks among the first moves, and what sets it apart from the best.
 */
export type Rating = {
/**
 * The placement rated.
 */
placement: Placement,
/**
 * Whether the hold slot is used first.
 */
hold: boolean,
/**
 * 1 + how many first moves score higher: its place in `search()`'s order, ties sharing the
 * place of the first of them.
 */
rank: number,
/**
 * How many first moves there are (of the current piece and the hold alternative).
 */
of: number,
/**
 * The placement's own score (see [`Explanation::score`]).
 */
score: number,
/**
 * The best first move: the first that `search()` gives.
 */
best: Placement,
/**
 * Whether the best uses the hold slot first.
 */
best_hold: boolean,
/**
 * The best first move's score.
 */
best_score: number,
/**
 * How far below the best the placement scores: `best_score - score`, 0 for one tied with
 * it, infinite for one that ends the game where the best does not. Negative only for a
 * placement made by hand that the search does not find and that beats all it finds (a tuck
 * under the research rules, whose search drops pieces).
 */
gap: number,
/**
 * The one or two features that make the most of the gap, the larger first: those whose
 * contribution differs from the best's in the gap's direction. None without a gap, or where
 * one of the two ends the game.
 */
differences: Array<Difference>, };

/**
 * A game as a replay keeps it: JSON in the page's history, a share link and a file.
 */
export type Recording = {
/**
 * The game's configuration: rules, board and seed, and the AI's weights and search, which
 * the coach rates the moves by.
 */
config: GameConfig,
/**
 * How many pieces were placed.
 */
pieces: number,
/**
 * The moves, one per piece, encoded as base64url text (a few characters a piece); null
 * where the AI placed every piece under `config`: the AI then plays the game again from
 * its seed.
 */
moves: string | null,
/**
 * The game's side of a match, where it played one (its moves are then given); left out
 * otherwise.
 */
versus?: MatchSide, };

/**
 * One replicate's counts.
 */
export type Replicate = {
/**
 * Lines cleared in the long run.
 */
lines: number,
/**
 * Excursions started in the long run.
 */
excursions: number,
/**
 * The stages, one per level after the first, then the game's end.
 */
stages: Array<Stage>,
/**
 * Pieces placed in all, the long run's and every branch's.
 */
pieces: number, };

/**
 * What one generation did.
 */
export type Report = {
/**
 * The generation's number, from 1.
 */
generation: number,
/**
 * The best training fitness scored in this generation.
 */
best: number,
/**
 * The mean training fitness scored in this generation.
 */
mean: number,
/**
 * The median training fitness scored in this generation.
 */
median: number,
/**
 * The weights that scored best in training in this generation.
 */
best_weights: Weights,
/**
 * The best training fitness of the run so far.
 */
best_ever: number,
/**
 * The best validated fitness among this generation's validated genomes; `None` when
 * validation is off.
 */
validated_best: number | null,
/**
 * The weights of that genome.
 */
validated_weights: Weights | null,
/**
 * The best validated fitness of the run so far; `None` when validation is off.
 */
validated_best_ever: number | null,
/**
 * The mean lines of the run's validated best so far on the held-out report games, the
 * figure to quote; `None` when the report set is off.
 */
reported: number | null,
/**
 * The training games each individual played in this generation.
 */
games_per_individual: number,
/**
 * Games played by the run so far, training and validation.
 */
games_played: number,
/**
 * Seconds spent by the run so far (across resumes), each generation timed from its first
 * ask to its completion.
 */
elapsed_seconds: number, };

/**
 * An SRS rotation state: spawn, one turn clockwise, two turns, one turn counter-clockwise.
 */
export type Rotation = "Spawn" | "Right" | "Reverse" | "Left";

/**
 * Each rule set's defaults.
 */
export type RuleDefaults = {
/**
 * The research rules.
 */
classic: Rules,
/**
 * The guideline rules.
 */
guideline: Rules, };

/**
 * Which rules a game follows.
 */
export type RuleSet = "classic" | "guideline";

/**
 * A complete rule configuration.
 */
export type Rules = {
/**
 * The rule set.
 */
kind: RuleSet,
/**
 * Pieces shown ahead of the current one (0 to 6); the search reads them.
 */
preview: number,
/**
 * Whether the hold slot may be used (guideline only).
 */
hold: boolean,
/**
 * Gravity and lock delay that limit which placements count as reachable (guideline only).
 */
timing: Timing | null,
/**
 * Where the pieces come from; `None` takes the rule set's own (classic: uniform;
 * guideline: 7-bag).
 */
randomizer: RandomizerKind | null,
/**
 * When a placement ends the game; `None` takes the rule set's own (classic: a cell above the
 * top row before clears; guideline: lock out).
 */
top_out: TopOut | null,
/**
 * The kicks turns try (guideline only; the research rules place by drops): SRS, or SRS+
 * with its half turns. Written only when it is not SRS, so that rules written before it
 * existed read and write the same.
 */
kicks?: Kicks, };

/**
 * The choices that set up a run; every field may be left out for its default (the command
 * line's).
 */
export type RunOptions = {
/**
 * The optimizer, by its name in the [registry](crate::optimizers); default `cem`.
 */
optimizer: OptimizerName,
/**
 * The genetic algorithm's preset, one of [`ga::preset_names`]; default `cs3243`. Used
 * with the `ga` optimizer only.
 */
ga: string,
/**
 * The features to learn; default: the GA preset's write-up's for `ga`, else `du`'s.
 */
features: Features | null,
/**
 * The optimizer's full settings (the object a checkpoint's optimizer `settings` holds),
 * replacing the preset or defaults; default none.
 */
settings: Record<string, unknown> | null,
/**
 * Individuals per generation (candidates per step for annealing; the hill-climber scores
 * one and ignores it); default the optimizer's own.
 */
population: number | null,
/**
 * Training board columns; default 10.
 */
width: number,
/**
 * Training board rows; default 10.
 */
height: number,
/**
 * Training rules; default classic.
 */
rules: RuleSet,
/**
 * Where the training games' pieces come from; default the rules' own.
 */
randomizer: RandomizerKind | null,
/**
 * Games per individual; default 10.
 */
games: number,
/**
 * Pieces after which a training game stops; default none.
 */
max_pieces: number | null,
/**
 * Search depth of the players in the training games and matches, 1 to 4; default 1.
 */
depth: number,
/**
 * The width of the players' beam through every known piece, searched instead of plies;
 * default none (plies).
 */
preview_beam?: number,
/**
 * Whether every individual of a generation plays the same games; default true.
 */
common_seeds: boolean,
/**
 * Score by survival, each game a splitting replicate of this effort (for boards whose
 * games are too long to play out); default none (whole games).
 */
survival: SurvivalEffort | null,
/**
 * Score by matches against a pool of opponents (for versus; see [`crate::matches`]);
 * default none (games played alone).
 */
versus: VersusFitness | null,
/**
 * The run's seed; default 0.
 */
seed: number,
/**
 * How each generation's best genomes are validated; default the top 3 on 30 games, no
 * report set.
 */
validation: ValidationConfig,
/**
 * How the noise of the training games is handled; default not at all.
 */
noise: NoiseConfig,
/**
 * The weights the run starts from, written as weights are (exponents refused): the run
 * learns their features in their order (so `features` must be left out), starts at them
 * and draws each initial weight from the start weight ± `spread`; default none (the
 * optimizer's own start, features and ranges).
 */
start: Weights | null,
/**
 * The half-width of each initial range around a start weight; default 1. Used with `start`
 * only.
 */
spread: number, };

/**
 * What the mutation rate applies to.
 */
export type Scope = "per_weight" | "per_individual";

/**
 * How far and how wide to search.
 */
export type SearchConfig = {
/**
 * How many pieces a plan places: 1, the current piece only; 2 to 4, the pieces after it
 * too (known ones exactly, unknown ones by expectation over those that can come).
 */
depth: number,
/**
 * The fraction of first moves (best first) searched at the second ply, in (0, 1].
 */
prune: number,
/**
 * The moves of each piece after the first (best first) searched at the ply after theirs,
 * at depths 3 and 4, from 1 to [`MAX_BEAM`]; `None` takes the depth's default
 * ([`default_beam`]).
 */
beam: number | null,
/**
 * How much a plan must improve on the best single move to replace it (with
 * [`PlanValue::Max`], the bonus a move's own score gets); `None` takes the preset's
 * margin where it sets one, else 0.
 */
margin: number | null,
/**
 * How a plan is valued.
 */
value: PlanValue,
/**
 * How a tie between equally good first moves is broken.
 */
tie_break: TieBreak,
/**
 * Whether the second ply reads the board with the first piece's full rows still in place
 * (Yiyuan Lee's program), so that the next piece's placement is scored with the rows both
 * pieces fill, and its before-clears features see them; otherwise they are removed first.
 */
keep_first_rows: boolean,
/**
 * Search by a beam this many nodes wide through every known piece (the current one, the
 * preview and hold), then weigh the piece after them by the mean over what the randomizer
 * can draw (see [`crate::ai::search::beam`]), from 1 to [`MAX_PREVIEW_BEAM`], instead of by
 * plies, whose settings it then ignores; `None` searches by plies.
 */
preview_beam?: number, };

/**
 * How two parents are chosen from the population sorted best first.
 */
export type Selection = { "kind": "tournament",
/**
 * How many individuals are drawn, from 2 to the population.
 */
size: number, } | { "kind": "roulette" } | { "kind": "rank" } | { "kind": "truncation",
/**
 * The fraction of the remaining half drawn into the pool, in `(0, 1]`.
 */
pool: number, };

/**
 * The options of a series, as a page passes them to `measure("versus", …)`.
 */
export type SeriesOptions = {
/**
 * Matches to play (default 100).
 */
games?: number,
/**
 * The first match's seed (default the configuration's); match i is seeded `seed + i`.
 */
seed?: number | string,
/**
 * Pieces after which each side stops, a draw if neither has topped out (default 10,000).
 */
maxPieces?: number,
/**
 * The right side's game configuration (default the left side's).
 */
opponent?: GameConfig,
/**
 * The attack table and the garbage rules (default "ppt").
 */
rules?: VersusPreset,
/**
 * How the matches keep time (default "lockstep").
 */
pace?: Pace, };

/**
 * The statistics of a series, as `tetris-ai versus --json` writes them (before its settings).
 */
export type SeriesStats = {
/**
 * Matches played.
 */
games: number,
/**
 * Matches the left side won.
 */
wins: number,
/**
 * Matches the right side won.
 */
losses: number,
/**
 * Matches neither won: both topped out on one turn, or the cap on pieces came first.
 */
draws: number,
/**
 * Draws by the cap on pieces.
 */
capped: number,
/**
 * The left side's share of the decided matches; null when none was decided.
 */
win_rate: number | null,
/**
 * The 95% Wilson score interval of the win rate, `[low, high]`; null when none was decided.
 */
win_rate_interval: [number, number] | null,
/**
 * The left side's play.
 */
left: SideStats,
/**
 * The right side's play.
 */
right: SideStats, };

/**
 * What a person chooses; each setting left out takes the default (see [`Settings::resolve`]).
 */
export type Settings = {
/**
 * The AI's weights: a preset's, by its name (give this or `weights`; neither plays the
 * default preset).
 */
preset?: PresetName,
/**
 * The AI's own weights, in place of a preset's.
 */
weights?: Weights,
/**
 * Whether the preset plays under the rules and search it was published with, in place of
 * `rules`, `depth` and `margin` (no effect with `weights`).
 */
asPublished?: boolean,
/**
 * The rule set, with its own randomizer, preview, hold and top-out (default classic).
 */
rules?: RuleSet,
/**
 * The board, `[width, height]` (default 10 by 20).
 */
board?: [number, number],
/**
 * The seed every random choice of the game comes from (default 0).
 */
seed?: number | string,
/**
 * The pieces each decision plans (default 1).
 */
depth?: number,
/**
 * The lookahead's margin (default the preset's).
 */
margin?: number,
/**
 * Frames a shift key is held in manual play before it repeats (delayed auto shift).
 */
das?: number,
/**
 * Frames between a held shift key's repeats (auto repeat rate); 0 moves straight to the wall.
 */
arr?: number,
/**
 * Frames per row of fall in manual play.
 */
gravity?: number,
/**
 * Frames per row while soft drop is held in manual play.
 */
softDrop?: number,
/**
 * Frames a resting piece waits before it locks in manual play.
 */
lockDelay?: number,
/**
 * What the game plays for (default endless): a mode's goal ends it.
 */
mode?: Mode,
/**
 * The kicks turns try under the guideline rules (default SRS; SRS+ adds half turns).
 */
kicks?: Kicks,
/**
 * Rule and search settings that apply last, as published or not.
 */
overrides?: Overrides, };

/**
 * What a share link holds: the settings it shares, and what is wrong with the rest.
 */
export type SharedSettings = {
/**
 * The settings read well; each one left out is the page's own.
 */
settings: Settings,
/**
 * What is wrong with each setting left out, naming it, its value and what is allowed.
 */
problems: Array<string>, };

/**
 * One side's play over a series.
 */
export type SideStats = {
/**
 * Pieces placed over all matches.
 */
pieces: number,
/**
 * Lines cleared over all matches.
 */
lines: number,
/**
 * Rows the clears were worth, over all matches.
 */
attack: number,
/**
 * Attack per piece placed (0 with no pieces).
 */
attack_per_piece: number,
/**
 * Rows sent to the opponent after cancelling.
 */
sent: number,
/**
 * Garbage rows taken.
 */
received: number,
/**
 * T-spins that cleared lines, minis included.
 */
t_spins: number,
/**
 * Perfect clears.
 */
perfect_clears: number,
/**
 * Mean pieces per match.
 */
pieces_per_match: number, };

/**
 * A T-spin, as the guideline's three-corner rule judges it.
 */
export type Spin = "none" | "mini" | "full";

/**
 * One stage of a replicate: the branches from one level and how many reached the next.
 */
export type Stage = {
/**
 * The level the branches played for; null for the game's end.
 */
level: number | null,
/**
 * Branches played: none where no branch reached the level before.
 */
trials: number,
/**
 * Branches that reached it.
 */
reached: number, };

/**
 * A game's running totals.
 */
export type Stats = {
/**
 * Lines cleared.
 */
lines: number,
/**
 * Pieces locked.
 */
pieces: number,
/**
 * Guideline score (0 under the research rules, whose score is lines).
 */
score: number,
/**
 * Pieces per line cleared, when any line was cleared.
 */
pieces_per_line: number | null,
/**
 * Whether the game has ended.
 */
game_over: boolean,
/**
 * Whether it ended by reaching its mode's goal (40 lines, two minutes, 150 lines).
 */
finished: boolean,
/**
 * Frames of manual play run (60 to a second of a mode's clock).
 */
frames: number,
/**
 * The guideline level: 1, up one every 10 lines, at most 15.
 */
level: number, };

/**
 * What one step did: a piece the AI or a player placed.
 */
export type Step = {
/**
 * The placement played and the inputs that reach it.
 */
choice: Choice,
/**
 * Lines the placement cleared.
 */
rows_cleared: number,
/**
 * Points it scored.
 */
points: number,
/**
 * Whether the game ended with it.
 */
game_over: boolean,
/**
 * What the placement attacked and took in a match; null where the game plays none.
 */
versus: Exchange | null,
/**
 * The line clear it made (or the T-spin that cleared none), with the streaks after it;
 * null where it cleared no line and spun no T.
 */
cleared: Cleared | null,
/**
 * For a placement made by hand or given (see [`Game::play_placement`]), the coach's rating
 * of it against the AI's search on the board and pieces before it locked (see
 * [`Game::rate`]); null for the AI's own.
 */
rating: Rating | null, };

/**
 * The streaks the attack of a clear depends on, counted before it.
 */
export type Streaks = {
/**
 * Placements in a row that cleared lines (0 after one that cleared none).
 */
combo: number,
/**
 * Difficult clears in a row among the line clears (0 after an easy one; placements that
 * clear nothing leave it as it is).
 */
back_to_back: number, };

/**
 * The effort of each splitting replicate when individuals are scored by survival; the base and
 * levels are [`survival::default_levels`] of the training board.
 */
export type SurvivalEffort = {
/**
 * Pieces of the long run that counts excursions.
 */
run_pieces: number,
/**
 * Branches played from each level.
 */
trials: number, };

/**
 * The estimate from a plan's replicates.
 */
export type SurvivalEstimate = {
/**
 * Mean lines per game, `1 / rate`; null where no replicate saw a game end.
 */
mean_lines: number | null,
/**
 * Its standard error, `rate_error / rate^2`; null for one replicate or no ending seen.
 */
mean_lines_error: number | null,
/**
 * Games' endings per line cleared, the mean of the replicates' rates.
 */
rate: number,
/**
 * The standard error of the rate: the replicates' sample standard deviation over the
 * square root of their number; null for one replicate.
 */
rate_error: number | null,
/**
 * Pieces placed over every replicate.
 */
pieces: number,
/**
 * Each replicate's counts, in order.
 */
replicates: Array<Replicate>, };

/**
 * The effort a survival estimate may take (see [`crate::survival`]).
 */
export type SurvivalLimits = {
/**
 * Pieces played in each replicate's long run.
 */
run_pieces: Count,
/**
 * Branches played from each level in each replicate.
 */
trials: Count,
/**
 * Replicates.
 */
replicates: Count, };

/**
 * A survival estimate's options as a page gives them (`survival()`'s, beside the game
 * configuration): each may be left out.
 */
export type SurvivalOptions = {
/**
 * Replicates, each from its own seed (default 8); the standard error comes from their
 * spread.
 */
replicates?: number,
/**
 * The first replicate's seed (default the configuration's); replicate i is seeded
 * `seed + i`.
 */
seed?: number | string,
/**
 * Pieces played in each replicate's long run (default 1,000,000).
 */
runPieces?: number,
/**
 * Branches played from each level in each replicate (default 2,000).
 */
trials?: number,
/**
 * The row an excursion starts from and ends at (default a fifth of the board's height).
 */
base?: number,
/**
 * The levels, rising (default every row from the base + 2 to the top).
 */
levels?: Array<number>, };

/**
 * How a tie between equally good first moves is broken.
 */
export type TieBreak = "random" | "first";

/**
 * Gravity and lock delay, for keeping only the placements a player could reach in time.
 */
export type Timing = {
/**
 * Frames per row of fall under gravity (at least 1).
 */
gravity: number,
/**
 * Frames a piece may rest on the stack before it locks (at least 1).
 */
lock_delay: number, };

/**
 * When a placement ends the game.
 */
export type TopOut = "before_clears" | "after_clears" | "top_row" | "lock_out";

/**
 * How each generation's best genomes are validated.
 */
export type ValidationConfig = {
/**
 * How many of a generation's genomes, best training fitness first, are validated; 0 turns
 * validation off.
 */
top: number,
/**
 * Validation games per genome, on the run's fixed validation seeds.
 */
games: number,
/**
 * Games each new validated best plays on the run's held-out report seeds; 0 (or absent)
 * turns the report set off.
 */
report_games: number, };

/**
 * How individuals are scored by matches.
 */
export type VersusFitness = {
/**
 * The pool: the match seeded `s` is played against opponent `s` modulo their number (so
 * the consecutive seeds of an individual's games go round the pool).
 */
opponents: Array<Opponent>,
/**
 * The versus rules: attack table and garbage.
 */
rules: VersusPreset,
/**
 * How the matches keep time (lockstep in runs from before there was a choice).
 */
pace: Pace, };

/**
 * The matches a versus series may play (see [`crate::versus::series`]).
 */
export type VersusLimits = {
/**
 * Matches.
 */
games: Count,
/**
 * The pieces after which each side stops.
 */
max_pieces: Count, };

/**
 * The versus rule sets a game can be played by, chosen by name.
 */
export type VersusPreset = "ppt" | "tetrio";

/**
 * The rules of a versus game: how clears attack and how garbage enters.
 */
export type VersusRules = {
/**
 * The attack table.
 */
attack: AttackTable,
/**
 * How garbage waits and enters.
 */
garbage: GarbageRules, };

/**
 * A versus game's running totals.
 */
export type VersusStats = {
/**
 * Rows the clears were worth.
 */
attack: number,
/**
 * Rows sent to the opponent (the attack less what it cancelled).
 */
sent: number,
/**
 * Incoming rows the attack cancelled.
 */
cancelled: number,
/**
 * Garbage rows that entered the board.
 */
received: number,
/**
 * T-spins that cleared lines, minis included.
 */
t_spins: number,
/**
 * Perfect clears.
 */
perfect_clears: number,
/**
 * The longest combo: placements in a row that cleared lines.
 */
best_combo: number,
/**
 * The longest back-to-back chain: difficult clears in a row.
 */
best_back_to_back: number, };

/**
 * What a renderer needs.
 */
export type View = {
/**
 * Board columns.
 */
width: number,
/**
 * Visible rows.
 */
height: number,
/**
 * The locked cells, row by row from the bottom, visible rows then buffer rows: 0 empty,
 * otherwise 1 + the index of the piece that filled it.
 */
cells: Array<number>,
/**
 * The piece about to be placed, where it appears.
 */
active: PieceView | null,
/**
 * Where the active piece would land if dropped straight down.
 */
ghost: PieceView | null,
/**
 * The hold slot.
 */
hold: Piece | null,
/**
 * The visible preview, next first.
 */
queue: Array<Piece>,
/**
 * Running totals.
 */
stats: Stats, };

/**
 * A weight set: the terms of the weighted sum a policy maximises. Written as an object of
 * feature name -> [`WrittenWeight`], in the terms' order.
 */
export type Weights = { [feature in FeatureName]?: WrittenWeight };

/**
 * A feature's weight as it is written: the weight alone, or with the exponent that raises the
 * feature.
 */
export type WrittenWeight = number | {
/**
 * The weight.
 */
weight: number,
/**
 * The exponent, above 0.
 */
exponent: number, };
