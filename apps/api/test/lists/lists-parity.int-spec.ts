import {
  API_KEY_SORT_FIELDS,
  CLIENT_GROUP_SORT_FIELDS,
  CLIENT_SORT_FIELDS,
  CONSOLIDATION_SORT_FIELDS,
  INTEGRATION_SORT_FIELDS,
  MATRIX_SORT_FIELDS,
  OPERATOR_SORT_FIELDS,
  PARCEL_SORT_FIELDS,
  SECTOR_SORT_FIELDS,
  STATUS_MAP_SORT_FIELDS,
  USER_SORT_FIELDS,
} from '@depot/contracts';
import {
  apiKeysListSpec,
  clientGroupsListSpec,
  clientsListSpec,
  consolidationsListSpec,
  integrationsListSpec,
  matricesListSpec,
  operatorsListSpec,
  parcelsListSpec,
  sectorsListSpec,
  statusesListSpec,
  usersListSpec,
  type ListOrder,
} from '@depot/domain';
import { apiKeyListCases, API_KEY_CASE_CLIENTS } from '../../../../libs/domain/src/lists/api-keys-list.cases';
import { clientGroupListCases } from '../../../../libs/domain/src/lists/client-groups-list.cases';
import { clientListCases } from '../../../../libs/domain/src/lists/clients-list.cases';
import { consolidationListCases } from '../../../../libs/domain/src/lists/consolidations-list.cases';
import {
  integrationListCases,
  INTEGRATION_CASE_CLIENTS,
} from '../../../../libs/domain/src/lists/integrations-list.cases';
import { sortedIds, type ListCaseTable } from '../../../../libs/domain/src/lists/list-cases';
import { LOG_CASE_AUTHOR, logListCases } from '../../../../libs/domain/src/lists/logs-list.cases';
import { matrixListCases } from '../../../../libs/domain/src/lists/matrices-list.cases';
import { operatorListCases } from '../../../../libs/domain/src/lists/operators-list.cases';
import {
  parcelListCases,
  PARCEL_CASE_CLIENTS,
  PARCEL_CASE_OPERATORS,
} from '../../../../libs/domain/src/lists/parcels-list.cases';
import { sectorListCases, SECTOR_CASE_OPERATORS } from '../../../../libs/domain/src/lists/sectors-list.cases';
import { statusMapListCases } from '../../../../libs/domain/src/lists/statuses-list.cases';
import { userListCases, USER_CASE_CLIENTS } from '../../../../libs/domain/src/lists/users-list.cases';
import {
  apiKeys,
  auditLog,
  clientGroups,
  clients,
  consolidations,
  integrations,
  operators,
  parcels,
  routingConditions,
  routingMatrices,
  sectorOperators,
  sectors,
  statusMap,
  users,
} from '../../src/db/schema';
import { sha256 } from '../../src/modules/auth/tokens';
import { ADMIN, startTestDepot, type TestDepot } from '../harness';

/**
 * One source for every fact (#12 item 3): each list's table of filter cases (libs/domain/src/lists/*.cases.ts) run
 * through the list endpoint, i.e. the repository's SQL. The same tables run through the panel's predicates in
 * libs/domain/src/lists/*.spec.ts, so a predicate that drifts from the SQL fails one of the two.
 */

