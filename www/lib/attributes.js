// The attributes of the `<tetris-ai>` element, declared once: each one's property (the
// attribute is its name in kebab case), how the attribute's text reads, its default, whether a
// change needs a new game, its TypeScript type and its doc. The element reads, checks and
// reflects its attributes by this table; its types (tetris-ai-element.d.ts) and the docs'
// attribute tables are generated from it (tests/unit holds them to it). Nothing here touches
// the page: `engine` below is `{limits, presets}`, as `limits()` and `presets()` give them.

import { RESTART_MS } from './countdown.js';
import { wholeIn, wholeRule } from './whole.js';

export { wholeIn };

/** A random seed below 2^32 (short enough to read and type), from the browser's generator. */
export function randomSeed() {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return words[0];
}

/** `value`, or what it gives for `engine` where it is a function. */
function forEngine(value, engine) {
  return typeof value === 'function' ? value(engine) : value;
}

// ---- the kinds of attribute: how a text reads (null: the attribute is absent) ----

/** Present (with any text but "false") or absent. */
function flag() {
  return {
    type: 'boolean',
    values: 'present or absent',
    default: false,
    parse: (text) => text !== null && text !== 'false',
  };
}

/**
 * A whole number in `range` (`[min, max]`, or a function of the engine giving it), `fallback`
 * when absent (a value, or a function of the engine giving it).
 */
function whole(range, fallback) {
  return {
    type: 'number',
    values: typeof range === 'function' ? null : wholeRule(range),
    default: fallback,
    range: (engine) => forEngine(range, engine),
    parse(text, engine, attribute) {
      if (text === null) return forEngine(fallback, engine);
      const [min, max] = forEngine(range, engine);
      const n = wholeIn(text, [min, max]);
      if (n === null) {
        throw new Error(`${attribute} must be ${wholeRule([min, max])}, got "${text}"`);
      }
      return n;
    },
  };
}

/** One of `options`, `fallback` when absent (and, with `blank`, when empty). */
function oneOf(options, fallback, { blank = false } = {}) {
  return {
    type: options.map((option) => `'${option}'`).join(' | '),
    values: options.map((option) => `\`${option}\``).join(', '),
    default: fallback,
    parse(text, engine, attribute) {
      if (text === null || (blank && text === '')) return fallback;
      if (!options.includes(text)) {
        throw new Error(`${attribute} must be ${options.join(', ')}, got "${text}"`);
      }
      return text;
    },
  };
}

/** A preset's name, as `presets()` lists them (none when absent). */
function presetName() {
  return {
    type: 'string | null',
    default: null,
    parse(text, engine) {
      if (text === null) return null;
      const names = engine.presets.map((p) => p.name);
      if (!names.includes(text)) {
        throw new Error(`preset must be one of ${names.join(', ')}, got "${text}"`);
      }
      return text;
    },
  };
}

/** Feature names to weights, as JSON (the property: an object). */
function weightsJson() {
  return {
    type: 'Weights | null',
    default: null,
    parse(text) {
      if (text === null) return null;
      let weights;
      try {
        weights = JSON.parse(text);
      } catch (err) {
        throw new Error(`weights must be JSON, like {"holes": -4}, got "${text}": ${err.message}`);
      }
      if (weights === null || typeof weights !== 'object' || Array.isArray(weights)) {
        throw new Error(`weights must be a JSON object of feature names to weights, got ${text}`);
      }
      return weights;
    },
    text: (weights) => JSON.stringify(weights),
  };
}

/** A rule set's name, as `limits().rules` names them. */
function ruleSet() {
  const fallback = ({ limits }) => limits.game.rules.kind;
  return {
    type: "Rules['kind']",
    default: fallback,
    parse(text, engine) {
      if (text === null) return fallback(engine);
      const names = Object.keys(engine.limits.rules);
      if (!names.includes(text))
        throw new Error(`rules must be ${names.join(' or ')}, got "${text}"`);
      return text;
    },
  };
}

/** One of the engine's game modes (`limits().modes.modes`), endless when absent or empty. */
function gameMode() {
  const fallback = ({ limits }) => limits.game.mode;
  return {
    type: "GameConfig['mode']",
    default: fallback,
    parse(text, engine) {
      if (text === null || text === '') return fallback(engine);
      const names = engine.limits.modes.modes;
      if (!names.includes(text)) {
        throw new Error(`mode must be ${names.join(', ')}, got "${text}"`);
      }
      return text;
    },
  };
}

