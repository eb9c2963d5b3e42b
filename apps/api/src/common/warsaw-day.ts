import { sql, type SQL } from 'drizzle-orm';
import { DISPLAY_TIMEZONE } from '@depot/contracts';

/**
 * The first instant of a Warsaw calendar day (yyyy-MM-dd), `plusDays` later, in SQL: the bound of the lists' day
 * filters ("from" is `>= dayStart(from)`, "to" is `< dayStart(to, 1)`), computed by PostgreSQL's time zone data.
 */
export const dayStart = (day: string, plusDays = 0): SQL =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${DISPLAY_TIMEZONE})`;
