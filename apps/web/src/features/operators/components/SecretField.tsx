import { Button, InputGroup, Intent } from '@blueprintjs/core';
import type { SecretState } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SecretValue } from '../operatorFormValues';
import { Tag } from '../../../ui/Tag';

const ROW_STYLE = { display: 'flex', gap: 6, alignItems: 'center' } as const;

/**
 * A secret configuration field. New, or not set yet: a password input. Set: "Set ••••1234" with a change button
 * (and a clear button when the field is optional); the secret itself never reaches the panel.
 */
export function SecretField(props: {
  id: string;
  /** What the server says about the stored secret; absent on a new operator. */
  stored: SecretState | undefined;
  required: boolean;
  value: SecretValue;
  intent: Intent;
  onChange: (v: SecretValue) => void;
}) {
  const intl = useIntl();
  const { value, stored, id } = props;
  const input = (
    <InputGroup
      id={id}
      type="password"
      autoComplete="new-password"
      value={value.value}
      onValueChange={(v) => props.onChange({ edit: 'set', value: v })}
      intent={props.intent}
      data-testid={id}
      fill
    />
  );
  if (!stored?.set) return input;

  if (value.edit === 'set') {
    return (
      <div style={ROW_STYLE}>
        {input}
        <Button
          variant="minimal"
          onClick={() => props.onChange({ edit: 'keep', value: '' })}
          data-testid={`${id}-keep`}
        >
          <FormattedMessage id="operators.secretKeep" />
        </Button>
      </div>
    );
  }
  return (
    <div style={ROW_STYLE}>
      <Tag minimal intent={value.edit === 'clear' ? Intent.WARNING : Intent.NONE} data-testid={`${id}-state`}>
        {value.edit === 'clear'
          ? intl.formatMessage({ id: 'operators.secretCleared' })
          : intl.formatMessage({ id: 'operators.secretSet' }, { masked: stored.masked ?? '' })}
      </Tag>
      {value.edit === 'keep' ? (
        <>
          <Button
            size="small"
            icon="edit"
            onClick={() => props.onChange({ edit: 'set', value: '' })}
            data-testid={`${id}-change`}
          >
            <FormattedMessage id="operators.secretChange" />
          </Button>
          {props.required ? null : (
            <Button
              size="small"
              variant="minimal"
              intent={Intent.DANGER}
              onClick={() => props.onChange({ edit: 'clear', value: '' })}
              data-testid={`${id}-clear`}
            >
              <FormattedMessage id="operators.secretClear" />
            </Button>
          )}
        </>
      ) : (
        <Button size="small" variant="minimal" onClick={() => props.onChange({ edit: 'keep', value: '' })}>
          <FormattedMessage id="operators.secretUndo" />
        </Button>
      )}
    </div>
  );
}
