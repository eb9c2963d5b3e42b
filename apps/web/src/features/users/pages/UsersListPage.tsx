import { Intent, Tag } from '@blueprintjs/core';
import { ROLES, STAFF_ROLES, type Role, type UserSortField, type UserView } from '@depot/contracts';
import { usersListSpec, type UserListFilters } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { canAtom, currentUserAtom } from '../../../session/session';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { setFilters, yesNoFilter, type ListOrder, type YesNo } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter, SelectFilter, YesNoFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { formatDate } from '../../../ui/format';
import { usersApi } from '../api';

type OrderBy = ListOrder<UserSortField>;

/** The staff roles the role filter offers. */
const FILTER_ROLES = STAFF_ROLES.filter((r) => ROLES.includes(r));

const COLUMNS: ListColumn<UserView>[] = [
  { id: 'lastName', titleId: 'field.lastName', width: 160, sortField: 'lastName', render: (u) => u.lastName },
  {
    id: 'firstName',
    titleId: 'field.firstName',
    width: 140,
    sortField: 'firstName',
    render: (u) => u.firstName,
  },
  { id: 'email', titleId: 'field.email', width: 240, sortField: 'email', render: (u) => u.email },
  {
    id: 'role',
    titleId: 'field.role',
    width: 120,
    sortField: 'role',
    render: (u) => <FormattedMessage id={`role.${u.role}`} />,
  },
  {
    id: 'lang',
    titleId: 'field.language',
    width: 90,
    render: (u) => <FormattedMessage id={`language.${u.lang}`} />,
  },
  {
    id: 'active',
    titleId: 'field.active',
    width: 90,
    render: (u) => (
      <Tag minimal intent={u.active ? Intent.SUCCESS : Intent.NONE}>
        <FormattedMessage id={u.active ? 'common.yes' : 'common.no'} />
      </Tag>
    ),
  },
  {
    id: 'createdAt',
    titleId: 'field.createdAt',
    width: 110,
    sortField: 'createdAt',
    render: (u) => formatDate(u.createdAt),
  },
];

export function UsersListPage() {
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const [role, setRole] = useState<Role | ''>('');
  const [active, setActive] = useState<YesNo>('');
  const { list, navigate, search, setSearch, sortProps } = useListPage({
    titleId: 'users.title',
    entity: 'users',
    livePermission: 'users.readAll',
    initialOrder: { field: 'createdAt', direction: 'desc' } as OrderBy,
    filters: (text): UserListFilters =>
      setFilters({ search: text, roles: role ? [role] : undefined, active: yesNoFilter(active) }),
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
              values={FILTER_ROLES}
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
          </>
        }
      />
    </div>
  );
}
