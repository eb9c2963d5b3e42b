import { client } from '../../api/contract-client';

/** GET /client/get/options: clients matching a search, for the pickers (staff see every client). */
export const clientOptions = (search: string) => client.clients.options({ query: { search, limit: 20 } });
