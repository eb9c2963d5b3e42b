import { z } from 'zod';
import { MESSAGES } from '../messages';
import { noContent, listReplySchema, route, rowId } from '../contract/route';
import {
  apiKeyListRequestSchema,
  apiKeyViewSchema,
  createApiKeySchema,
  createdApiKeySchema,
  updateApiKeySchema,
} from './schemas';

const keyParams = z.object({ id: rowId(MESSAGES.apiKeyNotFound) });
const tags = ['apiKeys'];
const ownedRow = { kind: 'apiKey', param: 'id', notFound: MESSAGES.apiKeyNotFound } as const;

/** Settings → API keys (decision 0043): a client user manages its own client's keys, staff every client's. */
export const apiKeyRoutes = {
  list: route
    .meta({ permission: ['apiKeys.read'] })
    .route({
      method: 'POST',
      path: '/apiKey/get/list',
      successStatus: 200,
      tags,
      summary: "API keys, keyset pages of 50 (a client user: its own client's)",
    })
    .input(z.object({ body: apiKeyListRequestSchema }))
    .output(listReplySchema(apiKeyViewSchema)),
  current: route
    .meta({ permission: ['apiKeys.read'], external: true })
    .route({
      method: 'GET',
      path: '/apiKey/get/current',
      tags,
      summary: 'For integrators: the API key this call is made with (checks that a key works)',
    })
    .output(apiKeyViewSchema),
  create: route
    .meta({ permission: ['apiKeys.write'] })
    .route({
      method: 'POST',
      path: '/apiKey/create',
      successStatus: 201,
      tags,
      summary:
        'Create a key; the reply carries secretKey, shown this once (staff name the client, a client user gets its own)',
    })
    .input(z.object({ body: createApiKeySchema }))
    .output(createdApiKeySchema),
  update: route
    .meta({ permission: ['apiKeys.write'], ownedRow })
    .route({
      method: 'PUT',
      path: '/apiKey/{id}',
      tags,
      summary: 'Rename, activate or deactivate a key (deactivated: refused at once, sockets cut)',
    })
    .input(z.object({ params: keyParams, body: updateApiKeySchema }))
    .output(apiKeyViewSchema),
  remove: route
    .meta({ permission: ['apiKeys.write'], ownedRow })
    .route({
      method: 'DELETE',
      path: '/apiKey/{id}',
      successStatus: 204,
      tags,
      summary: 'Delete a key (refused at once, sockets cut)',
    })
    .input(z.object({ params: keyParams }))
    .output(noContent),
};
