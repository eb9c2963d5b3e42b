import { Buffer } from 'node:buffer';
import { asc, eq } from 'drizzle-orm';
import {
  COUNTRY_CODES,
  PARCEL_STATUSES,
  type CountryCode,
  type OperatorType,
  type ParcelListReply,
  type ParcelView,
} from '@depot/contracts';
import { formatInternalNumber, resolveRoute, type RoutingMatrix } from '@depot/domain';
import {
  clientGroupMembers,
  clientGroups,
  clientParcelCounters,
  clients,
  operators,
  parcels,
  routingConditions,
  routingMatrices,
  sectorOperators,
  sectors,
} from '../../src/db/schema';
import { SecretBox } from '../../src/secrets/secret-box';
import { CARRIER_STATUS_CODES } from '../../src/integrations/carriers/status-codes';
import { DEMO_UNMAPPED_SEEN } from '../../src/modules/seed/demo-carrier-codes';
import { DEMO_OPERATORS } from '../../src/modules/seed/demo-routing';
import { DEMO_PARCEL_COUNT } from '../../src/modules/seed/demo-parcels';
import { DEMO_SECTORS } from '../../src/modules/seed/demo-sectors';
import { DEMO_CONSOLIDATIONS } from '../../src/modules/seed/demo-consolidations';
import { DEMO_PASSWORD } from '../../src/modules/seed/seed.service';
import { startTestDepot, TEST_SECRETS_KEY, type TestDepot } from '../harness';
import { parcelBody } from '../parcels/parcels.kit';

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

  it('has sectors for the demo carriers, each carrier in at most one sector of a country', async () => {
    const rows = await db().select().from(sectors);
    expect(rows.length).toBe(DEMO_SECTORS.length);
    expect(new Set(rows.map((s) => s.sectorCountry))).toEqual(
      new Set(DEMO_SECTORS.map((s) => s.sectorCountry)),
    );
    const mapped = await db().select().from(sectorOperators);
    expect(mapped.length).toBe(DEMO_SECTORS.reduce((n, s) => n + s.operators.length, 0));
    expect(new Set(mapped.map((m) => `${m.operatorId}|${m.sectorCountry}`)).size).toBe(mapped.length);
  });

  it('has consolidations of both types: a car carrying two blocked bags and loose parcels, and an open bag', async () => {
    const { rows } = await t.depot.runtime.pool.query<{
      barcode: string;
      type: string;
      is_blocked: boolean;
      parcels: number;
      held: number;
    }>(
      `select c.barcode, c.type, c.is_blocked,
         (select count(*)::int from consolidation_items i where i.consolidation_id = c.id and i.parcel_id is not null) as parcels,
         (select count(*)::int from consolidation_items i where i.consolidation_id = c.id and i.child_consolidation_id is not null) as held
       from consolidations c order by c.barcode`,
    );
    expect(rows).toEqual(
      DEMO_CONSOLIDATIONS.map((c) => ({
        barcode: c.barcode,
        type: c.type,
        is_blocked: c.isBlocked ?? false,
        parcels: c.parcels,
        held: c.holds?.length ?? 0,
      })),
    );
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['car', 'normal']));
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

  it('has the status map of the demo carriers’ types: their published code lists', async () => {
    const { rows } = await t.depot.runtime.pool.query<{ operator_type: OperatorType; codes: number }>(
      `select operator_type, count(*)::int as codes from status_map group by operator_type order by operator_type`,
    );
    const types = [...new Set(DEMO_OPERATORS.map((o) => o.type))].sort();
    expect(rows).toEqual(
      types.map((type) => ({ operator_type: type, codes: CARRIER_STATUS_CODES[type]?.length ?? 0 })),
    );
    expect(rows.every((r) => r.codes > 0)).toBe(true);
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

  describe('parcels (decision 0090)', () => {
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    const query = async <R extends object>(text: string) => (await t.depot.runtime.pool.query<R>(text)).rows;

    it('has a few thousand parcels of the active clients, in every status, with returns, COD and packages', async () => {
      const rows = await db()
        .select({
          clientId: parcels.clientId,
          status: parcels.status,
          orderType: parcels.orderType,
          operatorId: parcels.operatorId,
          destinationCountry: parcels.destinationCountry,
          codAmount: parcels.codAmount,
          packageCount: parcels.packageCount,
          returnOfId: parcels.returnOfId,
        })
        .from(parcels);
      expect(rows.filter((p) => p.orderType !== 'internalReturn')).toHaveLength(DEMO_PARCEL_COUNT);
      expect(new Set(rows.map((p) => p.status))).toEqual(new Set(PARCEL_STATUSES));
      expect(new Set(rows.map((p) => p.destinationCountry))).toEqual(new Set(COUNTRY_CODES));
      const active = (await db().select().from(clients)).filter((c) => c.active).map((c) => c.id);
      expect(new Set(rows.map((p) => p.clientId))).toEqual(new Set(active));
      const carriers = await db().select().from(operators);
      const used = new Set(rows.map((p) => p.operatorId));
      expect(carriers.filter((o) => used.has(o.id)).every((o) => o.active)).toBe(true);
      expect(used.size).toBe(carriers.filter((o) => o.active).length);
      expect(rows.some((p) => p.codAmount !== null)).toBe(true);
      expect(rows.some((p) => p.packageCount > 1)).toBe(true);
      expect(rows.filter((p) => p.returnOfId !== null).length).toBeGreaterThan(0);
    });

    it('gives every parcel a history that starts at new and ends at its status', async () => {
      const broken = await query<{ id: string }>(`
        select p.id from parcels p
        where (select h.status from parcel_status_history h where h.parcel_id = p.id
               order by h.created_at desc, h.id desc limit 1) is distinct from p.status
           or (select h.status from parcel_status_history h where h.parcel_id = p.id
               order by h.created_at, h.id limit 1) <> 'new'
           or (select h.created_at from parcel_status_history h where h.parcel_id = p.id
               order by h.created_at, h.id limit 1) <> p.created_at`);
      expect(broken).toEqual([]);
    });

    it('stands parcels their carrier moved on a mapped code of the carrier’s type meaning their status', async () => {
      const rows = await query<{ type: string; standing: string; matching: string; history: string }>(`
        select o.type,
          count(*) filter (where p.carrier_status_code is not null) as standing,
          count(*) filter (where m.db_name = p.status) as matching,
          (select count(*) from parcel_status_history h join parcels q on q.id = h.parcel_id
             where q.operator_id = o.id and h.carrier_code is not null) as history
        from parcels p
        join operators o on o.id = p.operator_id
        left join status_map m on m.operator_type = o.type and m.code = p.carrier_status_code
        group by o.id, o.type order by o.type`);
      expect(rows.map((r) => r.type)).toEqual(['DPD', 'INPOST', 'PACKETA', 'UPS']);
      for (const r of rows) {
        expect(Number(r.matching)).toBeGreaterThan(0);
        expect(Number(r.standing)).toBeGreaterThanOrEqual(Number(r.matching));
        expect(Number(r.history)).toBeGreaterThan(Number(r.matching));
      }
      // Every code a parcel stands on is in its carrier type's map, and only a carrier's change sets one.
      const [wrong] = await query<{ unknown: string; byPeople: string }>(`
        select
          (select count(*) from parcels p join operators o on o.id = p.operator_id
             where p.carrier_status_code is not null and not exists (
               select 1 from status_map m where m.operator_type = o.type and m.code = p.carrier_status_code)) as unknown,
          (select count(*) from parcels p where p.carrier_status_code is not null and (
             select h.source from parcel_status_history h where h.parcel_id = p.id
             order by h.created_at desc, h.id desc limit 1) <> 'carrier') as "byPeople"`);
      expect(wrong).toEqual({ unknown: '0', byPeople: '0' });
    });

    it('counts the codes seen into the status map, with codes seen but not mapped on DPD parcels in transport', async () => {
      const seen = await query<{
        operator_type: string;
        code: string;
        db_name: string | null;
        seen_count: string;
        last_seen_at: Date | null;
        example_status: string | null;
        example_code: string | null;
      }>(`
        select m.operator_type, m.code, m.db_name, m.seen_count, m.last_seen_at,
          p.status as example_status, p.carrier_status_code as example_code
        from status_map m left join parcels p on p.id = m.example_parcel_id
        where m.seen_count > 0 order by m.operator_type, m.code`);
      expect(seen.length).toBeGreaterThan(10);
      expect(seen.every((s) => s.last_seen_at !== null && s.example_status !== null)).toBe(true);
      const unmapped = seen.filter((s) => s.db_name === null);
      expect(unmapped.map((s) => [s.operator_type, s.code, Number(s.seen_count)])).toEqual(
        DEMO_UNMAPPED_SEEN.map((u) => [u.operatorType, u.code, u.parcels]),
      );
      for (const s of unmapped)
        expect(s).toMatchObject({ example_status: 'inTransport', example_code: s.code });
    });

    it('records every scan of the histories as a scan at the demo terminals, with a day of scans for the report', async () => {
      const [row] = await query<{
        scans: string;
        unlinked: string;
        terminals: string;
        lastDay: string;
        sectors: string;
      }>(`
        select (select count(*) from scans) as scans,
               (select count(*) from parcel_status_history where source = 'scan' and scan_id is null) as unlinked,
               (select count(distinct terminal) from scans) as terminals,
               (select count(*) from scans where scanned_at > now() - interval '1 day') as "lastDay",
               (select count(*) from scans where sector_id is not null) as sectors`);
      expect(Number(row!.scans)).toBeGreaterThan(100);
      expect(Number(row!.unlinked)).toBe(0);
      expect(Number(row!.terminals)).toBe(2);
      expect(Number(row!.lastDay)).toBeGreaterThan(0);
      expect(Number(row!.sectors)).toBeGreaterThan(0);
    });

    it('ends each client counter at its last number, and a parcel created afterwards gets the next one', async () => {
      const all = await db().select().from(clients);
      const counters = await db().select().from(clientParcelCounters);
      for (const client of all.filter((c) => c.active)) {
        const own = await db()
          .select({ n: parcels.internalNumber })
          .from(parcels)
          .where(eq(parcels.clientId, client.id));
        const counter = counters.find((k) => k.clientId === client.id)!;
        expect(counter.lastNumber).toBe(own.length);
        expect(own.map((p) => p.n).sort()).toEqual(
          own.map((_, i) => formatInternalNumber(client.uniquePrefix!, i + 1)),
        );
      }
      const token = await t.signIn('user@demo.depot', DEMO_PASSWORD);
      const shop = all.find((c) => c.shortName === 'DEMO')!;
      const before = counters.find((k) => k.clientId === shop.id)!.lastNumber;
      const res = await t.http().post('/api/order/create').set(bearer(token)).send(parcelBody());
      expect(res.status).toBe(201);
      expect((res.body as ParcelView).internalNumber).toBe(formatInternalNumber('DEM', before + 1));
    });

    it("shows a client user only its own client's parcels, staff all clients' parcels", async () => {
      const all = await db().select().from(clients);
      const shop = all.find((c) => c.shortName === 'DEMO')!;
      const other = all.find((c) => c.shortName === 'GADZETY')!;
      const token = await t.signIn('user@demo.depot', DEMO_PASSWORD);
      const list = (filters: Record<string, unknown>, who = token) =>
        t.http().post('/api/order/get/list').set(bearer(who)).send({ filters });
      const own = await list({});
      expect(own.status).toBe(200);
      const page = own.body as ParcelListReply;
      expect(page.items).toHaveLength(50);
      expect(page.total).toBeGreaterThan(50);
      expect(new Set(page.items.map((p) => p.clientId))).toEqual(new Set([shop.id]));
      const probing = await list({ clientId: other.id });
      expect((probing.body as ParcelListReply).items.every((p) => p.clientId === shop.id)).toBe(true);
      const foreign = await db()
        .select({ id: parcels.id })
        .from(parcels)
        .where(eq(parcels.clientId, other.id))
        .limit(1);
      const read = await t.http().get(`/api/order/${foreign[0].id}`).set(bearer(token));
      expect(read.status).toBe(404);

      const admin = await t.signIn('admin@demo.depot', DEMO_PASSWORD);
      const staff = (await list({}, admin)).body as ParcelListReply;
      expect(staff.total).toBeGreaterThan(page.total);
      expect(new Set(staff.items.map((p) => p.clientId)).size).toBeGreaterThan(1);
    });

    it('stores the routing explanation the parcel view shows, with the status history', async () => {
      const admin = await t.signIn('admin@demo.depot', DEMO_PASSWORD);
      const [row] = await db()
        .select({ id: parcels.id })
        .from(parcels)
        .where(eq(parcels.status, 'delivered'))
        .limit(1);
      const res = await t.http().get(`/api/order/${row.id}`).set(bearer(admin));
      expect(res.status).toBe(200);
      const view = res.body as ParcelView;
      expect(view.routing).toMatchObject({ ok: true, defaultMatrix: { name: 'Routing domyślny' } });
      expect(view.operatorName).toBe(view.routing?.ok ? view.routing.operator.name : null);
      expect(view.statusHistory[0]).toMatchObject({ status: 'new', previousStatus: null });
      expect(view.statusHistory.at(-1)).toMatchObject({ status: 'delivered' });
      expect(view.deliveryDate).not.toBeNull();
    });
  });
});
