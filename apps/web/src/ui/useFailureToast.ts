import { useEffect, useRef } from 'react';
import { useNotify } from './useNotify';

/**
 * Toasts a failed read (SPEC §8's text) once per failure, for reads that are part of a page rather than the page
 * itself (pickers, filters, cards): `useFailureToast(query.error)`. A record page shows QueryGate's error instead.
 */
export function useFailureToast(error: unknown) {
  const notify = useNotify();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || error === shown.current) return;
    shown.current = error;
    notify.failure(error);
  }, [error, notify]);
}
