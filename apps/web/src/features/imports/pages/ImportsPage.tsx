import { Callout, Intent } from '@blueprintjs/core';
import { IMPORT_STATES, importListRequestSchema, type ImportView } from '@depot/contracts';
import { importsListSpec, type ImportListFilters, type ImportSortField } from '@depot/domain';
import { useMemo, useState } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { formatDateTime } from '../../../ui/format';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SelectFilter } from '../../../ui/list/ListFilters';
import { shownColumns, type ListOrder } from '../../../ui/list/listHelpers';
import { useListPage } from '../../../ui/list/useListPage';
import { ClientFilter, pickedClient, useClientScopedList } from '../../../ui/pickers/ClientFilter';
import { importPath, importsApi } from '../api';
import { ImportStateTag } from '../components/ImportStateTag';
import { UploadImportDialog } from '../components/UploadImportDialog';
import { STATE_WORDS } from '../words';

type OrderBy = ListOrder<ImportSortField>;
type Filters = ImportListFilters & { search?: string };

const ORDER: OrderBy = { field: 'createdAt', direction: 'desc' };
const count = (n: number) => <FormattedNumber value={n} />;

/** The client of the list's filter, offered first in the upload dialog when its name is known. */
function namedClient(id: string | undefined) {
  const picked = pickedClient(id);
  return picked?.name ? picked : null;
}

/**
 * /import (SPEC 2, issue 16): the live list of imports, newest first — file, client (staff), who, rows and how many
 * are valid, failed and created, the state in words (moving live while rows are checked or parcels created). "Import
 * shipments" uploads a file; a row opens the import's page.
 */
export function ImportsPage() {
  const { staff, room } = useClientScopedList('imports');
  const [uploading, setUploading] = useState(false);
  const { list, can, navigate, filters, setFilter } = useListPage({
    titleId: 'imports.title',
    entity: 'imports',
    livePermission: 'import.read',
    room,
    initialOrder: ORDER,
    request: importListRequestSchema,
    initialFilters: {} as Filters,
    fetchPage: ({ cursor, filters: f, limit }) =>
      importsApi.list({ cursor, limit, filters: { state: f.state, clientId: f.clientId } }),
    ...importsListSpec,
  });

  const columns = useMemo<ListColumn<ImportView>[]>(
    () =>
      shownColumns<ListColumn<ImportView>>([
        { id: 'fileName', titleId: 'imports.field.fileName', width: 240, render: (i) => i.fileName },
        staff && { id: 'client', titleId: 'field.client', width: 180, render: (i) => i.clientName },
        {
          id: 'state',
          titleId: 'imports.field.state',
          width: 190,
          render: (i) => <ImportStateTag imp={i} />,
        },
        { id: 'totalRows', titleId: 'imports.field.totalRows', width: 80, render: (i) => count(i.totalRows) },
        { id: 'validRows', titleId: 'imports.field.validRows', width: 80, render: (i) => count(i.validRows) },
        {
          id: 'invalidRows',
          titleId: 'imports.field.invalidRows',
          width: 90,
          render: (i) => count(i.invalidRows),
        },
        {
          id: 'createdRows',
          titleId: 'imports.field.createdRows',
          width: 90,
          render: (i) => count(i.createdRows),
        },
        { id: 'createdBy', titleId: 'imports.field.createdBy', width: 170, render: (i) => i.createdBy ?? '' },
        {
          id: 'createdAt',
          titleId: 'field.createdAt',
          width: 130,
          render: (i) => formatDateTime(i.createdAt),
        },
      ]),
    [staff],
  );

  return (
    <div className="depot-page depot-page-fill" data-testid="page-imports">
      <ListPageHeader
        titleId="imports.title"
        createLabelId="imports.upload"
        onCreate={() => setUploading(true)}
        canCreate={can('import.create')}
        testId="imports-upload"
      />
      <Callout intent={Intent.PRIMARY} icon="info-sign" className="depot-page-hint">
        <FormattedMessage id="imports.hint" />
      </Callout>
      <DenseList
        testId="imports-list"
        list={list}
        columns={columns}
        sort={ORDER}
        onSort={() => undefined}
        rowHref={(i) => importPath(i.id)}
        filters={
          <>
            <SelectFilter
              value={filters.state ?? ''}
              onChange={(state) => setFilter({ state: state || undefined })}
              values={IMPORT_STATES}
              labelOf={(s) => STATE_WORDS[s]}
              anyId="imports.anyState"
              ariaLabelId="imports.field.state"
              testId="imports-filter-state"
            />
            {staff ? (
              <ClientFilter
                value={pickedClient(filters.clientId)}
                onChange={(c) => setFilter({ clientId: c?.id })}
                clearLabelId="imports.allClients"
                testId="imports-filter-client"
              />
            ) : null}
          </>
        }
      />
      <UploadImportDialog
        isOpen={uploading}
        staff={staff}
        client={staff ? namedClient(filters.clientId) : null}
        onClose={() => setUploading(false)}
        onUploaded={(i) => {
          setUploading(false);
          void navigate(importPath(i.id));
        }}
      />
    </div>
  );
}
