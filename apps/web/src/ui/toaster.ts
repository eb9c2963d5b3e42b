import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | undefined;

/**
 * The app's one toaster, created on first use: at the bottom in the middle (decision 0143), clear of the top bar's
 * tools, of the page header's actions (export, create, the dots menu) and of a form's buttons, each of which a toast
 * at the top right, the top middle or the bottom right covered for its 5-8 s.
 */
export function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.createAsync({
    position: Position.BOTTOM,
    maxToasts: 5,
  });
  return toaster;
}

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
const INTENTS: Record<ToastKind, Intent> = {
  success: Intent.SUCCESS,
  error: Intent.DANGER,
  info: Intent.PRIMARY,
  warning: Intent.WARNING,
};
const ICONS = { success: 'tick-circle', error: 'error', info: 'info-sign', warning: 'warning-sign' } as const;
/** Auto-closing toasts last 5 s (errors and warnings 8 s); sticky ones stay until closed (SPEC §8). */
const TIMEOUTS: Record<ToastKind, number> = { success: 5000, error: 8000, info: 5000, warning: 8000 };

export async function showToast(
  kind: ToastKind,
  message: string,
  opts: { sticky?: boolean } = {},
): Promise<void> {
  const t = await getToaster();
  t.show({
    message,
    intent: INTENTS[kind],
    icon: ICONS[kind],
    timeout: opts.sticky ? 0 : TIMEOUTS[kind],
  });
}
