/// <reference lib="dom" />
import type { APIRequestContext, Page } from '@playwright/test';
import {
  can,
  IMPORT_REQUIRED_COLUMNS,
  mayOpen,
  ROLES,
  SCREENS,
  type Role,
  type Screen,
  type ScreenName,
} from '@depot/contracts';
import type { DepotApi } from './support/api';
import { axeViolations } from './support/axe';
import { createClient } from './support/clients';
import { GroupsApi } from './support/client-groups';
import { expect, test } from './support/fixtures';
import { CATALOGUES, pageTitle, type Lang, type Translate } from './support/i18n';
import { MatricesApi } from './support/matrices';
import { createParcel } from './support/parcels';
import { SectorsApi } from './support/sectors';

/**
 * Every role walks every screen it may open (SCREENS and the permission data decide which), in each language
 * (`@both`). On each screen: it is there and names itself in the browser title in that language, `<html lang>` says
 * the language, no message id or ICU placeholder is shown raw, axe (WCAG 2.1 A and AA, and its best practices) finds nothing (each screen
 * is scanned once per language, in the walk of the first role that opens it; a role with the same screens as an
 * earlier one is not walked again); over the
 * walk, the panel called no endpoint that refused the role (a 401 or 403), logged no console error, drew no icon
 * outside its icon set, and threw nothing. The behaviour tests run most screens in one language only
 * (docs/testing.md); this walk keeps every screen rendered, accessible and quiet in both, for everyone.
 */

/** Screens that are live lists: their "loaded of total" count shows once the rows are on screen. */
const LISTS = new Set<ScreenName>([
  'users',
  'clients',
  'operators',
  'parcels',
  'integrations',
  'apiKeys',
  'webhooks',
  'clientGroups',
  'logs',
  'matrices',
  'sectors',
  'consolidations',
  'imports',
  'importDetails',
  'realWeights',
  'realWeightDetails',
]);

