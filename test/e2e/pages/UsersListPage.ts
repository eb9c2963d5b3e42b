import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { openPath } from '../support/navigate';

export type UserColumn =
  'lastName' | 'firstName' | 'email' | 'role' | 'client' | 'lang' | 'active' | 'createdAt';

/**
 * /administration/users: the dense live list. Blueprint's table renders the header twice (the top quadrant
 * covers the scrolling one), so headers are taken from the top quadrant and cells from the main one. Rows are
 * virtualised: counts are read from the footer, not by counting cells.
 */
export class UsersListPage {
  readonly root: Locator;
  readonly list: Locator;
  readonly createButton: Locator;
  readonly search: Locator;
  readonly roleFilter: Locator;
  readonly activeFilter: Locator;
  readonly count: Locator;
  readonly more: Locator;
  readonly loadAll: Locator;
  readonly allLoaded: Locator;
  readonly noItems: Locator;
  readonly loadAllDialog: Locator;
  private readonly header: Locator;
  private readonly body: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
    private readonly lang: Lang,
  ) {
    this.root = page.getByTestId('page-users');
    this.list = page.getByTestId('users-list');
    this.createButton = page.getByTestId('users-create');
    this.search = page.getByTestId('users-search');
    this.roleFilter = page.getByTestId('users-filter-role');
    this.activeFilter = page.getByTestId('users-filter-active');
    this.count = page.getByTestId('list-count');
    this.more = page.getByTestId('list-more');
    this.loadAll = page.getByTestId('list-load-all');
    this.allLoaded = page.getByTestId('list-all-loaded');
    this.noItems = page.getByTestId('list-no-items');
    this.loadAllDialog = page.locator('.bp6-alert');
    this.header = this.list.locator('.bp6-table-quadrant-top');
    this.body = this.list.locator('.bp6-table-quadrant-main');
  }

  async goto(): Promise<void> {
    await openPath(this.page, '/administration/users');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/administration\/users$/);
    await expect(this.root.getByRole('heading', { name: this.t('users.title') })).toBeVisible();
    await expect(this.count).toBeVisible();
  }

  /** Types into the search box (the list reloads after a short debounce). */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }

  /** The footer's "<loaded> of <total>", numbers formatted as the panel formats them. */
  countText(loaded: number, total: number): string {
    const n = new Intl.NumberFormat(this.lang);
    return this.t('list.count', { loaded: n.format(loaded), total: n.format(total) });
  }

  async expectCount(loaded: number, total: number): Promise<void> {
    await expect(this.count).toHaveText(this.countText(loaded, total));
  }

  sortButton(column: UserColumn): Locator {
    return this.header.getByTestId(`sort-${column}`);
  }

  async sortBy(column: UserColumn, direction: 'ascending' | 'descending'): Promise<void> {
    const button = this.sortButton(column);
    const wanted = direction === 'ascending' ? 'asc' : 'desc';
    // A header cycles: unsorted → ascending ⇄ descending. Each click waits for the state it gives (reading the
    // attribute right after a click can see the state before it: the list re-renders after the click).
    const current = await button.getAttribute('data-sort');
    if (current === wanted) return this.expectSortedBy(button, direction);
    if (current !== 'asc') {
      await button.click();
      await expect(button).toHaveAttribute('data-sort', 'asc');
    }
    if (wanted === 'desc') await button.click();
    await this.expectSortedBy(button, direction);
  }

  private async expectSortedBy(button: Locator, direction: 'ascending' | 'descending'): Promise<void> {
    await expect(button).toHaveAttribute('data-sort', direction === 'ascending' ? 'asc' : 'desc');
    // What a screen reader hears: the column's name and how the list is sorted by it.
    await expect(button).toHaveAccessibleName(
      new RegExp(this.t(`list.sorted${direction === 'ascending' ? 'Ascending' : 'Descending'}`)),
    );
  }

  /** The cells of one column, in row order (the rendered rows only). */
  cells(column: UserColumn): Locator {
    return this.body.getByTestId(`cell-${column}`);
  }

  /** The cell of `column` showing exactly `text`. */
  cell(column: UserColumn, text: string): Locator {
    return this.cells(column).filter({ hasText: exactly(text) });
  }

  /**
   * Blueprint's table cell around that cell's content: it carries the row's classes (e.g. depot-row-flash).
   * (The inner locator of `has` is relative to the outer one, hence page.getByTestId.)
   */
  tableCell(column: UserColumn, text: string): Locator {
    return this.body
      .locator('.bp6-table-cell')
      .filter({ has: this.page.getByTestId(`cell-${column}`).filter({ hasText: exactly(text) }) });
  }

  /** Opens a row the way a person does: double click. */
  async open(column: UserColumn, text: string): Promise<void> {
    await this.cell(column, text).dblclick();
    await expect(this.page).toHaveURL(/\/administration\/users\/edit\/[0-9a-f-]{36}$/);
  }
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
