import { InputGroup } from '@blueprintjs/core';
import { memo, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { useScanField } from '../hooks/useWedge';
import type { ScanSource } from '../outbox';

/**
 * The scan field. Its text is its own state, so a scanner's burst re-renders this field only, not the screen (the
 * banner, the lists) once per character.
 */
export const ScanField = memo(function ScanField(props: {
  inputRef: RefObject<HTMLInputElement | null>;
  onEntry: (text: string, source: Extract<ScanSource, 'scanner' | 'typed'>) => void;
}) {
  const intl = useIntl();
  const [value, setValue] = useState('');
  const field = useScanField((text, source) => {
    setValue('');
    props.onEntry(text, source);
  });
  return (
    <InputGroup
      id="scan-input"
      inputRef={props.inputRef}
      large
      autoFocus
      autoComplete="off"
      spellCheck={false}
      value={value}
      onValueChange={setValue}
      onKeyDown={(e) => void field.onKeyDown(e)}
      onPaste={field.onEdit}
      onCut={field.onEdit}
      placeholder={intl.formatMessage({ id: 'scanning.inputPlaceholder' })}
      data-testid="scan-input"
    />
  );
});