describe('lists: the SQL keeps what the shared list specs keep', () => {
  let t: TestDepot;
  let token: string;

  beforeAll(async () => {
    t = await startTestDepot();
    token = await t.sessionFor(ADMIN.email);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.depot.runtime.db;

  const auth = () => ({ Authorization: `Bearer ${token}` });
  /** `POST /api/<path>/get/list` with the filters, as the panel asks. */
  const postList = (path: string) => (filters: object) =>
    t.http().post(`/api/${path}/get/list`).set(auth()).send({ filters, limit: 50 });

  /**
   * Runs every case of `table` through the list endpoint (superAdmin, so every row is in scope) and checks the
   * table's rows it returns; rows the suite did not insert (the admin user) are left out.
   */
  function runCases<F>(
    table: ListCaseTable<{ id: string }, F>,
    list: (filters: F) => ReturnType<ReturnType<typeof postList>>,
  ) {
    it.each(table.cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const res = await list(c.filters);
      expect(res.status).toBe(200);
      const ours = new Set(table.items.map((i) => i.id));
      const items = res.body.items as { id: string }[];
      expect(res.body.nextCursor).toBeNull();
      expect(sortedIds(items.map((i) => i.id).filter((id) => ours.has(id)))).toEqual(sortedIds(c.expected));
    });
  }

  /**
   * The list's comparator (the panel places live rows with it) against the SQL's ORDER BY: for each sort field and
   * direction, the table's rows as the endpoint orders them must already be in the comparator's order.
   */
  function runOrders<T extends { id: string }, S extends string>(
    table: ListCaseTable<{ id: string }, unknown>,
    fields: readonly S[],
    compare: (a: T, b: T, order: ListOrder<S>) => number,
    list: (order: ListOrder<S>) => ReturnType<ReturnType<typeof postList>>,
  ) {
    const orders = fields.flatMap((field) =>
      (['asc', 'desc'] as const).map((direction) => ({ field, direction })),
    );
    it.each(orders.map((o) => [`${o.field} ${o.direction}`, o] as const))(
      'order: %s',
      async (_name, order) => {
        const res = await list(order);
        expect(res.status).toBe(200);
        const ours = new Set(table.items.map((i) => i.id));
        const rows = (res.body.items as T[]).filter((r) => ours.has(r.id));
        expect(rows).toHaveLength(ours.size);
        const placed = [...rows].sort((a, b) => compare(a, b, order));
        expect(placed.map((r) => r.id)).toEqual(rows.map((r) => r.id));
      },
    );
  }
  /** `POST /api/<path>/get/list` in an order, with the filters that keep every row of the table. */
  const postOrdered =
    (path: string, filters: object = {}) =>
    (orderBy: ListOrder) =>
      t.http().post(`/api/${path}/get/list`).set(auth()).send({ filters, orderBy, limit: 50 });

  describe('clients', () => {
    beforeAll(async () => {
      // In the table's order: masters come before the accounts linked to them. Each a second apart: inserts in one
      // millisecond differ in microseconds, which the SQL orders by and the API's dates (milliseconds) do not show.
      for (const [i, c] of clientListCases.items.entries())
        await db()
          .insert(clients)
          .values({ ...c, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) });
    });
    runCases(clientListCases, postList('client'));
    runOrders(clientListCases, CLIENT_SORT_FIELDS, clientsListSpec.compare, postOrdered('client'));
  });

  describe('operators', () => {
    beforeAll(async () => {
      await db()
        .insert(operators)
        .values(
          operatorListCases.items.map((o) => ({
            id: o.id,
            name: o.operatorName,
            type: o.operatorType,
            description: o.description,
            active: o.active,
          })),
        );
    });
    runCases(operatorListCases, postList('operator'));
    runOrders(operatorListCases, OPERATOR_SORT_FIELDS, operatorsListSpec.compare, postOrdered('operator'));
  });

  describe('API keys', () => {
    beforeAll(async () => {
      await db()
        .insert(clients)
        .values(API_KEY_CASE_CLIENTS.map((id, i) => ({ id, companyName: `API key client ${i}` })));
      await db()
        .insert(apiKeys)
        .values(apiKeyListCases.items.map((k) => ({ ...k, keyHash: sha256(k.id) })));
    });
    runCases(apiKeyListCases, postList('apiKey'));
    runOrders(apiKeyListCases, API_KEY_SORT_FIELDS, apiKeysListSpec.compare, postOrdered('apiKey'));
  });

  describe('integrations', () => {
    beforeAll(async () => {
      await db()
        .insert(clients)
        .values(INTEGRATION_CASE_CLIENTS.map((id, i) => ({ id, companyName: `Integration client ${i}` })));
      await db()
        .insert(integrations)
        .values(integrationListCases.items.map((i) => ({ ...i, keyEncrypted: 'not-read-by-the-list' })));
    });
    runCases(integrationListCases, postList('integration'));
    runOrders(
      integrationListCases,
      INTEGRATION_SORT_FIELDS,
      integrationsListSpec.compare,
      postOrdered('integration'),
    );
  });

  describe('users', () => {
    beforeAll(async () => {
      await db()
        .insert(clients)
        .values(USER_CASE_CLIENTS.map((id, i) => ({ id, companyName: `User client ${i}` })));
      await db()
        .insert(users)
        .values(userListCases.items.map((u) => ({ ...u, passwordHash: 'not-a-hash' })));
    });
    runCases(userListCases, postList('user'));
    runOrders(userListCases, USER_SORT_FIELDS, usersListSpec.compare, postOrdered('user'));
  });

  describe('matrices', () => {
    beforeAll(async () => {
      const names = [...new Set(matrixListCases.items.flatMap((m) => m.operatorNames))];
      const carriers = await db()
        .insert(operators)
        .values(names.map((name) => ({ name, type: 'DPD' })))
        .returning({ id: operators.id, name: operators.name });
      const carrierId = new Map(carriers.map((c) => [c.name, c.id]));
      for (const [i, m] of matrixListCases.items.entries()) {
        // A second apart, as the clients above.
        await db()
          .insert(routingMatrices)
          .values({ id: m.id, name: m.name, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) });
        if (m.operatorNames.length === 0) continue;
        await db()
          .insert(routingConditions)
          .values(
            m.operatorNames.map((name, position) => ({
              matrixId: m.id,
              position,
              maxWeightKg: '10',
              operatorId: carrierId.get(name)!,
            })),
          );
      }
    });
    runCases(matrixListCases, postList('matrix'));
    runOrders(matrixListCases, MATRIX_SORT_FIELDS, matricesListSpec.compare, postOrdered('matrix'));
  });

  describe('client groups', () => {
    beforeAll(async () => {
      await db()
        .insert(clientGroups)
        .values([...clientGroupListCases.items]);
    });
    // The one list read with GET: its filters are query parameters.
    runCases(clientGroupListCases, (filters) =>
      t
        .http()
        .get('/api/clientGroup/get/group')
        .set(auth())
        .query({ ...filters, limit: 50 }),
    );
    runOrders(clientGroupListCases, CLIENT_GROUP_SORT_FIELDS, clientGroupsListSpec.compare, (order) =>
      t
        .http()
        .get('/api/clientGroup/get/group')
        .set(auth())
        .query({ sort: order.field, direction: order.direction, limit: 50 }),
    );
  });

  describe('sectors', () => {
    beforeAll(async () => {
      await db()
        .insert(operators)
        .values(
          Object.values(SECTOR_CASE_OPERATORS).map((id, i) => ({
            id,
            name: `Sector carrier ${i}`,
            type: 'DPD',
          })),
        );
      await db()
        .insert(sectors)
        .values(sectorListCases.items.map(({ operators: _o, ...s }) => s));
      await db()
        .insert(sectorOperators)
        .values(
          sectorListCases.items.flatMap((s) =>
            s.operators.map((o) => ({ sectorId: s.id, sectorCountry: s.sectorCountry, operatorId: o.id })),
          ),
        );
    });
    // Read with GET, like client groups: its filters are query parameters.
    const list = (query: object) =>
      t.http().get('/api/operatingModule/administration/sector/list').set(auth()).query(query);
    runCases(sectorListCases, (filters) => list({ ...filters, limit: 50 }));
    runOrders(sectorListCases, SECTOR_SORT_FIELDS, sectorsListSpec.compare, (order) =>
      list({ sort: order.field, direction: order.direction, limit: 50 }),
    );
  });

  describe('statuses', () => {
    beforeAll(async () => {
      // Times seen and last changes with ties, so the orders by them fall back to the id as the SQL does.
      await db()
        .insert(statusMap)
        .values(
          statusMapListCases.items.map((r, i) => ({
            ...r,
            seenCount: [3, 0, 3, 7, 0][i % 5],
            updatedAt: new Date(Date.UTC(2026, 0, 1 + (i % 3))),
          })),
        );
    });
    // Read with GET: its filters are query parameters.
    const list = (query: object) => t.http().get('/api/mapStatus/list').set(auth()).query(query);
    runCases(statusMapListCases, (filters) => list({ ...filters, limit: 50 }));
    runOrders(statusMapListCases, STATUS_MAP_SORT_FIELDS, statusesListSpec.compare, (order) =>
      list({ sort: order.field, direction: order.direction, limit: 50 }),
    );
  });

  describe('consolidations', () => {
    beforeAll(async () => {
      await db()
        .insert(consolidations)
        .values(consolidationListCases.items.map((c) => ({ ...c, createdAt: new Date(c.createdAt) })));
    });
    // Read with GET: its filters are query parameters.
    const list = (query: object) =>
      t.http().get('/api/operatingModule/consolidation/list').set(auth()).query(query);
    runCases(consolidationListCases, (filters) => list({ ...filters, limit: 50 }));
    runOrders(consolidationListCases, CONSOLIDATION_SORT_FIELDS, consolidationsListSpec.compare, (order) =>
      list({ sort: order.field, direction: order.direction, limit: 50 }),
    );
  });

  describe('logs', () => {
    beforeAll(async () => {
      await db().insert(users).values({
        id: LOG_CASE_AUTHOR,
        email: 'log-author@parity.test',
        firstName: 'Log',
        lastName: 'Author',
        role: 'admin',
        passwordHash: 'not-a-hash',
      });
      await db()
        .insert(auditLog)
        .values(
          logListCases.items.map((e) => ({ ...e, id: Number(e.id), createdAt: new Date(e.createdAt) })),
        );
    });
    runCases(logListCases, postList('log'));
  });

  describe('parcels', () => {
    const address = (country: string) => ({
      name: 'Parity',
      street: 'Prosta',
      building: '1',
      city: 'Warszawa',
      zipCode: '00-001',
      country,
      phone: '+48 600 100 200',
      email: null,
    });
    beforeAll(async () => {
      await db()
        .insert(clients)
        .values(PARCEL_CASE_CLIENTS.map((id, i) => ({ id, companyName: `Parcel client ${i}` })));
      await db()
        .insert(operators)
        .values(PARCEL_CASE_OPERATORS.map((id, i) => ({ id, name: `Parcel carrier ${i}`, type: 'DPD' })));
      await db()
        .insert(parcels)
        .values(
          parcelListCases.items.map((p) => ({
            ...p,
            createdAt: new Date(p.createdAt),
            weightKg: '1.000',
            pickupAddress: address(p.pickupCountry),
            destinationAddress: address(p.destinationCountry),
          })),
        );
    });
    runCases(parcelListCases, postList('order'));
    // The old parcel is outside the current year, the default range: every day from 2020 keeps it.
    runOrders(
      parcelListCases,
      PARCEL_SORT_FIELDS,
      parcelsListSpec.compare,
      postOrdered('order', { dateFrom: '2020-01-01', dateTo: '2030-12-31' }),
    );
  });
});
