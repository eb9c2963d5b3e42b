import { Classes } from '@blueprintjs/core';

/** A field in error as the form shows it: its group, the control to focus and its label (in the user's words). */
export interface FieldInError {
  group: HTMLElement;
  control: HTMLElement | null;
  label: string;
}

const FOCUSABLE = [
  'input:not([type="hidden"]):not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'button:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The fields of a form that show an error, top to bottom as they stand in the form: every form group whose intent
 * is "danger" (useZodForm's `intent(field)`), in document order.
 */
export function fieldsInError(root: ParentNode): FieldInError[] {
  const groups = root.querySelectorAll<HTMLElement>(`.${Classes.FORM_GROUP}.${Classes.INTENT_DANGER}`);
  return Array.from(groups, (group) => ({
    group,
    control: group.querySelector<HTMLElement>(FOCUSABLE),
    label: (group.querySelector('label')?.textContent ?? '').trim(),
  }));
}
