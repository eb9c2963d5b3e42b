import { HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import type { ClientListItem, ClientSortField } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { canAtom, currentUserAtom } from '../../../session/session';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { ExportMenu } from '../../../ui/export/ExportMenu';
import { DenseList, type ListColumn, type SortState } from '../../../ui/list/DenseList';
import { useLiveList } from '../../../ui/list/useLiveList';
import { formatDate } from '../../../ui/format';
import { useDebounced } from '../../../ui/useDebounced';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { clientsApi } from '../api';

type OrderBy = { field: ClientSortField; direction: 'asc' | 'desc' };
interface ClientListFilters {
  search?: string;
  active?: boolean;
  disableAccess?: boolean;
}
type YesNo = '' | 'true' | 'false';

const sortValue = (c: ClientListItem, field: ClientSortField) =>
  field === 'createdAt' ? c.createdAt : (c[field] ?? '').toLowerCase();

const compareClients = (a: ClientListItem, b: ClientListItem, o: OrderBy) => {
  const [x, y] = [sortValue(a, o.field), sortValue(b, o.field)];
  const c = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return o.direction === 'asc' ? c : -c;
};

/** The list's filters applied to a changed row (as the API applies them). */
export function clientMatchesFilters(c: ClientListItem, f: ClientListFilters): boolean {
  if (f.active !== undefined && c.active !== f.active) return false;
  if (f.disableAccess !== undefined && c.disableAccess !== f.disableAccess) return false;
  if (f.search) {
    const needle = f.search.toLowerCase();
    const hay = [c.companyName, c.clientName, c.shortName, c.uniquePrefix, c.vatId, c.email];
    if (!hay.some((h) => h?.toLowerCase().includes(needle))) return false;
  }
  return true;
}

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

const toBool = (v: YesNo) => (v === '' ? undefined : v === 'true');

export function ClientsListPage() {
  usePageTitle('clients.title');
  const intl = useIntl();
  const navigate = useNavigate();
  const notify = useNotify();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<YesNo>('');
  const [disableAccess, setDisableAccess] = useState<YesNo>('');
  const [orderBy, setOrderBy] = useState<OrderBy>({ field: 'companyName', direction: 'asc' });
  const debouncedSearch = useDebounced(search, 250);

  const filters = useMemo<ClientListFilters>(
    () => ({
      ...(debouncedSearch.trim() ? { search: debouncedSearch.trim() } : {}),
      ...(active ? { active: toBool(active) } : {}),
      ...(disableAccess ? { disableAccess: toBool(disableAccess) } : {}),
    }),
    [debouncedSearch, active, disableAccess],
  );

  const list = useLiveList({
    entity: 'clients',
    live: can('clients.read'),
    filters,
    orderBy,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      clientsApi.list({ cursor, limit, filters: f, orderBy: o }),
    matches: clientMatchesFilters,
    compare: compareClients,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
  });

  const yesNoOptions = (anyId: string, yesId: string, noId: string) => [
    { value: '', label: intl.formatMessage({ id: anyId }) },
    { value: 'true', label: intl.formatMessage({ id: yesId }) },
    { value: 'false', label: intl.formatMessage({ id: noId }) },
  ];

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
        sort={orderBy}
        onSort={(s: SortState) => setOrderBy(s as OrderBy)}
        onOpen={(c) => navigate(`/administration/clients/edit/${c.id}`)}
        filters={
          <>
            <InputGroup
              leftIcon="search"
              placeholder={intl.formatMessage({ id: 'clients.search' })}
              value={search}
              onValueChange={setSearch}
              data-testid="clients-search"
              className="depot-filter-search"
            />
            <HTMLSelect
              value={active}
              onChange={(e) => setActive(e.currentTarget.value as YesNo)}
              aria-label={intl.formatMessage({ id: 'clients.field.active' })}
              data-testid="clients-filter-active"
              options={yesNoOptions('clients.anyStatus', 'clients.activeOnly', 'clients.inactiveOnly')}
            />
            <HTMLSelect
              value={disableAccess}
              onChange={(e) => setDisableAccess(e.currentTarget.value as YesNo)}
              aria-label={intl.formatMessage({ id: 'clients.field.disableAccess' })}
              data-testid="clients-filter-disableAccess"
              options={yesNoOptions(
                'clients.anyAccess',
                'clients.accessDisabledOnly',
                'clients.accessEnabledOnly',
              )}
            />
          </>
        }
      />
    </div>
  );
}
