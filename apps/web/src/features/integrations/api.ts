import type {
  CreateIntegrationRequest,
  IntegrationListRequest,
  UpdateIntegrationRequest,
} from '@depot/contracts';
import { client } from '../../api/contract-client';

export const integrationsApi = {
  list: (body: IntegrationListRequest) => client.integrations.list({ body }),
  create: (body: CreateIntegrationRequest) => client.integrations.create({ body }),
  update: (id: string, body: UpdateIntegrationRequest) =>
    client.integrations.update({ params: { id }, body }),
  remove: (id: string) => client.integrations.remove({ params: { id } }),
};
