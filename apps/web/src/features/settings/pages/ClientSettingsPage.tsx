import { Callout, H1, Intent } from '@blueprintjs/core';
import {
  contract,
  ownClientSettingsSchema,
  type CurrentClientView,
  type OwnClientSettingsRequest,
} from '@depot/contracts';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRouteQuery, useSetRouteData } from '../../../api/query';
import { QueryGate } from '../../../ui/QueryGate';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { settingsApi } from '../api';
import { CompanyDetails } from '../components/CompanyDetails';
import { SettingsForm } from '../components/SettingsForm';
import { currentToForm, toSettingsRequest, type SettingsFormValues } from '../settingsFormValues';

/** /settings: a client user's own client — what it may change (addresses, standard parcel, defaults) and what not. */
export function ClientSettingsPage() {
  usePageTitle('settings.title');
  const query = useRouteQuery(contract.clients.current);
  const setClient = useSetRouteData(contract.clients.current);
  // A new version re-creates the form from the client as saved (after a save, or to drop the edits).
  const [version, setVersion] = useState(0);
  const reload = (c: CurrentClientView) => {
    setClient(c);
    setVersion((n) => n + 1);
  };
  return (
    <QueryGate query={query}>
      {(client) => <Settings client={client} version={version} onSaved={reload} />}
    </QueryGate>
  );
}

function Settings(props: {
  client: CurrentClientView;
  version: number;
  onSaved: (c: CurrentClientView) => void;
}) {
  const { client } = props;
  return (
    <div className="depot-page" data-testid="page-settings">
      <H1>
        <FormattedMessage id="settings.title" />
      </H1>
      {client.disableNewOrders ? (
        <Callout intent={Intent.WARNING} icon="disable" data-testid="orders-blocked">
          <FormattedMessage id="home.ordersBlocked" />
        </Callout>
      ) : null}
      <div className="depot-form-card">
        <CompanyDetails client={client} />
        <EditSettings key={props.version} client={client} onSaved={props.onSaved} />
      </div>
    </div>
  );
}

function EditSettings(props: { client: CurrentClientView; onSaved: (c: CurrentClientView) => void }) {
  const { client } = props;
  const notify = useNotify();
  const text = useText();
  const form = useZodForm(ownClientSettingsSchema, currentToForm(client), (v: SettingsFormValues) =>
    toSettingsRequest(v, client),
  );

  const submit = () => {
    const body = toSettingsRequest(form.values as unknown as SettingsFormValues, client);
    if (Object.keys(body).length === 0) return notify.info({ id: 'server.noValueChanged' });
    if (!form.validate()) return;
    void form.run(async () => {
      const saved = await settingsApi.save(body as OwnClientSettingsRequest);
      notify.success({ id: 'settings.saved' });
      props.onSaved(saved);
    });
  };

  return (
    <SettingsForm
      form={form as never}
      busy={form.busy}
      failure={form.failure ? text(form.failure) : null}
      onSubmit={submit}
      onReset={() => props.onSaved(client)}
    />
  );
}
