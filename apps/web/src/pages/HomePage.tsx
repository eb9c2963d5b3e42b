import { Callout, H1, Intent } from '@blueprintjs/core';
import { contract, warsawDay } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { routeKey, useRouteQueryWith } from '../api/query';
import { Attention, JobsUnderWay, TodayParcels } from '../features/dashboard/components/DashboardCards';
import { useDashboardLive } from '../features/dashboard/useDashboardLive';
import { currentUserAtom } from '../session/session';
import { formatDateTime } from '../ui/format';
import { QueryGate } from '../ui/QueryGate';
import { usePageTitle } from '../ui/usePageTitle';

/** Jobs started by others report to them only: while any is listed, the summary is read again this often. */
const JOBS_REFRESH_MS = 10_000;

/**
 * The dashboard (issue 13 item 10, decision 0123): today's parcels by status (Warsaw day), what is stuck, ordering
 * blocked (SPEC §2) and the jobs under way; live. Staff see every client's, a client user its own client's.
 */
export function HomePage() {
  usePageTitle();
  const user = useAtomValue(currentUserAtom);
  const day = warsawDay(new Date());
  const input = { query: { day } };
  const summary = useRouteQueryWith(
    { refetchInterval: (q) => ((q.state.data?.jobs.length ?? 0) > 0 ? JOBS_REFRESH_MS : false) },
    contract.dashboard.summary,
    input,
  );
  useDashboardLive(routeKey(contract.dashboard.summary, input));
  if (!user) return null;
  const blocked = summary.data
    ? summary.data.ordersBlocked.user || summary.data.ordersBlocked.client
    : user.disableNewOrders || user.clientDisableNewOrders;
  return (
    <div className="depot-page" data-testid="page-home">
      <H1>
        <FormattedMessage id="home.welcome" values={{ name: user.firstName }} />
      </H1>
      <p className="bp6-text-muted" data-testid="home-who">
        <FormattedMessage id="home.role" values={{ role: <FormattedMessage id={`role.${user.role}`} /> }} />
        {user.clientName ? (
          <>
            {' · '}
            <FormattedMessage id="home.client" values={{ client: user.clientName }} />
          </>
        ) : null}
        {user.sessionValidUntil ? (
          <>
            {' · '}
            <FormattedMessage
              id="home.sessionUntil"
              values={{ until: formatDateTime(user.sessionValidUntil) }}
            />
          </>
        ) : null}
      </p>
      {blocked ? (
        <Callout intent={Intent.WARNING} icon="disable" data-testid="orders-blocked">
          <FormattedMessage id="home.ordersBlocked" />
        </Callout>
      ) : null}
      <QueryGate query={summary}>
        {(s) => (
          <div className="depot-dashboard">
            <TodayParcels summary={s} />
            <Attention summary={s} />
            <JobsUnderWay jobs={s.jobs} />
          </div>
        )}
      </QueryGate>
    </div>
  );
}
