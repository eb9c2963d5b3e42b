import { Button, InputGroup, Intent, Tag } from '@blueprintjs/core';
import type { MatrixListFilters, MatrixListItem, MatrixSortField } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { canAtom, currentUserAtom } from '../../../session/session';
import { ExportMenu } from '../../../ui/export/ExportMenu';
import { formatDate } from '../../../ui/format';
import { DenseList, type ListColumn, type SortState } from '../../../ui/list/DenseList';
import { useLiveList } from '../../../ui/list/useLiveList';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { Modal } from '../../../ui/Modal';
import { useDebounced } from '../../../ui/useDebounced';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { matricesApi } from '../api';
import { RouteTester } from '../components/RouteTester';

type OrderBy = { field: MatrixSortField; direction: 'asc' | 'desc' };

const sortValue = (m: MatrixListItem, field: MatrixSortField) =>
  field === 'createdAt' ? m.createdAt : m.name.trim().toLowerCase();

const compareMatrices = (a: MatrixListItem, b: MatrixListItem, o: OrderBy) => {
  const [x, y] = [sortValue(a, o.field), sortValue(b, o.field)];
  const c = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return o.direction === 'asc' ? c : -c;
};

/** The list's filter applied to a changed row (as the API applies it: name or a carrier's name). */
export function matrixMatchesFilters(m: MatrixListItem, f: MatrixListFilters): boolean {
  if (!f.search) return true;
  const needle = f.search.toLowerCase();
  return [m.name, ...m.operatorNames].some((h) => h.toLowerCase().includes(needle));
}

const COLUMNS: ListColumn<MatrixListItem>[] = [
  { id: 'name', titleId: 'matrices.field.name', width: 260, sortField: 'name', render: (m) => m.name },
  {
    id: 'isDefault',
    titleId: 'matrices.field.isDefault',
    width: 110,
    render: (m) =>
      m.isDefault ? (
        <Tag minimal intent={Intent.PRIMARY} icon="star" data-testid="matrix-tag-default">
          <FormattedMessage id="matrices.tag.default" />
        </Tag>
      ) : null,
  },
  { id: 'conditionCount', titleId: 'matrices.conditionCount', width: 100, render: (m) => m.conditionCount },
  {
    id: 'operatorNames',
    titleId: 'matrices.operators',
    width: 300,
    render: (m) => m.operatorNames.join(', '),
  },
  {
    id: 'createdAt',
    titleId: 'field.createdAt',
    width: 110,
    sortField: 'createdAt',
    render: (m) => formatDate(m.createdAt),
  },
];

export function MatricesListPage() {
  usePageTitle('matrices.title');
  const intl = useIntl();
  const navigate = useNavigate();
  const notify = useNotify();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const [search, setSearch] = useState('');
  const [orderBy, setOrderBy] = useState<OrderBy>({ field: 'name', direction: 'asc' });
  const [testing, setTesting] = useState(false);
  const debouncedSearch = useDebounced(search, 250);
  const filters = useMemo<MatrixListFilters>(
    () => (debouncedSearch.trim() ? { search: debouncedSearch.trim() } : {}),
    [debouncedSearch],
  );

  const list = useLiveList({
    entity: 'matrices',
    live: can('matrices.read'),
    filters,
    orderBy,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      matricesApi.list({ cursor, limit, filters: f, orderBy: o }),
    matches: matrixMatchesFilters,
    compare: compareMatrices,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
  });

  return (
    <div className="depot-page depot-page-fill" data-testid="page-matrices">
      <ListPageHeader
        titleId="matrices.title"
        createLabelId="matrices.create"
        createPath="/administration/matrixes/create"
        canCreate={can('matrices.write')}
        testId="matrices-create"
        actions={
          <>
            <Button icon="route" onClick={() => setTesting(true)} data-testid="matrices-test-route">
              <FormattedMessage id="matrices.test.open" />
            </Button>
            {can('matrices.write') ? (
              <Button
                icon="swap-horizontal"
                onClick={() => navigate('/administration/operators/replacement')}
                data-testid="matrices-replacement"
              >
                <FormattedMessage id="replacement.open" />
              </Button>
            ) : null}
            <ExportMenu entity="matrices" selection={list.massSelection} total={list.state.total} />
          </>
        }
      />
      <DenseList
        testId="matrices-list"
        list={list}
        columns={COLUMNS}
        sort={orderBy}
        onSort={(s: SortState) => setOrderBy(s as OrderBy)}
        onOpen={(m) => navigate(`/administration/matrixes/edit/${m.id}`)}
        filters={
          <InputGroup
            leftIcon="search"
            placeholder={intl.formatMessage({ id: 'matrices.search' })}
            value={search}
            onValueChange={setSearch}
            data-testid="matrices-search"
            className="depot-filter-search"
          />
        }
      />
      <Modal
        isOpen={testing}
        title={<FormattedMessage id="matrices.test.title" />}
        onClose={() => setTesting(false)}
      >
        <RouteTester />
      </Modal>
    </div>
  );
}
