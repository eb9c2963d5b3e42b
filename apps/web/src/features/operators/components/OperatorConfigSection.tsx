import { FormGroup, HTMLSelect, Icon, InputGroup, Intent, Switch } from '@blueprintjs/core';
import {
  OPERATOR_CONFIG_MODELS,
  configFieldsInFormOrder,
  isOperatorType,
  type OperatorConfigField,
  type SecretState,
} from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SecretValue } from '../operatorFormValues';
import { SecretField } from './SecretField';
import { Tag } from '../../../ui/Tag';

const LABEL_STYLE = { display: 'inline-flex', gap: 6, alignItems: 'center' } as const;

/**
 * The configuration fields generated from the chosen type's model: the important fields first, marked; secrets
 * as password fields that show only whether they are set.
 */
export function OperatorConfigSection(props: {
  type: string;
  config: Record<string, string | boolean>;
  secrets: Record<string, SecretValue>;
  /** The saved operator's secrets (edit), when it has this type. */
  stored: Record<string, SecretState> | undefined;
  error: (path: string) => string | undefined;
  intent: (path: string) => Intent;
  onConfig: (key: string, value: string | boolean) => void;
  onSecret: (key: string, value: SecretValue) => void;
}) {
  const intl = useIntl();
  if (!isOperatorType(props.type)) {
    return (
      <p className="bp6-text-muted" data-testid="operator-config-hint">
        <FormattedMessage id="operators.configHint" />
      </p>
    );
  }
  const model = OPERATOR_CONFIG_MODELS[props.type];

  const label = (f: OperatorConfigField) => {
    const important = model.importanceOfTheConfigFields.includes(f.key);
    return (
      <span style={LABEL_STYLE}>
        <FormattedMessage id={f.labelId} />
        {f.required ? <span aria-hidden>*</span> : null}
        {important ? (
          <Tag
            minimal
            intent={Intent.PRIMARY}
            icon={<Icon icon="star" size={10} />}
            data-testid={`operator-config-${f.key}-important`}
          >
            <FormattedMessage id="operators.important" />
          </Tag>
        ) : null}
      </span>
    );
  };

  const input = (f: OperatorConfigField) => {
    const id = `operator-config-${f.key}`;
    const path = `config.${f.key}`;
    const value = props.config[f.key];
    switch (f.type) {
      case 'secret':
        return (
          <SecretField
            id={id}
            stored={props.stored?.[f.key]}
            required={f.required}
            value={props.secrets[f.key] ?? { edit: 'set', value: '' }}
            intent={props.intent(path)}
            onChange={(v) => props.onSecret(f.key, v)}
          />
        );
      case 'boolean':
        return (
          <Switch
            id={id}
            checked={value === true}
            label={intl.formatMessage({ id: f.labelId })}
            onChange={(e) => props.onConfig(f.key, e.currentTarget.checked)}
            data-testid={id}
          />
        );
      case 'select':
        return (
          <HTMLSelect
            id={id}
            fill
            value={String(value ?? '')}
            onChange={(e) => props.onConfig(f.key, e.currentTarget.value)}
            data-testid={id}
            options={[
              ...(f.required ? [] : [{ value: '', label: intl.formatMessage({ id: 'operators.none' }) }]),
              ...(f.options ?? []).map((o) => ({
                value: o.value,
                label: o.labelId ? intl.formatMessage({ id: o.labelId }) : o.value,
              })),
            ]}
          />
        );
      default:
        return (
          <InputGroup
            id={id}
            value={String(value ?? '')}
            inputMode={f.type === 'number' ? 'numeric' : undefined}
            onValueChange={(v) => props.onConfig(f.key, v)}
            intent={props.intent(path)}
            autoComplete="off"
            data-testid={id}
          />
        );
    }
  };

  return (
    <div className="depot-form-grid" data-testid="operator-config">
      {configFieldsInFormOrder(model).map((f) => (
        <FormGroup
          key={f.key}
          label={f.type === 'boolean' ? undefined : label(f)}
          labelFor={`operator-config-${f.key}`}
          intent={props.intent(`config.${f.key}`)}
          helperText={props.error(`config.${f.key}`)}
        >
          {input(f)}
        </FormGroup>
      ))}
    </div>
  );
}
