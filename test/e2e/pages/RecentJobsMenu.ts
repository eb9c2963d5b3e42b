import { expect, type Locator, type Page } from '@playwright/test';
import type { Translate } from '../support/i18n';

/** The top bar's Recent jobs menu (decision 0121): the signed-in user's label and export jobs, live. */
export class RecentJobsMenu {
  readonly button: Locator;
  readonly list: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
  ) {
    this.button = page.getByTestId('recent-jobs');
    this.list = page.getByTestId('recent-jobs-list');
  }

  /** Opens the menu from the keyboard: the button takes the focus, Enter opens it. */
  async openByKeyboard(): Promise<void> {
    await this.button.focus();
    await this.page.keyboard.press('Enter');
    await expect(this.list).toBeVisible();
    await expect(this.list).toContainText(this.t('jobs.recent.title'));
  }

  /** The entry of one job, by the state it shows. */
  entry(state: 'queued' | 'running' | 'finished' | 'failed'): Locator {
    return this.list.locator(`li[data-state="${state}"]`);
  }
}
