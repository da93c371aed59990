// A typed embedder of tetris-ai, to copy from: it describes the engine, plays a game without
// drawing it and reads each step, lets the AI and a player play a game drawn in a canvas, learns
// weights for a few generations and resumes the run, compares two presets over many games, and
// puts a <tetris-ai> element on the page.
// `./build.sh test` compiles it with `tsc --strict` against the package's declarations, so each
// value read here is one the engine sends.
//
// In a page: <script type="module" src="embed.js"></script>, with the elements `main` looks for.

import {
  benchmark,
  createEvolution,
  createGame,
  evolutionChoices,
  evolutionConfig,
  features,
  gameConfig,
  limits,
  measure,
  openReplay,
  presets,
  resolveBuild,
  resumeEvolution,
  sharedSettings,
  survival,
  timeDepths,
  versus,
  WorkerStopped,
} from '../tetris-ai.js';
import type {
  Choice,
  Explanation,
  Frame,
  Game,
  GameConfig,
  Rating,
  Recording,
  Report,
  Snapshot,
  Step,
  TbpMessage,
  TbpMove,
  VersusStats,
  Weights,
} from '../tetris-ai.js';
import type { TetrisAiElement, TetrisAiEventMap } from '../tetris-ai-element.js';
import '../tetris-ai-element.js';

/** A piece's colour, by its index in a cell (1 + I, O, T, S, Z, J, L). */
const COLORS = ['#0bc', '#ec0', '#a3c', '#3b3', '#e33', '#36e', '#e83'];

/** What the engine is: the build it runs here, its presets, features and limits, in lines. */
export async function describeEngine(): Promise<string[]> {
  const [{ build, note }, shipped, known, bounds] = await Promise.all([
    resolveBuild('auto'),
    presets(),
    features(),
    limits(),
  ]);
  const lines = [`build ${build}${note ? ` (${note})` : ''}`];
  for (const preset of shipped) {
    const { rules, search } = preset.published;
    const weights = Object.keys(preset.weights).length;
    lines.push(`${preset.name}: ${weights} weights, ${rules.kind} rules, depth ${search.depth}`);
  }
  for (const [name, definition] of known) lines.push(`${name}: ${definition}`);
  lines.push(
    `boards ${bounds.width.min}-${bounds.width.max} x ${bounds.height.min}-${bounds.height.max}`,
    `depths ${bounds.depth.min}-${bounds.depth.max}, default preset ${bounds.default_preset}`,
  );
  return lines;
}

/**
 * Plays up to `pieces` pieces without drawing, step by step (one of them an input at a time),
 * then on to twice as many at once: the lines, pieces, tetrises and points of the steps.
 */
export async function playHeadless(seed: number, pieces: number) {
  const config: GameConfig = {
    preset: 'dellacherie',
    seed,
    rules: { kind: 'guideline', preview: 3 },
    search: { depth: 2 },
  };
  const game = await createGame(config);
  try {
    let tetrises = 0;
    let points = 0;
    for (let piece = 0; piece < pieces; piece++) {
      let step: Step | null = null;
      if (piece === 0) {
        // The AI's path one input at a time, as a render loop plays it.
        while (step === null && (await game.decide()) !== null) step = await game.aiInput();
      } else {
        step = await game.step();
      }
      if (step === null) break;
      if (step.rows_cleared === 4) tetrises += 1;
      points += step.points;
      if (step.game_over) break;
    }
    const stats = await game.play(2 * pieces);
    return { lines: stats.lines, pieces: stats.pieces, tetrises, points };
  } finally {
    game.close();
  }
}

/**
 * Two AIs in a match under the guideline rules and PPT's versus rules: each piece's attack goes
 * to the other as garbage, until one tops out or `pieces` pieces each are placed. Returns the
 * totals of both sides.
 */
