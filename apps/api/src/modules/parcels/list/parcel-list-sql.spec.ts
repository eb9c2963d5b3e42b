import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { MESSAGES, PARCELS_TOTAL_CAP } from '@depot/contracts';
import type { Db } from '../../../db/database';
import * as schema from '../../../db/schema';
import { parcels } from '../../../db/schema';
import {
  cappedTotal,
  decodeParcelCursor,
  encodeParcelCursor,
  numberSearch,
  searchCandidates,
} from './parcel-list-sql';

const dialect = new PgDialect();
// Only builds SQL: never connects.
const db: Db = drizzle.mock({ schema }) as unknown as Db;

describe('numberSearch (decisions 0083, 0098)', () => {
  it('is none for a blank term', () => {
    expect(numberSearch(undefined)).toBeUndefined();
    expect(numberSearch('   ')).toBeUndefined();
  });

  it('asks every number for the upper-cased prefix as an index range, wildcards taken literally', () => {
    const q = dialect.sqlToQuery(numberSearch(' ab_1%\\ ')!);
    expect(q.sql.match(/upper\(/g)).toHaveLength(14);
    expect(q.sql.match(/~>=~/g)).toHaveLength(7);
    expect(q.sql.match(/~<~/g)).toHaveLength(7);
    expect(q.sql).not.toMatch(/like/i);
    expect(new Set(q.params)).toEqual(new Set(['AB_1%\\', 'AB_1%]']));
  });

  it('falls back to LIKE when the prefix has no upper bound', () => {
    const q = dialect.sqlToQuery(numberSearch('A\u{10FFFF}')!);
    expect(q.sql.match(/ like /g)).toHaveLength(7);
    expect(new Set(q.params)).toEqual(new Set(['A\u{10FFFF}%']));
  });
});

describe('searchCandidates', () => {
  it('is none without a search', () => {
    expect(searchCandidates(db, undefined)).toBeUndefined();
    expect(searchCandidates(db, ' ')).toBeUndefined();
  });

  it('reads the matches in a narrow subquery fenced by OFFSET 0 and aliased parcels', () => {
    const q = db.select({ id: parcels.id }).from(searchCandidates(db, 'EXT1')!).toSQL();
    expect(q.sql).toMatch(/from \(select .* offset 0\) "parcels"/);
    expect(q.sql).toContain('"deleted_at" is null');
    expect(q.sql).not.toContain('"destination_address"');
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
