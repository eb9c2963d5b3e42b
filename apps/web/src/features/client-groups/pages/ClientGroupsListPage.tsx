import {
  CLIENT_GROUP_TYPES,
  clientGroupListQuerySchema,
  type ClientGroupListItem,
  type ClientGroupSortField,
} from '@depot/contracts';
import { clientGroupsListSpec, type ClientGroupListFilters } from '@depot/domain';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { flatQueryRequest, type ListOrder } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter, SelectFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { formatDate } from '../../../ui/format';
import { clientGroupsApi } from '../api';
import { Tag } from '../../../ui/Tag';

type OrderBy = ListOrder<ClientGroupSortField>;

const CLIENT_GROUP_LIST_REQUEST = flatQueryRequest(clientGroupListQuerySchema);
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
  const { list, can, search, setSearch, sortProps, filters, setFilter } = useListPage({
    titleId: 'clientGroups.title',
    entity: 'clientGroups',
    livePermission: 'clientGroups.read',
    initialOrder: { field: 'name', direction: 'asc' } as OrderBy,
    request: CLIENT_GROUP_LIST_REQUEST,
    initialFilters: {} as ClientGroupListFilters,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      clientGroupsApi.list({
        ...f,
        sort: o.field,
        direction: o.direction,
        cursor: cursor ?? undefined,
        limit,
      }),
    ...clientGroupsListSpec,
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
        {...sortProps}
        rowHref={can('clientGroups.write') ? (g) => `/administration/clientsGroups/edit/${g.id}` : undefined}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="clientGroups.search"
              testId="client-groups-search"
            />
            <SelectFilter
              value={filters.type ?? ''}
              onChange={(t) => setFilter({ type: t || undefined })}
              values={CLIENT_GROUP_TYPES}
              labelOf={(t) => `clientGroups.type.${t}`}
              anyId="clientGroups.anyType"
              ariaLabelId="clientGroups.field.typeGroup"
              testId="client-groups-filter-type"
            />
          </>
        }
      />
    </div>
  );
}
