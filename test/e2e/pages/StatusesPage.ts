import type { Locator, Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

/** /administration/statuses (the live status map list), its create screen and the status map screen. */
export class StatusesPage extends ListScreen {
  readonly createButton: Locator;
  readonly search: Locator;
  readonly filterStatus: Locator;
  readonly operatorType: Locator;
  readonly code: Locator;
  readonly description: Locator;
  readonly dbName: Locator;
  readonly terminal: Locator;
  readonly save: Locator;
  /** The status map screen. */
  readonly mapType: Locator;
  readonly mapImport: Locator;
  readonly mapSave: Locator;
  readonly mapUnmappedOnly: Locator;
  /** The edit dialog. */
  readonly editStatus: Locator;
  readonly editSave: Locator;
  readonly editRemove: Locator;
  readonly editImpact: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/administration/statuses',
      root: 'page-statuses',
      list: 'statuses-list',
      titleId: 'statuses.title',
    });
    this.createButton = page.getByTestId('statuses-create');
    this.search = page.getByTestId('statuses-search');
    this.filterStatus = page.getByTestId('statuses-filter-status');
    this.operatorType = page.getByTestId('status-operator-type');
    this.code = page.getByTestId('status-code');
    this.description = page.getByTestId('status-description');
    this.dbName = page.getByTestId('status-db-name');
    this.terminal = page.getByTestId('status-terminal');
    this.save = page.getByTestId('status-save');
    this.mapType = page.getByTestId('status-map-type');
    this.mapImport = page.getByTestId('status-map-import');
    this.mapSave = page.getByTestId('status-map-save');
    // The switch's label takes the click (its input is under Blueprint's indicator).
    this.mapUnmappedOnly = page
      .locator('label.bp6-switch')
      .filter({ has: page.getByTestId('status-map-unmapped-only') });
    this.editStatus = page.getByTestId('status-edit-db-name');
    this.editSave = page.getByTestId('status-edit-save');
    this.editRemove = page.getByTestId('status-remove');
    this.editImpact = page.getByTestId('status-edit-impact');
  }

  /** The message under a create form field. */
  fieldError(field: 'operator-type' | 'code' | 'description' | 'db-name'): Locator {
    return this.fieldErrorFor(`status-${field}`);
  }

  /** A row of the status map screen's table, by its code. */
  mapRow(code: string): Locator {
    return this.page.locator(`[data-testid="status-map-row"][data-code="${code}"]`);
  }
}
