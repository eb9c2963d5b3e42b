import {
  COUNTRY_CODES,
  PARCEL_STATUSES,
  type CountryCode,
  type OperatorType,
  type ParcelStatus,
} from '@depot/contracts';
import { cancellationOf, formatInternalNumber, statusChangeProblem } from '@depot/domain';
import { CARRIER_STATUS_CODES } from '../../integrations/carriers/status-codes';
import type { ExplainedMatrix } from '../matrices/route-explanation';
import { DEMO_UNMAPPED_SEEN } from './demo-carrier-codes';
import { JOURNEYS } from './demo-parcel-journeys';
import {
  buildDemoParcels,
  demoParcelWindow,
  type DemoParcelClient,
  type DemoParcelInput,
} from './demo-parcels';
import { DemoRandom } from './demo-random';
import { DEMO_MATRICES, DEMO_OPERATORS } from './demo-routing';

const rng = new DemoRandom(1);
const operators = DEMO_OPERATORS.map((o) => ({
  operatorId: rng.uuid(),
  type: o.type,
  name: o.name,
  active: o.active,
  maxWeightKg: o.maxWeightKg === null ? null : Number(o.maxWeightKg),
}));
const matrices: ExplainedMatrix[] = DEMO_MATRICES.map((m) => ({
  id: rng.uuid(),
  name: m.name,
  isDefault: m.isDefault,
  conditions: m.conditions.map((c, i) => {
    const op = operators.find((o) => o.name === c.operator)!;
    return {
      id: rng.uuid(),
      position: i + 1,
      pickupCountry: c.pickupCountry,
      destinationCountry: c.destinationCountry,
      maxWeightKg: Number(c.maxWeightKg),
      operatorId: op.operatorId,
      operatorName: op.name,
      operatorActive: op.active,
    };
  }),
}));

const client = (
  shortName: string,
  prefix: string,
  country: string,
  over: Partial<DemoParcelClient> = {},
) => ({
  id: rng.uuid(),
  shortName,
  prefix,
  pickupAddress: {
    name: shortName,
    street: 'Główna',
    building: '1',
    city: 'Miasto',
    zipCode: '00-001',
    country,
    phone: null,
    email: null,
  },
  firstMile: false,
  autoReturnPackages: false,
  domesticMatrixTitle: null,
  returnMatrixTitle: null,
  userIds: [],
  ...over,
});

const CLIENTS = [
  client('DEMO', 'DEM', 'PL', { userIds: ['00000000-0000-4000-8000-000000000001'] }),
  client('GADZETY', 'GDL', 'PL', { autoReturnPackages: true }),
  client('NORDIC', 'NRD', 'SE', { firstMile: true }),
  client('MODA-CZ', 'MCZ', 'CZ'),
];
const NOW = new Date('2026-11-22T10:00:00Z');
const input = (over: Partial<DemoParcelInput> = {}): DemoParcelInput => ({
  clients: CLIENTS,
  matrices,
  operators,
  staff: {
    adminId: '00000000-0000-4000-8000-0000000000a1',
    warehouseId: '00000000-0000-4000-8000-0000000000b1',
  },
  now: NOW,
  count: 1000,
  seed: 42,
  ...over,
});

