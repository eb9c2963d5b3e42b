import { MESSAGES, type Role } from '@depot/contracts';
import { expectError } from '../expectations';
import { cond, NO_ACCESS, tag, UNKNOWN_ID, matricesSuite } from './matrices.kit';

/** administration/matrixes, reading: GET /api/matrix/:id and POST /api/matrix/get/list (paging, search, roles). */

describe('routing matrices API', () => {
  const k = matricesSuite();

  describe('GET /api/matrix/:id', () => {
    it.each(['superAdmin', 'admin', 'operator'] as Role[])(
      '%s reads a matrix with its conditions',
      async (role) => {
        const m = await k.created({ conditions: [cond(k.gls), cond(k.dpd, { maxWeightKg: 2 })] });
        const res = await k.get(role, m.id);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(m);
        expect(res.body.conditions.map((c: { operatorName: string }) => c.operatorName)).toEqual([
          expect.stringMatching(/^GLS /),
          expect.stringMatching(/^DPD /),
        ]);
      },
    );

    it.each([UNKNOWN_ID, 'not-a-uuid'])('answers 404 for %s', async (id) => {
      expectError(await k.get('admin', id), 404, 'Not Found', MESSAGES.matrixNotFound);
    });

    it.each(NO_ACCESS)('refuses %s', async (role) => {
      const m = await k.created();
      expect((await k.get(role, m.id)).status).toBe(403);
    });
  });

  describe('POST /api/matrix/get/list', () => {
    it('pages by name with a cursor, counts all, and searches names and carrier names', async () => {
      const stem = `Paged${tag()}`;
      const carrier = await k.operator({ name: `Unique${stem}` });
      for (const n of ['c', 'a', 'b']) await k.created({ name: `${stem} ${n}`, conditions: [] });
      await k.created({ name: `Other ${tag()}`, conditions: [cond(carrier)] });

      const first = await k.list('operator', { filters: { search: stem.toLowerCase() }, limit: 2 });
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(4);
      expect(first.body.items).toHaveLength(2);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const names = [...first.body.items];
      const second = await k.list('operator', {
        filters: { search: stem.toLowerCase() },
        limit: 2,
        cursor: first.body.nextCursor,
      });
      names.push(...second.body.items);
      expect(second.body.nextCursor).toBeNull();
      expect(names.map((m: { name: string }) => m.name)).toEqual([
        expect.stringMatching(/^Other /),
        `${stem} a`,
        `${stem} b`,
        `${stem} c`,
      ]);
      const byCarrier = await k.list('admin', { filters: { search: `unique${stem}` } });
      expect(byCarrier.body.items.map((m: { operatorNames: string[] }) => m.operatorNames)).toEqual([
        [`Unique${stem}`],
      ]);
      const desc = await k.list('admin', {
        filters: { search: stem },
        orderBy: { field: 'createdAt', direction: 'desc' },
      });
      expect(desc.body.items.map((m: { name: string }) => m.name).slice(0, 3)).toEqual([
        expect.stringMatching(/^Other /),
        `${stem} b`,
        `${stem} a`,
      ]);
    });

    it('refuses a bad cursor and unknown filters', async () => {
      expectError(await k.list('admin', { cursor: 'garbage' }), 400, 'Bad Request', MESSAGES.invalidCursor);
      expect((await k.list('admin', { filters: { colour: 'red' } })).status).toBe(400);
    });

    it.each(NO_ACCESS)('refuses %s', async (role) => {
      expect((await k.list(role)).status).toBe(403);
    });
  });
});
