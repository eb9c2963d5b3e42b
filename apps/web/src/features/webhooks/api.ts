import type {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDeliveryListRequest,
  WebhookListRequest,
} from '@depot/contracts';
import { client } from '../../api/contract-client';

export const webhooksApi = {
  list: (body: WebhookListRequest) => client.webhooks.list({ body }),
  /** The reply carries `secret`: one of the two times the whole secret is sent. */
  create: (body: CreateWebhookRequest) => client.webhooks.create({ body }),
  update: (id: string, body: UpdateWebhookRequest) => client.webhooks.update({ params: { id }, body }),
  remove: (id: string) => client.webhooks.remove({ params: { id } }),
  /** The reply carries the new `secret`, shown once. */
  rotateSecret: (id: string) => client.webhooks.rotateSecret({ params: { id } }),
  sendTest: (id: string) => client.webhooks.sendTest({ params: { id } }),
  deliveries: (id: string, body: WebhookDeliveryListRequest) =>
    client.webhooks.deliveries({ params: { id }, body }),
  replay: (deliveryId: string) => client.webhooks.replay({ params: { id: deliveryId } }),
};
