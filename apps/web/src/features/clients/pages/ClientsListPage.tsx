import { Intent } from '@blueprintjs/core';
import { clientListRequestSchema, type ClientListItem, type ClientSortField } from '@depot/contracts';
import { clientsListSpec, type ClientListFilters } from '@depot/domain';
import { FormattedMessage } from 'react-intl';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { ExportMenu } from '../../../ui/export/ExportMenu';
import { yesNoFilter, yesNoValue, type ListOrder } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter, YesNoFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { formatDate } from '../../../ui/format';
import { clientsApi } from '../api';
import { Tag } from '../../../ui/Tag';

type OrderBy = ListOrder<ClientSortField>;

const COLUMNS: ListColumn<ClientListItem>[] = [
  {
    id: 'companyName',
    titleId: 'clients.field.companyName',
    width: 220,
    sortField: 'companyName',
    render: (c) => c.companyName,
  },
  {
    id: 'shortName',
    titleId: 'clients.field.shortName',
    width: 140,
    sortField: 'shortName',
    render: (c) => c.shortName,
  },
  { id: 'uniquePrefix', titleId: 'clients.field.uniquePrefix', width: 90, render: (c) => c.uniquePrefix },
  { id: 'vatId', titleId: 'clients.field.vatId', width: 130, render: (c) => c.vatId },
  { id: 'city', titleId: 'clients.field.city', width: 130, render: (c) => c.city },
  { id: 'country', titleId: 'clients.field.country', width: 70, render: (c) => c.country },
  {
    id: 'status',
    titleId: 'clients.status',
    width: 260,
    render: (c) => (
      <span style={{ display: 'inline-flex', gap: 4 }}>
        <Tag minimal intent={c.active ? Intent.SUCCESS : Intent.NONE} data-testid="client-tag-active">
          <FormattedMessage id={c.active ? 'clients.tag.active' : 'clients.tag.inactive'} />
        </Tag>
        {c.disableAccess ? (
          <Tag minimal intent={Intent.DANGER} data-testid="client-tag-accessDisabled">
            <FormattedMessage id="clients.tag.accessDisabled" />
          </Tag>
        ) : null}
        {c.disableNewOrders ? (
          <Tag minimal intent={Intent.WARNING} data-testid="client-tag-ordersBlocked">
            <FormattedMessage id="clients.tag.ordersBlocked" />
          </Tag>
        ) : null}
      </span>
    ),
  },
  {
    id: 'createdAt',
    titleId: 'field.createdAt',
    width: 110,
    sortField: 'createdAt',
    render: (c) => formatDate(c.createdAt),
  },
];

export function ClientsListPage() {
  const { list, can, search, setSearch, sortProps, filters, setFilter } = useListPage({
    titleId: 'clients.title',
    entity: 'clients',
    livePermission: 'clients.read',
    initialOrder: { field: 'companyName', direction: 'asc' } as OrderBy,
    request: clientListRequestSchema,
    initialFilters: {} as ClientListFilters,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      clientsApi.list({ cursor, limit, filters: f, orderBy: o }),
    ...clientsListSpec,
  });

  return (
    <div className="depot-page depot-page-fill" data-testid="page-clients">
      <ListPageHeader
        titleId="clients.title"
        createLabelId="clients.create"
        createPath="/administration/clients/create"
        canCreate={can('clients.write')}
        testId="clients-create"
        actions={<ExportMenu entity="clients" selection={list.massSelection} total={list.state.total} />}
      />
      <DenseList
        testId="clients-list"
        list={list}
        columns={COLUMNS}
        {...sortProps}
        rowHref={(c) => `/administration/clients/edit/${c.id}`}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="clients.search"
              testId="clients-search"
            />
            <YesNoFilter
              value={yesNoValue(filters.active)}
              onChange={(v) => setFilter({ active: yesNoFilter(v) })}
              anyId="clients.anyStatus"
              yesId="clients.activeOnly"
              noId="clients.inactiveOnly"
              ariaLabelId="clients.field.active"
              testId="clients-filter-active"
            />
            <YesNoFilter
              value={yesNoValue(filters.disableAccess)}
              onChange={(v) => setFilter({ disableAccess: yesNoFilter(v) })}
              anyId="clients.anyAccess"
              yesId="clients.accessDisabledOnly"
              noId="clients.accessEnabledOnly"
              ariaLabelId="clients.field.disableAccess"
              testId="clients-filter-disableAccess"
            />
          </>
        }
      />
    </div>
  );
}
