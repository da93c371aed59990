// The race and the match: "Start" begins the player's game, played by hand on the page's board,
// and the AI's game of the same configuration and seed (race-ai.js) on a board beside it, after
// a countdown. In a match (versus), each side's clears send garbage to the other, and the first
// to top out loses; in a race, the most lines wins. The opponent's pieces are placed by the
// engine's AI, or by a Tetris Bot Protocol bot loaded by URL (tbp-opponent.js), which loses by
// forfeit where it gives no move the game can play. The AI's pace changes as they play; it ends
// when either game ends (a race: the player's), when the player ends it, starts another game or
// hands the board to the AI, and shows the two games' figures and who won (race.js); the two
// games can then be watched again, side by side, in the replay viewer (match-replay.js).

import { randomSeed } from '../lib/attributes.js';
import { count } from '../lib/count.js';
import { RestartCountdown } from '../lib/countdown.js';
import { $, message } from '../lib/dom.js';
import { ACCURACY_MEANS } from './accuracy.js';
import {
  afterPiece,
  DEFAULT_PACE,
  figuresAccuracy,
  PACES,
  paceText,
  RACE_RULE,
  readPace,
  startFigures,
  THE_AI,
  verdictText,
  VERSUS_RULE,
  versusVerdict,
} from './race.js';
import { fittedOrder, raceTitle, sideName } from './match-replay.js';
import { RaceAi } from './race-ai.js';
import { DEFAULT_BOT_URL, TbpOpponent } from './tbp-opponent.js';

/** The versus rules of a match on the page. */
const VERSUS_RULES = 'ppt';

/** The countdown before a race starts, in ms. */
const COUNTDOWN_MS = 3000;
/** How often the figures shown during a race are brought up to date, in ms. */
const LIVE_MS = 250;

/** Why a race ended, in words, by the reason `end` is given and the opponent's name. */
const ENDINGS = {
  over: () => 'Your game is over.',
  ended: () => 'You ended the race.',
  replaced: () => 'A new game started on your board.',
  handed: () => 'Your board went back to the AI.',
  won: (opponent) => `${opponent} topped out.`,
  taken: () => "You took your AI's board.",
  forfeit: (opponent) => `${opponent} forfeits:`,
};

/** A row of the comparison: its name, then the player's figure and the AI's. */
function comparisonRow(name, yours, theirs) {
  const row = document.createElement('tr');
  const head = document.createElement('th');
  head.scope = 'row';
  head.textContent = name;
  row.append(head);
  for (const text of [yours, theirs]) {
    const cell = document.createElement('td');
    cell.textContent = text;
    row.append(cell);
  }
  return row;
}

/**
 * The race panel over the page's `<tetris-ai>` element `element` (the player's board), in the
 * page's elements `#race-start`, `#race-bar` (the kind, `input[name="race-kind"]`, the opponent,
 * `input[name="race-opponent"]`: the AI's `#race-ai-preset`, `#race-ai-depth` and `#race-plan` in
 * `#race-builtin`, or the bot's `#race-bot-url` in `#race-bot`; `#race-status`, `#race-live`,
 * `#race-pace`, `#race-end`, `#race-result`, `#race-body` (the opponent's column headed by
 * `#race-them`), `#race-accuracy`, `#race-rule`, `#race-replay`,
 * `#race-again`, `#race-close`), `#race-count` over the player's board, and `#race-board`
 * (`#race-board-title`, `#race-room`, `#race-field`, `#race-ai-board`, `#race-ai-hold`,
 * `#race-ai-next`, `#race-ai-figures`) beside it in `.play`. `page`: `restart(patch)`, which
 * starts the page's game with its settings changed by `patch` and resolves to whether it did;
 * `config()`, the engine's configuration of the page's game; `build`, the build it runs on;
 * `reveal(element)`, which shows the page's part that holds `element` (the race's panel, when a
 * race ends); `openReplay(text, about)`, which opens a replay's JSON text in the viewer;
 * `keepMatch(match)`, which keeps a race's replay with the player's game in the past games;
 * `presets`, the presets' names, and `depths`, the search depths, the AI may play with, and
 * `versusPreset`, the preset it plays unless another is chosen. Returns
 * the race's handle for tests: its `state` ("idle", "starting", "countdown", "running", "ending"
 * or "ended"), `ai` (its `RaceAi`, or null) and `you` (the player's figures).
 */
