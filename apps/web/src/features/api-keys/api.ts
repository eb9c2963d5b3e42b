import type {
  ApiKeyListRequest,
  ApiKeyView,
  CreateApiKeyRequest,
  CreatedApiKey,
  ListReply,
  UpdateApiKeyRequest,
} from '@depot/contracts';
import { api } from '../../api/client';

export const apiKeysApi = {
  list: (req: ApiKeyListRequest) => api<ListReply<ApiKeyView>>('POST', '/apiKey/get/list', req),
  /** The reply carries `secretKey`: the only time the whole key is sent. */
  create: (body: CreateApiKeyRequest) => api<CreatedApiKey>('POST', '/apiKey/create', body),
  update: (id: string, body: UpdateApiKeyRequest) => api<ApiKeyView>('PUT', `/apiKey/${id}`, body),
  remove: (id: string) => api<null>('DELETE', `/apiKey/${id}`),
};
