import type {
  ClientGroupListQuery,
  CreateClientGroupRequest,
  EligibleClientsQuery,
  UpdateClientGroupRequest,
} from '@depot/contracts';
import { client } from '../../api/contract-client';

/** SPEC 7 client group calls, and the picker of eligible clients. */
export const clientGroupsApi = {
  list: (q: ClientGroupListQuery) => client.clientGroups.list({ query: q }),
  create: (body: CreateClientGroupRequest) => client.clientGroups.create({ body }),
  update: (id: string, body: UpdateClientGroupRequest) =>
    client.clientGroups.update({ params: { id }, body }),
  remove: (id: string) => client.clientGroups.remove({ params: { id } }),
  eligible: (q: EligibleClientsQuery) => client.clientGroups.eligible({ query: q }),
};
