import type { ClientGroupListItem, ClientGroupSortField, ClientGroupType } from '@depot/contracts';
import { compareBy, containsSearch, type ListSpec } from './list-spec';

/** The client groups list's filters (GET /api/clientGroup/get/group?search=&type=). */
export interface ClientGroupListFilters {
  search?: string;
  type?: ClientGroupType;
}

/** What the client groups list's filters read of a row. */
export type ClientGroupMatchFields = Pick<ClientGroupListItem, 'name' | 'type'>;

/** `list` (client-groups.repository.ts): search in the group's name; type when set. */
export function clientGroupMatchesFilters(g: ClientGroupMatchFields, f: ClientGroupListFilters): boolean {
  return containsSearch(f.search, [g.name]) && (!f.type || g.type === f.type);
}

/** SORT_KEYS: lower(name); created at. */
export const compareClientGroups = compareBy<
  Pick<ClientGroupListItem, 'id' | 'name' | 'createdAt'>,
  ClientGroupSortField
>((g, field) => (field === 'createdAt' ? g.createdAt : g.name.toLowerCase()));

export const clientGroupsListSpec: ListSpec<
  ClientGroupListItem,
  ClientGroupListFilters,
  ClientGroupSortField
> = {
  matches: clientGroupMatchesFilters,
  compare: compareClientGroups,
};
