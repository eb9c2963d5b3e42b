import type {
  ClientUserListRequest,
  CreateUserRequest,
  UpdateUserRequest,
  UserListRequest,
} from '@depot/contracts';
import { client } from '../../api/contract-client';

export const usersApi = {
  list: (body: UserListRequest) => client.users.list({ body }),
  /** One client's logins (the client's page). */
  clientUsers: (clientId: string, body: ClientUserListRequest) =>
    client.users.clientUsers({ params: { clientId }, body }),
  create: (body: CreateUserRequest) => client.users.create({ body }),
  update: (userId: string, body: UpdateUserRequest) => client.users.update({ params: { userId }, body }),
  /** Ends every signed-in session of the user at once. */
  revokeSessions: (userId: string) => client.users.revokeSessions({ params: { userId } }),
};
