// Drawing: the board (locked cells, hints, the AI's target, ghost, active piece, a highlight), the
// hold slot and the next queue, on the canvases it is given. Only draws what the engine reports.
// Locked and active cells are filled; the hints (thin dotted white), the AI's target (dashed, in
// its piece's colour), the ghost (solid, in its piece's colour) and a placement a page points at
// (thick, solid yellow) are outlines only.

export const PIECES = ['I', 'O', 'T', 'S', 'Z', 'J', 'L'];

export const COLORS = {
  I: '#2fd4e8',
  O: '#f5c932',
  T: '#a45ee5',
  S: '#3ec95c',
  Z: '#ec4a4a',
  J: '#3d7bf0',
  L: '#f3902c',
};

// Spawn-orientation shapes for the hold and next previews, (x, y) with y up.
const SHAPES = {
  I: [
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 0],
  ],
  O: [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ],
  T: [
    [0, 0],
    [1, 0],
    [2, 0],
    [1, 1],
  ],
  S: [
    [0, 0],
    [1, 0],
    [1, 1],
    [2, 1],
  ],
  Z: [
    [1, 0],
    [2, 0],
    [0, 1],
    [1, 1],
  ],
  J: [
    [0, 0],
    [1, 0],
    [2, 0],
    [0, 1],
  ],
  L: [
    [0, 0],
    [1, 0],
    [2, 0],
    [2, 1],
  ],
};

/** Rows shown above the visible field, where guideline pieces appear. */
export const SPAWN_ROWS = 2;

const BACKGROUND = '#0c111b';
/** The outline of a placement a page points at (see the element's `highlight`). */
const HIGHLIGHT = '#ffe14d';
const GRID = 'rgba(255, 255, 255, 0.045)';

/** A filled cell with a subtle bevel. */
function bevelCell(ctx, x, y, size, color) {
  const b = Math.max(2, Math.round(size * 0.14));
  ctx.fillStyle = color;
  ctx.fillRect(x, y, size, size);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.30)';
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + size, y);
  ctx.lineTo(x + size - b, y + b);
  ctx.lineTo(x + b, y + b);
  ctx.lineTo(x + b, y + size - b);
  ctx.lineTo(x, y + size);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = 'rgba(0, 0, 0, 0.28)';
  ctx.beginPath();
  ctx.moveTo(x + size, y + size);
  ctx.lineTo(x, y + size);
  ctx.lineTo(x + b, y + size - b);
  ctx.lineTo(x + size - b, y + size - b);
  ctx.lineTo(x + size - b, y + b);
  ctx.lineTo(x + size, y);
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.35)';
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, y + 0.5, size - 1, size - 1);
}

/**
 * A cell of `color` and `size` CSS pixels with its bevel, drawn once into a canvas of its own at
 * the screen's pixel ratio, to copy where it goes: one image per cell instead of four shapes,
 * which is what lets browsers that raster canvases slowly (WebKitGTK) keep up.
 */
class CellSprites {
  constructor() {
    this.sprites = new Map();
  }

  /** Draws a cell of `color` and `size` at (`x`, `y`) of `ctx`. */
  draw(ctx, x, y, size, color) {
    const ratio = window.devicePixelRatio || 1;
    const key = `${color} ${size} ${ratio}`;
    let sprite = this.sprites.get(key);
    if (!sprite) {
      sprite = document.createElement('canvas');
      sprite.width = Math.round(size * ratio);
      sprite.height = Math.round(size * ratio);
      const own = sprite.getContext('2d');
      own.setTransform(ratio, 0, 0, ratio, 0, 0);
      bevelCell(own, 0, 0, size, color);
      this.sprites.set(key, sprite);
    }
    ctx.drawImage(sprite, x, y, size, size);
  }
}

function setupCanvas(canvas, width, height) {
  const ratio = window.devicePixelRatio || 1;
  const w = Math.round(width * ratio);
  const h = Math.round(height * ratio);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}

