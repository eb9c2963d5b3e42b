import type { CreateUserRequest, UpdateUserRequest, UserListRequest } from '@depot/contracts';
import { client } from '../../api/contract-client';

export const usersApi = {
  list: (body: UserListRequest) => client.users.list({ body }),
  create: (body: CreateUserRequest) => client.users.create({ body }),
  update: (userId: string, body: UpdateUserRequest) => client.users.update({ params: { userId }, body }),
};
