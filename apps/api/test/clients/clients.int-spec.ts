import type { Role } from '@depot/contracts';
import { startTestDepot, type TestDepot } from '../harness';

describe('GET /api/client/get/options (the client picker)', () => {
  let t: TestDepot;
  const tokens: Partial<Record<Role, string>> = {};
  beforeAll(async () => {
    t = await startTestDepot();
    for (const role of ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'] as Role[]) {
      tokens[role] = (await t.userWithToken(role)).token;
    }
    await t.createClient({ companyName: 'Zebra Logistics', shortName: 'ZEB' });
    await t.createClient({ companyName: 'alpha 100% Sp. z o.o.', shortName: 'ALP' });
    await t.createClient({ companyName: 'Beta Shop', shortName: 'BET', active: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (role: Role, query = '') =>
    t.http().get(`/api/client/get/options${query}`).set('Authorization', `Bearer ${tokens[role]}`);

  // An operator picks the client of a parcel it creates (decision 0075).
  it.each(['superAdmin', 'admin', 'salesman', 'operator'] as Role[])(
    'answers %s alphabetically, case-insensitively',
    async (role) => {
      const res = await get(role);
      expect(res.status).toBe(200);
      const names = (res.body as { companyName: string }[]).map((c) => c.companyName);
      expect(names.indexOf('alpha 100% Sp. z o.o.')).toBeLessThan(names.indexOf('Beta Shop'));
      expect(names.indexOf('Beta Shop')).toBeLessThan(names.indexOf('Zebra Logistics'));
    },
  );

  it('searches company and short names, with % taken literally, and reports inactive clients as such', async () => {
    const byShort = await get('admin', '?search=zeb');
    expect(byShort.body).toEqual([
      expect.objectContaining({ companyName: 'Zebra Logistics', shortName: 'ZEB', active: true }),
    ]);
    const literal = await get('admin', `?search=${encodeURIComponent('100%')}`);
    expect(literal.body.map((c: { companyName: string }) => c.companyName)).toEqual([
      'alpha 100% Sp. z o.o.',
    ]);
    const inactive = await get('admin', '?search=beta');
    expect(inactive.body).toEqual([expect.objectContaining({ companyName: 'Beta Shop', active: false })]);
  });

  it('answers one client by its id (a list filter read from a URL), none for an unknown id', async () => {
    const zebra = await get('admin', '?search=zeb');
    const id = (zebra.body as { id: string }[])[0].id;
    const res = await get('operator', `?id=${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id, companyName: 'Zebra Logistics' })]);
    const unknown = await get('admin', '?id=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual([]);
  });

  it('refuses an id that is no uuid', async () => {
    const res = await get('admin', '?id=1%27%20OR%201=1');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ValidationError');
  });

  it.each(['magazyn', 'user'] as Role[])('refuses %s asking for one client by id', async (role) => {
    const res = await get(role, '?id=00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(403);
  });

  it('limits the answer', async () => {
    const res = await get('admin', '?limit=1');
    expect(res.body).toHaveLength(1);
  });

  it.each(['0', '51', 'x'])('refuses limit=%s', async (limit) => {
    const res = await get('admin', `?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ValidationError');
  });

  it.each(['magazyn', 'user'] as Role[])('refuses %s', async (role) => {
    const res = await get(role);
    expect(res.status).toBe(403);
  });

  it('refuses without a session', async () => {
    expect((await t.http().get('/api/client/get/options')).status).toBe(401);
  });
});
