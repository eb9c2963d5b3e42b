import {
  INTEGRATION_TYPES,
  integrationListRequestSchema,
  type IntegrationListFilters,
  type IntegrationSortField,
  type IntegrationView,
} from '@depot/contracts';
import { integrationsListSpec } from '@depot/domain';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatDate } from '../../../ui/format';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { shownColumns, type ListOrder } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter, SelectFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { useClientOwnedList } from '../../../ui/pickers/useClientOwnedList';
import { integrationsApi } from '../api';
import { integrationTypeId } from '../integrationTypes';

type OrderBy = ListOrder<IntegrationSortField>;

/** Settings → Integrations: a client user's own shop integrations; staff see every client's, with a filter. */
export function IntegrationsListPage() {
  const owned = useClientOwnedList<IntegrationView>({
    list: 'integrations',
    messages: 'integrations',
    testIds: { list: 'integrations', row: 'integration' },
  });
  const { clientColumn, activeColumn } = owned;
  const { list, can, search, setSearch, sortProps, filters, setFilter } = useListPage({
    titleId: 'integrations.title',
    entity: 'integrations',
    livePermission: 'integrations.read',
    room: owned.room,
    initialOrder: { field: 'createdAt', direction: 'desc' } as OrderBy,
    request: integrationListRequestSchema,
    initialFilters: {} as IntegrationListFilters,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      integrationsApi.list({ cursor, limit, filters: f, orderBy: o }),
    ...integrationsListSpec,
  });

  const columns = useMemo<ListColumn<IntegrationView>[]>(() => {
    return shownColumns<ListColumn<IntegrationView>>([
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
      clientColumn,
      { id: 'user', titleId: 'integrations.field.user', width: 160, render: (i) => i.user },
      {
        id: 'keyHint',
        titleId: 'integrations.field.key',
        width: 90,
        render: (i) => <code className="depot-monospace">{i.keyHint}</code>,
      },
      activeColumn,
      {
        id: 'createdAt',
        titleId: 'field.createdAt',
        width: 100,
        sortField: 'createdAt',
        render: (i) => formatDate(i.createdAt),
      },
    ]);
  }, [clientColumn, activeColumn]);

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
        {...sortProps}
        rowHref={(i) => `/settings/integrations/edit/${i.id}`}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="integrations.search"
              testId="integrations-search"
            />
            <SelectFilter
              value={filters.type ?? ''}
              onChange={(t) => setFilter({ type: t || undefined })}
              values={INTEGRATION_TYPES}
              labelOf={integrationTypeId}
              anyId="integrations.anyType"
              ariaLabelId="integrations.field.type"
              testId="integrations-filter-type"
            />
            {owned.filterControls(filters, setFilter)}
          </>
        }
      />
    </div>
  );
}
