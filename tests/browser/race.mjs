// What the race tests share: in the page, the race's state, both games' queues (each piece with
// its place in the game's sequence of pieces), and the race's replay at its end beside the games;
// here, the sequence the samples show.

/** In the page: whether the race's state is `wanted` ("idle", "countdown", "running", "ended"...). */
export async function raceIs(wanted) {
  await window.tetris.ready;
  return window.tetris.race.state === wanted;
}

/**
 * In the page: the player's queue and the AI's, each `{placed, first, queue}`: its pieces
 * placed, and the place in the game's sequence of pieces of the first piece of its queue. The
 * current piece and the held one come before the queue: with `placed` pieces placed and one
 * held, the queue starts at `placed + 2`, else at `placed + 1` (the first piece is number 0).
 */
export async function bothQueues() {
  const views = await Promise.all([window.tetris.game.view(), window.tetris.race.ai.game.view()]);
  return views.map((view) => ({
    placed: view.stats.pieces,
    first: view.stats.pieces + 1 + (view.hold ? 1 : 0),
    queue: view.queue,
  }));
}

/**
 * In the page: the replay viewer's frame once it shows the end of a race's replay (else null):
 * `{count, names, replayed, games, over}`, the placements it holds, the names over its boards,
 * the cells of both boards at the end, the cells of the two games as they stand (the player's,
 * then the AI's), and whether each replayed game is over.
 */
export async function raceReplayEnd() {
  const frame = window.tetris.replay;
  if (!frame?.sides || frame.index !== frame.count) return null;
  const games = await Promise.all([window.tetris.game.cells(), window.tetris.race.ai.game.cells()]);
  return {
    count: frame.count,
    names: [...document.querySelectorAll('#replay .replay-name')].map((name) => name.textContent),
    replayed: frame.sides.map((side) => Array.from(side.view.cells)),
    games: games.map((cells) => Array.from(cells)),
    over: frame.sides.map((side) => side.view.stats.game_over),
  };
}

/**
 * The sequence of pieces that `samples` (queues as `bothQueues` gives them, of one game) show,
 * by their place in it; throws where two samples disagree on a place.
 */
export function sequenceOf(samples, whose) {
  const sequence = new Map();
  for (const { first, queue } of samples) {
    queue.forEach((piece, i) => {
      const seen = sequence.get(first + i);
      if (seen !== undefined && seen !== piece) {
        throw new Error(`${whose} queue showed ${seen} and ${piece} as piece ${first + i}`);
      }
      sequence.set(first + i, piece);
    });
  }
  return sequence;
}
