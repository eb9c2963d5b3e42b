import { Button, Callout, Card, Checkbox, FormGroup, H2, InputGroup, Intent } from '@blueprintjs/core';
import { routeTestSchema, type RouteTestReply } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { canAtom } from '../../../session/session';
import { useText } from '../../../ui/useText';
import { FocusFirstError } from '../../../ui/form/FocusFirstError';
import { useZodForm } from '../../../ui/useZodForm';
import { ClientPicker } from '../../../ui/pickers/ClientPicker';
import { matricesApi } from '../api';
import { CountrySelect } from './CountrySelect';
import { RouteResult } from './RouteResult';

interface TesterValues {
  pickupCountry: string;
  destinationCountry: string;
  weightKg: string;
  isReturn: boolean;
  client: { id: string; name: string } | null;
}

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  columnGap: 12,
} as const;
const RESULT_STYLE = { marginTop: 12 } as const;

/**
 * The route tester: which operator a parcel would get, and the condition that explains it. With `matrixId` it tests
 * that (saved) matrix with the default as fallback; without, the default, or a client's matrices when a client is
 * picked (staff who may read clients).
 */
export function RouteTester(props: { matrixId?: string }) {
  const intl = useIntl();
  const can = useAtomValue(canAtom);
  const text = useText();
  const withClient = !props.matrixId && can('clients.read');
  const [reply, setReply] = useState<RouteTestReply | null>(null);
  const toInput = (v: TesterValues) => ({
    pickupCountry: v.pickupCountry,
    destinationCountry: v.destinationCountry,
    weightKg: v.weightKg,
    ...(props.matrixId ? { matrixId: props.matrixId } : {}),
    ...(v.client ? { clientId: v.client.id, isReturn: v.isReturn } : {}),
  });
  const form = useZodForm(
    routeTestSchema,
    {
      pickupCountry: '',
      destinationCountry: '',
      weightKg: '',
      isReturn: false,
      client: null,
    } as TesterValues,
    toInput,
  );
  const values = form.values;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setReply(null);
    if (!form.validate()) return;
    void form.run(async () => setReply(await matricesApi.resolve(toInput(values))));
  };

  return (
    <Card className="depot-route-tester" data-testid="route-tester">
      <H2>
        <FormattedMessage id="matrices.test.title" />
      </H2>
      <p className="bp6-text-muted">
        <FormattedMessage id={props.matrixId ? 'matrices.test.hintMatrix' : 'matrices.test.hintDefault'} />
      </p>
      <form onSubmit={submit} noValidate>
        <FocusFirstError form={form} />
        <div style={GRID}>
          <FormGroup
            label={<FormattedMessage id="matrices.field.pickupCountry" />}
            intent={form.intent('pickupCountry')}
            helperText={form.error('pickupCountry')}
          >
            <CountrySelect
              value={values.pickupCountry}
              onChange={(v) => form.set('pickupCountry', v)}
              ariaLabel={intl.formatMessage({ id: 'matrices.field.pickupCountry' })}
              testId="route-pickupCountry"
            />
          </FormGroup>
          <FormGroup
            label={<FormattedMessage id="matrices.field.destinationCountry" />}
            intent={form.intent('destinationCountry')}
            helperText={form.error('destinationCountry')}
          >
            <CountrySelect
              value={values.destinationCountry}
              onChange={(v) => form.set('destinationCountry', v)}
              ariaLabel={intl.formatMessage({ id: 'matrices.field.destinationCountry' })}
              testId="route-destinationCountry"
            />
          </FormGroup>
          <FormGroup
            label={<FormattedMessage id="matrices.field.weightKg" />}
            labelFor="route-weightKg"
            intent={form.intent('weightKg')}
            helperText={form.error('weightKg')}
          >
            <InputGroup
              id="route-weightKg"
              value={values.weightKg}
              inputMode="decimal"
              onValueChange={(v) => form.set('weightKg', v)}
              intent={form.intent('weightKg')}
              data-testid="route-weightKg"
            />
          </FormGroup>
        </div>
        {withClient ? (
          <div style={GRID}>
            <FormGroup label={<FormattedMessage id="matrices.test.client" />}>
              <ClientPicker
                value={values.client}
                onChange={(c) => form.set('client', { id: c.id, name: c.companyName })}
                testId="route-client"
              />
            </FormGroup>
            <FormGroup label={<FormattedMessage id="matrices.test.returnParcel" />}>
              <Checkbox
                checked={values.isReturn}
                disabled={!values.client}
                onChange={(e) => form.set('isReturn', e.currentTarget.checked)}
                label={intl.formatMessage({ id: 'matrices.test.isReturn' })}
                data-testid="route-isReturn"
              />
            </FormGroup>
            <FormGroup className="depot-route-tester-clear">
              {values.client ? (
                <Button
                  minimal
                  icon="cross"
                  onClick={() => form.set('client', null)}
                  data-testid="route-client-clear"
                >
                  <FormattedMessage id="matrices.test.clearClient" />
                </Button>
              ) : null}
            </FormGroup>
          </div>
        ) : null}
        <Button
          type="submit"
          icon="route"
          intent={Intent.PRIMARY}
          loading={form.busy}
          data-testid="route-test"
        >
          <FormattedMessage id="matrices.test.run" />
        </Button>
      </form>
      {form.failure ? (
        <Callout intent={Intent.DANGER} style={RESULT_STYLE} data-testid="route-failure">
          {text(form.failure)}
        </Callout>
      ) : reply ? (
        <div style={RESULT_STYLE}>
          <RouteResult reply={reply} />
        </div>
      ) : null}
    </Card>
  );
}
