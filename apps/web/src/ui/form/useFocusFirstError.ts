import { useEffect, useRef, type RefObject } from 'react';
import { useNotify } from '../useNotify';
import { fieldsInError } from './fieldsInError';

/**
 * After a save that failed on a field (`failures` counts them: the zod check or the server's 400 with details),
 * scrolls to and focuses the first field in error of the form around `anchor` and names it in a toast
 * ("Check the field: Email", and how many more).
 */
export function useFocusFirstError(
  anchor: RefObject<HTMLElement | null>,
  failures: number,
  errors: Record<string, string>,
) {
  const notify = useNotify();
  const handled = useRef(failures);
  useEffect(() => {
    if (failures === handled.current) return;
    handled.current = failures;
    const root = anchor.current?.closest('form') ?? anchor.current?.parentElement;
    const fields = root ? fieldsInError(root) : [];
    const first = fields[0];
    if (!first) {
      // No field of this form shows it (an error on a field not shown): say the first message.
      const message = Object.values(errors)[0];
      if (message) notify.error(message);
      return;
    }
    first.group.scrollIntoView?.({ block: 'center' });
    first.control?.focus({ preventScroll: true });
    const more = fields.length - 1;
    notify.error({
      id: more ? 'form.checkFields' : 'form.checkField',
      values: { field: first.label, count: more },
    });
  }, [failures, errors, anchor, notify]);
}