export class Renderer {
  constructor(board, hold, next) {
    this.canvases = { board, hold, next };
    this.width = 10;
    this.height = 20;
    this.cell = 24;
    this.previewCount = 0;
    /** What was drawn last (see `draw`): a frame that would draw the same draws nothing. */
    this.shown = null;
    this.sprites = new CellSprites();
    /** The empty board (its background, grid and spawn line), drawn once per layout. */
    this.empty = null;
    /**
     * The locked cells drawn on the empty board, in a canvas of their own (`{cells, canvas}`),
     * redrawn only when a piece locks or rows clear: a frame copies it whole and draws the
     * falling piece on top, one image instead of a cell per locked cell.
     */
    this.stack = null;
    /** The hold and next pieces last drawn (JSON), so that a frame redraws them only on change. */
    this.previews = { hold: null, next: null };
    /** Rows flashing after a clear (bits, as `flash` takes them), and when the flash ends. */
    this.flashing = { rows: 0, from: 0, until: 0 };
  }

  /**
   * Flashes the rows of the bit mask `rows` (bit y: row y, where they were before the clear)
   * white, fading over `ms`, drawn with the frames that follow.
   */
  flash(rows, ms) {
    const now = performance.now();
    this.flashing = { rows, from: now, until: now + ms };
  }

  /** How much of the flash is left now, from 1 to 0, in tenths (0: none). */
  flashLeft() {
    const { from, until } = this.flashing;
    const now = performance.now();
    return now >= until ? 0 : Math.ceil((10 * (until - now)) / (until - from)) / 10;
  }

  /** Sizes the canvases for a `width` x `height` board drawn with cells of `cell` pixels. */
  layout(width, height, previewCount, cell) {
    this.width = width;
    this.height = height;
    this.previewCount = previewCount;
    this.shown = null;
    this.empty = null;
    this.stack = null;
    this.previews = { hold: null, next: null };
    const rows = height + SPAWN_ROWS;
    this.cell = cell;
    this.mini = Math.max(9, Math.round(this.cell * 0.62));
    this.boardCtx = setupCanvas(this.canvases.board, width * this.cell, rows * this.cell);
    this.holdCtx = setupCanvas(this.canvases.hold, 5 * this.mini, 3.2 * this.mini);
    const slots = Math.max(1, previewCount);
    this.nextCtx = setupCanvas(
      this.canvases.next,
      5 * this.mini,
      slots * 3 * this.mini + 0.4 * this.mini,
    );
  }

  /** Whether `scene` would draw what the last frame drew; if not, it becomes what was drawn. */
  drawsNothingNew({ cells, view, target, hints, highlight }) {
    const pieces = JSON.stringify([
      view?.active,
      view?.ghost,
      view?.hold,
      view?.queue,
      target,
      hints?.map((hint) => hint.cells),
      highlight,
      this.flashLeft(),
    ]);
    const shown = this.shown;
    const same =
      shown !== null &&
      shown.pieces === pieces &&
      (cells ?? null) !== null &&
      shown.cells !== null &&
      sameCells(shown.cells, cells);
    if (!same) this.shown = { pieces, cells: cells ? Array.from(cells) : null };
    return same;
  }

  /** Top-left pixel of board cell (x, y), row 0 at the bottom. */
  at(x, y) {
    return [x * this.cell, (this.height + SPAWN_ROWS - 1 - y) * this.cell];
  }

  visible(y) {
    return y >= 0 && y < this.height + SPAWN_ROWS;
  }

  /** The board cell `[x, y]` at pixel (`px`, `py`) of the board's canvas, or null off it. */
  cellAt(px, py) {
    const x = Math.floor(px / this.cell);
    const y = this.height + SPAWN_ROWS - 1 - Math.floor(py / this.cell);
    return x >= 0 && x < this.width && this.visible(y) ? [x, y] : null;
  }

