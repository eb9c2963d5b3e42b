import type { Response } from 'supertest';
import {
  MAX_TEXT_LENGTH,
  MESSAGES,
  rooms,
  type Role,
  type SectorListItem,
  type SectorView,
} from '@depot/contracts';
import { eventMatching, startTestDepot, type TestDepot } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { dbProbe, FORBIDDEN, UNKNOWN_ID } from '../role-kit';
import { BASE, sectorCalls, uniqueName, type SectorCalls, NOT_READERS, NOT_WRITERS } from './sectors.kit';

/** administration/sectors: create, read and list sectors (SPEC 7 sector calls; decision 0124); edits in sectors-edit. */

const v = MESSAGES.validation;

describe('sectors API', () => {
  let t: TestDepot;
  let c: SectorCalls;
  /** Sectors, mappings and the size of the log: what a refused call must leave alone. */
  const { query, unchanged, lastAudit } = dbProbe(
    () => t,
    ['sectors', { table: 'sector_operators', orderBy: 'operator_id' }],
  );

  beforeAll(async () => {
    t = await startTestDepot();
    c = await sectorCalls(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents the calls in OpenAPI under the SPEC 7 paths', async () => {
    const res = await t.http().get('/api/docs-json');
    expect(Object.keys(res.body.paths as object)).toEqual(
      expect.arrayContaining(
        [
          'create',
          'mapSectorOperator',
          'unmapSectorOperator',
          'list',
          'operators',
          'get/{id}',
          'update/{id}',
          'delete/{id}',
        ].map((p) => `${BASE}/${p}`),
      ),
    );
  });

  describe('POST …/sector/create', () => {
    it('an admin creates a sector; the reply and GET show it; the log holds it; the live list hears it', async () => {
      const s = t.socket({ token: c.tokens.magazyn });
      await new Promise<void>((resolve) => s.emit('subscribe', rooms.list('sectors'), () => resolve()));
      const description = uniqueName('Berlin');
      const heard = eventMatching(
        s,
        'list:change',
        (ch) => ch.list === 'sectors' && ch.op === 'upsert' && ch.row.sectorDescription === description,
      );
      const res = await c.create('admin', { sectorCountry: 'DE', sectorDescription: `  ${description} ` });
      expect(res.status).toBe(201);
      const sector = res.body as SectorView;
      expect(sector).toEqual({
        id: expect.any(String),
        sectorCountry: 'DE',
        sectorDescription: description,
        operators: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(await heard).toMatchObject({ row: { id: sector.id, operators: [] }, created: true });
      const got = await c.getOne('magazyn', sector.id);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(sector);
      const log = await lastAudit('sector.create', sector.id);
      expect(log.after).toEqual({ sectorCountry: 'DE', sectorDescription: description, operators: [] });
      expect(log.created_by_id).not.toBeNull();
    });

    it.each<Role>(['superAdmin', 'operator'])('a %s creates a sector too', async (role) => {
      const res = await c.create(role, { sectorCountry: 'PL', sectorDescription: uniqueName() });
      expect(res.status).toBe(201);
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['no country', { sectorDescription: 'A' }, v.countryRequired, 'sectorCountry'],
      [
        'an unsupported country',
        { sectorCountry: 'US', sectorDescription: 'A' },
        v.routingCountryUnsupported,
        'sectorCountry',
      ],
      [
        'a lower-case code',
        { sectorCountry: 'de', sectorDescription: 'A' },
        v.routingCountryUnsupported,
        'sectorCountry',
      ],
      [
        'a country name',
        { sectorCountry: 'Niemcy', sectorDescription: 'A' },
        v.routingCountryUnsupported,
        'sectorCountry',
      ],
      [
        'a country that is a number',
        { sectorCountry: 48, sectorDescription: 'A' },
        v.routingCountryUnsupported,
        'sectorCountry',
      ],
      ['no description', { sectorCountry: 'DE' }, v.sectorDescriptionRequired, 'sectorDescription'],
      [
        'a blank description',
        { sectorCountry: 'DE', sectorDescription: '  ' },
        v.sectorDescriptionRequired,
        'sectorDescription',
      ],
      [
        'a description that is not text',
        { sectorCountry: 'DE', sectorDescription: ['A'] },
        v.sectorDescriptionRequired,
        'sectorDescription',
      ],
      [
        'a description of 101 characters',
        { sectorCountry: 'DE', sectorDescription: 'x'.repeat(101) },
        'At most 100 characters',
        'sectorDescription',
      ],
    ])('refuses %s with its message and changes nothing', async (_label, body, message, path) => {
      expectValidation(await unchanged(() => c.create('admin', body)), message, path);
    });

    it('refuses an unknown field, and a body that is not an object', async () => {
      const extra = await unchanged(() =>
        c.create('admin', { sectorCountry: 'DE', sectorDescription: 'A', operatorIds: [] }),
      );
      expect(extra.status).toBe(400);
      expect(extra.body.error).toBe('ValidationError');
      const list = await unchanged(() => c.create('admin', ['DE', 'A']));
      expect(list.status).toBe(400);
    });

    it('refuses NUL and huge text at the edge, naming the field, and changes nothing', async () => {
      const nul = await unchanged(() =>
        c.create('admin', { sectorCountry: 'DE', sectorDescription: 'a\u0000b' }),
      );
      expect(nul.status).toBe(400);
      expect(nul.body.message).toBe(MESSAGES.textNotStorable('sectorDescription'));
      const huge = await unchanged(() =>
        c.create('admin', { sectorCountry: 'DE', sectorDescription: 'x'.repeat(MAX_TEXT_LENGTH + 1) }),
      );
      expect(huge.status).toBe(400);
      expect(huge.body.message).toBe(MESSAGES.textTooLong('sectorDescription', MAX_TEXT_LENGTH));
    });

    it.each([
      ['the same description', (d: string) => d],
      ['another case and spaces around', (d: string) => `  ${d.toUpperCase()} `],
    ])('refuses a country and description another sector holds (%s) with 409', async (_label, variant) => {
      const taken = await c.sector('CZ');
      const res = await unchanged(() =>
        c.create('admin', { sectorCountry: 'CZ', sectorDescription: variant(taken.sectorDescription) }),
      );
      expect(res.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: MESSAGES.sectorTaken,
        details: [{ path: 'sectorDescription', message: MESSAGES.sectorTaken }],
      });
    });

    it('takes the same description in another country', async () => {
      const first = await c.sector('CZ');
      const res = await c.create('admin', {
        sectorCountry: 'SK',
        sectorDescription: first.sectorDescription,
      });
      expect(res.status).toBe(201);
    });

    it('of three creates of the same sector at once, exactly one succeeds', async () => {
      const sectorDescription = uniqueName('Race');
      const replies = await Promise.all(
        [0, 1, 2].map(() => c.create('admin', { sectorCountry: 'FR', sectorDescription })),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      for (const r of replies.filter((x) => x.status === 409))
        expect(r.body.message).toBe(MESSAGES.sectorTaken);
      expect(
        await query('select id from sectors where sector_description = $1', [sectorDescription]),
      ).toHaveLength(1);
    });

    it.each(NOT_WRITERS)('refuses a %s with 403 and creates nothing', async (role) => {
      const res = await unchanged(() =>
        c.create(role, { sectorCountry: 'DE', sectorDescription: uniqueName() }),
      );
      expectError(res, 403, ...FORBIDDEN);
    });

    it('refuses a call without a session with 401', async () => {
      const res = await t.http().post(`${BASE}/create`).send({ sectorCountry: 'DE', sectorDescription: 'x' });
      expect(res.status).toBe(401);
    });
  });

  describe('GET …/sector/get/{id}', () => {
    it.each([UNKNOWN_ID, 'not-a-uuid'])('answers 404 for %s', async (id) => {
      expectError(await c.getOne('admin', id), 404, 'Not Found', MESSAGES.sectorNotFound);
    });

    it.each(NOT_READERS)('refuses a %s with 403', async (role) => {
      const { id } = await c.sector();
      expectError(await c.getOne(role, id), 403, ...FORBIDDEN);
    });
  });

  describe('GET …/sector/list', () => {
    it('lists sectors with their carriers in keyset pages, filtered by description, country and carrier', async () => {
      const tag = uniqueName('Page').replace(/\s/g, '');
      const carrier = await c.carrier();
      const made: SectorView[] = [];
      for (const [i, country] of (['AT', 'BE', 'AT', 'DK', 'EE'] as const).entries())
        made.push(await c.sector(country, `${tag} ${i}`));
      await c.mapped(made[0].id, carrier.id);
      const first = await c.list('magazyn', {
        search: tag.toLowerCase(),
        limit: '2',
        sort: 'sectorDescription',
      });
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(5);
      expect(first.body.items.map((s: SectorListItem) => s.sectorDescription)).toEqual([
        `${tag} 0`,
        `${tag} 1`,
      ]);
      expect(first.body.items[0]).toEqual({
        id: made[0].id,
        sectorCountry: 'AT',
        sectorDescription: `${tag} 0`,
        operators: [{ id: carrier.id, name: carrier.name }],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Response = await c.list('operator', {
          search: tag,
          limit: '2',
          sort: 'sectorDescription',
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.body.items.map((s: SectorListItem) => s.sectorDescription));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([0, 1, 2, 3, 4].map((i) => `${tag} ${i}`));
      const austria = await c.list('admin', {
        search: tag,
        sectorCountry: 'AT',
        direction: 'desc',
        sort: 'sectorDescription',
      });
      expect(austria.body.items.map((s: SectorListItem) => s.sectorDescription)).toEqual([
        `${tag} 2`,
        `${tag} 0`,
      ]);
      const byCarrier = await c.list('admin', { operatorId: carrier.id });
      expect(byCarrier.body.items.map((s: SectorListItem) => s.id)).toEqual([made[0].id]);
    });

    it('treats LIKE wildcards in the search as text', async () => {
      const res = await c.list('admin', { search: '%_%' });
      expect(res.status).toBe(200);
      expect(res.body.items).toEqual([]);
    });

    it.each<Record<string, string>>([
      { cursor: 'garbage' },
      { limit: '0' },
      { limit: '51' },
      { sectorCountry: 'XX' },
      { operatorId: 'not-a-uuid' },
      { sort: 'operators' },
      { unknown: '1' },
      { search: 'a\u0000b' },
      { search: 'x'.repeat(101) },
    ])('refuses %j with 400', async (q) => {
      expect((await c.list('admin', q)).status).toBe(400);
    });

    it.each(NOT_READERS)('refuses a %s with 403', async (role) => {
      expectError(await c.list(role), 403, ...FORBIDDEN);
    });
  });
});
