// Game feel: a line clear flashes its rows and calls itself out over the board ("Perfect clear"
// for an I laid on the floor of a board 4 cells wide), and where the visitor asks for reduced
// motion the rows do not flash and the callout does not move; on the page, the player's clears
// sound through Web Audio unless Settings' "Sound effects" is off, which a reload remembers.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveAndBrowse,
  openElementPage,
  openPage,
  assertNoErrors,
  setValue,
  setChecked,
  newGame,
  waitForAsync,
  waitReady,
  showPart,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };

const env = serveAndBrowse({ isolation: false });

/** In the page: the first seed whose guideline game on a 4x8 board opens with an I. */
async function seedOpeningWithI() {
  const api = await import('/tetris-ai.js');
  const config = (seed) => ({ rules: { kind: 'guideline' }, width: 4, height: 8, seed });
  const game = await api.createGame(config(0));
  try {
    for (let seed = 0; ; seed++) {
      await game.reset(config(seed));
      if ((await game.view()).active.piece === 'I') return seed;
    }
  } finally {
    game.close();
  }
}

/** In the page: counts, from now on, the flashes the board's renderer is asked for, and their rows. */
function countFlashes() {
  window.flashes = [];
  const { renderer } = document.querySelector('#game');
  const flash = renderer.flash.bind(renderer);
  renderer.flash = (rows, ms) => {
    if (rows > 0) window.flashes.push(rows);
    flash(rows, ms);
  };
}

/** The callout over the board: its lines, whether it shows, and its animation's name. */
function callout(page) {
  return page.evaluate(() => {
    const shown = document.querySelector('#game').shadowRoot.querySelector('#callout');
    return {
      lines: [...shown.children].map((line) => line.textContent),
      shown: shown.classList.contains('shown'),
      animation: getComputedStyle(shown).animationName,
    };
  });
}

test('an I on a 4-wide floor flashes its row and calls out a perfect clear', async () => {
  const opened = await openElementPage(env.browser, env.server, '');
  try {
    const { page } = opened;
    const seed = await page.evaluate(seedOpeningWithI);
    await page.evaluate((seed) => {
      const game = document.createElement('tetris-ai');
      game.id = 'game';
      game.style.height = '480px';
      for (const [name, value] of Object.entries({
        rules: 'guideline',
        board: '4x8',
        seed: String(seed),
        controls: 'full',
      })) {
        game.setAttribute(name, value);
      }
      document.body.append(game);
    }, seed);
    await page.evaluate(() => document.querySelector('#game').ready);
    await page.evaluate(countFlashes);
    await page.locator('#game').focus();
    await page.keyboard.press('Space');
    await waitForAsync(
      page,
      async () => (await document.querySelector('#game').game.stats()).lines === 1,
    );
    await page.waitForFunction(() => window.flashes.length === 1, null, WAIT);
    assert.deepEqual(await page.evaluate(() => window.flashes), [1], 'row 0 flashes');
    assert.deepEqual(await callout(page), {
      lines: ['Perfect clear'],
      shown: true,
      animation: 'callout',
    });

    // Reduced motion: the same clear, no flash, and a callout that only fades.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.keyboard.press('r'); // this seed again
    await waitForAsync(
      page,
      async () => (await document.querySelector('#game').game.stats()).pieces === 0,
    );
    await page.evaluate(countFlashes);
    await page.keyboard.press('Space');
    await waitForAsync(
      page,
      async () => (await document.querySelector('#game').game.stats()).lines === 1,
    );
    await page.waitForFunction(
      () =>
        document
          .querySelector('#game')
          .shadowRoot.querySelector('#callout')
          .classList.contains('shown'),
      null,
      WAIT,
    );
    assert.deepEqual(await callout(page), {
      lines: ['Perfect clear'],
      shown: true,
      animation: 'callout-still',
    });
    assert.deepEqual(await page.evaluate(() => window.flashes), [], 'no row flashes');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});

/**
 * Drops the new game's first piece by hand once the game has it in play and the AI has let go of
 * it (a key pressed before then would be lost, or the piece placed by the AI, which makes no
 * sound), and waits until it has locked.
 */
async function dropTheFirstPiece(page) {
  await waitForAsync(page, async () => {
    const game = document.querySelector('#game');
    return !game.autoplay && (await game.game.view()).active?.piece === 'I';
  });
  // A click on the board is the user's gesture that lets the page start its audio, as a browser
  // asks; it also gives the board the keys.
  await page.locator('#game').click();
  await page.keyboard.press('Space');
  await waitForAsync(page, async () => (await window.tetris.game.stats()).pieces === 1);
}

/** What decides whether the page sounds a piece: for a failure's message. */
function soundState(page) {
  return page.evaluate(() => ({
    played: window.tetris.sound.played,
    on: document.querySelector('#sound-effects').checked,
    autoplay: document.querySelector('#game').autoplay,
    activated: navigator.userActivation?.hasBeenActive ?? null,
  }));
}

test("the player's clears sound unless Sound effects is off, as a reload remembers", async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
  try {
    const { page } = opened;
    const seed = await page.evaluate(seedOpeningWithI);
    await setValue(page, '#rules', 'guideline');
    await setValue(page, '#board-width', 4);
    await setValue(page, '#board-height', 8);
    await setValue(page, '#seed', seed);
    await setChecked(page, '#ai-enabled', false);
    assert.equal(await page.locator('#sound-effects').isChecked(), true, 'on at first');
    await newGame(page);
    await dropTheFirstPiece(page);
    await page
      .waitForFunction(() => window.tetris.sound.played === 1, null, WAIT)
      .catch(async (err) => {
        throw new Error(`no sound: ${JSON.stringify(await soundState(page))}`, { cause: err });
      });

    await setChecked(page, '#sound-effects', false);
    await newGame(page);
    await dropTheFirstPiece(page);
    assert.equal(await page.evaluate(() => window.tetris.sound.played), 1, 'no sound when off');

    await page.reload();
    await waitReady(page);
    await showPart(page, 'settings');
    assert.equal(await page.locator('#sound-effects').isChecked(), false, 'remembered');
    assertNoErrors(assert, opened);
  } finally {
    await opened.close();
  }
});
