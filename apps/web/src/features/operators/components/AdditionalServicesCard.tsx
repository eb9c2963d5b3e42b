import { Button, Card, FormGroup, H2, HTMLTable, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { contract, createAdditionalServiceSchema, type OperatorAdditionalService } from '@depot/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { routeKey, useRouteQuery } from '../../../api/query';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useFailureToast } from '../../../ui/useFailureToast';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { operatorsApi } from '../api';

const ADD_STYLE = { display: 'flex', gap: 8, alignItems: 'flex-start', marginTop: 8 } as const;
/** Lines the add button up with the inputs under their labels. */
const BUTTON_STYLE = { marginTop: 22 } as const;

/** The edit screen's additional services of an operator: list, add (name and code), switch on or off, remove. */
export function AdditionalServicesCard(props: { operatorId: string; canWrite: boolean }) {
  const { operatorId, canWrite } = props;
  const intl = useIntl();
  const notify = useNotify();
  const text = useText();
  const queryClient = useQueryClient();
  const input = { params: { id: operatorId } };
  const query = useRouteQuery(contract.operatorServices.list, input);
  useFailureToast(query.error);
  const services = query.data ?? null;
  const [removing, setRemoving] = useState<OperatorAdditionalService | null>(null);
  const form = useZodForm(createAdditionalServiceSchema, { name: '', code: '' }, (v) => ({
    ...v,
    operatorId,
  }));

  // After a change the list is read again (a failure of that read toasts, as the first one does).
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: routeKey(contract.operatorServices.list, input) });

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    void form.run(async () => {
      await operatorsApi.addService({ operatorId, name: form.values.name, code: form.values.code });
      notify.success({ id: 'operators.services.added' });
      form.setValues({ name: '', code: '' });
      await reload();
    });
  };

  const toggle = (s: OperatorAdditionalService) =>
    operatorsApi.changeService(s.id, { active: !s.active }).then(() => reload(), notify.failure);

  const remove = (s: OperatorAdditionalService) =>
    operatorsApi.removeService(s.id).then(() => {
      notify.success({ id: 'operators.services.removed' });
      return reload();
    }, notify.failure);

  return (
    <Card className="depot-form-card" data-testid="operator-services">
      <H2>
        <FormattedMessage id="operators.section.services" />
      </H2>
      {services && services.length === 0 ? (
        <p className="bp6-text-muted" data-testid="operator-services-empty">
          <FormattedMessage id="operators.services.empty" />
        </p>
      ) : (
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>
                <FormattedMessage id="operators.services.name" />
              </th>
              <th>
                <FormattedMessage id="operators.services.code" />
              </th>
              <th>
                <FormattedMessage id="operators.services.active" />
              </th>
              <th>
                <span className="depot-visually-hidden">
                  <FormattedMessage id="list.rowActions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(services ?? []).map((s) => (
              <tr key={s.id} data-testid="operator-service-row">
                <td>{s.name}</td>
                <td data-testid="operator-service-code">{s.code}</td>
                <td>
                  <Switch
                    checked={s.active}
                    disabled={!canWrite}
                    onChange={() => void toggle(s)}
                    aria-label={intl.formatMessage({ id: 'operators.services.active' })}
                    data-testid="operator-service-active"
                  />
                </td>
                <td>
                  {canWrite ? (
                    <Button
                      size="small"
                      variant="minimal"
                      intent={Intent.DANGER}
                      icon="trash"
                      onClick={() => setRemoving(s)}
                      aria-label={intl.formatMessage({ id: 'operators.services.remove' })}
                      data-testid="operator-service-remove"
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {canWrite ? (
        <form style={ADD_STYLE} onSubmit={add} noValidate data-testid="operator-service-form">
          <FormGroup
            label={<FormattedMessage id="operators.services.name" />}
            labelFor="operator-service-name"
            intent={form.intent('name')}
            helperText={form.error('name')}
          >
            <InputGroup
              id="operator-service-name"
              value={form.values.name}
              onValueChange={(v) => form.set('name', v)}
              intent={form.intent('name')}
              data-testid="operator-service-name"
            />
          </FormGroup>
          <FormGroup
            label={<FormattedMessage id="operators.services.code" />}
            labelFor="operator-service-code"
            intent={form.intent('code')}
            helperText={form.error('code')}
          >
            <InputGroup
              id="operator-service-code"
              value={form.values.code}
              onValueChange={(v) => form.set('code', v)}
              intent={form.intent('code')}
              data-testid="operator-service-code-input"
            />
          </FormGroup>
          <Button
            type="submit"
            icon="add"
            loading={form.busy}
            style={BUTTON_STYLE}
            data-testid="operator-service-add"
          >
            <FormattedMessage id="operators.services.add" />
          </Button>
        </form>
      ) : null}
      {form.failure ? <p className="bp6-text-danger">{text(form.failure)}</p> : null}
      <ConfirmDialog
        isOpen={removing !== null}
        titleId="operators.services.removeTitle"
        messageId="operators.services.removeMessage"
        values={{ name: removing?.name ?? '' }}
        intent={Intent.DANGER}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const s = removing;
          setRemoving(null);
          if (s) void remove(s);
        }}
      />
    </Card>
  );
}
