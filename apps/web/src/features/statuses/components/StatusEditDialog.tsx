import { Button, Checkbox, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { updateStatusMapSchema, type ParcelStatus, type StatusMapRow } from '@depot/contracts';
import { defaultTerminal } from '@depot/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Modal } from '../../../ui/Modal';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { operatorTypeLabelId } from '../../operators/operatorFormValues';
import { statusesApi } from '../api';
import { useImpact } from '../useImpact';
import { ImpactNote } from './ImpactNote';
import { StatusSelect } from './StatusSelect';

interface EditValues {
  description: string;
  dbName: ParcelStatus | null;
  isTerminal: boolean;
}

/**
 * One row of the status map, edited in a dialog from the statuses list: its status (or "not mapped"), description
 * and terminal flag. A new status shows first how many parcels it moves; the row can be removed here too.
 */
export function StatusEditDialog(props: { row: StatusMapRow; canWrite: boolean; onClose: () => void }) {
  const { row } = props;
  const intl = useIntl();
  const notify = useNotify();
  const text = useText();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [terminalTouched, setTerminalTouched] = useState(false);
  const toInput = (v: EditValues) => ({
    id: row.id,
    ...(v.description !== row.description ? { description: v.description } : {}),
    ...(v.dbName !== row.dbName ? { dbName: v.dbName } : {}),
    ...(v.isTerminal !== row.isTerminal ? { isTerminal: v.isTerminal } : {}),
  });
  const form = useZodForm(
    updateStatusMapSchema,
    { description: row.description, dbName: row.dbName, isTerminal: row.isTerminal } as EditValues,
    toInput,
  );
  const statusChanged = form.values.dbName !== row.dbName;
  const impact = useImpact(row.operatorType, row.code, form.values.dbName, statusChanged);
  const label = (id: string) => intl.formatMessage({ id });

  const save = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      const saved = await statusesApi.update(toInput(form.values));
      notify.success({ id: 'statuses.saved', values: { parcels: saved.parcelsChanged } });
      props.onClose();
    });
  };
  const remove = async () => {
    setConfirmRemove(false);
    await form.run(async () => {
      await statusesApi.remove(row.id);
      notify.success({ id: 'statuses.removed', values: { code: row.code } });
      props.onClose();
    });
  };

  return (
    <>
      <Modal
        isOpen
        title={`${intl.formatMessage({ id: operatorTypeLabelId(row.operatorType) })} · ${row.code}`}
        onClose={props.onClose}
        footer={
          <>
            {props.canWrite ? (
              <Button
                intent={Intent.DANGER}
                minimal
                onClick={() => setConfirmRemove(true)}
                data-testid="status-remove"
              >
                <FormattedMessage id="statuses.remove" />
              </Button>
            ) : null}
            <Button onClick={props.onClose} data-testid="status-edit-cancel">
              <FormattedMessage id={props.canWrite ? 'common.cancel' : 'common.back'} />
            </Button>
            {props.canWrite ? (
              <Button
                intent={Intent.PRIMARY}
                loading={form.busy}
                onClick={() => void save()}
                data-testid="status-edit-save"
              >
                <FormattedMessage id="common.save" />
              </Button>
            ) : null}
          </>
        }
      >
        <form
          data-testid="status-edit-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (props.canWrite) void save();
          }}
        >
          <FormGroup label={label('statuses.field.dbName')} labelFor="status-edit-db-name">
            <StatusSelect
              id="status-edit-db-name"
              value={form.values.dbName}
              allowUnmapped
              onChange={(v) => {
                const dbName = v === '' ? null : v;
                form.set('dbName', dbName);
                if (!terminalTouched) form.set('isTerminal', defaultTerminal(dbName));
              }}
              ariaLabel={label('statuses.field.dbName')}
              testId="status-edit-db-name"
              disabled={!props.canWrite}
            />
          </FormGroup>
          <FormGroup
            label={label('statuses.field.description')}
            labelFor="status-edit-description"
            intent={form.intent('description')}
            helperText={form.error('description')}
          >
            <InputGroup
              id="status-edit-description"
              value={form.values.description}
              onValueChange={(v) => form.set('description', v)}
              intent={form.intent('description')}
              readOnly={!props.canWrite}
              data-testid="status-edit-description"
            />
          </FormGroup>
          <Checkbox
            checked={form.values.isTerminal}
            disabled={!props.canWrite}
            onChange={(e) => {
              setTerminalTouched(true);
              form.set('isTerminal', e.currentTarget.checked);
            }}
            label={label('statuses.field.isTerminal')}
            data-testid="status-edit-terminal"
          />
          {row.exampleParcelId ? (
            <p>
              <FormattedMessage id="statuses.seen" values={{ count: row.seenCount }} />{' '}
              <Link to={`/orders/edit/${row.exampleParcelId}`} data-testid="status-example-parcel">
                <FormattedMessage id="statuses.exampleParcel" />
              </Link>
            </p>
          ) : null}
          {statusChanged ? <ImpactNote count={impact} testId="status-edit-impact" /> : null}
          {form.failure ? (
            <p className="depot-form-error" role="alert" data-testid="status-edit-failure">
              {text(form.failure)}
            </p>
          ) : null}
        </form>
      </Modal>
      <ConfirmDialog
        isOpen={confirmRemove}
        titleId="statuses.removeTitle"
        messageId="statuses.removeMessage"
        values={{ code: row.code }}
        intent={Intent.DANGER}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmRemove(false)}
      />
    </>
  );
}
