import { readFile } from 'node:fs/promises';
import type { ParcelView } from '@depot/contracts';
import { uniqueTag } from './support/api';
import { axeViolations } from './support/axe';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { createParcel } from './support/parcels';
import { ParcelsListPage } from './pages/ParcelsListPage';
import { RecentJobsMenu } from './pages/RecentJobsMenu';

/**
 * The top bar's Recent jobs menu (decision 0121): a finished job's file stays reachable after its toast is gone, from
 * the keyboard, in the panel's language; axe finds nothing on the page with the menu open.
 */
test.describe('recent jobs', () => {
  test('a bulk label job whose toast was closed is downloaded from Recent jobs @en', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const tag = uniqueTag('rj');
    // A client that does not combine labels: its parcels still come as one PDF.
    const client = await createClient(request, api, { combineLabels: false });
    const made: ParcelView[] = [];
    for (let i = 0; i < 4; i++)
      made.push(await createParcel(request, api, client.id, { referenceNumber: `${tag}-${i}` }));
    const operator = await api.createUser({ role: 'operator' });
    const { page, signIn } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    const recent = new RecentJobsMenu(page, t);
    await signIn.startSession(operator);
    await parcels.goto();
    await parcels.searchFor(tag);
    await parcels.expectCount(4, 4);

    // Four parcels, over LABELS_DIRECT_MAX_PARCELS (3 on the e2e server): the labels run as a job.
    await parcels.selectAll();
    await expect(parcels.selected).toContainText('4');
    await parcels.printLabels.click();
    const ready = page.getByTestId('export-ready');
    await expect(ready).toBeVisible({ timeout: 20_000 });
    // The toast is closed (pushed away): the file is not lost.
    const toast = page.locator('.bp6-toast').filter({ has: ready });
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(ready).toHaveCount(0);

    await recent.openByKeyboard();
    await expect(recent.entry('finished')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    const entry = recent.entry('finished').first();
    await expect(entry).toContainText(t('jobs.kind.labels'));
    const link = entry.getByRole('button', { name: t('jobs.download', { name: 'labels.pdf' }) });
    await expect(link).toBeVisible();
    // From the keyboard: the open menu takes the focus, Tab reaches the link (at most three presses), Enter
    // downloads.
    // (Blueprint focuses the popover's focus trap, then its container, then what it holds.)
    for (let tabs = 0; tabs < 3 && !(await link.evaluate((el) => el === document.activeElement)); tabs++)
      await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await readFile(await (await download).path());
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // One A6 page per parcel (each has one package).
    expect(file.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(made.length);
  });
});
