import { Button, Intent } from '@blueprintjs/core';
import {
  matrixListRequestSchema,
  type MatrixListFilters,
  type MatrixListItem,
  type MatrixSortField,
} from '@depot/contracts';
import { matricesListSpec } from '@depot/domain';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ExportMenu } from '../../../ui/export/ExportMenu';
import { formatDate } from '../../../ui/format';
import { type ListOrder } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { Modal } from '../../../ui/Modal';
import { matricesApi } from '../api';
import { RouteTester } from '../components/RouteTester';
import { Tag } from '../../../ui/Tag';

type OrderBy = ListOrder<MatrixSortField>;

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
  const [testing, setTesting] = useState(false);
  const { list, can, navigate, search, setSearch, sortProps } = useListPage({
    titleId: 'matrices.title',
    entity: 'matrices',
    livePermission: 'matrices.read',
    initialOrder: { field: 'name', direction: 'asc' } as OrderBy,
    request: matrixListRequestSchema,
    initialFilters: {} as MatrixListFilters,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      matricesApi.list({ cursor, limit, filters: f, orderBy: o }),
    ...matricesListSpec,
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
        {...sortProps}
        rowHref={(m) => `/administration/matrixes/edit/${m.id}`}
        filters={
          <SearchFilter
            value={search}
            onChange={setSearch}
            placeholderId="matrices.search"
            testId="matrices-search"
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
