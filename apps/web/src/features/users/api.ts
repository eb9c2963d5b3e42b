import type {
  CreateUserRequest,
  ListReply,
  UpdateUserRequest,
  UserListRequest,
  UserView,
} from '@depot/contracts';
import { api } from '../../api/client';

export const usersApi = {
  list: (req: UserListRequest) => api<ListReply<UserView>>('POST', '/user/get/list', req),
  get: (id: string) => api<UserView>('GET', `/user/${id}`),
  create: (body: CreateUserRequest) => api<UserView>('POST', '/user/create', body),
  update: (id: string, body: UpdateUserRequest) => api<UserView>('PUT', `/user/${id}/`, body),
};
