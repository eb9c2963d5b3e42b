import { Button, Callout, Intent } from '@blueprintjs/core';
import { useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LeaveGuard } from './form/LeaveGuard';
import { useFocusFirstError } from './form/useFocusFirstError';

/** What the footer needs of its form (useZodForm) to show a failed save and guard unsaved changes. */
export interface FooterForm {
  /** Saves that failed on a field so far. */
  fieldFailures: number;
  errors: Record<string, string>;
  unsaved: () => boolean;
}

/**
 * The end of every edit form: the refusal the server gave (if any), then Cancel and Save. A read-only form shows
 * only the cancel button (labelled "back" by the caller); `extraActions` stand on the left. For every form, it
 * focuses and names the first field in error after a failed save, and asks before leaving unsaved changes.
 */
export function FormFooter(props: {
  form: FooterForm;
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
  const anchor = useRef<HTMLDivElement>(null);
  useFocusFirstError(anchor, props.form.fieldFailures, props.form.errors);
  return (
    <>
      <LeaveGuard unsaved={props.form.unsaved} />
      {props.failure ? (
        <Callout intent={Intent.DANGER} className="depot-form-error" data-testid={props.failureTestId}>
          {props.failure}
        </Callout>
      ) : null}
      <div className="depot-form-actions" ref={anchor}>
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
