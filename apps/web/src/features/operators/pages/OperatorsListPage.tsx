import { Button, Intent, Tag } from '@blueprintjs/core';
import {
  OPERATOR_TYPES,
  type OperatorListItem,
  type OperatorSortField,
  type OperatorType,
} from '@depot/contracts';
import { operatorsListSpec, type OperatorListFilters } from '@depot/domain';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ExportMenu } from '../../../ui/export/ExportMenu';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { setFilters, yesNoFilter, type ListOrder, type YesNo } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter, SelectFilter, YesNoFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { Decimal, formatDate } from '../../../ui/format';
import { operatorsApi } from '../api';
import { operatorTypeLabelId } from '../operatorFormValues';

type OrderBy = ListOrder<OperatorSortField>;

const COLUMNS: ListColumn<OperatorListItem>[] = [
  {
    id: 'operatorName',
    titleId: 'operators.field.operatorName',
    width: 220,
    sortField: 'operatorName',
    render: (o) => o.operatorName,
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
  const [type, setType] = useState<'' | OperatorType>('');
  const [active, setActive] = useState<YesNo>('');
  const { list, can, navigate, search, setSearch, sortProps } = useListPage({
    titleId: 'operators.title',
    entity: 'operators',
    livePermission: 'operators.read',
    initialOrder: { field: 'operatorName', direction: 'asc' } as OrderBy,
    filters: (text): OperatorListFilters =>
      setFilters({ search: text, type: type || undefined, active: yesNoFilter(active) }),
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      operatorsApi.list({ cursor, limit, filters: f, orderBy: o }),
    ...operatorsListSpec,
  });

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
        columns={COLUMNS}
        {...sortProps}
        onOpen={
          can('operators.write') ? (o) => navigate(`/administration/operators/edit/${o.id}`) : undefined
        }
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="operators.search"
              testId="operators-search"
            />
            <SelectFilter
              value={type}
              onChange={setType}
              values={OPERATOR_TYPES}
              labelOf={operatorTypeLabelId}
              anyId="operators.allTypes"
              ariaLabelId="operators.field.operatorType"
              testId="operators-filter-type"
            />
            <YesNoFilter
              value={active}
              onChange={setActive}
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
