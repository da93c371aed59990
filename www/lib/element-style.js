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
  contain: content;
  outline: none;
  --cell: 20px;
}
:host(:focus-visible) .frame { outline: 2px solid #5aa9ff; outline-offset: 2px; border-radius: 10px; }
[hidden] { display: none !important; }
.frame {
  height: 100%;
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
#board { border-radius: 6px; }
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
button.primary { background: #2f6fc7; border-color: #2f6fc7; color: #fff; font-weight: 600; }
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
`;
