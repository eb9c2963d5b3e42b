import { PAGE_SIZE } from '@depot/contracts';
import { uniqueTag } from './support/api';
import { expect, test } from './support/fixtures';

const TOTAL = PAGE_SIZE + 5;
const CHUNK = 11;
const pad = (i: number) => String(i).padStart(2, '0');

test.describe('users list', () => {
  test('pages of 50, more, all loaded, sorting, search, no items and the load-all warning @en', async ({
    api,
    screens,
    t,
  }) => {
    // Users sharing a tag, so the list can be narrowed to exactly them whatever else the database holds.
    // Created chunk after chunk: the newest (the default order) are the last chunk's.
    const tag = uniqueTag('pg');
    for (let start = 0; start < TOTAL; start += CHUNK) {
      await Promise.all(
        Array.from({ length: Math.min(CHUNK, TOTAL - start) }, (_, k) => start + k).map((i) =>
          api.createUser({
            role: 'operator',
            firstName: `Page${pad(i)}`,
            lastName: `${tag}${pad(i)}`,
            email: `${tag}-${pad(i)}@e2e.depot`,
          }),
        ),
      );
    }
    const admin = await api.createUser({ role: 'admin' });
    const { signIn, users } = screens;
    await signIn.startSession(admin);
    await users.goto();

    await users.searchFor(tag);
    await users.expectCount(PAGE_SIZE, TOTAL);
    await expect(users.more).toHaveText(t('list.getMore'));
    await expect(users.allLoaded).toBeHidden();
    const firstLastName = users.cells('lastName').first();
    await expect(firstLastName).toHaveText(new RegExp(`^${tag}(4[4-9]|5\\d)$`));

    await users.more.click();
    await users.expectCount(TOTAL, TOTAL);
    await expect(users.allLoaded).toHaveText(t('list.allLoaded'));
    await expect(users.more).toBeHidden();

    // A header sorts (and reloads from the first page).
    await users.sortBy('lastName', 'ascending');
    await expect(firstLastName).toHaveText(`${tag}00`);
    await users.expectCount(PAGE_SIZE, TOTAL);
    await users.sortBy('lastName', 'descending');
    await expect(firstLastName).toHaveText(`${tag}${pad(TOTAL - 1)}`);

    // "Load all results" warns first.
    await users.loadAll.click();
    await expect(users.loadAllDialog).toBeVisible();
    await expect(users.loadAllDialog).toContainText(t('list.loadAllWarning', { total: TOTAL }));
    await users.loadAllDialog.getByRole('button', { name: t('list.loadAllConfirm') }).click();
    await expect(users.loadAllDialog).toBeHidden();
    await users.expectCount(TOTAL, TOTAL);
    await expect(users.allLoaded).toBeVisible();

    // The search narrows; nonsense finds nothing.
    await users.searchFor(`${tag}07`);
    await users.expectCount(1, 1);
    await expect(users.cells('lastName')).toHaveText([`${tag}07`]);
    await expect(users.cells('role')).toHaveText([t('role.operator')]);
    await users.searchFor(`${tag}-no-such-user-zz`);
    await expect(users.noItems).toContainText(t('list.noItems'));
    await users.expectCount(0, 0);
    await expect(users.allLoaded).toBeHidden();
  });
});
