import { PgDialect } from 'drizzle-orm/pg-core';
import { operators } from '../db/schema';
import { selectionWhere } from './mass-selection';

const render = (s: ReturnType<typeof selectionWhere>) => (s ? new PgDialect().sqlToQuery(s) : undefined);

describe('selectionWhere', () => {
  it('picked ids: only those rows', () => {
    expect(render(selectionWhere(operators.id, { onlyIds: ['a', 'b'] }))).toMatchObject({
      sql: '"operators"."id" in ($1, $2)',
      params: ['a', 'b'],
    });
  });

  it('no picked ids: no row at all', () => {
    expect(render(selectionWhere(operators.id, { onlyIds: [] }))?.sql).toBe('false');
  });

  it('select-all with exceptions: every row but those', () => {
    expect(render(selectionWhere(operators.id, { exceptIds: ['c'] }))).toMatchObject({
      sql: '"operators"."id" not in ($1)',
      params: ['c'],
    });
  });

  it('select-all without exceptions (or no selection): no narrowing', () => {
    expect(selectionWhere(operators.id, { exceptIds: [] })).toBeUndefined();
    expect(selectionWhere(operators.id, {})).toBeUndefined();
  });
});
