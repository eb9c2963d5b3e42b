import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listRequestBase } from '../pagination';

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
export const logListItemSchema = z.object({
  /** The entry's number, as text. */
  id: z.string().regex(/^\d+$/),
  type: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  createdById: z.uuid().nullable(),
  /** "First Last" of the author, null for a system entry or an API key. */
  authorName: z.string().nullable(),
  authorEmail: z.string().nullable(),
  apiKeyId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type LogListItem = z.infer<typeof logListItemSchema>;

/** GET /log/{id}: the entry with its data before and after the change (secrets hidden). */
export const logViewSchema = logListItemSchema.extend({
  before: z.unknown(),
  after: z.unknown(),
  details: z.unknown(),
});
export type LogView = z.infer<typeof logViewSchema>;

/** GET /log/get/facets: the types and entities the log holds, for the filters. */
export const logFacetsSchema = z.object({
  types: z.array(z.string()),
  entities: z.array(z.string()),
});
export type LogFacets = z.infer<typeof logFacetsSchema>;

/** GET /log/get/authors: users to filter by, searched by name or e-mail. */
export const logAuthorsQuerySchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();

export const logAuthorSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
});
export type LogAuthor = z.infer<typeof logAuthorSchema>;

/** What a secret looks like in the log (values of password, token, hash and secret keys). */
export const HIDDEN_SECRET = '[hidden]';
