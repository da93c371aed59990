// The weights panel: a weight input changes the AI's next decision; an invalid import shows an
// error naming the problem and keeps the old weights; weights that use no feature are asked
// about before they apply; a number too large to be finite is named as such; a bad cell is
// marked with its message and gets the AI's value back when it loses focus. A refused import is
// said beside Import in plain words, not over the game; a file imports by keyboard, and an
// import that works says so; the import area shows one message at a time; the table is one Tab
// stop whose cells the arrow keys reach; and long weights and the largest seed show in full.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  catchFileChoosers,
  serveAndBrowse,
  openPage,
  setValue,
  newGame,
  settle,
  waitForAsync,
  assertNoErrors,
} from './harness.mjs';

const WAIT = { timeout: 10_000 };
/** The last button of the settings part: the weights card's "Import a file…". */
const LAST = 'import-weights-file';
const SEED = 20240521;

const env = serveAndBrowse({ isolation: true });

/** The weight of `name` in a `weights()` object (a number or `{weight, exponent}`). */
function weightOf(weights, name) {
  const value = weights[name];
  return value !== null && typeof value === 'object' ? value.weight : value;
}

const weightInput = (name) => `input[data-feature="${name}"][data-field="weight"]`;

/** Pauses, and waits until the frames asked for before the pause have run. */
async function pause(page) {
  await page.locator('#pause').click(WAIT);
  await page.waitForFunction(() => window.tetris.paused === true, null, WAIT);
  await settle(page);
}

test(
  'changing a weight changes the chosen placement for a fixed seed',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = opened;
      await setValue(page, '#seed', SEED);
      await newGame(page);
      await pause(page);
      const first = await page.evaluate(async () => ({
        choice: await window.tetris.game.decide(),
        pieces: (await window.tetris.game.stats()).pieces,
        piece: (await window.tetris.game.view()).active?.piece,
      }));
      assert.ok(first.choice, 'decide() should give a choice in a running game');
      t.diagnostic(
        `piece ${first.piece} after ${first.pieces} pieces: ${JSON.stringify(first.choice.placement)}`,
      );

      for (const name of ['holes', 'landing_height']) {
        assert.equal(
          await page.locator(weightInput(name)).count(),
          1,
          `one weight input for ${name}`,
        );
        await setValue(page, weightInput(name), 50);
      }
      await waitForAsync(
        page,
        async () => {
          const weights = await window.tetris.game.weights();
          const of = (v) => (v !== null && typeof v === 'object' ? v.weight : v);
          return of(weights.holes) === 50 && of(weights.landing_height) === 50;
        },
        null,
        WAIT,
      );
      const second = await page.evaluate(async () => ({
        choice: await window.tetris.game.decide(),
        pieces: (await window.tetris.game.stats()).pieces,
        piece: (await window.tetris.game.view()).active?.piece,
        paused: window.tetris.paused,
      }));
      t.diagnostic(
        `with holes and landing_height +50: ${JSON.stringify(second.choice?.placement)}`,
      );
      assert.equal(second.paused, true, 'the game should still be paused');
      assert.equal(second.pieces, first.pieces, 'no piece should lock while paused');
      assert.equal(second.piece, first.piece, 'the same piece should be deciding');
      assert.ok(second.choice, 'decide() should give a choice');
      assert.notDeepEqual(
        second.choice.placement,
        first.choice.placement,
        'the new weights should choose another placement',
      );
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test(
  'an invalid weights import shows the problem and keeps the old weights',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = opened;
      await pause(page);
      const weights = () => page.evaluate(() => window.tetris.game.weights());
      const error = page.locator('#import-error');
      const old = await weights();
      assert.ok(Object.keys(old).length > 0, 'the game should have weights');

      const cases = [
        {
          what: 'malformed JSON',
          json: '{"holes": -4, "landing_height": ',
          names: /JSON|pars|syntax|unexpected|expected|EOF|end of/i,
        },
        { what: 'an unknown feature', json: '{"holes": -4, "holez": 1}', names: /holez/ },
      ];
      for (const { what, json, names } of cases) {
        await setValue(page, '#weights-json', json);
        await page.locator('#import-weights').click(WAIT);
        await page
          .waitForFunction(
            (pattern) =>
              new RegExp(pattern.source, pattern.flags).test(
                document.querySelector('#import-error').textContent,
              ),
            { source: names.source, flags: names.flags },
            WAIT,
          )
          .catch(() => {});
        const shown = ((await error.textContent()) || '').trim();
        t.diagnostic(`${what}: #import-error says ${JSON.stringify(shown)}`);
        assert.notEqual(shown, '', `importing ${what} should show an error`);
        assert.match(shown, names, `the error for ${what} should name the problem`);
        assert.equal(await error.isVisible(), true, `the error for ${what} should be visible`);
        assert.deepEqual(await weights(), old, `importing ${what} should keep the old weights`);
      }

      // A valid import still works afterwards, and clears the error.
      const changed = { ...old, holes: -7.5 };
      await setValue(page, '#weights-json', JSON.stringify(changed));
      await page.locator('#import-weights').click(WAIT);
      await waitForAsync(
        page,
        async () => {
          const v = (await window.tetris.game.weights()).holes;
          return (v !== null && typeof v === 'object' ? v.weight : v) === -7.5;
        },
        null,
        WAIT,
      );
      assert.equal(weightOf(await weights(), 'holes'), -7.5);
      const left = ((await error.textContent()) || '').trim();
      assert.ok(
        left === '' || !(await error.isVisible()),
        `a valid import should clear the error (shows ${JSON.stringify(left)})`,
      );
      assert.equal(
        Number(await page.locator(weightInput('holes')).inputValue()),
        -7.5,
        'the holes weight input should show the imported weight',
      );
      // A refused import may be logged, but nothing may throw uncaught.
      const uncaught = opened.errors.filter((e) => !e.startsWith('console.'));
      assert.deepEqual(uncaught, [], `the page reported:\n${uncaught.join('\n')}`);
    } finally {
      await opened.close();
    }
  },
);

