// The history of past games: each game's kind, player and result (with the accuracy of the pieces
// placed by hand, see accuracy.js), kept in localStorage across reloads, with the best and the
// average of the games like the current one.

import { count } from '../lib/count.js';

const STORAGE_KEY = 'tetris-ai/history/v1';
/** The most games kept; the oldest go first. */
export const MAX_GAMES = 500;
/**
 * The most games whose replay keeps every move (games played by hand, or whose AI changed, and
 * races' two games, see match-replay.js); an older one keeps its figures, without its replays.
 * The AI's games keep their replay as their configuration and seed, a few hundred characters.
 */
export const MAX_MOVE_REPLAYS = 30;

/** Whether the saved game `game` keeps a replay of every move: its own, or its race's. */
function keepsMoves(game) {
  return typeof game.replay?.moves === 'string' || game.match !== undefined;
}

/**
 * Whether a record's rated pieces are whole counts, the accurate ones among them (absent from
 * the records of games saved before pieces were rated, which count none).
 */
function hasAccuracy(value) {
  if (value.rated === undefined && value.accurate === undefined) return true;
  return (
    Number.isSafeInteger(value.rated) &&
    Number.isSafeInteger(value.accurate) &&
    value.accurate >= 0 &&
    value.accurate <= value.rated
  );
}

/** Whether `value` is a game record as `record` makes them. */
function isRecord(value) {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof value.rules === 'string' &&
    Number.isSafeInteger(value.width) &&
    Number.isSafeInteger(value.height) &&
    typeof value.player === 'string' &&
    Number.isSafeInteger(value.lines) &&
    Number.isSafeInteger(value.pieces) &&
    hasAccuracy(value)
  );
}

/**
 * The saved games, oldest first: `{games, problem}`, where `problem` says why saved games could
 * not be read (they are then left in storage untouched until a new game is recorded).
 */
export function loadHistory(storage = localStorage) {
  let text;
  try {
    text = storage.getItem(STORAGE_KEY);
  } catch (err) {
    return { games: [], problem: `the browser refused access to its storage (${err.message})` };
  }
  if (text === null) return { games: [], problem: null };
  let games;
  try {
    games = JSON.parse(text);
  } catch {
    return { games: [], problem: 'the saved history is not JSON' };
  }
  if (!Array.isArray(games)) return { games: [], problem: 'the saved history is not a list' };
  const kept = games.filter(isRecord);
  const dropped = games.length - kept.length;
  return {
    games: kept,
    problem: dropped ? `${count(dropped, 'saved game')} could not be read` : null,
  };
}

/** `games` with the replays of every move kept for the newest `MAX_MOVE_REPLAYS` alone. */
export function boundedReplays(games) {
  const bounded = [...games];
  let withMoves = 0;
  for (let i = bounded.length - 1; i >= 0; i--) {
    if (!keepsMoves(bounded[i])) continue;
    withMoves += 1;
    if (withMoves > MAX_MOVE_REPLAYS) {
      bounded[i] = { ...bounded[i] };
      if (typeof bounded[i].replay?.moves === 'string') delete bounded[i].replay;
      delete bounded[i].match;
    }
  }
  return bounded;
}

/**
 * Saves `games` (the newest `MAX_GAMES`, the replays of every move of the newest
 * `MAX_MOVE_REPLAYS`); resolves to an error message or null.
 */
export function saveHistory(games, storage = localStorage) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(boundedReplays(games.slice(-MAX_GAMES))));
    return null;
  } catch (err) {
    return `The history could not be saved: ${err.message}`;
  }
}

/** Forgets every saved game. */
export function clearHistory(storage = localStorage) {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was saved where storage is refused.
  }
}

/** Who played a game from how many pieces the AI and the player placed. */
export function playerOf(aiPieces, ownPieces) {
  if (ownPieces === 0) return 'AI';
  return aiPieces === 0 ? 'you' : 'AI and you';
}

/** The games of the same rules, board and player as `like`. */
function sameKind(games, like) {
  return games.filter(
    (g) =>
      g.rules === like.rules &&
      g.width === like.width &&
      g.height === like.height &&
      g.player === like.player,
  );
}

/** `{count, best, average}` lines over the games like `like` (null when there are none). */
export function summary(games, like) {
  const same = sameKind(games, like);
  if (!same.length) return null;
  const lines = same.map((g) => g.lines);
  return {
    count: same.length,
    best: Math.max(...lines),
    average: lines.reduce((sum, n) => sum + n, 0) / same.length,
  };
}
