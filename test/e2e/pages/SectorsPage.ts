import type { Locator, Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

/** /administration/sectors (the live list) and its create and map screens. */
export class SectorsPage extends ListScreen {
  readonly createButton: Locator;
  readonly search: Locator;
  readonly country: Locator;
  readonly description: Locator;
  readonly save: Locator;
  readonly operatorPick: Locator;
  readonly mapButton: Locator;
  readonly mapped: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/administration/sectors',
      root: 'page-sectors',
      list: 'sectors-list',
      titleId: 'sectors.title',
    });
    this.createButton = page.getByTestId('sectors-create');
    this.search = page.getByTestId('sectors-search');
    this.country = page.getByTestId('sector-country');
    this.description = page.getByTestId('sector-description');
    this.save = page.getByTestId('sector-save');
    this.operatorPick = page.getByTestId('sector-operator-pick');
    this.mapButton = page.getByTestId('sector-operator-map');
    this.mapped = page.getByTestId('sector-operator-name');
  }

  /** The message under a form field (its label is the i18n label of the field). */
  fieldError(field: 'country' | 'description'): Locator {
    return this.fieldErrorFor(`sector-${field}`);
  }
}
