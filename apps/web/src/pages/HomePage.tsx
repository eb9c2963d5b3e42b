import { Callout, Card, H1, Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { currentUserAtom } from '../session/session';
import { formatDateTime } from '../ui/format';
import { usePageTitle } from '../ui/usePageTitle';

/** The dashboard: who is signed in, until when, and the ordering-blocked notice of SPEC §2. */
export function HomePage() {
  usePageTitle();
  const user = useAtomValue(currentUserAtom);
  if (!user) return null;
  const ordersBlocked = user.disableNewOrders || user.clientDisableNewOrders;
  return (
    <div className="depot-page" data-testid="page-home">
      <H1>
        <FormattedMessage id="home.welcome" values={{ name: user.firstName }} />
      </H1>
      {ordersBlocked ? (
        <Callout intent={Intent.WARNING} icon="disable" data-testid="orders-blocked">
          <FormattedMessage id="home.ordersBlocked" />
        </Callout>
      ) : null}
      <Card className="depot-home-card">
        <p>
          <FormattedMessage id="home.role" values={{ role: <FormattedMessage id={`role.${user.role}`} /> }} />
        </p>
        {user.clientName ? (
          <p>
            <FormattedMessage id="home.client" values={{ client: user.clientName }} />
          </p>
        ) : null}
        {user.sessionValidUntil ? (
          <p>
            <FormattedMessage
              id="home.sessionUntil"
              values={{ until: formatDateTime(user.sessionValidUntil) }}
            />
          </p>
        ) : null}
      </Card>
    </div>
  );
}
