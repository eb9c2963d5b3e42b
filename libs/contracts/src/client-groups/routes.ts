import { z } from 'zod';
import { MESSAGES } from '../messages';
import { clientOptionSchema } from '../clients/schemas';
import { listReplySchema, noContent, route, rowId } from '../contract/route';
import {
  clientGroupListItemSchema,
  clientGroupListQuerySchema,
  clientGroupSaveReplySchema,
  clientGroupViewSchema,
  createClientGroupSchema,
  eligibleClientsQuerySchema,
  updateClientGroupSchema,
} from './schemas';

const groupParams = z.object({ id: rowId(MESSAGES.clientGroupNotFound) });
const tags = ['client groups'];
const taken: readonly [number, string] = [
  409,
  'The name is taken, or a client is in another group (ClientInOtherGroup, details name it)',
];

/** Client groups (SPEC 7 paths): FV and AREA groups, a client in at most one of them. */
export const clientGroupRoutes = {
  list: route
    .meta({ permission: ['clientGroups.read'] })
    .route({
      method: 'GET',
      path: '/clientGroup/get/group',
      tags,
      summary: 'Client groups with member counts, keyset pages of 50, by name or type',
    })
    .input(z.object({ query: clientGroupListQuerySchema }))
    .output(listReplySchema(clientGroupListItemSchema)),
  eligible: route
    .meta({ permission: ['clientGroups.write'], errors: [[404, MESSAGES.clientGroupNotFound]] })
    .route({
      method: 'GET',
      path: '/clientGroup/get/eligibleClients',
      tags,
      summary: 'Clients a group of the given type may take (the picker), by company name',
    })
    .input(z.object({ query: eligibleClientsQuerySchema }))
    .output(z.array(clientOptionSchema)),
  get: route
    .meta({ permission: ['clientGroups.read'] })
    .route({
      method: 'GET',
      path: '/clientGroup/get/groupById/{id}',
      tags,
      summary: 'One group with its clients (id, shortName, companyName)',
    })
    .input(z.object({ params: groupParams }))
    .output(clientGroupViewSchema),
  create: route
    .meta({ permission: ['clientGroups.write'], errors: [taken] })
    .route({
      method: 'POST',
      path: '/clientGroup/create/group',
      successStatus: 201,
      tags,
      summary: 'Create a group; clients already listed come back as info',
    })
    .input(z.object({ body: createClientGroupSchema }))
    .output(clientGroupSaveReplySchema),
  update: route
    .meta({ permission: ['clientGroups.write'], errors: [taken] })
    .route({
      method: 'PUT',
      path: '/clientGroup/update/group/{id}',
      tags,
      summary: 'Rename (newName), change the type, remove and add clients',
    })
    .input(z.object({ params: groupParams, body: updateClientGroupSchema }))
    .output(clientGroupSaveReplySchema),
  remove: route
    .meta({ permission: ['clientGroups.write'] })
    .route({
      method: 'DELETE',
      path: '/clientGroup/delete/groupById/{id}',
      successStatus: 204,
      tags,
      summary: 'Delete a group (its clients become free to join another)',
    })
    .input(z.object({ params: groupParams }))
    .output(noContent),
};
