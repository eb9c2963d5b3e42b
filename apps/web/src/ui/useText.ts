import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { describeMessage, type ErrorText } from '../api/errors';

/** Renders an ErrorText (message id or the server's words) in the current language. */
export function useText() {
  const intl = useIntl();
  return useCallback(
    (t: ErrorText | string) => {
      const d = typeof t === 'string' ? describeMessage(t) : t;
      return 'id' in d ? intl.formatMessage({ id: d.id }, d.values) : d.text;
    },
    [intl],
  );
}
