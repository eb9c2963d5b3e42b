import { MESSAGES } from '@depot/contracts';
import { uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { GroupsApi } from './support/client-groups';
import { expect, test } from './support/fixtures';
import { ClientGroupsPage } from './pages/ClientGroupsPage';
import { openPath } from './support/navigate';

/** How the group screens name a client in notices. */
const label = (c: { companyName: string; shortName: string | null }) => `${c.companyName} (${c.shortName})`;

test.describe('client groups administration', () => {
  test('an FV group is built from eligible clients only; a client in an AREA group is not offered and is refused @pl', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const groups = new GroupsApi(request, api);
    const prefix = uniqueTag('Grp');
    const free = await createClient(request, api, { companyName: `${prefix} Alfa` });
    const inArea = await createClient(request, api, { companyName: `${prefix} Beta` });
    const later = await createClient(request, api, { companyName: `${prefix} Gamma` });
    const area = await groups.create('AREA', [inArea.id], `E2E Area ${prefix}`);
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, shell } = screens;
    const ui = new ClientGroupsPage(page, t, lang);

    await signIn.signIn(admin);
    await expect(page.getByTestId('nav-/administration/clientsGroups')).toHaveText(t('menu.clientGroups'));
    await ui.goto();
    await ui.createButton.click();
    await expect(page.getByTestId('page-client-group-create')).toBeVisible();

    // Both required messages, in the panel's language.
    await ui.save.click();
    await expect(ui.fieldError('name')).toHaveText(t('validation.clientsGroupNameRequired'));
    await expect(ui.fieldError('type')).toHaveText(t('validation.typeRequired'));
    await expect(page.getByText(t('clientGroups.pickTypeFirst'))).toBeVisible();

    const name = `E2E FV ${prefix}`;
    await ui.name.fill(name);
    await ui.type.selectOption('FV');
    // The client held by the AREA group is not offered.
    await ui.searchClients(prefix, [free.companyName, later.companyName]);
    await ui.pick(free.companyName);
    await expect(ui.members).toHaveText([free.companyName]);
    // Picking it again is an info, not a second row.
    await ui.searchClients(prefix, [free.companyName, later.companyName]);
    await ui.pick(free.companyName);
    await expect(
      shell.toast('info', t('clientGroups.alreadyInGroup', { client: label(free) })),
    ).toBeVisible();
    await expect(ui.members).toHaveText([free.companyName]);

    await ui.save.click();
    await expect(shell.toast('success', t('clientGroups.created'))).toBeVisible();
    await ui.expectShown();
    await ui.search.fill(name);
    await ui.expectCount(1, 1);
    await expect(ui.cells('name')).toHaveText([name]);
    await expect(ui.cells('type')).toHaveText([t('clientGroups.type.FV')]);
    await expect(ui.cells('clientsCount')).toHaveText(['1']);

    // Forcing the AREA group's client in through the API (bypassing the picker) is refused, naming that group.
    const forced = await groups.tryCreate({ name: `E2E Forced ${prefix}`, type: 'FV', clients: [inArea.id] });
    expect(forced.status()).toBe(409);
    expect((await forced.json()).message).toBe(MESSAGES.clientInOtherGroup(inArea.companyName, area.name));

    // The screen says the same when the offer is stale: Gamma joins the AREA group after the picker showed it.
    await ui.cells('name').first().dblclick();
    await expect(page.getByTestId('page-client-group-edit')).toBeVisible();
    await ui.searchClients(prefix, [free.companyName, later.companyName]);
    expect((await groups.update(area.id, { addClients: [later.id] })).status()).toBe(200);
    await ui.pick(later.companyName);
    await expect(
      shell.toast('error', t('clientGroups.inOtherGroup', { client: label(later), name: area.name })),
    ).toBeVisible();
    await expect(ui.members).toHaveText([free.companyName]);
  });

  test('a rename to a name another group holds shows the error; adding a member again gives the info @en', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const groups = new GroupsApi(request, api);
    const prefix = uniqueTag('Ren');
    const member = await createClient(request, api, { companyName: `${prefix} Member` });
    const fresh = await createClient(request, api, { companyName: `${prefix} Fresh` });
    const other = await groups.create('FV', [], `E2E Taken ${prefix}`);
    const group = await groups.create('AREA', [member.id], `E2E Mine ${prefix}`);
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, shell } = screens;
    const ui = new ClientGroupsPage(page, t, lang);

    await signIn.startSession(admin);
    await openPath(page, `/administration/clientsGroups/edit/${group.id}`);
    await expect(ui.name).toHaveValue(group.name);
    await expect(ui.members).toHaveText([member.companyName]);

    await ui.name.fill(other.name.toUpperCase());
    await ui.save.click();
    await expect(ui.fieldError('name')).toHaveText(t('server.clientGroupNameTaken'));
    await expect(page).toHaveURL(/\/edit\//);

    // The group's own member is still offered; adding it again is an info and changes nothing.
    await ui.searchClients(prefix, [fresh.companyName, member.companyName]);
    await ui.pick(member.companyName);
    await expect(
      shell.toast('info', t('clientGroups.alreadyInGroup', { client: label(member) })),
    ).toBeVisible();
    await expect(ui.members).toHaveText([member.companyName]);

    await ui.searchClients(prefix, [fresh.companyName, member.companyName]);
    await ui.pick(fresh.companyName);
    await expect(
      shell.toast('success', t('clientGroups.clientAdded', { client: label(fresh) })),
    ).toBeVisible();
    await expect(ui.members).toHaveText([fresh.companyName, member.companyName]);

    await page
      .getByTestId('group-member')
      .filter({ hasText: member.companyName })
      .getByTestId('group-member-remove')
      .click();
    await expect(
      shell.toast('success', t('clientGroups.clientRemoved', { client: label(member) })),
    ).toBeVisible();
    await expect(ui.members).toHaveText([fresh.companyName]);

    const renamed = `E2E Renamed ${prefix}`;
    await ui.name.fill(renamed);
    await ui.save.click();
    await expect(shell.toast('success', t('clientGroups.saved'))).toBeVisible();
    await ui.expectShown();
    await ui.search.fill(renamed);
    await ui.expectCount(1, 1);
    await expect(ui.cells('clientsCount')).toHaveText(['1']);
  });
});
