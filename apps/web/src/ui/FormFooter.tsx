import { Button, Callout, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * The end of every edit form: the refusal the server gave (if any), then Cancel and Save. A read-only form shows
 * only the cancel button (labelled "back" by the caller); `extraActions` stand on the left.
 */
export function FormFooter(props: {
  /** The server's refusal, already in the user's language. */
  failure?: ReactNode;
  failureTestId: string;
  busy: boolean;
  onCancel: () => void;
  cancelTestId?: string;
  /** i18n id of the cancel button (default "Cancel"). */
  cancelLabelId?: string;
  saveTestId: string;
  /** i18n id of the submit button (default "Save"). */
  saveLabelId?: string;
  /** No submit button (the form is shown, not edited). */
  readOnly?: boolean;
  extraActions?: ReactNode;
}) {
  return (
    <>
      {props.failure ? (
        <Callout intent={Intent.DANGER} className="depot-form-error" data-testid={props.failureTestId}>
          {props.failure}
        </Callout>
      ) : null}
      <div className="depot-form-actions">
        {props.extraActions ? (
          <>
            {props.extraActions}
            <span className="depot-spacer" />
          </>
        ) : null}
        <Button onClick={props.onCancel} data-testid={props.cancelTestId}>
          <FormattedMessage id={props.cancelLabelId ?? 'common.cancel'} />
        </Button>
        {props.readOnly ? null : (
          <Button type="submit" intent={Intent.PRIMARY} loading={props.busy} data-testid={props.saveTestId}>
            <FormattedMessage id={props.saveLabelId ?? 'common.save'} />
          </Button>
        )}
      </div>
    </>
  );
}
