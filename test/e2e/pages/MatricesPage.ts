import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';

export interface ConditionValues {
  pickupCountry?: string;
  destinationCountry?: string;
  maxWeightKg?: string;
  operatorId?: string;
}

/** /administration/matrixes (the live list) and its create, edit and clone screens. */
export class MatricesPage {
  readonly root: Locator;
  readonly list: Locator;
  readonly createButton: Locator;
  readonly search: Locator;
  readonly count: Locator;
  readonly name: Locator;
  readonly isDefault: Locator;
  readonly rows: Locator;
  readonly addRow: Locator;
  readonly save: Locator;
  readonly cloneButton: Locator;
  private readonly body: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
    private readonly lang: Lang,
  ) {
    this.root = page.getByTestId('page-matrices');
    this.list = page.getByTestId('matrices-list');
    this.createButton = page.getByTestId('matrices-create');
    this.search = page.getByTestId('matrices-search');
    this.count = page.getByTestId('list-count');
    this.name = page.getByTestId('matrix-name');
    this.isDefault = page.getByTestId('matrix-isDefault');
    this.rows = page.getByTestId('condition-row');
    this.addRow = page.getByTestId('condition-add');
    this.save = page.getByTestId('matrix-save');
    this.cloneButton = page.getByTestId('matrix-clone');
    this.body = this.list.locator('.bp6-table-quadrant-main');
  }

  async goto(): Promise<void> {
    await this.page.goto('/administration/matrixes');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/administration\/matrixes$/);
    await expect(this.root.getByRole('heading', { name: this.t('matrices.title') })).toBeVisible();
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

  /** The message under a form field by its label. */
  fieldError(labelFor: string): Locator {
    return this.page
      .locator('.bp6-form-group')
      .filter({ has: this.page.locator(`label[for="${labelFor}"]`) })
      .locator('.bp6-form-helper-text');
  }

  /** The messages of one condition row, in cell order. */
  rowErrors(index: number): Locator {
    return this.rows.nth(index).getByTestId('condition-error');
  }

  async fillRow(index: number, values: ConditionValues): Promise<void> {
    const row = this.rows.nth(index);
    if (values.pickupCountry !== undefined)
      await row.getByTestId('condition-pickupCountry').selectOption(values.pickupCountry);
    if (values.destinationCountry !== undefined)
      await row.getByTestId('condition-destinationCountry').selectOption(values.destinationCountry);
    if (values.maxWeightKg !== undefined)
      await row.getByTestId('condition-maxWeightKg').fill(values.maxWeightKg);
    if (values.operatorId !== undefined)
      await row.getByTestId('condition-operatorId').selectOption(values.operatorId);
  }

  /** What a condition row shows: pickup, destination, max weight, operator (select values). */
  async expectRow(index: number, values: Required<ConditionValues>): Promise<void> {
    const row = this.rows.nth(index);
    await expect(row.getByTestId('condition-pickupCountry')).toHaveValue(values.pickupCountry);
    await expect(row.getByTestId('condition-destinationCountry')).toHaveValue(values.destinationCountry);
    await expect(row.getByTestId('condition-maxWeightKg')).toHaveValue(values.maxWeightKg);
    await expect(row.getByTestId('condition-operatorId')).toHaveValue(values.operatorId);
  }
}
