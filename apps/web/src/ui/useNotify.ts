import { useMemo } from 'react';
import { describeError, type ErrorText } from '../api/errors';
import { showToast } from './toaster';
import { useText } from './useText';

/** Toasts in the current language: success, error, info and warning; `sticky` keeps one open until closed. */
export function useNotify() {
  const text = useText();
  return useMemo(
    () => ({
      success: (t: ErrorText | string, opts?: { sticky?: boolean }) =>
        void showToast('success', text(t), opts),
      info: (t: ErrorText | string, opts?: { sticky?: boolean }) => void showToast('info', text(t), opts),
      /** Something went through, but the person should know more (e.g. a VAT ID saved unchecked). */
      warning: (t: ErrorText | string, opts?: { sticky?: boolean }) =>
        void showToast('warning', text(t), opts),
      error: (t: ErrorText | string, opts?: { sticky?: boolean }) => void showToast('error', text(t), opts),
      /** SPEC §8's error handler: server message, else per-status text, else "Unhandled error...". */
      failure: (err: unknown) => void showToast('error', text(describeError(err))),
    }),
    [text],
  );
}
