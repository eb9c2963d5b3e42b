import { ROLES, type Role, type UserSortField, type UserView } from '@depot/contracts';
import { usersListSpec, type UserListFilters } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { canAtom, currentUserAtom } from '../../../session/session';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { setFilters, yesNoFilter, type ListOrder, type YesNo } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter, SelectFilter, YesNoFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { ClientFilter, type PickedClient } from '../../../ui/pickers/ClientFilter';
import { usersApi } from '../api';
import { USER_COLUMNS } from '../userColumns';

type OrderBy = ListOrder<UserSortField>;

const C = USER_COLUMNS;
/** Staff and client users (decision 0112): a client user's row names its client. */
const COLUMNS: ListColumn<UserView>[] = [
  C.lastName,
  C.firstName,
  C.email,
  C.role,
  C.client,
  C.lang,
  C.active,
  C.createdAt,
];

export function UsersListPage() {
  const [role, setRole] = useState<Role | ''>('');
  const [active, setActive] = useState<YesNo>('');
  const [client, setClient] = useState<PickedClient | null>(null);
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const { list, navigate, search, setSearch, sortProps } = useListPage({
    titleId: 'users.title',
    entity: 'users',
    livePermission: 'users.readAll',
    initialOrder: { field: 'createdAt', direction: 'desc' } as OrderBy,
    filters: (text): UserListFilters =>
      setFilters({
        search: text,
        roles: role ? [role] : undefined,
        active: yesNoFilter(active),
        clientId: client?.id,
      }),
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      usersApi.list({
        cursor,
        limit,
        filters: { ...f, roles: f.roles ? [...f.roles] : undefined },
        orderBy: o,
      }),
    // A user who may read only themselves (scope "self") is listed alone.
    matches: (u, f) => usersListSpec.matches(u, f) && (can('users.readAll') || u.id === me?.id),
    compare: usersListSpec.compare,
  });

  return (
    <div className="depot-page depot-page-fill" data-testid="page-users">
      <ListPageHeader
        titleId="users.title"
        createLabelId="users.create"
        createPath="/administration/users/create"
        canCreate={can('users.write')}
        testId="users-create"
      />
      <DenseList
        testId="users-list"
        list={list}
        columns={COLUMNS}
        {...sortProps}
        onOpen={(u) => navigate(`/administration/users/edit/${u.id}`)}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="users.search"
              testId="users-search"
            />
            <SelectFilter
              value={role}
              onChange={setRole}
              values={ROLES}
              labelOf={(r) => `role.${r}`}
              anyId="users.allRoles"
              ariaLabelId="field.role"
              testId="users-filter-role"
            />
            <YesNoFilter
              value={active}
              onChange={setActive}
              anyId="users.anyStatus"
              yesId="users.activeOnly"
              noId="users.inactiveOnly"
              ariaLabelId="field.active"
              testId="users-filter-active"
            />
            {can('users.readAll') ? (
              <ClientFilter
                value={client}
                onChange={setClient}
                clearLabelId="users.allClients"
                testId="users-filter-client"
              />
            ) : null}
          </>
        }
      />
    </div>
  );
}
