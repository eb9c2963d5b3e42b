import { HTMLSelect, type Intent } from '@blueprintjs/core';
import { OPERATOR_TYPES, type OperatorType } from '@depot/contracts';
import { useIntl } from 'react-intl';
import { operatorTypeLabelId } from '../../operators/operatorFormValues';

/** A carrier type (OPERATOR_TYPES), named in the panel's language; `placeholderId` is the blank first option. */
export function OperatorTypeSelect(props: {
  id?: string;
  value: OperatorType | '';
  onChange: (value: OperatorType | '') => void;
  placeholderId: string;
  ariaLabel: string;
  testId: string;
  intent?: Intent;
  /** Extra words after a type's name (e.g. its map's counts). */
  suffix?: (type: OperatorType) => string;
}) {
  const intl = useIntl();
  return (
    <HTMLSelect
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value as OperatorType | '')}
      options={[
        { value: '', label: intl.formatMessage({ id: props.placeholderId }) },
        ...OPERATOR_TYPES.map((t) => ({
          value: t,
          label: `${intl.formatMessage({ id: operatorTypeLabelId(t) })}${props.suffix ? props.suffix(t) : ''}`,
        })),
      ]}
      aria-label={props.ariaLabel}
      data-testid={props.testId}
      className={props.intent === 'danger' ? 'depot-select-danger' : undefined}
      fill
    />
  );
}
