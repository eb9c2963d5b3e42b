import { MESSAGES, type Role, type SectorView } from '@depot/contracts';
import { startTestDepot, type TestDepot } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { dbProbe, FORBIDDEN, UNKNOWN_ID } from '../role-kit';
import { sectorCalls, type SectorCalls, NOT_WRITERS } from './sectors.kit';

/** POST …/sector/mapSectorOperator and …/unmapSectorOperator: one carrier in at most one sector of a country. */

describe('sectors API: mapping carriers', () => {
  let t: TestDepot;
  let c: SectorCalls;
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

  it('maps carriers to a sector (by name in the reply); the log names the carrier', async () => {
    const sector = await c.sector('DE');
    const [b, a] = [await c.carrier('Zeta carrier'), await c.carrier('Alpha carrier', false)];
    await c.mapped(sector.id, b.id);
    const res = await c.map('operator', { sectorId: sector.id, operatorId: a.id });
    expect(res.status).toBe(200);
    expect((res.body as SectorView).operators).toEqual([
      { id: a.id, name: a.name, type: 'DPD', active: false },
      { id: b.id, name: b.name, type: 'DPD', active: true },
    ]);
    const log = await lastAudit('sector.mapOperator', sector.id);
    expect(log.before).toMatchObject({ operators: [b.name] });
    expect(log.after).toMatchObject({ operators: [a.name, b.name] });
    expect(log.details).toEqual({ operatorId: a.id, operatorName: a.name });
  });

  it('mapping a carrier again changes nothing and answers the sector', async () => {
    const carrier = await c.carrier();
    const sector = await c.mapped((await c.sector('DE')).id, carrier.id);
    const res = await unchanged(() => c.map('admin', { sectorId: sector.id, operatorId: carrier.id }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(sector);
  });

  it('the same carrier may be in one sector of each country', async () => {
    const carrier = await c.carrier();
    await c.mapped((await c.sector('DE')).id, carrier.id);
    await c.mapped((await c.sector('CZ')).id, carrier.id);
    await c.mapped((await c.sector('PL')).id, carrier.id);
    expect(await query('select * from sector_operators where operator_id = $1', [carrier.id])).toHaveLength(
      3,
    );
  });

  it('refuses a carrier already in another sector of the country with 409 naming that sector', async () => {
    const carrier = await c.carrier();
    const held = await c.mapped((await c.sector('FR')).id, carrier.id);
    const other = await c.sector('FR');
    const res = await unchanged(() => c.map('admin', { sectorId: other.id, operatorId: carrier.id }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      statusCode: 409,
      error: 'OperatorInOtherSector',
      message: MESSAGES.sectorOperatorConflict,
      details: {
        operator: { id: carrier.id, name: carrier.name },
        sector: { id: held.id, sectorCountry: 'FR', sectorDescription: held.sectorDescription },
      },
    });
  });

  it('of mappings of one carrier to three sectors of a country at once, exactly one succeeds', async () => {
    const carrier = await c.carrier();
    const targets = [await c.sector('IE'), await c.sector('IE'), await c.sector('IE')];
    const replies = await Promise.all(
      targets.map((s) => c.map('admin', { sectorId: s.id, operatorId: carrier.id })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const r of replies.filter((x) => x.status === 409)) {
      expect(r.body.error).toBe('OperatorInOtherSector');
      expect(r.body.message).toBe(MESSAGES.sectorOperatorConflict);
    }
    expect(await query('select * from sector_operators where operator_id = $1', [carrier.id])).toHaveLength(
      1,
    );
  });

  it('unmaps a carrier; the log holds it; unmapping it again is "No value has changed"', async () => {
    const carrier = await c.carrier();
    const sector = await c.mapped((await c.sector('SE')).id, carrier.id);
    const res = await c.unmap('operator', { sectorId: sector.id, operatorId: carrier.id });
    expect(res.status).toBe(200);
    expect(res.body.operators).toEqual([]);
    expect((await lastAudit('sector.unmapOperator', sector.id)).details).toEqual({
      operatorId: carrier.id,
      operatorName: carrier.name,
    });
    const again = await unchanged(() => c.unmap('admin', { sectorId: sector.id, operatorId: carrier.id }));
    expectError(again, 400, 'Bad Request', MESSAGES.noValueChanged);
    // Free again: another sector of the country may take it.
    await c.mapped((await c.sector('SE')).id, carrier.id);
  });

  it('a deleted carrier leaves its sectors', async () => {
    const carrier = await c.carrier();
    const sector = await c.mapped((await c.sector('FI')).id, carrier.id);
    await query('delete from operators where id = $1', [carrier.id]);
    expect((await c.getOne('admin', sector.id)).body.operators).toEqual([]);
  });

  describe.each([
    ['mapSectorOperator', (r: Role, b: unknown) => c.map(r, b)],
    ['unmapSectorOperator', (r: Role, b: unknown) => c.unmap(r, b)],
  ] as const)('%s: bad input changes nothing', (_name, call) => {
    let sector: SectorView;
    let carrier: { id: string };
    beforeAll(async () => {
      sector = await c.sector('NL');
      carrier = await c.carrier();
    });

    it.each<[string, () => Record<string, unknown>, string, string]>([
      ['no sector', () => ({ operatorId: carrier.id }), MESSAGES.sectorNotFound, 'sectorId'],
      [
        'a sector id that is not a UUID',
        () => ({ sectorId: '1', operatorId: carrier.id }),
        MESSAGES.sectorNotFound,
        'sectorId',
      ],
      [
        'a sector id that is a number',
        () => ({ sectorId: 7, operatorId: carrier.id }),
        MESSAGES.sectorNotFound,
        'sectorId',
      ],
      ['no carrier', () => ({ sectorId: sector.id }), MESSAGES.operatorNotFound, 'operatorId'],
      [
        'a carrier id list',
        () => ({ sectorId: sector.id, operatorId: [carrier.id] }),
        MESSAGES.operatorNotFound,
        'operatorId',
      ],
      [
        'a NUL in the carrier id',
        () => ({ sectorId: sector.id, operatorId: 'a\u0000' }),
        MESSAGES.textNotStorable('operatorId'),
        'operatorId',
      ],
    ])('refuses %s with 400', async (_label, body, message, path) => {
      expectValidation(await unchanged(() => call('admin', body())), message, path);
    });

    it('refuses an unknown field', async () => {
      const res = await unchanged(() => call('admin', { sectorId: sector.id, operatorId: carrier.id, x: 1 }));
      expect(res.status).toBe(400);
    });

    it('answers 404 for a forged sector id, and for a forged carrier id', async () => {
      expectError(
        await unchanged(() => call('admin', { sectorId: UNKNOWN_ID, operatorId: carrier.id })),
        404,
        'Not Found',
        MESSAGES.sectorNotFound,
      );
      expectError(
        await unchanged(() => call('admin', { sectorId: sector.id, operatorId: UNKNOWN_ID })),
        404,
        'Not Found',
        MESSAGES.operatorNotFound,
      );
    });

    it.each(NOT_WRITERS)('refuses a %s with 403', async (role) => {
      expectError(
        await unchanged(() => call(role, { sectorId: sector.id, operatorId: carrier.id })),
        403,
        ...FORBIDDEN,
      );
    });
  });

  describe('GET …/sector/operators', () => {
    it('offers every carrier, active ones first', async () => {
      const off = await c.carrier('Aaa inactive', false);
      const on = await c.carrier('Zzz active');
      const res = await c.operators('operator');
      expect(res.status).toBe(200);
      const ids = (res.body as { id: string }[]).map((o) => o.id);
      expect(ids.indexOf(on.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(on.id)).toBeLessThan(ids.indexOf(off.id));
    });

    it.each(NOT_WRITERS)('refuses a %s with 403', async (role) => {
      expectError(await c.operators(role), 403, ...FORBIDDEN);
    });
  });
});
