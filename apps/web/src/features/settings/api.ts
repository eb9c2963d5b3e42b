import type { OwnClientSettingsRequest } from '@depot/contracts';
import { client } from '../../api/contract-client';

/** The signed-in client user's own client (GET/PUT /client/.../current). */
export const settingsApi = {
  save: (body: OwnClientSettingsRequest) => client.clients.updateCurrent({ body }),
};
