// A table of inputs as one Tab stop (a grid with a roving tabindex): Tab enters it at the cell
// last focused (at first, the first cell) and leaves it; the arrow keys move between cells, up
// and down at once, left and right once the caret is at that end of the cell's text (or the
// whole text is selected, as it is on arriving); typing edits the cell as in any input.

/** The moves of the arrow keys: [rows, columns]. */
const MOVES = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** Whether the caret of `input` may leave it towards `columns` (-1: left, 1: right). */
function atEdge(input, columns) {
  const { selectionStart: start, selectionEnd: end, value } = input;
  const whole = start === 0 && end === value.length;
  if (columns < 0) return whole || end === 0;
  if (columns > 0) return whole || start === value.length;
  return true;
}

/** Makes the inputs in the body rows of `table` one Tab stop, moved between by arrow keys. */
export function rovingGrid(table) {
  const rows = () => [...table.tBodies].flatMap((body) => [...body.rows]);
  const cellsOf = (row) => [...row.querySelectorAll('input')];
  const inputs = () => [...table.querySelectorAll('tbody input')];

  /** Makes `input` the grid's Tab stop. */
  function rove(input) {
    for (const other of inputs()) other.tabIndex = other === input ? 0 : -1;
  }

  table.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLInputElement) rove(event.target);
  });
  table.addEventListener('keydown', (event) => {
    const move = MOVES[event.key];
    const input = event.target;
    if (!move || !(input instanceof HTMLInputElement)) return;
    if (event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
    if (!atEdge(input, move[1])) return;
    const all = rows();
    const row = all.findIndex((r) => r.contains(input));
    const column = cellsOf(all[row]).indexOf(input);
    const target = all[row + move[0]];
    const next = target && cellsOf(target)[column + move[1]];
    event.preventDefault(); // at the grid's edge too: the caret stays
    if (!next) return;
    next.focus();
    next.select();
  });
  rove(inputs()[0]);
}
