import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { RefreshJobState } from '../hooks/useRefreshStatuses';

const NOTICE_STYLE = { marginBottom: 8 } as const;

/** "Refresh status" running as a job: progress, then what the carriers said (or why it failed), until closed. */
export function RefreshStatusesProgress(props: { job: RefreshJobState | null; onDismiss: () => void }) {
  const { job } = props;
  if (!job) return null;
  const close = (
    <Button minimal small icon="cross" onClick={props.onDismiss} data-testid="parcels-refresh-dismiss">
      <FormattedMessage id="parcels.delete.close" />
    </Button>
  );
  if (job.phase === 'running') {
    return (
      <Callout
        intent={Intent.PRIMARY}
        icon="time"
        style={NOTICE_STYLE}
        data-testid="parcels-refresh-progress"
      >
        <p>
          <FormattedMessage
            id="parcels.refresh.running"
            values={{ count: <FormattedNumber value={job.selected} />, percent: job.percent }}
          />
        </p>
        <ProgressBar value={job.percent / 100} intent={Intent.PRIMARY} />
      </Callout>
    );
  }
  if (job.phase === 'failed') {
    return (
      <Callout intent={Intent.DANGER} icon="error" style={NOTICE_STYLE} data-testid="parcels-refresh-failed">
        <FormattedMessage id="parcels.refresh.failed" values={{ reason: job.reason }} /> {close}
      </Callout>
    );
  }
  const r = job.result;
  return (
    <Callout
      intent={r.unanswered > 0 ? Intent.WARNING : Intent.SUCCESS}
      icon={r.unanswered > 0 ? 'warning-sign' : 'tick-circle'}
      style={NOTICE_STYLE}
      data-testid="parcels-refresh-done"
    >
      <FormattedMessage id="parcels.refresh.result" values={{ ...r }} /> {close}
    </Callout>
  );
}
