import { Button, H1, Intent } from '@blueprintjs/core';
import {
  contract,
  updateClientGroupSchema,
  type ClientGroupMember,
  type ClientGroupType,
  type ClientGroupView,
  type ClientOption,
  type UpdateClientGroupRequest,
} from '@depot/contracts';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { clientGroupsApi } from '../api';
import { GroupForm } from '../components/GroupForm';
import { memberLabel, useGroupNotices } from '../useGroupNotices';
import { useRouteQuery, useSetRouteData } from '../../../api/query';
import { QueryGate } from '../../../ui/QueryGate';

export function ClientGroupEditPage() {
  usePageTitle('clientGroups.editTitle');
  const { groupId = '' } = useParams();
  const input = { params: { id: groupId } };
  const query = useRouteQuery(contract.clientGroups.get, input);
  const setGroup = useSetRouteData(contract.clientGroups.get, input);
  return <QueryGate query={query}>{(group) => <EditForm group={group} onChanged={setGroup} />}</QueryGate>;
}

interface EditValues {
  newName: string;
  type: ClientGroupType | '';
}

/** Name and type are saved with Save; clients are added and removed at once (each a PUT). */
function EditForm(props: { group: ClientGroupView; onChanged: (g: ClientGroupView) => void }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const notices = useGroupNotices();
  const text = useText();
  const { group } = props;
  const [version, setVersion] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const changes = (v: EditValues): UpdateClientGroupRequest => ({
    ...(v.newName.trim() !== group.name ? { newName: v.newName } : {}),
    ...(v.type !== group.type ? { type: v.type || undefined } : {}),
  });
  const form = useZodForm(
    updateClientGroupSchema,
    { newName: group.name, type: group.type } as EditValues,
    changes,
  );

  const changeMembers = (body: UpdateClientGroupRequest, done: (g: ClientGroupView) => void) =>
    form.run(async () => {
      const reply = await clientGroupsApi.update(group.id, body);
      notices.saveInfo(reply);
      props.onChanged(reply.group);
      setVersion((x) => x + 1);
      if (reply.info.length === 0) done(reply.group);
    }, notices.refusal);

  const add = (c: ClientOption) =>
    void changeMembers({ addClients: [c.id] }, () =>
      notify.success(text({ id: 'clientGroups.clientAdded', values: { client: memberLabel(c) } })),
    );
  const remove = (m: ClientGroupMember) =>
    void changeMembers({ removeClients: [m.id] }, () =>
      notify.success(text({ id: 'clientGroups.clientRemoved', values: { client: memberLabel(m) } })),
    );

  const submit = async () => {
    const body = changes(form.values);
    if (Object.keys(body).length === 0) return notify.info({ id: 'server.noValueChanged' });
    if (!form.validate()) return;
    await form.run(async () => {
      const reply = await clientGroupsApi.update(group.id, body);
      props.onChanged(reply.group);
      notify.success({ id: 'clientGroups.saved' });
      navigate('/administration/clientsGroups');
    }, notices.refusal);
  };

  const deleteGroup = () =>
    form.run(async () => {
      await clientGroupsApi.remove(group.id);
      notify.success({ id: 'clientGroups.deleted' });
      navigate('/administration/clientsGroups');
    });

  return (
    <div className="depot-page" data-testid="page-client-group-edit">
      <div className="depot-page-header">
        <H1>
          <FormattedMessage id="clientGroups.editTitle" />
        </H1>
        <Button
          intent={Intent.DANGER}
          icon="trash"
          onClick={() => setConfirmDelete(true)}
          data-testid="group-delete"
        >
          <FormattedMessage id="clientGroups.delete" />
        </Button>
      </div>
      <GroupForm
        form={form}
        fields={{
          name: form.values.newName,
          type: form.values.type,
          onName: (v) => form.set('newName', v),
          onType: (v) => form.set('type', v),
          nameError: form.error('newName'),
          typeError: form.error('type'),
        }}
        members={{
          members: group.clients,
          type: group.type,
          groupId: group.id,
          version,
          busy: form.busy,
          onAdd: add,
          onRemove: remove,
        }}
        failure={form.failure ? text(form.failure) : null}
        busy={form.busy}
        onSubmit={() => void submit()}
      />
      <ConfirmDialog
        isOpen={confirmDelete}
        titleId="clientGroups.deleteTitle"
        messageId="clientGroups.deleteMessage"
        values={{ name: group.name }}
        intent={Intent.DANGER}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void deleteGroup();
        }}
      />
    </div>
  );
}
