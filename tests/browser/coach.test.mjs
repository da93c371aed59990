// The coach on the page, in Chromium: "Why this move" shows the AI's choice feature by feature,
// the contributions summing to the score shown, as the engine explains it, following the game: it
// names the piece on the board at any speed, and asks for nothing while closed; a placement's difference from the best shows when pointed
// at in the list or on the board, by mouse, tap and keyboard, its outline on the board; a feature
// says what it counts in plain words and outlines the cells it counts; a piece
// placed by hand is rated against the AI's search before it locks, and the game's accuracy is
// shown and kept in the history.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openPage,
  playFast,
  waitPieces,
  waitForAsync,
  assertNoErrors,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };

const env = serveAndBrowse({ isolation: true });

/** In the page: pauses the game once the coach has shown its first answer, and lets it settle. */
async function pauseShown(page) {
  await page.evaluate(() => window.tetris.pause());
  await page.locator('#why-alternatives button').first().waitFor(WAIT);
  // The frame asked for before the pause may still bring a piece: then the panel is still.
  await page.waitForTimeout(300);
}

/**
 * In the page: what the panel shows of "Why this move" (each row's exact contribution and the
 * score), and what the engine says of the AI's choice now.
 */
function whyShown(page) {
  return page.evaluate(async () => {
    const rows = [...document.querySelectorAll('#why-body tr')];
    const choice = await window.tetris.game.decide();
    const explanation = await window.tetris.game.explain(choice.placement);
    return {
      names: rows.map((row) => row.cells[0].textContent),
      contributions: rows.map((row) => Number(row.cells[3].dataset.value)),
      score: Number(document.querySelector('#why-score').dataset.value),
      scoreText: document.querySelector('#why-score').textContent,
      engine: explanation,
    };
  });
}

