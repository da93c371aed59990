// Starting the page: it starts whatever language the browser reports, and when it cannot start
// it says why on the page rather than staying at "loading…".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, openPage, serveAndBrowse, waitPieces } from './harness.mjs';

const env = serveAndBrowse({ isolation: false });

test('the page starts and draws its charts when the browser reports a language that is no tag', async () => {
  for (const language of ['C', '', 'en_US.UTF-8']) {
    const opened = await openPage(env.browser, env.server.url, { ready: false });
    try {
      // The page is opened again with the language set before any of its scripts run.
      await opened.page.addInitScript((language) => {
        Object.defineProperty(Navigator.prototype, 'language', { get: () => language });
      }, language);
      await opened.page.reload();
      // What the first load left unfinished when the reload stopped it is not the page's doing.
      opened.errors.length = 0;
      await opened.page.waitForFunction(() => window.tetris?.ready, null, { timeout: 60_000 });
      await opened.page.evaluate(() => window.tetris.ready.then(() => true));
      assert.equal(await opened.page.locator('#load-error').isHidden(), true);
      assert.notEqual((await opened.page.locator('#engine-kind').textContent()).trim(), 'failed');
      await waitPieces(opened.page, 3, 60_000);
      assert.ok(
        (await opened.page.locator('#game-chart .uplot').count()) > 0,
        `the statistics chart should be drawn under language ${JSON.stringify(language)}`,
      );
      assertNoErrors(assert, opened, `the page under language ${JSON.stringify(language)}`);
    } finally {
      await opened.close();
    }
  }
});

test('a page whose modules cannot load says so', async () => {
  const opened = await openPage(env.browser, env.server.url, { ready: false });
  try {
    await opened.page.route('**/js/panel.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export const = ;' }),
    );
    await opened.page.reload();
    const banner = opened.page.locator('#load-error');
    await banner.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await banner.textContent(), /^The engine could not start: .+/);
    assert.equal((await opened.page.locator('#engine-kind').textContent()).trim(), 'failed');
  } finally {
    await opened.close();
  }
});