/** The widths and the heights the engine allows: `{width: [min, max], height: [min, max]}`. */
export function boardRanges({ limits }) {
  return {
    width: [limits.width.min, limits.width.max],
    height: [limits.height.min, limits.height.max],
  };
}

/** A board, "WIDTHxHEIGHT" (the property: `[width, height]`), within `boardRanges`. */
function boardSize() {
  const fallback = ({ limits }) => [limits.game.width, limits.game.height];
  return {
    type: '[number, number]',
    default: fallback,
    parse(text, engine) {
      if (text === null) return fallback(engine);
      const match = /^\s*(\d+)\s*[x×]\s*(\d+)\s*$/.exec(text);
      if (!match) throw new Error(`board must be WIDTHxHEIGHT, like 10x20, got "${text}"`);
      const size = [Number(match[1]), Number(match[2])];
      const ranges = boardRanges(engine);
      for (const [index, side] of ['width', 'height'].entries()) {
        const [min, max] = ranges[side];
        if (size[index] < min || size[index] > max) {
          throw new Error(
            `board ${side} must be from ${min} to ${max}, got ${size[index]} in "${text}"`,
          );
        }
      }
      return size;
    },
    text: ([width, height]) => `${width}x${height}`,
  };
}

/** A number, 0 or more (none when absent or empty). */
function margin() {
  return {
    type: 'number | null',
    values: 'a number, 0 or more',
    default: null,
    parse(text) {
      if (text === null || text === '') return null;
      const n = Number(text);
      if (!Number.isFinite(n) || n < 0) {
        throw new Error(`margin must be a number, 0 or more, got "${text}"`);
      }
      return n;
    },
  };
}

// ---- the table ----

