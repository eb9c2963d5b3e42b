import type { Locator, Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

/** /administration/operators (the live list) and its create and edit screens. */
export class OperatorsPage extends ListScreen {
  readonly createButton: Locator;
  readonly search: Locator;
  readonly form: Locator;
  readonly save: Locator;
  readonly type: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/administration/operators',
      root: 'page-operators',
      list: 'operators-list',
      titleId: 'operators.title',
    });
    this.createButton = page.getByTestId('operators-create');
    this.search = page.getByTestId('operators-search');
    this.form = page.getByTestId('operator-form');
    this.save = page.getByTestId('operator-save');
    this.type = page.getByTestId('operator-operatorType');
  }

  /** A field of the form by its path: `operatorName`, `exchangeRateEUR`, `config-clientSecret`… */
  input(path: string): Locator {
    return this.page.getByTestId(`operator-${path}`);
  }

  /** The message under a field (its FormGroup's helper text). */
  fieldError(path: string): Locator {
    return this.fieldErrorFor(`operator-${path}`);
  }

  /** "Set ••••1234" of a stored secret config field. */
  secretState(key: string): Locator {
    return this.page.getByTestId(`operator-config-${key}-state`);
  }
}
