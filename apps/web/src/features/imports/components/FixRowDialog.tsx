import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { ImportRowView, ImportView } from '@depot/contracts';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { describeError, type ErrorText } from '../../../api/errors';
import { Modal } from '../../../ui/Modal';
import { Tag } from '../../../ui/Tag';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { importsApi } from '../api';
import { useErrorText } from '../hooks/useErrorText';
import { cellsOf, placeErrors } from '../rowErrors';
import { ROW_STATE_INTENTS, ROW_STATE_WORDS } from '../words';

/**
 * "Fix" on a row (decision 0150): one field per column of the file, under its header, with the messages of the
 * errors that name it; saving sends the row's cells and shows the row as checked again. A row that is valid now
 * closes the dialog; one that still has errors stays open with them.
 */
export function FixRowDialog(props: {
  imp: Pick<ImportView, 'id' | 'headers'>;
  row: ImportRowView | null;
  onSaved: (row: ImportRowView) => void;
  onClose: () => void;
}) {
  return props.row ? <OpenDialog {...props} row={props.row} key={props.row.id} /> : null;
}

function OpenDialog(props: Parameters<typeof FixRowDialog>[0] & { row: ImportRowView }) {
  const { imp } = props;
  const text = useText();
  const errorText = useErrorText();
  const notify = useNotify();
  const [row, setRow] = useState(props.row);
  const [cells, setCells] = useState(() => cellsOf(imp.headers, props.row.rawData));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const placed = placeErrors(imp.headers, row.errors);
  const firstInError = placed.byColumn.size > 0 ? Math.min(...placed.byColumn.keys()) : 0;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const checked = await importsApi.fixRow(imp.id, row.id, cells);
      props.onSaved(checked);
      setRow(checked);
      if (checked.state === 'valid') {
        notify.success({ id: 'imports.fix.nowValid', values: { row: checked.row } });
        props.onClose();
      } else notify.warning({ id: 'imports.fix.stillInvalid', values: { row: checked.row } });
    } catch (err) {
      setFailure(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      isOpen
      title={<FormattedMessage id="imports.row.fixRow" values={{ row: row.row }} />}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose} data-testid="import-fix-cancel">
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button
            type="submit"
            form="import-fix-form"
            intent={Intent.PRIMARY}
            icon="tick"
            loading={busy}
            data-testid="import-fix-save"
          >
            <FormattedMessage id="imports.fix.save" />
          </Button>
        </>
      }
    >
      <form id="import-fix-form" onSubmit={(e) => void save(e)} noValidate data-testid="import-fix-form">
        <p>
          <FormattedMessage id="imports.fix.hint" />{' '}
          <Tag minimal intent={ROW_STATE_INTENTS[row.state]} data-testid="import-fix-state">
            <FormattedMessage id={ROW_STATE_WORDS[row.state]} />
          </Tag>
        </p>
        {placed.general.length > 0 ? (
          <Callout intent={Intent.DANGER} style={{ marginBottom: 12 }} data-testid="import-fix-general">
            <ul className="depot-import-errors">
              {placed.general.map((e) => (
                <li key={`${e.path}|${e.message}`}>{errorText(e, imp.headers)}</li>
              ))}
            </ul>
          </Callout>
        ) : null}
        <div className="depot-form-grid">
          {imp.headers.map((header, index) => {
            const messages = placed.byColumn.get(index);
            const intent = messages ? Intent.DANGER : Intent.NONE;
            const id = `import-fix-${index}`;
            return (
              <FormGroup
                key={id}
                label={header}
                labelFor={id}
                intent={intent}
                helperText={
                  messages ? (
                    <span id={`${id}-error`} data-testid={`${id}-error`}>
                      {messages.map(text).join(' ')}
                    </span>
                  ) : undefined
                }
              >
                <InputGroup
                  id={id}
                  value={cells[index] ?? ''}
                  onValueChange={(v) => setCells((c) => c.map((x, i) => (i === index ? v : x)))}
                  intent={intent}
                  autoFocus={index === firstInError}
                  autoComplete="off"
                  aria-invalid={messages ? true : undefined}
                  aria-describedby={messages ? `${id}-error` : undefined}
                  data-testid={id}
                />
              </FormGroup>
            );
          })}
        </div>
        {failure ? (
          <Callout intent={Intent.DANGER} data-testid="import-fix-failure">
            {text(failure)}
          </Callout>
        ) : null}
      </form>
    </Modal>
  );
}
