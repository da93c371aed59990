// The race and the match on the page, in Chromium: "Start" begins the player's game and the AI's
// on the same seed after a countdown, and both queues show the same sequence of pieces as pieces
// are played; the AI's slowest pace places fewer pieces than its fastest over the same span;
// ending a race shows both games' lines, pieces and accuracy and who won, and the player's game
// goes into the past games marked as a race's; on a phone the AI's board and the player's touch
// buttons fit the screen, side by side, and the coach, which would give the AI's pick for the
// player's piece, is put away; in a match on a phone the AI's board is readable, the player's the
// larger, both in full view. In a match the AI (of its own preset and depth, its plan shown)
// sends garbage that waits in the meter and enters the player's board, and the first to top out
// loses; the match's two games replay from the past games with that garbage; a watched match of
// two AIs ends when one tops out, and replays, both boards on one timeline, to the end of both
// games, from the race panel and from its share link. A Tetris Bot Protocol bot loaded by URL (the
// page's own, by default) places the opponent's pieces, sends garbage and wins, named by its name;
// a URL that is none and a bot that never answers are refused in words, and a bot that suggests
// no move forfeits, the panel working on each time; a bot on another site that lets pages load it
// (CORS) plays from a copy, and one that is not there is refused in words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openPage, waitForAsync, assertNoErrors, showPart } from './harness.mjs';
import { bothQueues, raceIs, raceReplayEnd, sequenceOf } from './race.mjs';

const WAIT = { timeout: 10_000 };
/** The countdown, and a margin for the games to start. */
const START = { timeout: 20_000 };
const PHONE = {
  viewport: { width: 390, height: 844 },
  context: { hasTouch: true, isMobile: true, deviceScaleFactor: 1 },
};

const env = serveAndBrowse({ isolation: true });

/**
 * Starts a race (or, with `kind` "versus", a match) at the AI's pace `pace` (a value of
 * `#race-pace`) and waits until it runs.
 */
async function startRace(page, pace, kind = 'race') {
  await showPart(page, 'race');
  await page.locator(`input[name="race-kind"][value="${kind}"]`).check(WAIT);
  await page.click('#race-start');
  await page.selectOption('#race-pace', pace);
  await waitForAsync(page, raceIs, 'running', START);
}

/** The pieces each game has placed: `[player's, AI's]`. */
function placed(page) {
  return page.evaluate(async () => {
    const stats = await Promise.all([
      window.tetris.game.stats(),
      window.tetris.race.ai.game.stats(),
    ]);
    return stats.map((s) => s.pieces);
  });
}

