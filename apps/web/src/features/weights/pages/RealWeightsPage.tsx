import { Callout, Intent } from '@blueprintjs/core';
import { weightImportListRequestSchema, type WeightImportView } from '@depot/contracts';
import { weightImportsListSpec, type ListOrder, type WeightImportSortField } from '@depot/domain';
import { useMemo, useState } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { formatDateTime } from '../../../ui/format';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { useListPage } from '../../../ui/list/useListPage';
import { weightImportPath, weightsApi } from '../api';
import { UploadWeightsDialog } from '../components/UploadWeightsDialog';
import { OUTCOME_WORDS } from '../words';

const ORDER: ListOrder<WeightImportSortField> = { field: 'createdAt', direction: 'desc' };
const count = (n: number) => <FormattedNumber value={n} />;

/**
 * /import/realWeights (issue 16 item 4, decision 0151): the carriers' real-weight files brought, newest first — file,
 * who, when, and the lines by outcome. "Upload a carrier's file" records a file's weights and opens its report; a row
 * opens its report.
 */
export function RealWeightsPage() {
  const [uploading, setUploading] = useState(false);
  const { list, can, navigate } = useListPage({
    titleId: 'weights.title',
    entity: 'weightImports',
    livePermission: 'accounting.read',
    initialOrder: ORDER,
    request: weightImportListRequestSchema,
    fetchPage: ({ cursor, limit }) => weightsApi.list({ cursor, limit }),
    ...weightImportsListSpec,
  });

  const columns = useMemo<ListColumn<WeightImportView>[]>(
    () => [
      { id: 'fileName', titleId: 'weights.list.file', width: 240, render: (i) => i.fileName },
      { id: 'createdBy', titleId: 'weights.list.createdBy', width: 170, render: (i) => i.createdBy ?? '' },
      {
        id: 'createdAt',
        titleId: 'weights.list.createdAt',
        width: 140,
        render: (i) => formatDateTime(i.createdAt),
      },
      { id: 'totalRows', titleId: 'weights.list.total', width: 80, render: (i) => count(i.totalRows) },
      { id: 'matchedRows', titleId: OUTCOME_WORDS.matched, width: 100, render: (i) => count(i.matchedRows) },
      {
        id: 'overDeclaredRows',
        titleId: OUTCOME_WORDS.overDeclared,
        width: 170,
        render: (i) => count(i.overDeclaredRows),
      },
      {
        id: 'unmatchedRows',
        titleId: OUTCOME_WORDS.unmatched,
        width: 110,
        render: (i) => count(i.unmatchedRows),
      },
      { id: 'invalidRows', titleId: OUTCOME_WORDS.invalid, width: 100, render: (i) => count(i.invalidRows) },
    ],
    [],
  );

  return (
    <div className="depot-page depot-page-fill" data-testid="page-real-weights">
      <ListPageHeader
        titleId="weights.title"
        createLabelId="weights.upload"
        onCreate={() => setUploading(true)}
        canCreate={can('accounting.write')}
        testId="weights-upload"
      />
      <Callout intent={Intent.PRIMARY} icon="info-sign" className="depot-page-hint">
        <FormattedMessage id="weights.intro" />
      </Callout>
      <DenseList
        testId="weights-list"
        list={list}
        columns={columns}
        sort={ORDER}
        onSort={() => undefined}
        rowHref={(i) => weightImportPath(i.id)}
      />
      <UploadWeightsDialog
        isOpen={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(reply) => {
          setUploading(false);
          list.reload();
          void navigate(weightImportPath(reply.id));
        }}
      />
    </div>
  );
}