const STORAGE_KEY = 'tetris-ai/settings/v2';

/** What the page has stored and what the game plays, to see that neither changed. */
function state(page) {
  return page.evaluate(
    async (key) => ({
      stored: localStorage.getItem(key),
      weights: await window.tetris.game.weights(),
    }),
    STORAGE_KEY,
  );
}

test(
  'weights that use no feature apply only once the user says so',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = opened;
      const dialog = page.getByRole('alertdialog');
      const before = await state(page);
      await setValue(page, '#weights-json', '{}');
      await page.locator('#import-weights').click(WAIT);
      await dialog.waitFor(WAIT);
      assert.match(await dialog.textContent(), /no feature/);
      await settle(page);
      assert.deepEqual(await state(page), before, 'nothing changes while the question waits');
      await dialog.getByRole('button', { name: 'Cancel' }).click(WAIT);
      await settle(page);
      assert.equal(await dialog.count(), 0);
      assert.deepEqual(await state(page), before, 'Cancel changes nothing');

      await page.locator('#import-weights').click(WAIT);
      await dialog.getByRole('button', { name: 'Apply' }).click(WAIT);
      await waitForAsync(
        page,
        async () => Object.keys(await window.tetris.game.weights()).length === 0,
        null,
        WAIT,
      );
      // The page saves once the engine has answered: wait for the save, then check it.
      await page
        .waitForFunction(
          (key) => JSON.stringify(JSON.parse(localStorage.getItem(key)).weights) === '{}',
          STORAGE_KEY,
          WAIT,
        )
        .catch(() => {});
      assert.deepEqual(JSON.parse((await state(page)).stored).weights, {}, 'Apply saves them');
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }

    // Clearing every cell of the table: the last one asks.
    const cleared = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = cleared;
      const cells = await page.evaluate(() =>
        [...document.querySelectorAll('#weights-body input')]
          .filter((input) => input.value !== '')
          .sort(
            (a, b) =>
              (a.dataset.field === 'exponent' ? -1 : 0) - (b.dataset.field === 'exponent' ? -1 : 0),
          )
          .map(
            (input) =>
              `input[data-feature="${input.dataset.feature}"][data-field="${input.dataset.field}"]`,
          ),
      );
      const last = cells.pop();
      for (const cell of cells) await setValue(page, cell, '');
      const before = await state(page);
      assert.equal(Object.keys(before.weights).length, 1, 'one feature left before the last cell');
      await setValue(page, last, '');
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor(WAIT);
      assert.deepEqual(await state(page), before, 'nothing changes while the question waits');
      await dialog.getByRole('button', { name: 'Cancel' }).click(WAIT);
      await settle(page);
      assert.deepEqual(await state(page), before, 'Cancel changes nothing');
      const [name, value] = Object.entries(before.weights)[0];
      const weight = typeof value === 'number' ? value : value.weight;
      assert.equal(
        await page.locator(last).inputValue(),
        String(weight),
        'the table shows the AI again',
      );
      assert.ok(last.includes(name));
    } finally {
      await cleared.close();
    }
  },
);

