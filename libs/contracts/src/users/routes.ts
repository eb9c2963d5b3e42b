import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listReplySchema, messageReplySchema, route, rowId } from '../contract/route';
import {
  changePasswordSchema,
  clientUserListRequestSchema,
  createUserSchema,
  currentUserViewSchema,
  sessionsRevokedReplySchema,
  updateUserSchema,
  userListRequestSchema,
  userViewSchema,
} from './schemas';

const userParams = z.object({ userId: rowId(MESSAGES.userNotFound) });
const clientParams = z.object({ clientId: rowId(MESSAGES.clientNotFound) });
const tags = ['users'];

/** Users: staff manage staff and clients' users; everyone reads and edits its own account. */
export const userRoutes = {
  current: route
    .meta({ permission: ['account.read'] })
    .route({
      method: 'GET',
      path: '/user/get/current',
      tags,
      summary: 'The signed-in user, with permissions and session expiry',
    })
    .output(currentUserViewSchema),
  list: route
    .meta({ permission: ['users.read'] })
    .route({
      method: 'POST',
      path: '/user/get/list',
      successStatus: 200,
      tags,
      summary: 'Users, staff and client users, keyset pages of 50 (a salesman gets only itself)',
    })
    .input(z.object({ body: userListRequestSchema }))
    .output(listReplySchema(userViewSchema)),
  clientUsers: route
    .meta({ permission: ['users.write', 'clientUsers.write'] })
    .route({
      method: 'POST',
      path: '/client/{clientId}/user/get/list',
      successStatus: 200,
      tags,
      summary: "One client's users (its logins), keyset pages of 50, for those who manage client users",
    })
    .input(z.object({ params: clientParams, body: clientUserListRequestSchema }))
    .output(listReplySchema(userViewSchema)),
  create: route
    .meta({ permission: ['users.write', 'clientUsers.write'] })
    .route({
      method: 'POST',
      path: '/user/create',
      successStatus: 201,
      tags,
      summary: 'Create a user (only a superAdmin creates a superAdmin)',
    })
    .input(z.object({ body: createUserSchema }))
    .output(userViewSchema),
  changePassword: route
    .meta({ permission: ['account.update'] })
    .route({
      method: 'POST',
      path: '/user/changePassword',
      successStatus: 200,
      tags,
      summary: "Change own password; ends the user's other sessions",
    })
    .input(z.object({ body: changePasswordSchema }))
    .output(messageReplySchema),
  get: route
    .meta({ permission: ['account.read'] })
    .route({ method: 'GET', path: '/user/{userId}', tags, summary: 'One user (for the edit form)' })
    .input(z.object({ params: userParams }))
    .output(userViewSchema),
  update: route
    .meta({ permission: ['account.update'] })
    .route({
      method: 'PUT',
      path: '/user/{userId}',
      tags,
      summary: 'Edit a user; anyone may edit own name and language',
    })
    .input(z.object({ params: userParams, body: updateUserSchema }))
    .output(userViewSchema),
  revokeSessions: route
    .meta({ permission: ['users.write', 'clientUsers.write'] })
    .route({
      method: 'POST',
      path: '/user/{userId}/sessions/revoke',
      successStatus: 200,
      tags,
      summary:
        "End every signed-in session of a user at once (its sockets are cut); one's own keeps the current session",
    })
    .input(z.object({ params: userParams }))
    .output(sessionsRevokedReplySchema),
  updateClientUser: route
    .meta({ permission: ['account.update'] })
    .route({
      method: 'PUT',
      path: '/client/{clientId}/user/{userId}',
      tags,
      summary: "Edit a client's user (e.g. lang, disableNewOrders)",
    })
    .input(
      z.object({
        params: z.object({
          clientId: rowId(MESSAGES.clientNotFound),
          userId: rowId(MESSAGES.userNotFound),
        }),
        body: updateUserSchema,
      }),
    )
    .output(userViewSchema),
};
