import { Button, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import {
  OPERATOR_TYPES,
  type OperatorListItem,
  type OperatorSortField,
  type OperatorType,
} from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { canAtom, currentUserAtom } from '../../../session/session';
import { ExportMenu } from '../../../ui/export/ExportMenu';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { DenseList, type ListColumn, type SortState } from '../../../ui/list/DenseList';
import { useLiveList } from '../../../ui/list/useLiveList';
import { formatDate } from '../../../ui/format';
import { useDebounced } from '../../../ui/useDebounced';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { operatorsApi } from '../api';
import { operatorTypeLabelId } from '../operatorFormValues';

type OrderBy = { field: OperatorSortField; direction: 'asc' | 'desc' };
interface OperatorListFilters {
  search?: string;
  type?: OperatorType;
  active?: boolean;
}
type YesNo = '' | 'true' | 'false';

const sortValue = (o: OperatorListItem, field: OperatorSortField) =>
  field === 'createdAt'
    ? o.createdAt
    : field === 'operatorType'
      ? o.operatorType
      : o.operatorName.trim().toLowerCase();

const compareOperators = (a: OperatorListItem, b: OperatorListItem, o: OrderBy) => {
  const [x, y] = [sortValue(a, o.field), sortValue(b, o.field)];
  const c = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return o.direction === 'asc' ? c : -c;
};

/** The list's filters applied to a changed row (as the API applies them). */
export function operatorMatchesFilters(o: OperatorListItem, f: OperatorListFilters): boolean {
  if (f.type !== undefined && o.operatorType !== f.type) return false;
  if (f.active !== undefined && o.active !== f.active) return false;
  if (f.search) {
    const needle = f.search.toLowerCase();
    if (![o.operatorName, o.description].some((h) => h?.toLowerCase().includes(needle))) return false;
  }
  return true;
}

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
    render: (o) => o.exchangeRateEUR,
  },
  { id: 'maxWeightKg', titleId: 'operators.field.maxWeightKg', width: 120, render: (o) => o.maxWeightKg },
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
  usePageTitle('operators.title');
  const intl = useIntl();
  const navigate = useNavigate();
  const notify = useNotify();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<'' | OperatorType>('');
  const [active, setActive] = useState<YesNo>('');
  const [orderBy, setOrderBy] = useState<OrderBy>({ field: 'operatorName', direction: 'asc' });
  const debouncedSearch = useDebounced(search, 250);

  const filters = useMemo<OperatorListFilters>(
    () => ({
      ...(debouncedSearch.trim() ? { search: debouncedSearch.trim() } : {}),
      ...(type ? { type } : {}),
      ...(active ? { active: active === 'true' } : {}),
    }),
    [debouncedSearch, type, active],
  );

  const list = useLiveList({
    entity: 'operators',
    live: can('operators.read'),
    filters,
    orderBy,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      operatorsApi.list({ cursor, limit, filters: f, orderBy: o }),
    matches: operatorMatchesFilters,
    compare: compareOperators,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
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
        sort={orderBy}
        onSort={(s: SortState) => setOrderBy(s as OrderBy)}
        onOpen={
          can('operators.write') ? (o) => navigate(`/administration/operators/edit/${o.id}`) : undefined
        }
        filters={
          <>
            <InputGroup
              leftIcon="search"
              placeholder={intl.formatMessage({ id: 'operators.search' })}
              value={search}
              onValueChange={setSearch}
              data-testid="operators-search"
              className="depot-filter-search"
            />
            <HTMLSelect
              value={type}
              onChange={(e) => setType(e.currentTarget.value as '' | OperatorType)}
              aria-label={intl.formatMessage({ id: 'operators.field.operatorType' })}
              data-testid="operators-filter-type"
              options={[
                { value: '', label: intl.formatMessage({ id: 'operators.allTypes' }) },
                ...OPERATOR_TYPES.map((t) => ({
                  value: t,
                  label: intl.formatMessage({ id: operatorTypeLabelId(t) }),
                })),
              ]}
            />
            <HTMLSelect
              value={active}
              onChange={(e) => setActive(e.currentTarget.value as YesNo)}
              aria-label={intl.formatMessage({ id: 'operators.field.active' })}
              data-testid="operators-filter-active"
              options={[
                { value: '', label: intl.formatMessage({ id: 'operators.anyStatus' }) },
                { value: 'true', label: intl.formatMessage({ id: 'operators.activeOnly' }) },
                { value: 'false', label: intl.formatMessage({ id: 'operators.inactiveOnly' }) },
              ]}
            />
          </>
        }
      />
    </div>
  );
}
