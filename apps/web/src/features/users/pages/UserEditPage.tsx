import { Card, H1, Spinner } from '@blueprintjs/core';
import { contract, updateUserSchema, type UserView } from '@depot/contracts';
import { canEditUser } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';

import { currentUserAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { usersApi } from '../api';
import { UserForm, type UserFormValues } from '../components/UserForm';
import { UserSessionsCard } from '../components/UserSessionsCard';
import { toUpdateRequest, userToForm } from '../userFormValues';
import { useUserPageState } from '../userPageState';
import { useRouteQuery, useSetRouteData } from '../../../api/query';
import { QueryGate } from '../../../ui/QueryGate';

export function UserEditPage() {
  usePageTitle('users.editTitle');
  const { userId = '' } = useParams();
  const me = useAtomValue(currentUserAtom);
  const input = { params: { userId } };
  const query = useRouteQuery(contract.users.get, input);
  const setUser = useSetRouteData(contract.users.get, input);
  return (
    <QueryGate query={query}>
      {(user) => {
        if (!me) return <Spinner className="depot-page-spinner" />;
        const editable = canEditUser({ userId: me.id, role: me.role }, user).ok ? 'all' : 'self';
        return <EditForm key={user.updatedAt} user={user} editable={editable} onSaved={setUser} />;
      }}
    </QueryGate>
  );
}

function EditForm(props: { user: UserView; editable: 'all' | 'self'; onSaved: (u: UserView) => void }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const { user, editable } = props;
  // Opened from a client's page: back there after saving.
  const { back } = useUserPageState();
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
      navigate(editable === 'all' ? (back ?? '/administration/users') : '/');
    });
  };

  return (
    <div className="depot-page" data-testid="page-user-edit">
      <H1>
        <FormattedMessage id="users.editTitle" />
      </H1>
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
      {editable === 'all' ? <UserSessionsCard user={user} /> : null}
    </div>
  );
}
