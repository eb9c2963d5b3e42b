import { Card, H1 } from '@blueprintjs/core';
import { createUserSchema } from '@depot/contracts';
import { canAssignRole } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { languageAtom } from '../../../i18n/language';
import { currentUserAtom } from '../../../session/session';
import { useFormSubmit } from '../../../ui/useFormSubmit';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useZodForm } from '../../../ui/useZodForm';
import { usersApi } from '../api';
import { UserForm } from '../components/UserForm';
import { emptyUserForm, toCreateRequest } from '../userFormValues';
import { useUserPageState } from '../userPageState';

export function UserCreatePage() {
  usePageTitle('users.createTitle');
  const me = useAtomValue(currentUserAtom);
  const language = useAtomValue(languageAtom);
  // Whoever may not give the default (staff) role, i.e. a salesman, starts on the client-user role.
  // A new user starts in the language the panel is used in.
  const initial = { ...emptyUserForm(), lang: language };
  if (me && !canAssignRole({ userId: me.id, role: me.role }, initial.role).ok) initial.role = 'user';
  // Opened from a client's page ("Add user"): a login of that client, and back to that page afterwards.
  const { back, client } = useUserPageState();
  if (client) Object.assign(initial, { role: 'user', clientId: client.id, clientName: client.name });
  const form = useZodForm(createUserSchema, initial, toCreateRequest);
  const formProps = useFormSubmit(form, back ?? '/administration/users', async () => {
    await usersApi.create(toCreateRequest(form.values));
    return 'users.created';
  });

  return (
    <div className="depot-page" data-testid="page-user-create">
      <H1>
        <FormattedMessage id="users.createTitle" />
      </H1>
      <Card className="depot-form-card">
        <UserForm form={form as never} mode="create" editable="all" {...formProps} />
      </Card>
    </div>
  );
}
