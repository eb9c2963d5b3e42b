import { z } from 'zod';
import { MESSAGES } from '../messages';
import { route, rowId } from '../contract/route';
import {
  createdWallScreenLinkSchema,
  createWallScreenLinkSchema,
  wallScreenLinkListSchema,
  wallScreenLinkViewSchema,
} from './schemas';

const linkParams = z.object({ id: rowId(MESSAGES.wallScreenNotFound) });
const tags = ['wall screens'];
const BASE = '/operatingModule/wallScreens';

/**
 * Wall-screen links (issue 14 item 5, decision 0129): a link lets one screen follow one terminal's scans over the
 * socket, and nothing else; its token is shown once, kept hashed, never accepted by these or any other REST routes.
 */
export const wallScreenRoutes = {
  list: route
    .meta({ permission: ['wallScreens.read'] })
    .route({
      method: 'GET',
      path: `${BASE}/list`,
      tags,
      summary: 'Wall-screen links, newest first (revoked ones too, with when)',
    })
    .output(wallScreenLinkListSchema),
  create: route
    .meta({ permission: ['wallScreens.write'] })
    .route({
      method: 'POST',
      path: `${BASE}/create`,
      successStatus: 201,
      tags,
      summary: "Issue a link to a terminal's wall screen; the reply carries its token, shown this once",
    })
    .input(z.object({ body: createWallScreenLinkSchema }))
    .output(createdWallScreenLinkSchema),
  revoke: route
    .meta({ permission: ['wallScreens.write'], errors: [[404, MESSAGES.wallScreenNotFound]] })
    .route({
      method: 'POST',
      path: `${BASE}/revoke/{id}`,
      tags,
      summary: 'Revoke a link: its screens are cut at once (revoking again changes nothing)',
    })
    .input(z.object({ params: linkParams }))
    .output(wallScreenLinkViewSchema),
};
