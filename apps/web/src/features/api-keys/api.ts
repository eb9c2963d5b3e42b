import type { ApiKeyListRequest, CreateApiKeyRequest, UpdateApiKeyRequest } from '@depot/contracts';
import { client } from '../../api/contract-client';

export const apiKeysApi = {
  list: (body: ApiKeyListRequest) => client.apiKeys.list({ body }),
  /** The reply carries `secretKey`: the only time the whole key is sent. */
  create: (body: CreateApiKeyRequest) => client.apiKeys.create({ body }),
  update: (id: string, body: UpdateApiKeyRequest) => client.apiKeys.update({ params: { id }, body }),
  remove: (id: string) => client.apiKeys.remove({ params: { id } }),
};
