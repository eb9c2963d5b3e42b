import type {
  ClientGroupListItem,
  ClientGroupListQuery,
  ClientGroupSaveReply,
  ClientGroupView,
  ClientOption,
  CreateClientGroupRequest,
  EligibleClientsQuery,
  ListReply,
  UpdateClientGroupRequest,
} from '@depot/contracts';
import { api } from '../../api/client';

/** Query string of the defined values. */
const qs = (q: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(q).flatMap(([k, v]) =>
      v === undefined || v === null || v === '' ? [] : [[k, String(v)]],
    ),
  ).toString();

/** SPEC 7 client group calls, and the picker of eligible clients. */
export const clientGroupsApi = {
  list: (q: ClientGroupListQuery) =>
    api<ListReply<ClientGroupListItem>>('GET', `/clientGroup/get/group?${qs({ ...q })}`),
  get: (id: string) => api<ClientGroupView>('GET', `/clientGroup/get/groupById/${encodeURIComponent(id)}`),
  create: (body: CreateClientGroupRequest) =>
    api<ClientGroupSaveReply>('POST', '/clientGroup/create/group', body),
  update: (id: string, body: UpdateClientGroupRequest) =>
    api<ClientGroupSaveReply>('PUT', `/clientGroup/update/group/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api<null>('DELETE', `/clientGroup/delete/groupById/${encodeURIComponent(id)}`),
  eligible: (q: EligibleClientsQuery) =>
    api<ClientOption[]>('GET', `/clientGroup/get/eligibleClients?${qs({ ...q })}`),
};
