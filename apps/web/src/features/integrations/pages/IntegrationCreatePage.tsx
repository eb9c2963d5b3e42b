import { H1 } from '@blueprintjs/core';
import {
  createIntegrationSchema,
  staffCreateIntegrationSchema,
  type IntegrationType,
} from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { currentUserAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { integrationsApi } from '../api';
import { IntegrationForm } from '../components/IntegrationForm';
import { IntegrationTypePicker } from '../components/IntegrationTypePicker';
import { emptyIntegrationForm, toCreateRequest, type IntegrationFormValues } from '../integrationFormValues';

const LIST = '/settings/integrations';

/** A new integration in two steps: the type first (SPEC §5), then the form. */
export function IntegrationCreatePage() {
  usePageTitle('integrations.createTitle');
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const me = useAtomValue(currentUserAtom);
  const staff = !me?.clientId;
  const [type, setType] = useState<IntegrationType | null>(null);
  const form = useZodForm(
    staff ? staffCreateIntegrationSchema : createIntegrationSchema,
    emptyIntegrationForm(null),
    (v: IntegrationFormValues) => toCreateRequest(type, v),
  );

  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      await integrationsApi.create(toCreateRequest(type, form.values));
      notify.success({ id: 'integrations.created' });
      navigate(LIST);
    });
  };

  return (
    <div className="depot-page" data-testid="page-integration-create">
      <H1>
        <FormattedMessage id="integrations.createTitle" />
      </H1>
      <div className="depot-form-card">
        {type ? (
          <IntegrationForm
            form={form}
            mode="create"
            type={type}
            clientChoice={staff ? 'pick' : 'none'}
            busy={form.busy}
            failure={form.failure ? text(form.failure) : null}
            onChangeType={() => setType(null)}
            onSubmit={() => void submit()}
            onCancel={() => navigate(LIST)}
          />
        ) : (
          <IntegrationTypePicker value={type} onPick={setType} />
        )}
      </div>
    </div>
  );
}
