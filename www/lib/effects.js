// What the board shows of a line clear: the callout over it (a tetris, a T-spin, back-to-back,
// a combo, a perfect clear), a CSS animation of a layer over the canvas shown only while it runs,
// and a flash of the removed rows, drawn on the board's canvas with the next frames. Where the
// visitor asks for reduced motion (`prefers-reduced-motion`), the rows do not flash and the
// callout fades without moving.

/** The words of a clear of `lines` lines with `spin` (the engine's `Spin`): none for a plain one. */
function clearWords(lines, spin) {
  const count = ['', 'single', 'double', 'triple'][lines] ?? '';
  if (spin === 'full') return lines > 0 ? `T-spin ${count}` : 'T-spin';
  if (spin === 'mini') return lines > 0 ? `T-spin mini ${count}` : 'T-spin mini';
  return lines >= 4 ? 'Tetris' : '';
}

/**
 * The lines of the callout of a placement's clear (the engine's `Cleared`), most important
 * first, or none for one not worth calling (a plain single, double or triple with no streak):
 * the clear ("Tetris", "T-spin double"), "Back-to-back" (a difficult clear after another, "×2"
 * for the third in a row), the combo ("2 combo": the clears in a row after the first) and
 * "Perfect clear".
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

/** How long a row's flash lasts, in ms. */
const FLASH_MS = 200;
/** How long a callout lasts, in ms (its CSS animation's length). */
const CALLOUT_MS = 1300;

export class Effects {
  /**
   * The effects over the board of `root` (the element's shadow root: `#fx`, a layer the size of
   * the board's canvas, and its `#callout`), and on the board `renderer` draws.
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
    if (!this.reduced.matches && cleared.rows > 0) this.renderer.flash(cleared.rows, FLASH_MS);
    const lines = calloutLines(cleared);
    if (lines.length === 0) return;
    this.layer.hidden = false;
    clearTimeout(this.hideTimer);
    this.hideTimer = setTimeout(() => this.hideCallout(), CALLOUT_MS);
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

  /** Takes the callout away, and the layer with it. */
  hideCallout() {
    clearTimeout(this.hideTimer);
    this.layer.hidden = true;
    this.callout.classList.remove('shown');
    this.callout.replaceChildren();
  }

  /** Takes every effect away (a new game). */
  clear() {
    this.hideCallout();
    this.renderer.flash(0, 0);
  }
}