test('why this move sums the contributions to the score shown, as the engine explains it', async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'coach' });
  const { page } = opened;
  try {
    await waitPieces(page, 3);
    for (let round = 0; round < 2; round++) {
      await pauseShown(page);
      const shown = await whyShown(page);
      const sum = shown.contributions.reduce((total, c) => total + c, 0);
      assert.equal(sum, shown.score, 'the contributions add up to the score shown');
      // A contribution of -0 (a negative weight times 0) reads back from the page as 0.
      assert.deepEqual(
        shown.contributions,
        shown.engine.terms.map((t) => t.contribution + 0),
      );
      assert.equal(shown.score, shown.engine.score, "the panel explains the AI's choice");
      assert.deepEqual(
        shown.names,
        shown.engine.terms.map((t) => t.name),
      );
      assert.ok(shown.names.length > 0 && shown.scoreText.length > 0);
      // It follows the game.
      await page.evaluate(() => window.tetris.resume());
      await waitPieces(page, 6 + 3 * round);
    }
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test('the coach explains the piece on the board at any speed, and only while shown', async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'coach' });
  const { page } = opened;
  try {
    await playFast(page);
    await waitPieces(page, 20);
    // Many pieces a frame: what the panel names is the piece the board shows, every time (or
    // after hold, the piece held, or the next where none is).
    const seen = [];
    for (let i = 0; i < 30; i++) {
      seen.push(
        await page.evaluate(() => {
          const { view } = document.querySelector('#game').snapshot;
          return {
            said: document.querySelector('#why-what').textContent,
            drawn: view.active?.piece ?? null,
            held: view.hold ?? view.queue[0],
            pieces: view.stats.pieces,
          };
        }),
      );
      await page.waitForTimeout(50);
    }
    const behind = seen.filter(
      ({ said, drawn, held }) =>
        !said.startsWith(`The AI's choice: ${drawn}.`) &&
        !said.startsWith(`The AI's choice: ${held}, after hold.`),
    );
    assert.deepEqual(behind, [], 'the panel names the piece drawn');
    assert.ok(seen.at(-1).pieces - seen[0].pieces > 30, 'while many pieces were placed');
    // Closed, the coach asks for nothing.
    const coachings = (ms) =>
      page.evaluate(async (ms) => {
        let heard = 0;
        const count = () => (heard += 1);
        const element = document.querySelector('#game');
        element.addEventListener('coaching', count);
        await new Promise((resolve) => setTimeout(resolve, ms));
        element.removeEventListener('coaching', count);
        return heard;
      }, ms);
    assert.ok((await coachings(500)) > 0, 'coachings come while shown');
    await page.locator('#why summary').click(WAIT);
    // A frame asked for before the close may still bring its coaching: once the worker has
    // answered what was sent after the close, every such frame has come.
    await page.evaluate(async () => {
      await document.querySelector('#game').game.stats();
      await document.querySelector('#game').game.stats();
    });
    assert.equal(await coachings(1000), 0, 'none while closed');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

/** In the page: what the coach says of each of the best placements, and their cells. */
function alternatives(page) {
  return page.evaluate(async () => {
    const words = await import('/js/coach-words.js');
    const coaching = await window.tetris.game.coach(5);
    const texts = words.alternativeTexts(coaching.alternatives);
    return coaching.alternatives.map(({ choice }, i) => ({ cells: choice.cells, said: texts[i] }));
  });
}

/** In the page: the detail line and the cells the board outlines. */
function pointedAt(page) {
  return page.evaluate(() => ({
    detail: document.querySelector('#why-detail').textContent,
    highlighted: document.querySelector('#game').highlighted,
  }));
}

/** In the page: the viewport point at the middle of the board's cell `[x, y]`. */
function pointOf(page, cell) {
  return page.evaluate(([x, y]) => {
    const element = document.querySelector('#game');
    const box = element.shadowRoot.querySelector('#board').getBoundingClientRect();
    const [px, py] = element.renderer.at(x, y);
    const half = element.renderer.cell / 2;
    return { x: box.left + px + half, y: box.top + py + half };
  }, cell);
}

/** Waits until the detail line says `said`, and checks that the board outlines `cells`. */
async function assertPointed(page, { said, cells }, how) {
  const shows = (said) => document.querySelector('#why-detail').textContent === said;
  await waitForAsync(page, shows, said);
  assert.deepEqual((await pointedAt(page)).highlighted, cells, `${how}: the outline on the board`);
}

/** The first of `listed` that holds the board cell `cell`: what pointing there shows. */
function firstHolding(listed, [x, y]) {
  return listed.find(({ cells }) => cells.some(([cx, cy]) => cx === x && cy === y));
}

test('a placement shows its difference from the best on hover, by keyboard and on the board', async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'coach' });
  const { page } = opened;
  try {
    await waitPieces(page, 4);
    await pauseShown(page);
    const listed = await alternatives(page);
    assert.ok(listed.length >= 2, `${listed.length} placements listed`);
    const buttons = page.locator('#why-alternatives button');
    assert.deepEqual(
      await buttons.evaluateAll((all) =>
        all.map((b) => b.textContent.replace(/ \((the AI's choice|explained above)\)$/, '')),
      ),
      listed.map(({ said }) => said),
    );
    // Hover.
    await buttons.nth(1).hover(WAIT);
    await assertPointed(page, listed[1], 'hover');
    // Keyboard: from the last feature, Tab reaches the list, one placement after another.
    await page.mouse.move(0, 0);
    await page.locator('#why-body button.feature').last().focus();
    await page.keyboard.press('Tab');
    await assertPointed(page, listed[0], 'Tab');
    await page.keyboard.press('Tab');
    await assertPointed(page, listed[1], 'Tab again');
    await page.keyboard.press('Shift+Tab');
    await assertPointed(page, listed[0], 'Shift+Tab');
    await page.locator('#why summary').focus();
    // On the board: the pointer over a placement's cell points at the best holding it.
    const cell = listed[listed.length - 1].cells[0];
    const shown = firstHolding(listed, cell);
    const point = await pointOf(page, cell);
    await page.mouse.move(point.x, point.y);
    await assertPointed(page, shown, 'the board');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

test("a placement's difference shows on tap, in the list and on the board", async () => {
  const opened = await openPage(env.browser, env.server.url, {
    context: { hasTouch: true },
    part: 'coach',
  });
  const { page } = opened;
  try {
    await waitPieces(page, 4);
    await pauseShown(page);
    const listed = await alternatives(page);
    await page.locator('#why-alternatives button').nth(1).tap(WAIT);
    await assertPointed(page, listed[1], 'a tap in the list');
    const cell = listed[0].cells[0];
    const point = await pointOf(page, cell);
    await page.touchscreen.tap(point.x, point.y);
    const shown = firstHolding(listed, cell);
    await assertPointed(page, shown, 'a tap on the board');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

/** In the page: the engine's explanation of the AI's choice now, its terms as the table lists them. */
function explained(page) {
  return page.evaluate(async () => {
    const choice = await window.tetris.game.decide();
    return (await window.tetris.game.explain(choice.placement)).terms;
  });
}

/** What the line under the features says of `term`. */
function meaningSaid(term) {
  const where =
    term.cells.length > 0
      ? 'Outlined on the board, as this move leaves it.'
      : 'None on the board this move leaves.';
  return `${term.name}: ${term.meaning}. ${where}`;
}

/** Waits until the line under the features says `term`'s meaning, and checks the outline. */
async function assertFeaturePointed(page, term, how) {
  const said = meaningSaid(term);
  await waitForAsync(
    page,
    (said) => document.querySelector('#why-feature').textContent === said,
    said,
  );
  const highlighted = await page.evaluate(() => document.querySelector('#game').highlighted);
  assert.deepEqual(highlighted, term.cells.length > 0 ? term.cells : null, `${how}: the outline`);
}

test('a feature says what it counts in plain words and outlines it, by hover, keyboard and tap', async () => {
  const opened = await openPage(env.browser, env.server.url, {
    context: { hasTouch: true },
    part: 'coach',
  });
  const { page } = opened;
  try {
    await waitPieces(page, 6);
    await pauseShown(page);
    const terms = await explained(page);
    assert.ok(terms.length >= 2, `${terms.length} features`);
    for (const term of terms) {
      assert.ok(term.meaning.length > 10 && !term.meaning.includes('_'), term.meaning);
    }
    const buttons = page.locator('#why-body button.feature');
    assert.deepEqual(
      await buttons.evaluateAll((all) => all.map((b) => b.textContent)),
      terms.map((t) => t.name),
    );
    // Hover: the landing height points at the piece where it lands, as the board shows it.
    const landing = terms.findIndex((t) => t.feature === 'landing_height');
    assert.ok(landing >= 0, 'the default weights weigh the landing height');
    assert.equal(terms[landing].cells.length, 4, 'the four cells of the piece');
    await buttons.nth(landing).hover(WAIT);
    await assertFeaturePointed(page, terms[landing], 'hover');
    // Away from the table, the line goes back to its invitation and the outline goes.
    await page.mouse.move(0, 0);
    await waitForAsync(
      page,
      () => document.querySelector('#why-feature').textContent.startsWith('Point at a feature'),
      'the invitation',
    );
    assert.equal(await page.evaluate(() => document.querySelector('#game').highlighted), null);
    // Keyboard: one Tab stop a feature, in the table's order.
    await buttons.first().focus();
    await assertFeaturePointed(page, terms[0], 'focus');
    await page.keyboard.press('Tab');
    await assertFeaturePointed(page, terms[1], 'Tab');
    await page.locator('#why summary').focus();
    // Tap: every feature, whether it has cells on this board or none.
    for (const [i, term] of terms.entries()) {
      await buttons.nth(i).tap(WAIT);
      await assertFeaturePointed(page, term, `a tap on ${term.feature}`);
    }
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

/**
 * In the page: the coach's rating, by the engine's search now, of the piece in play dropped where
 * its ghost shows, in words, and whether it counts as accurate.
 */
function ratingOfDrop(page) {
  return page.evaluate(async () => {
    const words = await import('/js/coach-words.js');
    const { isAccurate } = await import('/js/accuracy.js');
    const game = window.tetris.game;
    const key = (cells) => cells.map(String).sort().join(' ');
    const ghost = key((await game.view()).ghost.cells);
    const found = (await game.search()).find((c) => !c.hold && key(c.cells) === ghost);
    const rating = await game.rate(found.placement);
    return {
      said: `${words.pieceText(rating)}: ${words.ratingText(rating)}`,
      accurate: isAccurate(rating),
    };
  });
}

test('a piece placed by hand is rated before it locks, and the accuracy goes to the history', async () => {
  const opened = await openPage(env.browser, env.server.url);
  const { page } = opened;
  try {
    await page.locator('#play-yourself').click(WAIT);
    await page.waitForFunction(() => document.querySelector('#game').autoplay === false);
    // A game of its own: the AI may have used hold on the piece it handed over, and a piece
    // placed after hold is rated against the pieces before it.
    await page.keyboard.press('n');
    await waitForAsync(page, async () => (await window.tetris.game.stats()).pieces === 0);
    let accurate = 0;
    const moves = ['Space', 'ArrowLeft', 'ArrowRight'];
    for (const [i, move] of moves.entries()) {
      if (move !== 'Space') {
        const before = JSON.stringify((await page.evaluate(() => window.tetris.game.view())).ghost);
        await page.keyboard.press(move);
        await waitForAsync(
          page,
          async (before) => JSON.stringify((await window.tetris.game.view()).ghost) !== before,
          before,
        );
      }
      const expected = await ratingOfDrop(page);
      if (expected.accurate) accurate += 1;
      await page.keyboard.press('Space');
      await waitForAsync(
        page,
        (said) => document.querySelector('#coach-last').textContent === said,
        expected.said,
      );
      await waitForAsync(page, (n) => window.tetris.placements.length === n, i + 1);
    }
    const share = await page.evaluate(
      ([accurate, rated]) => import('/js/accuracy.js').then((m) => m.accuracyText(accurate, rated)),
      [accurate, moves.length],
    );
    await waitForAsync(
      page,
      (share) => document.querySelector('#rate-accuracy').textContent === share,
      share,
    );
    // A new game records this one, with its accuracy: the record the press adds (the first
    // new game, pressed right after "Play yourself", may have recorded one of its own).
    const recorded = () => JSON.parse(localStorage.getItem('tetris-ai/history/v1') || '[]').length;
    const before = await page.evaluate(recorded);
    await page.keyboard.press('n');
    const saved = await waitForAsync(
      page,
      (before) => {
        const games = JSON.parse(localStorage.getItem('tetris-ai/history/v1') || '[]');
        return games.length > before ? games[games.length - 1] : null;
      },
      before,
    );
    assert.deepEqual(
      [saved.player, saved.pieces, saved.rated, saved.accurate],
      ['you', moves.length, moves.length, accurate],
    );
    const row = await page.locator('#history-body tr').first().locator('td').allTextContents();
    assert.equal(row[2], `you, ${share} accurate`, 'the player, with the accuracy');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
