// Touch: on-screen buttons that hold engine keys down while a finger (or any pointer) rests on
// them, so the engine's DAS and ARR repeat a held shift or soft drop as they do for a key; and
// gestures on the board: a swipe sideways moves a column per cell swiped, a tap rotates
// clockwise, a swipe down hard-drops and a swipe up holds.

/** Pixels a finger may wander and still tap. */
const TAP_SLOP = 10;
/** A swipe up or down is at least this many cells long. */
const SWIPE_CELLS = 2;

/**
 * Makes every `button[data-key]` of `container` press its engine key while a pointer holds it
 * and release it when let go. `handlers`: `press(key)` and `release(key)`.
 */
export function attachTouchButtons(container, handlers) {
  for (const button of container.querySelectorAll('button[data-key]')) {
    const key = button.dataset.key;
    let pointer = null;
    const letGo = () => {
      if (pointer === null) return;
      pointer = null;
      button.classList.remove('held');
      handlers.release(key);
    };
    button.addEventListener('pointerdown', (event) => {
      event.preventDefault(); // no focus change, text selection or double-tap zoom
      if (pointer !== null) return;
      pointer = event.pointerId;
      button.setPointerCapture(event.pointerId);
      button.classList.add('held');
      handlers.press(key);
    });
    button.addEventListener('pointerup', letGo);
    button.addEventListener('pointercancel', letGo);
    button.addEventListener('lostpointercapture', letGo);
    // Activated without a pointer (a screen reader, the keyboard): one tap of the key.
    button.addEventListener('click', (event) => {
      if (event.detail !== 0) return;
      handlers.press(key);
      handlers.release(key);
    });
  }
}

/**
 * Turns touches on `board` into taps of engine keys: `handlers.tap(key)`; `handlers.cell()` is
 * the size of a cell in CSS pixels. Only touch pointers count (a mouse click only focuses).
 */
export function attachSwipes(board, handlers) {
  let swipe = null;
  board.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'touch' || swipe) return;
    swipe = { id: event.pointerId, x: event.clientX, y: event.clientY, columns: 0 };
    board.setPointerCapture(event.pointerId);
  });
  board.addEventListener('pointermove', (event) => {
    if (!swipe || event.pointerId !== swipe.id) return;
    const columns = Math.trunc((event.clientX - swipe.x) / handlers.cell());
    for (; swipe.columns < columns; swipe.columns++) handlers.tap('right');
    for (; swipe.columns > columns; swipe.columns--) handlers.tap('left');
  });
  board.addEventListener('pointerup', (event) => {
    if (!swipe || event.pointerId !== swipe.id) return;
    const dx = event.clientX - swipe.x;
    const dy = event.clientY - swipe.y;
    const moved = swipe.columns !== 0;
    swipe = null;
    if (moved) return;
    const far = SWIPE_CELLS * handlers.cell();
    if (Math.abs(dx) <= TAP_SLOP && Math.abs(dy) <= TAP_SLOP) handlers.tap('cw');
    else if (dy >= far && dy > Math.abs(dx)) handlers.tap('hard_drop');
    else if (-dy >= far && -dy > Math.abs(dx)) handlers.tap('hold');
  });
  board.addEventListener('pointercancel', () => {
    swipe = null;
  });
}
