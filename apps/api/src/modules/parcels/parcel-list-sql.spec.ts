import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { MESSAGES, PARCELS_TOTAL_CAP } from '@depot/contracts';
import type { Db } from '../../db/database';
import * as schema from '../../db/schema';
import { parcels } from '../../db/schema';
import {
  cappedTotal,
  decodeParcelCursor,
  encodeParcelCursor,
  numberSearch,
  parcelRows,
} from './parcel-list-sql';

const dialect = new PgDialect();
// Only builds SQL: never connects.
const db: Db = drizzle.mock({ schema }) as unknown as Db;

describe('numberSearch (decision 0083)', () => {
  it('is none for a blank term', () => {
    expect(numberSearch(undefined)).toBeUndefined();
    expect(numberSearch('   ')).toBeUndefined();
  });

  it('asks every number for an upper-cased prefix, LIKE wildcards matched literally', () => {
    const q = dialect.sqlToQuery(numberSearch(' ab_1%\\ ')!);
    expect(q.sql.match(/upper\(/g)).toHaveLength(7);
    expect(q.sql).not.toMatch(/ilike/i);
    expect(new Set(q.params)).toEqual(new Set(['AB\\_1\\%\\\\%']));
  });
});

describe('parcelRows', () => {
  it('is the table itself without a search', () => {
    expect(parcelRows(db, undefined)).toBe(parcels);
    expect(parcelRows(db, ' ')).toBe(parcels);
  });

  it('with a search, reads the matches in a subquery fenced by OFFSET 0 and aliased parcels', () => {
    const q = db.select({ id: parcels.id }).from(parcelRows(db, 'EXT1')).toSQL();
    expect(q.sql).toMatch(/from \(select .* offset 0\) "parcels"/);
    expect(q.sql).toContain('"deleted_at" is null');
  });
});

describe('the total: capped count and the cursor that carries it (decision 0084)', () => {
  it('caps a count over the limit', () => {
    expect(cappedTotal(0)).toEqual({ total: 0, totalCapped: false });
    expect(cappedTotal(PARCELS_TOTAL_CAP)).toEqual({ total: PARCELS_TOTAL_CAP, totalCapped: false });
    expect(cappedTotal(PARCELS_TOTAL_CAP + 1)).toEqual({ total: PARCELS_TOTAL_CAP, totalCapped: true });
  });

  it('round-trips the keyset position and the total', () => {
    const total = { total: 312, totalCapped: false };
    expect(decodeParcelCursor(encodeParcelCursor('keyset-1', total))).toEqual({ keyset: 'keyset-1', total });
    const capped = cappedTotal(PARCELS_TOTAL_CAP + 1);
    expect(decodeParcelCursor(encodeParcelCursor('k', capped)).total).toEqual(capped);
  });

  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  it.each([
    ['not base64 JSON', 'garbage!'],
    ['a negative total', encode({ at: 'k', t: -1, c: false })],
    ['a total over the cap', encode({ at: 'k', t: PARCELS_TOTAL_CAP + 1, c: true })],
    ['a fractional total', encode({ at: 'k', t: 1.5, c: false })],
    ['no capped flag', encode({ at: 'k', t: 1 })],
    ['no position', encode({ t: 1, c: false })],
    ['a plain keyset cursor', encode({ k: '2026-01-01', id: 'x' })],
    ['null', encode(null)],
  ])('refuses %s as an invalid cursor', (_name, cursor) => {
    expect(() => decodeParcelCursor(cursor)).toThrow(MESSAGES.invalidCursor);
  });
});
