// The Benchmark panel as the browser tests drive it: pressing Run and waiting for its report,
// reading its table and status, and the files it exports.

import { readFile } from 'node:fs/promises';

/** How long a click or a read waits for its element. */
export const WAIT = { timeout: 10_000 };

/** Keeps every text `#bench-status` shows from now on in `window.statuses`. */
export function watchStatus() {
  window.statuses = [];
  const status = document.getElementById('bench-status');
  new MutationObserver(() => window.statuses.push(status.textContent)).observe(status, {
    childList: true,
    characterData: true,
    subtree: true,
  });
}

/** Presses Run and waits until the panel has finished: its report, or its error. */
export async function runPanel(page, timeout = 120_000) {
  await page.locator('#bench-run').click(WAIT);
  await page.waitForFunction(() => !window.tetris.benchmark.running, null, { timeout });
  return page.evaluate(() => ({
    report: window.tetris.benchmark.report,
    error: document.getElementById('bench-error').hidden
      ? ''
      : document.getElementById('bench-error').textContent,
  }));
}

/** The panel's table: its header and rows, as text. */
export function tableText(page) {
  return page.evaluate(() => ({
    head: [...document.querySelectorAll('.bench-table thead th')]
      .filter((th) => !th.hidden)
      .map((th) => th.textContent),
    rows: [...document.querySelectorAll('#bench-body tr')].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    ),
  }));
}

/** A figure as the table shows it: `digits` decimals, thousands grouped; "–" for none. */
export function shown(x, digits) {
  return x == null
    ? '–'
    : x.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Clicks `selector` and reads the file it downloads: `{name, text}`. */
export async function download(page, selector) {
  const [file] = await Promise.all([
    page.waitForEvent('download', WAIT),
    page.locator(selector).click(WAIT),
  ]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}
