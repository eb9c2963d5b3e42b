import { z } from 'zod';
import { MESSAGES } from './messages';
import { listRequestBase } from './pagination';

const v = MESSAGES.validation;

/** A calendar day in Europe/Warsaw, yyyy-MM-dd (SPEC 9). */
export const warsawDayField = z.iso.date({ error: v.dateInvalid });

export const logFiltersSchema = z
  .object({
    /** Exact type, e.g. `client.update`. */
    type: z.string().trim().min(1).max(60).optional(),
    /** Exact entity, e.g. `client`. */
    entity: z.string().trim().min(1).max(40).optional(),
    entityId: z.string().trim().min(1).max(64).optional(),
    /** The user who made the change. */
    authorId: z.uuid({ error: MESSAGES.userNotFound }).optional(),
    /** First Warsaw day included. */
    from: warsawDayField.optional(),
    /** Last Warsaw day included. */
    to: warsawDayField.optional(),
  })
  .strict()
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    error: MESSAGES.dateRangeInvalid,
    path: ['to'],
  });
export type LogFilters = z.output<typeof logFiltersSchema>;

/** POST /log/get/list: the change log, newest first, keyset pages of 50. */
export const logListRequestSchema = listRequestBase
  .extend({ filters: logFiltersSchema.default({}) })
  .strict();
export type LogListRequest = z.input<typeof logListRequestSchema>;

/** One row of the logs list (and of its live updates on `list:logs`). SPEC 3 Log: type, createdById, data, details. */
export interface LogListItem {
  /** The entry's number, as text. */
  id: string;
  type: string;
  entity: string;
  entityId: string | null;
  createdById: string | null;
  /** "First Last" of the author, null for a system entry or an API key. */
  authorName: string | null;
  authorEmail: string | null;
  apiKeyId: string | null;
  createdAt: string;
}

/** GET /log/{id}: the entry with its data before and after the change (secrets hidden). */
export interface LogView extends LogListItem {
  before: unknown;
  after: unknown;
  details: unknown;
}

/** GET /log/get/facets: the types and entities the log holds, for the filters. */
export interface LogFacets {
  types: string[];
  entities: string[];
}

/** GET /log/get/authors: users to filter by, searched by name or e-mail. */
export const logAuthorsQuerySchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();

export interface LogAuthor {
  id: string;
  name: string;
  email: string;
}

/** What a secret looks like in the log (values of password, token, hash and secret keys). */
export const HIDDEN_SECRET = '[hidden]';
