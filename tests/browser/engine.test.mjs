// With the cross-origin isolation headers the page runs the threaded build; served without them
// it falls back to the simd build and says why in a note, which like the build's name shows only
// in "About this engine", out of the way until asked for.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, assertNoErrors } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function engineOf(isolation) {
  const server = await startServer({ isolation });
  try {
    const opened = await openPage(browser, server.url);
    try {
      const { page } = opened;
      await page.waitForFunction(() => window.tetris?.kind);
      const note = page.locator('#engine-note');
      const closed = {
        kind: await page.locator('#engine-kind').isVisible(),
        note: await note.isVisible(),
      };
      await page.locator('#about summary').click({ timeout: 10_000 });
      const shown = (await page.locator('#engine-kind').textContent({ timeout: 10_000 })).trim();
      const noted = {
        closed,
        visible: await note.isVisible(),
        text: ((await note.textContent({ timeout: 10_000 })) || '').trim(),
      };
      const facts = await page.evaluate(() => ({
        isolated: window.crossOriginIsolated,
        shared: typeof SharedArrayBuffer === 'function',
        kind: window.tetris.kind,
      }));
      assertNoErrors(assert, opened);
      return { shown, note: noted, ...facts };
    } finally {
      await opened.close();
    }
  } finally {
    await server.stop();
  }
}

test(
  'with the isolation headers the page runs the threaded build',
  { timeout: 120_000 },
  async () => {
    const engine = await engineOf(true);
    assert.equal(engine.isolated, true, 'crossOriginIsolated should be true with COOP/COEP');
    assert.equal(engine.shown, 'threaded', '#engine-kind');
    assert.equal(engine.kind, 'threaded', 'window.tetris.kind');
    assert.equal(
      engine.note.visible,
      false,
      `#engine-note should stay hidden on the threaded build (it says ${JSON.stringify(engine.note.text)})`,
    );
  },
);

test(
  'without the isolation headers the page runs the simd build',
  { timeout: 120_000 },
  async () => {
    const engine = await engineOf(false);
    assert.equal(engine.isolated, false, 'crossOriginIsolated should be false without COOP/COEP');
    assert.equal(engine.shown, 'simd', '#engine-kind');
    assert.equal(engine.kind, 'simd', 'window.tetris.kind');
    assert.equal(engine.note.visible, true, '#engine-note should say why the simd build runs');
    assert.deepEqual(engine.note.closed, { kind: false, note: false }, 'until About is opened');
    assert.match(
      engine.note.text,
      /isolat/i,
      '#engine-note should name the missing cross-origin isolation',
    );
  },
);
