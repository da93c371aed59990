// Drawing the board: the AI's target is an outline in its piece's colour over empty cells (no
// fill that could pass for locked cells), unlike a locked cell and unlike the ghost; the hints,
// when asked for, are white outlines at the placements the game's `hints()` names; and the
// legend under the board names the target, the ghost and the hints with swatches.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openElementPage, assertNoErrors } from './harness.mjs';

const WAIT = { timeout: 10_000 };

const env = serveAndBrowse({ isolation: false });

/**
 * Pixels of the board at the `outlined` cells (`[x, y]` each): for each one that is neither the
 * ghost's nor the active piece's, the colour at its centre and the brightest colour along its
 * outer edges; plus an empty cell's centre. Read with the game paused.
 */
function outlinePixels(page, outlined) {
  return page.evaluate(async (outlined) => {
    const el = document.querySelector('#game');
    const { view } = el.snapshot;
    const canvas = el.shadowRoot.querySelector('#board');
    const ctx = canvas.getContext('2d');
    const cell = canvas.width / view.width;
    const rows = view.height + 2;
    const pixel = (px, py) =>
      Array.from(ctx.getImageData(Math.round(px), Math.round(py), 1, 1).data);
    const corner = (x, y) => [x * cell, (rows - 1 - y) * cell];
    const key = ([x, y]) => `${x},${y}`;
    const taken = new Set([...(view.ghost?.cells ?? []), ...(view.active?.cells ?? [])].map(key));
    const outlinedSet = new Set(outlined.map(key));
    const brightness = ([r, g, b]) => r + g + b;
    const cells = outlined
      .filter((c) => !taken.has(key(c)) && c[1] < view.height)
      .map(([x, y]) => {
        const [left, top] = corner(x, y);
        const edges = [];
        for (let i = 2; i < cell - 2; i++) {
          if (!outlinedSet.has(key([x, y + 1]))) edges.push(pixel(left + i, top + 1));
          if (!outlinedSet.has(key([x, y - 1]))) edges.push(pixel(left + i, top + cell - 2));
          if (!outlinedSet.has(key([x - 1, y]))) edges.push(pixel(left + 1, top + i));
          if (!outlinedSet.has(key([x + 1, y]))) edges.push(pixel(left + cell - 2, top + i));
        }
        edges.sort((a, b) => brightness(b) - brightness(a));
        return { at: [x, y], centre: pixel(left + cell / 2, top + cell / 2), edge: edges[0] };
      });
    // An empty cell: the top visible row's first cell that is neither outlined nor taken.
    const occupied = new Set([...taken, ...outlinedSet]);
    let empty = null;
    for (let x = 0; x < view.width && !empty; x++) {
      if (!occupied.has(key([x, view.height - 1]))) empty = [x, view.height - 1];
    }
    const [ex, ey] = corner(...empty);
    return { cells, empty: pixel(ex + cell / 2, ey + cell / 2) };
  }, outlined);
}

