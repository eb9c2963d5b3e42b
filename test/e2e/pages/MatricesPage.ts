import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

export interface ConditionValues {
  pickupCountry?: string;
  destinationCountry?: string;
  maxWeightKg?: string;
  operatorId?: string;
}

/** /administration/matrixes (the live list) and its create, edit and clone screens. */
export class MatricesPage extends ListScreen {
  readonly createButton: Locator;
  readonly search: Locator;
  readonly name: Locator;
  readonly isDefault: Locator;
  readonly rows: Locator;
  readonly addRow: Locator;
  readonly save: Locator;
  readonly cloneButton: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/administration/matrixes',
      root: 'page-matrices',
      list: 'matrices-list',
      titleId: 'matrices.title',
    });
    this.createButton = page.getByTestId('matrices-create');
    this.search = page.getByTestId('matrices-search');
    this.name = page.getByTestId('matrix-name');
    this.isDefault = page.getByTestId('matrix-isDefault');
    this.rows = page.getByTestId('condition-row');
    this.addRow = page.getByTestId('condition-add');
    this.save = page.getByTestId('matrix-save');
    this.cloneButton = page.getByTestId('matrix-clone');
  }

  /** The message under a form field by its label. */
  fieldError(labelFor: string): Locator {
    return this.fieldErrorFor(`${labelFor}`);
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