test('a race gives both games the same pieces, the player playing by hand', async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  try {
    await startRace(page, '2');
    assert.equal(await page.evaluate(() => document.querySelector('#game').autoplay), false);
    assert.equal(await page.locator('#race-board').isVisible(), true);
    const samples = [await page.evaluate(bothQueues)];
    // The player hard-drops eight pieces, one at a time; the AI places its own meanwhile.
    for (let pieces = 1; pieces <= 8; pieces++) {
      await page.keyboard.press('Space');
      await waitForAsync(
        page,
        async (n) => (await window.tetris.game.stats()).pieces >= n,
        pieces,
        WAIT,
      );
      samples.push(await page.evaluate(bothQueues));
    }
    // Until the AI has placed four.
    while (samples.at(-1)[1].placed < 4) {
      await page.waitForTimeout(200);
      samples.push(await page.evaluate(bothQueues));
    }
    const yours = sequenceOf(
      samples.map(([y]) => y),
      "the player's",
    );
    const theirs = sequenceOf(
      samples.map(([, a]) => a),
      "the AI's",
    );
    const both = [...yours.keys()].filter((place) => theirs.has(place));
    for (const place of both) {
      assert.equal(yours.get(place), theirs.get(place), `piece ${place} of the two games`);
    }
    // Both showed pieces 1 to 5 first; the AI's last queue, after four pieces or a few more at
    // two a second, starts by piece 9, and the player's queues showed pieces up to 13.
    assert.ok(both.length >= 9, `the queues shared ${both.length} pieces: ${both}`);
    assert.ok(new Set(samples.map(([, a]) => a.placed)).size >= 5, "the AI's queue was seen move");
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test("the AI's slowest pace places fewer pieces than its fastest over the same span", async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  try {
    await startRace(page, '0.5');
    const span = async () => {
      const [, before] = await placed(page);
      await page.waitForTimeout(3000);
      const [, after] = await placed(page);
      return after - before;
    };
    const slowest = await span();
    await page.selectOption('#race-pace', 'Infinity');
    const fastest = await span();
    assert.ok(fastest > slowest, `fastest ${fastest} pieces, slowest ${slowest}, in 3 s each`);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('ending the race shows both games\u2019 lines, pieces and accuracy, and who won', async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  try {
    assert.equal(await page.evaluate(() => document.querySelector('#game').depth), 1);
    await startRace(page, '10');
    // Every piece of the player's game in the race, with the coach's rating of it.
    await page.evaluate(() => {
      window.ratings = [];
      document
        .querySelector('#game')
        .addEventListener('piece', (event) => window.ratings.push(event.detail.rating));
    });
    for (let pieces = 1; pieces <= 6; pieces++) {
      await page.keyboard.press(pieces % 2 ? 'Space' : 'ArrowLeft');
      if (pieces % 2 === 0) await page.keyboard.press('Space');
      await waitForAsync(
        page,
        async (n) => (await window.tetris.game.stats()).pieces >= n,
        pieces,
        WAIT,
      );
    }
    await page.click('#race-end');
    await waitForAsync(page, raceIs, 'ended', WAIT);
    const shown = await page.evaluate(async () => {
      const rows = [...document.querySelectorAll('#race-body tr')];
      return {
        table: rows.map((row) => [...row.cells].map((cell) => cell.textContent)),
        verdict: document.querySelector('#race-status').textContent,
        yours: await window.tetris.game.stats(),
        theirs: await window.tetris.race.ai.game.stats(),
        ratings: window.ratings,
      };
    });
    const { yours, theirs, ratings } = shown;
    assert.equal(yours.pieces, 6, 'the player placed six pieces and the race stopped the game');
    assert.equal(ratings.length, 6);
    assert.ok(
      ratings.every((rating) => rating !== null),
      'each piece placed by hand is rated',
    );
    const accurate = ratings.filter((rating) => rating.rank <= 3).length;
    assert.ok(theirs.pieces > 0, 'the AI placed pieces');
    assert.deepEqual(shown.table, [
      ['Lines', String(yours.lines), String(theirs.lines)],
      ['Pieces', '6', String(theirs.pieces)],
      // At depth 1 the AI places each piece at its best by its own score: all accurate.
      ['Accuracy', `${Math.round((100 * accurate) / 6)}%`, '100%'],
    ]);
    // The most lines wins.
    const lines = (n) => `${n} line${n === 1 ? '' : 's'}`;
    const verdict =
      yours.lines === theirs.lines
        ? `A tie: ${lines(yours.lines)} each.`
        : yours.lines > theirs.lines
          ? `You win, ${lines(yours.lines)} to ${theirs.lines}.`
          : `The AI wins, ${lines(theirs.lines)} to ${yours.lines}.`;
    assert.equal(shown.verdict, `You ended the race. ${verdict}`);
    assert.match(await page.locator('#race-rule').textContent(), /The most lines wins/);
    // Another race: the first one's game goes into the past games, marked as a race's.
    await page.click('#race-again');
    await waitForAsync(page, raceIs, 'running', START);
    const newest = await page.evaluate(() =>
      [...document.querySelector('#history-body tr').cells].map((cell) => cell.textContent),
    );
    assert.deepEqual(newest.slice(2, 6), [
      `you (race), ${Math.round((100 * accurate) / 6)}% accurate`,
      String(yours.lines),
      '6',
      'stopped',
    ]);
    // The coach is away while a race runs, even on its tab, and back once the race is closed.
    await showPart(page, 'coach');
    assert.equal(await page.locator('#coach').isVisible(), false, 'no coach in a race');
    assert.equal(await page.locator('#coach-away').isVisible(), true, 'the tab says why');
    await showPart(page, 'race');
    await page.click('#race-end');
    await waitForAsync(page, raceIs, 'ended', WAIT);
    await page.click('#race-close');
    await showPart(page, 'coach');
    assert.equal(await page.locator('#coach').isVisible(), true, 'the coach is back');
    assert.equal(await page.locator('#coach-away').isVisible(), false);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('on a phone the AI board and the touch buttons fit the screen beside each other', async () => {
  const opened = await openPage(env.browser, env.server.url, PHONE);
  const { page } = opened;
  try {
    await startRace(page, '1');
    await showPart(page, 'coach');
    assert.equal(await page.locator('#coach').isVisible(), false, 'the coach is put away');
    const boxes = await page.evaluate(() => {
      const box = (found) => {
        const r = found.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      };
      const root = document.querySelector('#game').shadowRoot;
      return {
        ai: box(document.querySelector('#race-ai-board')),
        board: box(root.querySelector('#board')),
        touch: box(root.querySelector('#touch')),
        // The buttons shown (the half turn's only under SRS+).
        buttons: [...root.querySelectorAll('#touch button:not([hidden])')].map(box),
      };
    });
    for (const [what, r] of Object.entries({
      ai: boxes.ai,
      board: boxes.board,
      touch: boxes.touch,
    })) {
      assert.ok(
        r.right > r.left && r.left >= 0 && r.top >= 0 && r.right <= 390 && r.bottom <= 844,
        `${what} should be inside the 390x844 screen: ${JSON.stringify(r)}`,
      );
    }
    // Beside the player's board and its buttons, over none of them.
    for (const r of [boxes.board, ...boxes.buttons]) {
      assert.ok(boxes.ai.left >= r.right || boxes.ai.right <= r.left, 'the AI board overlaps');
    }
    assert.equal(boxes.buttons.length, 7, 'the touch buttons of SRS');
    for (const r of boxes.buttons) {
      const [width, height] = [r.right - r.left, r.bottom - r.top];
      assert.ok(width >= 30 && height >= 44, `a touch button is ${width} x ${height} px`);
    }
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test("on a phone in a match both boards are readable, the player's the larger, in full view", async () => {
  // With the touch buttons under the player's board, and without them.
  for (const [what, options] of [
    ['a touch phone', PHONE],
    ['a narrow window', { viewport: PHONE.viewport }],
  ]) {
    const opened = await openPage(env.browser, env.server.url, options);
    const { page } = opened;
    try {
      await startRace(page, '1', 'versus');
      const [yours, theirs, tabs] = await Promise.all([
        page.locator('#game').locator('#board').boundingBox(),
        page.locator('#race-ai-board').boundingBox(),
        page.locator('.parts').boundingBox(),
      ]);
      const sizes = `${what}: yours ${JSON.stringify(yours)}, the AI's ${JSON.stringify(theirs)}`;
      assert.ok(theirs.width >= 120, `the AI's board is readable on ${sizes}`);
      assert.ok(yours.width >= theirs.width * 1.2, `the player's board is the larger on ${sizes}`);
      const { width } = PHONE.viewport;
      for (const box of [yours, theirs]) {
        assert.ok(box.x >= 0 && box.x + box.width <= width, `a board is cut off on ${sizes}`);
        assert.ok(
          box.y >= 0 && box.y + box.height <= tabs.y,
          `the tabs ${JSON.stringify(tabs)} cover a board on ${sizes}`,
        );
      }
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  }
});

test("in a match the AI's attack comes in as garbage, and the first to top out loses", async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  try {
    // Unless another is chosen, the AI plays the engine's preset for versus.
    await showPart(page, 'race');
    const versusPreset = await page.evaluate(
      async () => (await (await import('/tetris-ai.js')).limits()).versus_preset,
    );
    assert.equal(versusPreset, 'versus');
    assert.equal(await page.locator('#race-ai-preset').inputValue(), versusPreset);
    // The AI plays another preset, deeper, and shows where its next piece goes.
    await page.selectOption('#race-ai-preset', 'dt10');
    await page.selectOption('#race-ai-depth', '2');
    await page.locator('#race-plan').check(WAIT);
    await startRace(page, 'Infinity', 'versus');
    const opponent = await page.evaluate(() => {
      const { config } = window.tetris.race.ai;
      return [config.preset, config.weights, config.search.depth];
    });
    assert.deepEqual(opponent, ['dt10', null, 2]);
    await page.waitForFunction(() => window.tetris.race.ai.target?.cells.length === 4);
    assert.match(await page.locator('#race-rule').textContent(), /first to top out loses/);
    // The AI clears lines as fast as it can; its attack waits beside the player's board.
    await waitForAsync(page, async () => (await window.tetris.game.pendingGarbage()) > 0, null, {
      timeout: 60_000,
    });
    // The meter beside the board shows them from the next frame drawn.
    await page.waitForFunction(
      () => {
        const bar = document.querySelector('#game').shadowRoot.querySelector('#garbage');
        return !bar.hidden && Number(bar.style.getPropertyValue('--rows')) > 0;
      },
      null,
      WAIT,
    );
    // Two placements later it is on the player's board; the player's drops stack up to the top.
    await page.locator('#game').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Space');
    await waitForAsync(page, async () => (await window.tetris.game.versusStats()).received > 0);
    for (
      let i = 0;
      i < 40 && (await page.evaluate(() => window.tetris.race.state)) === 'running';
      i++
    ) {
      await page.keyboard.press('Space');
      await page.waitForTimeout(50);
    }
    await waitForAsync(page, raceIs, 'ended', WAIT);
    const shown = await page.evaluate(() => ({
      status: document.querySelector('#race-status').textContent,
      rows: [...document.querySelectorAll('#race-body th')].map((th) => th.textContent),
    }));
    assert.equal(shown.status, 'Your game is over. The AI wins.');
    assert.deepEqual(shown.rows, ['Lines', 'Pieces', 'Accuracy', 'Attack sent', 'Garbage taken']);
    // The player's game is kept with its side of the match, and with the match's two games,
    // which replay from the past games to their ends, garbage and all.
    const kept = await page
      .waitForFunction(
        () => {
          const games = JSON.parse(localStorage.getItem('tetris-ai/history/v1') || '[]');
          const last = games.at(-1);
          return last?.ended === 'over' && last.replay?.versus && last.match ? last : null;
        },
        null,
        WAIT,
      )
      .then((handle) => handle.jsonValue());
    assert.ok(kept.replay.versus.attacks.length > 0, JSON.stringify(kept.replay.versus));
    assert.deepEqual(kept.match.names, ['You', 'AI']);
    const final = await page.evaluate(async () => Array.from(await window.tetris.game.cells()));
    await showPart(page, 'play');
    await page.locator('#history-body tr').first().click(WAIT);
    await page.locator('#replay-last').click(WAIT);
    await page.waitForFunction(
      (end) => window.tetris.replay?.index === end,
      kept.match.order.length,
      WAIT,
    );
    const replayed = await page.evaluate(() =>
      Array.from(window.tetris.replay.sides[0].view.cells),
    );
    assert.deepEqual(replayed, final);
    assert.match(await page.locator('#replay-about').textContent(), /^The match: /);
    // Garbage cells take the colour after the seven pieces'.
    assert.ok(Math.max(...replayed) > 7, 'the replay shows the garbage that came in');
    await page.click('#replay-close');
    await page.waitForFunction(() => !document.querySelector('#replay').open, null, WAIT);
    // Closed, the player's next game is out of the match.
    await showPart(page, 'race');
    await page.click('#race-close');
    await page.waitForFunction(() => document.querySelector('#game').versus === null);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test(
  'a watched match of two AIs ends when one tops out, and replays',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url);
    const { page } = opened;
    try {
      await startRace(page, 'Infinity', 'watch');
      assert.match(await page.locator('#race-rule').textContent(), /first to top out loses/);
      assert.equal(await page.evaluate(() => document.querySelector('#game').autoplay), true);
      // The other AI, as fast as it can, buries the page's, which places a few pieces a second.
      await waitForAsync(page, raceIs, 'ended', { timeout: 90_000 });
      assert.equal(
        await page.locator('#race-status').textContent(),
        'Your game is over. The other AI wins.',
      );
      const received = await page.evaluate(
        async () => (await window.tetris.game.versusStats()).received,
      );
      assert.ok(received > 0, 'the page AI took garbage');
      const figures = await page.evaluate(() =>
        [...document.querySelectorAll('#race-body tr')]
          .slice(0, 2)
          .map((row) => [...row.querySelectorAll('td')].map((cell) => Number(cell.textContent))),
      );
      // Both games replay, on one timeline of their placements, to their ends.
      await page.click('#race-replay');
      await page.waitForFunction(() => window.tetris.replay?.sides, null, WAIT);
      assert.equal(await page.locator('#replay-stage-b').isVisible(), true, 'two boards');
      await page.locator('#replay-last').click(WAIT);
      const end = await waitForAsync(page, raceReplayEnd, null, { timeout: 30_000 });
      assert.deepEqual(end.names, ['Your AI', 'The other AI']);
      assert.deepEqual(end.over, [true, false], "the page AI's game ends over");
      assert.deepEqual(end.replayed[1], end.games[1], "the other AI's board as it stands");
      const [lines, pieces] = figures;
      assert.equal(end.count, pieces[0] + pieces[1], 'a placement for each piece of the two');
      const replayed = await page.evaluate(() =>
        window.tetris.replay.sides.map((side) => [side.view.stats.lines, side.index]),
      );
      assert.deepEqual(replayed, [
        [lines[0], pieces[0]],
        [lines[1], pieces[1]],
      ]);
      assert.match(
        await page.locator('#replay-position').textContent(),
        new RegExp(`^After all ${end.count} placements\\. Your AI: .*, game over; The other AI: `),
      );
      // Its share link opens the same match.
      const link = await page.locator('#replay-link').getAttribute('href');
      const shared = await opened.context.newPage();
      try {
        await shared.goto(link);
        await shared.waitForFunction(() => window.tetris?.replay?.sides, null, START);
        await shared.locator('#replay-last').click(WAIT);
        await shared.waitForFunction(
          (count) => window.tetris.replay?.index === count,
          end.count,
          WAIT,
        );
        const cells = await shared.evaluate(() =>
          window.tetris.replay.sides.map((side) => Array.from(side.view.cells)),
        );
        assert.deepEqual(cells, end.replayed, 'the link replays the same boards');
      } finally {
        await shared.close();
      }
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

/** A fake Tetris Bot Protocol bot's script, served at `name` for the page from now on. */
async function serveBot(page, name, script) {
  await page.route(`**/${name}`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      // As the server sends its own scripts, so that the cross-origin isolated page may run it.
      headers: {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      },
      body: script,
    }),
  );
}

/** In the page: the opponent's pieces placed, and the garbage waiting for the player. */
async function matchFigures() {
  const [theirs, waiting] = await Promise.all([
    window.tetris.race.ai.game.stats(),
    window.tetris.game.pendingGarbage(),
  ]);
  return { pieces: theirs.pieces, waiting };
}

test('a match against a Tetris Bot Protocol bot by URL: its moves, its attack, its end', async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  try {
    await showPart(page, 'race');
    await page.locator('input[name="race-opponent"][value="bot"]').check(WAIT);
    // The page's own bot is offered first; the built-in AI's choices are put away.
    assert.equal(await page.locator('#race-bot-url').inputValue(), 'lib/tbp-worker.js');
    assert.equal(await page.locator('#race-ai-preset').isVisible(), false);
    await startRace(page, 'Infinity', 'versus');
    assert.match(await page.locator('#race-board-title').textContent(), /^tetris-ai \d/);
    assert.equal(await page.evaluate(() => window.tetris.race.ai.bot !== null), true);
    // The bot places the opponent's pieces as fast as it answers, and its attack waits for the
    // player, then enters the player's board after the player's next placements.
    await waitForAsync(page, async () => (await window.tetris.game.pendingGarbage()) > 0, null, {
      timeout: 20_000,
    });
    const { pieces } = await page.evaluate(matchFigures);
    assert.ok(pieces >= 5, `the bot placed ${pieces} pieces`);
    await page.locator('#game').focus();
    for (
      let i = 0;
      i < 40 && (await page.evaluate(() => window.tetris.race.state)) === 'running';
      i++
    ) {
      await page.keyboard.press('Space');
      await page.waitForTimeout(50);
    }
    await waitForAsync(page, raceIs, 'ended', WAIT);
    const shown = await page.evaluate(async () => ({
      status: document.querySelector('#race-status').textContent,
      them: document.querySelector('#race-them').textContent,
      table: [...document.querySelectorAll('#race-body tr')].map((row) =>
        [...row.cells].map((cell) => cell.textContent),
      ),
      received: (await window.tetris.game.versusStats()).received,
    }));
    assert.ok(shown.received > 0, 'garbage entered the player\u2019s board');
    // The bot is named where the built-in AI would be: in the verdict and the figures' head.
    assert.equal(shown.status, 'Your game is over. tetris-ai wins.');
    assert.equal(shown.them, 'tetris-ai');
    const sent = shown.table.find(([name]) => name === 'Attack sent');
    assert.ok(Number(sent[2]) > 0, `the bot's attack: ${JSON.stringify(shown.table)}`);
    await page.click('#race-close');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

/** A bot that answers the rules, then suggests no move: it forfeits at its first piece. */
const QUITTER = `onmessage = ({ data }) => {
  if (data.type === 'rules') postMessage({ type: 'ready' });
  if (data.type === 'suggest') postMessage({ type: 'suggestion', moves: [] });
};
postMessage({ type: 'info', name: 'Quitter', version: '1', author: 'tests', features: [] });`;

/** The quitter forfeiting, as the race panel says it. */
const QUITTER_FORFEITS =
  'Quitter forfeits: it gave no move the game could play (the bot suggested no move). You win!';

test('a bad URL, a bot that never answers and one that forfeits say so; the panel goes on', async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  try {
    await serveBot(page, 'silent-bot.js', '// A worker that never answers.\n');
    await serveBot(page, 'quitter-bot.js', QUITTER);
    await showPart(page, 'race');
    await page.locator('input[name="race-opponent"][value="bot"]').check(WAIT);
    const tryBot = async (url) => {
      await page.fill('#race-bot-url', url);
      await page.click('#race-start');
      await page.waitForFunction(
        () =>
          window.tetris.race.state === 'idle' &&
          /could not start/.test(document.querySelector('#race-status').textContent),
        null,
        { timeout: 15_000 },
      );
      assert.equal(await page.locator('#race-start').isDisabled(), false);
      return page.locator('#race-status').textContent();
    };
    assert.equal(
      await tryBot('not a url'),
      'The match could not start: "not a url" is not the address of a script (such as ' +
        'lib/tbp-worker.js or https://example.com/bot.js)',
    );
    assert.equal(
      await tryBot('silent-bot.js'),
      `The match could not start: the bot at ${env.server.url}silent-bot.js did not send ` +
        '"info" within 5 seconds',
    );
    // A bot that suggests no move forfeits at its first piece: the player wins.
    await page.fill('#race-bot-url', 'quitter-bot.js');
    await page.click('#race-start');
    await waitForAsync(page, raceIs, 'ended', START);
    assert.equal(await page.locator('#race-board-title').textContent(), 'Quitter 1');
    assert.equal(await page.locator('#race-status').textContent(), QUITTER_FORFEITS);
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('a bot on another site plays from a copy; one that is not there is refused', async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  const site = 'https://bots.example';
  try {
    // Another site, which lets any page load its quitter (CORS), and has no other bot. (A site
    // that refuses other pages cannot be shown here: the browser lets any page read a response
    // the test makes up.)
    await page.route(`${site}/**`, (route) => {
      const { pathname } = new URL(route.request().url());
      const open = { 'Access-Control-Allow-Origin': '*' };
      return pathname === '/quitter.js'
        ? route.fulfill({ contentType: 'text/javascript', headers: open, body: QUITTER })
        : route.fulfill({ status: 404, headers: open, body: 'no bot here' });
    });
    await showPart(page, 'race');
    await page.locator('input[name="race-opponent"][value="bot"]').check(WAIT);
    const start = async (url, state) => {
      await page.fill('#race-bot-url', url);
      await page.click('#race-start');
      await waitForAsync(page, raceIs, state, START);
      return page.locator('#race-status').textContent();
    };
    assert.equal(
      await start(`${site}/missing.js`, 'idle'),
      `The match could not start: the bot at ${site}/missing.js did not load: it answered 404 ` +
        'Not Found',
    );
    // (The missing bot leaves the browser's own console error: no assertNoErrors here.)
    assert.equal(await start(`${site}/quitter.js`, 'ended'), QUITTER_FORFEITS);
    assert.equal(await page.locator('#race-board-title').textContent(), 'Quitter 1');
  } finally {
    await opened.close();
  }
});
