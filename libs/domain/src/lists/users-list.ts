import type { Role, UserSortField, UserView } from '@depot/contracts';
import { STAFF_LIST_ROLES } from '../user-rules';
import { compareBy, containsSearch, equalsFilter, type ListSpec } from './list-spec';

export interface UserListFilters {
  search?: string;
  roles?: readonly Role[];
  active?: boolean;
}

/** What the users list's filters read of a row. */
export type UserMatchFields = Pick<UserView, 'role' | 'firstName' | 'lastName' | 'email' | 'active'>;

/**
 * Whether a user row belongs in the staff users list under these filters — the API's query (users.service.ts and
 * users.repository.ts): staff roles only (no role picked is every staff role; picked roles keep only the staff ones
 * among them); search in first name, last name and e-mail; active when set. A user who may read only themselves
 * (scope "self") sees only their own row: the page adds that.
 */
export function userMatchesListFilters(user: UserMatchFields, filters: UserListFilters): boolean {
  const picked = filters.roles;
  return (
    STAFF_LIST_ROLES.includes(user.role) &&
    (!picked || picked.length === 0 || picked.includes(user.role)) &&
    equalsFilter(user.active, filters.active) &&
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
