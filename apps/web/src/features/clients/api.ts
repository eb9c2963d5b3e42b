import type { ClientListRequest, CreateClientRequest, UpdateClientRequest } from '@depot/contracts';
import { client } from '../../api/contract-client';

export const clientsApi = {
  list: (req: ClientListRequest) => client.clients.list({ body: req }),
  create: (body: CreateClientRequest) => client.clients.create({ body }),
  update: (id: string, body: UpdateClientRequest) => client.clients.update({ params: { id }, body }),
};
