import type { Role, UserSortField, UserView } from '@depot/contracts';
import { compareBy, containsSearch, equalsFilter, type ListSpec } from './list-spec';

export interface UserListFilters {
  search?: string;
  roles?: readonly Role[];
  active?: boolean;
  /** Only this client's users (the users list's client filter; a client's page names its own client). */
  clientId?: string;
}

/** What the users list's filters read of a row. */
export type UserMatchFields = Pick<
  UserView,
  'role' | 'firstName' | 'lastName' | 'email' | 'active' | 'clientId'
>;

/**
 * Whether a user row belongs in the users list under these filters — the API's query (users.service.ts and
 * users.repository.ts): every role, staff and client users (decision 0112); no role picked is no role filter;
 * search in first name, last name and e-mail; active and client when set. A user who may read only themselves
 * (scope "self") sees only their own row: the page adds that. A client's page lists that client's users with the
 * same rule (`clientId` set).
 */
export function userMatchesListFilters(user: UserMatchFields, filters: UserListFilters): boolean {
  const picked = filters.roles;
  return (
    (!picked || picked.length === 0 || picked.includes(user.role)) &&
    equalsFilter(user.active, filters.active) &&
    (!filters.clientId || user.clientId === filters.clientId) &&
    containsSearch(filters.search, [user.firstName, user.lastName, user.email])
  );
}

/** SORT_KEYS: lower(last name); lower(first name); e-mail; role; created at. */
export const compareUsers = compareBy<
  Pick<UserView, 'id' | 'lastName' | 'firstName' | 'email' | 'role' | 'createdAt'>,
  UserSortField
>((u, field) => (field === 'lastName' || field === 'firstName' ? u[field].toLowerCase() : u[field]));

export const usersListSpec: ListSpec<UserView, UserListFilters, UserSortField> = {
  matches: userMatchesListFilters,
  compare: compareUsers,
};
