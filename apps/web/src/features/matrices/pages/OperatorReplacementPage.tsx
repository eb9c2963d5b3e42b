import { Button, Callout, Card, FormGroup, H1, HTMLSelect, Intent } from '@blueprintjs/core';
import {
  contract,
  globalOperatorChangeSchema,
  type GlobalOperatorChangeReply,
  type MatrixOperatorOption,
} from '@depot/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { routeKey, useRouteQueryWith } from '../../../api/query';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useFailureToast } from '../../../ui/useFailureToast';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { FocusFirstError } from '../../../ui/form/FocusFirstError';
import { useZodForm } from '../../../ui/useZodForm';
import { matricesApi } from '../api';
import { useMatrixOperators } from '../components/MatrixForm';

const CARD_STYLE = { maxWidth: 640, marginTop: 8 } as const;
const GRID = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 16 } as const;

/**
 * administration/operators/replacement: every routing condition naming one operator moves to another (SPEC 7
 * globalOperatorChange), with the operator's parcels not yet sent. The screen says how many conditions and parcels
 * will move, asks "I understand" with both counts, then shows the result.
 */
export function OperatorReplacementPage() {
  usePageTitle('replacement.title');
  const intl = useIntl();
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const operators = useMatrixOperators();
  const form = useZodForm(globalOperatorChangeSchema, { fromOperatorId: '', toOperatorId: '' });
  const { fromOperatorId, toOperatorId } = form.values;
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [result, setResult] = useState<GlobalOperatorChangeReply | null>(null);

  // How many conditions name the chosen operator and how many of its parcels would move: read once one is chosen,
  // and again after a replacement.
  const usageInput = { params: { operatorId: fromOperatorId } };
  const usageQuery = useRouteQueryWith(
    { enabled: fromOperatorId !== '' },
    contract.matrices.operatorUsage,
    usageInput,
  );
  useFailureToast(usageQuery.error);
  const usage = fromOperatorId ? (usageQuery.data ?? null) : null;

  const nameOf = (id: string) => operators.find((o) => o.id === id)?.name ?? '';
  const option = (o: MatrixOperatorOption) => ({
    value: o.id,
    label: o.active ? o.name : intl.formatMessage({ id: 'matrices.inactiveOperator' }, { name: o.name }),
  });
  const choose = intl.formatMessage({ id: 'matrices.chooseOperator' });
  const fromOptions = [{ value: '', label: choose }, ...operators.map(option)];
  const toOptions = [
    { value: '', label: choose },
    ...operators.filter((o) => o.active && o.id !== fromOperatorId).map(option),
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    if (form.validate()) setConfirm(true);
  };
  const run = () => {
    setConfirm(false);
    void form.run(async () => {
      const reply = await matricesApi.globalOperatorChange({ fromOperatorId, toOperatorId });
      setResult(reply);
      void queryClient.invalidateQueries({
        queryKey: routeKey(contract.matrices.operatorUsage, usageInput),
        exact: true,
      });
      notify.success({ id: 'replacement.done' });
    });
  };

  return (
    <div className="depot-page" data-testid="page-operator-replacement">
      <H1>
        <FormattedMessage id="replacement.title" />
      </H1>
      <Card style={CARD_STYLE}>
        <p className="bp6-text-muted">
          <FormattedMessage id="replacement.hint" />
        </p>
        <form onSubmit={submit} noValidate data-testid="replacement-form">
          <FocusFirstError form={form} />
          <div style={GRID}>
            <FormGroup
              label={<FormattedMessage id="replacement.from" />}
              labelFor="replacement-from"
              intent={form.intent('fromOperatorId')}
              helperText={form.error('fromOperatorId')}
            >
              <HTMLSelect
                id="replacement-from"
                fill
                value={fromOperatorId}
                options={fromOptions}
                onChange={(e) => {
                  setResult(null);
                  form.set('fromOperatorId', e.currentTarget.value);
                }}
                data-testid="replacement-from"
              />
            </FormGroup>
            <FormGroup
              label={<FormattedMessage id="replacement.to" />}
              labelFor="replacement-to"
              intent={form.intent('toOperatorId')}
              helperText={form.error('toOperatorId')}
            >
              <HTMLSelect
                id="replacement-to"
                fill
                value={toOperatorId}
                options={toOptions}
                onChange={(e) => {
                  setResult(null);
                  form.set('toOperatorId', e.currentTarget.value);
                }}
                data-testid="replacement-to"
              />
            </FormGroup>
          </div>
          {usage ? (
            <Callout
              intent={usage.conditions + usage.parcels > 0 ? Intent.PRIMARY : Intent.NONE}
              className="depot-form-error"
              data-testid="replacement-usage"
            >
              <FormattedMessage
                id="replacement.usage"
                values={{
                  conditions: usage.conditions,
                  matrices: usage.matrices,
                  parcels: usage.parcels,
                  from: nameOf(fromOperatorId),
                }}
              />
            </Callout>
          ) : null}
          {form.failure ? (
            <Callout intent={Intent.DANGER} className="depot-form-error" data-testid="replacement-failure">
              {text(form.failure)}
            </Callout>
          ) : null}
          {result ? (
            <Callout intent={Intent.SUCCESS} className="depot-form-error" data-testid="replacement-result">
              <FormattedMessage
                id="replacement.result"
                values={{ conditions: result.movedConditions, parcels: result.movedParcels }}
              />
            </Callout>
          ) : null}
          <div className="depot-form-actions">
            <Button onClick={() => navigate(-1)} data-testid="replacement-back">
              <FormattedMessage id="matrices.back" />
            </Button>
            <Button
              type="submit"
              intent={Intent.WARNING}
              icon="swap-horizontal"
              loading={form.busy}
              disabled={usage !== null && usage.conditions + usage.parcels === 0}
              data-testid="replacement-submit"
            >
              <FormattedMessage id="replacement.submit" />
            </Button>
          </div>
        </form>
      </Card>
      <ConfirmDialog
        isOpen={confirm}
        understand
        titleId="replacement.confirmTitle"
        messageId="replacement.confirmMessage"
        values={{
          conditions: usage?.conditions ?? 0,
          parcels: usage?.parcels ?? 0,
          from: nameOf(fromOperatorId),
          to: nameOf(toOperatorId),
        }}
        onCancel={() => setConfirm(false)}
        onConfirm={run}
      />
    </div>
  );
}
