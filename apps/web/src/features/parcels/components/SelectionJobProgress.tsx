import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { SelectionJobState } from '../hooks/useSelectionJob';

const NOTICE_STYLE = { marginBottom: 8 } as const;

/**
 * A job over the list's selection ("refresh statuses", "send to carrier"): progress, then its result (or why it
 * failed), until closed. `messages` say it in words: running (how many, the percentage), failed (why) and the result;
 * `warn` says when the result is a warning (e.g. carriers without an answer).
 */
export function SelectionJobProgress<R>(props: {
  job: SelectionJobState<R> | null;
  onDismiss: () => void;
  testId: string;
  messages: {
    running: (count: ReactNode, percent: number) => ReactNode;
    failed: (reason: string) => ReactNode;
    result: (result: R) => ReactNode;
  };
  warn: (result: R) => boolean;
}) {
  const { job, testId, messages } = props;
  if (!job) return null;
  const close = (
    <Button minimal small icon="cross" onClick={props.onDismiss} data-testid={`${testId}-dismiss`}>
      <FormattedMessage id="parcels.delete.close" />
    </Button>
  );
  if (job.phase === 'running') {
    return (
      <Callout intent={Intent.PRIMARY} icon="time" style={NOTICE_STYLE} data-testid={`${testId}-progress`}>
        <p>{messages.running(<FormattedNumber value={job.selected} />, job.percent)}</p>
        <ProgressBar value={job.percent / 100} intent={Intent.PRIMARY} />
      </Callout>
    );
  }
  if (job.phase === 'failed') {
    return (
      <Callout intent={Intent.DANGER} icon="error" style={NOTICE_STYLE} data-testid={`${testId}-failed`}>
        {messages.failed(job.reason)} {close}
      </Callout>
    );
  }
  const warn = props.warn(job.result);
  return (
    <Callout
      intent={warn ? Intent.WARNING : Intent.SUCCESS}
      icon={warn ? 'warning-sign' : 'tick-circle'}
      style={NOTICE_STYLE}
      data-testid={`${testId}-done`}
    >
      {messages.result(job.result)} {close}
    </Callout>
  );
}
