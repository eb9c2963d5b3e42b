import type { CreateWallScreenLinkRequest } from '@depot/contracts';
import { client } from '../../api/contract-client';

/** Wall-screen links (Operating module → Wall screens, decision 0129). */
export const wallScreensApi = {
  create: (body: CreateWallScreenLinkRequest) => client.wallScreens.create({ body }),
  revoke: (id: string) => client.wallScreens.revoke({ params: { id } }),
};
