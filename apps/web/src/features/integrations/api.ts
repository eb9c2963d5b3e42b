import type {
  CreateIntegrationRequest,
  IntegrationListRequest,
  IntegrationView,
  ListReply,
  UpdateIntegrationRequest,
} from '@depot/contracts';
import { api } from '../../api/client';

export const integrationsApi = {
  list: (req: IntegrationListRequest) =>
    api<ListReply<IntegrationView>>('POST', '/integration/get/list', req),
  get: (id: string) => api<IntegrationView>('GET', `/integration/${id}`),
  create: (body: CreateIntegrationRequest) => api<IntegrationView>('POST', '/integration/create', body),
  update: (id: string, body: UpdateIntegrationRequest) =>
    api<IntegrationView>('PUT', `/integration/${id}`, body),
  remove: (id: string) => api<null>('DELETE', `/integration/${id}`),
};
