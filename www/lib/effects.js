// What the board shows of a line clear: the callout over it (a tetris, a T-spin, back-to-back,
// a combo, a perfect clear) and a flash of the removed rows. Both are CSS animations of elements
// over the canvas, so they cost the game's frames nothing; where the visitor asks for reduced
// motion (`prefers-reduced-motion`), the rows do not flash and the callout fades without moving.

/** The words of a clear of `lines` lines with `spin` (the engine's `Spin`). */
function clearWords(lines, spin) {
  const count = ['', 'single', 'double', 'triple'][lines] ?? '';
  if (spin === 'full') return lines > 0 ? `T-spin ${count}` : 'T-spin';
  if (spin === 'mini') return lines > 0 ? `T-spin mini ${count}` : 'T-spin mini';
  if (lines >= 4) return 'Tetris';
  return lines >= 2 ? count[0].toUpperCase() + count.slice(1) : '';
}

/**
 * The lines of the callout of a placement's clear (the engine's `Cleared`), most important
 * first, or none for one not worth calling (a single, with no streak): the clear ("Tetris",
 * "T-spin double", "Triple"), "Back-to-back" (a difficult clear after another, "×3" for the
 * third in a row), the combo ("2 combo": the clears in a row after the first) and "Perfect
 * clear".
 */
export function calloutLines(cleared) {
  if (!cleared) return [];
  const { clear, streaks } = cleared;
  const lines = [];
  const words = clearWords(clear.lines, clear.spin);
  if (words) lines.push(words);
  const difficult = clear.lines >= 4 || (clear.lines > 0 && clear.spin !== 'none');
  if (difficult && streaks.back_to_back >= 2) {
    lines.push(
      streaks.back_to_back > 2 ? `Back-to-back ×${streaks.back_to_back - 1}` : 'Back-to-back',
    );
  }
  if (clear.lines > 0 && streaks.combo >= 2) lines.push(`${streaks.combo - 1} combo`);
  if (clear.perfect) lines.push('Perfect clear');
  return lines;
}

/** How long a row's flash lasts, in ms (its CSS animation's length). */
const FLASH_MS = 200;

export class Effects {
  /**
   * The effects over the board of `root` (the element's shadow root: `#fx`, a layer the size of
   * the board's canvas, and its `#callout`), placed by `renderer`'s geometry.
   */
  constructor(root, renderer) {
    this.callout = root.getElementById('callout');
    this.layer = root.getElementById('fx');
    this.renderer = renderer;
    this.reduced = matchMedia('(prefers-reduced-motion: reduce)');
  }

  /** Shows what the clear `cleared` (the engine's `Cleared`, or null) calls for. */
  show(cleared) {
    if (!cleared) return;
    if (!this.reduced.matches) this.flash(cleared.rows);
    const lines = calloutLines(cleared);
    if (lines.length === 0) return;
    this.callout.replaceChildren(
      ...lines.map((text, i) => {
        const line = document.createElement('span');
        line.className = i === 0 ? 'callout-main' : 'callout-more';
        line.textContent = text;
        return line;
      }),
    );
    // The animation starts over for each callout.
    this.callout.classList.remove('shown');
    void this.callout.offsetWidth;
    this.callout.classList.add('shown');
  }

  /** Flashes the rows of the bit mask `rows` (bit y: row y, where they were before the clear). */
  flash(rows) {
    const { cell, width } = this.renderer;
    for (let y = 0; rows >= 2 ** y; y++) {
      if (Math.floor(rows / 2 ** y) % 2 === 0 || !this.renderer.visible(y)) continue;
      const [left, top] = this.renderer.at(0, y);
      const bar = document.createElement('div');
      bar.className = 'flash';
      bar.style.cssText = `left:${left}px;top:${top}px;width:${width * cell}px;height:${cell}px`;
      this.layer.append(bar);
      setTimeout(() => bar.remove(), FLASH_MS);
    }
  }

  /** Takes every effect away (a new game). */
  clear() {
    this.callout.classList.remove('shown');
    this.callout.replaceChildren();
    for (const bar of this.layer.querySelectorAll('.flash')) bar.remove();
  }
}
