import type { LogListRequest } from '@depot/contracts';
import { client } from '../../api/contract-client';

/** The change log calls (administration/logs); one entry, the facets and the authors are read through the cache. */
export const logsApi = {
  list: (body: LogListRequest) => client.logs.list({ body }),
};
