import { Button, Intent } from '@blueprintjs/core';
import {
  MAPPABLE_STATUSES,
  OPERATOR_TYPES,
  STATUS_MAP_UNMAPPED,
  statusMapListQuerySchema,
  type OperatorType,
  type StatusMapListQuery,
  type StatusMapRow,
  type StatusMapSortField,
} from '@depot/contracts';
import { statusesListSpec, type StatusMapListFilters } from '@depot/domain';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { Tag } from '../../../ui/Tag';
import { formatDate } from '../../../ui/format';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter, SelectFilter } from '../../../ui/list/ListFilters';
import { flatQueryRequest, type ListOrder } from '../../../ui/list/listHelpers';
import { useListPage } from '../../../ui/list/useListPage';
import { operatorTypeLabelId } from '../../operators/operatorFormValues';
import { statusesApi } from '../api';
import { DownloadErrors } from '../components/DownloadErrors';
import { StatusEditDialog } from '../components/StatusEditDialog';
import { statusLabelId } from '../statusLabels';

type OrderBy = ListOrder<StatusMapSortField>;
type StatusFilter = NonNullable<StatusMapListQuery['dbName']>;

const REQUEST = flatQueryRequest(statusMapListQuerySchema);
const STATUS_FILTER_VALUES: readonly StatusFilter[] = [STATUS_MAP_UNMAPPED, ...MAPPABLE_STATUSES];

const DATA_COLUMNS: ListColumn<StatusMapRow>[] = [
  {
    id: 'operatorType',
    titleId: 'statuses.field.operatorType',
    width: 130,
    sortField: 'operatorType',
    render: (r) => <FormattedMessage id={operatorTypeLabelId(r.operatorType)} />,
  },
  { id: 'code', titleId: 'statuses.field.code', width: 190, sortField: 'code', render: (r) => r.code },
  { id: 'description', titleId: 'statuses.field.description', width: 280, render: (r) => r.description },
  {
    id: 'dbName',
    titleId: 'statuses.field.dbName',
    width: 170,
    render: (r) => (
      <Tag minimal intent={r.dbName === null ? Intent.WARNING : Intent.NONE} data-testid="status-tag">
        <FormattedMessage id={statusLabelId(r.dbName)} />
      </Tag>
    ),
  },
  {
    id: 'isTerminal',
    titleId: 'statuses.field.isTerminal',
    width: 90,
    render: (r) => (r.isTerminal ? <FormattedMessage id="common.yes" /> : null),
  },
  {
    id: 'seenCount',
    titleId: 'statuses.field.seenCount',
    width: 100,
    sortField: 'seenCount',
    render: (r) => (r.seenCount > 0 ? r.seenCount : null),
  },
  {
    id: 'lastSeenAt',
    titleId: 'statuses.field.lastSeenAt',
    width: 110,
    render: (r) => (r.lastSeenAt ? formatDate(r.lastSeenAt) : null),
  },
  {
    id: 'updatedAt',
    titleId: 'statuses.field.updatedAt',
    width: 110,
    sortField: 'updatedAt',
    hiddenByDefault: true,
    render: (r) => formatDate(r.updatedAt),
  },
];

/**
 * /administration/statuses (SPEC 2): the live status map of every carrier type — each carrier code, its description
 * and the internal status it means, the unmapped ones marked, how often the carriers sent them. A row opens in a
 * dialog to change or remove it; the status map screen edits a whole carrier's list.
 */
export function StatusesListPage() {
  const navigate = useNavigate();
  const [open, setOpen] = useState<StatusMapRow | null>(null);
  const { list, can, search, setSearch, sortProps, filters, setFilter } = useListPage({
    titleId: 'statuses.title',
    entity: 'statuses',
    livePermission: 'statuses.read',
    initialOrder: { field: 'operatorType', direction: 'asc' } as OrderBy,
    request: REQUEST,
    initialFilters: {} as StatusMapListFilters,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      statusesApi.list({
        search: f.search,
        operatorType: f.operatorType as OperatorType | undefined,
        dbName: f.dbName as StatusFilter | undefined,
        sort: o.field,
        direction: o.direction,
        cursor: cursor ?? undefined,
        limit,
      }),
    ...statusesListSpec,
  });
  const canWrite = can('statuses.write');
  const columns: ListColumn<StatusMapRow>[] = [
    {
      id: 'open',
      titleId: 'statuses.open',
      width: 100,
      interactive: true,
      render: (r) => (
        <Button
          small
          minimal
          icon={canWrite ? 'edit' : 'eye-open'}
          onClick={() => setOpen(r)}
          data-testid="status-open"
        >
          <FormattedMessage id={canWrite ? 'statuses.edit' : 'statuses.open'} />
        </Button>
      ),
    },
    ...DATA_COLUMNS,
  ];

  return (
    <div className="depot-page depot-page-fill" data-testid="page-statuses">
      <ListPageHeader
        titleId="statuses.title"
        createLabelId="statuses.create"
        createPath="/administration/statuses/create"
        canCreate={canWrite}
        testId="statuses-create"
        actions={
          canWrite ? (
            <Button
              icon="th"
              onClick={() => navigate('/administration/mapStatus/map')}
              data-testid="statuses-open-map"
            >
              <FormattedMessage id="statuses.mapTitle" />
            </Button>
          ) : null
        }
      />
      <DownloadErrors />
      <DenseList
        testId="statuses-list"
        list={list}
        columns={columns}
        {...sortProps}
        onOpen={setOpen}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="statuses.search"
              testId="statuses-search"
            />
            <SelectFilter
              value={(filters.operatorType ?? '') as OperatorType | ''}
              onChange={(v) => setFilter({ operatorType: v || undefined })}
              values={OPERATOR_TYPES}
              labelOf={operatorTypeLabelId}
              anyId="statuses.anyOperatorType"
              ariaLabelId="statuses.field.operatorType"
              testId="statuses-filter-operator-type"
            />
            <SelectFilter
              value={(filters.dbName ?? '') as StatusFilter | ''}
              onChange={(v) => setFilter({ dbName: v || undefined })}
              values={STATUS_FILTER_VALUES}
              labelOf={(v) => (v === STATUS_MAP_UNMAPPED ? 'statuses.unmapped' : statusLabelId(v))}
              anyId="statuses.anyStatus"
              ariaLabelId="statuses.field.dbName"
              testId="statuses-filter-status"
            />
          </>
        }
      />
      {open ? (
        <StatusEditDialog key={open.id} row={open} canWrite={canWrite} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
