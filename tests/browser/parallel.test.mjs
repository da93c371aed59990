// Issue test 3: toggling "Parallelize AI" keeps the AI playing, in both directions, on the
// threaded build (guideline rules at depth 2, where the lookahead runs on the pool).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndBrowse, openPage, setValue, playFast, newGame, waitPieces, readNumber, assertNoErrors } from './harness.mjs';

// Pieces the AI must place after each toggle.
const MORE = 20;

const env = serveAndBrowse({ isolation: true });

test('toggling Parallelize AI keeps the AI playing', { timeout: 300_000 }, async (t) => {
    const opened = await openPage(env.browser, env.server.url);
    try {
        const { page } = opened;
        assert.equal((await page.locator('#engine-kind').textContent()).trim(), 'threaded');
        await setValue(page, '#rules', 'guideline');
        try {
            await setValue(page, '#depth', 2);
        } catch (error) {
            t.diagnostic(`depth 2 not available, playing at the default depth: ${error.message}`);
        }
        await newGame(page);
        await playFast(page);
        await waitPieces(page, 5, 60_000);

        const parallel = page.locator('#parallel');
        assert.equal(await parallel.isEnabled(), true, '#parallel should be enabled on the threaded build');
        const initially = await parallel.isChecked();
        // The game's opening, to tell that the toggles keep this game rather than start another.
        const opening = await page.evaluate(() => window.tetris.placements.slice(0, 5));
        assert.equal(opening.length, 5);
        // Off -> on and on -> off, whatever the page starts with, then once more.
        for (const checked of [!initially, initially, !initially]) {
            await parallel.setChecked(checked, { timeout: 10_000 });
            assert.equal(await parallel.isChecked(), checked);
            const from = await readNumber(page, '#stat-pieces');
            const started = Date.now();
            const reached = await waitPieces(page, from + MORE, 120_000);
            t.diagnostic(
                `parallel ${checked ? 'on' : 'off'}: ${from} -> ${reached} pieces in ${Date.now() - started} ms`,
            );
            const now = await page.evaluate(() => ({
                stats: window.tetris.game.stats(),
                opening: window.tetris.placements.slice(0, 5),
            }));
            assert.equal(now.stats.game_over, false, 'the game should still be running');
            assert.ok(now.stats.pieces >= reached, `stats().pieces ${now.stats.pieces} fell below ${reached}`);
            assert.deepEqual(now.opening, opening, 'toggling should keep the same game going');
        }
        assertNoErrors(assert, opened);
    } finally {
        await opened.close();
    }
});
