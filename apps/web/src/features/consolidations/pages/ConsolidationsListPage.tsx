import { HTMLSelect, Intent } from '@blueprintjs/core';
import {
  consolidationListQuerySchema,
  type ConsolidationListItem,
  type ConsolidationSortField,
  type ConsolidationType,
} from '@depot/contracts';
import { consolidationsListSpec, type ConsolidationListFilters } from '@depot/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { flatQueryRequest, type ListOrder } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { formatDate } from '../../../ui/format';
import { consolidationsApi } from '../api';
import { Tag } from '../../../ui/Tag';

type OrderBy = ListOrder<ConsolidationSortField>;

const LIST_REQUEST = flatQueryRequest(consolidationListQuerySchema);

/** /operatingModule/consolidation/list: the live list of consolidations, newest first. */
export function ConsolidationsListPage() {
  const intl = useIntl();
  const { list, can, search, setSearch, sortProps, filters, setFilter } = useListPage({
    titleId: 'consolidations.title',
    entity: 'consolidations',
    livePermission: 'consolidations.read',
    initialOrder: { field: 'createdAt', direction: 'desc' } as OrderBy,
    request: LIST_REQUEST,
    initialFilters: {} as ConsolidationListFilters,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      consolidationsApi.list({
        search: f.search,
        type: f.type as ConsolidationType | undefined,
        isBlocked: f.isBlocked,
        sort: o.field,
        direction: o.direction,
        cursor: cursor ?? undefined,
        limit,
      }),
    ...consolidationsListSpec,
  });

  const columns: ListColumn<ConsolidationListItem>[] = [
    {
      id: 'barcode',
      titleId: 'consolidations.field.barcode',
      width: 150,
      sortField: 'barcode',
      render: (c) => c.barcode,
    },
    {
      id: 'kind',
      titleId: 'consolidations.field.type',
      width: 120,
      render: (c) => intl.formatMessage({ id: `consolidations.kind.${c.kind}` }),
    },
    {
      id: 'parcelCount',
      titleId: 'consolidations.field.parcelCount',
      width: 80,
      render: (c) => c.parcelCount,
    },
    {
      id: 'isBlocked',
      titleId: 'consolidations.field.isBlocked',
      width: 110,
      render: (c) =>
        c.isBlocked ? (
          <Tag intent={Intent.WARNING} minimal>
            <FormattedMessage id="consolidations.state.blocked" />
          </Tag>
        ) : (
          <FormattedMessage id="consolidations.state.open" />
        ),
    },
    { id: 'driver', titleId: 'consolidations.field.driver', width: 160, render: (c) => c.driver ?? '' },
    {
      id: 'registrationNumber',
      titleId: 'consolidations.field.registrationNumber',
      width: 140,
      render: (c) => c.registrationNumber ?? '',
    },
    { id: 'terminal', titleId: 'consolidations.field.terminal', width: 130, render: (c) => c.terminal ?? '' },
    {
      id: 'createdBy',
      titleId: 'consolidations.field.createdBy',
      width: 160,
      render: (c) => c.createdBy ?? '',
    },
    {
      id: 'createdAt',
      titleId: 'field.createdAt',
      width: 110,
      sortField: 'createdAt',
      render: (c) => formatDate(c.createdAt),
    },
  ];

  return (
    <div className="depot-page depot-page-fill" data-testid="page-consolidations">
      <ListPageHeader
        titleId="consolidations.title"
        createLabelId="consolidations.create"
        createPath="/operatingModule/consolidation/create"
        canCreate={can('consolidations.write')}
        testId="consolidations-create"
      />
      <DenseList
        testId="consolidations-list"
        list={list}
        columns={columns}
        {...sortProps}
        rowHref={(c) => `/operatingModule/consolidation/details/${c.id}`}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="consolidations.search"
              testId="consolidations-search"
            />
            <HTMLSelect
              aria-label={intl.formatMessage({ id: 'consolidations.field.type' })}
              value={filters.type ?? ''}
              onChange={(e) => setFilter({ type: e.currentTarget.value || undefined })}
              data-testid="consolidations-filter-type"
              options={[
                { value: '', label: intl.formatMessage({ id: 'consolidations.anyType' }) },
                { value: 'car', label: intl.formatMessage({ id: 'consolidations.type.car' }) },
                { value: 'normal', label: intl.formatMessage({ id: 'consolidations.type.normal' }) },
              ]}
            />
            <HTMLSelect
              aria-label={intl.formatMessage({ id: 'consolidations.field.isBlocked' })}
              value={filters.isBlocked ?? ''}
              onChange={(e) =>
                setFilter({ isBlocked: (e.currentTarget.value || undefined) as 'true' | 'false' | undefined })
              }
              data-testid="consolidations-filter-blocked"
              options={[
                { value: '', label: intl.formatMessage({ id: 'consolidations.anyState' }) },
                { value: 'true', label: intl.formatMessage({ id: 'consolidations.state.blocked' }) },
                { value: 'false', label: intl.formatMessage({ id: 'consolidations.state.open' }) },
              ]}
            />
          </>
        }
      />
    </div>
  );
}