test(
  'a weight too large to be finite is named with the text typed',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = opened;
      const before = await state(page);
      await setValue(page, '#weights-json', '{"holes": 1e400, "landing_height": -1}');
      await page.locator('#import-weights').click(WAIT);
      await settle(page);
      const imported = await page.locator('#import-error').textContent();
      assert.match(imported, /holes/);
      assert.match(imported, /1e400/);
      assert.match(imported, /too large|finite/);
      assert.doesNotMatch(imported, /null/);

      await setValue(page, weightInput('holes'), '1e400');
      const typed = await page.locator('#weights-error').textContent();
      assert.match(typed, /"holes"/);
      assert.match(typed, /"1e400"/);
      assert.match(typed, /too large/);
      assert.deepEqual(await state(page), before, 'the AI keeps its weights');
    } finally {
      await opened.close();
    }
  },
);

test(
  'a bad cell is marked, explained, and gets the AI value back on blur',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = opened;
      const holes = page.locator(weightInput('holes'));
      const weight = weightOf(await page.evaluate(() => window.tetris.game.weights()), 'holes');
      await holes.fill('abc', WAIT);
      await holes.dispatchEvent('change');
      await settle(page);
      const marked = await holes.evaluate((input) => ({
        invalid: input.getAttribute('aria-invalid'),
        message: document.getElementById(input.getAttribute('aria-describedby'))?.textContent,
      }));
      assert.equal(marked.invalid, 'true');
      assert.match(marked.message, /"holes".*"abc"/);
      await holes.blur();
      assert.equal(await holes.inputValue(), String(weight), 'the AI value comes back');
      assert.equal(await holes.getAttribute('aria-invalid'), null);

      // A stale bad cell does not stop another cell's change.
      await setValue(page, weightInput('holes'), 'abc');
      await setValue(page, weightInput('landing_height'), 50);
      await waitForAsync(
        page,
        async () => {
          const v = (await window.tetris.game.weights()).landing_height;
          return (v !== null && typeof v === 'object' ? v.weight : v) === 50;
        },
        null,
        WAIT,
      );
    } finally {
      await opened.close();
    }
  },
);

/** The weight of `name` the game plays. */
function playedWeight(page, name) {
  return page.evaluate(async (name) => {
    const value = (await window.tetris.game.weights())[name];
    return value !== null && typeof value === 'object' ? value.weight : value;
  }, name);
}

/** What the import area shows: its error, its news and any question, as visible text. */
function importMessages(page) {
  return page.evaluate(() => {
    const shown = (element) => (element && !element.hidden ? element.textContent.trim() : '');
    return {
      error: shown(document.getElementById('import-error')),
      status: shown(document.getElementById('import-status')),
      question: shown(document.querySelector('.advanced [role="alertdialog"] p')),
    };
  });
}