export async function match(pieces: number): Promise<[VersusStats | null, VersusStats | null]> {
  const config = { rules: { kind: 'guideline' as const } };
  const sides = [
    await createGame({ ...config, seed: 1 }),
    await createGame({ ...config, seed: 2 }),
  ];
  try {
    await Promise.all(sides.map((side) => side.setVersus('ppt')));
    for (let i = 0; i < pieces; i++) {
      const steps = await Promise.all(sides.map((side) => side.step()));
      if (steps.some((step) => step === null || step.game_over)) break;
      const [sentA, sentB] = await Promise.all(sides.map((side) => side.takeSent()));
      await sides[1].receiveAttack(sentA);
      await sides[0].receiveAttack(sentB);
    }
    const waiting = await sides[0].pendingGarbage();
    if (waiting !== null && waiting > 20) throw new Error(`${waiting} rows wait`);
    return [await sides[0].versusStats(), await sides[1].versusStats()];
  } finally {
    sides.forEach((side) => side.close());
  }
}

/**
 * A game whose pieces a Tetris Bot Protocol bot places (the worker at `url`; this package's own
 * bot is lib/tbp-worker.js): the page is the bot's frontend, the game stays the engine's. Resolves
 * to the statistics after `pieces` pieces, or to why the bot forfeited.
 */
export async function playByBot(url: string, pieces: number): Promise<string> {
  const game = await createGame({ rules: { kind: 'guideline' }, seed: 3 });
  const bot = new Worker(url);
  try {
    const start: TbpMessage = await game.tbpStart();
    const answer = (type: string) =>
      new Promise<TbpMessage>((resolve) => {
        bot.onmessage = ({ data }: MessageEvent<TbpMessage>) => {
          if (data.type === type) resolve(data);
        };
      });
    await answer('info');
    const ready = answer('ready');
    bot.postMessage({ type: 'rules', randomizer: (start.randomizer as { type: string }).type });
    await ready;
    bot.postMessage(start);
    for (let piece = 0; piece < pieces; piece++) {
      const suggested = answer('suggestion');
      bot.postMessage({ type: 'suggest' });
      const moves = (await suggested).moves as TbpMove[];
      const played = await game.tbpPlay(moves).catch((error: Error) => error);
      if (played instanceof Error) return `the bot forfeits: ${played.message}`;
      for (const message of played.messages) bot.postMessage(message);
      if (played.step.game_over) break;
    }
    const { lines } = await game.stats();
    return `the bot cleared ${lines} lines`;
  } finally {
    bot.postMessage({ type: 'quit' });
    bot.terminate();
    game.close();
  }
}

/** What the AI thinks of the current piece, and a change of its weights and search. */
export async function inspect(game: Game): Promise<string> {
  const best: Choice | null = await game.decide();
  const ranked = await game.search();
  const tied = await game.hints();
  const weights: Weights = await game.weights();
  await game.setWeights({ ...weights, holes: -10 });
  await game.setSearch({ depth: 2, margin: null });
  const pooled = await game.setParallel(true);
  const { pieces } = await game.stats();
  if (best === null) return `the game is over after ${pieces} pieces`;
  const { piece, rotation, x, y } = best.placement;
  return `piece ${pieces + 1}: ${piece} ${rotation} at ${x},${y} (${best.path.join(' ')}), best of ${ranked.length}, ${tied.length} tied${pooled ? ', on the pool' : ''}`;
}

/**
 * The coach: why the AI scores its best placement as it does, feature by feature, how the
 * runner-up rates against it, and what the coach shows for the piece in play.
 */
export async function coachLines(game: Game): Promise<string[]> {
  const ranked = await game.search();
  if (ranked.length < 2) return [];
  const explanation: Explanation = await game.explain(ranked[0].placement);
  const lines = explanation.terms.map(
    ({ name, value, weight, contribution }) => `${name}: ${value} x ${weight} = ${contribution}`,
  );
  const plan = explanation.plan === null ? '' : `, plan value ${explanation.plan}`;
  lines.push(`score ${explanation.score}${plan}`);
  const rating: Rating = await game.rate(ranked[1].placement);
  const why = rating.differences.map(({ name, change, effect }) => `${name} ${change}: ${effect}`);
  lines.push(`runner-up: ${rating.rank} of ${rating.of}, ${rating.gap} below: ${why.join(', ')}`);
  const coaching = await game.coach(3);
  if (coaching !== null) {
    const { choice, alternatives } = coaching;
    lines.push(`in play: ${choice.placement.piece}, ${alternatives.length} best placements rated`);
  }
  return lines;
}

