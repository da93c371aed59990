// The `<tetris-ai>` element's styles, kept inside its shadow root. Sizes follow the cell size
// the element computes for its box (`--cell`).

export const STYLE = `
:host {
  display: block;
  position: relative;
  height: 480px;
  min-width: 160px;
  min-height: 160px;
  color: #dfe6f1;
  font: 14px system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, sans-serif;
  /* Its size comes from the page alone, never from what it holds: the board is sized to the
     box, so a box that followed the board would resize it again, and so on. */
  contain: strict;
  outline: none;
  --cell: 20px;
}
/* The focus ring: on the board's own frame, inside the element's box (which clips what lies
   outside it) and clear of the hold and next boxes beside the board. */
:host(:focus-visible) .board-wrap { outline: 2px solid #5aa9ff; outline-offset: -2px; }
[hidden] { display: none !important; }
.stage {
  height: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
}
.frame {
  width: 100%;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  gap: calc(var(--cell) * 0.5);
}
.side {
  display: flex;
  flex-direction: column;
  gap: calc(var(--cell) * 0.4);
  width: calc(var(--cell) * 4.2);
  flex: none;
}
/* Folded, in a box too narrow for two side columns (see the element's layout): hold, next and the
   buttons in one column right of the board, and the statistics in a row under both, as wide as
   the box. The outer columns centre the board and its column. */
.frame.folded {
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto calc(var(--cell) * 4.2) minmax(0, 1fr);
  grid-template-rows: repeat(4, auto) 1fr;
  gap: 8px 0;
}
.folded .side { display: contents; }
.folded .board-wrap { grid-area: 1 / 2 / 6 / 3; margin-right: calc(var(--cell) * 0.5); }
.folded .side > * { grid-column: 3; }
.folded #hold-box { order: -2; }
.folded #next-box { order: -1; }
.folded .stats {
  grid-area: 6 / 1 / 7 / -1;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  column-gap: calc(var(--cell) * 0.7);
}
.box {
  background: #121926;
  border: 1px solid #243044;
  border-radius: 8px;
  padding: calc(var(--cell) * 0.3) calc(var(--cell) * 0.35);
}
h2 {
  margin: 0 0 calc(var(--cell) * 0.25);
  font-size: max(9px, calc(var(--cell) * 0.42));
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  color: #9aa6b8;
}
canvas { display: block; margin: 0 auto; }
.stats { margin: 0; display: grid; gap: calc(var(--cell) * 0.2); }
.stats div { display: flex; flex-direction: column; }
.stats dt {
  color: #9aa6b8;
  font-size: max(9px, calc(var(--cell) * 0.4));
  text-transform: uppercase;
  letter-spacing: 0.06em;
}
.stats dd {
  margin: 0;
  font-size: max(11px, calc(var(--cell) * 0.7));
  font-weight: 650;
  font-variant-numeric: tabular-nums;
}
.stats dd.small { font-size: max(10px, calc(var(--cell) * 0.5)); font-weight: 500; }
.board-wrap {
  position: relative;
  padding: 4px;
  border-radius: 10px;
  background: linear-gradient(180deg, #1a2334, #0f1520);
  border: 1px solid #243044;
}
/* Square: a rounded canvas is clipped on every frame, which WebKit does slowly. */
#board { border-radius: 0; }
/* In a match, the garbage waiting to enter: a red bar up the board's left edge, a cell a row. */
.garbage {
  position: absolute;
  left: -2px;
  bottom: 4px;
  width: 5px;
  height: calc(var(--rows, 0) * var(--cell));
  border-radius: 2px;
  background: #ff4d4d;
  box-shadow: 0 0 8px rgba(255, 77, 77, 0.7);
  transition: height 120ms ease-out;
}
@media (prefers-reduced-motion: reduce) {
  .garbage { transition: none; }
}
/* A callout rises over the board and fades (the rows' flash is the canvas's). The layer is shown
   only while it does: a layer over the canvas slows WebKit's every frame. */
.fx {
  position: absolute;
  inset: 4px;
  pointer-events: none;
}
.callout {
  position: absolute;
  left: 0;
  right: 0;
  top: 28%;
  margin: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 2px;
  text-align: center;
  color: #fff;
  font-weight: 800;
  letter-spacing: 0.04em;
  text-shadow: 0 2px 10px rgba(0, 0, 0, 0.9), 0 0 18px rgba(90, 169, 255, 0.55);
  opacity: 0;
}
.callout-main { font-size: calc(var(--cell, 24px) * 1.05); text-transform: uppercase; }
.callout-more { font-size: calc(var(--cell, 24px) * 0.62); color: #ffd76a; }
.callout.shown { animation: callout 1300ms ease-out forwards; }
@keyframes callout {
  0% { opacity: 0; transform: translateY(12px) scale(0.9); }
  12% { opacity: 1; transform: translateY(0) scale(1.04); }
  22% { transform: scale(1); }
  75% { opacity: 1; }
  100% { opacity: 0; transform: translateY(-16px); }
}
@media (prefers-reduced-motion: reduce) {
  .callout.shown { animation: callout-still 1300ms linear forwards; }
  @keyframes callout-still {
    0%, 75% { opacity: 1; }
    100% { opacity: 0; }
  }
}
.overlay {
  position: absolute;
  inset: 4px;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border-radius: 6px;
  background: rgba(6, 9, 15, 0.78);
  text-align: center;
  padding: 8px;
}
.overlay-title { margin: 0; font-size: max(16px, calc(var(--cell) * 1.1)); font-weight: 800; }
.overlay-text { margin: 0; color: #b4bfce; }
.overlay-actions { display: flex; flex-direction: column; gap: 8px; }
button {
  font: inherit;
  color: #dfe6f1;
  background: #172030;
  border: 1px solid #243044;
  border-radius: 6px;
  padding: 5px 12px;
  cursor: pointer;
}
button:hover { background: #1e2a3e; }
button.primary { background: #2563b8; border-color: #2563b8; color: #fff; font-weight: 600; }
button.primary:hover { background: #1f57a3; }
button:focus-visible { outline: 2px solid #5aa9ff; outline-offset: 1px; }
.error {
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 6px;
  padding: 16px;
  border: 1px solid #6b2a2a;
  border-radius: 10px;
  background: #1a0f12;
  color: #ffb4b4;
  text-align: center;
  overflow: auto;
  overflow-wrap: anywhere;
}
.error strong { color: #ff8f8f; }
.banner {
  position: absolute;
  left: 8px;
  right: 8px;
  top: 8px;
  z-index: 2;
  padding: 6px 10px;
  border: 1px solid #6b2a2a;
  border-radius: 6px;
  background: #2a1214;
  color: #ffb4b4;
  font-size: 12.5px;
  overflow-wrap: anywhere;
}
.play-toggle {
  padding: 4px 6px;
  font-size: max(11px, calc(var(--cell) * 0.5));
  line-height: 1.2;
}
.help-button {
  align-self: flex-start;
  width: 28px;
  height: 28px;
  padding: 0;
  border-radius: 50%;
  font-weight: 700;
}
.legend {
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 4px 14px;
  margin: 0;
  padding: 5px 10px;
  list-style: none;
  font-size: 12px;
  color: #c3ccd9;
  background: #121926;
  border: 1px solid #243044;
  border-radius: 8px;
}
.legend li { display: flex; align-items: center; gap: 6px; }
.legend.in-help { flex-direction: column; align-items: flex-start; padding: 0; border: 0; font-size: inherit; }
.swatch { flex: none; width: 14px; height: 14px; box-sizing: border-box; border-radius: 2px; background: #0c111b; }
.swatch.target { border: 2px dashed #a45ee5; }
.swatch.ghost { border: 2px solid rgba(164, 94, 229, 0.85); }
.swatch.hint { border: 1.5px dotted rgba(255, 255, 255, 0.75); }
/* A column for each button shown: the 180° turn's only where the rules' kicks have it. */
.touch {
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(0, 1fr);
  gap: 6px;
  width: min(100%, 440px);
}
.touch button {
  min-height: 48px;
  padding: 0;
  font-size: 18px;
  touch-action: manipulation;
  user-select: none;
  -webkit-user-select: none;
}
.touch button.held { background: #2a3a55; }
.touch button:disabled { opacity: 0.45; cursor: default; }
/* Folded, the box is narrow: the buttons close up, and the words' smaller type leaves the arrows
   their room. */
.folded ~ .touch { gap: 4px; }
.folded ~ .touch button { font-size: 15px; }
#board.swipes { touch-action: none; }
.help {
  position: absolute;
  inset: 0;
  z-index: 3;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px 16px;
  background: #0f1520;
  border: 1px solid #243044;
  border-radius: 10px;
}
.help[hidden] { display: none; }
/* The help scrolls within its box; Close stays in sight under it. */
.help-body {
  display: flex;
  flex-direction: column;
  gap: 10px;
  flex: 1;
  min-height: 0;
  overflow: auto;
}
.help-body h2 { margin: 0 0 4px; }
.help-body p { margin: 0; }
#help-close { flex: none; align-self: flex-start; }
/* Where the main pointer is a finger, the gestures come first. */
@media (pointer: coarse) { .help-touch { order: -1; } }
.help-list { display: grid; gap: 4px; margin: 0; padding: 0; list-style: none; }
.help-note { color: #b4bfce; }
kbd {
  display: inline-block;
  min-width: 1.4em;
  padding: 0 5px;
  border: 1px solid #3a4a63;
  border-radius: 4px;
  background: #172030;
  color: #dfe6f1;
  font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  text-align: center;
}
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
}
`;
