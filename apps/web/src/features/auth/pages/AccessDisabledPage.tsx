import { Button } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { PageState } from '../../../ui/PageState';
import { useSessionActions } from '../../../session/useSessionActions';
import { usePageTitle } from '../../../ui/usePageTitle';

/** All a user of a client with disableAccess sees (SPEC §4). */
export function AccessDisabledPage() {
  usePageTitle('accessDisabled.title');
  const { signOut } = useSessionActions();
  return (
    <main className="depot-sign-in">
      <PageState
        testId="page-access-disabled"
        icon="disable"
        titleId="accessDisabled.title"
        textId="accessDisabled.text"
        action={
          <Button icon="log-out" onClick={() => void signOut()} data-testid="access-disabled-sign-out">
            <FormattedMessage id="account.signOut" />
          </Button>
        }
      />
    </main>
  );
}
