import { H1 } from '@blueprintjs/core';
import {
  contract,
  CLIENT_ERROR_CODES,
  changesReachingLinkedAccounts,
  updateClientSchema,
  type ClientView,
  type LinkedAccountsConfirmationDetails,
} from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/errors';
import { canAtom } from '../../../session/session';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { clientsApi } from '../api';
import { clientToForm, toUpdateRequest, type ClientFormValues } from '../clientFormValues';
import { ClientForm } from '../components/ClientForm';
import { useSaveWarnings } from '../useSaveWarnings';
import { useRouteQuery, useSetRouteData } from '../../../api/query';
import { QueryGate } from '../../../ui/QueryGate';
import { ClientLogins } from '../../users/components/ClientLogins';

/** administration/clients/edit/:id — read-only for those who may read clients but not change them (a salesman). */
export function ClientEditPage() {
  const readOnly = !useAtomValue(canAtom)('clients.write');
  usePageTitle(readOnly ? 'clients.viewTitle' : 'clients.editTitle');
  const { clientId = '' } = useParams();
  const input = { params: { id: clientId } };
  const query = useRouteQuery(contract.clients.get, input);
  const setClient = useSetRouteData(contract.clients.get, input);
  return (
    <QueryGate query={query}>
      {(client) => (
        <EditForm key={client.updatedAt} client={client} readOnly={readOnly} onSaved={setClient} />
      )}
    </QueryGate>
  );
}

interface PendingConfirmation {
  body: Record<string, unknown>;
  linkedAccounts: number;
  fields: string[];
}

function EditForm(props: { client: ClientView; readOnly: boolean; onSaved: (c: ClientView) => void }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const showWarnings = useSaveWarnings();
  const text = useText();
  const intl = useIntl();
  const { client } = props;
  const form = useZodForm(updateClientSchema, clientToForm(client), (v: ClientFormValues) =>
    toUpdateRequest(v, client),
  );
  const [confirm, setConfirm] = useState<PendingConfirmation | null>(null);

  const send = (body: Record<string, unknown>, confirmLinked: boolean) =>
    form.run(
      async () => {
        const saved = await clientsApi.update(client.id, confirmLinked ? { ...body, confirmLinked } : body);
        notify.success({ id: 'clients.saved' });
        showWarnings(saved);
        props.onSaved(saved);
        navigate('/administration/clients');
      },
      (err) => {
        // The server asks for the "I understand" confirmation when linked accounts are affected.
        if (!(
          err instanceof ApiError &&
          err.status === 409 &&
          err.body?.error === CLIENT_ERROR_CODES.linkedAccountsConfirmation
        )) {
          return false;
        }
        const details = err.body.details as LinkedAccountsConfirmationDetails | undefined;
        setConfirm({
          body,
          linkedAccounts: details?.linkedAccounts ?? client.linkedAccounts,
          fields: details?.fields ?? [],
        });
        return true;
      },
    );

  const submit = () => {
    const body = toUpdateRequest(form.values as unknown as ClientFormValues, client);
    if (Object.keys(body).length === 0) return notify.info({ id: 'server.noValueChanged' });
    if (!form.validate()) return;
    // A master account's change that reaches its linked accounts asks first ("I understand").
    const reaching = client.linkedAccounts > 0 ? changesReachingLinkedAccounts(client, body) : [];
    if (reaching.length > 0)
      return setConfirm({ body, linkedAccounts: client.linkedAccounts, fields: reaching });
    void send(body, false);
  };

  return (
    <div className="depot-page" data-testid="page-client-edit">
      <H1>
        <FormattedMessage id={props.readOnly ? 'clients.viewTitle' : 'clients.editTitle'} />
      </H1>
      <div className="depot-form-card">
        <ClientForm
          form={form as never}
          clientId={client.id}
          readOnly={props.readOnly}
          busy={form.busy}
          failure={form.failure ? text(form.failure) : null}
          onSubmit={submit}
          onCancel={() => navigate(-1)}
        />
      </div>
      <ClientLogins clientId={client.id} clientName={client.companyName} />
      <ConfirmDialog
        isOpen={confirm !== null}
        understand
        titleId="clients.linkedTitle"
        messageId="clients.linkedMessage"
        values={{
          count: confirm?.linkedAccounts ?? 0,
          // {name}: the changed fields that reach the linked accounts, in the panel's words.
          name: (confirm?.fields ?? [])
            .map((f) => intl.formatMessage({ id: `clients.field.${f}` }))
            .join(', '),
        }}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const pending = confirm;
          setConfirm(null);
          if (pending) void send(pending.body, true);
        }}
      />
    </div>
  );
}
