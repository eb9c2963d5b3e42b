import { and, isNull, or, sql, type SQL, type Subquery } from 'drizzle-orm';
import { MESSAGES, PARCELS_TOTAL_CAP } from '@depot/contracts';
import { numberSearchTerm, prefixUpperBound } from '@depot/domain';
import type { DbOrTx } from '../../../db/transactions';
import { parcels } from '../../../db/schema';
import { Errors } from '../../../common/errors';
import { escapeLike } from '../../../common/like';

/** The numbers the list's search looks at (SPEC 3). */
const SEARCHED_NUMBERS = [
  parcels.internalNumber,
  parcels.externalNumber,
  parcels.referenceNumber,
  parcels.firstMileNumber,
  parcels.lastMileNumber,
  parcels.alternativeNumber,
  parcels.barcode,
];

/**
 * The number search (decisions 0083, 0098): any number starting with the term (an exact number too),
 * case-insensitively. Each number is asked `upper(number) ~>=~ term AND upper(number) ~<~ bound` (bound =
 * `prefixUpperBound(term)`), the exact range a `parcels_search_*` `text_pattern_ops` index holds: PostgreSQL reads
 * the matches from the indexes and need not test `upper()` again on each row, which a `LIKE 'term%'` made it do
 * (measured: that re-test was most of a 10,000-match search). The term is upper-cased the way the panel's
 * `numberMatchesSearch` does; wildcards mean nothing in a range. A term with no bound falls back to LIKE.
 */
export function numberSearch(search: string | undefined): SQL | undefined {
  const term = numberSearchTerm(search);
  if (!term) return undefined;
  const bound = prefixUpperBound(term);
  if (bound === null) {
    const pattern = `${escapeLike(term)}%`;
    return or(...SEARCHED_NUMBERS.map((n) => sql`upper(${n}) like ${pattern}`));
  }
  return or(...SEARCHED_NUMBERS.map((n) => sql`(upper(${n}) ~>=~ ${term} and upper(${n}) ~<~ ${bound})`));
}

/**
 * `OFFSET 0` as SQL: drizzle drops a numeric offset of 0, and without it PostgreSQL merges the subquery into the
 * outer query (measured: the plan fell back to walking the creation-time index, 620 ms). The offset slot renders
 * any SQL chunk it is given; its declared type is only `number | Placeholder`.
 */
const OFFSET_ZERO_FENCE = sql`0` as unknown as number;

/** The columns the list's filters and sort keys read: all a search's candidate rows need to carry. */
const candidateColumns = {
  id: parcels.id,
  clientId: parcels.clientId,
  operatorId: parcels.operatorId,
  isCorrect: parcels.isCorrect,
  status: parcels.status,
  orderType: parcels.orderType,
  source: parcels.source,
  pickupCountry: parcels.pickupCountry,
  destinationCountry: parcels.destinationCountry,
  internalNumber: parcels.internalNumber,
  weightKg: parcels.weightKg,
  createdAt: parcels.createdAt,
  deletedAt: parcels.deletedAt,
};

/**
 * The parcels a number search matches, found through the number indexes first, as a subquery aliased `parcels`
 * (so the list's filters and sort keys, written against the table, read its columns), or undefined without a
 * search. `OFFSET 0` keeps PostgreSQL from merging it into the outer query: it would then walk the sort order
 * hoping to meet the few matches early, or AND the number indexes with a status index, and numbers made in
 * sequence sit together in time, so it reads most of the table.
 */
export function searchCandidates(db: DbOrTx, search: string | undefined): Subquery | undefined {
  const matching = numberSearch(search);
  if (!matching) return undefined;
  return db
    .select(candidateColumns)
    .from(parcels)
    .where(and(isNull(parcels.deletedAt), matching))
    .offset(OFFSET_ZERO_FENCE)
    .as('parcels');
}

/** What the list tells about its total: counted up to `PARCELS_TOTAL_CAP`, capped when more match. */
export interface ListTotal {
  total: number;
  totalCapped: boolean;
}

/** Turns a count of at most `PARCELS_TOTAL_CAP + 1` rows into the reply's total. */
export const cappedTotal = (counted: number): ListTotal =>
  counted > PARCELS_TOTAL_CAP
    ? { total: PARCELS_TOTAL_CAP, totalCapped: true }
    : { total: counted, totalCapped: false };

/**
 * The parcels list's cursor (decision 0084): the keyset position and the total counted on the first page, so the
 * pages after it repeat that total instead of counting again. Opaque to callers like every cursor.
 */
interface ParcelCursor {
  at: string;
  t: number;
  c: boolean;
}

export function encodeParcelCursor(keyset: string, total: ListTotal): string {
  const c: ParcelCursor = { at: keyset, t: total.total, c: total.totalCapped };
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeParcelCursor(cursor: string): { keyset: string; total: ListTotal } {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<ParcelCursor>;
    if (
      typeof c !== 'object' ||
      c === null ||
      typeof c.at !== 'string' ||
      !Number.isInteger(c.t) ||
      (c.t as number) < 0 ||
      (c.t as number) > PARCELS_TOTAL_CAP ||
      typeof c.c !== 'boolean'
    )
      throw new Error('shape');
    return { keyset: c.at, total: { total: c.t as number, totalCapped: c.c } };
  } catch {
    throw Errors.badRequest(MESSAGES.invalidCursor);
  }
}