/** Imports JSON `text` through the box and its Import button. */
async function importText(page, text) {
  await setValue(page, '#weights-json', text);
  await page.locator('#import-weights').click(WAIT);
  await settle(page);
}

/** The element the keyboard is on, looking into the game's shadow root. */
function focusedElement(page) {
  return page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    return {
      id: element?.id ?? '',
      feature: element?.dataset?.feature ?? '',
      field: element?.dataset?.field ?? '',
      inTable: Boolean(element?.closest?.('#weights-body')),
    };
  });
}

test(
  'a refused weights import is said beside Import, not over the game',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = opened;
      await importText(page, '{"no_such_feature":1}');
      await page.locator('#import-error').waitFor({ state: 'visible', ...WAIT });
      assert.equal(
        await page.locator('#game').locator('#banner').isVisible(),
        false,
        'the refusal should not show over the game',
      );
      assert.match(
        await page.locator('#import-error').textContent(),
        /^Not imported: "no_such_feature" is not a feature the AI knows/,
      );
    } finally {
      await opened.close();
    }
  },
);

test(
  'weights import from a file by keyboard, and an import that works says so',
  { timeout: 120_000 },
  async () => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = opened;
      const nextChooser = catchFileChoosers(page);
      await page.locator('#import-weights').focus();
      await page.keyboard.press('Tab');
      assert.equal((await focusedElement(page)).id, 'import-weights-file', 'Tab reaches the file');
      await page.keyboard.press('Enter');
      const chooser = await nextChooser();
      await chooser.setFiles({
        name: 'mine.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ holes: -6.5, landing_height: -3 })),
      });
      await waitForAsync(
        page,
        async () => {
          const v = (await window.tetris.game.weights()).holes;
          return (v !== null && typeof v === 'object' ? v.weight : v) === -6.5;
        },
        null,
        WAIT,
      );
      await settle(page);
      assert.deepEqual(await importMessages(page), {
        error: '',
        status: 'Imported: the AI plays the weights of "mine.json" from its next decision.',
        question: '',
      });

      await importText(page, JSON.stringify({ holes: -2 }));
      assert.equal(await playedWeight(page, 'holes'), -2);
      assert.deepEqual(await importMessages(page), {
        error: '',
        status: 'Imported: the AI plays these weights from its next decision.',
        question: '',
      });
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test('the import area shows one current message at a time', { timeout: 120_000 }, async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
  try {
    const { page } = opened;
    await importText(page, '{"holes": ');
    const refused = await importMessages(page);
    assert.match(refused.error, /JSON/);

    // A question replaces the error.
    await importText(page, '{}');
    await page.getByRole('alertdialog').waitFor(WAIT);
    const asked = await importMessages(page);
    assert.match(asked.question, /no feature/);
    assert.equal(asked.error, '', 'the earlier error should go while the question is asked');

    // A later import that applies closes the question.
    await importText(page, JSON.stringify({ holes: -3 }));
    assert.equal(await playedWeight(page, 'holes'), -3);
    assert.deepEqual(await importMessages(page), {
      error: '',
      status: 'Imported: the AI plays these weights from its next decision.',
      question: '',
    });
    assert.equal(await page.getByRole('alertdialog').count(), 0, 'no question is left open');
  } finally {
    await opened.close();
  }
});

