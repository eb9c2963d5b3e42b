import { MESSAGES, PARCELS_TOTAL_CAP, type ParcelListItem, type ParcelListReply } from '@depot/contracts';
import { expectError } from '../expectations';
import { startParcelsKit, type ParcelsKit } from './parcels.kit';

/**
 * POST /api/order/get/list on many parcels (decisions 0083, 0084): the total is counted on the first page up to
 * PARCELS_TOTAL_CAP (more is "capped"), repeated from the cursor on later pages without counting again; the number
 * search is an exact-or-prefix match that pages like any list, for staff and for a client's own parcels only.
 */
describe('parcels list: capped total and number search', () => {
  let k: ParcelsKit;

  const list = (who: Parameters<ParcelsKit['auth']>[0], body: Record<string, unknown> = {}) =>
    k.t.http().post('/api/order/get/list').set(k.auth(who)).send(body);
  const idsOf = (res: { body: ParcelListReply }) => res.body.items.map((i: ParcelListItem) => i.id);
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const decode = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));

  /** `n` copies of a parcel of `clientId` (one INSERT … SELECT), numbered `<prefix>00001…`. */
  const copies = async (clientId: string, prefix: string, n: number) => {
    const model = await k.created(clientId);
    await k.query(
      `insert into parcels (client_id, order_type, source, status, internal_number, external_number, weight_kg,
         pickup_address, destination_address, pickup_country, destination_country, operator_id)
       select client_id, order_type, source, status, $2 || lpad(g::text, 5, '0'), 'X' || $2 || g, weight_kg,
              pickup_address, destination_address, pickup_country, destination_country, operator_id
       from parcels, generate_series(1, $3::int) g where id = $1`,
      [model.id, prefix, n],
    );
    return model;
  };

  beforeAll(async () => {
    k = await startParcelsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it('counts up to the cap on the first page; the next pages repeat it from the cursor', async () => {
    const c = await k.newClient();
    await copies(c.id, 'CAPA', PARCELS_TOTAL_CAP);
    const first = await list('admin', { filters: { clientId: c.id }, limit: 50 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: PARCELS_TOTAL_CAP, totalCapped: true });
    expect(first.body.items).toHaveLength(50);

    // Rows added after the first page do not change the total of the pages after it (it is not counted again).
    await k.created(c.id);
    const second = await list('admin', {
      filters: { clientId: c.id },
      limit: 50,
      cursor: first.body.nextCursor,
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ total: PARCELS_TOTAL_CAP, totalCapped: true });
    expect(idsOf(second).filter((id) => idsOf(first).includes(id))).toEqual([]);

    // The same client's user sees the cap too (its own parcels only).
    const own = await list({ token: c.userToken });
    expect(own.body).toMatchObject({ total: PARCELS_TOTAL_CAP, totalCapped: true });
  });

  it('an exact total below the cap is not capped', async () => {
    const c = await k.newClient();
    await copies(c.id, 'CAPB', 119);
    const first = await list('admin', { filters: { clientId: c.id }, limit: 50 });
    expect(first.body).toMatchObject({ total: 120, totalCapped: false });
    const seen = [...idsOf(first)];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const page = await list('admin', { filters: { clientId: c.id }, limit: 50, cursor });
      expect(page.body).toMatchObject({ total: 120, totalCapped: false });
      seen.push(...idsOf(page));
      cursor = page.body.nextCursor;
    }
    expect(new Set(seen).size).toBe(120);
  });

  it('refuses a cursor whose total was tampered with, or an old-style cursor', async () => {
    const c = await k.newClient();
    await copies(c.id, 'CAPC', 3);
    const first = await list('admin', { filters: { clientId: c.id }, limit: 2 });
    const cursor = decode(first.body.nextCursor);
    for (const bad of [
      { ...cursor, t: -1 },
      { ...cursor, t: PARCELS_TOTAL_CAP + 1 },
      { ...cursor, t: 'many' },
      { ...cursor, c: 'yes' },
      { at: 5, t: 1, c: false },
      { k: '2026-01-01', id: c.id },
    ]) {
      const res = await list('admin', { filters: { clientId: c.id }, limit: 2, cursor: encode(bad) });
      expectError(res, 400, 'Bad Request', MESSAGES.invalidCursor);
    }
  });

  it('searches by prefix over many parcels, pages in every sort order, and counts the matches', async () => {
    const c = await k.newClient();
    await copies(c.id, 'SRCH', 130);
    for (const field of ['createdAt', 'internalNumber', 'status', 'weightKg']) {
      for (const direction of ['asc', 'desc']) {
        // SRCH001… are 001 to 099 and 100 to 130's first digits: "SRCH001" matches 00100–00130 → 31 parcels.
        const body = { filters: { search: 'srch001' }, orderBy: { field, direction }, limit: 10 };
        const seen: string[] = [];
        let res = await list('admin', body);
        expect(res.body).toMatchObject({ total: 31, totalCapped: false });
        seen.push(...idsOf(res));
        while (res.body.nextCursor) {
          res = await list('admin', { ...body, cursor: res.body.nextCursor });
          expect(res.body.total).toBe(31);
          seen.push(...idsOf(res));
        }
        expect(new Set(seen).size).toBe(31);
      }
    }
    // The other numbers are searched too (external: "XSRCH…"); the exact number finds one.
    expect((await list('admin', { filters: { search: 'XSRCH12' } })).body.total).toBe(11);
    expect((await list('admin', { filters: { search: 'SRCH00007' } })).body.total).toBe(1);
    // LIKE wildcards in the term are matched literally.
    expect((await list('admin', { filters: { search: 'SRCH_0' } })).body.total).toBe(0);
    expect((await list('admin', { filters: { search: '%RCH' } })).body.total).toBe(0);
    // Search and the other filters combine; another client's user finds none of these.
    expect((await list('admin', { filters: { search: 'SRCH', statuses: ['delivered'] } })).body.total).toBe(
      0,
    );
    const foreign = await list('user', { filters: { search: 'SRCH' } });
    expect(foreign.body).toMatchObject({ items: [], total: 0, totalCapped: false });
    expect((await list({ token: c.userToken }, { filters: { search: 'SRCH' } })).body.total).toBe(130);
  });

  it('a deleted parcel is neither listed nor counted by a search', async () => {
    const c = await k.newClient();
    await copies(c.id, 'DELS', 2);
    const [gone] = await k.query<{ id: string }>(
      "update parcels set deleted_at = now() where internal_number = 'DELS00001' returning id",
    );
    const res = await list('admin', { filters: { search: 'DELS' } });
    expect(res.body).toMatchObject({ total: 1, totalCapped: false });
    expect(idsOf(res)).not.toContain(gone.id);
  });
});
