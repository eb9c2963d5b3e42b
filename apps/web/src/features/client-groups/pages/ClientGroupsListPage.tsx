import { HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import {
  CLIENT_GROUP_TYPES,
  type ClientGroupListItem,
  type ClientGroupSortField,
  type ClientGroupType,
} from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { canAtom, currentUserAtom } from '../../../session/session';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { DenseList, type ListColumn, type SortState } from '../../../ui/list/DenseList';
import { useLiveList } from '../../../ui/list/useLiveList';
import { formatDate } from '../../../ui/format';
import { useDebounced } from '../../../ui/useDebounced';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { clientGroupsApi } from '../api';

type OrderBy = { field: ClientGroupSortField; direction: 'asc' | 'desc' };
interface GroupFilters {
  search?: string;
  type?: ClientGroupType;
}

const sortValue = (g: ClientGroupListItem, field: ClientGroupSortField) =>
  field === 'createdAt' ? g.createdAt : g.name.toLowerCase();

const compareGroups = (a: ClientGroupListItem, b: ClientGroupListItem, o: OrderBy) => {
  const [x, y] = [sortValue(a, o.field), sortValue(b, o.field)];
  const c = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return o.direction === 'asc' ? c : -c;
};

/** The list's filters applied to a changed row (as the API applies them). */
export function groupMatchesFilters(g: ClientGroupListItem, f: GroupFilters): boolean {
  if (f.type && g.type !== f.type) return false;
  return !f.search || g.name.toLowerCase().includes(f.search.toLowerCase());
}

const COLUMNS: ListColumn<ClientGroupListItem>[] = [
  {
    id: 'name',
    titleId: 'clientGroups.field.clientsGroupName',
    width: 280,
    sortField: 'name',
    render: (g) => g.name,
  },
  {
    id: 'type',
    titleId: 'clientGroups.field.typeGroup',
    width: 170,
    render: (g) => (
      <Tag minimal data-testid="group-type-tag">
        <FormattedMessage id={`clientGroups.type.${g.type}`} />
      </Tag>
    ),
  },
  {
    id: 'clientsCount',
    titleId: 'clientGroups.field.clientsCount',
    width: 90,
    render: (g) => <FormattedNumber value={g.clientsCount} />,
  },
  {
    id: 'createdAt',
    titleId: 'field.createdAt',
    width: 110,
    sortField: 'createdAt',
    render: (g) => formatDate(g.createdAt),
  },
];

/** /administration/clientsGroups: the live list of FV and AREA groups. */
export function ClientGroupsListPage() {
  usePageTitle('clientGroups.title');
  const intl = useIntl();
  const navigate = useNavigate();
  const notify = useNotify();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<ClientGroupType | ''>('');
  const [orderBy, setOrderBy] = useState<OrderBy>({ field: 'name', direction: 'asc' });
  const debouncedSearch = useDebounced(search, 250);

  const filters = useMemo<GroupFilters>(
    () => ({
      ...(debouncedSearch.trim() ? { search: debouncedSearch.trim() } : {}),
      ...(type ? { type } : {}),
    }),
    [debouncedSearch, type],
  );

  const list = useLiveList({
    entity: 'clientGroups',
    live: can('clientGroups.read'),
    filters,
    orderBy,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      clientGroupsApi.list({
        ...f,
        sort: o.field,
        direction: o.direction,
        cursor: cursor ?? undefined,
        limit,
      }),
    matches: groupMatchesFilters,
    compare: compareGroups,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
  });

  return (
    <div className="depot-page depot-page-fill" data-testid="page-client-groups">
      <ListPageHeader
        titleId="clientGroups.title"
        createLabelId="clientGroups.create"
        createPath="/administration/clientsGroups/create"
        canCreate={can('clientGroups.write')}
        testId="client-groups-create"
      />
      <DenseList
        testId="client-groups-list"
        list={list}
        columns={COLUMNS}
        sort={orderBy}
        onSort={(s: SortState) => setOrderBy(s as OrderBy)}
        onOpen={
          can('clientGroups.write')
            ? (g) => navigate(`/administration/clientsGroups/edit/${g.id}`)
            : undefined
        }
        filters={
          <>
            <InputGroup
              leftIcon="search"
              placeholder={intl.formatMessage({ id: 'clientGroups.search' })}
              value={search}
              onValueChange={setSearch}
              data-testid="client-groups-search"
              className="depot-filter-search"
            />
            <HTMLSelect
              value={type}
              onChange={(e) => setType(e.currentTarget.value as ClientGroupType | '')}
              aria-label={intl.formatMessage({ id: 'clientGroups.field.typeGroup' })}
              data-testid="client-groups-filter-type"
              options={[
                { value: '', label: intl.formatMessage({ id: 'clientGroups.anyType' }) },
                ...CLIENT_GROUP_TYPES.map((t) => ({
                  value: t,
                  label: intl.formatMessage({ id: `clientGroups.type.${t}` }),
                })),
              ]}
            />
          </>
        }
      />
    </div>
  );
}
