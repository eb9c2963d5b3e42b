import { Callout, Intent } from '@blueprintjs/core';
import {
  SCREENS,
  webhookListRequestSchema,
  type WebhookListFilters,
  type WebhookSortField,
  type WebhookView,
} from '@depot/contracts';
import { webhooksListSpec } from '@depot/domain';
import { useMemo } from 'react';
import { FormattedList, FormattedMessage } from 'react-intl';
import { formatDateTime } from '../../../ui/format';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { shownColumns, type ListOrder } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { useClientOwnedList } from '../../../ui/pickers/useClientOwnedList';
import { webhooksApi } from '../api';
import { EVENT_WORDS } from '../words';

type OrderBy = ListOrder<WebhookSortField>;

/** An endpoint's page. */
export const webhookPath = (id: string) => SCREENS.webhookDetails.path.replace(':webhookId', id);

/**
 * Settings → Webhooks (decision 0146): a client user's endpoints (staff: every client's, with a client column and
 * filter), live. A row opens the endpoint's page with its delivery log.
 */
export function WebhooksPage() {
  const owned = useClientOwnedList<WebhookView>({
    list: 'webhooks',
    messages: 'webhooks',
    testIds: { list: 'webhooks', row: 'webhook' },
  });
  const { clientColumn, activeColumn } = owned;
  const { list, can, search, setSearch, sortProps, filters, setFilter } = useListPage({
    titleId: 'webhooks.title',
    entity: 'webhooks',
    livePermission: 'webhooks.read',
    room: owned.room,
    initialOrder: { field: 'createdAt', direction: 'desc' } as OrderBy,
    request: webhookListRequestSchema,
    initialFilters: {} as WebhookListFilters,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      webhooksApi.list({ cursor, limit, filters: f, orderBy: o }),
    ...webhooksListSpec,
  });

  const columns = useMemo<ListColumn<WebhookView>[]>(
    () =>
      shownColumns<ListColumn<WebhookView>>([
        {
          id: 'url',
          titleId: 'webhooks.field.url',
          width: 320,
          sortField: 'url',
          render: (w) => <span className="depot-monospace">{w.url}</span>,
        },
        {
          id: 'events',
          titleId: 'webhooks.field.events',
          width: 300,
          render: (w) => (
            <FormattedList
              type="unit"
              value={w.events.map((e) => (
                <FormattedMessage key={e} id={EVENT_WORDS[e]} />
              ))}
            />
          ),
        },
        clientColumn,
        activeColumn,
        {
          id: 'createdAt',
          titleId: 'field.createdAt',
          width: 130,
          sortField: 'createdAt',
          render: (w) => formatDateTime(w.createdAt),
        },
      ]),
    [clientColumn, activeColumn],
  );

  return (
    <div className="depot-page depot-page-fill" data-testid="page-webhooks">
      <ListPageHeader
        titleId="webhooks.title"
        createLabelId="webhooks.create"
        createPath={SCREENS.webhookCreate.path}
        canCreate={can('webhooks.write')}
        testId="webhooks-create"
      />
      <Callout intent={Intent.PRIMARY} icon="info-sign" className="depot-page-hint">
        <FormattedMessage id="webhooks.hint" />
      </Callout>
      <DenseList
        testId="webhooks-list"
        list={list}
        columns={columns}
        rowHref={(w) => webhookPath(w.id)}
        {...sortProps}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="webhooks.search"
              testId="webhooks-search"
            />
            {owned.filterControls(filters, setFilter)}
          </>
        }
      />
    </div>
  );
}
