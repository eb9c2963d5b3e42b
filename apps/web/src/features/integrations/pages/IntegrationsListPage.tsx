import { Button, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import {
  INTEGRATION_TYPES,
  integrationMatchesFilters,
  rooms,
  type IntegrationListFilters,
  type IntegrationSortField,
  type IntegrationType,
  type IntegrationView,
} from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { canAtom, currentUserAtom } from '../../../session/session';
import { formatDate } from '../../../ui/format';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { DenseList, type ListColumn, type SortState } from '../../../ui/list/DenseList';
import { useLiveList } from '../../../ui/list/useLiveList';
import { useDebounced } from '../../../ui/useDebounced';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { ClientPicker } from '../../users/components/ClientPicker';
import { integrationsApi } from '../api';
import { integrationTypeId } from '../integrationTypes';

type OrderBy = { field: IntegrationSortField; direction: 'asc' | 'desc' };
type YesNo = '' | 'true' | 'false';

const sortValue = (i: IntegrationView, field: IntegrationSortField) =>
  field === 'createdAt' ? i.createdAt : i.name.toLowerCase();
const compareIntegrations = (a: IntegrationView, b: IntegrationView, o: OrderBy) => {
  const [x, y] = [sortValue(a, o.field), sortValue(b, o.field)];
  const c = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return o.direction === 'asc' ? c : -c;
};

/** Settings → Integrations: a client user's own shop integrations; staff see every client's, with a filter. */
export function IntegrationsListPage() {
  usePageTitle('integrations.title');
  const intl = useIntl();
  const navigate = useNavigate();
  const notify = useNotify();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const staff = !me?.clientId;
  const [search, setSearch] = useState('');
  const [type, setType] = useState<IntegrationType | ''>('');
  const [active, setActive] = useState<YesNo>('');
  const [client, setClient] = useState<{ id: string; name: string } | null>(null);
  const [orderBy, setOrderBy] = useState<OrderBy>({ field: 'createdAt', direction: 'desc' });
  const debouncedSearch = useDebounced(search, 250);

  const filters = useMemo<IntegrationListFilters>(
    () => ({
      ...(debouncedSearch.trim() ? { search: debouncedSearch.trim() } : {}),
      ...(type ? { type } : {}),
      ...(active ? { active: active === 'true' } : {}),
      ...(client ? { clientId: client.id } : {}),
    }),
    [debouncedSearch, type, active, client],
  );

  const list = useLiveList({
    entity: 'integrations',
    live: can('integrations.read'),
    room: staff ? undefined : rooms.clientList('integrations', me?.clientId ?? ''),
    filters,
    orderBy,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      integrationsApi.list({ cursor, limit, filters: f, orderBy: o }),
    matches: integrationMatchesFilters,
    compare: compareIntegrations,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
  });

  const columns = useMemo<ListColumn<IntegrationView>[]>(() => {
    const cols: (ListColumn<IntegrationView> | false)[] = [
      {
        id: 'name',
        titleId: 'integrations.field.name',
        width: 200,
        sortField: 'name',
        render: (i) => i.name,
      },
      {
        id: 'type',
        titleId: 'integrations.field.type',
        width: 110,
        render: (i) => <FormattedMessage id={integrationTypeId(i.type)} />,
      },
      staff && { id: 'client', titleId: 'field.client', width: 180, render: (i) => i.clientName },
      { id: 'user', titleId: 'integrations.field.user', width: 160, render: (i) => i.user },
      {
        id: 'keyHint',
        titleId: 'integrations.field.key',
        width: 90,
        render: (i) => <code className="depot-monospace">{i.keyHint}</code>,
      },
      {
        id: 'active',
        titleId: 'integrations.field.active',
        width: 90,
        render: (i) => (
          <Tag minimal intent={i.active ? Intent.SUCCESS : Intent.NONE} data-testid="integration-state">
            <FormattedMessage id={i.active ? 'integrations.state.active' : 'integrations.state.inactive'} />
          </Tag>
        ),
      },
      {
        id: 'createdAt',
        titleId: 'field.createdAt',
        width: 100,
        sortField: 'createdAt',
        render: (i) => formatDate(i.createdAt),
      },
    ];
    return cols.filter((c): c is ListColumn<IntegrationView> => c !== false);
  }, [staff]);

  return (
    <div className="depot-page depot-page-fill" data-testid="page-integrations">
      <ListPageHeader
        titleId="integrations.title"
        createLabelId="integrations.create"
        createPath="/settings/integrations/create"
        canCreate={can('integrations.write')}
        testId="integrations-create"
      />
      <DenseList
        testId="integrations-list"
        list={list}
        columns={columns}
        sort={orderBy}
        onSort={(s: SortState) => setOrderBy(s as OrderBy)}
        onOpen={(i) => navigate(`/settings/integrations/edit/${i.id}`)}
        filters={
          <>
            <InputGroup
              leftIcon="search"
              placeholder={intl.formatMessage({ id: 'integrations.search' })}
              value={search}
              onValueChange={setSearch}
              data-testid="integrations-search"
              className="depot-filter-search"
            />
            <HTMLSelect
              value={type}
              onChange={(e) => setType(e.currentTarget.value as IntegrationType | '')}
              aria-label={intl.formatMessage({ id: 'integrations.field.type' })}
              data-testid="integrations-filter-type"
              options={[
                { value: '', label: intl.formatMessage({ id: 'integrations.anyType' }) },
                ...INTEGRATION_TYPES.map((t) => ({
                  value: t,
                  label: intl.formatMessage({ id: integrationTypeId(t) }),
                })),
              ]}
            />
            <HTMLSelect
              value={active}
              onChange={(e) => setActive(e.currentTarget.value as YesNo)}
              aria-label={intl.formatMessage({ id: 'integrations.field.active' })}
              data-testid="integrations-filter-active"
              options={[
                { value: '', label: intl.formatMessage({ id: 'integrations.anyState' }) },
                { value: 'true', label: intl.formatMessage({ id: 'integrations.activeOnly' }) },
                { value: 'false', label: intl.formatMessage({ id: 'integrations.inactiveOnly' }) },
              ]}
            />
            {staff ? (
              <span className="depot-filter-client">
                <ClientPicker
                  value={client}
                  onChange={(c) => setClient({ id: c.id, name: c.companyName })}
                  testId="integrations-filter-client"
                />
                {client ? (
                  <Button
                    minimal
                    icon="cross"
                    onClick={() => setClient(null)}
                    aria-label={intl.formatMessage({ id: 'integrations.allClients' })}
                    title={intl.formatMessage({ id: 'integrations.allClients' })}
                    data-testid="integrations-filter-client-clear"
                  />
                ) : null}
              </span>
            ) : null}
          </>
        }
      />
    </div>
  );
}
