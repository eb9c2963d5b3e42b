import type {
  ClientListItem,
  ClientListRequest,
  ClientSaveReply,
  ClientView,
  CreateClientRequest,
  ListReply,
  UpdateClientRequest,
} from '@depot/contracts';
import { api } from '../../api/client';

export const clientsApi = {
  list: (req: ClientListRequest) => api<ListReply<ClientListItem>>('POST', '/client/get/list', req),
  get: (id: string) => api<ClientView>('GET', `/client/${id}`),
  create: (body: CreateClientRequest) => api<ClientSaveReply>('POST', '/client/create', body),
  update: (id: string, body: UpdateClientRequest) => api<ClientSaveReply>('PUT', `/client/${id}`, body),
  /** Master accounts, for the "linked to" picker (the first page is plenty for a picker). */
  masters: () =>
    api<ListReply<ClientListItem>>('POST', '/client/get/list', {
      filters: { masterOnly: true },
      orderBy: { field: 'companyName', direction: 'asc' },
    }),
};
