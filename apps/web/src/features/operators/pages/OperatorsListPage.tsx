import { Button, Intent } from '@blueprintjs/core';
import {
  OPERATOR_TYPES,
  operatorListRequestSchema,
  type OperatorListItem,
  type OperatorSortField,
} from '@depot/contracts';
import { operatorsListSpec, type OperatorListFilters } from '@depot/domain';
import { FormattedMessage } from 'react-intl';
import { ExportMenu } from '../../../ui/export/ExportMenu';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { yesNoFilter, yesNoValue, type ListOrder } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter, SelectFilter, YesNoFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { Decimal, formatDate } from '../../../ui/format';
import { operatorsApi } from '../api';
import { operatorTypeLabelId } from '../operatorFormValues';
import { Tag } from '../../../ui/Tag';
import { SandboxMark, useSandboxCarriers } from '../../../ui/SandboxTag';
import { useMemo } from 'react';

type OrderBy = ListOrder<OperatorSortField>;

/** The list's columns; a carrier the demo's sandbox answers for says so beside its name (decision 0148). */
const columnsOf = (isSandbox: (id: string) => boolean): ListColumn<OperatorListItem>[] => [
  {
    id: 'operatorName',
    titleId: 'operators.field.operatorName',
    width: 220,
    sortField: 'operatorName',
    render: (o) => (
      <>
        {o.operatorName}
        {isSandbox(o.id) ? <SandboxMark /> : null}
      </>
    ),
  },
  {
    id: 'operatorType',
    titleId: 'operators.field.operatorType',
    width: 130,
    sortField: 'operatorType',
    render: (o) => <FormattedMessage id={operatorTypeLabelId(o.operatorType)} />,
  },
  {
    id: 'status',
    titleId: 'operators.status',
    width: 100,
    render: (o) => (
      <Tag minimal intent={o.active ? Intent.SUCCESS : Intent.NONE} data-testid="operator-tag-active">
        <FormattedMessage id={o.active ? 'operators.tag.active' : 'operators.tag.inactive'} />
      </Tag>
    ),
  },
  {
    id: 'exchangeRateEUR',
    titleId: 'operators.field.exchangeRateEUR',
    width: 120,
    render: (o) => <Decimal value={o.exchangeRateEUR} />,
  },
  {
    id: 'maxWeightKg',
    titleId: 'operators.field.maxWeightKg',
    width: 120,
    render: (o) => <Decimal value={o.maxWeightKg} />,
  },
  { id: 'description', titleId: 'operators.field.description', width: 260, render: (o) => o.description },
  {
    id: 'createdAt',
    titleId: 'field.createdAt',
    width: 110,
    sortField: 'createdAt',
    render: (o) => formatDate(o.createdAt),
  },
];

export function OperatorsListPage() {
  const { list, can, navigate, search, setSearch, sortProps, filters, setFilter } = useListPage({
    titleId: 'operators.title',
    entity: 'operators',
    livePermission: 'operators.read',
    initialOrder: { field: 'operatorName', direction: 'asc' } as OrderBy,
    request: operatorListRequestSchema,
    initialFilters: {} as OperatorListFilters,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      operatorsApi.list({ cursor, limit, filters: f, orderBy: o }),
    ...operatorsListSpec,
  });
  const isSandbox = useSandboxCarriers();
  const columns = useMemo(() => columnsOf(isSandbox), [isSandbox]);

  return (
    <div className="depot-page depot-page-fill" data-testid="page-operators">
      <ListPageHeader
        titleId="operators.title"
        createLabelId="operators.create"
        createPath="/administration/operators/create"
        canCreate={can('operators.write')}
        testId="operators-create"
        actions={
          <>
            {can('matrices.write') ? (
              <Button
                icon="swap-horizontal"
                onClick={() => navigate('/administration/operators/replacement')}
                data-testid="operators-replacement"
              >
                <FormattedMessage id="menu.operatorReplacement" />
              </Button>
            ) : null}
            <ExportMenu entity="operators" selection={list.massSelection} total={list.state.total} />
          </>
        }
      />
      <DenseList
        testId="operators-list"
        list={list}
        columns={columns}
        {...sortProps}
        rowHref={can('operators.write') ? (o) => `/administration/operators/edit/${o.id}` : undefined}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="operators.search"
              testId="operators-search"
            />
            <SelectFilter
              value={filters.type ?? ''}
              onChange={(t) => setFilter({ type: t || undefined })}
              values={OPERATOR_TYPES}
              labelOf={operatorTypeLabelId}
              anyId="operators.allTypes"
              ariaLabelId="operators.field.operatorType"
              testId="operators-filter-type"
            />
            <YesNoFilter
              value={yesNoValue(filters.active)}
              onChange={(v) => setFilter({ active: yesNoFilter(v) })}
              anyId="operators.anyStatus"
              yesId="operators.activeOnly"
              noId="operators.inactiveOnly"
              ariaLabelId="operators.field.active"
              testId="operators-filter-active"
            />
          </>
        }
      />
    </div>
  );
}
