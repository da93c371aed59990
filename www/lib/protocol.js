// What a game on the page (lib/game.js) may ask of its engine worker (lib/worker.js), declared
// once: the client makes a method of each call, the worker answers each and refuses any other,
// and a unit test holds `Game` in tetris-ai.d.ts and the engine's binding to this table.

/** Who answers a game's call in the worker. */
export const SERVER = Object.freeze({
  /** The engine's own `Game` binding: the call is forwarded as it is. */
  ENGINE: 'engine',
  /** The worker's session of the game (lib/session.js): frames, keys and what to draw. */
  SESSION: 'session',
});

/** A call the engine answers. */
const engine = Object.freeze({ server: SERVER.ENGINE, replans: false, draws: false });
/** A call the engine answers that changes how the AI decides. */
const replanning = Object.freeze({ server: SERVER.ENGINE, replans: true, draws: false });
/** A call the session answers. */
const session = Object.freeze({ server: SERVER.SESSION, replans: false, draws: false });
/** A call the session answers with what to draw. */
const drawing = Object.freeze({ server: SERVER.SESSION, replans: false, draws: true });

/**
 * The calls a game answers in its worker, by name, each with its arguments as the page passes
 * them: who answers it (`server`); whether it changes how the AI decides (`replans`: the worker
 * drops the plan the AI was following, which the next decision makes anew); and whether it
 * answers with what to draw (`draws`: its locked cells move to the page instead of a copy).
 */
export const GAME_CALLS = Object.freeze({
  step: engine,
  play: engine,
  decide: engine,
  aiInput: engine,
  search: engine,
  hints: engine,
  explain: engine,
  rate: engine,
  recording: engine,
  tick: engine,
  cells: engine,
  activeCells: engine,
  ghostCells: engine,
  view: engine,
  stats: engine,
  weights: engine,
  setWeights: replanning,
  setHandling: engine,
  setSearch: replanning,
  setParallel: replanning,
  setVersus: engine,
  receiveAttack: engine,
  takeSent: engine,
  pendingGarbage: engine,
  versusStats: engine,
  tbpStart: engine,
  tbpPlay: engine,
  press: session,
  release: session,
  coach: session,
  advance: drawing,
  snapshot: drawing,
});

/** The declaration of the game call `name`, or null where a game has no such call. */
export function gameCall(name) {
  return typeof name === 'string' && Object.hasOwn(GAME_CALLS, name) ? GAME_CALLS[name] : null;
}
