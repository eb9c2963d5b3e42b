import { MESSAGES, rooms } from '@depot/contracts';
import { eventMatching, startTestDepot, type TestDepot } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { dbProbe, FORBIDDEN, UNKNOWN_ID } from '../role-kit';
import { sectorCalls, uniqueName, type SectorCalls, NOT_WRITERS } from './sectors.kit';

/** administration/sectors: edit and delete sectors (SPEC 7 sector calls; decision 0124). */

const v = MESSAGES.validation;

describe('sectors API: edit and delete', () => {
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

  describe('PUT …/sector/update/{id}', () => {
    it('changes the description; the log holds before and after; the live list hears it', async () => {
      const sector = await c.sector('PL');
      const description = uniqueName('Renamed');
      const s = t.socket({ token: c.tokens.operator });
      await new Promise<void>((resolve) => s.emit('subscribe', rooms.list('sectors'), () => resolve()));
      const heard = eventMatching(
        s,
        'list:change',
        (ch) => ch.list === 'sectors' && ch.op === 'upsert' && ch.row.id === sector.id,
      );
      const res = await c.update('operator', sector.id, { sectorDescription: description });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: sector.id, sectorCountry: 'PL', sectorDescription: description });
      expect(await heard).toMatchObject({ row: { sectorDescription: description }, created: false });
      const log = await lastAudit('sector.update', sector.id);
      expect(log.before).toMatchObject({ sectorDescription: sector.sectorDescription });
      expect(log.after).toMatchObject({ sectorDescription: description });
    });

    it('moves a sector to another country with its carriers', async () => {
      const sector = await c.sector('PT');
      const carrier = await c.carrier();
      await c.mapped(sector.id, carrier.id);
      const res = await c.update('admin', sector.id, { sectorCountry: 'ES' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ sectorCountry: 'ES', operators: [{ id: carrier.id }] });
      expect(
        await query('select sector_country from sector_operators where sector_id = $1', [sector.id]),
      ).toEqual([{ sector_country: 'ES' }]);
    });

    it('refuses a move to a country where a carrier of the sector is in another sector (409, naming it)', async () => {
      const carrier = await c.carrier();
      const held = await c.mapped((await c.sector('LT')).id, carrier.id);
      const moving = await c.mapped((await c.sector('LV')).id, carrier.id);
      const res = await unchanged(() => c.update('admin', moving.id, { sectorCountry: 'LT' }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        error: 'OperatorInOtherSector',
        message: MESSAGES.sectorOperatorConflict,
        details: {
          operator: { id: carrier.id, name: carrier.name },
          sector: { id: held.id, sectorCountry: 'LT', sectorDescription: held.sectorDescription },
        },
      });
    });

    it('refuses a country and description another sector holds with 409', async () => {
      const taken = await c.sector('HU');
      const other = await c.sector('HU');
      const res = await unchanged(() =>
        c.update('admin', other.id, { sectorDescription: taken.sectorDescription.toLowerCase() }),
      );
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MESSAGES.sectorTaken);
    });

    it('answers "No value has changed" when nothing would change', async () => {
      const sector = await c.sector('RO');
      for (const body of [
        {},
        { sectorCountry: 'RO' },
        { sectorDescription: ` ${sector.sectorDescription} ` },
      ]) {
        expectError(
          await unchanged(() => c.update('admin', sector.id, body)),
          400,
          'Bad Request',
          MESSAGES.noValueChanged,
        );
      }
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['a blank description', { sectorDescription: ' ' }, v.sectorDescriptionRequired, 'sectorDescription'],
      ['an unknown country', { sectorCountry: 'ZZ' }, v.routingCountryUnsupported, 'sectorCountry'],
      ['a null country', { sectorCountry: null }, v.routingCountryUnsupported, 'sectorCountry'],
    ])('refuses %s with its message and changes nothing', async (_label, body, message, path) => {
      const sector = await c.sector();
      expectValidation(await unchanged(() => c.update('admin', sector.id, body)), message, path);
    });

    it.each([UNKNOWN_ID, 'nope'])('answers 404 for the unknown sector %s', async (id) => {
      expectError(
        await c.update('admin', id, { sectorDescription: 'x' }),
        404,
        'Not Found',
        MESSAGES.sectorNotFound,
      );
    });

    it.each(NOT_WRITERS)('refuses a %s with 403', async (role) => {
      const sector = await c.sector();
      expectError(
        await unchanged(() => c.update(role, sector.id, { sectorDescription: uniqueName() })),
        403,
        ...FORBIDDEN,
      );
    });
  });

  describe('DELETE …/sector/delete/{id}', () => {
    it('deletes the sector and its mappings; the log keeps what it was; the live list hears it', async () => {
      const sector = await c.sector('GR');
      const carrier = await c.carrier();
      await c.mapped(sector.id, carrier.id);
      const s = t.socket({ token: c.tokens.admin });
      await new Promise<void>((resolve) => s.emit('subscribe', rooms.list('sectors'), () => resolve()));
      const heard = eventMatching(s, 'list:change', (ch) => ch.list === 'sectors' && ch.op === 'delete');
      expect((await c.remove('admin', sector.id)).status).toBe(204);
      expect(await heard).toMatchObject({ list: 'sectors', op: 'delete', id: sector.id });
      expect((await c.getOne('admin', sector.id)).status).toBe(404);
      expect(await query('select * from sector_operators where sector_id = $1', [sector.id])).toEqual([]);
      expect((await lastAudit('sector.delete', sector.id)).before).toMatchObject({
        sectorCountry: 'GR',
        operators: [carrier.name],
      });
      // The carrier is free to join another sector of that country.
      await c.mapped((await c.sector('GR')).id, carrier.id);
      expect((await c.remove('admin', sector.id)).status).toBe(404);
    });

    it.each(NOT_WRITERS)('refuses a %s with 403', async (role) => {
      const sector = await c.sector();
      expectError(await unchanged(() => c.remove(role, sector.id)), 403, ...FORBIDDEN);
    });
  });
});
