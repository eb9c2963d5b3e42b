import type { LogListRequest } from '@depot/contracts';
import { client } from '../../api/contract-client';

/** The change log calls (administration/logs). */
export const logsApi = {
  list: (body: LogListRequest) => client.logs.list({ body }),
  get: (id: string) => client.logs.get({ params: { id } }),
  facets: () => client.logs.facets(),
  authors: (search: string) => client.logs.authors({ query: search ? { search } : {} }),
};
