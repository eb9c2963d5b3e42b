import { Button, Callout, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import {
  apiKeyMatchesFilters,
  rooms,
  type ApiKeyListFilters,
  type ApiKeySortField,
  type ApiKeyView,
} from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { canAtom, currentUserAtom } from '../../../session/session';
import { formatDateTime } from '../../../ui/format';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { DenseList, type ListColumn, type SortState } from '../../../ui/list/DenseList';
import { useLiveList } from '../../../ui/list/useLiveList';
import { useDebounced } from '../../../ui/useDebounced';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { ClientPicker } from '../../users/components/ClientPicker';
import { apiKeysApi } from '../api';
import { useApiKeyActions } from '../components/ApiKeyActions';
import { CreateApiKeyDialog } from '../components/CreateApiKeyDialog';

type OrderBy = { field: ApiKeySortField; direction: 'asc' | 'desc' };
type YesNo = '' | 'true' | 'false';

const sortValue = (k: ApiKeyView, field: ApiKeySortField) =>
  field === 'createdAt' ? k.createdAt : k.name.toLowerCase();
const compareKeys = (a: ApiKeyView, b: ApiKeyView, o: OrderBy) => {
  const [x, y] = [sortValue(a, o.field), sortValue(b, o.field)];
  const c = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return o.direction === 'asc' ? c : -c;
};

/**
 * Settings → API keys (decision 0043). A client user manages its own client's keys; staff see every client's
 * keys with a client column and filter, and pick the client when creating one.
 */
export function ApiKeysPage() {
  usePageTitle('apiKeys.title');
  const intl = useIntl();
  const notify = useNotify();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const staff = !me?.clientId;
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<YesNo>('');
  const [client, setClient] = useState<{ id: string; name: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [orderBy, setOrderBy] = useState<OrderBy>({ field: 'createdAt', direction: 'desc' });
  const debouncedSearch = useDebounced(search, 250);
  const { actions, dialogs } = useApiKeyActions();

  const filters = useMemo<ApiKeyListFilters>(
    () => ({
      ...(debouncedSearch.trim() ? { search: debouncedSearch.trim() } : {}),
      ...(active ? { active: active === 'true' } : {}),
      ...(client ? { clientId: client.id } : {}),
    }),
    [debouncedSearch, active, client],
  );

  const list = useLiveList({
    entity: 'apiKeys',
    live: can('apiKeys.read'),
    room: staff ? undefined : rooms.clientList('apiKeys', me?.clientId ?? ''),
    filters,
    orderBy,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      apiKeysApi.list({ cursor, limit, filters: f, orderBy: o }),
    matches: apiKeyMatchesFilters,
    compare: compareKeys,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
  });

  const columns = useMemo<ListColumn<ApiKeyView>[]>(() => {
    const cols: (ListColumn<ApiKeyView> | false)[] = [
      { id: 'name', titleId: 'apiKeys.field.name', width: 200, sortField: 'name', render: (k) => k.name },
      {
        id: 'keyPrefix',
        titleId: 'apiKeys.field.keyPrefix',
        width: 130,
        render: (k) => <code className="depot-monospace">{`${k.keyPrefix}…`}</code>,
      },
      staff && { id: 'client', titleId: 'field.client', width: 180, render: (k) => k.clientName },
      {
        id: 'active',
        titleId: 'apiKeys.field.active',
        width: 90,
        render: (k) => (
          <Tag minimal intent={k.active ? Intent.SUCCESS : Intent.NONE} data-testid="api-key-state">
            <FormattedMessage id={k.active ? 'apiKeys.state.active' : 'apiKeys.state.inactive'} />
          </Tag>
        ),
      },
      {
        id: 'createdAt',
        titleId: 'field.createdAt',
        width: 130,
        sortField: 'createdAt',
        render: (k) => formatDateTime(k.createdAt),
      },
      {
        id: 'lastUsedAt',
        titleId: 'apiKeys.field.lastUsedAt',
        width: 130,
        render: (k) =>
          k.lastUsedAt ? formatDateTime(k.lastUsedAt) : <FormattedMessage id="apiKeys.neverUsed" />,
      },
      can('apiKeys.write') && { id: 'actions', titleId: 'apiKeys.actions', width: 100, render: actions },
    ];
    return cols.filter((c): c is ListColumn<ApiKeyView> => c !== false);
  }, [staff, can, actions]);

  return (
    <div className="depot-page depot-page-fill" data-testid="page-api-keys">
      <ListPageHeader
        titleId="apiKeys.title"
        createLabelId="apiKeys.create"
        onCreate={() => setCreating(true)}
        canCreate={can('apiKeys.write')}
        testId="api-keys-create"
      />
      <Callout intent={Intent.PRIMARY} icon="info-sign" className="depot-page-hint">
        <FormattedMessage id="apiKeys.hint" />
      </Callout>
      <DenseList
        testId="api-keys-list"
        list={list}
        columns={columns}
        sort={orderBy}
        onSort={(s: SortState) => setOrderBy(s as OrderBy)}
        filters={
          <>
            <InputGroup
              leftIcon="search"
              placeholder={intl.formatMessage({ id: 'apiKeys.search' })}
              value={search}
              onValueChange={setSearch}
              data-testid="api-keys-search"
              className="depot-filter-search"
            />
            <HTMLSelect
              value={active}
              onChange={(e) => setActive(e.currentTarget.value as YesNo)}
              aria-label={intl.formatMessage({ id: 'apiKeys.field.active' })}
              data-testid="api-keys-filter-active"
              options={[
                { value: '', label: intl.formatMessage({ id: 'apiKeys.anyState' }) },
                { value: 'true', label: intl.formatMessage({ id: 'apiKeys.activeOnly' }) },
                { value: 'false', label: intl.formatMessage({ id: 'apiKeys.inactiveOnly' }) },
              ]}
            />
            {staff ? (
              <span className="depot-filter-client">
                <ClientPicker
                  value={client}
                  onChange={(c) => setClient({ id: c.id, name: c.companyName })}
                  testId="api-keys-filter-client"
                />
                {client ? (
                  <Button
                    minimal
                    icon="cross"
                    onClick={() => setClient(null)}
                    aria-label={intl.formatMessage({ id: 'apiKeys.allClients' })}
                    title={intl.formatMessage({ id: 'apiKeys.allClients' })}
                    data-testid="api-keys-filter-client-clear"
                  />
                ) : null}
              </span>
            ) : null}
          </>
        }
      />
      <CreateApiKeyDialog
        isOpen={creating}
        staff={staff}
        client={client}
        onClose={() => setCreating(false)}
      />
      {dialogs}
    </div>
  );
}
