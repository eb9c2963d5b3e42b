import { Button, NonIdealState } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { useSessionActions } from '../../../session/useSessionActions';
import { usePageTitle } from '../../../ui/usePageTitle';

/** All a user of a client with disableAccess sees (SPEC §4). */
export function AccessDisabledPage() {
  usePageTitle('accessDisabled.title');
  const { signOut } = useSessionActions();
  return (
    <div className="depot-sign-in">
      {/* NonIdealState passes no data-* attributes on, so the test id sits on a wrapper. */}
      <div className="depot-fill" data-testid="page-access-disabled">
        <NonIdealState
          icon="disable"
          title={<FormattedMessage id="accessDisabled.title" />}
          description={<FormattedMessage id="accessDisabled.text" />}
          action={
            <Button icon="log-out" onClick={() => void signOut()} data-testid="access-disabled-sign-out">
              <FormattedMessage id="account.signOut" />
            </Button>
          }
        />
      </div>
    </div>
  );
}