/** The attribute of a property: its name in kebab case (`aiDelay`: `ai-delay`). */
export function attributeName(property) {
  return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * The table, from `{property: {...kind, newGame, doc, values?, defaultDoc?}}`: each entry gets
 * its `property` and `attribute` names.
 */
function declare(entries) {
  return Object.freeze(
    Object.fromEntries(
      Object.entries(entries).map(([property, entry]) => [
        property,
        Object.freeze({ property, attribute: attributeName(property), ...entry }),
      ]),
    ),
  );
}

/**
 * Every attribute, by its property, in the order the docs list them: its kind (`type`, the
 * property's TypeScript type; `default`, a value or a function of the engine giving it;
 * `parse(text, engine, attribute)`, the attribute's text, null when absent, as the property's
 * value, throwing an Error that names a bad one; `text(value)` where the attribute's text is not
 * the value's own; `range(engine)`, `[min, max]`, for a whole number), `newGame` (a change
 * starts a new game; the others apply to the running game), `setting` (the property is one of
 * the engine's settings, `Settings` in types/engine.d.ts, by the same name), `doc`, `values`
 * (what the attribute's text may be) and, where it is not the default's own text,
 * `defaultDoc`.
 */
export const ATTRIBUTES = declare({
  preset: {
    ...presetName(),
    newGame: false,
    setting: true,
    doc: "The AI's weights: a preset's (give this or `weights`).",
    values: "a preset's name, as `presets()` lists them",
    defaultDoc: '`dellacherie` (`limits().default_preset`), where no `weights` are given',
  },
  weights: {
    ...weightsJson(),
    newGame: false,
    setting: true,
    doc: "The AI's weights: its own, in place of a preset's (the property: an object).",
    values:
      'JSON, feature name to weight: `{"holes": -4, "max_height": {"weight": -8, "exponent": 2}}`',
  },
  rules: {
    ...ruleSet(),
    newGame: true,
    setting: true,
    doc: 'The rules of the game.',
    values: '`classic` (the research rules) or `guideline` (7-bag, preview, hold, SRS)',
    defaultDoc: '`classic` (`limits().game.rules`)',
  },
  mode: {
    ...gameMode(),
    newGame: true,
    setting: true,
    doc:
      'What the game plays for; a goal ends it, finished (`stats.finished`), and time is ' +
      "counted in the game's frames, 60 to the second (`stats.frames`).",
    values:
      '`endless` (until the stack tops out), `sprint` (a goal of lines), `ultra` (a time ' +
      'limit) or `marathon` (levels of rising gravity, in place of `gravity`); their goals are ' +
      '`limits().modes`',
    defaultDoc: '`endless` (`limits().game.mode`)',
  },
  kicks: {
    ...oneOf(['srs', 'srs_plus'], 'srs'),
    newGame: true,
    setting: true,
    doc:
      'The kicks a turn tries under the guideline rules (the research rules place by drops): ' +
      "SRS, or TETR.IO's SRS+, whose I kicks the same way off either wall and which adds half " +
      'turns (180°, the `half` key).',
    defaultDoc: '`srs`',
  },
  versus: {
    ...oneOf(['ppt', 'tetrio'], null, { blank: true }),
    type: "'ppt' | 'tetrio' | null",
    newGame: true,
    doc:
      "The game is one side of a match under these versus rules (the engine's `VersusPreset`): " +
      'its clears attack, fired as `attack` events (`detail.rows`), and `receiveAttack(rows)` ' +
      "queues the opponent's, shown in a meter beside the board until it enters as garbage.",
    values: '`ppt` (Puyo Puyo Tetris) or `tetrio` (TETR.IO)',
    defaultDoc: 'absent: no match',
  },
  board: {
    ...boardSize(),
    newGame: true,
    setting: true,
    doc: 'The board (the property: `[width, height]`).',
    values: '`WIDTHxHEIGHT`, within `limits().width` and `limits().height`',
    defaultDoc: '`10x20` (`limits().game`)',
  },
  seed: {
    ...whole(
      ({ limits }) => [limits.seed.min, limits.seed.max],
      () => randomSeed(),
    ),
    newGame: true,
    setting: true,
    doc: 'The seed of the pieces: the same seed plays the same game.',
    values: 'a whole number within `limits().seed`',
    defaultDoc: 'random',
  },
  depth: {
    ...whole(
      ({ limits }) => [limits.depth.min, limits.depth.max],
      ({ limits }) => limits.game.search.depth,
    ),
    newGame: false,
    setting: true,
    doc: 'The pieces each decision plans: 1 the current piece, 2 and the next, and so on.',
    values: 'a whole number within `limits().depth`',
    defaultDoc: '`1` (`limits().game.search`)',
  },
  asPublished: {
    ...flag(),
    newGame: false,
    setting: true,
    doc:
      "A preset plays under the rules and search it was published with (`presets()`'s " +
      '`published`) in place of `rules`, `depth` and `margin`, which wait until it is removed ' +
      '(a new game where the rules change); no effect with `weights`.',
  },
  autoplay: {
    ...flag(),
    newGame: false,
    doc: 'The AI plays; absent, a person plays.',
  },
  autorestart: {
    ...flag(),
    newGame: false,
    doc:
      `While the AI plays, a game that ends is followed ${RESTART_MS / 1000} s later by one ` +
      'with a new seed (a countdown shows on the board).',
  },
  controls: {
    ...oneOf(['none', 'play', 'full'], 'play'),
    newGame: false,
    doc: 'What a visitor may press.',
    values:
      '`none` (nothing), `play` (keys while the element has focus, "Play yourself" / "Let the ' +
      'AI play", which flips `autoplay` and fires `autoplaychange`, the "?" help, and on a ' +
      'touch screen the game-over buttons) or `full` (also the game-over buttons everywhere ' +
      'and the legend under the board)',
  },
  touch: {
    ...oneOf(['auto', 'on', 'off'], 'auto', { blank: true }),
    newGame: false,
    doc: 'Touch buttons under the board.',
    values: '`auto` (where the main pointer is a finger), `on` or `off`',
  },
  parallel: {
    ...oneOf(['auto', 'on', 'off'], 'auto', { blank: true }),
    newGame: false,
    doc: "The search on the threaded build's pool (`parallelState()` says which runs and why).",
    values:
      '`auto` (where a short measurement at the rules, board and depth in play finds it ' +
      'faster), `on` or `off`',
  },
  aiDelay: {
    ...whole([-1, 600], 3),
    newGame: false,
    doc: 'Frames per AI input; -1 places a piece at once.',
  },
  fps: {
    ...whole([1, 10000], 60),
    newGame: false,
    doc: 'Frames per second.',
  },
  hints: {
    ...flag(),
    newGame: false,
    doc: "Shows the AI's best placements on the board.",
  },
  das: {
    ...whole([0, 1000], ({ limits }) => limits.game.handling.das),
    newGame: false,
    setting: true,
    doc: 'Frames a move key is held in manual play before it repeats (delayed auto shift).',
    defaultDoc: '`10` (`limits().game.handling`)',
  },
  arr: {
    ...whole([0, 1000], ({ limits }) => limits.game.handling.arr),
    newGame: false,
    setting: true,
    doc: "Frames between a held move key's repeats (auto repeat rate); 0 moves straight to the wall.",
    defaultDoc: '`2` (`limits().game.handling`)',
  },
  gravity: {
    ...whole([1, 1000], ({ limits }) => limits.game.handling.gravity),
    newGame: false,
    setting: true,
    doc: 'Frames per row of fall in manual play.',
    defaultDoc: '`60` (`limits().game.handling`)',
  },
  softDrop: {
    ...whole([1, 1000], ({ limits }) => limits.game.handling.soft_drop),
    newGame: false,
    setting: true,
    doc: 'Frames per row while soft drop is held in manual play.',
    defaultDoc: '`3` (`limits().game.handling`)',
  },
  lockDelay: {
    ...whole([1, 1000], ({ limits }) => limits.game.handling.lock_delay),
    newGame: false,
    setting: true,
    doc: 'Frames a resting piece waits before it locks in manual play.',
    defaultDoc: '`30` (`limits().game.handling`)',
  },
  margin: {
    ...margin(),
    newGame: false,
    setting: true,
    doc: "The lookahead's margin.",
    defaultDoc: "absent: the preset's",
  },
});

/** The properties that are the engine's settings (see `settingsOf`). */
export const SETTINGS = Object.freeze(
  Object.values(ATTRIBUTES)
    .filter((a) => a.setting)
    .map((a) => a.property),
);

/**
 * The engine's settings of the element's properties `s`: what the engine resolves into the
 * game they play (`gameConfig` of the API), every choice about it (as published or not, and
 * what waits meanwhile) the engine's.
 */
export function settingsOf(s) {
  return Object.fromEntries(SETTINGS.map((property) => [property, s[property]]));
}

/** The property of each attribute, by the attribute's name. */
export const PROPERTIES = Object.freeze(
  Object.fromEntries(Object.values(ATTRIBUTES).map((a) => [a.attribute, a.property])),
);

/** The property `property`'s value from its attribute's text (null: absent); throws naming a bad one. */
export function readAttribute(property, text, engine) {
  const entry = ATTRIBUTES[property];
  return entry.parse(text, engine, entry.attribute);
}

/**
 * The attribute text of the property `property`'s `value`: null (absent) for null, undefined
 * and false, "" for true, a string as it is.
 */
export function attributeText(property, value) {
  if (value === null || value === undefined || value === false) return null;
  if (value === true) return '';
  if (typeof value === 'string') return value;
  const { text } = ATTRIBUTES[property];
  return text ? text(value) : String(value);
}

/**
 * The property `property`'s `value` (as the property takes it) where the element takes it, read
 * as the element reads it; throws naming a bad one.
 */
export function checkValue(property, value, engine) {
  return readAttribute(property, attributeText(property, value), engine);
}

/**
 * The value of every property, read from its attribute's text as `textOf(attribute)` gives it
 * (null: absent), or taken from `given` where it has the property. Without `preset` or
 * `weights` the AI plays the engine's default preset. Throws naming a bad value.
 */
export function readSettings(textOf, engine, given = {}) {
  const settings = {};
  for (const { property, attribute } of Object.values(ATTRIBUTES)) {
    settings[property] =
      property in given ? given[property] : readAttribute(property, textOf(attribute), engine);
  }
  if (!settings.preset && !settings.weights) settings.preset = engine.limits.default_preset;
  return settings;
}

/** The value of every property of an element without attributes, for `engine`. */
export function defaults(engine) {
  return readSettings(() => null, engine);
}
