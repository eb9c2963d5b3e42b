import { Intent, ProgressBar, type ToastProps } from '@blueprintjs/core';
import { getToaster } from '../toaster';

/** Long enough for the toaster to render the previous update of a toast. */
const RENDER_MS = 50;

/**
 * The sticky toast of an export job: live progress, then a "Download" action when the file is ready, or the error.
 * Toasts render outside the app's IntlProvider, so every text arrives already translated.
 */
export function exportJobToast(key: string) {
  let dismissed = false;
  // The toaster adds a toast whose key it has not rendered yet, so updates in quick succession (a quick job's
  // events arrive together) would stack copies: show one update at a time, each after the last one rendered, and
  // skip to the newest when several are waiting.
  let latest: ToastProps | null = null;
  let showing = false;
  const show = (props: ToastProps) => {
    latest = props;
    if (showing) return;
    showing = true;
    void (async () => {
      const toaster = await getToaster();
      while (latest) {
        const next: ToastProps = latest;
        latest = null;
        toaster.show(next, key);
        await new Promise((r) => setTimeout(r, RENDER_MS));
      }
      showing = false;
    })();
  };
  const onDismiss = () => {
    dismissed = true;
  };

  return {
    /** `label` says what is happening, e.g. "Exporting… 40%". Once closed by the user it stays closed. */
    progress(label: string, percent: number): void {
      if (dismissed) return;
      show({
        intent: Intent.PRIMARY,
        icon: 'export',
        timeout: 0,
        onDismiss,
        message: (
          <span className="depot-export-toast" data-testid="export-progress" data-percent={percent}>
            <span>{label}</span>
            <ProgressBar value={percent / 100} intent={Intent.PRIMARY} stripes={percent < 100} />
          </span>
        ),
      });
    },
    /** The file is ready: the toast stays until the user downloads it or closes it. */
    ready(label: string, downloadLabel: string, download: () => void): void {
      dismissed = false;
      show({
        intent: Intent.SUCCESS,
        icon: 'tick-circle',
        timeout: 0,
        message: <span data-testid="export-ready">{label}</span>,
        action: { text: downloadLabel, icon: 'download', onClick: download },
      });
    },
    /** A job without a file ended well (e.g. parcel generation): its summary, closing by itself. */
    done(label: string): void {
      show({
        intent: Intent.SUCCESS,
        icon: 'tick-circle',
        timeout: 8000,
        message: <span data-testid="export-done">{label}</span>,
      });
    },
    failed(label: string): void {
      show({
        intent: Intent.DANGER,
        icon: 'error',
        timeout: 8000,
        message: <span data-testid="export-failed">{label}</span>,
      });
    },
  };
}
