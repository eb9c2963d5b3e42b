/// <reference lib="dom" />
import { source as AXE_SOURCE, type AxeResults, type RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA, and axe's best practices (one h1 per page, no skipped heading levels, content in landmarks). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe's findings on the page as it is. axe is loaded into the page once (the walk opens the screens through the
 * panel's router, so it stays loaded) and asked for violations only: the passes' details are not carried back.
 */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  return page.evaluate(async (o) => {
    // Colours as they end, not as a transition starts: under "reduce motion" every transition lasts 1 ms (decision
    // 0118), but in its first frame a button just enabled still reports its disabled grey (seen once: axe found
    // "contrast 2.41" on three buttons of a consolidation that had just stopped being busy).
    // An endless one (a spinner where motion is not reduced) is left alone.
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    return (
      await (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        o,
      )
    ).violations;
  }, options);
}
