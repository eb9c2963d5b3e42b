/// <reference lib="dom" />
import type { Page } from '@playwright/test';

/**
 * Opens `path` in the panel. When the panel is already running in the page, its router opens the path, as a click
 * on a link would (the browser keeps the loaded panel: no second start, a fifth of the CPU of a full load); otherwise
 * (a blank page, another origin) the browser loads it. Tests of what a full load does (serving, deep links, a
 * reload) call `page.goto` or `page.reload` themselves.
 */
export async function openPath(page: Page, path: string): Promise<void> {
  const running = await page
    .evaluate(
      () =>
        location.protocol.startsWith('http') && (document.getElementById('root')?.childElementCount ?? 0) > 0,
    )
    .catch(() => false);
  if (!running) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
