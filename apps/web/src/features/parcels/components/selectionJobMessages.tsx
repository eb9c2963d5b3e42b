import type { RefreshStatusesResult, SendToCarrierResult } from '@depot/contracts';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The status refresh's words (decision 0145). */
export const REFRESH_MESSAGES = {
  running: (count: ReactNode, percent: number) => (
    <FormattedMessage id="parcels.refresh.running" values={{ count, percent }} />
  ),
  failed: (reason: string) => <FormattedMessage id="parcels.refresh.failed" values={{ reason }} />,
  result: (r: RefreshStatusesResult) => (
    <FormattedMessage
      id="parcels.refresh.result"
      values={{
        checked: r.checked,
        changed: r.changed,
        unmapped: r.unmapped,
        unanswered: r.unanswered,
        notTracked: r.notTracked,
      }}
    />
  ),
};

/** "Send to carrier"'s words (decision 0147). */
export const SEND_MESSAGES = {
  running: (count: ReactNode, percent: number) => (
    <FormattedMessage id="parcels.send.running" values={{ count, percent }} />
  ),
  failed: (reason: string) => <FormattedMessage id="parcels.send.failed" values={{ reason }} />,
  result: (r: SendToCarrierResult) => (
    <FormattedMessage
      id="parcels.send.result"
      values={{
        asked: r.asked,
        registered: r.registered,
        rejected: r.rejected,
        unanswered: r.unanswered,
        notSent: r.notSent,
      }}
    />
  ),
};
