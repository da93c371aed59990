// A Tetris Bot Protocol bot as the opponent of a race or a match: a Web Worker loaded by URL,
// whose moves place the pieces of the opponent's engine game. The page is the bot's frontend;
// the game, its rules, pieces and garbage stay the engine's, which also says what to tell the bot
// (its `tbpStart` and `tbpPlay` calls). Opening one checks the URL, starts the worker and waits
// for its `info`; `begin` sends the rules and the game's start; `place` asks for a move and plays
// the first the game can. A bot that goes wrong is refused in words: a URL that is none, a worker
// that does not load, no answer in time, an `error` answer; once the game runs, a bot that gives
// no move the game can play forfeits (`Forfeit`).

import { WorkerStopped } from '../lib/engine.js';
import { message } from '../lib/dom.js';

/** The bot the page offers first: this package's own. */
export const DEFAULT_BOT_URL = 'lib/tbp-worker.js';

/** How long the bot may take to send `info` once started, and to answer `rules`, in ms. */
export const START_MS = 5000;

/** How long it may take to answer `suggest`, in ms. */
export const MOVE_MS = 10_000;

/** A bot's forfeit: its game ends, the other side wins. The message says why, in words. */
export class Forfeit extends Error {
  name = 'Forfeit';
}

/**
 * The bot's URL that the text `text` names, resolved against `base` (the page's address); throws,
 * naming the text, where it is no http or https address.
 */
export function readBotUrl(text, base) {
  const trimmed = String(text).trim();
  if (trimmed === '') throw new Error("the bot's URL is empty");
  let url = null;
  try {
    url = /\s/.test(trimmed) ? null : new URL(trimmed, base);
  } catch {
    // Not a URL: refused below.
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(
      `${JSON.stringify(trimmed)} is not the address of a script (such as ` +
        `${DEFAULT_BOT_URL} or https://example.com/bot.js)`,
    );
  }
  return url;
}

/**
 * The Web Worker of the script at `url`. A worker runs a script of the page's own origin; one of
 * another origin that allows it (CORS) is fetched and run from a copy in memory (`blob`, the copy's
 * URL, to revoke once the worker is closed).
 */
async function launch(url) {
  if (url.origin === self.location.origin) return { worker: new Worker(url) };
  const response = await fetch(url, { mode: 'cors' });
  if (!response.ok) throw new Error(`it answered ${response.status} ${response.statusText}`);
  const script = new Blob([await response.text()], { type: 'text/javascript' });
  const blob = URL.createObjectURL(script);
  return { worker: new Worker(blob), blob };
}

/** A Tetris Bot Protocol bot in a Web Worker, the page its frontend (see `open`). */
export class TbpOpponent {
  /**
   * The bot at the URL the text `text` names (see `readBotUrl`), started, once it has sent its
   * `info` (`info`: its name, version and author as it gives them). Rejects, naming the URL and
   * what went wrong, where the text is no URL, the worker does not load, or no `info` comes in
   * `START_MS`; nothing is left running then.
   */
  static async open(text, base = document.baseURI) {
    const url = readBotUrl(text, base);
    let launched;
    try {
      launched = await launch(url);
    } catch (err) {
      throw new Error(`the bot at ${url.href} did not load: ${message(err)}`);
    }
    const bot = new TbpOpponent(url, launched);
    try {
      bot.info = await bot.ask(null, 'info', START_MS);
    } catch (why) {
      bot.close();
      throw new Error(`the bot at ${url.href} ${why}`);
    }
    return bot;
  }

  constructor(url, { worker, blob = null }) {
    this.url = url;
    this.worker = worker;
    this.blob = blob;
    this.info = null;
    /** The answer awaited: `{type, resolve, refuse}`, or null. */
    this.awaited = null;
    /** Why the worker failed, once it has. */
    this.failure = null;
    worker.onmessage = ({ data }) => this.receive(data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(event.message ? `failed: ${event.message}` : 'did not load, or failed as it ran');
    };
    worker.onmessageerror = () => this.fail('sent a message that could not be read');
  }

  /** The bot as a sentence names it: its name as its `info` gives it, else "The bot". */
  get subject() {
    const { name } = this.info ?? {};
    return typeof name === 'string' && name.trim() ? name.trim() : 'The bot';
  }

  /** The bot in words: its name and version as its `info` gives them. */
  get name() {
    const { name, version } = this.info ?? {};
    return [name, version].filter((part) => typeof part === 'string' && part).join(' ') || 'Bot';
  }

  /**
   * Posts `sent` (none where null) and resolves to the bot's next message of type `type`; other
   * messages are passed over, as the protocol asks. Rejects with what the bot did, in words to
   * follow "the bot" ("did not answer..."), where `ms` ms pass first, the bot answers `error`, or
   * its worker fails.
   */
  ask(sent, type, ms) {
    return new Promise((resolve, reject) => {
      const refuse = (why) => {
        clearTimeout(timer);
        this.awaited = null;
        reject(why);
      };
      const late = sent ? `did not answer "${sent.type}"` : `did not send "${type}"`;
      const timer = setTimeout(() => refuse(`${late} within ${ms / 1000} seconds`), ms);
      this.awaited = {
        type,
        refuse,
        resolve: (answer) => {
          clearTimeout(timer);
          this.awaited = null;
          resolve(answer);
        },
      };
      if (this.failure) refuse(this.failure);
      else if (sent !== null) this.post(sent);
    });
  }

  /** Hands a message of the bot to the answer awaited, if it is one. */
  receive(data) {
    const awaited = this.awaited;
    if (!awaited || typeof data !== 'object' || data === null) return;
    if (data.type === awaited.type) awaited.resolve(data);
    else if (data.type === 'error') awaited.refuse(`cannot play: ${String(data.reason)}`);
  }

  /** The worker failed for the reason `why`: the answer awaited, and every later one, is refused. */
  fail(why) {
    this.failure = why;
    this.awaited?.refuse(why);
  }

  /** Posts `sent` to the bot, unless its worker failed. */
  post(sent) {
    if (!this.failure) this.worker.postMessage(sent);
  }

  /**
   * Tells the bot the rules of `game` (an engine game, see `createGame`) and its start. Rejects,
   * naming why, where the game is not one the protocol describes, or the bot answers the rules
   * with `error` or not in time.
   */
  async begin(game) {
    const start = await game.tbpStart();
    const rules = { type: 'rules', randomizer: start.randomizer.type };
    await this.ask(rules, 'ready', START_MS).catch((why) => {
      throw new Error(`the bot at ${this.url.href} ${why}`);
    });
    this.post(start);
  }

  /**
   * Places the piece in play of `game` where the bot says: resolves to the step. Throws a
   * `Forfeit` where the bot gives no move the game can play, or none in `MOVE_MS`.
   */
  async place(game) {
    let suggestion;
    try {
      suggestion = await this.ask({ type: 'suggest' }, 'suggestion', MOVE_MS);
    } catch (why) {
      throw new Forfeit(`it ${why}`);
    }
    let played;
    try {
      played = await game.tbpPlay(suggestion.moves);
    } catch (err) {
      if (err instanceof WorkerStopped) throw err;
      this.stop();
      throw new Forfeit(`it gave no move the game could play (${message(err)})`);
    }
    for (const sent of played.messages) this.post(sent);
    return played.step;
  }

  /** Tells the bot the game has stopped. */
  stop() {
    this.post({ type: 'stop' });
  }

  /** Tells the bot to quit, and stops its worker. */
  close() {
    this.post({ type: 'quit' });
    this.worker.terminate();
    if (this.blob) URL.revokeObjectURL(this.blob);
  }
}
