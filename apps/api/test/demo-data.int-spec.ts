import { Buffer } from 'node:buffer';
import { asc, eq } from 'drizzle-orm';
import { COUNTRY_CODES, type CountryCode } from '@depot/contracts';
import { resolveRoute, type RoutingMatrix } from '@depot/domain';
import {
  clientGroupMembers,
  clientGroups,
  clients,
  operators,
  routingConditions,
  routingMatrices,
} from '../src/db/schema';
import { SecretBox } from '../src/secrets/secret-box';
import { DEMO_OPERATORS } from '../src/modules/seed/demo-routing';
import { DEMO_PASSWORD } from '../src/modules/seed/seed.service';
import { startTestDepot, TEST_SECRETS_KEY, type TestDepot } from './harness';

describe('demo data (embedded first start; README "Demo data")', () => {
  let t: TestDepot;
  beforeAll(async () => {
    t = await startTestDepot({ DEMO_DATA: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });
  const db = () => t.depot.runtime.db;

  it('has a master account with linked accounts, a client with orders blocked and an inactive client', async () => {
    const rows = await db().select().from(clients);
    const master = rows.find((c) => c.shortName === 'NORDIC')!;
    expect(master.masterAccount).toBe(true);
    expect(rows.filter((c) => c.masterId === master.id).map((c) => c.shortName)).toEqual(
      expect.arrayContaining(['NORDIC-PL', 'NORDIC-DE']),
    );
    expect(rows.find((c) => c.shortName === 'BLOKADA')?.disableNewOrders).toBe(true);
    expect(rows.some((c) => !c.active)).toBe(true);
  });

  it('signs the demo client user in to its complete client, with settings filled in', async () => {
    const token = await t.signIn('user@demo.depot', DEMO_PASSWORD);
    const res = await t.http().get('/api/client/get/current').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shortName: 'DEMO', prefix: 'DEM' });
  });

  it('has client groups of both types, each client in at most one', async () => {
    const groups = await db().select().from(clientGroups);
    expect(new Set(groups.map((g) => g.type))).toEqual(new Set(['FV', 'AREA']));
    const members = await db().select().from(clientGroupMembers);
    expect(members.length).toBeGreaterThan(0);
    expect(new Set(members.map((m) => m.clientId)).size).toBe(members.length);
  });

  it('has carriers of several types whose secrets are encrypted with the configured key', async () => {
    const rows = await db().select().from(operators);
    expect(new Set(rows.map((o) => o.type)).size).toBeGreaterThanOrEqual(4);
    const box = SecretBox.fromKey(Buffer.from(TEST_SECRETS_KEY, 'base64'));
    for (const demo of DEMO_OPERATORS) {
      const row = rows.find((o) => o.name === demo.name)!;
      expect(row.secretConfig).not.toContain(Object.values(demo.secrets)[0]);
      expect(box.decryptJson(row.secretConfig!)).toEqual(demo.secrets);
    }
    expect(rows.find((o) => o.type === 'UPS')?.exchangeRateEur).not.toBeNull();
  });

  it('has exactly one default matrix, and it routes a 1 kg parcel from Poland to every supported country', async () => {
    const matrices = await db().select().from(routingMatrices);
    const defaults = matrices.filter((m) => m.isDefault);
    expect(defaults).toHaveLength(1);
    const conditions = await db()
      .select()
      .from(routingConditions)
      .where(eq(routingConditions.matrixId, defaults[0].id))
      .orderBy(asc(routingConditions.position));
    const matrix: RoutingMatrix = {
      id: defaults[0].id,
      name: defaults[0].name,
      isDefault: true,
      conditions: conditions.map((c) => ({
        id: c.id,
        pickupCountry: c.pickupCountry as CountryCode | null,
        destinationCountry: c.destinationCountry as CountryCode | null,
        maxWeightKg: Number(c.maxWeightKg),
        operatorId: c.operatorId,
      })),
    };
    const ops = (await db().select().from(operators)).map((o) => ({
      operatorId: o.id,
      active: o.active,
      maxWeightKg: o.maxWeightKg === null ? null : Number(o.maxWeightKg),
    }));
    for (const destinationCountry of COUNTRY_CODES) {
      const result = resolveRoute({
        clientMatrix: null,
        defaultMatrix: matrix,
        parcel: { pickupCountry: 'PL', destinationCountry, weightKg: 1 },
        operators: ops,
      });
      expect({ destinationCountry, ok: result.ok }).toEqual({ destinationCountry, ok: true });
    }
  });
});
