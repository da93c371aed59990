// A game mode's figures in words: its clock (the game's frames, `goals.frames_per_second` to the
// second), what the element's statistics show for it, and what its end says. `goals` is the
// engine's `limits().modes`; `stats` a game's `Stats`. Nothing here keeps state.

import { count } from './count.js';

/** `frames` of a mode's clock as minutes, seconds and hundredths: "1:23.45". */
export function clockText(frames, goals) {
  const hundredths = Math.floor((frames * 100) / goals.frames_per_second);
  const minutes = Math.floor(hundredths / 6000);
  const seconds = Math.floor((hundredths % 6000) / 100);
  const rest = hundredths % 100;
  return `${minutes}:${String(seconds).padStart(2, '0')}.${String(rest).padStart(2, '0')}`;
}

/** Pieces a second over `frames` of the mode's clock, to two decimals ("–" before any time). */
export function piecesPerSecond(pieces, frames, goals) {
  return frames > 0 ? ((pieces * goals.frames_per_second) / frames).toFixed(2) : '–';
}

/**
 * The rows a game of `mode` adds to the element's statistics: `{time, level}`, each `{label,
 * text}` or null. A sprint and a marathon count their time up, an ultra its time left down; a
 * marathon shows its level.
 */
export function modeRows(mode, stats, goals) {
  if (mode === 'endless') return { time: null, level: null };
  const time =
    mode === 'ultra'
      ? {
          label: 'Time left',
          text: clockText(Math.max(0, goals.ultra_frames - stats.frames), goals),
        }
      : { label: 'Time', text: clockText(stats.frames, goals) };
  const level =
    mode === 'marathon'
      ? { label: 'Level', text: `${stats.level} / ${goals.marathon_levels}` }
      : null;
  return { time, level };
}

/** The lines a game of `mode` shows: "12 / 40" in a sprint, else the count. */
export function linesText(mode, stats, goals) {
  return mode === 'sprint' ? `${stats.lines} / ${goals.sprint_lines}` : String(stats.lines);
}

/**
 * What the end of a game of `mode` says, `{title, text}`: a finished game its mode's result, any
 * other its lines, pieces and (where `scored`) points.
 */
export function endText(mode, stats, goals, scored) {
  const figures =
    `${count(stats.lines, 'line')} · ${count(stats.pieces, 'piece')}` +
    (scored ? ` · ${count(stats.score, 'point')}` : '');
  if (!stats.finished) return { title: 'Game over', text: figures };
  const time = clockText(stats.frames, goals);
  const pps = piecesPerSecond(stats.pieces, stats.frames, goals);
  if (mode === 'sprint') {
    return {
      title: 'Finished',
      text: `${time} · ${count(stats.pieces, 'piece')} · ${pps} pieces/s`,
    };
  }
  if (mode === 'ultra') return { title: 'Time!', text: figures };
  return { title: 'Marathon complete', text: `${figures} · ${time}` };
}
