import { uniqueTag } from './support/api';
import { expect, test } from './support/fixtures';
import { MatricesApi } from './support/matrices';
import { SectorsApi } from './support/sectors';
import { SectorsPage } from './pages/SectorsPage';

test.describe('sectors administration', () => {
  test('an admin creates a sector and maps a carrier; a warehouse colleague sees it arrive in the list live; a carrier of another sector of the country is refused @pl', async ({
    api,
    request,
    screens,
    openBrowser,
    t,
    lang,
  }) => {
    const tag = uniqueTag('Sec');
    const carriers = new MatricesApi(request, api);
    const carrier = await carriers.createOperator(`E2E Carrier ${tag}`);
    const held = await carriers.createOperator(`E2E Held ${tag}`);
    const other = await new SectorsApi(request, api).create('DE', `E2E Other ${tag}`);
    await new SectorsApi(request, api).map(other.id, held.id);
    const [admin, warehouse] = await Promise.all([
      api.createUser({ role: 'admin' }),
      api.createUser({ role: 'magazyn' }),
    ]);
    const description = `E2E Berlin ${tag}`;

    // The warehouse watches the sectors list, narrowed to this test's new sector (none yet).
    const b = await openBrowser();
    const watcher = new SectorsPage(b.page, t, lang);
    await b.signIn.signIn(warehouse);
    await expect(b.page.getByTestId('nav-/administration/sectors')).toHaveText(t('menu.sectorsList'));
    await watcher.goto();
    await expect(watcher.createButton).toHaveCount(0);
    await watcher.search.fill(`E2E Berlin ${tag}`);
    await expect(b.page.getByText(t('list.noItems'))).toBeVisible();
    await b.shell.expectLive();

    // The admin creates it: both required messages first, in the panel's language.
    const { page, signIn, shell } = screens;
    const ui = new SectorsPage(page, t, lang);
    await signIn.startSession(admin);
    await ui.goto();
    await ui.createButton.click();
    await expect(page.getByTestId('page-sector-create')).toBeVisible();
    await ui.save.click();
    await expect(ui.fieldError('country')).toHaveText(t('validation.countryRequired'));
    await expect(ui.fieldError('description')).toHaveText(t('validation.sectorDescriptionRequired'));
    await ui.country.selectOption('DE');
    await ui.description.fill(description);
    await ui.save.click();
    await expect(shell.toast('success', t('sectors.created'))).toBeVisible();
    await expect(page.getByTestId('page-sector-map')).toBeVisible();
    await expect(page.getByTestId('sector-no-operators')).toHaveText(t('sectors.noOperators'));

    // The new sector is in the colleague's list at once, without carriers.
    await watcher.expectCount(1, 1);
    await expect(watcher.cells('sectorDescription')).toHaveText([description]);
    await expect(watcher.cells('sectorCountry')).toHaveText([lang === 'pl' ? 'DE – Niemcy' : 'DE – Germany']);
    await expect(watcher.cells('operators')).toHaveText(['']);

    // Mapping a carrier: the map screen lists it, and so does the colleague's list.
    await ui.operatorPick.selectOption(carrier.id);
    await ui.mapButton.click();
    await expect(
      shell.toast('success', t('sectors.mapped', { operator: carrier.operatorName })),
    ).toBeVisible();
    await expect(ui.mapped).toHaveText([carrier.operatorName]);
    await expect(watcher.cells('operators')).toHaveText([carrier.operatorName]);

    // A carrier that another German sector holds is refused, naming that sector; nothing changes.
    await ui.operatorPick.selectOption(held.id);
    await ui.mapButton.click();
    await expect(
      shell.toast(
        'error',
        t('sectors.inOtherSector', { operator: held.operatorName, sector: other.sectorDescription }),
      ),
    ).toBeVisible();
    await expect(ui.mapped).toHaveText([carrier.operatorName]);
    await expect(watcher.cells('operators')).toHaveText([carrier.operatorName]);
  });
});
