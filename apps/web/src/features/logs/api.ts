import type { ListReply, LogAuthor, LogFacets, LogListItem, LogListRequest, LogView } from '@depot/contracts';
import { api } from '../../api/client';

/** The change log calls (administration/logs). */
export const logsApi = {
  list: (req: LogListRequest) => api<ListReply<LogListItem>>('POST', '/log/get/list', req),
  get: (id: string) => api<LogView>('GET', `/log/${encodeURIComponent(id)}`),
  facets: () => api<LogFacets>('GET', '/log/get/facets'),
  authors: (search: string) =>
    api<LogAuthor[]>('GET', `/log/get/authors?${new URLSearchParams(search ? { search } : {}).toString()}`),
};
