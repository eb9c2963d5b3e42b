/// <reference lib="dom" />
import type { Browser, BrowserContext, Disposable, Page, ViewportSize } from '@playwright/test';

/**
 * One browser context and page per Playwright worker, handed to each test in turn and put back in order between
 * them (decision 0141). A new context per test costs Chromium a new renderer process and the panel's scripts parsed
 * and compiled again on its first load, about a core-second per test here; a page that stays on the panel's origin
 * between tests keeps its renderer and compiled code, and its next load costs half. What a test may leave behind is
 * undone before the next one starts: other pages, listeners, routes, init scripts, cookies, local and session
 * storage, permissions, offline mode and the viewport. What cannot be undone (an installed clock) makes the fixture
 * start a new context for the next test. A failed test ends its worker (Playwright starts a new one), so nothing of a
 * failure reaches the next test.
 */

/** Where the page waits between tests: a same-origin document the panel never shows (its icon), so the renderer is kept. */
export const PARKED_PATH = '/favicon.ico';

/** Playwright's default viewport, for a test that sets none. */
const DEFAULT_VIEWPORT: ViewportSize = { width: 1280, height: 720 };

/**
 * The events a test may listen to (its listeners are removed after it); Playwright's own listeners (`close`, …) stay,
 * since closing a page or context waits on them.
 */
const PAGE_EVENTS = [
  'console',
  'pageerror',
  'request',
  'response',
  'requestfinished',
  'requestfailed',
  'websocket',
  'dialog',
  'download',
  'popup',
  'framenavigated',
  'frameattached',
  'framedetached',
  'load',
  'domcontentloaded',
  'filechooser',
  'worker',
] as const;
const CONTEXT_EVENTS = [
  'page',
  'console',
  'dialog',
  'request',
  'response',
  'requestfinished',
  'requestfailed',
  'weberror',
] as const;

/** Methods of `page.clock` that install a fake clock, which no call removes from the context. */
const CLOCK_METHODS = [
  'install',
  'setFixedTime',
  'setSystemTime',
  'pauseAt',
  'fastForward',
  'runFor',
] as const;

export interface ContextOptions {
  locale?: string;
  reducedMotion?: 'reduce' | 'no-preference' | null;
}

/**
 * The worker's context and its page. `renew`: the page could not be put back, a new one is made before the next test.
 * `clockUsed`: Playwright's clock belongs to the context (`page.clock` is the context's), so the context is replaced.
 */
export class SharedPage {
  private page: Page | null = null;
  private renew = false;
  private clockUsed = false;
  private readonly undo: Disposable[] = [];
  private readonly parked: string;

  private constructor(
    private current: BrowserContext,
    private readonly browser: Browser,
    private readonly options: ContextOptions & { baseURL: string },
  ) {
    this.parked = new URL(PARKED_PATH, options.baseURL).toString();
    this.trackInitScripts(current);
  }

  static async open(browser: Browser, options: ContextOptions & { baseURL: string }): Promise<SharedPage> {
    return new SharedPage(await browser.newContext(options), browser, options);
  }

  /** The context lent to the test that starts now. */
  get context(): BrowserContext {
    return this.current;
  }

  /** The page for the next test: the kept one, or a new one if the last test closed it or it could not be parked. */
  async take(viewport: ViewportSize | null | undefined): Promise<Page> {
    if (!this.page || this.page.isClosed() || this.renew) await this.park(await this.newPage(), true);
    const page = this.page as Page;
    await page.setViewportSize(viewport ?? DEFAULT_VIEWPORT);
    return page;
  }

  /**
   * Undoes what the test did to the page and the context, and leaves the page on the panel's origin with its storage
   * empty (the origin's storage belongs to the context: a page that is replaced is emptied through the new one).
   */
  async putBack(): Promise<void> {
    if (this.clockUsed) {
      // A new context has nothing of the test's: no cookies, storage, init scripts, routes or listeners.
      this.undo.length = 0;
      await this.current.close();
      this.current = await this.browser.newContext(this.options);
      this.trackInitScripts(this.current);
      this.page = null;
      this.clockUsed = false;
      await this.park(await this.newPage(), false);
      return;
    }
    for (const other of this.context.pages()) if (other !== this.page) await other.close();
    for (const d of this.undo.splice(0)) await d.dispose();
    for (const event of CONTEXT_EVENTS) this.context.removeAllListeners(event);
    await this.context.unrouteAll({ behavior: 'ignoreErrors' });
    await this.context.clearCookies();
    await this.context.clearPermissions();
    await this.context.setOffline(false);
    let page = this.page;
    if (!page || page.isClosed() || this.renew) page = await this.newPage();
    for (const event of PAGE_EVENTS) page.removeAllListeners(event);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await this.park(page, false);
  }

  /** Opens the parked address in `page` and empties the origin's local and session storage. */
  private async park(page: Page, strict: boolean): Promise<void> {
    // A screen with unsaved changes asks before it is left: the way back is always taken.
    const leave = (dialog: { accept(): Promise<void> }) => void dialog.accept().catch(() => undefined);
    page.on('dialog', leave);
    try {
      await page.goto(this.parked, { timeout: 10_000 });
      await page.evaluate(() => {
        window.localStorage.clear();
        window.sessionStorage.clear();
      });
    } catch (err) {
      if (strict) throw err;
      this.renew = true;
    } finally {
      page.off('dialog', leave);
    }
  }

  /** Replaces the page (closing the old one) with a new page whose init scripts and clock are watched. */
  private async newPage(): Promise<Page> {
    if (this.page && !this.page.isClosed()) await this.page.close();
    const page = await this.context.newPage();
    this.page = page;
    this.renew = false;
    this.trackInitScripts(page);
    this.trackClock(page);
    return page;
  }

  async close(): Promise<void> {
    await this.current.close();
  }

  /** True when `url` is where a page waits before its test opens anything (a new page, or a kept one). */
  static showsNothing(url: string): boolean {
    return url === 'about:blank' || new URL(url).pathname === PARKED_PATH;
  }

  /** Collects the init scripts a test adds, to remove them after it. */
  private trackInitScripts(target: Page | BrowserContext): void {
    const add = target.addInitScript.bind(target) as (...args: unknown[]) => Promise<Disposable>;
    (target as { addInitScript: (...args: unknown[]) => Promise<Disposable> }).addInitScript = async (
      ...args
    ) => {
      const disposable = await add(...args);
      this.undo.push(disposable);
      return disposable;
    };
  }

  /** A fake clock stays installed in the context: one that had it is replaced before the next test. */
  private trackClock(page: Page): void {
    const clock = page.clock as unknown as Record<string, (...args: unknown[]) => Promise<void>>;
    for (const method of CLOCK_METHODS) {
      const call = clock[method].bind(page.clock);
      clock[method] = (...args) => {
        this.clockUsed = true;
        return call(...args);
      };
    }
  }
}
