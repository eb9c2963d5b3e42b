import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listReplySchema, noContent, route, rowId } from '../contract/route';
import {
  createIntegrationSchema,
  integrationListRequestSchema,
  integrationViewSchema,
  updateIntegrationSchema,
} from './schemas';

const integrationParams = z.object({ id: rowId(MESSAGES.integrationNotFound) });
const tags = ['integrations'];
const ownedRow = { kind: 'integration', param: 'id', notFound: MESSAGES.integrationNotFound } as const;

/** Shop integrations (SPEC §9): a client user manages its own client's, staff every client's. */
export const integrationRoutes = {
  list: route
    .meta({ permission: ['integrations.read'] })
    .route({
      method: 'POST',
      path: '/integration/get/list',
      successStatus: 200,
      tags,
      summary: "Shop integrations, keyset pages of 50 (a client user: its own client's)",
    })
    .input(z.object({ body: integrationListRequestSchema }))
    .output(listReplySchema(integrationViewSchema)),
  create: route
    .meta({ permission: ['integrations.write'] })
    .route({
      method: 'POST',
      path: '/integration/create',
      successStatus: 201,
      tags,
      summary: 'Create an integration; the key is stored encrypted and shown masked (staff name the client)',
    })
    .input(z.object({ body: createIntegrationSchema }))
    .output(integrationViewSchema),
  get: route
    .meta({ permission: ['integrations.read'] })
    .route({
      method: 'GET',
      path: '/integration/{id}',
      tags,
      summary: 'One integration (for the edit form), its key masked',
    })
    .input(z.object({ params: integrationParams }))
    .output(integrationViewSchema),
  update: route
    .meta({ permission: ['integrations.write'], ownedRow })
    .route({
      method: 'PUT',
      path: '/integration/{id}',
      tags,
      summary: 'Edit an integration; a key not sent (or blank) is kept; the type is fixed',
    })
    .input(z.object({ params: integrationParams, body: updateIntegrationSchema }))
    .output(integrationViewSchema),
  remove: route
    .meta({ permission: ['integrations.write'] })
    .route({
      method: 'DELETE',
      path: '/integration/{id}',
      successStatus: 204,
      tags,
      summary: 'Delete an integration',
    })
    .input(z.object({ params: integrationParams }))
    .output(noContent),
};
