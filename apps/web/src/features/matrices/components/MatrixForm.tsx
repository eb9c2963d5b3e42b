import { Callout, Card, FormGroup, H2, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { contract, type MatrixOperatorOption } from '@depot/contracts';
import { type FormEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRouteQuery } from '../../../api/query';
import { useFailureToast } from '../../../ui/useFailureToast';
import type { useZodForm } from '../../../ui/useZodForm';
import type { MatrixFormValues } from '../matrixFormValues';
import { ConditionsTable } from './ConditionsTable';
import { FormFooter } from '../../../ui/FormFooter';

type Form = ReturnType<typeof useZodForm>;

const SECTION_STYLE = { marginBottom: 12 } as const;
const NO_OPERATORS: MatrixOperatorOption[] = [];

/** The carriers for the condition pickers, read once per form (none until they are there; a failure toasts). */
export function useMatrixOperators(): MatrixOperatorOption[] {
  const query = useRouteQuery(contract.matrices.operators);
  useFailureToast(query.error);
  return query.data ?? NO_OPERATORS;
}

/**
 * The matrix form of the create and edit screens (administration/matrixes): name, the default switch and the
 * conditions table. The default cannot be switched off here: another matrix is made the default instead.
 */
export function MatrixForm(props: {
  form: Form;
  operators: MatrixOperatorOption[];
  /** The saved matrix is the default (its switch is on and locked). */
  isCurrentDefault: boolean;
  /** The saved name (edit screen): a new name tells that clients naming the old one follow it. */
  savedName?: string;
  readOnly?: boolean;
  busy: boolean;
  failure: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
  /** Extra buttons on the left of the actions (delete). */
  extraActions?: ReactNode;
}) {
  const { form, readOnly } = props;
  const values = form.values as unknown as MatrixFormValues;
  const set = form.set as unknown as <K extends keyof MatrixFormValues>(k: K, v: MatrixFormValues[K]) => void;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };

  return (
    <form className="depot-form" onSubmit={submit} noValidate data-testid="matrix-form">
      <Card style={SECTION_STYLE}>
        <FormGroup
          label={<FormattedMessage id="matrices.field.name" />}
          labelFor="matrix-name"
          intent={form.intent('name')}
          helperText={
            form.error('name') ??
            (props.savedName !== undefined &&
            values.name.trim() &&
            values.name.trim() !== props.savedName.trim() ? (
              <span data-testid="matrix-rename-note">
                <FormattedMessage id="matrices.renameCarriesClients" values={{ name: props.savedName }} />
              </span>
            ) : undefined)
          }
        >
          <InputGroup
            id="matrix-name"
            value={values.name}
            onValueChange={(v) => set('name', v)}
            intent={form.intent('name')}
            autoComplete="off"
            disabled={readOnly}
            data-testid="matrix-name"
          />
        </FormGroup>
        <FormGroup
          helperText={props.isCurrentDefault ? <FormattedMessage id="matrices.defaultLocked" /> : undefined}
        >
          <Switch
            checked={values.isDefault}
            disabled={readOnly || props.isCurrentDefault}
            onChange={(e) => set('isDefault', e.currentTarget.checked)}
            labelElement={<FormattedMessage id="matrices.field.isDefault" />}
            data-testid="matrix-isDefault"
          />
        </FormGroup>
      </Card>
      <Card style={SECTION_STYLE}>
        <H2>
          <FormattedMessage id="matrices.conditions" />
        </H2>
        <p className="bp6-text-muted">
          <FormattedMessage id="matrices.conditionsHint" />
        </p>
        {form.error('conditions') ? (
          <Callout intent={Intent.DANGER} className="depot-form-error">
            {form.error('conditions')}
          </Callout>
        ) : null}
        <ConditionsTable
          rows={values.conditions}
          operators={props.operators}
          onChange={(rows) => set('conditions', rows)}
          error={form.error}
          disabled={readOnly}
        />
      </Card>
      <FormFooter
        form={form}
        failure={props.failure}
        failureTestId="matrix-failure"
        busy={props.busy}
        onCancel={props.onCancel}
        cancelTestId="matrix-cancel"
        cancelLabelId={readOnly ? 'matrices.back' : undefined}
        saveTestId="matrix-save"
        readOnly={readOnly}
        extraActions={props.extraActions}
      />
    </form>
  );
}