export function createRacePanel(element, page) {
  const el = {
    start: $('race-start'),
    bar: $('race-bar'),
    status: $('race-status'),
    live: $('race-live'),
    pace: $('race-pace'),
    end: $('race-end'),
    result: $('race-result'),
    body: $('race-body'),
    rule: $('race-rule'),
    again: $('race-again'),
    close: $('race-close'),
    board: $('race-board'),
    room: $('race-room'),
    field: $('race-field'),
    count: $('race-count'),
    aiFigures: $('race-ai-figures'),
    hold: $('race-ai-hold'),
    preset: $('race-ai-preset'),
    depth: $('race-ai-depth'),
    plan: $('race-plan'),
    builtin: $('race-builtin'),
    bot: $('race-bot'),
    botUrl: $('race-bot-url'),
    title: $('race-board-title'),
    them: $('race-them'),
    replay: $('race-replay'),
  };
  let state = 'idle';
  let ai = null;
  /** Whether the race under way (or last) is a match: garbage crosses, the first to top out loses. */
  let versus = false;
  /** Whether the player watches: the page's AI plays the player's board against the other. */
  let watching = false;
  /** The opponent as the subject of a sentence: the bot's name, or `THE_AI`. */
  let opponent = THE_AI;
  /** The player's figures in the race (see race.js). */
  let you = startFigures();
  let liveTimer = null;
  /** Whether the player's pieces count for the race: from the start until it has ended. */
  let counting = false;
  /** Who placed each piece of the race so far, in turn: "0" the player, "1" the opponent. */
  let order = '';
  /** The names of the two sides, the player's first, as the race's replay gives them. */
  let names = ['You', 'AI'];
  /** The race that ended as a replay (see match-replay.js), or null: none to watch. */
  let replay = null;
  const countdown = new RestartCountdown({
    ms: COUNTDOWN_MS,
    tick: () => {
      // The player's game waits for the start, whatever keys are pressed meanwhile.
      element.pause();
      const seconds = String(countdown.secondsLeft());
      el.count.textContent = seconds;
      el.status.textContent = `Get ready: the race starts in ${seconds}…`;
    },
    end: go,
  });

  el.preset.replaceChildren(
    new Option('your weights', ''),
    ...page.presets.map((name) => new Option(name, name, false, name === page.versusPreset)),
  );
  el.depth.replaceChildren(
    new Option('as yours', ''),
    ...page.depths.map((depth) => new Option(String(depth), String(depth))),
  );

  /**
   * The AI's game configuration: the player's `config` (rules, board, seed), with the preset
   * and the depth chosen for it where they are (the preset's own margin).
   */
  function opponentConfig(config) {
    const preset = el.preset.value;
    const depth = el.depth.value;
    return {
      ...config,
      ...(preset && { preset, weights: null }),
      search: {
        ...config.search,
        ...(preset && { margin: null }),
        ...(depth && { depth: Number(depth) }),
      },
    };
  }

  el.pace.replaceChildren(
    ...PACES.map((pace) => new Option(paceText(pace), String(pace), false, pace === DEFAULT_PACE)),
  );
  /** The kind chosen: a match ("versus"), a match of two AIs to watch ("watch") or a race. */
  const chosenKind = () => document.querySelector('input[name="race-kind"]:checked').value;
  const showRule = () => {
    el.rule.textContent = chosenKind() === 'race' ? RACE_RULE : VERSUS_RULE;
  };
  showRule();
  for (const input of document.querySelectorAll('input[name="race-kind"]')) {
    input.addEventListener('change', showRule);
  }
  /** The opponent chosen: the engine's AI ("builtin"), or a bot by URL ("bot"). */
  const chosenOpponent = () => document.querySelector('input[name="race-opponent"]:checked').value;
  const showOpponent = () => {
    const bot = chosenOpponent() === 'bot';
    el.builtin.hidden = bot;
    el.bot.hidden = !bot;
  };
  el.botUrl.value = DEFAULT_BOT_URL;
  showOpponent();
  for (const input of document.querySelectorAll('input[name="race-opponent"]')) {
    input.addEventListener('change', showOpponent);
  }
  $('race-accuracy').textContent =
    `Accuracy: ${ACCURACY_MEANS}. The AI's pieces are rated the same way, against its own ` +
    'ranking: at search depth 1, where it always places its best, it scores 100%.';

  /** Sizes the AI's board to its room beside the player's. */
  function layout() {
    if (ai && !el.board.hidden) ai.layout(el.room.clientWidth, el.room.clientHeight);
  }

  /** Shows the figures of both games while the race runs. */
  function showLive() {
    if (state !== 'running') return;
    // The board changed hands: the AI took the player's, or the player took the watched AI's.
    if (element.autoplay !== watching) {
      end(watching ? 'taken' : 'handed');
      return;
    }
    if (ai.forfeit) {
      end('forfeit');
      return;
    }
    if (versus && ai.over) {
      end('won');
      return;
    }
    const theirs = ai.figures;
    el.live.textContent =
      `You: ${count(you.lines, 'line')}, ${count(you.pieces, 'piece')}. ` +
      `${opponent}: ${count(theirs.lines, 'line')}, ${count(theirs.pieces, 'piece')}.`;
    showAiFigures();
  }

  /** Shows the AI's lines and pieces under its board, and whether its game is over. */
  function showAiFigures() {
    const { lines, pieces } = ai.figures;
    const figures = `${count(lines, 'line')}, ${count(pieces, 'piece')}`;
    el.aiFigures.textContent = ai.over ? `Game over: ${figures}` : figures;
  }

  /** Starts a race: a new seed for both games, the AI's beside the player's, then the countdown. */
  async function start() {
    if (state !== 'idle' && state !== 'ended') return;
    state = 'starting';
    el.start.disabled = true;
    versus = chosenKind() !== 'race';
    watching = chosenKind() === 'watch';
    const botUrl = chosenOpponent() === 'bot' ? el.botUrl.value : null;
    const what = versus ? 'match' : 'race';
    el.status.textContent = `Starting the ${what}…`;
    el.result.hidden = true;
    ai?.close();
    ai = null;
    replay = null;
    let bot = null;
    try {
      if (botUrl !== null) {
        el.status.textContent = 'Loading the bot…';
        bot = await TbpOpponent.open(botUrl);
        el.status.textContent = `Starting the ${what} against ${bot.name}…`;
      }
      // The versus rules change with a new game of their own; the restart makes the race's.
      const rules = versus ? VERSUS_RULES : null;
      if (element.versus !== rules) await element.update({ versus: rules });
      if (!(await page.restart({ seed: randomSeed(), autoplay: watching }))) {
        throw new Error('the game could not start with these settings');
      }
      element.pause();
      ai = await RaceAi.create(opponentConfig(page.config()), {
        build: page.build,
        canvases: {
          board: $('race-ai-board'),
          hold: el.hold,
          next: $('race-ai-next'),
        },
        field: el.field,
        held: () => element.paused,
        versus: versus ? VERSUS_RULES : null,
        onAttack: (rows) => {
          if (state === 'running') element.receiveAttack(rows);
        },
        onPiece: () => {
          if (counting) order += '1';
        },
        bot,
      });
    } catch (err) {
      // The AI's game owns the bot once made; until then the bot is closed here.
      if (ai === null) bot?.close();
      state = 'idle';
      el.start.disabled = false;
      el.status.textContent = `The ${what} could not start: ${message(err)}`;
      return;
    }
    el.title.textContent = bot ? bot.name : 'AI';
    opponent = bot ? bot.subject : THE_AI;
    el.them.textContent = bot ? opponent : 'AI';
    names = [
      watching ? 'Your AI' : 'You',
      bot ? sideName(bot.name, 'Bot') : watching ? 'The other AI' : 'AI',
    ];
    ai.pace = readPace(el.pace.value);
    await ai.setShowPlan(el.plan.checked);
    you = startFigures();
    el.hold.hidden = !ai.config.rules.hold;
    el.board.hidden = false;
    el.board.parentElement.classList.add('racing');
    el.end.hidden = false;
    el.live.textContent = '';
    el.aiFigures.textContent = '';
    layout();
    await ai.draw();
    state = 'countdown';
    el.count.hidden = false;
    element.focus({ preventScroll: true });
    countdown.start();
  }

  /** The countdown is over: both games play. */
  function go() {
    state = 'running';
    el.count.hidden = true;
    el.status.textContent = 'Go!';
    element.resume();
    element.focus({ preventScroll: true });
    ai.start();
    order = '';
    counting = true;
    liveTimer = setInterval(showLive, LIVE_MS);
    showLive();
  }

  /** Ends the race for the reason `why` (see `ENDINGS`) and shows how both games went. */
  async function end(why) {
    if (state !== 'countdown' && state !== 'running') return;
    state = 'ending';
    // Pieces of a game that replaced the player's are not the race's.
    if (why === 'replaced') counting = false;
    countdown.stop();
    clearInterval(liveTimer);
    el.count.hidden = true;
    el.end.hidden = true;
    // The player's game stops where the race ended, to be compared.
    if (why === 'ended' || why === 'won') element.pause();
    const failure = await ai.stop().then(
      () => '',
      (err) => ` ${opponent}'s game failed: ${message(err)}.`,
    );
    // The player's game is gone where a new one replaced it: that race has no replay.
    replay = why === 'replaced' || failure ? null : await raceReplay();
    el.replay.hidden = replay === null;
    if (replay) page.keepMatch(replay);
    state = 'ended';
    counting = false;
    const verdict =
      versus || why === 'forfeit'
        ? versusVerdict(why, watching, opponent)
        : verdictText(you, ai.figures, opponent);
    const ending =
      why === 'forfeit' ? `${ENDINGS[why](opponent)} ${ai.forfeit}.` : ENDINGS[why](opponent);
    await showResult(`${ending} ${verdict}${failure}`);
    el.start.disabled = false;
  }

  /**
   * The two games as they stand as a replay (see match-replay.js), with the order their pieces
   * were placed in; null where either has no recording.
   */
  async function raceReplay() {
    try {
      const sides = await Promise.all([element.game.recording(), ai.game.recording()]);
      if (sides.includes(null)) return null;
      const pieces = sides.map((side) => side.pieces);
      return { names, order: fittedOrder(order, pieces), sides };
    } catch {
      return null;
    }
  }

  /** Shows the two games' figures, and `outcome`: why the race ended and who won. */
  async function showResult(outcome) {
    const theirs = ai.figures;
    const rows = [
      comparisonRow('Lines', String(you.lines), String(theirs.lines)),
      comparisonRow('Pieces', String(you.pieces), String(theirs.pieces)),
      comparisonRow('Accuracy', figuresAccuracy(you), figuresAccuracy(theirs)),
    ];
    if (versus) {
      const [mine, its] = await Promise.all([
        element.game.versusStats(),
        ai.game.versusStats().catch(() => null),
      ]);
      const figure = (stats, name) => (stats ? String(stats[name]) : '–');
      rows.push(
        comparisonRow('Attack sent', figure(mine, 'sent'), figure(its, 'sent')),
        comparisonRow('Garbage taken', figure(mine, 'received'), figure(its, 'received')),
      );
    }
    el.body.replaceChildren(...rows);
    el.status.textContent = outcome;
    el.live.textContent = '';
    showAiFigures();
    el.result.hidden = false;
    page.reveal(el.bar);
  }

  /** Closes the race: the AI's board goes, its worker stops. */
  function close() {
    if (state !== 'ended') return;
    ai?.close();
    ai = null;
    state = 'idle';
    el.status.textContent = '';
    el.result.hidden = true;
    el.board.hidden = true;
    el.board.parentElement.classList.remove('racing');
    // Out of the match: the player's next game takes no garbage.
    if (versus) element.update({ versus: null }).catch(() => {});
  }

  // The pieces locked before the race ended count, those the game reports as it ends among them.
  element.addEventListener('piece', (event) => {
    if (!counting) return;
    you = afterPiece(you, event.detail.stats, event.detail.rating);
    order += '0';
  });
  element.addEventListener('gameover', () => end('over'));
  element.addEventListener('attack', (event) => {
    if (versus && state === 'running') ai.receiveAttack(event.detail.rows);
  });
  element.addEventListener('newgame', () => end('replaced'));
  el.start.addEventListener('click', start);
  el.again.addEventListener('click', start);
  el.end.addEventListener('click', () => end('ended'));
  el.close.addEventListener('click', close);
  el.replay.addEventListener('click', () => {
    if (replay) page.openReplay(JSON.stringify(replay), raceTitle(replay));
  });
  el.plan.addEventListener('change', () => ai?.setShowPlan(el.plan.checked));
  el.pace.addEventListener('change', () => {
    if (ai) ai.pace = readPace(el.pace.value);
    // The game keys play the player's board again.
    if (state === 'countdown' || state === 'running') element.focus({ preventScroll: true });
  });
  new ResizeObserver(layout).observe(el.room);

  return {
    get state() {
      return state;
    },
    get ai() {
      return ai;
    },
    get you() {
      return you;
    },
  };
}
