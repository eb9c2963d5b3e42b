import { H1 } from '@blueprintjs/core';
import {
  createClientGroupSchema,
  type ClientGroupMember,
  type ClientGroupType,
  type ClientOption,
} from '@depot/contracts';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { clientGroupsApi } from '../api';
import { GroupForm } from '../components/GroupForm';
import { useGroupNotices } from '../useGroupNotices';

interface CreateValues {
  name: string;
  type: ClientGroupType | '';
}

/** /administration/clientsGroups/create: name, type and the first clients, saved together. */
export function ClientGroupCreatePage() {
  usePageTitle('clientGroups.createTitle');
  const navigate = useNavigate();
  const notify = useNotify();
  const notices = useGroupNotices();
  const text = useText();
  const [members, setMembers] = useState<ClientGroupMember[]>([]);
  const toInput = (v: CreateValues) => ({
    name: v.name,
    type: v.type || undefined,
    clients: members.map((m) => m.id),
  });
  const form = useZodForm(createClientGroupSchema, { name: '', type: '' } as CreateValues, toInput);
  const type = form.values.type || null;

  const add = (c: ClientOption) => {
    const member = { id: c.id, companyName: c.companyName, shortName: c.shortName };
    if (members.some((m) => m.id === c.id)) return notices.alreadyInGroup(member);
    setMembers((ms) => [...ms, member]);
  };

  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      const reply = await clientGroupsApi.create(toInput(form.values) as never);
      notices.saveInfo(reply);
      notify.success({ id: 'clientGroups.created' });
      navigate('/administration/clientsGroups');
    }, notices.refusal);
  };

  return (
    <div className="depot-page" data-testid="page-client-group-create">
      <H1>
        <FormattedMessage id="clientGroups.createTitle" />
      </H1>
      <GroupForm
        form={form}
        fields={{
          name: form.values.name,
          type: form.values.type,
          onName: (v) => form.set('name', v),
          onType: (v) => {
            form.set('type', v);
            setMembers([]);
          },
          nameError: form.error('name'),
          typeError: form.error('type'),
        }}
        members={{
          members,
          type,
          version: members.length,
          busy: form.busy,
          onAdd: add,
          onRemove: (m) => setMembers((ms) => ms.filter((x) => x.id !== m.id)),
        }}
        failure={form.failure ? text(form.failure) : null}
        busy={form.busy}
        onSubmit={() => void submit()}
      />
    </div>
  );
}
