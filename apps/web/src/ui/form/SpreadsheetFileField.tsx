import { FileInput, FormGroup, Intent } from '@blueprintjs/core';
import { IMPORT_FILE_EXTENSIONS } from '@depot/contracts';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

const ACCEPT = IMPORT_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The file field of an upload of a spreadsheet (shipment imports, carriers' real weights): an xlsx or csv chosen with
 * the browser's picker, its name shown once chosen, and the field's error under it.
 */
export function SpreadsheetFileField(props: {
  label: string;
  file: File | null;
  /** The field's error, when there is one (it is marked invalid). */
  error: ReactNode;
  onChoose: (file: File | null) => void;
  testId: string;
}) {
  const intl = useIntl();
  const invalid = Boolean(props.error);
  return (
    <FormGroup
      label={props.label}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      helperText={invalid && <span data-testid={`${props.testId}-error`}>{props.error}</span>}
    >
      <FileInput
        className="depot-file-input"
        fill
        hasSelection={props.file !== null}
        text={props.file?.name ?? intl.formatMessage({ id: 'imports.chooseFile' })}
        buttonText={intl.formatMessage({ id: 'imports.browse' })}
        inputProps={{
          accept: ACCEPT,
          'aria-label': props.label,
          'aria-invalid': invalid ? true : undefined,
          // @ts-expect-error -- data attributes pass through to the input
          'data-testid': props.testId,
        }}
        onInputChange={(e) => props.onChoose(e.currentTarget.files?.[0] ?? null)}
      />
    </FormGroup>
  );
}
