import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';

/** /administration/operators (the live list) and its create and edit screens. */
export class OperatorsPage {
  readonly root: Locator;
  readonly list: Locator;
  readonly createButton: Locator;
  readonly search: Locator;
  readonly count: Locator;
  readonly form: Locator;
  readonly save: Locator;
  readonly type: Locator;
  private readonly body: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
    private readonly lang: Lang,
  ) {
    this.root = page.getByTestId('page-operators');
    this.list = page.getByTestId('operators-list');
    this.createButton = page.getByTestId('operators-create');
    this.search = page.getByTestId('operators-search');
    this.count = page.getByTestId('list-count');
    this.form = page.getByTestId('operator-form');
    this.save = page.getByTestId('operator-save');
    this.type = page.getByTestId('operator-operatorType');
    this.body = this.list.locator('.bp6-table-quadrant-main');
  }

  async goto(): Promise<void> {
    await this.page.goto('/administration/operators');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/administration\/operators$/);
    await expect(this.root.getByRole('heading', { name: this.t('operators.title') })).toBeVisible();
    await expect(this.count).toBeVisible();
  }

  async expectCount(loaded: number, total: number): Promise<void> {
    const n = new Intl.NumberFormat(this.lang);
    await expect(this.count).toHaveText(
      this.t('list.count', { loaded: n.format(loaded), total: n.format(total) }),
    );
  }

  cells(column: string): Locator {
    return this.body.getByTestId(`cell-${column}`);
  }

  /** A field of the form by its path: `operatorName`, `exchangeRateEUR`, `config-clientSecret`… */
  input(path: string): Locator {
    return this.page.getByTestId(`operator-${path}`);
  }

  /** The message under a field (its FormGroup's helper text). */
  fieldError(path: string): Locator {
    return this.page
      .locator('.bp6-form-group')
      .filter({ has: this.page.locator(`label[for="operator-${path}"]`) })
      .locator('.bp6-form-helper-text');
  }

  /** "Set ••••1234" of a stored secret config field. */
  secretState(key: string): Locator {
    return this.page.getByTestId(`operator-config-${key}-state`);
  }
}