/** Words of the page text that look like message ids (`users.title`); none may be a catalogue id. */
const ID_LIKE = /\b[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+\b/g;
const MESSAGE_IDS = new Set(Object.keys(CATALOGUES.en));
/** An ICU argument left unformatted: `{name}`, `{count, plural, …}`. */
const RAW_PLACEHOLDER = /\{\s*[A-Za-z_]\w*\s*(?:\}|,)/;
interface Stop {
  path: string;
  root: string;
  titleId: string;
  list?: boolean;
  /** Scan it with axe (each screen is scanned in the walk of the first role that opens it). */
  scan: boolean;
}

const SCREEN_NAMES = Object.keys(SCREENS) as ScreenName[];
const screensOf = (role: Role) => SCREEN_NAMES.filter((n) => mayOpen(SCREENS[n], (p) => can(role, p)));
/** One walk per set of screens: a role that opens exactly the screens of an earlier role (superAdmin's are admin's) adds nothing. */
const WALKERS = ROLES.filter(
  (role, i) => !ROLES.slice(0, i).some((r) => screensOf(r).join() === screensOf(role).join()),
);
/** The walker whose walk scans each screen with axe: the first that opens it. */
const SCANNED_BY = new Map<ScreenName, Role>();
for (const role of WALKERS) for (const n of screensOf(role)) if (!SCANNED_BY.has(n)) SCANNED_BY.set(n, role);

/**
 * Opens each stop in turn and checks it; fails afterwards with everything the walk saw go wrong. `refusalExpected`:
 * the walk's point is a refusal (a disabled client's user), so refused calls and the browser's note of them pass.
 */
async function walk(
  page: Page,
  t: Translate,
  lang: Lang,
  stops: Stop[],
  { refusalExpected = false } = {},
): Promise<void> {
  const problems: string[] = [];
  const onError = (e: Error) => problems.push(`thrown on ${page.url()}: ${e.message}`);
  const onConsole = (m: { type(): string; text(): string }) => {
    // An icon drawn by name but missing from the panel's icon set (apps/web/src/ui/icons/panelIcons.ts) still shows,
    // from Blueprint's chunk of every icon: the walk names it, so it is added to the set (decision 0138).
    if (m.type() === 'warning' && m.text().startsWith('[depot] icon'))
      problems.push(`${m.text()} on ${page.url()}`);
    if (m.type() !== 'error') return;
    if (refusalExpected && /status of 40[13]/.test(m.text())) return;
    problems.push(`console error on ${page.url()}: ${m.text()}`);
  };
  const onResponse = (r: { status(): number; url(): string; request(): { method(): string } }) => {
    if (!refusalExpected && [401, 403].includes(r.status()) && new URL(r.url()).pathname.startsWith('/api/'))
      problems.push(`${r.request().method()} ${new URL(r.url()).pathname} → ${r.status()} on ${page.url()}`);
  };
  page.on('pageerror', onError);
  page.on('console', onConsole);
  page.on('response', onResponse);
  for (const [i, s] of stops.entries()) {
    await test.step(`${s.path} (${s.titleId})`, async () => {
      // The first screen is loaded; the others are opened by the panel's router, as a click on a link would (a
      // full load per screen would mostly measure starting the panel again).
      if (i === 0) await page.goto(s.path);
      else
        await page.evaluate((path) => {
          window.history.pushState(null, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, s.path);
      // A screen after the first downloads its chunk as the router opens it: on a busy machine (three browsers and
      // the server on two cores) that may take longer than an assertion's default 5 s. Where the page was when it
      // did not show says whether it was still loading or went elsewhere.
      try {
        await expect(page.getByTestId(s.root)).toBeVisible({ timeout: 15_000 });
      } catch (e) {
        throw new Error(`${s.root} did not show; the page is at ${page.url()}: ${(e as Error).message}`, {
          cause: e,
        });
      }
      await expect(page).toHaveTitle(pageTitle(t, s.titleId));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      if (s.list) await expect(page.getByTestId('list-count')).toBeVisible();
      const text = await page.locator('body').innerText();
      const raw = (text.match(ID_LIKE) ?? []).filter((w) => MESSAGE_IDS.has(w));
      expect(raw, `message ids shown raw on ${s.path}`).toEqual([]);
      expect(text.match(RAW_PLACEHOLDER)?.[0], `a placeholder shown raw on ${s.path}`).toBeUndefined();
      if (!s.scan) return;
      const violations = await axeViolations(page);
      expect(
        violations.map(
          (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
        `accessibility violations on ${s.path}`,
      ).toEqual([]);
    });
  }
  page.off('pageerror', onError);
  page.off('console', onConsole);
  page.off('response', onResponse);
  expect(problems, 'errors, refused calls and console errors during the walk').toEqual([]);
}

/** A screen's stop for `role`, with its record ids filled in. */
function stopOf(name: ScreenName, s: Screen, role: Role, ids: Record<string, string>): Stop {
  const path = s.path.replace(/:(\w+)/g, (_, param: string) => {
    const id = ids[param];
    if (!id) throw new Error(`no record for ${param} of ${s.path}`);
    return id;
  });
  // Who may only read a client sees it titled "Client", not "Edit client".
  const titleId = name === 'clientEdit' && !can(role, 'clients.write') ? 'clients.viewTitle' : s.titleId;
  return { path, root: s.root, titleId, list: LISTS.has(name), scan: SCANNED_BY.get(name) === role };
}

/** At most this many screens in one test: a longer walk is split in parts (each its own test, on any worker). */
const SCREENS_PER_PART = 24;
/** A walker's screens in parts of at most SCREENS_PER_PART, as even as they can be. */
function partsOf(role: Role): ScreenName[][] {
  const names = screensOf(role);
  const count = Math.ceil(names.length / SCREENS_PER_PART);
  const size = Math.ceil(names.length / count);
  return Array.from({ length: count }, (_, i) => names.slice(i * size, (i + 1) * size));
}

/** A request's options (its body). */
type PostOptions = NonNullable<Parameters<APIRequestContext['post']>[1]>;

/**
 * The records the screens with an id open, each made on first need (a part of a walk makes only what its screens
 * open): the client user's client, its user, parcel, integration, webhook and import, a carrier, a matrix, a client
 * group, a sector, a consolidation and a real-weight file.
 */
function records(api: DepotApi, request: APIRequestContext) {
  const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => (made ??= make());
  };
  const admin = () => api.admin();
  const client = once(() => createClient(request, api));
  const clientUser = once(async () => api.createUser({ role: 'user', clientId: (await client()).id }));
  const clientToken = once(async () => {
    const u = await clientUser();
    return (await api.signIn(u.email, u.password)).token;
  });
  const parcel = once(async () => createParcel(request, api, (await client()).id));
  const routing = new MatricesApi(request, api);
  const operator = once(() => routing.createOperator());
  /** A POST that must answer 201, and the id it answers. */
  const created = async (path: string, token: string, options: Pick<PostOptions, 'data' | 'multipart'>) => {
    const res = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, ...options });
    expect(res.status(), `POST ${path} → ${await res.text()}`).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const csv = (name: string, text: string) => ({
    file: { name, mimeType: 'text/csv', buffer: Buffer.from(text) },
  });
  const makers: Record<string, () => Promise<string>> = {
    userId: async () => (await clientUser()).id,
    clientId: async () => (await client()).id,
    parcelId: async () => (await parcel()).id,
    groupId: async () => (await new GroupsApi(request, api).create('FV', [(await client()).id])).id,
    operatorId: async () => (await operator()).id,
    matrixId: async () => {
      const op = await operator();
      const matrix = await routing.createMatrix({
        name: `E2E Walk ${op.operatorName}`,
        conditions: [{ pickupCountry: 'PL', destinationCountry: 'DE', maxWeightKg: 30, operatorId: op.id }],
      });
      return matrix.id;
    },
    sectorId: async () => (await new SectorsApi(request, api).create('DE')).id,
    terminal: async () => 'E2E Walk',
    consolidationId: async () =>
      created('/api/operatingModule/consolidation/create', await admin(), {
        data: { type: 'car', driver: 'E2E Walk', registrationNumber: 'WALK 1' },
      }),
    integrationId: async () =>
      created('/api/integration/create', await clientToken(), {
        data: { name: 'E2E Walk', type: 'ebay', key: 'walk-key-1234' },
      }),
    // A webhook of the client (to this machine, where the e2e server may send; nothing listens on port 9).
    webhookId: async () =>
      created('/api/webhook/create', await clientToken(), {
        data: { url: 'http://127.0.0.1:9/e2e-walk', events: ['parcel.status_changed'] },
      }),
    // An import of the client's (a CSV of one shipment; its rows are checked, nothing is created).
    importId: async () =>
      created('/api/import/createShipmentFromFile', await clientToken(), {
        multipart: csv(
          'walk.csv',
          [
            IMPORT_REQUIRED_COLUMNS.map((c) => CATALOGUES.en[`imports.column.${c}`]),
            ['Anna Walk', 'Prosta', '1', 'Warszawa', '00-001', 'PL', '1,5'],
          ]
            .map((r) => r.join(';'))
            .join('\r\n'),
        ),
      }),
    // Accounting's real-weight file of a carrier (one line, naming the parcel).
    weightImportId: async () =>
      created('/api/large/order/importRealWeightFromFile', await admin(), {
        multipart: csv('walk-weights.csv', `Number;Weight\r\n${(await parcel()).internalNumber};2,75\r\n`),
      }),
  };
  /** The ids of the records `paths` name (`:clientId` …), made at once. */
  const idsFor = async (paths: string[]): Promise<Record<string, string>> => {
    const params = [...new Set(paths.flatMap((p) => [...p.matchAll(/:(\w+)/g)].map((m) => m[1]!)))];
    const ids = await Promise.all(
      params.map((param) => {
        const make = makers[param];
        if (!make) throw new Error(`no record for ${param}`);
        return make();
      }),
    );
    return Object.fromEntries(params.map((param, i) => [param, ids[i]!]));
  };
  return { clientUser, idsFor };
}

test.describe('every role on every screen it may open', () => {
  for (const role of WALKERS)
    for (const [part, names] of partsOf(role).entries()) {
      const parts = partsOf(role).length;
      const which = parts > 1 ? ` (part ${part + 1} of ${parts})` : '';
      const last = part === parts - 1;
      test(`${role}${which}: each screen in the language of the project, accessible, with no refused call or error @both`, async ({
        api,
        request,
        screens,
        t,
        lang,
      }) => {
        // Up to SCREENS_PER_PART screens, each scanned by axe: longer than a behaviour test.
        test.setTimeout(120_000);
        const { clientUser, idsFor } = records(api, request);
        const ids = await idsFor(names.map((n) => SCREENS[n].path));
        const walker = role === 'user' ? await clientUser() : await api.createUser({ role });
        if (role === 'user' && part === 0)
          await walk(screens.page, t, lang, [
            { path: '/auth/sign-in', root: 'sign-in-submit', titleId: 'signIn.title', scan: true },
          ]);
        await screens.signIn.signIn(walker);
        const stops = names.map((name) => stopOf(name, SCREENS[name], role, ids));
        const first = role === WALKERS[0];
        await walk(screens.page, t, lang, [
          ...stops,
          ...(last
            ? [
                { path: '/403', root: 'page-403', titleId: 'page.forbidden', scan: first },
                { path: '/no/such/page', root: 'page-404', titleId: 'page.notFound', scan: first },
              ]
            : []),
        ]);
      });
    }

  test('a signed-in client user whose access is then disabled sees only the access-disabled page @both', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const client = await createClient(request, api);
    const user = await api.createUser({ role: 'user', clientId: client.id });
    await screens.signIn.signIn(user);
    const disabled = await request.put(`/api/client/${client.id}`, {
      headers: { Authorization: `Bearer ${await api.admin()}` },
      data: { disableAccess: true },
    });
    expect(disabled.status(), `disable access → ${await disabled.text()}`).toBe(200);
    // Its session is refused now (403, AccessDisabled): that refusal is what shows the page.
    await walk(
      screens.page,
      t,
      lang,
      [{ path: '/', root: 'page-access-disabled', titleId: 'accessDisabled.title', scan: true }],
      {
        refusalExpected: true,
      },
    );
  });
});
