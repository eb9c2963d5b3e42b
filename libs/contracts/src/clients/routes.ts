import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listReplySchema, route, rowId } from '../contract/route';
import {
  clientListItemSchema,
  clientListRequestSchema,
  clientOptionSchema,
  clientOptionsQuerySchema,
  clientViewSchema,
  createClientSchema,
  currentClientViewSchema,
  ownClientSettingsSchema,
  updateClientSchema,
} from './schemas';
import { clientSaveReplySchema } from './vat-check';

const clientParams = z.object({ id: rowId(MESSAGES.clientNotFound) });
const tags = ['clients'];
const vatCheckUnavailable: readonly [number, string] = [
  503,
  'strictVatCheck: the VAT ID could not be checked in VIES (the save is refused)',
];

/** Administration → clients (staff), the client pickers and a client user's own client (settings). */
export const clientRoutes = {
  options: route
    // parcels.route: staff who create parcels for clients (an operator) pick the client too (decision 0075).
    .meta({ permission: ['clients.read', 'clientUsers.write', 'parcels.route'] })
    .route({
      method: 'GET',
      path: '/client/get/options',
      tags,
      summary: 'Clients for a picker (a client user, a parcel), by name',
    })
    .input(z.object({ query: clientOptionsQuerySchema }))
    .output(z.array(clientOptionSchema)),
  list: route
    .meta({ permission: ['clients.read'] })
    .route({
      method: 'POST',
      path: '/client/get/list',
      successStatus: 200,
      tags,
      summary: 'Clients, keyset pages of 50 (a salesman reads them all, read-only)',
    })
    .input(z.object({ body: clientListRequestSchema }))
    .output(listReplySchema(clientListItemSchema)),
  current: route
    .meta({ permission: ['ownClient.read'], errors: [[404, MESSAGES.clientNotFound]] })
    .route({
      method: 'GET',
      path: '/client/get/current',
      tags,
      summary: "The signed-in client user's own client: data, pickup address and settings",
    })
    .output(currentClientViewSchema),
  updateCurrent: route
    .meta({ permission: ['ownClient.write'], errors: [[404, MESSAGES.clientNotFound]] })
    .route({
      method: 'PUT',
      path: '/client/put/current',
      tags,
      summary: "Edit own client's address (not the country), pickup address and settings (nothing else)",
    })
    .input(z.object({ body: ownClientSettingsSchema }))
    .output(currentClientViewSchema),
  create: route
    .meta({
      permission: ['clients.write'],
      errors: [[409, 'The short name or the prefix is taken'], vatCheckUnavailable],
    })
    .route({
      method: 'POST',
      path: '/client/create',
      successStatus: 201,
      tags,
      summary:
        'Create a client (short name and prefix unique, case-insensitively); with viesCheck the VAT ID is checked in VIES',
    })
    .input(z.object({ body: createClientSchema }))
    .output(clientSaveReplySchema),
  get: route
    .meta({ permission: ['clients.read'] })
    .route({ method: 'GET', path: '/client/{id}', tags, summary: 'One client (for the edit form)' })
    .input(z.object({ params: clientParams }))
    .output(clientViewSchema),
  update: route
    .meta({
      permission: ['clients.write'],
      errors: [
        [
          409,
          'The change reaches linked accounts and confirmLinked is not true (LinkedAccountsConfirmationRequired), the short name or the prefix is taken, or the client changed during the VAT check',
        ],
        vatCheckUnavailable,
      ],
    })
    .route({
      method: 'PUT',
      path: '/client/{id}',
      tags,
      summary:
        'Edit a client; a change reaching linked accounts of a master needs confirmLinked: true (else 409); a new VAT ID under viesCheck is checked in VIES',
    })
    .input(z.object({ params: clientParams, body: updateClientSchema }))
    .output(clientSaveReplySchema),
};
