import { HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { ROLES, STAFF_ROLES, type Role, type UserSortField, type UserView } from '@depot/contracts';
import { userMatchesListFilters, type UserListFilters } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { canAtom, currentUserAtom } from '../../../session/session';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { DenseList, type ListColumn, type SortState } from '../../../ui/list/DenseList';
import { useLiveList } from '../../../ui/list/useLiveList';
import { formatDate } from '../../../ui/format';
import { useDebounced } from '../../../ui/useDebounced';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { usersApi } from '../api';

type OrderBy = { field: UserSortField; direction: 'asc' | 'desc' };

const sortValue = (u: UserView, field: UserSortField) =>
  field === 'createdAt'
    ? u.createdAt
    : field === 'lastName' || field === 'firstName'
      ? u[field].toLowerCase()
      : u[field];

const compareUsers = (a: UserView, b: UserView, o: OrderBy) => {
  const [x, y] = [sortValue(a, o.field), sortValue(b, o.field)];
  const c = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return o.direction === 'asc' ? c : -c;
};

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
  usePageTitle('users.title');
  const intl = useIntl();
  const navigate = useNavigate();
  const notify = useNotify();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [active, setActive] = useState<'' | 'true' | 'false'>('');
  const [orderBy, setOrderBy] = useState<OrderBy>({ field: 'createdAt', direction: 'desc' });
  const debouncedSearch = useDebounced(search, 250);

  const filters = useMemo<UserListFilters>(
    () => ({
      ...(debouncedSearch.trim() ? { search: debouncedSearch.trim() } : {}),
      ...(role ? { roles: [role] } : {}),
      ...(active ? { active: active === 'true' } : {}),
    }),
    [debouncedSearch, role, active],
  );

  const list = useLiveList({
    entity: 'users',
    live: can('users.readAll'),
    filters,
    orderBy,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      usersApi.list({
        cursor,
        limit,
        filters: { ...f, roles: f.roles ? [...f.roles] : undefined },
        orderBy: o,
      }),
    matches: (u, f) => userMatchesListFilters(u, f) && (can('users.readAll') || u.id === me?.id),
    compare: compareUsers,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
  });

  const roleOptions = [
    { value: '', label: intl.formatMessage({ id: 'users.allRoles' }) },
    ...STAFF_ROLES.filter((r) => ROLES.includes(r)).map((r) => ({
      value: r,
      label: intl.formatMessage({ id: `role.${r}` }),
    })),
  ];

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
        sort={orderBy}
        onSort={(s: SortState) => setOrderBy(s as OrderBy)}
        onOpen={(u) => navigate(`/administration/users/edit/${u.id}`)}
        filters={
          <>
            <InputGroup
              leftIcon="search"
              placeholder={intl.formatMessage({ id: 'users.search' })}
              value={search}
              onValueChange={setSearch}
              data-testid="users-search"
              className="depot-filter-search"
            />
            <HTMLSelect
              value={role}
              onChange={(e) => setRole(e.currentTarget.value as Role | '')}
              options={roleOptions}
              aria-label={intl.formatMessage({ id: 'field.role' })}
              data-testid="users-filter-role"
            />
            <HTMLSelect
              value={active}
              onChange={(e) => setActive(e.currentTarget.value as '' | 'true' | 'false')}
              aria-label={intl.formatMessage({ id: 'field.active' })}
              data-testid="users-filter-active"
              options={[
                { value: '', label: intl.formatMessage({ id: 'users.anyStatus' }) },
                { value: 'true', label: intl.formatMessage({ id: 'users.activeOnly' }) },
                { value: 'false', label: intl.formatMessage({ id: 'users.inactiveOnly' }) },
              ]}
            />
          </>
        }
      />
    </div>
  );
}
