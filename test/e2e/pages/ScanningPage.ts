/// <reference lib="dom" />
import { expect, type Locator, type Page } from '@playwright/test';
import { openPath } from '../support/navigate';
import type { Translate } from '../support/i18n';

/** A wedge scanner's gap between keys, in seconds. */
const WEDGE_KEY_GAP_S = 0.005;
/** A person's gap between keys (a fast typist), in seconds. */
const HAND_KEY_GAP_S = 0.12;

/** Speech asked of the browser (support: spySpeech). */
export interface Spoken {
  text: string;
  lang: string;
}

/**
 * Headless Chromium has speechSynthesis but no voices (the toolchain notes): the page is given one Polish voice and
 * every utterance it asks for is recorded in `window.__spoken`, so a test proves what the screen asks to say.
 */
export async function spySpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const spoken: { text: string; lang: string }[] = [];
    (window as unknown as { __spoken: typeof spoken }).__spoken = spoken;
    class RecordedUtterance {
      lang = '';
      voice: unknown = null;
      constructor(readonly text: string) {}
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      value: RecordedUtterance,
      configurable: true,
    });
    const voice = { lang: 'pl-PL', localService: true, name: 'Test polski', default: true, voiceURI: 'pl' };
    const synth = window.speechSynthesis;
    synth.getVoices = () => [voice as SpeechSynthesisVoice];
    synth.speak = (u: SpeechSynthesisUtterance) => void spoken.push({ text: u.text, lang: u.lang });
    synth.cancel = () => undefined;
  });
}

/** Operating module → Change statuses. */
export class ScanningPage {
  readonly root: Locator;
  readonly input: Locator;
  readonly banner: Locator;
  readonly bannerSector: Locator;
  readonly bannerNumber: Locator;
  readonly bannerOutcome: Locator;
  readonly waiting: Locator;
  readonly queueRows: Locator;
  readonly recentRows: Locator;
  readonly terminal: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
  ) {
    this.root = page.getByTestId('page-scanning');
    this.input = page.getByTestId('scan-input');
    this.banner = page.getByTestId('scan-banner');
    this.bannerSector = page.getByTestId('scan-banner-sector');
    this.bannerNumber = page.getByTestId('scan-banner-number');
    this.bannerOutcome = page.getByTestId('scan-banner-outcome');
    this.waiting = page.getByTestId('scan-waiting');
    this.queueRows = page.getByTestId('scan-queue-row');
    this.recentRows = page.getByTestId('scan-recent-row');
    this.terminal = page.getByTestId('scan-terminal');
  }

  async goto(): Promise<void> {
    await openPath(this.page, '/operatingModule/changeStatuses');
    await expect(this.root).toBeVisible();
  }

  /** Works at its own terminal (the recent list and the room are the test's own). */
  async useTerminal(name: string): Promise<void> {
    await this.terminal.fill(name);
    await expect(this.page.getByTestId('scan-recent-terminal')).toHaveText(name);
    await this.input.focus();
  }

  /** A toggle's switch (its label takes the click; the input is under Blueprint's indicator). */
  toggle(name: 'autoSend' | 'voice' | 'defaultStatus' | 'virtualScan' | 'carMode'): Locator {
    return this.page
      .locator('label.bp6-switch')
      .filter({ has: this.page.getByTestId(`scan-toggle-${name}`) });
  }

  /** A keyboard-wedge scanner: the whole number in one burst of keys, then Enter, into whatever has the focus. */
  async wedgeScan(value: string): Promise<void> {
    await this.keysThenEnter(value, WEDGE_KEY_GAP_S);
  }

  /** A person typing the number (120 ms a key) and pressing Enter. */
  async typeByHand(value: string): Promise<void> {
    await this.keysThenEnter(value, HAND_KEY_GAP_S);
  }

  /**
   * The keys of `value`, then Enter, each stamped `gapS` after the last. The screen tells a scanner from a person by
   * the keys' event times (libs/domain scanner-input: at most 35 ms apart on average), and CDP's dispatchKeyEvent
   * carries the time: a loaded machine delivering a scanner's keys slowly still delivers a scanner's burst, and a
   * person's 120 ms a key need not be waited out.
   */
  private async keysThenEnter(value: string, gapS: number): Promise<void> {
    const cdp = await this.page.context().newCDPSession(this.page);
    try {
      let at = Date.now() / 1000;
      for (const key of value) {
        await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, timestamp: at });
        await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp: at });
        at += gapS;
      }
      const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, timestamp: at };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: '\r', ...enter });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter });
    } finally {
      await cdp.detach();
    }
  }

  async expectBanner(cue: 'changed' | 'alreadyScanned' | 'noSector' | 'error' | 'waiting', outcome: string) {
    await expect(this.banner).toHaveAttribute('data-cue', cue);
    await expect(this.bannerOutcome).toHaveText(outcome);
  }

  /** What the screen asked the browser to say, so far. */
  spoken(): Promise<Spoken[]> {
    return this.page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken.slice());
  }

  async expectSaid(text: string): Promise<void> {
    await expect
      .poll(async () => (await this.spoken()).map((s) => `${s.text}|${s.lang}`))
      .toContain(`${text}|pl-PL`);
  }

  waitingText(count: number): string {
    return this.t('scanning.waiting', { count });
  }
}
