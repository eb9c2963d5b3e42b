import type { ClientOption } from '@depot/contracts';
import { api } from '../../api/client';

/** GET /client/get/options: clients matching a search, for the pickers (staff see every client). */
export const clientOptions = (search: string) =>
  api<ClientOption[]>('GET', `/client/get/options?search=${encodeURIComponent(search)}&limit=20`);
