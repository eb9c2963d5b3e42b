import { Button, Callout, Intent } from '@blueprintjs/core';
import type { WeightUploadReply } from '@depot/contracts';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { describeError, type ErrorText } from '../../../api/errors';
import { SpreadsheetFileField } from '../../../ui/form/SpreadsheetFileField';
import { Modal } from '../../../ui/Modal';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { weightsApi } from '../api';

/**
 * "Upload a carrier's file" (decision 0151): the file (.xlsx or .csv); the upload answers once every line is matched
 * and recorded, with the counts in a note; a refused file says why here, in the reader's language.
 */
export function UploadWeightsDialog(props: {
  isOpen: boolean;
  onClose: () => void;
  onUploaded: (reply: WeightUploadReply) => void;
}) {
  return props.isOpen ? <OpenDialog {...props} /> : null;
}

function OpenDialog(props: Parameters<typeof UploadWeightsDialog>[0]) {
  const intl = useIntl();
  const text = useText();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMissing(!file);
    if (!file) return;
    setFailure(null);
    setBusy(true);
    try {
      const reply = await weightsApi.upload(file);
      notify.info(
        {
          id: 'weights.uploaded',
          values: {
            total: reply.totalRows,
            matched: reply.matchedRows,
            over: reply.overDeclaredRows,
            unmatched: reply.unmatchedRows,
            invalid: reply.invalidRows,
          },
        },
        { sticky: reply.overDeclaredRows + reply.unmatchedRows + reply.invalidRows > 0 },
      );
      props.onUploaded(reply);
    } catch (err) {
      setFailure(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  const fileLabel = intl.formatMessage({ id: 'weights.file' });
  return (
    <Modal
      isOpen
      title={<FormattedMessage id="weights.uploadTitle" />}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose} disabled={busy} data-testid="weights-upload-cancel">
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button
            type="submit"
            form="weights-upload-form"
            intent={Intent.PRIMARY}
            icon="import"
            loading={busy}
            data-testid="weights-upload-submit"
          >
            <FormattedMessage id="weights.uploadSubmit" />
          </Button>
        </>
      }
    >
      <form id="weights-upload-form" onSubmit={(e) => void submit(e)} noValidate>
        <p>
          <FormattedMessage id="weights.uploadHelp" />
        </p>
        <SpreadsheetFileField
          label={fileLabel}
          file={file}
          error={missing && <FormattedMessage id="imports.fileRequired" />}
          onChoose={(chosen) => {
            setFile(chosen);
            setFailure(null);
            if (chosen) setMissing(false);
          }}
          testId="weights-upload-file"
        />
        {failure ? (
          <Callout intent={Intent.DANGER} data-testid="weights-upload-failure">
            {text(failure)}
          </Callout>
        ) : null}
      </form>
    </Modal>
  );
}
