import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | undefined;

/** The app's one toaster (top right), created on first use. */
export function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP_RIGHT, maxToasts: 5 });
  return toaster;
}

export type ToastKind = 'success' | 'error' | 'info';
const INTENTS: Record<ToastKind, Intent> = {
  success: Intent.SUCCESS,
  error: Intent.DANGER,
  info: Intent.PRIMARY,
};
/** Auto-closing toasts last 5 s (errors 8 s); sticky ones stay until closed (SPEC §8). */
const TIMEOUTS: Record<ToastKind, number> = { success: 5000, error: 8000, info: 5000 };

export async function showToast(
  kind: ToastKind,
  message: string,
  opts: { sticky?: boolean } = {},
): Promise<void> {
  const t = await getToaster();
  t.show({
    message,
    intent: INTENTS[kind],
    icon: kind === 'success' ? 'tick-circle' : kind === 'error' ? 'error' : 'info-sign',
    timeout: opts.sticky ? 0 : TIMEOUTS[kind],
  });
}
