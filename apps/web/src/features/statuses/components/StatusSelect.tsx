import { HTMLSelect, type Intent } from '@blueprintjs/core';
import { MAPPABLE_STATUSES, type ParcelStatus } from '@depot/contracts';
import { useIntl } from 'react-intl';
import { statusLabelId } from '../statusLabels';

/**
 * The internal status a carrier code means: one of MAPPABLE_STATUSES, "not mapped" when `allowUnmapped`, or a
 * "choose" placeholder while nothing is chosen (a required field).
 */
export function StatusSelect(props: {
  id?: string;
  value: ParcelStatus | null | '';
  onChange: (value: ParcelStatus | null | '') => void;
  allowUnmapped?: boolean;
  ariaLabel: string;
  testId: string;
  intent?: Intent;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const UNMAPPED = '-';
  const options = [
    ...(props.allowUnmapped
      ? [{ value: UNMAPPED, label: intl.formatMessage({ id: 'statuses.unmapped' }) }]
      : [{ value: '', label: intl.formatMessage({ id: 'statuses.chooseStatus' }) }]),
    ...MAPPABLE_STATUSES.map((s) => ({ value: s, label: intl.formatMessage({ id: statusLabelId(s) }) })),
  ];
  const value = props.value === null ? UNMAPPED : props.value;
  return (
    <HTMLSelect
      id={props.id}
      value={value}
      onChange={(e) => {
        const v = e.currentTarget.value;
        props.onChange(v === UNMAPPED ? null : (v as ParcelStatus | ''));
      }}
      options={options}
      aria-label={props.ariaLabel}
      data-testid={props.testId}
      className={props.intent === 'danger' ? 'depot-select-danger' : undefined}
      disabled={props.disabled}
      fill
    />
  );
}
