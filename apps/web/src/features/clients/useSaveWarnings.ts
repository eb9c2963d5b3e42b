import type { ClientSaveReply } from '@depot/contracts';
import { useCallback } from 'react';
import { useNotify } from '../../ui/useNotify';

/**
 * Shows the warnings of a client save (e.g. "The VAT number could not be checked: the VIES service is
 * unreachable") as warning toasts, in the panel's language.
 */
export function useSaveWarnings() {
  const notify = useNotify();
  return useCallback(
    (saved: ClientSaveReply) => {
      for (const w of saved.warnings ?? []) notify.warning(w.message);
    },
    [notify],
  );
}
