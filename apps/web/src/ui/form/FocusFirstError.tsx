import { useRef } from 'react';
import { useFocusFirstError } from './useFocusFirstError';

/**
 * For a form that ends without FormFooter (a dialog, a card, the sign-in page): placed inside the form, it does
 * what FormFooter does after a failed save — scrolls to and focuses the first field in error and names it in a
 * toast (decision 0117).
 */
export function FocusFirstError({
  form,
}: {
  form: { fieldFailures: number; errors: Record<string, string> };
}) {
  const anchor = useRef<HTMLSpanElement>(null);
  useFocusFirstError(anchor, form.fieldFailures, form.errors);
  return <span ref={anchor} hidden />;
}
