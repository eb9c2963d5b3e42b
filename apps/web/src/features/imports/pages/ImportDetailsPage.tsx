import { Button, ButtonGroup, H1, H2, Intent } from '@blueprintjs/core';
import { contract, type ImportRowView, type ImportView } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import { routeKey, useRouteQuery, useSetRouteData } from '../../../api/query';
import { languageAtom } from '../../../i18n/language';
import { useLiveRecord } from '../../../realtime/useLiveRecord';
import { canAtom, currentUserAtom } from '../../../session/session';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { saveBlob } from '../../../ui/export/saveFile';
import { QueryGate } from '../../../ui/QueryGate';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { importsApi } from '../api';
import { FixRowDialog } from '../components/FixRowDialog';
import { ImportProgress } from '../components/ImportProgress';
import { ImportRows } from '../components/ImportRows';
import { ImportSummary } from '../components/ImportSummary';
import { useImportActions } from '../hooks/useImportActions';
import { useImportRows } from '../hooks/useImportRows';

/**
 * /import/details/:importId (SPEC 2 "/import (+ details)", decision 0150): the import's facts and where it stands,
 * its rows by state with their errors (fixed in place), and approve or cancel while it waits. Live: the import follows
 * its list's changes (its counts and state as rows are fixed and parcels created) and its own room's rows (staff, and
 * its own client's users: decision 0153).
 */
export function ImportDetailsPage() {
  usePageTitle('imports.detailsTitle');
  const { importId = '' } = useParams();
  const input = { params: { id: importId } };
  const query = useRouteQuery(contract.imports.get, input);
  const setData = useSetRouteData(contract.imports.get, input);
  useLiveRecord({ list: 'imports', id: importId, key: routeKey(contract.imports.get, input) });
  return <QueryGate query={query}>{(imp) => <Details imp={imp} onChanged={setData} />}</QueryGate>;
}

function Details(props: { imp: ImportView; onChanged: (imp: ImportView) => void }) {
  const { imp, onChanged } = props;
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const lang = useAtomValue(languageAtom);
  const notify = useNotify();
  const staff = !me?.clientId;
  const rows = useImportRows(imp);
  const actions = useImportActions(imp, onChanged);
  const [confirm, setConfirm] = useState<'approve' | 'cancel' | null>(null);
  const [fixing, setFixing] = useState<ImportRowView | null>(null);
  const ready = imp.state === 'ready';
  const mayApprove = ready && can('import.approve');
  const fixable = ready && can('import.create');
  const onFix = useCallback((r: ImportRowView) => setFixing(r), []);

  const downloadFailed = async () => {
    try {
      const reply = await importsApi.failedRows(imp.id, lang);
      if (reply.kind === 'file') saveBlob(reply.blob, reply.fileName ?? 'failed-rows.xlsx');
    } catch (err) {
      notify.failure(err);
    }
  };

  return (
    <div className="depot-page" data-testid="page-import-details">
      <div className="depot-page-header">
        <H1>
          <FormattedMessage id="imports.detailsTitle" />
        </H1>
        <ButtonGroup className="depot-page-actions">
          {imp.invalidRows > 0 ? (
            <Button icon="download" onClick={() => void downloadFailed()} data-testid="import-failed-rows">
              <FormattedMessage id="imports.failedRowsFile" />
            </Button>
          ) : null}
          {mayApprove ? (
            <>
              <Button
                icon="cross"
                intent={Intent.DANGER}
                minimal
                disabled={actions.busy}
                onClick={() => setConfirm('cancel')}
                data-testid="import-cancel"
              >
                <FormattedMessage id="imports.cancel" />
              </Button>
              <Button
                icon="tick"
                intent={Intent.PRIMARY}
                disabled={imp.validRows === 0}
                loading={actions.busy}
                onClick={() => setConfirm('approve')}
                data-testid="import-approve"
              >
                <FormattedMessage id="imports.approve" />
              </Button>
            </>
          ) : null}
        </ButtonGroup>
      </div>
      <ImportProgress imp={imp} percent={actions.percent} staff={staff} />
      <ImportSummary imp={imp} />
      <section aria-labelledby="import-rows-heading" className="depot-page-fill depot-import-rows">
        <H2 id="import-rows-heading">
          <FormattedMessage id="imports.rowsTitle" />
        </H2>
        <ImportRows imp={imp} rows={rows} fixable={fixable} onFix={onFix} />
      </section>
      <FixRowDialog imp={imp} row={fixing} onSaved={rows.put} onClose={() => setFixing(null)} />
      <ConfirmDialog
        isOpen={confirm !== null}
        intent={confirm === 'cancel' ? Intent.DANGER : Intent.PRIMARY}
        titleId={confirm === 'cancel' ? 'imports.cancelTitle' : 'imports.approveTitle'}
        messageId={confirm === 'cancel' ? 'imports.cancelMessage' : 'imports.approveMessage'}
        values={{ count: imp.validRows, failed: imp.invalidRows, name: imp.fileName }}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const what = confirm;
          setConfirm(null);
          void (what === 'cancel' ? actions.cancel() : actions.approve());
        }}
      />
    </div>
  );
}