  /**
   * Draws one frame: `scene` = {cells, view, target, hints, highlight}; nothing where it would
   * draw what is drawn already (most frames: the piece moves every few), which spares browsers
   * that paint canvases slowly.
   */
  draw(scene) {
    if (this.drawsNothingNew(scene)) return;
    this.drawBoard(scene);
    const hold = scene.view && scene.view.hold ? [scene.view.hold] : [];
    if (this.previewChanged('hold', hold)) {
      this.drawPreview(this.holdCtx, hold, 5 * this.mini, 3.2 * this.mini);
    }
    const next = scene.view ? scene.view.queue : [];
    if (this.previewChanged('next', next)) {
      const slots = Math.max(1, this.previewCount);
      this.drawPreview(this.nextCtx, next, 5 * this.mini, slots * 3 * this.mini + 0.4 * this.mini);
    }
  }

  /** Whether the `slot` ("hold" or "next") shows other `pieces` than it did; it will now. */
  previewChanged(slot, pieces) {
    const shown = JSON.stringify(pieces);
    if (this.previews[slot] === shown) return false;
    this.previews[slot] = shown;
    return true;
  }

  /**
   * The board's empty field in a canvas of its own: the spawn rows a faint strip above it, its
   * background and grid, and the dashed line between them.
   */
  emptyBoard() {
    const { width, height, cell } = this;
    const top = SPAWN_ROWS * cell;
    const fullW = width * cell;
    const fullH = (height + SPAWN_ROWS) * cell;
    const canvas = document.createElement('canvas');
    const ctx = setupCanvas(canvas, fullW, fullH);
    // The spawn rows: a faint strip above the field.
    ctx.fillStyle = 'rgba(12, 17, 27, 0.55)';
    ctx.fillRect(0, 0, fullW, top);
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, top, fullW, height * cell);
    ctx.strokeStyle = GRID;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 1; x < width; x++) {
      ctx.moveTo(x * cell + 0.5, top);
      ctx.lineTo(x * cell + 0.5, fullH);
    }
    for (let y = 1; y < height; y++) {
      ctx.moveTo(0, top + y * cell + 0.5);
      ctx.lineTo(fullW, top + y * cell + 0.5);
    }
    ctx.stroke();
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.18)';
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.moveTo(0, top + 0.5);
    ctx.lineTo(fullW, top + 0.5);
    ctx.stroke();
    ctx.setLineDash([]);
    return canvas;
  }

  /**
   * The empty board with `cells` (the locked cells, as the engine gives them, or null) drawn on
   * it, from the layer kept of the last cells drawn where they are the same.
   */
  stackLayer(cells) {
    const kept = this.stack;
    if (kept !== null && sameCells(kept.cells, cells ?? [])) return kept.canvas;
    const { width, height, cell } = this;
    const fullW = width * cell;
    const fullH = (height + SPAWN_ROWS) * cell;
    const canvas = kept?.canvas ?? document.createElement('canvas');
    const ctx = setupCanvas(canvas, fullW, fullH);
    ctx.clearRect(0, 0, fullW, fullH);
    this.empty ??= this.emptyBoard();
    ctx.drawImage(this.empty, 0, 0, fullW, fullH);
    if (cells) {
      const rows = Math.min(height + SPAWN_ROWS, Math.floor(cells.length / width));
      for (let y = 0; y < rows; y++) {
        for (let x = 0; x < width; x++) {
          const v = cells[y * width + x];
          if (v) {
            const [px, py] = this.at(x, y);
            this.sprites.draw(ctx, px, py, cell, COLORS[PIECES[v - 1]] || '#888');
          }
        }
      }
    }
    this.stack = { cells: cells ? Array.from(cells) : [], canvas };
    return canvas;
  }

  drawBoard({ cells, view, target, hints, highlight }) {
    const ctx = this.boardCtx;
    const { cell } = this;
    const fullW = this.width * cell;
    const fullH = (this.height + SPAWN_ROWS) * cell;
    const stack = this.stackLayer(cells);
    // "copy" replaces every pixel, the spawn rows' see-through strip included: no clear first.
    ctx.globalCompositeOperation = 'copy';
    ctx.drawImage(stack, 0, 0, fullW, fullH);
    ctx.globalCompositeOperation = 'source-over';
    this.drawFlash(ctx);
    if (!view) return;
    for (const hint of hints || []) {
      this.outline(ctx, hint.cells, 'rgba(255, 255, 255, 0.75)', [2, 3], 1.5);
    }
    if (target) {
      // A dashed outline in the piece's colour, nothing inside: it cannot pass for locked cells.
      const dash = Math.max(3, Math.round(cell * 0.3));
      this.outline(ctx, target.cells, COLORS[target.piece] || '#fff', [dash, dash * 0.6], 2);
    }
    if (view.ghost) {
      this.outline(ctx, view.ghost.cells, hexAlpha(COLORS[view.ghost.piece], 0.85), [], 2);
    }
    if (view.active) {
      const color = COLORS[view.active.piece];
      for (const [x, y] of view.active.cells) {
        if (!this.visible(y)) continue;
        const [px, py] = this.at(x, y);
        this.sprites.draw(ctx, px, py, cell, color);
      }
    }
    if (highlight) this.outline(ctx, highlight, HIGHLIGHT, [], 3);
  }

  /** Draws the rows flashing after a clear, as white as the flash has left. */
  drawFlash(ctx) {
    const left = this.flashLeft();
    if (left === 0) return;
    const { rows } = this.flashing;
    ctx.fillStyle = `rgba(255, 255, 255, ${0.85 * left})`;
    for (let y = 0; rows >= 2 ** y; y++) {
      if (Math.floor(rows / 2 ** y) % 2 === 0 || !this.visible(y)) continue;
      const [left, top] = this.at(0, y);
      ctx.fillRect(left, top, this.width * this.cell, this.cell);
    }
  }

  /** The outline of a piece's cells (only the edges not shared by two of its cells). */
  outline(ctx, cells, color, dash, lineWidth) {
    const key = (x, y) => `${x},${y}`;
    const set = new Set(cells.map(([x, y]) => key(x, y)));
    const inset = lineWidth / 2;
    ctx.strokeStyle = color;
    ctx.lineWidth = lineWidth;
    ctx.setLineDash(dash);
    ctx.beginPath();
    for (const [x, y] of cells) {
      if (!this.visible(y)) continue;
      const [px, py] = this.at(x, y);
      const c = this.cell;
      const l = px + inset;
      const r = px + c - inset;
      const t = py + inset;
      const b = py + c - inset;
      if (!set.has(key(x, y + 1))) {
        ctx.moveTo(l - inset, t);
        ctx.lineTo(r + inset, t);
      }
      if (!set.has(key(x, y - 1))) {
        ctx.moveTo(l - inset, b);
        ctx.lineTo(r + inset, b);
      }
      if (!set.has(key(x - 1, y))) {
        ctx.moveTo(l, t - inset);
        ctx.lineTo(l, b + inset);
      }
      if (!set.has(key(x + 1, y))) {
        ctx.moveTo(r, t - inset);
        ctx.lineTo(r, b + inset);
      }
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }

  /** Pieces stacked vertically, each centred in a 5 x 3 mini-cell slot. */
  drawPreview(ctx, pieces, w, h) {
    ctx.clearRect(0, 0, w, h);
    const m = this.mini;
    pieces.forEach((piece, i) => {
      const shape = SHAPES[piece];
      if (!shape) return;
      const size = i === 0 ? m : Math.round(m * 0.85);
      const xs = shape.map(([x]) => x);
      const ys = shape.map(([, y]) => y);
      const pw = (Math.max(...xs) + 1) * size;
      const ph = (Math.max(...ys) + 1) * size;
      const ox = (w - pw) / 2;
      const oy = i * 3 * m + 0.2 * m + (3 * m - ph) / 2;
      for (const [x, y] of shape) {
        this.sprites.draw(
          ctx,
          Math.round(ox + x * size),
          Math.round(oy + (Math.max(...ys) - y) * size),
          size,
          COLORS[piece],
        );
      }
    });
  }
}

/** Whether the cells `kept` (an array) are the cells `cells` (an array or a typed array). */
function sameCells(kept, cells) {
  return kept.length === cells.length && kept.every((value, i) => value === cells[i]);
}

function hexAlpha(hex, alpha) {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
