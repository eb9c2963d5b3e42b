import { Callout, Intent } from '@blueprintjs/core';
import { contract, type StatusDownloadError } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRouteQuery } from '../../../api/query';
import { formatDateTime } from '../../../ui/format';
import { operatorTypeLabelId } from '../../operators/operatorFormValues';

/** The carrier-tracking port's reasons (apps/api carrier-tracking.ts) in the panel's words. */
const REASON_IDS: Record<string, string> = {
  AUTH_FAILED: 'statuses.reason.authFailed',
  RATE_LIMITED: 'statuses.reason.rateLimited',
  TIMEOUT: 'statuses.reason.timeout',
  CONNECTION_FAILED: 'statuses.reason.connectionFailed',
  BAD_REPLY: 'statuses.reason.badReply',
  MISSING_CREDENTIALS: 'statuses.reason.missingCredentials',
  NOT_CONFIGURED: 'statuses.reason.notConfigured',
};

/** A carrier's reason in the panel's words (an HTTP status named as such; an unknown reason as the carrier gave it). */
function useReason(): (reason: string) => string {
  const intl = useIntl();
  return (reason) => {
    const http = /^HTTP_(\d{3})$/.exec(reason);
    if (http) return intl.formatMessage({ id: 'statuses.reason.http' }, { status: http[1] });
    const id = REASON_IDS[reason];
    return id ? intl.formatMessage({ id }) : reason;
  };
}

/**
 * SPEC 8 "status download errors" (decision 0145): the carriers whose tracking gave no answer at their last status
 * refresh, why, since when and how many runs in a row; nothing when every carrier answered.
 */
export function DownloadErrors() {
  const intl = useIntl();
  const reason = useReason();
  const query = useRouteQuery(contract.statusMap.downloadErrors);
  const errors: StatusDownloadError[] = query.data ?? [];
  if (errors.length === 0) return null;
  return (
    <Callout
      intent={Intent.WARNING}
      icon="warning-sign"
      title={intl.formatMessage({ id: 'statuses.downloadErrors' })}
      style={{ marginBottom: 8 }}
      data-testid="statuses-download-errors"
    >
      <p>
        <FormattedMessage id="statuses.downloadErrorsHint" />
      </p>
      <ul>
        {errors.map((e) => (
          <li key={e.operatorId} data-testid="statuses-download-error">
            <FormattedMessage
              id="statuses.downloadError"
              values={{
                operator: e.operatorName,
                type: intl.formatMessage({ id: operatorTypeLabelId(e.operatorType) }),
                reason: reason(e.reason),
                since: formatDateTime(e.since),
                failures: e.failures,
              }}
            />
          </li>
        ))}
      </ul>
    </Callout>
  );
}
