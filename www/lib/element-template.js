// What the `<tetris-ai>` element holds in its shadow root: the board and its side columns (hold,
// statistics, the queue), the overlay of a paused or ended game, the touch buttons, the help with
// the keys and the legend, and the live region and banners.

import { STYLE } from './element-style.js';
import { keyHelpItems } from './keys.js';

/** The swatches and words of the legend (the board draws the same way: see lib/render.js). */
const LEGEND = `
<li><span class="swatch target" aria-hidden="true"></span>AI target</li>
<li><span class="swatch ghost" aria-hidden="true"></span>ghost (where your piece lands)</li>
<li><span class="swatch hint" aria-hidden="true"></span>hints (the AI's next best spots)</li>`;

/** The touch gestures, as the help lists them. */
const TOUCH_HELP = `
<li>The buttons under the board hold their key while pressed.</li>
<li>On the board: swipe left or right to move, tap to rotate, swipe down to drop, swipe up to hold.</li>`;

/** The element's shadow root: its styles, board, side columns, overlay, help and live region. */
export const TEMPLATE = `
<style>${STYLE}</style>
<div class="stage">
<div class="frame" id="frame" part="frame">
  <div class="side left">
    <div class="box" id="hold-box"><h2>Hold</h2><canvas id="hold" role="img" aria-label="Hold piece"></canvas></div>
    <dl class="box stats" id="stats" aria-label="Statistics">
      <div id="time-row" hidden><dt id="time-label">Time</dt><dd id="stat-time"></dd></div>
      <div id="level-row" hidden><dt>Level</dt><dd id="stat-level"></dd></div>
      <div><dt>Lines</dt><dd id="stat-lines">0</dd></div>
      <div><dt>Pieces</dt><dd id="stat-pieces">0</dd></div>
      <div id="score-row"><dt>Score</dt><dd id="stat-score">0</dd></div>
      <div><dt>Pieces / line</dt><dd id="stat-ppl">–</dd></div>
      <div><dt>AI decision</dt><dd id="stat-decision" class="small">–</dd></div>
    </dl>
    <button type="button" id="play-toggle" class="play-toggle">Play yourself</button>
    <button type="button" id="help-button" class="help-button" aria-label="Keys and legend" aria-haspopup="dialog" title="Keys and legend (?)">?</button>
  </div>
  <div class="board-wrap">
    <canvas id="board" role="img" aria-label="Board"></canvas>
    <div id="fx" class="fx" aria-hidden="true" hidden><p id="callout" class="callout"></p></div>
    <div id="garbage" class="garbage" role="img" aria-label="Garbage waiting" hidden></div>
    <div id="overlay" class="overlay" hidden>
      <p id="overlay-title" class="overlay-title"></p>
      <p id="overlay-text" class="overlay-text"></p>
      <div id="overlay-actions" class="overlay-actions" hidden>
        <button type="button" id="overlay-new" class="primary">New game</button>
        <button type="button" id="overlay-replay">Replay this seed</button>
      </div>
      <p id="overlay-note" class="overlay-text"></p>
    </div>
  </div>
  <div class="side right">
    <div class="box" id="next-box"><h2>Next</h2><canvas id="next" role="img" aria-label="Next pieces"></canvas></div>
  </div>
</div>
<ul id="legend" class="legend" aria-label="Legend">${LEGEND}</ul>
<div id="touch" class="touch" role="group" aria-label="Touch controls" hidden>
  <button type="button" data-key="left" aria-label="Move left">←</button>
  <button type="button" data-key="right" aria-label="Move right">→</button>
  <button type="button" data-key="soft_drop" aria-label="Soft drop">↓</button>
  <button type="button" data-key="hard_drop" aria-label="Hard drop">Drop</button>
  <button type="button" data-key="ccw" aria-label="Rotate counter-clockwise">↺</button>
  <button type="button" data-key="cw" aria-label="Rotate clockwise">↻</button>
  <button type="button" data-key="half" aria-label="Rotate 180°" hidden>180</button>
  <button type="button" data-key="hold" aria-label="Hold">Hold</button>
</div>
</div>
<div id="help" class="help" role="dialog" aria-labelledby="help-title" hidden>
  <h2 id="help-title" class="visually-hidden">Help</h2>
  <div class="help-body">
    <section class="help-keys"><h2>Keys</h2><ul class="help-list" id="key-help">${keyHelpItems()}</ul></section>
    <section class="help-touch"><h2>Touch</h2><ul class="help-list">${TOUCH_HELP}</ul></section>
    <section><h2>On the board</h2><ul class="legend in-help">${LEGEND}</ul></section>
    <p class="help-note">The game is paused while this is open.</p>
  </div>
  <button type="button" id="help-close" class="primary">Close</button>
</div>
<div id="live" class="visually-hidden" aria-live="polite"></div>
<p id="banner" class="banner" role="alert" hidden></p>
<div id="error" class="error" role="alert" hidden><strong>tetris-ai</strong><span id="error-text"></span></div>
`;
