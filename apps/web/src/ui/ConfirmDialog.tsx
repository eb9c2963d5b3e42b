import { Button, Callout, Intent } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { Modal } from './Modal';

/**
 * Asks before an action with consequences. With `understand`, it is the master-account warning of SPEC §2:
 * the confirm button reads "I understand".
 */
export function ConfirmDialog(props: {
  isOpen: boolean;
  titleId: string;
  messageId: string;
  values?: Record<string, string | number>;
  understand?: boolean;
  intent?: Intent;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      isOpen={props.isOpen}
      title={<FormattedMessage id={props.titleId} />}
      onClose={props.onCancel}
      footer={
        <>
          <Button onClick={props.onCancel} data-testid="confirm-cancel">
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button intent={props.intent ?? Intent.WARNING} onClick={props.onConfirm} data-testid="confirm-ok">
            <FormattedMessage id={props.understand ? 'common.iUnderstand' : 'common.confirm'} />
          </Button>
        </>
      }
    >
      <Callout intent={props.intent ?? Intent.WARNING} icon="warning-sign">
        <FormattedMessage id={props.messageId} values={props.values} />
      </Callout>
    </Modal>
  );
}
