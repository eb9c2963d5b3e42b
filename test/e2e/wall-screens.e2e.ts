import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ScanLookupReply } from '@depot/contracts';
import { uniqueTag, type DepotApi } from './support/api';
import { axeViolations } from './support/axe';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import type { Translate } from './support/i18n';
import { createParcel } from './support/parcels';

/** Scans numbers at a terminal as a warehouse colleague would, through the REST API (not through the wall's page). */
async function scan(
  request: APIRequestContext,
  token: string,
  terminal: string,
  number: string,
): Promise<void> {
  const res = await request.post('/api/operatingModule/setStatusForArrayOfExtNrs', {
    headers: { Authorization: `Bearer ${token}` },
    data: { externalNumber: [number], terminal, scanIds: [randomUUID()] },
  });
  expect(res.status(), `scan → ${await res.text()}`).toBe(200);
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(
    violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    `accessibility violations on ${where}`,
  ).toEqual([]);
}

/** The wall's row of a scanned number, and its state badge. */
const wall = (page: Page, t: Translate) => ({
  row: (number: string) => page.locator(`[data-testid="wall-scan"][data-number="${number}"]`),
  state: page.getByTestId('wall-state-word'),
  live: () => expect(page.getByTestId('wall-state-word')).toHaveText(t('wall.state.live')),
});

async function warehouseToken(api: DepotApi): Promise<string> {
  const magazyn = await api.createUser({ role: 'magazyn' });
  return (await api.signIn(magazyn.email, magazyn.password)).token;
}

test.describe('live wall screens', () => {
  test('an admin issues a link; a screen opened with it shows scans live, says when its connection is lost, catches up by itself, and goes dark when revoked @pl', async ({
    api,
    request,
    screens,
    openBrowser,
    t,
  }) => {
    const tag = uniqueTag('Wall');
    const terminal = `E2E Wall ${tag}`;
    const [admin, token, client] = await Promise.all([
      api.createUser({ role: 'admin' }),
      warehouseToken(api),
      createClient(request, api),
    ]);
    const parcel = await createParcel(request, api, client.id);

    // The admin opens Operating module → Wall screens; a link needs a name.
    const { page, signIn, shell } = screens;
    await signIn.signIn(admin);
    await page.getByTestId('nav-/operatingModule/wallScreens').click();
    await expect(page.getByTestId('page-wall-screens')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('wallScreens.title'));
    await page.getByTestId('wall-issue-terminal').fill(terminal);
    await page.getByTestId('wall-issue-submit').click();
    await expect(page.getByText(t('validation.nameRequired'))).toBeVisible();
    await page.getByTestId('wall-issue-name').fill('Hall A');
    await page.getByTestId('wall-issue-name').press('Enter');
    await expect(shell.toast('success', t('wallScreens.issued'))).toBeVisible();
    await expect(page.getByTestId('wall-issued-warning')).toHaveText(
      t('wallScreens.showOnce', { name: 'Hall A', terminal }),
    );
    const url = await page.getByTestId('wall-issued-url').inputValue();
    expect(url).toMatch(/\/operatingModule\/wall\/E2E%20Wall%20.+#wall=dpw_/);
    const listed = page
      .locator('[data-testid="wall-link"][data-name="Hall A"]')
      .filter({ hasText: terminal });
    await expect(listed.getByTestId('wall-link-state')).toHaveText(t('wallScreens.active'));
    await expectAccessible(page, 'the wall-screen links');

    // A screen at the terminal opens the link in another browser, signed in as nobody.
    const b = await openBrowser();
    const w = wall(b.page, t);
    await b.page.goto(url);
    await expect(b.page.getByTestId('wall-terminal')).toHaveText(terminal);
    await w.live();
    await expect(b.page.getByTestId('wall-empty')).toHaveText(t('wall.noScans'));

    // A scan made elsewhere is on the wall within a second: parcel, its sector (as the scan lookup names it), status,
    // result.
    const looked = await request.post('/api/operatingModule/isExternalNumberInDB', {
      headers: { Authorization: `Bearer ${token}` },
      data: { externalNumber: parcel.internalNumber },
    });
    const { parcel: found } = (await looked.json()) as ScanLookupReply;
    const sector = found?.sector ? `${found.sector.sectorCountry} ${found.sector.sectorDescription}` : null;
    await scan(request, token, terminal, parcel.internalNumber);
    const row = w.row(parcel.internalNumber);
    await expect(row).toBeVisible({ timeout: 1_000 });
    await expect(row).toHaveAttribute('data-outcome', 'changed');
    await expect(row.getByTestId('wall-scan-sector')).toHaveText(sector ?? t('wall.noSector'));
    await expect(row).toContainText(t('parcels.status.inTransport'));
    await expect(row.getByTestId('wall-scan-outcome')).toHaveText(`✔ ${t('scans.outcome.changed')}`);
    await expect(b.page.getByTestId('wall-total-changed')).toContainText('1');

    // The same parcel again: "already scanned", in its own colour, sign and word.
    await scan(request, token, terminal, parcel.internalNumber);
    await expect(b.page.getByTestId('wall-scan').first().getByTestId('wall-scan-outcome')).toHaveText(
      `↺ ${t('scans.outcome.alreadyScanned')}`,
    );
    await expectAccessible(b.page, 'the wall screen');

    // The connection drops: the screen says so at once; a scan made meanwhile arrives when it is back.
    await b.page.context().setOffline(true);
    await expect(w.state).toHaveText(t('wall.state.lost'));
    await expectAccessible(b.page, 'the wall screen, connection lost');
    const missed = `E2E-MISSED-${tag}`;
    await scan(request, token, terminal, missed);
    await b.page.context().setOffline(false);
    await expect(w.row(missed)).toBeVisible();
    await expect(w.row(missed).getByTestId('wall-scan-outcome')).toHaveText(
      `? ${t('scans.outcome.notFound')}`,
    );
    await w.live();
    await expect(b.page.getByTestId('wall-total-notFound')).toContainText('1');
    await expect(b.page.getByTestId('wall-total-alreadyScanned')).toContainText('1');
    await expect(b.page.getByTestId('wall-scan')).toHaveCount(3);

    // The admin revokes the link: the screen goes dark at once and says why.
    await page.reload();
    await listed.getByTestId('wall-link-revoke').click();
    await page.getByTestId('confirm-ok').click();
    await expect(shell.toast('success', t('wallScreens.revoked'))).toBeVisible();
    await expect(w.state).toHaveText(t('wall.state.revoked'));
    await expect(b.page.getByTestId('wall-notice')).toHaveText(t('wall.notice.revoked'));
  });
});
