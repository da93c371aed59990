// The tetris-ai bot as a Tetris Bot Protocol Web Worker, for any TBP web frontend: launched as
// `new Worker(url)` (a classic worker) or `new Worker(url, {type: 'module'})`, it speaks the
// protocol's messages as plain objects through postMessage, exactly as `tetris-ai tbp` speaks
// them as lines. It posts `info` once its engine has loaded, answers every message the engine's
// bot answers, and writes every warning (a malformed or unknown message, a move that does not fit
// the game) to the console with console.warn and goes on; `quit` closes it.
//
// The URL's query chooses the bot: `preset`, `depth` and `seed` (as `gameConfig` takes them; the
// guideline rules on 10x20), `think` (each suggestion's budget in ms, default 100), `search`
// (`beam`, the default, through every known piece, or `plies`, to the depth), `width` (the widest
// beam, 4 to 65536) and `build` (`simd` or `plain`; by default simd where the browser has it). Bad
// settings name the value on the console and in an `error` answer to `rules`. Between messages the
// bot thinks ahead, a step at a time, so that a `suggest` is answered at once.

/** The think budget unless the URL says otherwise, in milliseconds. */
const DEFAULT_THINK_MS = 100;
/** The package's root, where the builds live in `pkg/`. */
const BASE = new URL('../', self.location.href);

/** Messages that arrive while the engine loads, answered once it has. */
let waiting = [];
/** The bot, once made; null if its settings were refused. */
let bot = null;
/** Why the bot could not be made, or null. */
let refusal = null;

/**
 * The settings and think budget the URL's query `query` asks for, each number as a number where it
 * reads as one (the engine refuses what is not, naming it); `prune` and `beam` are search
 * overrides.
 */
function chosen(query) {
  const number = (text) =>
    text !== null && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  const settings = {};
  for (const name of ['preset', 'depth', 'seed']) {
    if (query.has(name))
      settings[name] = name === 'preset' ? query.get(name) : number(query.get(name));
  }
  for (const name of ['prune', 'beam']) {
    if (query.has(name))
      settings.overrides = { ...settings.overrides, [name]: number(query.get(name)) };
  }
  const think = query.has('think') ? number(query.get('think')) : DEFAULT_THINK_MS;
  const search = query.get('search') ?? undefined;
  const width = query.has('width') ? number(query.get('width')) : undefined;
  return { settings, think, search, width };
}

/** The pending step of thought, or null. */
let pondering = null;

/** Thinks a step ahead once the messages waiting are answered, and again while there is more. */
function ponderSoon() {
  if (bot && pondering === null) {
    pondering = setTimeout(() => {
      pondering = null;
      if (bot?.ponder()) ponderSoon();
    }, 0);
  }
}

/** Posts each message of the engine's reply, warns of each warning, and closes at `quit`. */
function answer(reply) {
  for (const warning of reply.warnings) console.warn(`tetris-ai tbp: ${warning}`);
  for (const message of reply.messages) self.postMessage(message);
  if (reply.quit) self.close();
}

/** Answers one message from the frontend. */
function handle(message) {
  if (bot) {
    answer(bot.handle(message));
    ponderSoon();
  } else if (message?.type === 'rules') {
    self.postMessage({ type: 'error', reason: refusal });
  } else if (message?.type === 'quit') {
    self.close();
  }
}

self.onmessage = (event) => {
  if (waiting) waiting.push(event.data);
  else handle(event.data);
};

/** Loads the engine, makes the bot, posts `info`, and answers what arrived meanwhile. */
async function start() {
  const query = new URLSearchParams(self.location.search);
  const { simd } = await import(new URL('vendor/wasm-feature-detect.js', BASE).href);
  const build = query.get('build') ?? ((await simd()) ? 'simd' : 'plain');
  if (build !== 'simd' && build !== 'plain') {
    throw new Error(`build must be "simd" or "plain", got ${JSON.stringify(build)}`);
  }
  const engine = await import(new URL(`pkg/${build}/tetris_ai.js`, BASE).href);
  await engine.default();
  const { settings, think, search, width } = chosen(query);
  self.postMessage(engine.tbpInfo());
  try {
    bot = new engine.TbpBot(settings, think, search, width);
  } catch (err) {
    refusal = err.message;
    console.error(`tetris-ai tbp: the bot cannot play: ${refusal}`);
  }
  const arrived = waiting;
  waiting = null;
  for (const message of arrived) handle(message);
}

start().catch((err) => {
  refusal = err.message;
  console.error(`tetris-ai tbp: the engine did not load: ${refusal}`);
  const arrived = waiting;
  waiting = null;
  for (const message of arrived) handle(message);
});
