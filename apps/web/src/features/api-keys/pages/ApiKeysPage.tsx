import { Callout, Intent } from '@blueprintjs/core';
import {
  apiKeyListRequestSchema,
  type ApiKeyListFilters,
  type ApiKeySortField,
  type ApiKeyView,
} from '@depot/contracts';
import { apiKeysListSpec } from '@depot/domain';
import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatDateTime } from '../../../ui/format';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { shownColumns, type ListOrder } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { pickedClient } from '../../../ui/pickers/ClientFilter';
import { useClientOwnedList } from '../../../ui/pickers/useClientOwnedList';
import { apiKeysApi } from '../api';
import { useApiKeyActions } from '../components/ApiKeyActions';
import { CreateApiKeyDialog } from '../components/CreateApiKeyDialog';

type OrderBy = ListOrder<ApiKeySortField>;

/**
 * Settings → API keys (decision 0043). A client user manages its own client's keys; staff see every client's
 * keys with a client column and filter, and pick the client when creating one.
 */
export function ApiKeysPage() {
  const owned = useClientOwnedList<ApiKeyView>({
    list: 'apiKeys',
    messages: 'apiKeys',
    testIds: { list: 'api-keys', row: 'api-key' },
  });
  const { staff, clientColumn, activeColumn } = owned;
  const [creating, setCreating] = useState(false);
  const { actions, dialogs } = useApiKeyActions();
  const { list, can, search, setSearch, sortProps, filters, setFilter } = useListPage({
    titleId: 'apiKeys.title',
    entity: 'apiKeys',
    livePermission: 'apiKeys.read',
    room: owned.room,
    initialOrder: { field: 'createdAt', direction: 'desc' } as OrderBy,
    request: apiKeyListRequestSchema,
    initialFilters: {} as ApiKeyListFilters,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      apiKeysApi.list({ cursor, limit, filters: f, orderBy: o }),
    ...apiKeysListSpec,
  });

  const columns = useMemo<ListColumn<ApiKeyView>[]>(() => {
    return shownColumns<ListColumn<ApiKeyView>>([
      { id: 'name', titleId: 'apiKeys.field.name', width: 200, sortField: 'name', render: (k) => k.name },
      {
        id: 'keyPrefix',
        titleId: 'apiKeys.field.keyPrefix',
        width: 130,
        render: (k) => <code className="depot-monospace">{`${k.keyPrefix}…`}</code>,
      },
      clientColumn,
      activeColumn,
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
    ]);
  }, [clientColumn, activeColumn, can, actions]);

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
        {...sortProps}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="apiKeys.search"
              testId="api-keys-search"
            />
            {owned.filterControls(filters, setFilter)}
          </>
        }
      />
      <CreateApiKeyDialog
        isOpen={creating}
        staff={staff}
        client={pickedClient(filters.clientId)}
        onClose={() => setCreating(false)}
      />
      {dialogs}
    </div>
  );
}