/**
 * A player's moves: a piece shifted left and dropped by hand (and the coach's rating of it),
 * then time passing.
 */
export async function playByHand(game: Game): Promise<Step[]> {
  await game.setHandling({ das: 8, arr: 1 });
  if (!(await game.press('left'))) return [];
  await game.release('left');
  await game.press('hard_drop');
  await game.release('hard_drop');
  const { ratings } = await game.snapshot();
  for (const rating of ratings) {
    if (rating !== null) console.log(`your piece: ${rating.rank} of ${rating.of}`);
  }
  const locked = await game.tick(60);
  const [cells, active, ghost] = await Promise.all([
    game.cells(),
    game.activeCells(),
    game.ghostCells(),
  ]);
  const view = await game.view();
  console.log(cells.length, active.length, ghost.length, view.queue.join(''), view.hold);
  return locked;
}

/**
 * The game so far played again from its recording: after each placement, its lines, and the
 * coach's rating of the move made from there.
 */
export async function replayGame(game: Game): Promise<string[]> {
  const recording: Recording = await game.recording();
  const replay = await openReplay(JSON.stringify(recording));
  try {
    const said = [
      `${replay.count} pieces of seed ${replay.config.seed}, ${replay.text.length} characters`,
    ];
    for (let i = 0; i <= replay.count; i++) {
      const frame: Frame = await replay.frame(i);
      const rating = frame.next?.rating;
      const next = rating ? `, then ${rating.rank} of ${rating.of}` : '';
      said.push(`${frame.index}: ${frame.view.stats.lines} lines${next}`);
    }
    return said;
  } finally {
    replay.close();
  }
}

/** Draws a snapshot: the locked cells, the falling piece, and where the AI takes it. */
function draw(context: CanvasRenderingContext2D, snapshot: Snapshot): void {
  const { width, height, active } = snapshot.view;
  const size = Math.floor(context.canvas.height / height);
  const fill = (x: number, y: number, color: string) => {
    context.fillStyle = color;
    context.fillRect(x * size, (height - 1 - y) * size, size - 1, size - 1);
  };
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = snapshot.cells[y * width + x];
      if (cell) fill(x, y, COLORS[cell - 1]);
    }
  }
  for (const [x, y] of snapshot.target?.cells ?? []) fill(x, y, '#8884');
  for (const [x, y] of active?.cells ?? []) fill(x, y, '#fff');
}