/** The distance between two RGB(A) colours (alpha left out). */
function distance(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

const PIECE_COLOURS = {
  I: [0x2f, 0xd4, 0xe8],
  O: [0xf5, 0xc9, 0x32],
  T: [0xa4, 0x5e, 0xe5],
  S: [0x3e, 0xc9, 0x5c],
  Z: [0xec, 0x4a, 0x4a],
  J: [0x3d, 0x7b, 0xf0],
  L: [0xf3, 0x90, 0x2c],
};

test(
  "the AI's target is an outline in its colour, with empty cells inside",
  { timeout: 90_000 },
  async (t) => {
    // The AI makes one input every 600 frames: its target stays up while the piece waits.
    const opened = await openElementPage(
      env.browser,
      env.server,
      '<tetris-ai id="game" autoplay ai-delay="600" rules="guideline" board="10x20" seed="3" gravity="1000"></tetris-ai>',
    );
    try {
      const { page } = opened;
      await page.waitForFunction(
        () => document.querySelector('#game').snapshot?.target,
        null,
        WAIT,
      );
      await page.evaluate(async () => {
        const el = document.querySelector('#game');
        el.pause();
        await el.game.stats();
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      const target = await page.evaluate(() => document.querySelector('#game').snapshot.target);
      const seen = { piece: target.piece, ...(await outlinePixels(page, target.cells)) };
      t.diagnostic(JSON.stringify(seen));
      assert.ok(seen.cells.length > 0, 'some target cell is apart from the ghost and the piece');
      const colour = PIECE_COLOURS[seen.piece];
      for (const { at, centre, edge } of seen.cells) {
        assert.ok(
          distance(centre, seen.empty) < 8,
          `target cell ${at}: its centre ${centre} should look like an empty cell's ${seen.empty}`,
        );
        assert.ok(
          distance(edge, colour) < 40,
          `target cell ${at}: its outline ${edge} should be drawn in the piece's colour ${colour}`,
        );
        assert.ok(
          distance(centre, colour) > 150,
          `target cell ${at}: it should not be filled like a locked ${seen.piece} cell`,
        );
      }
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test('the hints are white outlines where hints() puts them, and go when turned off', async (t) => {
  const opened = await openElementPage(
    env.browser,
    env.server,
    '<tetris-ai id="game" hints rules="guideline" board="10x20" seed="3" gravity="1000"></tetris-ai>',
  );
  try {
    const { page } = opened;
    // A few hard drops, so that the board is no longer empty, then the game is held still and
    // drawn after the last one.
    await page.evaluate(async () => {
      const el = document.querySelector('#game');
      for (let i = 0; i < 4; i++) await el.game.press('hard_drop');
      el.pause();
    });
    await page.waitForFunction(
      () => document.querySelector('#game').snapshot?.view.stats.pieces === 4,
      null,
      WAIT,
    );
    const [asked, shown] = await page.evaluate(async () => {
      const el = document.querySelector('#game');
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return [await el.game.hints(), el.snapshot.hints];
    });
    assert.ok(asked.length > 0, 'the game names its best placements');
    assert.deepEqual(shown, asked, 'the element shows the hints the game names');
    const outlined = shown.flatMap((hint) => hint.cells);
    const seen = await outlinePixels(page, outlined);
    t.diagnostic(JSON.stringify(seen));
    assert.ok(seen.cells.length > 0, 'some hint cell is apart from the ghost and the piece');
    for (const { at, centre, edge } of seen.cells) {
      assert.ok(
        distance(centre, seen.empty) < 8,
        `hint cell ${at}: its centre ${centre} should look like an empty cell's ${seen.empty}`,
      );
      assert.ok(
        distance(edge, seen.empty) > 100,
        `hint cell ${at}: its outline ${edge} should stand out from an empty cell`,
      );
      assert.ok(
        Math.max(...edge.slice(0, 3)) - Math.min(...edge.slice(0, 3)) < 20,
        `hint cell ${at}: its outline ${edge} should be white, not coloured`,
      );
    }

    await page.evaluate(() => document.querySelector('#game').removeAttribute('hints'));
    await page.waitForFunction(
      () => document.querySelector('#game').snapshot.hints.length === 0,
      null,
      WAIT,
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const after = await outlinePixels(page, outlined);
    for (const { at, edge } of after.cells) {
      assert.ok(
        distance(edge, after.empty) < 8,
        `cell ${at}: its edges ${edge} should look like an empty cell's ${after.empty}`,
      );
    }
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

/**
 * What the element's canvases show now, read with the game held still: for each cell of the board
 * (the spawn rows included) the piece whose colour fills its centre, or "." where it looks empty,
 * as rows of text from the top; and for the hold and the first next slot, the pieces whose colour
 * they show. Beside it, the same read from the snapshot drawn: its locked cells and the falling
 * piece, its hold and its first next piece.
 */
function drawnAndSaid(page) {
  return page.evaluate((colours) => {
    const el = document.querySelector('#game');
    el.highlight(null); // draws the snapshot again, now that any clear's flash is over
    const { view, cells } = el.snapshot;
    const pieces = Object.keys(colours);
    const near = (pixel, colour) =>
      Math.hypot(pixel[0] - colour[0], pixel[1] - colour[1], pixel[2] - colour[2]) < 12;
    const pieceAt = (pixel) => pieces.find((piece) => near(pixel, colours[piece])) ?? '.';
    const board = el.shadowRoot.querySelector('#board').getContext('2d');
    const cell = board.canvas.width / view.width;
    const rows = view.height + 2;
    const drawn = [];
    const said = [];
    const active = new Set((view.active?.cells ?? []).map(([x, y]) => `${x},${y}`));
    for (let y = rows - 1; y >= 0; y--) {
      let drawnRow = '';
      let saidRow = '';
      for (let x = 0; x < view.width; x++) {
        const centre = [(x + 0.5) * cell, (rows - 1 - y + 0.5) * cell].map(Math.floor);
        drawnRow += pieceAt(board.getImageData(centre[0], centre[1], 1, 1).data);
        const locked = cells[y * view.width + x];
        saidRow += locked ? pieces[locked - 1] : active.has(`${x},${y}`) ? view.active.piece : '.';
      }
      drawn.push(drawnRow);
      said.push(saidRow);
    }
    // The pieces whose colour some pixel of `canvas` (its top `rows` pixel rows) shows.
    const shown = (canvas, rows) => {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, rows).data;
      const seen = new Set();
      for (let i = 0; i < data.length; i += 4) seen.add(pieceAt(data.slice(i, i + 3)));
      seen.delete('.');
      return [...seen].sort();
    };
    const hold = el.shadowRoot.querySelector('#hold');
    const next = el.shadowRoot.querySelector('#next');
    const slot = Math.floor((next.width / 5) * 3); // a slot is 3 mini cells of a 5-wide canvas
    return {
      drawn: { board: drawn, hold: shown(hold, hold.height), next: shown(next, slot) },
      said: { board: said, hold: view.hold ? [view.hold] : [], next: [view.queue[0]] },
      lines: view.stats.lines,
    };
  }, PIECE_COLOURS);
}

test('the board, hold and next show what the game says after its pieces lock and rows clear', async () => {
  // The AI places each piece at once: the stack, the hold and the queue change every frame.
  const opened = await openElementPage(
    env.browser,
    env.server,
    '<tetris-ai id="game" autoplay ai-delay="-1" rules="guideline" board="10x20" seed="5"></tetris-ai>',
  );
  try {
    const { page } = opened;
    let lines = 0;
    for (const pieces of [6, 25, 50]) {
      await page.waitForFunction(
        (pieces) => document.querySelector('#game').snapshot?.view.stats.pieces >= pieces,
        pieces,
        { timeout: 60_000 },
      );
      await page.evaluate(async () => {
        const el = document.querySelector('#game');
        el.pause();
        await el.game.stats();
        // Past any clear's flash, with every frame asked for drawn.
        await new Promise((resolve) => setTimeout(resolve, 700));
      });
      const seen = await drawnAndSaid(page);
      assert.deepEqual(seen.drawn, seen.said, `after ${pieces} pieces`);
      lines = seen.lines;
      await page.evaluate(() => document.querySelector('#game').resume());
    }
    assert.ok(lines > 0, `some rows were cleared on the way, ${lines} lines`);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