describe('demo parcels (decision 0090)', () => {
  const built = buildDemoParcels(input());
  const byId = new Map(built.parcels.map((p) => [p.id, p]));
  const histories = new Map<string, typeof built.history>();
  for (const h of built.history) histories.set(h.parcelId, [...(histories.get(h.parcelId) ?? []), h]);
  const historyOf = (id: string) => histories.get(id) ?? [];

  it('is the same for the same seed and time, and differs for another seed', () => {
    expect(JSON.stringify(buildDemoParcels(input())) === JSON.stringify(built)).toBe(true);
    expect(buildDemoParcels(input({ seed: 43 })).parcels[0].id).not.toBe(built.parcels[0].id);
  });

  it('makes the asked number of parcels plus returns, over every status, client and destination country', () => {
    expect(built.parcels.filter((p) => p.orderType !== 'internalReturn')).toHaveLength(input().count);
    expect(new Set(built.parcels.map((p) => p.status))).toEqual(new Set(PARCEL_STATUSES));
    expect(new Set(built.parcels.map((p) => p.destinationCountry))).toEqual(new Set(COUNTRY_CODES));
    expect(new Set(built.parcels.map((p) => p.clientId)).size).toBe(4);
    expect(new Set(built.parcels.map((p) => p.orderType))).toEqual(
      new Set(['internal', 'domestic', 'internalReturn']),
    );
    expect(new Set(built.parcels.map((p) => p.operatorId)).size).toBeGreaterThanOrEqual(4);
    expect(built.parcels.filter((p) => p.codAmount !== null).length).toBeGreaterThan(100);
    expect(built.parcels.filter((p) => (p.packageCount ?? 1) > 1).length).toBeGreaterThan(100);
  });

  it('numbers each client from 1 in creation order, and the counters end at the last number', () => {
    expect(new Set(built.parcels.map((p) => p.internalNumber)).size).toBe(built.parcels.length);
    for (const c of CLIENTS) {
      const own = built.parcels
        .filter((p) => p.clientId === c.id)
        .sort((a, b) => a.internalNumber.localeCompare(b.internalNumber));
      expect(own.map((p) => p.internalNumber)).toEqual(
        own.map((_, i) => formatInternalNumber(c.prefix, i + 1)),
      );
      const createdBeforeThePrevious = own
        .filter((p, i) => i > 0 && !(p.createdAt.getTime() >= own[i - 1].createdAt.getTime()))
        .map((p) => p.internalNumber);
      expect(createdBeforeThePrevious).toEqual([]);
      expect(built.counters.find((k) => k.clientId === c.id)?.lastNumber).toBe(own.length);
    }
  });

  // The per-parcel checks below collect what is wrong, named by parcel (and step), into one assertion each: an
  // expect() per parcel and step (some 30 000 of them) cost most of the suite's time.
  /** The names of the checks that fail, each prefixed with what was checked. */
  const failing = (what: string, checks: [check: string, ok: boolean][]) =>
    checks.filter(([, ok]) => !ok).map(([check]) => `${what}: ${check}`);

  it('gives every parcel a history from new to its status, in time order, by changes the rules allow', () => {
    const { earliest } = demoParcelWindow(NOW);
    const problems = built.parcels.flatMap((p) => {
      const h = historyOf(p.id);
      const steps = h.slice(1).flatMap((row, index) => {
        const i = index + 1;
        const from = h[i - 1].status as ParcelStatus;
        const to = row.status as ParcelStatus;
        // `toCancel` is only reached by cancelling (never set by hand); every other step is an allowed change.
        const problem =
          to === 'toCancel'
            ? cancellationOf(from).kind === 'toCancel'
              ? null
              : 'not cancellable'
            : statusChangeProblem(from, to);
        const at = row.createdAt?.getTime() ?? NaN;
        return failing(`${p.internalNumber} step ${i} (${from} → ${to})`, [
          ['its previous status is the step before', row.previousStatus === from],
          ['not before the step before', at >= (h[i - 1].createdAt?.getTime() ?? NaN)],
          ['not after now', at <= NOW.getTime()],
          [`an allowed change (${problem})`, problem === null],
        ]);
      });
      return [
        ...failing(p.internalNumber, [
          ['history starts at new, from no status', h[0]?.status === 'new' && h[0].previousStatus === null],
          [
            'history starts when the parcel was created',
            h[0]?.createdAt?.getTime() === p.createdAt.getTime(),
          ],
          ['history ends in its status', h[h.length - 1]?.status === p.status],
          ['created in the window', p.createdAt.getTime() >= earliest],
          [
            'has a delivery date exactly when delivered',
            (p.deliveryDate !== null) === h.some((r) => r.status === 'delivered'),
          ],
          ['has no external number exactly when new', (p.externalNumber === null) === (p.status === 'new')],
        ]),
        ...steps,
      ];
    });
    expect(problems).toEqual([]);
  });

  it('routes every parcel by the default matrix and stores the explanation like the parcels module', () => {
    const problems = built.parcels.flatMap((p) => {
      const routing = p.routing;
      if (routing?.ok !== true) return [`${p.internalNumber}: not routed`];
      const c = routing.condition;
      return failing(p.internalNumber, [
        ['on the carrier routed to', p.operatorId === routing.operator.id],
        ['correct', p.isCorrect === true],
        ['by the default matrix', routing.defaultMatrix?.name === 'Routing domyślny'],
        ['routed when created', routing.routedAt === p.createdAt.toISOString()],
        ['by a condition at a position from 1', c.position >= 1],
        [
          "from the condition's pickup country",
          c.pickupCountry === null || c.pickupCountry === p.pickupCountry,
        ],
        [
          "to the condition's destination country",
          c.destinationCountry === null || c.destinationCountry === p.destinationCountry,
        ],
        ["within the condition's weight", Number(p.weightKg) <= c.maxWeightKg],
      ]);
    });
    expect(problems).toEqual([]);
  });

  it('makes return parcels of returned parcels: always with autoReturnPackages, addresses swapped, no COD', () => {
    const returns = built.parcels.filter((p) => p.orderType === 'internalReturn');
    expect(returns.length).toBeGreaterThan(10);
    for (const r of returns) {
      const original = byId.get(r.returnOfId!)!;
      expect(original.status).toBe('return');
      expect(r).toMatchObject({ source: 'parcel', clientId: original.clientId, codAmount: null });
      expect(r.pickupAddress).toEqual(original.destinationAddress);
      expect(r.destinationCountry).toBe(original.pickupCountry as CountryCode);
      expect(r.createdAt.getTime()).toBeGreaterThan(original.createdAt.getTime());
      expect(r.routing?.ok && r.routing.clientMatrixTitle).toBe(null);
    }
    expect(new Set(returns.map((r) => r.returnOfId)).size).toBe(returns.length);
    const gadzety = CLIENTS[1].id;
    const returned = built.parcels.filter((p) => p.clientId === gadzety && p.status === 'return');
    const returnedIds = new Set(returns.map((r) => r.returnOfId));
    const late = returned.filter((p) => !returnedIds.has(p.id));
    expect(late.every((p) => p.updatedAt!.getTime() > NOW.getTime() - 6 * 60_000)).toBe(true);
  });

  describe('carrier codes (decision 0144)', () => {
    const typeOf = new Map(operators.map((o) => [o.operatorId, o.type]));
    const codeOf = (type: OperatorType, code: string | null | undefined) =>
      (CARRIER_STATUS_CODES[type] ?? []).find((c) => c.code === code);
    const unmapped = (type: string, code: string | null | undefined) =>
      DEMO_UNMAPPED_SEEN.some((u) => u.operatorType === type && u.code === code);

    it('gives each carrier change the code of its carrier type meaning its status, and no other change a code', () => {
      const coded = built.history.filter((h) => h.carrierCode);
      const uncoded = built.history.filter((h) => !h.carrierCode);
      expect(
        uncoded.filter((h) => (h.carrierDescription ?? null) !== null || (h.carrierEventAt ?? null) !== null),
      ).toEqual([]);
      expect(coded.filter((h) => h.source !== 'carrier')).toEqual([]);
      const wrong = coded.filter((h) => {
        const c = codeOf(typeOf.get(byId.get(h.parcelId)!.operatorId!) as OperatorType, h.carrierCode);
        return (
          c?.dbName !== h.status ||
          c.description !== h.carrierDescription ||
          h.carrierEventAt?.getTime() !== h.createdAt?.getTime()
        );
      });
      expect(wrong).toEqual([]);
      expect(coded.length).toBeGreaterThan(1000);
    });

    it('stands a parcel whose last change came from its carrier on that code, others on none', () => {
      const last = (id: string) => historyOf(id)[historyOf(id).length - 1];
      const type = (p: (typeof built.parcels)[number]) => typeOf.get(p.operatorId!)!;
      const standing = built.parcels.filter((p) => p.carrierStatusCode);
      const none = built.parcels.filter((p) => !p.carrierStatusCode);
      expect(
        none.filter((p) => last(p.id).carrierCode || p.carrierEventAt).map((p) => p.internalNumber),
      ).toEqual([]);
      expect(standing.filter((p) => last(p.id).source !== 'carrier').map((p) => p.internalNumber)).toEqual(
        [],
      );
      const wrong = standing
        .filter((p) => !unmapped(type(p), p.carrierStatusCode))
        .filter(
          (p) =>
            p.carrierStatusCode !== last(p.id).carrierCode ||
            p.carrierEventAt?.getTime() !== last(p.id).createdAt?.getTime() ||
            codeOf(type(p) as OperatorType, p.carrierStatusCode)?.dbName !== p.status,
        );
      expect(wrong.map((p) => p.internalNumber)).toEqual([]);
      // Every active demo carrier's type has a list; the inactive GLS carries no parcels.
      expect(new Set(standing.map(type))).toEqual(new Set(['DPD', 'INPOST', 'UPS', 'PACKETA']));
      expect(standing.filter((p) => ['new', 'toCancel', 'canceled'].includes(p.status!))).toEqual([]);
    });

    it('has DPD tell parcels in transport codes nobody mapped, after their last change', () => {
      for (const u of DEMO_UNMAPPED_SEEN) {
        expect(codeOf(u.operatorType, u.code)).toMatchObject({ dbName: null });
        const told = built.parcels.filter((p) => unmapped(typeOf.get(p.operatorId!)!, p.carrierStatusCode));
        const own = told.filter((p) => p.carrierStatusCode === u.code);
        expect(own).toHaveLength(u.parcels);
        for (const p of own) {
          expect(typeOf.get(p.operatorId!)).toBe(u.operatorType);
          expect(p.status).toBe('inTransport');
          expect(p.carrierEventAt!.getTime()).toBeGreaterThan(p.updatedAt!.getTime());
          expect(p.carrierEventAt!.getTime()).toBeLessThanOrEqual(NOW.getTime());
        }
        const seen = built.seenCodes.find((s) => s.operatorType === u.operatorType && s.code === u.code)!;
        expect(seen.seenCount).toBe(u.parcels);
        expect(own.map((p) => p.id)).toContain(seen.exampleParcelId);
        expect(seen.lastSeenAt).toEqual(new Date(Math.max(...own.map((p) => p.carrierEventAt!.getTime()))));
      }
    });

    it('counts what the status map saw: each coded change, last when, first on which parcel', () => {
      const coded = built.history.filter((h) => h.carrierCode);
      const mapped = built.seenCodes.filter((s) => !unmapped(s.operatorType, s.code));
      expect(mapped.reduce((n, s) => n + s.seenCount, 0)).toBe(coded.length);
      for (const s of mapped) {
        const rows = coded.filter(
          (h) => h.carrierCode === s.code && typeOf.get(byId.get(h.parcelId)!.operatorId!) === s.operatorType,
        );
        expect(rows).toHaveLength(s.seenCount);
        const times = rows.map((h) => h.createdAt!.getTime());
        expect(s.lastSeenAt.getTime()).toBe(Math.max(...times));
        const first = rows.find((h) => h.createdAt!.getTime() === Math.min(...times))!;
        expect(s.exampleParcelId).toBe(first.parcelId);
      }
      expect(new Set(built.seenCodes.map((s) => `${s.operatorType} ${s.code}`)).size).toBe(
        built.seenCodes.length,
      );
    });
  });

  it('keeps every parcel in the current year when the year began less than 60 days ago', () => {
    const now = new Date('2027-01-10T12:00:00Z');
    const early = buildDemoParcels(input({ now, count: 300 }));
    const yearStart = Date.parse('2027-01-01T00:00:00+01:00');
    expect(early.parcels.every((p) => p.createdAt.getTime() >= yearStart)).toBe(true);
    expect(early.history.every((h) => h.createdAt!.getTime() <= now.getTime())).toBe(true);
  });

  it('has journeys that end in their status', () => {
    for (const status of PARCEL_STATUSES) {
      for (const steps of JOURNEYS[status]) {
        expect(steps.length === 0 ? 'new' : steps[steps.length - 1].status).toBe(status);
      }
    }
  });
});
