import { InputGroup, Intent } from '@blueprintjs/core';
import { dateText, parseDateText, type Language } from '@depot/contracts';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useIntl } from 'react-intl';

/**
 * A date typed in the order of the panel's language (decision 0126): "2026-11-27" in English, "27.11.2026" in
 * Polish, either accepted in both; the browser's own date input would follow the browser's locale instead. `value`
 * and `onChange` carry yyyy-MM-dd ('' for none). Text that is no date is marked and changes nothing until it is one.
 */
export function DateField(props: {
  id: string;
  value: string;
  onChange: (date: string) => void;
  testId: string;
  intent?: Intent;
  style?: CSSProperties;
}) {
  const intl = useIntl();
  const lang = intl.locale as Language;
  const [text, setText] = useState(() => (props.value ? dateText(props.value, lang) : ''));
  // A value set from outside (filters cleared, read from the address) or a language switch rewrites the text; what
  // the person is typing stays as typed while it reads as the value.
  const shownLang = useRef(lang);
  useEffect(() => {
    const langChanged = shownLang.current !== lang;
    shownLang.current = lang;
    setText((current) => {
      const typed = parseDateText(current);
      if (!props.value) return typed === null ? current : '';
      if (typed === props.value && !langChanged) return current;
      return dateText(props.value, lang);
    });
  }, [props.value, lang]);
  const invalid = text.trim() !== '' && parseDateText(text) === null;
  const format = intl.formatMessage({ id: 'date.format' });
  return (
    <InputGroup
      id={props.id}
      value={text}
      placeholder={format}
      onValueChange={(typed) => {
        setText(typed);
        if (typed.trim() === '') return props.onChange('');
        const date = parseDateText(typed);
        if (date) props.onChange(date);
      }}
      onBlur={() => {
        const date = parseDateText(text);
        if (date) setText(dateText(date, lang));
      }}
      intent={invalid ? Intent.DANGER : props.intent}
      aria-invalid={invalid || undefined}
      title={invalid ? intl.formatMessage({ id: 'date.invalid' }, { format }) : undefined}
      autoComplete="off"
      style={props.style}
      data-testid={props.testId}
    />
  );
}
