import { Card, H2 } from '@blueprintjs/core';
import { createUserSchema } from '@depot/contracts';
import { canAssignRole } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { languageAtom } from '../../../i18n/language';
import { currentUserAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { usersApi } from '../api';
import { UserForm } from '../components/UserForm';
import { emptyUserForm, toCreateRequest } from '../userFormValues';

export function UserCreatePage() {
  usePageTitle('users.createTitle');
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const me = useAtomValue(currentUserAtom);
  const language = useAtomValue(languageAtom);
  // Whoever may not give the default (staff) role, i.e. a salesman, starts on the client-user role.
  // A new user starts in the language the panel is used in.
  const initial = { ...emptyUserForm(), lang: language };
  if (me && !canAssignRole({ userId: me.id, role: me.role }, initial.role).ok) initial.role = 'user';
  const form = useZodForm(createUserSchema, initial, toCreateRequest);
  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      await usersApi.create(toCreateRequest(form.values));
      notify.success({ id: 'users.created' });
      navigate('/administration/users');
    });
  };

  return (
    <div className="depot-page" data-testid="page-user-create">
      <H2>
        <FormattedMessage id="users.createTitle" />
      </H2>
      <Card className="depot-form-card">
        <UserForm
          form={form as never}
          mode="create"
          editable="all"
          busy={form.busy}
          failure={form.failure ? text(form.failure) : null}
          onSubmit={() => void submit()}
          onCancel={() => navigate('/administration/users')}
        />
      </Card>
    </div>
  );
}
