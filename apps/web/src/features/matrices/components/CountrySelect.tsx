import { HTMLSelect, type Intent } from '@blueprintjs/core';
import { SUPPORTED_COUNTRIES } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { languageAtom } from '../../../i18n/language';

/**
 * A supported country by its name in the panel's language (Polish or English), alphabetically, with the code;
 * '' is "any country" when `anyLabelId` is given, else "choose…".
 */
export function CountrySelect(props: {
  /** The element id (for a FormGroup's `labelFor`). */
  id?: string;
  value: string;
  onChange: (code: string) => void;
  anyLabelId?: string;
  ariaLabel: string;
  testId: string;
  intent?: Intent;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const lang = useAtomValue(languageAtom);
  const options = useMemo(() => {
    const named = [...SUPPORTED_COUNTRIES]
      .map((c) => ({ value: c.code as string, label: `${c[lang]} (${c.code})` }))
      .sort((a, b) => a.label.localeCompare(b.label, lang));
    const first = intl.formatMessage({ id: props.anyLabelId ?? 'matrices.chooseCountry' });
    return [{ value: '', label: first }, ...named];
  }, [intl, lang, props.anyLabelId]);
  return (
    <HTMLSelect
      fill
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      aria-label={props.ariaLabel}
      data-testid={props.testId}
      options={options}
      disabled={props.disabled}
      className={props.intent === 'danger' ? 'depot-select-danger' : undefined}
    />
  );
}
