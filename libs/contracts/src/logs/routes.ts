import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listReplySchema, route } from '../contract/route';
import {
  logAuthorSchema,
  logAuthorsQuerySchema,
  logFacetsSchema,
  logListItemSchema,
  logListRequestSchema,
  logViewSchema,
} from './schemas';

/**
 * An entry's number as a path names it: digits within bigint. Anything else names no entry (404, like an unknown
 * number).
 */
const entryParams = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, { error: MESSAGES.logNotFound }) });
const tags = ['logs'];
const permission = ['logs.read'] as const;

/** The change log (administration/logs); SPEC 7 names no calls for it, so these follow its style. */
export const logRoutes = {
  list: route
    .meta({ permission: permission })
    .route({
      method: 'POST',
      path: '/log/get/list',
      successStatus: 200,
      tags,
      summary:
        'Log entries, newest first, keyset pages of 50; filters: type, author, entity, id, Warsaw days',
    })
    .input(z.object({ body: logListRequestSchema }))
    .output(listReplySchema(logListItemSchema)),
  facets: route
    .meta({ permission: permission })
    .route({
      method: 'GET',
      path: '/log/get/facets',
      tags,
      summary: 'The types and entities the log holds (choices of the filters)',
    })
    .output(logFacetsSchema),
  authors: route
    .meta({ permission: permission })
    .route({
      method: 'GET',
      path: '/log/get/authors',
      tags,
      summary: 'Users by name or e-mail, for the author filter',
    })
    .input(z.object({ query: logAuthorsQuerySchema }))
    .output(z.array(logAuthorSchema)),
  get: route
    .meta({ permission: permission })
    .route({
      method: 'GET',
      path: '/log/{id}',
      tags,
      summary: 'One entry with its data before and after the change (secrets hidden)',
    })
    .input(z.object({ params: entryParams }))
    .output(logViewSchema),
};
