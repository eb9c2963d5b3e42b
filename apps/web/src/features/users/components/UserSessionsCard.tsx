import { Button, Card, H2, Intent } from '@blueprintjs/core';
import type { UserView } from '@depot/contracts';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useNotify } from '../../../ui/useNotify';
import { usersApi } from '../api';

/**
 * Ends every signed-in session of the user at once (decision 0112): its open panels go to the sign-in page. Shown to
 * whoever may edit the user; asks first.
 */
export function UserSessionsCard(props: { user: UserView }) {
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const { user } = props;

  const revoke = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const { revoked } = await usersApi.revokeSessions(user.id);
      notify.success({ id: 'users.sessions.ended', values: { count: revoked } });
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="depot-form-card" data-testid="user-sessions">
      <H2>
        <FormattedMessage id="users.sessions.title" />
      </H2>
      <p>
        <FormattedMessage id="users.sessions.text" />
      </p>
      <Button
        icon="log-out"
        intent={Intent.WARNING}
        loading={busy}
        onClick={() => setAsking(true)}
        data-testid="user-sessions-end"
      >
        <FormattedMessage id="users.sessions.end" />
      </Button>
      <ConfirmDialog
        isOpen={asking}
        titleId="users.sessions.confirmTitle"
        messageId="users.sessions.confirmMessage"
        values={{ name: `${user.firstName} ${user.lastName}` }}
        onCancel={() => setAsking(false)}
        onConfirm={() => void revoke()}
      />
    </Card>
  );
}
