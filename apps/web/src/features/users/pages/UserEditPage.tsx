import { Card, H2, Spinner } from '@blueprintjs/core';
import { updateUserSchema, type UserView } from '@depot/contracts';
import { canEditUser } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';

import { NotFoundPage } from '../../../pages/NotFoundPage';
import { currentUserAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { usersApi } from '../api';
import { UserForm, type UserFormValues } from '../components/UserForm';
import { toUpdateRequest, userToForm } from '../userFormValues';

export function UserEditPage() {
  usePageTitle('users.editTitle');
  const { userId = '' } = useParams();
  const me = useAtomValue(currentUserAtom);
  const [user, setUser] = useState<UserView | null>(null);
  const [missing, setMissing] = useState(false);
  const notify = useNotify();

  useEffect(() => {
    usersApi.get(userId).then(setUser, (err: unknown) => {
      setMissing(true);
      notify.failure(err);
    });
  }, [userId, notify]);

  if (missing) return <NotFoundPage />;
  if (!user || !me) return <Spinner className="depot-page-spinner" />;
  const editable = canEditUser({ userId: me.id, role: me.role }, user).ok ? 'all' : 'self';
  return <EditForm key={user.updatedAt} user={user} editable={editable} onSaved={setUser} />;
}

function EditForm(props: { user: UserView; editable: 'all' | 'self'; onSaved: (u: UserView) => void }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const { user, editable } = props;
  const form = useZodForm(updateUserSchema, userToForm(user), (v: UserFormValues) =>
    toUpdateRequest(v, user, editable),
  );
  const submit = async () => {
    const body = toUpdateRequest(form.values, user, editable);
    if (Object.keys(body).length === 0) return notify.info({ id: 'server.noValueChanged' });
    if (!form.validate()) return;
    await form.run(async () => {
      props.onSaved(await usersApi.update(user.id, body));
      notify.success({ id: 'users.saved' });
      navigate(editable === 'all' ? '/administration/users' : '/');
    });
  };

  return (
    <div className="depot-page" data-testid="page-user-edit">
      <H2>
        <FormattedMessage id="users.editTitle" />
      </H2>
      <Card className="depot-form-card">
        <UserForm
          form={form as never}
          mode="edit"
          editable={editable}
          busy={form.busy}
          failure={form.failure ? text(form.failure) : null}
          onSubmit={() => void submit()}
          onCancel={() => navigate(-1)}
        />
      </Card>
    </div>
  );
}
