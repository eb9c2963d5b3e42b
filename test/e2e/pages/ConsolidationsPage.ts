import type { Locator, Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

/** /operatingModule/consolidation/list (the live list) and its create and details screens. */
export class ConsolidationsPage extends ListScreen {
  readonly createButton: Locator;
  readonly search: Locator;
  readonly type: Locator;
  readonly driver: Locator;
  readonly registrationNumber: Locator;
  readonly save: Locator;
  readonly details: Locator;
  readonly barcode: Locator;
  readonly addNumber: Locator;
  readonly addButton: Locator;
  readonly failure: Locator;
  readonly parcelNumbers: Locator;
  readonly print: Locator;
  readonly block: Locator;
  readonly locked: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/operatingModule/consolidation/list',
      root: 'page-consolidations',
      list: 'consolidations-list',
      titleId: 'consolidations.title',
    });
    this.createButton = page.getByTestId('consolidations-create');
    this.search = page.getByTestId('consolidations-search');
    this.type = page.getByTestId('consolidation-type');
    this.driver = page.getByTestId('consolidation-driver');
    this.registrationNumber = page.getByTestId('consolidation-registrationNumber');
    this.save = page.getByTestId('consolidation-save');
    this.details = page.getByTestId('page-consolidation-details');
    this.barcode = page.getByTestId('consolidation-barcode');
    this.addNumber = page.getByTestId('consolidation-add-number');
    this.addButton = page.getByTestId('consolidation-add');
    this.failure = page.getByTestId('consolidation-failure');
    this.parcelNumbers = page.getByTestId('consolidation-parcel-number');
    this.print = page.getByTestId('consolidation-print');
    this.block = page.getByTestId('consolidation-block');
    this.locked = page.getByTestId('consolidation-locked');
  }

  fieldError(field: 'driver' | 'registrationNumber'): Locator {
    return this.fieldErrorFor(`consolidation-${field}`);
  }

  /** Types a number into the add box as a keyboard-wedge scanner does (a burst, then Enter). */
  async scan(number: string): Promise<void> {
    await this.addNumber.fill(number);
    await this.addNumber.press('Enter');
  }
}
