import { Button, Callout, FormGroup, Intent, Spinner } from '@blueprintjs/core';
import type { ImportHeadersReply, ImportView } from '@depot/contracts';
import { missingColumns } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { describeError, type ErrorText } from '../../../api/errors';
import { languageAtom } from '../../../i18n/language';
import { saveBlob } from '../../../ui/export/saveFile';
import { SpreadsheetFileField } from '../../../ui/form/SpreadsheetFileField';
import { Modal } from '../../../ui/Modal';
import { ClientPicker } from '../../../ui/pickers/ClientPicker';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { importsApi } from '../api';
import { useFileColumns } from '../hooks/useFileColumns';
import { initialMapping, type Mapping } from '../mapping';
import { ColumnMapping } from './ColumnMapping';

type Picked = { id: string; name: string };

/**
 * "Import shipments" (decisions 0150, 0152): the file (.xlsx or .csv) and, for staff, the client it is for; then the
 * mapping step — the file's columns read at once (a refusal of the whole file, its type or emptiness, shows here in
 * the reader's language), each field's column chosen from the recognised headers or a saved preset. The upload waits
 * until every required field has a column, and answers once every row is checked (nothing is created yet). The
 * template is one click away.
 */
export function UploadImportDialog(props: {
  isOpen: boolean;
  /** Staff name the client; a client user's import is its own client's. */
  staff: boolean;
  /** The client the list is filtered by, offered first. */
  client: Picked | null;
  onClose: () => void;
  onUploaded: (imp: ImportView) => void;
}) {
  return props.isOpen ? <OpenDialog {...props} /> : null;
}

function OpenDialog(props: Parameters<typeof UploadImportDialog>[0]) {
  const intl = useIntl();
  const text = useText();
  const notify = useNotify();
  const lang = useAtomValue(languageAtom);
  const [file, setFile] = useState<File | null>(null);
  const [client, setClient] = useState<Picked | null>(props.client);
  const [errors, setErrors] = useState<{ file?: string; client?: string }>({});
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);
  // Staff read a file's columns for the client they picked (its presets); a client's user for its own.
  const clientId = props.staff ? (client?.id ?? undefined) : null;
  const columns = useFileColumns(file, clientId);
  const reply = columns.status === 'read' ? columns.reply : null;
  // The mapping belongs to the file's reply it was made for: a new file (or client) starts from its own.
  const [edited, setEdited] = useState<{ reply: ImportHeadersReply; mapping: Mapping } | null>(null);
  const mapping = reply ? (edited?.reply === reply ? edited.mapping : initialMapping(reply)) : null;
  const unmapped = mapping ? missingColumns(mapping.map).length > 0 : false;
  const shownFailure = failure ?? (columns.status === 'failed' ? columns.error : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = {
      ...(file ? {} : { file: intl.formatMessage({ id: 'imports.fileRequired' }) }),
      ...(props.staff && !client ? { client: intl.formatMessage({ id: 'validation.clientRequired' }) } : {}),
    };
    setErrors(missing);
    if (!file || Object.keys(missing).length > 0 || !mapping || unmapped) return;
    setFailure(null);
    setBusy(true);
    try {
      const imp = await importsApi.upload(file, props.staff ? (client?.id ?? null) : null, mapping.map);
      // SPEC 8: a file with refused rows is a sticky note with the counts; the rows themselves are on its page.
      if (imp.invalidRows > 0)
        notify.info(
          {
            id: 'imports.uploadedWithErrors',
            values: { name: imp.fileName, failed: imp.invalidRows, total: imp.totalRows },
          },
          { sticky: true },
        );
      else notify.success({ id: 'imports.uploaded', values: { name: imp.fileName } });
      props.onUploaded(imp);
    } catch (err) {
      setFailure(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    try {
      const reply = await importsApi.template(lang);
      if (reply.kind === 'file') saveBlob(reply.blob, reply.fileName ?? 'template.xlsx');
    } catch (err) {
      notify.failure(err);
    }
  };

  const fileLabel = intl.formatMessage({ id: 'imports.field.file' });
  return (
    <Modal
      isOpen
      title={<FormattedMessage id="imports.uploadTitle" />}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose} disabled={busy} data-testid="import-upload-cancel">
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button
            type="submit"
            form="import-upload-form"
            intent={Intent.PRIMARY}
            icon="import"
            loading={busy || columns.status === 'reading'}
            disabled={columns.status === 'failed' || unmapped}
            data-testid="import-upload-submit"
          >
            <FormattedMessage id="imports.submit" />
          </Button>
        </>
      }
    >
      <form id="import-upload-form" onSubmit={(e) => void submit(e)} noValidate>
        <p>
          <FormattedMessage id="imports.uploadHint" />
        </p>
        {props.staff ? (
          <FormGroup
            label={<FormattedMessage id="field.client" />}
            intent={errors.client ? Intent.DANGER : Intent.NONE}
            helperText={
              errors.client && <span data-testid="import-upload-client-error">{errors.client}</span>
            }
          >
            <ClientPicker
              value={client}
              onChange={(c) => {
                setClient({ id: c.id, name: c.companyName });
                setErrors(({ client: _gone, ...rest }) => rest);
              }}
              intent={errors.client ? 'danger' : 'none'}
              testId="import-upload-client"
            />
          </FormGroup>
        ) : null}
        <SpreadsheetFileField
          label={fileLabel}
          file={file}
          error={errors.file}
          onChoose={(chosen) => {
            setFile(chosen);
            setFailure(null);
            if (chosen) setErrors(({ file: _gone, ...rest }) => rest);
          }}
          testId="import-upload-file"
        />
        <Button minimal icon="download" onClick={() => void downloadTemplate()} data-testid="import-template">
          <FormattedMessage id="imports.template" />
        </Button>
        {shownFailure ? (
          <Callout intent={Intent.DANGER} style={{ marginTop: 8 }} data-testid="import-upload-failure">
            {text(shownFailure)}
          </Callout>
        ) : null}
        {columns.status === 'reading' ? (
          <div
            role="status"
            style={{ display: 'flex', gap: 8, marginTop: 8 }}
            data-testid="import-mapping-reading"
          >
            <Spinner size={16} />
            <FormattedMessage id="imports.mapping.reading" />
          </div>
        ) : null}
        {reply && mapping ? (
          <ColumnMapping
            reply={reply}
            mapping={mapping}
            onChange={(next) => setEdited({ reply, mapping: next })}
            clientId={props.staff ? (client?.id ?? null) : null}
          />
        ) : null}
      </form>
    </Modal>
  );
}
