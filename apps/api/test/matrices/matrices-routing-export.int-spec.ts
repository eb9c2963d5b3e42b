import { MESSAGES, type MatrixView, type Principal } from '@depot/contracts';
import { ExportRegistry, type ExportCell } from '../../src/modules/exports/export-source';
import { tag, routingSuite } from './matrices.kit';

/** The matrices export source: rows per condition, select-all with filters, the xlsx mass action. */

describe('routing: tester, carrier replacement, export', () => {
  const k = routingSuite();

  describe('matrices export source', () => {
    const principal = {
      kind: 'session',
      userId: null,
      role: 'admin',
      clientId: null,
    } as unknown as Principal;
    const collect = async (selection: Record<string, unknown>) => {
      const source = k.t.depot.app.get(ExportRegistry).get('matrices')!;
      const rows: Record<string, ExportCell>[] = [];
      const sel = {
        selectedAll: false,
        ids: [],
        exceptId: [],
        filters: {},
        orderBy: undefined,
        ...selection,
      };
      for await (const batch of source.rows(sel, principal)) rows.push(...batch);
      return { rows, count: await source.count(sel, principal), source };
    };

    it('is registered for matrices.read with one row per condition, in list then condition order', async () => {
      const empty = await k.created({ name: `Zz empty ${tag()}` });
      const { rows, count, source } = await collect({ ids: [k.domestic.id, empty.id, k.main.id] });
      expect(source.permission).toBe('matrices.read');
      expect(count).toBe(rows.length);
      const fresh = (await k.get('admin', k.main.id)).body as MatrixView;
      expect(rows).toEqual([
        expect.objectContaining({
          matrix: k.domestic.name,
          isDefault: false,
          position: 1,
          pickupCountry: 'PL',
          destinationCountry: 'PL',
          maxWeightKg: 31.5,
        }),
        ...fresh.conditions.map((x) =>
          expect.objectContaining({
            matrix: k.main.name,
            isDefault: true,
            position: x.position,
            pickupCountry: x.pickupCountry,
            destinationCountry: x.destinationCountry,
            maxWeightKg: x.maxWeightKg,
            operator: x.operatorName,
          }),
        ),
        { matrix: empty.name, isDefault: false },
      ]);
    });

    it('honours select-all with a filter and exceptions', async () => {
      const { rows, count } = await collect({
        selectedAll: true,
        filters: { search: 'main' },
        exceptId: [],
      });
      expect(new Set(rows.map((r) => r.matrix))).toEqual(new Set([k.main.name]));
      expect(count).toBe(5);
      const none = await collect({ selectedAll: true, filters: { search: 'main' }, exceptId: [k.main.id] });
      expect(none.rows).toEqual([]);
      expect(none.count).toBe(0);
    });

    it('answers the mass export call with an xlsx of the picked matrix', async () => {
      const res = await k.t
        .http()
        .post('/api/matrix/mass/action')
        .set(k.bearer('operator'))
        .send({
          actionName: 'selectedRoutingsExportToXls',
          ids: [k.main.id],
          selectedAll: false,
          exceptId: [],
        })
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
      const refused = await k.t
        .http()
        .post('/api/matrix/mass/action')
        .set(k.bearer('magazyn'))
        .send({ actionName: 'selectedRoutingsExportToXls', ids: [k.main.id] });
      expect(refused.status).toBe(403);
    });

    it('refuses filters the list does not know', async () => {
      await expect(collect({ selectedAll: true, filters: { colour: 'red' } })).rejects.toMatchObject({
        response: { message: MESSAGES.exportFiltersInvalid },
      });
    });
  });
});
