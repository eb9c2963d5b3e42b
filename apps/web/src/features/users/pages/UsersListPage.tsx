import { ROLES, userListRequestSchema, type UserSortField, type UserView } from '@depot/contracts';
import { usersListSpec, type UserListFilters } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { canAtom, currentUserAtom } from '../../../session/session';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { yesNoFilter, yesNoValue, type ListOrder } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter, SelectFilter, YesNoFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { ClientFilter, pickedClient } from '../../../ui/pickers/ClientFilter';
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
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const { list, search, setSearch, sortProps, filters, setFilter } = useListPage({
    titleId: 'users.title',
    entity: 'users',
    livePermission: 'users.readAll',
    request: userListRequestSchema,
    initialOrder: { field: 'createdAt', direction: 'desc' } as OrderBy,
    initialFilters: {} as UserListFilters,
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
        rowHref={(u) => `/administration/users/edit/${u.id}`}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="users.search"
              testId="users-search"
            />
            <SelectFilter
              value={filters.roles?.[0] ?? ''}
              onChange={(r) => setFilter({ roles: r ? [r] : undefined })}
              values={ROLES}
              labelOf={(r) => `role.${r}`}
              anyId="users.allRoles"
              ariaLabelId="field.role"
              testId="users-filter-role"
            />
            <YesNoFilter
              value={yesNoValue(filters.active)}
              onChange={(v) => setFilter({ active: yesNoFilter(v) })}
              anyId="users.anyStatus"
              yesId="users.activeOnly"
              noId="users.inactiveOnly"
              ariaLabelId="field.active"
              testId="users-filter-active"
            />
            {can('users.readAll') ? (
              <ClientFilter
                value={pickedClient(filters.clientId)}
                onChange={(c) => setFilter({ clientId: c?.id })}
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