/** Runs the AI's game in `canvas` (an input every 4 frames) until it ends or `stop` is called. */
export function animate(game: Game, canvas: HTMLCanvasElement): () => void {
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('the canvas has no 2d context');
  let running = true;
  const frame = async () => {
    if (!running || !game.alive) return;
    const snapshot = await game.advance(1, { enabled: true, delay: 4 }, true);
    draw(context, snapshot);
    if (snapshot.decision.mean !== null) canvas.title = `${snapshot.decision.mean.toFixed(2)} ms`;
    if (!snapshot.view.stats.game_over) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  return () => {
    running = false;
  };
}

/** How fast the AI decides at each depth here, and whether the thread pool pays at depth 3. */
export async function decisionTimes(game: Game): Promise<string[]> {
  const config: GameConfig = { preset: 'du', search: { depth: 3 } };
  const times = await timeDepths(config, { depths: [1, 2], budgetMs: 200 });
  const { sequential, parallel, decisions } = await game.calibrateParallel(config, {
    budgetMs: 300,
  });
  await game.reset({ ...config, seed: '18446744073709551615' });
  const snapshot = await game.snapshot();
  return [
    ...times.map(({ depth, ms, decisions: n }) => `depth ${depth}: ${ms} ms (${n} decisions)`),
    `pool ${parallel} ms, alone ${sequential} ms (${decisions.join(' and ')} decisions)`,
    `${snapshot.view.width} x ${snapshot.view.height} on ${game.build} (${game.threads} threads)`,
  ];
}

/** Learns weights with the default optimizer for `generations` generations: the checkpoint. */
export async function evolve(generations: number, heard: (report: Report) => void) {
  const choices = await evolutionChoices();
  const config = await evolutionConfig({
    optimizer: choices.defaults.optimizer,
    population: 20,
    games: 4,
    width: 8,
    height: 8,
    validation: { top: 1, games: 4 },
  });
  const run = await createEvolution(config, { build: 'auto' });
  run.onProgress = ({ generation, phase, done, total }) => {
    console.log(`generation ${generation}, ${phase}: ${done} of ${total} games`);
  };
  try {
    for (let i = 0; i < generations; i++) {
      const report = await run.generation();
      if (report === null) break;
      heard(report);
    }
    return await run.checkpoint();
  } finally {
    run.close();
  }
}

/** Plays one more generation of a saved run: its report, or null if its worker stopped. */
export async function resume(checkpoint: string): Promise<Report | null> {
  const run = await resumeEvolution(checkpoint, { workers: 2 });
  console.log(`${run.config.optimizer.kind} on ${run.config.features.join(', ')}`);
  try {
    return await run.generation();
  } catch (error) {
    if (error instanceof WorkerStopped) return null;
    throw error;
  } finally {
    run.close();
  }
}

/**
 * Two presets on the same 20 short games of 10x10, each benchmark on every core: their mean
 * lines and the spread of each, or null when `signal` cancelled them first.
 */
export async function compare(signal: AbortSignal): Promise<string | null> {
  const said = [];
  try {
    for (const preset of ['du', 'lee'] as const) {
      const result = await benchmark(
        { preset, width: 10, height: 10 },
        {
          games: 20,
          seed: 0,
          maxPieces: 500,
          signal,
          onProgress: ({ done, total }) => console.log(`${preset}: ${done} of ${total} games`),
        },
      );
      const worst = result.game_lines.indexOf(result.min);
      said.push(`${preset} ${result.mean} ± ${result.std} (least in game ${worst})`);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
  return said.join(', ');
}

/**
 * How long `dt20`'s games on the full board last, estimated by splitting (whole games run to
 * tens of millions of lines): the mean and its standard error, in millions of lines.
 */
export async function fullBoardLines(): Promise<string> {
  const estimate = await survival(
    { preset: 'dt20', width: 10, height: 20 },
    { replicates: 4, seed: 0, runPieces: 200_000, trials: 500 },
  );
  const millions = (lines: number | null) => (lines === null ? '-' : (lines / 1e6).toFixed(1));
  const ended = estimate.replicates.map((r) => r.stages.at(-1)?.reached ?? 0);
  return `dt20: ${millions(estimate.mean_lines)} ± ${millions(estimate.mean_lines_error)} M lines (ends seen: ${ended.join(', ')})`;
}

/**
 * Two presets in versus under the guideline rules, each side resolved by the engine: A's record
 * against B, A's win rate with its 95% interval, and each side's attack per piece.
 */
export async function versusRecord(): Promise<string> {
  const left = await gameConfig({ rules: 'guideline', preset: 'dellacherie' });
  const right = await gameConfig({ rules: 'guideline', preset: 'dt10' });
  const series = await versus(left, { opponent: right, games: 20, seed: 0, rules: 'ppt' });
  const rate = series.win_rate_interval?.map((x) => (100 * x).toFixed(0)).join('–') ?? 'none';
  const attack = [series.left, series.right].map((side) => side.attack_per_piece.toFixed(3));
  return `${series.wins}–${series.losses} (${series.draws} drawn), interval ${rate}%, attack ${attack.join(' vs ')}`;
}

/**
 * A preset as published, resolved by the engine into the game it plays, played in a worker for
 * 200 pieces; and a share link's settings (an older link's names too) read the same way.
 */
export async function published(): Promise<string> {
  const config = await gameConfig({ preset: 'lee', asPublished: true, board: [10, 10], seed: 3 });
  const game = await createGame(config);
  const stats = await game.play(200);
  game.close();
  const again = await game.gameConfig({ preset: 'lee' }).catch(() => null);
  const link = await sharedSettings({ preset: 'du', width: 8, height: 12, published: true });
  const quick = await measure('benchmark', link.settings.board ? { width: 8, height: 12 } : {}, {
    games: 2,
    maxPieces: 50,
  });
  return (
    `lee as published: ${config.rules.randomizer} bag, depth ${config.search.depth}, ` +
    `${stats.lines} lines; closed game answers ${again}; link plays ` +
    `${link.settings.preset} on ${link.settings.board?.join('x')} (${link.problems.length} ` +
    `problems), ${quick.games} quick games`
  );
}

/** Calls `listener` with each `type` event of the element, typed. */
function on<K extends keyof TetrisAiEventMap>(
  element: TetrisAiElement,
  type: K,
  listener: (event: TetrisAiEventMap[K]) => void,
): void {
  element.addEventListener(type, (event) => listener(event as TetrisAiEventMap[K]));
}

/** A <tetris-ai> element in `parent`, playing a preset at depth 2 and reporting its lines. */
export function mountElement(parent: HTMLElement, status: HTMLElement): TetrisAiElement {
  const element = document.createElement('tetris-ai');
  element.preset = 'lee';
  element.board = [10, 20];
  element.seed = 42;
  element.depth = 2;
  element.autoplay = true;
  on(element, 'lines', ({ detail }) => {
    status.textContent = `${detail.cleared} cleared, ${detail.lines} in all`;
  });
  on(element, 'gameover', () => element.newGame());
  on(element, 'error', ({ detail }) => {
    status.textContent = detail.message;
  });
  parent.append(element);
  element.ready.then(() => {
    status.textContent = `${element.build} build, ${element.rulesInPlay?.kind} rules`;
  });
  return element;
}

/** The page: each part of the program in the element with its id. */
async function main(): Promise<void> {
  const find = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
  const [engine, log, canvas, host, status] = [
    find('engine'),
    find('log'),
    find<HTMLCanvasElement>('board'),
    find('element'),
    find('status'),
  ];
  if (!engine || !log || !canvas || !host || !status) return;
  const write = (line: string) => log.append(`${line}\n`);
  engine.textContent = (await describeEngine()).join('\n');
  const { lines, tetrises, points } = await playHeadless(1, 300);
  write(`headless: ${lines} lines, ${tetrises} tetrises, ${points} points`);
  const game = await createGame({ preset: 'du', rules: { kind: 'guideline' }, seed: 2 });
  write(await inspect(game));
  (await coachLines(game)).forEach(write);
  write(`by hand: ${(await playByHand(game)).length} pieces locked`);
  (await replayGame(game)).forEach(write);
  (await decisionTimes(game)).forEach(write);
  animate(game, canvas);
  const checkpoint = await evolve(2, (report) => {
    write(`generation ${report.generation}: best ${report.best}, mean ${report.mean}`);
    write(`validated ${report.validated_best ?? '-'} after ${report.games_played} games`);
  });
  const next = await resume(checkpoint);
  write(`resumed: generation ${next?.generation ?? '-'} in ${next?.elapsed_seconds ?? 0} s`);
  const giveUp = new AbortController();
  setTimeout(() => giveUp.abort(), 60_000);
  write((await compare(giveUp.signal)) ?? 'the benchmark took over a minute: cancelled');
  write(await fullBoardLines());
  write(await published());
  mountElement(host, status);
}

main();
