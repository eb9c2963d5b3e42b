import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bulkInsert } from './bulk';
import { importRows, parcelStatusHistory } from './schema';

const dialect = new PgDialect();

describe('bulkInsert', () => {
  it('writes only the columns some row gives, typed by the table, with the rows as one JSON parameter', () => {
    const at = new Date('2026-11-29T10:00:00.000Z');
    const q = dialect.sqlToQuery(
      bulkInsert(
        parcelStatusHistory,
        [
          { parcelId: 'a', status: 'new', source: 'panel', createdAt: at },
          { parcelId: 'b', status: 'new', source: 'panel', note: 'x' },
        ],
        sql`id`,
      ),
    );
    expect(q.params).toHaveLength(1);
    expect(JSON.parse(q.params[0] as string)).toEqual([
      { parcel_id: 'a', status: 'new', source: 'panel', note: null, created_at: '2026-11-29T10:00:00.000Z' },
      { parcel_id: 'b', status: 'new', source: 'panel', note: 'x', created_at: null },
    ]);
    expect(q.sql).toContain(
      'insert into "parcel_status_history" ("parcel_id", "status", "source", "note", "created_at")',
    );
    expect(q.sql).toContain('"parcel_id" uuid, "status" varchar(20), "source" varchar(20), "note" text');
    expect(q.sql).toContain('"created_at" timestamp with time zone');
    expect(q.sql).not.toContain('"id" ');
    expect(q.sql.trim().endsWith('returning id')).toBe(true);
  });

  it('keeps JSON columns as JSON, not as text inside the JSON', () => {
    const q = dialect.sqlToQuery(
      bulkInsert(importRows, [{ importId: 'i', row: 2, rawData: ['a', 'b'], state: 'valid', errors: [] }]),
    );
    expect(JSON.parse(q.params[0] as string)[0]).toEqual({
      import_id: 'i',
      row: 2,
      raw_data: ['a', 'b'],
      state: 'valid',
      errors: [],
    });
    expect(q.sql).toContain('"raw_data" jsonb');
    expect(q.sql).not.toContain('returning');
  });
});
