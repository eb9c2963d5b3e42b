import { Button, Card, H2, Intent } from '@blueprintjs/core';
import { rooms, type UserSortField, type UserView } from '@depot/contracts';
import { canManageClientUsers, usersListSpec, type UserListFilters } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { currentUserAtom } from '../../../session/session';
import { DenseList, type ListColumn, type SortState } from '../../../ui/list/DenseList';
import { SearchFilter, YesNoFilter } from '../../../ui/list/ListFilters';
import { setFilters, yesNoFilter, type ListOrder, type YesNo } from '../../../ui/list/listHelpers';
import { useLiveList } from '../../../ui/list/useLiveList';
import { useDebounced } from '../../../ui/useDebounced';
import { useNotify } from '../../../ui/useNotify';
import { usersApi } from '../api';
import { USER_COLUMNS } from '../userColumns';
import { fromClientPage } from '../userPageState';

type OrderBy = ListOrder<UserSortField>;

const C = USER_COLUMNS;
const COLUMNS: ListColumn<UserView>[] = [C.lastName, C.firstName, C.email, C.lang, C.active, C.createdAt];

/**
 * The "Users" section of a client's page (decision 0112): the client's logins, live, with search and an active
 * filter; a row opens the user form (deactivate, new password, end sessions), "Add user" opens it for a new login of
 * this client. Shown to those who manage client users.
 */
export function ClientLogins(props: { clientId: string; clientName: string }) {
  const me = useAtomValue(currentUserAtom);
  if (!me || !canManageClientUsers(me)) return null;
  return <ClientLoginsList {...props} currentUserId={me.id} />;
}

function ClientLoginsList(props: { clientId: string; clientName: string; currentUserId: string }) {
  const { clientId } = props;
  const navigate = useNavigate();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<YesNo>('');
  const [orderBy, setOrderBy] = useState<OrderBy>({ field: 'lastName', direction: 'asc' });
  const text = useDebounced(search, 250).trim() || undefined;
  const yesNo = yesNoFilter(active);
  // What a live row must match: this client's users (the list's own filters are search and active).
  const filters = useMemo(
    (): UserListFilters => setFilters({ search: text, active: yesNo, roles: ['user'], clientId }),
    [text, yesNo, clientId],
  );
  const pageState = fromClientPage({ id: clientId, name: props.clientName });

  const list = useLiveList({
    entity: 'users',
    live: true,
    room: rooms.clientList('users', clientId),
    filters,
    orderBy,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      usersApi.clientUsers(clientId, {
        cursor,
        limit,
        filters: setFilters({ search: f.search, active: f.active }),
        orderBy: o,
      }),
    matches: usersListSpec.matches,
    compare: usersListSpec.compare,
    currentUserId: props.currentUserId,
    onError: notify.failure,
  });

  return (
    <Card className="depot-form-card depot-client-logins" data-testid="client-users">
      <div className="depot-page-header">
        <H2>
          <FormattedMessage id="clients.users.title" />
        </H2>
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          onClick={() => navigate('/administration/users/create', { state: pageState })}
          data-testid="client-users-add"
        >
          <FormattedMessage id="clients.users.add" />
        </Button>
      </div>
      <DenseList
        testId="client-users-list"
        list={list}
        columns={COLUMNS}
        sort={orderBy}
        onSort={(s: SortState) => setOrderBy(s as OrderBy)}
        onOpen={(u) => navigate(`/administration/users/edit/${u.id}`, { state: pageState })}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="users.search"
              testId="client-users-search"
            />
            <YesNoFilter
              value={active}
              onChange={setActive}
              anyId="users.anyStatus"
              yesId="users.activeOnly"
              noId="users.inactiveOnly"
              ariaLabelId="field.active"
              testId="client-users-filter-active"
            />
          </>
        }
      />
    </Card>
  );
}
