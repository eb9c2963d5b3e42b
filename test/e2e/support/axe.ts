/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { source as AXE_SOURCE, type AxeResults, type RunOptions } from 'axe-core';

/** WCAG 2.1 A and AA, and axe's best practices (one h1 per page, no skipped heading levels, content in landmarks). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe's findings on the page as it is. axe is loaded into the page once (the walk opens the screens through the
 * panel's router, so it stays loaded) and asked for violations only: the passes' details are not carried back.
 */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  return page.evaluate(
    async (o) =>
      (
        await (
          window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }
        ).axe.run(document, o)
      ).violations,
    options,
  );
}
