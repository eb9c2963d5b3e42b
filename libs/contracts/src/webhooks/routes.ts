import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listReplySchema, noContent, route, rowId } from '../contract/route';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryListRequestSchema,
  webhookDeliveryViewSchema,
  webhookListRequestSchema,
  webhookViewSchema,
  webhookWithSecretSchema,
} from './schemas';

const endpointParams = z.object({ id: rowId(MESSAGES.webhookNotFound) });
const deliveryParams = z.object({ id: rowId(MESSAGES.webhookDeliveryNotFound) });
const tags = ['webhooks'];
const ownedEndpoint = { kind: 'webhook', param: 'id', notFound: MESSAGES.webhookNotFound } as const;
const ownedDelivery = {
  kind: 'webhookDelivery',
  param: 'id',
  notFound: MESSAGES.webhookDeliveryNotFound,
} as const;
const inactive = [[409, MESSAGES.webhookEndpointInactive]] as const;

/**
 * Settings → Webhooks (decision 0146): a client user and its API keys manage their own client's endpoints, staff
 * every client's. Every call is part of the integrators' API (`external`).
 */
export const webhookRoutes = {
  list: route
    .meta({ permission: ['webhooks.read'], external: true })
    .route({
      method: 'POST',
      path: '/webhook/get/list',
      successStatus: 200,
      tags,
      summary: "Webhook endpoints, keyset pages of 50 (a client user or API key: its own client's)",
    })
    .input(z.object({ body: webhookListRequestSchema }))
    .output(listReplySchema(webhookViewSchema)),
  get: route
    .meta({ permission: ['webhooks.read'], external: true, ownedRow: ownedEndpoint })
    .route({ method: 'GET', path: '/webhook/{id}', tags, summary: 'One webhook endpoint (never its secret)' })
    .input(z.object({ params: endpointParams }))
    .output(webhookViewSchema),
  create: route
    .meta({
      permission: ['webhooks.write'],
      external: true,
      errors: [[409, MESSAGES.webhookTooMany]],
    })
    .route({
      method: 'POST',
      path: '/webhook/create',
      successStatus: 201,
      tags,
      summary:
        'Register an endpoint; the reply carries its signing secret, shown this once (staff name the client)',
    })
    .input(z.object({ body: createWebhookSchema }))
    .output(webhookWithSecretSchema),
  update: route
    .meta({ permission: ['webhooks.write'], external: true, ownedRow: ownedEndpoint })
    .route({
      method: 'PUT',
      path: '/webhook/{id}',
      tags,
      summary: 'Change the URL or the events, activate or deactivate (inactive: nothing is sent)',
    })
    .input(z.object({ params: endpointParams, body: updateWebhookSchema }))
    .output(webhookViewSchema),
  remove: route
    .meta({ permission: ['webhooks.write'], external: true, ownedRow: ownedEndpoint })
    .route({
      method: 'DELETE',
      path: '/webhook/{id}',
      successStatus: 204,
      tags,
      summary: 'Delete an endpoint and its delivery log',
    })
    .input(z.object({ params: endpointParams }))
    .output(noContent),
  rotateSecret: route
    .meta({ permission: ['webhooks.write'], external: true, ownedRow: ownedEndpoint })
    .route({
      method: 'POST',
      path: '/webhook/{id}/rotateSecret',
      successStatus: 200,
      tags,
      summary:
        'A new signing secret, shown this once; the old one keeps signing beside it for 24 hours, then stops',
    })
    .input(z.object({ params: endpointParams }))
    .output(webhookWithSecretSchema),
  sendTest: route
    .meta({ permission: ['webhooks.write'], external: true, ownedRow: ownedEndpoint, errors: inactive })
    .route({
      method: 'POST',
      path: '/webhook/{id}/test',
      successStatus: 202,
      tags,
      summary: 'Send the test event (webhook.test) to the endpoint now; its delivery is in the log',
    })
    .input(z.object({ params: endpointParams }))
    .output(webhookDeliveryViewSchema),
  deliveries: route
    .meta({ permission: ['webhooks.read'], external: true, ownedRow: ownedEndpoint })
    .route({
      method: 'POST',
      path: '/webhook/{id}/deliveries',
      successStatus: 200,
      tags,
      summary: "The endpoint's delivery log: newest first, keyset pages of 50, by state or event",
    })
    .input(z.object({ params: endpointParams, body: webhookDeliveryListRequestSchema }))
    .output(listReplySchema(webhookDeliveryViewSchema)),
  delivery: route
    .meta({ permission: ['webhooks.read'], external: true, ownedRow: ownedDelivery })
    .route({
      method: 'GET',
      path: '/webhookDelivery/{id}',
      tags,
      summary: 'One delivery: the body it sends and every attempt with its reply code',
    })
    .input(z.object({ params: deliveryParams }))
    .output(webhookDeliveryDetailSchema),
  replay: route
    .meta({ permission: ['webhooks.write'], external: true, ownedRow: ownedDelivery, errors: inactive })
    .route({
      method: 'POST',
      path: '/webhookDelivery/{id}/replay',
      successStatus: 202,
      tags,
      summary: 'Send a delivery again now (the same body and Depot-Delivery id), whatever its state',
    })
    .input(z.object({ params: deliveryParams }))
    .output(webhookDeliveryViewSchema),
};
