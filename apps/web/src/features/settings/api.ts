import type { CurrentClientView, OwnClientSettingsRequest } from '@depot/contracts';
import { api } from '../../api/client';

/** The signed-in client user's own client (GET/PUT /client/.../current). */
export const settingsApi = {
  current: () => api<CurrentClientView>('GET', '/client/get/current'),
  save: (body: OwnClientSettingsRequest) => api<CurrentClientView>('PUT', '/client/put/current', body),
};
