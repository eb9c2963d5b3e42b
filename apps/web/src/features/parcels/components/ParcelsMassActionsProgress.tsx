import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { DeleteJobState } from '../hooks/useParcelsListMassActions';

const NOTICE_STYLE = { marginBottom: 8 } as const;

/**
 * A large delete/cancel running as a job: the "may take a while" notice with a live progress bar, then what it did
 * (or why it failed), until closed (decision 0072).
 */
export function ParcelsMassActionsProgress(props: { job: DeleteJobState | null; onDismiss: () => void }) {
  const { job } = props;
  if (!job) return null;
  const close =
    job.phase === 'running' ? undefined : (
      <Button minimal small icon="cross" onClick={props.onDismiss} data-testid="parcels-job-dismiss">
        <FormattedMessage id="parcels.delete.close" />
      </Button>
    );
  if (job.phase === 'running') {
    return (
      <Callout intent={Intent.PRIMARY} icon="time" style={NOTICE_STYLE} data-testid="parcels-job-progress">
        <p>
          <FormattedMessage
            id="parcels.delete.running"
            values={{ count: <FormattedNumber value={job.selected} />, percent: job.percent }}
          />
        </p>
        <ProgressBar value={job.percent / 100} intent={Intent.PRIMARY} />
      </Callout>
    );
  }
  if (job.phase === 'failed') {
    return (
      <Callout intent={Intent.DANGER} icon="error" style={NOTICE_STYLE} data-testid="parcels-job-failed">
        <FormattedMessage id="parcels.delete.failed" values={{ reason: job.reason }} /> {close}
      </Callout>
    );
  }
  return (
    <Callout intent={Intent.SUCCESS} icon="tick-circle" style={NOTICE_STYLE} data-testid="parcels-job-done">
      <FormattedMessage
        id="parcels.delete.result"
        values={{ deleted: job.result.deleted, toCancel: job.result.toCancel, refused: job.result.refused }}
      />{' '}
      {close}
    </Callout>
  );
}
