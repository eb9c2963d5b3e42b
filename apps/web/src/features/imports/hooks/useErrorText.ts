import type { ErrorDetail } from '@depot/contracts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useText } from '../../../ui/useText';
import { columnOfPath } from '@depot/domain';

/**
 * A row's error in the reader's language, after the column it is about: the file's own header, else the template's
 * header of the field the file lacks (in the reader's language), else its path as the server gave it.
 */
export function useErrorText() {
  const intl = useIntl();
  const text = useText();
  return useCallback(
    (e: ErrorDetail, headers: readonly string[]): string => {
      const message = text(e.message);
      if (!e.path) return message;
      const column = headers.includes(e.path) ? null : columnOfPath(e.path);
      const where = column ? intl.formatMessage({ id: `imports.column.${column}` }) : e.path;
      return `${where}: ${message}`;
    },
    [intl, text],
  );
}