test('a refused import says what was expected in plain words', { timeout: 120_000 }, async () => {
  const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
  try {
    const { page } = opened;
    const cases = [
      [
        { format: 1, config: {}, history: [] },
        /^Not imported: these are not weights but a checkpoint of an evolution run: import it under "Evolve weights"\./,
      ],
      [{ version: 2 }, /^Not imported: "version" is not a feature the AI knows/],
      [
        { holes: { weight: -1, exponent: -2 } },
        /^Not imported: the exponent of "holes" must be a finite number above 0 \(or null\), got -2\./,
      ],
      [
        { holes: { weigth: -1 } },
        /^Not imported: "holes" has a field "weigth": a feature's weight/,
      ],
    ];
    for (const [weights, expected] of cases) {
      await importText(page, JSON.stringify(weights));
      const { error } = await importMessages(page);
      assert.match(error, expected, JSON.stringify(weights));
      assert.doesNotMatch(error, /`|weights\.\w|weights has/, `plain words: ${error}`);
    }
  } finally {
    await opened.close();
  }
});

test(
  'the weights table is one Tab stop, and a weight is still edited by keyboard alone',
  { timeout: 120_000 },
  async (t) => {
    const opened = await openPage(env.browser, env.server.url, { part: 'settings' });
    try {
      const { page } = opened;
      // From the top of the page to the settings' last button, as a keyboard user goes.
      const stops = [];
      for (let i = 0; i < 200; i++) {
        await page.keyboard.press('Tab');
        const at = await focusedElement(page);
        stops.push(at);
        if (at.id === LAST) break;
      }
      t.diagnostic(`${stops.length} Tab stops to ${LAST}`);
      assert.equal(stops.at(-1).id, LAST, `Tab reaches ${LAST}`);
      assert.equal(stops.filter((stop) => stop.inTable).length, 1, 'the table is one Tab stop');
      // 47 with "About this engine", the tab list, the handling fields and a button per action
      // of the Keys settings; a stop per cell of the table would add 46.
      assert.ok(
        stops.length <= 50,
        `${stops.length} Tab stops to ${LAST} (93 with a stop per cell)`,
      );

      // Into the table again, down to the holes row, a new weight typed, and out with Tab.
      await page.locator('#as-published').focus();
      await page.keyboard.press('Tab');
      assert.deepEqual(await focusedElement(page), {
        id: '',
        ...(await page.evaluate(() => {
          const first = document.querySelector('#weights-body input');
          return { feature: first.dataset.feature, field: 'weight' };
        })),
        inTable: true,
      });
      const row = await page.evaluate(() =>
        [...document.querySelectorAll('#weights-body tr')].findIndex((tr) =>
          tr.querySelector('[data-feature="holes"]'),
        ),
      );
      for (let i = 0; i < row; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      assert.deepEqual(
        await focusedElement(page),
        { id: '', feature: 'holes', field: 'exponent', inTable: true },
        'the arrows move between cells',
      );
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.type('-9.5');
      await page.keyboard.press('Tab');
      assert.equal((await focusedElement(page)).inTable, false, 'Tab leaves the table');
      await waitForAsync(
        page,
        async () => {
          const v = (await window.tetris.game.weights()).holes;
          return (v !== null && typeof v === 'object' ? v.weight : v) === -9.5;
        },
        null,
        WAIT,
      );

      // Back into the table: at the cell last used.
      await page.keyboard.press('Shift+Tab');
      assert.deepEqual(await focusedElement(page), {
        id: '',
        feature: 'holes',
        field: 'weight',
        inTable: true,
      });
      assertNoErrors(assert, opened);
    } finally {
      await opened.close();
    }
  },
);

test('a weight of 12 significant digits and the largest seed show in full', async () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const opened = await openPage(env.browser, env.server.url, { viewport, part: 'settings' });
    try {
      const { page } = opened;
      const overflow = await page.evaluate(() => {
        const weight = document.querySelector('#weights-body input[data-field="weight"]');
        const seed = document.querySelector('#seed');
        weight.value = '-0.812647192503';
        seed.value = '9007199254740991';
        const over = (input) => {
          input.closest('details')?.setAttribute('open', '');
          input.scrollIntoView();
          return input.scrollWidth - input.clientWidth;
        };
        return { weight: over(weight), seed: over(seed) };
      });
      assert.deepEqual(overflow, { weight: 0, seed: 0 }, `at ${viewport.width}×${viewport.height}`);
    } finally {
      await opened.close();
    }
  }
});
