import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { Translate } from '../support/i18n';
import { openPath } from '../support/navigate';

type Side = 'pickupAddress' | 'destinationAddress';

/** /orders/create and /orders/edit/:id: the parcel form, its details beside it, and the dots menu. */
export class ParcelFormPage {
  readonly form: Locator;
  readonly save: Locator;
  readonly ordersBlocked: Locator;
  readonly carrier: Locator;
  readonly routeResult: Locator;
  readonly history: Locator;
  readonly title: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
  ) {
    this.form = page.getByTestId('parcel-form');
    this.save = page.getByTestId('parcel-save');
    this.ordersBlocked = page.getByTestId('orders-blocked');
    this.carrier = page.getByTestId('parcel-carrier');
    this.routeResult = page.getByTestId('route-result');
    this.history = page.getByTestId('parcel-history-row');
    this.title = page.getByTestId('parcel-title');
  }

  async gotoCreate(): Promise<void> {
    await openPath(this.page, '/orders/create');
    await expect(this.page.getByTestId('page-parcel-create')).toBeVisible();
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(this.t('parcelForm.createTitle'));
  }

  field(name: string): Locator {
    return this.page.getByTestId(`parcel-${name}`);
  }

  address(side: Side, key: string): Locator {
    return this.page.getByTestId(`parcel-${side}-${key}`);
  }

  /** The message under a field, by the schema's path (`weightKg`, `destinationAddress.city`, `clientId`). */
  message(path: string): Locator {
    const [side, key] = path.split('.');
    const input = key
      ? this.address(side as Side, key)
      : this.page.getByTestId(`parcel-${path === 'clientId' ? 'client' : path}`);
    return this.page.locator('.bp6-form-group').filter({ has: input }).locator('.bp6-form-helper-text');
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.field(name).fill(value);
  }

  async fillAddress(side: Side, values: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      if (key === 'country') await this.address(side, key).selectOption(value);
      else await this.address(side, key).fill(value);
    }
  }

  async pickClient(name: string): Promise<void> {
    await this.page.getByTestId('parcel-client').fill(name);
    // The options settle on the search's answer first: a click while the unfiltered list is being replaced could land
    // on another client's row drawn where this one was.
    const options = this.page.getByTestId('client-option');
    await expect(options).toHaveCount(1);
    await options.filter({ hasText: name }).click();
  }

  async openMenu(): Promise<void> {
    // A menu item's click closes the menu; until it has gone, a click on the dots button would act on the closing
    // menu (seen once: the clone after the label clicked nothing), so the next opening waits for it to go.
    await expect(this.page.getByTestId('parcel-menu')).toBeHidden();
    await this.page.getByTestId('parcel-menu-open').click();
    await expect(this.page.getByTestId('parcel-menu')).toBeVisible();
  }

  async getLabel(): Promise<Download> {
    await this.openMenu();
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('parcel-menu-label').click();
    return download;
  }

  async clone(kind: 'parcel' | 'order'): Promise<void> {
    await this.openMenu();
    await this.page.getByTestId(`parcel-menu-clone-${kind}`).click();
    await expect(this.page.getByTestId('page-parcel-create')).toBeVisible();
  }
}
