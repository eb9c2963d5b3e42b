import { sql, type SQL } from 'drizzle-orm';
import { warsawDayStart } from '@depot/domain';

/**
 * The first instant of a Warsaw calendar day (yyyy-MM-dd), `plusDays` later, as a constant for PostgreSQL: the bound
 * of the lists' day filters ("from" is `>= dayStart(from)`, "to" is `< dayStart(to, 1)`; decision 0102).
 */
export const dayStart = (day: string, plusDays = 0): SQL =>
  sql`${warsawDayStart(day, plusDays).toISOString()}::timestamptz`;
